"""High Card's decks: reading, checking and loading a deck sheet, and the starter workbook.

A deck is a sheet (or a .csv file) with the columns Name, Rank (a whole number from 1 to
99) and Qty. Every sheet of a workbook is a deck: the game has no catalog.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.core.registry import ValidateRequest
from toolkit.core.report import DeckResult, Report, ValidationResult
from toolkit.core.sheets import QTY, Column, expand, open_workbook, read_table, whole_number
from toolkit.core.workbook import SheetSpec, write_workbook

GAME_ID = "highcard"
COLUMNS = (Column("Name", required=True, help="The card's name, printed at the top."),
           Column("Rank", required=True, help="A whole number from 1 to 99: higher wins."))
MIN_CARDS = 16
"""The fewest cards a deck may hold: two hands of 3 and 5 tricks' draws, with room."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its name and rank."""

    name: str
    rank: int

    def fields(self) -> dict[str, Any]:
        """The card's columns, as its layout's boxes name them."""
        return {"Name": self.name, "Rank": self.rank}


@dataclass(frozen=True, slots=True)
class Deck:
    """A loaded deck: its name (the sheet's) and its cards, one per copy."""

    name: str
    cards: tuple[Card, ...]


def _read(request: ValidateRequest) -> tuple[ValidationResult, list[Deck]]:
    """Check every deck sheet of the file (or the one asked for) and load the sound ones."""
    book = open_workbook(request.file)
    sheets = [s for s in book.sheets if request.sheet is None
              or s.name.casefold() == request.sheet.strip().casefold()]
    results, decks = [], []
    for sheet in sheets:
        report = Report()
        table = read_table(sheet, COLUMNS, report, qty=True)
        cards: list[Card] = []
        for row in expand(table.rows):
            name = str(row.get("name") or "").strip()
            try:
                rank = whole_number(row.get("rank"))
            except ValueError:
                report.error(f"{GAME_ID}.rank", "the rank must be a whole number from 1 "
                             "to 99", row.loc("rank"))
                continue
            if not 1 <= rank <= 99:
                report.error(f"{GAME_ID}.rank", f"the rank {rank} is not from 1 to 99",
                             row.loc("rank"))
                continue
            cards.append(Card(name, rank))
        if report.valid and len(cards) < MIN_CARDS:
            report.error(f"{GAME_ID}.size", f"the deck holds {len(cards)} cards; High Card "
                         f"needs at least {MIN_CARDS}", sheet.location)
        results.append(DeckResult(sheet.name, None, report))
        if report.valid:
            decks.append(Deck(sheet.name, tuple(cards)))
    return ValidationResult(GAME_ID, book.display, results), decks


def validate(request: ValidateRequest) -> ValidationResult:
    """`pnp validate highcard FILE`: every deck's problems, each at its cell."""
    return _read(request)[0]


def load_decks(request: ValidateRequest) -> tuple[ValidationResult, list[Deck]]:
    """The validation result and the decks that passed, for print and play."""
    return _read(request)


def catalog_cards(catalog: Path | None) -> list[Card]:
    """Every distinct card of the bundled decks (High Card has no catalog)."""
    from pnp_highcard import GAME  # noqa: PLC0415 - the record names the bundled decks

    cards = {card for path in GAME.bundled_paths()
             for deck in _read(ValidateRequest(path))[1] for card in deck.cards}
    return sorted(cards, key=lambda c: (-c.rank, c.name))


def write_template(path: Path) -> None:
    """`pnp template highcard`: one deck sheet of 16 cards to edit."""
    rows = [(name, rank, 4) for name, rank in (("Ace", 14), ("King", 13), ("Queen", 12),
                                                 ("Jack", 11))]
    write_workbook(path, [SheetSpec("Deck", (*COLUMNS, QTY), rows, widths={"Name": 20.0})])
