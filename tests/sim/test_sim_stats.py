"""Streaming statistics: Wilson intervals, medians from the histogram, exact merges."""

from __future__ import annotations

import statistics
from random import Random

import pytest

from toolkit.sim.log import GameLog
from toolkit.sim.stats import HISTOGRAM_SIZE, Stats, wilson


def test_wilson_interval():
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    assert wilson(0, 0) == (0.0, 0.0)
    low, high = wilson(0, 10)
    assert low == 0.0 and 0 < high < 0.35


def test_median_and_mean_match_exact_values():
    rng = Random(1)
    lengths = [rng.randrange(1, 40) for _ in range(501)]
    st = Stats()
    for i, n in enumerate(lengths):
        st.add(i % 2 if i % 7 else None, True, n, "r")
    assert st.median_length() == statistics.median(lengths)
    assert st.mean_length() == pytest.approx(statistics.mean(lengths))
    assert st.length_max == max(lengths)
    even = Stats()
    for n in (1, 2, 3, 10):
        even.add(0, True, n, "r")
    assert even.median_length() == 2.5


def test_memory_is_bounded():
    st = Stats()
    for n in range(3 * HISTOGRAM_SIZE):
        st.add(0, True, n, "r")
    assert len(st.histogram) <= HISTOGRAM_SIZE and st.length_max == 3 * HISTOGRAM_SIZE - 1


def test_merge_equals_one_pass():
    rng = Random(2)
    games = [(rng.choice([0, 1, None]), rng.random() > 0.1, rng.randrange(30),
              rng.choice("ab")) for _ in range(300)]
    whole = Stats()
    parts = [Stats(), Stats(), Stats()]
    for i, g in enumerate(games):
        whole.add(*g)
        parts[i % 3].add(*g)
    whole.count({"x": 3})
    parts[1].count({"x": 3})
    merged = Stats()
    for part in parts:
        merged.merge(part)
    assert merged == whole
    assert merged.games == merged.finished + merged.unfinished
    assert sum(merged.wins) + merged.draws == merged.finished


def test_win_rate_ci():
    st = Stats()
    for i in range(10):
        st.add(0 if i < 7 else 1, True, 3, "r")
    ci = st.win_rate_ci()
    assert ci[0]["rate"] == 0.7 and ci[0]["low"] < 0.7 < ci[0]["high"]


def test_game_log_markdown():
    log = GameLog("t — seed 1", ["- Seat 1: x"], explain=lambda rid: "because" if
                  rid.startswith("r.") else None)
    log.event("round", "Round 1")
    log.step(1, "random", "does", "legal")
    log.event("fired", "r.one")
    log.event("fired", "r.one")
    log.event("fired", "rule.not-a-ruling")
    log.event("end", "A wins")
    text = log.text()
    assert text.startswith("# t — seed 1\n")
    assert "## Round 1" in text and "- 1. random: does _(legal)_" in text
    assert "ruling `r.one`: because" in text and text.count("r.one") == 2
    assert "not-a-ruling" not in text and text.endswith("**A wins**\n")


def test_cluster_sums_give_cluster_interval_and_merge_exactly():
    """`ClusterSums` folds clusters as integer sums: its interval is `cluster_interval`'s,
    whatever the split of the clusters, and an empty cluster is ignored as there."""
    from random import Random

    from toolkit.sim.stats import ClusterSums, cluster_interval

    rng = Random(5)
    clusters = [(rng.randrange(0, 5), 4) for _ in range(37)] + [(0, 0), (3, 3)]
    whole = ClusterSums()
    for s, n in clusters:
        whole.add(s, n)
    expected = cluster_interval(clusters)
    assert whole.clusters == 38
    assert all(abs(a - b) < 1e-12 for a, b in zip(whole.interval(), expected, strict=True))
    parts = [ClusterSums(), ClusterSums()]
    for k, (s, n) in enumerate(clusters):
        parts[k % 2].add(s, n)
    parts[0].merge(parts[1])
    assert parts[0] == whole
    one = ClusterSums()
    one.add(3, 4)  # one cluster: Wilson's interval over its games
    assert one.interval() == cluster_interval([(3, 4)])
    assert ClusterSums().to_json() == {"rate": 0.0, "low": 0.0, "high": 0.0}


def test_deal_stats_merge_in_any_split():
    from toolkit.sim.stats import DealStats

    def deal(stats, k):
        stats.add_deal(2, 2 - k % 2, [k % 2, 1], [1, 1 - k % 2], [k % 2, 1], k % 2)
        stats.decided["r"] = stats.decided.get("r", 0) + 1

    whole = DealStats.sized(2, 2, 2)
    a, b = DealStats.sized(2, 2, 2), DealStats.sized(2, 2, 2)
    for k in range(9):
        deal(whole, k)
        deal(a if k < 4 else b, k)
    a.merge(b)
    assert a == whole and whole.deals == 9 and whole.decided == {"r": 9}
    assert whole.first.trials == sum(2 - k % 2 for k in range(9))
