"""`pnp validate warblitz` and `pnp template warblitz` through the real command line app:
exit codes 0/1/2, the `--json` document of FORMATS.md, and `FILE#SHEET`.
"""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from tests.helpers import make_csv, make_xlsx
from toolkit.core import registry
from toolkit.games.warblitz import GAME
from toolkit.games.warblitz.template import EXAMPLE_WARBAND, example_sheets

BUNDLED = GAME.content


@pytest.fixture(autouse=True)
def only_warblitz(monkeypatch):
    """Isolate from the other games' registration (they are built in parallel)."""
    monkeypatch.setattr(registry, "games", lambda: {"warblitz": GAME})


def pnp(*args: str):
    """Run `pnp ARGS` in-process."""
    from toolkit.cli.main import app

    return CliRunner().invoke(app, list(args))


def bad_warband(tmp_path):
    """A warband with one Special Common unit missing (Warband Construction: 4x Special)."""
    cards = [(c, q - 1 if c == "Field Medic" else q) for c, q in EXAMPLE_WARBAND]
    sheets = example_sheets()
    sheets["Example Warband"] = [["Card", "Qty"], *[list(c) for c in cards]]
    return make_xlsx(tmp_path / "bad.xlsx", sheets)


def test_bundled_warbands_exit_0():
    """Setup: "Each player chooses a faction deck": the bundled ones are legal."""
    result = pnp("validate", "warblitz", str(BUNDLED / "warbands.xlsx"))
    assert result.exit_code == 0, result.output
    assert "Ashen Court" in result.stdout and "Tidewardens" in result.stdout


def test_bundled_catalog_alone_exit_0():
    """The bundled catalog validates clean on its own."""
    result = pnp("validate", "warblitz", str(BUNDLED / "catalog.xlsx"), "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["valid"] is True
    assert [(d["kind"], d["problems"]) for d in doc["decks"]] == [("catalog", [])]


def test_invalid_exit_1_and_json_shape(tmp_path):
    """Warband Construction: "12 Common unit (4x MEL, 4x RNG, 4x Special)"; the JSON
    document follows FORMATS.md exactly."""
    path = bad_warband(tmp_path)
    result = pnp("validate", "warblitz", str(path), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    assert set(doc) == {"game", "file", "valid", "decks"}
    assert doc["game"] == "warblitz" and doc["valid"] is False
    assert doc["file"].endswith("bad.xlsx")
    catalog, deck = doc["decks"]
    assert catalog["kind"] == "catalog" and catalog["valid"] is True
    assert {"name", "format", "valid", "problems"} <= set(deck)
    assert deck["name"] == "Example Warband" and deck["format"] == "standard"
    assert deck["valid"] is False
    rules = [p["rule"] for p in deck["problems"]]
    assert rules == ["warblitz.warband.size", "warblitz.warband.commons"]
    problem = deck["problems"][1]
    assert set(problem) == {"severity", "rule", "message", "location"}
    assert problem["severity"] == "error"
    assert problem["message"] == "3 Special Common units (need 4): Field Medic x3"
    assert problem["location"] == {"file": doc["file"], "sheet": "Example Warband",
                                   "row": None, "column": None, "cell": None}


def test_cell_location_in_json(tmp_path):
    """A problem about one cell fills row, column and cell (FORMATS.md)."""
    sheets = example_sheets()
    sheets["Example Warband"][4][0] = "Hexwrite"  # Excel row 5
    path = make_xlsx(tmp_path / "typo.xlsx", sheets)
    doc = json.loads(pnp("validate", "warblitz", str(path), "--json").stdout)
    loc = next(p["location"] for d in doc["decks"] for p in d["problems"]
               if p["rule"] == "warblitz.warband.unknown-card")
    assert (loc["sheet"], loc["row"], loc["column"], loc["cell"]) == \
        ("Example Warband", 5, "A", "A5")


def test_file_hash_sheet_picks_one_warband():
    """FORMATS.md: `FILE#SHEET` picks one sheet of a workbook."""
    result = pnp("validate", "warblitz", f"{BUNDLED / 'warbands.xlsx'}#tidewardens", "--json")
    assert result.exit_code == 0
    assert [d["name"] for d in json.loads(result.stdout)["decks"]] == ["Tidewardens"]


def test_unknown_sheet_exit_2():
    """A sheet that is not there is a misused command: exit 2, one clear message."""
    result = pnp("validate", "warblitz", f"{BUNDLED / 'warbands.xlsx'}#Tidewarden")
    assert result.exit_code == 2
    assert "no sheet named 'Tidewarden'" in result.stderr
    assert "Traceback" not in result.output


def test_missing_file_exit_2(tmp_path):
    """The input could not be read: exit 2, one message on stderr."""
    result = pnp("validate", "warblitz", str(tmp_path / "none.xlsx"))
    assert result.exit_code == 2 and "file not found" in result.stderr


def test_unknown_format_exit_2():
    """Warband Construction is the one format (`standard`); another name is misuse."""
    result = pnp("validate", "warblitz", str(BUNDLED / "warbands.xlsx"), "--format", "quick")
    assert result.exit_code == 2 and "unknown format 'quick'" in result.stderr


def test_catalog_option_locates_catalog_problems(tmp_path):
    """`--catalog FILE`: a catalog problem is reported at its own file and cell."""
    sheets = example_sheets()
    warband = sheets.pop("Example Warband")
    sheets["Units"][2][7] = "RNG"  # Bannerblade, a Melee unit (Attacking: MEL)
    cat = make_xlsx(tmp_path / "mycat.xlsx", sheets)
    deck = make_xlsx(tmp_path / "band.xlsx", {"Band": warband})
    result = pnp("validate", "warblitz", str(deck), "--catalog", str(cat), "--json")
    assert result.exit_code == 1
    doc = json.loads(result.stdout)
    (p,) = doc["decks"][0]["problems"]
    assert p["rule"] == "warblitz.unit.class-attack"
    assert p["location"]["file"].endswith("mycat.xlsx")
    assert (p["location"]["sheet"], p["location"]["cell"]) == ("Units", "H3")
    assert doc["decks"][1] == {"name": "Band", "kind": "deck", "format": "standard",
                               "valid": True, "problems": []}


def test_csv_warband_is_named_by_its_file(tmp_path):
    """FORMATS.md: "A CSV file is one deck, named by its file name"."""
    sheets = example_sheets()
    del sheets["Example Warband"]
    cat = make_xlsx(tmp_path / "cat.xlsx", sheets)
    path = make_csv(tmp_path / "my band.csv", [["Card", "Qty"], *EXAMPLE_WARBAND])
    result = pnp("validate", "warblitz", str(path), "--catalog", str(cat), "--json")
    assert result.exit_code == 0, result.output
    assert [d["name"] for d in json.loads(result.stdout)["decks"]] == ["my band"]


def test_template_writes_a_clean_workbook(tmp_path):
    """`pnp template warblitz -o FILE.xlsx` writes a workbook that validates clean."""
    out = tmp_path / "start.xlsx"
    assert pnp("template", "warblitz", "-o", str(out)).exit_code == 0
    result = pnp("validate", "warblitz", str(out), "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert all(d["problems"] == [] for d in doc["decks"])
    assert pnp("template", "warblitz", "-o", str(out)).exit_code == 2  # no overwrite
