"""The Warblitz battlefield: its size, each side's ranks, space names and the geometry
every job shares (validation of starting layouts, the engine, the printed battlefield).

The rulebook never gives the battlefield's size (ruling ``warblitz.ruling.battlefield``):
it is 5 columns by 7 ranks. Each player's last three ranks (nearest their own edge) are
where they deploy; the middle rank belongs to nobody.

Spaces are numbered ``rank * WIDTH + column`` with rank 0 at player 1's edge. A player
names spaces from their own side of the table, as on the back of their commander's card:
column letters A-E from their left, ranks 1-7 from their own edge, so player 1's C1 is
player 2's C7. Logs name spaces as player 1 sees them.
"""

from __future__ import annotations

import re
from typing import NamedTuple

WIDTH = 5
RANKS = 7
HOME_RANKS = 3
"""Deployment: "in the last three ranks of the battlefield"."""
SIZE = WIDTH * RANKS
LETTERS = "ABCDEFGHIJ"[:WIDTH]

DIRECTIONS = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""Orthogonal steps (column, rank): toward player 2's edge, right, toward player 1's
edge, left (as player 1 sees the board)."""
DIRECTION_NAMES = ("toward player 2's edge", "to player 1's right",
                   "toward player 1's edge", "to player 1's left")


def column_of(index: int) -> int:
    """The space's column (0 = player 1's left)."""
    return index % WIDTH


def rank_of(index: int) -> int:
    """The space's rank (0 = player 1's edge)."""
    return index // WIDTH


def space_name(index: int) -> str:
    """A space as player 1 names it: 'C1' is the middle of player 1's edge."""
    return f"{LETTERS[index % WIDTH]}{index // WIDTH + 1}"


def own_rank(player: int, index: int) -> int:
    """The space's rank counted from ``player``'s own edge (0 = their last rank)."""
    rank = index // WIDTH
    return rank if player == 0 else RANKS - 1 - rank


def own_space(player: int, column: int, rank: int) -> int:
    """The space that ``player`` names (column from their left, rank from their edge)."""
    if player == 0:
        return rank * WIDTH + column
    return (RANKS - 1 - rank) * WIDTH + (WIDTH - 1 - column)


def forward(player: int) -> int:
    """The rank step toward the enemy's edge: +1 for player 1, -1 for player 2."""
    return 1 if player == 0 else -1


def in_home(player: int, index: int) -> bool:
    """True in ``player``'s last three ranks (where they deploy)."""
    return own_rank(player, index) < HOME_RANKS


def distance(a: int, b: int) -> int:
    """Orthogonal steps between two spaces (diagonals are not adjacent)."""
    return abs(a % WIDTH - b % WIDTH) + abs(a // WIDTH - b // WIDTH)


def _neighbours(index: int) -> tuple[int, ...]:
    c, r = index % WIDTH, index // WIDTH
    return tuple((r + dr) * WIDTH + c + dc for dc, dr in DIRECTIONS
                 if 0 <= c + dc < WIDTH and 0 <= r + dr < RANKS)


def _ray(index: int, dc: int, dr: int) -> tuple[int, ...]:
    c, r = index % WIDTH, index // WIDTH
    out = []
    while True:
        c, r = c + dc, r + dr
        if not (0 <= c < WIDTH and 0 <= r < RANKS):
            return tuple(out)
        out.append(r * WIDTH + c)


ADJACENT: tuple[tuple[int, ...], ...] = tuple(_neighbours(i) for i in range(SIZE))
"""Adjacency: "A card or space is adjacent to another one if they share an edge.
Diagonals are not adjacent." Each space's neighbours, in `DIRECTIONS` order."""

RAYS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(_ray(i, dc, dr) for dc, dr in DIRECTIONS) for i in range(SIZE))
"""From each space, the spaces in a straight line in each direction, nearest first."""


def direction_between(a: int, b: int) -> int | None:
    """The direction from ``a`` to ``b`` when they share a column or rank, else None."""
    dc = (b % WIDTH) - (a % WIDTH)
    dr = (b // WIDTH) - (a // WIDTH)
    if a == b or (dc and dr):
        return None
    step = (dc and (1 if dc > 0 else -1), dr and (1 if dr > 0 else -1))
    return DIRECTIONS.index(step)


# ---------------------------------------------------------------- naming spaces

_SPACE = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")


def parse_space(text: str) -> tuple[int, int]:
    """'B2' → (column 1, rank 1) as its owner names it; ValueError with the reason."""
    match = _SPACE.match(str(text))
    if not match:
        raise ValueError(f"'{text}' is not a space: write a column letter "
                         f"{LETTERS[0]}-{LETTERS[-1]} and a rank 1-{RANKS}, e.g. C1")
    column = LETTERS.find(match.group(1).upper())
    rank = int(match.group(2)) - 1
    if column < 0 or not 0 <= rank < RANKS:
        raise ValueError(f"'{text.strip()}' is off the battlefield: columns "
                         f"{LETTERS[0]}-{LETTERS[-1]}, ranks 1-{RANKS}")
    return column, rank


def own_name(column: int, rank: int) -> str:
    """A space as its owner names it: (1, 1) → 'B2'."""
    return f"{LETTERS[column]}{rank + 1}"


# ---------------------------------------------------------------- starting layouts

SLOT_RANKS = ("Common", "Elite")
SLOT_CLASSES = ("Melee", "Ranged", "Special")


class StartLayout(NamedTuple):
    """A commander's starting layout, as the back of its card shows it: the commander's
    space, the two starting units (each a unit name or a warband slot such as 'Common
    Melee') with their spaces, and the terrain. Spaces are (column, rank) as the owner
    names them, all in the owner's last three ranks."""

    commander: tuple[int, int]
    units: tuple[tuple[str, tuple[int, int]], ...]
    terrain: tuple[tuple[int, int], ...]


DEFAULT_START = StartLayout(
    commander=(2, 0),
    units=(("Common Melee", (1, 1)), ("Common Ranged", (3, 1))),
    terrain=((2, 2),),
)
"""The layout of a commander the catalog gives none (ruling ``warblitz.ruling.start``):
the commander at C1, the warband's Common Melee unit at B2 and Common Ranged unit at D2,
one terrain at C3, in front of the commander."""


def read_slot(text: str) -> tuple[str, str] | None:
    """'Common Melee' (or 'melee common') → ('Common', 'Melee'); None if not a slot."""
    words = str(text).split()
    if len(words) != 2:
        return None
    folded = [w.casefold() for w in words]
    for a, b in (folded, folded[::-1]):
        rank = next((r for r in SLOT_RANKS if r.casefold() == a), None)
        cls = next((c for c in SLOT_CLASSES if c.casefold() == b), None)
        if rank and cls:
            return rank, cls
    return None


def layout_cells(start: StartLayout) -> dict[str, str]:
    """What each space of the owner's last three ranks shows on the commander's back:
    'CMD', 'U1', 'U2', 'TER' or '' (keys 'A1' ... 'E3', as the owner names them)."""
    cells = {own_name(c, r): "" for r in range(HOME_RANKS) for c in range(WIDTH)}
    cells[own_name(*start.commander)] = "CMD"
    for k, (_, space) in enumerate(start.units, 1):
        cells[own_name(*space)] = f"U{k}"
    for space in start.terrain:
        cells[own_name(*space)] = "TER"
    return cells


def layout_legend(start: StartLayout) -> str:
    """One line naming what the cells hold: 'CMD this commander (C1) · U1 your Common
    Melee unit (B2) · U2 your Common Ranged unit (D2) · TER terrain (C3)'."""
    parts = [f"CMD this commander ({own_name(*start.commander)})"]
    parts += [f"U{k} {f'your {ref} unit' if read_slot(ref) else ref} ({own_name(*space)})"
              for k, (ref, space) in enumerate(start.units, 1)]
    if start.terrain:
        parts.append("TER terrain (" + ", ".join(own_name(*s) for s in start.terrain) + ")")
    return " · ".join(parts)
