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
