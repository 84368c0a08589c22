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

Effects (`effects.py`) resolve through a queue of `Task`s (resolve.py): a clause runs
step by step; a step on "one" card, a force with more than one way to go, or a move waits
for its owner's choice (phase PICK). Abilities triggered meanwhile wait their turn (ruling
``trigger-order``). The log's text is narrate.py's, the invariants invariants.py's (both
layers of `WarblitzRules` below resolve.py's, see base.py). Actions are small tuples whose second item is the acting player:
``("assign", p, uid, token, role)``, ``("upgrade", p, path)``, ``("play", p, uid)``,
``("deploy", p, uid, space)``, ``("activate", p, uid)``, ``("move", p, space)``,
``("stay", p)``, ``("attack", p, target)``, ``("hold", p)``, ``("pick", p, value)``,
``("end", p)`` and the chance outcome ``("roll", CHANCE, dice)``. Of interchangeable cards
(same owner and name) only the first is offered.

Game statistics (commander damage, units deployed and destroyed per card, upgrades by
path, events and relics played, who went first) are added to ``counts`` under
``warblitz.stat.*`` keys; `game_stats` (stats.py) folds them for the report.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any, Final

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz import effects as E
from toolkit.sim.draws import below, dice, shuffle
from toolkit.sim.engine import CHANCE, Agent, Capabilities, Outcome, SearchSettings
from toolkit.sim.evaluation import linear_evaluation, load_weights

from .basics import (
    ADJACENT,
    BASE_DICE,
    MAX_ACTIVATIONS,
    MAX_DEPLOY,
    MELEE_TABLE,
    RANGE_TABLE,
    RAYS,
    ROLES,
    SIZE,
    STAT,
    TRIGGER_IDS,
    UPGRADE_COST,
    WIDTH,
    _of,
    _put,
    _with,
    _without,
    distance,
    game_of,
    pay,
    token_of_roll,
)
from .resolve import EffectResolver
from .rulings import COVERAGE_IDS, DRAW_PER_TURN, OPENING_HAND, RULINGS
from .state import (
    BEGIN,
    BST,
    CARD_PHASE,
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
    PHASE_NAMES,
    PICK,
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
    UPGRADED,
    F,
    Game,
    Observation,
    State,
    WarblitzParams,
    state_of,
    usable_paths,
)
from .stats import game_stats, stats_tables

ASSIGN_ROLES: Final = tuple(tuple(tuple(role for role in ROLES[token]
                                         if not (mask & 2 if role == TSPC else mask & 1))
                                   for token in range(4)) for mask in range(4))
"""By a unit's slots used this Beginning phase (bit 1 ATK/DEF, bit 2 SPC) and a held
token: the roles it may still be assigned in (ruling ``assign-limit``)."""


HOME: Final = tuple(tuple(m for m in range(SIZE) if B.in_home(p, m)) for p in (0, 1))
"""Each player's deployment spaces ("the last three ranks of the battlefield"), in order."""


FEATURE_NAMES: Final = (
    "commander life", "commander wounds below 5 life", "unit life", "unit attack dice",
    "attack dice in reach of the enemy commander", "unit cost in reserves",
    "events and relics in reserves", "extra draw dice", "upgrades", "boost",
    "tokens", "to move")
"""The evaluation's features (`WarblitzRules.features`), each from one player's side:
their commander's life (and how far below 5 it is), the life and attack dice of their
other units on the battlefield, the dice of their units (commander included) within a
move and a strike of the enemy commander, the units (by cost) and the events and relics
in their reserves, their extra draw dice (upgrades), upgrade paths opened, boost (held and
on their units), tokens (held and on their units) and whether it is their turn."""

WEIGHTS: Final = load_weights("toolkit.games.warblitz.engine", FEATURE_NAMES)
"""The evaluation's weights, fitted by ``python -m toolkit.sim.fit warblitz``."""


class WarblitzRules(EffectResolver):
    """The Warblitz rules engine (see the module docstring)."""

    game_id = "warblitz"
    coverage = COVERAGE_IDS
    rulings = RULINGS
    length_unit = "turns"
    max_steps = 20_000
    capabilities = Capabilities(
        chance=True, hidden_information=True, simultaneous=False,
        hooks=frozenset(("determinize", "search", "evaluate", "features", "first_player", "offered", "state_hash", "params_coverage_ids", "absent_ids", "game_stats", "stats_tables")))
    """What the engine provides (toolkit/sim/engine.py: `Capabilities`)."""
    feature_names = FEATURE_NAMES
    search = SearchSettings(simulations=40, rollout="greedy", horizon=2, widening=0.5,
                            bias=0.5)
    """The search agent's defaults (``--agent mcts``): 40 simulations, each a greedy
    playout of the rest of this turn and the opponent's next one, scored there by
    `evaluate`; a node lets in greedy's choice first, then the others by the evaluation
    one step ahead (widening 0.5, so 40 visits weigh 4 actions), greedy's choice biased
    by 0.5 (docs/warblitz.md has the measurements)."""

    def __init__(self) -> None:
        self.emit = None
        self.reset_counts()
        # Per player, the draw piles and reserves last observed (their own pile, the
        # opponent's reserves and pile) with what `observe` made of them (kept while
        # the same tuples come back: sorting them is most of an observation's cost).
        self._observed: list[tuple[tuple[int, ...], ...] | None] = [None, None]

    # ----------------------------------------------------------------- metadata
    @property
    def agents(self) -> Mapping[str, Callable[[], Agent]]:
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

    def stats_tables(self, stats: dict[str, Any]) -> list[tuple[str, list[str], list[list]]]:
        """The statistics as tables for the terminal report (see `stats.stats_tables`)."""
        return stats_tables(stats)

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
        self.fire("warblitz.ruling.card-bonus")  # HP and STR as the catalog gives them
        self.fire("warblitz.ruling.token-supply")  # the supply never runs out
        if any(k == TERRAIN for k in g.kind):
            self.fire("warblitz.ruling.terrain")
        for p in (0, 1):
            # "Each player shuffles their remaining cards, places them face down into
            # their draw pile."
            rest = [i for i in g.own[p] if g.start[i] == EMPTY]
            shuffle(rng, rest)
            s.pile[p] = tuple(rest[OPENING_HAND:])
            s.hand[p] = tuple(sorted(rest[:OPENING_HAND]))
        self.fire("warblitz.ruling.reserves")
        self.fire("warblitz.ruling.hidden")
        # "Randomly determine which player will go first."
        s.first = s.current = below(rng, 2)
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
        return State(game=g, board=[EMPTY] * SIZE, u=u, pile=[(), ()], hand=[(), ()],
                     used=[(), ()], gone=[(), ()], active=[(), ()],
                     held=[(0,) * 5, (0,) * 5], changed=[], owns=3)

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
        s.write(uid)[uid * F + POS] = space
        s.board[space] = uid

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

    def features(self, s: State) -> tuple[tuple[float, ...], ...]:
        """Each player's `FEATURE_NAMES`, from their own side (so a position seen from the
        other seat gives the two vectors swapped)."""
        g = s.game
        u = s.u
        # An attack declared and not rolled yet counts as its expected hits on its target
        # (melee hits on 2-6, range on 3-6; a DEF token prevents one), so a search that
        # looks one step ahead tells an attack on the enemy commander from one on an own
        # card.
        target = EMPTY
        expected = 0.0
        if s.attack:
            target = s.attack[1]
            hits = s.attack[2] * (4 / 6 if g.ranged[s.attack[0]] else 5 / 6)
            expected = max(0.0, hits - u[target * F + TDEF])
        out = []
        for p in (0, 1):
            q = 1 - p
            boss = g.commander[p]
            life = float(g.hp[boss] - u[boss * F + DMG] if u[boss * F] != EMPTY else 0)
            if boss == target:
                life = max(0.0, life - expected)
            enemy = u[g.commander[q] * F]
            unit_life = 0.0
            dice_total = reach_dice = boost = tokens = 0
            for uid in g.units_of[p]:
                base = uid * F
                at = u[base]
                if at == EMPTY:
                    continue
                strength = g.strength[uid] + u[base + TATK]
                if uid != boss:
                    unit_life += g.hp[uid] - u[base + DMG]
                    if uid == target:
                        unit_life -= min(expected, float(g.hp[uid] - u[base + DMG]))
                    dice_total += g.strength[uid]
                if enemy != EMPTY:
                    strike = g.base_moves[uid] + (g.base_reach[uid] if g.ranged[uid] else 1)
                    if distance(at, enemy) <= strike:
                        reach_dice += strength
                boost += u[base + BST]
                tokens += u[base + TDEF] + u[base + TATK] + u[base + TSPC]
            reserve_cost = cards = 0
            for uid in s.hand[p]:
                if g.kind[uid] == UNIT:
                    reserve_cost += g.card(uid).cost
                else:
                    cards += 1
            held = s.held[p]
            opened = s.opened[p]
            out.append((life, max(0.0, 5.0 - life), unit_life,
                        float(dice_total), float(reach_dice), float(reserve_cost),
                        float(cards), float(s.perm[p] + s.temp[p]),
                        float((opened & 1) + (opened >> 1 & 1) + (opened >> 2 & 1)),
                        float(boost + held[4]),
                        float(tokens + held[0] + held[1] + held[2] + held[3]),
                        1.0 if s.current == p else 0.0))
        return tuple(out)

    def evaluate(self, s: State) -> list[float]:
        """Each player's chance of winning from here, by the fitted evaluation
        (toolkit/sim/evaluation.py): the logistic of the weights times the difference of
        the two players' `features`; a finished battle scores its result."""
        outcome = s.outcome
        if outcome is not None and outcome.winner is not None:
            return [1.0 if k == outcome.winner else 0.0 for k in (0, 1)]
        return linear_evaluation(WEIGHTS, self.features(s), None)

    def first_player(self, s: State) -> int:
        """The seat that went first (Setup: "Randomly determine which player will go
        first")."""
        return s.first

    def offered(self, s: State, player: int, legal: Sequence[tuple]) -> tuple[str, ...]:
        """The coverage ids of the optional rules one of ``legal`` would use by
        ``player``'s choice: an upgrade (the first or a later one), assigning a token,
        deploying (next to the commander beside an enemy: ``deploy-commander``),
        playing an event or relic (its card's id too; an ACTIVE event), selecting a unit,
        moving (out and back: ``move-back``), attacking (melee or ranged; an own card or
        terrain: ``any-target``). One pass over ``legal``, no copies."""
        g = s.game
        found: list[str] = []
        seen = 0  # a bit per id already found
        for a in legal:
            kind = a[0]
            if kind == "attack":
                ranged = g.ranged[s.unit]
                bit = 2 if ranged else 1
                if not seen & bit:
                    seen |= bit
                    found.append("warblitz.rule.attack-ranged" if ranged
                                 else "warblitz.rule.attack-melee")
                if not seen & 4 and g.owner[a[2]] != 1 - player:
                    seen |= 4
                    found.append("warblitz.rule.any-target")
            elif kind == "move":
                if not seen & 8:
                    seen |= 8
                    found.append("warblitz.rule.move")
                if not seen & 16 and a[2] == s.u[s.unit * F]:
                    seen |= 16
                    found.append("warblitz.rule.move-back")
            elif kind == "deploy":
                if not seen & 32:
                    seen |= 32
                    found.append("warblitz.rule.deploy")
                if not seen & 64:
                    near = ADJACENT[a[3]]
                    if s.u[g.commander[player] * F] in near and any(
                            s.board[m] != EMPTY and g.kind[s.board[m]] == UNIT
                            and g.owner[s.board[m]] == 1 - player for m in near):
                        seen |= 64
                        found.append("warblitz.rule.deploy-commander")
            elif kind == "play":
                uid = a[2]
                found.append("warblitz.rule.event" if g.kind[uid] == EVENT
                             else "warblitz.rule.relic")
                if g.card(uid).active:
                    found.append("warblitz.rule.active-event")
                card = g.card_id[uid]
                if card is not None:
                    found.append(card)
            elif kind == "assign":
                if not seen & 128:
                    seen |= 128
                    found.append("warblitz.rule.assign")
            elif kind == "upgrade":
                if not seen & 256:
                    seen |= 256
                    found.append("warblitz.rule.upgrade")
                    found.append("warblitz.rule.upgrade-later" if s.opened[player]
                                 else "warblitz.rule.upgrade-first")
            elif kind == "activate":
                if not seen & 512:
                    seen |= 512
                    found.append("warblitz.ruling.activation")
        return tuple(dict.fromkeys(found)) if len(found) > 1 else tuple(found)

    def state_key(self, s: State) -> tuple:
        """A canonical key of the state (loop detection)."""
        return s.key()

    def state_hash(self, s: State) -> int:
        """A hash of `state_key` (equal keys, equal hashes): the pieces' numbers by their
        running hash (the battlefield follows from them), the card zones by their cached
        hash, the rest as in the key (its pairs of numbers laid out flat)."""
        opened, perm, temp, turns = s.opened, s.perm, s.temp, s.turns
        return hash((s.pieces_hash(), s.zones_hash(), s.held[0], s.held[1], opened[0],
                     opened[1], perm[0], perm[1], temp[0], temp[1], min(turns[0], 3),
                     min(turns[1], 3), s.current, s.phase, s.resume, s.upgraded, s.deployed,
                     s.fresh, s.acted, s.unit, s.struck, s.assigned, s.attack, s.queue,
                     s.outcome))

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
            aims = s.aims if s.aims is not None else self.targets(s, s.unit)
            return [("attack", player, t) for t in aims] + [("hold", player)]
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
                u, fresh, acted = s.u, s.fresh, s.acted
                out = [("activate", player, uid) for uid in g.units_of[player]
                       if u[uid * F] != EMPTY and uid not in fresh and uid not in acted]
        out += self._play_options(s, player)
        out.append(("end", player))
        return out

    def chance(self, s: State, rng: Random) -> tuple:
        """Roll the dice the chance node needs: the draw dice or the attack dice."""
        if s.phase == ROLL_TOKENS:
            n = self.draw_dice(s, s.current)
        else:
            n = s.attack[2]
        return ("roll", CHANCE, dice(rng, n))

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
            elif phase == UNIT_MOVE and not self._can_move(s, s.unit):
                s.phase = UNIT_ATTACK
            elif phase == UNIT_ATTACK and not self._aims(s):
                self._end_activation(s)
            elif phase == ROLL_ATTACK and s.attack[2] == 0:
                self._resolve_attack(s, ())
            else:
                return

    # ------------------------------------------------------------------ turns
    def _begin_turn(self, s: State) -> None:
        """Phase 1, the automatic part, up to the roll of the draw dice."""
        g = s.game
        p = s.current
        s.turn += 1
        s.turns = _put(s.turns, p, s.turns[p] + 1)
        s.upgraded = 0  # (last turn's upgrade: its paths are open from now on)
        s.deployed = 0
        s.fresh = s.acted = s.assigned = ()
        s.unit = EMPTY
        s.struck = False
        if self.emit:
            self.emit("round", f"Turn {s.turn}: {g.names[p]} (player {p + 1}, their turn "
                      f"{s.turns[p]})")
            grid, notes = self.picture(s)
            self.emit("block", grid)
            for line in notes:
                self.emit("info", line)
        # "Remove and discard all ATK, DEF, WLD, SPC tokens owned by the active player both
        # in play and being held. Unless specified Boost tokens are not removed from play."
        u = s.u
        had = sum(s.held[p][:4])
        for uid in g.units_of[p]:  # (only units stand on the battlefield)
            base = uid * F
            if u[base] != EMPTY and (u[base + TDEF] or u[base + TATK] or u[base + TSPC]):
                had += u[base + TDEF] + u[base + TATK] + u[base + TSPC]
                u = s.write(uid)
                u[base + TDEF] = u[base + TATK] = u[base + TSPC] = 0
            if u[base] != EMPTY and u[base + BST]:
                self.fire("warblitz.rule.boost-stays")
        if had:
            self.fire("warblitz.rule.discard-tokens")
        s.holdings()[p] = (0, 0, 0, 0, s.held[p][4])
        if s.active[p]:
            # "At the start of your next turn, discard all events in your active area."
            self.fire("warblitz.rule.active-discard")
            self.fire("warblitz.ruling.active-discard")
            if self.emit:
                self.emit("info", "active events discarded: "
                          + ", ".join(g.label[i] for i in s.active[p]))
            s.zones()
            s.used[p] = tuple(sorted(s.used[p] + s.active[p]))
            s.active[p] = ()
        # Ruling reserves: draw a card at the start of the turn.
        drawn = s.pile[p][:DRAW_PER_TURN]
        if drawn:
            s.zones()
            s.pile[p] = s.pile[p][DRAW_PER_TURN:]
            s.hand[p] = tuple(sorted(s.hand[p] + drawn))
            if self.emit:
                self.emit("info", f"{g.names[p]} draws {', '.join(g.label[i] for i in drawn)}"
                          f" (reserves {len(s.hand[p])}, pile {len(s.pile[p])})")
        if p != s.first and s.turns[p] == 1:
            # "The player that goes second starts their turn with one special token."
            s.holdings()[p] = _put(s.held[p], 3, s.held[p][3] + 1)
            self.fire("warblitz.rule.second-token")
            self.fire("warblitz.ruling.second-token")
            if self.emit:
                self.emit("info", f"{g.names[p]} goes second: one SPC token")
        s.phase = ROLL_TOKENS
        # "Next, any abilities that trigger at the beginning of a turn are resolved."
        for space in range(SIZE):
            uid = s.board[space]
            if uid != EMPTY and g.owner[uid] == p and g.effect[uid].clauses:
                self._trigger(s, uid, E.TURN_START, space)

    def _tokens(self, s: State, dice: tuple[int, ...]) -> None:
        """The draw dice's tokens by the table, then the Beginning phase's decisions."""
        p = s.current
        held = list(s.held[p])
        for d in dice:
            held[token_of_roll(d)] += 1
        s.holdings()[p] = tuple(held)
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
            if self.emit:
                self.emit("result", f"{g.names[p]} targeted no enemy card: 1 damage to "
                          f"{g.label[boss]} (cost of inaction)")
            self._damage(s, boss, 1, EMPTY, "the cost of inaction")
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
        tokens = [token for token in range(4) if held[token]]
        u = s.u
        out = []
        for uid in g.units_of[p]:
            if u[uid * F] == EMPTY:
                continue
            roles = ASSIGN_ROLES[used.get(uid, 0)]
            for token in tokens:
                for role in roles[token]:
                    out.append(("assign", p, uid, token, role))
        return out

    def _assign(self, s: State, p: int, uid: int, token: int, role: int) -> None:
        s.holdings()[p] = _put(s.held[p], token, s.held[p][token] - 1)
        s.write(uid)[uid * F + role] += 1
        used = dict(s.assigned)
        used[uid] = used.get(uid, 0) | (2 if role == TSPC else 1)
        s.assigned = tuple(sorted(used.items()))
        self.fire("warblitz.rule.assign")
        self.fire("warblitz.ruling.assign-limit")

    def _upgrade(self, s: State, p: int, path: int) -> None:
        g = s.game
        first = s.opened[p] == 0
        self._pay(s, p, UPGRADE_COST)
        # "On the next turn they now have ... the ability to deploy Elite units": a path
        # opened now is noted in `upgraded`, which keeps its elite options shut this turn.
        s.upgraded = UPGRADED | ((1 << path) & ~s.opened[p])
        s.opened = _put(s.opened, p, s.opened[p] | (1 << path))
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
        for space in HOME[p]:
            if board[space] != EMPTY:
                continue
            col, rank = space % WIDTH, space // WIDTH
            if any(abs(e % WIDTH - col) <= 1 and (rank - e // WIDTH) * fwd > 0
                   for e in enemies):
                continue  # in front of an enemy
            near = ADJACENT[space]
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
        board = s.board
        if enemies and any(board[m] == EMPTY and any(
                abs(e % WIDTH - m % WIDTH) <= 1 and (m // WIDTH - e // WIDTH) * fwd > 0
                for e in enemies) for m in HOME[p]):
            self.fire("warblitz.ruling.in-front")
        near = [s.board[m] for m in ADJACENT[space] if s.board[m] != EMPTY]
        if any(g.kind[x] == TERRAIN for x in near) and not any(
                g.kind[x] == UNIT and g.owner[x] != p for x in near):
            self.fire("warblitz.ruling.enemy-adjacent")

    def _pay(self, s: State, p: int, cost: int) -> None:
        """Pay a cost from the held tokens (ruling ``payment``)."""
        if not cost:
            return
        before = s.held[p]
        paid = pay(before, cost)
        assert paid is not None, "the options offer only what the tokens pay for"
        s.holdings()[p] = paid
        self.fire("warblitz.ruling.payment")
        if s.held[p][4] < before[4]:
            self.fire("warblitz.ruling.bst-held")  # a saved BST token pays 1

    def _elite_open(self, s: State, p: int, path: int) -> bool:
        """Whether the player may use the path's elite options now: "All upgrades ...
        provide the ability for the player to access elite options for the chosen upgrade
        path", and "On the next turn they now have ... the ability to deploy Elite units"
        (a path opened this turn waits for the next)."""
        return bool(usable_paths(s.opened[p], s.upgraded) >> path & 1)

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
            # "access elite options for the chosen upgrade path": Elite units need it,
            # from the turn after the upgrade.
            if g.card(uid).cost <= budget and (g.rank[uid] != ELITE or self._elite_open(s, p, 0)):
                cards.append(uid)
        if not cards:
            return []
        spaces = self.deploy_spaces(s, p)
        return [("deploy", p, uid, sp) for uid in cards for sp in spaces]

    def _deploy(self, s: State, p: int, uid: int, space: int) -> None:
        g = s.game
        self._pay(s, p, g.card(uid).cost)
        s.zones()
        s.hand[p] = _without(s.hand[p], uid)
        self._place(s, uid, space)
        s.deployed += 1
        s.fresh = s.fresh + (uid,)
        self.fire("warblitz.rule.deploy")
        self._deploy_rulings(s, p, space)
        if g.rank[uid] == ELITE:
            self.fire("warblitz.rule.upgrade-next-turn")
        boss = s.u[g.commander[p] * F]
        if boss in ADJACENT[space] and any(
                s.board[n] != EMPTY and g.kind[s.board[n]] == UNIT and g.owner[s.board[n]] != p
                for n in ADJACENT[space]):
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
        active = s.active[p]
        out = []
        for uid in s.hand[p]:
            kind = g.kind[uid]
            if kind == UNIT or g.same[uid] in seen:
                continue
            spec = g.card(uid)
            if spec.phase is not None and spec.phase != want:
                continue
            if spec.cost > budget:
                continue
            if spec.rank == ELITE and not self._elite_open(s, p, PATH_OF_KIND[kind]):
                continue
            if spec.active and active and spec.name in {g.label[i] for i in active}:
                self.fire("warblitz.rule.active-name")
                continue
            seen.add(g.same[uid])
            out.append(("play", p, uid))
        return out

    def _play(self, s: State, p: int, uid: int) -> None:
        g = s.game
        spec = g.card(uid)
        self._pay(s, p, spec.cost)
        s.zones()
        s.hand[p] = _without(s.hand[p], uid)
        kind = g.kind[uid]
        self.fire("warblitz.rule.event" if kind == EVENT else "warblitz.rule.relic")
        self.fire("warblitz.ruling.card-timing")
        if spec.rank == ELITE:
            self.fire("warblitz.rule.upgrade-next-turn")
            self.fire("warblitz.ruling.epic-is-elite")
        self.stat(f"deck.{g.names[p]}.played.{g.label[uid]}")
        if spec.active:
            # "When playing an event with the ACTIVE keyword on it, instead of discarding
            # it, place it in your active area."
            s.active[p] = _with(s.active[p], uid)
            self.fire("warblitz.rule.active-event")
            if g.effect[uid].has(E.ONGOING):
                self.card_fired(g, uid)
                self.fire(TRIGGER_IDS[E.ONGOING])
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
        adjacent = ADJACENT
        here = 1 << start
        seen = here  # (a bit per space)
        frontier = [start]
        for _ in range(n):
            nxt = []
            for space in frontier:
                for m in adjacent[space]:
                    if board[m] == EMPTY and not seen >> m & 1:
                        seen |= 1 << m
                        nxt.append(m)
            if not nxt:
                break
            frontier = nxt
        if seen == here:
            return []
        if n < 2:
            seen ^= here  # (from 2 moves on: "move 1 space and then move back")
        spaces = []
        while seen:  # the spaces in order
            low = seen & -seen
            spaces.append(low.bit_length() - 1)
            seen ^= low
        return spaces

    def _can_move(self, s: State, uid: int) -> bool:
        """Whether `destinations` has any: the unit moves at least 1 and an adjacent space
        is empty (its first step)."""
        start = s.u[uid * F]
        if start == EMPTY:
            return False
        board = s.board
        for m in ADJACENT[start]:
            if board[m] == EMPTY:
                return self.moves_of(s, uid) > 0
        return False

    def _move_unit(self, s: State, dest: int) -> None:
        """The selected unit's move, then its After moving abilities."""
        g = s.game
        uid = s.unit
        start = s.u[uid * F]
        self._relocate(s, uid, dest)
        self.fire("warblitz.rule.move")
        if dest == start:
            self.fire("warblitz.rule.move-back")
        if distance(start, dest) > 2:  # farther than the rulebook's 2 spaces
            if g.effect[uid].moves > 2:
                self.fire("warblitz.effect.moves-keyword")
                self.card_fired(g, uid)
            if self.modifier(s, uid, E.M_MOVES, count=True) > 0:
                self.fire("warblitz.effect.moves")
        s.phase = UNIT_ATTACK
        self._trigger(s, uid, E.AFTER_MOVING, dest)

    def _relocate(self, s: State, uid: int, dest: int) -> None:
        u = s.write(uid)
        start = u[uid * F]
        s.board[start] = EMPTY
        s.board[dest] = uid
        u[uid * F] = dest

    def _end_activation(self, s: State) -> None:
        s.unit = EMPTY
        s.phase = MOVE

    # --------------------------------------------------------------- attacking
    def targets(self, s: State, uid: int) -> list[int]:
        """The cards ``uid`` may target: "Melee units (MEL) can target any adjacent card.
        Ranged units (RNG) can target any card up to 3 clear straight spaces away"
        (ruling ``ranged-line``), narrowed by Taunt."""
        g = s.game
        space = s.u[uid * F]
        if space == EMPTY:
            return []
        board = s.board
        if g.ranged[uid]:
            reach = self.reach_of(s, uid)
            found = []
            for ray in RAYS[space]:
                for k, m in enumerate(ray):
                    if k >= reach:
                        break
                    if board[m] != EMPTY:
                        found.append(board[m])
                        break
        else:
            found = [board[m] for m in ADJACENT[space] if board[m] != EMPTY]
        # Taunt: "When an adjacent enemy attacks the target of that attack must be a unit
        # with Taunt".
        me = g.owner[uid]
        taunt = g.taunt
        owner = g.owner
        if any(board[m] != EMPTY and taunt[board[m]] and owner[board[m]] == 1 - me
               for m in ADJACENT[space]):
            found = [t for t in found if taunt[t]]
        return sorted(found, key=lambda t: s.u[t * F])

    def _aims(self, s: State) -> list[int]:
        """`targets` of the acting unit, kept in the state (the last step of `apply` when
        it settles in the unit attack phase; the state does not change after)."""
        aims = s.aims = self.targets(s, s.unit)
        return aims

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
            if distance(space, u[target * F]) > 3:  # beyond the rulebook's 3 spaces
                if g.effect[uid].reach > 3:
                    self.fire("warblitz.effect.range-keyword")
                    self.card_fired(g, uid)
                if self.modifier(s, uid, E.M_RANGE, count=True) > 0:
                    self.fire("warblitz.effect.range")
        if g.owner[target] != 1 - p:
            self.fire("warblitz.rule.any-target")
        else:
            s.struck = True
        if g.taunt[target] and any(s.board[m] != EMPTY and g.taunt[s.board[m]]
                                   and g.owner[s.board[m]] == 1 - p
                                   for m in ADJACENT[space]):
            self.fire("warblitz.rule.taunt")
            self.fire("warblitz.ruling.taunt")
            self.fire("warblitz.effect.taunt")
            self.card_fired(g, target)
        dice = self.attack_dice(s, uid, count=True)
        if u[uid * F + TATK]:
            self.fire("warblitz.rule.atk-token")
            self.fire("warblitz.ruling.atk-token")
            u = s.write(uid)
            u[uid * F + TATK] = 0
        specials = 0
        if u[uid * F + TSPC]:
            # "If there is a SPC token assigned to the unit, consume the token and remove
            # one of the unit's attack dice before rolling. Treat the removed dice to be a
            # Special roll."
            u = s.write(uid)
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
            row = table[d]
            assert row is not None, "a die has no face 0"
            h, sp = row
            hits += h
            specials += sp
            if h:
                self.fire("warblitz.rule.hit")
            if sp:
                self.fire("warblitz.rule.special-roll")
            if not h and not sp:
                self.fire("warblitz.rule.miss")
        s.attack = ()
        if not hits and g.owner[target] == 1 - g.owner[uid]:
            self.fire("warblitz.ruling.inaction-target")  # targeted all the same
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
        if specials and g.special[uid] and s.u[uid * F] != EMPTY:
            self.fire("warblitz.ruling.special")
            self._trigger(s, uid, E.SPECIAL, origin, target, specials)
        if s.u[uid * F] != EMPTY:
            self._trigger(s, uid, E.AFTER_ATTACKING, s.u[uid * F], target)

    # ------------------------------------------------------------------ damage
    def _damage(self, s: State, uid: int, n: int, source: int, how: str) -> None:
        """Add ``n`` damage to ``uid``; destroy it at 0 life. "The DEF token prevents a
        would from being applied": each DEF token on it prevents one damage, whatever adds
        it (an attack, an ability, the cost of inaction: the book says "Add 1 damage" for
        all of them; ruling ``def-token``)."""
        g = s.game
        if g.kind[uid] != UNIT or n <= 0:
            if g.kind[uid] == TERRAIN:
                self.fire("warblitz.ruling.terrain")
            return
        u = s.write(uid)
        base = uid * F
        if u[base + TDEF]:
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
        u = s.write(uid)
        base = uid * F
        space = u[base]
        owner = g.owner[uid]
        s.board[space] = EMPTY
        for k in range(F):
            u[base + k] = 0
        u[base] = EMPTY
        s.zones()
        s.gone[owner] = _with(s.gone[owner], uid)
        self.fire("warblitz.rule.destroyed")
        self.stat(f"deck.{g.names[owner]}.destroyed.{g.label[uid]}")
        if self.emit:
            self.emit("death", f"{_of(g.names[owner])} {g.label[uid]} at {B.space_name(space)} "
                      "is destroyed")
        if source != EMPTY and g.kind[source] == UNIT and g.owner[source] == 1 - owner:
            killer = g.owner[source]
            s.holdings()[killer] = _put(s.held[killer], 4, s.held[killer][4] + 1)
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

    # ------------------------------------------------------------ observation
    def observe(self, s: State, player: int) -> Observation:
        """What ``player`` may see (ruling ``hidden``): everything but the order of the
        draw piles and the opponent's reserves (of those, only what could be in them)."""
        q = 1 - player
        board, u = s.pieces()
        hand, pile = s.hand, s.pile
        mine, theirs, left = pile[player], hand[q], pile[q]
        seen = self._observed[player]
        if seen is not None and seen[0] is mine and seen[1] is theirs and seen[2] is left:
            own, unseen = seen[3], seen[4]
        else:
            own, unseen = tuple(sorted(mine)), tuple(sorted(theirs + left))
            self._observed[player] = (mine, theirs, left, own, unseen)
        # (the fields in `Observation`'s order)
        return Observation(
            player, PHASE_NAMES[s.phase], s.game, board, u, hand[player], own, unseen,
            (len(hand[0]), len(hand[1])), (len(pile[0]), len(pile[1])), tuple(s.used),
            tuple(s.gone), tuple(s.active), tuple(s.held), s.opened, s.perm, s.temp,
            s.turns, s.first, s.current, s.turn, s.phase, s.resume, s.upgraded, s.deployed,
            s.fresh, s.acted, s.unit, s.struck, s.assigned, s.attack, s.queue, s.outcome)

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A full state the player cannot tell from the real one, drawn with ``rng``:
        their own pile shuffled, the opponent's unseen cards dealt at random into their
        reserves (as many as they hold) and pile."""
        q = 1 - player
        mine = list(obs.pile)
        shuffle(rng, mine)
        theirs = list(obs.unseen)
        shuffle(rng, theirs)
        n = obs.hand_sizes[q]
        hand: list[tuple[int, ...]] = [(), ()]
        pile: list[tuple[int, ...]] = [(), ()]
        hand[player] = obs.hand
        pile[player] = tuple(mine)
        hand[q] = tuple(sorted(theirs[:n]))
        pile[q] = tuple(theirs[n:])
        return state_of(obs, pile, hand)
