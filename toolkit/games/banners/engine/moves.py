"""Where a piece can go: movement on bit masks of the flat board.

A set of cells is an int whose bit ``i`` is cell ``i``. One step of every path at once is
a shift (up ``>> wp``, right ``<< 1``, down ``<< wp``, left ``>> 1``) masked by the
spaces a path may use; keeping one mask per direction of the last step enforces M5 ("no
direct backtracking") exactly. A move of ``n`` spaces is ``n`` such steps, the last one
masked by the spaces a move may end on (free spaces it may land on, and enemies it may
attack). The whole search costs a few dozen big-int operations per piece.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from .state import LOCUST_SPACES, RESERVE, S_BRIDGE, S_CASTLE, S_KEEP, S_PAD, S_TREE, Static


def reach(wp: int, start: int, entry: int, steps: int, inner: int,
          last: int) -> tuple[int, int, int, int, int]:
    """The cells a piece reaches in exactly ``steps`` steps, by the direction of the last
    step: ``(entered, up, right, down, left)``.

    ``start`` is the piece's cell as a mask (0 for a piece entering from the reserve,
    whose first step is onto one of the ``entry`` cells, in any direction). Steps before
    the last may only use ``inner`` cells; the last step lands on a ``last`` cell.
    ``entered`` is non-zero only for a one-step entry from the reserve.
    """
    if start:
        a, k = start, 1
    else:
        a = entry & (inner if steps > 1 else last)
        if steps == 1:
            return a, 0, 0, 0, 0
        k = 2
    # The first step from ``a`` (no last direction yet) goes every way.
    m = inner if k < steps else last
    u, r, d, left = (a >> wp) & m, (a << 1) & m, (a << wp) & m, (a >> 1) & m
    while k < steps:
        k += 1
        m = inner if k < steps else last
        # Moving up may follow any step but a step down (M5), and so on.
        h = r | left
        v = u | d
        if not (h or v):
            break
        u, r, d, left = ((u | h) >> wp) & m, ((r | v) << 1) & m, ((d | h) << wp) & m, \
            ((left | v) >> 1) & m
    return 0, u, r, d, left


def bits(mask: int) -> list[int]:
    """The cells of a mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Moves(Sequence[tuple]):
    """The options of a move decision, made only as far as they are looked at.

    A move decision offers about a hundred moves, of which a random player looks at one.
    The options are kept as one segment per piece, in the order they are offered: the
    piece, the mask of the cells it may move to (offered in increasing cell order), then
    its attacks (tuples, already sorted). ``len`` is exact at once; an option is made
    when it is indexed, and all of them (once, then kept) when iterated. Equal to a list
    of the same options, as the list the engine used to return was.
    """

    __slots__ = ("seat", "pieces", "masks", "counts", "attacks", "n", "_items")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.pieces: list[int] = []
        self.masks: list[int] = []
        self.counts: list[int] = []
        self.attacks: list[list[tuple] | None] = []
        self.n = 0
        self._items: list[tuple] | None = None

    def add(self, piece: int, mask: int, attacks: list[tuple] | None) -> None:
        """Offer ``piece``'s moves to the cells of ``mask``, then its ``attacks``."""
        count = mask.bit_count()
        self.pieces.append(piece)
        self.masks.append(mask)
        self.counts.append(count)
        self.attacks.append(attacks)
        self.n += count + (len(attacks) if attacks else 0)

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i):  # type: ignore[override]
        if isinstance(i, slice):
            return self.items()[i]
        n = self.n
        if i < 0:
            i += n
        if not 0 <= i < n:
            raise IndexError("option index out of range")
        items = self._items
        if items is not None:
            return items[i]
        for k, count in enumerate(self.counts):
            if i < count:
                m = self.masks[k]
                while i:  # drop the i lowest cells
                    m &= m - 1
                    i -= 1
                return ("move", self.seat, self.pieces[k], (m & -m).bit_length() - 1)
            i -= count
            attacks = self.attacks[k]
            if attacks:
                if i < len(attacks):
                    return attacks[i]
                i -= len(attacks)
        raise IndexError("option index out of range")  # pragma: no cover - n is exact

    def items(self) -> list[tuple]:
        """Every option, as a list (made once)."""
        items = self._items
        if items is None:
            items = []
            add = items.append
            seat = self.seat
            for k, piece in enumerate(self.pieces):
                for cell in bits(self.masks[k]):
                    add(("move", seat, piece, cell))
                attacks = self.attacks[k]
                if attacks:
                    items.extend(attacks)
            self._items = items
        return items

    def __iter__(self) -> Iterator[tuple]:
        return iter(self.items())

    def __contains__(self, action: object) -> bool:
        if self._items is None and type(action) is tuple and len(action) == 4 \
                and action[0] == "move" and type(action[3]) is int and action[3] >= 0:
            if action[1] != self.seat:
                return False
            piece, cell = action[2], action[3]
            for k, p in enumerate(self.pieces):
                if p == piece and self.masks[k] >> cell & 1:
                    return True
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
