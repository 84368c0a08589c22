"""Battle Gate deck rules: every construction rule of the rulebook, each problem located.

Battle Gate has no catalog: each deck sheet (or CSV file) lists the player's own cards.
Rules checked (rule ids in brackets, documented in docs/battlegate.md):

- each card: a name [battlegate.card.name], one class of three [battlegate.card.class],
  a power from 1 to 6 [battlegate.card.power], art inside the workbook's folder
  [battlegate.card.art] that exists [battlegate.card.art-missing, warning];
- a name shared by cards of different class, power or description is warned
  [battlegate.card.same-name] (copies of one card add up, as Qty does);
- the deck costs exactly 100 character points [battlegate.deck.cost] and holds 17 to 100
  cards [battlegate.deck.size];
- a deck that can never attack or never defend is warned
  [battlegate.deck.cannot-attack, battlegate.deck.cannot-defend].

`load_decks` gives later jobs (printing, playing) the validated cards of every deck.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.art import art_file
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import Report, ValidationResult
from toolkit.core.rows import to_model
from toolkit.core.sheets import RawSheet, Row, Workbook, read_table
from toolkit.core.validation import Validator, cell_span, gap, warn_unknown_icons
from toolkit.games.battlegate.models import ART, CARD_COLUMNS, MAX_POWER, MIN_POWER, Card

GAME_ID = "battlegate"
FORMAT = "standard"
"""Battle Gate's one way of building a deck: 100 points, 17 to 100 cards."""

# "Each player has 100 character points to spend on the cards in each of their decks
# (i.e. each deck is 100 points)."
DECK_POINTS = 100
# "Decks can be anywhere from 17-100 cards"
MIN_CARDS = 17
MAX_CARDS = 100

MAX_EXPANDED = 10_000
"""`load_decks` expands Qty only up to this many cards (a deck over 100 is invalid anyway)."""

FIELD_RULES = {"name": "name", "class": "class", "klass": "class", "power": "power",
               "description": "description", "art": "art"}


def rule_of(field_name: str) -> str:
    """The rule id of a card field's problem: 'power' → 'battlegate.card.power'."""
    return f"{GAME_ID}.card.{FIELD_RULES.get(field_name, 'row')}"


def load_catalog(workbook: Workbook | None, report: Report) -> None:
    """Battle Gate has no catalog: every deck lists its own cards. Always None."""
    return None


def formats(catalog: Path | None = None) -> list[str]:
    """The formats a deck can be checked against: only `standard`."""
    return [FORMAT]


def _resolve_art(row: Row, report: Report) -> Path | None:
    """The Art cell as an absolute path inside the workbook's folder (`art_file`)."""
    folder = Path(row.loc(ART.field).file).resolve().parent
    return art_file(row.get(ART.field), folder, row.loc(ART.field), report,
                    f"{GAME_ID}.card.art", f"{GAME_ID}.card.art-missing")


def _differences(first: Card, card: Card) -> str:
    """What tells two cards of one name apart: 'class (Soldier, then Minion) and
    description' ('' for copies of one card)."""
    found = [f"{what} ({a}, then {b})" for what, a, b in (
        ("class", first.klass, card.klass), ("power", first.power, card.power)) if a != b]
    if first.description != card.description:
        found.append("description")
    return " and ".join(found)


def read_cards(sheet: RawSheet, report: Report) -> list[tuple[Row, Card]]:
    """Read a deck sheet into (row, card) pairs, reporting every card problem at its cell.

    Bad rows are reported and skipped. Deck-level rules are checked by `check_cards`.
    """
    table = read_table(sheet, CARD_COLUMNS, report, qty=True, max_qty=MAX_CARDS)
    if any(col.required and not table.has(col.field) for col in CARD_COLUMNS):
        return []  # the missing column is reported at the header row by read_table
    cards: list[tuple[Row, Card]] = []
    first_of: dict[str, tuple[Row, Card]] = {}
    for row in table.rows:
        card = to_model(Card, row, report, rule_of, extra={"art_path": _resolve_art(row, report)})
        warn_unknown_icons(row.get("description"), row.loc("description"), report,
                           f"{GAME_ID}.card.icon")
        if card is None:
            continue
        cards.append((row, card))
        # "cards may also share names": copies of one card are fine (they add up, as
        # Qty does); a shared name on cards that differ is warned, in case it is a slip.
        key = card.name.casefold()
        if key not in first_of:
            first_of[key] = (row, card)
            continue
        first_row, first = first_of[key]
        differs = _differences(first, card)
        if differs:
            report.warning(f"{GAME_ID}.card.same-name",
                           f"'{card.name}' shares its name with row {first_row.location.row} "
                           f"but differs in {differs}; cards may share names, so check it "
                           "is not a slip (rename one, or make them the same card)",
                           row.loc("name"))
    return cards


def check_cards(sheet: RawSheet, cards: list[tuple[Row, Card]], report: Report,
                skipped: int = 0) -> None:
    """The deck-level rules over a deck's valid cards (Qty counted), located at the sheet.

    `skipped` is how many rows were left out for errors; the messages say so.
    """
    where = sheet.location
    note = f" (not counting {skipped} skipped row{'s' if skipped != 1 else ''})" if skipped else ""
    size = sum(row.qty for row, _ in cards)
    cost = sum(row.qty * card.cost for row, card in cards)
    # "Each player has 100 character points to spend on the cards in each of their decks
    # (i.e. each deck is 100 points)." / "each point of power costs one character point"
    if cost != DECK_POINTS:
        cells = tuple(row.loc("power") for row, _ in cards)
        how = ("fix the skipped row first: it is not counted" if skipped
               else _cost_fix(cards, cost - DECK_POINTS)
               or f"the points counted are the Power cells {cell_span(cells)} (times Qty)")
        report.error(f"{GAME_ID}.deck.cost",
                     f"deck costs {cost} point{'s' if cost != 1 else ''}{note}, "
                     f"it must cost exactly {DECK_POINTS}: "
                     f"{gap(cost, DECK_POINTS, 'points')}; {how}",
                     cells[0] if cells else where, cells)
    # "Decks can be anywhere from 17-100 cards"
    if not MIN_CARDS <= size <= MAX_CARDS:
        cells = tuple(row.loc("name") for row, _ in cards)
        bound = MIN_CARDS if size < MIN_CARDS else MAX_CARDS
        report.error(f"{GAME_ID}.deck.size",
                     f"deck holds {size} card{'s' if size != 1 else ''}{note}, "
                     f"it must hold {MIN_CARDS} to {MAX_CARDS}: "
                     f"{gap(size, bound, 'cards')} (the cards counted are at {cell_span(cells)}, "
                     "Qty counted)", cells[0] if cells else where, cells)
    if not cards:
        return
    # "Minion: May defend but not attack." / "Assassin: May attack but not defend."
    if not any(card.can_attack for _, card in cards):
        report.warning(f"{GAME_ID}.deck.cannot-attack",
                       f"deck has no Soldier or Assassin{note}, so it can never attack "
                       "and cannot win a battle", where)
    if not any(card.can_defend for _, card in cards):
        report.warning(f"{GAME_ID}.deck.cannot-defend",
                       f"deck has no Minion or Soldier{note}, so it can never defend "
                       "and every attack on it hits its deck", where)


def _cost_fix(cards: list[tuple[Row, Card]], excess: int) -> str:
    """One simple change that brings the cost to 100 by `excess` points less, or '':
    a single card swapped for another card of the deck of its class and the right power,
    else one copy more or fewer of a card whose power is the gap (the deck staying 17 to
    100 cards), else one row's Power changed (staying 1 to 6); the first such row in
    sheet order."""
    # (class, power) -> the first two cards of other names, so each row is one look-up
    by_kind: dict[tuple[str, int], list[Card]] = {}
    for _, card in cards:
        found = by_kind.setdefault((card.klass, card.power), [])
        if len(found) < 2 and all(c.name.casefold() != card.name.casefold() for c in found):
            found.append(card)
    for row, card in cards:
        other = next((c for c in by_kind.get((card.klass, card.power - excess), [])
                      if c.name.casefold() != card.name.casefold()), None)
        if row.qty == 1 and other is not None:
            return (f"swapping {card.name} ({card.klass}, power {card.power}, "
                    f"{row.loc('power').cell}) for another {other.name} (power "
                    f"{other.power}) would fix it")
    size = sum(row.qty for row, _ in cards)
    for row, card in cards:
        # one copy more or fewer of a card whose power is the gap (a Qty slip)
        step = -1 if excess > 0 else 1
        if card.power == abs(excess) and row.qty + step >= 1 \
                and MIN_CARDS <= size + step <= MAX_CARDS:
            return (f"{'one copy fewer' if step < 0 else 'one more copy'} of {card.name} "
                    f"(power {card.power}: Qty {row.qty} → {row.qty + step} at "
                    f"{row.loc('qty').cell or f'row {row.location.row}'}) would fix it")
    for row, card in cards:
        if excess % row.qty == 0 and MIN_POWER <= card.power - excess // row.qty <= MAX_POWER:
            copies = f", Qty {row.qty}" if row.qty > 1 else ""
            return (f"changing {card.name}'s Power ({row.loc('power').cell}{copies}) from "
                    f"{card.power} to {card.power - excess // row.qty} would fix it")
    return ""


def _check(sheet: RawSheet, report: Report) -> list[tuple[Row, Card]]:
    start = len(report.problems)
    _, rows_before = report.errors_so_far()
    cards = read_cards(sheet, report)
    if not sheet.is_empty and any(p.rule == "sheet.missing-column"
                                  for p in report.problems[start:]):
        return []  # without its columns the deck cannot be counted
    skipped = report.errors_so_far()[1] - rows_before  # the rows read_cards skipped
    if not cards and not skipped:
        report.error(f"{GAME_ID}.deck.size",
                     f"the sheet lists no cards; a deck holds {MIN_CARDS} to {MAX_CARDS} "
                     f"cards costing exactly {DECK_POINTS} points", sheet.location)
        return []
    # a skipped row is not counted: a deck short of its points then follows from the
    # row's problem (a deck over them does not: adding the row back cannot fix it)
    short = sum(row.qty * card.cost for row, card in cards) < DECK_POINTS
    with report.because(report.knock_on_root(start, bool(skipped) and short)):
        check_cards(sheet, cards, report, skipped)
    return cards


def check_deck(sheet: RawSheet, catalog: Any, report: Report, fmt: str | None) -> str | None:
    """Check one deck sheet against every construction rule; the format is `standard`."""
    _check(sheet, report)
    return FORMAT


VALIDATOR: Validator[None] = Validator(GAME_ID, (), None, load_catalog, check_deck)


def check_request(req: ValidateRequest) -> None:
    """Refuse options Battle Gate has no use for (exit 2): another format, a catalog."""
    if req.format is not None and req.format.strip().casefold() != FORMAT:
        raise InputError(f"Battle Gate has no format '{req.format}'; its one format is "
                         f"'{FORMAT}' (100 points, {MIN_CARDS} to {MAX_CARDS} cards)")
    if req.catalog is not None:
        raise InputError("Battle Gate has no catalog: each deck sheet lists its own cards; "
                         "drop --catalog")


def validate(req: ValidateRequest) -> ValidationResult:
    """`pnp validate battlegate FILE`: check every deck of a file (or FILE#SHEET)."""
    check_request(req)
    return VALIDATOR.validate(req)


@dataclass(slots=True)
class LoadedDeck:
    """One deck as later jobs need it.

    `cards` are the validated `Card` models in sheet order with Qty expanded (bad rows
    left out); `catalog` is always None (Battle Gate has none); `valid` is the deck's
    verdict. A deck whose Qty total exceeds `MAX_EXPANDED` is not expanded (no cards).
    """

    name: str
    format: str | None
    cards: list[Card] = field(default_factory=list)
    catalog: None = None
    valid: bool = True
    file: str = ""


def load_decks(req: ValidateRequest) -> tuple[ValidationResult, list[LoadedDeck]]:
    """Validate a file and return, beside the result, every deck's cards (Qty expanded)."""
    check_request(req)
    loaded: list[LoadedDeck] = []

    def capture(sheet: RawSheet, catalog: Any, report: Report, fmt: str | None) -> str:
        pairs = _check(sheet, report)
        total = sum(row.qty for row, _ in pairs)
        cards = [] if total > MAX_EXPANDED else [c for row, c in pairs for _ in range(row.qty)]
        loaded.append(LoadedDeck(sheet.name, FORMAT, cards, None, True, sheet.file))
        return FORMAT

    result = Validator(GAME_ID, (), None, load_catalog, capture).validate(req)
    verdicts = {d.name: d.valid for d in result.decks if d.kind == "deck"}
    for deck in loaded:
        deck.valid = verdicts.get(deck.name, False)
    return result, loaded
