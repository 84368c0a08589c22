"""Warblitz's rules engine: plain-data state, rules, rulings, agents and sample warbands.

`pnp play warblitz` reaches it through the game's `PlaySpec` (playing.py)::

    from toolkit.games.warblitz.engine import WarblitzRules, sample_params
    from toolkit.sim.run import run_play
    play = run_play(WarblitzRules(), sample_params(), ["greedy", "random"], games=200, seed=1)
"""

from .agents import AGENTS, GreedyAgent
from .basics import game_of, pay
from .rules import WarblitzRules
from .rulings import RULES, RULINGS
from .samples import SETUPS, sample_params
from .state import (
    CardSpec,
    Game,
    Observation,
    State,
    WarbandSpec,
    WarblitzParams,
    card_spec,
    params_from_loaded,
)
from .stats import game_stats

__all__ = [
    "AGENTS", "RULES", "RULINGS", "SETUPS", "CardSpec", "Game", "GreedyAgent",
    "Observation", "State", "WarbandSpec", "WarblitzParams", "WarblitzRules", "card_spec",
    "game_of", "game_stats", "params_from_loaded", "pay", "sample_params",
]
