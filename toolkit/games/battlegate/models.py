"""Battle Gate rows: one card of a player's own deck, and the deck sheet's columns.

Battle Gate has no catalog: every deck sheet lists the player's own cards (`Name`,
`Class`, `Power`, `Qty`, `Description`, `Art`). The model checks one row; the deck rules
(cost, size, attack and defence) live in `deck.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, field_validator

from toolkit.core.rows import OptionalText, WholeNumber
from toolkit.core.sheets import LIST_SEPARATORS, QTY, Column, clean_text, suggest

Klass = Literal["Minion", "Soldier", "Assassin"]
"""A card's class, spelled as the rulebook spells it."""

CLASSES: tuple[Klass, ...] = ("Minion", "Soldier", "Assassin")

# "Minion: May defend but not attack." / "Soldier: May attack and defend." /
# "Assassin: May attack but not defend."
ATTACKERS: frozenset[str] = frozenset({"Soldier", "Assassin"})
DEFENDERS: frozenset[str] = frozenset({"Minion", "Soldier"})

# "A card cannot have a power that is greater than 6 or less than 1."
MIN_POWER = 1
MAX_POWER = 6

NAME = Column("Name", ("Card", "Card Name", "Character", "Character Name"), required=True,
              help="The card's name. Any name is fine, and cards may share names "
                   "(rulebook: Making a card › Name).")
CLASS = Column("Class", ("Card Class",), required=True,
               help="One class per card: Minion (defends, recovers cards), Soldier (attacks "
                    "and defends, draws cards) or Assassin (attacks, plays extra cards). "
                    "Classes cost no points.")
POWER = Column("Power", ("PWR", "Pow"), required=True,
               help="A whole number from 1 to 6. Each point of power costs one of the "
                    "deck's 100 character points.")
DESCRIPTION = Column("Description", ("Text", "Desc", "Character Description"),
                     help="Optional flavour text for the large box on the card's front.")
ART = Column("Art", ("Image", "Picture", "Art File"),
             help="Optional image file for the card, as a path relative to this workbook's "
                  "folder (e.g. art/gate-warden.png). Leave blank for no art.")

CARD_COLUMNS: tuple[Column, ...] = (NAME, CLASS, POWER, DESCRIPTION, ART)
"""The columns `read_table` reads from a deck sheet (Qty is added by `read_table`)."""

SHEET_COLUMNS: tuple[Column, ...] = (NAME, CLASS, POWER, QTY, DESCRIPTION, ART)
"""The columns in the order a template or bundled deck writes them."""


def _read_name(value: Any) -> str:
    text = "" if value is None else clean_text(value)
    if not text:
        raise ValueError("is required: every card needs a name")
    return text


def _read_class(value: Any) -> str:
    # "Choose one of the three classes below for your card." /
    # "All cards in your deck must have a (one) class."
    if value is None or not clean_text(value):
        raise ValueError("is required: one of Minion, Soldier or Assassin")
    text = clean_text(value)
    if any(sep in text for sep in LIST_SEPARATORS):
        raise ValueError(f"must be exactly one class (a card has one class), got '{text}'")
    for name in CLASSES:
        if text.casefold() == name.casefold():
            return name
    raise ValueError(f"must be Minion, Soldier or Assassin, got '{text}'"
                     f"{suggest(text, CLASSES)}")


class Card(BaseModel):
    """One Battle Gate card: name, class (`klass`, header `Class`), power, text and art.

    `art_path` is the Art file resolved inside the workbook's folder by the loader, or
    None when there is no art or it cannot be used.
    """

    model_config = ConfigDict(frozen=True, populate_by_name=True)

    name: Annotated[str, BeforeValidator(_read_name)]
    klass: Annotated[Klass, BeforeValidator(_read_class)] = Field(alias="class")
    power: WholeNumber
    description: OptionalText = ""
    art: OptionalText = ""
    art_path: Path | None = None

    @field_validator("power")
    @classmethod
    def _power_range(cls, value: int) -> int:
        # "A card cannot have a power that is greater than 6 or less than 1."
        if not MIN_POWER <= value <= MAX_POWER:
            raise ValueError(f"must be 1 to 6 (a card cannot have a power greater than 6 "
                             f"or less than 1), got {value}")
        return value

    @property
    def can_attack(self) -> bool:
        """True for Soldiers and Assassins ("May attack")."""
        return self.klass in ATTACKERS

    @property
    def can_defend(self) -> bool:
        """True for Minions and Soldiers ("May defend")."""
        return self.klass in DEFENDERS

    @property
    def cost(self) -> int:
        """Character points: "each point of power costs one character point"."""
        return self.power

    def fields(self) -> dict[str, Any]:
        """The card's fields keyed by spreadsheet header, for printing.

        `Art` is the absolute path of the art file inside the workbook's folder, or None.
        """
        return {"Name": self.name, "Class": self.klass, "Power": self.power,
                "Description": self.description,
                "Art": str(self.art_path) if self.art_path is not None else None}
