"""Warblitz in words: the playthrough log's lines (a layer of `WarblitzRules`,
see base.py).

`describe` says what an action does and why it is legal; `picture` draws the battlefield
as text at the start of every turn, with a legend of the pieces and what each player holds.
Spaces are named as player 1 sees them.
"""

from __future__ import annotations

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz import effects as E

from .basics import (
    BASE_DICE,
    KIND_TEXT,
    ROLE_NAMES,
    TOKEN_NAMES,
    _count,
    _of,
    token_of_roll,
)
from .invariants import Invariants
from .state import (
    BST,
    COMMANDER,
    DMG,
    EMPTY,
    PATHS,
    PHASE_NAMES,
    PICK_DIRECTION,
    PICK_SPACE,
    ROLL_TOKENS,
    TATK,
    TDEF,
    TERRAIN,
    TSPC,
    F,
    State,
    Task,
)

LETTERS = "abcdefghijklmnopqrstuvwxyz"


class Narrator(Invariants):
    """Text for the playthrough log, for `WarblitzRules`."""

    # --------------------------------------------------------------- text
    def _who(self, s: State, uid: int, space: int | None = None) -> str:
        g = s.game
        where = s.u[uid * F] if space is None else space
        at = f" at {B.space_name(where)}" if where != EMPTY else ""
        if g.kind[uid] == TERRAIN:
            return f"terrain{at}"
        return f"{_of(g.names[g.owner[uid]])} {g.label[uid]}{at}"

    def _why_nothing(self, s: State, task: Task, step: E.Step, uid: int = EMPTY) -> str:
        """Why ``step`` of an ability has nothing to act on (or does nothing to ``uid``),
        for the log: "'damage 1 target' does nothing: the target has left the
        battlefield"."""
        g = s.game
        what = f"'{E.step_text(step)}'"
        t = step.target
        if uid != EMPTY:
            if g.kind[uid] == TERRAIN:
                return f"{what} does nothing to {self._who(s, uid)}: terrain has no life"
            return f"{what} does nothing to {self._who(s, uid)}"
        if t is None:
            return f"{what} does nothing"
        if t.kind == E.SELECT:
            if step.verb == E.MOVE:
                return (f"{what} does nothing: no {E.target_text(t, modifier=True)} that "
                        "can move (none, or deployed this turn)")
            return f"{what} does nothing: there are no {E.target_text(t, modifier=True)}"
        named = {E.SELF: "this unit", E.TARGET: "the target", E.IT: "the card chosen",
                 E.COMMANDER: "the commander", E.ENEMY_COMMANDER: "the enemy commander"}[t.kind]
        if t.kind == E.IT and task.it == EMPTY:
            return f"{what} does nothing: no card was chosen"
        card = {E.SELF: task.source, E.TARGET: task.target, E.IT: task.it}.get(t.kind, EMPTY)
        if card != EMPTY and s.u[card * F] != EMPTY and card in s.fresh:
            return f"{what} does nothing: {self._who(s, card)} was deployed this turn"
        return f"{what} does nothing: {named} has left the battlefield"

    def picture(self, s: State) -> tuple[str, list[str]]:
        """The battlefield as text, player 2's edge on top, and the lines under it: each
        piece is its player's number and a letter of its own (K the commander, ##
        terrain), with a legend and what each player holds. The grid is one text of
        aligned lines (the log shows it as a code block)."""
        g = s.game
        codes: dict[int, str] = {}
        for space in range(B.SIZE):
            uid = s.board[space]
            if uid == EMPTY:
                continue
            if g.kind[uid] == TERRAIN:
                codes[uid] = "##"
                continue
            p = g.owner[uid]
            if g.rank[uid] == COMMANDER:
                codes[uid] = f"{p + 1}K"
            else:  # a letter per card of the warband, the same all game long
                others = [i for i in g.own[p] if g.rank[i] != COMMANDER]
                codes[uid] = f"{p + 1}{LETTERS[others.index(uid) % len(LETTERS)]}"
        grid = ["   " + "  ".join(f"{c} " for c in B.LETTERS).rstrip()]
        for rank in range(B.RANKS - 1, -1, -1):
            row = []
            for col in range(B.WIDTH):
                uid = s.board[rank * B.WIDTH + col]
                row.append(codes.get(uid, "..") if uid != EMPTY else "..")
            grid.append(f"{rank + 1}  " + "  ".join(row))
        lines = []
        legend = []
        for space in range(B.SIZE):
            uid = s.board[space]
            if uid == EMPTY or g.kind[uid] == TERRAIN:
                continue
            base = uid * F
            extra = [f"{n} {name}" for n, name in ((s.u[base + BST], "boost"),
                                                   (s.u[base + TDEF], "DEF"),
                                                   (s.u[base + TATK], "ATK"),
                                                   (s.u[base + TSPC], "SPC")) if n]
            legend.append(f"{codes[uid]} {g.label[uid]} {g.hp[uid] - s.u[base + DMG]}/"
                          f"{g.hp[uid]}" + (f" ({', '.join(extra)})" if extra else ""))
        lines.append("; ".join(legend))
        held = " · ".join(f"{g.names[p]} holds "
                          + (", ".join(f"{n} {TOKEN_NAMES[k]}" for k, n in enumerate(s.held[p])
                                       if n) or "no tokens")
                          + f", reserves {len(s.hand[p])}" for p in (0, 1))
        lines.append(held)
        return "\n".join(grid), lines

    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """``(what, why it is legal)`` for a playthrough log, in the state before it."""
        g = s.game
        kind = action[0]
        p = action[1]
        if kind == "roll":
            dice = action[2]
            if s.phase == ROLL_TOKENS:
                got = [TOKEN_NAMES[token_of_roll(d)] for d in dice]
                n = self.draw_dice(s, s.current)
                return (f"{g.names[s.current]} rolls {', '.join(map(str, dice))} → "
                        f"{', '.join(got)}",
                        f"{_count(n, 'draw die', 'draw dice')}: "
                        f"{BASE_DICE[min(s.turns[s.current], 3) - 1]} on their turn "
                        f"{s.turns[s.current]}, +{s.perm[s.current]} from upgrades, "
                        f"+{s.temp[s.current]} for this turn only")
            uid = s.attack[0]
            table = "range" if g.ranged[uid] else "melee"
            return (f"{g.label[uid]} rolls {', '.join(map(str, dice)) or 'no dice'}",
                    f"the {table} table")
        who = g.names[p]
        if kind == "end":
            return (f"{who} ends the {PHASE_NAMES[s.phase]} phase",
                    "a player may stop at any time")
        if kind == "assign":
            _, _, uid, token, role = action
            via = "" if TOKEN_NAMES[token] == ROLE_NAMES[role] else \
                f" (via {TOKEN_NAMES[token]})"
            return (f"{who} assigns {ROLE_NAMES[role]}{via} to {self._who(s, uid)}",
                    "one ATK-or-DEF and one SPC token per unit")
        if kind == "upgrade":
            return (f"{who} upgrades {PATHS[action[2]]} (4 tokens)",
                    ("first upgrade: a draw die every turn" if s.opened[p] == 0
                     else "a later upgrade: a draw die next turn")
                    + ("; the elite options open on the next turn"
                       if not s.opened[p] >> action[2] & 1 else "; the path is already open"))
        if kind == "play":
            spec = g.spec[action[2]]
            return (f"{who} plays {spec.name} ({KIND_TEXT[g.kind[action[2]]]}, cost "
                    f"{spec.cost})", f"{_count(sum(s.held[p]), 'token', 'tokens')} held"
                    + (f"; {E.effect_text(spec.effect)}" if spec.effect.clauses else ""))
        if kind == "deploy":
            uid, space = action[2], action[3]
            return (f"{who} deploys {g.label[uid]} at {B.space_name(space)} (cost "
                    f"{g.spec[uid].cost})",
                    f"unit {s.deployed + 1} of 2; last three ranks, not in front of an "
                    "enemy, not next to one unless next to the commander")
        if kind == "activate":
            uid = action[2]
            return (f"{who} selects {self._who(s, uid)}",
                    f"unit {len(s.acted) + 1} of 3 this turn")
        if kind == "move":
            uid = s.unit
            here = s.u[uid * F]
            if action[2] == here:
                return (f"{g.label[uid]} steps out of {B.space_name(here)} and back",
                        "moving 1 space and back is a move")
            return (f"{g.label[uid]} moves {B.space_name(here)} → {B.space_name(action[2])}",
                    f"up to {self.moves_of(s, uid)} spaces through empty spaces")
        if kind == "stay":
            return f"{g.label[s.unit]} does not move", "moving is optional"
        if kind == "attack":
            uid = s.unit
            return (f"{g.label[uid]} attacks {self._who(s, action[2])}",
                    "ranged: up to 3 clear straight spaces" if g.ranged[uid]
                    else "melee: an adjacent card")
        if kind == "hold":
            return f"{g.label[s.unit]} does not attack", "attacking is optional"
        if kind == "pick":
            task = s.queue[0]
            src = g.label[task.source]
            if task.kind == PICK_DIRECTION:
                return (f"{who} forces {self._who(s, task.subject)} "
                        f"{B.DIRECTION_NAMES[action[2]]}", f"{src}'s force")
            if task.kind == PICK_SPACE:
                return (f"{who} moves {self._who(s, task.subject)} to "
                        f"{B.space_name(action[2])}", f"{src}'s move")
            return (f"{who} chooses {self._who(s, action[2])}",
                    f"{src}: {E.step_text(task.steps[0])}")
        return repr(action), ""
