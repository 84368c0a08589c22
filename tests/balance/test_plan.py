"""A run as independent seeded batches: tables, seat rotations, paired seeds, keys."""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from math import comb
from random import Random

from toolkit.balance.plan import (
    FULL_TABLES,
    balanced_groups,
    batch_key,
    make_plan,
    rotations,
    table_design,
)

from .helpers import warbadge_entries


def test_rotations_seat_every_deck_in_every_seat_once():
    assert rotations((0, 1)) == [(0, 1), (1, 0)]
    orders = rotations((2, 5, 7))
    assert orders == [(2, 5, 7), (5, 7, 2), (7, 2, 5)]
    for seat in range(3):
        assert sorted(order[seat] for order in orders) == [2, 5, 7]


def _plan(entries, **kw):
    args = dict(players=2, agent="greedy", games=10, seed=5, code="v1", batch_size=3)
    args.update(kw)
    return make_plan("g", entries, lambda seats: ("params", seats), **args)


def test_every_seat_order_plays_the_same_seeds_in_batches():
    entries = warbadge_entries("Sun", "Moon")
    plan = _plan(entries)
    assert plan.tables == [(0, 1)] and plan.per_order == 5
    by_order: dict = {}
    for b in plan.batches:
        assert b.count <= 3
        by_order.setdefault(b.seats, []).extend(range(b.first_seed, b.first_seed + b.count))
    assert by_order == {(0, 1): [5, 6, 7, 8, 9], (1, 0): [5, 6, 7, 8, 9]}
    assert plan.games == 10


def test_tables_of_three_are_every_combination():
    entries = warbadge_entries("Sun", "Moon") * 2
    plan = _plan(entries, players=3, games=3, batch_size=100)
    assert plan.tables == [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)]
    assert len(plan.batches) == 4 * 3 and all(b.count == 1 for b in plan.batches)


def test_batch_key_names_everything_results_depend_on():
    base = batch_key("g", "v1", "h", ["a", "a"], 1, 10, True)
    assert base == batch_key("g", "v1", "h", ["a", "a"], 1, 10, True)
    changed = [batch_key("x", "v1", "h", ["a", "a"], 1, 10, True),
               batch_key("g", "v2", "h", ["a", "a"], 1, 10, True),
               batch_key("g", "v1", "h2", ["a", "a"], 1, 10, True),
               batch_key("g", "v1", "h", ["b", "a"], 1, 10, True),
               batch_key("g", "v1", "h", ["a", "a"], 2, 10, True),
               batch_key("g", "v1", "h", ["a", "a"], 1, 11, True),
               batch_key("g", "v1", "h", ["a", "a"], 1, 10, False)]
    assert base not in changed and len(set(changed)) == len(changed)


def test_small_or_two_player_round_robins_play_every_table():
    assert table_design(30, 2, 1) == list(combinations(range(30), 2))  # 435 pairs
    assert table_design(8, 4, 1) == list(combinations(range(8), 4))  # 70 tables
    assert FULL_TABLES == 100


def test_big_multiplayer_round_robins_play_a_balanced_seeded_sample():
    """28 decks make 20,475 tables of four: a sample where each deck sits at about as
    many tables as in the 378-pair round robin (27), meeting each other about 3 times."""
    tables = table_design(28, 4, 7)
    assert tables == table_design(28, 4, 7) and tables != table_design(28, 4, 8)
    assert len(tables) == 189 == len(set(tables)) and tables == sorted(tables)
    assert all(len(t) == 4 and list(t) == sorted(set(t)) for t in tables)
    seated = Counter(d for t in tables for d in t)
    assert set(seated) == set(range(28)) and max(seated.values()) - min(seated.values()) <= 3
    meetings = Counter(pair for t in tables for pair in combinations(t, 2))
    assert sum(meetings.values()) / comb(28, 2) == 3.0
    # a floor of FULL_TABLES: 16 decks in threes have 560 tables, 100 are drawn
    assert len(table_design(16, 3, 1)) == 100
    plan = _plan(warbadge_entries("Sun", "Moon") * 14, players=4, games=4, batch_size=100)
    assert plan.tables == table_design(28, 4, 5)  # drawn with the plan's seed
    assert len(plan.batches) == len(plan.tables) * 4


def test_balanced_groups_hold_every_item_as_often():
    groups = balanced_groups(27, 3, 40, Random(1))
    assert len(groups) == 40 == len(set(groups)) and groups == sorted(groups)
    held = Counter(i for g in groups for i in g)
    assert set(held) == set(range(27)) and set(held.values()) == {4, 5}
    assert balanced_groups(5, 3, 10, Random(2)) == list(combinations(range(5), 3))
    # no item is favoured: over many draws each pair of 6 items is drawn as often
    pairs = Counter()
    for seed in range(3000):
        pairs.update(balanced_groups(6, 2, 4, Random(seed)))
    mean = 3000 * 4 / 15  # 800, each count's spread about 28
    assert len(pairs) == 15 and all(abs(n - mean) < 0.15 * mean for n in pairs.values())
