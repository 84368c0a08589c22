"""Battle Gate's rules engine: plain-data state, rules, rulings and agents.

The lead wires `pnp play battlegate` with::

    from toolkit.games.battlegate.deck import load_decks
    from toolkit.games.battlegate.engine import BattleGateRules, params_from_loaded
    from toolkit.sim.run import run_play
    result, decks = load_decks(request)            # 2 to 4 valid decks, seat order
    params = params_from_loaded(decks)
    play = run_play(BattleGateRules(), params, ["greedy", "random"], games=200, seed=1)

`SETUPS` names sample parameters built from the bundled decks (for the shared registry).
"""

from .agents import AGENTS, GreedyAgent, worth
from .rules import BattleGateRules, can_ever_attack, game_stats
from .rulings import RULES, RULINGS, Ruling
from .samples import DECKS, SETUPS, sample_params
from .state import (
    Attack,
    BattleGateParams,
    CardSpec,
    Observation,
    State,
    params_from_loaded,
)

__all__ = [
    "AGENTS", "DECKS", "RULES", "RULINGS", "SETUPS", "Attack", "BattleGateParams",
    "BattleGateRules", "CardSpec", "GreedyAgent", "Observation", "Ruling", "State",
    "can_ever_attack", "game_stats", "params_from_loaded", "sample_params", "worth",
]
