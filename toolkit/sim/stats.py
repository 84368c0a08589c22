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
