"""WarBadge rows as pydantic models: a catalog badge, a type, a format, a team entry.

Each model checks one spreadsheet row (shape, ranges, the rulebook's fixed lists) and
carries its sheet's `Column` list. Checks that need the whole catalog (the type vocabulary,
duplicate names, art paths) live in `deck.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, field_validator

from toolkit.core.rows import OptionalText, WholeNumber, choices_of, pick
from toolkit.core.sheets import Column, clean_text, suggest

RANKS: tuple[str, ...] = ("Gold", "Silver", "Bronze")
"""Badge ranks. Setup: "1 Gold, 2 Silver and 3 Bronze"."""

VALUES: tuple[int, ...] = (1, 2, 3)
"""Properties: "Each WarBadge has a value of 1-3"."""

MAX_TYPES = 4
"""Properties: "Each WarBadge has between 1 and 4 Types"."""

DEFAULT_TYPES: tuple[str, ...] = (
    "Ranged", "Magic", "Stealth", "Flying", "Blade", "Holy", "Abomination", "Armor")
"""The rulebook's eight types (section Types), the vocabulary when no `Types` sheet exists."""

ABILITY_REMINDERS: dict[str, str] = {
    "Altruism": "Post-Battle: kill this badge to save another from dying; it returns ready.",
    "Charge": "Pre-Battle: reveal it as your next choice to double its value.",
    "Death Curse": "Pre-Battle: reveal and kill this badge to kill a badge of your choice.",
    "Enervate": "Post-Battle: reveal to exhaust X enemy badges (X = this value).",
    "Fast": "Always starts the round ready.",
    "Feed": "When an enemy dies, ready this badge.",
    "Heal": "Post-Battle: reveal to save a badge of value X or less (X = this value).",
    "Hide": "Post-Battle: leave play this round; return ready next round.",
    "Illusion": "Battle: reveal to swap a ready badge with the badge in battle.",
    "Inspire": "Post-Battle: on a win, ready X badges (X = the killed badge's value).",
    "Lead": "Pre-Battle: reveal to ready X badges (X = this value).",
    "Mount": "Battle: reveal to add this value to your rider's value.",
    "Poison": "Post-Battle: if the battle is a draw, the other badge loses.",
    "Protect": "Battle: reveal to remove all weaknesses from the badge in battle.",
    "Rage": "Post-Battle: on a win against an active opponent, flip back to ready.",
    "Regenerate": "Post-Battle: unless beaten by disadvantage, exhaust instead of dying.",
    "Resurrect": "Pre-Battle: reveal to return a badge of value X-1 exhausted.",
    "Revenge": "When an allied badge dies, ready this badge.",
    "Swarm": "Battle: worth the combined value of every visible Swarm badge.",
}
"""Short reminders of the rulebook's nineteen abilities (section Abilities), by name."""

ABILITIES: tuple[str, ...] = tuple(ABILITY_REMINDERS)
"""The rulebook's nineteen abilities, in its order."""

_ABILITY_KEYS = {a.casefold(): a for a in ABILITIES}


def _required_text(value: Any) -> str:
    if value is None or not clean_text(value):
        raise ValueError("is required")
    return clean_text(value)


RequiredText = Annotated[str, BeforeValidator(_required_text)]
"""Text that must not be empty, read with stray spaces trimmed."""


# ---------------------------------------------------------------- Badges (catalog)

BADGE_COLUMNS: tuple[Column, ...] = (
    Column("Name", ("Badge", "Badge Name"), required=True,
           help="The badge's name, unique in the catalog (teams name badges by it)."),
    Column("Rank", ("Tier",), required=True,
           help="Gold, Silver or Bronze. A standard team has 1 Gold, 2 Silver, 3 Bronze."),
    Column("Value", ("Points",), required=True,
           help="1, 2 or 3. A standard team's values add up to exactly 10."),
    Column("Types", ("Type",), required=True, multi=True,
           help="1 to 4 types separated by commas, e.g. 'Blade, Armor'. Types come from the "
                "Types sheet, or the rulebook's eight when there is none."),
    Column("Strengths", ("Strength", "Strong Against"), multi=True,
           help="Types this badge is strong against (type advantage), comma separated."),
    Column("Weaknesses", ("Weakness", "Weak Against"), multi=True,
           help="Types this badge is weak against, comma separated."),
    Column("Abilities", ("Ability",), multi=True,
           help="Abilities from the rulebook's list of nineteen (Altruism, Charge, Death "
                "Curse, Enervate, Fast, Feed, Heal, Hide, Illusion, Inspire, Lead, Mount, "
                "Poison, Protect, Rage, Regenerate, Resurrect, Revenge, Swarm)."),
    Column("Text", ("Rules", "Rules Text", "Description"),
           help="A short rules reminder printed on the badge."),
    Column("Art", ("Image", "Picture"),
           help="Image file for the badge, relative to this workbook's folder."),
)


class Badge(BaseModel):
    """One catalog badge (sheet `Badges`): rank, value and its four kinds of property."""

    model_config = ConfigDict(frozen=True)

    name: RequiredText
    rank: Annotated[str, BeforeValidator(pick(choices_of(*RANKS)))]
    """Setup: "1 Gold, 2 Silver and 3 Bronze" - the three ranks."""
    value: WholeNumber
    types: list[str]
    strengths: list[str] = []
    weaknesses: list[str] = []
    abilities: list[str] = []
    text: OptionalText = ""
    art: str | None = None
    art_path: Path | None = None
    """The art file resolved inside the workbook's folder (set by the loader), or None."""

    @field_validator("value")
    @classmethod
    def _value(cls, value: int) -> int:
        # Properties: "Each WarBadge has a value of 1-3".
        if value not in VALUES:
            raise ValueError(f"must be 1, 2 or 3, got {value}")
        return value

    @field_validator("types")
    @classmethod
    def _types(cls, value: list[str]) -> list[str]:
        # Properties: "Each WarBadge has between 1 and 4 Types".
        distinct = _distinct(value)
        if not distinct:
            raise ValueError("must list 1 to 4 types, got none")
        if len(distinct) > MAX_TYPES:
            raise ValueError(f"must list 1 to 4 types, got {len(distinct)} "
                             f"({', '.join(distinct)})")
        return distinct

    @field_validator("strengths", "weaknesses")
    @classmethod
    def _type_lists(cls, value: list[str]) -> list[str]:
        return _distinct(value)

    @field_validator("abilities")
    @classmethod
    def _abilities(cls, value: list[str]) -> list[str]:
        # Abilities: the rulebook lists nineteen abilities by name.
        known, unknown = [], []
        for name in _distinct(value):
            canonical = _ABILITY_KEYS.get(name.casefold())
            (known if canonical else unknown).append(canonical or name)
        if unknown:
            found = ", ".join(f"'{u}'{suggest(u, ABILITIES)}" for u in unknown)
            raise ValueError(f"must name abilities from the rulebook's list of nineteen, "
                             f"got {found}")
        return known

    @field_validator("art", mode="before")
    @classmethod
    def _art(cls, value: Any) -> str | None:
        return clean_text(value) if value is not None and clean_text(value) else None

    def fields(self) -> dict[str, Any]:
        """The badge as printing sees it: values keyed by spreadsheet header.

        Multi-valued properties are lists; `Art` is the absolute path of the image,
        resolved inside the workbook's folder, or None.
        """
        return {"Name": self.name, "Rank": self.rank, "Value": self.value,
                "Types": list(self.types), "Strengths": list(self.strengths),
                "Weaknesses": list(self.weaknesses), "Abilities": list(self.abilities),
                "Text": self.text, "Art": self.art_path}


def _distinct(items: list[str]) -> list[str]:
    """Items with case-insensitive repeats dropped, first spelling kept, in order."""
    seen: set[str] = set()
    out = []
    for item in items:
        key = item.casefold()
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


# ---------------------------------------------------------------- Types (catalog)

TYPE_COLUMNS: tuple[Column, ...] = (
    Column("Name", ("Type",), required=True,
           help="A type name. When this sheet exists, its types are the whole vocabulary "
                "(they replace the rulebook's eight)."),
    Column("Symbol", ("Icon",),
           help="Optional: a short mark (a letter or a glyph) printed in the type's circle."),
)


class TypeRow(BaseModel):
    """One type of the vocabulary (sheet `Types`)."""

    name: str
    symbol: OptionalText = ""

    @field_validator("name", mode="before")
    @classmethod
    def _name(cls, value: Any) -> str:
        text = _required_text(value)
        # Types are listed in multi-valued cells separated by ',' or ';'.
        if "," in text or ";" in text:
            raise ValueError(f"must not contain ',' or ';' (they separate types in a cell), "
                             f"got '{text}'")
        return text

    def fields(self) -> dict[str, Any]:
        """The type keyed by spreadsheet header."""
        return {"Name": self.name, "Symbol": self.symbol}


# ---------------------------------------------------------------- Formats (catalog)

MAX_TEAM_BADGES = 30
"""A custom format's most badges per team (the rulebook's formats hold 6 and 4): every
team of a sweep is counted and each turn weighs every badge against every other."""
MAX_ROUNDS = 50
"""A custom format's most rounds (the rulebook's play 3 and 2): a game's length."""

FORMAT_COLUMNS: tuple[Column, ...] = (
    Column("Name", ("Format",), required=True,
           help="The format's name, used with --format (not 'standard' or 'quick', "
                "which are built in)."),
    Column("Badges", ("Size", "Team Size"), required=True,
           help="How many badges a team holds (Gold + Silver + Bronze)."),
    Column("Gold", (), required=True, help="How many Gold badges (0 or more)."),
    Column("Silver", (), required=True, help="How many Silver badges (0 or more)."),
    Column("Bronze", (), required=True, help="How many Bronze badges (0 or more)."),
    Column("Total Value", ("Total", "Value"), required=True,
           help="The exact total value of a team (between Badges x 1 and Badges x 3)."),
    Column("Rounds", ("Round",), required=True,
           help="How many rounds a game lasts (1 or more)."),
)


class FormatRow(BaseModel):
    """One custom format (sheet `Formats`): team size, rank counts, total value, rounds."""

    name: RequiredText
    badges: WholeNumber
    gold: WholeNumber
    silver: WholeNumber
    bronze: WholeNumber
    total_value: WholeNumber
    rounds: WholeNumber

    @field_validator("badges")
    @classmethod
    def _badges(cls, value: int) -> int:
        if not 1 <= value <= MAX_TEAM_BADGES:
            raise ValueError(f"must be from 1 to {MAX_TEAM_BADGES}, got {value}")
        return value

    @field_validator("gold", "silver", "bronze", "total_value")
    @classmethod
    def _count(cls, value: int) -> int:
        if not 0 <= value <= 3 * MAX_TEAM_BADGES:  # a rank's count, or a total value
            raise ValueError(f"must be from 0 to {3 * MAX_TEAM_BADGES}, got {value}")
        return value

    @field_validator("rounds")
    @classmethod
    def _rounds(cls, value: int) -> int:
        if not 1 <= value <= MAX_ROUNDS:
            raise ValueError(f"must be from 1 to {MAX_ROUNDS}, got {value}")
        return value


# ---------------------------------------------------------------- team sheets

TEAM_COLUMNS: tuple[Column, ...] = (
    Column("Badge", ("Name", "Badge Name", "Badges"), required=True,
           help="A badge of the catalog, by name (case does not matter). Use Qty or repeat "
                "the row for copies."),
)


class TeamEntry(BaseModel):
    """One row of a team sheet: the badge it names (Qty is handled by the sheet reader)."""

    badge: RequiredText
