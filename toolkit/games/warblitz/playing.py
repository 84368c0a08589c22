"""How Warblitz plays: two validated warbands become the engine's plain-data parameters."""

from __future__ import annotations

from toolkit.core.errors import InputError
from toolkit.core.registry import PlaySpec
from toolkit.games.warblitz.engine import SETUPS, WarblitzParams, WarblitzRules, params_from_loaded
from toolkit.games.warblitz.sweep import sweep_decks


def params(decks: list, fmt: str | None) -> WarblitzParams:
    """Two validated warbands in seat order → WarblitzParams (one format, `standard`)."""
    if fmt is not None and fmt.strip().casefold() != "standard":
        raise InputError(f"Warblitz has one format, 'standard'; got '{fmt}'")
    if len(decks) != 2:
        raise InputError(f"Warblitz is played by 2 players; got {len(decks)} warbands")
    return params_from_loaded(decks)


COMPILED = tuple(f"toolkit.games.warblitz.engine.{name}" for name in (
    "rulings", "state", "basics", "base", "invariants", "narrate", "resolve", "rules", "agents"))
"""The engine's modules compiled with mypyc (toolkit/sim/native.py)."""

PLAYING = PlaySpec(rules=WarblitzRules, params=params,
                   default_decks=("warbands.xlsx#Ashen Court", "warbands.xlsx#Tidewardens"),
                   players=(2, 2), setups=lambda: SETUPS, sweep=sweep_decks, compiled=COMPILED,
                   inlined=("toolkit.games.warblitz.effects",))
