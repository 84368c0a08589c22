"""Folding a plan's batch results into per-deck, per-table and per-pair counts.

Batches are read in plan order, so the tally (and every report drawn from it) is the
same whichever worker played which batch in which order. Scores count a win as 1 and a
draw as 1/N of a win (N players at the table), in integer units of 1/N so sums are exact;
unfinished games count only towards completion.

With shared set-ups (plan.py) each table is one set-up at every seat; N is then its number
of result columns (Banners' two sides, in 1v1 and 2v2 alike), and a set-up's score is the
first column's: side 1's (or seat 1's) win rate on it, 1/N being even.

Every table plays the same seeds from every seat order, so the games of one seed (one
**deal**) are not independent of each other: a deal that favours a seat or a deck does
so at every table. The tally therefore keeps every count per deal as well (per table and
member, per deck, for the first player), and every interval of the report is drawn over
deals (`analysis`). Deal ``k`` is the seed ``plan.seed + k``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from toolkit.sim.engine import capabilities_of
from toolkit.sim.harness import Unfinished, Violation
from toolkit.sim.stats import Stats

from .plan import Plan
from .work import DRAW, UNFINISHED, BatchResult


@dataclass
class TableTally:
    """One table (set of decks) over all its seat orders."""

    members: tuple[int, ...]
    units: list[int]
    """Per member: its score in units (a win N, a draw 1)."""
    finished: int = 0
    draws: int = 0
    deal_units: list[int] = field(default_factory=list)
    """Per deal ``k`` and member ``m``, at ``k * len(members) + m``: its units in that
    deal's games at this table (every seat order)."""
    deal_games: list[int] = field(default_factory=list)
    """Per deal: the finished games of that deal at this table."""


@dataclass
class Tally:
    """Everything a report needs, folded from the batches (see the module docstring)."""

    plan: Plan
    stats: Stats
    tables: list[TableTally]
    deck_units: list[int]
    deck_games: list[int]
    """Finished games each deck played."""
    pair_units: dict[tuple[int, int], int] = field(default_factory=dict)
    """(a, b) → a's score units in the finished games where b sat at the table too."""
    pair_games: dict[tuple[int, int], int] = field(default_factory=dict)
    violations: list[Violation] = field(default_factory=list)
    unfinished: list[Unfinished] = field(default_factory=list)
    first_games: int = 0
    first_wins: int = 0
    first_rule: str = ""
    """Who counts as the first player: a sentence for the report."""
    first_by_seed: dict[int, tuple[int, int]] = field(default_factory=dict)
    """Seed → (first player's wins, finished games): every table plays the same few deals,
    so the first player's interval is drawn over deals, not games (`analysis.metrics`).
    Empty when the first player is known only as a count over the run."""
    missing: int = 0
    """Batches of the plan without a result (an interrupted run)."""
    deck_deal_units: list[list[int]] = field(default_factory=list)
    """Per deck, per deal: its units in that deal's games (a shared set-up: the first
    result column's)."""
    deck_deal_games: list[list[int]] = field(default_factory=list)
    """Per deck, per deal: its finished games of that deal."""

    @property
    def players(self) -> int:
        """Players at every table."""
        return self.plan.players

    @property
    def share(self) -> int:
        """N: a win counts N units, a draw 1 (result columns: the players, or the sides at
        a shared set-up)."""
        return self.plan.share

    def score(self, deck: int) -> float:
        """A deck's win rate against the field (draws count 1/N); a shared set-up's first
        result column's win rate."""
        games = self.deck_games[deck]
        return self.deck_units[deck] / (self.share * games) if games else 0.0

    def pair_score(self, a: int, b: int) -> float | None:
        """a's win rate in the games b played too (None if none finished)."""
        games = self.pair_games.get((a, b), 0)
        return self.pair_units[(a, b)] / (self.share * games) if games else None

    @property
    def deals(self) -> int:
        """Deals (seeds) every seat order of a table plays."""
        return self.plan.per_order

    def deck_clusters(self, deck: int) -> list[tuple[float, int]]:
        """A deck's games by deal: (wins, a draw counting 1/N, and finished games) per
        deal, for `toolkit.sim.stats.cluster_interval`."""
        n = self.share
        return [(u / n, g) for u, g in zip(self.deck_deal_units[deck],
                                           self.deck_deal_games[deck], strict=True)]

    def live_deals(self) -> list[int]:
        """The deals with at least one finished game."""
        totals = [0] * self.deals
        for games in self.deck_deal_games:
            for k, g in enumerate(games):
                totals[k] += g
        return [k for k, g in enumerate(totals) if g]


def fold(plan: Plan, results: dict[str, BatchResult], rules: Any) -> Tally:
    """The tally of a plan's results (batches without a result are counted as missing)."""
    n = plan.share
    decks = len(plan.entries)
    deals = plan.per_order
    stats = Stats(seats=plan.players)
    tables = [TableTally(t, [0] * len(t), deal_units=[0] * (deals * len(t)),
                         deal_games=[0] * deals) for t in plan.tables]
    tally = Tally(plan, stats, tables, [0] * decks, [0] * decks,
                  deck_deal_units=[[0] * deals for _ in range(decks)],
                  deck_deal_games=[[0] * deals for _ in range(decks)])
    firsts_known = all(results[b.key].firsts for b in plan.batches if b.key in results)
    for batch in plan.batches:
        result = results.get(batch.key)
        if result is None:
            tally.missing += 1
            continue
        stats.merge(result.stats)
        tally.violations.extend(result.violations)
        tally.unfinished.extend(result.unfinished)
        wins = [0] * n
        draws = finished = 0
        by_seed = tally.first_by_seed
        table = tables[batch.table]
        width = len(table.members)
        # (the letter of its result column in this seat order, deck, its place at the table)
        places = ([("0", batch.seats[0], 0)] if plan.shared else
                  [(str(seat), deck, table.members.index(deck))
                   for seat, deck in enumerate(batch.seats)])
        firsts = result.firsts if firsts_known else ""
        for k, letter in enumerate(result.outcomes):
            if letter == UNFINISHED:
                continue
            finished += 1
            if letter == DRAW:
                draws += 1
            else:
                wins[int(letter)] += 1
            seed = batch.first_seed + k
            deal = seed - plan.seed
            first = firsts[k] if firsts and firsts[k] != "-" else "0"
            won, played = by_seed.get(seed, (0, 0))
            by_seed[seed] = (won + (letter == first), played + 1)
            table.deal_games[deal] += 1
            for column, deck, place in places:
                units = n if letter == column else (1 if letter == DRAW else 0)
                table.deal_units[deal * width + place] += units
                tally.deck_deal_units[deck][deal] += units
                tally.deck_deal_games[deck][deal] += 1
        table.finished += finished
        table.draws += draws
        if plan.shared:  # one set-up at every seat: its score is the first column's
            units = wins[0] * n + draws
            table.units[0] += units
            tally.deck_units[batch.seats[0]] += units
            tally.deck_games[batch.seats[0]] += finished
            continue
        for seat, deck in enumerate(batch.seats):
            units = wins[seat] * n + draws
            table.units[table.members.index(deck)] += units
            tally.deck_units[deck] += units
            tally.deck_games[deck] += finished
            for other in batch.seats:
                if other != deck:
                    pair = (deck, other)
                    tally.pair_units[pair] = tally.pair_units.get(pair, 0) + units
                    tally.pair_games[pair] = tally.pair_games.get(pair, 0) + finished
    tally.violations.sort(key=lambda v: (v.seed, v.step, v.invariant))
    tally.unfinished.sort(key=lambda u: u.seed)
    _first_player(tally, rules, firsts_known and bool(results))
    return tally


def _first_player(tally: Tally, rules: Any, recorded: bool) -> None:
    """Who moved first and how often they won: the engine's `first_player` where the
    harness records it game by game (``recorded``: counted per deal in `fold`), else the
    engine's own count over the run where it keeps one (Battle Gate's cut, per seat;
    Banners' first roll, per side; no deals then), else the first seat (per deal)."""
    stats = tally.stats
    if recorded:
        tally.first_games = sum(g for _, g in tally.first_by_seed.values())
        tally.first_wins = sum(w for w, _ in tally.first_by_seed.values())
        tally.first_rule = "the player who went first (the engine's first_player)"
        return
    if capabilities_of(rules).provides("game_stats"):
        own = rules.game_stats(stats.counters, list(tally.plan.columns), stats.finished)
        rows = own.get("seats") or list((own.get("sides") or {}).values())
        if rows and all("first" in r and "first_wins" in r for r in rows):
            tally.first_games = sum(r["first"] for r in rows)
            tally.first_wins = sum(r["first_wins"] for r in rows)
            tally.first_rule = "the player who took the first turn, as the engine counts it"
            tally.first_by_seed = {}  # the engine counts first players per run, not per deal
            return
    tally.first_games = stats.finished
    tally.first_wins = stats.wins[0] if stats.wins else 0
    tally.first_rule = ("the first seat (seats are rotated, so every deck sits there equally)"
                        if not tally.plan.shared else
                        f"{tally.plan.columns[0]} (every set-up seats it first)")
