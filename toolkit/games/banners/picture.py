"""The Battle of Banners as a picture (one replay step): the board as printed, the pieces,
the flags, and each side's items (toolkit/replay/pictures.py has the contract).

The board is boardart's: every space drawn as the printed board draws it (its colours,
pictures and sheet codes), made once per board as a shared symbol and placed with
``<use>``, so a step adds only what changes. Pieces are discs in their colour with
their label (``B1`` for Blue 1, as the log names them); a flag is a pennant in its side's
colour: on its castle while at home, on a carrier's disc, or on the space where it fell.
Closed keeps are crossed out; the piece that moved is ringed, a combat under way is an
arrow from attacker to defender. Beside the board each side lists its pieces off the
board (reserve, removed, reaped), Ghost Magic or Rain Storm in force and its items: the
table view names every card; a seat view names its own team's and counts the other
team's (naming only the cards it is known to hold), drawn from `rules.observe` alone.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from typing import Any, NamedTuple

from toolkit.core.report import column_letter
from toolkit.render.display import DisplayList
from toolkit.replay.pictures import seat_view
from toolkit.replay.svg import Svg, display_svg, num

from .boardart import GRID, INK, side_colors, space_ops
from .book import COLOR_HEX, ITEM_COLOR_HEX
from .engine.state import PHASE_NAMES, REAPED, REMOVED, RESERVE, BannersParams, Static

MM = 25.0
"""The printed square (boardart.DEFAULT_SQUARE), the symbol's unit."""
BOARD_PX = 600.0
"""The board's longest side in the picture, at most."""
MAX_SQUARE = 60.0
LEFT, TOP = 28.0, 52.0
PANEL_W = 330.0


class View(NamedTuple):
    """What a picture draws, from the state (table) or one seat's observation.
    Per side: ``hands[s]`` item counts by kind (None when hidden from the seat),
    ``held[s]`` how many cards, ``known[s]`` the cards the other team knows it holds."""

    st: Static
    turn: int
    side: int
    phase: int
    roll: int
    horse: int
    moved: int
    combat: tuple[int, ...] | None
    pos: tuple[int, ...]
    flag_carrier: tuple[int, ...]
    flag_drop: tuple[int, ...]
    keep_open: tuple[int, ...]
    ghost: tuple[int, ...]
    rain: tuple[int, ...]
    rain_by: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    held: tuple[int, ...]
    known: tuple[tuple[int, ...], ...]
    deck: int
    discard: tuple[int, ...]
    outcome: Any


def view_of(rules: Any, state: Any, seat: int | None) -> View:
    """The table's view (everything) or the seat's (its observation only)."""
    seen = seat_view(rules, state, seat)
    if seat is None:
        return View(seen.st, seen.turn, seen.side, seen.phase, seen.roll, seen.horse,
                    seen.moved, seen.combat, seen.pos, seen.flag_carrier, seen.flag_drop,
                    seen.keep_open, seen.ghost, seen.rain, seen.rain_by, tuple(seen.hands),
                    tuple(sum(h) for h in seen.hands), tuple(seen.known), sum(seen.deck),
                    seen.discard, seen.outcome)
    mine, theirs = seen.side, 1 - seen.side
    hands: list[tuple[int, ...] | None] = [None, None]
    hands[mine] = seen.hand
    held = [0, 0]
    held[mine], held[theirs] = sum(seen.hand), seen.their_hand
    known: list[tuple[int, ...]] = [(), ()]
    known[mine], known[theirs] = seen.known_mine, seen.known_theirs
    return View(seen.st, seen.turn, seen.turn_side, seen.phase, seen.roll, seen.horse,
                seen.moved, seen.combat, seen.pos, seen.flag_carrier, seen.flag_drop,
                seen.keep_open, seen.ghost, seen.rain, seen.rain_by, tuple(hands),
                tuple(held), tuple(known), seen.deck, seen.discard, None)


def picture(rules: Any, state: Any, seat: int | None) -> str:
    """The game at this step as one ``<svg>``: the table view (``seat=None``) or what
    ``seat`` saw."""
    v = view_of(rules, state, seat)
    st = v.st
    square = min(MAX_SQUARE, BOARD_PX / max(st.w, st.h))
    board_w, board_h = st.w * square, st.h * square
    panel_x = LEFT + board_w + 24
    width = panel_x + PANEL_W + 10
    height = max(TOP + board_h + 24, 470.0)
    who = "the table" if seat is None else f"seat {seat + 1}"
    svg = Svg(width, height, label=f"The Battle of Banners, turn {v.turn + 1}, "
                                   f"as {who} sees it")
    _header(svg, v, who, width)
    _board(svg, st, square)
    _marks(svg, v, square)
    _pieces(svg, v, square)
    for side in (0, 1):
        _panel(svg, v, side, panel_x, TOP + side * (height - TOP) / 2, (height - TOP) / 2 - 8)
    return svg.markup()


def _header(svg: Svg, v: View, who: str, width: float) -> None:
    """Turn, whose part of it, the phase, the dice (or the result)."""
    st = v.st
    if v.outcome is not None:
        winner = ("a draw" if v.outcome.winner is None
                  else f"side {v.outcome.winner + 1} wins")
        text = f"Over: {winner} ({v.outcome.reason})"
    else:
        text = f"Turn {v.turn + 1} · side {v.side + 1} · {PHASE_NAMES[v.phase]}"
        if v.roll:
            text += f" · roll {v.roll}" + (f" + horse {v.horse}" if v.horse else "")
    svg.text(LEFT, 18, text, 14, bold=True, max_chars=64)
    svg.text(width - 10, 18, f"view: {who}", 11, fill=GRID, anchor="end")
    svg.text(LEFT, 36, f"{st.params.name} · item deck {v.deck} · discard {sum(v.discard)}",
             11, fill=GRID, italic=True, max_chars=70)


def _board(svg: Svg, st: Static, square: float) -> None:
    """The printed board (one shared symbol) with its column letters and row numbers."""
    symbol_id, markup = _board_symbol(st.params)
    svg.defs.add(symbol_id, markup)
    w, h = st.w * square, st.h * square
    svg.parts.append(f'<use href="#{symbol_id}" x="{num(LEFT)}" y="{num(TOP)}" '
                     f'width="{num(w)}" height="{num(h)}"/>')
    svg.rect(LEFT, TOP, w, h, stroke=INK, stroke_width=1.5)
    for c in range(st.w):
        svg.text(LEFT + (c + 0.5) * square, TOP - 5, column_letter(c + 1), 10, fill=GRID,
                 anchor="middle", bold=True)
    for r in range(st.h):
        svg.text(LEFT - 5, TOP + (r + 0.5) * square + 4, r + 1, 10, fill=GRID, anchor="end",
                 bold=True)


@lru_cache(maxsize=16)
def _board_symbol(params: BannersParams) -> tuple[str, str]:
    """The board's spaces as boardart draws them, as a ``<symbol>`` (id, markup)."""
    colors = side_colors([(p.side + 1, p.color) for p in params.pieces])
    ops: list = []
    for r, row in enumerate(params.board):
        for c, code in enumerate(row):
            ops.extend(space_ops(code, c * MM, r * MM, MM, colors))
    w, h = len(params.board[0]) * MM, len(params.board) * MM
    body = display_svg(DisplayList(w, h, tuple(ops), label="board"))
    symbol_id = "banners-board-" + hashlib.sha1(body.encode("utf-8")).hexdigest()[:12]
    return symbol_id, (f'<symbol id="{symbol_id}" viewBox="0 0 {num(w)} {num(h)}">'
                       f"{body.replace('@ID@', symbol_id)}</symbol>")


def _xy(st: Static, cell: int, square: float) -> tuple[float, float]:
    """The centre of a cell."""
    row, col = divmod(cell, st.wp)
    return LEFT + (col + 0.5) * square, TOP + (row + 0.5) * square


def _marks(svg: Svg, v: View, square: float) -> None:
    """Closed keeps, flags at home or on the field, the combat arrow."""
    st = v.st
    for k, cell in enumerate(st.keeps):
        if v.keep_open[k] > v.turn:
            x, y = _xy(st, cell, square)
            d = square * 0.36
            svg.line(x - d, y - d, x + d, y + d, "#8b1e1e", 2.5)
            svg.line(x - d, y + d, x + d, y - d, "#8b1e1e", 2.5)
    colors = _side_hex(st)
    for side in (0, 1):
        if v.flag_carrier[side] >= 0:
            continue  # drawn on its carrier
        cell = v.flag_drop[side] if v.flag_drop[side] >= 0 else st.castle[side]
        x, y = _xy(st, cell, square)
        _flag(svg, x - square * 0.3, y - square * 0.05, square * 0.5, colors[side])
    if v.combat is not None:
        a, d = v.pos[v.combat[0]], v.pos[v.combat[1]]
        if a >= 0 and d >= 0:
            (x1, y1), (x2, y2) = _xy(st, a, square), _xy(st, d, square)
            svg.line(x1, y1, x2, y2, "#c0392b", 4, dash="7 4")


def _flag(svg: Svg, x: float, y: float, size: float, color: str) -> None:
    """A pennant on a pole, its foot at (x, y)."""
    svg.line(x, y, x, y - size, "#2b2b2b", max(1.0, size / 14))
    svg.parts.append(f'<path d="M{num(x)} {num(y - size)} l{num(size * 0.7)} '
                     f'{num(size * 0.22)} l{num(-size * 0.7)} {num(size * 0.22)}z" '
                     f'fill="{color}" stroke="#ffffff" stroke-width="0.8"/>')


def _side_hex(st: Static) -> tuple[str, str]:
    """Each side's lead colour, as the board prints its castle."""
    names = side_colors([(st.piece_side[i] + 1, st.piece_color[i])
                         for i in range(len(st.piece_side))])
    return COLOR_HEX[names[0]], COLOR_HEX[names[1]]


def _pieces(svg: Svg, v: View, square: float) -> None:
    """Every piece on the board: a disc in its colour with its label."""
    st = v.st
    colors = _side_hex(st)
    r = square * 0.36
    for i, cell in enumerate(v.pos):
        if cell < 0:
            continue
        x, y = _xy(st, cell, square)
        color = st.piece_color[i]
        ring = "#f1c40f" if i == v.moved else "#ffffff"
        svg.circle(x, y, r, fill=COLOR_HEX.get(color, "#777777"), stroke=ring,
                   stroke_width=3 if i == v.moved else 1.5)
        svg.text(x, y + r * 0.35, _short(st, i), r * 0.95, anchor="middle", bold=True,
                 fill="#2b2b2b" if color == "Yellow" else "#ffffff")
        for side in (0, 1):
            if v.flag_carrier[side] == i:
                _flag(svg, x + r * 0.5, y - r * 0.2, square * 0.45, colors[side])


def _short(st: Static, piece: int) -> str:
    """'Blue 2' → 'B2'."""
    color, _, number = st.piece_label[piece].rpartition(" ")
    return f"{color[:1]}{number}"


def _panel(svg: Svg, v: View, side: int, x: float, y: float, h: float) -> None:
    """A side's pieces off the board, effects in force and items."""
    st = v.st
    ink = _side_hex(st)[side]
    colors = " & ".join(sorted({st.piece_color[i] for i in st.side_pieces[side]}))
    svg.rect(x, y, PANEL_W, h, fill="#fbf8f1", stroke=ink, stroke_width=1.5, rx=4)
    svg.rect(x, y, PANEL_W, 22, fill=ink, rx=4)
    turn = " · to play" if v.outcome is None and v.side == side else ""
    svg.text(x + 8, y + 16, f"Side {side + 1}: {colors}{turn}", 12, fill="#ffffff",
             bold=True, max_chars=48)
    line = y + 38
    for where, name in ((RESERVE, "Reserve"), (REMOVED, "Removed"), (REAPED, "Reaped")):
        pieces = [_short(st, i) for i in st.side_pieces[side] if v.pos[i] == where]
        if pieces:
            svg.text(x + 8, line, f"{name}: {', '.join(pieces)}", 10, max_chars=56)
            line += 15
    if v.ghost[side] >= v.turn:
        svg.text(x + 8, line, f"Ghost Magic until turn {v.ghost[side] + 1}", 10,
                 fill=ITEM_COLOR_HEX["Blue"], bold=True)
        line += 15
    if v.rain[side] >= v.turn:
        svg.text(x + 8, line, f"Rain Storm: -{v.rain_by[side]} on turn {v.rain[side] + 1}",
                 10, fill=ITEM_COLOR_HEX["Purple"], bold=True)
        line += 15
    hand = v.hands[side]
    held = v.held[side]
    label = f"Items: {held} card" + ("" if held == 1 else "s")
    if hand is None:
        label += " (hidden)"
    svg.text(x + 8, line + 4, label, 10, fill=GRID, bold=True)
    line += 10
    shown = hand if hand is not None else v.known[side]
    if hand is None and any(shown):
        svg.text(x + 8, line + 12, "known to hold:", 9, fill=GRID, italic=True)
        line += 14
    _item_chips(svg, st, shown, x + 8, line + 4, y + h - 22)


def _item_chips(svg: Svg, st: Static, counts: tuple[int, ...], x: float, y: float,
                bottom: float) -> None:
    """Item cards by kind as chips in their T4 colour, two to a row, down to `bottom`."""
    col = 0
    for k, n in enumerate(counts):
        if not n or y > bottom:
            continue
        cx = x + col * (PANEL_W - 16) / 2
        color = ITEM_COLOR_HEX.get(st.params.items[k].color, "#5f5f5f")
        svg.rect(cx, y, (PANEL_W - 16) / 2 - 4, 17, fill=color, rx=3)
        name = st.kind_names[k] + (f" ×{n}" if n > 1 else "")
        svg.text(cx + 5, y + 12.5, name, 9.5, fill="#ffffff", bold=True, max_chars=24)
        col ^= 1
        if col == 0:
            y += 20
