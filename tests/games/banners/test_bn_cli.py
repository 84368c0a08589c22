"""The Battle of Banners through the `pnp` command line: validate, template, print, play
(1v1 and 2v2 from one workbook; FORMATS.md's seats and sides) and rulings."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.helpers import ROOT, make_xlsx
from toolkit.cli.main import app, run

runner = CliRunner()
BUNDLED = ROOT / "toolkit/games/banners/content" / "banners.xlsx"


def invoke(*args: str):
    """Run `pnp ARGS` in-process."""
    return runner.invoke(app, [str(a) for a in args])


def run_exit(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """Run the console script's entry point: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["pnp", *map(str, args)])
    with pytest.raises(SystemExit) as exc:
        run()
    out, err = capsys.readouterr()
    return exc.value.code, out, err


def test_validate_bundled_and_json():
    result = invoke("validate", "banners", BUNDLED, "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["valid"] and [(d["name"], d["kind"]) for d in doc["decks"]] == [
        ("catalog", "catalog"), ("Board", "deck")]


def test_validate_locates_a_bad_space(tmp_path):
    from toolkit.games.banners.engine.samples import BOARD

    grid = [list(r) for r in BOARD]
    grid[4][2] = "Q"
    path = make_xlsx(tmp_path / "b.xlsx", {"Board": grid,
                                           "Pieces": [["Side", "Color", "Count"],
                                                      [1, "Blue", 1], [2, "Red", 1]]})
    result = invoke("validate", "banners", path)
    assert result.exit_code == 1
    assert "Board › C5" in result.output and "banners.board.space" in result.output


def test_template_validates_clean(tmp_path):
    out = tmp_path / "start.xlsx"
    assert invoke("template", "banners", "-o", out).exit_code == 0
    result = invoke("validate", "banners", out)
    assert result.exit_code == 0 and "0 warning(s)" in result.output


def test_play_1v1_json_counts_wins_per_side():
    result = invoke("play", "banners", "--players", "2", "--games", "30", "--json")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["decks"] == ["Side 1", "Side 2"] and doc["format"] == "1v1"
    assert len(doc["results"]["wins"]) == 2 and len(doc["agents"]) == 2
    assert sum(doc["results"]["wins"]) + doc["results"]["draws"] + \
        doc["unfinished"]["count"] == 30
    assert doc["violations"] == [] and doc["length"]["unit"] == "turns"
    stats = doc["game_stats"]
    assert set(stats["win_reasons"]) == {"flag brought home", "enemy team defeated"}
    assert sum(stats["win_reasons"].values()) == sum(doc["results"]["wins"])
    assert "Horse" in stats["items"] and "drawn" in stats["items"]["Horse"]


def test_play_2v2_seats_four_on_two_sides():
    result = invoke("play", "banners", "--players", "4", "--games", "20", "--json",
                    "--agent", "greedy", "--agent", "random", "--agent", "greedy",
                    "--agent", "random", "--seats", "fixed")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.output)
    assert doc["format"] == "2v2" and doc["decks"] == ["Side 1", "Side 2"]
    assert len(doc["agents"]) == 4 and len(doc["results"]["wins"]) == 2
    # seats 0 and 2 (greedy) are side 1: it wins every game against random players
    assert doc["results"]["wins"] == [20, 0]


def test_play_refuses_three_players(monkeypatch, capsys):
    code, out, err = run_exit(monkeypatch, capsys, "play", "banners", "--players", "3")
    assert code == 2 and out == ""
    assert "1v1 (--players 2) or 2v2 (--players 4)" in err


def test_play_refuses_2v2_without_both_colours(monkeypatch, capsys, tmp_path):
    from toolkit.games.banners.engine.samples import BOARD

    path = make_xlsx(tmp_path / "b.xlsx", {"Board": [list(r) for r in BOARD],
                                           "Pieces": [["Side", "Color", "Count"],
                                                      [1, "Blue", 2], [2, "Red", 2]]})
    code, _, err = run_exit(monkeypatch, capsys, "play", "banners", "--deck", path,
                            "--players", "4", "--games", "2")
    assert code == 2 and "2v2 needs both colours" in err


def test_play_table_shows_sides_and_item_statistics():
    result = invoke("play", "banners", "--players", "4", "--games", "10")
    assert result.exit_code == 0, result.output
    assert "1, 3" in result.output and "2, 4" in result.output  # seats per side
    assert "Items" in result.output and "Win rate when played" in result.output


def test_play_log_is_reproducible(tmp_path):
    one, two = tmp_path / "a.md", tmp_path / "b.md"
    for log in (one, two):
        assert invoke("play", "banners", "--games", "3", "--seed", "5", "--log", log,
                      "--json").exit_code == 0
    assert one.read_bytes() == two.read_bytes()
    text = one.read_text()
    assert "Seat 1: **Side 1**" in text and "## Turn 1" in text and "## End" in text


def test_rulings_lists_every_ruling():
    result = invoke("rulings", "banners", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.output)
    ids = [r["id"] for r in doc["rulings"]]
    assert "banners.ruling.reinforcements" in ids and "banners.ruling.no-full-move" in ids
    assert all(r["passage"] and r["decision"] for r in doc["rulings"])


def test_print_writes_cards_tokens_and_the_tiled_board(tmp_path):
    result = invoke("print", "banners", BUNDLED, "-o", tmp_path, "--no-contact")
    assert result.exit_code == 0, result.output
    folder = tmp_path / "Board"
    assert (folder / "Board.pdf").is_file() and (folder / "Board-board.pdf").is_file()
    assert "64 cards" in result.output and "Board-board: 4 page(s)" in result.output
    small = invoke("print", "banners", "-o", tmp_path / "s", "--square", "15")
    assert small.exit_code == 0 and "Board-board: 1 page(s)" in small.output
    assert (tmp_path / "s" / "catalog" / "Board-board.pdf").is_file()
    bad = invoke("print", "banners", "-o", tmp_path / "x", "--square", "3")
    assert bad.exit_code == 2


def test_make_content_is_byte_reproducible(tmp_path):
    before = BUNDLED.read_bytes()
    subprocess.run([sys.executable, str(ROOT / "toolkit/games/banners/content" / "make_content.py")],
                   check=True, capture_output=True)
    assert BUNDLED.read_bytes() == before


def test_bundled_workbook_matches_the_engine_samples():
    from toolkit.core.registry import ValidateRequest
    from toolkit.games.banners.deck import load_decks
    from toolkit.games.banners.engine import bundled_params
    from toolkit.games.banners.playing import params

    _, games = load_decks(ValidateRequest(Path(BUNDLED)))
    loaded = params(games * 2, None)
    sample = bundled_params(2)
    assert (loaded.board, loaded.pieces, loaded.items) == \
        (sample.board, sample.pieces, sample.items)
