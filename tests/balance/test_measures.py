"""The statistics against known answers."""

from __future__ import annotations

import math
from random import Random

import pytest

from toolkit.balance.measures import (
    binomial,
    bradley_terry,
    elo,
    holm,
    mean_ci,
    normal_p,
    percentile,
)


def test_holm_adjusts_step_down_and_keeps_order():
    # m = 4: sorted p 0.01, 0.02, 0.03, 0.04 → 0.04, 0.06, 0.06 (monotone), 0.06
    assert holm([0.03, 0.01, 0.04, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])


def test_mean_ci_and_normal_p():
    mean, low, high = mean_ci([1.0, 2.0, 3.0, 4.0])
    half = 1.959963984540054 * math.sqrt((5 / 3) / 4)
    assert mean == 2.5 and low == pytest.approx(2.5 - half) and high == pytest.approx(2.5 + half)
    assert normal_p(1.959963984540054) == pytest.approx(0.05)
    assert normal_p(0.0) == pytest.approx(1.0)


def test_bradley_terry_recovers_known_strengths():
    """Simulated round robin with strengths 4 : 2 : 1; the fit finds their ratios."""
    truth = [4.0, 2.0, 1.0]
    rng = Random(3)
    tables = []
    for a, b in ((0, 1), (0, 2), (1, 2)):
        n = 4000
        wins_a = sum(rng.random() < truth[a] / (truth[a] + truth[b]) for _ in range(n))
        tables.append(((a, b), [float(wins_a), float(n - wins_a)], n))
    gamma = bradley_terry(3, tables)
    assert gamma[0] / gamma[1] == pytest.approx(2.0, rel=0.1)
    assert gamma[1] / gamma[2] == pytest.approx(2.0, rel=0.1)
    assert math.prod(gamma) == pytest.approx(1.0)
    assert elo(1.0) == 1500.0 and elo(10.0) == pytest.approx(1900.0)


def test_luce_form_for_tables_of_three():
    """P(i wins at a table) = g_i / sum of g: one table of three, shares 3 : 2 : 1."""
    tables = [((0, 1, 2), [3000.0, 2000.0, 1000.0], 6000)]
    gamma = bradley_terry(3, tables)
    assert gamma[0] / gamma[2] == pytest.approx(3.0, rel=0.02)
    assert gamma[1] / gamma[2] == pytest.approx(2.0, rel=0.02)


def test_a_deck_that_never_wins_keeps_a_finite_strength():
    gamma = bradley_terry(2, [((0, 1), [10.0, 0.0], 10)])
    assert 0 < gamma[1] < gamma[0] and all(math.isfinite(g) for g in gamma)


def test_binomial_mean_and_bounds():
    rng = Random(1)
    small = [binomial(rng, 20, 0.3) for _ in range(3000)]
    large = [binomial(rng, 500, 0.3) for _ in range(3000)]
    assert sum(small) / 3000 == pytest.approx(6.0, rel=0.05)
    assert sum(large) / 3000 == pytest.approx(150.0, rel=0.02)
    assert binomial(rng, 10, 0.0) == 0 and binomial(rng, 10, 1.0) == 10


def test_percentile_interpolates():
    assert percentile([0.0, 10.0], 0.25) == 2.5
    assert percentile([1.0, 2.0, 3.0], 0.5) == 2.0


def test_wald_errors_shrink_as_one_over_root_n_and_match_the_bootstrap():
    from toolkit.balance.measures import bradley_terry_se

    def se_for(n):
        tables = [((0, 1), [0.6 * n, 0.4 * n], n)]
        return bradley_terry_se(bradley_terry(2, tables), tables)

    small, large = se_for(1000), se_for(4000)
    assert large[0] == pytest.approx(small[0] / 2, rel=0.02)
    # against a bootstrap of the same data: the spread of the fitted log-strength
    rng = Random(5)
    n = 1000
    fits = []
    for _ in range(300):
        wins = binomial(rng, n, 0.6)
        fits.append(math.log(bradley_terry(2, [((0, 1), [wins, n - wins], n)])[0]))
    mean = sum(fits) / len(fits)
    spread = math.sqrt(sum((f - mean) ** 2 for f in fits) / (len(fits) - 1))
    assert small[0] == pytest.approx(spread, rel=0.2)
