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


DETERMINIZED = [game_id for game_id, spec in GAMES.items()
                if hasattr(spec.rules(), "determinize")]


@pytest.mark.parametrize("game_id", DETERMINIZED)
def test_determinize_is_consistent_with_the_observation(game_id: str) -> None:
    """toolkit/sim/engine.py: ``observe(determinize(obs, p, rng), p) == obs``, and one
    observation with one rng seed gives one state (a search never peeks)."""
    from random import Random

    from toolkit.sim.engine import CHANCE
    from toolkit.sim.harness import agent_stream, chance_stream

    game = GAMES[game_id]
    rules = game.rules()
    params = default_params(game)
    checked = 0
    for seed in range(1, 21):
        chance, arng = chance_stream(seed), agent_stream(seed)
        state = rules.setup(params, chance)
        for step in range(400):
            if rules.outcome(state) is not None:
                break
            movers = rules.to_move(state)
            if movers[0] == CHANCE:
                state = rules.apply(state, rules.chance(state, chance))
                continue
            if step % 7 == 0:
                for player in movers:
                    obs = rules.observe(state, player)
                    one = rules.determinize(obs, player, Random(step))
                    two = rules.determinize(obs, player, Random(step))
                    assert rules.observe(one, player) == obs
                    assert rules.observe(two, player) == obs
                    assert rules.state_key(one) == rules.state_key(two)
                    checked += 1
            chosen = []
            for player in movers:  # a simultaneous choice: all decide from one state
                legal = rules.legal_actions(state, player)
                chosen.append(legal[arng.randrange(len(legal))])
            for action in chosen:
                state = rules.apply(state, action)
    assert checked > 20
