"""Same seeds, same games: the speed work on the engine (issue 14) changes nothing played.

The digests below were taken from the engine as it was before that work (main at the
merge of issue 11): the `play --json` document of runs over several set-ups and line-ups
(random, greedy and mixed, checks on and off; ``games_per_second`` left out), their
playthrough logs, and the decisions and log of a search agent (``mcts:20``, its first
steps). A change that
makes any game, log line, statistic or search decision differ breaks this test.

Re-pinned for issue 22, where greedy's decisions changed on purpose (ties broken by what
the player sees, one defence plan, assassins fielded when the hand outgrows the plays)
and the search got its own defaults (greedy playouts, a 2-turn horizon, the evaluation,
progressive bias); ``play --json`` itself changed shape in that issue (the offered rules
among them). Random agents never observe, and the engine's rules did not change.

Re-pinned for issue 24 (item 3): assassins may now be played while attacks are declared
and while defenders are assigned, so random agents meet more choices and play other games.
Checked before re-pinning: the greedy runs play the same games (their logs differ only in
the new texts of the boost-rounds and defender-budget rulings, their ``play --json`` only
in how often boosts were offered), and the search decides the same (its digest is
unchanged). Item 2 (actions and observations name cards by kind) changed no game of these
runs: on the bundled decks a kind's copies are consecutive rows, so the same cards move in
the same order.
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


RUNS_DIGEST = "c71948c9f9dd268e2e4fac29457d33daa0928af8df091a5bd055b9927c21ce95"
SEARCH_DIGEST = "e4bf9f53468ab468a947cb629c2c669986bdd638b706c940dbaa0484013f991b"
