"""`pnp play` through the CLI: FORMATS.md's JSON, exit codes, reproducibility."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.helpers import badges_with_team
from toolkit.cli.main import app
from toolkit.core.registry import ROOT

runner = CliRunner()
BADGES = ROOT / "content" / "warbadge" / "badges.xlsx"
KEYS = {"game", "games", "seed", "format", "decks", "agents", "results", "unfinished",
        "violations", "length", "games_per_second"}


def play(*args) -> tuple[int, dict | str]:
    result = runner.invoke(app, ["play", *[str(a) for a in args]])
    try:
        return result.exit_code, json.loads(result.stdout)
    except json.JSONDecodeError:
        return result.exit_code, result.output


def without_speed(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "games_per_second"}


def test_json_follows_formats_md():
    code, doc = play("warbadge", "--games", 40, "--seed", 7, "--json",
                     "--agent", "greedy", "--agent", "random")
    assert code == 0, doc
    assert KEYS <= set(doc)
    assert doc["game"] == "warbadge" and doc["games"] == 40 and doc["seed"] == 7
    assert doc["decks"] == ["Sun", "Moon"] and doc["agents"] == ["greedy", "random"]
    assert doc["format"] == "standard"
    wins, draws = doc["results"]["wins"], doc["results"]["draws"]
    assert len(wins) == 2 and sum(wins) + draws + doc["unfinished"]["count"] == 40
    assert doc["violations"] == [] and doc["unfinished"] == {"count": 0, "seeds": []}
    assert doc["length"]["unit"] == "battles"
    assert doc["length"]["mean"] <= doc["length"]["max"]
    assert doc["games_per_second"] > 0


def test_same_seed_same_json_for_any_jobs():
    _, one = play("warbadge", "--games", 30, "--seed", 3, "--json")
    _, again = play("warbadge", "--games", 30, "--seed", 3, "--json")
    _, two_jobs = play("warbadge", "--games", 30, "--seed", 3, "--json", "--jobs", 2)
    assert without_speed(one) == without_speed(again) == without_speed(two_jobs)


def test_game_k_is_reproduced_alone(tmp_path):
    """Game k of a run uses seed+k: `--seed S+k --games 1` plays it again, log and all."""
    play("warbadge", "--games", 5, "--seed", 10, "--json", "--log", tmp_path / "all.md",
         "--log-games", 5)
    play("warbadge", "--games", 1, "--seed", 13, "--json", "--log", tmp_path / "one.md")
    whole = (tmp_path / "all.md").read_text()
    alone = (tmp_path / "one.md").read_text()
    assert "seed 13" in alone and alone.strip() in whole


def test_log_is_byte_identical(tmp_path):
    for name in ("a.md", "b.md"):
        code, _ = play("warbadge", "--games", 3, "--seed", 5, "--json", "--log", tmp_path / name)
        assert code == 0
    assert (tmp_path / "a.md").read_bytes() == (tmp_path / "b.md").read_bytes()
    assert "Round 1" in (tmp_path / "a.md").read_text()


def test_quick_teams_play_two_rounds():
    code, doc = play("warbadge", "--deck", f"{BADGES}#Spark", "--deck", f"{BADGES}#Tide",
                     "--games", 20, "--json")
    assert code == 0 and doc["format"] == "quick" and doc["decks"] == ["Spark", "Tide"]


def test_invalid_team_is_refused_with_the_report(tmp_path):
    path = badges_with_team(tmp_path, "Short", ["Ember Fox"])
    code, doc = play("warbadge", "--deck", f"{path}#Short", "--deck", f"{path}#Sun", "--json")
    assert code == 1
    assert doc["valid"] is False and any(p["rule"].startswith("warbadge.team")
                                         for d in doc["decks"] for p in d["problems"])


@pytest.mark.parametrize("args", [
    ["--agent", "psychic"],
    ["--players", "3"],
    ["--deck", "nope.xlsx"],
    ["--agent", "greedy", "--agent", "random", "--agent", "random"],
    ["--deck", f"{BADGES}#Sun", "--deck", f"{BADGES}#Spark"],  # standard against quick
])
def test_misuse_exits_2(args):
    code, _ = play("warbadge", "--games", 2, *args)
    assert code == 2


def test_failures_dir_stays_empty_when_all_games_are_fine(tmp_path: Path):
    code, _ = play("warbadge", "--games", 10, "--json", "--failures", tmp_path / "fail")
    assert code == 0 and not list((tmp_path).glob("fail/*.md"))


def test_rulings_lists_every_ruling_the_engine_counts():
    from toolkit.games.warbadge.engine import WarBadgeRules

    result = runner.invoke(app, ["rulings", "warbadge", "--json"])
    assert result.exit_code == 0
    listed = {r["id"] for r in json.loads(result.stdout)["rulings"]}
    assert listed == set(WarBadgeRules().ruling_ids())
    assert all(r["question"] and r["decision"] and r["passage"]
               for r in json.loads(result.stdout)["rulings"])


def test_coverage_tells_never_fired_from_not_in_the_decks():
    """Sun and Moon have no Mount: its ability and rulings are `not_in_decks`, never
    `never_fired` (that list is for rules these decks could have fired)."""
    code, doc = play("warbadge", "--games", 30, "--json")
    assert code == 0
    coverage = doc["coverage"]
    assert {"warbadge.ability.mount", "warbadge.ruling.mount-kinds"} <= set(coverage["not_in_decks"])
    assert not set(coverage["never_fired"]) & set(coverage["not_in_decks"])
    assert coverage["fired"]["warbadge.ability.swarm"] > 0  # Moon's Gutter Rats swarm


def test_decks_that_can_never_attack_are_reported_unfinished(tmp_path):
    """Battle Gate: "Minion: May defend but not attack." Two minion-only decks can never
    end a battle: every game is unfinished with that reason (exit 1), never a hang."""
    from tests.helpers import make_csv

    a = make_csv(tmp_path / "wall_a.csv", [["Name", "Class", "Power", "Qty"], ["A", "Minion", 5, 20]])
    b = make_csv(tmp_path / "wall_b.csv", [["Name", "Class", "Power", "Qty"], ["B", "Minion", 4, 25]])
    code, doc = play("battlegate", "--deck", a, "--deck", b, "--games", 4, "--json")
    assert code == 1
    assert doc["unfinished"] == {"count": 4, "seeds": [1, 2, 3, 4]}
    assert all(g["reason"].startswith("stalemate") for g in doc["unfinished_games"])


def test_battlegate_four_players_json():
    code, doc = play("battlegate", "--players", 4, "--games", 10, "--json", "--agent", "random")
    assert code == 0, doc
    assert doc["decks"] == ["Balanced", "Swarm", "Wall", "Giants"]
    assert len(doc["results"]["wins"]) == 4 and doc["length"]["unit"] == "turns"
    assert sum(d["games"] for d in doc["game_stats"]["decks"].values()) == 4 * 10
