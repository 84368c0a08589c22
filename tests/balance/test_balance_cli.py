"""`pnp tournament`, `pnp sweep` and `pnp compare` end to end, through the CLI."""

from __future__ import annotations

import json
import shutil
from random import Random

from openpyxl import load_workbook
from typer.testing import CliRunner

from tests.helpers import make_xlsx
from toolkit.balance import execute as execute_module
from toolkit.balance.pool import SweepRequest
from toolkit.cli.main import app
from toolkit.games.warbadge.sweep import sweep_decks

from .helpers import BADGES, BATTLEGATE, pnp

runner = CliRunner()


def without_run(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "run"}


def test_tournament_report_files_and_reuse(tmp_path):
    out = tmp_path / "report"
    code, doc = pnp(tmp_path, "tournament", "warbadge", "--games", 20, "--json", "-o", out)
    assert code == 0, doc
    assert [d["name"] for d in doc["decks"]] == ["Sun", "Moon"]
    assert doc["games"] == 20 and doc["seat_orders"] == 2 and doc["complete"]
    rate = doc["matrix"]["rate"]
    assert rate[0][1] + rate[1][0] == 1.0  # a draw counts half to each
    assert doc["ranking"]["method"] == "bradley-terry" and len(doc["ranking"]["order"]) == 2
    m = doc["metrics"]
    assert m["completion"] == 1.0 and 0 <= m["balance"] <= 1
    assert sum(m["seat_win_rates"]) == 1.0 or abs(sum(m["seat_win_rates"]) - 1) < 1e-3
    assert m["first_player"]["games"] == 20 and m["duration"]["unit"] == "battles"
    assert set(doc["firing"]["counts"]) >= set(doc["firing"]["rulings"])
    assert doc["run"]["played"] == 20 and doc["run"]["reused"] == 0
    for name in ("report.json", "decks.csv", "matrix.csv", "firing.csv", "report.pdf",
                 "png/heatmap.png", "png/ranking.png", "png/lengths.png",
                 "png/first-player.png"):
        assert (out / name).stat().st_size > 0, name
    assert (out / "report.pdf").read_bytes()[:5] == b"%PDF-"
    pdf = (out / "report.pdf").read_bytes()
    code, again = pnp(tmp_path, "tournament", "warbadge", "--games", 20, "--json", "-o", out)
    assert code == 0 and again["run"]["reused"] == 20 and again["run"]["played"] == 0
    assert without_run(again) == without_run(doc)
    assert (out / "report.pdf").read_bytes() == pdf  # re-drawn, byte for byte


def test_tournament_same_report_for_any_jobs(tmp_path):
    args = ("tournament", "battlegate", "--deck", f"{BATTLEGATE}#Balanced", "--deck",
            f"{BATTLEGATE}#Swarm", "--deck", f"{BATTLEGATE}#Wall", "--games", 4,
            "--agent", "random", "--batch", 1, "--json")
    code, one = pnp(tmp_path / "a", *args, "-o", tmp_path / "a")
    code2, two = pnp(tmp_path / "b", *args, "--jobs", 2, "-o", tmp_path / "b")
    assert code == code2 == 0
    assert without_run(one) == without_run(two) and one["tables"] == 3


def test_multiplayer_tournament_rotates_every_seat(tmp_path):
    code, doc = pnp(tmp_path, "tournament", "battlegate", "--players", 3, "--games", 3,
                    "--agent", "random", "--json", "-o", tmp_path / "r")
    assert code == 0, doc
    assert doc["decks_count"] == 4 and doc["tables"] == 4 and doc["seat_orders"] == 3
    assert doc["games"] == 4 * 3 and len(doc["metrics"]["seat_win_rates"]) == 3
    first = doc["metrics"]["first_player"]
    assert first["expected"] == round(1 / 3, 4)
    # Battle Gate names who won the cut game by game: counted per deal (3 deals here)
    assert "went first" in first["who"] and first["clustered"] and first["deals"] == 1
    # every deck met every other one
    games = doc["matrix"]["games"]
    assert all(games[i][j] > 0 for i in range(4) for j in range(4) if i != j)


def test_sweep_reports_cards_and_cost_curve(tmp_path):
    out = tmp_path / "sweep"
    code, doc = pnp(tmp_path, "sweep", "warbadge", "--sample", 6, "--games", 4, "--json",
                    "-o", out, "--bootstrap", 20)
    assert code == 0, doc
    assert doc["decks_count"] == 6 and doc["tables"] == 15 and doc["format"] == "standard"
    assert "6 of the 26,044 legal standard teams" in doc["pool"]["method"]
    names = {c["name"] for c in doc["cards"]}
    held = {card for d in doc["decks"] for card in d["cards"]}
    assert names == held
    for card in doc["cards"]:
        # 6 decks are too few for top decks: no pick rate among them, no importance
        assert card["pick_rate_top"] is None and card["importance"] is None
        assert 0 < card["pick_rate_all"] <= 1 and card["decks"] >= 1
        assert card["low"] <= card["win_rate"] <= card["high"]
    assert not doc["top"]["enough"] and doc["top"]["note"].startswith("Too few decks")
    assert doc["headlines"][0].startswith("Must-picks: too few decks to tell (6 decks")
    assert doc["deals"]["count"] == 2 and doc["deals"]["few"]
    assert "Every interval rests on 2 deals (seeds 1 to 2)" in doc["deals"]["note"]
    assert doc["cost_curve"]["label"] == "value"
    for name in ("cards.csv", "png/importance.png", "png/cost-curve.png"):
        assert (out / name).stat().st_size > 0


def test_a_workbook_of_several_formats_plays_one_round_robin_per_format(tmp_path):
    """The bundled badges.xlsx holds standard (Sun, Moon), quick (Spark, Tide) and skirmish
    (Dusk) teams, which cannot meet: one round robin per format, each named and reported in
    its own folder; skirmish's one team is named as not played."""
    out = tmp_path / "formats"
    code, doc = pnp(tmp_path, "tournament", "warbadge", "--deck", BADGES, "--games", 4,
                    "--agent", "random", "--json", "-o", out)
    assert code == 0, doc
    formats = {f["format"]: f for f in doc["formats"]}
    assert list(formats) == ["standard", "quick", "skirmish"]
    assert formats["standard"]["decks"] == ["Sun", "Moon"]
    assert formats["quick"]["report"]["format"] == "quick"
    assert [d["name"] for d in formats["quick"]["report"]["decks"]] == ["Spark", "Tide"]
    assert formats["quick"]["report"]["games"] == 4
    assert formats["skirmish"]["folder"] is None and formats["skirmish"]["report"] is None
    assert formats["skirmish"]["skipped"] == ("format skirmish has 1 deck (Dusk): a round "
                                              "robin needs 2")
    for name in ("standard", "quick"):
        report = json.loads((out / name / "report.json").read_text())
        assert report["format"] == name and report["decks_count"] == 2
        assert f"format {name}." in formats[name]["summary"][0]
        for file in ("report.pdf", "decks.csv", "matrix.csv", "png/heatmap.png"):
            assert (out / name / file).stat().st_size > 0
    index = json.loads((out / "report.json").read_text())
    assert [f["folder"] for f in index["formats"]] == ["standard", "quick", None]
    assert "report" not in index["formats"][0]  # the index names, the folders hold
    pdf = (out / "report.pdf").read_bytes()
    assert pdf[:5] == b"%PDF-"
    code, again = pnp(tmp_path, "tournament", "warbadge", "--deck", BADGES, "--games", 4,
                      "--agent", "random", "--json", "-o", out)
    assert code == 0 and (out / "report.pdf").read_bytes() == pdf
    assert all(f["report"] is None or f["report"]["run"]["played"] == 0
               for f in again["formats"])
    # --format picks one: the teams of that format, the others named as left out
    code, quick = pnp(tmp_path, "tournament", "warbadge", "--deck", BADGES, "--format",
                      "quick", "--games", 4, "--agent", "random", "--json", "-o",
                      tmp_path / "quick")
    assert code == 0, quick
    assert [d["name"] for d in quick["decks"]] == ["Spark", "Tide"]
    assert quick["format"] == "quick" and quick["run"]["played"] == 0  # the same games
    assert quick["left_out"] == [{"name": "Sun", "format": "standard"},
                                 {"name": "Moon", "format": "standard"},
                                 {"name": "Dusk", "format": "skirmish"}]
    code, message = pnp(tmp_path, "tournament", "warbadge", "--deck", BADGES, "--format",
                        "skirmish", "--games", 4)
    assert code == 2 and "at least 2 decks" in message
    # compare cannot mix formats either: one at a time
    code, message = pnp(tmp_path, "compare", "warbadge", BADGES, BADGES, "--mode", "decks",
                        "--games", 4)
    assert code == 2 and "holds decks of 3 formats" in message
    code, cmp = pnp(tmp_path, "compare", "warbadge", BADGES, BADGES, "--mode", "decks",
                    "--format", "quick", "--games", 4, "--agent", "random", "--json", "-o",
                    tmp_path / "cmp")
    assert code == 0 and {c["name"] for c in cmp["changes"]["decks"]} == {"Spark", "Tide"}


def test_sweep_refuses_a_broken_catalog_with_its_report(tmp_path):
    bad = make_xlsx(tmp_path / "bad.xlsx", {"Badges": [
        ["Name", "Rank", "Value", "Types"], ["Odd", "Gold", 9, "Magic"]]})
    code, doc = pnp(tmp_path, "sweep", "warbadge", "--catalog", bad, "--json")
    assert code == 1 and doc["valid"] is False


def _changed_card() -> str:
    """A badge held by some but not all of the 6 teams `pnp sweep --seed 1` draws."""
    pool = sweep_decks(SweepRequest(BADGES, None, Random("sweep:1"), 6))
    counts = {}
    for cards in pool.cards:
        for card in set(cards):
            counts[card] = counts.get(card, 0) + 1
    return sorted(c for c, n in counts.items() if 1 <= n <= 3)[0]


def test_compare_catalogs_plays_the_same_teams_and_reuses_unchanged_pairings(tmp_path):
    card = _changed_card()
    new = tmp_path / "new.xlsx"
    shutil.copy(BADGES, new)
    wb = load_workbook(new)
    ws = wb["Badges"]
    header = [c.value for c in ws[1]]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == card:
            # strong against every type: wins on type advantage far more often
            row[header.index("Strengths")].value = ("Ranged, Magic, Stealth, Flying, Blade, "
                                                    "Holy, Abomination, Armor")
            row[header.index("Weaknesses")].value = None
    wb.save(new)
    code, doc = pnp(tmp_path, "compare", "warbadge", BADGES, new, "--sample", 6,
                    "--games", 40, "--json", "-o", tmp_path / "cmp", "--bootstrap", 10)
    assert code == 0, doc
    assert "The same card lists are played under OLD and NEW" in doc["pool"]["method"]
    changes = {c["name"]: c for c in doc["changes"]["cards"]}
    assert changes[card]["change"] > 0 and changes[card]["significant"]
    assert any(line.startswith(f"Decks holding {card} win") for line in doc["headlines"])
    # a player pictures the enemy's unseen badges from the catalog (rule "each player
    # secretly chooses 6 WarBadges"), so every table changes with it: nothing is reused
    assert doc["run"]["reused"] == 0
    assert (tmp_path / "cmp" / "changes.csv").stat().st_size > 0


def test_compare_deck_files_by_name(tmp_path):
    new = tmp_path / "decks.xlsx"
    shutil.copy(BATTLEGATE, new)
    wb = load_workbook(new)
    ws = wb["Giants"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == "Mountain Titan":
            row[1].value = "Minion"
    wb.save(new)
    code, doc = pnp(tmp_path, "compare", "battlegate", BATTLEGATE, new, "--games", 4,
                    "--agent", "random", "--json", "-o", tmp_path / "cmp")
    assert code == 0, doc
    assert doc["pool"]["method"] == "The decks of OLD and NEW, matched by name."
    assert {c["name"] for c in doc["changes"]["decks"]} == {"Swarm", "Wall", "Balanced",
                                                            "Giants"}
    # the three tables without Giants did not change: NEW reuses OLD's games
    assert doc["run"]["reused"] == 3 * 4


def test_misuse_is_one_sentence_and_exit_2(tmp_path):
    cases = [(("tournament", "nogame"), "unknown game"),
             (("sweep", "warbadge", "--sample", "x"), "--sample takes a number"),
             (("sweep", "warblitz", "--sample", "all"), "give --sample K"),
             (("tournament", "warbadge", "--deck", f"{BADGES}#Sun"), "at least 2 decks"),
             (("tournament", "warbadge", "--agent", "nobody", "--games", 2), "unknown agent"),
             (("compare", "warbadge", tmp_path / "missing.xlsx", BADGES), "missing.xlsx"),
             (("sweep", "battlegate", "--sample", "all"), "give --sample K")]
    for args, words in cases:
        result = runner.invoke(app, [*map(str, args), "--results", str(tmp_path / "r.sqlite")])
        assert result.exit_code == 2, (args, result.output)
        assert words in result.output, (args, result.output)
        assert "Traceback" not in result.output


def test_ctrl_c_exits_130_and_keeps_what_is_done(tmp_path, monkeypatch):
    calls = {"n": 0}
    real = execute_module.run_batch

    def stop(batch):
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return real(batch)

    monkeypatch.setattr(execute_module, "run_batch", stop)
    result = runner.invoke(app, ["tournament", "warbadge", "--games", 8, "--batch", 2,
                                 "--results", str(tmp_path / "results.sqlite"), "-o",
                                 str(tmp_path / "out")])
    assert result.exit_code == 130
    assert "2 of 8 games are done and kept" in result.output
    assert not (tmp_path / "out").exists()
    monkeypatch.setattr(execute_module, "run_batch", real)
    code, doc = pnp(tmp_path, "tournament", "warbadge", "--games", 8, "--batch", 2, "--json",
                    "-o", tmp_path / "out")
    assert code == 0 and doc["run"]["reused"] == 2 and doc["run"]["played"] == 6
