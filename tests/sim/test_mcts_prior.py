"""The search's PUCT prior (`SearchSettings.prior`): the playout agent's choice keeps its
edge as the budget grows, yet the search still leaves it for a better action."""

from __future__ import annotations

from random import Random

from tests.sim.test_search_settings import Wide
from toolkit.sim.engine import RandomAgent, SearchSettings
from toolkit.sim.mcts import MCTSAgent

HINT = ("add", 0, 1, 7)
"""The playout agent's choice at every decision of seat 0: one of the thirty ways to
add 1."""


class Seventh:
    """A playout agent that always picks the eighth way to add 1 when it can."""

    observes = True
    stochastic = False

    def act(self, observation, legal, rng):
        for action in legal:
            if action[2] == 1 and action[3] == 7:
                return action
        return legal[0]


class Hinted(Wide):
    """`Wide` with `Seventh` as its informed agent."""

    agents = {"random": RandomAgent, "seventh": Seventh}


def _root(settings: SearchSettings, total: int):
    rules = Hinted()
    agent = MCTSAgent(rules, 0, 2, settings)
    agent._key = lambda obs: obs
    agent._rollout_agents = [Seventh(), Seventh()]
    return agent._search((total, 0), Random(5))


def test_the_prior_keeps_the_hint_ahead_among_equal_actions():
    """From 10 every move loses by force (the evaluation says so for all 31), so the
    simulations cannot tell them apart: with the prior the hint gets most visits; with
    UCB1 and no bias they are shared out evenly."""
    simulations = 200
    puct = _root(SearchSettings(simulations=simulations, rollout="seventh", horizon=1,
                                prior=1.0, hint=0.9), 10)
    assert puct.hint == HINT
    assert puct.stats[HINT][0] > simulations // 2
    ucb = _root(SearchSettings(simulations=simulations, rollout="seventh", horizon=1), 10)
    assert ucb.hint == HINT
    assert ucb.stats[HINT][0] < simulations // 4


def test_the_prior_leaves_a_losing_hint_for_the_winning_move():
    """From 11 adding 2 wins by force (13 is 1 mod 3) and the hint (adding 1) loses: the
    simulations take the search off the hint, and the winning move is played."""
    settings = SearchSettings(simulations=120, rollout="seventh", horizon=1, prior=1.0,
                              hint=0.9)
    root = _root(settings, 11)
    best = max(root.stats, key=lambda a: root.stats[a][0])
    assert best == ("add", 0, 2, 0)
    rules = Hinted()
    state = (11, 0)
    agent = MCTSAgent(rules, 0, 2, settings)
    assert agent.act(state, rules.legal_actions(state, 0), Random(2)) == ("add", 0, 2, 0)
