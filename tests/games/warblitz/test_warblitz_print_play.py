"""Warblitz through `pnp`: print (the commanders' backs, the battlefield sheet), play,
rulings, demo's playthrough log; and the bundled workbooks match the engine's samples."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from toolkit.core import registry
from toolkit.core.registry import ValidateRequest
from toolkit.games.warblitz import GAME, load_decks, read_catalog
from toolkit.games.warblitz.battlefield import SPACE_H, SPACE_W, battlefield_drawing
from toolkit.games.warblitz.engine import params_from_loaded, sample_params
from toolkit.games.warblitz.printing import layout_of
from toolkit.render.display import Rect, Text, evaluate
from toolkit.render.job import load_layout


@pytest.fixture(autouse=True)
def only_warblitz(monkeypatch):
    """Isolate from the other games' registration (they are built in parallel)."""
    monkeypatch.setattr(registry, "games", lambda: {"warblitz": GAME})


def pnp(*args: str):
    from toolkit.cli.main import app

    return CliRunner().invoke(app, list(args))


def test_bundled_workbooks_are_the_sample_warbands():
    """toolkit/games/warblitz/content is written from engine/samples.py: both give the same battle."""
    result, decks = load_decks(ValidateRequest(GAME.content / "warbands.xlsx"))
    assert result.valid
    assert params_from_loaded(decks) == sample_params()


def test_commander_back_shows_its_starting_layout():
    """Setup: "as shown on the back of their commander's card": each commander prints on
    its own layout, whose back draws its three ranks and legend."""
    catalog, _ = read_catalog()
    boss = catalog.get("Cinder Regent Maelis")
    assert layout_of(boss) == "commander" and layout_of(catalog.get("Ash Pikeman")) == "unit"
    assert layout_of(catalog.get("Scorch")) == "event"
    back = evaluate(load_layout("warblitz", "commander"), boss.fields(), "back")
    assert back.warnings == ()
    words = [span.text for op in back.ops if isinstance(op, Text) for span in op.spans]
    assert words.count("TER") == 2 and "CMD" in words and "U1" in words and "U2" in words
    legend = " ".join(words)
    assert "Ash Pikeman (C2)" in legend and "Cinder Slinger (B1)" in legend
    colours = {op.fill for op in back.ops if isinstance(op, Rect)}
    assert {"#a47e0b", "#2e6da4", "#5d5d5d"} <= colours
    other = evaluate(load_layout("warblitz", "commander"),
                     catalog.get("Tidemother Serai").fields(), "back")
    assert other.ops != back.ops  # each commander has its own back


def test_battlefield_drawing():
    """Ruling battlefield: 5 × 7 spaces, each holding a poker card; both home areas
    shaded; every space named as each player names it."""
    drawing = battlefield_drawing()
    spaces = [op for op in drawing.ops if isinstance(op, Rect) and op.stroke == "#8a8a8a"]
    assert len(spaces) == 35
    assert all(op.w >= 63 and op.h >= 88 for op in spaces)
    assert drawing.width > 5 * SPACE_W and drawing.height > 7 * SPACE_H
    words = [s.text for op in drawing.ops if isinstance(op, Text) for s in op.spans]
    assert words.count("C1") == 2 and words.count("E7") == 2  # one per player
    assert "PLAYER 1'S EDGE" in words and "PLAYER 2'S EDGE" in words


def test_print_writes_the_battlefield_sheet(tmp_path):
    """`pnp print warblitz` adds the battlefield, tiled over pages with overlap marks."""
    result = pnp("print", "warblitz", "-o", str(tmp_path), "--backs", "--no-contact")
    assert result.exit_code == 0, result.output
    sheet = tmp_path / "battlefield.pdf"
    assert sheet.is_file() and (tmp_path / "catalog" / "catalog.pdf").is_file()
    data = sheet.read_bytes()
    assert len(re.findall(rb"/Type\s*/Page[^s]", data)) == 6  # 2 × 3 tiles of A4
    again = tmp_path / "again"
    pnp("print", "warblitz", "-o", str(again), "--no-contact")
    assert (again / "battlefield.pdf").read_bytes() == data  # reproducible


def test_play_json_and_log(tmp_path):
    """`pnp play warblitz`: the bundled warbands, greedy players, a finished report, the
    game statistics and a playthrough a player can read."""
    log = tmp_path / "game.md"
    result = pnp("play", "warblitz", "--games", "12", "--json", "--log", str(log))
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["decks"] == ["Ashen Court", "Tidewardens"] and doc["agents"] == ["greedy"] * 2
    assert sum(doc["results"]["wins"]) + doc["results"]["draws"] == 12
    assert doc["violations"] == [] and doc["unfinished"]["count"] == 0
    assert "game_stats" in doc and "warblitz.card.Pyre Oracle" in doc["coverage"]["fired"]
    text = log.read_text()
    assert "## Turn 1:" in text and "rolls" in text and "deploys" in text
    assert "wins: commander destroyed" in text
    # The battlefield is a fenced code block, its rows aligned and nothing escaped.
    assert "\n```\n   A   B   C   D   E\n7  " in text and "\\#\\#" not in text


def test_rulings_command():
    """`pnp rulings warblitz` lists every ruling with its passage."""
    result = pnp("rulings", "warblitz", "--json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    ids = [r["id"] for r in doc["rulings"]]
    assert "warblitz.ruling.battlefield" in ids and "warblitz.ruling.in-front" in ids
    assert all(r["passage"] for r in doc["rulings"])


def test_play_refuses_a_wrong_format():
    result = pnp("play", "warblitz", "--games", "1", "--format", "quick")
    assert result.exit_code == 2


def test_a_catalog_without_effects_or_layouts_still_plays(tmp_path):
    """FORMATS.md: a catalog without the Effect column and the Starts sheet "still
    validates ... and plays with documented defaults" (plain cards, the default layout)."""
    from tests.helpers import make_xlsx
    from toolkit.games.warblitz.board import DEFAULT_START
    from toolkit.games.warblitz.engine import WarblitzRules
    from toolkit.games.warblitz.template import example_sheets
    from toolkit.sim.run import run_play

    sheets = example_sheets()
    for name in ("Units", "Events", "Relics"):
        col = sheets[name][0].index("Effect")
        sheets[name] = [row[:col] + row[col + 1:] for row in sheets[name]]
    del sheets["Starts"]
    path = make_xlsx(tmp_path / "old.xlsx", sheets)
    result, decks = load_decks(ValidateRequest(path))
    assert result.valid
    p = params_from_loaded([decks[0], decks[0]])
    assert p.warbands[0].start == DEFAULT_START
    assert all(not c.effect.clauses for c in p.warbands[0].cards)
    played = run_play(WarblitzRules(), p, ["greedy", "random"], games=10, seed=1)
    assert played.violations == [] and played.unfinished == []
    assert sum(played.stats.wins) == 10
    assert not any(k.startswith("warblitz.card.") for k in played.coverage_ids)
