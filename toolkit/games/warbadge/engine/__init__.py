"""WarBadge's rules engine: plain-data state, rules, rulings and agents.

The lead wires `pnp play warbadge` with::

    from toolkit.games.warbadge.engine import WarBadgeRules, WarBadgeParams, BadgeSpec, ...
    from toolkit.sim.run import run_play
    result = run_play(WarBadgeRules(), params, ["greedy", "random"], games=200, seed=1)
"""

from .agents import AGENTS, GreedyAgent
from .rules import WarBadgeRules, judge
from .rulings import RULINGS, Ruling
from .samples import SETUPS, quick_params, standard_params
from .state import (
    FORMATS,
    QUICK,
    STANDARD,
    BadgeSpec,
    FormatSpec,
    Observation,
    State,
    WarBadgeParams,
)

__all__ = [
    "AGENTS", "FORMATS", "QUICK", "RULINGS", "SETUPS", "STANDARD", "BadgeSpec", "FormatSpec",
    "GreedyAgent", "Observation", "Ruling", "State", "WarBadgeParams", "WarBadgeRules",
    "judge", "quick_params", "standard_params",
]
