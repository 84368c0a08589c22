"""Sample Battle of Banners set-ups in plain Python, and the source of the bundled content.

`BOARD`, `PIECES` and `book_items()` are the bundled workbook's Board, Pieces and Items
sheets: `toolkit/games/banners/content/make_content.py` writes them, and the tests check the workbook
still matches. `SKIRMISH` is a small board of one drawbridge a side (pieces wait in the
reserve) for quick games and tests.

The bundled board ("Twin Keeps", 11 × 13): each castle sits on its side's edge between
two drawbridges with two more below them; ten keeps, three on each half and four on the
middle rows; tree clumps split the field into three lanes. It is symmetric between the
sides (each row mirrors the row as far from the other edge) and from left to right.
"""

from __future__ import annotations

from ..book import EFFECT_LIST
from .state import BannersParams, ItemSpec, PieceSpec

_TWIN_KEEPS = """
T  .  .  .  D2 C2 D2 .  .  .  T
.  .  K  .  D2 .  D2 .  K  .  .
.  .  .  .  .  .  .  .  .  .  .
T  .  .  T  .  .  .  T  .  .  T
.  .  .  .  .  K  .  .  .  .  .
.  K  T  .  .  .  .  .  T  K  .
.  .  .  .  T  .  T  .  .  .  .
.  K  T  .  .  .  .  .  T  K  .
.  .  .  .  .  K  .  .  .  .  .
T  .  .  T  .  .  .  T  .  .  T
.  .  .  .  .  .  .  .  .  .  .
.  .  K  .  D1 .  D1 .  K  .  .
T  .  .  .  D1 C1 D1 .  .  .  T
"""

_SKIRMISH = """
T  .  C2 D2 .  T
.  .  .  .  K  .
K  .  T  .  .  .
.  .  .  T  .  K
.  K  .  .  .  .
T  .  D1 C1 .  T
"""


def grid(text: str) -> tuple[tuple[str, ...], ...]:
    """A board written as rows of space codes separated by spaces."""
    return tuple(tuple(line.split()) for line in text.strip().splitlines())


BOARD: tuple[tuple[str, ...], ...] = grid(_TWIN_KEEPS)
"""The bundled board (the Board sheet of toolkit/games/banners/content/banners.xlsx)."""

PIECES: tuple[tuple[int, str, int], ...] = ((1, "Blue", 2), (1, "Green", 2),
                                            (2, "Red", 2), (2, "Yellow", 2))
"""The bundled Pieces sheet: (Side, Color, Count). The book gives no counts; two of each
colour fill the four drawbridges of a side."""

SKIRMISH: tuple[tuple[str, ...], ...] = grid(_SKIRMISH)
"""A 6 × 6 board with one drawbridge a side: three of a side's four pieces start in the
reserve."""


def book_items() -> tuple[ItemSpec, ...]:
    """The book's item deck: 16 kinds, 54 cards, named after their effects."""
    return tuple(ItemSpec(e.name, e.name, e.color, e.count) for e in EFFECT_LIST)


def pieces(rows: tuple[tuple[int, str, int], ...] = PIECES) -> tuple[PieceSpec, ...]:
    """Pieces sheet rows (Side 1 or 2, Color, Count) → one `PieceSpec` per piece."""
    return tuple(PieceSpec(side - 1, color) for side, color, count in rows
                 for _ in range(count))


def bundled_params(players: int = 2) -> BannersParams:
    """The bundled board, pieces and the book's deck, 1v1 (2) or 2v2 (4)."""
    return BannersParams(BOARD, pieces(), book_items(), players, "Twin Keeps")


def skirmish_params(players: int = 2) -> BannersParams:
    """The small Skirmish board with the bundled pieces and the book's deck."""
    return BannersParams(SKIRMISH, pieces(), book_items(), players, "Skirmish")


SETUPS = {"skirmish 1v1": lambda: skirmish_params(2),
          "twin keeps 1v1": lambda: bundled_params(2)}
"""Named sample set-ups for the shared tests (1v1: they seat one agent per side; 2v2 is
played in tests/games/banners). The small Skirmish board comes first: it is the cheapest
to search (tests/sim/test_mcts_games.py plays the first)."""

TEAM_SETUPS = {"twin keeps 2v2": lambda: bundled_params(4),
               "skirmish 2v2": lambda: skirmish_params(4)}
"""The same boards played 2v2."""
