"""Battle Gate's search: the evaluation's features and weights, and the search agent's play.

toolkit/sim/engine.py: ``features(state)`` gives one vector per result column, "each
column's features computed the same way from that column's own point of view", and
``evaluate(state)`` each seat's expected reward; the weights file is fitted for exactly the
engine's feature names.
"""

from __future__ import annotations

import json
from importlib import resources
from random import Random

from bgkit import deck, params, rotated

from toolkit.games.battlegate.engine import SETUPS, BattleGateRules, GreedyAgent
from toolkit.games.battlegate.engine.rules import FEATURE_NAMES
from toolkit.sim.agents import make_agent
from toolkit.sim.harness import play_game


def _positions(rules: BattleGateRules, setup: str, seed: int, every: int = 7):
    """States met at the decisions of a greedy game (every ``every``-th one)."""
    s = rules.setup(SETUPS[setup](), Random(seed))
    agents = [GreedyAgent() for _ in range(s.battle.game.n)]
    k = 0
    while rules.outcome(s) is None:
        q = rules.to_move(s)[0]
        if k % every == 0:
            yield s
        k += 1
        s = rules.apply(s, agents[q].act(rules.observe(s, q), rules.legal_actions(s, q),
                                         Random(0)))


def test_weights_file_matches_the_features():
    data = json.loads(resources.files("toolkit.games.battlegate.engine")
                      .joinpath("weights.json").read_text(encoding="utf-8"))
    assert data["features"] == list(FEATURE_NAMES)
    assert len(data["weights"]) == len(FEATURE_NAMES)
    assert BattleGateRules().feature_names == FEATURE_NAMES


def test_features_and_evaluation_follow_the_players_round_the_table():
    """The same battle with every player moved to another seat (turn order kept) gives
    each player the same features and the same value, in its new seat."""
    rules = BattleGateRules()
    for setup in ("duel", "three", "melee"):
        for s in _positions(rules, setup, 3):
            n = s.battle.game.n
            features, values = rules.features(s), rules.evaluate(s)
            assert len(features) == n and all(len(f) == len(FEATURE_NAMES) for f in features)
            assert abs(sum(values) - 1.0) < 1e-9
            for k in range(1, n):
                r = rotated(rules, s, k)
                moved, moved_values = rules.features(r), rules.evaluate(r)
                for q in range(n):
                    assert moved[(q + k) % n] == features[q]
                    assert abs(moved_values[(q + k) % n] - values[q]) < 1e-9


def test_evaluation_favours_the_stronger_side():
    """A player with soldiers in play and most of its deck against one with nothing in
    play and a few cards left is far ahead, from either seat; an eliminated player is
    worth nothing ("You win the battle if you are the last player remaining")."""
    rules = BattleGateRules()
    strong = deck("S5", "S5", "S3", "M4", *["S2"] * 20)
    weak = deck("S2", *["M1"] * 23)
    for me in (0, 1):
        other = 1 - me
        p = params(*((strong, weak) if me == 0 else (weak, strong)))
        s = rules.position(p, current=other, field={me: (0, 1, 2, 3)},
                           discard={other: tuple(range(4, 22))})
        values = rules.evaluate(s)
        assert values[me] > 0.9, values
    # Three players, one of them out: it scores 0, the others share the rest.
    s = next(x for x in _positions(rules, "three", 1, every=1) if not all(x.seats.alive))
    values = rules.evaluate(s)
    for q in range(3):
        assert (values[q] == 0.0) == (not s.seats.alive[q])
    assert abs(sum(values) - 1.0) < 1e-9


def test_search_does_not_throw_attackers_into_a_stronger_defence():
    """Issue 22: with random playouts the search "throws 8 attackers into 8 defenders".
    Eight soldiers of power 2 facing eight minions of power 3 (each beats an attacker
    alone: "If the power of a defense is greater than the power of an attack then the
    attack is defeated and the attacking card is discarded"): the default search stops
    instead of attacking (the old search, 50 random playouts to the end, attacked with two
    of these five seeds)."""
    rules = BattleGateRules()
    p = params(deck(*["S2"] * 8, *["M1"] * 22), deck(*["M3"] * 8, *["M1"] * 22))
    s = rules.position(p, current=0, field={0: tuple(range(8)), 1: tuple(range(8))})
    while s.phase != 2:  # to the attack step, fielding nothing
        s = rules.apply(s, rules.legal_actions(s, 0)[-1])
    agent = make_agent(rules, "mcts", 0, 2)
    legal = rules.legal_actions(s, 0)
    assert any(a[0] == "attack" for a in legal)
    for seed in range(5):
        assert agent.act(rules.observe(s, 0), legal, Random(seed)) == ("stop", 0)


def test_search_plays_three_and_four_player_battles():
    """Each player maximises its own reward: the search plays whole 3- and 4-player
    battles to their end (a small budget) without a broken invariant."""
    rules = BattleGateRules()
    for setup, agents in (("three", ["mcts:3", "greedy", "mcts:3"]),
                          ("melee", ["greedy", "mcts:3", "greedy", "mcts:3"])):
        rec = play_game(rules, SETUPS[setup](), agents, 11)
        assert rec.violations == [] and rec.finished, (setup, rec.reason)
