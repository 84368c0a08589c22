"""The agent resolver (toolkit/sim/agents.py): every game's own agents, parameterised
names a game accepts, and the search agent where the engine can determinize."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace

import pytest

from tests.sim.bids import Bids, BidsParams, GreedyBidder
from toolkit.core.errors import InputError
from toolkit.sim.agents import (
    AgentError,
    agent_choices,
    agent_problem,
    check_agents,
    known_agent,
    make_agent,
    make_agents,
)
from toolkit.sim.engine import RandomAgent, SearchSettings
from toolkit.sim.harness import play_game
from toolkit.sim.mcts import MCTSAgent


class Blind(Bids):
    """Hidden Bids without a determinize hook (as engines are until they gain one)."""

    determinize = None


class Tempered:
    """A game's own parameterised names: ``greedy:P`` plays greedy with probability P."""

    def __init__(self, p: float) -> None:
        self.p = p

    observes = True
    stochastic = True

    def act(self, obs, legal, rng):
        return GreedyBidder().act(obs, legal, rng) if rng.random() < self.p else legal[0]


class Registry(Mapping):
    """An agents Mapping that accepts ``greedy:P`` for any P in [0, 1]."""

    base = {"random": RandomAgent, "greedy": GreedyBidder}

    def __getitem__(self, name: str):
        if name in self.base:
            return self.base[name]
        kind, _, p = name.partition(":")
        if kind == "greedy" and p.replace(".", "", 1).isdigit() and float(p) <= 1:
            return lambda: Tempered(float(p))
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        try:
            self[name]
        except KeyError:
            return False
        return True

    def __iter__(self) -> Iterator[str]:
        return iter(self.base)

    def __len__(self) -> int:
        return len(self.base)


class Tunable(Bids):
    agents = Registry()


def test_the_games_own_agents():
    rules = Bids()
    assert isinstance(make_agent(rules, "random", 0, 2), RandomAgent)
    assert isinstance(make_agent(rules, "greedy", 1, 2), GreedyBidder)
    assert known_agent(rules, "greedy") and agent_problem(rules, "random") is None


def test_search_agent_names():
    rules = Bids()
    agent = make_agent(rules, "mcts:50", 1, 3)
    assert isinstance(agent, MCTSAgent)
    assert (agent.simulations, agent.seat, agent.seats, agent.rollout) == (50, 1, 3, None)
    assert make_agent(rules, "mcts:7:greedy", 0, 2).rollout == "greedy"
    assert make_agent(rules, "mcts:7:random", 0, 2).rollout is None
    assert agent.stochastic and agent.observes
    assert agent_choices(rules) == ["random", "greedy", "mcts", "mcts:N", "mcts:N:greedy"]


def test_mcts_alone_is_the_engines_default_search():
    """``mcts`` plays the engine's `SearchSettings`; ``mcts:N`` keeps all of them but the
    budget, ``mcts:N:ROLLOUT`` all but the budget and the playout agent."""
    rules = Bids()
    rules.search = SearchSettings(simulations=33, rollout="greedy", horizon=2, widening=1.5,
                                  bias=0.25)
    default = make_agent(rules, "mcts", 0, 2)
    assert default.settings == rules.search
    assert (default.simulations, default.rollout, default.horizon) == (33, "greedy", 2)
    assert make_agent(rules, "mcts:7", 0, 2).settings == replace(rules.search, simulations=7)
    assert make_agent(rules, "mcts:7:random", 0, 2).settings == replace(
        rules.search, simulations=7, rollout="random")
    plain = make_agent(Bids(), "mcts", 0, 2)  # an engine without settings: the search's own
    assert (plain.simulations, plain.rollout, plain.horizon) == (100, None, 0)


def test_make_agents_seats_each_in_order():
    agents = make_agents(Bids(), ["random", "mcts:5", "mcts:9:greedy"])
    assert isinstance(agents[0], RandomAgent)
    assert [(a.seat, a.seats, a.simulations) for a in agents[1:]] == [(1, 3, 5), (2, 3, 9)]


@pytest.mark.parametrize(("name", "says"), [
    ("psychic", "unknown agent 'psychic' for bids; known agents: random, greedy, mcts, "
                "mcts:N"),
    ("mctsx", "unknown agent 'mctsx'"),
    ("mcts:", "whole number from 1 to 1,000,000"),
    ("mcts:0", "whole number from 1 to 1,000,000"),
    ("mcts:-5", "whole number"),
    ("mcts:2.5", "whole number"),
    ("mcts:1000001", "whole number"),
    ("mcts:20:psychic", "its playouts are played by one of bids's agents (random, greedy)"),
    ("mcts:20:mcts", "its playouts are played by one of"),
    ("mcts:20:greedy:extra", "its playouts are played by one of"),
])
def test_refused_names_say_why_in_one_sentence(name: str, says: str):
    rules = Bids()
    problem = agent_problem(rules, name)
    assert problem is not None and says in problem and "\n" not in problem
    assert not known_agent(rules, name)
    with pytest.raises(AgentError, match="agent"):
        make_agent(rules, name, 0, 2)


def test_agent_errors_are_input_errors_and_value_errors():
    """Exit 2 at the CLI edge (InputError); `run_play` callers catch ValueError."""
    with pytest.raises(InputError):
        check_agents(Bids(), ["random", "nobody"])
    with pytest.raises(ValueError):
        check_agents(Bids(), ["nobody"])


def test_search_is_refused_where_the_engine_cannot_determinize():
    rules = Blind()
    problem = agent_problem(rules, "mcts:50")
    assert problem == ("the bids engine cannot sample what a player does not see yet (it "
                       "has no determinize hook), so it cannot seat the search agent "
                       "'mcts:50'; its agents are: random, greedy")
    assert agent_choices(rules) == ["random", "greedy"]
    assert known_agent(rules, "greedy")


def test_parameterised_names_of_a_game_keep_working():
    rules = Tunable()
    assert isinstance(make_agent(rules, "greedy:0.5", 0, 2), Tempered)
    assert known_agent(rules, "greedy:1") and not known_agent(rules, "greedy:2")
    assert make_agent(rules, "mcts:5:greedy:0.5", 0, 2).rollout == "greedy:0.5"
    record = play_game(rules, BidsParams(), ["greedy:0.5", "mcts:5"], 1)
    assert record.finished and not record.violations
