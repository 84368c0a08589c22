"""Statistics of balance runs, in plain Python: intervals, ratings, tests and fits.

- `mean_ci`: a mean and its normal 95% interval;
- `bradley_terry`: Bradley-Terry strengths, in their Luce form for tables of N players
  (P(i wins at table T) = g_i / sum of g_j over T), fitted by Hunter's MM algorithm; a
  drawn game gives each player at the table 1/N of a win, and every deck gets one virtual
  win and one virtual loss against an average deck (strength 1), so a deck that never
  wins (or never loses) keeps a finite strength;
- `bradley_terry_se`: Wald standard errors of the log-strengths (the inverse of the
  observed information), for runs too big to bootstrap;
- `binomial`: a binomial draw (exact for small n, normal beyond), for the bootstrap;
- `holm`: Holm's step-down correction of p-values for many comparisons;
- `line_fit`: a weighted least-squares line with the standard errors of its coefficients.

Every random draw comes from a `random.Random` the caller seeds, so reports are
reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from random import Random

Z95 = 1.959963984540054


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """(mean, low, high): the mean and its normal 95% interval (0-width below 2 values)."""
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0)
    mean = sum(values) / n
    if n < 2:
        return (mean, mean, mean)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic."""
    return math.erfc(abs(z) / math.sqrt(2))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm-adjusted p-values (same order): reject where the adjusted value < alpha."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    adjusted = [1.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[i]))
        adjusted[i] = running
    return adjusted


def binomial(rng: Random, n: int, p: float) -> int:
    """A Binomial(n, p) draw: exact for n <= 64, else the normal approximation (rounded,
    clipped), which the bootstrap needs only to be fast and close."""
    if p <= 0.0 or n <= 0:
        return 0
    if p >= 1.0:
        return n
    if n <= 64:
        return sum(1 for _ in range(n) if rng.random() < p)
    draw = round(rng.gauss(n * p, math.sqrt(n * p * (1 - p))))
    return min(n, max(0, draw))


Table = tuple[tuple[int, ...], list[float], int]
"""A table for `bradley_terry`: (deck indices, wins of each of them, finished games)."""


def bradley_terry(decks: int, tables: Sequence[Table], *, start: list[float] | None = None,
                  iterations: int = 500, tolerance: float = 1e-9) -> list[float]:
    """Strengths g_i (geometric mean 1) of the Luce model by MM (see the module docstring)."""
    wins = [1.0] * decks  # the virtual win...
    gamma = list(start) if start else [1.0] * decks
    for members, won, _ in tables:
        for i, w in zip(members, won, strict=True):
            wins[i] += w
    for _ in range(iterations):
        denominator = [2.0 / (g + 1.0) for g in gamma]  # ...in two virtual games
        for members, _, n in tables:
            if n:
                share = n / sum(gamma[i] for i in members)
                for i in members:
                    denominator[i] += share
        new = [w / d for w, d in zip(wins, denominator, strict=True)]
        scale = math.exp(sum(math.log(g) for g in new) / decks)
        new = [g / scale for g in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, gamma, strict=True))
        gamma = new
        if change < tolerance:
            break
    return gamma


def bradley_terry_se(gamma: Sequence[float], tables: Sequence[Table]) -> list[float]:
    """Standard errors of the log-strengths (relative to their mean) at the fit ``gamma``
    (Wald: the inverse of the observed information of the Luce likelihood, virtual games
    included)."""
    k = len(gamma)
    info = [[0.0] * k for _ in range(k)]
    for i, g in enumerate(gamma):
        p = g / (g + 1.0)
        info[i][i] += 2.0 * p * (1.0 - p)  # the two virtual games
    for members, _, n in tables:
        if not n:
            continue
        total = sum(gamma[i] for i in members)
        shares = [gamma[i] / total for i in members]
        for a, i in enumerate(members):
            info[i][i] += n * shares[a]
            for b, j in enumerate(members):
                info[i][j] -= n * shares[a] * shares[b]
    cov = _invert(info)
    # the strengths are reported relative to their geometric mean: the errors are those
    # of theta_i - mean(theta), whose common level the data cannot tell apart
    row_means = [sum(r) / k for r in cov]
    grand = sum(row_means) / k
    return [math.sqrt(max(0.0, cov[i][i] - 2 * row_means[i] + grand)) for i in range(k)]


def _invert(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a symmetric positive definite matrix (Gauss-Jordan, pivoting)."""
    k = len(matrix)
    a = [row[:] + [1.0 if i == j else 0.0 for j in range(k)] for i, row in enumerate(matrix)]
    for col in range(k):
        pivot = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        lead = a[col][col]
        if abs(lead) < 1e-300:
            raise ZeroDivisionError("singular information matrix")
        row = [x / lead for x in a[col]]
        a[col] = row
        for r in range(k):
            if r != col and a[r][col]:
                factor = a[r][col]
                a[r] = [x - factor * y for x, y in zip(a[r], row, strict=True)]
    return [r[k:] for r in a]


def elo(gamma: float) -> float:
    """A Bradley-Terry strength on the Elo scale (1500 for the average deck)."""
    return 1500.0 + 400.0 * math.log10(gamma)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile (0..1) of sorted values, by linear interpolation."""
    if not sorted_values:
        return 0.0
    pos = q * (len(sorted_values) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (pos - low)


def line_fit(xs: Sequence[float], ys: Sequence[float],
             weights: Sequence[float]) -> tuple[float, float, float, float] | None:
    """Weighted least squares y = a + b x: (a, b, se_a, se_b), or None if x never varies.

    Weights are inverse variances; the standard errors are scaled by the fit's own
    residual variance when it exceeds what the weights promise (over-dispersion)."""
    n = len(xs)
    sw = sum(weights)
    if n < 3 or sw <= 0:
        return None
    mx = sum(w * x for w, x in zip(weights, xs, strict=True)) / sw
    my = sum(w * y for w, y in zip(weights, ys, strict=True)) / sw
    sxx = sum(w * (x - mx) ** 2 for w, x in zip(weights, xs, strict=True))
    if sxx <= 0:
        return None
    b = sum(w * (x - mx) * (y - my) for w, x, y in zip(weights, xs, ys, strict=True)) / sxx
    a = my - b * mx
    chi2 = sum(w * (y - a - b * x) ** 2 for w, x, y in zip(weights, xs, ys, strict=True))
    dispersion = max(1.0, chi2 / (n - 2))
    se_b = math.sqrt(dispersion / sxx)
    se_a = math.sqrt(dispersion * (1.0 / sw + mx * mx / sxx))
    return a, b, se_a, se_b
