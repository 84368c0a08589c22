"""Shared set-ups in the balance commands: a pooled game whose results go to sides (Banners)
plays one set-up (the file every seat shares) per table, from its one seat order, its result
columns the engine's own (the sides in 1v1 and 2v2), scored by the first column; paired
comparisons count each game once."""

from __future__ import annotations

import dataclasses
import json
import math

import pytest
from typer.testing import CliRunner

from tests.helpers import make_xlsx
from toolkit.balance import analysis
from toolkit.balance.command import _card_lines, _ranking_lines, entries_from_decks
from toolkit.balance.compare import changes, sentences
from toolkit.balance.measures import Z95
from toolkit.balance.run import Options, plan_for, run_plan, shares_setups
from toolkit.balance.store import ResultStore
from toolkit.cli.main import app
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest, get_game
from toolkit.games.banners.engine.samples import BOARD, SKIRMISH

runner = CliRunner()


def boards(tmp_path, **more):
    """Banners set-ups: the bundled board and the small one, as entries."""
    path = make_xlsx(tmp_path / "boards.xlsx", {"Twin": [list(r) for r in BOARD],
                                                "Small": [list(r) for r in SKIRMISH]})
    game = get_game("banners")
    _, decks = game.load_decks(ValidateRequest(path))
    return game, entries_from_decks(decks)


@pytest.mark.parametrize("players", [2, 4])
def test_a_shared_setup_plan_seats_each_setup_alone_once(tmp_path, players):
    game, entries = boards(tmp_path)
    rules = game.playing.rules()
    opts = Options(games=6, players=players, batch_size=4, results=tmp_path / "r.sqlite")
    plan = plan_for(game, entries, opts, rules)
    assert plan.shared and plan.tables == [(0,), (1,)] and plan.per_order == 6
    assert plan.columns == ("Side 1", "Side 2") and plan.share == 2
    assert [(b.table, b.seats, b.first_seed, b.count) for b in plan.batches] == [
        (0, (0,) * players, 1, 4), (0, (0,) * players, 5, 2),
        (1, (1,) * players, 1, 4), (1, (1,) * players, 5, 2)]
    assert plan.games == 12 and plan.batches[0].params.players == players
    tally, _ = run_plan(game, plan, opts, rules)
    with ResultStore(opts.results) as store:
        results = store.find(b.key for b in plan.batches)
    for deck in (0, 1):
        letters = "".join(results[b.key].outcomes for b in plan.batches if b.table == deck)
        side1 = letters.count("0") * 2 + letters.count("d")  # a draw is half a win
        finished = len(letters) - letters.count("u")
        assert tally.deck_units[deck] == side1 and tally.deck_games[deck] == finished
        assert tally.score(deck) == side1 / (2 * finished)
    st = tally.stats
    assert sum(st.wins) + st.draws + st.unfinished == 12 and st.wins[2:] in ([], [0, 0])
    rows, ranking = analysis.deck_rows(tally, 50, 1)
    assert ranking["method"] == "win-rate" and ranking["scale"] == "Side 1's win rate"
    assert "rating" not in rows[0]
    m = analysis.metrics(tally, rules)
    assert m["decisiveness"] is None and m["first_player"]["expected"] == 0.5
    assert len(m["seat_win_rates"]) == 2 and sum(m["seat_win_rates"]) == pytest.approx(1)
    assert not tally.pair_games  # a set-up meets no other


def test_card_importance_of_shared_setups_contrasts_holders_with_the_rest(tmp_path):
    """Side 1's mean win rate over the set-ups holding a card minus over those without."""
    game, entries = boards(tmp_path)
    twin = entries[0]
    without = dataclasses.replace(twin, name="without Famine",
                                  cards=tuple(c for c in twin.cards if c != "Famine"))
    rules = game.playing.rules()
    opts = Options(games=8, results=tmp_path / "r.sqlite")
    plan = plan_for(game, [twin, without, entries[1]], opts, rules)
    tally, _ = run_plan(game, plan, opts, rules)
    rows = {r["name"]: r for r in analysis.card_rows(tally, {}, 0, 1)}
    s = [tally.score(i) for i in range(3)]
    famine = rows["Famine"]
    assert famine["importance"] == pytest.approx((s[0] + s[2]) / 2 - s[1], abs=1e-4)
    g = tally.deck_games
    binomial = Z95 * math.sqrt((s[0] * (1 - s[0]) / g[0] + s[2] * (1 - s[2]) / g[2]) / 4
                               + s[1] * (1 - s[1]) / g[1])  # the games as independent
    # two set-ups hold it: the spread between them is known on one degree of freedom,
    # and every set-up plays the same 8 deals; the interval is far wider than the games'
    assert famine["importance_low"] <= famine["importance"] <= famine["importance_high"]
    assert famine["importance_high"] - famine["importance_low"] > 2 * binomial
    assert 0 <= famine["importance_p"] <= 1
    assert rows["Horse"]["importance"] is None  # every set-up holds it: nothing to contrast
    assert rows["Horse"]["importance_p"] is None
    assert rows["Famine"]["pick_rate_top"] is None and rows["Famine"]["decks"] == 2


def test_paired_changes_count_each_shared_game_once(tmp_path):
    game, entries = boards(tmp_path)
    rules = game.playing.rules()
    opts = Options(games=10, results=tmp_path / "r.sqlite")
    plan = plan_for(game, entries, opts, rules)
    run_plan(game, plan, opts, rules)
    with ResultStore(opts.results) as store:
        results = store.find(b.key for b in plan.batches)
    found = changes(plan, results, plan, results)
    assert [r["games"] for r in found["decks"]] == [10, 10]  # once per game, not per seat
    assert all(r["change"] == 0 for r in found["decks"])
    row = dict(found["decks"][0], significant=True, change=0.1, low=0.05, high=0.15)
    assert sentences({"decks": [row], "cards": []}, "Side 1")[0].startswith(
        "On Twin, Side 1 wins 10.0 points more")


def test_a_team_game_with_a_deck_per_seat_is_refused(tmp_path):
    """Only a pooled team game is scored by sides: a side's win cannot be one seat's deck's."""
    game, entries = boards(tmp_path)
    unpooled = dataclasses.replace(game, playing=dataclasses.replace(game.playing,
                                                                      pooled=False))
    with pytest.raises(InputError, match="team game"):
        plan_for(unpooled, entries, Options(games=2), game.playing.rules())


def test_a_pooled_game_scored_by_seat_shares_no_setup():
    """Valiant Wars is pooled too, but its results go to seats: its seats may bring decks of
    their own, so it is not played as shared set-ups; Banners' go to sides."""
    for game_id, shared in (("valiantwars", False), ("banners", True)):
        game = get_game(game_id)
        _, decks = game.load_decks(ValidateRequest(game.content
                                                   / game.playing.default_decks[0]))
        entries = entries_from_decks(decks)
        assert shares_setups(game, game.playing.rules(), entries, 4, None) is shared


def test_pnp_tournament_and_compare_on_boards(tmp_path):
    """A tournament of boards: each board its own table, side 1's win rate per board;
    compare matched by board name plays the same seeds."""
    path = make_xlsx(tmp_path / "boards.xlsx", {"Twin": [list(r) for r in BOARD],
                                                "Small": [list(r) for r in SKIRMISH]})
    args = ["--games", "6", "--json", "--results", str(tmp_path / "r.sqlite")]
    result = runner.invoke(app, ["tournament", "banners", "--deck", str(path), *args,
                                 "-o", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert {d["name"] for d in doc["decks"]} == {"Twin", "Small"} and doc["tables"] == 2
    assert doc["games"] == 12 and doc["shared"] and doc["score"] == "Side 1's win rate"
    assert not (tmp_path / "t" / "png" / "heatmap.png").exists()  # no set-up meets another
    one = runner.invoke(app, ["tournament", "banners", *args, "-o", str(tmp_path / "o")])
    assert one.exit_code == 0 and json.loads(one.stdout)["decks_count"] == 1
    result = runner.invoke(app, ["compare", "banners", str(path), str(path), "--mode",
                                 "decks", *args, "-o", str(tmp_path / "c")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert {c["name"] for c in doc["changes"]["decks"]} == {"Twin", "Small"}
    assert doc["run"]["played"] == 0  # the same games as the tournament: all reused


def test_shared_headlines_count_only_what_survives_holms_correction():
    """One set-up in twenty misses even at 95% by chance: a lean or a tilt is told only when
    significant after Holm's correction over the set-ups (the cards)."""
    def deck(name, rate, games):
        return {"name": name, "rank": 1, "games": games, "win_rate": rate, "low": rate - 0.1,
                "high": rate + 0.1}

    def card(name, imp, half, p):
        return {"name": name, "importance": imp, "importance_low": imp - half,
                "importance_high": imp + half, "importance_p": p}

    doc = {"shared": True, "score": "Side 1's win rate", "results": {"unfinished": {"count": 0}},
           "metrics": {"columns": ["Side 1", "Side 2"],
                       "first_player": {"games": 0, "low": 0, "high": 1, "expected": 0.5}}}
    # 0.58 of 200 games is z = 2.26 (p = 0.024): alone it leans, among 20 set-ups it does not
    alone = _ranking_lines({**doc, "decks": [deck("A", 0.58, 200)]})
    assert alone[0].startswith("A is not even: Side 1's win rate is 58.0%")
    many = _ranking_lines({**doc, "decks": [deck("A", 0.58, 200)]
                           + [deck(f"B{i}", 0.5, 200) for i in range(19)]})
    assert many[0].startswith("No set-up leans to one side at 5% after Holm's correction "
                              "over the 20 set-ups")
    # a tilt of 0.3 ± 0.1 survives; 0.09 ± 0.08 (p = 0.027) does not among 16 cards
    cards = [card("Big", 0.3, 0.1, 1e-8), card("Edge", 0.09, 0.08, 0.027)] + [
        card(f"C{i}", 0.0, 0.1, 1.0) for i in range(14)]
    lines = _card_lines({**doc, "cards": cards})
    assert len(lines) == 1 and lines[0].startswith(
        "Big tilts the game: Side 1's win rate is +30.0 points (+20.0 to +40.0)")
    calm = _card_lines({**doc, "cards": cards[1:]})
    assert calm == ["No card tilts the game at 5% after Holm's correction over the 15 cards "
                    "(the largest: Edge, +9.0 points, +1.0 to +17.0)."]
