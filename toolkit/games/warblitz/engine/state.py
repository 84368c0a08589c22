"""Warblitz engine data: the input specs, the static game, the state and what a player sees.

Everything here is plain data. `CardSpec`, `WarbandSpec` and `WarblitzParams` are the
engine's input (validated spreadsheets, converted by `params_from_loaded`). `Game` is
what never changes during a battle, prepared once per parameters: every card of both
warbands and every terrain piece gets a number (its *uid*), with its owner and numbers.
`State` is the battle at one moment; the rules copy it before every change.

Where things are: the battlefield is a flat list of `board.SIZE` spaces holding a uid or
`EMPTY`; the per-piece numbers (space, damage, boost, tokens by role) sit in one flat
list ``u`` (`F` numbers per uid). Every card is in exactly one place: on the battlefield
(``u[uid*F + POS] >= 0``), in its owner's draw pile, reserves (hand), active area,
discard pile (events and relics played) or among the destroyed units.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, Final, NamedTuple

from toolkit.games.warblitz.board import DEFAULT_START, StartLayout, own_space, read_slot
from toolkit.games.warblitz.effects import NO_EFFECT, ONGOING, SPECIAL, TRIGGERS, Clause, Effect
from toolkit.sim.engine import Outcome

# (Final constants: the compiled engine reads them as numbers, not module globals.)
UNIT: Final = 0
EVENT: Final = 1
RELIC: Final = 2
TERRAIN: Final = 3
KIND_NAMES: Final = ("unit", "event", "relic", "terrain")
COMMON: Final = 0
ELITE: Final = 1
COMMANDER: Final = 2
"""Ranks of units; events and relics use COMMON and ELITE (Epic)."""
RANK_NAMES: Final = ("Common", "Elite", "Commander")
CLASSES: Final = ("Melee", "Ranged", "Special")

EMPTY: Final = -1

# The numbers kept per uid in State.u.
POS: Final = 0
DMG: Final = 1
BST: Final = 2
TDEF: Final = 3
TATK: Final = 4
TSPC: Final = 5
F: Final = 6

# Held tokens: (DEF, ATK, WLD, SPC, BST) counts.
H_DEF: Final = 0
H_ATK: Final = 1
H_WLD: Final = 2
H_SPC: Final = 3
H_BST: Final = 4
PAY_ORDER: Final = (H_DEF, H_ATK, H_WLD, H_SPC, H_BST)
"""Ruling ``payment``: tokens pay costs in this order."""

# Upgrade paths (bits of State.opened).
PATHS: Final = ("units", "events", "relics")
PATH_OF_KIND: Final = {UNIT: 0, EVENT: 1, RELIC: 2}
UPGRADED: Final = 8
"""The bit of ``State.upgraded`` set once the turn's upgrade is done (bits 0-2 are the
paths it opened, not usable before the next turn)."""


def usable_paths(opened: int, upgraded: int) -> int:
    """The paths whose elite options the player may use now: those opened before this
    turn. Upgrades example 1: "On the next turn they now have 4 draw dice available and
    the ability to deploy Elite units." (``upgraded`` is the current player's.)"""
    return opened & ~upgraded

# Phases of a turn, with the steps that need their own decisions.
BEGIN: Final = 0
DEPLOY: Final = 1
MOVE: Final = 2
UNIT_MOVE: Final = 3
UNIT_ATTACK: Final = 4
ROLL_TOKENS: Final = 5
ROLL_ATTACK: Final = 6
PICK: Final = 7
OVER: Final = 8
PHASE_NAMES: Final = ("beginning", "deploy", "move & attack", "unit move", "unit attack",
               "token roll", "attack roll", "choice", "over")
CARD_PHASE: Final = {BEGIN: 0, DEPLOY: 1, MOVE: 2}
"""The card Phase code (models.phase_code) playable in each top-level phase."""


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card as written: kind, rank (or tier), class, numbers and its effect.

    ``phase`` is the card Phase code (0 Beginning, 1 Deploy, 2 Move & Attack, None any).
    """

    name: str
    kind: int
    rank: int
    klass: int = -1
    cost: int = 0
    hp: int = 0
    strength: int = 0
    ranged: bool = False
    phase: int | None = None
    active: bool = False
    effect: Effect = NO_EFFECT

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (CardSpec, (self.name, self.kind, self.rank, self.klass, self.cost, self.hp,
                           self.strength, self.ranged, self.phase, self.active, self.effect))


@dataclass(frozen=True, slots=True)
class WarbandSpec:
    """One player's warband: its name, its cards in sheet order and its commander's
    starting layout (`board.DEFAULT_START` when the catalog gives none)."""

    name: str
    cards: tuple[CardSpec, ...]
    start: StartLayout = DEFAULT_START

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (WarbandSpec, (self.name, self.cards, self.start))


@dataclass(frozen=True, slots=True)
class WarblitzParams:
    """A battle's parameters: two warbands in seat order."""

    warbands: tuple[WarbandSpec, ...]

    def __post_init__(self) -> None:
        if len(self.warbands) != 2:
            raise ValueError(f"Warblitz is for 2 players, got {len(self.warbands)} warbands")
        for band in self.warbands:
            if sum(1 for c in band.cards if c.kind == UNIT and c.rank == COMMANDER) != 1:
                raise ValueError(f"{band.name}: a warband needs exactly one Commander")

    @property
    def deck_names(self) -> tuple[str, ...]:
        """The warbands' names, in seat order."""
        return tuple(b.name for b in self.warbands)

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (WarblitzParams, (self.warbands,))


def card_spec(card: Any) -> CardSpec:
    """A validated catalog model (`models.Unit`, `Event` or `Relic`) as plain data."""
    from toolkit.games.warblitz.models import Event, Unit, phase_code  # noqa: PLC0415

    if isinstance(card, Unit):
        klass = CLASSES.index(card.unit_class) if card.unit_class else -1
        return CardSpec(card.name, UNIT, RANK_NAMES.index(card.rank), klass, card.cost,
                        card.hp, card.strength, card.attack == "RNG", None, False,
                        card.effect)
    code = phase_code(card.phase)
    kind = EVENT if isinstance(card, Event) else RELIC
    return CardSpec(card.name, kind, 1 if card.tier == "Epic" else 0, -1, card.cost,
                    phase=None if code is None or code < 0 else code,
                    active=bool(getattr(card, "active", False)), effect=card.effect)


def params_from_loaded(decks: Any) -> WarblitzParams:
    """`WarblitzParams` from `deck.load_decks`' `LoadedDeck` list (seat order kept)."""
    bands = []
    for deck in decks:
        commander = next((c for c in deck.cards if getattr(c, "rank", "") == "Commander"),
                         None)
        start = getattr(commander, "start", None) or DEFAULT_START
        bands.append(WarbandSpec(deck.name, tuple(card_spec(c) for c in deck.cards), start))
    return WarblitzParams(tuple(bands))


KEY_MASK: Final = (1 << 61) - 1
KEYED: Final = 40
"""Numbers -1 .. 38 of ``u`` (every space of the battlefield, and damage and tokens up
to 38) have their own random key in `State.pieces_hash`."""


def piece_keys(n: int) -> tuple[int, ...]:
    """A random 61-bit key for each of the first `KEYED` values of each of ``n``
    numbers, drawn once from a fixed seed (Zobrist hashing: `State.pieces_hash`)."""
    draw = Random(0x5EED)
    return tuple(draw.getrandbits(61) for _ in range(n * KEYED))


class Game:
    """Everything about a battle that never changes, by uid (see the module docstring).

    Uids ``0 .. cards-1`` are the two warbands' cards (player 1's first), then one uid per
    terrain piece. ``start`` gives each uid's space at setup (or EMPTY), ``commander`` each
    player's commander uid.
    """

    __slots__ = ("params", "names", "spec", "owner", "kind", "hp", "strength",
                 "ranged", "taunt", "unforceable", "base_moves", "base_reach", "rank",
                 "label", "count", "ncards", "commander", "own", "start", "ongoing",
                 "card_id", "same", "effect", "all_uids", "hp_check", "modifiers", "units",
                 "units_of", "taunters", "special", "clauses", "keys")

    def __init__(self, params: WarblitzParams) -> None:
        self.params = params
        self.names = params.deck_names
        cards: list[CardSpec] = []
        owner: list[int] = []
        own: list[tuple[int, ...]] = []
        for p, band in enumerate(params.warbands):
            own.append(tuple(range(len(cards), len(cards) + len(band.cards))))
            cards.extend(band.cards)
            owner.extend([p] * len(band.cards))
        self.ncards = len(cards)
        specs: list[CardSpec | None] = list(cards)  # then one None per terrain piece
        self.own = tuple(own)
        start = [EMPTY] * self.ncards
        commander = []
        for p, band in enumerate(params.warbands):
            layout = band.start
            mine = own[p]
            boss = next(i for i in mine if cards[i].kind == UNIT and cards[i].rank == COMMANDER)
            commander.append(boss)
            start[boss] = own_space(p, *layout.commander)
            used = {boss}
            for ref, space in layout.units:
                pick = _starting_card(cards, mine, ref, used)
                if pick is None:
                    raise ValueError(f"{band.name}: no card of the warband for the starting "
                                     f"unit '{ref}'")
                used.add(pick)
                start[pick] = own_space(p, *space)
            for space in layout.terrain:
                specs.append(None)
                owner.append(-1)
                start.append(own_space(p, *space))
        self.commander = tuple(commander)
        self.count = len(specs)
        self.all_uids = list(range(self.count))
        self.keys = piece_keys(self.count * F)
        self.spec = tuple(specs)
        self.owner = tuple(owner)
        self.start = tuple(start)
        self.kind = tuple(TERRAIN if s is None else s.kind for s in specs)
        self.effect = tuple(NO_EFFECT if s is None else s.effect for s in specs)
        self.hp = tuple(0 if s is None else s.hp for s in specs)
        # The life a piece's damage must stay below (terrain, events, relics: never reached).
        self.hp_check = [1 << 30 if s is None or s.kind != UNIT else s.hp for s in specs]
        self.units = frozenset(i for i, s in enumerate(specs) if s is not None and s.kind == UNIT)
        self.strength = tuple(0 if s is None else s.strength for s in specs)
        self.ranged = tuple(bool(s and s.ranged) for s in specs)
        self.rank = tuple(-1 if s is None else s.rank for s in specs)
        self.taunt = tuple(e.taunt for e in self.effect)
        # Each player's unit cards, and those with Taunt.
        self.units_of = tuple(tuple(i for i in mine if i in self.units) for mine in own)
        self.taunters = tuple(tuple(i for i in mine if self.taunt[i]) for mine in self.units_of)
        self.unforceable = tuple(e.unforceable for e in self.effect)
        self.base_moves = tuple(e.moves or 2 for e in self.effect)
        self.base_reach = tuple(e.reach or 3 for e in self.effect)
        self.label = tuple("terrain" if s is None else s.name for s in specs)
        self.ongoing = tuple(i for i, e in enumerate(self.effect) if e.has(ONGOING))
        # Whether each card has a Special ability ("Special:" clauses).
        self.special = tuple(e.has(SPECIAL) for e in self.effect)
        # Each card's clauses by trigger (`Effect.on`, worked out once).
        self.clauses: tuple[tuple[tuple[Clause, ...], ...], ...] = tuple(
            tuple(e.on(trigger) for trigger in range(len(TRIGGERS))) for e in self.effect)
        mods: list[list[tuple]] = [[], [], []]
        for i in self.ongoing:
            for clause in self.effect[i].on(ONGOING):
                for step in clause.steps:
                    mods[step.arg].append((i, owner[i], self.kind[i] == UNIT, step))
        # Per stat (dice, moves, range): (source uid, owner, is a unit, modifier step).
        self.modifiers = tuple(tuple(m) for m in mods)
        self.card_id = tuple(None if s is None or s.effect == NO_EFFECT
                             else f"warblitz.card.{s.name}" for s in specs)
        # The first uid of the same owner and card name (interchangeable copies).
        first: dict[tuple[int, str], int] = {}
        self.same = tuple(i if s is None else first.setdefault((owner[i], s.name), i)
                          for i, s in enumerate(specs))

    def is_unit(self, uid: int) -> bool:
        """True for a unit card (not an event, relic or terrain)."""
        return self.kind[uid] == UNIT

    def card(self, uid: int) -> CardSpec:
        """The spec of a card's uid (not a terrain piece's)."""
        spec = self.spec[uid]
        assert spec is not None, "a terrain piece has no card"
        return spec


def _starting_card(specs: list[CardSpec], mine: tuple[int, ...], ref: str, used: set[int]) -> int | None:
    """The first card of the warband a start layout's unit reference names."""
    slot = read_slot(ref)
    for i in mine:
        s = specs[i]
        if i in used or s.kind != UNIT or s.rank == COMMANDER:
            continue
        if slot is not None:
            if RANK_NAMES[s.rank] == slot[0] and s.klass >= 0 and CLASSES[s.klass] == slot[1]:
                return i
        elif s.name.casefold() == ref.casefold():
            return i
    return None


class Task(NamedTuple):
    """One pending piece of an effect (see rules.py, "Effects").

    ``kind``: CLAUSE (steps still to run), PICK_TARGET (the owner chooses one of
    ``options`` for ``steps[0]``), PICK_DIRECTION (the owner chooses a direction to force
    ``subject``), PICK_SPACE (the owner chooses where ``subject`` moves). ``source`` is the
    card whose ability it is (a uid), ``origin`` the space it was on when the ability
    fired (EMPTY for an event or relic), ``target`` the attack's target, ``it`` the card
    the previous step chose.
    """

    kind: int
    owner: int
    source: int
    origin: int
    steps: tuple = ()
    target: int = EMPTY
    it: int = EMPTY
    options: tuple[int, ...] = ()
    subject: int = EMPTY
    amount: int = 0


CLAUSE: Final = 0
PICK_TARGET: Final = 1
PICK_DIRECTION: Final = 2
PICK_SPACE: Final = 3

SOUND: Final[Any] = object()
"""The value of ``State.sound`` once the invariant checks found the state sound."""


@dataclass(slots=True, eq=False)
class State:
    """The whole battle at one moment; per-player lists and tuples are indexed by seat.

    Turn bookkeeping: ``deployed`` units so far (``fresh`` their uids), ``acted`` the
    units selected in Move & Attack, ``unit`` the one acting now, ``struck`` whether an
    enemy card was targeted this turn (the cost of inaction), ``assigned`` the token
    slots used per unit this Beginning phase (bit 1 ATK/DEF, bit 2 SPC), ``upgraded``
    whether this turn's upgrade is done (`UPGRADED`) and the paths it opened (their bits of
    ``opened``: usable from the next turn, see `usable_paths`). ``attack`` is the declared attack awaiting its
    roll: (attacker, target, dice, specials from an SPC token). ``queue`` holds the
    pending `Task`s, ``resume`` the phase to return to once it is empty. ``sound`` and
    ``changed`` are what the invariant checks need to look only at what changed (not part
    of the battle): the parent state when it was found sound (`SOUND` once this state
    was), and the uids whose numbers were written since (None: ``u`` and ``board`` are
    still the parent's lists). Every change to ``u`` or ``board`` goes through `write`;
    ``frozen`` caches `pieces`; ``owns`` tells which lists `zones` (1) and `holdings` (2)
    made this state's own; ``aims`` keeps the acting unit's targets once the state has
    settled in the unit attack phase (the rules' cache, not part of the battle);
    ``zhash`` caches `zones_hash` (-1: not worked out since the zones last changed).
    ``uhash`` is `pieces_hash` kept up to date as pieces are written (-1: not worked out
    yet), less the numbers of the uids in ``loose`` (written since, added back when the
    hash is asked for).
    """

    game: Game
    board: list[int]
    u: list[int]
    pile: list[tuple[int, ...]]
    hand: list[tuple[int, ...]]
    used: list[tuple[int, ...]]
    gone: list[tuple[int, ...]]
    active: list[tuple[int, ...]]
    held: list[tuple[int, ...]]
    opened: tuple[int, int] = (0, 0)
    perm: tuple[int, int] = (0, 0)
    temp: tuple[int, int] = (0, 0)
    turns: tuple[int, int] = (0, 0)
    first: int = 0
    current: int = 0
    turn: int = 0
    phase: int = BEGIN
    resume: int = BEGIN
    upgraded: int = 0
    deployed: int = 0
    fresh: tuple[int, ...] = ()
    acted: tuple[int, ...] = ()
    unit: int = EMPTY
    struck: bool = False
    assigned: tuple[tuple[int, int], ...] = ()
    attack: tuple[int, ...] = ()
    queue: tuple[Task, ...] = ()
    outcome: Outcome | None = None
    sound: Any = None
    changed: list[int] | None = None
    frozen: tuple | None = None
    owns: int = 0
    aims: list[int] | None = None
    zhash: int = -1
    uhash: int = -1
    loose: list[int] | None = None

    def copy(self) -> State:
        """A copy that can be changed without touching this state: the battlefield and
        the pieces' numbers are shared until `write`, the card zones until `zones`, the
        held tokens until `holdings` (its ``sound``: this state when it was found sound)."""
        # Every field, set directly (cheaper than the constructor's arguments).
        t = State.__new__(State)
        t.game, t.board, t.u, t.pile, t.hand = self.game, self.board, self.u, self.pile, self.hand
        t.used, t.gone, t.active, t.held = self.used, self.gone, self.active, self.held
        t.opened, t.perm, t.temp, t.turns = self.opened, self.perm, self.temp, self.turns
        t.first, t.current, t.turn, t.phase = self.first, self.current, self.turn, self.phase
        t.resume, t.upgraded, t.deployed = self.resume, self.upgraded, self.deployed
        t.fresh, t.acted, t.unit, t.struck = self.fresh, self.acted, self.unit, self.struck
        t.assigned, t.attack, t.queue = self.assigned, self.attack, self.queue
        t.outcome, t.frozen, t.changed, t.owns, t.aims = self.outcome, self.frozen, None, 0, None
        t.zhash, t.loose = self.zhash, None
        t.uhash = self.uhash if self.loose is None else self.pieces_hash()
        t.sound = self if self.sound is SOUND else None
        return t

    def write(self, uid: int) -> list[int]:
        """The pieces' numbers ``u``, to change those of ``uid`` (or the battlefield
        where it stands): the first write makes ``u`` and ``board`` this state's own,
        and each write notes ``uid`` in ``changed`` (what the invariant checks look at)."""
        changed = self.changed
        if changed is None:
            self.u = self.u[:]
            self.board = self.board[:]
            self.changed = changed = []
        self.frozen = None
        if self.uhash != -1 and uid not in changed:
            # Its numbers leave the hash, to come back with their new values.
            self.uhash ^= self._row_key(uid)
            if self.loose is None:
                self.loose = [uid]
            else:
                self.loose.append(uid)
        changed.append(uid)
        return self.u

    def zones(self) -> None:
        """Make the per-player lists of card zones (``pile``, ``hand``, ``used``,
        ``gone``, ``active``) this state's own, before one of them changes (which
        forgets their hash)."""
        self.zhash = -1
        if not self.owns & 1:
            self.owns |= 1
            self.pile, self.hand, self.used = self.pile[:], self.hand[:], self.used[:]
            self.gone, self.active = self.gone[:], self.active[:]

    def holdings(self) -> list[tuple[int, ...]]:
        """``held``, this state's own list, to change a player's held tokens."""
        if not self.owns & 2:
            self.owns |= 2
            self.held = self.held[:]
        return self.held

    def pieces(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """``(tuple(board), tuple(u))``, worked out once and shared by the copies that
        share ``u`` (observations and the loop key use it)."""
        frozen = self.frozen
        if frozen is None:
            frozen = self.frozen = (tuple(self.board), tuple(self.u))
        return frozen

    def pieces_hash(self) -> int:
        """A hash of ``u`` (the battlefield follows from it): the exclusive or of a
        random key per number and value (`piece_keys`; a value beyond them keys by its
        hash). Worked out in full once, then kept up to date: `write` takes a uid's
        numbers out, this puts them back."""
        h = self.uhash
        if h == -1:
            h = 0
            for uid in range(self.game.count):
                h ^= self._row_key(uid)
        else:
            loose = self.loose
            if loose is not None:
                for uid in loose:
                    h ^= self._row_key(uid)
                self.loose = None
        self.uhash = h
        return h

    def _row_key(self, uid: int) -> int:
        """The part of `pieces_hash` of one uid's numbers."""
        u = self.u
        keys = self.game.keys
        h = 0
        for k in range(uid * F, uid * F + F):
            v = u[k] + 1
            h ^= keys[k * KEYED + v] if 0 <= v < KEYED else hash((k, v)) & KEY_MASK
        return h

    def zones_hash(self) -> int:
        """The hash of the card zones (``pile``, ``hand``, ``used``, ``gone``,
        ``active``), worked out once and shared by the copies that share them."""
        h = self.zhash
        if h == -1:  # (a hash is never -1)
            h = self.zhash = hash((tuple(self.pile), tuple(self.hand), tuple(self.used),
                                   tuple(self.gone), tuple(self.active)))
        return h

    def pos(self, uid: int) -> int:
        """The uid's space, or EMPTY when it is not on the battlefield."""
        return self.u[uid * F + POS]

    def key(self) -> tuple:
        """Everything that matters for the rest of the battle (not the turn counter)."""
        board, u = self.pieces()
        return (board, u, tuple(self.pile), tuple(self.hand),
                tuple(self.used), tuple(self.gone), tuple(self.active), tuple(self.held),
                self.opened, self.perm, self.temp, tuple(min(t, 3) for t in self.turns),
                self.current, self.phase, self.resume, self.upgraded, self.deployed,
                self.fresh, self.acted, self.unit, self.struck, self.assigned, self.attack,
                self.queue, self.outcome)


OBSERVATION_FIELDS = ("player", "decision", "game", "board", "u", "hand", "pile", "unseen",
                      "hand_sizes", "pile_sizes", "used", "gone", "active", "held", "opened",
                      "perm", "temp", "turns", "first", "current", "turn", "phase", "resume",
                      "upgraded", "deployed", "fresh", "acted", "unit", "struck", "assigned",
                      "attack", "queue", "outcome")
"""`Observation`'s fields, in order."""


class Observation:
    """What one player may see (ruling ``hidden``): the whole battlefield, every token,
    active area, discard pile and destroyed unit, both warband lists (``game``), their own
    reserves (``hand``) and what is left in their own draw pile (``pile``, in card order:
    the order is hidden), and of the opponent only how many cards they hold and have left,
    with the cards that could be among them (``unseen``, in card order).
    ``decision`` names the phase; ``queue`` the pending choices.

    Plain, comparable and hashable data, as a frozen dataclass would be (equal fields,
    equal observations; never changed once made), written out so that the compiled
    engine builds one with a native constructor (a dataclass's is interpreted Python).
    """

    player: int
    decision: str
    game: Game
    board: tuple[int, ...]
    u: tuple[int, ...]
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    unseen: tuple[int, ...]
    hand_sizes: tuple[int, int]
    pile_sizes: tuple[int, int]
    used: tuple[tuple[int, ...], ...]
    gone: tuple[tuple[int, ...], ...]
    active: tuple[tuple[int, ...], ...]
    held: tuple[tuple[int, ...], ...]
    opened: tuple[int, int]
    perm: tuple[int, int]
    temp: tuple[int, int]
    turns: tuple[int, int]
    first: int
    current: int
    turn: int
    phase: int
    resume: int
    upgraded: int
    deployed: int
    fresh: tuple[int, ...]
    acted: tuple[int, ...]
    unit: int
    struck: bool
    assigned: tuple[tuple[int, int], ...]
    attack: tuple[int, ...]
    queue: tuple[Task, ...]
    outcome: Outcome | None

    def __init__(self, player: int, decision: str, game: Game, board: tuple[int, ...],
                 u: tuple[int, ...], hand: tuple[int, ...], pile: tuple[int, ...],
                 unseen: tuple[int, ...], hand_sizes: tuple[int, int],
                 pile_sizes: tuple[int, int], used: tuple[tuple[int, ...], ...],
                 gone: tuple[tuple[int, ...], ...], active: tuple[tuple[int, ...], ...],
                 held: tuple[tuple[int, ...], ...], opened: tuple[int, int],
                 perm: tuple[int, int], temp: tuple[int, int], turns: tuple[int, int],
                 first: int, current: int, turn: int, phase: int, resume: int, upgraded: int,
                 deployed: int, fresh: tuple[int, ...], acted: tuple[int, ...], unit: int,
                 struck: bool, assigned: tuple[tuple[int, int], ...], attack: tuple[int, ...],
                 queue: tuple[Task, ...], outcome: Outcome | None) -> None:
        self.player = player
        self.decision = decision
        self.game = game
        self.board = board
        self.u = u
        self.hand = hand
        self.pile = pile
        self.unseen = unseen
        self.hand_sizes = hand_sizes
        self.pile_sizes = pile_sizes
        self.used = used
        self.gone = gone
        self.active = active
        self.held = held
        self.opened = opened
        self.perm = perm
        self.temp = temp
        self.turns = turns
        self.first = first
        self.current = current
        self.turn = turn
        self.phase = phase
        self.resume = resume
        self.upgraded = upgraded
        self.deployed = deployed
        self.fresh = fresh
        self.acted = acted
        self.unit = unit
        self.struck = struck
        self.assigned = assigned
        self.attack = attack
        self.queue = queue
        self.outcome = outcome

    def values(self) -> tuple:
        """The fields' values, in `OBSERVATION_FIELDS` order."""
        return (self.player, self.decision, self.game, self.board, self.u, self.hand, self.pile,
                self.unseen, self.hand_sizes, self.pile_sizes, self.used, self.gone,
                self.active, self.held, self.opened, self.perm, self.temp, self.turns,
                self.first, self.current, self.turn, self.phase, self.resume, self.upgraded,
                self.deployed, self.fresh, self.acted, self.unit, self.struck, self.assigned,
                self.attack, self.queue, self.outcome)

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (Observation, self.values())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Observation) and self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def __repr__(self) -> str:
        shown = zip(OBSERVATION_FIELDS, self.values(), strict=True)
        return "Observation(" + ", ".join(f"{name}={value!r}" for name, value in shown) + ")"

    def pos(self, uid: int) -> int:
        """The uid's space, or EMPTY."""
        return self.u[uid * F + POS]


def state_of(obs: Observation, pile: list[tuple[int, ...]],
             hand: list[tuple[int, ...]]) -> State:
    """The battle ``obs`` shows as a `State` with these draw piles and reserves (its own
    copies of the battlefield and the pieces' numbers), as ``State(...)`` would make it:
    field by field, which the compiled engine does natively (a dataclass's constructor
    is interpreted Python)."""
    t = State.__new__(State)
    t.game, t.board, t.u, t.pile, t.hand = obs.game, list(obs.board), list(obs.u), pile, hand
    t.used, t.gone, t.active = list(obs.used), list(obs.gone), list(obs.active)
    t.held, t.opened, t.perm, t.temp = list(obs.held), obs.opened, obs.perm, obs.temp
    t.turns, t.first, t.current, t.turn = obs.turns, obs.first, obs.current, obs.turn
    t.phase, t.resume, t.upgraded, t.deployed = obs.phase, obs.resume, obs.upgraded, obs.deployed
    t.fresh, t.acted, t.unit, t.struck = obs.fresh, obs.acted, obs.unit, obs.struck
    t.assigned, t.attack, t.queue, t.outcome = obs.assigned, obs.attack, obs.queue, obs.outcome
    t.sound, t.changed, t.frozen, t.owns, t.aims, t.zhash = None, None, None, 0, None, -1
    t.uhash, t.loose = -1, None
    return t
