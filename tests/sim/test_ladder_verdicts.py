"""The skill ladder says what its figures show (issue 22 item 3): intervals clustered by
deal, inverted steps said plainly, "stronger" only for an agent the figures show
stronger, and each step reported as soon as it finishes."""

from __future__ import annotations

from tests.sim.test_play_seating import Duel
from toolkit.games.warbadge.engine import WarBadgeRules, quick_params
from toolkit.sim.harness import play_game, rotations
from toolkit.sim.ladder import (
    CLEARLY_INVERTED,
    INVERTED,
    STRONGER,
    UNCLEAR,
    Step,
    run_ladder,
    step_line,
)
from toolkit.sim.stats import DealStats, Stats, cluster_interval


def step_with(deals: list[tuple[int, int]], seats: int = 2) -> Step:
    """A step whose upper agent won ``wins`` of ``won`` won games in each deal."""
    stats = DealStats.sized(seats, seats, seats)
    for wins, won in deals:
        split = [wins, won - wins] + [0] * (seats - 2)
        stats.add_deal(won, won, split, [0] * seats, split, 0)
    return Step("lower", "upper", seats, Stats(seats=seats), stats)


def test_verdicts_follow_the_share_of_won_games_and_its_interval():
    assert step_with([(2, 2)] * 30).verdict() == STRONGER
    assert step_with([(1, 2)] * 15 + [(2, 2)] * 2).verdict() == UNCLEAR
    assert step_with([(1, 2)] * 14 + [(0, 2)] * 2).verdict() == INVERTED
    assert step_with([(0, 2)] * 30).verdict() == CLEARLY_INVERTED
    # three seats: a fair share of a third; winning half of the won games is stronger
    assert step_with([(3, 6)] * 30, seats=3).verdict() == STRONGER


def test_an_inverted_step_is_said_plainly_and_never_called_stronger():
    seen = []
    result = run_ladder(WarBadgeRules(), quick_params(), ["random", "greedy", "random"], 40,
                        1, on_step=seen.append)
    assert [(s.lower, s.upper) for s in seen] == [("random", "greedy"), ("greedy", "random")]
    assert seen == result.steps  # each step reported as it finished, before the return
    up, down = result.to_json()["steps"]
    assert up["verdict"] == STRONGER and not up["inverted"]
    assert down["verdict"] == CLEARLY_INVERTED and down["inverted"]
    line = step_line(down)
    assert "random lost to greedy: the upper rung is clearly weaker here" in line
    assert "stronger" not in line
    assert "greedy is stronger" in step_line(up)
    unclear = step_with([(1, 2)] * 15 + [(2, 2)] * 2).to_json("turns")
    assert "stronger" not in step_line(unclear) and not unclear["inverted"]


def test_a_steps_interval_is_clustered_by_deal():
    """The upper agent's win rate is `cluster_interval` over deals, each deal played in
    both seat rotations (recounted from single games)."""
    result = run_ladder(Duel(), ("A", "B"), ["random", "careful"], 30, 4)
    step = result.to_json()["steps"][0]
    assert step["games"] == 30 and step["deals"] == 15 and step["interval"].endswith("deal")
    lineup = ["careful", "random"]
    clusters = []
    for k in range(15):
        wins = 0
        for order in rotations(lineup):
            rec = play_game(Duel(), ("A", "B"), [lineup[e] for e in order], 4 + k)
            wins += rec.winner is not None and order[rec.winner] == 0
        clusters.append((wins, 2))
    rate, low, high = cluster_interval(clusters)
    assert step["upper_win_rate"] == {"rate": round(rate, 4), "low": round(low, 4),
                                      "high": round(high, 4)}
    assert step["wins"]["upper"] == sum(w for w, _ in clusters)
    assert step["first_player"]["who"] == "went first"  # Duel names its first player


def test_equal_agents_play_as_many_games_once_each():
    step = run_ladder(Duel(), ("A", "B"), ["random", "random"], 20, 1).to_json()["steps"][0]
    assert step["games"] == 20 and step["deals"] == 20
