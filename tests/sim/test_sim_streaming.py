"""The harness streams: memory does not follow the number of games (DESIGN.md: "folds
results into streaming statistics (never keeping every game in memory)")."""

from __future__ import annotations

import tracemalloc

import pytest

import toolkit.sim.harness as harness
from tests.sim.test_sim_harness import Race
from toolkit.sim.harness import run_games
from toolkit.sim.log import GameLog


class Broken(Race):
    """Race with its invariant bug, surviving the pickling that carries it to workers."""

    def __init__(self) -> None:
        super().__init__("invariant")


class Enough(Exception):
    """Stops a run of a billion games after a few chunks."""


def test_chunks_are_made_lazily_so_a_billion_games_cost_nothing_up_front(monkeypatch):
    """Building every chunk's arguments up front took ~900 MB for 10**9 games."""
    played = []
    real = harness._chunk_job

    def few(args):
        if len(played) == 3:
            raise Enough
        played.append(args[4])
        return real((*args[:5], 1, *args[6:]))  # one game per chunk keeps it quick

    monkeypatch.setattr(harness, "_chunk_job", few)
    tracemalloc.start()
    try:
        with pytest.raises(Enough):
            run_games(Race(), None, ["random", "random"], 10**9, 1)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert played == [0, 250, 500]
    assert peak < 2_000_000


def test_lists_keep_the_first_games_and_counts_stay_exact(monkeypatch):
    monkeypatch.setattr(harness, "MAX_LISTED", 10)
    total, _ = run_games(Race(bug="endless"), None, ["random", "random"], 25, 100)
    assert total.stats.unfinished == 25 and total.stats.games == 25
    assert [u.seed for u in total.unfinished] == list(range(100, 110))
    assert total.failed == [(seed, 0) for seed in range(100, 110)]  # (seed, seat order)


def test_parallel_streaming_gives_the_same_results(monkeypatch):
    monkeypatch.setattr(harness, "MAX_LISTED", 7)
    one, _ = run_games(Broken(), None, ["random", "random"], 40, 3)
    two, _ = run_games(Broken(), None, ["random", "random"], 40, 3, jobs=2)
    assert one.stats == two.stats
    assert one.violations == two.violations and len(one.violations) == 7
    assert [v.seed for v in one.violations] == list(range(3, 10))


def test_loops_are_counted_under_one_end_reason():
    total, _ = run_games(Race(bug="loop"), None, ["zero", "zero"], 5, 1)
    assert total.stats.end_reasons == {"loop": 5}
    assert all(u.reason.startswith("loop: the state after step") for u in total.unfinished)


def test_names_in_a_log_are_markdown_escaped():
    log = GameLog("t", ["- Seat 1: x"])
    log.step(1, "random", "plays **Fox** <b>", "it is [legal](x)")
    log.event("info", "# not a heading \x1b[2J")
    text = log.text()
    assert "plays \\*\\*Fox\\*\\* \\<b\\>" in text and "\\[legal\\](x)" in text
    assert "\\# not a heading \\\\x1b\\[2J" in text and "\x1b" not in text  # renders as typed
