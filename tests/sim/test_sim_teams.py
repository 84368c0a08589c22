"""Team games in the shared harness: four seats on two sides, wins counted per side.

A team game's ``describe_params`` lists its sides as ``decks`` and maps each seat to its
side with ``sides``; its `Outcome.winner` is the winning side. FORMATS.md (Banners):
"`results.wins` counts wins per side, so `wins + draws + unfinished == games` holds; ...
in 2v2 seats 0 and 2 are side 1, seats 1 and 3 side 2."
"""

from __future__ import annotations

import io

from rich.console import Console

from toolkit.sim.engine import CHANCE, Instrumented, Outcome, RandomAgent
from toolkit.sim.harness import play_game, result_columns, seat_columns
from toolkit.sim.run import render_table, run_play


class TeamRace(Instrumented):
    """Race to 10 for two teams of two: seats take turns 0, 1, 2, 3 adding 1 or 2; the
    side (seat % 2) whose seat reaches 10 wins. A chance step picks the first seat."""

    game_id = "teamrace"
    length_unit = "turns"
    max_steps = 200
    agents = {"random": RandomAgent}

    def __init__(self) -> None:
        self.emit = None
        self.reset_counts()

    def describe_params(self, params):
        return {"format": "2v2", "decks": ["Left", "Right"], "sides": [0, 1, 0, 1]}

    def setup(self, params, rng):
        return (0, -1)

    def to_move(self, state):
        total, turn = state
        if total >= 10:
            return ()
        return (CHANCE,) if turn < 0 else (turn,)

    def chance(self, state, rng):
        return ("start", CHANCE, rng.randrange(4))

    def legal_actions(self, state, player):
        return [("add", player, 1), ("add", player, 2)]

    def apply(self, state, action):
        total, turn = state
        if action[0] == "start":
            return (total, action[2])
        return (total + action[2], (turn + 1) % 4)

    def outcome(self, state):
        total, turn = state
        return Outcome((turn - 1) % 4 % 2, "reached 10") if total >= 10 else None

    def observe(self, state, player):
        return state

    def invariants(self, state):
        return ()

    def state_key(self, state):
        return state

    def length(self, state):
        return state[0]

    def describe(self, state, action):
        return f"{action[0]} {action[2]}", "always legal"


def test_a_team_game_has_one_result_column_per_side():
    rules = TeamRace()
    info = rules.describe_params(None)
    assert result_columns(rules, None, 4) == 2
    assert seat_columns(info, 4) == [0, 1, 0, 1]
    assert seat_columns({"decks": ["A", "B"]}, 2) == [0, 1]  # an ordinary game: by seat


def test_team_wins_add_up_and_the_report_groups_seats_by_side():
    result = run_play(TeamRace(), None, ["random"] * 4, games=60, seed=1)
    doc = result.to_json()
    assert doc["decks"] == ["Left", "Right"] and len(doc["agents"]) == 4
    assert len(doc["results"]["wins"]) == 2 and len(doc["win_rate_ci"]) == 2
    assert sum(doc["results"]["wins"]) + doc["results"]["draws"] + \
        doc["unfinished"]["count"] == 60
    assert min(doc["results"]["wins"]) > 0
    out = io.StringIO()
    render_table(result, Console(file=out, width=120))
    text = out.getvalue()
    assert "1, 3" in text and "2, 4" in text and "Left" in text and "Right" in text


def test_team_log_header_names_every_seat_and_its_side():
    record = play_game(TeamRace(), None, ["random"] * 4, 1, log=True)
    assert "- Seat 3: **Left** (random)" in record.log
    assert "- Seat 4: **Right** (random)" in record.log


def test_the_skill_ladder_seats_a_whole_side():
    from toolkit.sim.ladder import run_ladder

    result = run_ladder(TeamRace(), None, ["random", "random"], 40, 1)
    step = result.to_json()["steps"][0]
    assert step["games"] == 40 and step["fair_share"] == 0.5
    assert step["wins"]["upper"] + step["wins"]["lower"] + step["draws"] == 40
    assert not step["violations"]
