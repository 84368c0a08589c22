"""WarBadge drawn for replays: each team's badges as printed, by place, with the round,
battle, stage and score (badges alive, what decides the game after the last round).

Each team is one row of badges grouped by place: chosen for the battle (face down until
revealed, or revealed), ready (face down in the pool), exhausted (face up, turned), dying,
hidden, set aside, dead (faded, crossed). The table view (``seat=None``) shows every face, with a
"face down" band on the ones that lie face down. A seat's view is drawn from its observation
alone: its own badges as above, the enemy's face-up badges, and for the rest only badge
backs counted by place (the enemy's face-down pool, its secret choice, its set-aside
badges): which badge lies where is never drawn.
"""

from __future__ import annotations

from typing import Any

from toolkit.render.job import load_layout
from toolkit.replay.pictures import seat_view
from toolkit.replay.svg import Svg, face

WIDTH = 820
ROW = 190
TOP = 44
BADGE = 96
"""A badge's width in the picture (smaller when a team holds many)."""

# Places in the order drawn, with their caption (codes of state.STATUS_NAMES).
_ORDER = (3, 2, 4, 0, 1, 5, 6, 7)
_CAPTION = {0: "ready", 1: "exhausted", 2: "chosen", 3: "revealed", 4: "dying",
            5: "hidden", 6: "set aside", 7: "dead"}
_FACE_DOWN = frozenset({0, 2, 6})
"""Places where a badge lies face down (chosen stays so until the battle is revealed)."""
_STAGES = ("drop", "flip", "pre-battle", "battle", "result", "save", "post-battle", "over")


def fields_of(spec: Any) -> dict[str, Any]:
    """How a badge prints: the decks' own fields when the caller gave them (art
    included), else built from the engine's badge."""
    known = face(spec.name)
    if known is not None:
        return dict(known)
    return {"Name": spec.name, "Rank": spec.rank, "Value": spec.value,
            "Types": list(spec.types), "Strengths": list(spec.strengths),
            "Weaknesses": list(spec.weaknesses), "Abilities": list(spec.abilities),
            "Text": "", "Art": None}


def picture(rules: Any, state: Any, seat: int | None) -> str:
    """The game at this moment as an `<svg>`: the table's view (``seat=None``) or what
    seat ``seat`` (0-based) saw, drawn from ``rules.observe`` only."""
    view = seat_view(rules, state, seat)
    if seat is None:
        rows = [_table_row(state, p) for p in range(2)]
        header = _header(state.round, state.rounds, state.battle, _STAGES[state.stage],
                         state.names, state.outcome)
    else:
        rows = [(), ()]
        rows[seat] = _own_row(view)
        rows[1 - seat] = _enemy_row(view)
        header = _header(view.round, view.rounds, view.battle, _stage_of(view),
                         view.names, view.public[11])
    svg = Svg(WIDTH, TOP + 2 * ROW + 10, label="WarBadge")
    svg.text(12, 24, header, size=15, bold=True)
    if seat is not None:
        svg.text(WIDTH - 12, 24, f"as seat {seat + 1} saw it", size=12, anchor="end",
                 italic=True, fill="#555555")
    layout = load_layout("warbadge", "badge")
    names = state.names if seat is None else view.names
    for p in range(2):
        alive = sum(1 for place, _, _ in rows[p] if place != 7)
        y = TOP + p * ROW
        svg.rect(6, y, WIDTH - 12, ROW - 8, fill="#ffffff", stroke="#c9c2b4", rx=8)
        svg.text(16, y + 20, f"Seat {p + 1}: {names[p] if p < len(names) else ''}",
                 size=13, bold=True, max_chars=60)
        svg.text(WIDTH - 16, y + 20, f"{alive} alive", size=13, anchor="end", bold=True)
        _draw_row(svg, layout, rows[p], y + 30)
    return svg.markup()


def _header(round_: int, rounds: int, battle: int, stage: str, names: Any,
            outcome: Any) -> str:
    text = f"Round {round_} of {rounds} · battle {battle} · {stage}"
    if outcome is not None:
        winner = outcome.winner
        who = "draw" if winner is None else f"seat {winner + 1} wins"
        text += f" · over: {who}"
    return text


def _stage_of(obs: Any) -> str:
    stage = obs.public[0]
    return _STAGES[stage] if isinstance(stage, int) and 0 <= stage < len(_STAGES) else "?"


Badge = tuple[int, Any, bool]
"""(place code, badge spec or None for a back, face down)."""


def _table_row(state: Any, p: int) -> list[Badge]:
    """Every badge of player p with its place (the table sees every face)."""
    revealed = state.charged[p] or state.stage in (3, 4, 5, 6)
    out = []
    for j, place in enumerate(state.status[p]):
        down = place in _FACE_DOWN and not (place == 2 and revealed)
        out.append((place, state.teams[p].specs[j], down))
    return out


def _own_row(obs: Any) -> list[Badge]:
    """The seat's own badges (it knows every face); face down as the enemy sees them."""
    from toolkit.games.warbadge.engine.state import STATUS_NAMES  # noqa: PLC0415

    return [(STATUS_NAMES.index(v.status), v.spec, STATUS_NAMES.index(v.status) in _FACE_DOWN)
            for v in obs.mine]


def _enemy_row(obs: Any) -> list[Badge]:
    """The enemy's face-up badges, and backs counted by place for the rest."""
    from toolkit.games.warbadge.engine.state import STATUS_NAMES  # noqa: PLC0415

    shown = [(STATUS_NAMES.index(v.status), v.spec, False) for v in obs.theirs]
    chosen_seen = any(place in (2, 3) for place, _, _ in shown)
    backs = [(0, None, True)] * obs.their_ready
    if obs.their_committed and not chosen_seen:
        backs.append((2, None, True))
    alive = obs.their_alive - sum(1 for place, _, _ in shown if place != 7)
    rest = alive - len(backs)
    backs.extend([(6, None, True)] * max(0, rest))
    return shown + backs


def _draw_row(svg: Svg, layout: Any, row: list[Badge], y: float) -> None:
    """The badges of one team, grouped by place in `_ORDER`, each with its caption."""
    ordered = sorted(row, key=lambda b: _ORDER.index(b[0]))
    n = max(1, len(ordered))
    size = min(BADGE, (WIDTH - 40) / n - 10)
    step = size + 10
    for k, (place, spec, down) in enumerate(ordered):
        x = 20 + k * step
        group = svg.group(x, y, cls="badge",
                          data={"place": _CAPTION[place],
                                "name": "" if spec is None else spec.name})
        with group:
            if place == 2 or place == 3:
                svg.rect(-4, -4, size + 8, size + 8, fill="#fff3c4", stroke="#c89b00",
                         stroke_width=2, rx=8)
            if spec is None:
                svg.card({}, layout, 0, 0, size, side="back")
            else:
                svg.card(fields_of(spec), layout, 0, 0, size,
                         opacity=0.35 if place == 7 else 1.0,
                         rotate=90 if place == 1 else 0)
                svg.title(f"{spec.name} ({_CAPTION[place]})")
                if down:
                    svg.circle(size / 2, size / 2, size / 2 + 2, stroke="#444444",
                               stroke_width=1.5)
                    svg.rect(0, size / 2 - 7, size, 14, fill="#444444", opacity=0.75, rx=3)
                    svg.text(size / 2, size / 2 + 4, "face down", size=9, fill="#ffffff",
                             anchor="middle")
            if place == 7:
                svg.line(6, 6, size - 6, size - 6, "#8b0000", 2)
                svg.line(6, size - 6, size - 6, 6, "#8b0000", 2)
            svg.text(size / 2, size + 16, _CAPTION[place], size=10, anchor="middle",
                     fill="#333333", bold=place in (2, 3))
            if spec is not None:
                svg.text(size / 2, size + 29, spec.name, size=9, anchor="middle",
                         fill="#555555", max_chars=max(6, int(size / 5.5)))
