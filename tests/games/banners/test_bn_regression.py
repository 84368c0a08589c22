"""Same seed, same games: digests of Banners' results pinned from the engine before the
speed work (issue 14: "Make every engine at least 5 times faster with byte-identical
results (same seed, same JSON and logs)").

Each digest covers the `play --json` document (without games_per_second, the one figure
that may change), the logs of the first games and, for the search agent, the log of a
whole game (every decision it took). A change to any rule, option order, chance draw or
agent choice changes a digest; a faster engine that plays the same games does not.
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
        "1c968152297906ac7049e7c737970cd5ebe930f038a45ebdc0d4b019ac8a96b1",
    ("book", ("greedy", "greedy"), 30, 9):
        "194f900da9b2e244648faa3dcc3141699f2c1644dd771134a9a232b52b09e1d1",
    ("book", ("random", "greedy"), 12, 11):
        "660683155a9501c01948e7b95410bff65799b0f1a3da253b79ccf0df70897924",
    ("book", ("random",) * 4, 8, 2):
        "dd0fe5f4a58f83d62ff0d8e57aa787cd2226d5e0ff828360609215d08956d877",
    ("book", ("greedy",) * 4, 24, 3):
        "fbd142679462c38ec79de7973ad9b37e15238b920ac172cca35de3e716b02de1",
    ("skirmish", ("random", "random"), 12, 7):
        "dfc50593cd6e9920caaa5e863d08b22c9b3a8a3ddb2e93b8802fcf1184f54a4c",
    ("skirmish", ("greedy", "random") * 2, 16, 4):
        "46409242bd9313f47d2b95b1afef493c3a18691d05ea9c465721f51f35c7c0ab",
}

# (set-up, players, line-up, seed) -> sha256 of the game's log.
SEARCHES = {
    ("skirmish", 2, ("mcts:20", "random"), 1):
        "a999c36165efb7370af8cef09a0d593fa76298a80f70b6d5611ff58d62d4e9bf",
    ("book", 2, ("mcts:10:greedy", "greedy"), 1):
        "1bafaa73ed1946f538205f5d85fcf934785bc9a99f726a153526517d58eeccd1",
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
