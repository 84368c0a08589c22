"""`pnp sweep`, `pnp tournament` and `pnp compare` on Valiant Wars, end to end: the
balance "decks" are starts (the book's starting deck plus Champions held from the first
shuffle, `sweep.py`), tables seat `--players` of them on the one pool."""

from __future__ import annotations

import csv

from typer.testing import CliRunner

from tests.balance.helpers import pnp
from tests.helpers import ROOT, make_xlsx
from toolkit.cli.main import app
from toolkit.games.valiantwars.deck import read_pool
from toolkit.games.valiantwars.sweep import BASELINE, HAND, champions_of
from toolkit.games.valiantwars.template import POOL_SHEET_COLUMNS, pool_rows

runner = CliRunner()
POOL = ROOT / "toolkit/games/valiantwars/content" / "pool.xlsx"
HEADER = [c.header for c in POOL_SHEET_COLUMNS]
SMALL = ("Iron Fighter", "Sworn Hero", "Star Oracle", "Hearth Saint", "Road Brigand")
"""The small pool's Champions, in sheet order."""


def small_pool(tmp_path, name="small.xlsx", change=None, keep=SMALL):
    """A custom pool: the bundled cards with only these Champion rows."""
    rows = [list(r) for r in pool_rows()
            if keep is None or r[1] != "Champion" or r[0] in keep]
    if change:
        change(rows)
    return make_xlsx(tmp_path / name, {"Cards": [HEADER, *rows]})


def test_sweep_end_to_end_names_the_champions(tmp_path):
    out = tmp_path / "sweep"
    code, doc = pnp(tmp_path, "sweep", "valiantwars", "--sample", 4, "--games", 4, "--json",
                    "-o", out)
    assert code == 0, doc
    assert doc["decks_count"] == 4 and doc["tables"] == 6 and doc["games"] == 24
    assert doc["results"]["finished"] == 24 and doc["violations"] == []
    assert doc["pool"]["price"] == "cost" and doc["pool"]["total"] == 2925
    assert "4 of the 2,925 starts" in doc["pool"]["method"]
    costs = {c.name: c.cost for c in champions_of(read_pool())}
    held = {name for d in doc["decks"] for name in d["cards"]}
    assert all(len(d["cards"]) == HAND for d in doc["decks"])
    assert all(" + ".join(d["cards"]) in d["name"] for d in doc["decks"])
    # the per-card measures name every Champion the starts hold, at its printed cost
    assert {c["name"] for c in doc["cards"]} == held and held <= set(costs)
    for card in doc["cards"]:
        assert card["price"] == costs[card["name"]]
        assert card["decks"] == sum(card["name"] in d["cards"] for d in doc["decks"])
        assert 0 <= card["low"] <= card["win_rate"] <= card["high"] <= 1
    with (out / "cards.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    assert {r["card"] for r in rows} == held
    curve = doc["cost_curve"]
    assert curve["label"] == "cost"
    assert {p["name"] for p in curve["points"]} <= held
    for name in ("report.pdf", "png/cost-curve.png", "png/importance.png"):
        assert (out / name).stat().st_size > 0


def test_tournament_plays_the_pools_own_starts(tmp_path):
    path = small_pool(tmp_path)
    code, doc = pnp(tmp_path, "tournament", "valiantwars", "--deck", path, "--format",
                    "custom", "--games", 2, "--json", "-o", tmp_path / "t")
    assert code == 0, doc
    names = [d["name"] for d in doc["decks"]]
    assert names == [BASELINE] + [f"{BASELINE} + {n}" for n in SMALL]
    assert doc["tables"] == 15 and doc["players"] == 2 and doc["games"] == 30
    assert "each of the 5 Champions" in doc["pool"]["method"]
    # three at a table: every set of 3 of the 6 starts
    code, doc = pnp(tmp_path, "tournament", "valiantwars", "--deck", path, "--format",
                    "custom", "--games", 3, "--players", 3, "--json", "-o", tmp_path / "t3")
    assert code == 0, doc
    assert doc["tables"] == 20 and doc["seat_orders"] == 3 and doc["games"] == 60
    code, message = pnp(tmp_path, "tournament", "valiantwars", "--deck", path, "--deck",
                        path, "--format", "custom")
    assert code == 2 and "give --deck once" in message


def test_compare_plays_the_same_starts_under_two_pools(tmp_path):
    old = small_pool(tmp_path, "old.xlsx")

    def change(rows):
        for r in rows:
            if r[0] == "Road Brigand":
                r[0] = "Road Bandit"
            if r[0] == "Iron Fighter":
                r[4] = 5  # Swords
    new = small_pool(tmp_path, "new.xlsx", change)
    code, doc = pnp(tmp_path, "compare", "valiantwars", old, new, "--sample", "all",
                    "--format", "custom", "--games", 2, "--json", "-o", tmp_path / "c")
    assert code == 0, doc
    # 10 starts of 3 of the 5 Champions; the 6 holding Road Brigand are not legal in NEW
    assert len(doc["only_old"]) == 6 and all("Road Brigand" in n for n in doc["only_old"])
    assert doc["decks_count"] == 4 and "6 of them are not legal under NEW" in \
        doc["pool"]["method"]
    cards = {c["name"] for c in doc["changes"]["cards"]}
    assert cards == set(SMALL) - {"Road Brigand"}
    # --mode decks: the pools' own starts, matched by name
    code, doc = pnp(tmp_path, "compare", "valiantwars", old, new, "--mode", "decks",
                    "--format", "custom", "--games", 2, "--json", "-o", tmp_path / "d")
    assert code == 0, doc
    assert doc["only_old"] == [f"{BASELINE} + Road Brigand"]
    assert doc["only_new"] == [f"{BASELINE} + Road Bandit"]
    assert [r["name"] for r in doc["changes"]["decks"]][0] == BASELINE


def test_sweep_of_a_broken_pool_shows_its_report(tmp_path):
    def broken(rows):
        rows[0][4] = 3  # a Soldier's Swords
    path = small_pool(tmp_path, change=broken, keep=None)
    result = runner.invoke(app, ["sweep", "valiantwars", "--catalog", str(path),
                                 "--sample", "2", "--results", str(tmp_path / "r.sqlite")])
    assert result.exit_code == 1 and "valiantwars.card.swords" in result.output
