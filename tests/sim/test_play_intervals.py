"""Honest intervals (issue 22 item 4): "a test runs one small experiment under 30+
independent seed sets and checks that the 95% intervals cover the pooled value 90-99% of
the time."

The experiment is Duel (tests/sim/test_play_seating.py): a deal mostly decides which deck
wins, in both seat orders, so the two games of a deal are far from independent. `play`'s
intervals, clustered by deal, must hold the pooled win rate in 90-99% of 100 runs of 30
deals each; an interval that took the 60 games of a run as independent (Wilson's over
games) holds it too rarely, which is what this test would catch if clustering were lost.
"""

from __future__ import annotations

from tests.sim.test_play_seating import Duel, seatings
from toolkit.sim.run import run_play
from toolkit.sim.stats import wilson

RUNS = 100
"""Independent seed sets (seeds 1 + 1000k: their deals never overlap)."""
GAMES = 60
"""Games per run: 30 deals in both seat orders."""


def runs() -> list[dict]:
    lineup = ("random", "random")
    return [run_play(Duel(), ("A", "B"), list(lineup), GAMES, 1 + 1000 * k,
                     seatings=seatings(lineup), seats="alternate").to_json()
            for k in range(RUNS)]


def test_clustered_intervals_cover_the_pooled_rate_90_to_99_percent_of_the_time():
    docs = runs()
    assert all(doc["games"] == GAMES and doc["seating"]["deals"] == GAMES // 2
               for doc in docs)
    wins = [doc["deck_win_rate"][0]["wins"] for doc in docs]  # deck A, net of seat
    pooled = sum(wins) / (RUNS * GAMES)
    covered = sum(doc["deck_win_rate"][0]["low"] <= pooled <= doc["deck_win_rate"][0]["high"]
                  for doc in docs)
    assert 90 <= covered * 100 / RUNS <= 99, covered
    # results.wins' own intervals are the same figures (the decks move with their agents)
    assert all(doc["win_rate_ci"][0] == {k: doc["deck_win_rate"][0][k]
                                         for k in ("rate", "low", "high")} for doc in docs)
    # games taken as independent: too narrow for games that share a deal
    naive = sum(wilson(n, GAMES)[0] <= pooled <= wilson(n, GAMES)[1] for n in wins)
    assert naive * 100 / RUNS < 90, naive
