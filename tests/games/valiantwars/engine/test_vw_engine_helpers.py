"""The small helpers the Valiant Wars engine's hot paths use in place of general code:
each gives what the general expression it replaces gives."""

from __future__ import annotations

from random import Random

from toolkit.games.valiantwars.engine import ValiantWarsRules, sample_params
from toolkit.games.valiantwars.engine.rules import (
    STAT,
    STAT_KEYS,
    _each_once,
    _put,
    _same_cards,
    _sorted_with,
)
from toolkit.sim.harness import run_games


def test_put_replaces_one_item_for_any_number_of_seats():
    for n in range(2, 6):
        values = tuple(range(10, 10 + n))
        for p in range(n):
            want = values[:p] + (99,) + values[p + 1:]
            assert _put(values, p, 99) == want


def test_sorted_with_puts_a_card_after_any_equal_one():
    rng = Random(3)
    for _ in range(200):
        cards = tuple(sorted(rng.randrange(20) for _ in range(rng.randrange(8))))
        card = rng.randrange(20)
        assert _sorted_with(cards, card) == tuple(sorted(cards + (card,)))


def test_same_cards_is_a_comparison_in_any_order():
    rng = Random(4)
    for _ in range(300):
        a = [rng.randrange(5) for _ in range(rng.randrange(5))]
        b = [rng.randrange(5) for _ in range(rng.randrange(5))]
        assert _same_cards(a, b) == (sorted(a) == sorted(b))
        shuffled = list(a)
        rng.shuffle(shuffled)
        assert _same_cards(a, shuffled)


def test_each_once_counts_cards_as_a_set_does():
    size = 6
    cases = [((0, 1), (2, 3, 4, 5)), ((0, 1), (1, 3, 4, 5)), ((0, 7), (2, 3, 4, 5)),
             ((0, -1), (2, 3, 4, 5)), ((), (5, 4, 3, 2, 1, 0)), ((0, 0, 7), (2, 3, 4))]
    for places in cases:
        assert sum(map(len, places)) == size
        assert _each_once(size, places) == (len(set().union(*places)) == size), places


def test_statistics_counted_by_number_are_listed_as_before():
    """Battles, purchases and per-seat and per-round statistics reach the counters
    under their keys; a player's Swords and Gold are listed whenever they fought, even
    when only 0s were added."""
    assert len(set(STAT_KEYS)) == len(STAT_KEYS)
    assert all(key.startswith(STAT) for key in STAT_KEYS)
    result, _ = run_games(ValiantWarsRules(), sample_params(2), ("random", "random"), 6, 9)
    counters = result.stats.counters
    for p in (1, 2):
        rounds = counters[f"{STAT}seat{p}.rounds"]
        assert rounds == counters.get(f"{STAT}seat{p}.out", 0) + counters[f"{STAT}seat{p}.in"]
        assert f"{STAT}seat{p}.swords" in counters and f"{STAT}seat{p}.gold" in counters
    assert counters[f"{STAT}battles.won"] > 0
    assert not [key for key in STAT_KEYS if key in counters and "seat3" in key]
