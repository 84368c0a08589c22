"""The Battle of Banners' sweep hook: the item deck as given, each kind left out, each kind
doubled, on one board; every set-up a legal workbook by the game's own validator, seeded
samples, card lists rebuilt exactly and unknown items dropped; `pnp sweep banners` end to
end, 1v1 and 2v2.

Rulebook: "There are 16 types of cards in total, and 54 cards in all"; "Land on a keep
space to receive 1 item card"; Set-up: "Shuffle the item cards before every play" (one
deck both sides draw from, so a set-up is the board, the pieces and that deck).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from random import Random

import pytest
from typer.testing import CliRunner

from tests.helpers import errors_of, make_xlsx
from toolkit.balance.pool import SweepRequest, composition_key
from toolkit.cli.main import app
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.games.banners import GAME
from toolkit.games.banners.book import EFFECT_LIST
from toolkit.games.banners.deck import DEFAULT_FILE
from toolkit.games.banners.engine.samples import BOARD, PIECES, SKIRMISH
from toolkit.games.banners.sweep import sweep_decks

runner = CliRunner()
BOOK = {e.name: e.count for e in EFFECT_LIST}


def workbook(path: Path, items: list[tuple[str, str, int, str]], boards=None) -> Path:
    """A Banners workbook: Items (Name, Color, Qty, Effect), boards, the bundled pieces."""
    sheets = {"Items": [["Name", "Color", "Qty", "Effect"], *map(list, items)]}
    for name, rows in (boards or {"Board": BOARD}).items():
        sheets[name] = [list(r) for r in rows]
    sheets["Pieces"] = [["Side", "Color", "Count"], *map(list, PIECES)]
    return make_xlsx(path, sheets)


def book_items() -> list[tuple[str, str, int, str]]:
    return [(e.name, e.color, e.count, e.name) for e in EFFECT_LIST]


def test_every_setup_of_the_book_deck():
    """33 set-ups: the book's deck, and for each of the 16 kinds the deck without it and
    with its copies doubled."""
    pool = sweep_decks(SweepRequest(None, None, Random(1), None))
    assert pool.total == len(pool.decks) == 33 and pool.valid
    names = [d.name for d in pool.decks]
    assert names[:3] == ["as given", "without Extra Strength", "Extra Strength doubled"]
    assert len(set(names)) == 33 and len(set(pool.cards)) == 33
    counts = {d.name: Counter(c) for d, c in zip(pool.decks, pool.cards, strict=True)}
    assert counts["as given"] == Counter(BOOK) and sum(counts["as given"].values()) == 54
    assert counts["without Horse"] == Counter({**BOOK, "Horse": 0}) - Counter()
    assert counts["Horse doubled"]["Horse"] == 12 and sum(counts["Horse doubled"].values()) == 60
    assert counts["The Reaper doubled"]["The Reaper"] == 2
    for deck, cards in zip(pool.decks, pool.cards, strict=True):
        assert composition_key([i.name for i, n in deck.items.items for _ in range(n)]) == cards
        assert deck.board.rows == pool.decks[0].board.rows and deck.valid
    assert pool.prices == {} and pool.format is None
    assert pool.method.startswith("Every one of the 33 item decks made from "
                                  "toolkit/games/banners/content/banners.xlsx › Board's 54 cards of 16 kinds")


def test_every_setup_is_a_legal_workbook_by_the_validator(tmp_path):
    """Each set-up's Items written as a workbook and run through `pnp validate`'s own
    checks: no error (departures from the book's counts are only warnings)."""
    pool = sweep_decks(SweepRequest(None, None, Random(1), None))
    for k, deck in enumerate(pool.decks):
        items = [(i.name, i.color, n, i.effect) for i, n in deck.items.items]
        path = workbook(tmp_path / f"s{k}.xlsx", items)
        result = GAME.validate(ValidateRequest(path))
        assert result.valid, (deck.name, errors_of(result))
        warned = {p.rule for d in result.decks for p in d.report.problems}
        assert ("banners.items.effect-count" in warned) == (deck.name != "as given")


def test_samples_are_seeded_distinct_and_in_order():
    one = sweep_decks(SweepRequest(None, None, Random(3), 5))
    again = sweep_decks(SweepRequest(None, None, Random(3), 5))
    other = sweep_decks(SweepRequest(None, None, Random(4), 5))
    assert one.cards == again.cards and one.cards != other.cards
    assert len(one.decks) == len(set(one.cards)) == 5 and one.total == 33
    every = [d.name for d in sweep_decks(SweepRequest(None, None, Random(1), None)).decks]
    positions = [every.index(d.name) for d in one.decks]
    assert positions == sorted(positions)  # listed in the order of the set-ups
    assert "5 of the 33 item decks" in one.method and "drawn uniformly" in one.method
    assert len(sweep_decks(SweepRequest(None, None, Random(3), 40)).decks) == 33


def test_rebuilds_card_lists_exactly_and_drops_unknown_items(tmp_path):
    pool = sweep_decks(SweepRequest(None, None, Random(5), 6))
    stranger = composition_key([*pool.cards[0], "Dragon Egg"])
    rebuilt = sweep_decks(SweepRequest(None, None, Random(9), None,
                                       (*pool.cards, stranger)))
    assert rebuilt.cards == pool.cards and rebuilt.dropped == [stranger]
    assert [d.name for d in rebuilt.decks] == [d.name for d in pool.decks]
    assert [d.items.items for d in rebuilt.decks] == [d.items.items for d in pool.decks]
    # under a workbook that renamed Horse, every list holding a Horse is dropped
    renamed = [("Stallion" if n == "Horse" else n, c, q, e) for n, c, q, e in book_items()]
    new = sweep_decks(SweepRequest(workbook(tmp_path / "new.xlsx", renamed), None,
                                   Random(9), None, tuple(pool.cards)))
    assert new.dropped == [c for c in pool.cards if "Horse" in c]
    assert new.cards == [c for c in pool.cards if "Horse" not in c]
    assert "name items" in new.method


def test_the_board_is_the_first_or_the_named_one(tmp_path):
    bad = [list(r) for r in SKIRMISH]
    bad[0][2] = "X"  # not a space: an error on this board only
    path = workbook(tmp_path / "two.xlsx", book_items(),
                    {"Twin": BOARD, "Small": SKIRMISH, "Broken": bad})
    first = sweep_decks(SweepRequest(path, None, Random(1), 3))
    assert first.valid and first.decks[0].board.rows == tuple(tuple(r) for r in BOARD)
    assert "› Twin" in first.method
    small = sweep_decks(SweepRequest(Path(f"{path}#Small"), None, Random(1), 3))
    assert small.decks[0].board.rows == tuple(tuple(r) for r in SKIRMISH)
    broken = sweep_decks(SweepRequest(Path(f"{path}#Broken"), None, Random(1), 3))
    assert not broken.valid and broken.decks == []
    assert "banners.board.space" in errors_of(broken.report)


def test_a_board_handed_over_as_shared_gets_its_setups(tmp_path):
    """A balance command that loaded the workbook itself may pass its board as
    `request.shared` (the main branch's pooled-game tournaments): the set-ups are made on
    that board, every one of them."""
    path = workbook(tmp_path / "small.xlsx", book_items(), {"Small": SKIRMISH})
    _, [board] = GAME.load_decks(ValidateRequest(path))
    request = SweepRequest(catalog=None, format=None, rng=Random(1), shared=board)
    pool = sweep_decks(request)
    assert len(pool.decks) == 33 and pool.decks[0].board is board.board
    assert "small.xlsx › Small" in pool.method


def test_invalid_workbook_and_format(tmp_path):
    items = [*book_items(), ("Odd", "Orange", 1, "Horse")]
    pool = sweep_decks(SweepRequest(workbook(tmp_path / "bad.xlsx", items), None,
                                    Random(1), 4))
    assert not pool.valid and "banners.item.color" in errors_of(pool.report)
    with pytest.raises(InputError, match="no formats"):
        sweep_decks(SweepRequest(DEFAULT_FILE, "standard", Random(1), 4))


@pytest.mark.parametrize("players", [2, 4])
def test_pnp_sweep_banners_end_to_end(tmp_path, players):
    """One table per set-up, both sides on one board (2v2: four seats, two sides); each
    set-up scored by side 1's win rate; the engine's item statistics in the report."""
    result = runner.invoke(app, ["sweep", "banners", "--sample", "4", "--games", "4",
                                 "--players", str(players), "--json",
                                 "-o", str(tmp_path / "out"),
                                 "--results", str(tmp_path / "r.sqlite")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["shared"] and doc["players"] == players and doc["score"] == "Side 1's win rate"
    assert doc["decks_count"] == doc["tables"] == 4 and doc["games"] == 16
    assert doc["seat_orders"] == 1 and doc["pool"]["total"] == 33
    assert all(d["games"] == 4 for d in doc["decks"])
    m = doc["metrics"]
    assert m["columns"] == ["Side 1", "Side 2"] and len(m["seat_win_rates"]) == 2
    assert m["decisiveness"] is None and m["first_player"]["expected"] == 0.5
    finished = doc["results"]["finished"]
    assert sum(d["win_rate"] * d["games"] for d in doc["decks"]) == pytest.approx(
        m["seat_win_rates"][0] * finished)
    assert {c["name"] for c in doc["cards"]} <= set(BOOK)
    assert all(c["pick_rate_top"] is None for c in doc["cards"])
    assert set(doc["game_stats"]["items"]) <= set(BOOK) and doc["cost_curve"] is None
    assert not (tmp_path / "out" / "png" / "heatmap.png").exists()
    assert (tmp_path / "out" / "png" / "importance.png").stat().st_size > 0
