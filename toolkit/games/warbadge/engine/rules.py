"""WarBadge rules engine: a small pure state machine over `state.State`.

The game, as the rulebook sets it out, split into small decisions:

- **Round start** (Setup; End of Round): Fast badges are set aside, the others are
  Shaken and Dropped (a chance step: each lands face up or down), then each player flips
  badges one at a time until the required number is ready; set-aside and hidden badges
  come back ready.
- **Pre-battle**: "Before players choose a ready WarBadge for the next battle." In
  simultaneous windows each player who has not chosen yet either chooses a badge (in
  secret, with any other Swarm badges to reveal with it; or revealed, with Charge) or
  declares a pre-battle ability (Lead, Death Curse, Resurrect); a player who has chosen
  may still declare one, or pass. The phase ends "when both players have a chosen
  WarBadge in hand".
- **Battle**: both reveal (with the Swarm badges chosen to go with them); windows for
  battle abilities (Illusion, Mount, Protect); then type advantage, values, draw.
- **Post-battle**: Poison, the Mount choice and Regenerate; windows for Heal and
  Altruism; deaths (Feed, Revenge); Rage, Inspire; windows for Enervate and Hide.
- **End of round** "when one player has exhausted all of their WarBadges"; **victory**
  by elimination, else after the last round by more badges, then higher total value.

Abilities declared in one window resolve one by one, priority player first ("Abilities
are resolved one-by-one in the order that players declare them"); an ability that needs a
choice (targets) asks its owner in small steps. A face-down enemy badge is picked blind:
chance draws which of them it is (the owner may rearrange them at any time). Where the
rulebook is silent the engine follows a named ruling (`rulings.py`) and counts it.

Actions are small tuples whose second item is the acting player:
``("drop", CHANCE, mask0, mask1)``, ``("flip", p, badge)``, ``("commit", p, badge)``
and ``("charge", p, badge)`` (with a fourth item, the bit mask of the other Swarm badges
revealed with it, when there are any), ``(ability, p, badge)`` for an ability declaration
(ability keys as in `rulings.ability_key`: ``"lead"``, ``"death-curse"``...),
``("pass", p)``, ``("target", p, owner, ref)`` (``ref`` a badge index; ``-1`` a
face-down enemy badge, picked blind; ``-2`` the badge the enemy chose in secret),
``("blind", CHANCE, owner, badge)`` (which face-down badge a blind pick hit) and
``("kill", p, badge)`` (Mount's choice).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from random import Random
from typing import Any, Final

from toolkit.sim import engine as _engine
from toolkit.sim.draws import below
from toolkit.sim.engine import (
    Agent,
    Capabilities,
    EmitHook,
    IndexedCounts,
    Outcome,
    SearchSettings,
)
from toolkit.sim.evaluation import linear_evaluation

from .features import FEATURE_NAMES, WEIGHTS, features
from .rulings import ABILITY_IDS, COVERAGE_IDS, INDEX, RULINGS, ability_key
from .state import (
    ASIDE,
    BATTLE,
    DEAD,
    DROP,
    DYING,
    EXHAUSTED,
    FIGHT,
    FLIP,
    HAND,
    HIDDEN,
    OVER,
    POST,
    PRE,
    READY,
    RESULT,
    SAVE,
    STAGE_NAMES,
    STATUS_NAMES,
    BadgeCatalog,
    BadgeSpec,
    Card,
    FormatSpec,
    Observation,
    Side,
    SideView,
    State,
    Team,
    WarBadgeParams,
    holds,
    tally,
)

CHANCE: Final[int] = _engine.CHANCE
"""The pseudo-player of chance nodes (toolkit/sim/engine.py), a constant here."""

MOUNT_EXCLUDED: Final = frozenset({"beast", "abomination", "flying", "machine"})
"""Mount: "If the WarBadge in battle is not a beast, abomination, flying, or machine"."""

_MOUNT_IGNORED: Final = frozenset({"poison", "rage", "inspire"})
"""A Mount's own battle abilities, which do not apply (ruling mount-abilities)."""
_NOT_WHILE_DYING: Final = frozenset({"altruism", "hide"})
"""Abilities a dying badge cannot use (ruling dying-cannot-act)."""
_PLACES: Final = frozenset(range(READY, DEAD + 1))
"""Every badge status (each badge is always in one of these places)."""
_SETTLED: Final = frozenset({READY, EXHAUSTED, HIDDEN, DEAD})
"""The places outside a battle's choice, fight and deaths (and outside the drop)."""
_SETTLED_IN_DROP: Final = _SETTLED | {ASIDE}
"""The same while dropping and flipping, when set-aside badges wait to come back."""
_SETTLED_BITS: Final = sum(1 << x for x in _SETTLED)
_SETTLED_BITS_IN_DROP: Final = sum(1 << x for x in _SETTLED_IN_DROP)
"""The same places as bit masks (``1 << place``), for the invariants' fast check."""
_AGENTS: Final[list[Mapping[str, Callable[[], Agent]]]] = []
"""`agents.AGENTS`, the agent registry, once `WarBadgeRules.agents` has looked it up."""
_ORDERS: Final[tuple[tuple[int, ...], ...]] = ((0, 1), (1, 0))
"""Players in priority order, by the parity of the battle counter."""
_SEEN_BY_ENEMY: Final = frozenset({EXHAUSTED, BATTLE, DYING, DEAD, HIDDEN})
"""The places where the enemy sees a badge's face (and a badge revealed by Charge)."""
_SEEN_BITS: Final = sum(1 << x for x in _SEEN_BY_ENEMY)
_CODES: Final = {name: code for code, name in enumerate(STATUS_NAMES)}
_BLIND: Final = -1
"""``ref`` of a blind pick among the enemy's face-down badges."""
_SECRET: Final = -2
"""``ref`` of the badge the enemy chose in secret (in hand)."""
_MUTUAL: Final = Outcome(None, "draw: mutual elimination")
_ELIMINATION: Final = (Outcome(0, "elimination"), Outcome(1, "elimination"))
_MORE_BADGES: Final = (Outcome(0, "more badges"), Outcome(1, "more badges"))
_TOTAL_VALUE: Final = (Outcome(0, "higher total value"), Outcome(1, "higher total value"))
_EQUAL: Final = Outcome(None, "draw: equal badges and value")
"""The game's outcomes (immutable: made once), by winner where there is one."""
_NONE_EACH: Final[tuple] = (None, None)
_NO_BADGE_EACH: Final[tuple[int, ...]] = (-1, -1)
_FALSE_EACH: Final[tuple[bool, ...]] = (False, False)
_ZERO_EACH: Final[tuple[int, ...]] = (0, 0)
"""Pairs the engine resets to (made once, typed as any tuple: compiled code would build
a literal, or a fixed-length tuple, again each time)."""
_PASS: Final[tuple[tuple, ...]] = (("pass", 0), ("pass", 1))
"""Each player's pass (actions are immutable: made once)."""
_AB: Final[dict[str, int]] = {key: INDEX[rid] for key, rid in ABILITY_IDS.items()}
"""Each ability key's coverage number."""
_OFFERS: Final[dict[str, tuple[str, ...]]] = {
    "charge": (ABILITY_IDS["charge"], "warbadge.ruling.charge-value"),
    "lead": (ABILITY_IDS["lead"], "warbadge.ruling.lead-targets"),
    "death-curse": (ABILITY_IDS["death-curse"],),
    "resurrect": (ABILITY_IDS["resurrect"],),
    "illusion": (ABILITY_IDS["illusion"], "warbadge.ruling.illusion-swap"),
    "mount": (ABILITY_IDS["mount"],),
    "protect": (ABILITY_IDS["protect"], "warbadge.ruling.protect-own"),
    "heal": (ABILITY_IDS["heal"],),
    "altruism": (ABILITY_IDS["altruism"],),
    "enervate": (ABILITY_IDS["enervate"],),
    "hide": (ABILITY_IDS["hide"],),
}
"""The coverage ids an optional ability's declaration would fire: the ability's own and
the ruling that always goes with it (`WarBadgeRules.offered`)."""
_SWARM_REVEAL: Final = "warbadge.ruling.swarm-reveal"
_BLIND_PICK: Final = "warbadge.ruling.blind-target"

# Coverage numbers (`IndexedCounts.hit`) of the rules, abilities and rulings fired here.
A_CHARGE: Final = INDEX["warbadge.ability.charge"]
A_FAST: Final = INDEX["warbadge.ability.fast"]
A_INSPIRE: Final = INDEX["warbadge.ability.inspire"]
A_POISON: Final = INDEX["warbadge.ability.poison"]
A_RAGE: Final = INDEX["warbadge.ability.rage"]
A_REGENERATE: Final = INDEX["warbadge.ability.regenerate"]
A_SWARM: Final = INDEX["warbadge.ability.swarm"]
G_ABILITY_WINDOWS: Final = INDEX["warbadge.ruling.ability-windows"]
G_BATTLE_CANCELLED: Final = INDEX["warbadge.ruling.battle-cancelled"]
G_BLIND_TARGET: Final = INDEX["warbadge.ruling.blind-target"]
G_BOTH_EXHAUSTED: Final = INDEX["warbadge.ruling.both-exhausted"]
G_CHARGE_VALUE: Final = INDEX["warbadge.ruling.charge-value"]
G_DEATH_CURSE_HIDDEN: Final = INDEX["warbadge.ruling.death-curse-hidden"]
G_DECLARE_ORDER: Final = INDEX["warbadge.ruling.declare-order"]
G_DIES_MEANING: Final = INDEX["warbadge.ruling.dies-meaning"]
G_DYING_CANNOT_ACT: Final = INDEX["warbadge.ruling.dying-cannot-act"]
G_ENERVATE_TRIGGER: Final = INDEX["warbadge.ruling.enervate-trigger"]
G_FIZZLE: Final = INDEX["warbadge.ruling.fizzle"]
G_FLIP_CHOICE: Final = INDEX["warbadge.ruling.flip-choice"]
G_HIDDEN_ALIVE: Final = INDEX["warbadge.ruling.hidden-alive"]
G_ILLUSION_SWAP: Final = INDEX["warbadge.ruling.illusion-swap"]
G_INSPIRE_KILLED: Final = INDEX["warbadge.ruling.inspire-killed"]
G_LEAD_TARGETS: Final = INDEX["warbadge.ruling.lead-targets"]
G_MOUNT_ABILITIES: Final = INDEX["warbadge.ruling.mount-abilities"]
G_MOUNT_KILL_CHOICE: Final = INDEX["warbadge.ruling.mount-kill-choice"]
G_MOUNT_KINDS: Final = INDEX["warbadge.ruling.mount-kinds"]
G_MOUNT_ONE: Final = INDEX["warbadge.ruling.mount-one"]
G_MUTUAL_ELIMINATION: Final = INDEX["warbadge.ruling.mutual-elimination"]
G_POISON_BOTH: Final = INDEX["warbadge.ruling.poison-both"]
G_POISON_WINNER: Final = INDEX["warbadge.ruling.poison-winner"]
G_POST_BATTLE_ORDER: Final = INDEX["warbadge.ruling.post-battle-order"]
G_PROTECT_OWN: Final = INDEX["warbadge.ruling.protect-own"]
G_RAGE_ACTIVE_OPPONENT: Final = INDEX["warbadge.ruling.rage-active-opponent"]
G_READY_COUNT_CAP: Final = INDEX["warbadge.ruling.ready-count-cap"]
G_READY_COUNT_TEAM: Final = INDEX["warbadge.ruling.ready-count-team"]
G_REGENERATE_DEFEAT: Final = INDEX["warbadge.ruling.regenerate-defeat"]
G_SAVE_ANY: Final = INDEX["warbadge.ruling.save-any"]
G_SET_ASIDE_READY: Final = INDEX["warbadge.ruling.set-aside-ready"]
G_SWARM_REVEAL: Final = INDEX["warbadge.ruling.swarm-reveal"]
G_SWARM_VISIBLE: Final = INDEX["warbadge.ruling.swarm-visible"]
R_ADVANTAGE_CANCEL: Final = INDEX["warbadge.rule.advantage-cancel"]
R_COMPARE_VALUES: Final = INDEX["warbadge.rule.compare-values"]
R_DEFEATED_REMOVED: Final = INDEX["warbadge.rule.defeated-removed"]
R_DRAW: Final = INDEX["warbadge.rule.draw"]
R_FIRST_ROUND_READY: Final = INDEX["warbadge.rule.first-round-ready"]
R_NEXT_ROUND_READY: Final = INDEX["warbadge.rule.next-round-ready"]
R_REVEAL: Final = INDEX["warbadge.rule.reveal"]
R_RE_ADD: Final = INDEX["warbadge.rule.re-add"]
R_ROUND_END: Final = INDEX["warbadge.rule.round-end"]
R_SECRET_CHOICE: Final = INDEX["warbadge.rule.secret-choice"]
R_SET_ASIDE: Final = INDEX["warbadge.rule.set-aside"]
R_SHAKE_AND_DROP: Final = INDEX["warbadge.rule.shake-and-drop"]
R_TYPE_ADVANTAGE: Final = INDEX["warbadge.rule.type-advantage"]
R_VICTORY_DRAW: Final = INDEX["warbadge.rule.victory-draw"]
R_VICTORY_ELIMINATION: Final = INDEX["warbadge.rule.victory-elimination"]
R_VICTORY_MORE_BADGES: Final = INDEX["warbadge.rule.victory-more-badges"]
R_VICTORY_TOTAL_VALUE: Final = INDEX["warbadge.rule.victory-total-value"]
R_WINNER_EXHAUSTED: Final = INDEX["warbadge.rule.winner-exhausted"]


def _put(pair: tuple, p: int, value: Any) -> tuple:
    return (value, pair[1]) if p == 0 else (pair[0], value)


def _face_up(st: list[int], bits: int) -> int:
    """The mask of a player's dropped badges (ready or exhausted) that land face up: bit
    ``j`` of the random ``bits`` for badge ``j``."""
    m = 0
    for j in range(len(st)):
        x = st[j]
        if (x == READY or x == EXHAUSTED) and bits >> j & 1:
            m |= 1 << j
    return m


def _with_options(order: tuple[int, ...], opts0: list, opts1: list) -> tuple[int, ...]:
    """The players who have options in a window (``opts0`` seat 0's, ``opts1`` seat 1's),
    in priority order (``order``)."""
    x = order[0]
    early, late = (opts0, opts1) if x == 0 else (opts1, opts0)
    if early:
        return (x, 1 - x) if late else (x,)
    return (1 - x,) if late else ()


def _advantages(a: Side, b: Side) -> int:
    """Type advantage (Battle Resolution): bit 0 if ``a`` has it, bit 1 if ``b`` has it.
    "A WarBadge has type advantage if it is Strong against one of the enemy WarBadge's
    types or if the enemy WarBadge is Weak against any of your WarBadge's types." (The
    type sets as bit masks: sharing a type is sharing a bit.)"""
    adv = 1 if (a.smask & b.tmask) != 0 or (b.wmask & a.tmask) != 0 else 0
    if (b.smask & a.tmask) != 0 or (a.wmask & b.tmask) != 0:
        adv |= 2
    return adv


def judge(a: Side, b: Side) -> tuple[int, str]:
    """Who wins a battle between two sides: ``(0 | 1 | -1 for a draw, cause)``.

    A side is a `Side` (value, casefolded types, strengths and weaknesses; a `SideView`
    is one). Battle Resolution: type advantage (`_advantages`) wins; "If both WarBadges
    have advantage, the advantages cancel each other out." Then "The WarBadge with the
    highest value wins the battle"; equal values are a draw. ``cause`` is
    ``advantage``, ``cancelled`` (both advantaged, decided by value), ``value`` or
    ``draw``.
    """
    adv = _advantages(a, b)
    if adv == 1 or adv == 2:
        return (0 if adv == 1 else 1), "advantage"
    cause = "cancelled" if adv else "value"
    if a.value != b.value:
        return (0 if a.value > b.value else 1), cause
    return -1, "draw"


def beats(a: Side, b: Side) -> int:
    """`judge`'s winner alone (0, 1, or -1 for a draw), without the cause."""
    adv = _advantages(a, b)
    if adv == 1 or adv == 2:
        return 0 if adv == 1 else 1
    if a.value != b.value:
        return 0 if a.value > b.value else 1
    return -1


def _same(a: tuple, b: tuple) -> bool:
    """Whether two tuples hold the very same objects, in order."""
    if len(a) != len(b):
        return False
    for i in range(len(a)):
        if a[i] is not b[i]:
            return False
    return True


def _catalogs(params: WarBadgeParams) -> tuple[BadgeCatalog, BadgeCatalog]:
    """Each seat's `BadgeCatalog` under the game's format: the catalog its team was
    chosen from; without one, blank badges (`_blanks`), which tell nobody anything of
    either team."""
    fmt, given = params.format, params.catalogs
    return (BadgeCatalog(given[0] or _blanks(fmt), fmt),
            BadgeCatalog(given[1] or _blanks(fmt), fmt))


def _blanks(fmt: FormatSpec) -> tuple[BadgeSpec, ...]:
    """A catalog of blank badges (no types, strengths, weaknesses or abilities): one of
    each value 1-3 ("Each WarBadge has a value of 1-3") for each of the format's ranks."""
    ranks = [rank for rank, _ in fmt.ranks] or [""]
    return tuple(BadgeSpec(f"an unseen {rank} badge".replace("  ", " "), rank, v, ())
                 for rank in ranks for v in (1, 2, 3))


def mount_allowed(rider: Card | SideView) -> bool:
    """Mount: the rider must not be a beast, abomination, flying or machine."""
    return MOUNT_EXCLUDED.isdisjoint(rider.types)


class WarBadgeRules(IndexedCounts):
    """The WarBadge rules engine (see the module docstring)."""

    game_id = "warbadge"
    coverage = COVERAGE_IDS
    rulings = RULINGS
    length_unit = "battles"
    max_steps = 20_000
    capabilities = Capabilities(
        chance=True, hidden_information=True, simultaneous=True,
        hooks=frozenset(("determinize", "search", "evaluate", "features", "state_hash", "offered", "absent_ids")))
    """What the engine provides (toolkit/sim/engine.py: `Capabilities`)."""
    search = SearchSettings(simulations=60, rollout="greedy", horizon=2, bias=2.0)
    """The search agent's defaults (``mcts``; toolkit/sim/mcts.py): 60 simulations per
    decision (a median decision of about 10 ms compiled), played out by greedy and cut
    two battles ahead, where `evaluate` judges the position; a progressive bias toward
    greedy's own choice (the playouts' agent) at every player's node, so the few
    simulations refine greedy's choices rather than start from nothing. (Measured on the
    bundled and sample teams: docs/warbadge.md.)"""
    feature_names = FEATURE_NAMES
    """The evaluation's features (features.py), each player's counted alike."""

    def __init__(self) -> None:
        self.emit: EmitHook | None = None
        self.hits: list[int] = []
        self._last_teams: tuple | None = None
        self._det_teams: dict[tuple, tuple[Team, ...]] = {}
        self._det_last: tuple | None = None
        self.reset_counts()

    def hit(self, i: int) -> None:
        """Count one firing of coverage id number ``i`` (`IndexedCounts.hit`)."""
        hits = self.hits
        hits[i] = hits[i] + 1
        if self.emit is not None:
            self.emit("fired", COVERAGE_IDS[i])

    # ----------------------------------------------------------------- metadata
    @property
    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """The agent registry: name -> factory."""
        if not _AGENTS:  # the agents module imports this one: look it up once, when asked
            from .agents import AGENTS

            _AGENTS.append(AGENTS)
        return _AGENTS[0]

    def absent_ids(self, params: WarBadgeParams) -> set[str]:
        """Coverage ids these teams cannot fire: each ability no badge has, and the
        rulings about it (named after it, e.g. ``warbadge.ruling.mount-kinds``)."""
        present = {ability_key(a) for team in params.teams for b in team for a in b.abilities}
        missing = [key for key in ABILITY_IDS if key not in present]
        absent = {ABILITY_IDS[key] for key in missing}
        for rid in RULINGS:
            name = rid.rsplit(".", 1)[1]
            if any(name == key or name.startswith(key + "-") for key in missing):
                absent.add(rid)
        return absent

    def describe_params(self, params: WarBadgeParams) -> dict[str, Any]:
        """The `play --json` header fields that come from the parameters."""
        return {"format": params.format.name, "decks": list(params.deck_names)}

    # -------------------------------------------------------------------- setup
    def setup(self, params: WarBadgeParams, rng: Random | None = None) -> State:
        """A new game: both teams in their pools, ready to Shake and Drop round 1.

        Setup: "Both players Shake and Drop all their WarBadges." The drop itself is the
        first (chance) step, so ``rng`` is not used here.
        """
        cached = self._last_teams
        if cached is not None and cached[0] is params:
            teams, catalogs = cached[1], cached[2]
        else:  # teams are immutable: build them once per parameters
            teams = (Team(params.teams[0], 0), Team(params.teams[1], 1))
            catalogs = _catalogs(params)
            self._last_teams = (params, teams, catalogs)
        s = State(
            teams=teams, names=(params.deck_names[0], params.deck_names[1]),
            rounds=params.format.rounds,
            values=(teams[0].values, teams[1].values),
            status=([READY] * teams[0].size, [READY] * teams[1].size),
            catalogs=catalogs,
        )
        self._begin_round(s, None)
        return s

    def position(self, params: WarBadgeParams, places: tuple[str, str], *, round: int = 1,
                 battle: int = 0, seen: bool = False) -> State:
        """A game at the start of a battle with the badges where ``places`` says.

        For scenario tests, puzzles and what-if analysis: one string per player, one
        letter per badge: ``R`` ready, ``E`` exhausted, ``D`` dead, ``H`` hidden. With
        ``seen`` every badge has been face up before, so each player knows the enemy's
        whole team (as later in a game); else only the badges face up now are known.
        """
        s = self.setup(params)
        if seen:
            s.shown = ((1 << s.teams[0].size) - 1, (1 << s.teams[1].size) - 1)
        letters = {"R": READY, "E": EXHAUSTED, "D": DEAD, "H": HIDDEN}
        for p in range(2):
            if len(places[p]) != s.teams[p].size:
                raise ValueError(f"seat {p + 1}: {len(places[p])} places for "
                                 f"{s.teams[p].size} badges")
            s.status[p][:] = [letters[c] for c in places[p].upper()]
        s.round = round
        s.battle = battle
        s.target = _ZERO_EACH
        s.stage = PRE
        s.quiet = False
        self._battle_heading(s)
        self._advance(s)
        return s

    # ---------------------------------------------------------------- interface
    def to_move(self, s: State) -> tuple[int, ...]:
        """Who decides now: ``(CHANCE,)`` for the drop, ``()`` once the game is over."""
        if s.outcome is not None:
            return ()
        if s.pending is not None:
            return (s.pending[1],)
        if s.window:
            d = s.declared
            if d[0] is None and d[1] is None:  # nobody has declared yet
                return s.window
            return tuple([p for p in s.window if d[p] is None])
        if s.stage == DROP:
            return (CHANCE,)
        if s.stage == FLIP:
            t = s.target
            st = s.status
            return tuple([p for p in range(2) if t[p] != tally(st[p], READY)])
        return ()

    def legal_actions(self, s: State, player: int) -> list[tuple]:
        """The player's legal actions, in a stable order (empty if not to move)."""
        pend = s.pending
        if pend is not None:
            if pend[1] != player:
                return []
            kind: str = pend[0]
            if kind == "kill":
                return [("kill", player, pend[2]), ("kill", player, pend[3])]
            if kind == "trigger":
                return [_PASS[player], ("enervate", player, pend[2])]
            if kind == "blind":  # chance's outcomes: any face-down badge of the owner
                q = pend[2]
                return [("blind", CHANCE, q, k) for k, x in enumerate(s.status[q])
                        if x == READY]
            return [("target", player, q, ref) for q, ref in self._cands(s, pend)]
        if s.window:
            if player not in s.window or s.declared[player] is not None:
                return []
            cached = s.options
            if s.stage == PRE:
                return list(cached[player]) if cached else self._pre_options(s, player)
            return [_PASS[player],
                    *(cached[player] if cached else self._options(s, player))]
        if s.stage == FLIP and s.outcome is None:
            st = s.status[player]
            need = s.target[player] - tally(st, READY)
            if need:
                want = EXHAUSTED if need > 0 else READY
                flips = s.teams[player].flips
                return [flips[j] for j, x in enumerate(st) if x == want]
        return []

    def chance(self, s: State, rng: Random) -> tuple:
        """Shake and Drop: each dropped badge lands face up (bit set) or down at random.
        A blind pick: which of the owner's face-down badges it hits, each alike."""
        pend = s.pending
        if pend is not None:
            q = pend[2]
            down = [k for k, x in enumerate(s.status[q]) if x == READY]
            return ("blind", CHANCE, q, down[below(rng, len(down))])
        st0, st1 = s.status[0], s.status[1]  # (seat 0's bits are drawn first)
        bits0 = rng.getrandbits(len(st0)) if st0 else 0
        bits1 = rng.getrandbits(len(st1)) if st1 else 0
        return ("drop", CHANCE, _face_up(st0, bits0), _face_up(st1, bits1))

    def apply(self, state: State, action: tuple) -> State:
        """The state after ``action`` (a legal action); ``state`` itself is unchanged."""
        s = state.copy()
        if s.pending is not None:
            self._answer(s, action)
        else:
            kind: str = action[0]
            if kind == "drop":
                self._drop(s, action)
            elif kind == "flip":
                self._flip(s, action)
            else:
                declared = s.declared = _put(s.declared, action[1], action)
                for q in s.window:
                    if declared[q] is None:
                        break
                else:  # every player of the window has declared
                    self._close_window(s)
        self._advance(s)
        return s

    def offered(self, s: State, player: int, legal: Sequence[tuple]) -> tuple[str, ...]:
        """The coverage ids of the optional abilities and rules one of ``legal`` would
        use by the player's choice (the harness counts the decisions where each was
        offered): every ability declared by choice (Charge, Lead, Death Curse, Resurrect,
        Illusion, Mount, Protect, Heal, Altruism, Enervate, Hide; a triggered Enervate),
        with the ruling that goes with it; revealing other Swarm badges with a Swarm
        badge (ruling swarm-reveal); a blind pick among face-down enemy badges (ruling
        blind-target). Fast, Feed, Revenge, Rage, Regenerate, Poison, Inspire and Swarm
        itself apply by themselves and are never offered. One pass over ``legal``."""
        out: list[str] = []
        for a in legal:
            kind: str = a[0]
            ids = _OFFERS.get(kind)
            if ids is not None:
                for rid in ids:
                    if rid not in out:
                        out.append(rid)
            elif kind == "commit" or kind == "target":
                rid = ""
                if kind == "commit" and len(a) > 3:
                    rid = _SWARM_REVEAL
                elif kind == "target" and a[3] == _BLIND:
                    rid = _BLIND_PICK
                if rid and rid not in out:
                    out.append(rid)
            if kind == "charge" and len(a) > 3 and _SWARM_REVEAL not in out:
                out.append(_SWARM_REVEAL)
        return tuple(out)

    def outcome(self, s: State) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        return s.outcome

    def features(self, s: State) -> tuple[tuple[float, ...], ...]:
        """Each seat's position features, from its own side (features.py)."""
        return features(s)

    def evaluate(self, s: State) -> list[float]:
        """Each seat's chance of winning from here, by the fitted evaluation
        (toolkit/sim/evaluation.py): the logistic of the weights times the difference of
        the two seats' `features`; a finished game scores its result."""
        outcome = s.outcome
        if outcome is not None:
            w = outcome.winner
            if w is None:
                return [0.5, 0.5]
            return [1.0 if k == w else 0.0 for k in range(2)]
        return linear_evaluation(WEIGHTS, features(s), None)

    def length(self, s: State) -> int:
        """Battles fought."""
        return s.battle

    def state_key(self, s: State) -> tuple:
        """A canonical key of the state (loop detection)."""
        return s.key()

    def state_hash(self, s: State) -> int:
        """The hash of the state's key, made without the key (the harness's loop
        detection reads this when the engine has it)."""
        return s.loop_hash()

    # ------------------------------------------------------------- the machine
    def _advance(self, s: State) -> None:
        """Run the automatic steps until a decision is needed or the game is over."""
        guard = 0
        while s.outcome is None and s.pending is None and not s.window:
            guard += 1
            if guard > 10_000:
                raise RuntimeError("the engine went 10000 steps without a decision")
            if s.queue:
                self._resolve_next(s)
                continue
            stage = s.stage
            if stage == PRE:
                self._next_pre(s)
            elif stage == FIGHT:
                if not self._next_window(s):
                    self._resolve_battle(s)
            elif stage == RESULT:
                self._enter_save(s)
            elif stage == SAVE:
                if not s.dying or not self._next_window(s):
                    self._deaths(s)
            elif stage == POST:
                if not self._next_window(s):
                    self._end_battle(s)
            elif stage == FLIP:
                if self._auto_flips(s):
                    return
                self._finish_flips(s)
            else:  # DROP waits for chance
                return

    def _order(self, s: State) -> tuple[int, ...]:
        """Players in priority order for this battle (ruling declare-order)."""
        return _ORDERS[s.battle % 2]

    def _next_window(self, s: State) -> bool:
        """Open the next ability window of this phase; False if there is none (the
        caller then ends the phase)."""
        if s.quiet:
            return False
        first = self._options(s, 0)
        second = self._options(s, 1)
        if not first and not second:
            return False
        if s.stage == SAVE:
            self.hit(G_POST_BATTLE_ORDER)
        s.window = _with_options(self._order(s), first, second)
        s.declared = _NONE_EACH
        s.options = (first, second)
        return True

    def _next_pre(self, s: State) -> None:
        """The next pre-battle window, or the reveal once both players have chosen.

        Battle Phases: "This phase ends when both players have a chosen WarBadge in
        hand": until then a player who has chosen may still use pre-battle abilities.
        """
        c = s.committed
        if c[0] >= 0 and c[1] >= 0:
            self._reveal(s)
            return
        order = self._order(s)
        for p in order:
            if c[p] < 0 and not holds(s.status[p], READY):
                self._end_round(s, cancelled=c[0] >= 0 or c[1] >= 0)
                return
        early = self._pre_options(s, order[0])  # (in priority order)
        late = self._pre_options(s, order[1])
        opts0, opts1 = (early, late) if order[0] == 0 else (late, early)
        movers = s.window = _with_options(order, opts0, opts1)
        s.declared = _NONE_EACH
        # each player's options by seat (None: not in the window)
        options: tuple = (opts0 or None, opts1 or None)
        s.options = options
        # A player whose only option is one badge to choose chooses it at once.
        undecided = False
        for p in movers:
            opts: list[tuple] = options[p]
            if len(opts) == 1:
                s.declared = _put(s.declared, p, opts[0])
                if self.emit:
                    self.emit("info", f"{s.names[p]} has one choice: "
                                      f"{self.describe(s, opts[0])[0]}")
            else:
                undecided = True
        if not undecided:
            self._close_window(s)

    def _close_window(self, s: State) -> None:
        """All declarations are in: reveal them and queue the abilities in order."""
        d = s.declared
        window = s.window  # (the declarations are read in its order)
        s.window = ()
        s.declared = _NONE_EACH
        s.options = None
        abilities: list[tuple] = []
        if s.stage == PRE:
            for p in window:
                a: tuple = d[p]
                kind: str = a[0]
                if kind == "commit" or kind == "charge":
                    self._choose(s, a)
                elif kind != "pass":
                    abilities.append(a)
        else:
            for p in window:
                a = d[p]
                kind = a[0]
                if kind != "pass":
                    abilities.append(a)
            s.quiet = not abilities
            self.hit(G_ABILITY_WINDOWS)
        if len(abilities) > 1:
            self.hit(G_DECLARE_ORDER)
        for a in abilities:
            # A declaration names its badge's ability ("Reveal to ..."): the enemy knows
            # that badge from now on, even if the ability comes to nothing (ruling fizzle).
            self._saw(s, a[1], 1 << a[2])
        if abilities:
            s.queue = tuple(abilities) + s.queue

    def _choose(self, s: State, a: tuple) -> None:
        """A badge chosen for the battle goes into its player's hand (in secret, or
        revealed by Charge), with the other Swarm badges to reveal with it."""
        kind: str = a[0]
        p: int = a[1]
        j: int = a[2]
        s.status[p][j] = HAND
        s.committed = _put(s.committed, p, j)
        self.hit(R_SECRET_CHOICE)
        if len(a) > 3:
            # Swarm: "When you play this WarBadge you may reveal any number of other
            # WarBadges with the swarm ability at the same time."
            s.swarm = _put(s.swarm, p, a[3])
        if kind == "charge":
            # Charge: "If you reveal this WarBadge before a battle as your choice for the
            # next battle, its value doubles."
            s.charged = _put(s.charged, p, True)
            self.hit(A_CHARGE)
            self.hit(G_CHARGE_VALUE)
            if self.emit:
                self.emit("reveal", f"{self._bn(s, p, j)} is revealed as {s.names[p]}'s "
                                    f"choice (Charge: value doubles)")
            self._reveal_swarm(s, p)

    def _reveal_swarm(self, s: State, p: int) -> None:
        """The other Swarm badges chosen with ``p``'s badge are revealed with it."""
        mask = s.swarm[p]
        if not mask:
            return
        s.swarm = _put(s.swarm, p, 0)
        self.hit(G_SWARM_REVEAL)
        st = s.status[p]
        shown = []
        for k in s.teams[p].swarm:
            if mask >> k & 1 and st[k] == READY:
                st[k] = EXHAUSTED
                shown.append(s.teams[p].cards[k].name)
        if self.emit and shown:
            self.emit("reveal", f"Swarm: {s.names[p]} reveals {', '.join(shown)} with "
                                "its badge")

    def _resolve_next(self, s: State) -> None:
        a: tuple = s.queue[0]  # (typed as a tuple: its fields read natively)
        s.queue = s.queue[1:]
        kind: str = a[0]
        if kind == "kill":
            self._h_kill(s, a[1], a[2], a[3], a[4])
        elif kind == "lead":
            self._h_lead(s, a[1], a[2])
        elif kind == "death-curse":
            self._h_curse(s, a[1], a[2])
        elif kind == "resurrect":
            self._h_resurrect(s, a[1], a[2])
        elif kind == "illusion":
            self._h_illusion(s, a[1], a[2])
        elif kind == "mount":
            self._h_mount(s, a[1], a[2])
        elif kind == "protect":
            self._h_protect(s, a[1], a[2])
        elif kind == "heal":
            self._h_heal(s, a[1], a[2])
        elif kind == "altruism":
            self._h_altruism(s, a[1], a[2])
        elif kind == "enervate":
            self._h_enervate(s, a[1], a[2])
        elif kind == "hide":
            self._h_hide(s, a[1], a[2])
        elif kind == "trigger":
            self._h_trigger(s, a[1], a[2])
        else:
            raise KeyError(kind)

    # ------------------------------------------------------------ round start
    def _begin_round(self, s: State, losers: list[int] | None) -> None:
        """Set Fast badges aside and work out how many badges each player readies."""
        if self.emit:
            self.emit("round", f"Round {s.round} of {s.rounds}")
        for p in range(2):
            st = s.status[p]
            for j in s.teams[p].fast:
                # Fast: "When you Shake and Drop your WarBadges at the beginning of a
                # round, set this WarBadge to the side."
                if st[j] == READY or st[j] == EXHAUSTED:
                    self._turn(s, p, j, ASIDE)
                    self.hit(A_FAST)
                    if self.emit:
                        self.emit("ability", f"Fast: {self._bn(s, p, j)} is set aside "
                                             "and will start the round ready")
        dropped = [tally(st, READY) + tally(st, EXHAUSTED) for st in s.status]
        self.hit(G_READY_COUNT_TEAM)
        # A team is the player's badges still alive; Fast: "It doesn't count towards your
        # number of WarBadges when determining the starting conditions of your team": a
        # player's own Fast badges leave that player's count only.
        alive = [len(st) - tally(st, DEAD) for st in s.status]
        fast = [0, 0]
        for p in range(2):
            for j in s.teams[p].fast:
                if s.status[p][j] != DEAD:
                    fast[p] += 1
        if losers is None:
            # Setup: "flip your WarBadges one-by-one until exactly half of them rounded
            # up are ready (facedown)."
            self.hit(R_FIRST_ROUND_READY)
            halves = [(alive[p] - fast[p] + 1) // 2 for p in range(2)]
        else:
            # End of Round: "half of the losing player's team, rounded up."
            self.hit(R_NEXT_ROUND_READY)
            halves = []
            for p in range(2):
                # the smallest losing team (there is one), p's own Fast badges left out
                least = alive[losers[0]] - (fast[p] if losers[0] == p else 0)
                for q in losers:
                    size = alive[q] - (fast[q] if q == p else 0)
                    if size < least:
                        least = size
                halves.append((least + 1) // 2)
        if halves[0] > dropped[0] or halves[1] > dropped[1]:
            self.hit(G_READY_COUNT_CAP)
        s.target = (min(halves[0], dropped[0]), min(halves[1], dropped[1]))
        s.stage = DROP

    def _drop(self, s: State, action: tuple) -> None:
        # Shake and Drop: a badge landing face down is ready, face up is exhausted.
        self.hit(R_SHAKE_AND_DROP)
        for p in range(2):
            mask: int = action[2 + p]
            st = s.status[p]
            up = 0  # (the badges face up before the drop: seen)
            for j, x in enumerate(st):
                if x == READY or x == EXHAUSTED:
                    if x == EXHAUSTED:
                        up |= 1 << j
                    st[j] = EXHAUSTED if mask >> j & 1 else READY
            self._saw(s, p, up)
        s.stage = FLIP
        if self.emit:
            self.emit("info", "Ready after the drop: " + "; ".join(
                f"{s.names[p]} {tally(s.status[p], READY)} (needs {s.target[p]})"
                for p in range(2)))

    def _flip(self, s: State, action: tuple) -> None:
        _, p, j = action
        self._turn(s, p, j, EXHAUSTED if s.status[p][j] == READY else READY)
        e = 1 - p
        if s.target[e] != tally(s.status[e], READY):
            # Both players flip at the same time (ruling flip-choice): while the other
            # is still flipping, the ruling is counted but not noted in the log yet, so
            # its note never comes before the other player's flip.
            self.hits[G_FLIP_CHOICE] += 1
        else:
            self.hit(G_FLIP_CHOICE)

    def _auto_flips(self, s: State) -> bool:
        """Flip where there is no choice; True if a player still has to choose."""
        remain = False
        for p in range(2):
            st = s.status[p]
            need = s.target[p] - tally(st, READY)
            if not need:
                continue
            want = EXHAUSTED if need > 0 else READY
            found = tally(st, want)
            if found <= abs(need):
                for j, x in enumerate(st):
                    if x == want:
                        self._turn(s, p, j, READY if want == EXHAUSTED else EXHAUSTED)
                if self.emit:
                    self.emit("info", f"{s.names[p]} flips {found} badge(s) "
                                      f"{'down (ready)' if need > 0 else 'up (exhausted)'}"
                                      " with no choice")
            else:
                remain = True
        return remain

    def _finish_flips(self, s: State) -> None:
        """Re-add set-aside and hidden badges, ready; the first battle begins."""
        for p in range(2):
            st = s.status[p]
            cards = s.teams[p].cards
            for j, x in enumerate(st):
                if x == ASIDE:
                    st[j] = READY
                    if self.emit:
                        self.emit("info", f"{self._bn(s, p, j)} is re-added, ready")
                    if "fast" not in cards[j].ab:
                        # End of Round: "Re-add any WarBadges that were set aside".
                        self.hit(R_RE_ADD)
                        self.hit(G_SET_ASIDE_READY)
                elif x == HIDDEN:
                    # Hide: "Return to play ready in the next round after both players
                    # have dropped their WarBadges."
                    self._turn(s, p, j, READY)
                    if self.emit:
                        self.emit("info", f"{self._bn(s, p, j)} returns from hiding, ready")
        s.stage = PRE
        s.quiet = False
        self._battle_heading(s)

    def _battle_heading(self, s: State) -> None:
        if self.emit and holds(s.status[0], READY) and holds(s.status[1], READY):
            self.emit("battle", f"Battle {s.battle + 1} (round {s.round}); ready: "
                      + ", ".join(f"{s.names[p]} {tally(s.status[p], READY)}"
                                  for p in range(2)))

    # --------------------------------------------------------------- options
    def _pre_options(self, s: State, p: int) -> list[tuple]:
        """Pre-battle: choose a ready badge (or Charge it), with any other ready Swarm
        badges to reveal with a Swarm badge; or use Lead, Death Curse, Resurrect. A
        player who has chosen may pass instead (no options: not in the window)."""
        st = s.status[p]
        team = s.teams[p]
        if s.committed[p] < 0:
            commits = team.commits
            acts: list[tuple] = [commits[j] for j, x in enumerate(st) if x == READY]
            for j in team.charge:
                if st[j] == READY:
                    acts.append(team.charges[j])
            if len(team.swarm) > 1:  # (no list made for a team without two Swarm badges)
                self._swarm_options(acts, p, team, st)
        else:
            for j in team.pre:
                if st[j] == READY:
                    break
            else:  # no pre-battle ability at hand: not in the window
                return []
            acts = [_PASS[p]]
        for j in team.lead:
            if st[j] == READY and holds(st, EXHAUSTED):
                acts.append(("lead", p, j))
        for j in team.curse:
            if st[j] == READY and self._curse_has_target(s, p, j):
                acts.append(("death-curse", p, j))
        for j in team.resurrect:
            if st[j] == READY and self._resurrect_cands(s, p, j):
                acts.append(("resurrect", p, j))
        return [] if len(acts) == 1 and acts[0][0] == "pass" else acts

    def _swarm_options(self, acts: list[tuple], p: int, team: Team, st: list[int]) -> None:
        """Add to ``acts`` each ready Swarm badge chosen with each set of the other ready
        Swarm badges to reveal with it (Swarm: "you may reveal any number of other
        WarBadges with the swarm ability at the same time")."""
        swarm = [k for k in team.swarm if st[k] == READY]
        if len(swarm) > 1:
            for j in swarm:
                others = [k for k in swarm if k != j]
                charge = "charge" in team.cards[j].ab
                for pick in range(1, 1 << len(others)):
                    mask = 0
                    for i, k in enumerate(others):
                        if pick >> i & 1:
                            mask |= 1 << k
                    acts.append(("commit", p, j, mask))
                    if charge:
                        acts.append(("charge", p, j, mask))

    def _options(self, s: State, p: int) -> list[tuple]:
        """The abilities ``p`` may declare in the current window (battle/save/post)."""
        st = s.status[p]
        team = s.teams[p]
        acts = []
        stage = s.stage
        if stage == FIGHT:
            rider = team.cards[s.committed[p]]
            for j in team.illusion:
                if st[j] == READY:
                    acts.append(("illusion", p, j))
            if team.mount and s.mount[p] < 0 and mount_allowed(rider):
                for j in team.mount:
                    if st[j] == READY:
                        acts.append(("mount", p, j))
            if team.protect and not s.protect[p] and rider.weaknesses:
                for j in team.protect:
                    if st[j] == READY:
                        acts.append(("protect", p, j))
        elif stage == SAVE:
            if s.dying:
                heal = team.heal
                if heal:  # (the lowest value among the dying, in a typed loop)
                    low = 0
                    first = True
                    for d in s.dying:
                        q: int = d[0]
                        k: int = d[1]
                        v = s.teams[q].values[k]
                        if first or v < low:
                            low = v
                            first = False
                for j in heal:
                    if st[j] == READY and team.values[j] >= low:
                        acts.append(("heal", p, j))
                for j in team.altruism:
                    if st[j] == READY or st[j] == EXHAUSTED:
                        acts.append(("altruism", p, j))
        elif stage == POST:
            if team.enervate and holds(s.status[1 - p], READY):
                for j in team.enervate:
                    if st[j] == READY:
                        acts.append(("enervate", p, j))
            for j in team.hide:
                if st[j] == READY or st[j] == EXHAUSTED:
                    acts.append(("hide", p, j))
        return acts

    def _curse_has_target(self, s: State, p: int, j: int) -> bool:
        """Death Curse kills "a WarBadge of your choice": any other badge in play."""
        for q in range(2):
            for k, x in enumerate(s.status[q]):
                if (x == READY or x == EXHAUSTED or x == HAND) and (q != p or k != j):
                    return True
        return False

    def _resurrect_cands(self, s: State, p: int, j: int) -> list[tuple[int, int]]:
        """Resurrect: "return any 1 WarBadge of value X-1": a dead badge of either
        player, the Resurrect player's own first."""
        v = s.teams[p].values[j] - 1
        out: list[tuple[int, int]] = []
        for q in (p, 1 - p):
            values = s.teams[q].values
            for k, x in enumerate(s.status[q]):
                if x == DEAD and values[k] == v:
                    out.append((q, k))
        return out

    # ------------------------------------------------------- using abilities
    def _use(self, s: State, p: int, j: int, key: str, reveal: bool = True,
             count: bool = True) -> None:
        """Badge ``j`` uses its ability; "Reveal" flips it face up."""
        if reveal:
            s.status[p][j] = EXHAUSTED
        if count:
            self.hit(_AB[key])
        if self.emit:
            self.emit("ability", f"{key.replace('-', ' ').title()}: {self._bn(s, p, j)}"
                                 + (" is revealed" if reveal else ""))

    def _fizzle(self, s: State, p: int, j: int, key: str) -> None:
        self.hit(G_FIZZLE)
        if self.emit:
            self.emit("info", f"{key} of {self._bn(s, p, j)} can no longer be used and "
                              "does nothing")

    def _h_lead(self, s: State, p: int, j: int) -> None:
        # Lead: "Reveal to flip X WarBadges to their ready side where X equals the value
        # of this WarBadge."
        if s.status[p][j] != READY or not holds(s.status[p], EXHAUSTED):
            return self._fizzle(s, p, j, "lead")
        self._use(s, p, j, "lead")
        self.hit(G_LEAD_TARGETS)
        self._pick(s, ("lead", p, j, s.teams[p].values[j], ()))

    def _h_curse(self, s: State, p: int, j: int) -> None:
        # Death Curse: "Reveal and kill this WarBadge to kill a WarBadge of your choice."
        if s.status[p][j] != READY or not self._curse_has_target(s, p, j):
            return self._fizzle(s, p, j, "death curse")
        self._use(s, p, j, "death-curse")
        if holds(s.status[0], HIDDEN) or holds(s.status[1], HIDDEN):
            self.hit(G_DEATH_CURSE_HIDDEN)
        self._pick(s, ("death-curse", p, j, 1, ()))

    def _h_resurrect(self, s: State, p: int, j: int) -> None:
        # Resurrect: "Reveal to return any 1 WarBadge of value X-1 to game play".
        if s.status[p][j] != READY or not self._resurrect_cands(s, p, j):
            return self._fizzle(s, p, j, "resurrect")
        self._use(s, p, j, "resurrect")
        self._pick(s, ("resurrect", p, j, 1, ()))

    def _h_illusion(self, s: State, p: int, j: int) -> None:
        # Illusion: "Reveal to swap any ready WarBadge including this WarBadge with the
        # WarBadge in the battle."
        if s.status[p][j] != READY:
            return self._fizzle(s, p, j, "illusion")
        self._use(s, p, j, "illusion", reveal=False)
        self.hit(G_ILLUSION_SWAP)
        self._pick(s, ("illusion", p, j, 1, ()))

    def _h_mount(self, s: State, p: int, j: int) -> None:
        rider = s.teams[p].cards[s.committed[p]]
        self.hit(G_MOUNT_KINDS)
        if s.status[p][j] != READY or s.mount[p] >= 0 or not mount_allowed(rider):
            return self._fizzle(s, p, j, "mount")
        self._use(s, p, j, "mount", reveal=False)
        s.status[p][j] = BATTLE
        s.mount = _put(s.mount, p, j)
        if any(s.status[p][k] == READY for k in s.teams[p].by_ability["mount"]):
            self.hit(G_MOUNT_ONE)

    def _h_protect(self, s: State, p: int, j: int) -> None:
        # Protect: "remove all weaknesses from the WarBadge in the battle."
        if s.status[p][j] != READY or s.protect[p]:
            return self._fizzle(s, p, j, "protect")
        self._use(s, p, j, "protect")
        s.protect = _put(s.protect, p, True)
        self.hit(G_PROTECT_OWN)

    def _h_heal(self, s: State, p: int, j: int) -> None:
        # Heal: "Reveal to prevent a WarBadge of X value or less from dying from a battle"
        v = s.teams[p].values[j]
        if s.status[p][j] != READY or not any(
                s.teams[q].values[k] <= v for q, k, _ in s.dying):
            return self._fizzle(s, p, j, "heal")
        self._use(s, p, j, "heal")
        self.hit(G_SAVE_ANY)
        self._pick(s, ("heal", p, j, 1, ()))

    def _h_altruism(self, s: State, p: int, j: int) -> None:
        # Altruism: "Kill this WarBadge to prevent another WarBadge from dying. ... This
        # ability can be used even if this WarBadge was not used in the battle or if it is
        # already exhausted."
        x = s.status[p][j]
        if (x != READY and x != EXHAUSTED) or not s.dying:
            return self._fizzle(s, p, j, "altruism")
        self._use(s, p, j, "altruism", reveal=False)
        self.hit(G_SAVE_ANY)
        self._pick(s, ("altruism", p, j, 1, ()))

    def _h_enervate(self, s: State, p: int, j: int) -> None:
        # Enervate: "Reveal to flip X enemy WarBadges to their exhausted side where X
        # equals the value of this WarBadge."
        if s.status[p][j] != READY or not holds(s.status[1 - p], READY):
            return self._fizzle(s, p, j, "enervate")
        self._use(s, p, j, "enervate")
        self._pick(s, ("enervate", p, j, s.teams[p].values[j], ()))

    def _h_hide(self, s: State, p: int, j: int) -> None:
        # Hide: "Remove from play for the current round."
        x = s.status[p][j]
        if x != READY and x != EXHAUSTED:
            return self._fizzle(s, p, j, "hide")
        self._use(s, p, j, "hide", reveal=False)
        s.status[p][j] = HIDDEN
        if self.emit:
            self.emit("info", f"{self._bn(s, p, j)} leaves play until the next round")

    def _h_trigger(self, s: State, q: int, j: int) -> None:
        # Enervate: "If using this ability triggers an enemy ability, resolve that ability
        # as if the enemy player had triggered it."
        if s.status[q][j] == EXHAUSTED and holds(s.status[1 - q], READY):
            self.hit(G_ENERVATE_TRIGGER)
            s.pending = ("trigger", q, j, 0, ())

    def _h_kill(self, s: State, p: int, rider: int, mount: int, cause: str) -> None:
        s.pending = ("kill", p, rider, mount, cause)

    # ------------------------------------------------------------- choices
    def _cands(self, s: State, pend: tuple) -> list[tuple[int, int]]:
        """The targets ``(owner, ref)`` a pending ability may pick, in a stable order.

        A face-down enemy badge is one target, ``(enemy, -1)``: the picker cannot tell
        them apart (ruling blind-target). Death Curse lists the enemy's badges first
        (those it sees by index, then its secretly chosen badge, then a face-down one),
        then the curser's own: any badge in play but the curser itself.
        """
        kind: str = pend[0]
        p: int = pend[1]
        j: int = pend[2]
        st = s.status[p]
        if kind == "lead":
            return [(p, k) for k, x in enumerate(st) if x == EXHAUSTED and k != j]
        if kind == "inspire":
            return [(p, k) for k, x in enumerate(st) if x == EXHAUSTED]
        if kind == "illusion":
            return [(p, k) for k, x in enumerate(st) if x == READY]
        if kind == "resurrect":
            return self._resurrect_cands(s, p, j)
        if kind == "heal":
            v = s.teams[p].values[j]
            return [(q, k) for q, k, _ in s.dying if s.teams[q].values[k] <= v]
        if kind == "altruism":
            return [(q, k) for q, k, _ in s.dying]
        e = 1 - p
        est = s.status[e]
        blind = [(e, _BLIND)] if holds(est, READY) else []
        if kind == "enervate":
            return blind
        # Death Curse: "kill a WarBadge of your choice" (hidden badges are out of play:
        # ruling death-curse-hidden).
        charged = s.charged[e]
        out = [(e, k) for k, x in enumerate(est) if x == EXHAUSTED or (x == HAND and charged)]
        if s.committed[e] >= 0 and not charged:
            out.append((e, _SECRET))
        out += blind
        out += [(p, k) for k, x in enumerate(st)
                if (x == READY or x == EXHAUSTED or x == HAND) and k != j]
        return out

    def _pick(self, s: State, pend: tuple | None) -> None:
        """Resolve a choice-needing ability: ask its owner, unless there is no choice; a
        blind pick waits for chance."""
        while pend is not None and pend[3] > 0:
            cands = self._cands(s, pend)
            if not cands:
                break
            if len(cands) > pend[3]:
                s.pending = pend
                return
            q, ref = cands[0]
            if ref == _BLIND:
                s.pending = ("blind", CHANCE, q, 0, pend)
                return
            pend = self._pick_one(s, pend, q, ref)
        if pend is not None:
            self._pick_done(s, pend)

    def _answer(self, s: State, action: tuple) -> None:
        pend = s.pending
        assert pend is not None  # (apply answers only a pending choice)
        s.pending = None
        kind: str = pend[0]
        if kind == "kill":
            p: int = pend[1]
            rider: int = pend[2]
            mount: int = pend[3]
            cause: str = pend[4]
            j: int = action[2]
            st = s.status[p]
            st[j] = DYING
            st[mount if j == rider else rider] = EXHAUSTED
            s.dying = s.dying + ((p, j, cause),)
            self.hit(G_MOUNT_KILL_CHOICE)
            if self.emit:
                self.emit("ability", f"Mount: {s.names[p]} lost a mounted battle and kills "
                                     f"{self._bn(s, p, j)}")
            return
        if kind == "trigger":
            if action[0] == "enervate":
                e: int = pend[1]
                k: int = pend[2]
                self._use(s, e, k, "enervate", reveal=False)
                self._pick(s, ("enervate", e, k, s.teams[e].values[k], ()))
            return
        if kind == "blind":
            # Death Curse: "When targeting an enemy WarBadge that is ready, you may not
            # look at the face-side": chance says which face-down badge was hit.
            self.hit(G_BLIND_TARGET)
            pend = pend[4]
            assert pend is not None
        q: int = action[2]
        ref: int = action[3]
        if ref == _BLIND:
            s.pending = ("blind", CHANCE, q, 0, pend)
            return
        pend = self._pick_one(s, pend, q, ref)
        if pend is not None:
            self._pick(s, pend)

    def _pick_one(self, s: State, pend: tuple, q: int, ref: int) -> tuple | None:
        """Apply one target of a pending ability; the rest of it, or None when done."""
        kind: str = pend[0]
        p: int = pend[1]
        j: int = pend[2]
        n: int = pend[3]
        extra: tuple = pend[4]
        if ref == _SECRET:
            ref = s.committed[q]
        if kind == "lead" or kind == "inspire":
            self._ready(s, q, ref)
        elif kind == "enervate":
            s.status[q][ref] = EXHAUSTED
            if self.emit:
                self.emit("reveal", f"Enervate flips {self._bn(s, q, ref)} face up")
            if "enervate" in s.teams[q].cards[ref].ab:
                extra = extra + (ref,)
        elif kind == "death-curse":
            if self.emit:
                self.emit("ability", f"Death Curse: {self._bn(s, p, j)} kills itself "
                                     f"and {self._bn(s, q, ref)}")
            if s.committed[q] == ref:  # a chosen badge: its player chooses again
                s.committed = _put(s.committed, q, -1)
                s.charged = _put(s.charged, q, False)
                s.swarm = _put(s.swarm, q, 0)
            self._kill_many(s, ((p, j), (q, ref)))
            return None
        elif kind == "resurrect":
            # "The resurrected WarBadge returns exhausted."
            s.status[q][ref] = EXHAUSTED
            if self.emit:
                self.emit("ability", f"Resurrect: {self._bn(s, q, ref)} returns exhausted")
            return None
        elif kind == "illusion":
            st = s.status[p]
            old = s.committed[p]
            if ref != j:
                st[j] = EXHAUSTED
            st[ref] = BATTLE
            self._turn(s, p, old, READY)
            s.committed = _put(s.committed, p, ref)
            s.charged = _put(s.charged, p, False)
            if self.emit:
                self.emit("ability", f"Illusion: {self._bn(s, p, ref)} takes the place of "
                                     f"{self._bn(s, p, old)}, which returns ready")
            return None
        elif kind == "heal":
            # "The healed WarBadge stays in play exhausted."
            s.dying = tuple(d for d in s.dying if d[0] != q or d[1] != ref)
            s.status[q][ref] = EXHAUSTED
            if self.emit:
                self.emit("ability", f"Heal: {self._bn(s, q, ref)} is saved, exhausted")
            return None
        elif kind == "altruism":
            # "The target WarBadge is returned ready."
            s.dying = tuple(d for d in s.dying if d[0] != q or d[1] != ref)
            self._turn(s, q, ref, READY)
            if self.emit:
                self.emit("ability", f"Altruism: {self._bn(s, p, j)} dies to save "
                                     f"{self._bn(s, q, ref)}, returned ready")
            self._kill_many(s, ((p, j),))
            return None
        return (kind, p, j, n - 1, extra)

    def _pick_done(self, s: State, pend: tuple) -> None:
        if pend[0] == "enervate" and pend[4]:
            e = 1 - pend[1]
            s.queue = tuple(("trigger", e, k) for k in pend[4]) + s.queue

    # -------------------------------------------------------- ready and death
    def _saw(self, s: State, q: int, bits: int) -> None:
        """The enemy has seen the faces of ``q``'s badges of ``bits`` (`State.shown`)."""
        if bits & ~s.shown[q]:
            s.shown = _put(s.shown, q, s.shown[q] | bits)

    def _turn(self, s: State, q: int, j: int, place: int) -> None:
        """Badge ``j`` of ``q`` goes to ``place``; if its face was up (or revealed by
        Charge), the enemy has seen it and knows it from now on, wherever it goes."""
        x = s.status[q][j]
        if _SEEN_BITS >> x & 1 or (x == HAND and s.charged[q]):
            self._saw(s, q, 1 << j)
        s.status[q][j] = place

    def _ready(self, s: State, q: int, j: int) -> None:
        self._turn(s, q, j, READY)
        if self.emit:
            self.emit("info", f"{self._bn(s, q, j)} is ready again")

    def _die(self, s: State, q: int, j: int) -> None:
        """Badge ``j`` of ``q`` dies; Feed and Revenge badges are made ready."""
        s.status[q][j] = DEAD
        if self.emit:
            self.emit("death", f"{self._bn(s, q, j)} dies")
        self._readied(s, q, "revenge")
        self._readied(s, 1 - q, "feed")

    def _readied(self, s: State, owner: int, key: str) -> None:
        """After a death: ``owner``'s badges with ``key`` (Revenge, Feed) are made ready
        if exhausted (a badge out of play does not hear of it)."""
        st = s.status[owner]
        team = s.teams[owner]
        for k in (team.revenge if key == "revenge" else team.feed):
            x = st[k]
            if x == DEAD or x == HIDDEN or x == ASIDE:
                continue
            self.hit(G_DIES_MEANING)
            if x == EXHAUSTED:
                # Feed: "When an enemy dies, ready this WarBadge." Revenge: "When an
                # allied WarBadge dies ready this WarBadge."
                self.hit(_AB[key])
                if self.emit:
                    self.emit("ability", f"{key.title()}: {self._bn(s, owner, k)} "
                                         "is readied")
                self._ready(s, owner, k)

    def _kill_many(self, s: State, victims) -> None:
        """Kill badges at once (Death Curse, Altruism); check for elimination."""
        for q, j in victims:
            if "regenerate" in s.teams[q].cards[j].ab:
                self.hit(G_REGENERATE_DEFEAT)
            self._die(s, q, j)
        self._check_elimination(s)

    def _check_elimination(self, s: State) -> bool:
        """Victory: "eliminate all the other player's badges"."""
        st0, st1 = s.status[0], s.status[1]
        alive0, alive1 = len(st0) - tally(st0, DEAD), len(st1) - tally(st1, DEAD)
        if alive0 and alive1:  # (the usual answer: no list made)
            return False
        alive = [alive0, alive1]
        for p in range(2):
            st = s.status[p]
            if alive[p] and tally(st, HIDDEN) == alive[p]:
                self.hit(G_HIDDEN_ALIVE)
        if not alive[0] and not alive[1]:
            self.hit(G_MUTUAL_ELIMINATION)
            self._finish(s, _MUTUAL)
        else:
            self.hit(R_VICTORY_ELIMINATION)
            self._finish(s, _ELIMINATION[0 if alive[0] else 1])
        return True

    def _finish(self, s: State, outcome: Outcome) -> None:
        s.outcome = outcome
        s.stage = OVER
        s.window = ()
        s.declared = _NONE_EACH
        s.queue = ()
        s.pending = None
        if self.emit:
            who = "Draw" if outcome.winner is None else f"{s.names[outcome.winner]} wins"
            self.emit("end", f"{who}: {outcome.reason}")
            self.emit("info", "Final tally: " + "; ".join(
                self._tally_text(s, p) for p in range(2)))

    def _standing(self, s: State, p: int) -> tuple[int, int]:
        """Victory's count of a player: its badges still alive (hidden ones too: ruling
        hidden-alive) and their total value."""
        st = s.status[p]
        values = s.teams[p].values
        count = total = 0
        for j in range(len(st)):
            if st[j] != DEAD:
                count += 1
                total += values[j]
        return count, total

    def _tally_text(self, s: State, p: int) -> str:
        """A player's `_standing` for the log: "Sun: 4 badges, total value 8"."""
        count, total = self._standing(s, p)
        return f"{s.names[p]}: {count} badge{'' if count == 1 else 's'}, total value {total}"

    # ------------------------------------------------------------- the battle
    def _reveal(self, s: State) -> None:
        # Battle Resolution: "each player reveals their chosen WarBadge at the same time".
        for p in range(2):
            s.status[p][s.committed[p]] = BATTLE
        self.hit(R_REVEAL)
        for p in range(2):
            self._reveal_swarm(s, p)
        s.stage = FIGHT
        s.quiet = False
        if self.emit:
            self.emit("reveal", " vs ".join(
                f"{self._bn(s, p, s.committed[p])} ({self._value_text(s, p)})"
                for p in range(2)))

    def _value_text(self, s: State, p: int) -> str:
        """A battle badge's value in this battle, and what made it (the reveal line)."""
        card, value, _ = self._side_value(s, p)
        parts = []
        if "swarm" in card.ab:
            parts.append(f"Swarm total {value // 2 if s.charged[p] else value}")
        if s.charged[p]:
            parts.append("doubled by Charge")
        if value == card.value and not parts:
            return f"value {value}"
        return f"value {value}: printed {card.value}, " + ", ".join(parts)

    def _side(self, s: State, p: int) -> SideView:
        """One side of the battle with Charge, Swarm, Mount and Protect applied."""
        card, value, mount = self._side_value(s, p)
        side = card.side
        protected = s.protect[p]
        return SideView(card.spec, value, card.types, card.strengths,
                        frozenset() if protected else card.weaknesses, s.charged[p], mount,
                        protected, side.tmask, side.smask, 0 if protected else side.wmask)

    def _fighter(self, s: State, p: int) -> Side:
        """One side of the battle as `judge` reads it, counting the rules it applies."""
        card, value, _ = self._side_value(s, p, True)
        side = card.side
        protected = s.protect[p]
        if not protected and value == side.value:
            return side  # the badge as printed (a side is never changed once made)
        return Side(value, card.types, card.strengths,
                    frozenset() if protected else card.weaknesses, side.tmask, side.smask,
                    0 if protected else side.wmask)

    def _side_value(self, s: State, p: int,
                    count: bool = False) -> tuple[Card, int, BadgeSpec | None]:
        """The badge in the battle, its value with Charge, Swarm and Mount applied, and
        the mount's spec (``None`` without a mount that carries this badge)."""
        team = s.teams[p]
        card = team.cards[s.committed[p]]
        value = card.value
        if "swarm" in card.ab:
            # Swarm: "This WarBadge has the value of all currently visible WarBadges with
            # the Swarm ability combined, including exhausted badges but not unrevealed
            # badges" -- either player's (ruling swarm-visible).
            value = 0
            for q in range(2):
                st = s.status[q]
                values = s.teams[q].values
                shown = s.charged[q]
                for k in s.teams[q].by_ability["swarm"]:
                    x = st[k]
                    if x == EXHAUSTED or x == BATTLE or x == DYING or (x == HAND and shown):
                        value += values[k]
            if count:
                self.hit(A_SWARM)
                self.hit(G_SWARM_VISIBLE)
        if s.charged[p]:
            value *= 2
        mount = None
        m = s.mount[p]
        if m >= 0:
            if count:
                self.hit(G_MOUNT_KINDS)
            if mount_allowed(card):
                # Mount: "add this WarBadge's value to the value of the WarBadge in the
                # battle. Do not count this WarBadge's types, strengths or weaknesses".
                mount = team.cards[m].spec
                value += team.values[m]
        return card, value, mount

    def _resolve_battle(self, s: State) -> None:
        sides = (self._fighter(s, 0), self._fighter(s, 1))
        winner, cause = judge(sides[0], sides[1])
        if cause == "advantage":
            self.hit(R_TYPE_ADVANTAGE)
        else:
            if cause == "cancelled":
                self.hit(R_ADVANTAGE_CANCEL)
            self.hit(R_DRAW if winner < 0 else R_COMPARE_VALUES)
        for p in range(2):
            m = s.mount[p]
            if m >= 0 and not s.teams[p].cards[m].ab.isdisjoint(_MOUNT_IGNORED):
                self.hit(G_MOUNT_ABILITIES)
        losers: tuple[int, ...] = () if winner < 0 else (1 - winner,)
        if winner < 0:
            # Poison: "If the battle is a draw, the other WarBadge loses."
            poison0 = "poison" in s.teams[0].cards[s.committed[0]].ab
            poison1 = "poison" in s.teams[1].cards[s.committed[1]].ab
            if poison0 or poison1:
                self.hit(A_POISON)
                cause = "poison"
                if poison0 and poison1:
                    self.hit(G_POISON_BOTH)
                    losers = (0, 1)
                else:
                    winner = 0 if poison0 else 1
                    losers = (1 - winner,)
                    self.hit(G_POISON_WINNER)
        if self.emit:
            if winner >= 0:
                text = (f"{self._bn(s, winner, s.committed[winner])} wins "
                        f"({self._why(sides, winner, cause)})")
            elif losers:
                text = "Draw, and both Poison badges make each other lose"
            else:
                text = (f"Draw: equal values {sides[0].value} and {sides[1].value}"
                        + (" (advantages cancel)" if cause == "cancelled" else ""))
            self.emit("result", text)
        s.winner = winner
        kills = []
        dying = []
        for p in range(2):
            b = s.committed[p]
            m = s.mount[p]
            st = s.status[p]
            if p in losers:
                if m >= 0 and mount_allowed(s.teams[p].cards[b]):
                    # Mount: "If the mounted WarBadge loses, kill either the mount or the
                    # rider." (A mount that cannot carry the rider Illusion brought in
                    # is no mount: the rider alone is defeated.)
                    kills.append(("kill", p, b, m, cause))
                else:
                    # "The loser is defeated and removed from play."
                    st[b] = DYING
                    dying.append((p, b, cause))
                    if m >= 0:
                        st[m] = EXHAUSTED
            else:
                # "The winner is exhausted and remains in play." / a draw: "both
                # WarBadges are exhausted, but neither is removed from play."
                st[b] = EXHAUSTED
                if m >= 0:
                    st[m] = EXHAUSTED
                if p == winner:
                    self.hit(R_WINNER_EXHAUSTED)
        s.dying = tuple(dying)
        if kills:
            s.queue = tuple(kills) + s.queue
        s.stage = RESULT

    def _why(self, sides, w: int, cause: str) -> str:
        a, b = sides[w], sides[1 - w]
        if cause == "advantage":
            strong = sorted(a.strengths & b.types)
            if strong:
                return f"strong against {', '.join(strong)}"
            return f"the enemy is weak against {', '.join(sorted(b.weaknesses & a.types))}"
        if cause == "poison":
            return "the draw is decided by Poison"
        extra = "advantages cancel, " if cause == "cancelled" else ""
        return f"{extra}value {a.value} against {b.value}"

    def _enter_save(self, s: State) -> None:
        """Regenerate, then the windows for Heal and Altruism."""
        keep = []
        for d in s.dying:  # (typed: no generic unpacking)
            q: int = d[0]
            j: int = d[1]
            cause: str = d[2]
            card = s.teams[q].cards[j]
            if not card.ab.isdisjoint(_NOT_WHILE_DYING):
                self.hit(G_DYING_CANNOT_ACT)
            if "regenerate" in card.ab:
                self.hit(G_REGENERATE_DEFEAT)
                if cause != "advantage":
                    # Regenerate: "If this WarBadge was not defeated due to disadvantage,
                    # exhaust it instead of removing it from play."
                    s.status[q][j] = EXHAUSTED
                    self.hit(A_REGENERATE)
                    if self.emit:
                        self.emit("ability", f"Regenerate: {self._bn(s, q, j)} is "
                                             "exhausted instead of removed")
                    continue
            keep.append(d)
        s.dying = tuple(keep)
        s.stage = SAVE
        s.quiet = False

    def _deaths(self, s: State) -> None:
        """The dying badges die; then Rage and Inspire; then the post-battle windows."""
        dying = s.dying
        s.dying = ()
        for d in dying:
            q: int = d[0]
            j: int = d[1]
            self.hit(R_DEFEATED_REMOVED)
            s.killed = s.killed + ((q, j),)
            self._die(s, q, j)
        if dying and self._check_elimination(s):
            return
        s.stage = POST
        s.quiet = False
        w = s.winner
        if w < 0:
            return
        b = s.committed[w]
        card = s.teams[w].cards[b]
        x = s.status[w][b]
        if x != EXHAUSTED and x != READY:
            return
        if "rage" in card.ab and x == EXHAUSTED:
            self.hit(G_RAGE_ACTIVE_OPPONENT)
            if holds(s.status[1 - w], READY):
                # Rage: "it is not exhausted. Flip it back to ready."
                self.hit(A_RAGE)
                if self.emit:
                    self.emit("ability", f"Rage: {self._bn(s, w, b)} flips back to ready")
                self._ready(s, w, b)
        if "inspire" in card.ab:
            self.hit(G_INSPIRE_KILLED)
            killed = [k for q, k in s.killed if q != w]
            if killed:
                # Inspire: "flip X WarBadges to their ready side where X equals the value
                # of the WarBadge killed."
                self.hit(A_INSPIRE)
                self.hit(G_LEAD_TARGETS)
                if self.emit:
                    self.emit("ability", f"Inspire: {self._bn(s, w, b)} readies up to "
                                         f"{s.teams[1 - w].values[killed[0]]} badge(s)")
                self._pick(s, ("inspire", w, b, s.teams[1 - w].values[killed[0]], ()))

    def _end_battle(self, s: State) -> None:
        s.battle += 1
        s.committed = _NO_BADGE_EACH
        s.charged = _FALSE_EACH
        s.swarm = _ZERO_EACH
        s.mount = _NO_BADGE_EACH
        s.protect = _FALSE_EACH
        s.winner = -1
        s.killed = ()
        s.stage = PRE
        s.quiet = False
        self._battle_heading(s)

    # ------------------------------------------------------------ round end
    def _end_round(self, s: State, cancelled: bool) -> None:
        """End of Round: set aside, then the next round's drop (or the final count)."""
        self.hit(R_ROUND_END)
        if cancelled:
            self.hit(G_BATTLE_CANCELLED)
            for p in range(2):
                b = s.committed[p]
                if b >= 0:
                    self._turn(s, p, b, READY)
        s.committed = _NO_BADGE_EACH
        s.charged = _FALSE_EACH
        s.swarm = _ZERO_EACH
        losers = [p for p in range(2) if not holds(s.status[p], READY)]
        if len(losers) == 2:
            self.hit(G_BOTH_EXHAUSTED)
        if self.emit:
            self.emit("info", "The round ends: " + " and ".join(s.names[p] for p in losers)
                      + (" has" if len(losers) == 1 else " have") + " no ready badge left")
        for p in range(2):
            if p in losers:
                continue
            st = s.status[p]
            for j, x in enumerate(st):
                if x == READY:
                    # "If the other player still has ready WarBadges, set them to the side."
                    st[j] = ASIDE
                    self.hit(R_SET_ASIDE)
                    if self.emit:
                        self.emit("info", f"{self._bn(s, p, j)} is set aside (ready)")
        if s.round >= s.rounds:
            self._final(s)
            return
        s.round += 1
        self._begin_round(s, losers)

    def _final(self, s: State) -> None:
        """Victory after the last round: more badges, then higher total value, else draw."""
        counts = []
        totals = []
        for p in range(2):
            if holds(s.status[p], HIDDEN):
                self.hit(G_HIDDEN_ALIVE)
            count, total = self._standing(s, p)
            counts.append(count)
            totals.append(total)
        if counts[0] != counts[1]:
            self.hit(R_VICTORY_MORE_BADGES)
            w = 0 if counts[0] > counts[1] else 1
            self._finish(s, _MORE_BADGES[w])
        elif totals[0] != totals[1]:
            self.hit(R_VICTORY_TOTAL_VALUE)
            w = 0 if totals[0] > totals[1] else 1
            self._finish(s, _TOTAL_VALUE[w])
        else:
            self.hit(R_VICTORY_DRAW)
            self._finish(s, _EQUAL)

    # ------------------------------------------------------------ observation
    def observe(self, s: State, player: int) -> Observation:
        """What ``player`` may see: its own badges, the enemy's face-up ones, the enemy's
        badges it has ever seen (never one that has not been face up: Setup, "each
        player secretly chooses 6 WarBadges"), and what is hidden from it only as counts
        (see `Observation`)."""
        p = player
        e = 1 - p
        views = s.teams[p].views
        st = s.status[p]
        mine = tuple([views[j][st[j]] for j in range(len(st))])
        est = s.status[e]
        charged = s.charged[e]
        seen = _SEEN_BITS | (1 << HAND if charged else 0)
        views = s.teams[e].views
        theirs = tuple([views[j][est[j]] for j in range(len(est)) if seen >> est[j] & 1])
        known = s.shown[e]
        for j in range(len(est)):
            if seen >> est[j] & 1:
                known |= 1 << j
        sides: tuple[SideView | None, ...] = (None, None)
        c = s.committed
        stage = s.stage
        if (stage == FIGHT or stage == RESULT or stage == SAVE or stage == POST) \
                and c[0] >= 0 and c[1] >= 0:
            sides = (self._side(s, p), self._side(s, e))
        elif c[e] >= 0 and charged:
            sides = (self._side(s, p) if c[p] >= 0 else None, self._side(s, e))
        pend = s.pending
        own = pend if pend is not None and pend[1] == p else None
        ce = c[e]
        if ce >= 0 and stage == PRE and not charged:
            ce = _SECRET
        public = (stage, s.target, s.quiet, s.queue, (c[0], ce) if p == 0 else (ce, c[1]),
                  s.charged, s.mount, s.protect, s.dying, s.winner, s.killed, s.outcome,
                  pend, p in s.window, s.declared[p], s.swarm[p], s.shown[p])
        return Observation(
            player=p,
            decision=own[0] if own is not None else STAGE_NAMES[stage],
            round=s.round, rounds=s.rounds, battle=s.battle,
            mine=mine, theirs=theirs, their_team=s.teams[e].known(known),
            catalogs=s.catalogs,
            their_ready=tally(est, READY), their_alive=len(est) - tally(est, DEAD),
            their_committed=c[e] >= 0, flip_target=s.target[p], sides=sides,
            dying=tuple([(q, j) for q, j, _ in s.dying]), pending=own,
            names=s.names, public=public,
        )

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A full state drawn from ``rng`` among those ``player`` cannot tell apart from
        the real one, built from ``obs`` alone.

        The enemy badges never seen face up are dealt from the enemy's catalog, every
        team that holds the badges seen and meets the format alike likely
        (`BadgeCatalog.complete`). The enemy's badges it does not see now are dealt at
        random to the places it knows the number of: the secretly chosen badge (with a
        random choice of the other Swarm badges to reveal with it), the face-down pool,
        and set aside. An open window holds the player (when it is in it) and the enemy
        when the enemy could act there; the enemy's own declaration is never known, so it
        has not declared.
        """
        p = player
        e = 1 - p
        (stage, target, quiet, queue, committed, charged, mount, protect, dying, winner,
         killed, outcome, pending, in_window, declared, swarm, shown_mine) = obs.public
        their_team = obs.their_team
        specs: list[tuple[BadgeSpec, ...]] = [(), ()]
        specs[p] = tuple([v.spec for v in obs.mine])
        specs[e] = obs.catalogs[e].complete(their_team, rng)
        teams = self._teams_of(specs[0], specs[1])
        shown = [0, 0]
        shown[p] = shown_mine
        for j in range(len(their_team)):
            if their_team[j] is not None:
                shown[e] |= 1 << j
        status: list[list[int]] = [[], []]
        status[p] = [_CODES[v.status] for v in obs.mine]
        est = [-1] * len(their_team)
        for v in obs.theirs:
            est[v.index] = _CODES[v.status]
        status[e] = est
        unseen = [k for k, x in enumerate(est) if x < 0]
        rng.shuffle(unseen)
        committed = list(committed)
        swarms = [0, 0]
        swarms[p] = swarm
        if committed[e] == _SECRET:
            j = committed[e] = unseen.pop()
            est[j] = HAND
            if "swarm" in teams[e].cards[j].ab:
                for k in teams[e].by_ability["swarm"]:
                    if k != j and rng.random() < 0.5:
                        swarms[e] |= 1 << k
        for i, k in enumerate(unseen):
            est[k] = READY if i < obs.their_ready else ASIDE
        if swarms[e]:  # only face-down Swarm badges can go with the chosen one
            swarms[e] &= sum(1 << k for k, x in enumerate(est) if x == READY)
        s = State(
            teams=teams, names=obs.names, rounds=obs.rounds,
            values=(teams[0].values, teams[1].values), status=(status[0], status[1]),
            round=obs.round,
            battle=obs.battle, stage=stage, target=target, queue=queue, quiet=quiet,
            committed=(committed[0], committed[1]), charged=charged, swarm=(swarms[0], swarms[1]),
            mount=mount,
            protect=protect, pending=pending, dying=dying, winner=winner, killed=killed,
            outcome=outcome, shown=(shown[0], shown[1]),
            catalogs=obs.catalogs,
        )
        if outcome is None and pending is None and stage in (PRE, FIGHT, SAVE, POST):
            # A window is open (every other stop holds a pending choice, a flip or chance).
            options = self._pre_options if stage == PRE else self._options
            mine = in_window
            theirs = bool(options(s, e)) or not mine or declared is not None
            s.window = tuple([q for q in self._order(s)
                              if (mine if q == p else theirs)])
            s.declared = _put((None, None), p, declared)
        return s

    def _teams_of(self, specs0: tuple, specs1: tuple) -> tuple[Team, ...]:
        """Prepared teams for two lists of specs (cached: teams are immutable). The same
        spec objects as the last time (a search's every determinization) give the last
        answer without hashing them."""
        last = self._det_last
        if last is not None and _same(last[0], specs0) and _same(last[1], specs1):
            return last[2]
        cache = self._det_teams
        key = (specs0, specs1)
        teams = cache.get(key)
        if teams is None:
            if len(cache) > 256:
                cache.clear()
            teams = cache[key] = (Team(specs0, 0), Team(specs1, 1))
        self._det_last = (specs0, specs1, teams)
        return teams

    # ------------------------------------------------------------- invariants
    def invariants(self, s: State) -> Iterable[tuple[str, str]]:
        """Each badge in exactly one place, values and team sizes unchanged, rounds
        within the format, and the bookkeeping consistent with the badges' places.

        The usual states (no battle under way, every badge settled; or a battle being
        fought, saved or followed up, or the game over) are checked with a few
        comparisons (`_settled`, `_in_battle_ok`); only another state gets the detailed
        search."""
        if self._settled(s) or self._in_battle_ok(s):
            return ()
        return list(self._broken(s))

    def _settled(self, s: State) -> bool:
        """True if ``s`` is a usual between-battles state with nothing broken: no badge in
        battle or dying, one in hand only for a secret choice, every count as set."""
        stage = s.stage
        if (s.outcome is not None or stage == FIGHT or stage == RESULT or stage == OVER
                or s.dying or s.swarm[0] or s.swarm[1] or not 1 <= s.round <= s.rounds):
            return False
        places = _SETTLED_BITS_IN_DROP if stage == DROP or stage == FLIP else _SETTLED_BITS
        teams, status, values, committed = s.teams, s.status, s.values, s.committed
        for p in range(2):
            st = status[p]
            team = teams[p]
            if len(st) != team.size or values[p] is not team.values:
                return False
            c = committed[p]
            chosen = stage == PRE and c >= 0
            if chosen and st[c] != HAND:
                return False
            hand = dropped = 0  # (one pass: in hand, and ready or exhausted)
            for x in st:
                if x == READY or x == EXHAUSTED:  # (settled everywhere: the usual case)
                    dropped += 1
                elif x == HAND:  # only the badge chosen for the battle
                    if not chosen:
                        return False
                    hand += 1
                elif x < 0 or not places >> x & 1:
                    return False
            if chosen and hand != 1:
                return False
            if stage == FLIP and s.target[p] > dropped:
                return False
        return True

    def _in_battle_ok(self, s: State) -> bool:
        """True if ``s`` is a battle being fought (its windows), saved or followed up, or
        the game over, with nothing broken: `_broken` would find nothing. In battle only
        the chosen badge and its Mount; dying only the listed badges; none in hand or set
        aside."""
        stage = s.stage
        over = s.outcome is not None
        if (over != (stage == OVER) or s.swarm[0] or s.swarm[1]
                or not 1 <= s.round <= s.rounds
                or not (stage == FIGHT or stage == SAVE or stage == POST or stage == OVER)):
            return False
        teams, status, values, dying = s.teams, s.status, s.values, s.dying
        for p in range(2):
            st = status[p]
            team = teams[p]
            if len(st) != team.size or values[p] is not team.values:
                return False
            if over:
                for x in st:
                    if x < READY or x > DEAD:
                        return False
                continue
            battle = 0  # the badges that should be in battle, as a bit mask
            if stage == FIGHT:
                c, m = s.committed[p], s.mount[p]
                if c < 0:
                    return False
                battle = 1 << c
                if m >= 0:
                    battle |= 1 << m
            listed = 0  # the dying badges listed, as a bit mask, and how many
            count = 0
            for d in dying:
                q: int = d[0]
                if q == p:
                    j: int = d[1]
                    listed |= 1 << j
                    count += 1
            in_battle = 0
            in_death = 0
            for j in range(len(st)):
                x = st[j]
                if x == BATTLE:
                    in_battle |= 1 << j
                elif x == DYING:
                    in_death |= 1 << j
                    count -= 1
                elif x < READY or x > DEAD or x == HAND or x == ASIDE:
                    return False
            if in_battle != battle or in_death != listed or count:
                return False
        return True

    def _broken(self, s: State) -> Iterator[tuple[str, str]]:
        """Every broken invariant of ``s`` (the detailed check behind `invariants`)."""
        if not 1 <= s.round <= s.rounds:
            yield "rounds", f"round {s.round} is outside 1..{s.rounds}"
        over = s.outcome is not None
        stage = s.stage
        if over != (stage == OVER):
            yield "outcome", f"outcome {s.outcome} at stage {STAGE_NAMES[stage]}"
        teams, status, all_values = s.teams, s.status, s.values
        committed, dying = s.committed, s.dying
        swarm = s.swarm
        if swarm[0] or swarm[1]:  # other Swarm badges wait only with a secret choice
            for p in range(2):
                mask = swarm[p]
                if mask and (stage != PRE or committed[p] < 0 or s.charged[p] or mask & ~sum(
                        1 << k for k in teams[p].by_ability["swarm"] if k != committed[p])):
                    yield "swarm", f"{s.names[p]}: Swarm badges {mask:b} wait to be revealed " \
                                   f"without a secret Swarm choice"
        # The usual case at once: no badge may be in hand, in battle or dying now, and
        # none is there (nor set aside, outside the drop): only the flip count is left.
        quiet = not over and stage != FIGHT and stage != RESULT and not dying
        settled = _SETTLED_IN_DROP if stage == DROP or stage == FLIP else _SETTLED
        for p in range(2):
            team = teams[p]
            st = status[p]
            name = s.names[p]
            values = all_values[p]
            size = team.size
            if len(st) != size or size != len(values):
                yield "team-size", f"{name}: {len(st)} places for a team of {size}"
                continue
            if team.values is not values and team.values != values:
                yield "values", f"{name}: badge values changed from {values}"
            if quiet and settled.issuperset(st) and (stage != PRE or committed[p] < 0):
                if stage == FLIP and s.target[p] > tally(st, READY) + tally(st, EXHAUSTED):
                    yield "ready-count", f"{name} must ready {s.target[p]} but dropped fewer"
                continue
            # (the set lookup settles the usual case at once)
            if not _PLACES.issuperset(st) and (min(st) < READY or max(st) > DEAD):
                yield "one-place", f"{name}: a badge has no place ({st})"
            if over:
                continue
            c = committed[p]
            in_hand = stage == PRE and c >= 0
            if tally(st, HAND) != in_hand or (in_hand and st[c] != HAND):
                yield "one-place", f"{name}: badges in hand do not match the choice {c}"
            if stage == FIGHT or stage == RESULT or holds(st, BATTLE):
                expect = self._in_battle(s, p)
                found = {j for j, x in enumerate(st) if x == BATTLE}
                if found != expect:
                    yield "one-place", f"{name}: badges in battle {sorted(found)}, " \
                                       f"expected {sorted(expect)}"
            if dying:
                listed = [j for q, j, _ in dying if q == p]
                if tally(st, DYING) != len(listed) or any(st[j] != DYING for j in listed):
                    yield "one-place", f"{name}: dying badges do not match the dying " \
                                       f"list {listed}"
            elif holds(st, DYING):
                yield "one-place", f"{name}: a badge is dying but none is listed"
            if stage == FLIP:
                if s.target[p] > tally(st, READY) + tally(st, EXHAUSTED):
                    yield "ready-count", f"{name} must ready {s.target[p]} but dropped fewer"
            elif stage != DROP and holds(st, ASIDE):
                yield "one-place", f"{name}: a badge is still set aside at " \
                                   f"{STAGE_NAMES[stage]}"

    def _in_battle(self, s: State, p: int) -> set[int]:
        """The badges of ``p`` that should be in the battle now."""
        c, m = s.committed[p], s.mount[p]
        if s.stage == FIGHT:
            return {c} | ({m} if m >= 0 else set())
        if s.stage == RESULT:
            pend = s.pending
            if pend is not None and pend[0] == "kill" and pend[1] == p:
                return {pend[2], pend[3]}
            if any(a[0] == "kill" and a[1] == p for a in s.queue):
                return {c, m}
        return set()

    # --------------------------------------------------------------- text
    def _bn(self, s: State, p: int, j: int) -> str:
        return f"{s.names[p]}'s {s.teams[p].cards[j].name}"

    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """``(what, why it is legal)`` for a playthrough log, in the state before it."""
        kind = action[0]
        if kind == "drop":
            parts = []
            for p, mask in ((0, action[2]), (1, action[3])):
                st = s.status[p]
                lands = [f"{s.teams[p].cards[j].name} {'up' if mask >> j & 1 else 'down'}"
                         for j, x in enumerate(st) if x == READY or x == EXHAUSTED]
                parts.append(f"{s.names[p]}: " + (", ".join(lands) or "nothing to drop"))
            return "Shake and Drop — " + "; ".join(parts), "chance"
        if kind == "blind":
            _, _, q, j = action
            pend = s.pending[4] if s.pending is not None else ("",)
            return (f"The blind pick for {pend[0].replace('-', ' ')} hits "
                    f"{self._bn(s, q, j)}",
                    f"chance: one of {tally(s.status[q], READY)} face-down badges, which "
                    "the picker could not tell apart")
        p = action[1]
        who = s.names[p]
        if kind == "flip":
            j = action[2]
            up = s.status[p][j] == READY
            need = s.target[p]
            return (f"{who} flips {s.teams[p].cards[j].name} "
                    f"{'face up (exhausted)' if up else 'face down (ready)'}",
                    f"{tally(s.status[p], READY)} ready, exactly {need} needed")
        if kind == "pass":
            if s.stage == PRE and s.committed[p] >= 0:
                return (f"{who} passes", "it has chosen its badge; the other player has "
                        "not, so the pre-battle phase goes on")
            return f"{who} passes", "a player may always pass"
        if kind == "commit" or kind == "charge":
            team = s.teams[p]
            name = team.cards[action[2]].name
            also = ""
            if len(action) > 3:
                also = ", with " + ", ".join(
                    team.cards[k].name for k in team.by_ability["swarm"] if action[3] >> k & 1
                ) + " to reveal with it (Swarm)"
            if kind == "charge":
                return (f"{who} reveals {name} as its choice{also}",
                        "it is ready and has Charge")
            return f"{who} chooses {name} for the battle (secret){also}", "it is ready"
        if kind == "kill":
            return (f"{who} kills {s.teams[p].cards[action[2]].name}",
                    "the mounted badge lost: kill either the mount or the rider")
        if kind == "target":
            _, _, q, ref = action
            pend = s.pending
            assert pend is not None  # (a target answers a pending choice)
            if ref == _BLIND:
                what = f"one of {s.names[q]}'s {tally(s.status[q], READY)} face-down badges"
            elif ref == _SECRET:
                what = f"the badge {s.names[q]} chose in secret"
            else:
                what = self._bn(s, q, ref)
            return (f"{who} picks {what} for {pend[0].replace('-', ' ')}",
                    f"a legal target of {pend[0].replace('-', ' ')} of "
                    f"{s.teams[p].cards[pend[2]].name}")
        card = s.teams[p].cards[action[2]]
        if s.pending is not None and s.pending[0] == "trigger":
            return (f"{who} uses the triggered Enervate of {card.name}",
                    "Enervate flipped it face up, which triggers its ability")
        cond = "ready" if s.status[p][action[2]] == READY else "in play"
        return (f"{who} declares {kind.replace('-', ' ').title()} of {card.name}",
                f"{card.name} is {cond} and has {kind.replace('-', ' ')}")
