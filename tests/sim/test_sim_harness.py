"""The shared harness on a toy game with switchable bugs, and on WarBadge."""

from __future__ import annotations

import json
from random import Random

import pytest

from toolkit.games.warbadge.engine import WarBadgeRules, quick_params, standard_params
from toolkit.sim.engine import CHANCE, Instrumented, Outcome, RandomAgent, Rules
from toolkit.sim.harness import agent_stream, chance_stream, play_game, run_games
from toolkit.sim.run import render_table, run_play


class Race(Instrumented):
    """Race to 10: a chance step picks who starts, then players add 1 or 2 in turn.

    ``bug`` switches on one defect: ``invariant`` (breaks an invariant at 5), ``loop``
    (adding 0 is legal and repeats the state), ``stuck`` (no legal action at 4),
    ``raise`` (apply fails at 6), ``endless`` (the target is never reached).
    """

    game_id = "race"
    length_unit = "turns"
    max_steps = 200
    agents = {"random": RandomAgent, "first": lambda: First(), "zero": lambda: Zero()}

    def __init__(self, bug: str | None = None) -> None:
        self.bug = bug
        self.emit = None
        self.reset_counts()

    def coverage_ids(self):
        return ("race.rule.add", "race.rule.win", "race.ruling.never")

    def ruling_ids(self):
        return ("race.ruling.never",)

    def describe_params(self, params):
        return {"format": "race", "decks": ["Left", "Right"]}

    def setup(self, params, rng):
        return (0, -1)  # (total, player to move; -1: chance decides)

    def to_move(self, state):
        total, turn = state
        if total >= 10 and self.bug != "endless":
            return ()
        return (CHANCE,) if turn < 0 else (turn,)

    def chance(self, state, rng):
        return ("start", CHANCE, rng.randrange(2))

    def legal_actions(self, state, player):
        total, _ = state
        if self.bug == "stuck" and total == 4:
            return []
        steps = (0, 1, 2) if self.bug == "loop" else (1, 2)
        return [("add", player, n) for n in steps]

    def apply(self, state, action):
        total, turn = state
        if action[0] == "start":
            return (total, action[2])
        if self.bug == "raise" and total >= 6:
            raise RuntimeError("boom")
        self.fire("race.rule.add")
        if self.emit:
            self.emit("info", f"total {total + action[2]}")
        if total + action[2] >= 10:
            self.fire("race.rule.win")
        return (total + action[2], 1 - turn)

    def outcome(self, state):
        total, turn = state
        if total >= 10 and self.bug != "endless":
            return Outcome(1 - turn, "reached 10")
        return None

    def observe(self, state, player):
        return state

    def invariants(self, state):
        if self.bug == "invariant" and state[0] >= 5:
            yield "small", f"total {state[0]} is 5 or more"

    def state_key(self, state):
        return state

    def length(self, state):
        return state[0]

    def describe(self, state, action):
        return f"{action[0]} {action[2]}", "always legal"


class First:
    observes = True
    stochastic = False

    def act(self, observation, legal, rng):
        return legal[-1]


class Zero:
    """Always the first legal action: with the ``loop`` bug, adding 0 forever."""

    observes = False
    stochastic = False

    def act(self, observation, legal, rng):
        return legal[0]


def test_protocol_conformance():
    assert isinstance(Race(), Rules)
    assert isinstance(WarBadgeRules(), Rules)


def test_streams_are_independent_and_seeded():
    assert chance_stream(5).random() == chance_stream(5).random()
    assert chance_stream(5).random() != agent_stream(5).random()
    assert chance_stream(5).random() != chance_stream(6).random()


def test_swapping_agents_keeps_chance():
    """Two streams: swapping an agent never changes what chance deals."""
    rules = WarBadgeRules()
    p = standard_params()
    a = play_game(rules, p, ["random", "random"], 3, log=True).log
    b = play_game(rules, p, ["greedy", "greedy"], 3, log=True).log
    first_drop = [line for line in a.splitlines() if "Shake and Drop" in line][0]
    assert first_drop in b


def test_clean_run_and_json():
    rules = Race()
    result = run_play(rules, None, ["random", "first"], games=50, seed=7)
    doc = result.to_json()
    assert doc["game"] == "race" and doc["games"] == 50 and doc["seed"] == 7
    assert doc["decks"] == ["Left", "Right"] and doc["agents"] == ["random", "first"]
    assert sum(doc["results"]["wins"]) + doc["results"]["draws"] \
        + doc["unfinished"]["count"] == 50
    assert doc["violations"] == [] and result.exit_code == 0
    assert doc["length"]["unit"] == "turns" and doc["length"]["max"] >= 10
    assert doc["coverage"]["never_fired"] == ["race.ruling.never"]
    assert doc["rulings"] == {"race.ruling.never": 0}
    assert doc["coverage"]["fired"]["race.rule.win"] == 50
    assert len(doc["win_rate_ci"]) == 2 and doc["end_reasons"] == {"reached 10": 50}
    json.dumps(doc)


def test_invariant_violations_are_reported_and_the_run_goes_on(tmp_path):
    rules = Race("invariant")
    result = run_play(rules, None, ["random", "random"], games=5, seed=100,
                      failures_dir=tmp_path)
    assert result.exit_code == 1
    assert [v.seed for v in result.violations] == [100, 101, 102, 103, 104]
    v = result.violations[0]
    assert v.invariant == "small" and v.step > 0 and "5 or more" in v.message
    assert result.stats.finished == 5  # reported once per game; the games went on
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"seed-{n}.md" for n in
                                                          range(100, 105)]
    assert "violation at step" in (tmp_path / "seed-100.md").read_text()


def test_step_cap_makes_unfinished():
    rules = Race("endless")
    result = run_play(rules, None, ["random", "random"], games=3, seed=1)
    assert result.stats.unfinished == 3 and result.exit_code == 1
    assert result.to_json()["unfinished"] == {"count": 3, "seeds": [1, 2, 3]}
    assert "step cap" in result.unfinished[0].reason


def test_loop_detection():
    rules = Race("loop")
    rec = play_game(rules, None, ["first", "first"], 1)
    assert rec.finished
    stuck = play_game(rules, None, ["zero", "zero"], 1)  # adds 0 forever: a real cycle
    assert stuck.reason.startswith("loop") and not stuck.finished
    assert stuck.loop and all(line.startswith("step ") for line in stuck.loop)


def test_repeats_with_random_choices_are_not_loops():
    """FORMATS.md: "A position that repeats in a game with dice or shuffles, or among
    players who choose at random, is not a loop while chance can still change its
    course." Random players who may add 0 repeat positions but always finish."""
    rules = Race("loop")
    games = [play_game(rules, None, ["random", "random"], s) for s in range(50)]
    assert all(g.finished for g in games)
    assert any(g.steps > 20 for g in games)  # positions did repeat (many zero moves)


def test_missing_legal_action_is_a_violation():
    rules = Race("stuck")
    result = run_play(rules, None, ["random", "random"], games=20, seed=1)
    stuck = [v for v in result.violations if v.invariant == "legal-action"]
    assert stuck and all(u.reason == "no legal action" for u in result.unfinished)


def test_engine_exception_is_reported():
    rules = Race("raise")
    rec = play_game(rules, None, ["random", "random"], 9)
    assert not rec.finished and rec.reason == "error: RuntimeError"
    assert rec.violations[0].invariant == "exception" and "boom" in rec.violations[0].message


def test_game_k_is_reproduced_alone():
    """Game k of a run with seed S is reproduced by seed S+k, games=1."""
    rules = WarBadgeRules()
    p = quick_params()
    whole, _ = run_games(rules, p, ["greedy", "random"], 6, 40, log_games=6)
    alone, _ = run_games(rules, p, ["greedy", "random"], 1, 44, log_games=1)
    assert dict(whole.logs)[44, 0] == alone.logs[0][1]  # (seed, seat order)


def test_same_seed_same_json_and_log_for_any_jobs(tmp_path):
    rules = WarBadgeRules()
    p = standard_params()
    one = run_play(rules, p, ["greedy", "random"], 60, 5, jobs=1, log_path=tmp_path / "a.md",
                   log_games=3)
    two = run_play(rules, p, ["greedy", "random"], 60, 5, jobs=2, log_path=tmp_path / "b.md",
                   log_games=3)
    a, b = one.to_json(), two.to_json()
    a.pop("games_per_second")
    b.pop("games_per_second")
    assert a == b
    assert (tmp_path / "a.md").read_bytes() == (tmp_path / "b.md").read_bytes()
    text = (tmp_path / "a.md").read_text()
    assert text.count("# warbadge playthrough — seed") == 3
    for part in ("## Round 1", "### Battle 1", "revealed:", "ruling `", "## End"):
        assert part in text


def test_checks_off_gives_the_same_games():
    rules = WarBadgeRules()
    p = quick_params()
    on = run_play(rules, p, ["random", "random"], 80, 2).to_json()
    off = run_play(rules, p, ["random", "random"], 80, 2, check_invariants=False).to_json()
    for doc in (on, off):
        doc.pop("games_per_second")
    assert on == off


def test_render_table_and_progress():
    from rich.console import Console

    console = Console(record=True, width=120)
    result = run_play(WarBadgeRules(), quick_params(), ["greedy", "random"], 20, 1,
                      progress=True)
    render_table(result, console)
    text = console.export_text()
    assert "Phoenix Wing" in text and "greedy" in text and "games/s" in text


def test_unknown_agent():
    with pytest.raises(ValueError, match="unknown agent"):
        run_play(Race(), None, ["nobody", "random"], 1, 1)


def test_random_agent_uses_the_agent_stream():
    agent = RandomAgent()
    legal = [("a",), ("b",), ("c",)]
    picks = [agent.act(None, legal, Random(s)) for s in range(30)]
    assert set(picks) == set(legal)
