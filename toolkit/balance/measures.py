"""Statistics of balance runs, in plain Python: intervals, ratings, tests and fits.

- `mean_ci`: a mean and its normal 95% interval;
- `bradley_terry`: Bradley-Terry strengths, in their Luce form for tables of N players
  (P(i wins at table T) = g_i / sum of g_j over T), fitted by Hunter's MM algorithm; a
  drawn game gives each player at the table 1/N of a win, and every deck gets one virtual
  win and one virtual loss against an average deck (strength 1), so a deck that never
  wins (or never loses) keeps a finite strength;
- `bradley_terry_se`: Wald standard errors of the log-strengths (the inverse of the
  observed information), for runs too big to bootstrap;
- `bradley_terry_cluster_se`: the same errors made robust to games that share a deal
  (the sandwich estimator over deals, with the small-sample factor G/(G-1));
- `binomial`: a binomial draw (exact for small n, normal beyond), for the bootstrap;
- `holm`: Holm's step-down correction of p-values for many comparisons;
- `student_p`: the two-sided p-value of Student's t (the paired test over deals);
- `weighted_median` and `isotonic_l1`: the robust, non-decreasing fit of the cost curve
  (weighted least absolute deviations under the constraint that strength never falls as
  the price rises, by the pool-adjacent-violators algorithm);
- `line_fit`: a weighted least-squares line with the standard errors of its coefficients.

Every random draw comes from a `random.Random` the caller seeds, so reports are
reproducible.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
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


def _information(gamma: Sequence[float], tables: Sequence[Table]) -> list[list[float]]:
    """The observed information of the log-strengths (Luce likelihood, virtual games
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
    return info


def _centred(cov: list[list[float]]) -> list[float]:
    """Standard errors of theta_i - mean(theta) from the covariance of the thetas: the
    strengths are reported relative to their geometric mean, whose common level the data
    cannot tell apart."""
    k = len(cov)
    row_means = [sum(r) / k for r in cov]
    grand = sum(row_means) / k
    return [math.sqrt(max(0.0, cov[i][i] - 2 * row_means[i] + grand)) for i in range(k)]


def bradley_terry_se(gamma: Sequence[float], tables: Sequence[Table]) -> list[float]:
    """Standard errors of the log-strengths (relative to their mean) at the fit ``gamma``
    (Wald: the inverse of the observed information of the Luce likelihood, virtual games
    included), every game taken as independent."""
    return _centred(_invert(_information(gamma, tables)))


def bradley_terry_cluster_se(gamma: Sequence[float], tables: Sequence[Table],
                             deals: Iterable[Sequence[Table]]) -> list[float]:
    """Standard errors of the log-strengths (relative to their mean) robust to games that
    share a deal: the sandwich I^-1 B I^-1, where I is the observed information of all
    ``tables`` and B sums the outer products of each deal's score (its tables' wins minus
    the wins the fit expects there), times G/(G-1) for G deals. ``deals`` holds, per deal,
    the tables as they were in that deal's games alone (their sum is ``tables``)."""
    k = len(gamma)
    g_count = 0
    meat = [[0.0] * k for _ in range(k)]
    for deal in deals:
        g_count += 1
        score = [0.0] * k
        for members, won, n in deal:
            if not n:
                continue
            total = sum(gamma[i] for i in members)
            for i, w in zip(members, won, strict=True):
                score[i] += w - n * gamma[i] / total
        nonzero = [(i, v) for i, v in enumerate(score) if v]
        for i, u in nonzero:
            row = meat[i]
            for j, v in nonzero:
                row[j] += u * v
    if g_count < 2:
        return bradley_terry_se(gamma, tables)
    bread = _invert(_information(gamma, tables))
    factor = g_count / (g_count - 1)
    half = [[sum(bread[i][m] * meat[m][j] for m in range(k)) for j in range(k)]
            for i in range(k)]
    cov = [[factor * sum(half[i][m] * bread[m][j] for m in range(k)) for j in range(k)]
           for i in range(k)]
    return _centred(cov)


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


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified
    Lentz's method, as in Numerical Recipes' betacf)."""
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < 1e-14:
            break
    return h


def incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def student_p(t: float, df: int) -> float:
    """The two-sided p-value of Student's t with ``df`` degrees of freedom (1 when there
    is none)."""
    if df <= 0 or math.isnan(t):
        return 1.0
    if math.isinf(t):
        return 0.0
    return incomplete_beta(df / 2.0, 0.5, df / (df + t * t))


def weighted_median(values: Sequence[tuple[float, float]]) -> float:
    """The weighted median of (value, weight) pairs: the smallest value at which the
    weight at or below it reaches half the total; midway to the next value when it is
    exactly half (so equal weights give the usual median)."""
    ordered = sorted(values)
    total = sum(w for _, w in ordered)
    seen = 0.0
    for index, (value, weight) in enumerate(ordered):
        seen += weight
        if seen >= total / 2 * (1 - 1e-12):
            if abs(seen - total / 2) <= 1e-12 * total and index + 1 < len(ordered):
                return (value + ordered[index + 1][0]) / 2
            return value
    return ordered[-1][0]


def isotonic_l1(points: Sequence[tuple[float, float, float]]) -> list[tuple[float, float]]:
    """The non-decreasing step function of x closest to (x, y, weight) points in weighted
    absolute deviation: [(x, level)] for each distinct x, ascending, levels never falling.

    Points of one x share its level. The pool-adjacent-violators algorithm: levels are
    the weighted medians of their points; wherever a level falls below the one before,
    the two blocks are pooled and take the weighted median of all their points. A
    median, not a mean, so one card far off the others moves its level little (robust);
    PAVA is exact for any convex loss of each point, absolute deviation included.
    """
    by_x: dict[float, list[tuple[float, float]]] = {}
    for x, y, w in points:
        by_x.setdefault(x, []).append((y, w))
    blocks: list[tuple[list[float], list[tuple[float, float]], float]] = []
    for x in sorted(by_x):
        xs, members = [x], list(by_x[x])
        level = weighted_median(members)
        while blocks and blocks[-1][2] > level:
            before_xs, before, _ = blocks.pop()
            xs, members = before_xs + xs, before + members
            level = weighted_median(members)
        blocks.append((xs, members, level))
    return [(x, level) for xs, _, level in blocks for x in xs]


def step_value(levels: Sequence[tuple[float, float]], x: float) -> float:
    """A fitted curve's value at ``x``: its levels joined by straight lines between the
    prices that carry them, flat beyond the first and the last."""
    if x <= levels[0][0]:
        return levels[0][1]
    for (x0, y0), (x1, y1) in zip(levels, levels[1:], strict=False):
        if x <= x1:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    return levels[-1][1]


def inverse_prices(levels: Sequence[tuple[float, float]],
                   y: float) -> tuple[float, float] | None:
    """The prices where a non-decreasing curve (`step_value`) takes the value ``y``: the
    lowest and highest of them (equal where the curve rises through ``y``, apart where it
    is flat at ``y``), or None when ``y`` lies below its first level or above its last
    (the curve says nothing there)."""
    if y < levels[0][1] or y > levels[-1][1]:
        return None
    low = high = None
    for (x0, y0), (x1, y1) in zip(levels, levels[1:], strict=False):
        if y0 <= y <= y1:
            at = x0 if y1 == y0 else x0 + (x1 - x0) * (y - y0) / (y1 - y0)
            if low is None:
                low = x0 if y0 == y else at
            high = x1 if y1 == y else at
    if low is None:  # a single price
        return levels[0][0], levels[0][0]
    return low, high
