"""Valiant Wars rows: one card of the pool (`Cards` sheet), read as a person would.

The model reads each cell on its own (a kind, a type, whole numbers, an effect name from
the rulebook's Champion List, a penalty from the documented vocabulary, a role); what
depends on the card's kind (a Soldier's fixed sword, a Champion's required type, a
Location's VP) is checked in `deck.py`, located at the cell, and filled in by
`CardRow.settled`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

from toolkit.core.sheets import Column, clean_text, suggest, whole_number
from toolkit.games.valiantwars.vocab import (
    CHAMPION,
    EFFECT_CODES,
    EFFECT_TEXT,
    EFFECTS,
    KIND_ALIASES,
    KINDS,
    LOCATION,
    P_NONE,
    PENALTY_FORMS,
    ROLE_ALIASES,
    ROLES,
    TYPE_ALIASES,
    TYPES,
    WHEN_PLAYED,
    effect_name,
    parse_penalty,
    penalty_sentence,
    penalty_text,
)


def _one_of(canonical: tuple[str, ...], aliases: dict[str, str], what: str):
    table = {c.casefold(): c for c in canonical}
    table.update(aliases)

    def read(value: Any) -> str | None:
        if value is None:
            return None
        text = clean_text(value)
        if text.casefold() in table:
            return table[text.casefold()]
        raise ValueError(f"must be {what}: one of {', '.join(canonical)}, got '{text}'"
                         f"{suggest(text, canonical)}")

    return read


def _required(reader):
    def read(value: Any) -> str:
        result = reader(value)
        if result is None:
            raise ValueError("is required")
        return result

    return read


def _name(value: Any) -> str:
    text = "" if value is None else clean_text(value)
    if not text:
        raise ValueError("is required: every card needs a name")
    return text


def _number(value: Any) -> int | None:
    return None if value is None else whole_number(value)


def _not_negative(value: int | None) -> int | None:
    if value is not None and value < 0:
        raise ValueError(f"must be 0 or more, got {value}")
    return value


def _effect(value: Any) -> str | None:
    if value is None:
        return None
    text = clean_text(value)
    found = effect_name(text)
    if found is None:
        raise ValueError(f"must name one of the rulebook's 27 champions, got '{text}'"
                         f"{suggest(text, EFFECTS)}")
    return found


def _penalty(value: Any) -> tuple[int, int] | None:
    return None if value is None else parse_penalty(str(value))


def _text(value: Any) -> str:
    return "" if value is None else str(value).strip()


Count = Annotated[int | None, BeforeValidator(_number), AfterValidator(_not_negative)]
Kind = Annotated[str, BeforeValidator(_required(_one_of(KINDS, KIND_ALIASES, "a kind")))]
ChampionType = Annotated[str | None, BeforeValidator(_one_of(TYPES, TYPE_ALIASES, "a type"))]
Role = Annotated[str | None, BeforeValidator(_one_of(ROLES, ROLE_ALIASES, "a role"))]

NAME = Column("Name", ("Card", "Card Name", "Title"), required=True,
              help="The card's name. Rows of one name must describe the same card "
                   "(use Qty for copies).")
KIND = Column("Kind", ("Card Kind", "Deck", "Pile", "Category"), required=True,
              help="Champion, Gold, Soldier, Dark Omen or Location: the five decks of Setup.")
TYPE = Column("Type", ("Champion Type", "Class"),
              help="Champions only: Warrior (the book's Royal symbol), Mystic or Rogue. "
                   "Soldiers count as Warriors (blank or Warrior).")
COST = Column("Cost", ("Price", "Gold Cost"),
              help="Champions: the Gold paid to buy them (0 or more). Fixed by the rules "
                   "for Soldiers (0) and Gold (1): leave blank. Others are never bought.")
SWORDS = Column("Swords", ("Sword", "Strength"),
                help="Champions: base Swords (0 or more). A Soldier's is fixed at 1: leave blank.")
GOLD_COL = Column("Gold", ("Coins", "Gold Value"),
                  help="Gold the card provides when face-up in a line. Fixed at 1 for Gold "
                       "and Dark Omens: leave blank. Champions may carry their own (0 or "
                       "more) on top of an effect like Monk's.")
VP = Column("VP", ("Victory Points", "Points"),
            help="Locations only: the victory points its winner takes (0 or more).")
PENALTY = Column("Penalty", ("Location Penalty",),
                 help="Locations only: what happens when it comes out in its owner's line. "
                      f"One of: {', '.join(PENALTY_FORMS)} (N a whole number; blank is None).")
EFFECT = Column("Effect", ("Ability", "Champion Effect"),
                help="Champions only: the rulebook champion whose effect it has (Apprentice, "
                     "Assassin, Archer, ... Wurm Lord; 27 in all). Blank: no special effect.")
ROLE = Column("Role", ("Marker", "Location Role", "Special"),
              help="Locations only: Throne for the Valiant Throne (exactly one, dealt to "
                   "the bottom), Village for a Village (at least one; one is dealt on top). "
                   "Without this column, the names mark them: 'Valiant Throne', and a name "
                   "ending in 'Village'.")
TEXT = Column("Text", ("Card Text", "Rules Text", "Flavour", "Flavor"),
              help="Optional text printed on the card. Blank: the effect's or penalty's "
                   "own words.")
ART = Column("Art", ("Image", "Picture", "Art File"),
             help="Optional image file, relative to this workbook's folder.")

ROLE_TEXT = {
    "Throne": "The last Location. If no one has enough victory points to win, the player "
              "to take the Valiant Throne is declared the winner.",
    "Village": "A Village is dealt on top of the Location deck.",
}
"""What the Valiant Throne and a Village say on their face."""

TYPE_ICONS = {"Warrior": "Armor", "Mystic": "Magic", "Rogue": "Stealth"}
"""The glyph a card face shows for each champion type."""

CARD_COLUMNS: tuple[Column, ...] = (NAME, KIND, TYPE, COST, SWORDS, GOLD_COL, VP, PENALTY,
                                    EFFECT, ROLE, TEXT, ART)
"""The columns `read_table` reads from the pool sheet (Qty is added by `read_table`)."""


class CardRow(BaseModel):
    """One row of the pool: a card and what it says (blank cells are None).

    `penalty` is parsed to ``(code, N)`` (see `vocab.parse_penalty`); `effect` is the
    book's spelling of a champion name. `art_path` is the Art file resolved inside the
    workbook's folder, or None.
    """

    model_config = ConfigDict(frozen=True, populate_by_name=True, extra="ignore")

    name: Annotated[str, BeforeValidator(_name)]
    kind: Kind
    type: ChampionType = None
    cost: Count = None
    swords: Count = None
    gold: Count = None
    vp: Count = None
    penalty: Annotated[tuple[int, int] | None, BeforeValidator(_penalty)] = None
    effect: Annotated[str | None, BeforeValidator(_effect)] = None
    role: Role = None
    text: Annotated[str, BeforeValidator(_text)] = ""
    art: Annotated[str, BeforeValidator(_text)] = ""
    art_path: Path | None = Field(default=None, exclude=True)

    @property
    def kind_code(self) -> int:
        """The kind as `vocab` numbers it (SOLDIER .. CHAMPION)."""
        return KINDS.index(self.kind)

    def settled(self) -> CardRow:
        """The card with what the rules fix filled in: a Soldier's 1 Sword and Warrior
        type, Gold's cost and value, a Dark Omen's Gold, zeros for blank numbers."""
        fixed: dict[str, Any] = {"cost": self.cost or 0, "swords": self.swords or 0,
                                 "gold": self.gold or 0, "vp": self.vp or 0,
                                 "penalty": self.penalty or (P_NONE, 0)}
        if self.kind == "Soldier":
            fixed.update(swords=1, cost=0, type="Warrior")
        elif self.kind == "Gold":
            fixed.update(gold=1, cost=1)
        elif self.kind == "Dark Omen":
            fixed.update(gold=1)
        return self.model_copy(update=fixed)

    @property
    def when_played(self) -> bool:
        """True for a Champion whose effect is a "Draw effect"."""
        return self.effect is not None and EFFECT_CODES[self.effect] in WHEN_PLAYED

    def card_text(self) -> str:
        """The words printed on the card: `Text`, else the effect's or penalty's own."""
        if self.text:
            return self.text
        if self.kind_code == CHAMPION:
            return EFFECT_TEXT[self.effect] if self.effect else "No special effect."
        if self.kind_code == LOCATION:
            parts = [ROLE_TEXT[self.role]] if self.role else []
            if self.penalty and self.penalty[0] != P_NONE:
                code, amount = self.penalty
                sentence = penalty_sentence(code, amount)
                parts.append(f"Penalty: {sentence[0].upper()}{sentence[1:]}.")
            return " ".join(parts)
        return ""

    def fields(self) -> dict[str, Any]:
        """The card's fields keyed by spreadsheet header, for printing (Art absolute or None).

        Beside the columns: `WhenPlayed` ("WHEN PLAYED" or ""), `CardText` (see
        `card_text`) and `TypeIcon` (the glyph printed for the champion's type).
        `Penalty` is written the canonical way ("Draw 2"; "" for none).
        """
        code, amount = self.penalty or (P_NONE, 0)
        return {
            "Name": self.name, "Kind": self.kind, "Type": self.type or "",
            "Cost": "" if self.cost is None else self.cost,
            "Swords": "" if self.swords is None else self.swords,
            "Gold": "" if self.gold is None else self.gold,
            "VP": "" if self.vp is None else self.vp,
            "Penalty": penalty_text(code, amount) if code != P_NONE else "",
            "Effect": self.effect or "", "Role": self.role or "",
            "TypeIcon": TYPE_ICONS.get(self.type or "", ""),
            "WhenPlayed": "WHEN PLAYED" if self.when_played else "",
            "CardText": self.card_text(),
            "Art": str(self.art_path) if self.art_path is not None else None,
        }
