"""WarBadge's decks for `pnp sweep`: every team a format allows from a catalog, or K of them.

Setup: "each player secretly chooses 6 WarBadges to use: 1 Gold, 2 Silver and 3 Bronze,
with a total value of exactly 10" (quick: "4 WarBadges: 1 Gold, 1 Silver and 2 Bronze,
with a total value of 7"; custom formats from the catalog's `Formats` sheet). The
rulebook sets no limit on copies of one badge (FORMATS.md), so a team is a multiset of
catalog badges with the format's rank counts and total value.

The legal teams are counted without listing them (per rank, the number of multisets of
each size and total value, then the ways to add up to the format's total), so a team can
be drawn by its number in a fixed order: badges in catalog order, teams ordered by
the value each rank contributes and then copy by copy. `--sample K` draws K different
numbers uniformly (every team equally likely) and lists them in that order; without a
sample every team is listed. Teams are named `T<n> <Gold badge>` in the order they come.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from toolkit.balance.plan import MAX_LISTED
from toolkit.balance.pool import DeckPool, SweepRequest, composition_key
from toolkit.core.errors import InputError
from toolkit.core.report import DeckResult, Report, ValidationResult
from toolkit.core.sheets import open_workbook
from toolkit.games.warbadge.deck import (
    DEFAULT_CATALOG,
    Catalog,
    Format,
    LoadedDeck,
    load_catalog,
)
from toolkit.games.warbadge.models import RANKS, Badge


class _Rank:
    """The multisets of one rank's badges, counted by size and total value."""

    def __init__(self, badges: list[Badge]) -> None:
        self.badges = badges
        self.values = tuple(b.value for b in badges)

        @cache
        def ways(pos: int, size: int, value: int) -> int:
            """Multisets of ``size`` badges from ``badges[pos:]`` worth ``value`` in all."""
            if size == 0:
                return 1 if value == 0 else 0
            if pos == len(self.values) or value <= 0:
                return 0
            v = self.values[pos]
            return sum(ways(pos + 1, size - c, value - c * v)
                       for c in range(size + 1) if c * v <= value)

        self.ways = ways

    def unrank(self, size: int, value: int, index: int) -> list[Badge]:
        """The ``index``-th multiset of that size and value (copies of earlier badges first)."""
        out: list[Badge] = []
        pos = 0
        while size:
            v = self.values[pos]
            for c in range(size, -1, -1):
                if c * v > value:
                    continue
                n = self.ways(pos + 1, size - c, value - c * v)
                if index < n:
                    out.extend([self.badges[pos]] * c)
                    size, value = size - c, value - c * v
                    break
                index -= n
            pos += 1
        return out


class Teams:
    """Every legal team of a format from a catalog, numbered ``0 .. total-1``."""

    def __init__(self, catalog: Catalog, fmt: Format) -> None:
        self.fmt = fmt
        badges = list(catalog.badges.values())
        self.ranks = [_Rank([b for b in badges if b.rank == rank]) for rank in RANKS]
        self.sizes = [fmt.rank_count(rank) for rank in RANKS]
        self.splits: list[tuple[tuple[int, int, int], int]] = []
        total = fmt.total_value
        for vg in range(total + 1):
            for vs in range(total - vg + 1):
                vb = total - vg - vs
                n = 1
                for rank, size, value in zip(self.ranks, self.sizes, (vg, vs, vb),
                                             strict=True):
                    n *= rank.ways(0, size, value)
                if n:
                    self.splits.append(((vg, vs, vb), n))
        self.total = sum(n for _, n in self.splits)

    def team(self, index: int) -> list[Badge]:
        """Team number ``index``: its Gold, Silver and Bronze badges."""
        for values, n in self.splits:
            if index >= n:
                index -= n
                continue
            out: list[Badge] = []
            for rank, size, value in zip(self.ranks, self.sizes, values, strict=True):
                count = rank.ways(0, size, value)
                index, mine = divmod(index, count)
                out.extend(rank.unrank(size, value, mine))
            return out
        raise IndexError(index)


def legal(badges: list[Badge], fmt: Format) -> bool:
    """The format's team rules: its size, its rank counts, its exact total value."""
    return (len(badges) == fmt.badges
            and all(sum(b.rank == r for b in badges) == fmt.rank_count(r) for r in RANKS)
            and sum(b.value for b in badges) == fmt.total_value)


def _deck(number: int, badges: list[Badge], fmt: Format, catalog: Catalog) -> LoadedDeck:
    gold = next((b.name for b in badges if b.rank == "Gold"), "")
    return LoadedDeck(f"T{number:02d} {gold}".strip(), fmt, badges, catalog, True)


def sweep_decks(request: SweepRequest) -> DeckPool:
    """The `PlaySpec.sweep` hook (see toolkit/balance/pool.py and the module docstring)."""
    path = Path(request.catalog) if request.catalog is not None else DEFAULT_CATALOG
    workbook = open_workbook(path)
    report = Report()
    catalog = load_catalog(workbook, report)
    if not report.valid or catalog.unusable:
        return DeckPool(report=ValidationResult(
            "warbadge", workbook.display, [DeckResult("catalog", None, report, "catalog")]))
    fmt = catalog.format(request.format or "standard")
    if fmt is None:
        raise InputError(f"format '{request.format}' is not known; formats: "
                         f"{', '.join(catalog.format_names())}")
    prices = {b.name: float(b.value) for b in catalog.badges.values()}
    pool = DeckPool(prices=prices, price_label="value", format=fmt.name)
    if request.compositions is not None:
        for number, names in enumerate(request.compositions, 1):
            badges = [catalog.badge(n) for n in names]
            if any(b is None for b in badges) or not legal(badges, fmt):
                pool.dropped.append(tuple(names))
                continue
            pool.decks.append(_deck(number, badges, fmt, catalog))
        pool.method = (f"The same {len(request.compositions)} {fmt.name} teams as the other "
                       f"version; {len(pool.dropped)} of them are not legal under "
                       f"{workbook.display}.")
    else:
        teams = Teams(catalog, fmt)
        pool.total = teams.total
        numbers = request.drawn(teams.total)
        if numbers is None:
            if teams.total > MAX_LISTED:  # listing them all would not fit
                raise InputError(f"{workbook.display} allows {teams.total:,} legal "
                                 f"{fmt.name} teams, more than the {MAX_LISTED:,} a sweep "
                                 "lists; give --sample K")
            numbers = list(range(teams.total))
            pool.method = (f"Every one of the {teams.total:,} legal {fmt.name} teams of "
                           f"{workbook.display}.")
        else:
            pool.method = (f"{request.sample} of the {teams.total:,} legal {fmt.name} teams "
                           f"of {workbook.display}, drawn uniformly.")
        for k, number in enumerate(numbers, 1):
            pool.decks.append(_deck(k, teams.team(number), fmt, catalog))
    pool.cards = [composition_key([b.name for b in d.badges]) for d in pool.decks]
    return pool
