"""Same seed, same games: digests of Banners' results pinned from the engine before the
speed work (issue 14: "Make every engine at least 5 times faster with byte-identical
results (same seed, same JSON and logs)").

Each digest covers the `play --json` document (without games_per_second, the one figure
that may change), the logs of the first games and, for the search agent, the log of a
whole game (every decision it took). A change to any rule, option order, chance draw or
agent choice changes a digest; a faster engine that plays the same games does not.

Re-pinned for issue 22 (each checked equal in the pure and the compiled build): greedy's
decisions changed on purpose (canonical ties, combat cards kept, a last piece's fight,
the castle left free for a carrier) and so did the search's defaults, evaluation and
determinization; the random line-ups play the same games as before (the same coverage
counts, checked against the engine before issue 22), their digests moved with the shared
`play --json` document (seat orders, the first player's and each deck's win rates).

Re-pinned for issue 24 (the rules as the book writes them): green and yellow attackers get
no bonus in 2v2, a path may loop back to its start, a piece blocked in on the enemy
castle may attack instead of going through, Saboteur to any drawbridge, Providing Aid onto
a castle, Safeguard barred while a piece must leave the enemy castle; log lines name the
spaces moved, who played each combat card and each modifier. One 1v1 greedy game of the
old and new engines, compared line by line, differs only in those log texts.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from toolkit.games.banners.engine import BannersRules, bundled_params, skirmish_params
from toolkit.sim.harness import play_game, run_games
from toolkit.sim.run import run_play

# (set-up, line-up, games, seed) -> sha256 of the JSON document and the first two logs.
PLAYS = {
    ("book", ("random", "random"), 12, 5):
        "e9d9de146d2e3fd311af1825a1db5711898b276fb9d45d0a63d676a8d923bdb9",
    ("book", ("greedy", "greedy"), 30, 9):
        "56e3ce04d90a33ab08abf128b7806a966c6578306dee6f80bdfe48f925e3576e",
    ("book", ("random", "greedy"), 12, 11):
        "01b79d0b24eae7856078291bbaa52ecbe70f7d7a803d251b9520a1f2f333126b",
    ("book", ("random",) * 4, 8, 2):
        "4506e1598e0ec45eac86a0e20ad8103a9f0fdcefd2425de7eb3017fde41bba7b",
    ("book", ("greedy",) * 4, 24, 3):
        "804881e0c125f8d3cd2e2a0add0fb6298dbaf656187fbc5c80e8085c2007e593",
    ("skirmish", ("random", "random"), 12, 7):
        "56bbe46eaa09b15e9785b64749e96e9d5558a1a7e6edc35aef210e6f289923c3",
    ("skirmish", ("greedy", "random") * 2, 16, 4):
        "709e0949257c0f007448f24f55e7fd09befc46cb7c0dc8b52b25106010fe7b3a",
}

# (set-up, players, line-up, seed) -> sha256 of the game's log.
SEARCHES = {
    ("skirmish", 2, ("mcts:20", "random"), 1):
        "6013f4925450ba9406e322c1b714e076047db07a0edb7456e60e5e5943a3c39d",
    ("book", 2, ("mcts:10:greedy", "greedy"), 1):
        "7d7df02c0dc607ac39ebf2829d1db4fd8e89a659b66463ab61fdae78f71a02f8",
}


def _params(setup: str, players: int):
    return (bundled_params if setup == "book" else skirmish_params)(players)


def play_digest(setup: str, lineup: tuple[str, ...], games: int, seed: int) -> str:
    """The digest of a `play --json` document (less its speed) and its first logs."""
    params = _params(setup, len(lineup))
    doc = run_play(BannersRules(), params, list(lineup), games, seed).to_json()
    doc.pop("games_per_second")
    chunk, _ = run_games(BannersRules(), params, list(lineup), 2, seed, log_games=2)
    text = json.dumps(doc, sort_keys=True) + "".join(log for _, log in chunk.logs)
    return hashlib.sha256(text.encode()).hexdigest()


def search_digest(setup: str, players: int, lineup: tuple[str, ...], seed: int) -> str:
    """The digest of one logged game with a search agent at a seat."""
    rec = play_game(BannersRules(), _params(setup, players), list(lineup), seed, log=True)
    return hashlib.sha256((rec.log or "").encode()).hexdigest()


@pytest.mark.parametrize("case", sorted(PLAYS), ids=lambda c: f"{c[0]}-{'-'.join(c[1])}")
def test_same_seed_same_play(case):
    assert play_digest(*case) == PLAYS[case]


@pytest.mark.parametrize("case", sorted(SEARCHES), ids=lambda c: f"{c[0]}-{c[2][0]}")
def test_same_seed_same_search(case):
    assert search_digest(*case) == SEARCHES[case]


if __name__ == "__main__":  # print the digests (to pin them from a reference engine)
    for key in PLAYS:
        print(key, play_digest(*key))
    for key in SEARCHES:
        print(key, search_digest(*key))
