"""The invariants' fast paths (checks.py) report what the full check reports.

The checker remembers the last parts it found clean and checks a new state against them
piece by piece; a state broken after a clean one must still be reported, by the full
check's names, and a clean one never."""

from __future__ import annotations

from random import Random

import pytest

from toolkit.games.banners.engine import BannersRules, bundled_params
from toolkit.games.banners.engine.checks import broken
from toolkit.games.banners.engine.state import REMOVED, RESERVE, State


def _clean_game(players: int, steps: int) -> tuple[BannersRules, list[State]]:
    """A random game's first states, each found clean by the checker in turn."""
    rules = BannersRules()
    rng = Random(players)
    s = rules.setup(bundled_params(players), rng)
    states = [s]
    for _ in range(steps):
        movers = rules.to_move(s)
        if not movers:
            break
        if movers[0] < 0:
            action = rules.chance(s, rng)
        else:
            legal = rules.legal_actions(s, movers[0])
            action = legal[rng.randrange(len(legal))]
        s = rules.apply(s, action)
        assert not list(rules.invariants(s))
        states.append(s)
    return rules, states


def _names(rules: BannersRules, s: State) -> set[str]:
    return {name for name, _ in rules.invariants(s)}


@pytest.mark.parametrize("players", [2, 4])
def test_clean_games_stay_clean(players):
    rules, states = _clean_game(players, 300)
    for s in states:  # (in order, and again out of order: the fast path's memory)
        assert not list(rules.invariants(s))
    for s in reversed(states):
        assert not list(rules.invariants(s))


def _broken_copy(s: State, **fields) -> State:
    c = s.copy()
    for name, value in fields.items():
        setattr(c, name, value)
    return c


def test_pieces_broken_after_a_clean_state_are_reported():
    rules, states = _clean_game(2, 60)
    s = states[-1]
    assert not list(rules.invariants(s))
    pos = list(s.pos)
    on_board = [i for i, c in enumerate(pos) if c >= 0]
    a, b = on_board[0], on_board[1]
    # Two pieces on one space (the masks kept as the positions say).
    shared = list(pos)
    shared[b] = pos[a]
    two = _broken_copy(s, pos=tuple(shared))
    two.sync()
    assert "one-per-space" in _names(rules, two)
    assert not list(rules.invariants(s))
    # A piece moved without its mask.
    free = next(c for c in range(s.st.n) if s.st.all >> c & 1
                and not (s.occ0 | s.occ1) >> c & 1)
    moved = list(pos)
    moved[a] = free
    stale = _broken_copy(s, pos=tuple(moved))
    assert "occupancy" in _names(rules, stale)
    assert not list(rules.invariants(s))
    # A piece off the board's spaces.
    off = list(pos)
    off[a] = s.st.n + 3
    assert "on-board" in _names(rules, _broken_copy(s, pos=tuple(off)))
    assert not list(rules.invariants(s))
    # A team with no piece left while the game goes on.
    side = s.st.piece_side[a]
    gone = list(pos)
    for i in s.st.side_pieces[side]:
        gone[i] = REMOVED
    dead = _broken_copy(s, pos=tuple(gone))
    dead.sync()
    assert "defeat" in _names(rules, dead)
    # ...but pieces waiting in the reserve keep the team in the game.
    gone[s.st.side_pieces[side][0]] = RESERVE
    waiting = _broken_copy(s, pos=tuple(gone))
    waiting.sync()
    assert not list(rules.invariants(waiting)) and not list(broken(waiting))


def test_cards_broken_after_a_clean_state_are_reported():
    rules, states = _clean_game(2, 60)
    s = states[-1]
    assert not list(rules.invariants(s))
    deck = list(s.deck)
    k = next(k for k, n in enumerate(deck) if n)
    deck[k] -= 1
    assert "cards" in _names(rules, _broken_copy(s, deck=tuple(deck)))
    hand = list(s.hands[0])
    hand[k] += 1
    deck[k] = s.deck[k] - 1
    fresh = list(s.fresh[0])
    fresh[k] = hand[k] + 1
    moved = _broken_copy(s, deck=tuple(deck), hands=(tuple(hand), s.hands[1]),
                         fresh=(tuple(fresh), s.fresh[1]))
    assert "cards" in _names(rules, moved)
    hand_ok = _broken_copy(s, deck=tuple(deck), hands=(tuple(hand), s.hands[1]))
    assert not list(rules.invariants(hand_ok))
