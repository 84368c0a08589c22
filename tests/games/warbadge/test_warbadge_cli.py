"""WarBadge through the `pnp` command: exit codes, `--json` shape, `FILE#SHEET`."""

from __future__ import annotations

import json
import sys

import pytest
from typer.testing import CliRunner

from tests.helpers import make_xlsx
from toolkit.cli import games as games_command
from toolkit.cli.main import app, run
from toolkit.core import registry
from toolkit.games.warbadge import GAME

BUNDLED = str(GAME.bundled_paths()[0])


@pytest.fixture(autouse=True)
def only_warbadge(monkeypatch):
    """Look games up without loading the other games' packages (built in parallel)."""
    monkeypatch.setattr(registry, "games", lambda: {"warbadge": GAME})
    monkeypatch.setattr(games_command, "all_games", lambda: {"warbadge": GAME})


def invoke(*args):
    """Run `pnp ARGS` in-process."""
    return CliRunner().invoke(app, list(args))


def test_valid_bundled_file_exits_0():
    result = invoke("validate", "warbadge", BUNDLED)
    assert result.exit_code == 0, result.output
    assert "Sun (standard): valid" in result.output


def test_invalid_team_exits_1_with_located_json(tmp_path):
    """The `validate --json` document has exactly FORMATS.md's shape."""
    path = make_xlsx(tmp_path / "teams.xlsx", {"Alpha": [
        ["Badge"], ["Sunforged Paladin"], ["Copper Lancer"], ["Lantern Priest"],
        ["Bog Crawler"], ["Candle Acolyte"], ["Reed Slinger"]]})
    result = invoke("validate", "warbadge", str(path), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert set(doc) == {"game", "file", "valid", "decks"}
    assert (doc["game"], doc["valid"]) == ("warbadge", False)
    assert doc["file"].endswith("teams.xlsx")
    [deck] = doc["decks"]
    assert set(deck) >= {"name", "format", "valid", "problems"}
    assert (deck["name"], deck["format"], deck["valid"]) == ("Alpha", "standard", False)
    [problem] = deck["problems"]
    cell = {"file": doc["file"], "sheet": "Alpha", "column": "A"}
    assert {k: v for k, v in problem.items() if k not in ("follows", "caused_by")} == {
        "severity": "error", "rule": "warbadge.team.total-value",
        "message": "total value is 11, the standard format needs exactly 10: 1 too many; "
                   "swapping Sunforged Paladin (Gold, value 3, A2) for Thornwood Matriarch "
                   "(Gold, value 2) would fix it",
        "location": {**cell, "row": 2, "cell": "A2"},
        "cells": [{**cell, "row": r, "cell": f"A{r}"} for r in range(2, 8)]}


def test_cell_problem_fills_row_column_and_cell(tmp_path):
    path = make_xlsx(tmp_path / "teams.xlsx", {"Alpha": [["Badge"], ["Ember Fx"]]})
    doc = json.loads(invoke("validate", "warbadge", str(path), "--json", "--format",
                            "quick").output)
    loc = doc["decks"][0]["problems"][0]["location"]
    assert (loc["row"], loc["column"], loc["cell"]) == (2, "A", "A2")


def test_file_hash_sheet_picks_one_team():
    result = invoke("validate", "warbadge", f"{BUNDLED}#moon", "--json")
    assert result.exit_code == 0
    decks = json.loads(result.output)["decks"]
    assert [(d["kind"], d["valid"]) for d in decks] == [("catalog", True), ("deck", True)]
    assert decks[-1]["name"] == "Moon"  # the sheet's own spelling


def test_format_option_and_unknown_format():
    result = invoke("validate", "warbadge", f"{BUNDLED}#Spark", "--format", "standard")
    assert result.exit_code == 1 and "warbadge.team.size" in result.output
    result = invoke("validate", "warbadge", f"{BUNDLED}#Spark", "--format", "quik", "--json")
    assert result.exit_code == 2 and "did you mean 'quick'" in result.stderr  # misuse


def test_catalog_option(tmp_path):
    team = make_xlsx(tmp_path / "team.xlsx", {"Dusk": [["Badge"], ["Iron Warlord"],
                                                       ["Cinder Hound"], ["Ashen Archer"],
                                                       ["Rally Drummer"], ["Gutter Rat"]]})
    result = invoke("validate", "warbadge", str(team), "--catalog", BUNDLED, "--json")
    assert result.exit_code == 0
    assert json.loads(result.output)["decks"][-1]["format"] == "skirmish"


@pytest.mark.parametrize("args", [
    ("validate", "warbadge", "missing.xlsx"),
    ("validate", "warbadge", f"{BUNDLED}#Nope"),
    ("validate", "warbadge", BUNDLED, "--catalog", "missing.xlsx"),
])
def test_unreadable_input_exits_2(args):
    """Exit 2: one clear sentence on stderr, no traceback, nothing on stdout."""
    result = invoke(*args, "--json")
    assert result.exit_code == 2
    assert "pnp: " in result.output and "Traceback" not in result.output
    assert not result.output.lstrip().startswith("{")


@pytest.mark.parametrize("path, code", [(None, 2), ("invalid", 1), ("valid", 0)])
def test_console_script_exit_codes(monkeypatch, capsys, tmp_path, path, code):
    """The `pnp` entry point itself exits 0 / 1 / 2 per FORMATS.md."""
    files = {None: tmp_path / "no.xlsx",
             "invalid": make_xlsx(tmp_path / "t.xlsx", {"A": [["Badge"], ["Ember Fox"]]}),
             "valid": GAME.bundled_paths()[0]}
    monkeypatch.setattr(sys, "argv", ["pnp", "validate", "warbadge", str(files[path])])
    with pytest.raises(SystemExit) as exc:
        run()
    assert exc.value.code == code
    if code == 2:
        err = capsys.readouterr().err
        assert "file not found" in err and "Traceback" not in err


def test_template_command_writes_a_clean_workbook(tmp_path):
    out = tmp_path / "starter.xlsx"
    assert invoke("template", "warbadge", "-o", str(out)).exit_code == 0
    assert invoke("validate", "warbadge", str(out)).exit_code == 0


def test_games_lists_formats():
    result = invoke("games")
    assert result.exit_code == 0 and "skirmish" in result.output
