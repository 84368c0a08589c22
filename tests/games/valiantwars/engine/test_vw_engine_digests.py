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
scored by the evaluation). Re-pinned for issue 24, every line-up: the location deck holds
the Village besides the table's Locations (12 cards for 2 players, not 11), Soldiers count
as Champions for the Assassin, the Shaman and the Dancer, the Dancer may copy the Hero,
the Saboteur reads "another Rogue" when played; the logs also tell each ruling once, the
Location's own VP and each Dark Omen added.
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
    "greedy-2": "6755a90ea122dd0ea53207e36e67944c23fd3241daaec80c92d7368cca706613",
    "greedy-4": "08b63a130d075453eaa4c4a789d0ac393ca492f617b9e9eb19e50378004c5e95",
    "mixed-5": "c3ecd4ce6d343cba8ec505ae0787138b2c1c2c43906f422a2873fcd072476b2b",
    "random-2": "192d51bd2b1fca7db6a3b1d0f2e9546899c96ea7acb35cdb97802fbca0992f02",
    "random-4": "ea659897625bfa81dbbe87ae930da8d3bc4457db5a04c873fee754dabc946568",
    "logs": "f96ac4f82427746c88e3b2d8cb3a660c6b3fb324ca6a1a5bb9d3431bbb8060d7",
    "mcts": "b0f08bdb62e9ff9eee4f636698f993cecd449307dbeeb58dba9a25a05d077f36",
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
