"""The games' deck generation hooks: legal decks, all of them or K uniformly, seeded."""

from __future__ import annotations

from collections import Counter
from itertools import combinations_with_replacement
from random import Random

import pytest

from tests.helpers import make_xlsx
from toolkit.balance.pool import SweepRequest
from toolkit.core.errors import InputError
from toolkit.games.battlegate.sweep import SIZES
from toolkit.games.battlegate.sweep import sweep_decks as battlegate_sweep
from toolkit.games.warbadge.sweep import legal
from toolkit.games.warbadge.sweep import sweep_decks as warbadge_sweep

from .helpers import BADGES


def _brute_force(catalog, fmt) -> set[tuple[str, ...]]:
    """Every team by listing every multiset of each rank (the slow, obvious way)."""
    by_rank = {r: [b for b in catalog.badges.values() if b.rank == r]
               for r in ("Gold", "Silver", "Bronze")}
    teams = set()
    for g in combinations_with_replacement(by_rank["Gold"], fmt.gold):
        for s in combinations_with_replacement(by_rank["Silver"], fmt.silver):
            for b in combinations_with_replacement(by_rank["Bronze"], fmt.bronze):
                team = g + s + b
                if sum(x.value for x in team) == fmt.total_value:
                    teams.add(tuple(sorted(x.name for x in team)))
    return teams


def test_warbadge_lists_every_team_the_format_allows():
    """Setup: "1 Gold, 2 Silver and 3 Bronze, with a total value of exactly 10"; quick:
    "1 Gold, 1 Silver and 2 Bronze, with a total value of 7". Copies are allowed."""
    pool = warbadge_sweep(SweepRequest(BADGES, "quick", Random(1), None))
    catalog = pool.decks[0].catalog
    expected = _brute_force(catalog, catalog.format("quick"))
    assert pool.total == len(pool.decks) == len(expected) == 1684
    assert {tuple(sorted(c)) for c in pool.cards} == expected
    assert all(legal(d.badges, d.format) for d in pool.decks)
    standard = warbadge_sweep(SweepRequest(BADGES, None, Random(1), 3))
    assert standard.total == len(_brute_force(catalog, catalog.format("standard")))
    assert standard.format == "standard" and standard.price_label == "value"
    assert standard.prices["Night Leviathan"] == 3.0


def test_warbadge_samples_are_seeded_distinct_and_uniform():
    one = warbadge_sweep(SweepRequest(BADGES, "quick", Random(7), 40))
    again = warbadge_sweep(SweepRequest(BADGES, "quick", Random(7), 40))
    other = warbadge_sweep(SweepRequest(BADGES, "quick", Random(8), 40))
    assert one.cards == again.cards and one.cards != other.cards
    assert len(set(one.cards)) == 40 and "40 of the 1,684" in one.method
    # uniform over teams: the Gold badge of a drawn team follows the teams' own shares
    everything = warbadge_sweep(SweepRequest(BADGES, "quick", Random(1), None))
    golds = {b.name for b in everything.decks[0].catalog.badges.values() if b.rank == "Gold"}
    share = Counter(next(c for c in cards if c in golds) for cards in everything.cards)
    drawn = Counter()
    for seed in range(60):
        pool = warbadge_sweep(SweepRequest(BADGES, "quick", Random(seed), 50))
        drawn.update(next(c for c in cards if c in golds) for cards in pool.cards)
    for gold, n in share.items():
        assert drawn[gold] / 3000 == pytest.approx(n / 1684, abs=0.035)


def test_warbadge_rebuilds_compositions_and_drops_illegal_ones():
    pool = warbadge_sweep(SweepRequest(BADGES, "quick", Random(1), 5))
    wanted = tuple(pool.cards) + (("Night Leviathan", "Storm Herald", "Gutter Rat",
                                   "Gutter Rat"),)
    rebuilt = warbadge_sweep(SweepRequest(BADGES, "quick", Random(99), None, wanted))
    assert rebuilt.cards == list(pool.cards)
    assert rebuilt.dropped == [wanted[-1]]


def test_warbadge_catalog_with_errors_comes_back_as_a_report(tmp_path):
    bad = make_xlsx(tmp_path / "bad.xlsx", {"Badges": [
        ["Name", "Rank", "Value", "Types"], ["Odd", "Gold", 9, "Magic"]]})
    pool = warbadge_sweep(SweepRequest(bad, None, Random(1), 5))
    assert not pool.valid and pool.decks == []
    assert "warbadge.badge.value" in [p.rule for d in pool.report.decks
                                      for p in d.report.problems]
    with pytest.raises(InputError, match="format 'huge' is not known"):
        warbadge_sweep(SweepRequest(BADGES, "huge", Random(1), 5))


def test_battlegate_decks_follow_the_construction_rules():
    """ "each deck is 100 points", "Decks can be anywhere from 17-100 cards"; every deck can
    attack ("Minion: May defend but not attack") and defend."""
    pool = battlegate_sweep(SweepRequest(None, None, Random(3), 25))
    assert len(pool.decks) == 25 and len(set(pool.cards)) == 25
    for deck in pool.decks:
        assert sum(c.power for c in deck.cards) == 100
        assert SIZES[0] <= len(deck.cards) <= SIZES[1]
        assert any(c.can_attack for c in deck.cards) and any(c.can_defend for c in deck.cards)
    again = battlegate_sweep(SweepRequest(None, None, Random(3), 25))
    assert again.cards == pool.cards and pool.price_label == "power"
    assert {pool.prices[c.name] for d in pool.decks for c in d.cards} <= {1.0, 2.0, 3.0, 4.0,
                                                                        5.0, 6.0}


def test_battlegate_cannot_list_every_deck_and_says_so():
    with pytest.raises(InputError, match="give --sample K"):
        battlegate_sweep(SweepRequest(None, None, Random(1), None))


def test_battlegate_card_list_that_cannot_make_a_legal_deck(tmp_path):
    heavy = make_xlsx(tmp_path / "heavy.xlsx", {"Big": [
        ["Name", "Class", "Power", "Qty"], ["Titan", "Soldier", 6, 10],
        ["Wall", "Minion", 6, 5]]})
    with pytest.raises(InputError, match="cannot make 2 different legal decks"):
        battlegate_sweep(SweepRequest(heavy, None, Random(1), 2))
