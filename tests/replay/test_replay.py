"""Replays without a browser: one self-contained file, escaped texts, one frame per step,
the same bytes for the same seed, seat views that hide what the seat did not see."""

from __future__ import annotations

import re

from typer.testing import CliRunner

from tests.replay.helpers import page, recorded, setup
from toolkit.cli.main import app
from toolkit.core.registry import get_game
from toolkit.render.job import load_layout
from toolkit.replay import html
from toolkit.replay.svg import Svg, card_faces

runner = CliRunner()


def test_frames_count_equals_steps_and_states_follow():
    rec, _ = recorded("warbadge")
    assert len(rec.frames) == rec.record.steps + 1
    assert [f.step for f in rec.frames] == list(range(len(rec.frames)))
    assert all(f.state is not None for f in rec.frames)
    assert rec.frames[1].lines[0].startswith("- 1. ")  # each step starts with its own line
    assert rec.frames[-1].lines[-1].startswith("  - Final tally") or rec.record.finished


def test_record_keeps_the_cap():
    rules, _, seating, _ = setup("warbadge")
    from toolkit.replay.record import record_game

    rec = record_game(rules, seating.params, seating.agents, 1, max_frames=5)
    assert rec.cut and len(rec.frames) == 6


def test_page_is_one_file_without_network():
    text = page("warbadge", [None, 0, 1])
    assert not re.search(r"https?://", text)
    assert "<link" not in text and " src=" not in text
    assert text.count("<svg") > 3 * 10
    assert "default-src 'none'" in text


def test_hostile_names_are_escaped():
    hostile = "<script>alert(1)</script>&\x01"
    svg = Svg(100, 100)
    svg.text(0, 10, hostile)
    fields = {"Name": hostile, "Rank": "Gold", "Value": 1, "Types": ["Fire"],
              "Strengths": [], "Weaknesses": [], "Abilities": [], "Text": hostile,
              "Art": None}
    svg.card(fields, load_layout("warbadge", "badge"), 0, 0, 50)
    out = svg.markup()
    assert "<script" not in out and "&lt;script&gt;" in out and "\x01" not in out
    rec, rules = recorded("warbadge")
    rec.frames[1].lines.append(f"- **{hostile}**")
    rules_picture = setup("warbadge")[1]
    first = rec.frames[1].state.teams[0].specs[0].name
    with card_faces({first: fields}):
        text = html.build(rec, rules, rules_picture, [None], ["a", "b"], True)
    assert "<script>alert" not in text and "&lt;script&gt;alert(1)" in text
    assert text.count("<script>") == 1  # the page's own script only


def test_same_seed_same_bytes(tmp_path):
    args = ["play", "warbadge", "--games", "1", "--seed", "3", "--replay"]
    for name in ("a.html", "b.html"):
        result = runner.invoke(app, [*args, str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    assert (tmp_path / "a.html").read_bytes() == (tmp_path / "b.html").read_bytes()


def test_several_games_and_refusals(tmp_path):
    result = runner.invoke(app, ["play", "warbadge", "--games", "2", "--log-games", "2",
                                 "--replay", str(tmp_path / "r.html")])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.glob("r-*.html")) == [
        "r-1-seats-1-2.html", "r-1-seats-2-1.html"]
    mine = tmp_path / "mine.html"
    mine.write_text("mine")
    result = runner.invoke(app, ["play", "warbadge", "--games", "1", "--replay", str(mine)])
    assert result.exit_code == 2 and mine.read_text() == "mine"
    result = runner.invoke(app, ["play", "warbadge", "--games", "1", "--replay",
                                 str(tmp_path / "x.html"), "--replay-view", "seat:9"])
    assert result.exit_code == 2 and not (tmp_path / "x.html").exists()


def test_seat_view_hides_face_down_enemy_badges():
    rules, picture, seating, decks = setup("warbadge")
    rec, _ = recorded("warbadge")
    state = rec.frames[1].state  # after the first drop: nothing of the enemy seen yet
    own = {spec.name for spec in state.teams[0].specs}
    hidden = [spec.name for j, spec in enumerate(state.teams[1].specs)
              if state.status[1][j] == 0 and spec.name not in own]
    assert hidden, "the drop left no face-down enemy badge to check"
    seat_text = picture(rules, state, 0)
    table_text = picture(rules, state, None)
    for name in hidden:
        assert name in table_text
        assert name not in seat_text
    whole = page("warbadge", [0])
    assert 'value="table"' not in whole
    for name in {s.name for s in state.teams[1].specs} - own:
        # never in a log line of the seat's file unless the seat saw it face up at some point
        seen = any(name in picture(rules, f.state, 0) for f in rec.frames)
        assert seen or name not in whole


def test_parse_views():
    assert html.parse_views("all", 2) == [None, 0, 1]
    assert html.parse_views("seat:2", 2) == [1]
    assert html.parse_views("table", 3) == [None]


def test_failures_get_a_replay_beside_their_log(tmp_path):
    """`--failures DIR`: each failing game the run lists (violations, then unfinished games)
    gets `seed-S.html` in DIR, drawn by replaying that seed with the run's line-up."""
    from types import SimpleNamespace

    from toolkit.replay.job import ReplayJob

    rules, picture, seating, decks = setup("warbadge")
    job = ReplayJob(get_game("warbadge"), rules, picture, [None, 0, 1], [seating], decks,
                    True, [])
    failing = SimpleNamespace(seed=7, seats=(1, 2))
    result = SimpleNamespace(violations=[failing], unfinished=[failing])
    written = job.write(result, tmp_path / "fail")
    assert written == [tmp_path / "fail" / "seed-7.html"]  # listed twice, drawn once
    assert "<svg" in written[0].read_text(encoding="utf-8")
    assert job.page((7, 0)) == written[0].read_text(encoding="utf-8")
