"""Valiant Wars' decks for the balance commands: champions a seat starts with.

Valiant Wars has no deck construction: every seat starts from the book's starting deck
("Five (5) Gold cards, Three (3) Dark Omen cards, Two (2) Soldier cards") and builds its
deck in play from one shared pool, buying from the Market. What the designer asks of a
balance run is how strong each Champion is for its cost. So a balance "deck" here is a
**start**: the book's starting deck plus some Champions of the pool, held from the first
shuffle. The Champions are copies added beside the pool (as if printed extra), so the
Market and the Champion pile are the pool's own in every game and every seat can still
buy anything; the rest of the game follows the book. Seats differ only by their starting
Champions, so a start's win rate against the field measures what holding those Champions
is worth, and since the starts are drawn at random, a Champion's measures (win rate of
the starts holding it, its importance, its place on the cost curve against its printed
Gold cost) are those of a randomised experiment, not of who happened to buy it.

- `pnp sweep valiantwars`: starts of `HAND` different Champions of the pool. `--sample
  K` draws K different sets at random in rounds (`balanced_groups`: each round shuffles
  the Champions and deals them out in threes), so every set is equally likely and every
  Champion is in as many starts as any other, give or take one: a Champion missing from
  the sample, or held three times as often as another, would tell the designer little.
  `--sample all` lists all C(n, 3) sets in order. Starts are named `S<n> A + B + C`
  (names in `composition_key` order).
- `pnp compare valiantwars OLD NEW` (sweep mode): the same Champion sets rebuilt with the
  other pool's cards (its costs, Swords and effects); a set naming a card that is not a
  Champion of that pool is dropped.
- `pnp tournament valiantwars` and `pnp compare --mode decks`: the one pool file's own
  starts (`SweepRequest.shared`): the book's start alone ("Book start", a yardstick) and
  with each Champion of the pool ("Book start + X"), so the ranking orders the Champions.

Why not the other readings: a pool variant (a subset of the Champions in the Market) is
shared by every seat, so it moves no seat's win rate and measures no Champion's strength;
a seat that may buy only from a list clogs the Market with Champions nobody at the table
may buy, and its measures mostly tell whether its Champions happened to be on offer.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from math import comb
from pathlib import Path

from toolkit.balance.plan import MAX_LISTED, balanced_groups
from toolkit.balance.pool import DeckPool, SweepRequest, composition_key
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.sheets import split_file_arg
from toolkit.games.valiantwars.deck import DEFAULT_POOL, LoadedPool, check_format, load_decks
from toolkit.games.valiantwars.models import CardRow

HAND = 3
"""Champions in a sweep's start: with the bundled pool's 27 Champions, 40 starts hold each
Champion about four times (two would leave some Champion in no start one time in twenty),
and three starting Champions beside ten book cards keep the game the book's."""
BASELINE = "Book start"


@dataclass(frozen=True)
class Start:
    """A seat's start: the book's starting deck plus ``cards`` (Champions of ``pool``).

    What `playing.params` takes for a balance run (one per seat, all of one pool)."""

    name: str
    pool: LoadedPool
    cards: tuple[CardRow, ...]


def champions_of(pool: LoadedPool) -> list[CardRow]:
    """The pool's distinct Champions, in sheet order."""
    return [c for c in pool.distinct if c.kind == "Champion"]


def _load(request: SweepRequest) -> tuple[object, LoadedPool | None]:
    """The pool file of the request (`--catalog FILE[#SHEET]`, else the bundled pool)."""
    fmt = check_format(request.format)
    path, sheet = (split_file_arg(str(request.catalog)) if request.catalog is not None
                   else (DEFAULT_POOL, None))
    result, pools = load_decks(ValidateRequest(Path(path), sheet, None, fmt))
    return result, (pools[0] if pools and result.valid else None)


def _name(number: int, width: int, names: tuple[str, ...]) -> str:
    return f"S{number:0{width}d} {' + '.join(names)}"


def _file_starts(pool: LoadedPool) -> DeckPool:
    """The tournament's starts on one pool: the book's start alone and with each Champion."""
    champions = champions_of(pool)
    if not champions:
        raise InputError(f"the pool '{pool.name}' has no Champion to start with")
    out = DeckPool(prices={c.name: float(c.cost or 0) for c in champions},
                   price_label="cost", format=pool.format, total=len(champions) + 1)
    out.decks = [Start(BASELINE, pool, ())]
    out.decks += [Start(f"{BASELINE} + {c.name}", pool, (c,)) for c in champions]
    out.cards = [composition_key([c.name for c in d.cards]) for d in out.decks]
    out.method = (f"The book's starting deck alone and with each of the {len(champions)} "
                  f"Champions of {pool.file} (a copy added beside the pool).")
    return out


def sweep_decks(request: SweepRequest) -> DeckPool:
    """The `PlaySpec.sweep` hook (see toolkit/balance/pool.py and the module docstring)."""
    if request.shared is not None:
        return _file_starts(request.shared)
    result, pool = _load(request)
    if pool is None:
        return DeckPool(report=result)
    champions = champions_of(pool)
    by_name = {c.name.casefold(): c for c in champions}
    out = DeckPool(prices={c.name: float(c.cost or 0) for c in champions},
                   price_label="cost", format=pool.format)
    starts: list[tuple[int, tuple[CardRow, ...]]] = []
    if request.compositions is not None:
        for number, names in enumerate(request.compositions, 1):
            cards = tuple(by_name.get(n.casefold()) for n in names)
            if None in cards or len({c.name for c in cards}) != len(cards):
                out.dropped.append(tuple(names))  # not (all different) Champions here
            else:
                starts.append((number, cards))
        out.method = (f"The same {len(request.compositions)} starts (the book's starting "
                      f"deck plus {HAND} Champions) as the other version; "
                      f"{len(out.dropped)} of them name a card that is not a Champion of "
                      f"{pool.file}.")
        count = len(request.compositions)
    else:
        n = len(champions)
        if n < HAND:
            raise InputError(f"the pool '{pool.name}' has {n} different Champion(s); a "
                             f"sweep's starts hold {HAND} different ones")
        out.total = comb(n, HAND)
        what = (f"starts of the book's starting deck plus {HAND} different Champions of "
                f"{pool.file} (copies added beside the pool)")
        if request.sample is None and out.total > MAX_LISTED:  # too many to list
            raise InputError(f"the pool '{pool.name}' allows {out.total:,} starts of "
                             f"{HAND} of its {n} Champions, more than the {MAX_LISTED:,} a "
                             "sweep lists; give --sample K")
        if request.sample is None or request.sample >= out.total:
            sets = list(combinations(range(n), HAND))
            out.method = f"Every one of the {out.total:,} {what}."
        else:
            sets = balanced_groups(n, HAND, request.sample, request.rng)
            held = Counter(i for s in sets for i in s)
            low, high = min(held.get(i, 0) for i in range(n)), max(held.values())
            out.method = (f"{request.sample} of the {out.total:,} {what}, drawn at random "
                          f"so that each Champion is in as many of them as any other "
                          f"({low}" + (f" to {high}" if high > low else "") + ").")
        starts = [(k, tuple(champions[i] for i in s)) for k, s in enumerate(sets, 1)]
        count = len(sets)
    width = max(2, len(str(count)))
    for number, cards in starts:
        names = composition_key([c.name for c in cards])
        out.decks.append(Start(_name(number, width, names), pool,
                               tuple(sorted(cards, key=lambda c: names.index(c.name)))))
        out.cards.append(names)
    return out
