"""The search's evaluation of a Banners position (issue 22): each side's features in the
game's own terms, mirror-symmetric; the fitted weights match them; the evaluation favours
the side that is plainly ahead; the search defaults are declared as `SearchSettings`."""

from __future__ import annotations

import json
from importlib import resources

import pytest
from bnkit import (
    BLUE1,
    GREEN1,
    RED1,
    RED2,
    YELLOW1,
    YELLOW2,
    at,
    decisions,
    moved,
    rows_mirrored,
    side_swap,
)

from toolkit.games.banners.engine import BannersRules, bundled_params
from toolkit.games.banners.engine.features import (
    FEATURE_NAMES,
    WEIGHTS,
    features,
    home_chance,
)
from toolkit.games.banners.engine.state import REMOVED
from toolkit.sim.engine import SearchSettings
from toolkit.sim.evaluation import linear_evaluation

P2 = bundled_params(2)


@pytest.fixture
def rules() -> BannersRules:
    return BannersRules()


@pytest.mark.parametrize("players", [2, 4])
def test_features_and_values_are_mirror_symmetric(rules, players):
    """The bundled board mirrored across its rows with the sides swapped: each side's
    features are the other's before, and each seat's value is its mirror seat's."""
    params = bundled_params(players)
    found = decisions(rules, params, ["greedy", "random"] * (players // 2), 7, 7)
    swap = side_swap(params, rows_mirrored(params), lambda d: d)
    swap.pop("turn_dir")
    checked = 0
    for s, _ in found:
        t = moved(s, params, **swap)
        one, two = features(s), features(t)
        assert one == (two[1], two[0])
        values, mirrored = rules.evaluate(s), rules.evaluate(t)
        assert values == pytest.approx([mirrored[q ^ 1] for q in range(players)], abs=1e-12)
        checked += 1
    assert checked > 100


def test_the_weights_file_matches_the_features_and_the_shared_evaluation(rules):
    """weights.json (python -m toolkit.sim.fit banners) holds one weight per feature, by
    name; the engine's evaluation is evaluation.py's softmax of those weights."""
    doc = json.loads(resources.files("toolkit.games.banners.engine")
                     .joinpath("weights.json").read_text(encoding="utf-8"))
    assert doc["features"] == list(FEATURE_NAMES) == list(rules.feature_names)
    assert tuple(doc["weights"]) == WEIGHTS and any(WEIGHTS)
    for players in (2, 4):
        params = bundled_params(players)
        for s, _ in decisions(rules, params, ["greedy", "random"] * (players // 2), 2, 3):
            st = s.st
            shared = linear_evaluation(WEIGHTS, features(s), st.seat_side if st.team else None)
            assert rules.evaluate(s) == pytest.approx(shared, abs=1e-12)


def test_the_evaluation_favours_the_side_plainly_ahead(rules):
    """Goal: "Bring the enemy's flag back to your castle or defeat the enemy team." Side 1
    carrying side 2's flag on its castle's doorstep, or side 2 down to one piece, is
    worth more to side 1; a finished game scores its result."""
    even = rules.evaluate(at(rules, P2, {}))
    assert even[0] == pytest.approx(0.5, abs=0.1)
    home = at(rules, P2, {GREEN1: "F12"}, flag_carrier=(-1, GREEN1))
    assert rules.evaluate(home)[0] > 0.8
    assert features(home)[0][FEATURE_NAMES.index("home next roll")] > 0
    thin = at(rules, P2, {RED1: REMOVED, RED2: REMOVED, YELLOW1: REMOVED})
    assert rules.evaluate(thin)[0] > even[0] + 0.1
    # The enemy carrying our flag with our pieces out of reach is bad; in reach, less so.
    far = at(rules, P2, {YELLOW2: "A7", BLUE1: "K13"}, flag_carrier=(YELLOW2, -1))
    near = at(rules, P2, {YELLOW2: "A7", BLUE1: "A9"}, flag_carrier=(YELLOW2, -1))
    assert rules.evaluate(far)[0] < rules.evaluate(near)[0] < 0.5
    won = rules.apply(at(rules, P2, {GREEN1: "F12"}, flag_carrier=(-1, GREEN1),
                         phase=5, roll=1), ("move", 0, GREEN1, 12 * 12 + 5))
    assert won.outcome is not None and rules.evaluate(won) == [1.0, 0.0]


def test_home_chance_counts_the_rolls_that_land_home():
    """M2: "The full roll must be moved": a carrier 3 spaces from home gets there with a
    roll of 3 or 5 (a 5 winds two spaces more), a scout's +2 (M3) with 1, 3 or 5."""
    assert home_chance(3, 0) == 2 / 6
    assert home_chance(3, 2) == 3 / 6
    assert home_chance(9, 0) == 0.0


def test_the_search_defaults_are_search_settings():
    """`--agent mcts` plays the engine's `SearchSettings` (greedy playouts, a horizon
    scored by the evaluation, widening); the old attributes are gone."""
    search = BannersRules().search
    assert isinstance(search, SearchSettings)
    assert search.rollout == "greedy" and search.horizon > 0 and search.widening > 0
    assert not hasattr(BannersRules(), "search_simulations")


def test_a_fight_not_rolled_yet_is_valued_by_its_odds(rules):
    """C2/C3: a declared attack is worth the odds of the two dice times each outcome: an
    attack on the enemy carrying our flag next to our castle is worth more to the
    attacker with Poison played (the defence -3) than without."""
    from bnkit import cell, kind

    from toolkit.games.banners.engine.state import ATT_CARD, DICE, MOVE

    s = at(rules, P2, {BLUE1: "F11", RED1: "F12"}, phase=MOVE, roll=1,
           flag_carrier=(RED1, -1), hands=({kind("Poison"): 1}, {}))
    s = rules.apply(s, ("attack", 0, BLUE1, cell(P2, "F12"), cell(P2, "F11")))
    assert s.phase == ATT_CARD
    plain = rules.evaluate(s)[0]
    poisoned = rules.apply(s, ("combat", 0, kind("Poison")))
    assert poisoned.phase == DICE
    assert rules.evaluate(poisoned)[0] > plain + 0.02
    won = rules.apply(poisoned, ("dice", -1, 6, 6, 1, 1))
    lost = rules.apply(poisoned, ("dice", -1, 1, 1, 6, 6))
    assert rules.evaluate(lost)[0] < rules.evaluate(poisoned)[0] < rules.evaluate(won)[0]
