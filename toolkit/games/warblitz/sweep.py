"""Warblitz's warbands for `pnp sweep`: every legal warband of a catalog counted, K drawn.

"Warband Construction": "All Warbands are to contain: 1 Commander; 3 Elite unit (1x MEL,
1x RNG, 1x Special); 12 Common unit (4x MEL, 4x RNG, 4x Special). Units of the same common
unit class (i.e. MEL, RNG, Special) are to be the same. The events and relics selection
are: 2 Epic Events; 6 Common Events (2x three different Common Events); 1 Epic Relic;
2 Common Relics (2 different relics)."

So a warband is one choice per slot, each independent of the others:

- the Commander;
- per class (Melee, Ranged, Special) one Elite unit of that class;
- per class one Common unit of that class, four copies;
- two Epic Events (the book does not ask them to differ, and neither does the validator:
  a pair of one event is legal);
- three different Common Events, two copies each;
- one Epic Relic;
- two different Common Relics.

One rule ties slots to the commander: Setup's "Each player places their commander, 2
starting units, and terrain on the battlefield as shown on the back of their commander's
card" means a layout (the `Starts` sheet) that names a unit rather than a slot such as
"Common Melee" needs that unit in the warband (the validator's
`warblitz.warband.start-unit`), which fixes the slot of that unit's rank and class.

The legal warbands are counted exactly without listing them (per commander, the product
of each slot's choices: n cards, "k different" C(n, k), "k, repeats allowed"
C(n + k - 1, k)), so a warband is drawn by its number: commanders in catalog order, then
the slots in the order above, each slot's choices in catalog order (itertools'
combinations order). `--sample K` draws K different numbers uniformly (every legal
warband equally likely) and lists them in that order; `--sample all` lists every warband
when there are at most `LIST_LIMIT` (the bundled catalog allows 3,628,800). A warband's
cards are kept in one canonical order (the slots above, catalog order within a slot), so a
card list rebuilt by `pnp compare` is the same deck, card for card. Rebuilt card lists go
through the validator's own warband checks (`deck.read_warband`, `deck.check_composition`)
and the ones it rejects are dropped. Warbands are named `W<n> <Commander>`.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from math import comb, prod
from pathlib import Path

from toolkit.balance.plan import MAX_DECKS
from toolkit.balance.pool import DeckPool, SweepRequest, composition_key
from toolkit.core.errors import InputError
from toolkit.core.report import DeckResult, Report, ValidationResult
from toolkit.core.sheets import RawSheet, open_workbook
from toolkit.games.warblitz.board import read_slot
from toolkit.games.warblitz.deck import (
    COMMON_EVENT_COPIES,
    COMMON_EVENT_KINDS,
    COMMON_RELICS,
    COMMONS_PER_CLASS,
    DEFAULT_CATALOG,
    ELITES_PER_CLASS,
    EPIC_EVENTS,
    EPIC_RELICS,
    FORMAT,
    GAME_ID,
    Catalog,
    LoadedDeck,
    check_composition,
    check_format,
    load_catalog,
    read_warband,
)
from toolkit.games.warblitz.models import CLASSES, Card, Event, Unit

LIST_LIMIT = MAX_DECKS
"""`--sample all` lists every warband up to this many (the most decks one run plays,
toolkit/balance/plan.py); past it the sweep asks for `--sample K`."""


class Slot:
    """One slot of a warband: ``k`` cards chosen from ``cards`` (all different, or
    repeats allowed), each put in the warband ``copies`` times."""

    def __init__(self, cards: Sequence[Card], k: int, copies: int, repeats: bool) -> None:
        self.cards = list(cards)
        self.k, self.copies, self.repeats = k, copies, repeats
        n = len(self.cards)
        self.total = comb(n + k - 1, k) if repeats else comb(n, k)

    def pick(self, index: int) -> list[Card]:
        """Choice number ``index`` (itertools' combinations order), copies included."""
        n, out, start = len(self.cards), [], 0
        for taken in range(self.k):
            left = self.k - taken - 1
            for i in range(start, n):
                count = comb(n - i - 1 + left, left) if self.repeats else comb(n - i - 1, left)
                if index < count:
                    out.extend([self.cards[i]] * self.copies)
                    start = i if self.repeats else i + 1
                    break
                index -= count
        return out


def _slot_key(card: Card) -> int:
    """Where a card sits in the canonical order: the module docstring's slot order."""
    if isinstance(card, Unit):
        if card.rank == "Commander":
            return 0
        offset = 1 if card.rank == "Elite" else 4
        return offset + (CLASSES.index(card.unit_class) if card.unit_class in CLASSES else 3)
    if isinstance(card, Event):
        return 8 if card.tier == "Epic" else 9
    return 10 if card.tier == "Epic" else 11


class Warbands:
    """Every legal warband of a catalog, numbered ``0 .. total-1`` (module docstring)."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.order = {card.name: i for i, card in enumerate(catalog.cards.values())}
        units, events, relics = catalog.units, catalog.events, catalog.relics
        self.elites = {c: [u for u in units if u.rank == "Elite" and u.unit_class == c]
                       for c in CLASSES}
        self.commons = {c: [u for u in units if u.rank == "Common" and u.unit_class == c]
                        for c in CLASSES}
        self.shared = [
            Slot([e for e in events if e.tier == "Epic"], EPIC_EVENTS, 1, True),
            Slot([e for e in events if e.tier == "Common"], COMMON_EVENT_KINDS,
                 COMMON_EVENT_COPIES, False),
            Slot([r for r in relics if r.tier == "Epic"], EPIC_RELICS, 1, False),
            Slot([r for r in relics if r.tier == "Common"], COMMON_RELICS, 1, False),
        ]
        self.blocks: list[tuple[Unit, list[Slot], int]] = []
        for commander in (u for u in units if u.rank == "Commander"):
            slots = self._unit_slots(commander) + self.shared
            self.blocks.append((commander, slots, prod(s.total for s in slots)))
        self.total = sum(n for _, _, n in self.blocks)

    def _unit_slots(self, commander: Unit) -> list[Slot]:
        """The six unit slots, narrowed to what the commander's layout names."""
        need: Counter[str] = Counter()
        if commander.start is not None:
            need.update(ref.casefold() for ref, _ in commander.start.units if not read_slot(ref))
        slots = []
        for pool, copies in ((self.elites, ELITES_PER_CLASS), (self.commons, COMMONS_PER_CLASS)):
            for cls in CLASSES:
                cards = pool[cls]
                named = [c for c in cards if c.name.casefold() in need]
                if named:
                    # the layout's unit must be this slot's one card, in enough copies
                    fits = len(named) == 1 and need[named[0].name.casefold()] <= copies
                    cards = named if fits else []
                slots.append(Slot(cards, 1, copies, False))
        placed = {c.name.casefold() for s in slots for c in s.cards}
        if set(need) - placed:
            slots.append(Slot([], 1, 1, False))  # a named unit no unit slot can hold
        return slots

    def warband(self, index: int) -> list[Card]:
        """Warband number ``index``, its cards in the canonical order."""
        for commander, slots, n in self.blocks:
            if index >= n:
                index -= n
                continue
            cards: list[Card] = [commander]
            for slot in reversed(slots):  # the first slot is the most significant digit
                index, mine = divmod(index, slot.total)
                cards.extend(slot.pick(mine))
            return self.canonical(cards)
        raise IndexError(index)

    def canonical(self, cards: list[Card]) -> list[Card]:
        """The cards in the canonical order: by slot, then catalog order."""
        return sorted(cards, key=lambda c: (_slot_key(c), self.order.get(c.name, 0)))


def rebuild(names: Sequence[str], catalog: Catalog) -> list[Card] | None:
    """A card list as this catalog's warband, checked by the validator's own warband rules
    (`read_warband`, `check_composition`); None when they find an error."""
    counts = Counter(names)
    sheet = RawSheet(catalog.file or GAME_ID, "sweep",
                     [(1, ("Card", "Qty"))] + [(row, (name, n)) for row, (name, n)
                                               in enumerate(counts.items(), 2)])
    report = Report()
    entries, listed = read_warband(sheet, catalog, report)
    check_composition(entries, listed, sheet, report)
    return [card for _, card in entries] if report.valid else None


def _deck(number: int, cards: list[Card], catalog: Catalog) -> LoadedDeck:
    return LoadedDeck(f"W{number:02d} {cards[0].name}", FORMAT, True, cards, catalog)


def sweep_decks(request: SweepRequest) -> DeckPool:
    """The `PlaySpec.sweep` hook (see toolkit/balance/pool.py and the module docstring)."""
    fmt = check_format(request.format)
    path = Path(request.catalog) if request.catalog is not None else DEFAULT_CATALOG
    workbook = open_workbook(path)
    report = Report()
    catalog = load_catalog(workbook, report)
    if not report.valid:
        return DeckPool(report=ValidationResult(
            GAME_ID, workbook.display, [DeckResult("catalog", None, report, "catalog")]))
    bands = Warbands(catalog)
    prices = {card.name: float(card.cost) for card in catalog.cards.values()}
    pool = DeckPool(prices=prices, price_label="cost", format=fmt, total=bands.total)
    if request.compositions is not None:
        for number, names in enumerate(request.compositions, 1):
            cards = rebuild(names, catalog)
            if cards is None:
                pool.dropped.append(tuple(names))
            else:
                pool.decks.append(_deck(number, bands.canonical(cards), catalog))
        pool.method = (f"The same {len(request.compositions)} warbands as the other version; "
                       f"{len(pool.dropped)} of them are not legal under {workbook.display}.")
    else:
        numbers = request.drawn(bands.total)
        if numbers is None:
            if bands.total > LIST_LIMIT:
                raise InputError(f"{workbook.display} allows {bands.total:,} legal warbands, "
                                 f"too many to play every one (at most {LIST_LIMIT:,}); "
                                 "give --sample K")
            numbers = list(range(bands.total))
            pool.method = (f"Every one of the {bands.total:,} legal warbands of "
                           f"{workbook.display}.")
        else:
            pool.method = (f"{request.sample} of the {bands.total:,} legal warbands of "
                           f"{workbook.display}, drawn uniformly.")
        for k, number in enumerate(numbers, 1):
            pool.decks.append(_deck(k, bands.warband(number), catalog))
    pool.cards = [composition_key([c.name for c in d.cards]) for d in pool.decks]
    return pool
