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


def test_student_p_against_tables():
    from toolkit.balance.measures import student_p

    # two-sided 5% points of Student's t (Fisher and Yates' table)
    for df, t in ((1, 12.706), (4, 2.776), (9, 2.262), (29, 2.045)):
        assert student_p(t, df) == pytest.approx(0.05, abs=2e-4)
    assert student_p(4.0, 3) == pytest.approx(0.0280, abs=1e-4)
    assert student_p(0.0, 5) == pytest.approx(1.0)
    assert student_p(1.959964, 10**6) == pytest.approx(0.05, abs=1e-5)  # the normal's
    assert student_p(3.0, 0) == 1.0 and student_p(math.inf, 4) == 0.0


def test_weighted_median():
    from toolkit.balance.measures import weighted_median

    assert weighted_median([(3.0, 1), (1.0, 1), (2.0, 1)]) == 2.0
    assert weighted_median([(1.0, 1), (2.0, 1)]) == 1.5  # exactly half: midway
    assert weighted_median([(1.0, 3), (2.0, 1), (9.0, 1)]) == 1.0


def test_isotonic_l1_is_monotone_exact_and_robust():
    from toolkit.balance.measures import isotonic_l1

    rising = [(1, 0.4, 1), (2, 0.5, 1), (3, 0.6, 1)]
    assert isotonic_l1(rising) == [(1, 0.4), (2, 0.5), (3, 0.6)]  # already monotone: kept
    # 2 falls below 1: the two prices pool to the median of their five points
    pooled = isotonic_l1([(1, 0.5, 1), (1, 0.9, 1), (1, 0.52, 1), (2, 0.45, 1),
                          (2, 0.47, 1), (3, 0.6, 1)])
    assert pooled == [(1, 0.5), (2, 0.5), (3, 0.6)]
    falling = isotonic_l1([(x, 1.0 - 0.1 * x, 1) for x in range(1, 6)])
    levels = [y for _, y in falling]
    assert levels == sorted(levels) and len(set(levels)) == 1  # never falls: flat
    # one wild card does not move its price's level: the median of that price
    wild = isotonic_l1([(1, 0.4, 1), (2, 0.5, 1), (2, 0.51, 1), (2, 0.49, 1), (2, 0.99, 1),
                        (3, 0.6, 1)])
    assert dict(wild)[2] == pytest.approx(0.505)


def test_reading_prices_off_a_monotone_curve():
    from toolkit.balance.measures import inverse_prices, step_value

    levels = [(1.0, 0.4), (2.0, 0.5), (3.0, 0.5), (4.0, 0.6)]
    assert step_value(levels, 1.5) == pytest.approx(0.45)
    assert step_value(levels, 0.0) == 0.4 and step_value(levels, 9.0) == 0.6
    assert inverse_prices(levels, 0.45) == pytest.approx((1.5, 1.5))
    assert inverse_prices(levels, 0.5) == (2.0, 3.0)  # flat from 2 to 3
    assert inverse_prices(levels, 0.55) == pytest.approx((3.5, 3.5))
    assert inverse_prices(levels, 0.39) is None and inverse_prices(levels, 0.61) is None


def test_cluster_errors_of_bradley_terry_grow_when_deals_repeat_games():
    """Ten deals of 100 games: drawn independently the sandwich over deals agrees with
    the Wald errors; when each deal's 100 games are one game told 100 times, it is
    about ten times wider (the root of 100 games a deal), as it should be."""
    from toolkit.balance.measures import bradley_terry_cluster_se, bradley_terry_se

    rng = Random(11)
    independent, copied = [], []
    for _ in range(10):
        wins = binomial(rng, 100, 0.6)
        independent.append([((0, 1), [float(wins), float(100 - wins)], 100)])
        once = float(rng.random() < 0.6)
        copied.append([((0, 1), [100 * once, 100 * (1 - once)], 100)])
    for deals in (independent, copied):
        total = sum(d[0][1][0] for d in deals)
        tables = [((0, 1), [total, 1000 - total], 1000)]
        gamma = bradley_terry(2, tables)
        wald = bradley_terry_se(gamma, tables)[0]
        clustered = bradley_terry_cluster_se(gamma, tables, deals)[0]
        if deals is independent:
            assert clustered == pytest.approx(wald, rel=0.45)
        else:
            assert clustered > 6 * wald
    # fewer than two deals: nothing to cluster, the Wald errors
    tables = independent[0]
    gamma = bradley_terry(2, tables)
    assert bradley_terry_cluster_se(gamma, tables, [tables]) == bradley_terry_se(gamma, tables)
