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
        "3c18f6b06a8b933bef38f60e25b024b9a24bc58b0facd4000f137e52b6416c4e",
    ("book", ("greedy", "greedy"), 30, 9):
        "fb598ae479557e0edd48ddc9546e0817df258638c4bfc67afefb3ad9e3a402e3",
    ("book", ("random", "greedy"), 12, 11):
        "a74e0c18ba0cecbbdf0c8438bf14f50eedaf17294e7005eeb0abce6cb15c9b61",
    ("book", ("random",) * 4, 8, 2):
        "70da2dbc8d3963576b997a6eddfdbd706533afcb79e5b046a62d3e2794633353",
    ("book", ("greedy",) * 4, 24, 3):
        "9dd5ad75405222791b7fc5caaf76009083b863c33a912e13ce5a78913910fc76",
    ("skirmish", ("random", "random"), 12, 7):
        "c236364a257ca2343ba6fff774b7ff071cabfc140b76eb2ad147a41d0a1a8680",
    ("skirmish", ("greedy", "random") * 2, 16, 4):
        "2fe4f76f4797d49db0fc42d3f69faf88cba5eafdb50f7a39499c2213c23c6a09",
}

# (set-up, players, line-up, seed) -> sha256 of the game's log.
SEARCHES = {
    ("skirmish", 2, ("mcts:20", "random"), 1):
        "1feec173ee6b478cab0a342f7bd2cfe11a5618af97778bc80848387733290c03",
    ("book", 2, ("mcts:10:greedy", "greedy"), 1):
        "0f1783111b510fcf3c7ce59b1c7e94340396059fcec9bd142588a829c6dbef01",
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
