"""Same seeds, same games: the speed work on the engine (issue 14) changes nothing played.

The digests below were taken from the engine as it was before that work (main at the
merge of issue 11): the `play --json` document of runs over several set-ups and line-ups
(random, greedy and mixed, checks on and off; ``games_per_second`` left out), their
playthrough logs, and the decisions and log of a search agent (``mcts:20``, its first
steps). A change that
makes any game, log line, statistic or search decision differ breaks this test.
"""

from __future__ import annotations

import hashlib
import json

from toolkit.games.battlegate.engine import SETUPS, BattleGateRules
from toolkit.sim.harness import play_game
from toolkit.sim.run import run_play

RUNS = (
    ("duel", ("random", "random"), 30, True),
    ("duel", ("greedy", "greedy"), 20, True),
    ("giants", ("greedy", "random"), 20, False),
    ("three", ("random", "greedy", "random"), 10, True),
    ("melee", ("random",) * 4, 8, True),
    ("melee", ("greedy",) * 4, 6, False),
)
"""(set-up, agents, games, invariant checks) of each run, from seed 5."""

SEARCH = ("duel", ("mcts:20", "random"), 3, 60)
"""(set-up, agents, seed, steps) of the search game (its first steps)."""


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def runs_digest(tmp_path) -> str:
    """One digest of every run's JSON (less its speed) and logs."""
    parts = []
    for setup, agents, games, checks in RUNS:
        log = tmp_path / f"{setup}-{'-'.join(agents)}.md"
        result = run_play(BattleGateRules(), SETUPS[setup](), list(agents), games, 5,
                          log_path=log, log_games=2, check_invariants=checks)
        doc = result.to_json()
        doc.pop("games_per_second", None)
        parts.append(json.dumps(doc, sort_keys=True))
        parts.append(log.read_text())
    return _digest("\n".join(parts))


def search_digest() -> str:
    """The digest of the search game's record and log."""
    setup, agents, seed, steps = SEARCH
    rec = play_game(BattleGateRules(), SETUPS[setup](), list(agents), seed, log=True,
                    max_steps=steps)
    return _digest(repr((rec.winner, rec.finished, rec.reason, rec.length, rec.steps))
                   + (rec.log or ""))


def test_runs_play_the_same_games(tmp_path):
    """Runs of random, greedy and mixed line-ups, 2 to 4 players, checks on and off."""
    assert runs_digest(tmp_path) == RUNS_DIGEST


def test_search_makes_the_same_decisions():
    """An ``mcts`` agent searches the same playouts and decides the same."""
    assert search_digest() == SEARCH_DIGEST


RUNS_DIGEST = "084125866f5c0650cf334d1cb31ae0c6b0b6465602144253c026ddf33e0ee5c6"
SEARCH_DIGEST = "e30c7c61c47d0f1b27b086a0c036ca36f3446e9f9891def5d34cbfd0b2082625"
