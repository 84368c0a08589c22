"""Helpers for Battle of Banners engine tests: boards, cells by sheet name, positions,
and a brute-force path finder that reads the movement rules straight from the book."""

from __future__ import annotations

from toolkit.games.banners.book import EFFECT_NAMES
from toolkit.games.banners.engine import (
    BannersParams,
    BannersRules,
    book_items,
    bundled_params,
    pieces,
    static_of,
)
from toolkit.games.banners.engine.samples import grid
from toolkit.games.banners.engine.state import RESERVE, S_KEEP, S_PAD, S_TREE, State

# Pieces of the bundled set, in Pieces-sheet order.
BLUE1, BLUE2, GREEN1, GREEN2, RED1, RED2, YELLOW1, YELLOW2 = range(8)

CORRIDOR = grid("""
T  T  T  T  T  T  T
C2 D2 .  .  .  .  .
T  T  T  T  T  T  .
.  .  .  .  .  .  .
.  T  T  T  T  T  T
.  .  .  .  .  D1 C1
T  T  T  T  T  T  T
""")
"""One winding corridor from castle C2 (A2) to castle C1 (G6): no branch anywhere."""


def corridor_params(players: int = 2) -> BannersParams:
    """The corridor board with one piece of each colour."""
    return BannersParams(CORRIDOR, pieces(((1, "Blue", 1), (1, "Green", 1), (2, "Red", 1),
                                           (2, "Yellow", 1))), book_items(), players)


def cell(params: BannersParams, name: str) -> int:
    """A space by its sheet name ('E7') → the engine's cell number."""
    st = static_of(params)
    col = ord(name[0]) - ord("A")
    row = int(name[1:]) - 1
    return row * st.wp + col


def name_of(params: BannersParams, c: int) -> str:
    """The engine's cell number → the sheet name."""
    st = static_of(params)
    row, col = divmod(c, st.wp)
    return f"{chr(ord('A') + col)}{row + 1}"


def kind(name: str) -> int:
    """The item kind of an effect in the book's deck (kinds follow the book's order)."""
    return EFFECT_NAMES.index(name)


def at(rules: BannersRules, params: BannersParams, where: dict[int, str], **fields) -> State:
    """A position: pieces at named spaces (others where set-up puts them)."""
    return rules.position(params, {p: cell(params, n) if isinstance(n, str) else n
                                   for p, n in where.items()}, **fields)


def moves(rules: BannersRules, s: State) -> set[tuple]:
    """The legal moves and attacks of a MOVE decision, with cells by name."""
    p = s.st.params
    out = set()
    for a in rules.legal_actions(s, rules.to_move(s)[0]):
        if a[0] == "move":
            out.add((a[2], name_of(p, a[3])))
        elif a[0] == "attack":
            out.add((a[2], "x" + name_of(p, a[3]), "from " + (
                "reserve" if a[4] == RESERVE else name_of(p, a[4]))))
    return out


def brute_force(s: State, piece: int, steps: int) -> set[tuple]:
    """Every full-length move and attack of ``piece``, by walking every path: M2 (the full
    roll, orthogonal steps), M5 (never straight back), trees and pieces blocking, keeps
    closed or (M4) barred to a flag carrier, the own side's dropped flag barred (C5), a
    keep's enemy safe, Ghost Magic, and the move ending off its start (ruling path-shape)."""
    st = s.st
    side = st.piece_side[piece]
    enemy = 1 - side
    t = s.turn
    occupied = {c: i for i, c in enumerate(s.pos) if c >= 0 and i != piece}
    closed = {st.keeps[k] for k, o in enumerate(s.keep_open) if o > t}
    carrier = s.flag_carrier[enemy] == piece
    start = s.pos[piece]
    attack_ok = s.ghost[side] < t and s.ghost[enemy] < t

    def free(c: int) -> bool:
        return (st.kind[c] not in (S_TREE, S_PAD) and c not in occupied and c not in closed
                and c != s.flag_drop[side] and not (carrier and st.kind[c] == S_KEEP)
                and not (c == start and st.kind[c] == S_KEEP))

    found = set()

    def walk(c: int, prev: int, left: int) -> None:
        for nb in st.neighbours[c]:
            if nb == prev:
                continue
            if left == 1:
                if free(nb) and nb != start:
                    found.add((piece, nb))
                elif nb in occupied and st.piece_side[occupied[nb]] == enemy and attack_ok \
                        and st.kind[nb] != S_KEEP:
                    found.add((piece, "x", nb, c))
            elif free(nb):
                walk(nb, c, left - 1)

    if start >= 0:
        walk(start, -1, steps)
    return found


__all__ = ["BLUE1", "BLUE2", "CORRIDOR", "GREEN1", "GREEN2", "RED1", "RED2", "YELLOW1",
           "YELLOW2", "at", "brute_force", "bundled_params", "cell", "corridor_params",
           "kind", "moves", "name_of"]
