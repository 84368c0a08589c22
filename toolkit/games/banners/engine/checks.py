"""The Battle of Banners invariants: a fast check that returns at once, and the full one.

The harness checks the invariants after every step (`BannersRules.invariants`). `broken`
is the full check, with a message for each broken invariant. `Checker` answers the
common case, nothing broken, in a few operations: it remembers the parts of the last
state it found clean (the tuples of positions and cards are immutable, so the same
object has the same content) and checks again only the parts that changed: the pieces
that moved since the last clean positions, one by one against its occupancy masks
(the whole tally only when that cannot settle it). Whenever its quick checks find
anything amiss it runs `broken`, so what is reported is always the full check's.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from .state import (
    OVER,
    REAPED,
    RESERVE,
    S_KEEP,
    S_PAD,
    S_TREE,
    State,
    Static,
    cell_name,
    occupancy,
)

SIDE_NAMES: Final = ("Side 1", "Side 2")
_CLEAN: Final[tuple[tuple[str, str], ...]] = ()


class Checker:
    """The invariants with a fast path (see the module docstring). It keeps no game
    state: only the last parts found clean, which the next state usually shares."""

    __slots__ = ("pos", "occ0", "occ1", "carrier", "drop", "opens", "turn", "combat",
                 "running", "board", "deck", "discard", "hands", "fresh", "known", "st")

    def __init__(self) -> None:
        self.pos: tuple[int, ...] | None = None
        self.occ0 = self.occ1 = -1
        self.carrier: tuple[int, ...] | None = None
        self.drop: tuple[int, ...] | None = None
        self.opens: tuple[int, ...] | None = None
        self.turn = 0
        self.combat: tuple[int, ...] | None = None
        self.running = False
        self.board: object = None
        self.deck: tuple[int, ...] | None = None
        self.discard: tuple[int, ...] | None = None
        self.hands: tuple[tuple[int, ...], ...] | None = None
        self.fresh: tuple[tuple[int, ...], ...] | None = None
        self.known: tuple[tuple[int, ...], ...] | None = None
        self.st: object = None

    def check(self, s: State) -> Sequence[tuple[str, str]]:
        """Every broken invariant of ``s`` as (name, message); empty when all hold."""
        running = s.outcome is None
        if running and s.phase == OVER:
            return list(broken(s))
        # The pieces as last found clean, their keeps closed no longer than then (a
        # closed keep only opens as the turns go by): nothing to check again.
        if not (s.pos is self.pos and s.keep_open is self.opens and s.turn >= self.turn
                and s.occ0 == self.occ0 and s.occ1 == self.occ1
                and s.flag_carrier is self.carrier and s.flag_drop is self.drop
                and s.combat is self.combat and running == self.running
                and s.st is self.board) and \
                not self._pieces_clean(s, running):
            return list(broken(s))
        if s.deck is self.deck and s.hands is self.hands and s.discard is self.discard \
                and s.fresh is self.fresh and s.known is self.known and s.st is self.st:
            return _CLEAN
        if self._cards_clean(s):
            return _CLEAN
        return list(broken(s))

    def _pieces_clean(self, s: State, running: bool) -> bool:
        pos = s.pos
        st = s.st
        occ0, occ1 = s.occ0, s.occ1
        occ = occ0 | occ1
        t = s.turn
        # The keep rule: no piece inside a closed keep.
        opens = s.keep_open
        keeps = st.keeps
        for k in range(len(opens)):
            if opens[k] > t and occ >> keeps[k] & 1:
                return False
        # Positions: on the board's spaces or off it (-1 to -3), one piece a space, the
        # masks those of the positions; a team left without a piece has lost.
        if not self._moved_clean(s, pos, st, occ0, occ1, running):
            if not _tally_clean(s, pos, st, occ0, occ1, running):
                return False
        # Flags: carried by an enemy out of keeps, or lying on a free space.
        carriers, drops = s.flag_carrier, s.flag_drop
        if carriers[0] >= 0 or carriers[1] >= 0 or drops[0] >= 0 or drops[1] >= 0:
            kind = st.kind
            for side in (0, 1):
                carrier, drop = carriers[side], drops[side]
                if carrier >= 0:
                    c = pos[carrier]
                    if st.piece_side[carrier] == side or c < 0 or kind[c] == S_KEEP or \
                            drop >= 0:
                        return False
                if drop >= 0 and running:
                    if drop >= st.n or kind[drop] == S_TREE:
                        return False
                    if occ >> drop & 1 and not (s.combat is not None and
                                                pos[s.combat[0]] == drop):
                        return False
        self.pos, self.occ0, self.occ1, self.opens, self.turn = pos, occ0, occ1, opens, t
        self.carrier, self.drop, self.combat, self.running = carriers, drops, s.combat, running
        self.board = st
        return True

    def _moved_clean(self, s: State, pos: tuple[int, ...], st: Static, occ0: int,
                     occ1: int, running: bool) -> bool:
        """The positions checked against the last ones found clean, piece by piece: the
        pieces that moved left their spaces in the masks and took free spaces, the masks
        are the result, and each team still has a piece on the board. False when that
        does not settle it (the full tally decides)."""
        last = self.pos
        if last is None or st is not self.board or len(last) != len(pos):
            return False
        n = st.n
        sides = st.piece_side
        cell_bit = st.bit_or_zero
        left0, left1 = self.occ0, self.occ1
        took0 = took1 = 0
        for i in range(len(pos)):
            c = pos[i]
            was = last[i]
            if c != was:
                if c >= n or c < REAPED:
                    return False
                if sides[i]:
                    if was >= 0:
                        left1 ^= cell_bit[was]  # (its bit was set: the last ones were clean)
                    if c >= 0:
                        bit = cell_bit[c]
                        if (took0 | took1) & bit:
                            return False
                        took1 |= bit
                else:
                    if was >= 0:
                        left0 ^= cell_bit[was]
                    if c >= 0:
                        bit = cell_bit[c]
                        if (took0 | took1) & bit:
                            return False
                        took0 |= bit
        took = took0 | took1
        if took:
            if (left0 | left1) & took or took & st.all != took:
                return False
            left0 |= took0
            left1 |= took1
        # (a team with no piece on the board: the tally counts its reserve)
        return left0 == occ0 and left1 == occ1 and (not running or (occ0 != 0 and occ1 != 0))

    def _cards_clean(self, s: State) -> bool:
        deck, discard, hands, fresh, known = s.deck, s.discard, s.hands, s.fresh, s.known
        h0, h1 = hands[0], hands[1]
        f0, f1 = fresh[0], fresh[1]
        k0, k1 = known[0], known[1]
        counts = s.st.kind_counts
        if not (len(deck) == len(h0) == len(h1) == len(discard) == len(counts)
                == len(f0) == len(f1) == len(k0) == len(k1)):
            return False
        for k in range(len(counts)):
            a, b, c, d = deck[k], h0[k], h1[k], discard[k]
            # Every card in one place: the deck, a hand or the discard pile, none
            # negative; cards obtained this turn, and cards the other team knows of, held.
            if a + b + c + d != counts[k] or a < 0 or b < 0 or c < 0 or d < 0 or \
                    f0[k] > b or f1[k] > c or k0[k] > b or k1[k] > c:
                return False
        self.deck, self.discard, self.hands, self.fresh, self.known = \
            deck, discard, hands, fresh, known
        self.st = s.st
        return True


def _tally_clean(s: State, pos: tuple[int, ...], st: Static, occ0: int, occ1: int,
                 running: bool) -> bool:
    """The positions checked as a whole: `Static.piece_tally` summed over the pieces
    gives each side's cells, its pieces on the board and in the reserve at once."""
    n = st.n
    tally = 0
    table = st.piece_tally
    for i in range(len(pos)):
        c = pos[i]
        if c >= n or c < REAPED:
            return False
        tally += table[i][c]
    full = st.full
    for side in (0, 1):
        cells, on, waiting = st.tally_at[side]
        occ = occ1 if side else occ0
        aboard = tally >> on & 0xFFFF
        if tally >> cells & full != occ or occ.bit_count() != aboard:
            return False
        if running and not aboard and not tally >> waiting & 0xFFFF:
            return False
    occ = occ0 | occ1
    return not (occ0 & occ1 or occ & st.all != occ)

def broken(s: State) -> Iterator[tuple[str, str]]:
    """The full check: one piece a space, pieces on spaces, the occupancy masks those of
    the positions, the item cards adding up to the deck, fresh and known cards held,
    flags carried by enemies out of keeps or lying on free spaces, no piece inside a
    closed keep, and a team with no piece left having lost."""
    st = s.st
    pos = s.pos
    kind = st.kind
    cells = [c for c in pos if c >= 0]
    if len(cells) != len(set(cells)):
        yield "one-per-space", f"two pieces share a space: {sorted(pos)}"
    for i, c in enumerate(pos):
        if c >= st.n or (c >= 0 and kind[c] in (S_TREE, S_PAD)) or c < REAPED:
            yield "on-board", f"{st.piece_label[i]} stands on {c}, not a space"
    if all(c < st.n for c in pos) and occupancy(st, pos) != (s.occ0, s.occ1):
        yield "occupancy", "the occupancy masks are not those of the positions"
    deck, discard, hands = s.deck, s.discard, s.hands
    h0, h1 = hands
    totals = [a + b + c + d for a, b, c, d in zip(deck, h0, h1, discard, strict=True)]
    if tuple(totals) != st.kind_counts:
        yield "cards", f"cards {totals} do not add up to the deck {st.kind_counts}"
    if min(deck + discard + h0 + h1, default=0) < 0:
        yield "cards", "a negative card count"
    for side in (0, 1):
        hand = hands[side]
        fresh, known = s.fresh[side], s.known[side]
        if (sum(fresh) != 0 and any(f > h for f, h in zip(fresh, hand, strict=True))) or \
                (sum(known) != 0 and any(k > h for k, h in zip(known, hand, strict=True))):
            yield "cards", f"{SIDE_NAMES[side]}: more fresh or known cards than held"
        carrier, drop = s.flag_carrier[side], s.flag_drop[side]
        if carrier >= 0:
            c = pos[carrier]
            if st.piece_side[carrier] == side or c < 0:
                yield "flag", f"{SIDE_NAMES[side]}'s flag is carried by " \
                              f"{st.piece_label[carrier]} at {c}"
            elif kind[c] == S_KEEP:
                yield "flag", f"a flag carrier stands in the keep {cell_name(st, c)} (M4)"
            if drop >= 0:
                yield "flag", f"{SIDE_NAMES[side]}'s flag is both carried and dropped"
        if drop >= 0 and s.outcome is None:  # (a game won in combat leaves it be)
            fighting = s.combat is not None and pos[s.combat[0]] == drop
            if (drop in cells and not fighting) or kind[drop] == S_TREE:
                yield "flag", f"{SIDE_NAMES[side]}'s flag space {cell_name(st, drop)} " \
                              "is taken"
    t = s.turn
    for k, o in enumerate(s.keep_open):
        if o > t and st.keeps[k] in cells:
            cell = st.keeps[k]
            yield "keep", f"{st.piece_label[pos.index(cell)]} is inside the closed " \
                          f"keep {cell_name(st, cell)}"
    if s.outcome is None:
        if s.phase == OVER:
            yield "phase", "the game is over without an outcome"
        for side in (0, 1):
            for i in st.side_pieces[side]:
                if pos[i] >= RESERVE:
                    break
            else:
                yield "defeat", f"{SIDE_NAMES[side]} has no piece left but the game " \
                                "goes on"
