"""Regression pin: the engine plays exactly the games it played before the speed work.

Each digest hashes, for one sample set-up and line-up, the `play --json` document of 40
seeded games (bar games_per_second) and the playthrough logs of two more; one more pins a
whole search game (``mcts:20``, its decisions and log). The digests were recorded with
the engine as it was before issue 14's speed work (main at 8c1311a), and recorded again
for issue 22: `play` alternates seats (every line-up, random too, plays other games and
its JSON reports seats, first player and offered rules, which the engine's new
``first_player`` and ``offered`` hooks feed), greedy breaks ties by what the player sees
and its blunders are fixed, and the search plays the engine's `SearchSettings` (greedy
playouts, horizon, fitted evaluation). Recorded again for issue 24: upgrades open their
elite options on the next turn, a DEF token prevents the cost of inaction, boost is not
spent for nothing, greedy advances by steps round what is in the way (its commander too
when it stands alone), rulings the text
decides became rules, and the log says why an ability did nothing and draws the
battlefield as one block. Any change to the games played (a different draw,
decision, rule or log line) changes them. A change that is meant to change the games must
say so and record new digests.

The invariant checks look only at what changed since the parent state; the last test
breaks states in several ways and checks that they find what the whole check finds.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from dataclasses import fields
from random import Random

import pytest

from tests.helpers import play_digest
from toolkit.games.warblitz.engine import SETUPS, State, WarblitzRules
from toolkit.games.warblitz.engine.state import DMG, EMPTY, TATK, TDEF, UNIT, F
from toolkit.sim.engine import CHANCE
from toolkit.sim.harness import play_game

PINNED = {
    ("duel", "random", "random"): "efc4f74ec6b41ae3",
    ("duel", "greedy", "greedy"): "f21bba28f207dc37",
    ("duel", "greedy", "random"): "47e145784c2ce656",
    ("swapped", "random", "random"): "1e520c9664cbbcad",
    ("swapped", "greedy", "greedy"): "5189d2685d9e8401",
    ("swapped", "greedy", "random"): "c401bc609dd22477",
    ("mirror", "random", "random"): "a2fee7c6c6ab5724",
    ("mirror", "greedy", "greedy"): "07e5931a78b1f097",
    ("mirror", "greedy", "random"): "718983625e52256f",
}


@pytest.mark.parametrize(("setup", "first", "second"), list(PINNED))
def test_same_games_as_recorded(setup: str, first: str, second: str) -> None:
    assert play_digest(WarblitzRules, SETUPS[setup](), [first, second]) == PINNED[setup, first, second]


def test_same_search_game_as_recorded() -> None:
    rec = play_game(WarblitzRules(), SETUPS["duel"](), ["mcts:20", "greedy"], 3, log=True)
    assert hashlib.sha256(rec.log.encode()).hexdigest()[:16] == "6d1e61acd1d67a1b"


def _corruptions(s: State) -> list[tuple[str, Callable[[State], None]]]:
    """Ways to break a state, each through the engine's own `State.write`, `zones` or
    `holdings` (which keep the parent state as it was)."""
    g = s.game
    p = s.current
    on = next(i for i in g.own[p] if g.kind[i] == UNIT and s.pos(i) != EMPTY)
    off = s.pile[p][0]

    def token(x: State) -> None:
        x.write(on)[on * F + TATK] = -1

    def life(x: State) -> None:
        x.write(on)[on * F + DMG] = g.hp[on]

    def off_board(x: State) -> None:
        x.write(off)[off * F + TDEF] = 1

    def twice(x: State) -> None:
        x.zones()
        x.hand[p] = tuple(sorted(x.hand[p] + (off,)))

    def board(x: State) -> None:
        x.write(on)
        x.board[x.pos(on)] = EMPTY

    def held(x: State) -> None:
        x.holdings()[p] = (-1,) + x.held[p][1:]

    return [("token", token), ("life", life), ("off-board", off_board),
            ("twice", twice), ("board", board), ("held", held)]


def test_checks_of_what_changed_find_what_the_whole_check_finds() -> None:
    """The incremental invariant checks report exactly what the whole check reports."""
    rules = WarblitzRules()
    for step, s, action in _walk(rules, 4, 120):
        assert not rules.invariants(s)
        if step % 10 == 5 and s.pile[s.current]:
            for name, corrupt in _corruptions(s):
                child = rules.apply(s, action)
                corrupt(child)
                found = list(rules.invariants(child))
                assert found, name
                assert found == list(rules._broken(child)), name


def _walk(rules: WarblitzRules, seed: int, steps: int) -> Iterator[tuple[int, State, tuple]]:
    """The states of a game of random actions (dice by the rules), each with the action
    then played from it."""
    rng = Random(seed)
    s = rules.setup(SETUPS["duel"](), Random(seed))
    for step in range(steps):
        movers = rules.to_move(s)
        if not movers:
            return
        action = (rules.chance(s, rng) if movers[0] == CHANCE
                  else rng.choice(rules.legal_actions(s, movers[0])))
        yield step, s, action
        s = rules.apply(s, action)


def test_copy_keeps_every_field() -> None:
    """`State.copy` sets each field itself: none may be forgotten (the lists are
    shared; a tuple is compared by value, as the compiled build keeps a fixed-length one
    unboxed and hands out a new tuple object on each read)."""
    s = WarblitzRules().setup(SETUPS["duel"](), Random(2))
    c = s.copy()
    for f in fields(State):
        if f.name not in ("sound", "changed", "owns", "aims"):
            mine, theirs = getattr(c, f.name), getattr(s, f.name)
            assert mine == theirs if isinstance(mine, tuple) else mine is theirs, f.name


def test_running_pieces_hash_is_the_whole_hash() -> None:
    """`State.pieces_hash` kept up to date through `write` (issue 14: an incremental hash
    for loop detection) equals the hash worked out from scratch, whether it is asked for
    at every state or only now and then, and tells apart the pieces' numbers seen."""
    rules = WarblitzRules()
    seen: dict[int, tuple[int, ...]] = {}
    for seed, every in ((1, 1), (2, 3), (3, 7)):
        for step, s, _ in _walk(rules, seed, 600):
            if step % every == 0:
                whole = s.copy()
                whole.uhash, whole.loose = -1, None
                h = s.pieces_hash()
                assert h == whole.pieces_hash(), (seed, step)
                assert seen.setdefault(h, tuple(s.u)) == tuple(s.u), (seed, step)
    assert len(seen) > 200
