"""The Battle of Banners' rules engine: plain-data state, rules, rulings and agents.

    from toolkit.games.banners.engine import BannersRules, bundled_params
    from toolkit.sim.run import run_play
    result = run_play(BannersRules(), bundled_params(4), ["greedy"] * 4, games=200, seed=1)
"""

from .agents import AGENTS, GreedyAgent, odds
from .report import game_stats
from .rules import SIDE_NAMES, BannersRules
from .rulings import COVERAGE_IDS, RULES, RULINGS
from .samples import (
    BOARD,
    PIECES,
    SETUPS,
    SKIRMISH,
    TEAM_SETUPS,
    book_items,
    bundled_params,
    pieces,
    skirmish_params,
)
from .state import BannersParams, ItemSpec, Observation, PieceSpec, State, Static, static_of

__all__ = [
    "AGENTS", "BOARD", "COVERAGE_IDS", "PIECES", "RULES", "RULINGS", "SETUPS", "SIDE_NAMES",
    "SKIRMISH", "TEAM_SETUPS", "BannersParams", "BannersRules", "GreedyAgent", "ItemSpec",
    "Observation", "PieceSpec", "State", "Static", "book_items", "bundled_params",
    "game_stats", "odds", "pieces", "skirmish_params", "static_of",
]
