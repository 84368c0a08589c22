"""Valiant Wars' balance decks (`sweep.py`): starts of Champions held from the first
shuffle, the `PlaySpec.sweep` hook's contract (toolkit/balance/pool.py), and the engine
dealing them (rulebook "Starting Deck": "Five (5) Gold cards, Three (3) Dark Omen cards,
Two (2) Soldier cards", with the start's Champions beside them)."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb
from random import Random

import pytest

from tests.helpers import ROOT, make_xlsx
from toolkit.balance.pool import SweepRequest, composition_key
from toolkit.core.errors import InputError
from toolkit.core.registry import get_game
from toolkit.games.valiantwars.deck import read_pool
from toolkit.games.valiantwars.engine import ValiantWarsRules
from toolkit.games.valiantwars.engine.state import VWParams
from toolkit.games.valiantwars.playing import params
from toolkit.games.valiantwars.sweep import BASELINE, HAND, Start, champions_of, sweep_decks
from toolkit.games.valiantwars.template import POOL_SHEET_COLUMNS, pool_rows
from toolkit.sim.harness import play_game

POOL = ROOT / "toolkit/games/valiantwars/content" / "pool.xlsx"
HEADER = [c.header for c in POOL_SHEET_COLUMNS]
BUNDLED_CHAMPIONS = 27
"""Distinct Champion names of the bundled pool (its 63 Champion cards)."""


def request(sample=None, seed=1, catalog=None, compositions=None, fmt=None, shared=None):
    return SweepRequest(catalog, fmt, Random(seed), sample, compositions, shared)


def write_pool(tmp_path, change=None, champions=None, name="pool.xlsx"):
    """The bundled pool's rows as a workbook; ``champions`` keeps only those Champion rows
    (a custom pool), ``change(rows)`` edits rows in place."""
    rows = [list(r) for r in pool_rows()]
    if champions is not None:
        rows = [r for r in rows if r[1] != "Champion" or r[0] in champions]
    if change:
        change(rows)
    return make_xlsx(tmp_path / name, {"Cards": [HEADER, *rows]})


def test_the_hook_is_the_games_sweep():
    assert get_game("valiantwars").playing.sweep is sweep_decks


def test_starts_are_seeded_sized_distinct_and_every_champion_as_often():
    pool = sweep_decks(request(12, seed=7))
    again = sweep_decks(request(12, seed=7))
    other = sweep_decks(request(12, seed=8))
    assert pool.cards == again.cards and pool.cards != other.cards
    assert [d.name for d in pool.decks] == [d.name for d in again.decks]
    assert len(pool.decks) == len(pool.cards) == 12 and len(set(pool.cards)) == 12
    assert pool.total == comb(BUNDLED_CHAMPIONS, HAND) == 2925
    champions = {c.name for c in champions_of(read_pool())}
    for start, names in zip(pool.decks, pool.cards, strict=True):
        assert isinstance(start, Start) and len(set(names)) == HAND
        assert set(names) <= champions and names == composition_key(names)
        assert tuple(c.name for c in start.cards) == names
        assert start.name.startswith("S") and " + ".join(names) in start.name
    # 12 starts of 3 hold 36 Champions: each of the 27 once or twice, none left out
    held = Counter(name for names in pool.cards for name in names)
    assert set(held) == champions and set(held.values()) <= {1, 2}
    assert pool.price_label == "cost" and pool.prices["Sworn Hero"] == 6.0
    assert pool.prices["Star Oracle"] == 2.0 and set(pool.prices) == champions
    assert "12 of the 2,925 starts" in pool.method and pool.format == "standard"


def test_sample_all_lists_every_set_in_order(tmp_path):
    path = write_pool(tmp_path, champions={"Iron Fighter", "Star Oracle", "Road Brigand",
                                           "Hearth Saint", "Sworn Hero"})
    pool = sweep_decks(request(None, catalog=path, fmt="custom"))
    names = [c.name for c in champions_of(read_pool(path))]
    assert pool.total == len(pool.decks) == 10 and "Every one of the 10" in pool.method
    assert pool.cards == [composition_key([names[i] for i in s])
                          for s in combinations(range(5), 3)]
    assert pool.format == "custom"
    assert sweep_decks(request(50, catalog=path, fmt="custom")).cards == pool.cards


def test_compositions_are_rebuilt_exactly_and_illegal_ones_dropped(tmp_path):
    pool = sweep_decks(request(6))
    wanted = (*pool.cards, ("Oath Paladin", "Gold Crown", "Star Oracle"),
              ("Oath Paladin", "Nobody", "Star Oracle"),
              ("Oath Paladin", "oath paladin", "Star Oracle"))
    rebuilt = sweep_decks(request(compositions=wanted, seed=99))
    assert rebuilt.cards == pool.cards
    assert [d.name for d in rebuilt.decks] == [d.name for d in pool.decks]
    assert rebuilt.dropped == list(wanted[6:])  # a Gold, an unknown name, a Champion twice
    assert "3 of them name a card that is not a Champion" in rebuilt.method

    # under another pool the same lists hold that pool's cards
    def stronger(rows):
        for r in rows:
            if r[0] == "Oath Paladin":
                r[4] = 6
            if r[0] == "Road Brigand":
                r[0] = "Road Bandit"
    new = write_pool(tmp_path, stronger)
    listed = (("Hall Retainer", "Oath Paladin", "Star Oracle"),
              ("Road Brigand", "Star Oracle", "Sworn Hero"))
    there = sweep_decks(request(compositions=listed, catalog=new))
    assert there.cards == [listed[0]] and there.dropped == [listed[1]]
    paladin = next(c for c in there.decks[0].cards if c.name == "Oath Paladin")
    assert paladin.swords == 6


def test_a_pool_with_errors_comes_back_as_its_report(tmp_path):
    def broken(rows):
        rows[0][4] = 3  # a Soldier's Swords are fixed at 1
    pool = sweep_decks(request(4, catalog=write_pool(tmp_path, broken)))
    assert not pool.valid and pool.decks == []
    assert "valiantwars.card.swords" in [p.rule for d in pool.report.decks
                                         for p in d.report.problems]
    with pytest.raises(InputError, match="unknown format 'huge'"):
        sweep_decks(request(4, fmt="huge"))


def test_a_pool_with_too_few_champions_says_so(tmp_path):
    path = write_pool(tmp_path, champions={"Iron Fighter", "Star Oracle"})
    with pytest.raises(InputError, match="has 2 different Champion"):
        sweep_decks(request(4, catalog=path, fmt="custom"))


def test_the_pool_files_own_starts_for_a_tournament():
    shared = read_pool()
    pool = sweep_decks(request(shared=shared))
    names = [c.name for c in champions_of(shared)]
    assert [d.name for d in pool.decks] == [BASELINE] + [f"{BASELINE} + {n}" for n in names]
    assert pool.cards == [()] + [(n,) for n in names]
    assert all(d.pool is shared for d in pool.decks)


# ------------------------------------------------------------------ the engine

def test_params_deal_each_seat_its_champions_beside_the_pool():
    """Starting Deck: "Five (5) Gold cards, Three (3) Dark Omen cards, Two (2) Soldier
    cards"; a start adds its Champions (copies beside the pool), which never reach the
    Market: "distribute 5 Champions face-up directly beneath to make the Market"."""
    starts = sweep_decks(request(3)).decks
    vw = params(starts, None)
    assert vw.players == 3 and vw.names == tuple(s.name for s in starts)
    assert len(vw.cards) == 192 + 3 * HAND
    assert vw.starts == ((192, 193, 194), (195, 196, 197), (198, 199, 200))
    for start, ids in zip(starts, vw.starts, strict=True):
        assert tuple(vw.cards[i].name for i in ids) == tuple(c.name for c in start.cards)
    rules = ValiantWarsRules()
    state = rules.setup(vw, Random(1))
    kinds = Counter()
    for p in range(3):
        owned = state.owned[p]
        assert set(vw.starts[p]) <= set(owned) and len(owned) == 10 + HAND
        kinds.update(vw.cards[c].kind for c in owned if c not in vw.starts[p])
    assert kinds == {"Gold": 15, "Dark Omen": 9, "Soldier": 6}
    dealt = {c for ids in vw.starts for c in ids}
    assert not dealt & (set(state.market) | set(state.pile))
    assert len(state.market) + len(state.pile) == 63  # the pool's Champions, all of them
    assert list(rules.invariants(state)) == []


def test_games_with_starts_keep_every_invariant_and_hide_nothing():
    starts = sweep_decks(request(4, seed=3)).decks
    rules = ValiantWarsRules()
    for seats in ((0, 1), (2, 3, 1)):
        vw = params([starts[i] for i in seats], None)
        for seed in range(1, 4):
            record = play_game(rules, vw, ["greedy"] * len(seats), seed)
            assert record.finished and record.violations == []
    # determinize keeps the starting Champions where they are (every owned card is seen)
    vw = params(starts[:2], None)
    state = rules.setup(vw, Random(2))
    state = rules.apply(state, rules.chance(state, Random(2)))  # the first shuffle
    obs = rules.observe(state, 0)
    other = rules.determinize(obs, 0, Random(5))
    assert rules.observe(other, 0) == obs
    assert not {c for ids in vw.starts for c in ids} & set(other.pile)


def test_params_refuse_mixed_pools_and_bad_starts():
    starts = sweep_decks(request(2)).decks
    other = sweep_decks(request(2, shared=read_pool())).decks[1]  # another load, another pool
    with pytest.raises(InputError, match="one pool"):
        params([starts[0], other], None)
    vw = params(starts, None)
    with pytest.raises(ValueError, match="not a Champion"):
        VWParams(vw.cards, 2, starts=((0,), (192,)))  # card 0 is a Soldier
    with pytest.raises(ValueError, match="dealt twice"):
        VWParams(vw.cards, 2, starts=((192,), (192,)))
