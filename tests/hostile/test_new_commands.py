"""Hostile input for `pnp layout` and `pnp playtest` (issues 26 and 28).

`layout` writes one file: it never replaces the user's, never escapes the game's layouts
folder by its NAME, and refuses places that are not a .toml file. `playtest` loads its decks
as `play` does, so a damaged or rule-breaking deck stops it before any server starts.
"""

from __future__ import annotations

import pytest

from tests.helpers import ROOT
from tests.hostile.runner import run


@pytest.mark.parametrize("name", ["../../etc/passwd", "/etc/passwd", "card\x1b[31m", ""])
def test_layout_names_are_only_the_games_own(tmp_path, name):
    done = run(["layout", "battlegate", name, "-o", str(tmp_path / "out.toml")], tmp_path)
    assert done.exit_code == 2 and not done.written


@pytest.mark.parametrize("place", ["mine.toml", "folder", "/dev/null", "file.txt/below.toml"])
def test_layout_refuses_places_it_may_not_write(tmp_path, place):
    (tmp_path / "mine.toml").write_text("keep")
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.txt").write_text("x")
    target = place if place.startswith("/") else str(tmp_path / place)
    done = run(["layout", "battlegate", "card", "-o", target], tmp_path)
    assert done.exit_code == 2
    assert (tmp_path / "mine.toml").read_text() == "keep"


def test_playtest_stops_on_a_damaged_deck_before_serving(tmp_path):
    bad = tmp_path / "bad.xlsx"
    bad.write_bytes(b"PK\x03\x04 not really a workbook")
    done = run(["playtest", "battlegate", "--deck", str(bad), "--no-browser"], tmp_path)
    assert done.exit_code == 2 and not done.written


def test_playtest_stops_on_a_deck_that_breaks_the_rules(tmp_path):
    from openpyxl import load_workbook

    path = tmp_path / "decks.xlsx"
    wb = load_workbook(ROOT / "toolkit/games/battlegate/content/decks.xlsx")
    sheet = wb[wb.sheetnames[0]]
    sheet.delete_rows(3, sheet.max_row)  # a deck far below the book's 100 points
    wb.save(path)
    done = run(["playtest", "battlegate", "--deck", f"{path}#{wb.sheetnames[0]}",
                "--deck", f"{path}#{wb.sheetnames[1]}", "--no-browser"], tmp_path)
    assert done.exit_code == 1 and not done.written
