"""Random playthroughs of every registered game that has a rules engine.

For each game and each of its sample setups, many seeds: every game terminates or is
reported unfinished, the invariants hold, a legal action exists whenever one is needed,
the same seed gives the same game (the same log), and ``jobs=2`` gives the same JSON as
``jobs=1``. A new game (an entry point with a `PlaySpec`) is covered without a change here.
"""

from __future__ import annotations

import pytest

from toolkit.core.registry import games
from toolkit.sim.harness import play_game
from toolkit.sim.run import run_play

SEEDS = 200

GAMES = {g.id: g.playing for g in games().values() if g.playing is not None}
CASES = [(game_id, setup) for game_id, spec in GAMES.items() for setup in spec.setups()]


def default_params(spec):
    """The parameters of the game's first sample setup."""
    return next(iter(spec.setups().values()))()


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
    assert GAMES.keys() >= {"warbadge", "battlegate"}
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
    params = default_params(game)
    lineup = sorted(rules.agents)[:1] + ["random"]
    for seed in (1, 17, 123):
        first = play_game(rules, params, lineup, seed, log=True)
        second = play_game(rules, params, lineup, seed, log=True)
        assert first.log == second.log and first.log


@pytest.mark.parametrize("game_id", list(GAMES))
def test_jobs_do_not_change_results(game_id: str) -> None:
    game = GAMES[game_id]
    rules = game.rules()
    params = default_params(game)
    one = run_play(rules, params, ["random", "random"], games=100, seed=3, jobs=1)
    two = run_play(rules, params, ["random", "random"], games=100, seed=3, jobs=2)
    assert _json(one) == _json(two)
