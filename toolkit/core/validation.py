"""The validation flow every game shares: open the file, load the catalog, check each deck.

A game supplies two functions: `load_catalog(workbook or None, report)` and
`check_deck(sheet, catalog, report, format) -> format name`. This module decides which
workbook holds the catalog, which sheets are decks, and assembles the result.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import DeckResult, Location, Report, ValidationResult
from toolkit.core.sheets import RawSheet, Workbook, open_workbook, suggest

C = TypeVar("C")


@dataclass(frozen=True)
class Validator(Generic[C]):
    """A game's validation: its catalog sheets, default catalog, and the two checks."""

    game: str
    catalog_sheets: tuple[str, ...]
    default_catalog: Path | None
    load_catalog: Callable[[Workbook | None, Report], C]
    check_deck: Callable[[RawSheet, C, Report, str | None], str | None]

    def is_catalog_sheet(self, sheet: RawSheet) -> bool:
        """True for a sheet named in the game's catalog sheets."""
        return sheet.name.strip().casefold() in {s.casefold() for s in self.catalog_sheets}

    def deck_sheets(self, workbook: Workbook) -> list[RawSheet]:
        """Every sheet that is a deck: not a catalog sheet, not named `#…`."""
        return [s for s in workbook.sheets
                if not self.is_catalog_sheet(s) and not s.name.strip().startswith("#")]

    def catalog_workbook(self, workbook: Workbook | None, catalog: Path | None) -> Workbook | None:
        """Where the catalog is: `--catalog`, else the file itself if it has catalog
        sheets, else the game's bundled catalog (None for games without one)."""
        if catalog is not None:
            return open_workbook(catalog)
        if workbook is not None and any(self.is_catalog_sheet(s) for s in workbook.sheets):
            return workbook
        if self.default_catalog is not None and self.catalog_sheets:
            return open_workbook(self.default_catalog)
        return None

    def load(self, req: ValidateRequest) -> tuple[Workbook, Workbook | None, Any, Report]:
        """Open the file and its catalog: (workbook, catalog workbook, catalog, report)."""
        workbook = open_workbook(req.file)
        if req.sheet is not None and workbook.sheet(req.sheet) is None:
            raise InputError(f"{workbook.display}: no sheet named '{req.sheet}'"
                             f"{suggest(req.sheet, workbook.names())}; "
                             f"sheets: {', '.join(workbook.names())}")
        cat_wb = self.catalog_workbook(workbook, req.catalog)
        cat_report = Report()
        catalog = self.load_catalog(cat_wb, cat_report)
        return workbook, cat_wb, catalog, cat_report

    def decks(self, workbook: Workbook, sheet: str | None) -> list[RawSheet]:
        """The deck sheets asked for: one with `FILE#SHEET`, else all of them."""
        if sheet is None:
            return self.deck_sheets(workbook)
        chosen = workbook.sheet(sheet)
        return [] if chosen is None or self.is_catalog_sheet(chosen) else [chosen]

    def validate(self, req: ValidateRequest) -> ValidationResult:
        """Check the catalog and every deck of a file: the whole `pnp validate` job."""
        workbook, cat_wb, catalog, cat_report = self.load(req)
        results: list[DeckResult] = []
        if cat_wb is not None and (cat_wb is workbook or cat_report.problems):
            results.append(DeckResult("catalog", None, cat_report, "catalog"))
        decks = self.decks(workbook, req.sheet)
        for sheet in decks:
            report = Report()
            fmt = self.check_deck(sheet, catalog, report, req.format)
            results.append(DeckResult(sheet.name, fmt, report))
        if not decks and cat_wb is not workbook:
            # A file with no deck is never "valid": there is nothing to play or print.
            none = Report()
            none.error("file.no-decks", "the file holds no deck sheet (only '#' sheets of "
                       "notes, or none at all)",
                       Location(workbook.display))
            results.append(DeckResult(workbook.display, None, none))
        return ValidationResult(self.game, workbook.display, results)

