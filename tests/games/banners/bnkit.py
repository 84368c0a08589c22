"""Helpers for Battle of Banners engine tests: boards, cells by sheet name, positions,
a brute-force path finder that reads the movement rules straight from the book, and the
renaming of positions (sides swapped on a mirrored board, sheet rows reordered) that the
fairness and evaluation tests compare."""

from __future__ import annotations

from collections.abc import Callable

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
from toolkit.games.banners.engine.state import (
    E_LOCUST,
    RESERVE,
    S_KEEP,
    S_PAD,
    S_TREE,
    State,
    new_state,
)
from toolkit.sim.engine import CHANCE
from toolkit.sim.harness import agent_stream, chance_stream

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
    keep's enemy safe, Ghost Magic; a path may come back to its start (M5 bars only
    direct backtracking), except to the enemy castle, which the piece "must leave"."""
    st = s.st
    side = st.piece_side[piece]
    enemy = 1 - side
    t = s.turn
    occupied = {c: i for i, c in enumerate(s.pos) if c >= 0 and i != piece}
    closed = {st.keeps[k] for k, o in enumerate(s.keep_open) if o > t}
    carrier = s.flag_carrier[enemy] == piece
    start = s.pos[piece]
    must_leave = start == st.castle[enemy]
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
                if free(nb) and not (must_leave and nb == start):
                    found.add((piece, nb))
                elif nb in occupied and st.piece_side[occupied[nb]] == enemy and attack_ok \
                        and st.kind[nb] != S_KEEP:
                    found.add((piece, "x", nb, c))
            elif free(nb):
                walk(nb, c, left - 1)

    if start >= 0:
        walk(start, -1, steps)
    return found


Cells = Callable[[int], int]


def decisions(rules: BannersRules, params: BannersParams, lineup: list[str], games: int,
              seed: int) -> list[tuple[State, int]]:
    """Every decision with two or more options of some seeded games: (state, seat)."""
    agents = [rules.agents[name]() for name in lineup]
    out = []
    for g in range(games):
        chance, arng = chance_stream(seed + g), agent_stream(seed + g)
        s = rules.setup(params, chance)
        while rules.outcome(s) is None:
            mover = rules.to_move(s)[0]
            if mover == CHANCE:
                s = rules.apply(s, rules.chance(s, chance))
                continue
            legal = rules.legal_actions(s, mover)
            if len(legal) > 1:
                out.append((s, mover))
            s = rules.apply(s, agents[mover].act(rules.observe(s, mover), legal, arng))
    return out


def moved(s: State, params: BannersParams, piece: Callable[[int], int], cell: Cells,
          kind: Callable[[int], int], side: Callable[[int], int],
          seat: Callable[[int], int]) -> State:
    """The state ``s`` with its pieces, cells, item kinds, sides and seats renamed (for
    ``params``, whose Static the renamed state uses)."""
    st = static_of(params)
    old = s.st

    def at(c: int) -> int:
        return cell(c) if c >= 0 else c

    def who(i: int) -> int:
        return piece(i) if i >= 0 else i

    def by_side(values: tuple) -> tuple:
        out = [values[0]] * 2
        for k in (0, 1):
            out[side(k)] = values[k]
        return tuple(out)

    def by_seat(values: tuple) -> tuple:
        out = [values[0]] * len(values)
        for q in range(len(values)):
            out[seat(q)] = values[q]
        return tuple(out)

    def cards(counts: tuple) -> tuple:
        out = [0] * len(counts)
        for k, n in enumerate(counts):
            out[kind(k)] = n
        return tuple(out)

    pos = [0] * len(s.pos)
    for i, c in enumerate(s.pos):
        pos[piece(i)] = at(c)
    keep_open = [0] * len(s.keep_open)
    for k, t in enumerate(s.keep_open):
        keep_open[st.keep_index[cell(old.keeps[k])]] = t
    combat = None
    if s.combat is not None:
        att, dfn, frm, amod, dmod, ar, dr, origin = s.combat
        combat = (piece(att), piece(dfn), at(frm), amod, dmod, ar, dr, at(origin))
    return new_state(
        st, tuple(pos), by_side(tuple(who(i) for i in s.flag_carrier)),
        by_side(tuple(at(c) for c in s.flag_drop)), tuple(keep_open),
        by_side(tuple(cards(h) for h in s.hands)), by_side(tuple(cards(h) for h in s.fresh)),
        by_side(tuple(cards(h) for h in s.known)), cards(s.deck), cards(s.discard),
        by_seat(s.used_item), by_seat(s.used_combat), s.turn, side(s.side), s.member,
        side(s.first) if s.first >= 0 else s.first, s.phase, s.roll, s.horse, who(s.moved),
        by_side(s.ghost), by_side(s.rain), by_side(s.rain_by), combat, None, by_side(s.played))


def action_moved(a: tuple, s: State, piece: Callable[[int], int], cell: Cells,
                 kind: Callable[[int], int], seat: Callable[[int], int],
                 turn_dir: Callable[[int], int]) -> tuple:
    """An action of ``s`` renamed like the state (`moved`)."""
    def at(c: int) -> int:
        return cell(c) if c >= 0 else c

    what, q = a[0], seat(a[1])
    if what in ("move", "reinforce"):
        return (what, q, piece(a[2]), at(a[3]))
    if what == "attack":
        return (what, q, piece(a[2]), at(a[3]), at(a[4]))
    if what == "place":
        return (what, q, at(a[2]))
    if what in ("combat", "knife"):
        return (what, q, kind(a[2]))
    if what == "item":
        k = kind(a[2])
        if len(a) == 3:
            return (what, q, k)
        if len(a) == 4:
            return (what, q, k, piece(a[3]))
        effect = s.st.kind_effect[a[2]]
        last = turn_dir(a[4]) if effect == E_LOCUST else at(a[4])
        return (what, q, k, piece(a[3]), last)
    return (what, q)


def plain(s: State, a: tuple) -> tuple:
    """An action with each piece off the board named by its colour and place (pieces
    waiting alike are interchangeable: the engine offers one of each colour)."""
    st = s.st

    def name(i: int) -> object:
        return i if s.pos[i] >= 0 else (st.piece_color[i], s.pos[i])

    if a[0] in ("move", "reinforce", "attack"):
        return (a[0], a[1], name(a[2]), *a[3:])
    if a[0] == "item" and len(a) >= 4:
        return (*a[:3], name(a[3]), *a[4:])
    return a


def side_swap(params: BannersParams, cell: Cells, turn_dir: Callable[[int], int]):
    """The renaming that swaps the sides: each piece becomes the piece of the same
    colour role and number of the other side (Blue k and Red k, Green k and Yellow k)."""
    st = static_of(params)
    partner = {}
    for i in st.side_pieces[0]:
        j = st.side_pieces[1][st.side_pieces[0].index(i)]
        partner[i], partner[j] = j, i
    return dict(piece=partner.__getitem__, cell=cell, kind=lambda k: k,
                side=lambda s: 1 - s, seat=lambda q: q ^ 1, turn_dir=turn_dir)


def rows_mirrored(params: BannersParams) -> Cells:
    st = static_of(params)
    return lambda c: (st.h - 1 - c // st.wp) * st.wp + c % st.wp


def half_turned(params: BannersParams) -> Cells:
    st = static_of(params)
    return lambda c: (st.h - 1 - c // st.wp) * st.wp + (st.w - 1 - c % st.wp)


__all__ = ["BLUE1", "BLUE2", "CORRIDOR", "GREEN1", "GREEN2", "RED1", "RED2", "YELLOW1",
           "YELLOW2", "action_moved", "at", "brute_force", "bundled_params", "cell",
           "corridor_params", "decisions", "half_turned", "kind", "moved", "moves",
           "name_of", "plain", "rows_mirrored", "side_swap"]
