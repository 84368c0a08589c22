"""The Battle of Banners rows: an item card of the `Items` sheet, a row of the `Pieces`
sheet, and the columns of both. The `Board` sheet is a grid, read by `board.py`.

Each model checks one row; the workbook's rules (the deck against the book, colours per
side, the board) live in `deck.py` and `board.py`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict

from toolkit.core.rows import OptionalText, choices_of, pick
from toolkit.core.sheets import Column, clean_text, suggest, whole_number
from toolkit.games.banners.book import (
    COLOR_MEANINGS,
    COLORS,
    EFFECT_NAMES,
    EFFECTS,
    ITEM_COLORS,
    SCOUT_COLORS,
    effect_named,
)

NAME = Column("Name", ("Item", "Card", "Card Name", "Item Name"), required=True,
              help="The card's name as printed. Any name; two rows may not share one.")
ITEM_COLOR = Column("Color", ("Colour",), required=True,
                    help="Green (movement), Red (combat), Blue (good for the user) or "
                         "Purple (bad for the opponent), as rule T4 sets the meanings.")
EFFECT = Column("Effect", ("Item Effect", "Kind", "Type"),
                help="Which of the book's 16 items this card is (e.g. Horse, The Reaper). "
                     "Blank: the Name must be one of them.")
TEXT = Column("Text", ("Description", "Card Text", "Rules Text"),
              help="Optional text printed on the card; blank prints the book's text of "
                   "its effect.")
ART = Column("Art", ("Image", "Picture", "Art File"),
             help="Optional picture for the card, a path relative to this workbook's folder "
                  "(e.g. art/horse.png). Blank: no picture.")
ITEM_COLUMNS: tuple[Column, ...] = (NAME, ITEM_COLOR, EFFECT, TEXT, ART)
"""Columns read from the Items sheet (Qty is added by `read_table`)."""

SIDE = Column("Side", ("Team",), required=True,
              help="1 or 2. Side 1 starts on the board's bottom edge (the last row of the "
                   "Board sheet), side 2 on its top edge (row 1).")
PIECE_COLOR = Column("Color", ("Colour",), required=True,
                     help="Blue, Green, Red or Yellow. One side is blue and green, the "
                          "other red and yellow; green and yellow are scouts in 1v1.")
COUNT = Column("Count", ("Qty", "Quantity", "Copies", "Pieces"),
               help="How many pieces of this colour (a whole number, 1 or more).")
PIECE_COLUMNS: tuple[Column, ...] = (SIDE, PIECE_COLOR)
"""Columns read from the Pieces sheet (Count is read as the Qty column)."""
PIECE_SHEET_COLUMNS: tuple[Column, ...] = (SIDE, PIECE_COLOR, COUNT)


def _read_name(value: Any) -> str:
    text = "" if value is None else clean_text(value)
    if not text:
        raise ValueError("is required: every card needs a name")
    return text


def _read_effect(value: Any) -> str:
    if value is None or not clean_text(value):
        return ""
    effect = effect_named(value)
    if effect is None:
        raise ValueError(f"must name one of the book's 16 items, got '{clean_text(value)}'"
                         f"{suggest(clean_text(value), EFFECT_NAMES)}")
    return effect.name


def _read_side(value: Any) -> int:
    try:
        side = whole_number(value)
    except ValueError:
        side = 0
    if side not in (1, 2):
        shown = "an empty cell" if value is None else f"'{value}'"
        raise ValueError(f"must be 1 or 2, got {shown}")
    return side


class Item(BaseModel):
    """One kind of item card: name, colour, the book effect it has, optional text."""

    model_config = ConfigDict(frozen=True)

    name: Annotated[str, BeforeValidator(_read_name)]
    color: Annotated[str, BeforeValidator(pick(choices_of(*ITEM_COLORS)))]
    effect: Annotated[str, BeforeValidator(_read_effect)] = ""
    text: OptionalText = ""
    art: OptionalText = ""
    art_path: Path | None = None
    """The Art cell resolved inside the workbook's folder (None: no usable art)."""

    def resolved(self) -> Item | None:
        """The item with its effect filled in from its name when the Effect cell is blank
        (None when the name is not one of the book's items either)."""
        if self.effect:
            return self
        effect = effect_named(self.name)
        return self.model_copy(update={"effect": effect.name}) if effect else None

    def fields(self) -> dict[str, Any]:
        """The card's fields for printing: Name, Color, Meaning, Effect, Timing, Text."""
        effect = EFFECTS[self.effect]
        note = "" if self.name.casefold() == self.effect.casefold() else self.effect
        return {"Kind": "item", "Name": self.name, "Color": self.color,
                "Meaning": COLOR_MEANINGS[self.color].upper(), "Effect": self.effect,
                "EffectNote": note, "Timing": f"Play {effect.timing}",
                "Text": self.text or effect.text,
                "Art": str(self.art_path) if self.art_path is not None else None}


class PieceRow(BaseModel):
    """One row of the Pieces sheet: a side and a colour (Count is the row's Qty)."""

    model_config = ConfigDict(frozen=True)

    side: Annotated[int, BeforeValidator(_read_side)]
    color: Annotated[str, BeforeValidator(pick(choices_of(*COLORS)))]


class Token(BaseModel):
    """A round token to print: a piece of a colour, or a side's flag marker."""

    model_config = ConfigDict(frozen=True)

    side: int
    color: str
    flag: bool = False

    @property
    def name(self) -> str:
        """What the token shows: a piece of a colour, or a side's flag."""
        return f"Side {self.side} flag" if self.flag else f"{self.color} piece"

    def fields(self) -> dict[str, Any]:
        """The token's fields for printing."""
        if self.flag:
            return {"Kind": "flag", "Name": f"Side {self.side} flag", "Color": self.color,
                    "Side": f"SIDE {self.side}", "Role": "FLAG",
                    "Note": "on its carrier, or where it fell"}
        # M3: "In 1v1 play, green pieces and yellow pieces are scouts"; D1: "There are no
        # scouts in 2v2 matches." One token serves both, so it says where it is a scout.
        scout = self.color in SCOUT_COLORS
        return {"Kind": "piece", "Name": f"{self.color} piece", "Color": self.color,
                "Side": f"SIDE {self.side}", "Role": "1V1 SCOUT" if scout else "SOLDIER",
                "Note": "scout in 1v1 only: +2 move; no attack bonus" if scout
                else "+1 when attacking"}
