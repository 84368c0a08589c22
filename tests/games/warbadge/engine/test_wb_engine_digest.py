"""Regression pin: the engine plays exactly the games it played before the speed work.

Each digest hashes, for one sample set-up and line-up, the `play --json` document of 40
seeded games (bar games_per_second) and the playthrough logs of two more; one more pins a
whole search game (``mcts:20``, its decisions and log). The digests were recorded with
the engine as it was before issue 14's speed work (main at 8a7c079): any change to the
games played (a different draw, decision, rule or log line) changes them. A change that
is meant to change the games must say so and record new digests.
"""

from __future__ import annotations

import hashlib

import pytest

from tests.helpers import play_digest
from toolkit.games.warbadge.engine import SETUPS, WarBadgeRules
from toolkit.sim.harness import play_game

PINNED = {
    ("mixed", "random", "random"): "7f70560efdb61047",
    ("mixed", "greedy", "greedy"): "ae4dd6c69acf5ba9",
    ("mixed", "greedy", "random"): "e10c2ec5bb70301f",
    ("quick", "random", "random"): "7773caa3fff06321",
    ("quick", "greedy", "greedy"): "053f7a9a9aeba675",
    ("quick", "greedy", "random"): "95099cb17291890b",
    ("standard", "random", "random"): "a702e1fbbe950dbb",
    ("standard", "greedy", "greedy"): "fba9586bde7255fe",
    ("standard", "greedy", "random"): "073da521920fb53a",
}


@pytest.mark.parametrize(("setup", "first", "second"), list(PINNED))
def test_same_games_as_recorded(setup: str, first: str, second: str) -> None:
    assert play_digest(WarBadgeRules, SETUPS[setup](), [first, second]) == PINNED[setup, first, second]


def test_same_search_game_as_recorded() -> None:
    rec = play_game(WarBadgeRules(), SETUPS["quick"](), ["mcts:20", "greedy"], 3, log=True)
    assert hashlib.sha256(rec.log.encode()).hexdigest()[:16] == "d9e819fa110b6b03"
