"""Battle Gate engine data: the input specs, the game state and what a player observes.

Everything here is plain data. `CardSpec` and `BattleGateParams` are the engine's input
(the validated spreadsheet decks, converted by `params_from_loaded`). `Game` is what the
rules prepare once from them (powers, classes, seat order, the loop key's random numbers),
shared by every state of every battle between those decks. `State` is the whole battle at
one moment; the rules (`rules.py`) copy it before every change and replace, never modify,
the tuples it holds, so a state is never modified once handed out.

Each player's cards are numbered ``0 .. n-1`` in the order of their deck sheet, and every
card is always in exactly one place of its owner:

- the deck: face down, ``order[p][top[p]:]``, top card first (a deck only ever loses
  cards from its top once shuffled, so the shuffled order is kept and ``top`` counts the
  cards gone);
- ``hand``;
- ``field``: in play ("their play field");
- ``boosts``: an assassin played from the hand onto a card during a combat (in play until
  the end of that combat);
- ``discard``: the discard pile;
- ``box``: out of the game (an eliminated player's cards).

Hand, field and discard pile are kept sorted by card number (their order does not matter
in the rules), which keeps states canonical.

What every player knows (ruling ``open-information``): every deck's list of cards, every
play field and discard pile, the card each deck's cut revealed (it stays at the bottom),
and the hand cards everybody saw go there (recovered from the discard pile, or the known
bottom card drawn); never a deck's order, nor the rest of another player's hand.
"""

from __future__ import annotations

from dataclasses import dataclass
from random import Random
from typing import Any, Final

from toolkit.sim.engine import Outcome

MINION: Final = 0
SOLDIER: Final = 1
ASSASSIN: Final = 2
CLASS_NAMES: Final = ("Minion", "Soldier", "Assassin")
CLASS_CODES = {name: code for code, name in enumerate(CLASS_NAMES)}

MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 4
"""Rulebook: "For 2-4 players"."""

# Phases of a turn ("Turn phase 1, Draw phase" ... "Turn phase 4, Recovery phase"); the
# combat phase is split into its steps.
DRAW: Final = 0
FIELD: Final = 1
ATTACK: Final = 2
DEFEND: Final = 3
BOOST: Final = 4
DISCARD: Final = 5
RECOVER: Final = 6
OVER: Final = 7
PHASE_NAMES: Final = ("draw", "field", "attack", "defend", "boost", "discard", "recover", "over")


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card as written on it: name, class (Minion, Soldier or Assassin), power 1-6."""

    name: str
    klass: str
    power: int

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (CardSpec, (self.name, self.klass, self.power))


@dataclass(frozen=True, slots=True)
class BattleGateParams:
    """A battle's parameters: one deck per player in seat order (2 to 4) and their names.

    Seats sit in turn order: "Turns rotate to the player to your left" is seat + 1.
    """

    decks: tuple[tuple[CardSpec, ...], ...]
    deck_names: tuple[str, ...]

    def __post_init__(self) -> None:
        n = len(self.decks)
        if not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise ValueError(f"Battle Gate is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                             f"got {n} decks")
        if len(self.deck_names) != n:
            raise ValueError(f"{n} decks but {len(self.deck_names)} deck names")
        for name, deck in zip(self.deck_names, self.decks, strict=True):
            if not deck:
                raise ValueError(f"deck {name!r} holds no cards")
            for card in deck:
                if card.klass not in CLASS_CODES:
                    raise ValueError(f"{name}: {card.name!r} has unknown class {card.klass!r}")
                if not 1 <= card.power <= 6:
                    raise ValueError(f"{name}: {card.name!r} has power {card.power}, not 1-6")

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (BattleGateParams, (self.decks, self.deck_names))


def params_from_loaded(decks: Any) -> BattleGateParams:
    """`BattleGateParams` from `deck.load_decks`' `LoadedDeck` list (seat order kept).

    Only plain data is kept: each pydantic `Card` becomes a `CardSpec`.
    """
    return BattleGateParams(
        tuple(tuple(CardSpec(c.name, c.klass, c.power) for c in d.cards) for d in decks),
        tuple(d.name for d in decks),
    )


class Deck:
    """A deck prepared for the engine: powers and class codes by card number.

    ``kind[i]`` is the number of the first card equal to card ``i`` (same name, class and
    power): cards of one kind are interchangeable, so actions name one card per kind.
    ``distinct`` is true when no two cards are alike. ``soldier``, ``assassin`` and
    ``minion`` are 1 for the cards of that class, else 0 (to count them in a zone).
    """

    __slots__ = ("specs", "power", "klass", "kind", "size", "attackers", "ids", "pairs",
                 "lowest", "highest", "distinct", "soldier", "assassin", "minion")

    def __init__(self, specs: tuple[CardSpec, ...]) -> None:
        self.specs = specs
        self.size = len(specs)
        self.ids = frozenset(range(self.size))
        self.pairs = tuple(enumerate(specs))
        self.power = tuple(s.power for s in specs)
        self.lowest = min(self.power)
        self.highest = max(self.power)
        self.klass = tuple(CLASS_CODES[s.klass] for s in specs)
        first: dict[CardSpec, int] = {}
        self.kind = tuple(first.setdefault(s, i) for i, s in enumerate(specs))
        self.distinct = len(first) == self.size
        self.attackers = sum(1 for k in self.klass if k != MINION)
        self.soldier = tuple(int(k == SOLDIER) for k in self.klass)
        self.assassin = tuple(int(k == ASSASSIN) for k in self.klass)
        self.minion = tuple(int(k == MINION) for k in self.klass)


# ------------------------------------------------------------------- the loop key
KEY_ZONES: Final = 4
KEY_HAND: Final = 0
KEY_FIELD: Final = 1
KEY_DISCARD: Final = 2
KEY_SHOWN: Final = 3
_KEY_NUMBERS: dict[tuple[int, int], list[int]] = {}


def key_numbers(seat: int, zone: int, size: int) -> list[int]:
    """The loop key's random numbers of one seat's zone, one per card number (at least
    ``size``): the same numbers in every process and every battle (Zobrist hashing)."""
    numbers = _KEY_NUMBERS.setdefault((seat, zone), [])
    if len(numbers) < size:
        rng = Random(f"battlegate.key:{seat}:{zone}")
        numbers[:] = [rng.getrandbits(64) for _ in range(max(size, 2 * len(numbers)))]
    return numbers


def deck_key(seat: int, order: tuple[int, ...], top: int) -> int:
    """The loop key's part for a deck: its cards in order, from ``top`` on."""
    return hash((seat, order[top:]))


class Game:
    """What the rules prepare once for a line-up of decks: each seat's `Deck`, the deck
    names, the seats in turn order from each seat's left (``around``), the deck lists as
    observations show them (``specs``), the loop key's random numbers per seat and zone
    (``keys[seat][zone]``), the names of the statistics counted per seat, each seat's
    actions of the draw phase (``draw_or_stop``, shared by every state: never changed) and
    whether no deck holds two alike cards (``distinct``: observations then need no
    mapping to kinds)."""

    __slots__ = ("decks", "names", "n", "around", "specs", "keys", "stat_attacks",
                 "stat_damage", "draw_or_stop", "distinct")

    def __init__(self, specs: tuple[tuple[CardSpec, ...], ...], names: tuple[str, ...]) -> None:
        self.decks = tuple(Deck(x) for x in specs)
        self.specs = specs
        self.names = names
        n = self.n = len(specs)
        self.around = tuple(tuple((p + k) % n for k in range(1, n)) for p in range(n))
        self.keys = tuple(tuple(key_numbers(p, z, d.size) for z in range(KEY_ZONES))
                          for p, d in enumerate(self.decks))
        self.stat_attacks = tuple(f"battlegate.stat.seat{p + 1}.attacks" for p in range(n))
        self.stat_damage = tuple(f"battlegate.stat.seat{p + 1}.damage" for p in range(n))
        self.draw_or_stop = tuple([("draw", p), ("stop", p)] for p in range(n))
        self.distinct = all(d.distinct for d in self.decks)

    def ring(self, alive: tuple[bool, ...]) -> tuple[tuple[int, ...], ...]:
        """Per seat, the other living players in turn order from its left."""
        return tuple(tuple(q for q in around if alive[q]) for around in self.around)


Cards = tuple[int, ...]


class Battle:
    """What stays the same through one battle: the prepared `Game`, each deck's order as
    shuffled (``order[p]``, top card first), the card each seat's (last) cut revealed at
    the bottom (``cut[p]``, or -1) and the seat that went first."""

    __slots__ = ("game", "order", "cut", "first")

    def __init__(self, game: Game, order: tuple[Cards, ...], cut: Cards, first: int) -> None:
        self.game = game
        self.order = order
        self.cut = cut
        self.first = first


class Seats:
    """Who is still in the battle: ``alive`` per seat, ``ring[p]`` the other living seats
    in turn order from ``p``'s left, ``box`` each seat's cards out of the game and
    ``eliminated`` the ``(seat, by seat, turn, how)`` of each elimination in order (how is
    ``overwhelmed``: the damage exceeded deck and hand, or ``empty``: deck and hand were
    already empty). Replaced, never changed, when a player is eliminated."""

    __slots__ = ("alive", "ring", "box", "eliminated")

    def __init__(self, game: Game, alive: tuple[bool, ...], box: tuple[Cards, ...],
                 eliminated: tuple[tuple[int, int, int, str], ...] = ()) -> None:
        self.alive = alive
        self.ring = game.ring(alive)
        self.box = box
        self.eliminated = eliminated


@dataclass(slots=True, eq=False, init=False)
class State:
    """The whole battle at one moment. Per-seat tuples and lists are indexed by seat.

    ``battle`` holds what never changes in a battle (the decks' shuffled orders, the cut
    cards, the first player) and ``seats`` who is still in it. Seat ``p``'s deck is
    ``battle.order[p][top[p]:]``: a deck only ever loses cards from its top once
    shuffled. ``hand``, ``field``, ``discard`` and ``shown`` are lists of sorted tuples,
    never changed in place: a change puts a new list in the new state.

    Turn bookkeeping: ``count``/``limit`` are the cards drawn (draw phase) or recovered
    (recovery phase) so far and allowed. ``caps[p]`` is seat ``p``'s play limits for the
    current turn, ``(cards, power)`` (ruling ``budget-fixed``), and ``used[p]`` what it
    has played against them. Combat: ``attacks`` holds ``(card, target)``, ``blocks``
    ``(player, card, attack)``, ``boosts`` ``(player, card, attack)``; ``queue`` the
    ``(player, card)`` defenders still to decide; ``boosters`` the seats of the boost
    rounds, ``bpos`` whose go it is and ``passes`` how many passed in succession;
    ``damage`` the ``(player, cards)`` still to discard.

    ``zones_key`` sums up every deck, hand, play field, discard pile and known hand, who
    is alive and who has begun a turn, for the loop key (see `fresh_zones_key`); the
    rules keep it up to date. ``legal`` holds the legal actions of the player to move
    (found when the state settles). ``sound`` is what `BattleGateRules.invariants` needs
    to check only what changed: the nearest ancestor state found sound, or `SOUND_MARK`
    once this one is.
    """

    battle: Battle
    seats: Seats
    top: list[int]
    hand: list[Cards]
    field: list[Cards]
    discard: list[Cards]
    shown: list[Cards]
    """Per seat, the hand cards every player knows are there (sorted): recovered from the
    discard pile, or the known bottom card drawn. Playing or discarding a card of a kind
    forgets one shown card of that kind (nobody can tell the copies apart)."""
    current: int
    turn: int = 0
    """Turns begun so far (the battle's length)."""
    turns_taken: Cards = ()
    phase: int = DRAW
    count: int = 0
    limit: int = 0
    caps: tuple[tuple[int, int], ...] = ()
    used: tuple[tuple[int, int], ...] = ()
    fresh: Cards = ()
    """The kinds (``Deck.kind``) of the cards the current player fielded this turn, in
    the order fielded (as everybody saw them)."""
    attacks: tuple[tuple[int, int], ...] = ()
    blocks: tuple[tuple[int, int, int], ...] = ()
    boosts: tuple[tuple[int, int, int], ...] = ()
    queue: tuple[tuple[int, int], ...] = ()
    boosters: Cards = ()
    bpos: int = 0
    passes: int = 0
    damage: tuple[tuple[int, int], ...] = ()
    idle: int = 0
    """Turns in a row in which no attack was declared."""
    outcome: Outcome | None = None
    zones_key: int = 0
    legal: list[tuple] | None = None
    sound: Any = None

    def __init__(self, battle: Battle, seats: Seats, top: list[int], hand: list[Cards],
                 field: list[Cards], discard: list[Cards], shown: list[Cards], current: int,
                 turn: int = 0, turns_taken: Cards = (), phase: int = DRAW, count: int = 0,
                 limit: int = 0, caps: tuple[tuple[int, int], ...] = (),
                 used: tuple[tuple[int, int], ...] = (), fresh: Cards = (),
                 attacks: tuple[tuple[int, int], ...] = (),
                 blocks: tuple[tuple[int, int, int], ...] = (),
                 boosts: tuple[tuple[int, int, int], ...] = (),
                 queue: tuple[tuple[int, int], ...] = (), boosters: Cards = (), bpos: int = 0,
                 passes: int = 0, damage: tuple[tuple[int, int], ...] = (), idle: int = 0,
                 outcome: Outcome | None = None, zones_key: int = 0,
                 legal: list[tuple] | None = None, sound: Any = None) -> None:
        # Written out (not generated) so a compiled build compiles it too.
        self.battle = battle
        self.seats = seats
        self.top = top
        self.hand = hand
        self.field = field
        self.discard = discard
        self.shown = shown
        self.current = current
        self.turn = turn
        self.turns_taken = turns_taken
        self.phase = phase
        self.count = count
        self.limit = limit
        self.caps = caps
        self.used = used
        self.fresh = fresh
        self.attacks = attacks
        self.blocks = blocks
        self.boosts = boosts
        self.queue = queue
        self.boosters = boosters
        self.bpos = bpos
        self.passes = passes
        self.damage = damage
        self.idle = idle
        self.outcome = outcome
        self.zones_key = zones_key
        self.legal = legal
        self.sound = sound

    def copy(self) -> State:
        """A copy that can be changed without touching this state (its tuples and lists
        are shared: changes replace them)."""
        sound = self.sound
        return State(
            self.battle, self.seats, self.top, self.hand, self.field, self.discard,
            self.shown, self.current, self.turn, self.turns_taken, self.phase, self.count,
            self.limit, self.caps, self.used, self.fresh, self.attacks, self.blocks,
            self.boosts, self.queue, self.boosters, self.bpos, self.passes, self.damage,
            self.idle, self.outcome, self.zones_key, None,
            self if sound is SOUND_MARK else sound,
        )

    # Read-only views for tests, logs and designers' tools (not used in the hot loop).
    @property
    def game(self) -> Game:
        """The prepared decks."""
        return self.battle.game

    @property
    def players(self) -> int:
        """How many seats the battle has."""
        return self.battle.game.n

    @property
    def decks(self) -> tuple[Deck, ...]:
        """Each seat's prepared `Deck`."""
        return self.battle.game.decks

    @property
    def names(self) -> tuple[str, ...]:
        """Each seat's deck name."""
        return self.battle.game.names

    @property
    def first(self) -> int:
        """The seat that went first."""
        return self.battle.first

    @property
    def cut(self) -> Cards:
        """The card each seat's cut revealed at the bottom of its deck, or -1."""
        return self.battle.cut

    @property
    def deck(self) -> tuple[Cards, ...]:
        """Each seat's deck, top card first."""
        return tuple(o[t:] for o, t in zip(self.battle.order, self.top, strict=True))

    @property
    def alive(self) -> tuple[bool, ...]:
        """Whether each seat is still in the battle."""
        return self.seats.alive

    @property
    def box(self) -> tuple[Cards, ...]:
        """Each seat's cards out of the game."""
        return self.seats.box

    @property
    def eliminated(self) -> tuple[tuple[int, int, int, str], ...]:
        """The eliminations so far, in order."""
        return self.seats.eliminated

    @property
    def cap_cards(self) -> Cards:
        """Each seat's card limit this turn."""
        return tuple(c for c, _ in self.caps)

    @property
    def cap_power(self) -> Cards:
        """Each seat's power limit this turn."""
        return tuple(w for _, w in self.caps)

    @property
    def used_cards(self) -> Cards:
        """The cards each seat has played this turn."""
        return tuple(c for c, _ in self.used)

    @property
    def used_power(self) -> Cards:
        """The power each seat has played this turn."""
        return tuple(w for _, w in self.used)

    def key(self) -> tuple:
        """A canonical key of everything that matters for the rest of the battle.

        The turn counter and the bookkeeping of past eliminations are left out, so a
        position that comes back in a later turn is recognised. Whether a player has had
        a first turn still counts, and so does ``idle`` (turns since the last attack): a
        round in which every player merely chose to do nothing is not a loop (another
        choice was open), while a cycle of attacks, losses and recoveries that brings the
        same position back is. Cards are keyed by number; a cycle that swaps two
        interchangeable cards is recognised when it comes round to the same cards. Decks,
        hands, play fields, discard piles, known hand cards, who is alive and who has
        begun a turn enter through ``zones_key``.
        """
        return (
            self.zones_key, self.current, self.phase, self.count, self.limit, self.caps,
            self.used, self.fresh, self.attacks, self.blocks, self.boosts, self.queue,
            self.bpos, self.passes, self.damage, self.idle, self.outcome,
        )


SOUND_MARK: Final[Any] = object()
"""The value of ``State.sound`` once `BattleGateRules.invariants` found the state sound."""


def alive_key(alive: tuple[bool, ...]) -> int:
    """The loop key's part for who is still in the battle."""
    return hash(("alive", alive))


def started_key(started: tuple[bool, ...]) -> int:
    """The loop key's part for who has begun a turn."""
    return hash(("started", started))


def fresh_zones_key(s: State) -> int:
    """The loop key's summary of every deck, hand, play field, discard pile and known
    hand, of who is alive and of who has begun a turn, computed afresh (the rules keep
    ``State.zones_key`` equal to it as they go)."""
    battle = s.battle
    total = alive_key(s.seats.alive) ^ started_key(tuple(t > 0 for t in s.turns_taken))
    for p, keys in enumerate(battle.game.keys):
        total ^= deck_key(p, battle.order[p], s.top[p])
        for zone, cards in ((KEY_HAND, s.hand[p]), (KEY_FIELD, s.field[p]),
                            (KEY_DISCARD, s.discard[p]), (KEY_SHOWN, s.shown[p])):
            numbers = keys[zone]
            for c in cards:
                total ^= numbers[c]
    return total


@dataclass(slots=True, unsafe_hash=True, init=False)
class Attack:
    """One declared attack as every player sees it (plain hashable data, never changed
    once made; not declared frozen, like `Observation`, because a frozen dataclass is
    several times slower to build).

    ``power`` is the attacking card's power plus the assassins played onto it; ``defence``
    the total of the cards defending it plus the assassins played onto them.
    """

    index: int
    card: int
    spec: CardSpec
    target: int
    power: int
    defenders: tuple[int, ...]
    defence: int

    def __init__(self, index: int, card: int, spec: CardSpec, target: int, power: int,
                 defenders: tuple[int, ...], defence: int) -> None:
        # Written out (not generated) so a compiled build compiles it too.
        self.index = index
        self.card = card
        self.spec = spec
        self.target = target
        self.power = power
        self.defenders = defenders
        self.defence = defence


@dataclass(slots=True, init=False)
class Observation:
    """What one player may see: their own hand, every play field and discard pile, every
    deck's list of cards (ruling ``open-information``), the cut card still at the bottom
    of each deck, the hand cards everybody saw go there, and the sizes of everyone's deck,
    hand and discard pile; never the rest of another player's hand, nor any deck's order.

    Every card is shown by its kind (``Deck.kind``: the number of the first alike card
    of its deck sheet), never by which copy it is: copies cannot be told apart, so an
    observation never tells which copies a hand holds (issue 24). Zones are sorted by
    kind. ``mine`` are the player's own card specs by card number (``decks[player]``;
    a kind indexes it like a card). ``fields[q]`` holds ``(kind, spec)`` of seat ``q``'s
    cards in play, ``discards[q]`` its discard pile, ``bottoms[q]`` the kind at the
    bottom of its deck when its cut revealed it (else -1), ``shown[q]`` its known hand
    cards. ``attacks`` and the attacks, blocks, boosts and defenders to decide in
    ``public`` name cards by kind too. ``idle`` counts the
    turns begun since the last attack was declared (this one included).
    ``cards_left``/``power_left`` are what the player may still play this turn;
    ``to_discard`` the cards still to discard from the hand (discard step), ``left`` the
    draws or recoveries still allowed (draw and recovery phases). ``public`` holds the
    rest of the turn's bookkeeping as the engine keeps it (phase, limits, attacks,
    blocks, boosts, who decides next, damage, eliminations): with the fields above it is
    everything `BattleGateRules.determinize` needs.

    Plain comparable, hashable data of tuples, never changed once made (not declared
    frozen only because a frozen dataclass is several times slower to build, and one is
    built for every decision of an observing agent). Its hash leaves out the deck lists
    and names (see `__hash__`).
    """

    player: int
    decision: str
    current: int
    first: int
    turn: int
    idle: int
    alive: tuple[bool, ...]
    mine: tuple[CardSpec, ...]
    hand: tuple[int, ...]
    discard: tuple[int, ...]
    fields: tuple[tuple[tuple[int, CardSpec], ...], ...]
    deck_sizes: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    discard_sizes: tuple[int, ...]
    cards_left: int
    power_left: int
    attacks: tuple[Attack, ...]
    fresh: tuple[int, ...]
    to_discard: int
    left: int
    names: tuple[str, ...]
    decks: tuple[tuple[CardSpec, ...], ...]
    discards: tuple[tuple[int, ...], ...]
    bottoms: tuple[int, ...]
    shown: tuple[tuple[int, ...], ...]
    public: tuple

    def __init__(self, player: int, decision: str, current: int, first: int, turn: int,
                 idle: int, alive: tuple[bool, ...], mine: tuple[CardSpec, ...],
                 hand: tuple[int, ...], discard: tuple[int, ...],
                 fields: tuple[tuple[tuple[int, CardSpec], ...], ...],
                 deck_sizes: tuple[int, ...], hand_sizes: tuple[int, ...],
                 discard_sizes: tuple[int, ...], cards_left: int, power_left: int,
                 attacks: tuple[Attack, ...], fresh: tuple[int, ...], to_discard: int,
                 left: int, names: tuple[str, ...],
                 decks: tuple[tuple[CardSpec, ...], ...],
                 discards: tuple[tuple[int, ...], ...], bottoms: tuple[int, ...],
                 shown: tuple[tuple[int, ...], ...], public: tuple) -> None:
        # Written out (not generated) so a compiled build compiles it too.
        self.player = player
        self.decision = decision
        self.current = current
        self.first = first
        self.turn = turn
        self.idle = idle
        self.alive = alive
        self.mine = mine
        self.hand = hand
        self.discard = discard
        self.fields = fields
        self.deck_sizes = deck_sizes
        self.hand_sizes = hand_sizes
        self.discard_sizes = discard_sizes
        self.cards_left = cards_left
        self.power_left = power_left
        self.attacks = attacks
        self.fresh = fresh
        self.to_discard = to_discard
        self.left = left
        self.names = names
        self.decks = decks
        self.discards = discards
        self.bottoms = bottoms
        self.shown = shown
        self.public = public

    def __hash__(self) -> int:
        """A hash of everything but the deck lists and names (``mine``, ``decks`` and
        ``names``: the same in every observation of a battle, and most of the cost of
        hashing one, which the search does at every step of its tree); equal
        observations still hash equal."""
        return hash((self.player, self.decision, self.current, self.turn, self.idle,
                     self.alive, self.hand, self.discard, self.fields, self.deck_sizes,
                     self.hand_sizes, self.cards_left, self.power_left, self.attacks,
                     self.fresh, self.to_discard, self.left, self.discards, self.bottoms,
                     self.shown, self.public))
