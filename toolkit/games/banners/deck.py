"""The Battle of Banners validation: a workbook holds the item deck, the pieces and boards.

Like every game's workbook, each sheet is a "deck", here a board, named by its sheet
name, except the catalog sheets every board shares (`Items`, `Pieces`) and `#…` sheets;
`FILE#SHEET` picks one board. The bundled and template workbooks hold one board, `Board`.

- `Items` (`--catalog FILE`, else the workbook's own, else the book's deck bundled in
  toolkit/games/banners/content/banners.xlsx): each card's name [banners.item.name], colour
  [banners.item.color], effect, one of the book's sixteen [banners.item.effect], art
  inside the workbook's folder [banners.item.art] that exists [banners.item.art-missing,
  warning]; names unique [banners.item.duplicate]. A deck departing from the book is
  warned: its size [banners.items.count], an effect's number of cards
  [banners.items.effect-count], a colour other than the book's meaning for the effect
  [banners.items.color];
- `Pieces` (the workbook's, else the catalog's, else the bundled two of each colour
  [banners.pieces.bundled, info]): side 1 or 2 [banners.piece.side], colour
  [banners.piece.color], Count; a side has pieces [banners.pieces.none], of one of the
  book's colour pairs, the two sides of different pairs [banners.pieces.colors]; a side
  without one of its colours is warned (no scouts in 1v1, no 2v2)
  [banners.pieces.missing-color];
- each board (`board.py`): a grid of spaces, each located at its own cell; pieces beyond
  a side's drawbridges start in the reserve [banners.pieces.reserve, info]; a workbook
  with no board is an error [banners.board.missing].

Problems of the shared sheets are reported in a `catalog` entry, each board's in its own.
`load_decks` gives later jobs (printing, playing) one `LoadedGame` per board.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from toolkit.core.art import art_file
from toolkit.core.bundled import package_dir
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import DeckResult, Location, Report, ValidationResult
from toolkit.core.rows import to_model
from toolkit.core.sheets import NameIndex, RawSheet, Workbook, open_workbook, read_table, suggest
from toolkit.core.validation import gap, warn_unknown_icons
from toolkit.games.banners.board import Board, check_board, read_board
from toolkit.games.banners.book import (
    COLORS,
    DECK_SIZE,
    EFFECT_LIST,
    EFFECTS,
    SIDE_COLORS,
)
from toolkit.games.banners.models import ITEM_COLUMNS, PIECE_COLUMNS, Item, PieceRow, Token

GAME_ID = "banners"
DEFAULT_FILE: Path = package_dir(__package__) / "content" / "banners.xlsx"
ITEMS, BOARD, PIECES = "Items", "Board", "Pieces"
CATALOG_SHEETS: tuple[str, ...] = (ITEMS, PIECES)
"""The sheets every board of a workbook shares; each other sheet is a board."""
MAX_PIECES = 200
"""A side has at most this many pieces (far more than any board holds)."""



@dataclass
class ItemDeck:
    """The item cards read from an Items sheet: (item, copies) in sheet order."""

    items: list[tuple[Item, int]] = field(default_factory=list)
    source: str = ""

    @property
    def size(self) -> int:
        """Cards in all."""
        return sum(n for _, n in self.items)


@dataclass
class LoadedGame:
    """One validated workbook for later jobs: its name, the item deck, the board, the
    pieces ((side 1 or 2, colour) per piece, in sheet order) and the cards to print
    (every item card, one token per piece, a flag marker per side). `valid` is the
    verdict; `board` is None when the Board sheet could not be read."""

    name: str
    items: ItemDeck
    board: Board | None
    pieces: list[tuple[int, str]]
    valid: bool
    file: str = ""
    title: str = ""
    """How the printed board is titled: the workbook's name (and the board's)."""
    format: str | None = None

    @property
    def cards(self) -> list:
        """Item cards (Qty expanded), then piece tokens, then the two flag markers."""
        cards: list = [item for item, n in self.items.items for _ in range(n)]
        cards += [Token(side=side, color=color) for side, color in self.pieces]
        for side in (1, 2):
            colors = [c for s, c in self.pieces if s == side]
            if colors:
                cards.append(Token(side=side, color=colors[0], flag=True))
        return cards


def check_request(req: ValidateRequest) -> None:
    """Refuse an option the game has no use for (exit 2): a format."""
    if req.format is not None:
        raise InputError(f"The Battle of Banners has no formats (got --format {req.format}); "
                         "play 1v1 or 2v2 with --players 2 or 4")


# ---------------------------------------------------------------- Items

def read_items(sheet: RawSheet, report: Report) -> ItemDeck:
    """Read an Items sheet: every card problem at its cell, bad rows skipped, then the deck
    compared with the book's."""
    deck = ItemDeck(source=f"{sheet.file} › {sheet.name}")
    folder = Path(sheet.file).resolve().parent
    mark = len(report.problems)
    table = read_table(sheet, ITEM_COLUMNS, report, qty=True)
    if any(col.required and not table.has(col.field) for col in ITEM_COLUMNS):
        return deck
    names: NameIndex[Location] = NameIndex()
    colors: dict[str, list[tuple[Item, Location]]] = {}
    for row in table.rows:
        # banners.item.name, banners.item.color, banners.item.effect (Text never fails)
        art = art_file(row.get("art"), folder, row.loc("art"), report, "banners.item.art",
                       "banners.item.art-missing")
        item = to_model(Item, row, report, lambda f: f"banners.item.{f}",
                        extra={"art_path": art})
        warn_unknown_icons(row.get("text"), row.loc("text"), report, "banners.item.icon")
        if item is None:
            continue
        resolved = item.resolved()
        if resolved is None:
            report.error("banners.item.effect",
                         f"Effect is blank and the name '{item.name}' is not one of the "
                         "book's 16 items; name its effect (e.g. Horse, The Reaper)"
                         f"{suggest(item.name, EFFECTS)}", row.loc("effect"))
            continue
        if not names.add(item.name, row.loc("name")):
            report.error("banners.item.duplicate",
                         f"'{item.name}' is already listed at row {names.get(item.name).row};"
                         " item names must be unique (use Qty for copies)", row.loc("name"))
            continue
        deck.items.append((resolved, row.qty))
        colors.setdefault(resolved.effect, []).append((resolved, row.loc("color")))
    # counts short of the book's because of a skipped row or an unread column follow
    # from that first error (counted on it, not listed again)
    with report.because(report.knock_on_root(mark, True)):
        _compare_with_book(deck, colors, sheet, report)
    return deck


def _compare_with_book(deck: ItemDeck, colors: dict[str, list[tuple[Item, Location]]],
                       sheet: RawSheet, report: Report) -> None:
    """A custom deck is allowed: warn where it departs from the book's 54 cards."""
    where = sheet.location
    if not deck.items:
        report.warning("banners.items.empty",
                       "the Items sheet lists no card: keeps give nothing", where)
        return
    # "There are 16 types of cards in total, and 54 cards in all."
    if deck.size != DECK_SIZE:
        report.warning("banners.items.count",
                       f"the deck holds {deck.size} cards; the book's holds {DECK_SIZE}: "
                       f"{gap(deck.size, DECK_SIZE)}", where)
    counts: dict[str, int] = {}
    for item, n in deck.items:
        counts[item.effect] = counts.get(item.effect, 0) + n
    for effect in EFFECT_LIST:
        have = counts.get(effect.name, 0)
        if have != effect.count:
            report.warning("banners.items.effect-count",
                           f"{have} {effect.name} card(s); the book has ({effect.count}) "
                           f"{effect.name}", where)
    # T4: the colours' meanings (ruling item-colours gives each effect its colour).
    for effect, rows in colors.items():
        book = EFFECTS[effect].color
        for item, loc in rows:
            if item.color != book:
                report.warning("banners.items.color",
                               f"'{item.name}' ({effect}) is {item.color}; by rule T4's "
                               f"meanings {effect} is {book} (it plays as {effect} either "
                               "way)", loc)


def load_items(workbook: Workbook, catalog: Workbook | None, report: Report) -> ItemDeck:
    """The item deck: `--catalog`, else the workbook's Items sheet, else the book's."""
    if catalog is not None:
        source = catalog
        sheet = source.sheet(ITEMS)
        if sheet is None:
            report.error("banners.items.missing",
                         f"the catalog {source.display} has no '{ITEMS}' sheet",
                         Location(source.display))
            return ItemDeck(source=source.display)
        return read_items(sheet, report)
    sheet = workbook.sheet(ITEMS)
    if sheet is not None:
        return read_items(sheet, report)
    bundled = open_workbook(DEFAULT_FILE)
    report.info("banners.items.bundled",
                f"no '{ITEMS}' sheet: the book's deck ({bundled.display}) is used",
                Location(workbook.display))
    return read_items(bundled.sheet(ITEMS), Report())


# ---------------------------------------------------------------- Pieces

def read_pieces(sheet: RawSheet, report: Report) -> list[tuple[int, str]]:
    """Read the Pieces sheet into one (side, colour) per piece, checking the book's colour
    pairs per side."""
    table = read_table(sheet, PIECE_COLUMNS, report, qty=True)
    if any(col.required and not table.has(col.field) for col in PIECE_COLUMNS):
        return []
    pieces: list[tuple[int, str]] = []
    first_row: dict[tuple[int, str], Location] = {}
    for row in table.rows:
        # banners.piece.side, banners.piece.color
        item = to_model(PieceRow, row, report, lambda f: f"banners.piece.{f}")
        if item is None:
            continue
        first_row.setdefault((item.side, item.color), row.loc("color"))
        pieces.extend((item.side, item.color) for _ in range(min(row.qty, MAX_PIECES + 1)))
    where = sheet.location
    sides = [{c for s, c in pieces if s == side} for side in (1, 2)]
    pairs = []
    for side, colors in zip((1, 2), sides, strict=True):
        count = sum(1 for s, _ in pieces if s == side)
        if not colors:
            report.error("banners.pieces.none", f"side {side} has no pieces", where)
            continue
        if count > MAX_PIECES:
            report.error("banners.pieces.count",
                         f"side {side} has {count} pieces; a side has at most {MAX_PIECES}",
                         where)
        # Set-up: "One side is blue and green while the other is red and yellow."
        pair = next((p for p in SIDE_COLORS if colors <= p), None)
        pairs.append(pair)
        if pair is None:
            odd = sorted(colors)
            report.error("banners.pieces.colors",
                         f"side {side} has {' and '.join(odd)} pieces; a side is blue and "
                         "green, or red and yellow", first_row[(side, odd[-1])])
            continue
        missing = sorted(pair - colors)
        if missing:
            report.warning("banners.pieces.missing-color",
                           f"side {side} has no {missing[0]} pieces: "
                           + ("no scouts in 1v1, and " if missing[0] in ("Green", "Yellow")
                              else "") + "it cannot be played 2v2 (one colour a player)",
                           where)
    if len(pairs) == 2 and pairs[0] is not None and pairs[0] == pairs[1]:
        report.error("banners.pieces.colors",
                     "both sides use the same colour pair; one side is blue and green, "
                     "the other red and yellow", where)
    return pieces


# ---------------------------------------------------------------- the workbook

def check_reserve(board: Board, pieces: list[tuple[int, str]], report: Report) -> None:
    """Pieces beyond a side's drawbridges wait in the reserve (ruling setup-placement)."""
    for side in (1, 2):
        count = sum(1 for s, _ in pieces if s == side)
        bridges = len(board.cells(f"D{side}"))
        if bridges and count > bridges:
            report.info("banners.pieces.reserve",
                        f"side {side} has {count} pieces and {bridges} drawbridge(s): "
                        f"{count - bridges} wait in the reserve and enter through a free "
                        "drawbridge", board.sheet.location)


def _pieces_sheet(workbook: Workbook, catalog: Workbook | None,
                  report: Report) -> RawSheet:
    """The Pieces sheet: the workbook's, else the catalog's, else the bundled one."""
    sheet = workbook.sheet(PIECES) or (catalog.sheet(PIECES) if catalog else None)
    if sheet is not None:
        return sheet
    bundled = open_workbook(DEFAULT_FILE)
    report.info("banners.pieces.bundled",
                f"no '{PIECES}' sheet: the bundled pieces ({bundled.display}: two of each "
                "colour) are used", Location(workbook.display))
    return bundled.sheet(PIECES)


def _load(req: ValidateRequest) -> tuple[ValidationResult, list[LoadedGame]]:
    check_request(req)
    workbook = open_workbook(req.file)
    catalog_names = {name.casefold() for name in CATALOG_SHEETS}
    if req.sheet is not None:
        chosen = workbook.sheet(req.sheet)
        if chosen is None:
            raise InputError(f"{workbook.display}: no sheet named '{req.sheet}'"
                             f"{suggest(req.sheet, workbook.names())}; "
                             f"sheets: {', '.join(workbook.names())}")
        if chosen.name.strip().casefold() in catalog_names:
            raise InputError(f"{workbook.display}: '{chosen.name}' holds the "
                             f"{chosen.name.strip().lower()}, not a board; name a board sheet")
        boards = [chosen]
    else:
        boards = [sheet for sheet in workbook.sheets
                  if sheet.name.strip().casefold() not in catalog_names
                  and not sheet.name.strip().startswith("#")]
    catalog = open_workbook(req.catalog) if req.catalog is not None else None
    shared = Report()
    items = load_items(workbook, catalog, shared)
    pieces_sheet = _pieces_sheet(workbook, catalog, shared)
    bundled = pieces_sheet.file != workbook.display and catalog is None
    pieces = read_pieces(pieces_sheet, Report() if bundled else shared)
    results: list[DeckResult] = []
    if any(workbook.sheet(name) for name in CATALOG_SHEETS) or shared.problems:
        results.append(DeckResult("catalog", None, shared, "catalog"))
    games: list[LoadedGame] = []
    for sheet in boards:
        report = Report()
        board = read_board(sheet, report)
        if board is not None:
            check_board(board, report)
            check_reserve(board, pieces, report)
        results.append(DeckResult(sheet.name, None, report))
        title = workbook.path.stem if sheet.name.strip().casefold() == BOARD.casefold() \
            else f"{workbook.path.stem} · {sheet.name}"
        games.append(LoadedGame(sheet.name, items, board, pieces,
                                report.valid and shared.valid, workbook.display, title))
    if not boards:
        none = Report()
        none.error("banners.board.missing",
                   f"the workbook has no board: add a '{BOARD}' sheet, one space per cell "
                   "(any sheet other than Items, Pieces and '#…' is a board)",
                   Location(workbook.display))
        results.append(DeckResult(workbook.display, None, none))
    return ValidationResult(GAME_ID, workbook.display, results), games


def validate(req: ValidateRequest) -> ValidationResult:
    """`pnp validate banners FILE`: the catalog sheets and every board of a workbook
    (FILE#SHEET: that board)."""
    return _load(req)[0]


def load_decks(req: ValidateRequest) -> tuple[ValidationResult, list[LoadedGame]]:
    """Validate a workbook as `validate` does and return one game per board sheet."""
    return _load(req)


def formats(catalog: Path | None = None) -> list[str]:
    """The Battle of Banners has no formats (1v1 and 2v2 are player counts)."""
    return []


__all__ = ["CATALOG_SHEETS", "COLORS", "DEFAULT_FILE", "ItemDeck", "LoadedGame",
           "check_request", "formats", "load_decks", "load_items", "read_items",
           "read_pieces", "validate"]
