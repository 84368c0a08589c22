"""The simulation registry: every game with a rules engine, for shared tests and benches.

``GAMES`` maps a game id to a `SimGame`: a rules factory, named sample setups (parameters
like the bundled decks) and the agent registry. Engines are imported only when used. To
add a game, add one entry here; `tests/games/test_all_games.py` then plays it too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .engine import Agent, Rules


@dataclass(frozen=True)
class SimGame:
    """One game's engine entry: how to build its rules, sample setups and agents."""

    id: str
    rules: Callable[[], Rules]
    setups: Callable[[], Mapping[str, Callable[[], Any]]]
    """Named setups: name -> params factory (the first is the default)."""

    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """The game's agent registry: name -> factory."""
        return self.rules().agents

    def default_params(self) -> Any:
        """The parameters of the first setup."""
        return next(iter(self.setups().values()))()


def _warbadge_rules() -> Rules:
    from toolkit.games.warbadge.engine import WarBadgeRules

    return WarBadgeRules()


def _warbadge_setups() -> Mapping[str, Callable[[], Any]]:
    from toolkit.games.warbadge.engine import SETUPS

    return SETUPS


GAMES: dict[str, SimGame] = {
    "warbadge": SimGame("warbadge", _warbadge_rules, _warbadge_setups),
}
