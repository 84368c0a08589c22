"""Random draws as `random.Random` makes them, draw for draw, without its interpreted
per-call checks: the engines' and the search's hottest uses of chance, shared by all.

`shuffle(rng, cards)` gives the very order ``rng.shuffle(cards)`` would give from the same
rng state, and leaves the rng in the same state. It checks this once against the running
Python's own `Random.shuffle` and falls back to it if they ever differ (or for an rng
that is not a plain `Random`). `below(rng, n)` is ``rng.randrange(n)``, and `dice(rng, n)` ``n`` rolls of
``rng.randint(1, 6)``, the same way.
"""

from __future__ import annotations

from random import Random
from typing import Final


def _fast_shuffle(rng: Random, x: list) -> None:
    # Random.shuffle: "for i in reversed(range(1, len(x))): j = randbelow(i + 1)", with
    # Random._randbelow_with_getrandbits inlined.
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = _BITS[n] if n < len(_BITS) else n.bit_length()
        j: int = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


_BITS: Final = tuple(n.bit_length() for n in range(256))
"""``n.bit_length()`` for the sizes of the usual lists."""


def _agrees() -> bool:
    """Whether `_fast_shuffle` gives Random.shuffle's orders on this Python."""
    for seed in range(3):
        mine, theirs = Random(seed), Random(seed)
        a, b = list(range(seed + 40)), list(range(seed + 40))
        _fast_shuffle(mine, a)
        theirs.shuffle(b)
        if a != b or mine.getstate() != theirs.getstate():
            return False
    return True


_FAST = _agrees()


def shuffle(rng: Random, cards: list) -> None:
    """Shuffle ``cards`` in place exactly as ``rng.shuffle(cards)`` would."""
    if _FAST and type(rng) is Random:
        _fast_shuffle(rng, cards)
    else:
        rng.shuffle(cards)


def below(rng: Random, n: int) -> int:
    """``rng.randrange(n)`` (n > 0), drawn as `random.Random` draws it: ``getrandbits``
    of ``n``'s bit length until below ``n``, without ``randrange``'s interpreted checks."""
    if n <= 0:
        raise ValueError(f"empty range for randrange({n})")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return r


def dice(rng: Random, n: int) -> tuple[int, ...]:
    """``n`` six-sided dice, as ``tuple(rng.randint(1, 6) for _ in range(n))`` rolls them
    (``randint(1, 6)`` is ``1 + randrange(6)``: three bits, drawn again while 6 or 7)."""
    getrandbits = rng.getrandbits
    faces = []
    for _ in range(n):
        r = getrandbits(3)
        while r >= 6:
            r = getrandbits(3)
        faces.append(r + 1)
    return tuple(faces)
