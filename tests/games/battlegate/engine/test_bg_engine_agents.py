"""Battle Gate agents, sample decks and the conversion from loaded decks."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.registry import ROOT, ValidateRequest
from toolkit.games.battlegate.deck import load_decks
from toolkit.games.battlegate.engine import (
    AGENTS,
    DECKS,
    BattleGateRules,
    game_stats,
    params_from_loaded,
    sample_params,
)
from toolkit.games.battlegate.engine.agents import plan_blocks
from toolkit.sim.harness import run_games
from toolkit.sim.run import run_play


def test_agent_registry():
    assert set(AGENTS) == {"random", "greedy"}
    assert BattleGateRules().agents is AGENTS


def test_greedy_beats_random_clearly():
    """Greedy against random, seats alternating, Balanced against Swarm."""
    rules = BattleGateRules()
    p = sample_params("Balanced", "Swarm")
    first, _ = run_games(rules, p, ["greedy", "random"], 100, 1)
    second, _ = run_games(rules, p, ["random", "greedy"], 100, 101)
    wins = first.stats.wins[0] + second.stats.wins[1]
    assert wins >= 170, wins


def test_plan_blocks():
    # The cheapest card that beats the attack; a pair when no single card does.
    assert plan_blocks([(0, 3, 0)], [(1, 2), (2, 4), (3, 6)], 30) == {2: 0}
    assert plan_blocks([(0, 5, 0)], [(1, 3), (2, 3)], 30) == {1: 0, 2: 0}
    # A cheap block of a big attack; every card when the damage would eliminate.
    assert plan_blocks([(0, 6, 0)], [(1, 1)], 30) == {1: 0}
    assert plan_blocks([(0, 2, 0), (1, 2, 0)], [(1, 1)], 3) == {1: 0}


def test_samples_match_the_bundled_workbook():
    result, loaded = load_decks(ValidateRequest(Path(ROOT / "content/battlegate/decks.xlsx")))
    assert result.valid
    p = params_from_loaded(loaded)
    assert p.deck_names == tuple(DECKS)
    assert p.decks == tuple(DECKS.values())
    for cards in p.decks:
        assert sum(c.power for c in cards) == 100


def test_game_stats_from_a_run():
    rules = BattleGateRules()
    p = sample_params("Giants", "Wall")
    result = run_play(rules, p, ["greedy", "greedy"], games=40, seed=1)
    stats = game_stats(result.stats.counters, p.deck_names, result.stats.finished)
    seats = stats["seats"]
    assert sum(s["first"] for s in seats) == result.stats.finished
    decks = stats["decks"]
    assert decks["Giants"]["wins"] + decks["Wall"]["wins"] == sum(result.stats.wins)
    assert sum(decks[n]["wins"] for n in decks) == sum(result.stats.wins)
    eliminated = stats["eliminated"]
    assert eliminated["overwhelmed"] + eliminated["empty"] == sum(result.stats.wins)
    assert 0.0 <= stats["first_player_win_rate"] <= 1.0


def test_determinize_deals_the_unseen_cards_at_random():
    """toolkit/sim/engine.py, determinize: built from the observation alone: another
    player's hand and every deck's order are dealt from the cards the player has not seen,
    the known bottom card stays at the bottom."""
    from random import Random

    from toolkit.games.battlegate.engine import BattleGateRules, sample_params

    rules = BattleGateRules()
    s = rules.setup(sample_params("Balanced", "Swarm"), Random(3))
    pick = Random(3)
    while not (s.hand[0] and s.hand[1]):  # play on until both players hold cards
        legal = rules.legal_actions(s, rules.to_move(s)[0])
        s = rules.apply(s, legal[pick.randrange(len(legal))])
    obs = rules.observe(s, s.current)
    other = 1 - s.current
    hands, orders = set(), set()
    for seed in range(30):
        det = rules.determinize(obs, s.current, Random(seed))
        assert rules.observe(det, s.current) == obs
        assert det.hand[s.current] == s.hand[s.current]
        assert det.deck[other][-1] == s.deck[other][-1]  # the cut card everybody saw
        hands.add(tuple(det.decks[other].kind[c] for c in det.hand[other]))
        orders.add(det.deck[s.current])
    assert len(hands) > 1
    assert len(orders) == 30  # own deck order is unknown too
