"""Warblitz effects at play: triggered clauses, their steps, choices and modifiers.

A layer of `WarblitzRules` (see base.py). Effects (`effects.py`) resolve through a queue of `Task`s
in the state: `_trigger` queues a card's clauses, `_run_queue` runs them step by step; a
step on "one" of several cards, a force with more than one way to go or a move waits for
its owner's choice (phase PICK, `_pick`). Abilities triggered meanwhile wait their turn
(ruling ``trigger-order``). `modifier` sums the Ongoing modifiers that apply to a unit.
"""

from __future__ import annotations

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz import effects as E

from .basics import ADJACENT, RAYS, SIZE, TOKEN_NAMES, TRIGGER_IDS, _of, _put, distance, step_id
from .narrate import Narrator
from .state import (
    BST,
    CLAUSE,
    DMG,
    ELITE,
    EMPTY,
    PICK,
    PICK_DIRECTION,
    PICK_SPACE,
    PICK_TARGET,
    TATK,
    TDEF,
    TERRAIN,
    TSPC,
    UNIT,
    F,
    State,
    Task,
)


def _with_it(task: Task, it: int) -> Task:
    """``task`` with ``it`` the card its previous step chose (`Task._replace`, built
    directly)."""
    return Task(task.kind, task.owner, task.source, task.origin, task.steps, task.target, it,
                task.options, task.subject, task.amount)


class EffectResolver(Narrator):
    """Resolution of effects, for `WarblitzRules` (see the module docstring)."""

    def _push(self, s: State, tasks: list[Task] | tuple[Task, ...], front: bool = False) -> None:
        """Queue tasks (at the back: they wait for what is resolving; ``front``: next)."""
        if not tasks:
            return
        if not s.queue and s.phase != PICK:
            s.resume = s.phase
        s.queue = (tuple(tasks) + s.queue) if front else (s.queue + tuple(tasks))

    def _trigger(self, s: State, uid: int, trigger: int, origin: int,
                 target: int = EMPTY, times: int = 1) -> None:
        """Queue ``uid``'s clauses for ``trigger`` (its owner resolves them)."""
        g = s.game
        clauses = g.clauses[uid][trigger]
        if not clauses:
            return
        owner = g.owner[uid]
        tasks = [Task(CLAUSE, owner, uid, origin, c.steps, target) for c in clauses] * times
        self.fire(TRIGGER_IDS[trigger])
        if len(s.queue) > 0:
            self.fire("warblitz.ruling.trigger-order")
        self._push(s, tasks)
        if self.emit:
            where = f" at {B.space_name(origin)}" if origin != EMPTY else ""
            self.emit("ability", f"{_of(g.names[owner])} {g.label[uid]}{where}: "
                      f"{E.TRIGGERS[trigger].capitalize()}"
                      + (f" ×{times}" if times > 1 else ""))

    # ------------------------------------------------------------------ effects
    def modifier(self, s: State, uid: int, stat: int, count: bool = False) -> int:
        """The sum of the Ongoing modifiers of ``stat`` that apply to ``uid``: from units on
        the battlefield and events in either active area ("Event card effects are active
        while in either active area"). ``count`` counts each card whose modifier is used."""
        mods = s.game.modifiers[stat]
        if not mods:
            return 0
        total = 0
        u = s.u
        for src, owner, is_unit, step in mods:
            if is_unit:
                origin = u[src * F]
                if origin == EMPTY:
                    continue
            elif src in s.active[owner]:
                origin = EMPTY
            else:
                continue
            if self._fits(s, step.target, owner, src, origin, uid):
                total += step.sign * step.amount
                if count:
                    self.card_fired(s.game, src)
        return total

    def _fits(self, s: State, t: E.Target, owner: int, source: int, origin: int,
              uid: int) -> bool:
        """Whether the unit ``uid`` is one a modifier's target names (self, a commander,
        or a selection by side, rank, attack and place)."""
        g = s.game
        kind = t.kind
        if kind == E.SELF:
            return uid == source
        if kind == E.COMMANDER:
            return uid == g.commander[owner]
        if kind == E.ENEMY_COMMANDER:
            return uid == g.commander[1 - owner]
        here = s.u[uid * F]
        if here == EMPTY or g.kind[uid] != UNIT:
            return False
        o = g.owner[uid]
        if (t.side == E.FRIENDLY and o != owner) or (t.side == E.ENEMY and o == owner):
            return False
        if t.ranks:
            rank = g.rank[uid]
            if not ((rank == 0 and t.ranks & 1) or (rank == ELITE and t.ranks & 2)):
                return False
        if t.attacks and not ((not g.ranged[uid] and t.attacks & 1)
                              or (g.ranged[uid] and t.attacks & 2)):
            return False
        if t.place == E.ADJACENT:
            refs = self._refs(s, t.ref, owner, source, origin, EMPTY, EMPTY)
            return any(distance(here, r) == 1 for r in refs)
        if t.place == E.WITHIN:
            return origin != EMPTY and 0 < distance(here, origin) <= t.within
        return True

    def _select(self, s: State, t: E.Target, owner: int, source: int, origin: int,
                target: int, it: int, verb: int = -1) -> list[int]:
        """The units on the battlefield a selection matches, in board order."""
        g = s.game
        board = s.board
        u = s.u
        place = t.place
        near: set[int] | None = None
        if place == E.ADJACENT:
            refs = self._refs(s, t.ref, owner, source, origin, target, it)
            near = {m for r in refs for m in ADJACENT[r]}
        elif place == E.WITHIN:
            here = u[source * F] if source != EMPTY and u[source * F] != EMPTY else origin
            near = {m for m in range(SIZE) if here != EMPTY and m != here
                    and distance(here, m) <= t.within}
        elif place == E.IN_RANGE:
            near = ({u[x * F] for x in self.targets(s, source)}
                    if source != EMPTY and u[source * F] != EMPTY else set())
        out = []
        for space in range(SIZE):
            uid = board[space]
            if uid == EMPTY or g.kind[uid] != UNIT:
                continue
            if near is not None and space not in near:
                continue
            o = g.owner[uid]
            if (t.side == E.FRIENDLY and o != owner) or (t.side == E.ENEMY and o == owner):
                continue
            if t.ranks:
                rank = g.rank[uid]
                if not ((rank == 0 and t.ranks & 1) or (rank == ELITE and t.ranks & 2)):
                    continue
            if t.attacks and not ((not g.ranged[uid] and t.attacks & 1)
                                  or (g.ranged[uid] and t.attacks & 2)):
                continue
            if verb == E.MOVE and uid in s.fresh:
                self.fire("warblitz.ruling.effect-move")
                continue
            out.append(uid)
        return out

    def _refs(self, s: State, ref: int, owner: int, source: int, origin: int, target: int,
              it: int) -> list[int]:
        """The spaces "adjacent to ..." is measured from."""
        g = s.game
        u = s.u

        def at(uid: int) -> list[int]:
            return [u[uid * F]] if uid != EMPTY and u[uid * F] != EMPTY else []

        if ref == E.REF_SELF:
            here = at(source)
            return here or ([origin] if origin != EMPTY else [])
        if ref == E.REF_TARGET:
            return at(target)
        if ref == E.REF_IT:
            return at(it)
        if ref == E.REF_COMMANDER:
            return at(g.commander[owner])
        if ref == E.REF_ENEMY_COMMANDER:
            return at(g.commander[1 - owner])
        side = owner if ref == E.REF_FRIENDLY else 1 - owner
        return [u[x * F] for x in g.own[side] if g.kind[x] == UNIT and u[x * F] != EMPTY]

    def _subjects(self, s: State, task: Task, step: E.Step) -> list[int] | None:
        """Cards a step affects; None when the owner must choose one of several."""
        t = step.target
        u = s.u
        if t is None:
            return []
        kind = t.kind
        if kind == E.SELECT:
            found = self._select(s, t, task.owner, task.source, task.origin, task.target,
                                 task.it, step.verb)
            if t.quant == E.ONE and len(found) > 1:
                return None
            return found
        uid = self._named(s, task, kind)
        if uid == EMPTY or u[uid * F] == EMPTY:
            return []
        if step.verb == E.MOVE and uid in s.fresh:
            self.fire("warblitz.ruling.effect-move")
            return []
        return [uid]

    def _named(self, s: State, task: Task, kind: int) -> int:
        """The card a target word names (self, target, it, commander, enemy commander),
        or EMPTY."""
        g = s.game
        if kind == E.SELF:
            return task.source
        if kind == E.TARGET:
            return task.target
        if kind == E.IT:
            return task.it
        return g.commander[task.owner if kind == E.COMMANDER else 1 - task.owner]

    def _pays_for(self, s: State, task: Task, holder: int) -> bool:
        """Whether boost spent by ``task.steps[0]`` would pay for anything: a step after
        it (up to the next spend) has a card to act on, or gives the player tokens or
        dice. Boost: "If a card's effect requires you to spend 1 or more boost, remove
        that number of boost tokens from that card": the boost is spent for the effect, so
        with nothing left to affect ("spend 1 boost ... to add 1 damage to the target",
        the target destroyed) none is spent (ruling ``spend-boost``). "it" after the
        spend is the card the boost came from."""
        g = s.game
        u = s.u
        it = holder
        for step in task.steps[1:]:
            t = step.target
            if step.verb == E.SPEND:
                return False
            if t is None:
                return True
            if t.kind == E.SELECT:
                found = [x for x in self._select(s, t, task.owner, task.source, task.origin,
                                                 task.target, it)
                         if not (step.verb == E.MOVE and x in s.fresh)]
                if t.quant == E.ONE:
                    it = found[0] if len(found) == 1 else EMPTY
            else:
                uid = it if t.kind == E.IT else self._named(s, task, t.kind)
                found = [uid] if uid != EMPTY and u[uid * F] != EMPTY and not (
                    step.verb == E.MOVE and uid in s.fresh) else []
            if any(step.verb == E.FORCE or g.kind[x] == UNIT for x in found):
                return True
        return False

    def _run_queue(self, s: State) -> bool:
        """Resolve pending tasks until one waits for a choice (True) or none is left."""
        while s.queue and s.outcome is None:
            task = s.queue[0]
            kind = task.kind
            if kind == CLAUSE:
                if not task.steps:
                    s.queue = s.queue[1:]
                    continue
                step = task.steps[0]
                s.queue = (Task(kind, task.owner, task.source, task.origin, task.steps[1:],
                                task.target, task.it, task.options, task.subject,
                                task.amount),) + s.queue[1:]
                self._run_step(s, task, step)
                continue
            if kind == PICK_TARGET:
                s.phase = PICK
                return True
            # A force direction or a move destination, worked out when it comes up.
            if task.options:
                s.phase = PICK
                return True
            subject = task.subject
            if s.u[subject * F] == EMPTY:
                s.queue = s.queue[1:]
                if self.emit:
                    self.emit("ability", f"{s.game.label[task.source]}: "
                              f"'{E.step_text(task.steps[0])}' does nothing: "
                              f"{s.game.label[subject]} has left the battlefield")
                continue
            options = (tuple(self._directions(s, task)) if kind == PICK_DIRECTION
                       else tuple(self.destinations(s, subject, task.amount)))
            if kind == PICK_SPACE and options:  # "up to N": staying is a choice too
                options = tuple(sorted(set(options) | {s.u[subject * F]}))
            if len(options) <= 1:
                s.queue = s.queue[1:]
                if options:
                    self._finish_pick(s, task, options[0])
                elif self.emit:
                    self.emit("ability", f"{s.game.label[task.source]}: "
                              + self._cannot_budge(s, task))
                continue
            s.queue = (Task(kind, task.owner, task.source, task.origin, task.steps, task.target,
                            task.it, options, task.subject, task.amount),) + s.queue[1:]
            s.phase = PICK
            return True
        if s.outcome is None and s.phase == PICK:
            s.phase = s.resume
        return False

    def _run_step(self, s: State, task: Task, step: E.Step) -> None:
        """One step of a clause (the clause's remaining steps are at the queue's head)."""
        g = s.game
        verb = step.verb
        if verb == E.SPEND:
            holder = self._subjects(s, task, step)
            uid = holder[0] if holder else EMPTY
            self.fire("warblitz.ruling.spend-boost")
            if uid == EMPTY or s.u[uid * F + BST] < step.amount:
                s.queue = s.queue[1:]  # "the card must have at least that much boost"
                if self.emit:
                    has = s.u[uid * F + BST] if uid != EMPTY else 0
                    holder_text = ("this unit" if uid == task.source else
                                   self._who(s, uid) if uid != EMPTY else "the card")
                    self.emit("ability", f"{g.label[task.source]}: '{E.step_text(step)}' "
                              f"does nothing: {holder_text} has {has} boost, so the rest "
                              "of the ability does nothing")
                return
            if not self._pays_for(s, task, uid):
                s.queue = s.queue[1:]
                if self.emit:
                    why = (self._why_nothing(s, task, task.steps[1]) if len(task.steps) > 1
                           else "nothing follows the spend")
                    self.emit("ability", f"{g.label[task.source]}: no boost spent, nothing "
                              f"done: {why}")
                return
            s.write(uid)[uid * F + BST] -= step.amount
            self.fire("warblitz.rule.spend-boost")
            self.fire("warblitz.effect.spend")
            self.card_fired(g, task.source)
            s.queue = (_with_it(s.queue[0], uid),) + s.queue[1:]
            if self.emit:
                self.emit("ability", f"{g.label[task.source]}: {step.amount} boost spent from "
                          f"{self._who(s, uid)}")
            return
        if verb == E.GAIN and step.target is None:
            p = task.owner
            s.holdings()[p] = _put(s.held[p], step.arg, s.held[p][step.arg] + step.amount)
            self._did(s, task, step, f"{g.names[p]} gains {step.amount} "
                      f"{TOKEN_NAMES[step.arg]}")
            return
        if verb == E.DRAW_DICE:
            p = task.owner
            s.temp = _put(s.temp, p, s.temp[p] + step.amount)
            self.fire("warblitz.ruling.draw-dice")
            self._did(s, task, step, f"{g.names[p]} rolls {step.amount} more draw "
                      f"{'die' if step.amount == 1 else 'dice'} next time")
            return
        t = step.target
        assert t is not None  # every other verb names whom it affects
        subjects = self._subjects(s, task, step)
        if subjects is None:  # "one" of several: the owner chooses
            options = tuple(self._select(s, t, task.owner, task.source,
                                         task.origin, task.target, task.it, step.verb))
            head = s.queue[0]
            s.queue = (Task(PICK_TARGET, task.owner, task.source, task.origin,
                            (step,) + head.steps, task.target, task.it, options),) + s.queue[1:]
            return
        if t.kind == E.SELECT and t.quant == E.ONE:
            it = subjects[0] if subjects else EMPTY
            s.queue = (_with_it(s.queue[0], it),) + s.queue[1:]
        if not subjects:
            self._nothing(s, task, step)
            return
        picks = []
        for uid in subjects:
            pick = self._apply_step(s, task, step, uid)
            if s.outcome is not None:
                return
            if pick is not None:
                picks.append(pick)
        self._push(s, picks, front=True)

    def _apply_step(self, s: State, task: Task, step: E.Step, uid: int) -> Task | None:
        """What a step does to one card; a force or a move returns the choice it needs
        (its direction, its destination), to be queued next."""
        g = s.game
        verb = step.verb
        n = step.amount
        u = s.u
        base = uid * F
        terrain = g.kind[uid] == TERRAIN
        if verb == E.FORCE:
            return Task(PICK_DIRECTION, task.owner, task.source, task.origin, (step,),
                        task.target, task.it, (), uid, n)
        if verb == E.MOVE:
            self.fire("warblitz.ruling.effect-move")
            return Task(PICK_SPACE, task.owner, task.source, task.origin, (step,),
                        task.target, task.it, (), uid, n)
        if terrain:
            self.fire("warblitz.ruling.terrain")
            self._nothing(s, task, step, uid)
            return None
        if verb != E.DAMAGE:
            u = s.write(uid)
        if verb == E.DAMAGE:
            self._did(s, task, step, f"{n} damage to {self._who(s, uid)}")
            how = ("a unit's ability", "an event", "a relic")[s.game.kind[task.source]]
            self._damage(s, uid, n, task.source, how)
        elif verb == E.HEAL:
            healed = min(n, u[base + DMG])
            if not healed:
                if self.emit:
                    self.emit("ability", f"{g.label[task.source]}: "
                              f"{self._why_nothing(s, task, step, uid)}: it has no damage")
                return None
            u[base + DMG] -= healed
            self._did(s, task, step, f"{healed} damage removed from {self._who(s, uid)}")
        elif verb == E.BOOST or (verb == E.GAIN and step.arg == 4):
            u[base + BST] += n
            self.fire("warblitz.rule.boost")
            self._did(s, task, step, f"{self._who(s, uid)} gets {n} boost")
        elif verb == E.GAIN:
            role = {0: TDEF, 1: TATK, 3: TSPC}[step.arg]
            u[base + role] += n
            self._did(s, task, step, f"{self._who(s, uid)} gains {n} "
                      f"{TOKEN_NAMES[step.arg]}")
        return None

    def _nothing(self, s: State, task: Task, step: E.Step, uid: int = EMPTY) -> None:
        """Log a step that found nothing to act on (or does nothing to ``uid``), and why."""
        if self.emit:
            self.emit("ability", f"{s.game.label[task.source]}: "
                      + self._why_nothing(s, task, step, uid))

    def _cannot_budge(self, s: State, task: Task) -> str:
        """Why a force or a move has nowhere to take its card, for the log."""
        g = s.game
        uid = task.subject
        what = f"'{E.step_text(task.steps[0])}' does nothing: {self._who(s, uid)}"
        if task.kind == PICK_SPACE:
            return f"{what} has no empty space to move to"
        if g.unforceable[uid]:
            return f"{what} cannot be forced"
        way = {E.AWAY: " away from this unit", E.TOWARD: " toward this unit"}.get(
            task.steps[0].arg, "")
        return f"{what} has no clear space to slide into{way}"

    def _did(self, s: State, task: Task, step: E.Step, text: str) -> None:
        """Count a step that did something, and log it."""
        self.fire(step_id(step))
        self.card_fired(s.game, task.source)
        if self.emit:
            self.emit("ability", f"{s.game.label[task.source]}: {text}")

    def _directions(self, s: State, task: Task) -> list[int]:
        """Ways ``task.subject`` can be forced (ruling ``force``)."""
        g = s.game
        uid = task.subject
        here = s.u[uid * F]
        if g.unforceable[uid]:
            self.fire("warblitz.effect.cannot-be-forced")
            self.card_fired(g, uid)
            return []
        step = task.steps[0]
        ways = [d for d in range(4) if RAYS[here][d] and s.board[RAYS[here][d][0]] == EMPTY]
        if step.arg != E.CHOSEN:
            src = task.source
            frm = s.u[src * F] if src != EMPTY and s.u[src * F] != EMPTY else task.origin
            if frm == EMPTY or frm == here:
                return ways
            line = B.direction_between(frm, here)
            if line is not None:
                want = line if step.arg == E.AWAY else (line + 2) % 4
                ways = [d for d in ways if d == want]
            else:
                before = distance(frm, here)
                ways = [d for d in ways if (distance(frm, RAYS[here][d][0]) > before)
                        == (step.arg == E.AWAY)]
        return ways

    def _pick(self, s: State, value: int) -> None:
        task = s.queue[0]
        s.queue = s.queue[1:]
        self._finish_pick(s, task, value)

    def _finish_pick(self, s: State, task: Task, value: int) -> None:
        """Apply a choice to the task it answers."""
        if task.kind == PICK_TARGET:
            step = task.steps[0]
            rest = Task(CLAUSE, task.owner, task.source, task.origin, task.steps[1:],
                        task.target, value)
            s.queue = (rest,) + s.queue
            pick = self._apply_step(s, task, step, value)
            if pick is not None:
                self._push(s, [pick], front=True)
            return
        uid = task.subject
        step = task.steps[0]
        here = s.u[uid * F]
        if task.kind == PICK_DIRECTION:
            # "slide it that many clear straight spaces in a single direction"
            dest = here
            for m in RAYS[here][value][:task.amount]:
                if s.board[m] != EMPTY:
                    break
                dest = m
            self.fire("warblitz.ruling.force")
            self._relocate(s, uid, dest)
            self.fire("warblitz.rule.force")
            self._did(s, task, step, f"{self._who(s, uid, here)} is forced to "
                      f"{B.space_name(dest)}")
            return
        if value == here:
            if self.emit:
                self.emit("info", f"{self._who(s, uid)} stays where it is")
            return
        self._relocate(s, uid, value)
        self._did(s, task, step, f"{self._who(s, uid, here)} moves to {B.space_name(value)}")
