"""Deals as the unit: made-up round robins whose deals matter (a deal favours one deck, or
the first seat, at every table that plays it), drawn under many independent seed sets.
The report's 95% intervals must cover the truth about 95% of the time (90 to 99%), where
intervals that take every game as independent (Wilson's) cover far less; and a paired
comparison of two versions that differ only by luck must find a significant change
about one time in twenty, not most of the time."""

from __future__ import annotations

import math
from random import Random

from toolkit.balance import analysis
from toolkit.balance.compare import changes
from toolkit.balance.measures import normal_p
from toolkit.sim.stats import cluster_interval, wilson

from .helpers import scripted

RUNS = 100
"""Independent seed sets (run r plays seeds 1000 r + 1 ...)."""
CARDS = [(name,) for name in "ABCDEF"]
"""Six decks: each plays 10 games of every deal (5 tables, 2 seat orders)."""


def _deal_luck(tag: str, spread: float):
    """A deal favours each deck by its own luck, the same at every table and seat order."""
    def luck(deck: int, seed: int) -> float:
        return Random(f"{tag}:{deck}:{seed}").uniform(-spread, spread)

    def win(seats: tuple[int, ...], seed: int) -> float:
        a, b = seats
        return min(0.95, max(0.05, 0.5 + luck(a, seed) - luck(b, seed)))
    return win


def _covers(low: float, high: float, value: float) -> bool:
    return low <= value <= high


def test_deck_win_rate_intervals_cover_when_deals_favour_decks():
    """Six decks of equal strength, 10 deals: each deal favours or hinders each deck by
    its own luck (±30 points) at all five of its tables, from both seats."""
    win = _deal_luck("luck", 0.3)
    runs = [scripted(CARDS, win, games=20, seed=1000 * r + 1, tag=f"run{r}")[2]
            for r in range(RUNS)]
    ours = theirs = 0
    for deck in range(len(CARDS)):
        pooled = (sum(t.deck_units[deck] for t in runs)
                  / (2 * sum(t.deck_games[deck] for t in runs)))
        assert abs(pooled - 0.5) < 0.02  # equal decks: the truth is even
        for tally in runs:
            _, low, high = cluster_interval(tally.deck_clusters(deck))
            ours += _covers(low, high, pooled)
            w_low, w_high = wilson(round(tally.deck_units[deck] / 2), tally.deck_games[deck])
            theirs += _covers(w_low, w_high, pooled)
        rows, _ = analysis.deck_rows(runs[0], 0, 1)  # the report's rows are these intervals
        _, low, high = cluster_interval(runs[0].deck_clusters(deck))
        assert (rows[deck]["low"], rows[deck]["high"]) == (round(low, 4), round(high, 4))
    checks = len(CARDS) * RUNS
    assert 0.90 <= ours / checks <= 0.99, ours / checks
    assert theirs / checks < 0.85, theirs / checks  # games as independent: too narrow


def test_matrix_and_rating_intervals_cover_when_deals_favour_decks():
    win = _deal_luck("pair", 0.35)
    runs = [scripted(CARDS[:2], win, games=20, seed=1000 * r + 1, tag=f"pair{r}")[2]
            for r in range(RUNS)]
    hits = rated = 0
    for tally in runs:
        m = analysis.matrix(tally)
        hits += _covers(m["low"][0][1], m["high"][0][1], 0.5)
        rows, ranking = analysis.deck_rows(tally, 50, 1)
        assert ranking["intervals"] == "bootstrap-deals" and ranking["bootstrap"] == 50
        rated += _covers(rows[0]["rating_low"], rows[0]["rating_high"], 1500.0)
    assert 0.90 <= hits / len(runs) <= 0.99 + 1e-9, hits / len(runs)
    assert 0.90 <= rated / len(runs) <= 1.0, rated / len(runs)


def test_first_player_intervals_cover_when_deals_favour_the_first_seat():
    """Each deal gives the first seat its own edge (±30 points), at every table."""
    def win(seats, seed):
        return 0.5 + Random(f"edge:{seed}").uniform(-0.3, 0.3)

    runs = [scripted(CARDS, win, games=20, seed=1000 * r + 1, tag=f"first{r}")[2]
            for r in range(RUNS)]
    pooled = sum(t.first_wins for t in runs) / sum(t.first_games for t in runs)
    ours = sum(_covers(*analysis.first_interval(t), pooled) for t in runs)
    theirs = sum(_covers(*wilson(t.first_wins, t.first_games), pooled) for t in runs)
    assert 0.90 <= ours / RUNS <= 0.99, ours / RUNS
    assert theirs / RUNS < 0.8, theirs / RUNS
    metrics = analysis.metrics(runs[0], _Rules())
    assert metrics["first_player"]["deals"] == 10 and metrics["first_player"]["clustered"]


class _Rules:
    length_unit = "turns"


def test_a_change_that_is_only_luck_is_significant_one_time_in_twenty():
    """NEW differs from OLD by deal luck alone: in every deal the change helps deck D0 by
    its own amount (±50 points), zero on average. Deal by deal, the paired test finds a
    significant change about 5% of the time; game by game (the old test) far more often."""
    old_win = _deal_luck("old", 0.3)

    def new_win(seats, seed):
        shift = Random(f"shift:{seed}").uniform(-0.5, 0.5)
        sign = 1 if seats[0] == 0 else -1 if seats[1] == 0 else 0
        return min(0.95, max(0.05, old_win(seats, seed) + sign * shift))

    ours = naive = 0
    for r in range(RUNS):
        seed = 1000 * r + 1
        plan, old, _ = scripted(CARDS, old_win, games=20, seed=seed, tag=f"o{r}")
        # the same deals under NEW: its games drawn afresh, the luck of the deal shared
        new_plan, new, _ = scripted(CARDS, new_win, games=20, seed=seed, tag=f"n{r}")
        found = changes(plan, old, new_plan, new)
        row = found["decks"][0]
        assert row["name"] == "D0" and row["deals"] == 10 and row["games"] == 100
        ours += row["p"] < 0.05
        naive += _game_by_game_p(plan, old, new_plan, new) < 0.05
    assert 0.01 <= ours / RUNS <= 0.10, ours / RUNS
    assert naive / RUNS > 0.12, naive / RUNS


def _game_by_game_p(plan, old, new_plan, new) -> float:
    """D0's paired change as the report tested it before: every game independent."""
    diffs = []
    for before, after in zip(plan.batches, new_plan.batches, strict=True):
        if 0 in before.seats:
            seat = str(before.seats.index(0))
            for x, y in zip(old[before.key].outcomes, new[after.key].outcomes, strict=True):
                diffs.append((y == seat) - (x == seat))
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return normal_p(mean / math.sqrt(var / len(diffs)))
