"""WarBadge's hooks for the search and the coverage report (issue 22): the evaluation's
features and weights, the search defaults, and `offered`."""

from __future__ import annotations

import json
from importlib import resources
from random import Random

from teams import act, badge, position
from test_wb_engine_fairness import swap_seats

from toolkit.games.warbadge.engine import SETUPS, WarBadgeRules
from toolkit.games.warbadge.engine.features import FEATURE_NAMES, WEIGHTS
from toolkit.sim.engine import CHANCE, SearchSettings

F = badge("Filler", 1, "Armor")


def test_features_are_the_same_from_either_seat():
    """Each player's features are counted from its own side: the same position with the
    seats swapped gives the two vectors swapped, and the evaluation's values swapped."""
    rules = WarBadgeRules()
    checked = 0
    for name in ("standard", "quick", "mixed"):
        for seed in range(4):
            rng = Random(seed)
            s = rules.setup(SETUPS[name]())
            while rules.outcome(s) is None:
                movers = rules.to_move(s)
                if movers[0] == CHANCE:
                    s = rules.apply(s, rules.chance(s, rng))
                    continue
                t = swap_seats(rules, s)
                f, g = rules.features(s), rules.features(t)
                assert len(f) == 2 and len(f[0]) == len(FEATURE_NAMES)
                assert f[0] == g[1] and f[1] == g[0]
                v, w = rules.evaluate(s), rules.evaluate(t)
                assert abs(v[0] - w[1]) < 1e-12 and abs(sum(v) - 1) < 1e-12
                checked += 1
                for q in movers:
                    legal = rules.legal_actions(s, q)
                    s = rules.apply(s, legal[rng.randrange(len(legal))])
    assert checked > 100


def test_the_weights_file_matches_the_features():
    """weights.json (written by `python -m toolkit.sim.fit warbadge`) holds one weight
    per feature, named as the engine names them, and says how it was fitted."""
    text = resources.files("toolkit.games.warbadge.engine").joinpath(
        "weights.json").read_text(encoding="utf-8")
    data = json.loads(text)
    assert data["features"] == list(FEATURE_NAMES)
    assert len(data["weights"]) == len(FEATURE_NAMES) == len(WEIGHTS)
    assert any(w != 0 for w in WEIGHTS)
    assert data["fit"]["held_out"]["log_loss"] < data["fit"]["held_out"][
        "log_loss_knowing_nothing"]


def test_evaluation_favours_the_side_with_more_badges():
    """Victory: "have more badges at the end of 3 Rounds": two living badges against
    one dead of three, late in the game, is a clearly better position."""
    rules = WarBadgeRules()
    team = (badge("Knight", 2, "Blade"), F, F)
    s = position(rules, team, team, ("RRE", "RDD"), round=3)
    value = rules.evaluate(s)
    assert value[0] > 0.8 > 0.2 > value[1]
    even = position(rules, team, team, ("RRE", "RRE"), round=3)
    assert abs(rules.evaluate(even)[0] - 0.5) < 1e-9  # a mirror position is even


def test_search_defaults():
    """`mcts` with no budget plays the engine's `search` settings: greedy playouts cut
    a few battles ahead and judged by `evaluate`."""
    settings = WarBadgeRules().search
    assert isinstance(settings, SearchSettings)
    assert settings.rollout == "greedy" and settings.horizon > 0
    assert 10 <= settings.simulations <= 200


def test_offered_names_the_optional_abilities_at_hand():
    """The coverage report's "offered" counts: a legal Charge offers Charge (and its
    ruling charge-value), a Death Curse its ability, a blind target the blind-target
    ruling; choosing a plain badge offers nothing."""
    rules = WarBadgeRules()
    knight = badge("Knight", 2, abilities="Charge")
    assassin = badge("Assassin", 1, abilities="Death Curse")
    s = position(rules, (knight, assassin, F), (F, F, F), ("RRR", "RRR"))
    offered = rules.offered(s, 0, rules.legal_actions(s, 0))
    assert set(offered) == {"warbadge.ability.charge", "warbadge.ruling.charge-value",
                            "warbadge.ability.death-curse"}
    assert rules.offered(s, 1, rules.legal_actions(s, 1)) == ()
    s = act(rules, s, ("death-curse", 0, 1), ("commit", 1, 0))
    legal = rules.legal_actions(s, 0)
    assert ("target", 0, 1, -1) in legal
    assert "warbadge.ruling.blind-target" in rules.offered(s, 0, legal)
    assert all(rid in rules.coverage_ids() for rid in rules.offered(s, 0, legal))
