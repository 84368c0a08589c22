"""Warblitz catalog rows: one pydantic model per row kind (unit, event, relic).

Each model reads one row of its catalog sheet (`Units`, `Events`, `Relics`) as a person
would read it: numbers typed as text, words in any case, a few spellings the rulebook
itself uses (`Range` for RNG, `Elite` for an Epic event or relic). Checks that span
rows (unique names) or need the workbook's folder (Art) live in `deck.py`.

The rulebook's cards, for reference ("Component Overview"):

    Unit card:  Name; Unit (Common/Elite/Commander), Cost; HP, STR, MEL/RNG; Ability
    Event & relic card: Name; Unit (Common/Elite), Cost; Phase; Ability

Beside the printed `Ability`, each row may carry an `Effect` in the vocabulary of
`effects.py` (what the engine plays), and the optional `Starts` sheet gives commanders
their starting layouts (`Start`, read against `board.py`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Annotated, Any, ClassVar

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationInfo,
    field_validator,
)

from toolkit.core.sheets import Column, clean_text, suggest, whole_number
from toolkit.games.warblitz.board import (
    DEFAULT_START,
    HOME_RANKS,
    StartLayout,
    layout_cells,
    layout_legend,
    parse_space,
    read_slot,
)
from toolkit.games.warblitz.effects import NO_EFFECT, Effect, EffectError, parse_effect

RANKS = ("Common", "Elite", "Commander")
CLASSES = ("Melee", "Ranged", "Special")
ATTACKS = ("MEL", "RNG")
TIERS = ("Common", "Epic")
YES_NO = ("yes", "no")
PHASES = ("Beginning", "Deploy", "Move & Attack")
"""The phases an event or relic names (the turn's phases: Beginning, 2a Deployment,
2b Move & Attack); a blank Phase means any phase of the owner's turn."""
_PHASE_WORDS = {"beginning": 0, "begin": 0, "start": 0, "deploy": 1, "deployment": 1,
                "moveattack": 2, "moveandattack": 2, "move": 2, "attack": 2}


def phase_code(text: str) -> int | None:
    """A Phase cell → 0 Beginning, 1 Deploy, 2 Move & Attack; None for blank or any;
    -1 for text the engine cannot read (the card is then played in any phase)."""
    key = "".join(ch for ch in text.casefold() if ch.isalpha())
    if key in ("", "any", "anytime", "anyphase"):
        return None
    return _PHASE_WORDS.get(key, -1)

# A Melee unit attacks MEL and a Ranged unit RNG ("Attacking": "Melee units (MEL) can
# target any adjacent card. Ranged units (RNG) can target any card up to 3 clear straight
# spaces away"). A Special unit may attack either way (decision, see docs/warblitz.md).
CLASS_ATTACK = {"Melee": ("MEL",), "Ranged": ("RNG",), "Special": ("MEL", "RNG")}


# ---------------------------------------------------------------- cell readers

def one_of(canonical: tuple[str, ...], aliases: Mapping[str, str] | None = None,
           ) -> Callable[[Any], str]:
    """A validator reading one of `canonical` case-insensitively, plus spelled-out aliases.

    Messages follow the cell's header (the loader prefixes it): `must be one of Melee,
    Ranged, Special, got 'Mele' (did you mean 'Melee'?)`.
    """
    table = {c.casefold(): c for c in canonical}
    table.update({k.casefold(): v for k, v in (aliases or {}).items()})

    def read(value: Any) -> str:
        if value is None:
            raise ValueError(f"is required; one of {', '.join(canonical)}")
        text = clean_text(value)
        if text.casefold() in table:
            return table[text.casefold()]
        raise ValueError(f"must be one of {', '.join(canonical)}, got '{text}'"
                         f"{suggest(text, canonical)}")

    return read


def _optional(reader: Callable[[Any], str]) -> Callable[[Any], str | None]:
    def read(value: Any) -> str | None:
        return None if value is None else reader(value)

    return read


def _required_text(value: Any) -> str:
    if value is None:
        raise ValueError("is required")
    return clean_text(value)


def _optional_text(value: Any) -> str:
    return "" if value is None else clean_text(value)


def _required_number(value: Any) -> int:
    if value is None:
        raise ValueError("is required (a whole number)")
    return whole_number(value)


TRUTHY = {"yes", "y", "true", "1"}
FALSY = {"no", "n", "false", "0", ""}


def yes_no(value: Any) -> bool:
    """`Active` read like a person: yes/no, y/n, true/false, 1/0 in any case; blank is no."""
    if value is None or isinstance(value, bool):
        return bool(value)
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    text = clean_text(value).casefold()
    if text in TRUTHY:
        return True
    if text in FALSY:
        return False
    raise ValueError(f"must be yes or no, got '{clean_text(value)}'")


MAX_STAT = 99
"""The largest cost, HP or STR a card may print (two digits, as a card has room for):
STR is dice rolled and HP damage dealt, work the engine does, so more is refused at its
cell."""


def at_least(low: int, high: int = MAX_STAT) -> Callable[[int], int]:
    """An after-validator: the number must be `low` or more (`must be 1 or more, got 0`)
    and at most `high` (`MAX_STAT`)."""

    def check(value: int) -> int:
        if value < low:
            raise ValueError(f"must be {low} or more, got {value}")
        if value > high:
            raise ValueError(f"must be {high} or less, got {value:,}")
        return value

    return check


RequiredText = Annotated[str, BeforeValidator(_required_text)]
Text = Annotated[str, BeforeValidator(_optional_text)]
Cost = Annotated[int, BeforeValidator(_required_number), AfterValidator(at_least(0))]
Positive = Annotated[int, BeforeValidator(_required_number), AfterValidator(at_least(1))]
Rank = Annotated[str, BeforeValidator(one_of(RANKS))]
UnitClass = Annotated[str | None, BeforeValidator(_optional(one_of(
    CLASSES, {"mel": "Melee", "range": "Ranged", "rng": "Ranged", "spc": "Special"})))]
Attack = Annotated[str, BeforeValidator(one_of(
    ATTACKS, {"melee": "MEL", "range": "RNG", "ranged": "RNG"}))]
# The rulebook's event & relic card names its tier "Common/Elite" while "Warband
# Construction" says Common/Epic: both words are read, Epic is what we write.
Tier = Annotated[str, BeforeValidator(one_of(TIERS, {"elite": "Epic"}))]
YesNo = Annotated[bool, BeforeValidator(yes_no)]


# ---------------------------------------------------------------- columns

NAME = Column("Name", ("Card", "Card Name", "Title"), required=True,
              help="The card's name, unique across Units, Events and Relics "
                   "(warbands name cards by it).")
FACTION = Column("Faction", ("Deck", "Faction Deck"),
                 help="The faction deck the card belongs to (free text, e.g. Ashen Court); "
                      "blank for a neutral card.")
COST = Column("Cost", ("Token Cost", "Tokens"), required=True,
              help="Tokens paid to deploy or play the card: a whole number, 0 or more.")
PHASE = Column("Phase", ("When", "Timing"),
               help="When the card may be played (free text, e.g. Beginning, "
                    "Deploy, Move & Attack).")
ABILITY = Column("Ability", ("Abilities", "Text", "Rules Text"),
                 help="The card's rules text, as printed (free text).")
EFFECT = Column("Effect", ("Effects", "Script"),
                help="What the engine plays, in the effect vocabulary (docs/warblitz.md), "
                     "e.g. 'Taunt' or 'Special: damage 1 target'. Clauses are separated by "
                     "'.', ';' or new lines.")
ART = Column("Art", ("Image", "Picture"),
             help="Optional image file, relative to this workbook's folder "
                  "(e.g. art/ember-knight.png).")

UNIT_COLUMNS = (
    NAME, FACTION,
    Column("Rank", ("Unit", "Unit Rank"), required=True,
           help="Common, Elite or Commander."),
    Column("Class", ("Unit Class", "Role"), required=True,
           help="Melee, Ranged or Special (the warband's class slots). A Commander may "
                "leave it blank: the Commander has a slot of its own."),
    COST,
    Column("HP", ("Health", "Health Points", "Life"), required=True,
           help="Health points: a whole number, 1 or more."),
    Column("STR", ("Strength", "Attack Dice"), required=True,
           help="Strength, the number of attack dice: a whole number, 1 or more."),
    Column("Attack", ("Attack Type", "Atk"), required=True,
           help="MEL (targets an adjacent card) or RNG (up to 3 clear straight spaces). "
                "Melee units attack MEL, Ranged units RNG, Special units either."),
    ABILITY, EFFECT, ART,
)

EVENT_COLUMNS = (
    NAME, FACTION,
    Column("Tier", ("Rarity", "Level"), required=True,
           help="Common or Epic (Elite is read as Epic)."),
    COST, PHASE, ABILITY,
    Column("Active", ("Is Active", "Active Event"),
           help="yes if the event has the ACTIVE keyword (stays in your active area "
                "until the start of your next turn); blank means no."),
    EFFECT, ART,
)

RELIC_COLUMNS = (
    NAME, FACTION,
    Column("Tier", ("Rarity", "Level"), required=True,
           help="Common or Epic (Elite is read as Epic)."),
    COST, PHASE, ABILITY, EFFECT, ART,
)

START_COLUMNS = (
    Column("Commander", ("Commander Name",), required=True,
           help="A Commander of the Units sheet: this row is the layout shown on the back "
                "of its card."),
    Column("Commander Space", ("Space", "Commander At"),
           help="Where the commander starts, as its owner names spaces: a column letter "
                "A-E from their left and a rank 1-3 from their own edge (blank: C1)."),
    Column("Unit 1", ("Starting Unit 1",), required=True,
           help="The first starting unit: a unit of the catalog, or a slot of the warband "
                "such as 'Common Melee' or 'Elite Ranged'."),
    Column("Space 1", ("Unit 1 Space",), required=True, help="Where unit 1 starts, e.g. B2."),
    Column("Unit 2", ("Starting Unit 2",), required=True,
           help="The second starting unit (a unit name or a slot)."),
    Column("Space 2", ("Unit 2 Space",), required=True, help="Where unit 2 starts, e.g. D2."),
    Column("Terrain", ("Terrain Spaces",), multi=True,
           help="Spaces holding terrain, separated by commas (e.g. 'A3, E3'); blank for none."),
)

WARBAND_COLUMNS = (
    Column("Card", ("Name", "Card Name", "Cards"), required=True,
           help="A card of the catalog: a unit, an event or a relic, by name."),
)


# ---------------------------------------------------------------- models

class CatalogCard(BaseModel):
    """What every catalog row has: a name, a faction, a cost, rules text and art."""

    model_config = ConfigDict(populate_by_name=True, extra="ignore", frozen=True)

    kind: ClassVar[str] = "card"
    sheet: ClassVar[str] = ""
    columns: ClassVar[tuple[Column, ...]] = ()

    name: RequiredText
    faction: Text = ""
    cost: Cost
    ability: Text = ""
    art: Text = ""
    art_file: Path | None = Field(default=None, exclude=True)
    """The Art file, absolute, checked to lie inside the workbook's folder; None if none."""

    def fields(self) -> dict[str, Any]:
        """The card's fields keyed by spreadsheet header, for printing (Art absolute or None)."""
        raise NotImplementedError

    @field_validator("effect", mode="before", check_fields=False)
    @classmethod
    def _read_effect(cls, value: Any, info: ValidationInfo) -> Effect:
        # The vocabulary checks what a card of this kind may say (docs/warblitz.md).
        if isinstance(value, Effect):
            return value
        try:
            return parse_effect(None if value is None else str(value), cls.kind,
                                bool(info.data.get("active", False)))
        except EffectError as exc:
            raise ValueError(str(exc)) from None


class Unit(CatalogCard):
    """One row of `Units`: a Commander, Elite or Common unit."""

    kind: ClassVar[str] = "unit"
    sheet: ClassVar[str] = "Units"
    columns: ClassVar[tuple[Column, ...]] = UNIT_COLUMNS

    rank: Rank
    unit_class: UnitClass = Field(default=None, alias="class")
    hp: Positive
    strength: Positive = Field(alias="str")
    attack: Attack
    effect: Any = Field(default=NO_EFFECT)
    """The parsed `Effect` (NO_EFFECT when the cell is blank or the column absent)."""
    start: StartLayout | None = Field(default=None, exclude=True)
    """A Commander's starting layout from the `Starts` sheet (None: `DEFAULT_START`)."""

    @field_validator("unit_class")
    @classmethod
    def _class_needed(cls, value: str | None, info: ValidationInfo) -> str | None:
        # "3 Elite unit (1x MEL, 1x RNG, 1x Special)", "12 Common unit (4x MEL, 4x RNG,
        # 4x Special)": Common and Elite units fill a class slot; the Commander does not.
        if value is None and info.data.get("rank", "Commander") != "Commander":
            rank = info.data["rank"]
            article = "an" if rank[0] in "AEIOU" else "a"
            raise ValueError(f"is required for {article} {rank} unit; "
                             f"one of {', '.join(CLASSES)}")
        return value

    def fields(self) -> dict[str, Any]:
        """Name, Faction, Rank, Class, Cost, HP, STR, Attack, Ability, Art; a Commander
        also has its starting layout for its back: 'A1' ... 'E3' (CMD, U1, U2, TER or
        blank, as its owner names the spaces) and 'Start' (the legend)."""
        out = {"Name": self.name, "Faction": self.faction, "Rank": self.rank,
               "Class": self.unit_class or "", "Cost": self.cost, "HP": self.hp,
               "STR": self.strength, "Attack": self.attack, "Ability": self.ability,
               "Art": self.art_file}
        if self.rank == "Commander":
            start = self.start or DEFAULT_START
            out.update(layout_cells(start))
            out["Start"] = layout_legend(start)
        return out


class Event(CatalogCard):
    """One row of `Events`: a Common or Epic event, maybe ACTIVE."""

    kind: ClassVar[str] = "event"
    sheet: ClassVar[str] = "Events"
    columns: ClassVar[tuple[Column, ...]] = EVENT_COLUMNS

    tier: Tier
    phase: Text = ""
    active: YesNo = False
    effect: Any = Field(default=NO_EFFECT)

    def fields(self) -> dict[str, Any]:
        """Name, Kind (Event), Faction, Tier, Cost, Phase, Ability, Active (a bool), Art."""
        return {"Name": self.name, "Kind": "Event", "Faction": self.faction, "Tier": self.tier,
                "Cost": self.cost, "Phase": self.phase, "Ability": self.ability,
                "Active": self.active, "Art": self.art_file}


class Relic(CatalogCard):
    """One row of `Relics`: a Common or Epic relic."""

    kind: ClassVar[str] = "relic"
    sheet: ClassVar[str] = "Relics"
    columns: ClassVar[tuple[Column, ...]] = RELIC_COLUMNS

    tier: Tier
    phase: Text = ""
    effect: Any = Field(default=NO_EFFECT)

    def fields(self) -> dict[str, Any]:
        """Name, Kind (Relic), Faction, Tier, Cost, Phase, Ability, Art."""
        return {"Name": self.name, "Kind": "Relic", "Faction": self.faction, "Tier": self.tier,
                "Cost": self.cost, "Phase": self.phase, "Ability": self.ability,
                "Art": self.art_file}


Card = Unit | Event | Relic
MODELS: tuple[type[CatalogCard], ...] = (Unit, Event, Relic)


# ---------------------------------------------------------------- starting layouts

def _home_space(value: Any) -> tuple[int, int]:
    if value is None:
        raise ValueError("is required: a space such as B2")
    column, rank = parse_space(clean_text(value))
    if rank >= HOME_RANKS:
        raise ValueError(f"must be in the owner's last {HOME_RANKS} ranks (1-{HOME_RANKS}), "
                         f"got '{clean_text(value)}'")
    return column, rank


def _optional_home_space(value: Any) -> tuple[int, int]:
    return DEFAULT_START.commander if value is None else _home_space(value)


def _home_spaces(value: Any) -> tuple[tuple[int, int], ...]:
    items = value if isinstance(value, list) else ([] if value is None else [value])
    return tuple(_home_space(item) for item in items)


def _unit_ref(value: Any) -> str:
    if value is None:
        raise ValueError("is required: a unit name or a slot such as 'Common Melee'")
    text = clean_text(value)
    slot = read_slot(text)
    return f"{slot[0]} {slot[1]}" if slot else text


HomeSpace = Annotated[tuple[int, int], BeforeValidator(_home_space)]


class Start(BaseModel):
    """One row of `Starts`: the layout on the back of a commander's card.

    Setup: "Each player places their commander, 2 starting units, and terrain on the
    battlefield as shown on the back of their commander's card." Unit names are checked
    against the catalog and spaces for overlaps in `deck.py`.
    """

    model_config = ConfigDict(populate_by_name=True, extra="ignore", frozen=True)

    kind: ClassVar[str] = "start"
    sheet: ClassVar[str] = "Starts"
    columns: ClassVar[tuple[Column, ...]] = START_COLUMNS

    commander: RequiredText
    commander_space: Annotated[tuple[int, int], BeforeValidator(_optional_home_space)] = \
        DEFAULT_START.commander
    unit_1: Annotated[str, BeforeValidator(_unit_ref)]
    space_1: HomeSpace
    unit_2: Annotated[str, BeforeValidator(_unit_ref)]
    space_2: HomeSpace
    terrain: Annotated[tuple[tuple[int, int], ...], BeforeValidator(_home_spaces)] = ()

    def layout(self) -> StartLayout:
        """The plain layout."""
        return StartLayout(self.commander_space,
                           ((self.unit_1, self.space_1), (self.unit_2, self.space_2)),
                           self.terrain)
