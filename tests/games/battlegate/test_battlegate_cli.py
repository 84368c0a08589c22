"""Battle Gate through the `pnp` command line, the template and the bundled content."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.helpers import make_csv, make_xlsx, rules_of
from toolkit.cli.main import app, run
from toolkit.core.registry import ValidateRequest
from toolkit.games.battlegate import GAME
from toolkit.games.battlegate.deck import MAX_CARDS, MIN_CARDS, load_decks

HEADER = ["Name", "Class", "Power", "Qty", "Description", "Art"]
GOOD = [["Vale Pikeman", "Soldier", 5, 10, "", None], ["Moat Keeper", "Minion", 5, 10, "", None]]
BAD = [["Vale Pikeman", "Soldier", 5, 10, "", None], ["Moat Keeper", "Minion", 7, 10, "", None]]

runner = CliRunner()


def invoke(*args: str):
    """Run `pnp ARGS` in-process."""
    return runner.invoke(app, list(args))


def run_exit(monkeypatch, capsys, *args: str) -> tuple[int, str, str]:
    """Run the console script's entry point `run()`: (exit code, stdout, stderr)."""
    monkeypatch.setattr(sys, "argv", ["pnp", *args])
    with pytest.raises(SystemExit) as exc:
        run()
    out, err = capsys.readouterr()
    return exc.value.code, out, err


@pytest.fixture
def files(tmp_path: Path) -> Path:
    make_xlsx(tmp_path / "decks.xlsx", {"Good": [HEADER, *GOOD], "Bad": [HEADER, *BAD],
                                        "#scratch": [["anything"]]})
    make_xlsx(tmp_path / "good.xlsx", {"Good": [HEADER, *GOOD]})
    make_csv(tmp_path / "army.csv", [HEADER, *GOOD])
    return tmp_path


def test_valid_file_exits_0(files):
    result = invoke("validate", "battlegate", str(files / "good.xlsx"))
    assert result.exit_code == 0, result.output
    assert "valid" in result.output


def test_invalid_file_exits_1_and_names_the_cell(files):
    result = invoke("validate", "battlegate", str(files / "decks.xlsx"))
    assert result.exit_code == 1
    assert "Bad › C3 (Power)" in result.output and "battlegate.card.power" in result.output


def test_sheet_pick_with_hash(files):
    assert invoke("validate", "battlegate", f"{files / 'decks.xlsx'}#Good").exit_code == 0
    assert invoke("validate", "battlegate", f"{files / 'decks.xlsx'}#bad").exit_code == 1


def test_csv_deck(files):
    result = invoke("validate", "battlegate", str(files / "army.csv"), "--json")
    assert result.exit_code == 0
    assert [d["name"] for d in json.loads(result.stdout)["decks"]] == ["army"]


def test_json_shape(files):
    result = invoke("validate", "battlegate", str(files / "decks.xlsx"), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert set(doc) == {"game", "file", "valid", "decks"}
    assert doc["game"] == "battlegate" and doc["valid"] is False
    assert doc["file"].endswith("decks.xlsx")
    assert [d["name"] for d in doc["decks"]] == ["Good", "Bad"]  # '#scratch' is skipped
    good, bad = doc["decks"]
    assert {"name", "format", "valid", "problems"} <= set(good)  # core may add "kind"
    assert (good["name"], good["format"], good["valid"], good["problems"]) == \
        ("Good", "standard", True, [])
    assert bad["valid"] is False and bad["format"] == "standard"
    by_rule = {p["rule"]: p for p in bad["problems"]}
    # the bad row is skipped; the deck's cost and size, short without it, follow from
    # its problem: counted on it (`follows`), not listed one by one
    assert set(by_rule) == {"battlegate.card.power"}
    cell = by_rule["battlegate.card.power"]
    assert set(cell) == {"severity", "rule", "message", "location", "follows"}
    assert cell["severity"] == "error" and cell["follows"] == 2
    assert cell["message"] == ("Power must be 1 to 6 (a card cannot have a power greater "
                               "than 6 or less than 1), got 7 …and 2 problems that follow "
                               "from it")
    assert cell["location"] == {"file": doc["file"], "sheet": "Bad", "row": 3, "column": "C",
                                "cell": "C3"}


def test_unreadable_input_is_an_input_error(files):
    (files / "junk.xlsx").write_text("not a workbook")
    result = invoke("validate", "battlegate", str(files / "junk.xlsx"))
    assert result.exit_code == 2 and "not a spreadsheet" in result.stderr
    result = invoke("validate", "battlegate", f"{files / 'decks.xlsx'}#Nope")
    assert result.exit_code == 2 and "no sheet named" in result.stderr
    assert "Traceback" not in result.output


def test_exit_2_through_the_entry_point(files, monkeypatch, capsys):
    code, out, err = run_exit(monkeypatch, capsys, "validate", "battlegate",
                              str(files / "missing.xlsx"))
    assert code == 2 and out == "" and "file not found" in err and "Traceback" not in err
    code, _, err = run_exit(monkeypatch, capsys, "validate", "battlegate",
                            str(files / "good.xlsx"), "--format", "quick")
    assert code == 2 and "no format 'quick'" in err
    code, _, err = run_exit(monkeypatch, capsys, "validate", "battlegate",
                            str(files / "good.xlsx"), "--catalog", str(files / "good.xlsx"))
    assert code == 2 and "no catalog" in err


def test_exit_1_through_the_entry_point(files, monkeypatch, capsys):
    code, _, _ = run_exit(monkeypatch, capsys, "validate", "battlegate",
                          str(files / "decks.xlsx"))
    assert code == 1


def test_template_validates_clean(tmp_path):
    out = tmp_path / "starter.xlsx"
    result = invoke("template", "battlegate", "-o", str(out))
    assert result.exit_code == 0, result.output
    checked = GAME.validate(ValidateRequest(out))
    assert checked.valid and rules_of(checked) == []
    from openpyxl import load_workbook

    ws = load_workbook(out).active
    assert [c.value for c in ws[1]] == HEADER
    assert all(c.comment is not None for c in ws[1])
    lists = {str(dv.sqref)[0]: dv.formula1
             for dv in ws.data_validations.dataValidation}
    assert lists["B"] == '"Minion,Soldier,Assassin"' and lists["C"] == '"1,2,3,4,5,6"'


def test_bundled_decks_validate_clean():
    """The four bundled decks are legal, differ in style and sit between 17 and 100 cards."""
    (path,) = GAME.bundled_paths()
    result, decks = load_decks(ValidateRequest(path))
    assert result.valid and rules_of(result) == []
    assert [d.name for d in decks] == ["Swarm", "Wall", "Balanced", "Giants"]
    for deck in decks:
        assert sum(c.power for c in deck.cards) == 100
        assert MIN_CARDS <= len(deck.cards) <= MAX_CARDS
        assert all(c.description and c.fields()["Art"] is None for c in deck.cards)
    sizes = {d.name: len(d.cards) for d in decks}
    assert sizes["Swarm"] > sizes["Balanced"] > sizes["Wall"] > sizes["Giants"]


def test_bundled_content_is_reproducible(tmp_path, monkeypatch):
    """make_content.py writes the same bytes as the committed decks.xlsx."""
    import importlib.util

    script = GAME.content / "make_content.py"
    spec = importlib.util.spec_from_file_location("bg_make_content", script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module, "OUT", tmp_path / "decks.xlsx")
    module.main()
    assert (tmp_path / "decks.xlsx").read_bytes() == (GAME.content / "decks.xlsx").read_bytes()


def test_games_lists_battlegate():
    result = invoke("games")
    assert result.exit_code == 0 and "battlegate" in result.output
