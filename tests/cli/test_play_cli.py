"""`pnp play` through the CLI: FORMATS.md's JSON, exit codes, reproducibility."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.helpers import ROOT, badges_with_team
from toolkit.cli.main import app

runner = CliRunner()
BADGES = ROOT / "toolkit/games/warbadge/content" / "badges.xlsx"
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
    """Deal k of a run uses seed+k in both seat orders: `--seed S+k --games 1 --seats 2,1`
    plays its second game again, log and all."""
    play("warbadge", "--games", 6, "--seed", 10, "--json", "--log", tmp_path / "all.md",
         "--log-games", 6)
    play("warbadge", "--games", 1, "--seed", 11, "--seats", "2,1", "--json", "--log",
         tmp_path / "one.md")
    whole = (tmp_path / "all.md").read_text()
    alone = (tmp_path / "one.md").read_text()
    assert "seed 11" in alone and "- Seat 1: **Moon** (greedy)" in alone
    assert alone.strip() in whole
    assert whole.count("# warbadge playthrough — seed 11") == 2  # Sun first, then Moon


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
    assert doc["unfinished"] == {"count": 4, "seeds": [1, 1, 2, 2]}  # each deal, each order
    assert all(g["reason"].startswith("stalemate") for g in doc["unfinished_games"])
    assert [g["replay"] for g in doc["unfinished_games"][:2]] == [
        "--seed 1 --games 1 --seats 1,2", "--seed 1 --games 1 --seats 2,1"]


def test_battlegate_four_players_json():
    code, doc = play("battlegate", "--players", 4, "--games", 10, "--json", "--agent", "random")
    assert code == 0, doc
    assert doc["decks"] == ["Balanced", "Swarm", "Wall", "Giants"]
    assert len(doc["results"]["wins"]) == 4 and doc["length"]["unit"] == "turns"
    # four seats rotate: 10 games are 2 deals in each of the 4 rotations, then a third
    # deal in the first two
    assert doc["games"] == 10 and doc["seating"] == {
        "mode": "rotate", "orders": ["1,2,3,4", "4,1,2,3", "3,4,1,2", "2,3,4,1"],
        "deals": 3, "games_per_deal": 4}
    assert sum(d["games"] for d in doc["game_stats"]["decks"].values()) == 4 * 10


# ---------------------------------------------------------------- agents and the ladder
def _blind_game() -> str | None:
    """A registered game whose engine has no determinize hook yet (None once all have)."""
    from toolkit.core.registry import games
    from toolkit.sim.agents import can_search

    return next((g.id for g in games().values()
                 if g.playing is not None and not can_search(g.playing.rules())), None)


def test_search_agent_is_refused_clearly_without_determinize():
    game = _blind_game()
    if game is None:
        pytest.skip("every registered engine has determinize")
    result = runner.invoke(app, ["play", game, "--agent", "mcts:50", "--agent", "random",
                                 "--games", "2"])
    assert result.exit_code == 2
    message = result.stderr.strip()
    assert message.count("\n") == 0 and "determinize" in message and "'mcts:50'" in message
    assert "Traceback" not in result.output


@pytest.mark.parametrize("args", [
    ["--agent", "mcts:0"],
    ["--agent", "mcts:lots"],
    ["--agent", "mcts:20:psychic"],
    ["--ladder", "random"],
    ["--ladder", "random,,greedy"],
    ["--ladder", "random,psychic"],
    ["--ladder", "random,greedy", "--agent", "random"],
])
def test_agent_and_ladder_misuse_exits_2(args):
    result = runner.invoke(app, ["play", "warbadge", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("pnp: ") and result.stderr.count("\n") == 1


def test_ladder_refuses_logs_and_writes_nothing(tmp_path):
    result = runner.invoke(app, ["play", "warbadge", "--ladder", "random,greedy",
                                 "--log", str(tmp_path / "game.md")])
    assert result.exit_code == 2 and "--agent LOWER --agent UPPER" in result.stderr
    assert not list(tmp_path.iterdir())


def test_ladder_json_for_warbadge():
    """Each rung against the one below, seats rotated on paired seeds: 60 games are 30
    seeds from each seat; greedy is clearly stronger than random."""
    code, doc = play("warbadge", "--ladder", "random,greedy", "--games", 60, "--seed", 4,
                     "--json")
    assert code == 0, doc
    assert doc["game"] == "warbadge" and doc["ladder"] == ["random", "greedy"]
    assert doc["decks"] == ["Sun", "Moon"] and doc["seeds_per_step"] == 30
    (step,) = doc["steps"]
    assert (step["lower"], step["upper"], step["games"]) == ("random", "greedy", 60)
    assert step["wins"]["upper"] + step["wins"]["lower"] + step["draws"] == 60
    rate = step["upper_win_rate"]
    assert rate["low"] <= rate["rate"] <= rate["high"] and step["fair_share"] == 0.5
    assert rate["rate"] == round(step["wins"]["upper"] / 60, 4) and rate["low"] > 0.5
    assert step["first_player"]["who"] == "seat 1"
    assert step["length"]["unit"] == "battles" and step["length"]["mean"] > 0
    assert step["violations"] == [] and step["unfinished"] == {"count": 0, "games": []}


def test_ladder_pairs_seeds_across_seats():
    """Seat rotation on the same seeds: the ladder's games are exactly those of
    `play --agent` with the stronger agent in each seat."""
    _, doc = play("warbadge", "--ladder", "random,greedy", "--games", 20, "--json")
    _, seat1 = play("warbadge", "--agent", "greedy", "--agent", "random", "--games", 10,
                    "--seats", "fixed", "--json")
    _, seat2 = play("warbadge", "--agent", "random", "--agent", "greedy", "--games", 10,
                    "--seats", "fixed", "--json")
    (step,) = doc["steps"]
    assert step["wins"]["upper"] == seat1["results"]["wins"][0] + seat2["results"]["wins"][1]
    assert step["draws"] == seat1["results"]["draws"] + seat2["results"]["draws"]


def test_ladder_is_the_same_for_any_jobs():
    _, one = play("warbadge", "--ladder", "random,greedy,random", "--games", 16, "--json")
    _, two = play("warbadge", "--ladder", "random,greedy,random", "--games", 16, "--json",
                  "--jobs", 2)
    assert without_speed(one) == without_speed(two)
    assert [(s["lower"], s["upper"]) for s in one["steps"]] == [("random", "greedy"),
                                                               ("greedy", "random")]


def test_ladder_for_battlegate_four_players_and_the_table():
    """Four seats: the stronger agent takes each seat in turn against three weaker ones;
    its fair share is a quarter, and the first player is the one the cut chose."""
    code, doc = play("battlegate", "--players", 4, "--ladder", "random,greedy", "--games",
                     8, "--json")
    assert code == 0, doc
    (step,) = doc["steps"]
    assert step["games"] == 8 and doc["seeds_per_step"] == 2 and step["fair_share"] == 0.25
    assert step["first_player"]["who"] == "went first"
    result = runner.invoke(app, ["play", "battlegate", "--ladder", "random,greedy",
                                 "--games", 6])
    assert result.exit_code == 0, result.output
    assert "greedy v random" in result.stdout and "skill ladder" in result.stdout


# ---------------------------------------------------------------- seats (issue 22 item 5)
def test_seats_alternate_by_default_and_decks_keep_their_columns():
    """Each deal is played with Sun first and with Moon first; `results.wins` follows
    each deck over both seats: the sum of the two fixed-seat runs on the same deals."""
    code, doc = play("warbadge", "--games", 10, "--seed", 2, "--json",
                     "--agent", "greedy", "--agent", "random")
    assert code == 0, doc
    assert doc["seating"] == {"mode": "alternate", "orders": ["1,2", "2,1"], "deals": 5,
                              "games_per_deal": 2}
    _, sun_first = play("warbadge", "--games", 5, "--seed", 2, "--json", "--seats", "1,2",
                        "--agent", "greedy", "--agent", "random")
    _, moon_first = play("warbadge", "--games", 5, "--seed", 2, "--json", "--seats", "2,1",
                         "--agent", "greedy", "--agent", "random")
    assert sun_first["decks"] == moon_first["decks"] == doc["decks"] == ["Sun", "Moon"]
    for k in range(2):
        assert doc["results"]["wins"][k] == (sun_first["results"]["wins"][k]
                                             + moon_first["results"]["wins"][k])
    assert [row["deck"] for row in doc["deck_win_rate"]] == ["Sun", "Moon"]
    assert [row["agent"] for row in doc["deck_win_rate"]] == ["greedy", "random"]
    seat1 = sun_first["seat_win_rate"][0]["wins"] + moon_first["seat_win_rate"][0]["wins"]
    assert doc["seat_win_rate"][0]["wins"] == seat1
    assert doc["first_player"]["who"] == "seat 1"  # WarBadge: simultaneous choices


def test_same_seed_same_output_byte_for_byte_for_any_jobs():
    import re

    def plain(*args):
        out = runner.invoke(app, ["play", "warbadge", "--games", "12", "--seed", "9",
                                  "--json", *args]).stdout
        return re.sub(r'"games_per_second": [0-9.]+', "", out)

    assert plain() == plain() == plain("--jobs", "2")


def test_an_unfinished_game_replays_alone_with_the_printed_options(tmp_path):
    from tests.helpers import make_csv

    a = make_csv(tmp_path / "wall_a.csv", [["Name", "Class", "Power", "Qty"], ["A", "Minion", 5, 20]])
    b = make_csv(tmp_path / "wall_b.csv", [["Name", "Class", "Power", "Qty"], ["B", "Minion", 4, 25]])
    _, doc = play("battlegate", "--deck", a, "--deck", b, "--games", 4, "--json")
    listed = doc["unfinished_games"][3]
    code, alone = play("battlegate", "--deck", a, "--deck", b, "--json",
                       *listed["replay"].split())
    assert code == 1 and alone["games"] == 1
    assert [(g["seed"], g["seats"], g["reason"]) for g in alone["unfinished_games"]] == [
        (listed["seed"], listed["seats"], listed["reason"])]
    result = runner.invoke(app, ["play", "battlegate", "--deck", str(a), "--deck", str(b),
                                 "--games", "2"])
    assert "replay alone: add --seed 1 --games 1 --seats 2,1" in result.stdout


@pytest.mark.parametrize("args", [
    ["--seats", "1,1"],
    ["--seats", "3,1,2"],
    ["--seats", "sideways"],
    ["--ladder", "random,greedy", "--seats", "fixed"],
])
def test_seats_misuse_exits_2(args):
    result = runner.invoke(app, ["play", "warbadge", "--games", "2", *args])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("pnp: ") and result.stderr.count("\n") == 1


def test_the_report_answers_whether_going_first_is_an_advantage():
    result = runner.invoke(app, ["play", "battlegate", "--games", "20", "--agent", "random"])
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "10 deals × 2 seat orders" in text and "Going first:" in text
    assert "The player who went first won" in text and "clustered by deal" in text
    assert "By seat" in text


def test_the_ladder_prints_each_step_before_the_table():
    result = runner.invoke(app, ["play", "warbadge", "--ladder", "greedy,random",
                                 "--games", "10"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    line = out.index("random v greedy: ")
    assert line < out.index("skill ladder")
    assert "INVERTED, random lost to greedy" in out
