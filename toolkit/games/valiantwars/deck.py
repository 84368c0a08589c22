"""Valiant Wars validation: the card pool (one `Cards` sheet), every problem located.

The pool is the game's catalog and every seat plays from it, so a file holds one pool:
its `Cards` sheet, or the sheet `FILE#SHEET` names, or the one sheet of a CSV file or a
single-sheet workbook. Rules checked (ids in brackets, documented in docs/valiantwars.md):

- each card: a name and a kind; what the kind needs (a Champion's type, cost and swords;
  a Location's VP) [valiantwars.card.<column>]; values the rules fix (a Soldier's 1 Sword
  and cost 0, Gold's cost 1 and value 1, a Dark Omen's 1 Gold) are checked, never re-read;
  columns a kind has no use for are refused; effects name one of the book's 27 champions;
  penalties come from the documented vocabulary; one name is one card
  [valiantwars.card.duplicate; .repeated is a warning]; a Monk or SellSword whose Gold
  cell adds to its effect's Gold [valiantwars.card.gold-twice, a warning]; without a
  Role column, the Throne and the Villages are marked by name
  [valiantwars.card.role-by-name, info];
- the pool: the book's component counts for the `standard` format
  [valiantwars.pool.count, valiantwars.pool.total]; one Valiant Throne
  [valiantwars.pool.throne] and a Village [valiantwars.pool.village]; starting decks for
  five players [valiantwars.pool.starting-decks]; Locations for the player-count table
  [valiantwars.pool.locations]; five Champions for the Market [valiantwars.pool.market].

The `custom` format (`--format custom`) lets a designer change the counts: they are then
only reported (info), and the player counts the pool cannot seat are warnings instead of
errors (an error when it seats none). `load_decks` gives printing and play the pool.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.core.art import art_file
from toolkit.core.bundled import package_dir
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import DeckResult, Location, Report, ValidationResult
from toolkit.core.rows import to_model
from toolkit.core.sheets import RawSheet, Row, Workbook, open_workbook, read_table, suggest
from toolkit.core.validation import cell_span, gap, warn_unknown_icons
from toolkit.games.valiantwars.models import ART, CARD_COLUMNS, CardRow
from toolkit.games.valiantwars.vocab import (
    BOOK_COUNTS,
    BOOK_TOTAL,
    KINDS,
    MARKET_SIZE,
    MAX_PLAYERS,
    MIN_PLAYERS,
    P_NONE,
    START_DECK,
    TABLE,
    THRONE,
    VILLAGE,
)

GAME_ID = "valiantwars"
POOL_SHEET = "Cards"
CATALOG_SHEETS = (POOL_SHEET,)
DEFAULT_POOL = package_dir(__package__) / "content" / "pool.xlsx"
STANDARD, CUSTOM = "standard", "custom"
FORMATS = (STANDARD, CUSTOM)

Entry = tuple[Row, CardRow]


def check_format(fmt: str | None) -> str:
    """The pool format's canonical name (default `standard`); unknown → exit 2."""
    if fmt is None or fmt.strip().casefold() == STANDARD:
        return STANDARD
    if fmt.strip().casefold() == CUSTOM:
        return CUSTOM
    raise InputError(f"unknown format '{fmt}' for {GAME_ID}; formats: {', '.join(FORMATS)} "
                     "(custom: a pool whose card counts differ from the book's)")


def formats(catalog: Path | None = None) -> list[str]:
    """The formats a pool can be checked against."""
    return list(FORMATS)


# ---------------------------------------------------------------- which sheet

def pool_sheet(workbook: Workbook, wanted: str | None) -> RawSheet | None:
    """The pool's sheet: `FILE#SHEET`'s, else `Cards`, else the only sheet; else None."""
    if wanted is not None:
        sheet = workbook.sheet(wanted)
        if sheet is None:
            raise InputError(f"{workbook.display}: no sheet named '{wanted}'"
                             f"{suggest(wanted, workbook.names())}; "
                             f"sheets: {', '.join(workbook.names())}")
        return sheet
    found = workbook.sheet(POOL_SHEET)
    if found is not None:
        return found
    own = [s for s in workbook.sheets if not s.name.strip().startswith("#")]
    return own[0] if len(own) == 1 else None


# ---------------------------------------------------------------- one card

def _rule(field_name: str) -> str:
    return f"{GAME_ID}.card.{field_name or 'row'}"


_NOT_FOR: dict[str, tuple[str, ...]] = {
    # columns a kind has no use for (the number 0 counts as blank)
    "Soldier": ("vp", "penalty", "effect", "role"),
    "Gold": ("type", "swords", "vp", "penalty", "effect", "role"),
    "Dark Omen": ("type", "cost", "swords", "vp", "penalty", "effect", "role"),
    "Location": ("type", "cost", "swords", "gold", "effect"),
    "Champion": ("vp", "penalty", "role"),
}
_FIXED: dict[str, dict[str, tuple[object, str]]] = {
    "Soldier": {"swords": (1, "Soldiers: \"Each Soldier adds one (1) Sword\""),
                "cost": (0, "Purchasing: \"A Soldier Card is free to purchase\""),
                "gold": (0, "a Soldier provides no Gold"),
                "type": ("Warrior", "Soldiers: \"counts as a Warrior-type Champion\"")},
    "Gold": {"gold": (1, "Gold: \"Each Gold icon has a value of one (1)\""),
             "cost": (1, "Purchasing: \"A Treasure Card costs 1 Gold to Purchase\"")},
    "Dark Omen": {"gold": (1, "Dark Omens: \"they are worth one (1) Gold\"")},
}
_HEADERS = {c.field: c.header for c in CARD_COLUMNS}


def _given(card: CardRow, name: str) -> bool:
    value = getattr(card, name)
    if name == "penalty":
        return value is not None and value[0] != P_NONE
    return value not in (None, 0, "")


EFFECT_GOLD = {"Monk": 2, "SellSword": 1}
"""Monk: "Each Monk is provides you +2 Gold"; SellSword: "The SellSword provides you +1
Gold" (the engine adds it on top of the card's own `Gold`)."""


def _gold_twice(row: Row, card: CardRow, report: Report) -> None:
    """Warn at the Gold cell of a Monk or SellSword that also gives Gold of its own: the
    two add up (a Monk with Gold 2 gives 4), which is seldom what the designer meant."""
    extra = EFFECT_GOLD.get(card.effect or "")
    if card.kind == "Champion" and extra and card.gold:
        report.warning(_rule("gold-twice"), f"a {card.effect} already provides +{extra} "
                       f"Gold; with Gold {card.gold} here this card gives "
                       f"{card.gold + extra} (leave Gold blank for the book's card)",
                       row.loc("gold"))


def check_card(row: Row, card: CardRow, report: Report) -> bool:
    """The checks that depend on the card's kind, each at its cell; False on an error."""
    errors_before, _ = report.errors_so_far()
    kind = card.kind
    article = "an" if kind[0] in "AEIOU" else "a"
    for name, (value, why) in _FIXED.get(kind, {}).items():
        got = getattr(card, name)
        if got is not None and got != value:
            report.error(_rule(name), f"{_HEADERS[name]} of {article} {kind} is fixed at "
                         f"{value} by the rules ({why}); got {got}, leave it blank",
                         row.loc(name))
    for name in _NOT_FOR[kind]:
        if _given(card, name) and name not in _FIXED.get(kind, {}):
            report.error(_rule(name), f"{_HEADERS[name]} is not used for {article} {kind}; "
                         "leave it blank", row.loc(name))
    if kind == "Champion":
        # "Each Champion has a Type, Name, and Cost."
        for name, what in (("type", "Warrior, Mystic or Rogue"), ("cost", "its Gold cost"),
                           ("swords", "its Swords (0 or more)")):
            if getattr(card, name) is None:
                report.error(_rule(name), f"{_HEADERS[name]} is required for a Champion: "
                             f"{what}", row.loc(name), caused_by=row.cause(name))
    if kind == "Location" and card.vp is None:
        # "Take a number of victory points described on the Location card."
        report.error(_rule("vp"), "VP is required for a Location: the victory points its "
                     "winner takes", row.loc("vp"), caused_by=row.cause("vp"))
    _gold_twice(row, card, report)
    return report.errors_so_far()[0] == errors_before


def _resolve_art(row: Row, report: Report) -> Path | None:
    """The Art cell as an absolute path inside the workbook's folder (`art_file`)."""
    loc = row.loc(ART.field)
    return art_file(row.get(ART.field), Path(loc.file).resolve().parent, loc, report,
                    f"{GAME_ID}.card.art", f"{GAME_ID}.card.art-missing")


THRONE_NAMES = ("valiant throne", "the valiant throne")
"""Names that mark the Valiant Throne in a pool without a `Role` column."""


def role_of_name(name: str) -> str | None:
    """The role a Location's name gives it by the rulebook's names ("the Valiant Throne
    Location card and one (1) Village"): Throne for 'Valiant Throne', Village for a name
    whose last word is Village ('Millbrook Village'); None for any other."""
    words = name.casefold().split()
    if " ".join(words) in THRONE_NAMES:
        return THRONE
    if words and words[-1] == VILLAGE.casefold():
        return VILLAGE
    return None


def _role_by_name(row: Row, card: CardRow, report: Report) -> CardRow:
    """FORMATS: the Throne and the Village "are marked by a documented column or name".
    Without a `Role` column, a Location named as the book names them takes that role,
    and an info line at its name says so."""
    role = role_of_name(card.name) if card.kind == "Location" else None
    if role is None:
        return card
    what = "the Valiant Throne" if role == THRONE else "a Village"
    report.info(f"{GAME_ID}.card.role-by-name", f"'{card.name}' is {what} by its name (the "
                f"sheet has no Role column)", row.loc("name"))
    return card.model_copy(update={"role": role})


def _identity(card: CardRow) -> tuple:
    s = card.settled()
    return (s.kind, s.type, s.cost, s.swords, s.gold, s.vp, s.penalty, s.effect, s.role)


def read_cards(sheet: RawSheet, report: Report) -> tuple[list[Entry], int]:
    """The pool sheet's valid cards as (row, card) pairs, and how many rows were skipped.

    Every problem is reported at its cell; a row with an error is left out.
    """
    table = read_table(sheet, CARD_COLUMNS, report, qty=True)
    if any(col.required and not table.has(col.field) for col in CARD_COLUMNS):
        return [], 0  # the missing column is reported once, at the header row
    entries: list[Entry] = []
    skipped = 0
    first: dict[str, Entry] = {}
    for row in table.rows:
        card = to_model(CardRow, row, report, _rule)
        warn_unknown_icons(row.get("text"), row.loc("text"), report, _rule("icon"))
        if card is None or not check_card(row, card, report):
            skipped += 1
            continue
        card = card.model_copy(update={"art_path": _resolve_art(row, report)})
        if not table.has("role"):
            card = _role_by_name(row, card, report)
        key = card.name.casefold()
        if key in first:
            first_row, earlier = first[key]
            where = f"row {first_row.location.row}"
            if _identity(earlier) != _identity(card):
                report.error(f"{GAME_ID}.card.duplicate",
                             f"'{card.name}' is already a different card at {where}; one "
                             "name is one card, so this row is left out", row.loc("name"))
                skipped += 1
                continue
            report.warning(f"{GAME_ID}.card.repeated",
                           f"'{card.name}' repeats {where}; the copies add up (Qty is the "
                           "usual way)", row.loc("name"))
        else:
            first[key] = (row, card)
        entries.append((row, card))
    return entries, skipped


# ---------------------------------------------------------------- the pool

@dataclass(frozen=True)
class Seats:
    """Which player counts a pool can seat, and for the others why not: (rule, reason)."""

    ok: tuple[int, ...]
    why_not: dict[int, list[tuple[str, str]]]


def seats_of(counts: Counter, throne: int, villages: int) -> Seats:
    """The player counts the pool can deal: starting decks, the location deck, a Throne
    and a Village ("Starting Deck"; "Victory Conditions")."""
    ok: list[int] = []
    why: dict[int, list[tuple[str, str]]] = {}
    others = counts["Location"] - min(throne, 1)
    for players in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        short = [("starting-decks", f"{need * players} {kind} cards for the starting decks "
                  f"(has {counts[kind]})")
                 for kind, need in START_DECK.items() if counts[kind] < need * players]
        # "Take a random number of Locations based on the player count ... then add the
        # Valiant throne to the bottom of the deck and the Village to the top": the
        # table's count, and the Village besides.
        locations = TABLE[players][0] + 1
        if others < locations:
            short.append(("locations", f"{locations} Locations besides the Valiant Throne "
                          f"(a Village and {locations - 1} more; has {others})"))
        if throne != 1 or villages < 1:
            short.append(("throne", "one Valiant Throne and a Village"))
        if short:
            why[players] = short
        else:
            ok.append(players)
    return Seats(tuple(ok), why)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _where_kind(entries: list[Entry], kind: str, limit: int, sheet: RawSheet) -> Location:
    """The Qty cell where a kind's count passes `limit`, else its last row's, else the sheet."""
    seen = 0
    last = None
    for row, card in entries:
        if card.kind != kind:
            continue
        seen += row.qty
        last = row
        if seen > limit:
            return row.loc("qty") if "qty" in row.locations else row.location
    if last is None:
        return sheet.location
    return last.loc("qty") if "qty" in last.locations else last.location


MAX_POOL = 1_000
"""The most cards a pool may hold, Qty counted (five times the book's 192): every card is
dealt, shuffled and searched in every game, so a bigger pool is refused at its cell."""


def _where_count(entries: list[Entry], limit: int, sheet: RawSheet) -> Location:
    """The Qty cell (or row) at which the pool's running count passes ``limit``."""
    seen = 0
    for row, _ in entries:
        seen += row.qty
        if seen > limit:
            return row.loc("qty") if "qty" in row.locations else row.location
    return sheet.location


def _qty_cells(entries: list[Entry], kind: str | None) -> tuple[Location, ...]:
    """The Qty cells (Name cells without a Qty column) that count towards a kind's
    total (None: every kind)."""
    return tuple(row.locations.get("qty") or row.loc("name") for row, card in entries
                 if kind is None or card.kind == kind)


def check_pool(entries: list[Entry], sheet: RawSheet, fmt: str, report: Report,
               skipped: int = 0) -> Seats:
    """The pool-wide rules over its valid cards (Qty counted); returns what it can seat."""
    where = sheet.location
    note = f" (not counting {_plural(skipped, 'skipped row')})" if skipped else ""
    counts: Counter = Counter()
    for row, card in entries:
        counts[card.kind] += row.qty
    total = sum(counts.values())
    if total > MAX_POOL:  # every seat's deck is dealt from the pool: bound its size
        report.error(f"{GAME_ID}.pool.total",
                     f"the pool holds {total:,} cards{note}, more than the {MAX_POOL:,} a "
                     f"pool may hold (the book's has {BOOK_TOTAL})",
                     _where_count(entries, MAX_POOL, sheet))
    standard = fmt == STANDARD
    root = None  # the first count off the book's: the total and the seats follow from it
    if standard:
        # Components: "192 Valiant Wars Cards - 36 Soldiers - 54 Gold - 25 Dark Omens -
        # 14 Locations - 63 Champions"
        for kind in KINDS:
            need = BOOK_COUNTS[kind]
            if counts[kind] != need:
                cells = _qty_cells(entries, kind)
                problem = report.error(
                             f"{GAME_ID}.pool.count",
                             f"the pool holds {_plural(counts[kind], kind + ' card')}{note}, "
                             "the book's "
                             f"has {need}: {gap(counts[kind], need)} (counted at "
                             f"{cell_span(cells) or 'no row'}; use --format custom for "
                             "another pool)", _where_kind(entries, kind, need, sheet), cells)
                root = root or problem
        if total != BOOK_TOTAL:
            report.error(f"{GAME_ID}.pool.total", f"the pool holds {total} cards{note}, the "
                         f"book's has {BOOK_TOTAL}: {gap(total, BOOK_TOTAL)}",
                         _where_count(entries, BOOK_TOTAL, sheet), _qty_cells(entries, None),
                         caused_by=root)
    elif total:
        listing = ", ".join(f"{counts[k]} {k}" for k in KINDS)
        report.info(f"{GAME_ID}.pool.count", f"custom pool of {total} cards: {listing} (the "
                    f"book's: {', '.join(f'{BOOK_COUNTS[k]} {k}' for k in KINDS)})", where)
    # "pull out the Valiant Throne Location card and one (1) Village"
    thrones = [(r, c) for r, c in entries if c.role == THRONE]
    throne = sum(r.qty for r, _ in thrones)
    if throne == 0:
        report.error(f"{GAME_ID}.pool.throne", "no Location is the Valiant Throne: mark one "
                     f"with Role '{THRONE}' (without a Role column: name it 'Valiant Throne')",
                     where)
    elif throne > 1:
        row = thrones[1][0] if len(thrones) > 1 else thrones[0][0]
        report.error(f"{GAME_ID}.pool.throne", f"{throne} Valiant Thrones; the location deck "
                     "has one at its bottom", row.loc("role") if len(thrones) > 1
                     else row.loc("qty"))
    villages = sum(r.qty for r, c in entries if c.role == VILLAGE)
    if villages == 0:
        report.error(f"{GAME_ID}.pool.village", "no Location is a Village: mark at least one "
                     f"with Role '{VILLAGE}' (without a Role column: a name ending in "
                     f"'{VILLAGE}'; one is dealt on top of the location deck)", where)
    seats = seats_of(counts, throne, villages)
    # "Give each player their starting deck of: Five (5) Gold cards, Three (3) Dark Omen
    # cards, Two (2) Soldier cards" and the Victory Conditions table. The Throne and the
    # Village are reported above.
    for players, reasons in seats.why_not.items():
        told = [(rule, text) for rule, text in reasons if rule != "throne"]
        if not told:
            continue
        text = "; ".join(t for _, t in told)
        message = f"the pool cannot seat {players} players: it needs {text}"
        if standard or not seats.ok:
            for rule in dict.fromkeys(r for r, _ in told):
                report.error(f"{GAME_ID}.pool.{rule}", message, where, caused_by=root)
        else:
            report.warning(f"{GAME_ID}.pool.players", message, where)
    # "There should always be five (5) Champions in the Market."
    if counts["Champion"] < MARKET_SIZE:
        message = (f"{_plural(counts['Champion'], 'Champion')}: the Market shows "
                   f"{MARKET_SIZE}")
        if standard:
            report.error(f"{GAME_ID}.pool.market", message, where)
        else:
            report.warning(f"{GAME_ID}.pool.market", message + " (it starts short)", where)
    return seats


# ---------------------------------------------------------------- whole files

@dataclass(slots=True)
class LoadedPool:
    """A pool as printing and play need it.

    `cards` are the valid rows' cards with what the rules fix filled in (`settled`), in
    sheet order, Qty expanded; `distinct` each card once; `seats` the player counts it can
    deal; `valid` the verdict.
    """

    name: str
    format: str
    cards: list[CardRow] = field(default_factory=list)
    distinct: list[CardRow] = field(default_factory=list)
    seats: tuple[int, ...] = ()
    valid: bool = True
    file: str = ""


MAX_CARDS = 20_000
"""Qty is expanded only up to this many cards (a pool beyond it cannot be dealt anyway)."""


def _pool_file(req: ValidateRequest) -> ValidateRequest:
    if req.catalog is not None and req.catalog.resolve() != req.file.resolve():
        raise InputError("a Valiant Wars pool is its own catalog: give the pool file once "
                         "(as FILE, or --deck for play), not also --catalog")
    return req


def load_decks(req: ValidateRequest) -> tuple[ValidationResult, list[LoadedPool]]:
    """Validate a pool file; the result and the pool (one `LoadedPool`, none if the file
    holds no pool sheet)."""
    fmt = check_format(req.format)
    req = _pool_file(req)
    workbook = open_workbook(req.file)
    sheet = pool_sheet(workbook, req.sheet)
    report = Report()
    if sheet is None:
        report.error(f"{GAME_ID}.pool.no-sheet",
                     f"no sheet named '{POOL_SHEET}' among {', '.join(workbook.names())}; "
                     f"name the pool's sheet '{POOL_SHEET}' or pick one with FILE#SHEET",
                     Location(workbook.display))
        return ValidationResult(GAME_ID, workbook.display,
                                [DeckResult(workbook.display, fmt, report)]), []
    for other in workbook.sheets:
        if other is not sheet and not other.name.strip().startswith("#") and req.sheet is None:
            report.info(f"{GAME_ID}.file.other-sheet",
                        f"sheet '{other.name}' is not read: the pool is '{sheet.name}' (pick "
                        f"another with FILE#{other.name})", other.location)
    mark = len(report.problems)
    entries, skipped = read_cards(sheet, report)
    missing_column = any(p.rule == "sheet.missing-column" for p in report.problems)
    # A skipped row leaves its cards out of every count: what a pool short of the book's
    # then lacks follows from the first skipped row's problem (counted on it, not
    # listed again); a pool over the book's count is not explained by a missing row.
    short = fmt != STANDARD or sum(row.qty for row, _ in entries) < BOOK_TOTAL
    root = report.knock_on_root(mark, report.first_error(mark) is not None and short)
    seats: tuple[int, ...] = ()
    if not entries and not skipped and not missing_column:
        report.error(f"{GAME_ID}.pool.empty", "the sheet lists no cards; a pool holds "
                     f"{BOOK_TOTAL} in the book's game", sheet.location)
    elif not missing_column:
        with report.because(root):
            seats = check_pool(entries, sheet, fmt, report, skipped).ok
    result = ValidationResult(GAME_ID, workbook.display,
                              [DeckResult(sheet.name, fmt, report)])
    total = sum(row.qty for row, _ in entries)
    settled = [(row, card.settled()) for row, card in entries]
    cards = [] if total > MAX_CARDS else [c for row, c in settled for _ in range(row.qty)]
    distinct = list({c.name.casefold(): c for _, c in settled}.values())
    return result, [LoadedPool(sheet.name, fmt, cards, distinct, seats, result.valid,
                               workbook.display)]


def validate(req: ValidateRequest) -> ValidationResult:
    """`pnp validate valiantwars FILE`: the pool's cards and composition, each problem located."""
    return load_decks(req)[0]


def read_pool(path: Path | None = None) -> LoadedPool | None:
    """The pool of a file (the bundled one by default), for printing its catalog."""
    _, pools = load_decks(ValidateRequest(path or DEFAULT_POOL))
    return pools[0] if pools else None
