"""Random playthroughs of every registered rules engine (`toolkit.sim.games.GAMES`).

For each game and each of its sample setups, many seeds: every game terminates or is
reported unfinished, the invariants hold, a legal action exists whenever one is needed,
the same seed gives the same game (the same log), and ``jobs=2`` gives the same JSON as
``jobs=1``. A new game is covered by adding it to the registry.
"""

from __future__ import annotations

import pytest

from toolkit.sim.games import GAMES
from toolkit.sim.harness import play_game
from toolkit.sim.run import run_play

SEEDS = 200

CASES = [(game_id, setup) for game_id, game in GAMES.items() for setup in game.setups()]


def _json(result) -> dict:
    doc = result.to_json()
    doc.pop("games_per_second")
    return doc


@pytest.mark.parametrize(("game_id", "setup"), CASES)
def test_random_playthroughs(game_id: str, setup: str) -> None:
    game = GAMES[game_id]
    rules = game.rules()
    params = game.setups()[setup]()
    agents = sorted(rules.agents)
    seats = len(rules.describe_params(params).get("decks", [])) or 2
    for lineup in (["random"] * seats, [agents[0]] + ["random"] * (seats - 1)):
        result = run_play(rules, params, lineup, games=SEEDS, seed=1)
        st = result.stats
        assert result.violations == [], result.violations[:5]
        assert sum(st.wins) + st.draws + st.unfinished == SEEDS
        for unfinished in result.unfinished:  # reported, with a reason and a seed
            assert unfinished.reason and unfinished.seed in range(1, SEEDS + 1)


@pytest.mark.parametrize("game_id", list(GAMES))
def test_same_seed_same_game(game_id: str) -> None:
    game = GAMES[game_id]
    rules = game.rules()
    params = game.default_params()
    lineup = sorted(rules.agents)[:1] + ["random"]
    for seed in (1, 17, 123):
        first = play_game(rules, params, lineup, seed, log=True)
        second = play_game(rules, params, lineup, seed, log=True)
        assert first.log == second.log and first.log


@pytest.mark.parametrize("game_id", list(GAMES))
def test_jobs_do_not_change_results(game_id: str) -> None:
    game = GAMES[game_id]
    rules = game.rules()
    params = game.default_params()
    one = run_play(rules, params, ["random", "random"], games=100, seed=3, jobs=1)
    two = run_play(rules, params, ["random", "random"], games=100, seed=3, jobs=2)
    assert _json(one) == _json(two)
