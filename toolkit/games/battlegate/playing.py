"""How Battle Gate plays: 2 to 4 validated decks become the engine's plain-data parameters."""

from __future__ import annotations

from toolkit.core.errors import InputError
from toolkit.core.registry import PlaySpec
from toolkit.games.battlegate.engine import (
    SETUPS,
    BattleGateParams,
    BattleGateRules,
    params_from_loaded,
)
from toolkit.games.battlegate.sweep import sweep_decks


def params(decks: list, fmt: str | None) -> BattleGateParams:
    """Validated decks in seat order → BattleGateParams (Battle Gate has one format)."""
    if fmt is not None and fmt.strip().casefold() != "standard":
        raise InputError(f"Battle Gate has one format, 'standard'; got '{fmt}'")
    return params_from_loaded(decks)


COMPILED = tuple(f"toolkit.games.battlegate.engine.{name}" for name in (
    "rulings", "state", "rules", "agents"))
"""The engine's modules compiled with mypyc (toolkit/sim/native.py)."""

PLAYING = PlaySpec(
    rules=BattleGateRules, params=params,
    default_decks=("decks.xlsx#Balanced", "decks.xlsx#Swarm", "decks.xlsx#Wall",
                   "decks.xlsx#Giants"),
    players=(2, 4), setups=lambda: SETUPS, sweep=sweep_decks, compiled=COMPILED)
