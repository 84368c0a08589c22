"""Battle Gate engine data: the input specs, the game state and what a player observes.

Everything here is plain data. `CardSpec` and `BattleGateParams` are the engine's input
(the validated spreadsheet decks, converted by `params_from_loaded`). `State` is the whole
battle at one moment; the rules (`rules.py`) copy it before every change, so a state is
never modified once handed out.

Each player's cards are numbered ``0 .. n-1`` in the order of their deck sheet, and every
card is always in exactly one place of its owner:

- ``deck``: face down, top card first;
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
from typing import Any

from toolkit.sim.engine import Outcome

MINION, SOLDIER, ASSASSIN = 0, 1, 2
CLASS_NAMES = ("Minion", "Soldier", "Assassin")
CLASS_CODES = {name: code for code, name in enumerate(CLASS_NAMES)}

MIN_PLAYERS = 2
MAX_PLAYERS = 4
"""Rulebook: "For 2-4 players"."""

# Phases of a turn ("Turn phase 1, Draw phase" ... "Turn phase 4, Recovery phase"); the
# combat phase is split into its steps.
DRAW, FIELD, ATTACK, DEFEND, BOOST, DISCARD, RECOVER, OVER = range(8)
PHASE_NAMES = ("draw", "field", "attack", "defend", "boost", "discard", "recover", "over")


@dataclass(frozen=True, slots=True)
class CardSpec:
    """One card as written on it: name, class (Minion, Soldier or Assassin), power 1-6."""

    name: str
    klass: str
    power: int


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
    """

    __slots__ = ("specs", "power", "klass", "kind", "size", "attackers", "ids", "pairs",
                 "lowest", "highest")

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
        self.attackers = sum(1 for k in self.klass if k != MINION)


@dataclass(slots=True, eq=False)
class State:
    """The whole battle at one moment. Per-player tuples and lists are indexed by seat.

    Turn bookkeeping: ``count``/``limit`` are the cards drawn (draw phase) or recovered
    (recovery phase) so far and allowed. ``cap_cards``/``cap_power`` are every player's
    play limits for the current turn (ruling ``budget-fixed``) and ``used_cards``/
    ``used_power`` what they have played against them. Combat: ``attacks`` holds
    ``(card, target)``, ``blocks`` ``(player, card, attack)``, ``boosts``
    ``(player, card, attack)``; ``queue`` the ``(player, card)`` defenders still to decide;
    ``boosters`` the seats of the boost rounds, ``bpos`` whose go it is and ``passes`` how
    many passed in succession; ``damage`` the ``(player, cards)`` still to discard.
    """

    decks: tuple[Deck, ...]
    names: tuple[str, ...]
    deck: list[tuple[int, ...]]
    hand: list[tuple[int, ...]]
    field: list[tuple[int, ...]]
    discard: list[tuple[int, ...]]
    box: list[tuple[int, ...]]
    alive: tuple[bool, ...]
    first: int
    current: int
    turn: int = 0
    """Turns begun so far (the battle's length)."""
    turns_taken: tuple[int, ...] = ()
    phase: int = DRAW
    count: int = 0
    limit: int = 0
    cap_cards: tuple[int, ...] = ()
    cap_power: tuple[int, ...] = ()
    used_cards: tuple[int, ...] = ()
    used_power: tuple[int, ...] = ()
    fresh: tuple[int, ...] = ()
    """Cards the current player fielded this turn."""
    attacks: tuple[tuple[int, int], ...] = ()
    blocks: tuple[tuple[int, int, int], ...] = ()
    boosts: tuple[tuple[int, int, int], ...] = ()
    queue: tuple[tuple[int, int], ...] = ()
    boosters: tuple[int, ...] = ()
    bpos: int = 0
    passes: int = 0
    damage: tuple[tuple[int, int], ...] = ()
    idle: int = 0
    """Turns in a row in which no attack was declared."""
    eliminated: tuple[tuple[int, int, int, str], ...] = ()
    """``(seat, by seat, turn, how)`` in elimination order; how is ``overwhelmed`` (the
    damage exceeded deck and hand) or ``empty`` (deck and hand were already empty)."""
    outcome: Outcome | None = None
    cut: tuple[int, ...] = ()
    """The card each seat's (last) cut revealed at the bottom of its deck, or -1."""
    shown: tuple[tuple[int, ...], ...] = ()
    """Per seat, the hand cards every player knows are there (sorted): recovered from the
    discard pile, or the known bottom card drawn. Playing or discarding a card of a kind
    forgets one shown card of that kind (nobody can tell the copies apart)."""

    def copy(self) -> State:
        """A copy that can be changed without touching this state."""
        return State(
            self.decks, self.names, self.deck[:], self.hand[:], self.field[:],
            self.discard[:], self.box[:], self.alive, self.first, self.current, self.turn,
            self.turns_taken, self.phase, self.count, self.limit, self.cap_cards,
            self.cap_power, self.used_cards, self.used_power, self.fresh, self.attacks,
            self.blocks, self.boosts, self.queue, self.boosters, self.bpos, self.passes,
            self.damage, self.idle, self.eliminated, self.outcome, self.cut, self.shown,
        )

    @property
    def players(self) -> int:
        """How many seats the battle has."""
        return len(self.decks)

    def key(self) -> tuple:
        """A canonical key of everything that matters for the rest of the battle.

        The turn counter and the bookkeeping of past eliminations are left out, so a
        position that comes back in a later turn is recognised. Whether a player has had
        a first turn still counts, and so does ``idle`` (turns since the last attack): a
        round in which every player merely chose to do nothing is not a loop (another
        choice was open), while a cycle of attacks, losses and recoveries that brings the
        same position back is. Cards are keyed by number (cheap); a cycle that swaps two
        interchangeable cards is recognised when it comes round to the same cards.
        """
        return (
            tuple(self.deck), tuple(self.hand), tuple(self.field), tuple(self.discard),
            self.alive, self.current, tuple(t > 0 for t in self.turns_taken), self.phase,
            self.count, self.limit, self.cap_cards, self.cap_power, self.used_cards,
            self.used_power, self.fresh, self.attacks, self.blocks, self.boosts,
            self.queue, self.bpos, self.passes, self.damage, self.idle,
            self.outcome, self.shown,
        )


@dataclass(frozen=True, slots=True)
class Attack:
    """One declared attack as every player sees it.

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


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player may see: their own hand, every play field and discard pile, every
    deck's list of cards (ruling ``open-information``), the cut card still at the bottom
    of each deck, the hand cards everybody saw go there, and the sizes of everyone's deck,
    hand and discard pile; never the rest of another player's hand, nor any deck's order.

    ``mine`` are the player's own card specs by card number (``decks[player]``).
    ``fields[q]`` holds ``(card, spec)`` of seat ``q``'s cards in play, ``discards[q]``
    its discard pile, ``bottoms[q]`` the card number at the bottom of its deck when its
    cut revealed it (else -1), ``shown[q]`` its known hand cards. ``idle`` counts the
    turns begun since the last attack was declared (this one included).
    ``cards_left``/``power_left`` are what the player may still play this turn;
    ``to_discard`` the cards still to discard from the hand (discard step), ``left`` the
    draws or recoveries still allowed (draw and recovery phases). ``public`` holds the
    rest of the turn's bookkeeping as the engine keeps it (phase, limits, attacks,
    blocks, boosts, who decides next, damage, eliminations): with the fields above it is
    everything `BattleGateRules.determinize` needs.
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
