"""Where a piece can go: movement on bit masks of the flat board.

A set of cells is an int whose bit ``i`` is cell ``i``. One step of every path at once is
a shift (up ``>> wp``, right ``<< 1``, down ``<< wp``, left ``>> 1``) masked by the
spaces a path may use; keeping one mask per direction of the last step enforces M5 ("no
direct backtracking") exactly. A move of ``n`` spaces is ``n`` such steps, the last one
masked by the spaces a move may end on (free spaces it may land on, and enemies it may
attack). The search takes one piece at a time, its masks cut into three words that fit
the compiled build's unboxed ints (`reach_words`): a few hundred machine-word operations
per piece, no big int. The pure build keeps the board in one int (`reach`): fewer
operations, which is what costs there.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from .state import LOCUST_SPACES, RESERVE, S_BRIDGE, S_CASTLE, S_KEEP, S_PAD, S_TREE, Static


def reach(wp: int, a: int, steps: int, inner: int, final: int) -> tuple[int, int, int, int]:
    """`reach_words` of a board in one word (as the pure build keeps it)."""
    m = inner if steps > 1 else final
    # The first step from the start (no last direction yet) goes every way.
    u, r, d, left = (a >> wp) & m, (a << 1) & m, (a << wp) & m, (a >> 1) & m
    k = 1
    while k < steps:
        k += 1
        if k == steps:
            m = final
        # Moving up may follow any step but a step down (M5), and so on.
        h = r | left
        v = u | d
        if not (h or v):
            return 0, 0, 0, 0
        u, r, d, left = ((u | h) >> wp) & m, ((r | v) << 1) & m, ((d | h) << wp) & m, \
            ((left | v) >> 1) & m
    return u, r, d, left


def reach_words(wp: int, size: int, a0: int, a1: int, a2: int, steps: int,
                i0: int, i1: int, i2: int, f0: int, f1: int, f2: int
                ) -> tuple[int, int, int, int, int, int, int, int, int, int, int, int]:
    """The cells one piece reaches in exactly ``steps`` steps (at least 1), by the
    direction of the last step: ``(up, right, down, left)``, each as three words.

    A mask of the board is cut into three words of ``size`` bits (whole rows: see
    `Static.word_bits`), small enough for the compiled build's unboxed ints. ``a`` is
    where the piece starts (its cell, or the entry cells it stepped on from the reserve);
    steps before the last may only use ``inner`` cells, the last lands on a ``final`` one.
    Up is ``>> wp`` (a word takes the next word's lowest row into its highest), down
    ``<< wp`` (the other way), right ``<< 1`` and left ``>> 1`` (the padding column at
    the end of every row, so of every word, is never in a mask: nothing crosses a word).
    """
    if not (a1 or a2 or i1 or i2 or f1 or f2):  # the board in one word (`Static`)
        u, r, d, left = reach(wp, a0, steps, i0, f0)
        return u, 0, 0, r, 0, 0, d, 0, 0, left, 0, 0
    up_in = size - wp  # where a word's lowest row goes in the word before (up)
    row = (1 << wp) - 1  # a word's lowest row
    keep = (1 << up_in) - 1  # the rows of a word that stay in it going down
    m0, m1, m2 = (i0, i1, i2) if steps > 1 else (f0, f1, f2)
    # The first step from the start (no last direction yet) goes every way.
    u0 = ((a0 >> wp) | ((a1 & row) << up_in)) & m0
    u1 = ((a1 >> wp) | ((a2 & row) << up_in)) & m1
    u2 = (a2 >> wp) & m2
    d0 = ((a0 & keep) << wp) & m0
    d1 = (((a1 & keep) << wp) | (a0 >> up_in)) & m1
    d2 = (((a2 & keep) << wp) | (a1 >> up_in)) & m2
    r0, r1, r2 = (a0 << 1) & m0, (a1 << 1) & m1, (a2 << 1) & m2
    l0, l1, l2 = (a0 >> 1) & m0, (a1 >> 1) & m1, (a2 >> 1) & m2
    k = 1
    while k < steps:
        k += 1
        if k == steps:
            m0, m1, m2 = f0, f1, f2
        # Moving up may follow any step but a step down (M5), and so on.
        h0, h1, h2 = r0 | l0, r1 | l1, r2 | l2
        v0, v1, v2 = u0 | d0, u1 | d1, u2 | d2
        if not (h0 or h1 or h2 or v0 or v1 or v2):
            return 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0
        x0, x1, x2 = u0 | h0, u1 | h1, u2 | h2  # (every step but down may go up)
        u0 = ((x0 >> wp) | ((x1 & row) << up_in)) & m0
        u1 = ((x1 >> wp) | ((x2 & row) << up_in)) & m1
        u2 = (x2 >> wp) & m2
        x0, x1, x2 = d0 | h0, d1 | h1, d2 | h2
        d0 = ((x0 & keep) << wp) & m0
        d1 = (((x1 & keep) << wp) | (x0 >> up_in)) & m1
        d2 = (((x2 & keep) << wp) | (x1 >> up_in)) & m2
        r0, r1, r2 = ((r0 | v0) << 1) & m0, ((r1 | v1) << 1) & m1, ((r2 | v2) << 1) & m2
        l0, l1, l2 = ((l0 | v0) >> 1) & m0, ((l1 | v1) >> 1) & m1, ((l2 | v2) >> 1) & m2
    return u0, u1, u2, r0, r1, r2, d0, d1, d2, l0, l1, l2


_BYTE_BITS: Final = tuple(bin(b).count("1") for b in range(256))
"""How many bits of each byte value are set."""


def nth_bit(mask: int, i: int) -> int:
    """The cell of the ``i``-th lowest cell of a mask (counted from 0; the mask has more
    than ``i`` cells): a byte at a time, the mask's bytes read once."""
    data = mask.to_bytes((mask.bit_length() + 7) // 8, "little")
    for k in range(len(data)):
        byte = data[k]
        count = _BYTE_BITS[byte]
        if i < count:
            while i:  # drop the i lowest cells of the byte
                byte &= byte - 1
                i -= 1
            return 8 * k + (byte & -byte).bit_length() - 1
        i -= count
    raise IndexError("fewer cells than asked for")


def bits(mask: int) -> list[int]:
    """The cells of a mask, in increasing order (a byte at a time: small ints only)."""
    out: list[int] = []
    data = mask.to_bytes((mask.bit_length() + 7) // 8, "little")
    for k in range(len(data)):
        byte = data[k]
        while byte:
            low = byte & -byte
            out.append(8 * k + low.bit_length() - 1)
            byte ^= low
    return out


class Moves(Sequence[tuple]):
    """The options of a move decision, made only as far as they are looked at.

    A move decision offers about a hundred moves, of which a random player looks at one.
    They are kept as the search found them, by piece of ``pieces``: ``found[j]``, the
    cells piece ``j`` may move to (a mask of the board), and ``hits[j]``, the search's
    five planes (``entered`` from the reserve, then `reach_words`'s ``up, right, down,
    left``) where they meet ``targets``, the enemies it may attack (``()`` for a piece
    with no attack; ``hits`` is ``()`` when no piece has one). A piece's moves come in
    increasing cell order, then its attacks sorted by target and cell attacked from
    (`attack_sources`). ``len`` is exact at once (bit counts, kept by piece); an option
    is made when it is indexed (`nth_bit`), and all of them (once, then kept) when
    iterated. Equal to a list of the same options, as the engine's lists are.
    """

    __slots__ = ("seat", "pieces", "found", "wp", "hits", "targets", "n", "moves",
                 "counts", "_attacks", "_items", "_last")

    def __init__(self, seat: int, pieces: tuple[int, ...], found: tuple[int, ...],
                 wp: int = 0, hits: tuple[tuple[int, ...], ...] = (),
                 targets: int = 0) -> None:
        self.seat = seat
        self.pieces = pieces
        self.found = found
        self.wp = wp
        self.hits = hits
        self.targets = targets
        # By piece: how many moves, and how many options (moves and attacks).
        moves: list[int] = []
        counts: list[int] = []
        n = 0
        for j in range(len(found)):
            k = found[j].bit_count() if found[j] else 0
            moves.append(k)
            if hits:
                for plane in hits[j]:
                    if plane:
                        k += plane.bit_count()  # (one attack a cell of a plane)
            counts.append(k)
            n += k
        self.n = n
        self.moves = moves
        self.counts = counts
        self._attacks: dict[int, list[tuple]] | None = None  # by piece, made when asked
        self._items: list[tuple] | None = None
        self._last: tuple | None = None  # the option last made by indexing

    def attacks(self, j: int) -> list[tuple]:
        """The attacks of piece ``j`` (made once)."""
        made_by_piece = self._attacks
        if made_by_piece is None:
            made_by_piece = self._attacks = {}
        made = made_by_piece.get(j)
        if made is None:
            made = []
            if self.hits and self.hits[j]:
                entered, up, right, down, left = self.hits[j]
                seat, piece = self.seat, self.pieces[j]
                made = [("attack", seat, piece, target, frm)
                        for target, frm in attack_sources(
                            self.wp, (entered, up, right, down, left), self.targets)]
            made_by_piece[j] = made
        return made

    def first_piece(self) -> int:
        """The piece of the first option (-1 if there is none)."""
        for j in range(len(self.pieces)):
            if self.counts[j]:
                return self.pieces[j]
        return -1

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return self.items()[i]
        return self.option(i)

    def option(self, i: int) -> tuple:
        """The ``i``-th option (``legal[i]``), made now unless all are made already."""
        n = self.n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("option index out of range")
        items = self._items
        if items is not None:
            return items[i]
        counts = self.counts
        j = 0
        while i >= counts[j]:  # the piece's options, then the next piece's
            i -= counts[j]
            j += 1
        moves = self.moves[j]
        option: tuple
        if i < moves:
            option = ("move", self.seat, self.pieces[j], nth_bit(self.found[j], i))
        else:
            option = self.attacks(j)[i - moves]
        self._last = option
        return option

    def items(self) -> list[tuple]:
        """Every option, as a list (made once)."""
        items = self._items
        if items is None:
            items = []
            add = items.append
            seat = self.seat
            for j in range(len(self.pieces)):
                piece = self.pieces[j]
                for cell in bits(self.found[j]):
                    add(("move", seat, piece, cell))
                if self.hits:
                    items.extend(self.attacks(j))
            self._items = items
        return items

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.items())

    def __contains__(self, action: object) -> bool:
        if action is self._last and action is not None:
            return True  # the option just made by indexing
        if self._items is None and type(action) is tuple and 4 <= len(action) <= 5 \
                and type(action[3]) is int:
            if action[1] != self.seat or action[2] not in self.pieces:
                return False
            j = self.pieces.index(action[2])
            if action[0] == "move" and len(action) == 4:
                cell = action[3]
                return cell >= 0 and bool(self.found[j] >> cell & 1)
            if action[0] == "attack" and len(action) == 5:
                return action in self.attacks(j)
            return False
        return action in self.items()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Moves):
            return self.items() == other.items()
        if isinstance(other, list):
            return self.items() == other
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(self.items())


def attack_sources(wp: int, ends: tuple[int, int, int, int, int],
                   targets: int) -> list[tuple[int, int]]:
    """``(target, from)`` for every enemy reached on the last step, with the cell the
    attacker stands on when it attacks (RESERVE for an attack while entering)."""
    a, u, r, d, left = ends
    out = []
    for target in bits(a & targets):
        out.append((target, RESERVE))
    for mask, back in ((u, wp), (r, -1), (d, -wp), (left, 1)):
        for target in bits(mask & targets):
            out.append((target, target + back))
    out.sort()
    return out


def blocked_in_ends(st: Static, start: int, steps: int, occupied: int, inner: int,
                    land: int) -> list[int]:
    """Ruling ``castle-blocked-in``: the cells a piece completely blocked in on the enemy
    castle can end on when it may go through pieces, each piece passed adding one to its
    roll (so it costs no step). Trees and spaces it may not enter still block; it never
    steps straight back (M5) and ends on a free space it may land on."""
    found: set[int] = set()
    seen: set[tuple[int, int, int]] = set()
    stack = [(start, -1, steps)]
    neighbours = st.neighbours
    while stack:
        cell, prev, left = stack.pop()
        for nb in neighbours[cell]:
            if nb == prev:
                continue
            bit = 1 << nb
            if occupied & bit:
                state = (nb, cell, left)  # through a piece: it adds one to the roll
            elif inner & bit:
                if left == 1:
                    if land & bit:
                        found.add(nb)
                    continue
                state = (nb, cell, left - 1)
            else:
                continue
            if state not in seen:
                seen.add(state)
                stack.append(state)
    return sorted(found)


def locust_end(st: Static, cell: int, direction: int, blocked: int) -> int:
    """Ruling ``locust-swarm``: where Locust Swarm drives a piece from ``cell``.

    It travels straight in ``direction`` until it has crossed `LOCUST_SPACES` spaces it
    could stop on, jumping trees and the ``blocked`` cells (pieces, spaces it may not
    enter); it stops short before a drawbridge, a castle or the board's edge. Returns
    the cell it ends on (``cell`` itself when it cannot move at all).
    """
    step = st.shifts[direction]
    kind = st.kind
    n = st.n
    end = cur = cell
    counted = 0
    while counted < LOCUST_SPACES:
        nxt = cur + step
        if not 0 <= nxt < n or kind[nxt] == S_PAD:
            break  # the board's edge (every row ends in a padding cell)
        what = kind[nxt]
        if what in (S_BRIDGE, S_CASTLE):
            break  # "the number of spaces is cut short"
        cur = nxt
        if what == S_TREE or blocked & (1 << nxt):
            continue  # "they are added to the total number of spaces moved"
        counted += 1
        end = nxt
    return end


def is_keep(st: Static, cell: int) -> bool:
    """Whether a cell is a keep."""
    return cell >= 0 and st.kind[cell] == S_KEEP
