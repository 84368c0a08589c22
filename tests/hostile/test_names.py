"""Names from a file are data: never markup, never a path, never the same file twice."""

from __future__ import annotations

import pytest

from tests.hostile.corpus import CASES, sheet_names
from tests.hostile.runner import run
from toolkit.core.registry import games

GAMES = list(games().values())
CASE = {c.name: c for c in CASES}


@pytest.mark.parametrize("game", [g for g in GAMES if g.printing is not None
                                  and not (g.playing is not None and g.playing.pooled)],
                         ids=lambda g: g.id)
def test_decks_named_alike_print_to_distinct_files_inside_the_output(tmp_path, game):
    """`Deck`, `.Deck`, `Deck `, `../evil`, `/`, `a:b`, `CON` and a 300-character name:
    one folder and one PDF each, all inside -o."""
    path = CASE["colliding-names"].build(game, tmp_path)
    decks = [n for n in sheet_names(path) if n.casefold() not in
             {s.casefold() for s in game.catalog_sheets}]
    out = tmp_path / "out"
    done = run(["print", game.id, path, "-o", out, "--no-contact"], tmp_path)
    assert done.exit_code == 0, done
    pdfs = sorted(p for p in out.rglob("*.pdf")  # not a legend, board or battlefield beside
                  if p.parent != out and not p.name.endswith(("-legend.pdf", "-board.pdf")))
    assert len(pdfs) == len(decks) == len({p.parent.name.casefold() for p in pdfs})
    assert all(p.resolve().is_relative_to(out.resolve()) for p in pdfs)
    assert all(len(p.name.encode()) < 255 for p in pdfs)


@pytest.mark.parametrize("game", [g for g in GAMES if g.playing is not None],
                         ids=lambda g: g.id)
def test_names_in_playthrough_logs_are_escaped(tmp_path, game):
    path = CASE["markdown-sheet-name"].build(game, tmp_path)
    decks = ["--deck", path] * (1 if game.playing.pooled else game.playing.players[0])
    done = run(["play", game.id, *decks, "--games", 1, "--log", tmp_path / "log.md"], tmp_path)
    assert done.exit_code in (0, 1), done
    log = (tmp_path / "log.md").read_text(encoding="utf-8")
    assert "<script>" not in log and "**bold**" not in log
    if not game.playing.pooled:  # a pooled game's seats are "Player 1"..., not sheet names
        assert "\\*\\*bold\\*\\* \\<script\\>" in log
    assert "[/]" not in done.stdout or "\\[/]" not in done.stdout  # shown as written


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_markup_names_are_shown_as_written(tmp_path, game):
    path = CASE["markup-sheet-name-2"].build(game, tmp_path)
    done = run(["validate", game.id, path], tmp_path)
    assert "[/nope] [bold]x" in done.stdout, done
