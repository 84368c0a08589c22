"""Battle Gate drawn for replays: one row per seat with its play field as printed, its
hand, the sizes of its deck, hand and discard pile (with the top discard), and the
combat of the turn: attacking cards outlined in red with their target, defenders in blue.

The table view (``seat=None``) shows every hand face up. A seat's view is drawn from its
observation alone: its own hand, the hand cards of others that everybody saw (face up),
and card backs for the rest of their hands.
"""

from __future__ import annotations

from typing import Any

from toolkit.render.job import load_layout
from toolkit.replay.pictures import seat_view
from toolkit.replay.svg import Svg, face

WIDTH = 980
ROW = 150
TOP = 40
CARD = 62
"""A card's width in the picture."""
_PHASES = ("draw", "field", "attack", "defend", "boost", "discard", "recover", "over")


def fields_of(spec: Any) -> dict[str, Any]:
    """How a card prints: the decks' fields when the caller gave them, else the
    engine's name, class and power."""
    known = face(spec.name)
    if known is not None:
        return dict(known)
    return {"Name": spec.name, "Class": spec.klass, "Power": spec.power,
            "Description": "", "Art": None}


Seat = dict[str, Any]
"""name, alive, field [(spec, role)], hand [spec or None], deck, discard, top discard."""


def picture(rules: Any, state: Any, seat: int | None) -> str:
    """The battle at this moment as an `<svg>`: the table's view (``seat=None``) or what
    seat ``seat`` (0-based) saw, drawn from ``rules.observe`` only."""
    view = seat_view(rules, state, seat)
    if seat is None:
        seats, head, lines = _table(state)
    else:
        seats, head, lines = _observed(view)
    svg = Svg(WIDTH, TOP + len(seats) * ROW + 16 + 16 * len(lines), label="Battle Gate")
    svg.text(12, 26, head, size=15, bold=True)
    if seat is not None:
        svg.text(WIDTH - 12, 26, f"as seat {seat + 1} saw it", size=12, anchor="end",
                 italic=True, fill="#555555")
    layout = load_layout("battlegate", "card")
    for q, info in enumerate(seats):
        _draw_seat(svg, layout, q, info, TOP + q * ROW)
    y = TOP + len(seats) * ROW + 14
    for line in lines:
        svg.text(16, y, line, size=12, fill="#7a1f1f", max_chars=140)
        y += 16
    return svg.markup()


def _header(turn: int, current: int, phase: str, outcome: Any) -> str:
    text = f"Turn {turn} · seat {current + 1} to play · {phase}"
    if outcome is not None:
        who = "draw" if outcome.winner is None else f"seat {outcome.winner + 1} wins"
        text += f" · over: {who}"
    return text


def _table(s: Any) -> tuple[list[Seat], str, list[str]]:
    """Every seat from the state (the table sees every hand)."""
    decks = s.battle.game.decks
    attacking = {card: target for card, target in s.attacks}
    blocking = {(p, card) for p, card, _ in s.blocks}
    seats = []
    for q in range(len(s.hand)):
        specs = decks[q].specs
        role = {}
        if q == s.current:
            role = {c: f"attacks seat {t + 1}" for c, t in attacking.items()}
        field = [(specs[c], role.get(c) or ("defends" if (q, c) in blocking else ""))
                 for c in s.field[q]]
        top = specs[s.discard[q][-1]] if s.discard[q] else None
        seats.append({"name": s.battle.game.names[q], "alive": s.seats.alive[q],
                      "field": field, "hand": [specs[c] for c in s.hand[q]],
                      "deck": len(s.battle.order[q]) - s.top[q],
                      "discard": len(s.discard[q]), "top": top})
    lines = []
    for k, (card, target) in enumerate(s.attacks):
        spec = decks[s.current].specs[card]
        blockers = [decks[p].specs[c].name for p, c, a in s.blocks if a == k]
        lines.append(f"Attack {k + 1}: {spec.name} (power {spec.power}) → seat {target + 1}"
                     + (f", blocked by {', '.join(blockers)}" if blockers else ""))
    return seats, _header(s.turn, s.current, _PHASES[s.phase], s.outcome), lines


def _observed(obs: Any) -> tuple[list[Seat], str, list[str]]:
    """Every seat as `obs.player` saw it: its own hand, others' known hand cards and
    backs for the rest."""
    p = obs.player
    attacking = {a.card: a.target for a in obs.attacks}
    seats = []
    for q in range(len(obs.fields)):
        specs = obs.decks[q]
        if q == p:
            hand: list[Any] = [obs.mine[k] for k in obs.hand]
        else:
            known = [specs[k] for k in obs.shown[q]]
            hand = known + [None] * max(0, obs.hand_sizes[q] - len(known))
        field = [(spec, f"attacks seat {attacking[kind] + 1}"
                  if q == obs.current and kind in attacking else "")
                 for kind, spec in obs.fields[q]]
        pile = obs.discards[q]
        seats.append({"name": obs.names[q], "alive": obs.alive[q], "field": field,
                      "hand": hand, "deck": obs.deck_sizes[q],
                      "discard": obs.discard_sizes[q],
                      "top": specs[pile[-1]] if pile else None})
    lines = [f"Attack {k + 1}: {a.spec.name} (power {a.power}) → seat {a.target + 1}, "
             f"defence {a.defence}" for k, a in enumerate(obs.attacks)]
    phase = obs.public[0] if obs.public and isinstance(obs.public[0], int) else None
    name = _PHASES[phase] if phase is not None and 0 <= phase < len(_PHASES) else obs.decision
    return seats, _header(obs.turn, obs.current, name, None), lines


def _draw_seat(svg: Svg, layout: Any, q: int, info: Seat, y: float) -> None:
    """One seat's row: name and counts, play field, top discard, hand."""
    svg.rect(6, y, WIDTH - 12, ROW - 8, fill="#ffffff" if info["alive"] else "#e4e0d8",
             stroke="#c9c2b4", rx=8)
    status = "" if info["alive"] else " · out"
    svg.text(16, y + 20, f"Seat {q + 1}: {info['name']}{status}", size=13, bold=True,
             max_chars=40)
    svg.text(16, y + 40, f"deck {info['deck']} · hand {len(info['hand'])}", size=12,
             fill="#444444")
    svg.text(16, y + 56, f"discard {info['discard']}", size=12, fill="#444444")
    height = CARD * 88 / 63
    if info["top"] is not None:
        svg.text(110, y + 56, "top:", size=10, fill="#666666", anchor="end")
        svg.card(fields_of(info["top"]), layout, 114, y + 44, CARD * 0.75, opacity=0.8)
    svg.text(180, y + 20, "field", size=11, fill="#666666")
    x = 180
    for spec, role in info["field"]:
        with svg.group(x, y + 26, cls="card", data={"name": spec.name, "role": role}):
            if role:
                color = "#c62828" if role.startswith("attacks") else "#1565c0"
                svg.rect(-3, -3, CARD + 6, height + 6, stroke=color, stroke_width=3, rx=5)
            svg.card(fields_of(spec), layout, 0, 0, CARD)
            svg.title(f"{spec.name} ({spec.klass}, power {spec.power}) {role}")
        if role:
            svg.text(x + CARD / 2, y + 26 + height + 13, role, size=9, anchor="middle",
                     fill="#c62828" if role.startswith("attacks") else "#1565c0")
        x += CARD + 8
    hand_x = max(x + 20, 600)
    svg.text(hand_x, y + 20, "hand", size=11, fill="#666666")
    step = min(CARD + 6, (WIDTH - 20 - hand_x - CARD) / max(1, len(info["hand"]) - 1))
    for k, spec in enumerate(info["hand"]):
        if spec is None:
            svg.card({}, layout, hand_x + k * step, y + 26, CARD, side="back")
        else:
            svg.card(fields_of(spec), layout, hand_x + k * step, y + 26, CARD)
