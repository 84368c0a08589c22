"""High Card against the toolkit's shared conformance tests, plus a rule of its own."""

from __future__ import annotations

from random import Random

import pytest

from toolkit.testing import conformance_cases


@pytest.mark.parametrize(("check", "game_id"), conformance_cases(["highcard"]), ids=str)
def test_conformance(check, game_id, tmp_path):
    check.run(game_id, tmp_path)


def test_a_tie_goes_to_the_leader():
    from pnp_highcard.rules import HighCardRules, State

    rules = HighCardRules()
    state = State(((), ()), ((5, 9), (5, 2)), 0, 0, (0, 0), 0)
    state = rules.apply(rules.apply(state, ("play", 0, 5)), ("play", 1, 5))
    assert state.won == (1, 0) and state.leader == 0
    assert rules.counts["highcard.tie"] == 1


def test_the_search_agent_can_sit():
    from pnp_highcard.rules import HighCardRules, sample_params

    from toolkit.sim.agents import make_agent

    rules = HighCardRules()
    agent = make_agent(rules, "mcts:20", 0, 2)
    state = rules.setup(sample_params(), Random(1))
    legal = rules.legal_actions(state, 0)
    assert agent.act(rules.observe(state, 0), legal, Random(2)) in legal
