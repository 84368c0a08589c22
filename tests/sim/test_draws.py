"""The shared draws (toolkit/sim/draws.py) take the very numbers `random.Random` takes: the
engines' shuffles and the search's picks stay the games `Random` would play."""

from random import Random

import pytest

from toolkit.sim.draws import _fast_shuffle, below, dice, shuffle


def test_shuffle_draws_as_random_shuffle():
    """Battle Gate, How to play: "each player shuffles their deck"; Valiant Wars: "shuffle
    all the cards you own": the same order as `Random.shuffle` from the same seed, and the
    generator left as it leaves it (every engine's pinned games depend on it), also by the
    compiled loop itself (`_fast_shuffle`, whatever its self-check decided)."""
    for seed in range(50):
        for size in (0, 1, 2, 7, 13, 40, 192, 300):
            mine, theirs = Random(f"chance:{seed}"), Random(f"chance:{seed}")
            a, b = list(range(size)), list(range(size))
            shuffle(mine, a)
            theirs.shuffle(b)
            assert a == b
            assert mine.getstate() == theirs.getstate()
            c = list(range(size))
            _fast_shuffle(Random(f"chance:{seed}"), c)
            assert c == b


def test_below_draws_as_randrange():
    """``below(rng, n)`` is ``rng.randrange(n)``, number for number."""
    a, b = Random(7), Random(7)
    for n in (1, 2, 3, 6, 7, 64, 65, 1000, 2**40 + 3):
        for _ in range(50):
            assert below(a, n) == b.randrange(n)
    assert a.random() == b.random()


def test_below_refuses_an_empty_range():
    with pytest.raises(ValueError):
        below(Random(1), 0)


def test_dice_roll_as_randint():
    """Warblitz: "roll N dice": ``dice(rng, n)`` gives ``rng.randint(1, 6)`` n times, and
    leaves the generator as those rolls leave it."""
    for seed in range(20):
        a, b = Random(seed), Random(seed)
        for n in (0, 1, 2, 5, 12):
            assert dice(a, n) == tuple(b.randint(1, 6) for _ in range(n))
        assert a.getstate() == b.getstate()
