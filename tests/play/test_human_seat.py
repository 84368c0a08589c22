"""`pnp play GAME --agent human`: a seat played from the terminal, driven by scripted
input (typer's CliRunner): whole games, undo, save and resume, bad input, refusals, and
nothing hidden from the seat on its screen."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.helpers import ROOT
from toolkit.cli.play import seat_decks
from toolkit.core.registry import get_game
from toolkit.sim.session import HUMAN, Session

runner = CliRunner()
ONES = "1\n" * 3000


def pnp(*args, answers: str = "") -> tuple[int, str]:
    from toolkit.cli.main import app  # noqa: PLC0415

    result = runner.invoke(app, [str(a) for a in args], input=answers)
    return result.exit_code, result.output


def tail(output: str) -> str:
    """What follows the last question: the end of the game as the seat saw it (a ruling
    by its id only: its text is told the first time the seat meets it)."""
    end = output[output.rindex("choose 1-"):].split("\n", 1)[1]
    return re.sub(r"(ruling [\w.-]+):.*", r"\1", end)


def session(game: str, decisions=(), seed: int = 1) -> Session:
    g = get_game(game)
    decks = seat_decks(g, [], None, None, None, False)
    return Session(g.playing.rules(), g.playing.params(decks, None), [HUMAN, "random"], seed,
                   decisions)


@pytest.mark.parametrize("game", ["warbadge", "battlegate"])
def test_a_whole_game_always_picking_one(game):
    code, out = pnp("play", game, "--agent", HUMAN, "--agent", "random", "--seed", 4,
                    answers=ONES)
    assert code == 0, out
    assert "Game over: you " in out
    # the same game, played by the session with choice 1 every time
    s = session(game, seed=4)
    while s.pending is not None:
        s.choose(0)
    count = out.count("choose 1-")
    assert count == len(s.decisions)
    assert out.rstrip().endswith(s.log[-1].what) or s.log[-1].what in tail(out)


@pytest.mark.parametrize("game", ["warbadge", "battlegate"])
def test_save_then_resume_is_the_uninterrupted_game(game, tmp_path):
    code, whole = pnp("play", game, "--agent", HUMAN, "--agent", "random", "--seed", 2,
                      answers=ONES)
    assert code == 0, whole
    saved = tmp_path / "game.json"
    code, first = pnp("play", game, "--agent", HUMAN, "--agent", "random", "--seed", 2,
                      answers=f"1\n1\n1\ns {saved}\nq\n")
    assert code == 0 and "saved to" in first, first
    doc = json.loads(saved.read_text())
    assert doc["game"] == game and doc["seed"] == 2 and doc["agents"] == [HUMAN, "random"]
    assert [d["choice"] for d in doc["decisions"]] == [1, 1, 1]
    code, rest = pnp("play", game, "--resume", saved, answers=ONES)
    assert code == 0, rest
    assert tail(rest) == tail(whole)
    assert whole.count("choose 1-") == rest.count("choose 1-") + 3


def test_undo_takes_back_the_last_decision_only(tmp_path):
    saved = tmp_path / "undo.json"
    code, out = pnp("play", "warbadge", "--agent", HUMAN, "--agent", "random",
                    answers=f"1\n2\nu\n1\ns {saved}\nq\n")
    assert code == 0, out
    assert "your last decision is taken back" in out
    assert [d["choice"] for d in json.loads(saved.read_text())["decisions"]] == [1, 1]
    # undo gives the very game that never had the undone decision
    s = session("warbadge", [0, 1, 0])
    s.undo()
    fresh = session("warbadge", [0, 1])
    assert s.decisions == fresh.decisions
    assert [e.to_json() for e in s.log] == [e.to_json() for e in fresh.log]
    assert s.pending.legal == fresh.pending.legal
    code, out = pnp("play", "warbadge", "--agent", HUMAN, "--agent", "random",
                    answers="u\nq\n")
    assert "nothing to undo yet" in out


def test_bad_answers_are_asked_again():
    code, plain_run = pnp("play", "battlegate", "--agent", HUMAN, "--agent", "random",
                          answers=ONES)
    code2, out = pnp("play", "battlegate", "--agent", HUMAN, "--agent", "random",
                     answers="x\n0\n99\n-1\n\n" + ONES)
    assert code == code2 == 0
    assert out.count("is no choice here") == 5
    assert tail(out) == tail(plain_run)


def test_end_of_input_and_quit_end_cleanly():
    code, out = pnp("play", "warbadge", "--agent", HUMAN, answers="1\n")
    assert code == 0 and "input ended" in out
    code, out = pnp("play", "warbadge", "--agent", HUMAN, answers="q\n")
    assert code == 0 and "you left the game unfinished" in out


@pytest.mark.parametrize("extra", [["--games", "5"], ["--jobs", "2"], ["--json"],
                                   ["--agent", HUMAN], ["--seats", "2,1"]])
def test_options_a_person_cannot_take_are_refused(extra):
    code, out = pnp("play", "warbadge", "--agent", HUMAN, *extra, answers="q\n")
    assert code == 2, out
    assert out.startswith("pnp: ") and "Traceback" not in out


def test_ladder_with_a_person_is_refused():
    code, out = pnp("play", "warbadge", "--agent", HUMAN, "--ladder", "random,greedy")
    assert code == 2 and out.startswith("pnp: ")


def test_a_broken_or_foreign_save_is_refused(tmp_path):
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    code, out = pnp("play", "warbadge", "--resume", junk)
    assert code == 2 and "not a saved game" in out
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"kind": "pnp saved game", "version": 1,
                                 "game": "battlegate", "decks": [], "catalog": None,
                                 "format": None, "players": None,
                                 "agents": [HUMAN, "random"], "seed": 1, "decisions": []}))
    code, out = pnp("play", "warbadge", "--resume", other)
    assert code == 2 and "battlegate" in out
    code, out = pnp("play", "battlegate", "--resume", other, "--deck",
                    ROOT / "toolkit/games/battlegate/content/decks.xlsx")
    assert code == 2 and "--resume takes" in out


def test_the_screen_never_shows_what_the_seat_cannot_see():
    """WarBadge: the enemy's badges never seen face up by the seat are never named on its
    screen (the observation text and the log both come from what it may see)."""
    code, out = pnp("play", "warbadge", "--agent", HUMAN, "--agent", "random", "--seed", 5,
                    answers="q\n")
    assert code == 0
    s = session("warbadge", seed=5)
    obs = s.rules.observe(s.pending.state, 0)
    mine = {view.spec.name for view in obs.mine}
    team = s.pending.state.teams[1].cards
    unseen = {team[j].name for j, seen in enumerate(obs.their_team) if seen is None}
    hidden = unseen - mine - {spec.name for spec in obs.their_team if spec is not None}
    assert hidden, "the test needs a badge the seat has not seen"
    for name in hidden:
        assert name not in out
    assert Path  # (keeps the import for the paths above)
