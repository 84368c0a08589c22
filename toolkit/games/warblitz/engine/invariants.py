"""Warblitz invariants: what must hold after every step (a layer of `WarblitzRules`, see base.py).

Every card in exactly one place; the battlefield and the pieces agree; life, tokens and
counts within bounds; the turn's limits kept. The harness runs the checks after every
step, so they look only at what changed since the nearest ancestor state found sound
(``State.sound``): a zone tuple that is the ancestor's own object, a battlefield or piece
list equal to the ancestor's, is sound. The whole state is checked when a zone changed,
or with no such ancestor, and the messages are worked out only when something is wrong.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress
from operator import ge

from .base import RulesBase
from .basics import MAX_ACTIVATIONS, MAX_DEPLOY, _of
from .state import (
    DMG,
    EMPTY,
    OVER,
    PHASE_NAMES,
    PICK,
    POS,
    SOUND,
    TERRAIN,
    UNIT,
    F,
    State,
)


class Invariants(RulesBase):
    """`invariants` for `WarblitzRules`."""

    # ------------------------------------------------------------- invariants
    def invariants(self, s: State) -> Sequence[tuple[str, str]]:
        """Every card in exactly one place; the battlefield and the pieces agree; life,
        tokens and counts within bounds; turn limits kept (see the module docstring)."""
        sound = s.sound
        if sound is SOUND:
            return ()
        if sound is not None and self._still_sound(s, sound):
            s.sound = SOUND
            return ()
        found = list(self._broken(s))
        if not found:
            s.sound = SOUND
        return found

    def _still_sound(self, s: State, a: State) -> bool:
        """Whether ``s`` keeps every invariant, knowing that its ancestor ``a`` does: only
        what differs from ``a`` is checked. False may also mean "could not tell" (then
        `_broken` decides)."""
        over = s.outcome is not None
        if over != (s.phase == OVER):
            return False
        held = s.held
        if held is not a.held and ((held[0] is not a.held[0] and _negative(held[0]))
                                   or (held[1] is not a.held[1] and _negative(held[1]))):
            return False
        board = s.board
        moved = board is not a.board and board != a.board
        if (moved or s.pile is not a.pile or s.hand is not a.hand or s.used is not a.used
                or s.gone is not a.gone or s.active is not a.active) and \
                not self._zones_still_sound(s, a, moved):
            return False
        if s.u is not a.u and not self._pieces_still_sound(s, a, moved):
            return False
        if over:
            return True
        g = s.game
        u = s.u
        if u[g.commander[0] * F + POS] == EMPTY or u[g.commander[1] * F + POS] == EMPTY:
            return False
        acted = s.acted
        if s.deployed > MAX_DEPLOY or len(acted) > MAX_ACTIVATIONS:
            return False
        if acted and (acted is not a.acted or s.fresh is not a.fresh) and (
                len(set(acted)) != len(acted) or set(acted) & set(s.fresh)):
            return False
        return s.phase != PICK or bool(s.queue and s.queue[0].options)

    def _zones_still_sound(self, s: State, a: State, moved: bool) -> bool:
        """Every card still in exactly one place: the cards that left the places that
        changed (zones not ``a``'s own tuples, the battlefield when it changed) are the
        cards that came into them; each zone holds its owner's cards of the right kind,
        reserves and discards in order, an active area ACTIVE events of distinct names."""
        if s.pile is a.pile and s.hand is a.hand and s.used is a.used \
                and s.gone is a.gone and s.active is a.active:
            # The same lists: no card changed zone; cards on the battlefield only moved?
            return not moved or self._board_still_sound(s, a, [], [])
        g = s.game
        left: list[int] = []
        came: list[int] = []
        own = g.own
        units = g.units
        for p in (0, 1):
            lo, hi = own[p][0], own[p][-1]
            for zone, old, sort in ((s.pile[p], a.pile[p], False),
                                    (s.hand[p], a.hand[p], True),
                                    (s.used[p], a.used[p], True),
                                    (s.gone[p], a.gone[p], False),
                                    (s.active[p], a.active[p], False)):
                if zone is old:
                    continue
                left += old
                came += zone
                if not _within(zone, lo, hi, sort):
                    return False
            gone, used, active = s.gone[p], s.used[p], s.active[p]
            if gone is not a.gone[p] and not units.issuperset(gone):
                return False
            if (used is not a.used[p] or active is not a.active[p]) and \
                    not units.isdisjoint(used + active):
                return False
            if active is not a.active[p] and active:
                names = [g.label[i] for i in active]
                if len(names) != len(set(names)) or not all(g.card(i).active for i in active):
                    return False
        return self._board_still_sound(s, a, left, came) if moved else \
            (not left or sorted(left) == sorted(came))

    def _board_still_sound(self, s: State, a: State, left: list[int],
                           came: list[int]) -> bool:
        """`_zones_still_sound` once the battlefield changed: the cards that left places
        (``left``, the battlefield's among them) are those that came into them."""
        board, old_board = s.board, a.board
        for i in range(len(board)):  # (a space that changed: what left it and came into it)
            uid, was = board[i], old_board[i]
            if uid != was:
                if was != EMPTY:
                    left.append(was)
                if uid != EMPTY:
                    came.append(uid)
        return not left or sorted(left) == sorted(came)

    def _pieces_still_sound(self, s: State, a: State, moved: bool) -> bool:
        """The battlefield and the pieces' spaces agree; no negative damage or tokens; life
        above 0; nothing on a card off the battlefield: the pieces written since ``a``
        (``State.changed``) checked, the whole battlefield when it changed."""
        changed = s.changed
        if changed is None:
            return False  # not `copy`'s lists: could not tell
        u, old, board = s.u, a.u, s.board
        if moved:
            # Each piece on the battlefield stands where its numbers say, and as many
            # pieces have a space as stand on the battlefield.
            occupied = 0
            for uid in board:
                if uid != EMPTY:
                    occupied += 1
                    if board[u[uid * F + POS]] != uid:
                        return False
            placed = 0
            for k in range(POS, len(u), F):
                if u[k] != EMPTY:
                    placed += 1
            if placed != occupied:
                return False
        hp = s.game.hp_check
        for uid in changed:
            base = uid * F
            space = u[base]
            for k in range(base + DMG, base + F):
                if u[k] < 0 or (u[k] and space == EMPTY):
                    return False
            if u[base + DMG] >= hp[uid]:
                return False
            if space != EMPTY and not moved and space != old[base]:
                return False
        return True

    def _broken(self, s: State) -> Iterator[tuple[str, str]]:
        """Every broken invariant of the whole state, with its message."""
        g = s.game
        over = s.outcome is not None
        if over != (s.phase == OVER):
            yield "outcome", f"outcome {s.outcome} at phase {PHASE_NAMES[s.phase]}"
        u = s.u
        board = s.board
        pos = u[POS::F]
        everything = [uid for uid in board if uid != EMPTY]
        for p in (0, 1):
            everything.extend(s.pile[p])
            everything.extend(s.hand[p])
            everything.extend(s.used[p])
            everything.extend(s.gone[p])
            everything.extend(s.active[p])
        if sorted(everything) != g.all_uids:
            yield from self._misplaced(s, everything)
        occupied = list(filter(EMPTY.__ne__, board))
        if list(map(board.__getitem__, map(pos.__getitem__, occupied))) != occupied or \
                len(pos) - pos.count(EMPTY) != len(occupied):
            yield "board", "the battlefield and the pieces' spaces disagree"
        fields = [u[k::F] for k in range(1, F)]
        if min(map(min, fields)) < 0:
            yield "tokens", "a piece holds negative damage or tokens"
        if any(map(ge, fields[DMG - 1], g.hp_check)):
            uid = next(i for i, d in enumerate(fields[DMG - 1]) if d >= g.hp_check[i])
            yield "life", f"{g.label[uid]} has {fields[DMG - 1][uid]} damage, {g.hp[uid]} HP"
        off = list(map(EMPTY.__eq__, pos))
        if any(any(compress(f, off)) for f in fields):
            yield "off-board", "a card off the battlefield holds damage or tokens"
        for p in (0, 1):
            if min(s.held[p]) < 0:
                yield "tokens", f"player {p + 1} holds {s.held[p]}"
            if s.hand[p] != tuple(sorted(s.hand[p])) or s.used[p] != tuple(sorted(s.used[p])):
                yield "canonical", f"player {p + 1}'s reserves or discards are not sorted"
            if s.active[p]:
                names = [g.label[i] for i in s.active[p]]
                if len(names) != len(set(names)) or not all(g.card(i).active
                                                            for i in s.active[p]):
                    yield "active", f"player {p + 1}'s active area holds {names}"
        if over:
            return
        for p in (0, 1):
            if pos[g.commander[p]] == EMPTY:
                yield "commander", f"{g.names[p]}'s commander is gone but the game goes on"
        if s.deployed > MAX_DEPLOY or len(s.acted) > MAX_ACTIVATIONS:
            yield "turn-limit", f"{s.deployed} deployed, {len(s.acted)} units selected"
        if s.acted and (len(set(s.acted)) != len(s.acted) or set(s.acted) & set(s.fresh)):
            yield "activation", "a unit selected twice, or deployed this turn and selected"
        if s.phase == PICK and (not s.queue or not s.queue[0].options):
            yield "pick", "a choice is pending without options"

    def _misplaced(self, s: State, everything: list[int]) -> Iterator[tuple[str, str]]:
        """The messages for cards in no place, in two places or with the wrong owner."""
        g = s.game
        seen = [0] * g.count
        for uid in everything:
            seen[uid] += 1
        for uid, n in enumerate(seen):
            if n != 1:
                what = "terrain piece" if g.kind[uid] == TERRAIN else \
                    f"{_of(g.names[g.owner[uid]])} {g.label[uid]}"
                yield "one-place", f"{what} is in {n} places"
                return
        for p in (0, 1):
            for zone in (s.pile[p], s.hand[p], s.used[p], s.gone[p], s.active[p]):
                for uid in zone:
                    if g.owner[uid] != p:
                        yield "owner", f"{g.label[uid]} is in the wrong player's cards"
                        return
            if any(g.kind[uid] != UNIT for uid in s.gone[p]) or \
                    any(g.kind[uid] == UNIT for uid in s.used[p] + s.active[p]):
                yield "zone", f"player {p + 1} has a card in a place of the wrong kind"
                return


def _within(zone: tuple[int, ...], lo: int, hi: int, ascending: bool) -> bool:
    """Whether every card of ``zone`` is numbered ``lo`` to ``hi`` (its owner's), in
    ascending order when asked (reserves and discards are kept sorted)."""
    last = lo
    for uid in zone:
        if uid < lo or uid > hi or (ascending and uid < last):
            return False
        last = uid
    return True


def _negative(counts: tuple[int, ...]) -> bool:
    """Whether any of ``counts`` is below 0."""
    for n in counts:
        if n < 0:
            return True
    return False
