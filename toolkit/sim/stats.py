"""Streaming statistics over many games; memory does not grow with the number of games.

`Stats` folds one game at a time: wins per seat (with 95% Wilson intervals), draws,
unfinished games, game length (sum, maximum and a bounded histogram for the median),
the reasons games ended, and counters (how often each rule, ability and ruling fired).
Two `Stats` merge exactly (integer sums), so any split of the games over processes gives
the same figures.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field

HISTOGRAM_SIZE = 4096
"""Lengths at or above this share the last bucket (the median is then a lower bound)."""


def wilson(successes: int, trials: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if trials <= 0:
        return (0.0, 0.0)
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


_T95 = (12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281)
"""Student's t quantiles (two-sided 95%) for 1 to 10 degrees of freedom."""


def t95(df: int) -> float:
    """Student's t quantile of a two-sided 95% interval with ``df`` degrees of freedom
    (tabled up to 10, the Cornish-Fisher expansion beyond: within 0.001 from 11 on)."""
    if df <= 0:
        return math.inf
    if df <= len(_T95):
        return _T95[df - 1]
    z = Z95
    return (z + (z ** 3 + z) / (4 * df) + (5 * z ** 5 + 16 * z ** 3 + 3 * z) / (96 * df ** 2)
            + (3 * z ** 7 + 19 * z ** 5 + 17 * z ** 3 - 15 * z) / (384 * df ** 3))


def cluster_interval(clusters: Iterable[tuple[float, float]]) -> tuple[float, float, float]:
    """(rate, low, high): a win rate over games that come in clusters, and its 95% interval.

    Each cluster is ``(successes, trials)`` of games that are not independent of each
    other (games sharing a deal or a seed: the same deal played from every seat order,
    every table of a run playing the same seeds). The rate is their ratio of sums; the
    interval is the cluster-robust one (the ratio estimator's sandwich variance with the
    small-sample factor G/(G-1) and Student's t on G-1 degrees of freedom), widened to
    Wilson's interval over the games, so it is never narrower than treating every game as
    independent and stays sensible at rates of 0 or 1. With one cluster only Wilson's
    interval can be drawn, and it is returned."""
    pairs = [(float(s), float(n)) for s, n in clusters if n > 0]
    trials = sum(n for _, n in pairs)
    if not trials:
        return (0.0, 0.0, 0.0)
    successes = sum(s for s, _ in pairs)
    rate = successes / trials
    low, high = wilson(round(successes), round(trials))
    g = len(pairs)
    if g >= 2:
        spread = sum((s - rate * n) ** 2 for s, n in pairs)
        half = t95(g - 1) * math.sqrt(g / (g - 1) * spread) / trials
        low, high = min(low, max(0.0, rate - half)), max(high, min(1.0, rate + half))
    return (rate, low, high)


@dataclass
class Stats:
    """Folded results of games (see the module docstring)."""

    seats: int = 2
    games: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    unfinished: int = 0
    length_sum: int = 0
    length_max: int = 0
    histogram: dict[int, int] = field(default_factory=dict)
    end_reasons: dict[str, int] = field(default_factory=dict)
    counters: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.wins:
            self.wins = [0] * self.seats

    def add(self, winner: int | None, finished: bool, length: int, reason: str) -> None:
        """Fold one game: ``winner`` seat or None (draw), or not ``finished``."""
        self.games += 1
        self.end_reasons[reason] = self.end_reasons.get(reason, 0) + 1
        if not finished:
            self.unfinished += 1
            return
        if winner is None:
            self.draws += 1
        else:
            self.wins[winner] += 1
        self.length_sum += length
        if length > self.length_max:
            self.length_max = length
        bucket = min(length, HISTOGRAM_SIZE - 1)
        self.histogram[bucket] = self.histogram.get(bucket, 0) + 1

    def count(self, counts: dict[str, int]) -> None:
        """Add counters (e.g. rule coverage counts of one process)."""
        mine = self.counters
        for key, n in counts.items():
            mine[key] = mine.get(key, 0) + n

    def merge(self, other: Stats) -> None:
        """Fold another `Stats` into this one."""
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins, strict=True)]
        self.draws += other.draws
        self.unfinished += other.unfinished
        self.length_sum += other.length_sum
        self.length_max = max(self.length_max, other.length_max)
        for bucket, n in other.histogram.items():
            self.histogram[bucket] = self.histogram.get(bucket, 0) + n
        for reason, n in other.end_reasons.items():
            self.end_reasons[reason] = self.end_reasons.get(reason, 0) + n
        self.count(other.counters)

    @property
    def finished(self) -> int:
        """Games that ended (won or drawn)."""
        return self.games - self.unfinished

    def mean_length(self) -> float:
        """Mean length of the finished games."""
        return self.length_sum / self.finished if self.finished else 0.0

    def median_length(self) -> float:
        """Median length of the finished games (from the histogram)."""
        n = self.finished
        if not n:
            return 0.0
        lows = (n - 1) // 2, n // 2
        found = []
        seen = 0
        for bucket in sorted(self.histogram):
            seen += self.histogram[bucket]
            while len(found) < 2 and seen > lows[len(found)]:
                found.append(bucket)
            if len(found) == 2:
                break
        return (found[0] + found[1]) / 2

    def win_rate_ci(self) -> list[dict[str, float]]:
        """Per seat: the win rate over all games and its 95% Wilson interval."""
        out = []
        for wins in self.wins:
            low, high = wilson(wins, self.games)
            rate = wins / self.games if self.games else 0.0
            out.append({"rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4)})
        return out


@dataclass
class ClusterSums:
    """A rate over clusters of games, folded as exact integer sums so that any split of
    the clusters over processes merges to the same figures, and memory stays constant.

    Each cluster adds ``(successes, trials)``; `interval` is `cluster_interval` over all
    of them (the sandwich variance needs only the sums of s², s·n and n² besides the
    totals, kept as integers, so it is the same for any order of merging)."""

    clusters: int = 0
    successes: int = 0
    trials: int = 0
    s2: int = 0
    sn: int = 0
    n2: int = 0

    def add(self, successes: int, trials: int) -> None:
        """Fold one cluster (ignored when it has no trials, as `cluster_interval` does)."""
        if trials <= 0:
            return
        self.clusters += 1
        self.successes += successes
        self.trials += trials
        self.s2 += successes * successes
        self.sn += successes * trials
        self.n2 += trials * trials

    def merge(self, other: ClusterSums) -> None:
        """Fold another `ClusterSums` into this one."""
        self.clusters += other.clusters
        self.successes += other.successes
        self.trials += other.trials
        self.s2 += other.s2
        self.sn += other.sn
        self.n2 += other.n2

    def interval(self) -> tuple[float, float, float]:
        """(rate, low, high): the same as `cluster_interval` of the folded clusters."""
        n, s, g = self.trials, self.successes, self.clusters
        if not n:
            return (0.0, 0.0, 0.0)
        rate = s / n
        low, high = wilson(s, n)
        if g >= 2:
            # sum over clusters of (s_i - rate * n_i)^2, times n^2, in exact integers
            spread = (n * n * self.s2 - 2 * s * n * self.sn + s * s * self.n2) / (n * n)
            half = t95(g - 1) * math.sqrt(g / (g - 1) * max(0.0, spread)) / n
            low, high = min(low, max(0.0, rate - half)), max(high, min(1.0, rate + half))
        return (rate, low, high)

    def to_json(self) -> dict[str, float]:
        """``{"rate", "low", "high"}`` rounded to 4 places (the reports' form)."""
        rate, low, high = self.interval()
        return {"rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4)}


def _sums(count: int) -> list[ClusterSums]:
    return [ClusterSums() for _ in range(count)]


@dataclass
class DealStats:
    """What a run's games say about seats, decks and the first player, clustered by
    deal (the games of one seed in every seat order), and the rulings and offers.

    Columns: ``results`` are the columns of ``results.wins`` (each deck as given when the
    decks move between seats, else each seat or side); ``seats`` the places at the table
    (each seat, or each side in a team game); ``entries`` the line-up as given (deck and
    agent k, wherever they sat). Every rate's trials are the games of the deal, except
    ``first`` (the first player's wins) and ``entry_decided`` (each entry's wins), whose
    trials are the games someone won: their fair share is exactly 1/columns.
    ``decided`` counts, per ruling id, the games in which it fired at least once;
    ``offered`` per coverage id the decisions (2+ legal actions) where the engine's
    ``offered`` hook said a choice would use it. All sums are integers, so any split of
    the deals over processes merges to the same figures."""

    results: list[ClusterSums] = field(default_factory=list)
    seats: list[ClusterSums] = field(default_factory=list)
    entries: list[ClusterSums] = field(default_factory=list)
    entry_decided: list[ClusterSums] = field(default_factory=list)
    first: ClusterSums = field(default_factory=ClusterSums)
    deals: int = 0
    decided: dict[str, int] = field(default_factory=dict)
    offered: dict[str, int] = field(default_factory=dict)

    @classmethod
    def sized(cls, results: int, seats: int, entries: int) -> DealStats:
        """Empty statistics for these numbers of columns."""
        return cls(_sums(results), _sums(seats), _sums(entries), _sums(entries))

    def add_deal(self, games: int, decisive: int, results: Iterable[int],
                 seats: Iterable[int], entries: Iterable[int], first_wins: int) -> None:
        """Fold one deal: its games, the games someone won, the wins per column of each
        kind, and the first player's wins."""
        self.deals += 1
        for sums, wins in zip(self.results, results, strict=True):
            sums.add(wins, games)
        for sums, wins in zip(self.seats, seats, strict=True):
            sums.add(wins, games)
        for (sums, won), wins in zip(zip(self.entries, self.entry_decided, strict=True),
                                     entries, strict=True):
            sums.add(wins, games)
            won.add(wins, decisive)
        self.first.add(first_wins, decisive)

    def merge(self, other: DealStats) -> None:
        """Fold another `DealStats` (later deals) into this one."""
        for mine, theirs in ((self.results, other.results), (self.seats, other.seats),
                             (self.entries, other.entries),
                             (self.entry_decided, other.entry_decided)):
            if not mine:
                mine.extend(ClusterSums() for _ in theirs)
            for a, b in zip(mine, theirs, strict=True):
                a.merge(b)
        self.first.merge(other.first)
        self.deals += other.deals
        for mine_counts, their_counts in ((self.decided, other.decided),
                                          (self.offered, other.offered)):
            for key, n in their_counts.items():
                mine_counts[key] = mine_counts.get(key, 0) + n
