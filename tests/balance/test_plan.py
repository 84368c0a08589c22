"""A run as independent seeded batches: tables, seat rotations, paired seeds, keys."""

from __future__ import annotations

from toolkit.balance.plan import batch_key, make_plan, rotations

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
