"""The search's hooks (issue 22): the evaluation's features in the game's own terms, the
fitted weights, the default search settings, and the search's own blunders gone.

Features are per player, each from that player's side, so the same battle seen from the
other seat (ruling ``battlefield``: the board turned, the warbands' seats swapped) gives the
two vectors swapped and the evaluation the two values swapped.
"""

from __future__ import annotations

import json
from pathlib import Path
from random import Random

from toolkit.games.warblitz.engine import GreedyAgent, WarblitzParams, WarblitzRules
from toolkit.games.warblitz.engine.basics import game_of
from toolkit.games.warblitz.engine.samples import ASH, TIDE, warband
from toolkit.games.warblitz.engine.state import DMG, MOVE, UNIT_ATTACK, F
from toolkit.sim.agents import make_agent
from toolkit.sim.engine import CHANCE, SearchSettings

from .test_wz_engine_fair import Transform, _swap_map
from .wzkit import act, band, boss, params, unit

WEIGHTS = Path(__file__).parents[4] / "toolkit/games/warblitz/engine/weights.json"


def _positions(params: WarblitzParams, seed: int, every: int = 7):
    """Positions of a greedy game, one every ``every`` steps."""
    rules = WarblitzRules()
    agents = [GreedyAgent(), GreedyAgent()]
    chance = Random(seed)
    s = rules.setup(params, chance)
    step = 0
    while rules.to_move(s):
        mover = rules.to_move(s)[0]
        if mover == CHANCE:
            s = rules.apply(s, rules.chance(s, chance))
            continue
        if step % every == 0:
            yield s
        legal = rules.legal_actions(s, mover)
        s = rules.apply(s, agents[mover].act(rules.observe(s, mover), legal, Random(0)))
        step += 1


def test_features_and_evaluation_are_seat_symmetric():
    """The same battle from the other seat: the two players' features swapped, and the
    evaluation's two values swapped (they sum to 1)."""
    rules = WarblitzRules()
    params = WarblitzParams((warband(ASH), warband(TIDE)))
    swapped = WarblitzParams((warband(TIDE), warband(ASH)))
    transform = Transform(swapped, _swap_map(game_of(params), game_of(swapped)), True)
    seen = 0
    for s in _positions(params, 3):
        mine, theirs = rules.features(s)
        s2 = transform.state(s)
        assert rules.features(s2) == (theirs, mine)
        value, value2 = rules.evaluate(s), rules.evaluate(s2)
        assert abs(value[0] - value2[1]) < 1e-12 and abs(sum(value) - 1) < 1e-12
        seen += 1
    assert seen > 20


def test_weights_file_matches_the_features():
    """weights.json (python -m toolkit.sim.fit warblitz) holds one weight per feature, by
    the engine's names, and the fit predicts better than knowing nothing."""
    data = json.loads(WEIGHTS.read_text(encoding="utf-8"))
    assert data["features"] == list(WarblitzRules().feature_names)
    assert len(data["weights"]) == len(data["features"])
    held_out = data["fit"]["held_out"]
    assert held_out["log_loss"] < held_out["log_loss_knowing_nothing"]


def test_evaluation_favours_the_side_with_the_commander_and_the_army():
    """"When only 1 player's commander remains on the battlefield, that player wins": a
    commander at 2 life, alone, against a whole commander and three units is far behind;
    the same from the other side is far ahead."""
    rules = WarblitzRules()
    soldier = unit("Soldier", hp=3, strength=2)
    p = params(band("Red", boss("Boss"), soldier, soldier, soldier),
               band("Blue", boss("Foe"), soldier, soldier, soldier))
    # uids: Boss 0, Soldiers 1-3; Foe 4, Soldiers 5-7 (spaces as player 1 names them).
    s = rules.position(p, {0: 2, 1: 6, 2: 7, 3: 8, 4: 32}, phase=MOVE)
    s.write(4)[4 * F + DMG] = 10
    assert rules.evaluate(s)[0] > 0.9
    s = rules.position(p, {0: 2, 4: 32, 5: 26, 6: 27, 7: 28}, phase=MOVE)
    s.write(0)[0 * F + DMG] = 10
    assert rules.evaluate(s)[1] > 0.9


def test_default_search_settings():
    """``--agent mcts``: greedy playouts cut after a few turns and scored by the
    evaluation (a random playout of a whole battle mostly measures luck)."""
    search = WarblitzRules().search
    assert isinstance(search, SearchSettings)
    assert search.rollout == "greedy" and search.horizon > 0 and search.simulations > 0


def test_search_attacks_the_enemy_not_its_own_commander():
    """Issue 22: ``mcts:100`` with random playouts shot its own commander. The default
    search, in reach of its own commander and of an enemy, attacks the enemy (any
    target is legal: "Ranged units (RNG) can target any card up to 3 clear straight
    spaces away")."""
    rules = WarblitzRules()
    slinger = unit("Slinger", cls="Ranged", ranged=True, hp=2, strength=2)
    p = params(band("Red", boss("Boss"), slinger), band("Blue", boss("Foe"), slinger))
    # uids: Boss 0, Slinger 1; Foe 2, Slinger 3. Slinger C2 between its commander (C1)
    # and an enemy Slinger (C4).
    for seed in range(3):
        s = rules.position(p, {0: 2, 1: 7, 2: 32, 3: 17}, phase=MOVE)
        s = act(rules, s, ("activate", 0, 1), ("stay", 0))
        assert s.phase == UNIT_ATTACK
        legal = rules.legal_actions(s, 0)
        assert ("attack", 0, 0) in legal and ("attack", 0, 3) in legal
        agent = make_agent(rules, "mcts", 0, 2)
        assert agent.act(rules.observe(s, 0), legal, Random(seed)) == ("attack", 0, 3)


def test_evaluation_counts_a_declared_attack_by_its_expected_hits():
    """"Add 1 damage to the target for each hit rolled": once an attack is declared and
    before its roll, the evaluation counts its expected hits on the target, so the search
    looking one step ahead ranks shooting the enemy commander above holding, and holding
    above shooting its own commander."""
    rules = WarblitzRules()
    slinger = unit("Slinger", cls="Ranged", ranged=True, hp=2, strength=2)
    p = params(band("Red", boss("Boss"), slinger), band("Blue", boss("Foe"), slinger))
    # uids: Boss 0, Slinger 1; Foe 2, Slinger 3. Slinger C2 between its commander (C1)
    # and the enemy commander (C5).
    s = rules.position(p, {0: 2, 1: 7, 2: 22}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("stay", 0))
    value = {a: rules.evaluate(rules.apply(s, a))[0] for a in rules.legal_actions(s, 0)}
    assert value[("attack", 0, 2)] > value[("hold", 0)] > value[("attack", 0, 0)]
