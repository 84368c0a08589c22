"""Valiant Wars' rules engine: plain-data state, rules, rulings and agents.

    from toolkit.games.valiantwars.engine import ValiantWarsRules, sample_params
    from toolkit.sim.run import run_play
    result = run_play(ValiantWarsRules(), sample_params(4), ["greedy"] * 4, games=200, seed=1)
"""

from .agents import AGENTS, GreedyAgent, RiskAgent, out_risk, parse_risk
from .lines import count_omens, effect_of, tally
from .rules import ValiantWarsRules, game_stats, stats_tables
from .rulings import EFFECT_IDS, PENALTY_IDS, RULES, RULINGS
from .samples import POOL, POOL_ROWS, SETUPS, sample_params, spec_of
from .state import CardSpec, Observation, Pool, State, VWParams

__all__ = [
    "AGENTS", "EFFECT_IDS", "PENALTY_IDS", "POOL", "POOL_ROWS", "RULES", "RULINGS", "SETUPS",
    "CardSpec", "GreedyAgent", "Observation", "Pool", "RiskAgent", "State",
    "ValiantWarsRules", "VWParams", "count_omens", "effect_of", "game_stats", "out_risk",
    "parse_risk", "sample_params", "spec_of", "stats_tables", "tally",
]
