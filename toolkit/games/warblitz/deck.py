"""Warblitz validation: the catalog (units, events, relics) and each warband's composition.

The rulebook's "Warband Construction":

    All Warbands are to contain:
    * 1 Commander
    * 3 Elite unit (1x MEL, 1x RNG, 1x Special)
    * 12 Common unit (4x MEL, 4x RNG, 4x Special)
    Units of the same common unit class (i.e. MEL, RNG, Special) are to be the same.
    The events and relics selection are:
    * 2 Epic Events
    * 6 Common Events (2x three different Common Events)
    * 1 Epic Relic
    * 2 Common Relics (2 different relics)

Every rule has its own id (`warblitz.warband.*`, `warblitz.catalog.*`, and
`warblitz.unit.<column>` / `warblitz.event.<column>` / `warblitz.relic.<column>` /
`warblitz.start.<column>` for a cell of the catalog); docs/warblitz.md lists them.
The optional `Starts` sheet gives commanders their starting layouts. `load_decks` gives later jobs
(printing, playing) the validated cards of each warband.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.core.art import art_file
from toolkit.core.bundled import package_dir
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import Location, Report, ValidationResult
from toolkit.core.rows import to_model
from toolkit.core.sheets import (
    NameIndex,
    RawSheet,
    Row,
    Workbook,
    clean_text,
    open_workbook,
    read_table,
)
from toolkit.core.validation import Validator, cell_span, gap, warn_unknown_icons
from toolkit.games.warblitz.board import read_slot
from toolkit.games.warblitz.effects import NO_EFFECT
from toolkit.games.warblitz.models import (
    CLASS_ATTACK,
    CLASSES,
    MODELS,
    PHASES,
    WARBAND_COLUMNS,
    Card,
    CatalogCard,
    Event,
    Relic,
    Start,
    Unit,
    phase_code,
)

GAME_ID = "warblitz"
CATALOG_SHEETS = ("Units", "Events", "Relics", "Starts")
DEFAULT_CATALOG = package_dir(__package__) / "content" / "catalog.xlsx"
FORMAT = "standard"
FORMATS = (FORMAT,)

# The one format: "Warband Construction". Slot sizes by name.
COMMANDERS = 1
ELITES_PER_CLASS = 1
COMMONS_PER_CLASS = 4
EPIC_EVENTS = 2
COMMON_EVENTS = 6
COMMON_EVENT_KINDS = 3
COMMON_EVENT_COPIES = 2
EPIC_RELICS = 1
COMMON_RELICS = 2
WARBAND_SIZE = (COMMANDERS + ELITES_PER_CLASS * 3 + COMMONS_PER_CLASS * 3 + EPIC_EVENTS
                + COMMON_EVENTS + EPIC_RELICS + COMMON_RELICS)  # 27


# ---------------------------------------------------------------- catalog

@dataclass(slots=True)
class Catalog:
    """The cards a warband may name: units, events and relics in one name space."""

    file: str | None = None
    folder: Path | None = None
    cards: NameIndex[Card] = field(default_factory=NameIndex)
    """Every card that loaded, by name (case-insensitive), in catalog order."""
    locations: dict[str, Location] = field(default_factory=dict)
    """Each card's row in the catalog, by name as the catalog writes it."""
    broken: NameIndex[Location] = field(default_factory=NameIndex)
    """Names of catalog rows left out because a cell has an error, with their row."""
    starts: dict[str, Location] = field(default_factory=dict)
    """Commanders given a layout on the `Starts` sheet, with that row."""

    def get(self, name: str) -> Card | None:
        """The card of that name (case and stray spaces ignored), or None."""
        return self.cards.get(name)

    def replace(self, card: Card) -> None:
        """Put ``card`` in the place of the card of its name (catalog order kept)."""
        cards: NameIndex[Card] = NameIndex()
        for name, old in zip(self.cards.names(), self.cards.values(), strict=True):
            cards.add(name, card if old.name == card.name else old)
        self.cards = cards

    @property
    def units(self) -> list[Unit]:
        """Every unit, in catalog order."""
        return [c for c in self.cards.values() if isinstance(c, Unit)]

    @property
    def events(self) -> list[Event]:
        """Every event, in catalog order."""
        return [c for c in self.cards.values() if isinstance(c, Event)]

    @property
    def relics(self) -> list[Relic]:
        """Every relic, in catalog order."""
        return [c for c in self.cards.values() if isinstance(c, Relic)]


def _where(loc: Location) -> str:
    return f"{loc.sheet} {loc.cell or f'row {loc.row}'}"


def load_catalog(workbook: Workbook | None, report: Report) -> Catalog:
    """Read the `Units`, `Events`, `Relics` and (optional) `Starts` sheets; every problem
    at its catalog cell.

    A row with a cell error is reported and left out (its name is remembered, so a
    warband naming it is told why); a name already used on any of the three sheets is an
    error at the second one, which is left out. A commander's `Starts` row becomes its
    `start` layout.
    """
    if workbook is None:
        return Catalog()
    catalog = Catalog(workbook.display, workbook.path.resolve().parent)
    seen: NameIndex[Location] = NameIndex()
    for model in MODELS:
        sheet = workbook.sheet(model.sheet)
        if sheet is None:
            report.warning("warblitz.catalog.missing-sheet",
                           f"the catalog has no '{model.sheet}' sheet, so no warband can be "
                           f"legal: every warband needs {model.kind}s",
                           Location(workbook.display))
            continue
        table = read_table(sheet, model.columns, report)
        if any(col.required and not table.has(col.field) for col in model.columns):
            continue  # the missing column is reported; reading rows would repeat it per row
        for row in table.rows:
            _load_row(model, row, catalog, seen, report)
    starts = workbook.sheet(Start.sheet)
    if starts is not None:
        _load_starts(starts, catalog, report)
    return catalog


def _load_row(model: type[CatalogCard], row: Row, catalog: Catalog, seen: NameIndex[Location],
              report: Report) -> None:
    # an Event's Effect reads by its Active cell: with that column unread for a header
    # slip, what the row then breaks follows from the slip
    with report.because(row.cause("active")):
        item = to_model(model, row, report, lambda f: f"{GAME_ID}.{model.kind}.{f or 'row'}")
    warn_unknown_icons(row.get("ability"), row.loc("ability"), report,
                       f"{GAME_ID}.{model.kind}.icon")
    raw_name = row.get("name")
    name = clean_text(raw_name) if raw_name is not None else ""
    if name:
        first = seen.get(name)
        if first is not None:
            # Names are one name space: a warband's `Card` column names any of them.
            report.error(f"{GAME_ID}.catalog.duplicate-name",
                         f"name '{name}' is already used at {_where(first)}; units, events "
                         "and relics share one name space, so this row is left out",
                         row.loc("name"))
            return
        seen.add(name, row.loc("name"))
    if item is None:
        if name:
            catalog.broken.add(name, row.location)
        return
    if isinstance(item, Unit):
        _check_attack(item, row, report)
    _check_effect(model, item, row, report)
    item = _resolve_art(item, row, catalog, report)
    catalog.cards.add(item.name, item)
    catalog.locations[item.name] = row.location


def _check_attack(unit: Unit, row: Row, report: Report) -> None:
    # "Melee units (MEL) can target any adjacent card. Ranged units (RNG) can target any
    # card up to 3 clear straight spaces away." A Special unit may do either.
    if unit.unit_class is None:
        return
    allowed = CLASS_ATTACK[unit.unit_class]
    if unit.attack not in allowed:
        report.error(f"{GAME_ID}.unit.class-attack",
                     f"a {unit.unit_class} unit attacks {' or '.join(allowed)}, "
                     f"got {unit.attack}", row.loc("attack"))


def _check_effect(model: type[CatalogCard], item: Card, row: Row, report: Report) -> None:
    # The printed Ability and the played Effect say the same thing: one without the
    # other is a warning (the engine plays a card without an Effect as a plain card).
    rule = f"{GAME_ID}.{model.kind}."
    if item.ability and item.effect == NO_EFFECT:
        report.warning(rule + "no-effect",
                       f"'{item.name}' has rules text but no Effect: the engine plays it "
                       "without its ability (write it in the effect vocabulary, "
                       "docs/warblitz.md)", row.locations.get("effect") or row.loc("ability"))
    elif not item.ability and item.effect != NO_EFFECT:
        report.warning(rule + "no-ability",
                       f"'{item.name}' has an Effect but no Ability text: the printed card "
                       "will not show its rules", row.loc("ability"))
    if isinstance(item, Event | Relic) and item.phase and phase_code(item.phase) == -1:
        report.warning(rule + "phase",
                       f"Phase '{item.phase}' is not one the engine knows "
                       f"({', '.join(PHASES)}, or blank for any): it is played in any "
                       "phase of its owner's turn", row.loc("phase"))


def _load_starts(sheet: RawSheet, catalog: Catalog, report: Report) -> None:
    """Each `Starts` row: a Commander of the catalog, two starting units that are catalog
    units or warband slots, spaces that do not overlap; the layout goes to its commander."""
    rule = f"{GAME_ID}.start."
    table = read_table(sheet, Start.columns, report)
    if any(col.required and not table.has(col.field) for col in Start.columns):
        return
    for row in table.rows:
        start = to_model(Start, row, report, lambda f: rule + (f.replace("_", "-") or "row"))
        if start is None:
            continue
        commander = catalog.get(start.commander)
        if commander is None and (start.commander in catalog.broken or not catalog.units):
            continue  # the commander's own row is broken: that is reported already
        if not isinstance(commander, Unit) or commander.rank != "Commander":
            what = ("is not a Commander" if commander is not None
                    else f"is not a unit of the catalog"
                    f"{catalog.cards.suggest(start.commander)}")
            report.error(rule + "commander", f"Commander '{start.commander}' {what}",
                         row.loc("commander"))
            continue
        if commander.name in catalog.starts:
            report.error(rule + "duplicate",
                         f"'{commander.name}' already has a layout at "
                         f"{_where(catalog.starts[commander.name])}; this row is left out",
                         row.loc("commander"))
            continue
        if not _check_start_units(start, row, catalog, report, rule) or \
                not _check_start_spaces(start, row, report, rule):
            continue
        catalog.starts[commander.name] = row.location
        catalog.replace(commander.model_copy(update={"start": start.layout()}))


def _check_start_units(start: Start, row: Row, catalog: Catalog, report: Report,
                       rule: str) -> bool:
    ok = True
    refs = (("unit_1", start.unit_1), ("unit_2", start.unit_2))
    for field_name, ref in refs:
        if read_slot(ref):
            continue
        unit = catalog.get(ref)
        if not isinstance(unit, Unit) or unit.rank == "Commander":
            what = ("is a Commander" if isinstance(unit, Unit) else
                    "is not a unit" if unit is not None else
                    f"is neither a unit of the catalog nor a slot such as 'Common Melee'"
                    f"{catalog.cards.suggest(ref)}")
            report.error(rule + field_name.replace("_", "-"), f"'{ref}' {what}",
                         row.loc(field_name))
            ok = False
    if ok and start.unit_1.casefold() == start.unit_2.casefold():
        slot = read_slot(start.unit_1)
        rank = slot[0] if slot else catalog.get(start.unit_1).rank
        if rank == "Elite":
            # "3 Elite unit (1x MEL, 1x RNG, 1x Special)": one copy of each Elite.
            report.error(rule + "unit-2", f"both starting units are '{start.unit_2}', but a "
                         "warband holds one Elite unit of each class", row.loc("unit_2"))
            ok = False
    return ok


def _check_start_spaces(start: Start, row: Row, report: Report, rule: str) -> bool:
    taken: dict[tuple[int, int], str] = {start.commander_space: "the commander"}
    places = [("space_1", start.space_1, "unit 1"), ("space_2", start.space_2, "unit 2")]
    places += [("terrain", space, "terrain") for space in start.terrain]
    for field_name, space, what in places:
        if space in taken:
            report.error(rule + "overlap", f"{what} starts on the space of "
                         f"{taken[space]}", row.loc(field_name))
            return False
        taken[space] = what
    return True


def _resolve_art(item: Card, row: Row, catalog: Catalog, report: Report) -> Card:
    path = art_file(item.art, catalog.folder, row.loc("art"), report,
                    f"{GAME_ID}.{item.kind}.art", f"{GAME_ID}.catalog.art-missing")
    return item if path is None else item.model_copy(update={"art_file": path})


def read_catalog(path: Path | None = None) -> tuple[Catalog, Report]:
    """The catalog of a workbook (the bundled one by default) and its report."""
    report = Report()
    catalog = load_catalog(open_workbook(path or DEFAULT_CATALOG), report)
    return catalog, report


# ---------------------------------------------------------------- warbands

def check_format(fmt: str | None) -> str:
    """The format's canonical name; an unknown one is a misused command (exit 2)."""
    if fmt is None or fmt.strip().casefold() in FORMATS:
        return FORMAT
    raise InputError(f"unknown format '{fmt}' for {GAME_ID}; formats: {', '.join(FORMATS)}")


Entry = tuple[Row, Card]


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _listing(entries: Sequence[Entry]) -> str:
    """`Pike Guard x3, Ember Knight` in first-seen order."""
    counts = Counter(card.name for _, card in entries)
    return ", ".join(f"{name} x{n}" if n > 1 else name for name, n in counts.items())


def _first_breaking(entries: Sequence[Entry], total: int | None = None,
                    kinds: int | None = None, copies: int | None = None) -> Entry | None:
    """The first entry that goes past a limit (total cards, different cards, copies)."""
    counts: Counter[str] = Counter()
    for i, (row, card) in enumerate(entries):
        counts[card.name] += 1
        if (total is not None and i >= total) or \
                (kinds is not None and len(counts) > kinds) or \
                (copies is not None and counts[card.name] > copies):
            return row, card
    return None


def _at(entry: Entry | None, sheet: RawSheet) -> Location:
    return entry[0].loc("card") if entry is not None else sheet.location


def _found(entries: Sequence[Entry]) -> str:
    return f": {_listing(entries)}" if entries else ""


def _check_count(report: Report, sheet: RawSheet, rule: str, entries: Sequence[Entry],
                 need: int, one: str, many: str) -> None:
    if len(entries) != need:
        report.error(rule, f"{_plural(len(entries), one, many)} (need {need})"
                     f"{_found(entries)}", _at(_first_breaking(entries, total=need), sheet))


def read_warband(sheet: RawSheet, catalog: Catalog, report: Report) -> tuple[list[Entry], int]:
    """The warband's cards in order, Qty expanded, and how many cards its rows list.

    Blank, unknown and broken names are reported at their `Card` cell and left out.
    """
    table = read_table(sheet, WARBAND_COLUMNS, report, qty=True, max_qty=WARBAND_SIZE)
    if table.rows and not table.has("card"):
        return [], 0  # the missing `Card` column is reported once
    entries: list[Entry] = []
    listed = 0
    for row in table.rows:
        raw = row.get("card")
        if raw is None:
            report.error(f"{GAME_ID}.warband.blank-card",
                         "Card is empty; name a unit, event or relic of the catalog, "
                         "or delete the row", row.loc("card"))
            continue
        name = clean_text(raw)
        listed += row.qty
        card = catalog.get(name)
        if card is not None:
            entries.extend([(row, card)] * row.qty)
        elif name in catalog.broken:
            report.error(f"{GAME_ID}.warband.invalid-card",
                         f"card '{name}' has errors in the catalog "
                         f"({catalog.file} › {_where(catalog.broken.get(name))}); "
                         "fix them there", row.loc("card"))
        else:
            report.error(f"{GAME_ID}.warband.unknown-card",
                         f"unknown card '{name}'{catalog.cards.suggest(name)}",
                         row.loc("card"))
    return entries, listed


def check_composition(entries: Sequence[Entry], listed: int, sheet: RawSheet,
                      report: Report) -> None:
    """Every "Warband Construction" rule over the warband's cards."""
    rule = f"{GAME_ID}.warband."
    units = [(r, c) for r, c in entries if isinstance(c, Unit)]
    events = [(r, c) for r, c in entries if isinstance(c, Event)]
    relics = [(r, c) for r, c in entries if isinstance(c, Relic)]

    # "All Warbands are to contain:" the slots below, 27 cards in all.
    if listed != WARBAND_SIZE:
        cells = tuple(dict.fromkeys(row.loc("card") for row, _ in entries))
        report.error(rule + "size", f"the warband holds {_plural(listed, 'card', 'cards')}, "
                     f"it needs {WARBAND_SIZE}: {gap(listed, WARBAND_SIZE)}"
                     + (f" (the cards counted are at {cell_span(cells)}, Qty counted)"
                        if cells else ""), cells[0] if cells else sheet.location, cells)

    # "1 Commander"
    commanders = [e for e in units if e[1].rank == "Commander"]
    _check_count(report, sheet, rule + "commander", commanders, COMMANDERS,
                 "Commander", "Commanders")

    # "3 Elite unit (1x MEL, 1x RNG, 1x Special)"
    for cls in CLASSES:
        elites = [e for e in units if e[1].rank == "Elite" and e[1].unit_class == cls]
        _check_count(report, sheet, rule + "elites", elites, ELITES_PER_CLASS,
                     f"{cls} Elite unit", f"{cls} Elite units")

    # "12 Common unit (4x MEL, 4x RNG, 4x Special)" and "Units of the same common unit
    # class (i.e. MEL, RNG, Special) are to be the same."
    for cls in CLASSES:
        commons = [e for e in units if e[1].rank == "Common" and e[1].unit_class == cls]
        _check_count(report, sheet, rule + "commons", commons, COMMONS_PER_CLASS,
                     f"{cls} Common unit", f"{cls} Common units")
        if len({c.name for _, c in commons}) > 1:
            report.error(rule + "commons-same",
                         f"the {cls} Common units must all be the same card, found "
                         f"{_listing(commons)}",
                         _at(_first_breaking(commons, kinds=1), sheet))

    # "2 Epic Events"
    _check_count(report, sheet, rule + "epic-events", [e for e in events if e[1].tier == "Epic"],
                 EPIC_EVENTS, "Epic Event", "Epic Events")

    # "6 Common Events (2x three different Common Events)"
    common_events = [e for e in events if e[1].tier == "Common"]
    counts = Counter(c.name for _, c in common_events)
    breaking = _first_breaking(common_events, COMMON_EVENTS, COMMON_EVENT_KINDS,
                               COMMON_EVENT_COPIES)
    if len(common_events) != COMMON_EVENTS:
        report.error(rule + "common-events",
                     f"{_plural(len(common_events), 'Common Event', 'Common Events')} "
                     f"(need {COMMON_EVENTS}: three different events, two copies each)"
                     f"{_found(common_events)}", _at(breaking, sheet))
    elif len(counts) != COMMON_EVENT_KINDS or set(counts.values()) != {COMMON_EVENT_COPIES}:
        report.error(rule + "common-events",
                     "the Common Events must be three different events, two copies each, "
                     f"found {_listing(common_events)}", _at(breaking, sheet))

    # "1 Epic Relic"
    _check_count(report, sheet, rule + "epic-relic", [e for e in relics if e[1].tier == "Epic"],
                 EPIC_RELICS, "Epic Relic", "Epic Relics")

    # "2 Common Relics (2 different relics)"
    common_relics = [e for e in relics if e[1].tier == "Common"]
    breaking = _first_breaking(common_relics, COMMON_RELICS, copies=1)
    if len(common_relics) != COMMON_RELICS:
        report.error(rule + "common-relics",
                     f"{_plural(len(common_relics), 'Common Relic', 'Common Relics')} "
                     f"(need {COMMON_RELICS}, two different relics){_found(common_relics)}",
                     _at(breaking, sheet))
    elif len({c.name for _, c in common_relics}) != COMMON_RELICS:
        report.error(rule + "common-relics",
                     f"the Common Relics must be two different relics, found "
                     f"{_listing(common_relics)}", _at(breaking, sheet))

    # Setup: "Each player places their commander, 2 starting units, and terrain on the
    # battlefield as shown on the back of their commander's card": named starting units
    # must be in the warband (a slot such as "Common Melee" always is).
    if len(commanders) == 1 and commanders[0][1].start is not None:
        need = Counter(ref.casefold() for ref, _ in commanders[0][1].start.units
                       if not read_slot(ref))
        have = Counter(c.name.casefold() for _, c in units)
        for ref, n in need.items():
            if have[ref] < n:
                name = next(r for r, _ in commanders[0][1].start.units if r.casefold() == ref)
                report.error(rule + "start-unit",
                             f"the layout of {commanders[0][1].name} starts with "
                             f"{_plural(n, 'copy', 'copies')} of {name}, the warband holds "
                             f"{have[ref]}", commanders[0][0].loc("card"))

    # "Each player chooses a faction deck or builds a custom deck": mixing is allowed.
    factions = Counter(c.faction for _, c in entries if c.faction)
    if len(factions) > 1:
        mix = ", ".join(f"{f} x{n}" for f, n in factions.items())
        report.info(rule + "factions", f"the warband mixes factions ({mix}); allowed as a "
                    "custom deck", sheet.location)


def _check(sheet: RawSheet, catalog: Catalog, report: Report,
           fmt: str | None) -> tuple[str, list[Card]]:
    fmt = check_format(fmt)
    mark = len(report.problems)
    entries, listed = read_warband(sheet, catalog, report)
    if listed == 0 and not entries:
        if not any(p.rule == "sheet.missing-column" for p in report.problems):
            report.error(f"{GAME_ID}.warband.size",
                         f"the warband holds no cards, it needs {WARBAND_SIZE}",
                         sheet.location)
        return fmt, []
    # a row naming no usable card, or skipped for its Qty, is not counted: when the
    # warband is the right size with it (or short, for an unread Qty), what it then
    # lacks follows from that row's problem (counted on it, not listed again)
    qty_skipped = any(p.rule == "sheet.qty" for p in report.problems[mark:])
    explained = listed == WARBAND_SIZE or (qty_skipped and listed < WARBAND_SIZE)
    with report.because(report.knock_on_root(mark, explained)):
        check_composition(entries, listed, sheet, report)
    return fmt, [card for _, card in entries]


def check_deck(sheet: RawSheet, catalog: Catalog, report: Report, fmt: str | None) -> str:
    """Check one warband sheet against the catalog; returns the format name."""
    return _check(sheet, catalog, report, fmt)[0]


VALIDATOR: Validator[Catalog] = Validator(GAME_ID, CATALOG_SHEETS, DEFAULT_CATALOG,
                                          load_catalog, check_deck)


def validate(req: ValidateRequest) -> ValidationResult:
    """`pnp validate warblitz FILE`: the catalog and every warband, each problem located."""
    check_format(req.format)
    return VALIDATOR.validate(req)


# ---------------------------------------------------------------- for print and play

@dataclass(frozen=True, slots=True)
class LoadedDeck:
    """One warband as later jobs need it: its cards in order, Qty expanded.

    `cards` holds the validated models (`Unit`, `Event`, `Relic`; each has `fields()`,
    keyed by spreadsheet header); unknown or broken names are left out, so check `valid`
    (or the `ValidationResult`) before playing.
    """

    name: str
    format: str
    valid: bool
    cards: list[Card]
    catalog: Catalog


def load_decks(req: ValidateRequest) -> tuple[ValidationResult, list[LoadedDeck]]:
    """Validate like `pnp validate` and also return each warband's cards, in sheet order."""
    check_format(req.format)
    loaded: dict[str, tuple[str, list[Card], Catalog]] = {}

    def capture(sheet: RawSheet, catalog: Catalog, report: Report, fmt: str | None) -> str:
        name, cards = _check(sheet, catalog, report, fmt)
        loaded[sheet.name] = (name, cards, catalog)
        return name

    result = dataclasses.replace(VALIDATOR, check_deck=capture).validate(req)
    decks = []
    for deck in result.decks:
        if deck.kind == "deck" and deck.name in loaded:
            fmt, cards, catalog = loaded[deck.name]
            decks.append(LoadedDeck(deck.name, fmt, deck.valid, cards, catalog))
    return result, decks
