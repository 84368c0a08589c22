"""The `Board` sheet: a grid, not a table. Each cell is one space, located at its own cell.

`read_board` reads the sheet from A1 to its last written row and column (blank cells are
open spaces; FORMATS.md: "Row 1 is side 2's edge, the last row side 1's") and reports
every cell that is not a space. `check_board` then checks the board as a whole:

- errors (the game cannot be played): one castle per side [banners.board.castle], at
  least one drawbridge per side [banners.board.drawbridge], a path between the castles
  that moving pieces can use, trees blocking [banners.board.path];
- warnings (the board still plays): a drawbridge or keep pieces can never leave or reach
  [banners.board.unreachable], no path between the castles that keeps leave open, so a
  flag carrier (M4) can never bring a flag home [banners.board.flag-run], the sides drawn
  the other way round from FORMATS (castle C1 not below C2) [banners.board.orientation],
  a drawbridge nearer the enemy castle than its own [banners.board.drawbridge-side], no
  keep, so no item can ever be drawn [banners.board.no-keep], a board that is not the
  same for both sides, naming the first difference [banners.board.symmetry].
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from toolkit.core.report import Location, Report, column_letter
from toolkit.core.sheets import RawSheet, clean_text, is_blank, suggest
from toolkit.games.banners.book import DRAWBRIDGE, KEEP, SPACE_CODES, TREE

MAX_SIDE = 32
"""A board has at most this many rows and columns: three times the book's 11 by 13, and
the engine's path search grows with the square of the spaces (a 64 by 64 maze took 1.3 GB)."""

CODE_HELP = ". (open), T (tree), K (keep), D1/D2 (drawbridge), C1/C2 (castle)"


@dataclass(frozen=True)
class Board:
    """A read board: rows of space codes (row 0 is the sheet's row 1) and where it is."""

    sheet: RawSheet
    rows: tuple[tuple[str, ...], ...]

    @property
    def height(self) -> int:
        """Rows."""
        return len(self.rows)

    @property
    def width(self) -> int:
        """Columns."""
        return len(self.rows[0]) if self.rows else 0

    def at(self, r: int, c: int) -> Location:
        """The location of space (r, c) (0-based) as the designer sees it."""
        return Location(self.sheet.file, self.sheet.name, r + 1, column_letter(c + 1))

    def cells(self, code: str) -> list[tuple[int, int]]:
        """Every (row, column) holding ``code``, in reading order."""
        return [(r, c) for r, row in enumerate(self.rows) for c, x in enumerate(row)
                if x == code]

    def kind(self, r: int, c: int) -> str:
        """The kind of space (r, c): open, tree, keep, drawbridge or castle."""
        return SPACE_CODES[self.rows[r][c]][0]


def read_code(value: object) -> str | None:
    """A cell as a space code: blank → '.', 'd1' or 'D 1' → 'D1'; None if unknown."""
    if is_blank(value):
        return "."
    text = clean_text(value).upper().replace(" ", "")
    if isinstance(value, float) and value.is_integer():
        text = str(int(value))
    return text if text in SPACE_CODES else None


def read_board(sheet: RawSheet, report: Report) -> Board | None:
    """Read a Board sheet; every unknown cell is an error at that cell (read as open, so
    the rest of the board is still checked). None when the sheet is empty or too big."""
    used = [(n, values) for n, values in sheet.rows
            if any(not is_blank(v) for v in values)]
    if not used:
        report.error("banners.board.empty",
                     f"the Board sheet is empty: write one space per cell ({CODE_HELP}), "
                     "row 1 being side 2's edge", sheet.location)
        return None
    height = used[-1][0]
    width = max(max((i for i, v in enumerate(values, 1) if not is_blank(v)), default=0)
                for _, values in used)
    if height > MAX_SIDE or width > MAX_SIDE:
        report.error("banners.board.size",
                     f"the board is {width} columns by {height} rows; a board has at most "
                     f"{MAX_SIDE} of each", sheet.location)
        return None
    values_of = dict(sheet.rows)
    rows = []
    for r in range(1, height + 1):
        values = values_of.get(r, ())
        row = []
        for c in range(1, width + 1):
            loc = Location(sheet.file, sheet.name, r, column_letter(c))
            value = values[c - 1] if c <= len(values) else None
            if (r, c) in sheet.uncached:
                report.error("sheet.formula-no-value",
                             "formula has no cached value; open and save the file in Excel "
                             "or LibreOffice so its result is stored", loc)
                row.append(".")
                continue
            code = read_code(value)
            if code is None:
                text = clean_text(value)
                hint = suggest(text.upper(), SPACE_CODES)
                report.error("banners.board.space",
                             f"'{text}' is not a space{hint}; write {CODE_HELP}, or leave "
                             "it blank for an open space", loc)
                code = "."
            row.append(code)
        rows.append(tuple(row))
    return Board(sheet, tuple(rows))


def _component(board: Board, start: tuple[int, int],
               barred: tuple[str, ...] = (TREE,)) -> set[tuple[int, int]]:
    """Every space reachable from ``start`` by orthogonal steps, the ``barred`` kinds of
    space (trees) blocking."""
    seen = {start}
    queue = deque([start])
    while queue:
        r, c = queue.popleft()
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if 0 <= nr < board.height and 0 <= nc < board.width and (nr, nc) not in seen \
                    and board.kind(nr, nc) not in barred:
                seen.add((nr, nc))
                queue.append((nr, nc))
    return seen


def check_board(board: Board, report: Report) -> bool:
    """The board-wide rules (see the module docstring); True when it can be played."""
    where = board.sheet.location
    playable = True
    castles = []
    for side in (1, 2):
        found = board.cells(f"C{side}")
        # Castle: "Land on the opponent's castle space to grab their flag." One each.
        if not found:
            report.error("banners.board.castle",
                         f"side {side} has no castle: write C{side} in one cell", where)
            playable = False
        for r, c in found[1:]:
            first = board.at(*found[0]).cell
            report.error("banners.board.castle",
                         f"a second castle for side {side}; a side has one castle (the "
                         f"first is at {first})", board.at(r, c))
            playable = False
        castles.append(found[0] if found else None)
        # "Drawbridges: the starting spaces of pieces and where reinforcements come from."
        if not board.cells(f"D{side}"):
            report.error("banners.board.drawbridge",
                         f"side {side} has no drawbridge: write D{side} where its pieces "
                         "start", where)
            playable = False
    if castles[0] is None or castles[1] is None:
        return False
    reach = _component(board, castles[0])
    if castles[1] not in reach:
        # "Trees: players cannot move onto these spaces."
        report.error("banners.board.path",
                     f"no path joins the castles: trees wall castle C1 "
                     f"({board.at(*castles[0]).cell}) off from castle C2 "
                     f"({board.at(*castles[1]).cell}), so no flag can ever be taken",
                     board.at(*castles[0]))
        playable = False
    elif castles[1] not in _component(board, castles[0], (TREE, KEEP)):
        # M4: "If a piece has a flag, they cannot enter a keep."
        report.warning("banners.board.flag-run",
                       f"every path between the castles C1 ({board.at(*castles[0]).cell}) "
                       f"and C2 ({board.at(*castles[1]).cell}) crosses a keep, which a flag "
                       "carrier cannot enter (M4): no flag can ever be brought home, so "
                       "games end only when a team is defeated", board.at(*castles[0]))
    both = reach | _component(board, castles[1])
    for r, row in enumerate(board.rows):
        for c, code in enumerate(row):
            kind = SPACE_CODES[code][0]
            if kind not in (DRAWBRIDGE, KEEP) or (r, c) in both:
                continue
            if kind == DRAWBRIDGE:
                alone = len(_component(board, (r, c))) == 1
                why = ("trees wall it in, so pieces starting there can never leave it"
                       if alone else "trees cut it off from the castles, so pieces "
                       "starting there can never reach a flag")
                report.warning("banners.board.unreachable", f"drawbridge {code}: {why}",
                               board.at(r, c))
            else:
                report.warning("banners.board.unreachable",
                               "no piece can ever reach this keep: trees cut it off from "
                               "the castles", board.at(r, c))
    _check_sides(board, castles[0], castles[1], report)
    _check_symmetry(board, report)
    return playable


def _check_sides(board: Board, c1: tuple[int, int], c2: tuple[int, int],
                 report: Report) -> None:
    """Warnings about where each side is drawn: the sides the other way round from
    FORMATS ("Row 1 is side 2's edge, the last row side 1's"), a drawbridge nearer the
    enemy castle than its own, and a board with no keep."""
    if c1[0] <= c2[0]:
        how = "on the same row as" if c1[0] == c2[0] else "above"
        report.warning("banners.board.orientation",
                       f"castle C1 ({board.at(*c1).cell}) is {how} castle C2 "
                       f"({board.at(*c2).cell}); row 1 is side 2's edge and the last row "
                       "side 1's, so C2 belongs near row 1 and C1 near the last row (the "
                       "game still reads every direction from each side's own castle)",
                       board.at(*c1))
    for side, own, enemy in ((1, c1, c2), (2, c2, c1)):
        for r, c in board.cells(f"D{side}"):
            # "Drawbridges: the starting spaces of pieces and where reinforcements come from."
            if _steps(own, (r, c)) > _steps(enemy, (r, c)):
                report.warning("banners.board.drawbridge-side",
                               f"drawbridge D{side} is nearer the enemy castle "
                               f"{board.at(*enemy).cell} than its own castle "
                               f"{board.at(*own).cell}: side {side}'s pieces would start "
                               "beside the enemy's flag", board.at(r, c))
    if not any(KEEP == board.kind(r, c) for r in range(board.height)
               for c in range(board.width)):
        # T1: "Land on a keep space to receive 1 item card."
        report.warning("banners.board.no-keep",
                       "the board has no keep: item cards can never be drawn (T1: \"Land on "
                       "a keep space to receive 1 item card.\"); write K where one goes",
                       board.sheet.location)


def _steps(a: tuple[int, int], b: tuple[int, int]) -> int:
    """Orthogonal steps between two spaces, trees aside (pieces move orthogonally, M2)."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


_SWAP = {"D1": "D2", "D2": "D1", "C1": "C2", "C2": "C1"}


def _check_symmetry(board: Board, report: Report) -> None:
    """Warn when neither flipping the board top to bottom nor turning it half round gives
    the same board with the sides swapped; name the first difference of the closer one."""
    h, w = board.height, board.width
    best: list[tuple[int, int, int, int]] | None = None
    for other in (lambda r, c: (h - 1 - r, c), lambda r, c: (h - 1 - r, w - 1 - c)):
        diffs = []
        for r in range(h):
            for c in range(w):
                r2, c2 = other(r, c)
                if _SWAP.get(board.rows[r][c], board.rows[r][c]) != board.rows[r2][c2]:
                    diffs.append((r, c, r2, c2))
        if not diffs:
            return
        if best is None or len(diffs) < len(best):
            best = diffs
    r, c, r2, c2 = best[0]
    here, there = board.rows[r][c], board.rows[r2][c2]
    want = _SWAP.get(here, here)
    report.warning("banners.board.symmetry",
                   f"the board is not the same for both sides: {board.at(r, c).cell} is "
                   f"'{here}' but the space matching it on the other side, "
                   f"{board.at(r2, c2).cell}, is '{there}' (it would be '{want}'); "
                   f"{len(best) // 2 or 1} difference(s) in all", board.at(r, c))
