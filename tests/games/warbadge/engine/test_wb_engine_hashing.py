"""Hashes of what the search keys its nodes by: equal observations hash alike, and a
badge view's kept hash is its fields'."""

from __future__ import annotations

from random import Random

from toolkit.games.warbadge.engine import WarBadgeRules, standard_params
from toolkit.sim.engine import CHANCE


def test_equal_observations_hash_alike() -> None:
    """Observations of two games played alike are equal and hash alike, step by step."""
    rules, params = WarBadgeRules(), standard_params()
    for seed in range(5):
        states = [rules.setup(params), rules.setup(params)]
        rng = Random(seed)
        while rules.outcome(states[0]) is None:
            movers = rules.to_move(states[0])
            if movers[0] == CHANCE:
                action = rules.chance(states[0], rng)
                states = [rules.apply(s, action) for s in states]
                continue
            for p in (0, 1):
                a, b = (rules.observe(s, p) for s in states)
                assert a == b and hash(a) == hash(b) and hash(a) == hash(a)
                assert repr(a) == repr(b) and repr(a).startswith("Observation(player=")
            legal = rules.legal_actions(states[0], movers[0])
            action = legal[rng.randrange(len(legal))]
            states = [rules.apply(s, action) for s in states]


def test_badge_view_hash_is_its_fields() -> None:
    """A view's hash is ``hash((index, spec, status))``, made or kept."""
    team = WarBadgeRules().setup(standard_params()).teams[0]
    for views in team.views:
        for view in views:
            want = hash((view.index, view.spec, view.status))
            assert hash(view) == want and hash(view) == want
