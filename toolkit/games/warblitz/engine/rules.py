"""Warblitz rules engine: a small pure state machine over `state.State`.

A turn, as the rulebook sets it out (ruling ``phases``), split into small decisions:

- **Beginning** (automatic first): the active player's ATK, DEF, WLD and SPC tokens are
  discarded (boost stays), their active events too; they draw a card into their reserves
  (ruling ``reserves``); the second player gets their special token on their first turn;
  turn-start abilities resolve; then the draw dice are rolled (a chance node: 1, 2, 3 then
  3 dice plus draw dice) and give tokens by the table. Then, in any order, the player
  assigns tokens to units one at a time, performs an upgrade (4 tokens) and plays
  Beginning cards, until they end the phase.
- **Deployment**: deploy up to two units from the reserves (cost in tokens, last three
  ranks, not in front of an enemy, not adjacent to one unless next to the commander), play
  Deploy cards, end.
- **Move & Attack**: select up to three different units one at a time; each may move (to
  any space reachable in up to 2 steps through empty spaces, out-and-back included) and
  then attack (declare a target, roll the attack dice as a chance node, add damage, fire
  Special and After attacking); play Move & Attack cards between units; end. The cost of
  inaction is then paid.

Effects (`effects.py`) resolve through a queue of `Task`s: a clause runs step by step; a
step on "one" card, a force with more than one way to go, or a move waits for its
owner's choice (phase PICK). Abilities triggered meanwhile wait their turn (ruling
``trigger-order``). Actions are small tuples whose second item is the acting player:
``("assign", p, uid, token, role)``, ``("upgrade", p, path)``, ``("play", p, uid)``,
``("deploy", p, uid, space)``, ``("activate", p, uid)``, ``("move", p, space)``,
``("stay", p)``, ``("attack", p, target)``, ``("hold", p)``, ``("pick", p, value)``,
``("end", p)`` and the chance outcome ``("roll", CHANCE, dice)``. Of interchangeable cards
(same owner and name) only the first is offered.

Game statistics (commander damage, units deployed and destroyed per card, upgrades by
path, events and relics played, who went first) are added to ``counts`` under
``warblitz.stat.*`` keys; `game_stats` folds them for the report.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from itertools import compress
from operator import ge
from random import Random
from typing import Any

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz import effects as E
from toolkit.sim.engine import CHANCE, Instrumented, Outcome

from .rulings import COVERAGE_IDS, DRAW_PER_TURN, OPENING_HAND, RULINGS
from .state import (
    BEGIN,
    BST,
    CARD_PHASE,
    CLAUSE,
    COMMANDER,
    DEPLOY,
    DMG,
    ELITE,
    EMPTY,
    EVENT,
    MOVE,
    OVER,
    PATH_OF_KIND,
    PATHS,
    PAY_ORDER,
    PHASE_NAMES,
    PICK,
    PICK_DIRECTION,
    PICK_SPACE,
    PICK_TARGET,
    POS,
    ROLL_ATTACK,
    ROLL_TOKENS,
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
    Task,
    WarblitzParams,
)

STAT = "warblitz.stat."
TOKEN_OF_ROLL = (None, 0, 0, 1, 1, 2, 3)
"""Phase 1 table, by die face: "1-2: Defend (DEF) token, 3-4: Attack (ATK) token,
5: Wildcard (WLD) token, 6: Special (SPC) token" (held index H_DEF .. H_SPC)."""
TOKEN_NAMES = ("DEF", "ATK", "WLD", "SPC", "BST")
# Token roles on a unit, by held token: DEF → DEF; ATK → ATK; WLD → DEF or ATK;
# SPC → DEF, ATK or SPC ("The WLD token can be used as either a DEF or ATK token. The SPC
# token can be used as either a DEF or ATK token or consumed to replace one roll").
ROLES = {0: (TDEF,), 1: (TATK,), 2: (TDEF, TATK), 3: (TDEF, TATK, TSPC)}
ROLE_NAMES = {TDEF: "DEF", TATK: "ATK", TSPC: "SPC"}
UPGRADE_COST = 4
"""Upgrades: "All upgrades cost 4 tokens per an upgrade"."""
MAX_DEPLOY = 2
"""Deployment: "Deploy up to two units"."""
MAX_ACTIVATIONS = 3
"""Move & Attack: "Select 3 different units you control on the battlefield"."""
BASE_DICE = (1, 2, 3)
"""Phase 1: "N is 1, 2, 3 on turns 1, 2, 3 respectively and 3 dice thereafter"."""
# Attack tables by face: (hits, specials).
MELEE_TABLE = (None, (0, 1), (1, 0), (1, 0), (1, 0), (1, 0), (1, 1))
"""Melee table: "1: Special, 2-5: Hit, 6: Hit / Special"."""
RANGE_TABLE = (None, (0, 0), (0, 1), (1, 0), (1, 0), (1, 0), (1, 1))
"""Range table: "1: Miss, 2: Special, 3-5: Hit, 6: Hit / Special"."""


def _put(values: tuple, p: int, value: Any) -> tuple:
    return values[:p] + (value,) + values[p + 1:]


def _with(cards: tuple[int, ...], uid: int) -> tuple[int, ...]:
    return tuple(sorted(cards + (uid,)))


def _without(cards: tuple[int, ...], uid: int) -> tuple[int, ...]:
    i = cards.index(uid)
    return cards[:i] + cards[i + 1:]


def _of(name: str) -> str:
    """A possessive: "Ashen Court's", "Tidewardens'"."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


@lru_cache(maxsize=16)
def game_of(params: WarblitzParams) -> Game:
    """The static `Game` of a parameters object (built once)."""
    return Game(params)


def pay(held: tuple[int, ...], cost: int) -> tuple[int, ...] | None:
    """Held tokens after paying ``cost`` (ruling ``payment``), or None if too few."""
    if cost > sum(held):
        return None
    out = list(held)
    for k in PAY_ORDER:
        take = min(cost, out[k])
        out[k] -= take
        cost -= take
    return tuple(out)


class WarblitzRules(Instrumented):
    """The Warblitz rules engine (see the module docstring)."""

    game_id = "warblitz"
    coverage = COVERAGE_IDS
    rulings = RULINGS
    length_unit = "turns"
    max_steps = 20_000

    def __init__(self) -> None:
        self.emit = None
        self.reset_counts()

    # ----------------------------------------------------------------- metadata
    @property
    def agents(self):
        """The agent registry: name -> factory."""
        from .agents import AGENTS

        return AGENTS

    def describe_params(self, params: WarblitzParams) -> dict[str, Any]:
        """The `play --json` header fields that come from the parameters."""
        return {"format": "standard", "decks": list(params.deck_names)}

    def params_coverage_ids(self, params: WarblitzParams) -> list[str]:
        """Each card of these warbands that has an effect: ``warblitz.card.<name>``,
        counted whenever its effect does something (a dead card shows as never fired)."""
        g = game_of(params)
        return list(dict.fromkeys(c for c in g.card_id if c is not None))

    def absent_ids(self, params: WarblitzParams) -> list[str]:
        """Vocabulary words no card of these warbands uses (they cannot fire)."""
        used: set[str] = set()
        for band in params.warbands:
            for card in band.cards:
                used |= E.vocabulary_ids(card.effect)
        return [k for k in E.VOCABULARY if k not in used]

    def game_stats(self, counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
                   finished: int) -> dict[str, Any]:
        """Warblitz's own statistics of a run (see the function `game_stats`)."""
        return game_stats(counters, deck_names, finished)

    def stat(self, key: str, n: int = 1) -> None:
        """Add ``n`` to the game statistic ``warblitz.stat.<key>`` (not a coverage id)."""
        full = STAT + key
        counts = self.counts
        counts[full] = counts.get(full, 0) + n

    def card_fired(self, g: Game, uid: int) -> None:
        """Count one firing of a card's own effect (``warblitz.card.<name>``)."""
        key = g.card_id[uid]
        if key is not None:
            counts = self.counts
            counts[key] = counts.get(key, 0) + 1

    # -------------------------------------------------------------------- setup
    def setup(self, params: WarblitzParams, rng: Random) -> State:
        """A new battle: layouts placed, piles shuffled, reserves drawn, first player
        drawn at random and their first turn begun (Setup, steps 1-6)."""
        g = game_of(params)
        s = self._empty(g)
        for uid in range(g.count):
            if g.start[uid] != EMPTY:
                self._place(s, uid, g.start[uid])
        self.fire("warblitz.rule.setup")
        self.fire("warblitz.ruling.battlefield")
        self.fire("warblitz.ruling.start")
        if any(k == TERRAIN for k in g.kind):
            self.fire("warblitz.ruling.terrain")
        for p in (0, 1):
            # "Each player shuffles their remaining cards, places them face down into
            # their draw pile."
            rest = [i for i in g.own[p] if g.start[i] == EMPTY]
            rng.shuffle(rest)
            s.pile[p] = tuple(rest[OPENING_HAND:])
            s.hand[p] = tuple(sorted(rest[:OPENING_HAND]))
        self.fire("warblitz.ruling.reserves")
        self.fire("warblitz.ruling.hidden")
        # "Randomly determine which player will go first."
        s.first = s.current = rng.randrange(2)
        self.fire("warblitz.rule.first-player")
        if self.emit:
            self.emit("round", "Setup")
            for p in (0, 1):
                self.emit("info", f"Player {p + 1}: {g.names[p]}, commander "
                          f"{g.label[g.commander[p]]} at {B.space_name(s.pos(g.commander[p]))}")
            self.emit("info", f"{g.names[s.first]} goes first; {g.names[1 - s.first]} will "
                      "start with one special token")
        self._begin_turn(s)
        self._advance(s)
        return s

    def _empty(self, g: Game) -> State:
        u = [0] * (g.count * F)
        u[POS::F] = [EMPTY] * g.count
        return State(game=g, board=[EMPTY] * B.SIZE, u=u, pile=[(), ()], hand=[(), ()],
                     used=[(), ()], gone=[(), ()], active=[(), ()],
                     held=[(0,) * 5, (0,) * 5])

    def position(self, params: WarblitzParams, placed: dict[int, int] | None = None, *,
                 current: int = 0, first: int = 0, phase: int = BEGIN,
                 held: tuple[tuple[int, ...], ...] = ((0,) * 5, (0,) * 5),
                 hand: dict[int, tuple[int, ...]] | None = None,
                 turns: tuple[int, int] = (3, 3), opened: tuple[int, int] = (0, 0),
                 perm: tuple[int, int] = (0, 0)) -> State:
        """A battle set up in a given position, for scenario tests and what-ifs.

        ``placed`` maps uids to spaces (board index; every other card goes to its owner's
        pile in card order, unless ``hand`` puts it in the reserves); terrain uids not
        placed are left off. It is ``current``'s turn, at ``phase`` (BEGIN means after
        the roll, with ``held`` tokens; DEPLOY or MOVE), ``turns`` own turns begun.
        """
        g = game_of(params)
        s = self._empty(g)
        for uid, space in (placed or {}).items():
            if s.board[space] != EMPTY:
                raise ValueError(f"two pieces on {B.space_name(space)}")
            self._place(s, uid, space)
        hands = hand or {}
        for p in (0, 1):
            mine = set(hands.get(p, ()))
            s.hand[p] = tuple(sorted(mine))
            s.pile[p] = tuple(i for i in g.own[p] if s.pos(i) == EMPTY and i not in mine)
        s.held = list(held)
        s.current, s.first, s.phase, s.turns = current, first, phase, turns
        s.opened, s.perm, s.turn = opened, perm, sum(turns)
        return s

    def _place(self, s: State, uid: int, space: int) -> None:
        s.board[space] = uid
        s.u[uid * F + POS] = space

    # ---------------------------------------------------------------- interface
    def to_move(self, s: State) -> tuple[int, ...]:
        """Who decides now: the current player, an effect's owner, or chance."""
        if s.outcome is not None:
            return ()
        phase = s.phase
        if phase == PICK:
            return (s.queue[0].owner,)
        if phase in (ROLL_TOKENS, ROLL_ATTACK):
            return (CHANCE,)
        return (s.current,)

    def outcome(self, s: State) -> Outcome | None:
        """The result once the battle is over, else ``None``."""
        return s.outcome

    def length(self, s: State) -> int:
        """Turns begun (both players')."""
        return s.turn

    def state_key(self, s: State) -> tuple:
        """A canonical key of the state (loop detection)."""
        return s.key()

    def legal_actions(self, s: State, player: int) -> list[tuple]:
        """The player's legal actions, in a stable order (empty if not to move)."""
        if s.outcome is not None:
            return []
        phase = s.phase
        if phase == PICK:
            task = s.queue[0]
            if task.owner != player:
                return []
            return [("pick", player, v) for v in task.options]
        if player != s.current or phase in (ROLL_TOKENS, ROLL_ATTACK):
            return []
        if phase == UNIT_MOVE:
            return [("move", player, d) for d in self.destinations(s, s.unit)] \
                + [("stay", player)]
        if phase == UNIT_ATTACK:
            return [("attack", player, t) for t in self.targets(s, s.unit)] \
                + [("hold", player)]
        out: list[tuple] = []
        if phase == BEGIN:
            out = self._assign_options(s, player)
            if not s.upgraded and sum(s.held[player]) >= UPGRADE_COST:
                out += [("upgrade", player, k) for k in range(len(PATHS))]
        elif phase == DEPLOY:
            out = self._deploy_options(s, player)
        elif phase == MOVE:
            g = s.game
            if len(s.acted) < MAX_ACTIVATIONS:
                out = [("activate", player, uid) for uid in g.own[player]
                       if g.kind[uid] == UNIT and s.u[uid * F] != EMPTY
                       and uid not in s.fresh and uid not in s.acted]
        out += self._play_options(s, player)
        out.append(("end", player))
        return out

    def chance(self, s: State, rng: Random) -> tuple:
        """Roll the dice the chance node needs: the draw dice or the attack dice."""
        if s.phase == ROLL_TOKENS:
            n = self.draw_dice(s, s.current)
        else:
            n = s.attack[2]
        return ("roll", CHANCE, tuple(rng.randint(1, 6) for _ in range(n)))

    def draw_dice(self, s: State, p: int) -> int:
        """Dice the player rolls this Beginning phase: N by their own turn, the first
        upgrade's die and the temporary ones."""
        return BASE_DICE[min(s.turns[p], 3) - 1] + s.perm[p] + s.temp[p]

    def apply(self, state: State, action: tuple) -> State:
        """The state after ``action`` (a legal action); ``state`` itself is unchanged."""
        s = state.copy()
        kind = action[0]
        p = action[1]
        if kind == "roll":
            if s.phase == ROLL_TOKENS:
                self._tokens(s, action[2])
            else:
                self._resolve_attack(s, action[2])
        elif kind == "pick":
            self._pick(s, action[2])
        elif kind == "assign":
            self._assign(s, p, action[2], action[3], action[4])
        elif kind == "upgrade":
            self._upgrade(s, p, action[2])
        elif kind == "play":
            self._play(s, p, action[2])
        elif kind == "deploy":
            self._deploy(s, p, action[2], action[3])
        elif kind == "activate":
            s.unit = action[2]
            s.acted = s.acted + (action[2],)
            s.phase = UNIT_MOVE
            self.fire("warblitz.ruling.activation")
        elif kind == "move":
            self._move_unit(s, action[2])
        elif kind == "stay":
            s.phase = UNIT_ATTACK
        elif kind == "attack":
            self._declare_attack(s, action[2])
        elif kind == "hold":
            self._end_activation(s)
        elif kind == "end":
            self._end_phase(s)
        else:
            raise ValueError(f"unknown action {action!r}")
        self._advance(s)
        return s

    # ------------------------------------------------------------- the machine
    def _advance(self, s: State) -> None:
        """Run the automatic steps until a decision or a roll is needed, or the end."""
        while s.outcome is None:
            if s.queue:
                if self._run_queue(s):
                    return
                continue
            phase = s.phase
            if phase == PICK:
                s.phase = s.resume
            elif phase == UNIT_MOVE and not self.destinations(s, s.unit):
                s.phase = UNIT_ATTACK
            elif phase == UNIT_ATTACK and not self.targets(s, s.unit):
                self._end_activation(s)
            elif phase == ROLL_ATTACK and s.attack[2] == 0:
                self._resolve_attack(s, ())
            else:
                return

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
        clauses = g.effect[uid].on(trigger) if g.effect[uid].clauses else ()
        if not clauses:
            return
        owner = g.owner[uid]
        tasks = [Task(CLAUSE, owner, uid, origin, c.steps, target) for c in clauses] * times
        self.fire(E.trigger_id(trigger))
        if len(s.queue) > 0:
            self.fire("warblitz.ruling.trigger-order")
        self._push(s, tasks)
        if self.emit:
            where = f" at {B.space_name(origin)}" if origin != EMPTY else ""
            self.emit("ability", f"{_of(g.names[owner])} {g.label[uid]}{where}: "
                      f"{E.TRIGGERS[trigger].capitalize()}"
                      + (f" ×{times}" if times > 1 else ""))

    # ------------------------------------------------------------------ turns
    def _begin_turn(self, s: State) -> None:
        """Phase 1, the automatic part, up to the roll of the draw dice."""
        g = s.game
        p = s.current
        s.turn += 1
        s.turns = _put(s.turns, p, s.turns[p] + 1)
        s.upgraded = False
        s.deployed = 0
        s.fresh = s.acted = s.assigned = ()
        s.unit = EMPTY
        s.struck = False
        if self.emit:
            self.emit("round", f"Turn {s.turn}: {g.names[p]} (player {p + 1}, their turn "
                      f"{s.turns[p]})")
            for line in self.picture(s):
                self.emit("info", line)
        # "Remove and discard all ATK, DEF, WLD, SPC tokens owned by the active player both
        # in play and being held. Unless specified Boost tokens are not removed from play."
        u = s.u
        had = sum(s.held[p][:4])
        for uid in g.own[p]:
            base = uid * F
            if u[base] != EMPTY and (u[base + TDEF] or u[base + TATK] or u[base + TSPC]):
                had += u[base + TDEF] + u[base + TATK] + u[base + TSPC]
                u[base + TDEF] = u[base + TATK] = u[base + TSPC] = 0
            if u[base] != EMPTY and u[base + BST]:
                self.fire("warblitz.rule.boost-stays")
        if had:
            self.fire("warblitz.rule.discard-tokens")
        s.held[p] = (0, 0, 0, 0, s.held[p][4])
        if s.active[p]:
            # "At the start of your next turn, discard all events in your active area."
            self.fire("warblitz.rule.active-discard")
            self.fire("warblitz.ruling.active-discard")
            if self.emit:
                self.emit("info", "active events discarded: "
                          + ", ".join(g.label[i] for i in s.active[p]))
            s.used[p] = tuple(sorted(s.used[p] + s.active[p]))
            s.active[p] = ()
        # Ruling reserves: draw a card at the start of the turn.
        drawn = s.pile[p][:DRAW_PER_TURN]
        if drawn:
            s.pile[p] = s.pile[p][DRAW_PER_TURN:]
            s.hand[p] = tuple(sorted(s.hand[p] + drawn))
            if self.emit:
                self.emit("info", f"{g.names[p]} draws {', '.join(g.label[i] for i in drawn)}"
                          f" (reserves {len(s.hand[p])}, pile {len(s.pile[p])})")
        if p != s.first and s.turns[p] == 1:
            # "The player that goes second starts their turn with one special token."
            s.held[p] = _put(s.held[p], 3, s.held[p][3] + 1)
            self.fire("warblitz.rule.second-token")
            self.fire("warblitz.ruling.second-token")
            if self.emit:
                self.emit("info", f"{g.names[p]} goes second: one SPC token")
        s.phase = ROLL_TOKENS
        # "Next, any abilities that trigger at the beginning of a turn are resolved."
        for space in range(B.SIZE):
            uid = s.board[space]
            if uid != EMPTY and g.owner[uid] == p and g.effect[uid].clauses:
                self._trigger(s, uid, E.TURN_START, space)

    def _tokens(self, s: State, dice: tuple[int, ...]) -> None:
        """The draw dice's tokens by the table, then the Beginning phase's decisions."""
        p = s.current
        held = list(s.held[p])
        for d in dice:
            held[TOKEN_OF_ROLL[d]] += 1
        s.held[p] = tuple(held)
        s.temp = _put(s.temp, p, 0)
        self.fire("warblitz.rule.roll")
        self.fire("warblitz.ruling.own-turns")
        s.phase = BEGIN

    def _end_phase(self, s: State) -> None:
        p = s.current
        g = s.game
        if s.phase == BEGIN:
            if any(s.held[p][:4]):
                self.fire("warblitz.ruling.held-tokens")  # kept to pay costs this turn
            s.phase = DEPLOY
            return
        if s.phase == DEPLOY:
            self.fire("warblitz.ruling.phases")  # 2a Deployment, then 2b Move & Attack
            s.phase = MOVE
            return
        # The Cost of Inaction: "Add 1 damage to your commander at the end of your Attack
        # Phase if you did not target any enemy cards with an attack this turn."
        if not s.struck:
            boss = g.commander[p]
            self.fire("warblitz.rule.inaction")
            if s.u[boss * F + TDEF]:
                self.fire("warblitz.ruling.def-token")
            if self.emit:
                self.emit("result", f"{g.names[p]} targeted no enemy card: 1 damage to "
                          f"{g.label[boss]} (cost of inaction)")
            self._damage(s, boss, 1, EMPTY, "the cost of inaction", preventable=False)
            if s.outcome is not None:
                return
        s.current = 1 - p
        self._begin_turn(s)

    # ---------------------------------------------------------------- tokens
    def _assign_options(self, s: State, p: int) -> list[tuple]:
        """Phase 1: "The player may assign tokens to only their own unit on the
        battlefield ... not more than one DEF and ATK token to a single unit ... not more
        than one SPC token to a single unit" (ruling ``assign-limit``)."""
        held = s.held[p]
        if not any(held[:4]):
            return []
        g = s.game
        used = dict(s.assigned)
        out = []
        for uid in g.own[p]:
            if g.kind[uid] != UNIT or s.u[uid * F] == EMPTY:
                continue
            mask = used.get(uid, 0)
            for token in range(4):
                if not held[token]:
                    continue
                for role in ROLES[token]:
                    if (role == TSPC and mask & 2) or (role != TSPC and mask & 1):
                        continue
                    out.append(("assign", p, uid, token, role))
        return out

    def _assign(self, s: State, p: int, uid: int, token: int, role: int) -> None:
        s.held[p] = _put(s.held[p], token, s.held[p][token] - 1)
        s.u[uid * F + role] += 1
        used = dict(s.assigned)
        used[uid] = used.get(uid, 0) | (2 if role == TSPC else 1)
        s.assigned = tuple(sorted(used.items()))
        self.fire("warblitz.rule.assign")
        self.fire("warblitz.ruling.assign-limit")

    def _upgrade(self, s: State, p: int, path: int) -> None:
        g = s.game
        first = s.opened[p] == 0
        self._pay(s, p, UPGRADE_COST)
        s.opened = _put(s.opened, p, s.opened[p] | (1 << path))
        s.upgraded = True
        self.fire("warblitz.rule.upgrade")
        self.fire("warblitz.ruling.one-upgrade")
        self.stat(f"seat{p + 1}.upgrade.{PATHS[path]}")
        self.stat(f"deck.{g.names[p]}.upgrade.{PATHS[path]}")
        # "The first upgrade also provides the player with one additional draw dice per
        # turn. Subsequent upgrades provide the player with one additional draw dice for
        # the next turn only."
        if first:
            s.perm = _put(s.perm, p, s.perm[p] + 1)
            self.fire("warblitz.rule.upgrade-first")
        else:
            s.temp = _put(s.temp, p, s.temp[p] + 1)
            self.fire("warblitz.rule.upgrade-later")

    # ------------------------------------------------------------- deployment
    def deploy_spaces(self, s: State, p: int) -> list[int]:
        """Deployment: "place it on an empty space in the last three ranks of the
        battlefield, but not in front of an enemy. If the unit is deployed next to their
        commander then the unit may be adjacent to an enemy, otherwise it may not be
        adjacent to an enemy." (rulings ``in-front``, ``enemy-adjacent``)."""
        g = s.game
        board = s.board
        owner = g.owner
        kind = g.kind
        enemies = [s.u[uid * F] for uid in g.own[1 - p]
                   if kind[uid] == UNIT and s.u[uid * F] != EMPTY]
        boss = s.u[g.commander[p] * F]
        out = []
        fwd = B.forward(p)
        for space in range(B.SIZE):
            if board[space] != EMPTY or not B.in_home(p, space):
                continue
            col, rank = space % B.WIDTH, space // B.WIDTH
            if any(abs(e % B.WIDTH - col) <= 1 and (rank - e // B.WIDTH) * fwd > 0
                   for e in enemies):
                continue  # in front of an enemy
            near = B.ADJACENT[space]
            if boss not in near and any(board[n] != EMPTY and kind[board[n]] == UNIT
                                        and owner[board[n]] != p for n in near):
                continue  # adjacent to an enemy, and not next to the commander
            out.append(space)
        return out

    def _deploy_rulings(self, s: State, p: int, space: int) -> None:
        """Count the rulings that shaped where a unit could be deployed."""
        g = s.game
        fwd = B.forward(p)
        enemies = [s.u[uid * F] for uid in g.own[1 - p]
                   if g.kind[uid] == UNIT and s.u[uid * F] != EMPTY]
        if any(s.board[m] == EMPTY and B.in_home(p, m) and any(
                abs(e % B.WIDTH - m % B.WIDTH) <= 1 and (m // B.WIDTH - e // B.WIDTH) * fwd > 0
                for e in enemies) for m in range(B.SIZE)):
            self.fire("warblitz.ruling.in-front")
        near = [s.board[m] for m in B.ADJACENT[space] if s.board[m] != EMPTY]
        if any(g.kind[x] == TERRAIN for x in near) and not any(
                g.kind[x] == UNIT and g.owner[x] != p for x in near):
            self.fire("warblitz.ruling.enemy-adjacent")

    def _pay(self, s: State, p: int, cost: int) -> None:
        """Pay a cost from the held tokens (ruling ``payment``)."""
        if not cost:
            return
        before = s.held[p]
        s.held[p] = pay(before, cost)
        self.fire("warblitz.ruling.payment")
        if s.held[p][4] < before[4]:
            self.fire("warblitz.ruling.bst-held")  # a saved BST token pays 1

    def _deploy_options(self, s: State, p: int) -> list[tuple]:
        if s.deployed >= MAX_DEPLOY:
            return []
        g = s.game
        budget = sum(s.held[p])
        seen: set[int] = set()
        cards = []
        for uid in s.hand[p]:  # one card of each kind (copies are interchangeable)
            if g.kind[uid] != UNIT or g.same[uid] in seen:
                continue
            seen.add(g.same[uid])
            # "access elite options for the chosen upgrade path": Elite units need it.
            if g.spec[uid].cost <= budget and (g.rank[uid] != ELITE or s.opened[p] & 1):
                cards.append(uid)
        if not cards:
            return []
        spaces = self.deploy_spaces(s, p)
        return [("deploy", p, uid, sp) for uid in cards for sp in spaces]

    def _deploy(self, s: State, p: int, uid: int, space: int) -> None:
        g = s.game
        self._pay(s, p, g.spec[uid].cost)
        s.hand[p] = _without(s.hand[p], uid)
        self._place(s, uid, space)
        s.deployed += 1
        s.fresh = s.fresh + (uid,)
        self.fire("warblitz.rule.deploy")
        self._deploy_rulings(s, p, space)
        if g.rank[uid] == ELITE:
            self.fire("warblitz.ruling.upgrade-now")
        boss = s.u[g.commander[p] * F]
        if boss in B.ADJACENT[space] and any(
                s.board[n] != EMPTY and g.kind[s.board[n]] == UNIT and g.owner[s.board[n]] != p
                for n in B.ADJACENT[space]):
            self.fire("warblitz.rule.deploy-commander")
        self.stat(f"deck.{g.names[p]}.deployed.{g.label[uid]}")
        self._trigger(s, uid, E.ON_DEPLOY, space)

    # ---------------------------------------------------------- events & relics
    def _play_options(self, s: State, p: int) -> list[tuple]:
        """Event & Relic Cards: pay the cost, in the card's phase, between actions
        (ruling ``card-timing``); an ACTIVE event not already in the active area."""
        g = s.game
        want = CARD_PHASE.get(s.phase)
        if want is None:
            return []
        budget = sum(s.held[p])
        seen: set[int] = set()
        active_names = {g.label[i] for i in s.active[p]}
        out = []
        for uid in s.hand[p]:
            kind = g.kind[uid]
            if kind == UNIT or g.same[uid] in seen:
                continue
            spec = g.spec[uid]
            if spec.phase is not None and spec.phase != want:
                continue
            if spec.cost > budget:
                continue
            if spec.rank == ELITE and not s.opened[p] & (1 << PATH_OF_KIND[kind]):
                continue
            if spec.active and spec.name in active_names:
                self.fire("warblitz.ruling.active-name")
                continue
            seen.add(g.same[uid])
            out.append(("play", p, uid))
        return out

    def _play(self, s: State, p: int, uid: int) -> None:
        g = s.game
        spec = g.spec[uid]
        self._pay(s, p, spec.cost)
        s.hand[p] = _without(s.hand[p], uid)
        kind = g.kind[uid]
        self.fire("warblitz.rule.event" if kind == EVENT else "warblitz.rule.relic")
        self.fire("warblitz.ruling.card-timing")
        if spec.rank == ELITE:
            self.fire("warblitz.ruling.upgrade-now")
            self.fire("warblitz.ruling.epic-is-elite")
        self.stat(f"deck.{g.names[p]}.played.{g.label[uid]}")
        if spec.active:
            # "When playing an event with the ACTIVE keyword on it, instead of discarding
            # it, place it in your active area."
            s.active[p] = _with(s.active[p], uid)
            self.fire("warblitz.rule.active-event")
            if g.effect[uid].has(E.ONGOING):
                self.card_fired(g, uid)
                self.fire(E.trigger_id(E.ONGOING))
        else:
            s.used[p] = _with(s.used[p], uid)
        if self.emit and spec.active:
            self.emit("info", f"{g.label[uid]} goes into {_of(g.names[p])} active area "
                      "until the start of their next turn")
        self._trigger(s, uid, E.ON_PLAY, EMPTY)

    # ------------------------------------------------------------------ moving
    def moves_of(self, s: State, uid: int, count: bool = False) -> int:
        """How far the unit moves: 2, or its Moves N, with Ongoing modifiers."""
        g = s.game
        n = g.base_moves[uid] + self.modifier(s, uid, E.M_MOVES, count)
        return max(0, n)

    def reach_of(self, s: State, uid: int, count: bool = False) -> int:
        """How far the unit's ranged attack reaches: 3, or its Range N, with modifiers."""
        g = s.game
        return max(1, g.base_reach[uid] + self.modifier(s, uid, E.M_RANGE, count))

    def destinations(self, s: State, uid: int, steps: int | None = None) -> list[int]:
        """Spaces the unit can move to: "Move up to 2 spaces each. Units can only move into
        or through empty, adjacent spaces"; its own space when it can step out and back."""
        start = s.u[uid * F]
        if start == EMPTY:
            return []
        n = self.moves_of(s, uid) if steps is None else steps
        if n <= 0:
            return []
        board = s.board
        seen = {start: 0}
        frontier = [start]
        for d in range(1, n + 1):
            nxt = []
            for space in frontier:
                for m in B.ADJACENT[space]:
                    if board[m] == EMPTY and m not in seen:
                        seen[m] = d
                        nxt.append(m)
            frontier = nxt
        out = sorted(m for m in seen if m != start)
        if n >= 2 and out:
            out = sorted(out + [start])  # "move 1 space and then move back"
        return out

    def _move_unit(self, s: State, dest: int) -> None:
        """The selected unit's move, then its After moving abilities."""
        g = s.game
        uid = s.unit
        start = s.u[uid * F]
        self._relocate(s, uid, dest)
        self.fire("warblitz.rule.move")
        if dest == start:
            self.fire("warblitz.ruling.move-back")
        if B.distance(start, dest) > 2:  # farther than the rulebook's 2 spaces
            if g.effect[uid].moves > 2:
                self.fire("warblitz.effect.moves-keyword")
                self.card_fired(g, uid)
            if self.modifier(s, uid, E.M_MOVES, count=True) > 0:
                self.fire("warblitz.effect.moves")
        s.phase = UNIT_ATTACK
        self._trigger(s, uid, E.AFTER_MOVING, dest)

    def _relocate(self, s: State, uid: int, dest: int) -> None:
        start = s.u[uid * F]
        s.board[start] = EMPTY
        s.board[dest] = uid
        s.u[uid * F] = dest

    def _end_activation(self, s: State) -> None:
        s.unit = EMPTY
        s.phase = MOVE

    # --------------------------------------------------------------- attacking
    def targets(self, s: State, uid: int) -> list[int]:
        """The cards ``uid`` may target: "Melee units (MEL) can target any adjacent card.
        Ranged units (RNG) can target any card up to 3 clear straight spaces away"
        (rulings ``any-target``, ``ranged-line``), narrowed by Taunt."""
        g = s.game
        space = s.u[uid * F]
        if space == EMPTY:
            return []
        board = s.board
        if g.ranged[uid]:
            reach = self.reach_of(s, uid)
            found = []
            for ray in B.RAYS[space]:
                for k, m in enumerate(ray):
                    if k >= reach:
                        break
                    if board[m] != EMPTY:
                        found.append(board[m])
                        break
        else:
            found = [board[m] for m in B.ADJACENT[space] if board[m] != EMPTY]
        # Taunt: "When an adjacent enemy attacks the target of that attack must be a unit
        # with Taunt".
        me = g.owner[uid]
        taunt = g.taunt
        owner = g.owner
        if any(board[m] != EMPTY and taunt[board[m]] and owner[board[m]] == 1 - me
               for m in B.ADJACENT[space]):
            found = [t for t in found if taunt[t]]
        return sorted(found, key=lambda t: s.u[t * F])

    def attack_dice(self, s: State, uid: int, count: bool = False) -> int:
        """Dice the unit rolls: its strength, one per ATK token, Ongoing modifiers; at
        least one (ruling ``dice-minimum``)."""
        g = s.game
        base = g.strength[uid] + s.u[uid * F + TATK]
        mod = self.modifier(s, uid, E.M_DICE, count)
        if count and mod:
            self.fire("warblitz.effect.dice")
        if count and base + mod < 1:
            self.fire("warblitz.ruling.dice-minimum")
        return max(1, base + mod)

    def _declare_attack(self, s: State, target: int) -> None:
        g = s.game
        uid = s.unit
        p = g.owner[uid]
        u = s.u
        space = u[uid * F]
        self.fire("warblitz.rule.attack-ranged" if g.ranged[uid] else "warblitz.rule.attack-melee")
        if g.ranged[uid]:
            self.fire("warblitz.ruling.ranged-line")
            if B.distance(space, u[target * F]) > 3:  # beyond the rulebook's 3 spaces
                if g.effect[uid].reach > 3:
                    self.fire("warblitz.effect.range-keyword")
                    self.card_fired(g, uid)
                if self.modifier(s, uid, E.M_RANGE, count=True) > 0:
                    self.fire("warblitz.effect.range")
        if g.owner[target] != 1 - p:
            self.fire("warblitz.ruling.any-target")
        else:
            s.struck = True
        if g.taunt[target] and any(s.board[m] != EMPTY and g.taunt[s.board[m]]
                                   and g.owner[s.board[m]] == 1 - p
                                   for m in B.ADJACENT[space]):
            self.fire("warblitz.rule.taunt")
            self.fire("warblitz.ruling.taunt")
            self.fire("warblitz.effect.taunt")
            self.card_fired(g, target)
        dice = self.attack_dice(s, uid, count=True)
        if u[uid * F + TATK]:
            self.fire("warblitz.rule.atk-token")
            self.fire("warblitz.ruling.atk-token")
            u[uid * F + TATK] = 0
        specials = 0
        if u[uid * F + TSPC]:
            # "If there is a SPC token assigned to the unit, consume the token and remove
            # one of the unit's attack dice before rolling. Treat the removed dice to be a
            # Special roll."
            u[uid * F + TSPC] -= 1
            dice -= 1
            specials = 1
            self.fire("warblitz.rule.spc-token")
            self.fire("warblitz.ruling.spc-token")
        if self.emit:
            self.emit("info", f"{g.label[uid]} at {B.space_name(space)} attacks "
                      f"{self._who(s, target)}: {dice} {'die' if dice == 1 else 'dice'}"
                      + (" and a Special from its SPC token" if specials else ""))
        s.attack = (uid, target, dice, specials)
        s.phase = ROLL_ATTACK

    def _resolve_attack(self, s: State, dice: tuple[int, ...]) -> None:
        """Add damage for each hit, then fire Special once per Special result, then After
        attacking."""
        g = s.game
        uid, target, _, specials = s.attack
        table = RANGE_TABLE if g.ranged[uid] else MELEE_TABLE
        hits = 0
        for d in dice:
            h, sp = table[d]
            hits += h
            specials += sp
            if h:
                self.fire("warblitz.rule.hit")
            if sp:
                self.fire("warblitz.rule.special-roll")
            if not h and not sp:
                self.fire("warblitz.rule.miss")
        s.attack = ()
        origin = s.u[uid * F]
        if self.emit:
            self.emit("result", f"{g.label[uid]} rolls {', '.join(map(str, dice)) or 'nothing'}"
                      f": {hits} hit{'s' if hits != 1 else ''}, {specials} special"
                      f"{'s' if specials != 1 else ''}")
        self._end_activation(s)
        if hits:
            self._damage(s, target, hits, uid, "an attack")
            if s.outcome is not None:
                return
        if specials and g.effect[uid].has(E.SPECIAL) and s.u[uid * F] != EMPTY:
            self.fire("warblitz.ruling.special")
            self._trigger(s, uid, E.SPECIAL, origin, target, specials)
        if s.u[uid * F] != EMPTY:
            self._trigger(s, uid, E.AFTER_ATTACKING, s.u[uid * F], target)

    # ------------------------------------------------------------------ damage
    def _damage(self, s: State, uid: int, n: int, source: int, how: str,
                preventable: bool = True) -> None:
        """Add ``n`` damage to ``uid`` (DEF tokens prevent one each); destroy it at 0 life."""
        g = s.game
        if g.kind[uid] != UNIT or n <= 0:
            if g.kind[uid] == TERRAIN:
                self.fire("warblitz.ruling.terrain")
            return
        u = s.u
        base = uid * F
        if preventable and u[base + TDEF]:
            stopped = min(n, u[base + TDEF])
            u[base + TDEF] -= stopped
            n -= stopped
            self.fire("warblitz.rule.def-token")
            self.fire("warblitz.ruling.def-token")
            if self.emit:
                self.emit("info", f"{self._who(s, uid)}: {stopped} prevented by DEF")
        if not n:
            return
        u[base + DMG] += n
        owner = g.owner[uid]
        if g.rank[uid] == COMMANDER:
            self.stat(f"seat{owner + 1}.commander-damage", n)
            self.stat(f"deck.{g.names[owner]}.commander-damage", n)
        left = g.hp[uid] - u[base + DMG]
        if self.emit:
            self.emit("info", f"{self._who(s, uid)} takes {n} damage ({max(0, left)}/"
                      f"{g.hp[uid]} life left)")
        if left <= 0:
            self._destroy(s, uid, source, how)

    def _destroy(self, s: State, uid: int, source: int, how: str) -> None:
        """"If a unit's life ever reaches 0, that unit is destroyed and removed from the
        game. Gain 1 BST token each time a unit you control destroys an ENEMY unit.\""""
        g = s.game
        u = s.u
        base = uid * F
        space = u[base]
        owner = g.owner[uid]
        s.board[space] = EMPTY
        for k in range(F):
            u[base + k] = 0
        u[base] = EMPTY
        s.gone[owner] = _with(s.gone[owner], uid)
        self.fire("warblitz.rule.destroyed")
        self.stat(f"deck.{g.names[owner]}.destroyed.{g.label[uid]}")
        if self.emit:
            self.emit("death", f"{_of(g.names[owner])} {g.label[uid]} at {B.space_name(space)} "
                      "is destroyed")
        if source != EMPTY and g.kind[source] == UNIT and g.owner[source] == 1 - owner:
            killer = g.owner[source]
            s.held[killer] = _put(s.held[killer], 4, s.held[killer][4] + 1)
            self.fire("warblitz.rule.bst")
            self.fire("warblitz.ruling.bst-source")
            self.fire("warblitz.ruling.bst-held")
            if self.emit:
                self.emit("info", f"{g.names[killer]} gains 1 BST token")
        if g.rank[uid] == COMMANDER:
            # "When only 1 player's commander remains on the battlefield, that player wins."
            self.fire("warblitz.rule.win")
            if s.queue:
                self.fire("warblitz.ruling.win-at-once")
            winner = 1 - owner
            self._finish(s, Outcome(winner, f"commander destroyed by {how}"))
            return
        self._trigger(s, uid, E.WHEN_DESTROYED, space)

    def _finish(self, s: State, outcome: Outcome) -> None:
        s.outcome = outcome
        s.phase = OVER
        s.queue = ()
        s.attack = ()
        g = s.game
        first = s.first
        self.stat(f"seat{first + 1}.first")
        self.stat(f"deck.{g.names[first]}.first")
        winner = outcome.winner
        if winner is not None:
            self.stat(f"seat{winner + 1}.wins")
            self.stat(f"deck.{g.names[winner]}.wins")
            if winner == first:
                self.stat("first-wins")
                self.stat(f"deck.{g.names[first]}.first-wins")
        for p in (0, 1):
            self.stat(f"deck.{g.names[p]}.games")
        if self.emit:
            who = "Draw" if winner is None else f"{g.names[winner]} wins"
            self.emit("end", f"{who}: {outcome.reason} (turn {s.turn})")

    # ------------------------------------------------------------------ effects
    def modifier(self, s: State, uid: int, stat: int, count: bool = False) -> int:
        """The sum of the Ongoing modifiers of ``stat`` that apply to ``uid``: from units on
        the battlefield and events in either active area ("Event card effects are active
        while in either active area"). ``count`` counts each card whose modifier is used."""
        g = s.game
        if not g.ongoing:
            return 0
        total = 0
        u = s.u
        for src in g.ongoing:
            if g.kind[src] == UNIT:
                origin = u[src * F]
                if origin == EMPTY:
                    continue
            elif src not in s.active[g.owner[src]]:
                continue
            else:
                origin = EMPTY
            for clause in g.effect[src].on(E.ONGOING):
                for step in clause.steps:
                    if step.arg == stat and self._matches(s, step.target, g.owner[src], src,
                                                          origin, uid):
                        total += step.sign * step.amount
                        if count:
                            self.card_fired(g, src)
        return total

    def _matches(self, s: State, t: E.Target, owner: int, source: int, origin: int,
                 uid: int) -> bool:
        """Whether ``uid`` is one of the units a modifier's target phrase names."""
        if t.kind == E.SELF:
            return uid == source
        if t.kind == E.COMMANDER:
            return uid == s.game.commander[owner]
        if t.kind == E.ENEMY_COMMANDER:
            return uid == s.game.commander[1 - owner]
        return uid in self._select(s, t, owner, source, origin, EMPTY, EMPTY)

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
            near = {m for r in refs for m in B.ADJACENT[r]}
        elif place == E.WITHIN:
            here = u[source * F] if source != EMPTY and u[source * F] != EMPTY else origin
            near = {m for m in range(B.SIZE) if here != EMPTY and m != here
                    and B.distance(here, m) <= t.within}
        elif place == E.IN_RANGE:
            near = ({u[x * F] for x in self.targets(s, source)}
                    if source != EMPTY and u[source * F] != EMPTY else set())
        out = []
        for space in range(B.SIZE):
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
        g = s.game
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
        uid = {E.SELF: task.source, E.TARGET: task.target, E.IT: task.it,
               E.COMMANDER: g.commander[task.owner],
               E.ENEMY_COMMANDER: g.commander[1 - task.owner]}[kind]
        if uid == EMPTY or u[uid * F] == EMPTY:
            return []
        if step.verb == E.MOVE and uid in s.fresh:
            self.fire("warblitz.ruling.effect-move")
            return []
        return [uid]

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
                s.queue = (task._replace(steps=task.steps[1:]),) + s.queue[1:]
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
                continue
            options = (tuple(self._directions(s, task)) if kind == PICK_DIRECTION
                       else tuple(self.destinations(s, subject, task.amount)))
            if kind == PICK_SPACE and options:  # "up to N": staying is a choice too
                options = tuple(sorted(set(options) | {s.u[subject * F]}))
            if len(options) <= 1:
                s.queue = s.queue[1:]
                if options:
                    self._finish_pick(s, task, options[0])
                continue
            s.queue = (task._replace(options=options),) + s.queue[1:]
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
                    self.emit("ability", f"{g.label[task.source]}: not enough boost to spend, "
                              "the rest does nothing")
                return
            s.u[uid * F + BST] -= step.amount
            self.fire("warblitz.rule.spend-boost")
            self.fire("warblitz.effect.spend")
            self.card_fired(g, task.source)
            s.queue = (s.queue[0]._replace(it=uid),) + s.queue[1:]
            if self.emit:
                self.emit("ability", f"{g.label[task.source]}: {step.amount} boost spent from "
                          f"{self._who(s, uid)}")
            return
        if verb == E.GAIN and step.target is None:
            p = task.owner
            s.held[p] = _put(s.held[p], step.arg, s.held[p][step.arg] + step.amount)
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
        subjects = self._subjects(s, task, step)
        if subjects is None:  # "one" of several: the owner chooses
            options = tuple(self._select(s, step.target, task.owner, task.source,
                                         task.origin, task.target, task.it, step.verb))
            head = s.queue[0]
            s.queue = (Task(PICK_TARGET, task.owner, task.source, task.origin,
                            (step,) + head.steps, task.target, task.it, options),) + s.queue[1:]
            return
        if step.target.kind == E.SELECT and step.target.quant == E.ONE:
            it = subjects[0] if subjects else EMPTY
            s.queue = (s.queue[0]._replace(it=it),) + s.queue[1:]
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
            return None
        if verb == E.DAMAGE:
            self._did(s, task, step, f"{n} damage to {self._who(s, uid)}")
            self._damage(s, uid, n, task.source, "an ability"
                         if s.game.kind[task.source] == UNIT else f"an {KIND_TEXT[s.game.kind[task.source]]}")
        elif verb == E.HEAL:
            healed = min(n, u[base + DMG])
            u[base + DMG] -= healed
            self._did(s, task, step, f"{healed} damage removed from {self._who(s, uid)}")
        elif verb == E.BOOST or (verb == E.GAIN and step.arg == 4):
            u[base + BST] += n
            self.fire("warblitz.rule.boost")
            self._did(s, task, step, f"{self._who(s, uid)} is boosted {n}")
        elif verb == E.GAIN:
            role = {0: TDEF, 1: TATK, 3: TSPC}[step.arg]
            u[base + role] += n
            self._did(s, task, step, f"{self._who(s, uid)} gains {n} "
                      f"{TOKEN_NAMES[step.arg]}")
        return None

    def _did(self, s: State, task: Task, step: E.Step, text: str) -> None:
        """Count a step that did something, and log it."""
        self.fire(E.step_id(step))
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
        ways = [d for d in range(4) if B.RAYS[here][d] and s.board[B.RAYS[here][d][0]] == EMPTY]
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
                before = B.distance(frm, here)
                ways = [d for d in ways if (B.distance(frm, B.RAYS[here][d][0]) > before)
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
            for m in B.RAYS[here][value][:task.amount]:
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

    # ------------------------------------------------------------ observation
    def observe(self, s: State, player: int) -> Observation:
        """What ``player`` may see (ruling ``hidden``): everything but the order of the
        draw piles and the opponent's reserves (of those, only what could be in them)."""
        q = 1 - player
        return Observation(
            player=player, decision=PHASE_NAMES[s.phase], game=s.game, board=tuple(s.board),
            u=tuple(s.u), hand=s.hand[player], pile=tuple(sorted(s.pile[player])),
            unseen=tuple(sorted(s.hand[q] + s.pile[q])),
            hand_sizes=(len(s.hand[0]), len(s.hand[1])),
            pile_sizes=(len(s.pile[0]), len(s.pile[1])),
            used=tuple(s.used), gone=tuple(s.gone), active=tuple(s.active),
            held=tuple(s.held), opened=s.opened, perm=s.perm, temp=s.temp, turns=s.turns,
            first=s.first, current=s.current, turn=s.turn, phase=s.phase, resume=s.resume,
            upgraded=s.upgraded, deployed=s.deployed, fresh=s.fresh, acted=s.acted,
            unit=s.unit, struck=s.struck, assigned=s.assigned, attack=s.attack,
            queue=s.queue, outcome=s.outcome)

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A full state the player cannot tell from the real one, drawn with ``rng``:
        their own pile shuffled, the opponent's unseen cards dealt at random into their
        reserves (as many as they hold) and pile."""
        q = 1 - player
        mine = list(obs.pile)
        rng.shuffle(mine)
        theirs = list(obs.unseen)
        rng.shuffle(theirs)
        n = obs.hand_sizes[q]
        hand = [(), ()]
        pile = [(), ()]
        hand[player] = obs.hand
        pile[player] = tuple(mine)
        hand[q] = tuple(sorted(theirs[:n]))
        pile[q] = tuple(theirs[n:])
        return State(obs.game, list(obs.board), list(obs.u), pile, hand, list(obs.used),
                     list(obs.gone), list(obs.active), list(obs.held), obs.opened, obs.perm,
                     obs.temp, obs.turns, obs.first, obs.current, obs.turn, obs.phase,
                     obs.resume, obs.upgraded, obs.deployed, obs.fresh, obs.acted, obs.unit,
                     obs.struck, obs.assigned, obs.attack, obs.queue, obs.outcome)

    # ------------------------------------------------------------- invariants
    def invariants(self, s: State) -> Iterator[tuple[str, str]]:
        """Every card in exactly one place; the battlefield and the pieces agree; life,
        tokens and counts within bounds; turn limits kept. A fast check of the whole
        state first; the messages are worked out only when something is wrong."""
        g = s.game
        over = s.outcome is not None
        if over != (s.phase == OVER):
            yield "outcome", f"outcome {s.outcome} at phase {PHASE_NAMES[s.phase]}"
        u = s.u
        board = s.board
        pos = u[POS::F]
        everything = [uid for uid in board if uid != EMPTY]
        for p in (0, 1):
            everything.extend(s.pile[p])
            everything.extend(s.hand[p])
            everything.extend(s.used[p])
            everything.extend(s.gone[p])
            everything.extend(s.active[p])
        if sorted(everything) != g.all_uids:
            yield from self._misplaced(s, everything)
        occupied = list(filter(EMPTY.__ne__, board))
        if list(map(board.__getitem__, map(pos.__getitem__, occupied))) != occupied or \
                len(pos) - pos.count(EMPTY) != len(occupied):
            yield "board", "the battlefield and the pieces' spaces disagree"
        fields = [u[k::F] for k in range(1, F)]
        if min(map(min, fields)) < 0:
            yield "tokens", "a piece holds negative damage or tokens"
        if any(map(ge, fields[DMG - 1], g.hp_check)):
            uid = next(i for i, d in enumerate(fields[DMG - 1]) if d >= g.hp_check[i])
            yield "life", f"{g.label[uid]} has {fields[DMG - 1][uid]} damage, {g.hp[uid]} HP"
        off = list(map(EMPTY.__eq__, pos))
        if any(any(compress(f, off)) for f in fields):
            yield "off-board", "a card off the battlefield holds damage or tokens"
        for p in (0, 1):
            if min(s.held[p]) < 0:
                yield "tokens", f"player {p + 1} holds {s.held[p]}"
            if s.hand[p] != tuple(sorted(s.hand[p])) or s.used[p] != tuple(sorted(s.used[p])):
                yield "canonical", f"player {p + 1}'s reserves or discards are not sorted"
            if s.active[p]:
                names = [g.label[i] for i in s.active[p]]
                if len(names) != len(set(names)) or not all(g.spec[i].active
                                                            for i in s.active[p]):
                    yield "active", f"player {p + 1}'s active area holds {names}"
        if over:
            return
        for p in (0, 1):
            if pos[g.commander[p]] == EMPTY:
                yield "commander", f"{g.names[p]}'s commander is gone but the game goes on"
        if s.deployed > MAX_DEPLOY or len(s.acted) > MAX_ACTIVATIONS:
            yield "turn-limit", f"{s.deployed} deployed, {len(s.acted)} units selected"
        if s.acted and (len(set(s.acted)) != len(s.acted) or set(s.acted) & set(s.fresh)):
            yield "activation", "a unit selected twice, or deployed this turn and selected"
        if s.phase == PICK and (not s.queue or not s.queue[0].options):
            yield "pick", "a choice is pending without options"

    def _misplaced(self, s: State, everything: list[int]) -> Iterator[tuple[str, str]]:
        """The messages for cards in no place, in two places or with the wrong owner."""
        g = s.game
        seen = [0] * g.count
        for uid in everything:
            seen[uid] += 1
        for uid, n in enumerate(seen):
            if n != 1:
                what = "terrain piece" if g.kind[uid] == TERRAIN else \
                    f"{_of(g.names[g.owner[uid]])} {g.label[uid]}"
                yield "one-place", f"{what} is in {n} places"
                return
        for p in (0, 1):
            for zone in (s.pile[p], s.hand[p], s.used[p], s.gone[p], s.active[p]):
                for uid in zone:
                    if g.owner[uid] != p:
                        yield "owner", f"{g.label[uid]} is in the wrong player's cards"
                        return
            if any(g.kind[uid] != UNIT for uid in s.gone[p]) or \
                    any(g.kind[uid] == UNIT for uid in s.used[p] + s.active[p]):
                yield "zone", f"player {p + 1} has a card in a place of the wrong kind"
                return

    # --------------------------------------------------------------- text
    def _who(self, s: State, uid: int, space: int | None = None) -> str:
        g = s.game
        where = s.u[uid * F] if space is None else space
        at = f" at {B.space_name(where)}" if where != EMPTY else ""
        if g.kind[uid] == TERRAIN:
            return f"terrain{at}"
        return f"{_of(g.names[g.owner[uid]])} {g.label[uid]}{at}"

    def picture(self, s: State) -> list[str]:
        """The battlefield as text, player 2's edge on top: each piece is its player's
        number and a letter (K the commander, # terrain), with a legend."""
        g = s.game
        codes: dict[int, str] = {}
        letters = "abcdefghijklmnopqrstuvwxyz"
        counter = [0, 0]
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
            else:
                codes[uid] = f"{p + 1}{letters[counter[p] % 26]}"
                counter[p] += 1
        lines = ["`   " + "  ".join(f"{c} " for c in B.LETTERS) + "`"]
        for rank in range(B.RANKS - 1, -1, -1):
            row = []
            for col in range(B.WIDTH):
                uid = s.board[rank * B.WIDTH + col]
                row.append(codes.get(uid, "..") if uid != EMPTY else "..")
            lines.append(f"`{rank + 1}  " + "  ".join(row) + "`")
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
        return lines

    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """``(what, why it is legal)`` for a playthrough log, in the state before it."""
        g = s.game
        kind = action[0]
        p = action[1]
        if kind == "roll":
            dice = action[2]
            if s.phase == ROLL_TOKENS:
                got = [TOKEN_NAMES[TOKEN_OF_ROLL[d]] for d in dice]
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
                    "first upgrade: a draw die every turn" if s.opened[p] == 0
                    else "a later upgrade: a draw die next turn")
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


KIND_TEXT = ("unit", "event", "relic", "terrain")


def game_stats(counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
               finished: int) -> dict[str, Any]:
    """The Warblitz statistics of a run, from the harness's folded counters.

    Per seat (``seats``): wins, went first, commander damage taken, upgrades by path; per
    warband (``warbands``): games, wins, went first, won when first, commander damage,
    upgrades by path and, per card, units deployed and destroyed and events and relics
    played; and the first player's win rate. ``tables`` repeats them for the terminal.
    """
    def get(key: str) -> int:
        return counters.get(STAT + key, 0)

    def per_card(prefix: str) -> dict[str, int]:
        full = STAT + prefix
        return {k[len(full):]: n for k, n in sorted(counters.items())
                if k.startswith(full) and n}

    seats = []
    for i in range(1, len(deck_names) + 1):
        seats.append({"wins": get(f"seat{i}.wins"), "first": get(f"seat{i}.first"),
                      "commander_damage": get(f"seat{i}.commander-damage"),
                      "upgrades": {path: get(f"seat{i}.upgrade.{path}") for path in PATHS}})
    bands = {}
    for name in dict.fromkeys(deck_names):
        bands[name] = {
            "games": get(f"deck.{name}.games"), "wins": get(f"deck.{name}.wins"),
            "first": get(f"deck.{name}.first"), "first_wins": get(f"deck.{name}.first-wins"),
            "commander_damage": get(f"deck.{name}.commander-damage"),
            "upgrades": {path: get(f"deck.{name}.upgrade.{path}") for path in PATHS},
            "deployed": per_card(f"deck.{name}.deployed."),
            "destroyed": per_card(f"deck.{name}.destroyed."),
            "played": per_card(f"deck.{name}.played."),
        }
    rate = get("first-wins") / finished if finished else 0.0
    tables = {
        "Warbands": {
            "columns": ["Warband", "Games", "Wins", "Went first", "Won when first",
                        "Commander damage", "Upgrades (units/events/relics)"],
            "rows": [[name, b["games"], b["wins"], b["first"], b["first_wins"],
                      b["commander_damage"], "/".join(str(b["upgrades"][k]) for k in PATHS)]
                     for name, b in bands.items()]},
        "Cards": {
            "columns": ["Warband", "Card", "Deployed", "Destroyed", "Played"],
            "rows": [[name, card, b["deployed"].get(card, 0), b["destroyed"].get(card, 0),
                      b["played"].get(card, 0)]
                     for name, b in bands.items()
                     for card in sorted(set(b["deployed"]) | set(b["destroyed"])
                                        | set(b["played"]))]},
    }
    return {"first_player_win_rate": round(rate, 4), "seats": seats, "warbands": bands,
            "tables": tables}
