"""The `cards` game's validation: any sheet's rows, the layout's columns, the deck rules.

Every sheet of a workbook except `Rules` (and `#…` sheets) is a deck; a CSV file is one
deck. Checked (rule ids in brackets, documented in docs/cards.md):

- the sheet's cells as every game reads them: header slips, `Qty` a whole number from 1
  to the budget of `toolkit/core/limits.py` [sheet.*]; blank rows are skipped;
- a column the layout reads that the sheet lacks, at the header row, naming the box and
  the layout [cards.layout.column]; a box of the designer's layout that is never drawn
  because its `when` column is missing [cards.layout.unused-box, warning];
- art cells of the columns the layout draws pictures from, as in every game
  [cards.card.art, cards.card.art-missing];
- a sheet with a header and no card [cards.deck.empty];
- the deck rules of the `Rules` sheet and the layout's `[rules]` (toolkit/games/cards/rules.py).

The layout is the one `pnp print` would use: --layout FILE, --layouts DIR,
`layouts/cards/card.toml` beside the workbook, else the built-in generic card
(`toolkit.render.places.LayoutPlaces`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.art import art_file
from toolkit.core.bundled import package_dir
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import Location, Problem, Report, ValidationResult
from toolkit.core.sheets import (
    QTY,
    Column,
    RawSheet,
    Row,
    display_path,
    looks_like,  # the slip test every game uses
    read_table,
)
from toolkit.core.validation import Validator
from toolkit.games.cards import columns as cols
from toolkit.games.cards.models import Card, header_row, sheet_columns
from toolkit.games.cards.rules import (
    GAME_ID,
    RULES_SHEET,
    DeckView,
    Rule,
    check,
    read_layout_rules,
    read_sheet_rules,
)
from toolkit.render.layout import Layout

LAYOUT_NAME = "card"
"""Every card prints on the layout `card` (`layouts/cards/card.toml`)."""


@dataclass(frozen=True)
class CardLayout:
    """The layout a run prints with, and what validation reads of it."""

    path: Path
    layout: Layout
    builtin: bool
    needs: tuple[cols.Need, ...]
    art: tuple[str, ...]
    rules: tuple[Rule, ...]

    @property
    def label(self) -> str:
        """The layout file as messages name it."""
        return display_path(self.path)


def builtin_layouts() -> Path:
    """The game's own layouts folder."""
    return package_dir(__package__) / "layouts"


def find_layout(req: ValidateRequest) -> CardLayout:
    """The layout for `req` (its search order in toolkit/render/places.py), read once;
    LayoutError (exit 2) when it cannot be found or read."""
    from toolkit.render.job import load_layout_file  # noqa: PLC0415
    from toolkit.render.places import LayoutPlaces  # noqa: PLC0415

    places = LayoutPlaces(GAME_ID, builtin_layouts(), req.file, req.layouts, req.layout)
    path = places.find(LAYOUT_NAME)
    layout = load_layout_file(path)
    return CardLayout(path, layout, places.is_builtin(path), tuple(cols.needs(layout)),
                      tuple(cols.art_columns(layout)),
                      tuple(read_layout_rules(layout.rules, display_path(path))))


def check_request(req: ValidateRequest) -> None:
    """Refuse options the cards game has no use for (exit 2)."""
    if req.format is not None:
        raise InputError(f"the cards game has no formats, got --format '{req.format}'; its "
                         "deck rules come from a Rules sheet or the layout's [rules]")
    if req.catalog is not None:
        raise InputError("the cards game has no catalog: each sheet lists its own cards "
                         "(deck rules go in a Rules sheet); drop --catalog")


@dataclass
class ReadDeck:
    """One deck sheet as read: its cards with their rows, and what the rules need."""

    cards: list[tuple[Row, Card]] = field(default_factory=list)
    view: DeckView | None = None
    skipped: int = 0
    """Rows `read_table` left out for errors (a bad Qty, a formula with no value)."""
    slip: Problem | None = None
    """A header that looks like a column the layout reads (or Qty): what the deck's
    checks then find follows from it."""


def _aliases(headers: dict[str, str], lay: CardLayout) -> dict[str, str]:
    """Layout spelling → the sheet's header, for a column written differently ('name'
    for Name) or standing in for Name (Title, Card, Card Name)."""
    out: dict[str, str] = {}
    wanted = {need.column for need in lay.needs} | set(lay.art)
    for column in wanted:
        header = headers.get(cols.key(column))
        if header is not None and header != column:
            out[column] = header
    name = next((headers[cols.key(h)] for h in cols.NAME_HEADERS if cols.key(h) in headers),
                None)
    if "name" not in headers and name is not None:
        out["Name"] = name
    return out


def _check_layout(sheet: RawSheet, row: int, headers: dict[str, str], lay: CardLayout,
                  report: Report) -> bool:
    """Report each column the layout reads that the sheet lacks; False when any is."""
    has = set(headers)
    if any(cols.key(h) in has for h in cols.NAME_HEADERS):
        has.add("name")
    where = Location(sheet.file, sheet.name, row)
    ok = True
    hidden: set[str] = set()
    for need in lay.needs:
        if need.guard is not None and cols.key(need.guard) not in has:
            if not lay.builtin and need.box not in hidden:
                hidden.add(need.box)
                report.warning(f"{GAME_ID}.layout.unused-box",
                               f"box '{need.box}' of {lay.label} is never drawn: its when = "
                               f"\"{need.guard}\" names column '{need.guard}', which the "
                               "sheet lacks", where)
            continue
        if cols.key(need.column) not in has:
            ok = False
            report.error(f"{GAME_ID}.layout.column",
                         f"box '{need.box}' of {lay.label} reads column '{need.column}' "
                         f"({need.how}), which the sheet lacks{_columns_hint(need.column, headers)}"
                         "; add the column, or change the layout", where)
    return ok


def _header_slips(sheet: RawSheet, row: int, found: dict[str, tuple[str, str]],
                  lay: CardLayout, report: Report) -> Problem | None:
    """Report each header that looks like a column the layout reads (or Qty) and the
    sheet lacks (`Cots` for Cost), at its cell, as every game does
    (`sheet.misspelled-column`); the first such problem, or None."""
    has = {cols.key(text) for _, text in found.values()}
    if any(cols.key(h) in has for h in cols.NAME_HEADERS):
        has.add("name")
    wanted = {cols.key(c): c for c in (*(n.column for n in lay.needs), *lay.art)}
    lacking = [Column(c) for k, c in wanted.items() if k not in has]
    if QTY.field not in found:
        lacking.append(QTY)
    used = set(wanted) | {cols.key(h) for h in cols.NAME_HEADERS}
    first = None
    for fname, (letter, text) in found.items():
        if not lacking or fname == QTY.field or cols.key(text) in used:
            continue
        column, name = looks_like(text, lacking)
        if column is None:
            continue
        lacking.remove(column)
        here = Location(sheet.file, sheet.name, row, letter, text)
        problem = report.error("sheet.misspelled-column",
                               f"'{text}' ({here.cell}) looks like '{name}', so the column "
                               "is not read; rename it, or prefix it with '#' to keep it "
                               "as a note", here)
        first = first or problem
    return first


def _columns_hint(column: str, headers: dict[str, str]) -> str:
    """'; its headers: Name, Cost (did you mean 'Cost'?)' for a missing column."""
    from toolkit.core.sheets import suggest  # noqa: PLC0415

    shown = list(headers.values())
    listed = ", ".join(shown[:12]) + (", …" if len(shown) > 12 else "")
    return f"{suggest(column, shown)}; the sheet's columns: {listed or 'none'}"


def read_deck(sheet: RawSheet, lay: CardLayout, folder: Path, report: Report) -> ReadDeck:
    """Read one deck sheet: its cards, each problem reported at its cell; art is read
    from inside `folder` (the workbook's)."""
    found = header_row(sheet)
    _, rows_before = report.errors_so_far()
    table = read_table(sheet, sheet_columns(found[1]) if found else [], report, qty=True)
    skipped = report.errors_so_far()[1] - rows_before
    if found is None:
        return ReadDeck()  # an empty sheet: read_table warned
    columns = {f: text for f, (_, text) in table.columns.items() if f != QTY.field}
    headers = {cols.key(text): text for text in columns.values()}
    fields = {cols.key(text): f for f, text in columns.items()}
    slip = _header_slips(sheet, found[0], table.columns, lay, report)
    with report.because(slip):
        if not _check_layout(sheet, found[0], headers, lay, report):
            return ReadDeck(slip=slip)  # the cards cannot print: told once, at the header
    aliases = _aliases(headers, lay)
    art = {fields[cols.key(c)] for c in lay.art if cols.key(c) in fields}
    cards: list[tuple[Row, Card]] = []
    for row in table.rows:
        values: dict[str, Any] = {}
        for fname, header in columns.items():
            value = row.get(fname)
            if fname in art:
                path = art_file(value, folder, row.loc(fname), report,
                                f"{GAME_ID}.card.art", f"{GAME_ID}.card.art-missing")
                value = str(path) if path is not None else None
            values[header] = value
        for column, header in aliases.items():
            values[column] = values.get(header)
        name = values.get("Name")
        cards.append((row, Card(values, "" if name is None else str(name))))
    name_field = next((fields[cols.key(h)] for h in cols.NAME_HEADERS
                       if cols.key(h) in fields), None)
    view = DeckView(sheet, [row for row, _ in cards], fields, name_field, skipped)
    return ReadDeck(cards, view, skipped, slip)


def check_sheet(sheet: RawSheet, rules: list[Rule], lay: CardLayout, folder: Path,
                report: Report) -> ReadDeck:
    """Check one deck sheet: its cells, the layout's columns, then each rule for it."""
    start = len(report.problems)
    deck = read_deck(sheet, lay, folder, report)
    if deck.view is None:
        return deck
    skipped = deck.skipped
    with report.because(deck.slip):
        if not deck.cards and not skipped:
            report.error(f"{GAME_ID}.deck.empty", "the sheet has a header row but no card "
                         "rows; add cards below it (or name the sheet '#…' to keep it as "
                         "notes)", sheet.location)
            return deck
        # a skipped row is not counted: a total short of its rule may follow from it
        view = DeckView(sheet, deck.view.rows, deck.view.fields, deck.view.name_field,
                        skipped, report.knock_on_root(start, bool(skipped)))
        for rule in rules:
            if rule.applies_to(sheet.name):
                check(rule, view, report)
    return deck


def _validator(req: ValidateRequest, capture: Any = None) -> Validator[list[Rule]]:
    """The shared validation flow (toolkit/core/validation.py) for one request: the
    `Rules` sheet is the "catalog" (malformed rules are reported there), with the
    layout's own rules added; `capture(sheet, read deck)` sees every deck read."""
    check_request(req)
    lay = find_layout(req)
    folder = req.file.resolve().parent

    def load_rules(workbook: Any, report: Report) -> list[Rule]:
        return [*read_sheet_rules(workbook, report), *lay.rules]

    def check_deck(sheet: RawSheet, rules: list[Rule], report: Report,
                   fmt: str | None) -> None:
        deck = check_sheet(sheet, rules, lay, folder, report)
        if capture is not None:
            capture(sheet, deck)

    return Validator(GAME_ID, (RULES_SHEET,), None, load_rules, check_deck)


def validate(req: ValidateRequest) -> ValidationResult:
    """`pnp validate cards FILE`: check every deck of a file (or FILE#SHEET)."""
    return _validator(req).validate(req)


@dataclass(slots=True)
class LoadedDeck:
    """One deck as later jobs need it: its cards in sheet order, Qty expanded (bad rows
    left out), and its verdict."""

    name: str
    format: str | None = None
    cards: list[Card] = field(default_factory=list)
    catalog: None = None
    valid: bool = True
    file: str = ""


def load_decks(req: ValidateRequest) -> tuple[ValidationResult, list[LoadedDeck]]:
    """Validate a file and return, beside the result, every deck's cards (Qty expanded;
    `read_table` bounds the total by the budget of toolkit/core/limits.py)."""
    loaded: list[LoadedDeck] = []

    def capture(sheet: RawSheet, deck: ReadDeck) -> None:
        cards = [card for row, card in deck.cards for _ in range(row.qty)]
        loaded.append(LoadedDeck(sheet.name, None, cards, None, True, sheet.file))

    result = _validator(req, capture).validate(req)
    verdicts = {d.name: d.valid for d in result.decks if d.kind == "deck"}
    for deck in loaded:
        deck.valid = verdicts.get(deck.name, False)
    return result, loaded
