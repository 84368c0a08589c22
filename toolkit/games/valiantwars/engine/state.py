"""Valiant Wars engine data: the pool as plain data, the game state and observations.

Every physical card of the pool has an id (its place in the pool, Qty expanded), and every
card is always in exactly one place: a player's cards (``owned``), the Market, the
Champion pile, a supply pile (Soldiers, Gold, Dark Omens), the location deck, or the box
(Locations left out at setup). During a round a player's cards are split between their
``deck`` (top first), their ``line`` (draw order) and ``gained`` (bought this round).

Everything here is plain data: ids are ints, places are tuples, and the rules
(`rules.py`) replace a tuple rather than change it, so a state is never modified once
handed out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, NamedTuple

from toolkit.sim.engine import Outcome

from .. import vocab as _v
from ..vocab import (
    EFFECT_CODES,
    KINDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    PENALTY_KEYS,
    THRONE,
    TYPE_CODES,
    VILLAGE,
)

# vocab's codes and numbers as Final names: compiled code reads them as C constants
# (a plain module global is a dictionary look-up at every use).
SOLDIER: Final = _v.SOLDIER
GOLD: Final = _v.GOLD
OMEN: Final = _v.OMEN
LOCATION: Final = _v.LOCATION
CHAMPION: Final = _v.CHAMPION
NO_TYPE: Final = _v.NO_TYPE
WARRIOR: Final = _v.WARRIOR
MYSTIC: Final = _v.MYSTIC
ROGUE: Final = _v.ROGUE
P_NONE: Final = _v.P_NONE
P_DRAW: Final = _v.P_DRAW
P_LOSE_GOLD: Final = _v.P_LOSE_GOLD
P_LOSE_SWORDS: Final = _v.P_LOSE_SWORDS
P_FLIP: Final = _v.P_FLIP
P_STOP: Final = _v.P_STOP
P_OMEN: Final = _v.P_OMEN
P_BUY: Final = _v.P_BUY
NONE: Final = _v.NONE
APPRENTICE: Final = _v.APPRENTICE
ASSASSIN: Final = _v.ASSASSIN
ARCHER: Final = _v.ARCHER
BARBARIAN: Final = _v.BARBARIAN
BRIGAND: Final = _v.BRIGAND
DANCER: Final = _v.DANCER
FIGHTER: Final = _v.FIGHTER
FIREBRAND: Final = _v.FIREBRAND
GENERAL: Final = _v.GENERAL
GUARD: Final = _v.GUARD
HERO: Final = _v.HERO
LUNAR_WITCH: Final = _v.LUNAR_WITCH
MERCENARY: Final = _v.MERCENARY
MONK: Final = _v.MONK
ORACLE: Final = _v.ORACLE
PALADIN: Final = _v.PALADIN
PRIESTESS: Final = _v.PRIESTESS
PYROMANCER: Final = _v.PYROMANCER
RETAINER: Final = _v.RETAINER
SABOTEUR: Final = _v.SABOTEUR
SAINT: Final = _v.SAINT
SELLSWORD: Final = _v.SELLSWORD
SENTINEL: Final = _v.SENTINEL
SHAMAN: Final = _v.SHAMAN
WARLORD: Final = _v.WARLORD
WING_KNIGHT: Final = _v.WING_KNIGHT
WURM_LORD: Final = _v.WURM_LORD
MARKET_SIZE: Final = _v.MARKET_SIZE
MAX_BUYS: Final = _v.MAX_BUYS
OMENS_TO_OUT: Final = _v.OMENS_TO_OUT
VP_PER_OMEN: Final = _v.VP_PER_OMEN
ACTIVE_PENALTIES: Final = _v.ACTIVE_PENALTIES
WHEN_PLAYED: Final = _v.WHEN_PLAYED

Choice = tuple[int, int, int, int, int, int]
"""A decision being asked: ``(kind, decider, owner, card, effect, n)`` (see `State`)."""

# Phases of a round.
SHUFFLE: Final = 0
DRAW: Final = 1
ORDER: Final = 2
CHOICE: Final = 3
BUY: Final = 4
OVER: Final = 5
PHASE_NAMES: Final = ("shuffle", "draw", "order", "choice", "buy", "over")

# Where a player stands in the round's draw.
DRAWING: Final = 0
STOPPED: Final = 1
OUT: Final = 2
EMPTY: Final = 3
STATUS_NAMES: Final = ("drawing", "stopped", "OUT", "out of cards")


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card as the engine needs it (validated and settled by `deck.py`).

    ``kind`` is one of `vocab.KINDS`; ``type`` Warrior/Mystic/Rogue or ''; ``penalty`` a
    `vocab` penalty code with ``amount``; ``effect`` a book champion name or ''; ``role``
    Throne, Village or ''.
    """

    name: str
    kind: str
    type: str = ""
    cost: int = 0
    swords: int = 0
    gold: int = 0
    vp: int = 0
    penalty: int = P_NONE
    amount: int = 0
    effect: str = ""
    role: str = ""

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (CardSpec, (self.name, self.kind, self.type, self.cost, self.swords, self.gold,
                           self.vp, self.penalty, self.amount, self.effect, self.role))


@dataclass(frozen=True, slots=True)
class VWParams:
    """A game's parameters: the pool (one `CardSpec` per physical card), the number of
    players and the seat labels, the pool's name and format.

    ``starts`` (the balance commands' starting champions, `sweep.py`): per seat, the ids
    of Champions dealt into that seat's starting deck beside the book's 5 Gold, 3 Dark Omens
    and 2 Soldiers; they never enter the Market or the Champion pile. Empty (the default,
    and every `pnp play`): the book's starting deck for every seat.
    """

    cards: tuple[CardSpec, ...]
    players: int
    names: tuple[str, ...] = ()
    pool_name: str = "pool"
    format: str = "standard"
    starts: tuple[tuple[int, ...], ...] = ()

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ValueError(f"Valiant Wars is for {MIN_PLAYERS}-{MAX_PLAYERS} players, "
                             f"got {self.players}")
        if not self.names:
            object.__setattr__(self, "names", tuple(f"Player {i + 1}"
                                                    for i in range(self.players)))
        if len(self.names) != self.players:
            raise ValueError(f"{self.players} players but {len(self.names)} names")
        if self.starts:
            dealt = [c for seat in self.starts for c in seat]
            if len(self.starts) != self.players:
                raise ValueError(f"{self.players} players but {len(self.starts)} starts")
            if len(set(dealt)) != len(dealt) or not all(
                    0 <= c < len(self.cards) and self.cards[c].kind == "Champion"
                    for c in dealt):
                raise ValueError("a starting champion is dealt twice, or is not a "
                                 "Champion of the pool")

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (VWParams, (self.cards, self.players, self.names, self.pool_name, self.format,
                           self.starts))


def content_key(spec: CardSpec) -> tuple:
    """A canonical key of a card: its rules-relevant content (kind, type, cost, Swords,
    Gold, VP, penalty, effect, role), then its name; never its row or id."""
    return (KINDS.index(spec.kind), TYPE_CODES.get(spec.type, NO_TYPE), spec.cost,
            spec.swords, spec.gold, spec.vp, spec.penalty, spec.amount,
            EFFECT_CODES.get(spec.effect, 0), spec.role, spec.name)


class Pool:
    """The pool prepared for the engine: each card's numbers by id, and the ids by kind.

    Shared by every state of a game (and by observations); never changed.
    """

    __slots__ = ("specs", "size", "kind", "ctype", "cost", "swords", "gold", "vp",
                 "penalty", "amount", "effect", "names", "soldiers", "golds", "omens",
                 "locations", "champions", "throne", "villages", "ids", "champion_set",
                 "soldier_set", "omen_set", "omen_site", "out_card", "rank")

    def __init__(self, specs: tuple[CardSpec, ...]) -> None:
        self.specs = specs
        self.size = len(specs)
        self.ids = frozenset(range(self.size))
        self.kind = tuple(KINDS.index(s.kind) for s in specs)
        self.ctype = tuple(WARRIOR if s.kind == "Soldier" else TYPE_CODES.get(s.type, NO_TYPE)
                           for s in specs)
        self.cost = tuple(s.cost for s in specs)
        self.swords = tuple(s.swords for s in specs)
        self.gold = tuple(s.gold for s in specs)
        self.vp = tuple(s.vp if s.kind == "Location" else 0 for s in specs)
        self.penalty = tuple(s.penalty for s in specs)
        self.amount = tuple(s.amount for s in specs)
        self.effect = tuple(EFFECT_CODES.get(s.effect, 0) for s in specs)
        self.names = tuple(s.name for s in specs)
        by_kind: list[list[int]] = [[] for _ in KINDS]
        for i, k in enumerate(self.kind):
            by_kind[k].append(i)
        self.soldiers = tuple(by_kind[SOLDIER])
        self.golds = tuple(by_kind[GOLD])
        self.omens = tuple(by_kind[OMEN])
        self.locations = tuple(by_kind[LOCATION])
        self.champions = tuple(by_kind[CHAMPION])
        self.champion_set = frozenset(self.champions)
        self.soldier_set = frozenset(self.soldiers)
        self.omen_set = frozenset(self.omens)
        # 1 for a Location with the Dark Omen penalty; 1 for it or a Dark Omen card.
        self.omen_site = tuple(int(k == LOCATION and s.penalty == P_OMEN)
                               for k, s in zip(self.kind, specs, strict=True))
        self.out_card = tuple(int(k == OMEN) | site
                              for k, site in zip(self.kind, self.omen_site, strict=True))
        keys = [content_key(s) for s in specs]
        order = {key: i for i, key in enumerate(sorted(set(keys)))}
        self.rank = tuple(order[key] for key in keys)
        """Each card's place among the pool's distinct cards ordered by `content_key`:
        equal for copies of one card, and the same for a card whatever its row or id, so
        agents break ties by it (never by the id)."""
        thrones = [i for i in self.locations if specs[i].role == THRONE]
        if len(thrones) != 1:
            raise ValueError(f"the pool needs one Valiant Throne, has {len(thrones)}")
        self.throne = thrones[0]
        self.villages = tuple(i for i in self.locations if specs[i].role == VILLAGE)
        if not self.villages:
            raise ValueError("the pool needs a Village")

    def label(self, card: int) -> str:
        """A card's name for logs, e.g. 'Night Assassin'."""
        return self.names[card]


@dataclass(slots=True, eq=False)
class State:
    """The whole game at one moment. Per-player tuples are indexed by seat.

    Round bookkeeping: ``beat`` counts the draws of the round (the simultaneous reveals);
    ``chose[p]`` is a player's commitment at this draw (0 none yet, 1 draw, 2 STOP);
    ``stop_at[p]`` when the player stopped (``2 * beat`` for a STOP called before a draw's
    reveal, ``2 * beat + 1`` for a stop forced after it, -1 while drawing); ``omens[p]``
    the face-up Dark Omens counted (an opening stack counts once) and ``stack[p]`` how many
    cards the opening stack holds; ``peek[p]`` how many top cards of the deck the player
    knows (the Oracle); ``copies`` the Dancers' copied effects as ``(dancer, effect)``.

    Resolution: ``queue`` holds the effects still to resolve, front first, as
    ``(op, player, card, effect, n)``; ``fresh`` the effects revealed at one draw waiting
    for their order; ``choice`` the decision being asked, as ``(kind, decider, owner,
    card, effect, n)``, with its legal ``options``. Purchasing: ``buyers`` in STOP order,
    ``bpos`` whose turn, ``bought`` and ``spent`` of the current buyer.
    """

    pool: Pool
    names: tuple[str, ...]
    players: int
    target: int
    owned: tuple[tuple[int, ...], ...]
    deck: tuple[tuple[int, ...], ...]
    line: tuple[tuple[int, ...], ...]
    down: tuple[tuple[int, ...], ...]
    gained: tuple[tuple[int, ...], ...]
    market: tuple[int, ...]
    pile: tuple[int, ...]
    soldiers: tuple[int, ...]
    golds: tuple[int, ...]
    omen_supply: tuple[int, ...]
    locations: tuple[int, ...]
    box: tuple[int, ...]
    vp: tuple[int, ...]
    extra: tuple[int, ...]
    """Dark Omens added to each player for their victory points."""
    round: int = 1
    phase: int = SHUFFLE
    beat: int = 0
    status: tuple[int, ...] = ()
    chose: tuple[int, ...] = ()
    stop_at: tuple[int, ...] = ()
    omens: tuple[int, ...] = ()
    stack: tuple[int, ...] = ()
    peek: tuple[int, ...] = ()
    copies: tuple[tuple[int, int], ...] = ()
    queue: tuple[tuple[int, int, int, int, int], ...] = ()
    fresh: tuple[tuple[int, int, int, int, int], ...] = ()
    order_for: int = 0
    """What a pending ORDER chance node orders: 0 effects, 1 buyers."""
    choice: Choice | None = None
    options: tuple[tuple, ...] = ()
    buyers: tuple[int, ...] = ()
    bpos: int = 0
    bought: int = 0
    spent: int = 0
    outcome: Outcome | None = None

    def copy(self) -> State:
        """A shallow copy: every field is immutable, so this is a full copy. (Set field by
        field on a new instance: twice as fast as calling the constructor.)"""
        new = State.__new__(State)
        new.pool = self.pool
        new.names = self.names
        new.players = self.players
        new.target = self.target
        new.owned = self.owned
        new.deck = self.deck
        new.line = self.line
        new.down = self.down
        new.gained = self.gained
        new.market = self.market
        new.pile = self.pile
        new.soldiers = self.soldiers
        new.golds = self.golds
        new.omen_supply = self.omen_supply
        new.locations = self.locations
        new.box = self.box
        new.vp = self.vp
        new.extra = self.extra
        new.round = self.round
        new.phase = self.phase
        new.beat = self.beat
        new.status = self.status
        new.chose = self.chose
        new.stop_at = self.stop_at
        new.omens = self.omens
        new.stack = self.stack
        new.peek = self.peek
        new.copies = self.copies
        new.queue = self.queue
        new.fresh = self.fresh
        new.order_for = self.order_for
        new.choice = self.choice
        new.options = self.options
        new.buyers = self.buyers
        new.bpos = self.bpos
        new.bought = self.bought
        new.spent = self.spent
        new.outcome = self.outcome
        return new

    def key(self) -> tuple:
        """A canonical key of everything that decides the rest of the game."""
        return (self.owned, self.deck, self.line, self.down, self.gained, self.market,
                self.pile, self.soldiers, self.golds, self.omen_supply, self.locations,
                self.vp, self.extra, self.phase, self.status, self.chose, self.stop_at,
                self.omens, self.stack, self.peek, self.copies, self.queue, self.fresh,
                self.order_for, self.choice, self.buyers, self.bpos, self.bought,
                self.spent, self.outcome)


class Observation(NamedTuple):
    """What one player may see: everything on the table, their own knowledge, and the
    sizes of what is hidden.

    Public: every player's cards (every purchase, location and Dark Omen is seen, so who
    owns what is known), lines with their face-down cards, statuses, victory points, the
    Market, the supplies, the top Location, the resolution queue and the decision being
    asked. Hidden: the order of every deck (``my_top`` holds the top cards of the
    player's own deck that an Oracle showed), the Champion pile's order, the Locations
    under the top one (the Valiant Throne is known to lie at the bottom), and the other
    players' commitments at the current draw (``committed`` is the player's own).

    A named tuple (immutable, compared and hashed by value) so the engine builds one per
    decision cheaply.
    """

    player: int
    decision: str
    pool: Pool
    round: int
    beat: int
    phase: int
    target: int
    vp: tuple[int, ...]
    extra: tuple[int, ...]
    status: tuple[int, ...]
    stop_at: tuple[int, ...]
    omens: tuple[int, ...]
    stack: tuple[int, ...]
    peek: tuple[int, ...]
    owned: tuple[tuple[int, ...], ...]
    line: tuple[tuple[int, ...], ...]
    down: tuple[tuple[int, ...], ...]
    gained: tuple[tuple[int, ...], ...]
    deck_sizes: tuple[int, ...]
    my_top: tuple[int, ...]
    committed: int
    copies: tuple[tuple[int, int], ...]
    queue: tuple[tuple[int, int, int, int, int], ...]
    fresh: tuple[tuple[int, int, int, int, int], ...]
    order_for: int
    choice: Choice | None
    options: tuple[tuple, ...]
    buyers: tuple[int, ...]
    bpos: int
    bought: int
    spent: int
    market: tuple[int, ...]
    pile_size: int
    soldiers: tuple[int, ...]
    golds: tuple[int, ...]
    omen_supply: tuple[int, ...]
    location_top: int
    """The top Location's id, -1 when the deck is empty."""
    location_count: int
    names: tuple[str, ...]

    def my_deck(self) -> tuple[int, ...]:
        """The cards left in the player's own deck, in no particular order (the known top
        cards first)."""
        p = self.player
        if self.phase == SHUFFLE:
            return ()
        used = set(self.line[p])
        used.update(self.gained[p])
        top = self.my_top
        used.update(top)
        return top + tuple(c for c in self.owned[p] if c not in used)


def describe_card(pool: Pool, card: int) -> str:
    """A card's name with its kind and numbers, for logs."""
    spec = pool.specs[card]
    kind = pool.kind[card]
    if kind == CHAMPION:
        extra = f", {spec.effect}" if spec.effect else ""
        swords = f"{spec.swords} sword" + ("" if spec.swords == 1 else "s")
        return f"{spec.name} ({spec.type}, {swords}{extra})"
    if kind == LOCATION:
        return f"{spec.name} ({spec.vp} VP, {PENALTY_KEYS[spec.penalty]})"
    return spec.name

