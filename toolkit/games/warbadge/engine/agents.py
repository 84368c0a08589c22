"""WarBadge agents: ``random`` and ``greedy``.

Agents decide from an `Observation` only (face-down enemy badges stay unknown). The
greedy agent plays sensibly without search: it picks badges with type advantage and value
against what it can see of the enemy (revealing other Swarm badges with a Swarm badge when
that turns the battle), answers a revealed Charge, uses abilities when they pay
(Resurrect, Lead, Death Curse on an enemy badge, saves of its own dying badges,
Mount/Protect/Illusion when they turn the battle, Enervate, Hide) and keeps its best
badges ready.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Final

from toolkit.sim.engine import Agent, RandomAgent

from .rules import beats, mount_allowed
from .state import BadgeView, Card, Observation, Side

ACTIVE: Final = frozenset({"lead", "death-curse", "resurrect", "charge", "illusion", "mount",
                    "protect", "heal", "enervate"})
"""Abilities used from a ready badge: worth keeping such badges ready."""


_NEUTRAL: Final = Side(2, frozenset(), frozenset(), frozenset())
"""A neutral enemy (value 2, no types) to judge against when none is seen yet."""


def _side(card: Card, value: int) -> Side:
    """The badge as a battle side with ``value`` (its prepared side at the printed one)."""
    side = card.side
    if value == side.value:
        return side
    return Side(value, side.types, side.strengths, side.weaknesses, side.tmask, side.smask,
                side.wmask)


def worth(card: Card) -> float:
    """How much a badge is worth keeping ready: its value, plus a little for an ability
    used from the ready side."""
    return card.value + (0.0 if card.ab.isdisjoint(ACTIVE) else 0.4)


def _extras(action: tuple) -> int:
    """How many other Swarm badges a choice reveals with its badge."""
    return action[3].bit_count() if len(action) > 3 else 0


def _score(result: int) -> float:
    return 1.0 if result == 0 else 0.5 if result < 0 else 0.0


class GreedyAgent:
    """Sensible one-step play from the observation (see the module docstring)."""

    observes = True
    stochastic = False

    def act(self, obs: Observation, legal: Sequence[Any], rng: Random) -> tuple:
        """Choose one of ``legal`` from what ``obs`` shows."""
        if len(legal) == 1:
            return legal[0]
        decision = obs.decision
        if decision == "flip":
            return self._flip(obs, legal)
        if decision == "pre-battle":
            return self._pre(obs, legal)
        if decision == "battle":
            return self._battle(obs, legal)
        if decision == "save":
            return self._save(obs, legal)
        if decision == "post-battle":
            return self._post(obs, legal)
        if decision == "kill":
            mine = obs.mine
            return min(legal, key=lambda a: (worth(mine[a[2]].card), -a[2]))
        if decision == "trigger":
            return legal[1] if obs.their_ready else legal[0]
        return self._target(obs, legal)

    # -------------------------------------------------------------- flipping
    def _flip(self, obs: Observation, legal: Sequence[Any]) -> tuple:
        mine = obs.mine
        if mine[legal[0][2]].status == "ready":  # too many ready: exhaust the least worth
            return min(legal, key=lambda a: (worth(mine[a[2]].card), a[2]))
        return max(legal, key=lambda a: (worth(mine[a[2]].card), -a[2]))

    # ------------------------------------------------------------ pre-battle
    def _proxies(self, obs: Observation) -> list[Side]:
        """What the enemy might play: its badges seen so far (a neutral 2 if none)."""
        seen = [v.card.side for v in obs.theirs]
        return seen or [_NEUTRAL]

    def _pre(self, obs: Observation, legal: Sequence[Any]) -> tuple:
        mine = obs.mine
        commits: list[tuple] = []
        charges: list[tuple] = []
        leads: list[tuple] = []
        curses: list[tuple] = []
        resurrects: list[tuple] = []
        for a in legal:
            kind: str = a[0]
            if kind == "commit":
                commits.append(a)
            elif kind == "charge":
                charges.append(a)
            elif kind == "lead":
                leads.append(a)
            elif kind == "death-curse":
                curses.append(a)
            elif kind == "resurrect":
                resurrects.append(a)
        for a in resurrects:
            v = mine[a[2]].card.value - 1
            for m in mine:
                if m.status == "dead" and m.card.value == v:
                    return a
        if leads:
            exhausted = sorted([v.card.value for v in mine if v.status == "exhausted"],
                               reverse=True)
            for a in leads:
                lead = mine[a[2]].card.value
                gain = min(lead, len(exhausted))
                if gain >= 2 or (gain and exhausted[0] > lead):
                    return a
        if curses:
            alive = 0
            for v in mine:
                if v.status != "dead":
                    alive += 1
            for a in curses:
                curser = mine[a[2]].card.value
                if obs.their_alive == 1 and alive > 1:
                    return a
                for v in obs.theirs:
                    if v.status in ("exhausted", "hand") and v.card.value > curser:
                        return a
        choices = commits + charges
        if not choices:  # chosen already: nothing worth doing
            return legal[0]
        enemy = obs.sides[1]
        base = self._swarm_seen(obs)
        if enemy is not None:  # a revealed Charge: answer it
            def answer(a: tuple) -> tuple:
                side = self._choice_side(obs, a, base)
                return (_score(beats(side, enemy)), -worth(mine[a[2]].card),
                        -_extras(a), a[0] == "commit")
            return max(choices, key=answer)
        proxies = self._proxies(obs)
        # The best expected score (the first best, as max() picks it).
        best: tuple = choices[0]
        best_key: tuple | None = None
        for a in choices:
            side = self._choice_side(obs, a, base)
            total = 0.0  # (the scores are 0, 0.5 or 1: any order of sums is exact)
            for e in proxies:
                total += _score(beats(side, e))
            score = total / len(proxies)
            extras = _extras(a)
            key = (score - (0.15 if a[0] == "charge" else 0.0) - 0.1 * extras,
                   mine[a[2]].card.value, -a[2], -extras)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _swarm_seen(self, obs: Observation) -> int:
        """The values of the Swarm badges face up now (a Swarm badge adds them)."""
        total = 0
        for views in (obs.mine, obs.theirs):
            for v in views:
                if v.status in ("exhausted", "battle", "dying") and "swarm" in v.card.ab:
                    total += v.card.value
        return total

    def _choice_side(self, obs: Observation, a: tuple, base: int) -> Side:
        """The side a choice would fight with: Charge doubles, Swarm adds the visible
        Swarm badges and the ones revealed with it."""
        mine = obs.mine
        card = mine[a[2]].card
        value = card.value
        if "swarm" in card.ab:
            value += base + sum(v.card.value for v in mine if len(a) > 3 and a[3] >> v.index & 1)
        return _side(card, value * 2 if a[0] == "charge" else value)

    # --------------------------------------------------------------- battle
    def _battle(self, obs: Observation, legal: Sequence[Any]) -> tuple:
        view, theirs = obs.sides
        if view is None or theirs is None:
            return legal[0]
        mine = Side(view.value, view.types, view.strengths, view.weaknesses, view.tmask,
                    view.smask, view.wmask)
        now = _score(beats(mine, theirs))
        if now == 1.0:
            return legal[0]
        best, best_score = legal[0], now
        for a in legal[1:]:
            kind, _, j = a
            card = obs.mine[j].card
            if kind == "mount" and mount_allowed(view):
                trial = mine._replace(value=mine.value + card.value)
            elif kind == "protect":
                trial = mine._replace(weaknesses=frozenset())
            elif kind == "illusion":
                trial = max((v.card.side for v in obs.mine if v.status == "ready"),
                            key=lambda s: _score(beats(s, theirs)))
            else:
                continue
            score = _score(beats(trial, theirs))
            if score > best_score:
                best, best_score = a, score
        return best

    # ----------------------------------------------------------------- save
    def _save(self, obs: Observation, legal: Sequence[Any]) -> tuple:
        p = obs.player
        own = [obs.mine[j].card.value for q, j in obs.dying if q == p]
        if not own:
            return legal[0]
        top = max(own)
        for a in legal[1:]:
            value = obs.mine[a[2]].card.value
            if a[0] == "heal" and min(own) <= value:
                return a
            if a[0] == "altruism" and (top > value or (
                    top == value and obs.mine[a[2]].status == "exhausted")):
                return a
        return legal[0]

    # ----------------------------------------------------------- post-battle
    def _post(self, obs: Observation, legal: Sequence[Any]) -> tuple:
        for a in legal[1:]:
            view = obs.mine[a[2]]
            if a[0] == "enervate":
                flips = min(view.card.value, obs.their_ready)
                if flips >= 2 or obs.their_ready <= view.card.value:
                    return a
            elif a[0] == "hide" and view.status == "exhausted":
                return a
        return legal[0]

    # -------------------------------------------------------------- targets
    def _target(self, obs: Observation, legal: Sequence[Any]) -> tuple:
        kind = obs.pending[0] if obs.pending else ""
        p = obs.player
        mine = obs.mine
        if kind in ("lead", "inspire"):
            return max(legal, key=lambda a: (worth(mine[a[3]].card), -a[3]))
        if kind == "resurrect":  # its own badge, else the enemy's least worth
            return max(legal, key=lambda a: (a[2] == p, (1 if a[2] == p else -1)
                                             * self._value(obs, a[2], a[3]), -a[3]))
        if kind in ("heal", "altruism"):
            own = [a for a in legal if a[2] == p]
            return max(own or legal, key=lambda a: (a[2] == p, self._value(obs, a[2], a[3])))
        if kind == "illusion":
            enemy = obs.sides[1]

            def fits(a: tuple) -> tuple:
                side = mine[a[3]].card.side
                return (_score(beats(side, enemy)) if enemy else 0.0, side.value)
            return max(legal, key=fits)
        if kind == "death-curse":
            targets = [a for a in legal if a[2] != p]
            if targets:  # the chosen badge unseen is likely strong; a face-down one average
                return max(targets, key=lambda a: self._value(obs, a[2], a[3]) if a[3] >= 0
                           else 2.2 if a[3] == -2 else 1.5)
            return min(legal, key=lambda a: (worth(mine[a[3]].card), a[3]))
        return legal[0]

    def _value(self, obs: Observation, owner: int, j: int) -> int:
        views: Sequence[BadgeView] = obs.mine if owner == obs.player else obs.theirs
        for v in views:
            if v.index == j:
                return v.card.value
        return 0


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""WarBadge's agent registry: name -> factory."""
