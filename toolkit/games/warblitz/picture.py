"""Warblitz as a picture (one replay step): the battlefield with its pieces, both players'
tokens, reserves and piles (toolkit/replay/pictures.py has the contract).

The battlefield is the printed one (battlefield.py: its size, side colours and space
names, player 2's edge on top). Each unit is its card as printed (`Svg.card`, one shared
symbol per card) with a strip over its lower part saying what the card cannot: its name,
the life it has left and the tokens on it; terrain is a stone block. Beside the
battlefield each player has a panel (player 2's on top, as they sit): held tokens, the
upgrade paths opened, how many cards are in the draw pile, discard and destroyed, the
active area and the reserves (hand). The table view shows every reserve's cards; a seat
view shows the seat's own cards and only the number of the opponent's, drawn from
`rules.observe` alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from toolkit.games.warblitz import battlefield as BF
from toolkit.games.warblitz import board as B
from toolkit.games.warblitz.effects import effect_text
from toolkit.games.warblitz.engine.basics import TOKEN_NAMES
from toolkit.games.warblitz.engine.state import (
    BST,
    CLASSES,
    COMMANDER,
    DMG,
    EMPTY,
    PATHS,
    PHASE_NAMES,
    RANK_NAMES,
    RELIC,
    TATK,
    TDEF,
    TERRAIN,
    TSPC,
    UNIT,
    CardSpec,
    F,
    Game,
)
from toolkit.render.job import load_layout
from toolkit.replay.pictures import seat_view
from toolkit.replay.svg import Svg, face

SPACE_W, SPACE_H = BF.SPACE_W, BF.SPACE_H
"""A space, one unit per printed millimetre."""
CARD_W = 63.0
LEFT, TOP = 22.0, 40.0
PANEL_X = LEFT + B.WIDTH * SPACE_W + 26
PANEL_W = 400.0
WIDTH = PANEL_X + PANEL_W + 10
HEIGHT = TOP + B.RANKS * SPACE_H + 28
PANEL_H = (B.RANKS * SPACE_H - 10) / 2
SMALL_W = 62.0
"""A card in a panel (reserves, active area)."""
PLAYER_INK = ("#1f4e79", "#8b1e1e")
"""Each player's colour on the printed battlefield (their space names)."""
TOKEN_INK = {TDEF: "#1f618d", TATK: "#a93226", TSPC: "#6c3483", BST: "#a47e0b"}
"""Token chips, in the card layouts' colours (RNG blue, MEL red, Elite, Commander)."""
TOKEN_LABEL = {TDEF: "DEF", TATK: "ATK", TSPC: "SPC", BST: "+"}
PHASE_CARD = {0: "Beginning", 1: "Deploy", 2: "Move & Attack"}
"""Card Phase codes as printed."""


class View(NamedTuple):
    """What a picture draws, from the state (table) or one seat's observation.
    ``hands[p]`` is None when that player's reserves are hidden."""

    game: Game
    board: tuple[int, ...]
    u: tuple[int, ...]
    hands: tuple[tuple[int, ...] | None, ...]
    hand_sizes: tuple[int, ...]
    pile_sizes: tuple[int, ...]
    used: tuple[tuple[int, ...], ...]
    gone: tuple[tuple[int, ...], ...]
    active: tuple[tuple[int, ...], ...]
    held: tuple[tuple[int, ...], ...]
    opened: tuple[int, ...]
    turn: int
    current: int
    phase: int
    unit: int
    attack: tuple[int, ...]
    outcome: Any


def view_of(rules: Any, state: Any, seat: int | None) -> View:
    """The table's view (everything) or the seat's (its observation only)."""
    seen = seat_view(rules, state, seat)
    if seat is None:
        board, u = seen.pieces()
        hands: tuple[tuple[int, ...] | None, ...] = tuple(seen.hand)
        hand_sizes = tuple(len(h) for h in seen.hand)
        pile_sizes = tuple(len(p) for p in seen.pile)
    else:
        board, u = seen.board, seen.u
        hands = tuple(seen.hand if p == seat else None for p in (0, 1))
        hand_sizes, pile_sizes = seen.hand_sizes, seen.pile_sizes
    return View(seen.game, board, u, hands, hand_sizes, pile_sizes, tuple(seen.used),
                tuple(seen.gone), tuple(seen.active), tuple(seen.held), seen.opened,
                seen.turn, seen.current, seen.phase, seen.unit, seen.attack, seen.outcome)


def picture(rules: Any, state: Any, seat: int | None) -> str:
    """The battle at this step as one ``<svg>``: the table view (``seat=None``) or what
    ``seat`` saw."""
    v = view_of(rules, state, seat)
    g = v.game
    who = "the table" if seat is None else g.names[seat]
    svg = Svg(WIDTH, HEIGHT, label=f"Warblitz, turn {v.turn + 1}, as {who} sees it")
    _header(svg, v, who)
    _battlefield(svg, v)
    for p in (0, 1):
        _panel(svg, v, p, TOP + (0 if p == 1 else PANEL_H + 10))
    return svg.markup()


def _header(svg: Svg, v: View, who: str) -> None:
    """Turn, whose turn, the phase (or the result) and whose view this is."""
    g = v.game
    if v.outcome is not None:
        winner = "a draw" if v.outcome.winner is None else f"{g.names[v.outcome.winner]} wins"
        text = f"Over: {winner} ({v.outcome.reason})"
    else:
        text = (f"Turn {v.turn + 1} · {g.names[v.current]} · "
                f"{PHASE_NAMES[v.phase]}")
    svg.text(LEFT, 18, text, 14, bold=True, max_chars=70)
    svg.text(WIDTH - 10, 18, f"view: {who}", 11, fill=BF.SOFT, anchor="end", max_chars=40)


def _battlefield(svg: Svg, v: View) -> None:
    """The printed battlefield (player 2's edge on top) and every piece on it."""
    grid_w, grid_h = B.WIDTH * SPACE_W, B.RANKS * SPACE_H
    for rank in range(B.RANKS):
        y = _row_y(rank)
        home = next((p for p in (0, 1) if B.in_home(p, rank * B.WIDTH)), None)
        svg.rect(LEFT, y, grid_w, SPACE_H,
                 fill=BF.SIDE_COLORS[home] if home is not None else BF.NEUTRAL)
        svg.text(LEFT - 11, y + SPACE_H / 2 + 4, rank + 1, 11, fill=PLAYER_INK[0],
                 anchor="middle", bold=True)
        for col in range(B.WIDTH):
            x = LEFT + col * SPACE_W
            svg.rect(x + 2.5, y + 2.5, SPACE_W - 5, SPACE_H - 5, stroke="#8a8a8a",
                     stroke_width=0.5, rx=3)
            svg.text(x + 5, y + SPACE_H - 6, B.space_name(rank * B.WIDTH + col), 9,
                     fill=PLAYER_INK[0], bold=True)
    for k in range(B.WIDTH + 1):
        svg.line(LEFT + k * SPACE_W, TOP, LEFT + k * SPACE_W, TOP + grid_h, BF.INK, 0.8)
    for k in range(B.RANKS + 1):
        svg.line(LEFT, TOP + k * SPACE_H, LEFT + grid_w, TOP + k * SPACE_H, BF.INK,
                 1.6 if k in (3, 4) else 0.8)
    for col in range(B.WIDTH):
        svg.text(LEFT + (col + 0.5) * SPACE_W, TOP + grid_h + 16, B.LETTERS[col], 11,
                 fill=PLAYER_INK[0], anchor="middle", bold=True)
    for space, uid in enumerate(v.board):
        if uid != EMPTY:
            _piece(svg, v, uid, space)
    if len(v.attack) >= 2 and v.attack[0] != EMPTY and v.attack[1] != EMPTY:
        a, t = v.u[v.attack[0] * F], v.u[v.attack[1] * F]
        if a != EMPTY and t != EMPTY:
            (x1, y1), (x2, y2) = _centre(a), _centre(t)
            svg.line(x1, y1, x2, y2, "#c0392b", 3, dash="6 3")
            svg.circle(x2, y2, 6, fill="#c0392b")


def _row_y(rank: int) -> float:
    """The top of a rank's row (rank 0, player 1's edge, at the bottom)."""
    return TOP + (B.RANKS - 1 - rank) * SPACE_H


def _centre(space: int) -> tuple[float, float]:
    return (LEFT + (B.column_of(space) + 0.5) * SPACE_W,
            _row_y(B.rank_of(space)) + SPACE_H / 2)


def _piece(svg: Svg, v: View, uid: int, space: int) -> None:
    """A unit as its printed card with its state over it, or a terrain block."""
    g = v.game
    x = LEFT + B.column_of(space) * SPACE_W + 2.5
    y = _row_y(B.rank_of(space)) + 2.5
    if g.kind[uid] == TERRAIN:
        svg.rect(x + 4, y + 10, CARD_W - 8, SPACE_H - 25, fill="#8d8577", stroke="#5e574c",
                 stroke_width=1.5, rx=6)
        svg.text(x + CARD_W / 2, y + SPACE_H / 2, "TERRAIN", 9, fill="#ffffff",
                 anchor="middle", bold=True)
        return
    owner = g.owner[uid]
    height = svg.card(_fields(g, uid), _layout(g, uid), x, y, CARD_W)
    ink = PLAYER_INK[owner]
    svg.rect(x - 1, y - 1, CARD_W + 2, height + 2, stroke="#f1c40f" if uid == v.unit else ink,
             stroke_width=3 if uid == v.unit else 2, rx=3)
    base = uid * F
    # The strip: name, life left, tokens.
    top = y + height - 30
    svg.rect(x, top, CARD_W, 30, fill="#ffffff", opacity=0.92, rx=2)
    svg.rect(x, top, 4, 30, fill=ink)
    svg.text(x + 6, top + 10, g.label[uid], 7.5, bold=True, max_chars=15)
    life = g.hp[uid] - v.u[base + DMG]
    svg.text(x + 6, top + 22, f"♥{life}/{g.hp[uid]}", 9, bold=True,
             fill="#b03a2e" if life < g.hp[uid] else BF.INK)
    # Tokens: chips in a row just above the strip, from the right.
    chip_x = x + CARD_W
    for role in (BST, TSPC, TATK, TDEF):
        n = v.u[base + role]
        if n:
            label = f"{TOKEN_LABEL[role]}{n}"
            w = 5.2 * len(label) + 3
            chip_x -= w + 1
            svg.rect(chip_x, top - 12, w, 11, fill=TOKEN_INK[role], stroke="#ffffff",
                     stroke_width=0.6, rx=3)
            svg.text(chip_x + w / 2, top - 3.5, label, 7.5, fill="#ffffff", anchor="middle",
                     bold=True)


def _panel(svg: Svg, v: View, p: int, y: float) -> None:
    """One player's panel: tokens, paths, piles, active area and reserves."""
    g = v.game
    x = PANEL_X
    ink = PLAYER_INK[p]
    svg.rect(x, y, PANEL_W, PANEL_H, fill="#fbfaf6", stroke=ink, stroke_width=1.5, rx=4)
    svg.rect(x, y, PANEL_W, 24, fill=BF.SIDE_COLORS[p], rx=4)
    turn = " · to play" if v.outcome is None and v.current == p else ""
    svg.text(x + 8, y + 17, f"Player {p + 1}: {g.names[p]}{turn}", 12, fill=ink, bold=True,
             max_chars=56)
    held = v.held[p]
    tokens = ", ".join(f"{n} {TOKEN_NAMES[k]}" for k, n in enumerate(held) if n) or "none"
    svg.text(x + 8, y + 40, f"Tokens held: {tokens}", 10, max_chars=68)
    paths = ", ".join(name for k, name in enumerate(PATHS) if v.opened[p] >> k & 1) or "none"
    svg.text(x + 8, y + 55, f"Upgraded paths: {paths}", 10, max_chars=68)
    svg.text(x + 8, y + 70, f"Draw pile {v.pile_sizes[p]} · discard {len(v.used[p])} · "
             f"destroyed {len(v.gone[p])} · reserves {v.hand_sizes[p]}", 10, max_chars=68)
    row = y + 80
    svg.text(x + 8, row + 10, "Active area", 9, fill=BF.SOFT, bold=True)
    _cards(svg, g, v.active[p], x + 8, row + 14, "nothing active")
    row += 14 + SMALL_W * 88 / 63 + 8
    svg.text(x + 8, row + 10, "Reserves", 9, fill=BF.SOFT, bold=True)
    hand = v.hands[p]
    if hand is None:
        _backs(svg, v.hand_sizes[p], x + 8, row + 14, ink)
    else:
        _cards(svg, g, hand, x + 8, row + 14, "no cards")


def _cards(svg: Svg, g: Game, uids: tuple[int, ...], x: float, y: float, empty: str) -> None:
    """A row of small printed cards (overlapping when many)."""
    if not uids:
        svg.text(x, y + 14, empty, 9, fill=BF.SOFT, italic=True)
        return
    step = min(SMALL_W + 4, (PANEL_W - 16 - SMALL_W) / max(1, len(uids) - 1))
    for k, uid in enumerate(uids):
        svg.card(_fields(g, uid), _layout(g, uid), x + k * step, y, SMALL_W)


def _backs(svg: Svg, n: int, x: float, y: float, ink: str) -> None:
    """``n`` face-down cards: how many reserves a hidden hand holds."""
    h = SMALL_W * 88 / 63
    step = min(SMALL_W + 4, (PANEL_W - 16 - SMALL_W) / max(1, n - 1))
    for k in range(n):
        svg.rect(x + k * step, y, SMALL_W, h, fill=ink, stroke="#ffffff", stroke_width=1, rx=3)
    label = f"{n} hidden card" + ("" if n == 1 else "s")
    svg.text(x + (n * step if n else 0) + 8, y + h / 2 + 4, label, 10, fill=BF.SOFT,
             italic=True)


# ---------------------------------------------------------------- the cards as printed

_LAYOUTS: dict[str, Any] = {}


def _layout(g: Game, uid: int) -> Any:
    """The card's printed layout: commander, unit or event (printing.layout_of)."""
    name = ("commander" if g.rank[uid] == COMMANDER else "unit") if g.kind[uid] == UNIT \
        else "event"
    lay = _LAYOUTS.get(name)
    if lay is None:
        lay = _LAYOUTS[name] = load_layout("warblitz", name)
    return lay


def _fields(g: Game, uid: int) -> Mapping[str, Any]:
    """The card's printed fields: those of the loaded decks when the replay gave them
    (`toolkit.replay.svg.face`), else rebuilt from the engine's card (no art)."""
    spec = g.card(uid)
    printed = face(spec.name)
    if printed is not None:
        return printed
    band = g.params.warbands[g.owner[uid]]
    return _engine_fields(spec, band.name, band.start)


@lru_cache(maxsize=1024)
def _engine_fields(spec: CardSpec, faction: str, start: B.StartLayout) -> Mapping[str, Any]:
    """A card's fields as models.py's ``fields()`` gives them, from the engine's card."""
    ability = effect_text(spec.effect)
    if spec.kind == UNIT:
        out: dict[str, Any] = {
            "Name": spec.name, "Faction": faction, "Rank": RANK_NAMES[spec.rank],
            "Class": CLASSES[spec.klass] if spec.klass >= 0 else "", "Cost": spec.cost,
            "HP": spec.hp, "STR": spec.strength, "Attack": "RNG" if spec.ranged else "MEL",
            "Ability": ability, "Art": None}
        if spec.rank == COMMANDER:
            out.update(B.layout_cells(start))
            out["Start"] = B.layout_legend(start)
        return out
    return {"Name": spec.name, "Kind": "Relic" if spec.kind == RELIC else "Event",
            "Faction": faction, "Tier": "Epic" if spec.rank else "Common", "Cost": spec.cost,
            "Phase": "" if spec.phase is None else PHASE_CARD.get(spec.phase, ""),
            "Ability": ability, "Active": spec.active, "Art": None}
