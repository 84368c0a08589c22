"""The Battle of Banners engine data: parameters, the board's geometry, state, observation.

Everything here is plain data. `BannersParams` is the engine's input (the validated
workbook: the board grid, the pieces, the item deck, 1v1 or 2v2). `Static` is built once
per parameters: a flat board of ints with one padding column, bit masks of every kind of
space (a cell ``i`` is bit ``1 << i``), neighbour lists and distances, and the pieces'
fixed attributes. `State` is one moment of a game; the rules copy it before every change,
so a state is never modified once handed out.

Cells are numbered ``row * (width + 1) + column`` from the sheet's top-left (row 0 is the
sheet's row 1, side 2's edge). Column ``width`` of every row is padding, never a space, so
shifting a mask by one column never wraps a piece onto the next row.

Sides are 0 (side 1, blue and green in the book) and 1 (side 2). Pieces are numbered in
the order of the Pieces sheet (Count expanded). A piece's position is a cell, or
``RESERVE`` (beside the board, waiting to enter through a drawbridge), ``REMOVED``
(defeated: may come back as a reinforcement) or ``REAPED`` (taken by The Reaper: out of
the game for good).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final, NamedTuple

from toolkit.core.report import column_letter
from toolkit.sim.engine import Outcome

from .. import book
from ..book import (
    ATTACK_BONUS,
    CASTLE,
    DRAWBRIDGE,
    EFFECTS,
    KEEP,
    LEAD_COLORS,
    SCOUT_COLORS,
    SIDE_COLORS,
    SPACE_CODES,
    TREE,
)

RESERVE: Final = -1
REMOVED: Final = -2
REAPED: Final = -3
"""Positions of pieces that are not on a space."""

# Space kinds on the flat board.
S_OPEN: Final = 0
S_TREE: Final = 1
S_KEEP: Final = 2
S_BRIDGE: Final = 3
S_CASTLE: Final = 4
S_PAD: Final = 5
_KINDS = {"open": S_OPEN, TREE: S_TREE, KEEP: S_KEEP, DRAWBRIDGE: S_BRIDGE, CASTLE: S_CASTLE}

# Directions: up (towards row 0), right, down, left; the opposite of d is d ^ 2.
UP: Final = 0
RIGHT: Final = 1
DOWN: Final = 2
LEFT: Final = 3
DIRECTION_NAMES: Final = ("up", "right", "down", "left")

# Phases of a player's part of a turn.
FIRST: Final = 0
ITEM: Final = 1
STEAL: Final = 2
ROLL: Final = 3
REINFORCE: Final = 4
MOVE: Final = 5
ATT_CARD: Final = 6
DEF_CARD: Final = 7
DICE: Final = 8
ATT_KNIFE: Final = 9
DEF_KNIFE: Final = 10
TIE: Final = 11
DRAW: Final = 12
OVER: Final = 13
PHASE_NAMES: Final = ("first", "item", "steal", "roll", "reinforce", "move", "attack card",
               "defence card", "dice", "attacker's knife", "defender's knife",
               "tie placement", "draw", "over")
CHANCE_PHASES = frozenset({FIRST, STEAL, ROLL, DICE, DRAW})

# Item effects by number (the book's order).
E_STRENGTH: Final = 0
E_DEFENSE: Final = 1
E_REINFORCE: Final = 2
E_HORSE: Final = 3
E_GHOST: Final = 4
E_RAIN: Final = 5
E_REAPER: Final = 6
E_POISON: Final = 7
E_LOCUST: Final = 8
E_WIND: Final = 9
E_KNIFE: Final = 10
E_SAFEGUARD: Final = 11
E_THIEF: Final = 12
E_AID: Final = 13
E_SABOTEUR: Final = 14
E_FAMINE: Final = 15
EFFECT_CODES = {name: code for code, name in enumerate(EFFECTS)}
COMBAT_EFFECTS = frozenset({E_STRENGTH, E_DEFENSE, E_POISON, E_KNIFE})
"""Red cards: played in combat, usable the turn they are drawn (T2)."""

LOCUST_SPACES: Final = 5
"""Locust Swarm: "Force the opponent's piece to move in any chosen direction 5 spaces."."""
RAIN_PENALTY: Final = 3
"""Rain Storm: "This subtracts your opponent's dice roll by 3 on their next turn."."""
POISON_PENALTY: Final = 3
"""Poison: "-3 on opponent's combat roll."."""
SCOUT_BONUS: Final[int] = book.SCOUT_BONUS
"""M3: a scout's +2 on its movement roll (the book's figure)."""


@dataclass(frozen=True, slots=True)
class ItemSpec:
    """One kind of item card: its printed name, the book effect it has, colour, copies."""

    name: str
    effect: str
    color: str
    count: int

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (ItemSpec, (self.name, self.effect, self.color, self.count))


@dataclass(frozen=True, slots=True)
class PieceSpec:
    """One piece: its side (0 or 1) and colour."""

    side: int
    color: str

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (PieceSpec, (self.side, self.color))


@dataclass(frozen=True, slots=True)
class BannersParams:
    """A game's parameters: the board grid (rows of space codes, row 0 = sheet row 1),
    the pieces (Count expanded, sheet order), the item deck, and 2 (1v1) or 4 (2v2)
    players."""

    board: tuple[tuple[str, ...], ...]
    pieces: tuple[PieceSpec, ...]
    items: tuple[ItemSpec, ...]
    players: int = 2
    name: str = "board"

    def __post_init__(self) -> None:
        if self.players not in (2, 4):
            raise ValueError(f"The Battle of Banners is played 1v1 (2 players) or 2v2 (4), "
                             f"not by {self.players}")
        if not self.board or len({len(r) for r in self.board}) != 1:
            raise ValueError("the board must be a non-empty rectangle of space codes")
        codes = [c for row in self.board for c in row]
        bad = sorted({c for c in codes if c not in SPACE_CODES})
        if bad:
            raise ValueError(f"unknown space codes {bad}")
        for side in (0, 1):
            if codes.count(f"C{side + 1}") != 1:
                raise ValueError(f"side {side + 1} needs exactly one castle")
            if f"D{side + 1}" not in codes:
                raise ValueError(f"side {side + 1} needs a drawbridge")
            colors = {p.color for p in self.pieces if p.side == side}
            if not colors or colors not in SIDE_COLORS and not any(colors < c for c in
                                                                   SIDE_COLORS):
                raise ValueError(f"side {side + 1} has pieces of colours {sorted(colors)}")
            if self.players == 4 and colors not in SIDE_COLORS:
                raise ValueError(f"in 2v2 side {side + 1} needs pieces of both its colours")
        if {p.color for p in self.pieces if p.side == 0} & \
                {p.color for p in self.pieces if p.side == 1}:
            raise ValueError("both sides use the same colours")
        for item in self.items:
            if item.effect not in EFFECT_CODES or item.count < 1:
                raise ValueError(f"item {item.name!r}: effect {item.effect!r}, "
                                 f"count {item.count}")

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (BannersParams, (self.board, self.pieces, self.items, self.players, self.name))


def cell_name(static: Static, cell: int) -> str:
    """A cell as the designer's sheet names it: 'E7' (column letter, sheet row)."""
    if cell == RESERVE:
        return "the reserve"
    row, col = divmod(cell, static.wp)
    return f"{column_letter(col + 1)}{row + 1}"


class Static:
    """What never changes during a game: geometry, masks, pieces and item kinds.

    Built once per `BannersParams` (see `static_of`). ``seat_side[q]`` is the side of seat
    ``q``: in 1v1 seat k plays side k; in 2v2 seats 0 and 2 are side 0, seats 1 and 3
    side 1 (FORMATS.md). ``side_seats[s]`` lists a side's seats in the order they move.
    """

    __slots__ = (
        "params", "w", "h", "wp", "n", "kind", "side_of", "all", "trees", "keeps_mask",
        "bridges_mask", "all_bridges", "depth", "castle", "castle_bit", "keeps", "keep_index", "bridges",
        "neighbours", "dist", "piece_side", "piece_color", "piece_seat", "piece_scout",
        "piece_bonus", "piece_label", "players", "seat_side", "side_seats", "seat_pieces",
        "run_dist",
        "side_pieces", "start", "kinds", "kind_names", "kind_effect", "kind_red",
        "kind_counts", "effect_kinds", "shifts", "rows", "team", "kind_color_off",
        "bit_or_zero", "one_or_zero", "zero_kinds", "zero_pair", "zero_seats", "piece_steps",
        "plain_kinds", "seat_mover", "piece_mover", "tables",
        "full", "word_bits", "keep_words", "all_words", "cell_words",
        "tally_at", "piece_tally",
    )

    def __init__(self, params: BannersParams) -> None:
        self.params = params
        grid = params.board
        self.h, self.w = len(grid), len(grid[0])
        self.wp = wp = self.w + 1
        self.n = n = self.h * wp
        kind = [S_PAD] * n
        side_of = [-1] * n
        for r, row in enumerate(grid):
            for c, code in enumerate(row):
                what, side = SPACE_CODES[code]
                kind[r * wp + c] = _KINDS[what]
                if side is not None:
                    side_of[r * wp + c] = side
        self.kind = tuple(kind)
        self.side_of = tuple(side_of)
        self.rows = tuple(i // wp for i in range(n))
        bits = [1 << i for i in range(n)]
        self.all = sum(bits[i] for i in range(n) if kind[i] not in (S_TREE, S_PAD))
        self.trees = sum(bits[i] for i in range(n) if kind[i] == S_TREE)
        self.keeps = tuple(i for i in range(n) if kind[i] == S_KEEP)
        self.keep_index = {cell: k for k, cell in enumerate(self.keeps)}
        self.keeps_mask = sum(bits[i] for i in self.keeps)
        self.castle = tuple(next(i for i in range(n) if kind[i] == S_CASTLE and
                                 side_of[i] == s) for s in (0, 1))
        self.castle_bit = tuple(1 << c for c in self.castle)
        self.shifts: tuple[int, ...] = (-wp, 1, wp, -1)
        self.neighbours = tuple(
            tuple(j for j in (i - wp, i + 1, i + wp, i - 1)
                  if 0 <= j < n and kind[j] not in (S_TREE, S_PAD))
            if kind[i] not in (S_TREE, S_PAD) else () for i in range(n))
        self.dist = Distances(self.neighbours)
        # How far a flag carrier is from home: M4 bars keeps to it.
        self.run_dist = tuple(Distances(self.neighbours, frozenset(self.keeps))[c]
                              for c in self.castle)
        # Drawbridges of each side, nearest its own castle first (then reading order):
        # "Drawbridges: the starting spaces of pieces and where reinforcements come from."
        self.bridges = tuple(
            tuple(i for _, i in sorted((self.dist[self.castle[s]].get(i, 10_000), i)
                                       for i in range(n)
                                       if kind[i] == S_BRIDGE and side_of[i] == s))
            for s in (0, 1))
        self.bridges_mask = tuple(sum(bits[i] for i in b) for b in self.bridges)
        self.all_bridges = self.bridges_mask[0] | self.bridges_mask[1]
        self.depth = tuple(_depths(self, s) for s in (0, 1))
        # Pieces, seats and sides.
        pieces = params.pieces
        self.players = params.players
        team = params.players == 4
        self.team = team
        self.seat_side = tuple(q % 2 for q in range(params.players))
        self.side_seats = tuple(tuple(q for q in range(params.players) if q % 2 == s)
                                for s in (0, 1))
        self.piece_side = tuple(p.side for p in pieces)
        self.piece_color = tuple(p.color for p in pieces)
        # Ruling `seats`: in 2v2 the first player of a side plays its first colour of the
        # book's pair (blue, red), the second its other colour.
        self.piece_seat = tuple(
            (p.side + (2 if p.color not in ("Blue", "Red") else 0)) if team else p.side
            for p in pieces)
        # M3 "In 1v1 play, green pieces and yellow pieces are scouts"; D1 "There are no
        # scouts in 2v2 matches."
        self.piece_scout = tuple((p.color in SCOUT_COLORS) and not team for p in pieces)
        # C2: "The red and blue pieces that attack gets a +1 to their roll"; green and
        # yellow pieces get none, scouts (1v1) or not (2v2).
        self.piece_bonus = tuple(ATTACK_BONUS if p.color in LEAD_COLORS else 0
                                 for p in pieces)
        counters: dict[str, int] = {}
        labels = []
        for p in pieces:
            counters[p.color] = counters.get(p.color, 0) + 1
            labels.append(f"{p.color} {counters[p.color]}")
        self.piece_label = tuple(labels)
        self.seat_pieces = tuple(tuple(i for i, q in enumerate(self.piece_seat) if q == seat)
                                 for seat in range(params.players))
        self.side_pieces = tuple(tuple(i for i, s in enumerate(self.piece_side) if s == side)
                                 for side in (0, 1))
        self.start = _placement(self)
        self.full = (1 << n) - 1
        # The search of one piece cuts a mask of the board into three words of whole
        # rows, each small enough for the compiled build's unboxed ints (at most 60
        # bits); a board too big for that keeps it all in the first word (a big int),
        # and so does the pure build (fewer operations, on bigger ints, suit it).
        rows = max(1, 60 // wp)
        if self.h > 3 * rows or not compiled():
            rows = self.h
        self.word_bits = rows * wp
        self.keep_words = words(self.word_bits, self.keeps_mask)
        self.all_words = words(self.word_bits, self.all)
        self.cell_words = tuple(words(self.word_bits, 1 << c) for c in range(n))
        # Item kinds (one per Items row name, in sheet order).
        self.kinds = len(params.items)
        self.kind_names = tuple(i.name for i in params.items)
        self.kind_effect = tuple(EFFECT_CODES[i.effect] for i in params.items)
        self.kind_red = tuple(e in COMBAT_EFFECTS for e in self.kind_effect)
        self.kind_counts = tuple(i.count for i in params.items)
        # Ruling item-colours: the effect decides; a colour off the book's is only noted.
        self.kind_color_off = tuple(i.color != EFFECTS[i.effect].color for i in params.items)
        self.effect_kinds = tuple(tuple(k for k, e in enumerate(self.kind_effect) if e == code)
                                  for code in range(16))
        # T2: the kinds played before moving (not red), in sheet order.
        self.plain_kinds = tuple(k for k in range(self.kinds) if not self.kind_red[k])
        # Plain data the hot loop reads instead of rebuilding: a position's cell mask
        # (0 for the positions off the board, -1 to -3, by Python's negative indexing),
        # shared zero tuples, each piece's movement bonus, the movers' tuples.
        self.bit_or_zero = tuple(bits[i] for i in range(n)) + (0, 0, 0)
        self.one_or_zero = (1,) * n + (0, 0, 0)
        self.zero_kinds = (0,) * self.kinds
        self.zero_pair: tuple[tuple[int, ...], ...] = (self.zero_kinds, self.zero_kinds)
        self.zero_seats = (0,) * params.players
        self.piece_steps = tuple(SCOUT_BONUS if sc else 0 for sc in self.piece_scout)
        self.seat_mover = tuple(tuple((q,) for q in seats) for seats in self.side_seats)
        self.piece_mover = tuple((q,) for q in self.piece_seat)
        # The invariants' tally of the positions: summing ``piece_tally[i][pos[i]]``
        # over the pieces gives, at the offsets ``tally_at[side]`` (cells, count on the
        # board, count in the reserve), each side's cells as a mask, how many of its
        # pieces are on the board and how many wait in the reserve. Each field has 16
        # spare bits, so a wrong position (two pieces on one space) shows as a carry.
        self.tally_at: tuple[tuple[int, ...], ...] = ((0, n + 16, n + 32),
                                                      (n + 48, 2 * n + 64, 2 * n + 80))
        tally = []
        for i in range(len(pieces)):
            cells, on, waiting = self.tally_at[self.piece_side[i]]
            tally.append(tuple((1 << (cells + c)) + (1 << on) for c in range(n))
                         + (0, 0, 1 << waiting))  # REAPED, REMOVED, RESERVE
        self.piece_tally = tuple(tally)
        self.tables: Any = None
        """Caches the agents build from this geometry (see agents.py)."""

    def move_bonus(self, piece: int) -> int:
        """M3: a scout's +2 on its movement roll (0 for other pieces)."""
        return SCOUT_BONUS if self.piece_scout[piece] else 0


def compiled() -> bool:
    """Whether this module runs compiled (mypyc makes its functions built-ins, with no
    ``__code__``)."""
    return not hasattr(compiled, "__code__")


def words(size: int, mask: int) -> tuple[int, int, int]:
    """A mask of the board as three words of ``size`` bits (`Static.word_bits`), lowest
    cells first (the last word takes whatever is left)."""
    low = (1 << size) - 1
    return mask & low, (mask >> size) & low, mask >> (2 * size)


def joined(size: int, w0: int, w1: int, w2: int) -> int:
    """The mask of the board whose three words are ``w0, w1, w2`` (see `words`)."""
    if w2:
        return w0 | w1 << size | w2 << (2 * size)
    if w1:
        return w0 | w1 << size
    return w0


class Distances:
    """Shortest orthogonal path lengths from a space to every space it reaches (trees,
    and the ``barred`` spaces, blocking; pieces ignored), computed when first asked:
    ``dist[a].get(b)``."""

    __slots__ = ("neighbours", "barred", "cache")

    def __init__(self, neighbours: tuple[tuple[int, ...], ...],
                 barred: frozenset[int] = frozenset()) -> None:
        self.neighbours = neighbours
        self.barred = barred
        self.cache: dict[int, dict[int, int]] = {}

    def __getitem__(self, start: int) -> dict[int, int]:
        found = self.cache.get(start)
        if found is None:
            found = self.cache[start] = self._search(start)
        return found

    def _search(self, start: int) -> dict[int, int]:
        seen = {start: 0}
        queue = deque([start])
        neighbours, barred = self.neighbours, self.barred
        while queue:
            i = queue.popleft()
            d = seen[i] + 1
            for j in neighbours[i]:
                if j not in seen and j not in barred:
                    seen[j] = d
                    queue.append(j)
        return seen


def _depths(st: Static, side: int) -> tuple[int, ...]:
    """How far forward each cell is for ``side``, counted from its own castle towards the
    enemy's along the axis that parts them on the board as drawn (rows when the castles
    are further apart in rows than in columns, else columns): "behind" a piece is a
    smaller depth. Directions belong to the side's own castle, never to a fixed row, so a
    board drawn the other way round from FORMATS plays alike."""
    wp = st.wp
    own_row, own_col = divmod(st.castle[side], wp)
    far_row, far_col = divmod(st.castle[1 - side], wp)
    rows, cols = far_row - own_row, far_col - own_col
    if abs(rows) >= abs(cols):
        sign = 1 if rows > 0 else -1
        return tuple((i // wp - own_row) * sign for i in range(st.n))
    sign = 1 if cols > 0 else -1
    return tuple((i % wp - own_col) * sign for i in range(st.n))


def _placement(st: Static) -> tuple[int, ...]:
    """Ruling `setup-placement`: each side's pieces take its drawbridges in turn, colours
    alternating (first of each colour first), nearest the castle first; pieces left over
    wait in the reserve beside the board."""
    pos = [RESERVE] * len(st.piece_side)
    for side in (0, 1):
        by_color: dict[str, list[int]] = {}
        for i in st.side_pieces[side]:
            by_color.setdefault(st.piece_color[i], []).append(i)
        order = []
        queues = list(by_color.values())
        while any(queues):
            for q in queues:
                if q:
                    order.append(q.pop(0))
        for piece, cell in zip(order, st.bridges[side], strict=False):
            pos[piece] = cell
    return tuple(pos)


@lru_cache(maxsize=32)
def static_of(params: BannersParams) -> Static:
    """The `Static` of some parameters (built once per process)."""
    return Static(params)


class State:
    """One moment of a game. Per-side tuples are indexed by side (0, 1), per-seat ones
    by seat; item counts are tuples indexed by item kind.

    ``flag_carrier[s]`` is the piece carrying side ``s``'s flag (-1: none) and
    ``flag_drop[s]`` the cell where it lies on the field (C5, -1: none); with neither the
    flag is at home in its castle. ``keep_open[k]`` is the turn from which keep ``k`` may be
    entered again. ``ghost[s]`` is the last turn side ``s``'s Ghost Magic lasts; ``rain[s]``
    the turn whose movement rolls of side ``s`` are lessened by ``rain_by[s]``.
    ``combat`` is ``(attacker, defender, from, attack modifier, defence modifier,
    attack roll, defence roll, origin)`` while a combat is under way. ``played[s]`` is a
    bit mask of the item kinds side ``s`` played this game (statistics only).

    Pairs are typed ``tuple[int, ...]`` rather than ``tuple[int, int]``: a compiled
    build keeps fixed-length tuples unboxed and would make a new tuple at every read,
    where the invariants and the loop key count on a field keeping its object.

    Two fields follow from the others and are kept with them so that the rules never
    rebuild them: ``occ0`` and ``occ1``, the cells of each side's pieces as a mask
    (the invariants check them against ``pos``). Two are caches, not game data: ``legal``,
    the options of this state, and ``cards_key``, the hash of the card fields (None
    whenever a card field changes; see `BannersRules.state_key`).

    The rules change a state only while making it (`copy` first): once handed out, a
    state is never modified.
    """

    __slots__ = ("st", "pos", "occ0", "occ1", "flag_carrier", "flag_drop", "keep_open",
                 "hands", "fresh", "known", "deck", "discard", "used_item", "used_combat",
                 "turn", "side", "member", "first", "phase", "roll", "horse", "moved",
                 "ghost", "rain", "rain_by", "combat", "outcome", "played", "legal",
                 "cards_key")

    st: Static
    pos: tuple[int, ...]
    occ0: int
    occ1: int
    flag_carrier: tuple[int, ...]
    flag_drop: tuple[int, ...]
    keep_open: tuple[int, ...]
    hands: tuple[tuple[int, ...], ...]
    fresh: tuple[tuple[int, ...], ...]
    known: tuple[tuple[int, ...], ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    used_item: tuple[int, ...]
    used_combat: tuple[int, ...]
    turn: int
    side: int
    member: int
    first: int
    phase: int
    roll: int
    horse: int
    moved: int
    """The piece that moved this part (for the log and tie placement)."""
    ghost: tuple[int, ...]
    rain: tuple[int, ...]
    rain_by: tuple[int, ...]
    combat: tuple[int, ...] | None
    outcome: Outcome | None
    played: tuple[int, ...]
    legal: Sequence[tuple] | None
    cards_key: int | None

    def __init__(self) -> None:
        """An empty state (`new_state` makes one; `copy` fills one in)."""

    def copy(self) -> State:
        """A copy that can be changed without touching this state (its options are not
        copied: they belong to this state)."""
        c = State()
        c.st = self.st
        c.pos = self.pos
        c.occ0 = self.occ0
        c.occ1 = self.occ1
        c.flag_carrier = self.flag_carrier
        c.flag_drop = self.flag_drop
        c.keep_open = self.keep_open
        c.hands = self.hands
        c.fresh = self.fresh
        c.known = self.known
        c.deck = self.deck
        c.discard = self.discard
        c.used_item = self.used_item
        c.used_combat = self.used_combat
        c.turn = self.turn
        c.side = self.side
        c.member = self.member
        c.first = self.first
        c.phase = self.phase
        c.roll = self.roll
        c.horse = self.horse
        c.moved = self.moved
        c.ghost = self.ghost
        c.rain = self.rain
        c.rain_by = self.rain_by
        c.combat = self.combat
        c.outcome = self.outcome
        c.played = self.played
        c.legal = None
        c.cards_key = self.cards_key
        return c

    def sync(self) -> None:
        """Rebuild what follows from the other fields after they were set by hand (tests'
        positions): the occupancy masks; the caches are dropped."""
        self.occ0, self.occ1 = occupancy(self.st, self.pos)
        self.legal = None
        self.cards_key = None

    @property
    def seat(self) -> int:
        """The seat whose part of the turn it is."""
        return self.st.side_seats[self.side][self.member]

    def key(self) -> tuple:
        """Everything that matters for the rest of the game (the turn number only through
        what it still decides: closed keeps, Ghost Magic and Rain Storm in force), with
        the card fields as their hash (see `cards_hash`)."""
        t = self.turn
        ghost, rain = self.ghost, self.rain
        ck = self.cards_key
        if ck is None:
            ck = self.cards_key = cards_hash(self)
        closed = closed_keeps(self)
        return (self.pos, self.flag_carrier, self.flag_drop, closed, ck,
                self.side, self.member, self.first, self.phase, self.roll, self.horse,
                self.moved, (ghost[0] >= t) | (ghost[1] >= t) << 1,
                (rain[0] >= t) | (rain[1] >= t) << 1, self.rain_by, self.combat,
                self.outcome)


def new_state(st: Static, pos: tuple[int, ...], flag_carrier: tuple[int, ...],
             flag_drop: tuple[int, ...], keep_open: tuple[int, ...],
             hands: tuple[tuple[int, ...], ...],
             fresh: tuple[tuple[int, ...], ...],
             known: tuple[tuple[int, ...], ...], deck: tuple[int, ...],
             discard: tuple[int, ...], used_item: tuple[int, ...],
             used_combat: tuple[int, ...], turn: int = 0, side: int = 0,
             member: int = 0, first: int = -1, phase: int = FIRST, roll: int = 0,
             horse: int = 0, moved: int = -1, ghost: tuple[int, ...] = (-1, -1),
             rain: tuple[int, ...] = (-1, -1), rain_by: tuple[int, ...] = (0, 0),
             combat: tuple[int, ...] | None = None, outcome: Outcome | None = None,
             played: tuple[int, ...] = (0, 0)) -> State:
    """A state from its game fields (the derived ones computed, the caches empty)."""
    s = State()
    s.st = st
    s.pos = pos
    s.occ0, s.occ1 = occupancy(st, pos)
    s.flag_carrier = flag_carrier
    s.flag_drop = flag_drop
    s.keep_open = keep_open
    s.hands = hands
    s.fresh = fresh
    s.known = known
    s.deck = deck
    s.discard = discard
    s.used_item = used_item
    s.used_combat = used_combat
    s.turn = turn
    s.side = side
    s.member = member
    s.first = first
    s.phase = phase
    s.roll = roll
    s.horse = horse
    s.moved = moved
    s.ghost = ghost
    s.rain = rain
    s.rain_by = rain_by
    s.combat = combat
    s.outcome = outcome
    s.played = played
    s.legal = None
    s.cards_key = None
    return s


def cards_hash(s: State) -> int:
    """The hash of a state's card fields: hands, cards obtained this turn, cards known to
    the other team, deck, discard, and who played an item or a combat card this turn."""
    return hash((s.hands, s.fresh, s.known, s.deck, s.discard, s.used_item, s.used_combat))


def occupancy(st: Static, pos: tuple[int, ...]) -> tuple[int, int]:
    """The cells of side 0's and side 1's pieces on the board, as masks."""
    occ = [0, 0]
    sides = st.piece_side
    for i, c in enumerate(pos):
        if c >= 0:
            occ[sides[i]] |= 1 << c
    return occ[0], occ[1]


def closed_keeps(s: State) -> int:
    """The closed keeps as a mask of cells: "After leaving this keep, no one may enter
    until a full turn has gone by." (keep ``k`` reopens on turn ``keep_open[k]``)."""
    opens = s.keep_open
    t = s.turn
    closed = 0
    for k in range(len(opens)):
        if opens[k] > t:
            closed |= 1 << s.st.keeps[k]
    return closed


class Observation(NamedTuple):
    """What one player may see: the whole board (pieces, flags, closed keeps, Ghost Magic
    and Rain Storm in force, the dice and any combat under way), the item cards of their
    own team's hand (and which were obtained this turn), the discard pile, and only the
    sizes of the item deck and of the other team's hand (with how many of its cards were
    obtained this turn). ``known_mine``/``known_theirs`` are the cards each team is known
    by the other to hold (a card taken by Thief is seen by both teams).

    A named tuple: immutable, compared and hashed by its fields (the search keys its
    information sets by observations), and cheap to make at every decision.
    """

    st: Static
    player: int
    side: int
    phase: int
    to_move: int
    turn: int
    turn_side: int
    member: int
    first: int
    pos: tuple[int, ...]
    flag_carrier: tuple[int, ...]
    flag_drop: tuple[int, ...]
    keep_open: tuple[int, ...]
    ghost: tuple[int, ...]
    rain: tuple[int, ...]
    rain_by: tuple[int, ...]
    roll: int
    horse: int
    moved: int
    combat: tuple[int, ...] | None
    hand: tuple[int, ...]
    fresh: tuple[int, ...]
    their_hand: int
    their_fresh: int
    known_mine: tuple[int, ...]
    known_theirs: tuple[int, ...]
    deck: int
    discard: tuple[int, ...]
    used_item: tuple[int, ...]
    used_combat: tuple[int, ...]


def describe_setup(st: Static) -> dict[str, Any]:
    """Who plays what, for logs and reports."""
    return {"sides": [sorted({st.piece_color[i] for i in st.side_pieces[s]}) for s in (0, 1)],
            "seats": [sorted({st.piece_color[i] for i in st.seat_pieces[q]})
                      for q in range(st.players)]}
