"""Honest intervals, measured: one small balance experiment (a WarBadge round robin of
three teams, random agents, 20 deals of 6 games per team) played under 80 independent
seed sets. The 95% intervals the report gives for a deck's win rate, and for the first
player's, must cover the value pooled over all 80 runs 90 to 99% of the time: not less
(too narrow, as when every game of a deal was counted as independent), not always (too
wide to be of use). (tests/balance/test_deals.py does the same on made-up games whose
deals matter far more, where intervals over games fall well short.)"""

from __future__ import annotations

from random import Random

from toolkit.balance import analysis
from toolkit.balance.command import entries_from_pool
from toolkit.balance.pool import SweepRequest
from toolkit.balance.run import Options, plan_for
from toolkit.balance.tally import fold
from toolkit.balance.work import run_batch
from toolkit.core.registry import get_game
from toolkit.games.warbadge.sweep import sweep_decks

RUNS = 80
TEAMS = 3


def test_reported_intervals_cover_the_pooled_value_90_to_99_percent_of_the_time():
    game = get_game("warbadge")
    rules = game.playing.rules()
    pool = sweep_decks(SweepRequest(None, "standard", Random("sweep:1"), TEAMS))
    entries = entries_from_pool(pool)
    docs, tallies = [], []
    for run in range(RUNS):  # seed sets 1-20, 1001-1020, ...: no deal in common
        options = Options(games=40, seed=1 + 1000 * run, agent="random")
        plan = plan_for(game, entries, options, rules)
        tally = fold(plan, {b.key: run_batch(b) for b in plan.batches}, rules)
        assert tally.deals == 20 and len(tally.live_deals()) == 20
        rows, _ = analysis.deck_rows(tally, 0, 1)
        docs.append((rows, analysis.metrics(tally, rules)))
        tallies.append(tally)
    hits = checks = 0
    for deck in range(TEAMS):
        pooled = (sum(t.deck_units[deck] for t in tallies)
                  / (2 * sum(t.deck_games[deck] for t in tallies)))
        for rows, _ in docs:
            hits += rows[deck]["low"] <= round(pooled, 4) <= rows[deck]["high"]
            checks += 1
    assert 0.90 <= hits / checks <= 0.99, (hits, checks)
    first = sum(t.first_wins for t in tallies) / sum(t.first_games for t in tallies)
    covered = sum(m["first_player"]["low"] <= round(first, 4) <= m["first_player"]["high"]
                  for _, m in docs)
    assert all(m["first_player"]["deals"] == 20 for _, m in docs)
    assert 0.90 <= covered / RUNS <= 0.99, (covered, RUNS)
