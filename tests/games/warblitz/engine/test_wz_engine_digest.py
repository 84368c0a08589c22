"""Regression pin: the engine plays exactly the games it played before the speed work.

Each digest hashes, for one sample set-up and line-up, the `play --json` document of 40
seeded games (bar games_per_second) and the playthrough logs of two more; one more pins a
whole search game (``mcts:20``, its decisions and log). The digests were recorded with
the engine as it was before issue 14's speed work (main at 8c1311a): any change to the
games played (a different draw, decision, rule or log line) changes them. A change that
is meant to change the games must say so and record new digests.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from toolkit.games.warblitz.engine import SETUPS, WarblitzRules
from toolkit.sim.harness import play_game
from toolkit.sim.run import run_play

PINNED = {
    ("duel", "random", "random"): "e638bd214ad051a6",
    ("duel", "greedy", "greedy"): "d6474d993db529b2",
    ("duel", "greedy", "random"): "6590558b8a588e7c",
    ("swapped", "random", "random"): "a35bbb9449b27bfb",
    ("swapped", "greedy", "greedy"): "18729c110484b4d7",
    ("swapped", "greedy", "random"): "b79ff1ec9c429924",
    ("mirror", "random", "random"): "a30fd2bd611070ae",
    ("mirror", "greedy", "greedy"): "4adcfed06f3e041b",
    ("mirror", "greedy", "random"): "080a4a1fe825a70f",
}


def _digest(setup: str, lineup: list[str]) -> str:
    params = SETUPS[setup]()
    digest = hashlib.sha256()
    doc = run_play(WarblitzRules(), params, lineup, games=40, seed=5).to_json()
    doc.pop("games_per_second")
    digest.update(json.dumps(doc, sort_keys=True).encode())
    rules = WarblitzRules()
    for seed in (1, 2):
        rec = play_game(rules, params, lineup, seed, log=True)
        digest.update(f"{rec.winner} {rec.reason} {rec.length} {rec.steps}\n{rec.log}"
                      .encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize(("setup", "first", "second"), list(PINNED))
def test_same_games_as_recorded(setup: str, first: str, second: str) -> None:
    assert _digest(setup, [first, second]) == PINNED[setup, first, second]


def test_same_search_game_as_recorded() -> None:
    rec = play_game(WarblitzRules(), SETUPS["duel"](), ["mcts:20", "greedy"], 3, log=True)
    assert hashlib.sha256(rec.log.encode()).hexdigest()[:16] == "06d291206b536a22"
