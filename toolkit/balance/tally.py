"""Folding a plan's batch results into per-deck, per-table and per-pair counts.

Batches are read in plan order, so the tally (and every report drawn from it) is the
same whichever worker played which batch in which order. Scores count a win as 1 and a
draw as 1/N of a win (N players at the table), in integer units of 1/N so sums are exact;
unfinished games count only towards completion.

With shared set-ups (plan.py) each table is one set-up at every seat; N is then its number
of result columns (Banners' two sides, in 1v1 and 2v2 alike), and a set-up's score is the
first column's: side 1's (or seat 1's) win rate on it, 1/N being even.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

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
    """Seed → (first-seat wins, finished games): every table plays the same few deals, so
    the first player's interval is drawn over deals, not games (`analysis.metrics`)."""
    missing: int = 0
    """Batches of the plan without a result (an interrupted run)."""

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


def fold(plan: Plan, results: dict[str, BatchResult], rules: Any) -> Tally:
    """The tally of a plan's results (batches without a result are counted as missing)."""
    n = plan.share
    decks = len(plan.entries)
    stats = Stats(seats=plan.players)
    tables = [TableTally(t, [0] * len(t)) for t in plan.tables]
    tally = Tally(plan, stats, tables, [0] * decks, [0] * decks)
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
        for k, letter in enumerate(result.outcomes):
            if letter == UNFINISHED:
                continue
            finished += 1
            if letter == DRAW:
                draws += 1
            else:
                wins[int(letter)] += 1
            seed = batch.first_seed + k
            won, played = by_seed.get(seed, (0, 0))
            by_seed[seed] = (won + (letter == "0"), played + 1)
        table = tables[batch.table]
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
    _first_player(tally, rules)
    return tally


def _first_player(tally: Tally, rules: Any) -> None:
    """Who moved first and how often they won: the engine's own count where it keeps one
    (Battle Gate's cut, per seat; Banners' first roll, per side), else the first seat."""
    stats = tally.stats
    if hasattr(rules, "game_stats"):
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
