"""Valiant Wars as a picture (one replay step): the Market, the location deck, the
supplies, and each player's line of cards with their victory points and status
(toolkit/replay/pictures.py has the contract).

Cards are drawn as printed (`Svg.card`, one shared symbol per card) in their kind's
layout, with their name under them in readable type; a card turned face down in a line is
dimmed. The location deck shows its top card and how many are left; a player's deck shows
how many cards are in it. The table view also names what nobody at the table could see:
the order of each deck, the Locations under the top one, the next Champion of the pile and
every player's commitment at this draw. A seat view shows only its own commitment and the
top cards of its own deck an Oracle showed it, drawn from `rules.observe` alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any, NamedTuple

from toolkit.render.job import load_layout
from toolkit.replay.pictures import seat_view
from toolkit.replay.svg import Svg, face

from .engine.rules import CHOICE_NAMES
from .engine.state import (
    BUY,
    CHOICE,
    LOCATION,
    PHASE_NAMES,
    SHUFFLE,
    STATUS_NAMES,
    CardSpec,
    Pool,
)
from .models import ROLE_TEXT, TYPE_ICONS
from .printing import LAYOUTS
from .vocab import EFFECT_CODES, EFFECT_TEXT, P_NONE, WHEN_PLAYED, penalty_sentence, penalty_text

CARD_W = 50.0
CARD_H = CARD_W * 88 / 63
STEP = CARD_W + 6
LEFT = 12.0
ROW_H = CARD_H + 40
INK, SOFT = "#222222", "#6b6b6b"
PLAYER_BG = "#fbf7ee"
"""The champion card's panel colour."""
GOLD_INK, OMEN_INK = "#7a5a12", "#2d1f36"
"""The gold and Dark Omen cards' colours."""
COMMITS = ("", "draw", "STOP")


class View(NamedTuple):
    """What a picture draws, from the state (table) or one seat's observation.
    ``decks[p]`` is the player's deck top first, None when its order is hidden (then
    ``tops[p]`` holds the top cards the seat knows); ``chose[p]`` is -1 when hidden;
    ``locations`` the location deck top first (only its top when hidden), ``next_champion``
    -1 when hidden."""

    pool: Pool
    names: tuple[str, ...]
    round: int
    phase: int
    decision: str
    target: int
    vp: tuple[int, ...]
    status: tuple[int, ...]
    chose: tuple[int, ...]
    owned: tuple[tuple[int, ...], ...]
    line: tuple[tuple[int, ...], ...]
    down: tuple[tuple[int, ...], ...]
    gained: tuple[tuple[int, ...], ...]
    deck_sizes: tuple[int, ...]
    decks: tuple[tuple[int, ...] | None, ...]
    tops: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    pile_size: int
    next_champion: int
    supplies: tuple[int, int, int]
    locations: tuple[int, ...]
    location_count: int
    buyer: int
    outcome: Any


def view_of(rules: Any, state: Any, seat: int | None) -> View:
    """The table's view (everything) or the seat's (its observation only)."""
    s = seat_view(rules, state, seat)
    n = len(s.vp)
    buyer = s.buyers[s.bpos] if s.phase == BUY and s.bpos < len(s.buyers) else -1
    supplies = (len(s.soldiers), len(s.golds), len(s.omen_supply))
    if seat is None:
        decision = (CHOICE_NAMES[s.choice[0]] if s.phase == CHOICE and s.choice
                    else PHASE_NAMES[s.phase])
        return View(s.pool, s.names, s.round, s.phase, decision, s.target, s.vp, s.status,
                    s.chose, s.owned, s.line, s.down, s.gained,
                    tuple(len(d) for d in s.deck), tuple(s.deck), tuple(() for _ in s.deck),
                    s.market, len(s.pile), s.pile[0] if s.pile else -1, supplies,
                    s.locations, len(s.locations), buyer, s.outcome)
    chose = tuple(s.committed if p == seat else -1 for p in range(n))
    tops = tuple(s.my_top if p == seat else () for p in range(n))
    top = () if s.location_top < 0 else (s.location_top,)
    return View(s.pool, s.names, s.round, s.phase, s.decision, s.target, s.vp, s.status,
                chose, s.owned, s.line, s.down, s.gained, s.deck_sizes, (None,) * n, tops,
                s.market, s.pile_size, -1, supplies, top, s.location_count, buyer, None)


def picture(rules: Any, state: Any, seat: int | None) -> str:
    """The game at this step as one ``<svg>``: the table view (``seat=None``) or what
    ``seat`` saw."""
    v = view_of(rules, state, seat)
    n = len(v.vp)
    longest = max([len(v.line[p]) + len(v.gained[p]) for p in range(n)] + [8])
    width = max(760.0, LEFT + 150 + longest * STEP + 40)
    top = 40 + ROW_H + 10
    height = top + n * ROW_H + 6
    who = "the table" if seat is None else v.names[seat]
    svg = Svg(width, height, label=f"Valiant Wars, round {v.round}, as {who} sees it")
    _header(svg, v, who, width)
    _table(svg, v, 40)
    for p in range(n):
        _player(svg, v, p, top + p * ROW_H, width, seat)
    return svg.markup()


def _header(svg: Svg, v: View, who: str, width: float) -> None:
    """Round, what is being decided (or the result), the VP to win."""
    if v.outcome is not None:
        winner = ("a draw" if v.outcome.winner is None
                  else f"{v.names[v.outcome.winner]} wins")
        text = f"Over: {winner} ({v.outcome.reason})"
    else:
        text = f"Round {v.round} · {v.decision} · {v.target} VP to win"
    svg.text(LEFT, 20, text, 14, bold=True, max_chars=72)
    svg.text(width - 10, 20, f"view: {who}", 11, fill=SOFT, anchor="end", max_chars=40)


def _table(svg: Svg, v: View, y: float) -> None:
    """The Market, the location deck and the supplies."""
    svg.text(LEFT, y + 10, "Market", 10, fill=SOFT, bold=True)
    for k, card in enumerate(v.market):
        _card(svg, v.pool, card, LEFT + k * STEP, y + 14)
    x = LEFT + 5 * STEP + 20
    svg.text(x, y + 10, f"Locations ({v.location_count})", 10, fill=SOFT, bold=True)
    if v.locations:
        _card(svg, v.pool, v.locations[0], x, y + 14)
    else:
        svg.text(x, y + 40, "none left", 9, fill=SOFT, italic=True)
    x += STEP + 14
    soldiers, golds, omens = v.supplies
    lines = [f"Champion pile: {v.pile_size}", f"Soldiers: {soldiers}", f"Gold: {golds}",
             f"Dark Omens: {omens}"]
    if v.next_champion >= 0:
        lines.append(f"next champion: {v.pool.names[v.next_champion]}")
    if len(v.locations) > 1:
        lines.append("then: " + ", ".join(v.pool.names[c] for c in v.locations[1:]))
    for k, text in enumerate(lines):
        svg.text(x, y + 26 + k * 15, text, 10, fill=INK if k < 4 else SOFT,
                 italic=k >= 4, max_chars=90)


def _player(svg: Svg, v: View, p: int, y: float, width: float, seat: int | None) -> None:
    """One player's row: name, VP, status, deck, locations won, then the line."""
    pool = v.pool
    mine = seat == p
    svg.rect(4, y, width - 8, ROW_H - 6, fill=PLAYER_BG, stroke=GOLD_INK if mine else "#b9b3a6",
             stroke_width=2 if mine else 1, rx=4)
    turn = " · buying" if v.buyer == p else ""
    svg.text(LEFT, y + 16, f"{v.names[p]}{turn}", 12, bold=True, max_chars=22)
    svg.text(LEFT, y + 32, f"{v.vp[p]} VP · {STATUS_NAMES[v.status[p]]}"
             if v.phase != SHUFFLE else f"{v.vp[p]} VP", 10, max_chars=24)
    svg.text(LEFT, y + 47, f"deck {v.deck_sizes[p]} · owns {len(v.owned[p])}", 10,
             max_chars=24)
    if v.chose[p] > 0:
        svg.text(LEFT, y + 62, f"committed: {COMMITS[v.chose[p]]}", 10, fill=GOLD_INK,
                 bold=True, max_chars=24)
    deck = v.decks[p]
    known = deck[:3] if deck is not None else v.tops[p]
    if known:
        label = "deck top: " if deck is not None else "seen on top: "
        svg.text(LEFT, y + 77, label + ", ".join(pool.names[c] for c in known), 8,
                 fill=SOFT, italic=True, max_chars=30)
    sites = [pool.names[c] for c in v.owned[p] if pool.kind[c] == LOCATION]
    if sites:
        svg.text(LEFT, y + ROW_H - 14, "won: " + ", ".join(sites), 8, fill=SOFT,
                 max_chars=30)
    x = LEFT + 150
    down = set(v.down[p])
    if not v.line[p] and not v.gained[p]:
        svg.text(x, y + ROW_H / 2, "no cards in the line", 9, fill=SOFT, italic=True)
    for k, card in enumerate(v.line[p]):
        _card(svg, pool, card, x + k * STEP, y + 8, 0.35 if card in down else 1.0)
    if v.gained[p]:
        x += len(v.line[p]) * STEP + 10
        svg.line(x - 6, y + 8, x - 6, y + ROW_H - 14, GOLD_INK, 1, dash="3 2")
        svg.text(x, y + ROW_H - 12, "bought", 8, fill=GOLD_INK, bold=True)
        for k, card in enumerate(v.gained[p]):
            _card(svg, pool, card, x + k * STEP, y + 8)


def _card(svg: Svg, pool: Pool, card: int, x: float, y: float, opacity: float = 1.0) -> None:
    """A card as printed with its name under it."""
    spec = pool.specs[card]
    svg.card(_fields(spec), _layout(spec.kind), x, y, CARD_W, opacity=opacity)
    svg.text(x + CARD_W / 2, y + CARD_H + 10, spec.name, 7, anchor="middle", bold=True,
             fill=OMEN_INK, max_chars=13)


_LAYOUTS: dict[str, Any] = {}


def _layout(kind: str) -> Any:
    """The kind's printed layout (printing.LAYOUTS)."""
    lay = _LAYOUTS.get(kind)
    if lay is None:
        lay = _LAYOUTS[kind] = load_layout("valiantwars", LAYOUTS[kind])
    return lay


def _fields(spec: CardSpec) -> Mapping[str, Any]:
    """The card's printed fields: those of the loaded pool when the replay gave them
    (`toolkit.replay.svg.face`), else rebuilt from the engine's card (no art)."""
    printed = face(spec.name)
    return printed if printed is not None else _engine_fields(spec)


@lru_cache(maxsize=512)
def _engine_fields(spec: CardSpec) -> Mapping[str, Any]:
    """A card's fields as models.py's ``fields()`` gives them, from the engine's card."""
    text = ""
    if spec.kind == "Champion":
        text = EFFECT_TEXT.get(spec.effect, "No special effect.")
    elif spec.kind == "Location":
        parts = [ROLE_TEXT[spec.role]] if spec.role in ROLE_TEXT else []
        if spec.penalty != P_NONE:
            sentence = penalty_sentence(spec.penalty, spec.amount)
            parts.append(f"Penalty: {sentence[0].upper()}{sentence[1:]}.")
        text = " ".join(parts)
    played = spec.effect and EFFECT_CODES.get(spec.effect, 0) in WHEN_PLAYED
    return {"Name": spec.name, "Kind": spec.kind, "Type": spec.type,
            "Cost": spec.cost if spec.kind == "Champion" else "",
            "Swords": spec.swords or "", "Gold": spec.gold or "",
            "VP": spec.vp if spec.kind == "Location" else "",
            "Penalty": penalty_text(spec.penalty, spec.amount) if spec.penalty != P_NONE
            else "", "Effect": spec.effect, "Role": spec.role,
            "TypeIcon": TYPE_ICONS.get(spec.type, ""),
            "WhenPlayed": "WHEN PLAYED" if played else "", "CardText": text, "Art": None}
