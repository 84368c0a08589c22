"""Same seed, same games: digests of Valiant Wars results, logs and search decisions,
pinned when the engine was made faster (issue 14) so a speed change can never change a
game.

Each digest is the SHA-256 of the games' results (wins, lengths, end reasons, every
coverage and statistics counter, violations, unfinished games) for a line-up, seed and
player count; of two playthrough logs; and of a game with an ``mcts:8`` seat, whose log
holds every decision of the search. A deliberate rules change updates the digests (run
this file with ``-s`` and ``PRINT_DIGESTS=1`` to print the new ones). Re-pinned for issue
22: greedy breaks ties by a card's content and name and buys by what a card adds to its
deck, so every line-up with a greedy seat plays other games (the random ones did not move);
the search's game moved again with its defaults (greedy playouts cut after the round and
scored by the evaluation).
"""

from __future__ import annotations

import hashlib
import json
import os

import pytest

from toolkit.games.valiantwars.engine import ValiantWarsRules, sample_params
from toolkit.sim.harness import play_game, run_games

LINE_UPS = {
    "random-2": (("random", "random"), 24, 101),
    "greedy-2": (("greedy", "greedy"), 16, 202),
    "random-4": (("random",) * 4, 12, 303),
    "greedy-4": (("greedy",) * 4, 8, 404),
    "mixed-5": (("random", "greedy", "risk:0.5,buy:Paladin>Gold", "risk:20%",
                 "risk:0.9,buy:Mystic>Soldier"), 6, 505),
}

DIGESTS = {
    "greedy-2": "604308d82c8cbc558407371e51719a1be8f6a56a51ad4105f5fe735a3c761e52",
    "greedy-4": "1ad352098af717836135dc2315bfddc008c6bcf8ab89c6245d6e7caa770e15e9",
    "mixed-5": "aa798dae2c27317ce46d4c72be68c2edaf5fb28f7d2612f87e18495413a1c06d",
    "random-2": "7ea24b30b7ed3069d7809d3b3be26602f7eeefc1c754c89db725d3b5852349f7",
    "random-4": "a3386db4e66ef8ba4f2e33c552a180cc40aaf6c3bb2d042cbb5325ef94f29d37",
    "logs": "b11e8bc5c132ff68b22ec1362da83a29a354cea3d9e9bfdaa07d67d2bad73dbc",
    "mcts": "f564a54ad0f8ab0470ee45fef9dda228b74e9ec9c09d96d2fcb79cdf1a4c5e68",
}


def _digest(value: object) -> str:
    text = json.dumps(value, sort_keys=True, default=repr)
    return hashlib.sha256(text.encode()).hexdigest()


def _results(agents: tuple[str, ...], games: int, seed: int) -> str:
    result, _ = run_games(ValiantWarsRules(), sample_params(len(agents)), agents, games,
                          seed)
    stats = result.stats
    return _digest({
        "wins": stats.wins, "draws": stats.draws, "unfinished": stats.unfinished,
        "length_sum": stats.length_sum, "length_max": stats.length_max,
        "histogram": stats.histogram, "end_reasons": stats.end_reasons,
        "counters": stats.counters,
        "violations": [v.to_json() for v in result.violations],
        "unfinished_games": [(u.seed, u.reason, u.loop) for u in result.unfinished]})


def _check(name: str, digest: str) -> None:
    if os.environ.get("PRINT_DIGESTS"):
        print(f'    "{name}": "{digest}",')
    assert digest == DIGESTS[name], f"{name}: the games changed"


@pytest.mark.parametrize("name", sorted(LINE_UPS))
def test_results_are_the_pinned_ones(name):
    """A line-up's results, counters and statistics are the pinned ones."""
    agents, games, seed = LINE_UPS[name]
    _check(name, _results(agents, games, seed))


def test_logs_are_the_pinned_ones():
    """Two 3-player playthrough logs are the pinned ones, word for word."""
    rules = ValiantWarsRules()
    logs = [play_game(rules, sample_params(3), ["greedy", "random", "risk:0.4"], seed,
                      log=True).log for seed in (7, 8)]
    _check("logs", _digest(logs))


def test_search_decisions_are_the_pinned_ones():
    """An ``mcts:8`` seat makes the pinned decisions (its game's log)."""
    rules = ValiantWarsRules()
    rec = play_game(rules, sample_params(2), ["mcts:8", "greedy"], 9, log=True,
                    max_steps=120)
    _check("mcts", _digest([rec.log, rec.steps, rec.reason]))
