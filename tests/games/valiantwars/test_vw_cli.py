"""Valiant Wars through `pnp`: validate, template, print, play, rulings (FORMATS.md's
exit codes and JSON)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from tests.helpers import ROOT, make_xlsx
from toolkit.cli.main import app
from toolkit.core.registry import get_game
from toolkit.games.valiantwars.template import POOL_SHEET_COLUMNS, pool_rows

runner = CliRunner()
POOL = ROOT / "toolkit/games/valiantwars/content" / "pool.xlsx"


def invoke(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_validate_the_bundled_pool_and_json():
    result = invoke("validate", "valiantwars", POOL)
    assert result.exit_code == 0 and "Cards (standard): valid" in result.output
    doc = json.loads(invoke("validate", "valiantwars", POOL, "--json").stdout)
    assert doc["game"] == "valiantwars" and doc["valid"]
    assert doc["decks"][0]["name"] == "Cards" and doc["decks"][0]["format"] == "standard"


def test_validate_a_broken_pool_exits_1_with_located_problems(tmp_path):
    rows = [list(r) for r in pool_rows()]
    rows[0][4] = 3  # Levy Soldier Swords
    path = make_xlsx(tmp_path / "pool.xlsx", {"Cards": [[c.header for c in POOL_SHEET_COLUMNS],
                                                        *rows]})
    result = invoke("validate", "valiantwars", path)
    assert result.exit_code == 1
    assert "Cards › E2 (Swords)" in result.output and "valiantwars.card.swords" in result.output
    assert invoke("validate", "valiantwars", path, "--format", "nope").exit_code == 2


def test_template_writes_a_pool_that_validates_clean(tmp_path):
    out = tmp_path / "starter.xlsx"
    assert invoke("template", "valiantwars", "-o", out).exit_code == 0
    result = invoke("validate", "valiantwars", out, "--json")
    doc = json.loads(result.stdout)
    assert result.exit_code == 0 and doc["decks"][0]["problems"] == []
    assert invoke("template", "valiantwars", "-o", out).exit_code == 2  # exists


def test_print_the_catalog_and_the_whole_pool(tmp_path):
    result = invoke("print", "valiantwars", "-o", tmp_path / "a", "--backs", "--png", "--tts")
    assert result.exit_code == 0, result.output
    assert "catalog: 44 cards" in result.output
    folder = tmp_path / "a" / "catalog"
    assert len(list((folder / "png").glob("[0-9]*.png"))) == 44
    assert (folder / "png" / "back.png").exists()  # one shared back for every kind
    assert (folder / "tts" / "catalog-back.png").exists()
    result = invoke("print", "valiantwars", POOL, "-o", tmp_path / "b")
    assert result.exit_code == 0 and "Cards: 192 cards on 22 page(s)" in result.output


def test_play_seats_players_on_one_pool():
    for players in (2, 5):
        result = invoke("play", "valiantwars", "--players", players, "--games", 20, "--json")
        doc = json.loads(result.stdout)
        assert result.exit_code == 0, result.output
        assert doc["decks"] == [f"Player {i + 1}" for i in range(players)]
        assert len(doc["results"]["wins"]) == players
        assert sum(doc["results"]["wins"]) + doc["unfinished"]["count"] == 20
        assert doc["length"]["unit"] == "rounds" and doc["violations"] == []
        stats = doc["game_stats"]
        assert len(stats["seats"]) == players and stats["rounds"][0]["round"] == 1
        assert {"out_rate", "swords_per_round", "gold_per_round", "locations"} <= \
            set(stats["seats"][0])
        assert all({"bought", "buyers", "buyer_win_rate"} == set(row)
                   for row in stats["champions"].values())


def test_play_with_risk_agents_and_the_table_report():
    result = invoke("play", "valiantwars", "--games", 10, "--agent",
                    "risk:0.3,buy:Paladin>Gold>Soldier", "--agent", "greedy")
    assert result.exit_code == 0, result.output
    for heading in ("Per seat", "Per round number", "Champions"):
        assert heading in result.output
    assert "risk:0.3" in result.output  # the agent column (rich may wrap the rest)


def test_play_misuse_exits_2():
    for args in (["--agent", "risk:zero"], ["--players", "6"], ["--players", "1"],
                 ["--deck", POOL, "--deck", POOL]):
        result = invoke("play", "valiantwars", "--games", 1, *args)
        assert result.exit_code == 2, (args, result.output)


def test_play_refuses_a_pool_that_cannot_seat_the_players(tmp_path):
    header = [c.header for c in POOL_SHEET_COLUMNS]
    rows = [list(r) for r in pool_rows()
            if r[0] not in ("Greywater Mill", "Hollow Crossing", "Cinder Pass", "Thornwall Keep")]
    path = make_xlsx(tmp_path / "small.xlsx", {"Cards": [header, *rows]})
    result = invoke("play", "valiantwars", "--deck", path, "--format", "custom",
                    "--players", 2, "--games", 1)
    assert result.exit_code == 2 and "cannot seat 2 players" in result.stderr
    result = invoke("play", "valiantwars", "--deck", path, "--format", "custom",
                    "--players", 4, "--games", 5, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["format"] == "custom"


def test_rulings_lists_every_ruling():
    result = invoke("rulings", "valiantwars", "--json")
    doc = json.loads(result.stdout)
    assert result.exit_code == 0 and len(doc["rulings"]) >= 25
    ids = {r["id"] for r in doc["rulings"]}
    assert {"valiantwars.ruling.forced-draw-ends", "valiantwars.ruling.dancer-copies-dancer",
            "valiantwars.ruling.empty-champion-pile"} <= ids
    # only open questions, each saying why the text does not decide it (issue 24)
    assert "valiantwars.ruling.soldier-not-champion" not in ids
    assert all(" — open: " in r["passage"] for r in doc["rulings"])
    assert "Valiant Wars" in invoke("rulings", "valiantwars").output


def test_the_demo_path_plays_two_and_four_players(tmp_path):
    """`pnp demo` plays `PlaySpec.demo_players` on the bundled pool (here a few games)."""
    from toolkit.cli.play import seat_decks
    from toolkit.sim.run import run_play

    game = get_game("valiantwars")
    assert game.playing.demo_players == (2, 4) and game.playing.pooled
    for players in game.playing.demo_players:
        decks = seat_decks(game, [], None, None, players, as_json=True)
        result = run_play(game.playing.rules(), game.playing.params(decks, None),
                          ["greedy"] * players, 10, 1, log_path=tmp_path / f"{players}.md")
        assert result.exit_code == 0
        log = (tmp_path / f"{players}.md").read_text()
        assert "## Round 1" in log and "Battle for" in log and "wins:" in log
