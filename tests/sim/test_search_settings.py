"""The search's informed parts: a playout horizon scored by the engine's evaluation,
progressive bias toward the playout agent's choice, progressive widening, and the
evaluation weights (toolkit/sim/evaluation.py) fitted from self-play (toolkit/sim/fit.py).
"""

from __future__ import annotations

import json
import math
from random import Random

import pytest

from tests.sim.bids import Bids, BidsParams
from tests.sim.test_mcts import Race
from toolkit.sim import fit
from toolkit.sim.agents import make_agent
from toolkit.sim.engine import CHANCE, SearchSettings
from toolkit.sim.evaluation import column_values, linear_evaluation, load_weights
from toolkit.sim.mcts import MCTSAgent


class LongRace(Race):
    """Race to 40 by 1 or 2: the player who moves to a multiple of 3 plus 1 wins by force,
    far beyond what a few random playouts can see. ``length`` counts moves; ``evaluate``
    knows the forced result (a perfect evaluation), so a search with a horizon of one move
    finds the winning move that playouts to the end, at this budget, do not."""

    max_steps = 200

    def __init__(self) -> None:
        super().__init__()
        self.evaluations = 0

    def to_move(self, s):
        return () if s[0] >= 40 else (s[1],)

    def outcome(self, s):
        from toolkit.sim.engine import Outcome
        return Outcome(1 - s[1], "reached 40") if s[0] >= 40 else None

    def length(self, s):
        return s[0]

    def evaluate(self, s):
        self.evaluations += 1
        mover = s[1]  # the player to move loses by force when the total is 1 mod 3
        winner = 1 - mover if s[0] % 3 == 1 else mover
        return [1.0 if q == winner else 0.0 for q in (0, 1)]


@pytest.mark.parametrize("total", [2, 3, 5, 9, 20, 30])
def test_a_horizon_and_an_evaluation_find_a_win_playouts_cannot_see(total: int):
    """The search stops its playouts one move after the decision and asks ``evaluate``:
    the move to a total of 1 mod 3 (40 is 1 mod 3) is found with a tiny budget."""
    rules = LongRace()
    rules.search = SearchSettings(simulations=6, horizon=1)
    best = 2 if total % 3 == 2 else 1
    for seat in (0, 1):
        state = (total, seat)
        agent = make_agent(rules, "mcts", seat, 2)
        assert agent.act(rules.observe(state, seat), rules.legal_actions(state, seat),
                         Random(total))[2] == best
    assert rules.evaluations > 0


def test_without_a_horizon_the_evaluation_is_never_asked():
    rules = LongRace()
    rules.search = SearchSettings(simulations=20)
    state = (10, 0)
    make_agent(rules, "mcts", 0, 2).act(state, rules.legal_actions(state, 0), Random(1))
    assert rules.evaluations == 0


def test_a_playout_cut_without_an_evaluation_scores_an_even_share():
    """An engine with a horizon but no ``evaluate``: a cut playout is worth 1/seats."""
    rules = LongRace()
    agent = MCTSAgent(rules, 0, 2, SearchSettings(simulations=1, horizon=1))
    agent._evaluate = None
    assert agent._rewards((5, 1), None) == [0.5, 0.5]


def test_the_smallest_budget_plays_the_playout_agents_choice():
    """Progressive bias: the playout agent's (greedy's) choice is tried first, so one
    simulation per decision plays exactly as greedy does."""
    rules = Bids()
    params = BidsParams(players=2, hand=5, simultaneous=False)
    greedy = rules.agents["greedy"]()
    checked = 0
    for seed in range(6):
        rng = Random(seed)
        state = rules.setup(params, rng)
        while rules.outcome(state) is None:
            movers = rules.to_move(state)
            if movers[0] == CHANCE:
                state = rules.apply(state, rules.chance(state, rng))
                continue
            q = movers[0]
            legal = rules.legal_actions(state, q)
            obs = rules.observe(state, q)
            agent = make_agent(rules, "mcts:1:greedy", q, 2)
            choice = agent.act(obs, legal, Random(seed))
            assert choice == greedy.act(obs, legal, Random(seed))
            checked += len(legal) > 1
            state = rules.apply(state, choice)
    assert checked > 10


class Wide(LongRace):
    """Thirty ways to add 1 (all alike) and one way to add 2: a large branching."""

    def legal_actions(self, s, player):
        return [("add", player, 1, k) for k in range(30)] + [("add", player, 2, 0)]


def test_progressive_widening_lets_actions_in_with_the_square_root_of_visits():
    rules = Wide()
    for widening, simulations in ((1.0, 16), (2.0, 25), (1.0, 100)):
        agent = MCTSAgent(rules, 0, 2, SearchSettings(simulations=simulations, horizon=1,
                                                      widening=widening))
        agent._key = lambda obs: obs
        root = agent._search((10, 0), Random(3))
        assert root.visits == simulations
        assert 1 < len(root.stats) <= math.ceil(widening * math.sqrt(simulations))
    unlimited = MCTSAgent(rules, 0, 2, SearchSettings(simulations=40, horizon=1))
    unlimited._key = lambda obs: obs
    assert len(unlimited._search((10, 0), Random(3)).stats) == 31


def test_widening_lets_the_best_action_by_the_evaluation_in_first():
    """Ordered by the evaluation one step ahead, the one winning move (from 11, adding 2
    reaches 13, which is 1 mod 3) comes in first, and the search plays it."""
    rules = Wide()
    agent = MCTSAgent(rules, 0, 2, SearchSettings(simulations=9, horizon=1, widening=1.0))
    state = (11, 0)
    assert agent.act(state, rules.legal_actions(state, 0), Random(2)) == ("add", 0, 2, 0)


# ------------------------------------------------------------------ evaluation
def test_column_values_are_a_softmax_symmetric_in_the_columns():
    w = (0.5, -1.0)
    values = column_values(w, [(2.0, 1.0), (1.0, 1.0)])
    assert values[0] == pytest.approx(1 / (1 + math.exp(-0.5)))
    assert sum(values) == pytest.approx(1.0)
    assert column_values(w, [(1.0, 1.0), (2.0, 1.0)]) == pytest.approx(values[::-1])
    three = column_values(w, [(1.0, 0.0), (1.0, 0.0), (1.0, 0.0)])
    assert three == pytest.approx([1 / 3] * 3)


def test_a_team_games_seats_take_their_sides_value():
    sides = linear_evaluation((1.0,), [(1.0,), (0.0,)], [0, 1, 0, 1])
    assert sides[0] == sides[2] > 0.5 > sides[1] == sides[3]


def test_weights_are_package_data_checked_against_the_features(tmp_path, monkeypatch):
    package = tmp_path / "fakeengine"
    package.mkdir()
    (package / "__init__.py").write_text("")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_weights("fakeengine", ("a", "b")) == (0.0, 0.0)  # not fitted yet
    (package / "weights.json").write_text(json.dumps({"features": ["a", "b"],
                                                      "weights": [1.5, -2]}))
    assert load_weights("fakeengine", ("a", "b")) == (1.5, -2.0)
    with pytest.warns(UserWarning, match="fitted again"):
        assert load_weights("fakeengine", ("a", "c")) == (0.0, 0.0)


# ------------------------------------------------------------------------ fit
def _rows(true: list[float], n: int, columns: int, seed: int) -> list:
    rng = Random(seed)
    rows = []
    for _ in range(n):
        features = tuple(tuple(rng.gauss(0, s) for s in (1, 3, 2)) for _ in range(columns))
        p = column_values(true, features)
        u, c = rng.random(), 0
        while c < columns - 1 and u > p[c]:
            u -= p[c]
            c += 1
        rows.append((features, tuple(1.0 if i == c else 0.0 for i in range(columns))))
    return rows


@pytest.mark.parametrize("columns", [2, 3])
def test_the_fit_recovers_known_weights(columns: int):
    true = [0.8, -0.5, 0.0]
    w = fit.fit(_rows(true, 3000, columns, 1), 3, l2=1.0)
    assert w == pytest.approx(true, abs=0.1)
    held = _rows(true, 1000, columns, 2)
    assert fit.quality(held, w)["log_loss"] < fit.quality(held, [0, 0, 0])["log_loss"] - 0.1


def test_a_draw_teaches_nothing_about_who_is_ahead():
    """Rows labelled 1/columns each (draws) leave the weights at zero."""
    rows = [(((float(k), 0.0), (0.0, float(k))), (0.5, 0.5)) for k in range(1, 20)]
    assert fit.fit(rows, 2) == pytest.approx([0.0, 0.0], abs=1e-9)
