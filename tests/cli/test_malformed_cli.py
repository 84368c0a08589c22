"""Malformed input through every command of every game: exit 2, one sentence, nothing
written, never a traceback (FORMATS.md: "One clear message on stderr, no traceback")."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from tests.helpers import make_xlsx
from toolkit.cli.main import app
from toolkit.core.registry import games

runner = CliRunner()
GAMES = list(games())


def commands(game: str, path: str, out: str) -> list[list[str]]:
    """Every command that reads a deck file, pointed at `path`."""
    cmds = [["validate", game, path], ["validate", game, path, "--json"],
            ["print", game, path, "-o", out]]
    if games()[game].playing is not None:
        cmds.append(["play", game, "--deck", path, "--deck", path, "--games", "1"])
    return cmds


def check(result) -> None:
    assert result.exit_code == 2, (result.exit_code, result.output)
    assert "Traceback" not in result.output
    message = result.stderr.strip()
    assert message.startswith("pnp: ") and "\n" not in message


def truncated(tmp_path):
    good = make_xlsx(tmp_path / "good.xlsx", {"Deck": [["Name"], ["A"]]}).read_bytes()
    return good[: len(good) // 3]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["empty", "text", "truncated", "encrypted", "missing", "folder"])
def test_every_command_refuses_unreadable_files(tmp_path, game, kind):
    path = tmp_path / "deck.xlsx"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "text":
        path.write_text("Name,Class\nnot really a workbook\n")
    elif kind == "truncated":
        path.write_bytes(truncated(tmp_path))
    elif kind == "encrypted":
        path.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512))
    elif kind == "folder":
        path.mkdir()
    out = tmp_path / "out"
    for cmd in commands(game, str(path), str(out)):
        check(runner.invoke(app, cmd))
    assert not out.exists()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=600), game=st.sampled_from(GAMES))
def test_random_bytes_never_crash(tmp_path, data, game):
    path = tmp_path / "fuzz.xlsx"
    path.write_bytes(data)
    result = runner.invoke(app, ["validate", game, str(path)])
    check(result)


@pytest.mark.parametrize("args", [
    ["validate", "nosuchgame", "x.xlsx"],
    ["play", "warblitz", "--players", "3"],
    ["print", "warbadge", "--paper", "b9"],
    ["template", "warbadge", "-o", "starter.csv"],
])
def test_misuse_is_one_sentence(args):
    check(runner.invoke(app, args))
