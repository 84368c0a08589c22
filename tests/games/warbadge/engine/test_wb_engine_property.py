"""Property test: any teams, any abilities, any agents -- the engine keeps its invariants,
always offers a legal action when one is needed, and every game ends or is reported."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolkit.games.warbadge.engine import BadgeSpec, FormatSpec, WarBadgeParams, WarBadgeRules
from toolkit.games.warbadge.engine.rulings import ABILITY_NAMES
from toolkit.games.warbadge.engine.state import DEFAULT_TYPES
from toolkit.sim.harness import play_game

TYPES = DEFAULT_TYPES + ("Beast",)

badges = st.builds(
    BadgeSpec,
    name=st.sampled_from(["A", "B", "C", "D"]),
    rank=st.sampled_from(["Gold", "Silver", "Bronze"]),
    value=st.integers(1, 3),
    types=st.lists(st.sampled_from(TYPES), min_size=1, max_size=4, unique=True).map(tuple),
    strengths=st.lists(st.sampled_from(TYPES), max_size=2, unique=True).map(tuple),
    weaknesses=st.lists(st.sampled_from(TYPES), max_size=2, unique=True).map(tuple),
    abilities=st.lists(st.sampled_from(ABILITY_NAMES), max_size=3, unique=True).map(tuple),
)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(team0=st.lists(badges, min_size=1, max_size=7),
       team1=st.lists(badges, min_size=1, max_size=7),
       rounds=st.integers(1, 4), seed=st.integers(0, 10_000),
       lineup=st.sampled_from([("random", "random"), ("greedy", "random"),
                               ("greedy", "greedy")]))
def test_any_teams_keep_the_invariants(team0, team1, rounds, seed, lineup):
    rules = WarBadgeRules()
    params = WarBadgeParams((tuple(team0), tuple(team1)), ("X", "Y"),
                            FormatSpec("any", max(len(team0), len(team1)), rounds))
    for k in range(3):
        rec = play_game(rules, params, list(lineup), seed + k)
        assert rec.violations == [], rec.violations
        assert rec.finished or rec.reason.startswith(("loop", "step cap")), rec.reason
