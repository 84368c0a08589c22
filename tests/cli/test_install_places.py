"""Issue 26 items 1-2: bundled data is package data, and outputs land where `pnp` runs.

A wheel holds only what pyproject.toml's package-data names, so every bundled file must
match a pattern there; and every default output place is under the working folder.
.ci/check-install checks the same from a real wheel in a fresh virtualenv.
"""

from __future__ import annotations

import tomllib
from pathlib import Path, PurePosixPath

import pytest
from typer.testing import CliRunner

from tests.helpers import ROOT
from toolkit.cli.main import app
from toolkit.core.bundled import shown
from toolkit.core.registry import games, get_game

BOOKS = {"warbadge": "warbadge.md", "battlegate": "battle-gate.md", "warblitz": "warblitz.md",
         "valiantwars": "valiant-wars.md", "banners": "battle-of-banners.md"}
"""Each built-in game's rulebook in ../shared/rules/."""


def test_every_bundled_file_is_package_data():
    """A file under a game's content/ or layouts/ that no package-data pattern names would
    be missing from the wheel (the bug of issue 26: '…/site-packages/content/…: not found')."""
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"][
        "package-data"]["*"]
    for game in games().values():
        folder = game.folder
        shipped = {path for pattern in patterns for path in folder.glob(pattern)}
        for path in folder.rglob("*"):
            rel = PurePosixPath(path.relative_to(folder).as_posix())
            if path.is_dir() or rel.parts[0] not in ("content", "layouts") or \
                    path.suffix == ".py" or "__pycache__" in rel.parts:
                continue
            assert path in shipped, f"{game.id}: {rel} is not shipped"


@pytest.mark.parametrize("game_id", sorted(BOOKS))
def test_bundled_data_lives_in_the_game_package(game_id):
    game = get_game(game_id)
    assert game.folder == Path(__import__(game.package, fromlist=["_"]).__file__).parent
    assert game.bundled_paths() and all(p.is_file() for p in game.bundled_paths())
    assert list(game.layouts.glob("*.toml"))
    assert shown(game.content / game.bundled_decks[0]) == \
        f"toolkit/games/{game_id}/content/{game.bundled_decks[0]}"


@pytest.mark.parametrize("game_id", sorted(BOOKS))
def test_shipped_rulebook_is_the_book(game_id):
    """The rulebook shipped with a game is the one in ../shared/rules/ (where present)."""
    book = ROOT.parent / "shared" / "rules" / BOOKS[game_id]
    if not book.is_file():
        pytest.skip("../shared/rules is not here")
    assert get_game(game_id).rulebook.read_bytes() == book.read_bytes()


def test_outputs_land_under_the_working_folder(tmp_path, monkeypatch):
    """`pnp print` and `pnp calibrate` with no -o write under ./output of the folder they run
    in, not in the tool's folder."""
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    assert runner.invoke(app, ["print", "battlegate", "--no-contact"]).exit_code == 0
    assert runner.invoke(app, ["calibrate"]).exit_code == 0
    assert sorted(p.name for p in (tmp_path / "output").iterdir() if not p.name.startswith(".")) == \
        ["battlegate", "calibrate-a4-long.pdf"]
    assert list((tmp_path / "output" / "battlegate").rglob("*.pdf"))
    assert get_game("battlegate").output() == tmp_path / "output" / "battlegate"
