"""The search agent (toolkit/sim/mcts.py) on Hidden Bids (tests/sim/bids.py), a small
card game with hidden hands, chance reveals and secret simultaneous bids."""

from __future__ import annotations

from random import Random

import pytest

from tests.sim.bids import Bids, BidsParams
from toolkit.sim.agents import make_agent
from toolkit.sim.engine import CHANCE, Instrumented, Outcome, RandomAgent
from toolkit.sim.harness import play_game
from toolkit.sim.ladder import run_ladder
from toolkit.sim.mcts import MCTSAgent
from toolkit.sim.run import run_play
from toolkit.sim.stats import wilson


def paired(rules, params, upper: str, lower: str, seeds: int, seed: int = 1):
    """The upper agent's wins and games over every seat, on the same seeds."""
    seats = params.players
    wins = games = 0
    for seat in range(seats):
        lineup = [lower] * seats
        lineup[seat] = upper
        result = run_play(rules, params, lineup, games=seeds, seed=seed)
        assert result.violations == [] and result.unfinished == []
        wins += result.stats.wins[seat]
        games += seeds
    return wins, games


def clearly_above(wins: int, games: int, share: float) -> bool:
    """The 95% Wilson interval of the win rate lies wholly above the fair share."""
    return wilson(wins, games)[0] > share


def test_mcts_beats_random_with_secret_simultaneous_bids():
    wins, games = paired(Bids(), BidsParams(players=2, hand=4), "mcts:60", "random", 40)
    assert clearly_above(wins, games, 0.5), (wins, games)
    assert wins / games > 0.65


def test_mcts_beats_random_when_bids_are_made_in_turn():
    """Sequential decisions with hidden hands (the second bidder sees the first bid)."""
    params = BidsParams(players=2, hand=4, simultaneous=False)
    wins, games = paired(Bids(), params, "mcts:30", "random", 40)
    assert clearly_above(wins, games, 0.5), (wins, games)


def test_three_players_each_maximise_their_own_reward():
    """One search agent against two random players takes far more than its third."""
    wins, games = paired(Bids(), BidsParams(players=3, hand=4), "mcts:30", "random", 20)
    assert clearly_above(wins, games, 1 / 3), (wins, games)


def test_greedy_playouts():
    """``mcts:N:greedy`` plays its simulations out with the game's greedy agent."""
    rules = Bids()
    agent = make_agent(rules, "mcts:10:greedy", 1, 2)
    assert isinstance(agent, MCTSAgent) and agent.rollout == "greedy"
    params = BidsParams(players=2, hand=4, simultaneous=False)
    wins, games = paired(rules, params, "mcts:30:greedy", "random", 40)
    assert clearly_above(wins, games, 0.5), (wins, games)


class Race(Instrumented):
    """Race to 10, perfect information: players add 1 or 2 in turn; whoever reaches 10
    wins. Moving to 1, 4 or 7 wins by force; the observation is the whole state."""

    game_id = "race"
    max_steps = 100
    coverage = ()
    agents = {"random": RandomAgent}

    def __init__(self) -> None:
        self.emit = None
        self.reset_counts()

    def to_move(self, s):
        return () if s[0] >= 10 else (s[1],)

    def legal_actions(self, s, player):
        return [("add", player, 1), ("add", player, 2)]

    def apply(self, s, action):
        return (s[0] + action[2], 1 - s[1])

    def chance(self, s, rng):
        raise AssertionError("Race to 10 has no chance nodes")

    def state_key(self, s):
        return s

    def outcome(self, s):
        return Outcome(1 - s[1], "reached 10") if s[0] >= 10 else None

    def observe(self, s, player):
        return s

    def determinize(self, obs, player, rng):
        return obs


@pytest.mark.parametrize(("total", "best"), [(8, 2), (9, 1), (5, 2), (6, 1), (2, 2), (3, 1)])
def test_search_finds_the_forced_win(total: int, best: int):
    """Rewards reach each player's own choices: the player to move at ``total`` adds
    ``best`` to land on 1, 4, 7 or 10, whichever seat it is."""
    rules = Race()
    for seat in (0, 1):
        agent = make_agent(rules, "mcts:300", seat, 2)
        state = (total, seat)
        legal = rules.legal_actions(state, seat)
        assert agent.act(rules.observe(state, seat), legal, Random(total))[2] == best


def decision(rules: Bids, params: BidsParams, seed: int):
    """A state where seat 0 must bid (after the first reveal), from ``seed``."""
    rng = Random(seed)
    state = rules.setup(params, rng)
    return rules.apply(state, rules.chance(state, rng))


class Spy(Bids):
    """Hidden Bids that remembers every state the search hands it."""

    def __init__(self) -> None:
        super().__init__()
        self.touched: list = []

    def apply(self, s, action):
        self.touched.append(s)
        return super().apply(s, action)

    def legal_actions(self, s, player):
        self.touched.append(s)
        return super().legal_actions(s, player)


@pytest.mark.parametrize("simultaneous", [True, False])
def test_decisions_depend_on_the_observation_only(simultaneous: bool):
    """Never reading hidden state, checked at the engine: two states that differ in
    what seat 0 cannot see (the other hand, the box) but look the same to seat 0 get
    the same decision, and the search never touches either real state."""
    rules = Spy()
    params = BidsParams(players=2, hand=4, simultaneous=simultaneous)
    for seed in range(8):
        real = decision(rules, params, seed)
        obs = rules.observe(real, 0)
        other = rules.determinize(obs, 0, Random(1000 + seed))
        if other.hands[1] == real.hands[1]:
            other = rules.determinize(obs, 0, Random(2000 + seed))
        assert other.hands[1] != real.hands[1] and rules.observe(other, 0) == obs
        legal = rules.legal_actions(real, 0)
        agent = make_agent(rules, "mcts:40", 0, 2)
        rules.touched.clear()
        one = agent.act(rules.observe(real, 0), legal, Random(seed))
        two = agent.act(rules.observe(other, 0), legal, Random(seed))
        assert one == two
        assert not any(s is real or s is other for s in rules.touched)
        sampled = {s.hands[1] for s in rules.touched}
        assert len(sampled) > 5  # the search does sample the unseen hand


def test_search_is_reproducible_and_the_same_for_any_jobs():
    rules = Bids()
    params = BidsParams(players=2, hand=4)
    lineup = ["mcts:15", "random"]
    first = play_game(rules, params, lineup, 5, log=True)
    again = play_game(rules, params, lineup, 5, log=True)
    assert first.log == again.log and first.log
    one = run_play(rules, params, lineup, games=6, seed=3, jobs=1).to_json()
    two = run_play(rules, params, lineup, games=6, seed=3, jobs=2).to_json()
    one.pop("games_per_second")
    two.pop("games_per_second")
    assert one == two


def test_search_leaves_coverage_and_the_log_to_the_real_game():
    """The simulations fire rules and emit events on the same engine: none of it may be
    counted as rule coverage or written to the playthrough log."""
    rules = Bids()
    params = BidsParams(players=2, hand=4)
    result = run_play(rules, params, ["mcts:20", "mcts:20"], games=5, seed=1)
    fired = result.coverage()["fired"]
    assert fired["bids.rule.bid"] == 5 * 2 * 4 and fired["bids.rule.reveal"] == 5 * 4
    record = play_game(rules, params, ["mcts:20", "random"], 2, log=True)
    assert record.log.count("prize ") == 4 and rules.emit is None


def test_single_legal_action_draws_nothing_from_the_stream():
    rules = Bids()
    agent = make_agent(rules, "mcts:50", 0, 2)
    rng = Random(1)
    before = rng.getstate()
    assert agent.act(None, [("bid", 0, 3)], rng) == ("bid", 0, 3)
    assert rng.getstate() == before


def test_chance_inside_the_search_comes_from_the_search_stream():
    """A decision whose future holds reveals: the same agent seed gives the same choice,
    whatever the game's chance stream did before."""
    rules = Bids()
    params = BidsParams(players=2, hand=5)
    state = decision(rules, params, 4)
    assert rules.to_move(state) == (0, 1)
    legal = rules.legal_actions(state, 0)
    picks = {make_agent(rules, "mcts:25", 0, 2).act(rules.observe(state, 0), legal,
                                                    Random(9)) for _ in range(3)}
    assert len(picks) == 1
    assert CHANCE not in rules.to_move(state)


def test_ladder_on_the_toy_game():
    """The skill trace: random < mcts:8 < mcts:40 on Hidden Bids, seats rotated."""
    rules = Bids()
    result = run_ladder(rules, BidsParams(players=2, hand=4), ["random", "mcts:8", "mcts:40"],
                        games=60, seed=1)
    doc = result.to_json()
    assert doc["ladder"] == ["random", "mcts:8", "mcts:40"] and doc["seeds_per_step"] == 30
    first, second = doc["steps"]
    assert (first["lower"], first["upper"]) == ("random", "mcts:8")
    for step in doc["steps"]:
        assert step["games"] == 60 and step["fair_share"] == 0.5
        wins = step["wins"]
        assert wins["upper"] + wins["lower"] + step["draws"] == 60
        assert step["length"]["mean"] == 4 and step["first_player"]["who"] == "seat 1"
    assert first["upper_win_rate"]["low"] > 0.5
    assert result.exit_code == 0
