"""WarBadge agents: ``random`` and ``greedy``.

Agents decide from an `Observation` only. The enemy chose its team in secret, so greedy
knows the enemy badges it has seen face up (now or before) and pictures each badge never
seen as a blank one (no types, strengths, weaknesses or abilities) of a rank the team
still needs, at its catalog's typical value (`BadgeCatalog.guess`). The enemy's unseen
badges are the ones it can choose from (its ready badges, and the one chosen in secret).
Greedy plays the round ahead as a small game against an enemy that chooses among those
badges alike (it cannot tell what the enemy will choose):

- **A badge's material**: what losing it costs, 1 (a badge: "more badges" decides the
  game) plus a little for its value (the tie-break) and for how it fares against the
  enemy's living badges (`_STRENGTH`).
- **A battle's payoff** (`judge`, with Charge, Swarm, Regenerate and Poison): the
  enemy's material for a kill, minus one's own for a loss, 0 for a draw.
- **The round's value** (`_Plan.value`): each battle spends a ready badge of each side,
  so greedy looks a few battles ahead over both sides' ready badges (its own choice the
  best, the enemy's any of its badges alike) and counts each badge left ready when the
  enemy runs out (it comes back ready next round, `_LEFTOVER`).

Every choice compares the values it leads to: which badge to choose for the battle
(Charge doubling it but revealing it, other Swarm badges revealed with a Swarm badge),
Lead, Death Curse and Resurrect against choosing, Mount, Protect and Illusion in the
battle, Heal and Altruism for the dying, Enervate and Hide after it, which badges to
keep ready, and every target.

Fairness: greedy never breaks a tie by a badge's row in the sheet. Badges are visited and
compared in a canonical order (`Card.canon`: value, types, strengths, weaknesses,
abilities, then name), so a team whose rows are reversed plays the same games, and
values are summed in that order (the same floating-point numbers either way). Two badges
with the same canonical key are the same badge to the rules, so which of them is chosen
does not matter. Greedy is deterministic (no draws from its stream).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any, Final

from toolkit.sim.engine import Agent, RandomAgent

from .rules import judge, mount_allowed
from .state import BadgeSpec, BadgeView, Card, Observation, Side, prepared

ACTIVE: Final = frozenset({"lead", "death-curse", "resurrect", "charge", "illusion", "mount",
                           "protect", "heal", "enervate"})
"""Abilities used from a ready badge: worth keeping such badges ready."""

_PER_VALUE: Final = 0.05
"""A badge's material per point of value (total value breaks a tie in badges)."""
_STRENGTH: Final = 0.3
"""A badge's material per point of its record against the enemy's living badges (wins
less losses, per enemy badge, at printed values)."""
_LEFTOVER: Final = 0.2
"""A badge still ready when the enemy runs out: it is set aside and comes back ready in
the next round ("Re-add any WarBadges that were set aside"), one more choice there."""
_ANSWERED: Final = 0.3
"""How likely a revealed Charge is answered (the enemy has not chosen yet and may wait
to see it) rather than met by a choice made without seeing it."""
_LATER: Final = 0.85
"""What a later battle of the round counts for against this one: the later ones are less
sure (abilities, the enemy's choices), so an equal gain is taken now."""
_HIDDEN: Final = 0.02
"""Hiding an exhausted badge in the last round, out of a Death Curse's reach."""
_ABILITY_BONUS: Final = 0.15
"""Keeping a badge ready whose ability is used from the ready side (`ACTIVE`)."""
_WIN: Final = 100.0
"""Winning the game now (Death Curse on the enemy's last badge)."""
_EPS: Final = 1e-9
"""Gains smaller than this are no gains (an ability is not spent for nothing)."""
_DEPTH_WIDE: Final = 2
_DEPTH: Final = 3
"""How many battles ahead the round is played (fewer when both sides have many ready
badges: `_WIDE` pairs or more)."""
_WIDE: Final = 17

_SETTLED_VIEW: Final = frozenset({"exhausted", "battle", "dying"})
"""Where a Swarm badge is face up in play (Swarm counts the visible ones)."""


def worth(card: Card) -> float:
    """How much a badge is worth keeping ready, without an enemy to measure it against:
    its value, plus a little for an ability used from the ready side."""
    return card.value + (0.0 if card.ab.isdisjoint(ACTIVE) else 0.4)


def _with_value(card: Card, value: int) -> Side:
    """The badge as a battle side with ``value`` (its prepared side at the printed one)."""
    side = card.side
    if value == side.value:
        return side
    return Side(value, side.types, side.strengths, side.weaknesses, side.tmask, side.smask,
                side.wmask)


def _bits(mask: int, order: Sequence[int]) -> list[int]:
    """The badge indices in ``mask``, in the canonical ``order``."""
    return [k for k in order if mask >> k & 1]


def _canonical(cards: Sequence[Card]) -> tuple[int, ...]:
    """Badge indices in canonical order (`Card.canon`; identical badges by index, which
    is the same badge to the rules)."""
    return tuple(sorted(range(len(cards)), key=lambda k: (cards[k].canon, k)))


class _Plan:
    """One decision's picture of the battle and the round, from the observation.

    ``mine``/``theirs`` are both teams' cards by index; ``alive_*`` which are alive;
    ``ready`` (a bit mask over badge indices) the player's ready badges, ``unseen`` the
    enemy's badges it cannot see (its ready ones and its secret choice). ``m_me`` and
    ``m_them`` are the badges' material. ``base`` the value of the Swarm badges face up.
    """

    def __init__(self, agent: GreedyAgent, obs: Observation) -> None:
        self.obs = obs
        mine = [v.card for v in obs.mine]
        self.mine = mine
        theirs = agent.their_cards(obs)
        self.theirs = theirs
        self.order_me = agent.order_of(mine)
        self.order_them = agent.order_of(theirs)
        rank = [0] * len(mine)
        for pos, k in enumerate(self.order_me):
            rank[k] = pos
        self.rank = rank
        """Each of the player's badges' place in the canonical order (ties: the first)."""
        status_me = [v.status for v in obs.mine]
        self.status_me = status_me
        status_them = ["unseen"] * len(theirs)
        for v in obs.theirs:
            status_them[v.index] = v.status
        self.status_them = status_them
        ready = 0
        alive_me = 0
        for k in range(len(mine)):
            x = status_me[k]
            if x != "dead":
                alive_me |= 1 << k
            if x == "ready":
                ready |= 1 << k
        unseen = 0
        alive_them = 0
        for k in range(len(theirs)):
            x = status_them[k]
            if x != "dead":
                alive_them |= 1 << k
            if x == "unseen":
                unseen |= 1 << k
        self.ready = ready
        self.unseen = unseen
        self.alive_me = alive_me
        self.alive_them = alive_them
        base = 0
        for v in obs.mine:
            if v.status in _SETTLED_VIEW and "swarm" in v.card.ab:
                base += v.card.value
        for v in obs.theirs:
            if v.status in _SETTLED_VIEW and "swarm" in v.card.ab:
                base += v.card.value
        self.base = base
        self.last = obs.round >= obs.rounds
        static = agent.static_table(mine, theirs)
        self.static = static
        n_them = bin(alive_them).count("1")
        n_me = bin(alive_me).count("1")
        m_me = [0.0] * len(mine)
        for i in self.order_me:
            if alive_me >> i & 1:
                record = 0
                row = static[i]
                for j in self.order_them:
                    if alive_them >> j & 1:
                        record += row[j]
                m_me[i] = (1.0 + _PER_VALUE * mine[i].value
                           + (_STRENGTH * record / n_them if n_them else 0.0))
        m_them = [0.0] * len(theirs)
        for j in self.order_them:
            if alive_them >> j & 1:
                record = 0
                for i in self.order_me:
                    if alive_me >> i & 1:
                        record -= static[i][j]
                m_them[j] = (1.0 + _PER_VALUE * theirs[j].value
                             + (_STRENGTH * record / n_me if n_me else 0.0))
        self.m_me = m_me
        self.m_them = m_them
        self.pay: dict[int, float] = {}
        self.memo: dict[int, float] = {}
        self.depth = _DEPTH

    # ----------------------------------------------------------- battles
    def side_me(self, i: int) -> Side:
        """Badge ``i`` of the player as it would fight now (Swarm adds the visible)."""
        card = self.mine[i]
        if "swarm" in card.ab:
            return _with_value(card, card.value + self.base)
        return card.side

    def side_them(self, j: int) -> Side:
        """Enemy badge ``j`` as it would fight now."""
        card = self.theirs[j]
        if "swarm" in card.ab:
            return _with_value(card, card.value + self.base)
        return card.side

    def payoff(self, i: int, mine: Side, j: int, theirs: Side) -> float:
        """The player's gain when its badge ``i`` fighting as ``mine`` meets enemy badge
        ``j`` fighting as ``theirs``: the enemy's material for a kill, less its own for a
        loss (Regenerate survives a loss not due to disadvantage; Poison makes a draw a
        loss for the other badge)."""
        winner, cause = judge(mine, theirs)
        a = self.mine[i].ab
        b = self.theirs[j].ab
        if winner == 0:
            return 0.0 if cause != "advantage" and "regenerate" in b else self.m_them[j]
        if winner == 1:
            return 0.0 if cause != "advantage" and "regenerate" in a else -self.m_me[i]
        gain = 0.0
        if "poison" in a and "regenerate" not in b:
            gain += self.m_them[j]
        if "poison" in b and "regenerate" not in a:
            gain -= self.m_me[i]
        return gain

    def pair(self, i: int, j: int) -> float:
        """`payoff` of badges ``i`` and ``j`` as they would fight now (kept)."""
        key = i << 8 | j
        got = self.pay.get(key)
        if got is None:
            got = self.pay[key] = self.payoff(i, self.side_me(i), j, self.side_them(j))
        return got

    # ------------------------------------------------------------ the round
    def leftover(self, a: int, b: int) -> float:
        """The round is over (one side has no ready badge): the other side's ready
        badges are set aside and come back ready (nothing after the last round)."""
        if self.last:
            return 0.0
        return _LEFTOVER * (bin(a).count("1") - bin(b).count("1"))

    def value(self, a: int, b: int, depth: int) -> float:
        """The player's expected gain over the rest of the round with ready badges ``a``
        against the enemy's ``b`` (bit masks): the best choice each battle against any
        enemy badge alike, ``depth`` battles ahead, then an estimate."""
        if a == 0 or b == 0:
            return self.leftover(a, b)
        key = (a << 40) | (b << 8) | depth
        got = self.memo.get(key)
        if got is not None:
            return got
        mine = _bits(a, self.order_me)
        theirs = _bits(b, self.order_them)
        if depth <= 0:  # an estimate: each of the battles left is an average one
            total = 0.0
            for i in mine:
                for j in theirs:
                    total += self.pair(i, j)
            n, m = len(mine), len(theirs)
            got = total / (n * m) * min(n, m) + (0.0 if self.last else _LEFTOVER * (n - m))
        else:
            best = 0.0
            first = True
            for i in mine:
                v = self.versus(i, self.side_me(i), a & ~(1 << i), b, depth)
                if first or v > best:
                    best, first = v, False
            got = best
        self.memo[key] = got
        return got

    def versus(self, i: int, side: Side, rest: int, b: int, depth: int) -> float:
        """Badge ``i`` fighting as ``side`` against any of the enemy's ``b`` alike, then
        the round with the player's ``rest`` (Rage: a winner comes back ready)."""
        rage = "rage" in self.mine[i].ab
        total = 0.0
        n = 0
        plain = side is self.side_me(i) or side == self.side_me(i)
        for j in self.order_them:
            if b >> j & 1:
                gain = self.pair(i, j) if plain else self.payoff(i, side, j, self.side_them(j))
                after = b & ~(1 << j)
                back = rest | (1 << i) if rage and gain > 0 and after else rest
                total += gain + _LATER * self.value(back, after, depth - 1)
                n += 1
        return total / n if n else self.leftover(rest, 0)

    def against(self, i: int, side: Side, j: int, jside: Side, rest: int, b: int,
                depth: int) -> float:
        """Badge ``i`` (as ``side``) against the known enemy badge ``j`` (as ``jside``),
        then the round with ``rest`` against ``b``."""
        gain = self.payoff(i, side, j, jside)
        back = rest | (1 << i) if "rage" in self.mine[i].ab and gain > 0 and b else rest
        return gain + _LATER * self.value(back, b, depth - 1)

    def curse_threat(self) -> bool:
        """Whether a living enemy badge has Death Curse (hidden badges are out of its
        reach: ruling death-curse-hidden)."""
        for j in self.order_them:
            if self.alive_them >> j & 1 and "death-curse" in self.theirs[j].ab:
                return True
        return False

    def fit(self, i: int, living: bool = False) -> float:
        """How well badge ``i`` would fight the enemy's badges (those it may meet this
        round, else, or if ``living``, its living ones), a little more with an ability
        used from the ready side."""
        pool = self.alive_them if living or not self.unseen else self.unseen
        if living and self.obs.decision == "flip":
            # while flipping: the enemy's face-down badges, if it has as many as it
            # must make ready (it can only flip some of them face up), else any living
            need = self.obs.public[1][1 - self.obs.player]
            if self.unseen and bin(self.unseen).count("1") >= need:
                pool = self.unseen
        total = 0.0
        n = 0
        for j in self.order_them:
            if pool >> j & 1:
                total += self.pair(i, j)
                n += 1
        bonus = 0.0 if self.mine[i].ab.isdisjoint(ACTIVE) else _ABILITY_BONUS
        return (total / n if n else 0.0) + bonus + 0.001 * self.mine[i].value

    def best_of(self, mask: int, count: int) -> int:
        """The ``count`` badges of ``mask`` that fit best (`fit`; ties canonical)."""
        picks = sorted(_bits(mask, self.order_me), key=lambda k: (-self.fit(k), self.rank[k]))
        out = 0
        for k in picks[:count]:
            out |= 1 << k
        return out


class GreedyAgent:
    """Sensible play one round deep from the observation (see the module docstring)."""

    observes = True
    stochastic = False

    def __init__(self) -> None:
        self._specs: tuple[BadgeSpec | None, ...] | None = None
        self._cards: tuple[Card, ...] = ()
        self._orders: dict[tuple, tuple[int, ...]] = {}
        self._tables: dict[tuple[tuple, tuple], list[list[int]]] = {}

    # ------------------------------------------------------------ caches
    def their_cards(self, obs: Observation) -> tuple[Card, ...]:
        """The enemy's team as greedy pictures it, as prepared cards (kept while what it
        knows of the team is the same): the badges it has seen, and for each badge never
        seen a blank one of a rank the team still needs and its catalog's typical value
        (`BadgeCatalog.guess`: the observation tells no more of them)."""
        known = obs.their_team
        if known is not self._specs:
            self._specs = known
            specs = obs.catalogs[1 - obs.player].guess(known)
            self._cards = tuple([prepared(spec, i)[0] for i, spec in enumerate(specs)])
        return self._cards

    def order_of(self, cards: Sequence[Card]) -> tuple[int, ...]:
        """A team's canonical order (kept per team)."""
        if not cards:
            return ()
        key = tuple(cards)  # (cards are made once per badge and place in a team)
        got = self._orders.get(key)
        if got is None:
            if len(self._orders) > 16:
                self._orders.clear()
            got = self._orders[key] = _canonical(cards)
        return got

    def static_table(self, mine: Sequence[Card], theirs: Sequence[Card]) -> list[list[int]]:
        """``t[i][j]``: +1 if badge ``i`` beats enemy badge ``j`` at printed values, -1
        if it loses, 0 for a draw (kept per pair of teams)."""
        if not mine or not theirs:
            return [[0] * len(theirs) for _ in mine]
        key = (tuple(mine), tuple(theirs))
        got = self._tables.get(key)
        if got is None:
            if len(self._tables) > 16:
                self._tables.clear()
            got = []
            for a in mine:
                row = []
                for b in theirs:
                    w = judge(a.side, b.side)[0]
                    row.append(1 if w == 0 else -1 if w == 1 else 0)
                got.append(row)
            self._tables[key] = got
        return got

    # ------------------------------------------------------------ acting
    def act(self, obs: Observation, legal: Sequence[Any], rng: Random) -> tuple:
        """Choose one of ``legal`` from what ``obs`` shows."""
        if len(legal) == 1:
            return legal[0]
        decision = obs.decision
        if decision == "trigger":  # a triggered Enervate: flip their ready badges
            return legal[1] if obs.their_ready else legal[0]
        plan = _Plan(self, obs)
        if bin(plan.ready).count("1") * bin(plan.unseen).count("1") >= _WIDE:
            plan.depth = _DEPTH_WIDE
        if decision == "flip":
            return self._flip(plan, legal)
        if decision == "pre-battle":
            return self._pre(plan, legal)
        if decision == "battle":
            return self._battle(plan, legal)
        if decision == "save":
            return self._save(plan, legal)
        if decision == "post-battle":
            return self._post(plan, legal)
        if decision == "kill":  # the mounted badge lost: keep the one of more material
            return min(legal, key=lambda a: (plan.m_me[a[2]], plan.rank[a[2]]))
        return self._target(plan, legal)

    # -------------------------------------------------------------- flipping
    def _flip(self, plan: _Plan, legal: Sequence[Any]) -> tuple:
        """Keep ready the badges that fit best against the enemy's (`_Plan.fit`)."""
        if plan.status_me[legal[0][2]] == "ready":  # too many ready: exhaust the worst
            return min(legal, key=lambda a: (plan.fit(a[2], True), plan.rank[a[2]]))
        return max(legal, key=lambda a: (plan.fit(a[2], True), -plan.rank[a[2]]))

    # ------------------------------------------------------------ pre-battle
    def _choice(self, plan: _Plan, a: tuple) -> tuple[int, Side, int]:
        """A choice's badge, the side it would fight as (Charge doubles; Swarm adds the
        visible Swarm badges and those revealed with it) and the badges it spends."""
        i: int = a[2]
        card = plan.mine[i]
        extras: int = a[3] if len(a) > 3 else 0
        value = card.value
        if "swarm" in card.ab:
            value += plan.base
            for k in plan.order_me:
                if extras >> k & 1:
                    value += plan.mine[k].value
        if a[0] == "charge":
            value *= 2
        return i, _with_value(card, value), extras | (1 << i)

    def _choice_value(self, plan: _Plan, a: tuple) -> float:
        """What choosing ``a`` for the battle is worth over the rest of the round."""
        i, side, spent = self._choice(plan, a)
        rest = plan.ready & ~spent
        obs = plan.obs
        depth = plan.depth
        known = obs.sides[1]
        if known is not None:  # the enemy's choice is revealed (Charge): answer it
            j = _in_hand(obs.theirs)
            if j >= 0:
                return plan.against(i, side, j, known, rest, plan.unseen, depth)
        uniform = plan.versus(i, side, rest, plan.unseen, depth)
        if a[0] == "charge" and not obs.their_committed:
            worst = 0.0
            first = True
            for j in plan.order_them:
                if plan.unseen >> j & 1:
                    v = plan.against(i, side, j, plan.side_them(j), rest,
                                     plan.unseen & ~(1 << j), depth)
                    if first or v < worst:
                        worst, first = v, False
            return (1.0 - _ANSWERED) * uniform + _ANSWERED * worst
        return uniform

    def _pre(self, plan: _Plan, legal: Sequence[Any]) -> tuple:
        best: tuple = legal[0]
        best_key: tuple | None = None
        committed = _in_hand(plan.obs.mine)
        baseline = 0.0
        if committed >= 0:  # chosen already: an ability must beat the battle as it is
            baseline = self._committed_value(plan, committed, plan.ready)
        for a in legal:
            kind: str = a[0]
            if kind == "commit" or kind == "charge":
                value = self._choice_value(plan, a)
                # ties: the plain choice, fewer Swarm badges revealed, the badge of least
                # material, then canonically
                extras = (a[3] if len(a) > 3 else 0).bit_count()
                key = (value, kind == "commit", -extras, -plan.m_me[a[2]], -plan.rank[a[2]])
            elif kind == "pass":
                key = (baseline + _EPS, True, 0, 0.0, 0)
            else:
                value = self._ability_value(plan, a, committed)
                key = (value, False, -1, -plan.m_me[a[2]], -plan.rank[a[2]])
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _committed_value(self, plan: _Plan, i: int, ready: int, unseen: int = -1,
                         known_ok: bool = True) -> float:
        """The battle of the chosen badge ``i`` and the round after it (against the
        enemy's revealed choice if ``known_ok``, else any of ``unseen`` alike)."""
        obs = plan.obs
        b = plan.unseen if unseen < 0 else unseen
        side = plan.side_me(i)
        if obs.sides[0] is not None:
            side = obs.sides[0]  # revealed by Charge: as it fights
        known = obs.sides[1]
        if known is not None and known_ok:
            j = _in_hand(obs.theirs)
            if j >= 0:
                return plan.against(i, side, j, known, ready, b, plan.depth)
        return plan.versus(i, side, ready, b, plan.depth)

    def _round_value(self, plan: _Plan, committed: int, ready: int, unseen: int,
                     known_ok: bool = True) -> float:
        """The rest of the round from the pre-battle phase: the chosen badge's battle, or
        the best choice still to make."""
        if committed >= 0:
            return self._committed_value(plan, committed, ready, unseen, known_ok)
        return plan.value(ready, unseen, plan.depth)

    def _ability_value(self, plan: _Plan, a: tuple, committed: int) -> float:
        """A pre-battle ability's worth: its effect, then the round as it would be."""
        kind: str = a[0]
        j: int = a[2]
        ready = plan.ready & ~(1 << j)  # the ability's badge is revealed (exhausted)
        if kind == "lead":
            exhausted = 0
            for k in range(len(plan.mine)):
                if plan.status_me[k] == "exhausted":
                    exhausted |= 1 << k
            readied = plan.best_of(exhausted, plan.mine[j].value)
            return self._round_value(plan, committed, ready | readied, plan.unseen)
        if kind == "resurrect":
            want = plan.mine[j].value - 1
            back = 0.0
            for k in plan.order_me:
                if plan.status_me[k] == "dead" and plan.mine[k].value == want:
                    back = max(back, 1.0 + _PER_VALUE * want)
            return back + self._round_value(plan, committed, ready, plan.unseen)
        if kind == "death-curse":
            best = 0.0
            first = True
            for target in self._curse_targets(plan, j):
                v = self._curse_value(plan, j, target, committed, ready)
                if first or v > best:
                    best, first = v, False
            return best if not first else -_WIN
        return -_WIN

    def _curse_targets(self, plan: _Plan, curser: int) -> list[int]:
        """The enemy badges Death Curse may pick from what the player sees: each face-up
        one by index, and -1 for one it cannot see (face down or chosen in secret)."""
        out = []
        for j in plan.order_them:
            x = plan.status_them[j]
            if x == "exhausted" or x == "hand":
                out.append(j)
        if plan.unseen:
            out.append(-1)
        return out

    def _curse_value(self, plan: _Plan, curser: int, target: int, committed: int,
                     ready: int) -> float:
        """Death Curse by ``curser`` on enemy badge ``target`` (-1: one it cannot see,
        any alike): the material traded, then the round as it would be."""
        obs = plan.obs
        alive_me = bin(plan.alive_me).count("1")
        cost = plan.m_me[curser]
        if obs.their_alive == 1:  # the enemy's last badge: the curse ends the game
            return _WIN if alive_me > 1 else 0.0
        if target >= 0:  # (a revealed choice killed: the enemy chooses again)
            return plan.m_them[target] - cost + self._round_value(
                plan, committed, ready, plan.unseen, plan.status_them[target] != "hand")
        total = 0.0
        n = 0
        for j in plan.order_them:
            if plan.unseen >> j & 1:
                total += plan.m_them[j] + self._round_value(
                    plan, committed, ready, plan.unseen & ~(1 << j))
                n += 1
        return (total / n if n else 0.0) - cost

    # --------------------------------------------------------------- battle
    def _battle(self, plan: _Plan, legal: Sequence[Any]) -> tuple:
        """Mount, Protect or Illusion when it turns the battle by more than the badge it
        spends is worth to the round; else pass. An enemy holding a ready Illusion may
        answer: each choice is judged by the enemy's best answer (`_answers`)."""
        obs = plan.obs
        view, theirs = obs.sides
        if view is None or theirs is None:
            return legal[0]
        i = _in_battle(obs.mine, plan.mine, view.spec)
        j = _in_battle(obs.theirs, plan.theirs, theirs.spec)
        if i < 0 or j < 0:
            return legal[0]
        mine = Side(view.value, view.types, view.strengths, view.weaknesses, view.tmask,
                    view.smask, view.wmask)
        answers = self._answers(plan, j, theirs)
        best = legal[0]
        best_key = (self._worst(plan, i, mine, plan.ready, answers, -1) + _EPS, 1, 0)
        for a in legal[1:]:
            kind: str = a[0]
            k: int = a[2]
            rest = plan.ready & ~(1 << k)
            if kind == "mount" and mount_allowed(view):
                trial = mine._replace(value=mine.value + plan.mine[k].value)
                value = self._worst(plan, i, trial, rest, answers, k)
            elif kind == "protect":
                value = self._worst(plan, i, mine._replace(weaknesses=frozenset()), rest,
                                    answers, -1)
            elif kind == "illusion":
                value = self._illusion_best(plan, k, i, answers, self._first(plan))[0]
            else:
                continue
            key = (value, 0, -plan.rank[k])
            if key > best_key:
                best, best_key = a, key
        return best

    def _first(self, plan: _Plan) -> bool:
        """Whether the player's abilities resolve first in this battle (ruling
        declare-order: seat 1 in odd battles, seat 2 in even ones)."""
        return (plan.obs.battle % 2 == 0) == (plan.obs.player == 0)

    def _answers(self, plan: _Plan, j: int, theirs: Side) -> list[tuple[int, Side, int]]:
        """What the enemy may fight with: its badge ``j`` as it is, and, if it holds a
        ready Illusion, each of its ready badges swapped in ("swap any ready WarBadge
        including this WarBadge with the WarBadge in the battle"): (badge, side, its
        ready badges after)."""
        out = [(j, theirs, plan.unseen)]
        users = [u for u in plan.order_them
                 if plan.unseen >> u & 1 and "illusion" in plan.theirs[u].ab]
        if not users:
            return out
        for y in plan.order_them:
            if plan.unseen >> y & 1:
                spent = 1 << y if "illusion" in plan.theirs[y].ab else (1 << y) | (1 << users[0])
                out.append((y, plan.side_them(y), (plan.unseen & ~spent) | (1 << j)))
        return out

    def _worst(self, plan: _Plan, i: int, side: Side, rest: int,
               answers: list[tuple[int, Side, int]], mount: int) -> float:
        """Badge ``i`` fighting as ``side`` (with ``mount``, -1 for none), then the round
        with ``rest``: its value against the enemy's worst answer."""
        worst = 0.0
        first = True
        for y, ys, b in answers:
            gain = plan.payoff(i, side, y, ys)
            if mount >= 0 and gain < 0:  # a mounted loss: the cheaper of the two dies
                gain = -min(plan.m_me[i], plan.m_me[mount])
            v = gain + plan.value(rest, b, plan.depth)
            if first or v < worst:
                worst, first = v, False
        return worst

    def _illusion_best(self, plan: _Plan, user: int, old: int,
                       answers: list[tuple[int, Side, int]], first: bool) -> tuple[float, int]:
        """Illusion by ``user``: the best ready badge to swap in for ``old`` (its value,
        its index). Resolving ``first``, the enemy answers the swap; else the swap
        answers the enemy's."""
        swaps: list[tuple[int, int]] = []
        for k in plan.order_me:
            if plan.status_me[k] == "ready":
                swaps.append((k, (plan.ready & ~(1 << k) & ~(1 << user)) | (1 << old)))
        if not swaps:
            return -_WIN, -1
        if first:
            best = 0.0
            pick = -1
            for k, rest in swaps:
                v = self._worst(plan, k, plan.side_me(k), rest, answers, -1)
                if pick < 0 or v > best:
                    best, pick = v, k
            return best, pick
        worst = 0.0
        worst_pick = -1
        for y, ys, b in answers:
            best = 0.0
            pick = -1
            for k, rest in swaps:
                v = plan.payoff(k, plan.side_me(k), y, ys) + plan.value(rest, b, plan.depth)
                if pick < 0 or v > best:
                    best, pick = v, k
            if worst_pick < 0 or best < worst:
                worst, worst_pick = best, pick
        return worst, worst_pick

    # ----------------------------------------------------------------- save
    def _save(self, plan: _Plan, legal: Sequence[Any]) -> tuple:
        """Heal or Altruism when the badge saved is worth more than what saving costs."""
        obs = plan.obs
        p = obs.player
        own = [j for q, j in obs.dying if q == p]
        if not own:
            return legal[0]
        b = plan.unseen
        depth = plan.depth
        now = plan.value(plan.ready, b, depth)
        best = legal[0]
        best_key: tuple = (now + _EPS, 1, 0)
        for a in legal[1:]:
            kind: str = a[0]
            k: int = a[2]
            if kind == "heal":
                limit = plan.mine[k].value
                saved = [j for j in own if plan.mine[j].value <= limit]
                if not saved:
                    continue
                keep = max(plan.m_me[j] for j in saved)
                value = keep + plan.value(plan.ready & ~(1 << k), b, depth)
            elif kind == "altruism":
                j = max(own, key=lambda d: (plan.m_me[d], -plan.rank[d]))
                value = (plan.m_me[j] - plan.m_me[k]
                         + plan.value((plan.ready & ~(1 << k)) | (1 << j), b, depth))
            else:
                continue
            key = (value, 0, -plan.rank[k])
            if key > best_key:
                best, best_key = a, key
        return best

    # ----------------------------------------------------------- post-battle
    def _post(self, plan: _Plan, legal: Sequence[Any]) -> tuple:
        """Enervate when exhausting enemy badges gains more than the badge spent; Hide an
        exhausted badge (it comes back ready next round)."""
        b = plan.unseen
        depth = plan.depth
        now = plan.value(plan.ready, b, depth)
        best = legal[0]
        best_key: tuple = (now + _EPS, 1, 0)
        for a in legal[1:]:
            kind: str = a[0]
            k: int = a[2]
            if kind == "enervate":
                value = self._enervate_value(plan, k)
            elif kind == "hide":
                if plan.status_me[k] != "exhausted":
                    continue
                if not plan.last:  # it comes back ready in the next round
                    value = now + _LEFTOVER
                elif "swarm" in plan.mine[k].ab:  # face up, it adds to Swarm values
                    continue
                else:  # out of play it still counts (ruling hidden-alive), and a Death
                    # Curse cannot reach it (ruling death-curse-hidden)
                    value = now + (_HIDDEN if plan.curse_threat() else _EPS * 2)
            else:
                continue
            key = (value, 0, -plan.rank[k])
            if key > best_key:
                best, best_key = a, key
        return best

    def _enervate_value(self, plan: _Plan, k: int) -> float:
        """Enervate by ``k``: X of the enemy's ready badges, any alike, flipped face up."""
        ready = plan.ready & ~(1 << k)
        pool = _bits(plan.unseen, plan.order_them)
        x = min(plan.mine[k].value, len(pool))
        total = 0.0
        count = 0
        for mask in _subsets(pool, x):
            total += plan.value(ready, plan.unseen & ~mask, plan.depth)
            count += 1
        return total / count if count else plan.value(ready, plan.unseen, plan.depth)

    # -------------------------------------------------------------- targets
    def _target(self, plan: _Plan, legal: Sequence[Any]) -> tuple:
        obs = plan.obs
        kind = obs.pending[0] if obs.pending else ""
        p = obs.player
        if kind in ("lead", "inspire"):  # ready the badge that fits best
            return max(legal, key=lambda a: (a[2] == p, plan.fit(a[3]) if a[2] == p else 0.0,
                                             -plan.rank[a[3]] if a[2] == p else 0))
        if kind == "resurrect":  # its own badge of most material, else the enemy's least
            return max(legal, key=lambda a: _material_key(plan, p, a[2], a[3], a[2] == p))
        if kind in ("heal", "altruism"):  # its own badge of most material
            return max(legal, key=lambda a: _material_key(plan, p, a[2], a[3], a[2] == p))
        if kind == "illusion":
            view, theirs = obs.sides
            if view is not None and theirs is not None and obs.pending is not None:
                old = _in_battle(obs.mine, plan.mine, view.spec)
                j = _in_battle(obs.theirs, plan.theirs, theirs.spec)
                if old >= 0 and j >= 0:
                    # the enemy's Illusion still to resolve may answer this swap
                    answered = False
                    for queued in obs.public[3]:
                        if queued[0] == "illusion" and queued[1] != p:
                            answered = True
                    side: Side = theirs
                    answers: list[tuple[int, Side, int]] = (
                        self._answers(plan, j, side) if answered else [(j, side, plan.unseen)])
                    pick = self._illusion_best(plan, obs.pending[2], old, answers, True)[1]
                    for a in legal:
                        if a[3] == pick:
                            return a
            return max(legal, key=lambda a: (plan.fit(a[3]), -plan.rank[a[3]]))
        if kind == "death-curse":
            curser: int = obs.pending[2] if obs.pending else -1
            committed = _in_hand(obs.mine)
            ready = plan.ready
            best = legal[0]
            best_key: tuple | None = None
            for a in legal:
                q: int = a[2]
                ref: int = a[3]
                if q == p:  # its own badge: only if nothing else
                    key = (-_WIN - plan.m_me[ref], -plan.rank[ref])
                elif ref >= 0:
                    key = (self._curse_value(plan, curser, ref, committed, ready),
                           -plan.order_them.index(ref))
                else:  # unseen (face down, or the secret choice): any alike
                    key = (self._curse_value(plan, curser, -1, committed, ready), ref)
                if best_key is None or key > best_key:
                    best, best_key = a, key
            return best
        return legal[0]


def _material_key(plan: _Plan, p: int, owner: int, j: int, own: bool) -> tuple:
    """Own badges first, the most material first; the enemy's, the least first."""
    if own:
        return (1, plan.m_me[j], -plan.rank[j])
    return (0, -plan.m_them[j], -plan.order_them.index(j))


def _subsets(pool: list[int], x: int) -> list[int]:
    """Every bit mask of ``x`` badges of ``pool`` (in the pool's order)."""
    out: list[int] = []

    def walk(start: int, left: int, mask: int) -> None:
        if left == 0:
            out.append(mask)
            return
        for n in range(start, len(pool) - left + 1):
            walk(n + 1, left - 1, mask | (1 << pool[n]))

    walk(0, x, 0)
    return out


def _in_hand(views: Sequence[BadgeView]) -> int:
    """The index of the badge in hand among ``views`` (-1 if none)."""
    for v in views:
        if v.status == "hand":
            return v.index
    return -1


def _in_battle(views: Sequence[BadgeView], cards: Sequence[Card], spec: BadgeSpec) -> int:
    """The index of the badge fighting (in battle, not a Mount) with ``spec``."""
    for v in views:
        if v.status == "battle" and v.spec is spec:
            return v.index
    for v in views:
        if v.status == "battle" and v.spec == spec:
            return v.index
    return -1


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""WarBadge's agent registry: name -> factory."""
