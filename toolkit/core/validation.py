"""The validation flow every game shares: open the file, load the catalog, check each deck.

A game supplies two functions: `load_catalog(workbook or None, report)` and
`check_deck(sheet, catalog, report, format) -> format name`. This module decides which
workbook holds the catalog, which sheets are decks, and assembles the result.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import DeckResult, Location, Report, ValidationResult
from toolkit.core.sheets import RawSheet, Workbook, open_workbook, suggest

C = TypeVar("C")
UNREAD_COLUMN = ("sheet.missing-column", "sheet.misspelled-column")
"""Rules of the header problems that leave a catalog column unread."""


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
        # A catalog sheet skipped for a missing column leaves its cards out, a misspelled
        # header leaves a column unread: what a deck then finds (unknown cards, short
        # counts, cards with errors) follows from that one problem.
        skipped = next((p for p in cat_report.problems if p.rule in UNREAD_COLUMN), None)
        for sheet in decks:
            report = Report()
            with report.because(skipped):
                fmt = self.check_deck(sheet, catalog, report, req.format)
            if skipped is not None and report.valid:
                # never "valid" when checked against a catalog that lost a column
                stand_in = report.error(skipped.rule, "checked against a catalog with a "
                                        "column left unread, so not fully: fix the problem "
                                        f"at {skipped.location} first",
                                        Location(workbook.display, sheet.name))
                if stand_in is not None:
                    stand_in.caused_by = skipped.location
            results.append(DeckResult(sheet.name, fmt, report))
        if not decks and cat_wb is not workbook:
            # A file with no deck is never "valid": there is nothing to play or print.
            none = Report()
            none.error("file.no-decks", "the file holds no deck sheet (only '#' sheets of "
                       "notes, or none at all)",
                       Location(workbook.display))
            results.append(DeckResult(workbook.display, None, none))
        return ValidationResult(self.game, workbook.display, results)



# ---------------------------------------------------------------- totals and text

def gap(total: int, need: int, unit: str = "") -> str:
    """How far a total is from what it needs: '1 too many', '9 points too few' ('' when
    equal). ``unit`` is a plural noun placed after the number."""
    if total == need:
        return ""
    n = abs(total - need)
    word = f" {unit[:-1] if n == 1 and unit.endswith('s') else unit}" if unit else ""
    return f"{n}{word} too {'many' if total > need else 'few'}"


SPAN_RUNS = 10
"""A message names at most this many runs of cells (`--json`'s `cells` lists them all)."""


def cell_span(cells: Sequence[Location]) -> str:
    """Cells as a designer reads them, runs of one column joined: 'C2:C7, C9' (past
    `SPAN_RUNS` runs, '… and N more cells')."""
    runs: list[list[Location]] = []
    for loc in cells:
        if loc.cell is None:
            continue
        last = runs[-1][-1] if runs else None
        if last is not None and last.column == loc.column and last.row is not None \
                and loc.row == last.row + 1:
            runs[-1].append(loc)
        elif last is None or last.cell != loc.cell:
            runs.append([loc])
    shown = [run[0].cell if len(run) == 1 else f"{run[0].cell}:{run[-1].cell}"
             for run in runs[:SPAN_RUNS]]
    rest = sum(len(run) for run in runs[SPAN_RUNS:])
    return ", ".join(shown) + (f" and {rest:,} more cell{'s' if rest != 1 else ''}"
                               if rest else "")


def warn_unknown_icons(text: Any, where: Location, report: Report, rule: str) -> None:
    """Warn at a text cell for each inline `:name:` the printer has no icon for (it would
    print a lettered disc), with the closest icon name."""
    if not isinstance(text, str) or ":" not in text:
        return
    from toolkit.render import icons  # noqa: PLC0415 - printing code, loaded only when needed
    for name in icons.unknown_inline(text):
        report.warning(rule, f"':{name}:' is not an icon the printer knows"
                       f"{suggest(name, icons.icon_names())}; it prints as a disc with the "
                       f"letter {name[0].upper()} (icons: {', '.join(icons.icon_names())})",
                       where)
