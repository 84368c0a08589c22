"""A balance run as a list of independent, seeded batches.

Every table of decks (a pairing for 2-player games, every set of N distinct decks for
N-player ones) is played from every seat order (the cyclic rotations: A-B and B-A;
A-B-C, B-C-A and C-A-B), each seat order with the same seeds ``seed .. seed+n-1``, so a
table sees the same deals from every seat. Those games are cut into batches of at most
``batch_size`` consecutive seeds. A batch names everything its games depend on (the
engine parameters of its table in seat order, the agents, the seeds, the checks and the
code version), so it gives the same result on any worker, and its `key` (a hash of all of
it) identifies its row in the results file: a run resumes, and a second run with the same
inputs reuses what is done, whatever the batch order or the machine.

Game ``k`` of a seat order is reproduced alone by `pnp play` with those decks in that seat
order and ``--seed seed+k --games 1``.

Every set of N distinct decks grows as fast as C(decks, N): 28 decks make 378 pairs but
20,475 tables of four. So a round robin of N-player tables plays every table only when
they are few (`table_design`); otherwise a seeded sample of them, in which every deck
sits at about as many tables as it would in a 2-player round robin of the same decks.

A game whose seats share one set-up (``shared``: a pooled game whose results go to sides,
not seats, as Banners' board with both sides on it; `run.shares_setups`) has no decks to
pit against each other: each entry is a set-up (a version of the shared file), each table
is one set-up at every seat, played from its one seat order (rotating identical seats
would replay the same games), ``games`` seeds in all.

A run's size is bounded before anything is built or played (`check_size`, README "Bounds
on work"): decks, tables, games per table and in all, and batches. Every bound is far
above what a designer asks for, and at every bound memory stays under 300 MB: the plan,
the tally and the report all grow with the tables, the deals and the batches.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from random import Random
from typing import Any

from toolkit.core.errors import InputError

FULL_TABLES = 100
"""A round robin of N-player tables plays every table when there are at most this many
(or no more than a deck's share of a 2-player round robin asks for; see `table_design`)."""
DEFAULT_BATCH = 100
"""Games per batch: big enough that scheduling costs little (bench/README.md), small
enough that an interrupted run loses little and the progress bar moves."""
MAX_DECKS = 1_000
"""Decks (or set-ups) one run may play: a sweep's ``--sample``, a tournament's decks. A
round robin of 1,000 decks in pairs is already half a million tables (see `MAX_TABLES`)."""
MAX_LISTED = 100_000
"""Legal decks a sweep hook lists for ``--sample all`` (a few kB each) before the run's
size is checked; past it the hook asks for ``--sample K`` at once."""
MAX_TABLES = 5_000
"""Tables one run may play (100 decks in pairs make 4,950): the plan, the tally and the
report's matrix grow with the tables (about 25 kB each all told)."""
MAX_TABLE_GAMES = 1_000_000
"""``--games`` of a balance command (games per table): a million games of one pairing
pin its win rate to a tenth of a point; each deal is counted per table in the tally."""
MAX_RUN_GAMES = 5_000_000
"""Games of one run, every table and seat order (hours of play on one machine): the
tally keeps a count per table and deal, so its memory follows this number."""
MAX_BATCHES = 20_000
"""Batches of one run: each batch is planned, looked up and kept as one result."""
MAX_SEED = 2**63 - 1
"""Seeds are stored in the results file as SQLite's signed 64-bit integers."""


@dataclass(frozen=True)
class Entry:
    """One deck of a run: its name, its identity and card list, the game's loaded deck."""

    name: str
    key: str
    """What matches this deck across two versions (`pnp compare`): its name for decks read
    from files, its card list for generated decks."""
    cards: tuple[str, ...]
    deck: Any
    """The game's loaded deck, as `PlaySpec.params` takes it (client side only)."""


@dataclass(frozen=True, slots=True)
class Batch:
    """One independent unit of work: a table in one seat order and a range of seeds."""

    game: str
    table: int
    """Index of the table (the set of decks) in the plan."""
    seats: tuple[int, ...]
    """Deck indices in seat order."""
    params: Any
    """The engine parameters of those decks in that seat order (plain data)."""
    agents: tuple[str, ...]
    first_seed: int
    count: int
    checks: bool
    code: str
    """The code version the results must come from (see `work.code_version`)."""
    inputs: str
    """A hash of `params` (the decks in seat order as the engine sees them)."""
    key: str


@dataclass
class Plan:
    """The batches of a run, in plan order, and what they were made from."""

    game: str
    entries: list[Entry]
    players: int
    tables: list[tuple[int, ...]]
    """Each table's decks (indices into `entries`, ascending)."""
    per_order: int
    """Games each seat order of a table plays (the seeds ``seed .. seed+per_order-1``)."""
    seed: int
    agents: tuple[str, ...]
    batches: list[Batch]
    shared: bool = False
    """Every seat shares one set-up (module docstring)."""
    columns: tuple[str, ...] = ()
    """The result columns (what `Outcome.winner` indexes): the seats, or with ``shared``
    set-ups the engine's own labels (`describe_params`' ``decks``: Banners' two sides; set by
    `run.plan_for`)."""

    @property
    def share(self) -> int:
        """Result columns: a win is worth ``share`` units, a draw 1 (a draw's 1/share)."""
        return len(self.columns)

    @property
    def games(self) -> int:
        """Every game of the run."""
        return sum(b.count for b in self.batches)


def rotations(table: Sequence[int]) -> list[tuple[int, ...]]:
    """The seat orders of a table: its cyclic rotations (each deck sits in each seat once)."""
    n = len(table)
    return [tuple(table[(start + k) % n] for k in range(n)) for start in range(n)]


def table_count(decks: int, players: int) -> int:
    """How many tables `table_design` gives, without listing them."""
    return min(comb(decks, players), max(FULL_TABLES, -(-decks * (decks - 1) // players)))


def check_size(decks: int, players: int, games: int, seed: int, batch_size: int,
               shared: bool = False) -> None:
    """Refuse (InputError, one sentence) a run bigger than the module's bounds, counting
    its tables, games and batches without building any of them."""
    from toolkit.core.limits import count  # noqa: PLC0415

    if decks > MAX_DECKS:
        raise InputError(f"a run plays at most {count(MAX_DECKS)} decks (in a sweep, give "
                         f"--sample K); got {count(decks)}")
    tables = decks if shared else table_count(decks, players)
    if tables > MAX_TABLES:
        raise InputError(f"{count(decks)} decks at {players}-player tables make "
                         f"{count(tables)} tables, more than the {count(MAX_TABLES)} one run "
                         "plays (100 decks in pairs); play fewer decks")
    orders = 1 if shared else players
    per_order = max(1, games if shared else -(-games // players))
    if tables * orders * per_order > MAX_RUN_GAMES:
        raise InputError(f"--games {count(games)} at {count(tables)} tables is "
                         f"{count(tables * orders * per_order)} games, more than the "
                         f"{count(MAX_RUN_GAMES)} one run plays; give fewer --games")
    if seed + per_order - 1 > MAX_SEED:
        raise InputError(f"--seed {seed} with --games {count(games)} runs past the last "
                         f"seed, 2^63-1; give --seed {count(MAX_SEED - per_order + 1)} or less")
    batches = tables * orders * -(-per_order // max(1, batch_size))
    if batches > MAX_BATCHES:
        fits = max(1, MAX_BATCHES // (tables * orders))
        raise InputError(f"--batch {count(batch_size)} cuts the run into {count(batches)} "
                         f"batches, more than the {count(MAX_BATCHES)} one run may hold; "
                         f"give --batch {count(-(-per_order // fits))} or more")


def table_design(decks: int, players: int, seed: int) -> list[tuple[int, ...]]:
    """The tables of a round robin (deck indices, ascending; tables in ascending order).

    Every set of ``players`` distinct decks when there are at most ``target =
    max(FULL_TABLES, ceil(decks * (decks - 1) / players))`` of them (always for 2
    players); otherwise ``target`` different tables drawn by `balanced_groups` from
    ``Random(f"tables:{seed}")``, so every deck sits at about ``decks - 1`` tables or
    more (as in a 2-player round robin) and meets each other deck about ``players - 1``
    times on average (some pairs never).
    """
    target = max(FULL_TABLES, -(-decks * (decks - 1) // players))
    if comb(decks, players) <= target:
        return list(combinations(range(decks), players))
    return balanced_groups(decks, players, target, Random(f"tables:{seed}"))


def balanced_groups(items: int, size: int, count: int, rng: Random) -> list[tuple[int, ...]]:
    """``count`` different ``size``-subsets of ``range(items)`` (each ascending, listed in
    ascending order), drawn from ``rng`` in rounds: each round shuffles the items and cuts
    them into groups, the items left over coming first in the next round, so every item
    is in as many groups as any other, give or take one (a group drawn twice counts once,
    and its items miss that round). No item is favoured, so every subset is equally likely
    to be among them.
    ``count`` must not exceed C(items, size).
    """
    chosen: set[tuple[int, ...]] = set()
    waiting: list[int] = []
    while len(chosen) < count:
        order = list(range(items))
        rng.shuffle(order)
        queue = waiting + [i for i in order if i not in waiting]
        cut = len(queue) - len(queue) % size
        waiting = queue[cut:]
        for start in range(0, cut, size):
            chosen.add(tuple(sorted(queue[start:start + size])))
            if len(chosen) == count:
                break
    return sorted(chosen)


def params_hash(params: Any) -> str:
    """A stable hash of engine parameters (their repr: frozen plain data)."""
    return hashlib.sha256(repr(params).encode()).hexdigest()


def batch_key(game: str, code: str, inputs: str, agents: Sequence[str], first_seed: int,
              count: int, checks: bool) -> str:
    """The identity of a batch: a hash of everything its results depend on."""
    text = json.dumps([game, code, inputs, list(agents), first_seed, count, checks])
    return hashlib.sha256(text.encode()).hexdigest()


def make_plan(game: str, entries: list[Entry], params_of: Callable[[tuple[int, ...]], Any],
              *, players: int, agent: str, games: int, seed: int, code: str,
              batch_size: int = DEFAULT_BATCH, checks: bool = True,
              tables: list[tuple[int, ...]] | None = None, shared: bool = False) -> Plan:
    """The round robin's tables of ``players`` distinct decks (`table_design`, or the
    given ``tables``), each seat order playing ``ceil(games / players)`` games with the
    same seeds, cut into batches; with ``shared``, every entry alone at all seats,
    ``games`` games (module docstring).

    ``params_of(seats)`` builds the engine parameters of decks in that seat order.
    ``agent`` plays every seat, so only the decks differ. A run beyond the bounds of
    `check_size` is refused (InputError) before anything is built.
    """
    check_size(len(entries), players, games, seed, batch_size, shared)
    if tables is None:
        tables = ([(i,) for i in range(len(entries))] if shared
                  else table_design(len(entries), players, seed))
    per_order = max(1, games if shared else -(-games // players))
    size = max(1, batch_size)
    agents = (agent,) * players
    batches: list[Batch] = []
    for index, table in enumerate(tables):
        for seats in [table * players] if shared else rotations(table):
            params = params_of(seats)
            inputs = params_hash(params)
            for start in range(0, per_order, size):
                count = min(size, per_order - start)
                first = seed + start
                key = batch_key(game, code, inputs, agents, first, count, checks)
                batches.append(Batch(game, index, seats, params, agents, first, count,
                                     checks, code, inputs, key))
    return Plan(game, entries, players, tables, per_order, seed, agents, batches, shared,
                tuple(f"seat {i + 1}" for i in range(players)))
