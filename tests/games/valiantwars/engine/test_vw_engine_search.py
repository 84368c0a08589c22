"""Valiant Wars' evaluation and search defaults (issue 22): the features follow the
seats, the weights file matches them, the evaluation favours the side that is plainly
ahead, and the default search (greedy playouts cut after the round, scored by the
evaluation) no longer makes the random playouts' blunders: stopping when no card can put
it OUT, turning down a free Soldier.

Small budgets only: the ladder's figures come from ``make bench``, not from here."""

from __future__ import annotations

import json
from importlib import resources
from random import Random

import pytest
from vwkit import deal, params, step

from toolkit.games.valiantwars.engine import ValiantWarsRules
from toolkit.games.valiantwars.engine.rules import FEATURE_NAMES, WEIGHTS
from toolkit.games.valiantwars.engine.state import BUY, DRAW, STOPPED
from toolkit.sim.agents import make_agent
from toolkit.sim.harness import play_game

STRONG = ["Sworn Hero", "Hill Barbarian", "Star Oracle", "Hearth Saint", "Iron Fighter",
          "Soldier", "Soldier", "Gold", "Gold", "Gold", "Omen"]
WEAK = ["Gold", "Gold", "Omen", "Omen", "Omen", "Soldier"]


def test_the_features_follow_the_seats():
    """Each player's features are computed from their own side: the same cards in the
    other seat give the same vectors in the other order (2 and 3 players), mid-round
    too."""
    held = [STRONG + ["Emberfall Citadel", "Cinder Pass"], WEAK, ["Gold"] * 4 + ["Omen"]]
    for players in (2, 3):
        decks = held[:players]
        rules, s, _ = deal(*decks)
        turned = list(reversed(decks))
        rules2, t, _ = deal(*turned)
        for _ in range(2):
            s = step(rules, s, **{f"p{q}": "draw" for q in rules.to_move(s)})
            t = step(rules2, t, **{f"p{q}": "draw" for q in rules2.to_move(t)})
        assert rules.features(s) == tuple(reversed(rules2.features(t)))
        values = rules.evaluate(s)
        assert values == pytest.approx(list(reversed(rules2.evaluate(t))))
        assert sum(values) == pytest.approx(1.0)


def test_the_weights_file_matches_the_features():
    """weights.json (python -m toolkit.sim.fit valiantwars) names the engine's features
    in order, one weight each, and records how it was fitted."""
    text = resources.files("toolkit.games.valiantwars.engine").joinpath(
        "weights.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["features"] == list(FEATURE_NAMES)
    assert len(data["weights"]) == len(FEATURE_NAMES) == len(WEIGHTS)
    assert any(WEIGHTS) and data["fit"]["setups"] == ["2p", "3p", "4p", "5p"]
    assert data["fit"]["held_out"]["log_loss"] < data["fit"]["held_out"][
        "log_loss_knowing_nothing"]


def test_the_evaluation_favours_the_side_plainly_ahead():
    """Winning: "If you have collected enough victory points to win ... you win". A player
    at 9 VP of 10 (Locations won) with a stronger deck is valued far above one at 0 with
    three Dark Omens in six cards, from either seat."""
    ahead = STRONG + ["Emberfall Citadel", "Wyrmrest Bastion", "Thornwall Keep",
                      "Omen", "Omen", "Omen"]
    rules = ValiantWarsRules()
    _, s, _ = deal(ahead, WEAK, rules=rules)
    assert s.vp == (8, 0)
    assert rules.evaluate(s)[0] > 0.8
    _, t, _ = deal(WEAK, ahead, rules=rules)
    assert rules.evaluate(t)[1] > 0.8


def test_the_search_defaults():
    """`--agent mcts`: greedy playouts cut once the round is over (one length unit: a
    round), scored by the evaluation, and a progressive bias toward greedy's choice."""
    search = ValiantWarsRules().search
    assert (search.rollout, search.horizon, search.bias) == ("greedy", 1, 1.0)
    assert 100 <= search.simulations <= 400


def test_the_search_draws_when_no_card_can_put_it_out():
    """"After two (2) Dark Omen cards have been revealed in your line, your turn is over":
    before a first Dark Omen shows, the next card cannot put a player OUT, and stopping
    gives up Gold and Swords for nothing (random playouts to the end stopped here in a
    third of the searches); likewise with no Dark Omen left in the deck and the opponent
    stopped ahead, where only drawing can win the Location."""
    rules, s, _ = deal(["Gold", "Soldier", "Gold", "Omen", "Gold", "Iron Fighter", "Omen",
                        "Gold", "Soldier", "Omen", "Gold"],
                       ["Gold", "Gold", "Soldier", "Omen", "Gold", "Omen", "Soldier", "Gold",
                        "Omen", "Gold"])
    agent = make_agent(rules, "mcts:40", 0, 2)
    for _ in range(2):
        for seed in range(6):
            choice = agent.act(rules.observe(s, 0), rules.legal_actions(s, 0), Random(seed))
            assert choice == ("draw", 0)
        s = step(rules, s, p0="draw", p1="draw")
    rules, s, _ = deal(["Omen", "Gold", "Gold", "Soldier", "Iron Fighter", "Soldier",
                        "Hill Barbarian", "Gold"], ["Iron Fighter", "Soldier", "Omen", "Omen"])
    s = step(rules, s, p0="draw", p1="draw")
    s = step(rules, s, p0="draw", p1="stop")
    assert s.phase == DRAW and s.status[1] == STOPPED and rules.to_move(s) == (0,)
    for seed in range(3):
        choice = agent.act(rules.observe(s, 0), rules.legal_actions(s, 0), Random(seed))
        assert choice == ("draw", 0)


def test_the_search_takes_a_free_soldier():
    """Purchasing: "A Soldier Card is free to purchase". With no Gold in the line the
    choice is a Soldier or nothing: the search takes the Soldier (random playouts turned
    it down)."""
    rules, s, _ = deal(["Soldier", "Omen", "Omen"], ["Omen", "Soldier", "Omen"])
    s = step(rules, s, p0="draw", p1="draw")
    s = step(rules, s, p0="stop", p1="draw")
    s = step(rules, s, p1="draw")  # seat 2's second Dark Omen: OUT
    assert s.phase == BUY and rules.legal_actions(s, 0) == (("soldier", 0), ("pass", 0))
    agent = make_agent(rules, "mcts:40", 0, 2)
    for seed in range(3):
        choice = agent.act(rules.observe(s, 0), rules.legal_actions(s, 0), Random(seed))
        assert choice == ("soldier", 0)


def test_the_search_plays_three_to_five_players():
    """One pool, 2 to 5 players: the search (a small budget, the defaults otherwise)
    finishes games at every table size, each player maximising their own reward."""
    rules = ValiantWarsRules()
    for players in (3, 5):
        lineup = ["mcts:8"] + ["greedy"] * (players - 1)
        record = play_game(rules, params(players), lineup, 3)
        assert record.violations == [] and record.winner is not None
