"""Warblitz agents: ``random`` and ``greedy``.

Agents decide from an `Observation` only (ruling ``hidden``): the battlefield, every
token and active area, their own reserves and what is left in their own pile, never the
opponent's reserves or any pile's order. The greedy agent plays sensibly without search,
one decision at a time, reading the battlefield through the rules' own geometry:

- **Beginning**: opens the units path with its first upgrade as soon as it can (a draw
  die every turn), and a later path when it holds an Epic card of it; keeps the tokens it
  needs to deploy its best affordable units; assigns the rest (DEF to a threatened unit,
  the commander first; SPC to a unit with a Special ability that can attack; ATK to units
  that can reach an enemy); plays Beginning cards that help.
- **Deployment**: deploys its dearest affordable units, each on the space nearest the
  enemy from which it can already threaten something, ranged units in a clear line.
- **Move & Attack**: selects, one after the other, the unit with the best attack it can
  reach (moving first when that brings a better target in reach: the enemy commander,
  a unit it can destroy, the weakest enemy); with no attack anywhere it advances the
  unit nearest the enemy commander, counting its steps round what stands in the way
  (the commander itself only when it stands alone: a DEF token prevents the cost of
  inaction, so sides that wait could wait for ever). It never targets its own cards or terrain, and plays
  cards that damage, force or move enemies, or help its units, with the tokens it would
  lose at the end of the turn.
- **Choices** from effects: damage, force and push enemies (the commander and the weakest
  first, away from its own commander), heal, boost and help its own units.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from random import Random
from typing import TYPE_CHECKING, Any, Final

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz import effects as E
from toolkit.sim.engine import Agent, RandomAgent

from .basics import ADJACENT, DIST, RAYS, SIZE, distance
from .state import (
    BEGIN,
    BST,
    COMMANDER,
    DEPLOY,
    DMG,
    ELITE,
    EMPTY,
    MOVE,
    PATH_OF_KIND,
    PICK,
    PICK_DIRECTION,
    PICK_SPACE,
    TATK,
    TDEF,
    TERRAIN,
    TSPC,
    UNIT,
    UNIT_ATTACK,
    UNIT_MOVE,
    F,
    Game,
    Observation,
    State,
    state_of,
    usable_paths,
)

if TYPE_CHECKING:
    from .rules import WarblitzRules

HIT_CHANCE: Final = (5 / 6, 4 / 6)
"""A die's chance to hit: melee (2-6), range (3-6)."""
SPECIAL_CHANCE: Final = (2 / 6, 2 / 6)
"""A die's chance of a Special: melee (1 or 6), range (2 or 6)."""
GOOD_VERBS: Final = frozenset({E.HEAL, E.BOOST, E.GAIN, E.MOVE, E.DRAW_DICE})
UNSET: Final = -1e18
"""A worth not worked out yet (every worth is far above it)."""
LOW_LIFE: Final = 4
"""A commander with this much life or less, an enemy unit in reach of it, gets a DEF
token before anything else is paid for."""


def own_space(p: int, space: int) -> int:
    """A space as player ``p`` names it from their own side, as one number (own rank *
    WIDTH + column from their own left): player 2 sees the battlefield turned round
    (`board.own_space`), so player 1's C1 and player 2's C1 are both 2. Ties between
    spaces are broken by this, never by the board index."""
    return space if p == 0 else SIZE - 1 - space


def own_direction(p: int, direction: int) -> int:
    """A direction (`board.DIRECTIONS`) as player ``p`` sees it: 0 toward the enemy's
    edge, 1 to their right, 2 toward their own edge, 3 to their left."""
    return direction if p == 0 else (direction + 2) % 4


@lru_cache(maxsize=16)
def card_keys(g: Game) -> tuple[int, ...]:
    """Each uid's rank in a canonical order of what its card says (kind, rank, class,
    cost, life, strength, attack, phase, ACTIVE, effect, then name; every terrain piece
    -1): copies of one card share a key, and the key does not depend on the sheet's row
    order or the seat, so ties between cards are broken by it, never by the uid."""
    content: list[tuple | None] = []
    for spec in g.spec:
        if spec is None:
            content.append(None)
        else:
            content.append((spec.kind, spec.rank, spec.klass, spec.cost, spec.hp,
                            spec.strength, spec.ranged, -1 if spec.phase is None else spec.phase,
                            spec.active, E.effect_text(spec.effect), spec.name))
    order = sorted({c for c in content if c is not None})
    rank = {c: i for i, c in enumerate(order)}
    return tuple(-1 if c is None else rank[c] for c in content)


def _worth(obs: Observation, uid: int) -> float:
    """How much a unit matters: its life and strength, the commander most."""
    g = obs.game
    if g.kind[uid] != UNIT:
        return 0.0
    if g.rank[uid] == COMMANDER:
        return 30.0
    return g.hp[uid] + 2 * g.strength[uid] + g.card(uid).cost


def _life(obs: Observation, uid: int) -> int:
    """The unit's life left: its HP less its damage."""
    g = obs.game
    return g.hp[uid] - obs.u[uid * F + DMG]


def _rules() -> WarblitzRules:
    from .rules import WarblitzRules  # noqa: PLC0415

    return WarblitzRules()


class GreedyAgent:
    """Sensible one-step play from the observation (see the module docstring).

    Every tie between equally good choices is broken by what the player sees, never by
    a uid, a row of the sheet or a board index: cards by `card_keys` (what the card
    says, then its name), spaces and directions as the player names them from their own
    side (`own_space`, `own_direction`), so the same position seen from either seat gets
    the same decision, turned round."""

    observes = True
    stochastic = False

    def __init__(self) -> None:
        self.rules = _rules()
        self._seen: tuple = ()
        self._plans: dict[int, tuple[float, int]] = {}
        self._aims: dict[int, _Aim] = {}
        self._seen_state: State | None = None
        self._seen_u: tuple[int, ...] = ()
        self._seen_active: tuple[tuple[int, ...], ...] = ()
        self._seen_obs: Observation | None = None

    def act(self, obs: Observation, legal: Sequence[Any], rng: Random) -> tuple:
        """Choose one of ``legal`` from what ``obs`` shows."""
        if len(legal) == 1:
            return legal[0]
        phase = obs.phase
        if phase == PICK:
            return self._pick(obs, legal)
        if phase == BEGIN:
            return self._begin(obs, legal)
        if phase == DEPLOY:
            return self._deploy(obs, legal)
        if phase == MOVE:
            return self._select(obs, legal)
        if phase == UNIT_MOVE:
            return self._move(obs, legal)
        if phase == UNIT_ATTACK:
            return self._attack(obs, legal)
        return legal[-1]

    # ---------------------------------------------------------------- values
    def _aim(self, obs: Observation, uid: int) -> _Aim:
        """How ``uid`` strikes on this battlefield (kept with the plans)."""
        self._fresh(obs)
        aim = self._aims.get(uid)
        if aim is None:
            aim = self._aims[uid] = _Aim(self, obs, uid)
        return aim

    def _best_attack(self, obs: Observation, uid: int, space: int) -> float:
        """The best attack value ``uid`` would have standing on ``space``."""
        return self._aim(obs, uid).best(space)

    def _enemy_boss(self, obs: Observation) -> int:
        g = obs.game
        return obs.u[g.commander[1 - obs.player] * F]

    def _my_boss(self, obs: Observation) -> int:
        g = obs.game
        return obs.u[g.commander[obs.player] * F]

    def _alone(self, obs: Observation) -> bool:
        """Whether the player's commander is their only unit on the battlefield."""
        g = obs.game
        boss = g.commander[obs.player]
        return not any(obs.u[uid * F] != EMPTY for uid in g.units_of[obs.player]
                       if uid != boss)

    def _approach(self, obs: Observation, space: int, start: int) -> int:
        """How far a unit standing on ``space`` (come from ``start``, which it leaves
        empty) is from the enemy commander: its steps
        through empty spaces to a space next to it, so that terrain in the way does not
        hold it back for ever (a DEF token prevents the cost of inaction, so two sides
        that wait behind terrain could wait for ever)."""
        enemy = self._enemy_boss(obs)
        board = obs.board
        seen = {space}
        frontier = [space]
        steps = 0
        while frontier:
            if any(enemy in ADJACENT[m] for m in frontier):
                return steps
            steps += 1
            nxt = []
            for m in frontier:
                for n in ADJACENT[m]:
                    if (board[n] == EMPTY or n == start) and n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return SIZE + distance(space, enemy)  # (walled off: as near as the crow flies)

    def _threat(self, obs: Observation, space: int) -> int:
        """How many enemy units could attack ``space`` next turn (roughly: within 3)."""
        g = obs.game
        u = obs.u
        n = 0
        for uid in g.units_of[1 - obs.player]:
            at = u[uid * F]
            if at != EMPTY and DIST[at * SIZE + space] <= (5 if g.ranged[uid] else 3):
                n += 1
        return n

    def _piece_tie(self, obs: Observation, uid: int) -> tuple[int, int]:
        """A card on the battlefield, for breaking ties (the smaller first): what the
        card says, then its space as the player names it."""
        return card_keys(obs.game)[uid], own_space(obs.player, obs.u[uid * F])

    def _first_card(self, obs: Observation, plays: list[tuple]) -> tuple | None:
        """Of ``play`` actions, the card first in `card_keys` order (None if none)."""
        keys = card_keys(obs.game)
        best: tuple | None = None
        for a in plays:
            if best is None or keys[a[2]] < keys[best[2]]:
                best = a
        return best

    # --------------------------------------------------------------- beginning
    def _reserve(self, obs: Observation) -> int:
        """Tokens kept to deploy the dearest affordable units this turn."""
        g = obs.game
        p = obs.player
        budget = sum(obs.held[p])
        elite = usable_paths(obs.opened[p], obs.upgraded) & 1  # (from the turn after)
        costs = sorted((g.card(uid).cost for uid in obs.hand
                        if g.kind[uid] == UNIT and (g.rank[uid] != ELITE or elite)),
                       reverse=True)
        keep = 0
        deployed = 0
        for cost in costs:
            if deployed < 2 and keep + cost <= budget:
                keep += cost
                deployed += 1
        return keep

    def _guard(self, obs: Observation, legal: Sequence[tuple]) -> tuple | None:
        """A DEF token for a commander low on life ("The DEF token prevents a wound from
        being applied") with an enemy in reach of it, or at 2 life or less (events and
        abilities reach it anywhere): the least flexible token that can be one, before
        any token is spent otherwise."""
        g = obs.game
        boss = g.commander[obs.player]
        here = obs.u[boss * F]
        if here == EMPTY or obs.u[boss * F + TDEF]:
            return None
        life = _life(obs, boss)
        if life > LOW_LIFE or (life > 2 and not self._threat(obs, here)):
            return None
        best: tuple | None = None
        for a in legal:
            if a[0] == "assign" and a[2] == boss and a[4] == TDEF and \
                    (best is None or a[3] < best[3]):
                best = a
        return best

    def _begin(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        g = obs.game
        p = obs.player
        held = sum(obs.held[p])
        guard = self._guard(obs, legal)
        if guard is not None:
            return guard
        ups = [a for a in legal if a[0] == "upgrade"]
        if ups:
            if obs.opened[p] == 0:
                return ups[0]  # units: a draw die every turn and Elite units
            # A later path when an Elite unit or an Epic card of it waits in the reserves.
            wanted = {PATH_OF_KIND[g.kind[uid]] for uid in obs.hand if g.rank[uid] == ELITE}
            for a in ups:
                if a[2] in wanted and not obs.opened[p] & (1 << a[2]):
                    return a
        reserve = self._reserve(obs)
        play = self._first_card(obs, [a for a in legal if a[0] == "play"
                                      and held - g.spec[a[2]].cost >= reserve
                                      and self._card_useful(obs, a[2])])
        if play is not None:
            return play
        if held - obs.held[p][4] > reserve:
            best = self._best_assign(obs, [a for a in legal if a[0] == "assign"])
            if best is not None:
                return best
        return ("end", p)

    def _token_value(self, obs: Observation, uid: int, role: int) -> float:
        """What a token in ``role`` on the player's unit ``uid`` is worth: DEF by the
        enemies in reach (the commander's three times, more when low on life), ATK by
        the attack it can reach, SPC (consumed as a Special) only for a unit with a
        Special ability that can attack (on any other it just takes a die away)."""
        g = obs.game
        if role == TDEF:
            threat = self._threat(obs, obs.u[uid * F])
            if g.rank[uid] != COMMANDER:
                return threat * 0.5
            return threat * 1.5 + (3.0 if threat and _life(obs, uid) <= LOW_LIFE else 0.0)
        reach = self._plan(obs, uid)[0]
        if role == TATK:
            return 1.0 + reach * 0.3 if reach > 0 else 0.1
        return 2.5 if g.special[uid] and reach > 0 else (-1.0 if not g.special[uid] else 0.0)

    def _best_assign(self, obs: Observation, options: list[tuple]) -> tuple | None:
        best: tuple | None = None
        best_value = 0.0
        best_tie: tuple = ()
        for a in options:
            _, _, uid, token, role = a
            value = self._token_value(obs, uid, role)
            value -= token * 0.01  # spend the least flexible token for a role
            if value > best_value or (best is not None and value == best_value and
                                      self._piece_tie(obs, uid) + (role,) < best_tie):
                best, best_value = a, value
                best_tie = self._piece_tie(obs, uid) + (role,)
        return best

    def _card_useful(self, obs: Observation, uid: int) -> bool:
        """Whether playing this event or relic now does something good."""
        g = obs.game
        effect = g.effect[uid]
        if not effect.clauses:
            return False
        p = obs.player
        for clause in effect.clauses:
            if clause.trigger == E.ONGOING:
                return True
            for step in clause.steps:
                if step.verb == E.SPEND:
                    assert step.target is not None  # SPEND names the card holding the boost
                    holder = {E.COMMANDER: g.commander[p]}.get(step.target.kind, EMPTY)
                    if holder == EMPTY or obs.u[holder * F + BST] < step.amount:
                        return False
                    continue
                if step.verb in (E.DRAW_DICE,) or (step.verb == E.GAIN and step.target is None):
                    return True
                t = step.target
                if t is None:
                    continue
                if step.verb == E.HEAL:
                    if any(obs.u[x * F + DMG] for x in g.own[p] if obs.u[x * F] != EMPTY
                           and g.kind[x] == UNIT):
                        return True
                    continue
                side = t.side
                if step.verb in (E.DAMAGE, E.FORCE) and t.kind == E.SELECT and side != E.FRIENDLY:
                    if self.rules._select(self._state(obs), t, p, EMPTY, EMPTY, EMPTY, EMPTY):
                        return True
                    continue
                if step.verb == E.GAIN and t.kind == E.SELECT:
                    # A token on a unit: an SPC token only helps a unit with a Special
                    # ability, any token only one on the battlefield.
                    found = self.rules._select(self._state(obs), t, p, EMPTY, EMPTY, EMPTY,
                                               EMPTY)
                    if any(g.special[x] or step.arg != E.T_SPC for x in found):
                        return True
                    continue
                if step.verb in GOOD_VERBS:
                    return True
        return False

    def _state(self, obs: Observation) -> State:
        """The battlefield ``obs`` shows as a `State`, for the rules' queries (moves,
        targets, dice, selections: they read the pieces, the active areas and the units
        deployed this turn), the hidden draw piles and reserves left empty. Kept while
        those are unchanged (the pieces' tuple is shared until a piece changes)."""
        s = self._seen_state
        if s is None or obs.u is not self._seen_u or obs.fresh != s.fresh or \
                obs.active != self._seen_active:
            self._seen_u = obs.u  # (the battlefield follows from the pieces' spaces)
            self._seen_active = obs.active
            s = self._seen_state = state_of(obs, [(), ()], [(), ()])
        return s

    # -------------------------------------------------------------- deployment
    def _blocks(self, obs: Observation, space: int) -> bool:
        """Whether a card on ``space`` would stand in the line of one of the player's
        ranged units: straight ahead of it (toward the enemy's edge) or between it and
        an enemy card it could shoot, within its reach."""
        g = obs.game
        p = obs.player
        board = obs.board
        ahead = 0 if p == 0 else 2
        s = self._state(obs)
        for uid in g.units_of[p]:
            at = obs.u[uid * F]
            if at == EMPTY or not g.ranged[uid] or DIST[at * SIZE + space] > 5:
                continue
            reach = self.rules.reach_of(s, uid)
            for d in range(4):
                ray = RAYS[at][d]
                k = 0
                crossed = False
                for m in ray:
                    if k >= reach:
                        break
                    k += 1
                    if m == space:
                        if d == ahead:
                            return True
                        crossed = True
                        continue
                    t = board[m]
                    if t != EMPTY:
                        if crossed and g.owner[t] == 1 - p:
                            return True
                        break
        return False

    def _deploy(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        g = obs.game
        p = obs.player
        options = [a for a in legal if a[0] == "deploy"]
        if options:
            dearest = max(g.spec[a[2]].cost for a in options)
            enemy = self._enemy_boss(obs)
            keys = card_keys(g)
            # Of the dearest units' deployments the best: one that threatens something
            # from there, out of its own ranged units' lines, nearest the enemy
            # commander; then the sturdiest card (by what it says) and the space
            # farthest back (as the player names spaces).
            best: tuple = options[0]
            best_key: tuple | None = None
            blocked: dict[int, bool] = {}
            for a in options:
                uid, space = a[2], a[3]
                if g.card(uid).cost != dearest:
                    continue
                block = blocked.get(space)
                if block is None:
                    block = blocked[space] = self._blocks(obs, space)
                key = (self._best_attack(obs, uid, space) > 0, not block,
                       -distance(space, enemy), g.hp[uid] + 2 * g.strength[uid], -keys[uid],
                       -own_space(p, space))
                if best_key is None or key > best_key:
                    best, best_key = a, key
            return best
        play = self._first_card(obs, [a for a in legal if a[0] == "play"
                                      and self._card_useful(obs, a[2])])
        if play is not None:
            return play
        return legal[-1]

    # ----------------------------------------------------------- move & attack
    def _fresh(self, obs: Observation) -> None:
        """Forget the plans when the battlefield (pieces, tokens, active cards) changed;
        when only one own unit's tokens did (a token assigned), only that unit's plan
        (the others' read their own tokens and the enemies' numbers, never an own
        unit's tokens)."""
        if obs is self._seen_obs:
            return  # (asked again about the observation it last looked at)
        self._seen_obs = obs
        key = (obs.board, obs.u, obs.active)
        seen = self._seen
        if key == seen:
            return
        self._seen = key
        if seen and obs.board == seen[0] and obs.active == seen[2]:
            x = _retokened(obs, seen[1])
            if x != EMPTY:
                self._plans.pop(x, None)
                self._aims.pop(x, None)
                return
        self._plans.clear()
        self._aims.clear()

    def _plan(self, obs: Observation, uid: int) -> tuple[float, int]:
        """The best attack value the unit can reach this activation, and where from.

        Plans are kept while the battlefield is unchanged (selecting a unit, then moving
        it, are two decisions on one battlefield); a unit farther from every enemy than it
        can move and strike has none."""
        self._fresh(obs)
        plan = self._plans.get(uid)
        if plan is None:
            plan = self._plans[uid] = self._make_plan(obs, uid)
        return plan

    def _make_plan(self, obs: Observation, uid: int) -> tuple[float, int]:
        g = obs.game
        u = obs.u
        here = u[uid * F]
        s = self._state(obs)
        moves = self.rules.moves_of(s, uid)
        # (how it strikes is worked out only once an enemy is within its strike)
        strike = moves + (self.rules.reach_of(s, uid) if g.ranged[uid] else 1)
        for e in g.units_of[1 - g.owner[uid]]:
            at = u[e * F]
            if at != EMPTY and DIST[at * SIZE + here] <= strike:
                break
        else:
            return -1.0, here
        aim = self._aim(obs, uid)
        stay = aim.best(here)
        # The best space to strike from; of equals, the one fewest enemies reach, then
        # the first as the player names spaces. It moves only for a better attack.
        best = stay
        ties: list[int] = []
        for m in self.rules.destinations(s, uid, moves):
            value = aim.best(m)
            if value > best:
                best = value
                ties = [m]
            elif value == best:
                ties.append(m)
        if best <= stay + 0.01:
            return stay, here
        where = ties[0]
        if len(ties) > 1:
            p = obs.player
            where_key = (-self._threat(obs, where), -own_space(p, where))
            for m in ties[1:]:
                key = (-self._threat(obs, m), -own_space(p, m))
                if key > where_key:
                    where, where_key = m, key
        return best, where

    def _select(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        g = obs.game
        p = obs.player
        spare = sum(obs.held[p][:4])
        play = self._first_card(obs, [a for a in legal if a[0] == "play"
                                      and g.spec[a[2]].cost <= spare
                                      and self._card_useful(obs, a[2])])
        if play is not None:
            return play
        acts = [a for a in legal if a[0] == "activate"]
        best: tuple | None = None
        best_value = 0.0
        for a in acts:
            value, _ = self._plan(obs, a[2])
            if value > best_value or (best is not None and value == best_value and
                                      self._piece_tie(obs, a[2]) < self._piece_tie(obs, best[2])):
                best, best_value = a, value
        if best is not None:
            return best
        # Nothing to attack: advance toward the enemy commander (the commander too when it
        # stands alone).
        alone = self._alone(obs)
        mover: tuple | None = None
        mover_key: tuple = ()
        for a in acts:
            uid = a[2]
            if g.rank[uid] == COMMANDER and not alone:
                continue
            here = obs.u[uid * F]
            dests = self.rules.destinations(self._state(obs), uid)
            now = self._approach(obs, here, here)
            if dests and min([self._approach(obs, m, here) for m in dests]) < now:
                key = (now,) + self._piece_tie(obs, uid)
                if mover is None or key < mover_key:
                    mover, mover_key = a, key
        if mover is not None:
            return mover
        return ("end", p)

    def _move(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        uid = obs.unit
        p = obs.player
        value, where = self._plan(obs, uid)
        here = obs.u[uid * F]
        if value > 0:
            if where == here:
                # An After moving ability is worth a step out and back.
                if obs.game.effect[uid].has(E.AFTER_MOVING) and ("move", p, here) in legal:
                    return ("move", p, here)
                return ("stay", p)
            return ("move", p, where)
        if obs.game.rank[uid] == COMMANDER and not self._alone(obs):
            return ("stay", p)
        best: tuple | None = None
        best_key: tuple = ()
        for a in legal:
            if a[0] == "move":
                key = (self._approach(obs, a[2], here), own_space(p, a[2]))
                if best is None or key < best_key:
                    best, best_key = a, key
        if best is not None and best_key[0] < self._approach(obs, here, here):
            return best
        return ("stay", p)

    def _attack(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        uid = obs.unit
        aim = self._aim(obs, uid)
        best: tuple | None = None
        best_value = 0.0
        for a in legal:
            if a[0] != "attack":
                continue
            value = aim.value(a[2])
            if value > best_value or (best is not None and value == best_value and
                                      self._piece_tie(obs, a[2]) < self._piece_tie(obs, best[2])):
                best, best_value = a, value
        return best if best is not None else ("hold", obs.player)

    # ----------------------------------------------------------------- choices
    def _pick(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        best: tuple = legal[0]
        best_key: tuple | None = None
        for a in legal:  # the best; ties by what the player sees (`_pick_key`)
            key = self._pick_key(obs, a[2])
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def _pick_key(self, obs: Observation, v: int) -> tuple:
        """How good choosing ``v`` for the pending choice is (the greatest is chosen):
        force own units toward the enemy commander and enemies away from one's own, move
        own units where they strike best, aim damage and force at enemies, help at one's
        own, a token where it helps most; of equals the first by what the player sees
        (a direction or space as they name it, a card by what it says, then its space)."""
        g = obs.game
        p = obs.player
        task = obs.queue[0]
        step = task.steps[0]
        mine = self._my_boss(obs)
        if task.kind == PICK_DIRECTION:
            uid = task.subject
            dest = _forced_to(obs, uid, v, task.amount)
            if g.owner[uid] == p:
                return (-distance(dest, self._enemy_boss(obs)), -own_direction(p, v))
            return (distance(dest, mine), -own_direction(p, v))
        if task.kind == PICK_SPACE:
            uid = task.subject
            if g.owner[uid] == p:
                return (self._aim(obs, uid).best(v), -distance(v, self._enemy_boss(obs)),
                        -own_space(p, v))
            return (distance(v, mine), -own_space(p, v))
        friendly = g.owner[v] == p
        value: float
        verb = step.verb
        if verb == E.HEAL:
            value = float(obs.u[v * F + DMG] * (3 if g.rank[v] == COMMANDER else 1))
        elif verb == E.DAMAGE:
            life = _life(obs, v) - obs.u[v * F + TDEF]
            value = (100 if g.rank[v] == COMMANDER else 0) + \
                (_worth(obs, v) if life <= step.amount else 0) - life * 0.1
        elif verb == E.FORCE:
            value = float(-distance(obs.u[v * F], mine))
        elif verb == E.GAIN and step.arg != E.T_BST and friendly:
            value = self._token_value(obs, v, (TDEF, TATK, TDEF, TSPC)[step.arg])
        else:
            value = _worth(obs, v) + obs.u[v * F + TATK]
        ckey, space = self._piece_tie(obs, v)
        return (friendly == (verb in GOOD_VERBS), value, -ckey, -space)


def _forced_to(obs: Observation, uid: int, direction: int, amount: int) -> int:
    """Where forcing ``uid`` up to ``amount`` spaces in ``direction`` leaves it: up to
    the first occupied space."""
    here = dest = obs.u[uid * F]
    for m in B.RAYS[here][direction][:amount]:
        if obs.board[m] != EMPTY:
            break
        dest = m
    return dest


def _retokened(obs: Observation, before: tuple[int, ...]) -> int:
    """The one unit of the observing player whose tokens alone differ between
    ``before`` and ``obs.u`` (EMPTY when anything else changed)."""
    u = obs.u
    if len(u) != len(before):
        return EMPTY
    x = EMPTY
    for i in range(len(u)):
        if u[i] != before[i]:
            uid = i // F
            if i % F < TDEF or (x != EMPTY and uid != x):
                return EMPTY
            x = uid
    if x != EMPTY and obs.game.owner[x] != obs.player:
        return EMPTY
    return x


class _Aim:
    """How one unit strikes on one battlefield: its dice and reach, the spaces where an
    enemy's Taunt binds it, and the worth of attacking each card and the best attack
    from each space (each worked out once, when first asked)."""

    __slots__ = ("obs", "uid", "dice", "reach", "ranged", "taunted", "values",
                 "bests", "hits", "bonus")

    def __init__(self, agent: GreedyAgent, obs: Observation, uid: int) -> None:
        g = obs.game
        self.obs, self.uid = obs, uid
        s = agent._state(obs)
        dice = self.dice = agent.rules.attack_dice(s, uid)
        self.reach = agent.rules.reach_of(s, uid)
        ranged = self.ranged = g.ranged[uid]
        enemy = 1 - g.owner[uid]
        taunted = 0  # (a bit per space next to an enemy with Taunt)
        for t in g.taunters[enemy]:
            at = obs.u[t * F]
            if at != EMPTY:
                for m in ADJACENT[at]:
                    taunted |= 1 << m
        self.taunted = taunted
        self.values: list[float] = [UNSET] * g.count
        self.bests: list[float] = [UNSET] * SIZE
        # The expected hits of its dice, and what a Special ability adds to any attack.
        self.hits: float = dice * HIT_CHANCE[ranged]
        self.bonus: float = dice * SPECIAL_CHANCE[ranged] + obs.u[uid * F + TSPC] \
            if g.special[uid] else 0.0

    def value(self, target: int) -> float:
        """The expected worth of attacking ``target`` (-1 for terrain or an own card): the
        hits it should take (the commander's count three times), its worth when they
        destroy it (the commander's 200), a Special ability's bonus."""
        v = self.values[target]
        if v != UNSET:
            return v
        obs = self.obs
        g = obs.game
        if g.kind[target] == TERRAIN or g.owner[target] == obs.player:
            v = -1.0
        else:
            hits = self.hits - obs.u[target * F + TDEF] * 0.9
            life = _life(obs, target)
            boss = g.rank[target] == COMMANDER
            v = 1.0 + min(hits, life) * (3.0 if boss else 1.0)
            if hits >= life:
                v += _worth(obs, target) if not boss else 200.0
            if self.bonus:
                v += self.bonus
        self.values[target] = v
        return v

    def best(self, space: int) -> float:
        """The best attack standing on ``space`` (-1 when nothing can be targeted):
        the rules' geometry, melee adjacent, ranged the first card of each straight line
        within reach (the unit's own space counts as empty), Taunt binding."""
        v = self.bests[space]
        if v != UNSET:
            return v
        board = self.obs.board
        uid = self.uid
        taunt = self.obs.game.taunt
        bound = self.taunted >> space & 1 == 1
        found = False
        v = -1.0
        if self.ranged:
            reach = self.reach
            for ray in RAYS[space]:
                k = 0
                for m in ray:
                    if k >= reach:
                        break
                    t = board[m]
                    if t != EMPTY and t != uid:
                        if not bound or taunt[t]:
                            x = self.value(t)
                            if not found or x > v:
                                v, found = x, True
                        break
                    k += 1
        else:
            for m in ADJACENT[space]:
                t = board[m]
                if t != EMPTY and t != uid and (not bound or taunt[t]):
                    x = self.value(t)
                    if not found or x > v:
                        v, found = x, True
        self.bests[space] = v
        return v


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""Warblitz's agent registry: name -> factory."""
