"""Where a piece can go: movement on bit masks of the flat board.

A set of cells is an int whose bit ``i`` is cell ``i``. One step of every path at once is
a shift (up ``>> wp``, right ``<< 1``, down ``<< wp``, left ``>> 1``) masked by the
spaces a path may use; keeping one mask per direction of the last step enforces M5 ("no
direct backtracking") exactly. A move of ``n`` spaces is ``n`` such steps, the last one
masked by the spaces a move may end on (free spaces it may land on, and enemies it may
attack). The whole search costs a few dozen big-int operations per piece.
"""

from __future__ import annotations

from .state import RESERVE, S_BRIDGE, S_CASTLE, S_KEEP, S_PAD, S_TREE, Static


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
        a, k = start, 0
    else:
        a, k = entry & (inner if steps > 1 else last), 1
    u = r = d = left = 0
    while k < steps:
        k += 1
        m = inner if k < steps else last
        # Moving up may follow any step but a step down (M5), and so on.
        u, r, d, left = (((a | u | r | left) >> wp) & m, ((a | u | r | d) << 1) & m,
                         ((a | r | d | left) << wp) & m, ((a | u | d | left) >> 1) & m)
        a = 0
    return a, u, r, d, left


def bits(mask: int) -> list[int]:
    """The cells of a mask, in increasing order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


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
    from .state import LOCUST_SPACES

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
