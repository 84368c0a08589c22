"""Valiant Wars rules engine: a small pure state machine over `state.State`.

A round, as the rulebook sets it out, split into small decisions:

- **Shuffle** (a chance step): every player shuffles all the cards they own.
- **Draw**: at each draw every player still drawing decides at once to draw or to call
  STOP (a simultaneous choice); the drawers reveal their next card together. A second
  Dark Omen puts a player OUT (a first-card Dark Omen stack counts once); a player whose
  deck is empty has run out.
- **When Played** effects and Location penalties revealed at one draw resolve before the
  next, fewest victory points first (ties at random, a chance step); each may ask its
  owner (or the player it chose) for a choice. Cards drawn by an effect resolve at once.
- **Purchases** in STOP order: up to two cards each (Soldier free, Gold 1, a Market
  Champion its cost) from the Gold tallied in the line; the Market is refilled at once.
- **Battle**: the highest Swords among the players not OUT takes the top Location (a tie
  leaves it), its victory points and, for every 3 VP, a Dark Omen; the Location goes into
  the winner's cards. The game ends when a player reaches the VP of the table, or takes
  the Valiant Throne.

Actions are small tuples whose second item is the acting player: ``("shuffle", CHANCE,
decks)``, ``("order", CHANCE, seats)``, ``("draw", p)``, ``("stop", p)``, ``("target",
p, q)``, ``("flip", p, card)``, ``("copy", p, card)``, ``("pass", p)`` (decline an
optional choice, or end one's purchases), ``("champion", p, card)``, ``("gold", p)``,
``("soldier", p)``. Cards are pool ids. Where the rulebook is silent the engine follows
a named ruling (`rulings.py`) and counts it; a forced choice with one option is taken
without asking.

Game statistics (rounds, OUTs, Swords and Gold per seat and per round number, Locations
won, champions bought and their buyers' wins) are added to ``counts`` under
``valiantwars.stat.*`` keys beside the coverage ids; `game_stats` folds them.
"""

from __future__ import annotations

from random import Random
from typing import Any, Final, cast

from toolkit.sim.draws import shuffle
from toolkit.sim.engine import CHANCE, Capabilities, EmitHook, Engine, Outcome, SearchSettings
from toolkit.sim.evaluation import linear_evaluation, load_weights

from ..vocab import (
    EFFECT_NAMES,
    START_DECK,
    TABLE,
    penalty_sentence,
)
from .lines import (
    count_omens,
    count_type,
    effect_of,
    face_up_soldiers,
    flippable_cards,
    flippable_champions,
    has_general,
    tally,
    total,
)
from .rulings import (
    COVERAGE_IDS,
    COVERAGE_INDEX,
    EFFECT_IDS,
    EFFECT_RULINGS,
    PENALTY_IDS,
    RULINGS,
)
from .state import (
    ACTIVE_PENALTIES,
    APPRENTICE,
    ASSASSIN,
    BRIGAND,
    BUY,
    CHAMPION,
    CHOICE,
    DANCER,
    DRAW,
    DRAWING,
    EMPTY,
    FIREBRAND,
    GENERAL,
    HERO,
    LOCATION,
    LUNAR_WITCH,
    MARKET_SIZE,
    MONK,
    MYSTIC,
    NONE,
    OMEN,
    OMENS_TO_OUT,
    ORACLE,
    ORDER,
    OUT,
    OVER,
    P_DRAW,
    P_FLIP,
    P_OMEN,
    P_STOP,
    PHASE_NAMES,
    PRIESTESS,
    PYROMANCER,
    ROGUE,
    SABOTEUR,
    SAINT,
    SELLSWORD,
    SHAMAN,
    SHUFFLE,
    SOLDIER,
    STATUS_NAMES,
    STOPPED,
    VP_PER_OMEN,
    WARLORD,
    WHEN_PLAYED,
    WURM_LORD,
    Choice,
    Observation,
    Pool,
    State,
    VWParams,
    describe_card,
)

# Queue entries: (op, player, card, effect, n).
OP_EFFECT, OP_PENALTY, OP_DRAW = range(3)
# Choices: (kind, decider, owner, card, effect, n).
C_TARGET, C_WITCH, C_FLIP, C_COPY = range(4)
CHOICE_NAMES: Final = ("target", "witch", "flip", "copy")

DRAWS = {APPRENTICE: 1, BRIGAND: 1, PYROMANCER: 2, SABOTEUR: 2}
"""Cards an opponent must draw, by effect (the Saboteur's second part draws 1)."""
OWN_DRAWS = {FIREBRAND: 1, WARLORD: 1, WURM_LORD: 2}
"""Cards the owner must draw: "you must draw one (1)" / "two (2) cards"."""
ORACLE_LOOK = 4
ROUND_BUCKETS = 30
"""Per-round-number statistics go up to this round; later rounds share its bucket."""

R = "valiantwars.rule."
G = "valiantwars.ruling."
STAT = "valiantwars.stat."

# Coverage numbers (`ValiantWarsRules.hit`) of the rules and rulings fired here.
G_CHAIN_NOW: Final = COVERAGE_INDEX[G + "chain-now"]
G_CHOOSING_IS_TARGETING: Final = COVERAGE_INDEX[G + "choosing-is-targeting"]
G_DANCER_COPIES_DANCER: Final = COVERAGE_INDEX[G + "dancer-copies-dancer"]
G_DANCER_COPY_STAYS: Final = COVERAGE_INDEX[G + "dancer-copy-stays"]
G_EMPTY_CHAMPION_PILE: Final = COVERAGE_INDEX[G + "empty-champion-pile"]
G_EMPTY_SUPPLY: Final = COVERAGE_INDEX[G + "empty-supply"]
G_FLIPPED_BEFORE_RESOLVING: Final = COVERAGE_INDEX[G + "flipped-before-resolving"]
G_FLIP_KEEPS_RESOLVED: Final = COVERAGE_INDEX[G + "flip-keeps-resolved"]
G_FORCED_DRAW_ENDS: Final = COVERAGE_INDEX[G + "forced-draw-ends"]
G_FORCED_TARGETING: Final = COVERAGE_INDEX[G + "forced-targeting"]
G_GENERAL_SHIELDS_CARDS: Final = COVERAGE_INDEX[G + "general-shields-cards"]
G_LONE_CONTENDER: Final = COVERAGE_INDEX[G + "lone-contender"]
G_LUNAR_WITCH_CHOICE: Final = COVERAGE_INDEX[G + "lunar-witch-choice"]
G_MERCENARY_GOLD: Final = COVERAGE_INDEX[G + "mercenary-gold"]
G_NO_CONTENDER: Final = COVERAGE_INDEX[G + "no-contender"]
G_OMEN_PER_3_VP: Final = COVERAGE_INDEX[G + "omen-per-3-vp"]
G_OMEN_SUPPLY_EMPTY: Final = COVERAGE_INDEX[G + "omen-supply-empty"]
G_ORACLE_KNOWLEDGE: Final = COVERAGE_INDEX[G + "oracle-knowledge"]
G_OUT_CANCELS: Final = COVERAGE_INDEX[G + "out-cancels"]
G_PENALTY_TIMING: Final = COVERAGE_INDEX[G + "penalty-timing"]
G_RAN_OUT: Final = COVERAGE_INDEX[G + "ran-out"]
G_SAINT_STACK: Final = COVERAGE_INDEX[G + "saint-stack"]
G_SELF_COUNTS: Final = COVERAGE_INDEX[G + "self-counts"]
G_SHAMAN_CHOICE: Final = COVERAGE_INDEX[G + "shaman-choice"]
G_SIMULTANEOUS_DRAW: Final = COVERAGE_INDEX[G + "simultaneous-draw"]
G_STOP_BEFORE_DRAWING: Final = COVERAGE_INDEX[G + "stop-before-drawing"]
G_STOP_TIES: Final = COVERAGE_INDEX[G + "stop-ties"]
G_VILLAGE_CHOICE: Final = COVERAGE_INDEX[G + "village-choice"]
G_ZERO_DRAWS: Final = COVERAGE_INDEX[G + "zero-draws"]
R_BATTLE_TIE: Final = COVERAGE_INDEX[R + "battle-tie"]
R_BATTLE_WON: Final = COVERAGE_INDEX[R + "battle-won"]
R_BUY_CHAMPION: Final = COVERAGE_INDEX[R + "buy-champion"]
R_BUY_GOLD: Final = COVERAGE_INDEX[R + "buy-gold"]
R_BUY_ORDER: Final = COVERAGE_INDEX[R + "buy-order"]
R_BUY_SOLDIER: Final = COVERAGE_INDEX[R + "buy-soldier"]
R_CANNOT_TARGET: Final = COVERAGE_INDEX[R + "cannot-target"]
R_CONDITIONAL: Final = COVERAGE_INDEX[R + "conditional"]
R_DRAW: Final = COVERAGE_INDEX[R + "draw"]
R_EFFECT_ORDER: Final = COVERAGE_INDEX[R + "effect-order"]
R_EFFECT_TIE: Final = COVERAGE_INDEX[R + "effect-tie"]
R_FACE_DOWN: Final = COVERAGE_INDEX[R + "face-down"]
R_FLIP: Final = COVERAGE_INDEX[R + "flip"]
R_LOCATION_PENALTY: Final = COVERAGE_INDEX[R + "location-penalty"]
R_LOCATION_VP: Final = COVERAGE_INDEX[R + "location-vp"]
R_MARKET_REFILL: Final = COVERAGE_INDEX[R + "market-refill"]
R_OMEN_PER_3_VP: Final = COVERAGE_INDEX[R + "omen-per-3-vp"]
R_OMEN_STACK: Final = COVERAGE_INDEX[R + "omen-stack"]
R_OUT: Final = COVERAGE_INDEX[R + "out"]
R_RAN_OUT: Final = COVERAGE_INDEX[R + "ran-out"]
R_SETUP_LOCATIONS: Final = COVERAGE_INDEX[R + "setup-locations"]
R_SETUP_MARKET: Final = COVERAGE_INDEX[R + "setup-market"]
R_SHUFFLE: Final = COVERAGE_INDEX[R + "shuffle"]
R_STARTING_DECK: Final = COVERAGE_INDEX[R + "starting-deck"]
R_STOP: Final = COVERAGE_INDEX[R + "stop"]
R_TARGET_DECLINED: Final = COVERAGE_INDEX[R + "target-declined"]
R_WHEN_PLAYED: Final = COVERAGE_INDEX[R + "when-played"]
R_WIN_THRONE: Final = COVERAGE_INDEX[R + "win-throne"]
R_WIN_VP: Final = COVERAGE_INDEX[R + "win-vp"]
EFFECT_INDEX: Final[dict[int, int]] = {code: COVERAGE_INDEX[rid] for code, rid in EFFECT_IDS.items()}
"""Each effect's coverage number, by effect code."""
PENALTY_INDEX: Final[dict[int, int]] = {code: COVERAGE_INDEX[rid] for code, rid in PENALTY_IDS.items()}
"""Each penalty's coverage number, by penalty code."""


_new_observation: Final = tuple.__new__
"""Builds an `Observation` from its fields in order (its own ``__new__`` is slower)."""


SEAT_STATS: Final = ("rounds", "out", "in", "swords", "gold", "locations")
"""What is counted per seat (``seatN.rounds`` ...); a battle adds to the first five."""
ROUND_STATS: Final = ("players", "out", "in", "swords", "gold")
"""What a battle counts per round number (``roundK.players`` ...)."""
STAT_KEYS: Final = (tuple(f"{STAT}seat{p + 1}.{what}" for p in range(8) for what in SEAT_STATS)
                    + tuple(f"{STAT}round{k}.{what}" for k in range(1, ROUND_BUCKETS + 1)
                            for what in ROUND_STATS)
                    + tuple(STAT + key for key in ("battles.won", "battles.tied",
                                                   "battles.nobody", "bought.gold",
                                                   "bought.soldier")))
"""The statistics counted by number (``ValiantWarsRules._stats``): per seat (8 seats, at
``6 * seat``), per round number (from `S_ROUNDS`, 5 per round), then the battles' ends and
the Gold and Soldiers bought (`S_WON` ...). See `game_stats`."""
S_ROUNDS: Final = 8 * len(SEAT_STATS)
S_WON: Final = S_ROUNDS + ROUND_BUCKETS * len(ROUND_STATS)
STAT_ADDED_WITH: Final = tuple(
    i if i >= S_WON else i - 1 if STAT_KEYS[i].endswith(".swords")
    else i - 2 if STAT_KEYS[i].endswith(".gold") else i for i in range(len(STAT_KEYS)))
"""For each statistic, the one added to whenever it is (its own number, but the ``.in``
of a player's Swords and Gold, which may add 0)."""
S_TIED: Final = S_WON + 1
S_NOBODY: Final = S_WON + 2
S_GOLD: Final = S_WON + 3
S_SOLDIER: Final = S_WON + 4


ZEROS: Final = tuple((0,) * n for n in range(9))
EMPTIES: Final = tuple(((),) * n for n in range(9))
ALL_DRAWING: Final = tuple((DRAWING,) * n for n in range(9))
NOT_STOPPED: Final = tuple((-1,) * n for n in range(9))
"""By number of players: the per-seat values of a round's start (see `_end_round`)."""
SEATS_IN: Final = tuple(tuple(p for p in range(8) if mask >> p & 1) for mask in range(256))
"""The seats of each set of seats (bit ``p`` of the index: seat ``p``), in seat order."""
DRAW_OPTIONS: Final = tuple((("draw", p), ("stop", p)) for p in range(8))
"""Each seat's choice at a draw."""
PASS: Final = tuple(("pass", p) for p in range(8))
BUY_PASS: Final = tuple((PASS[p],) for p in range(8))
BUY_GOLD: Final = tuple(("gold", p) for p in range(8))
BUY_SOLDIER: Final = tuple(("soldier", p) for p in range(8))
"""Each seat's actions when buying (see `_buy_options`)."""


def _put(values: tuple, p: int, value: Any) -> tuple:
    """``values`` with item ``p`` replaced by ``value`` (two seats: one new tuple only)."""
    if len(values) == 2:
        return (value, values[1]) if p == 0 else (values[0], value)
    items = list(values)
    items[p] = value
    return tuple(items)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _sorted_with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``cards`` (sorted) with ``card`` put in its place (after any equal one)."""
    i = len(cards)
    while i > 0 and cards[i - 1] > card:
        i -= 1
    if i == len(cards):
        return cards + (card,)
    items = list(cards)
    items.insert(i, card)
    return tuple(items)


def _drew_one(deck: tuple[int, ...], line: tuple[int, ...], new_deck: tuple[int, ...],
              new_line: tuple[int, ...]) -> bool:
    """Whether ``new_deck`` and ``new_line`` are ``deck`` and ``line`` after the top card
    moved to the end of the line (a draw: the player still holds the same cards)."""
    return (len(new_line) == len(line) + 1 and len(deck) == len(new_deck) + 1
            and new_line[-1] == deck[0] and new_deck == deck[1:] and new_line[:-1] == line)


def _gained_alike(owned: tuple[int, ...], new_owned: tuple[int, ...], gained: tuple[int, ...],
                  new_gained: tuple[int, ...]) -> bool:
    """Whether the same cards joined ``owned`` and ``gained`` (both sorted), none left,
    and ``new_owned`` is sorted: then deck, line and gains still make up the cards owned
    when they did before (a purchase, a Location won)."""
    if len(new_owned) <= len(owned):
        return False
    came: list[int] = []
    gone: list[int] = []
    _moved(owned, new_owned, gone, came)
    also: list[int] = []
    _moved(gained, new_gained, gone, also)
    if gone or came != also:
        return False
    for i in range(1, len(new_owned)):
        if new_owned[i - 1] > new_owned[i]:
            return False
    return True


PLACE_KINDS: Final = (CHAMPION, CHAMPION, SOLDIER, -1, OMEN)
"""The kind of card the Market, the Champion pile, the Soldiers, the Gold and the Dark
Omens may hold (-1: any, for the Gold: "piles" in `invariants`)."""


def _all_of(pool: Pool, kind: int, cards: tuple[int, ...]) -> bool:
    """Whether every one of ``cards`` is a card of the pool of this kind (-1: any)."""
    kinds = pool.kind
    size = pool.size
    for c in cards:
        if not 0 <= c < size or (kind >= 0 and kinds[c] != kind):
            return False
    return True


def _each_once(size: int, places: tuple[tuple[int, ...], ...]) -> bool:
    """Whether ``places``, holding ``size`` cards in all, hold ``size`` different cards
    (``len(set().union(*places)) == size``), by a mark per card id."""
    seen = [False] * size
    for cards in places:
        for c in cards:
            if not 0 <= c < size:  # not a card of the pool: count them as a set does
                return len(set().union(*places)) == size
            if seen[c]:
                return False
            seen[c] = True
    return True


def _same_cards(a: list[int], b: list[int]) -> bool:
    """Whether ``a`` and ``b`` hold the same cards, in any order (by hand for one or two
    cards, the usual moves)."""
    n = len(a)
    if n != len(b):
        return False
    if n == 1:
        return a[0] == b[0]
    if n == 2:
        return (a[0] == b[0] and a[1] == b[1]) or (a[0] == b[1] and a[1] == b[0])
    return sorted(a) == sorted(b)


def _moved(old: tuple[int, ...], new: tuple[int, ...], gone: list[int],
           came: list[int]) -> None:
    """Add to ``gone`` and ``came`` the cards of ``old`` and ``new`` once the cards they
    share in the same order are taken out (a card joining a sorted place, or one card
    replaced, leaves only those cards). Every card taken out is in both, so ``old`` and
    ``new`` differ by ``came`` against ``gone`` exactly as they did."""
    j = 0
    m = len(old)
    for c in new:
        if j < m and old[j] == c:
            j += 1
        else:
            came.append(c)
    while j < m:
        gone.append(old[j])
        j += 1


FEATURE_NAMES: Final = (
    "victory points", "closeness to the victory points", "Dark Omens per card",
    "Swords a round", "Gold a round", "cards owned", "Oracles and Saints",
    "forced draws of one's own", "Swords in the line", "OUT this round",
    "victory points the line holds now")
"""The evaluation's features (`ValiantWarsRules.features`), each from one player's side:
their victory points and 1 / (the points still short of the table's target), the share
of Dark Omens (and Dark Omen Locations) among their cards, the Swords and Gold a round of
theirs draws (each card's Swords or Gold, Dark Omens' Gold left out, times the cards drawn before a second Dark Omen
on average, 2 (n + 1) / (omens + 1) of n cards), how many cards they own, their Oracles
and Saints (which keep a second Dark Omen away), their Champions that make them draw
(Firebrand, Warlord, Wurm Lord); and in a round under way their Swords now, whether they
are OUT, and the top Location's victory points if they alone hold the most Swords."""

WEIGHTS: Final = load_weights("toolkit.games.valiantwars.engine", FEATURE_NAMES)
"""The evaluation's weights, fitted by ``python -m toolkit.sim.fit valiantwars``."""

EXTRA_GOLD: Final = {MONK: 2, SELLSWORD: 1}
"""Monk: "+2 Gold"; SellSword: "+1 Gold" (a champion's printed Gold is in the pool)."""


def _unseen_cards(obs: Observation, player: int) -> tuple[
        tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...], tuple[int, ...],
        tuple[int, ...]]:
    """What ``player`` cannot see, from their observation (see `determinize`): per seat
    the cards of their deck whose order is unknown (in the order of their cards) and the
    known top cards (the player's own, from an Oracle); the Champions nobody holds and
    the Locations never seen (in pool order)."""
    pool = obs.pool
    rests: list[tuple[int, ...]] = []
    tops: list[tuple[int, ...]] = []
    for q in range(len(obs.vp)):
        used = set(obs.line[q])
        used.update(obs.gained[q])
        known = obs.my_top if q == player else ()
        used.update(known)
        rests.append(tuple([c for c in obs.owned[q] if c not in used]))
        tops.append(tuple(known))
    held = set(obs.market)
    for cards in obs.owned:
        held.update(cards)
    top = obs.location_top
    return (tuple(rests), tuple(tops), tuple([c for c in pool.champions if c not in held]),
            tuple([c for c in pool.locations if c not in held and c != top
                   and c != pool.throne]))


class ValiantWarsRules(Engine):
    """The Valiant Wars rules engine (see the module docstring)."""

    game_id = "valiantwars"
    coverage = COVERAGE_IDS
    rulings = RULINGS
    length_unit = "rounds"
    max_steps = 60_000
    capabilities = Capabilities(
        chance=True, hidden_information=True, simultaneous=True,
        hooks=frozenset(("determinize", "search", "evaluate", "features", "state_hash", "offered", "absent_ids", "game_stats", "stats_tables")))
    """What the engine provides (toolkit/sim/engine.py: `Capabilities`)."""
    feature_names = FEATURE_NAMES
    search = SearchSettings(simulations=200, rollout="greedy", horizon=1, bias=1.0)
    """The search agent's defaults (``--agent mcts``): see docs/valiantwars.md."""

    def __init__(self) -> None:
        self._emit: EmitHook | None = None
        """The log event hook, read through `emit` (a plain attribute here, which compiled
        code reads directly)."""
        self._told: list[bool] = [False] * len(COVERAGE_IDS)
        """Per coverage id, whether the log being written has been told it fired (each
        is told once per log: see `hit`)."""
        self._hits: list[int] = [0] * len(COVERAGE_IDS)
        self._stats: list[int] = [0] * len(STAT_KEYS)
        """Counts of the statistics of `STAT_KEYS`, by number (folded like ``_hits``)."""
        self._counts: dict[str, int] = {}
        self._pools: tuple[Any, Pool | None] = (None, None)
        self._bought_keys: dict[str, str] = {}
        """A Champion's name -> its ``champion.NAME.bought`` statistics key."""
        self._ids: dict[Any, int] = {"face-down": R_FACE_DOWN, **EFFECT_INDEX,
                                     "self-counts": G_SELF_COUNTS,
                                     "mercenary-gold": G_MERCENARY_GOLD}
        self._ids.update({("pen", code): i for code, i in PENALTY_INDEX.items()})
        self._places: tuple[Any, tuple[tuple[int, ...], ...]] = (None, ())
        """The pool and the places last found clean (see `_places_clean`)."""
        self._clean_state: State | None = None
        """The state last found clean (see `invariants`)."""
        self._places_state: State | None = None
        """The last state whose places were found clean (see `_invariants`)."""
        self._marks: list[bool] = [False] * 1024
        """A mark per card id, all False between uses (see `_makes_up`)."""
        self._seen: list[State | None] = []
        """Per seat, the last state in which that player's values were found clean (see
        `_invariants`; a state is never changed once handed out)."""
        self._slow: tuple[tuple, int] = ((), 0)
        """The slow part of the last state key and its hash (see `state_key`)."""
        self._tallied: tuple[Any, tuple[int, ...], tuple[int, ...], int, tuple] = (
            None, (), (), 0, ())
        """The last line tallied for a purchase, as (pool, line, face-down cards, stack,
        copies), and its Gold and purchase limit (see `_buy_options`)."""
        self._tally_gold = 0
        self._tally_limit = 0
        self._unseen: tuple = (None, -1, (), (), (), ())
        """The observation last determinized, its player, and what that player cannot see
        (`_unseen_cards`): kept while the same observation comes back."""
        self.reset_counts()

    @property
    def emit(self) -> EmitHook | None:  # type: ignore[override]
        """The log event hook (`Instrumented.emit`): None unless a log is being written."""
        return self._emit

    @emit.setter
    def emit(self, hook: EmitHook | None) -> None:
        self._emit = hook
        self._told = [False] * len(COVERAGE_IDS)  # a new log: nothing told in it yet

    # ----------------------------------------------------------------- metadata
    @property
    def agents(self) -> Any:
        """The agent registry: ``random``, ``greedy`` and ``risk:P,buy:A>B`` specs."""
        from .agents import AGENTS

        return AGENTS

    def describe_params(self, params: VWParams) -> dict[str, Any]:
        """The `play --json` header fields: the pool's format and one label per seat."""
        return {"format": params.format, "decks": list(params.names)}

    def absent_ids(self, params: VWParams) -> set[str]:
        """Coverage ids this pool cannot fire: effects and penalties nobody has, the
        rulings about them, and the Village choice with a single Village."""
        pool = self._pool(params)
        effects = {pool.effect[c] for c in pool.champions}
        penalties = {pool.penalty[c] for c in pool.locations}
        absent = {rid for code, rid in EFFECT_IDS.items() if code not in effects}
        absent |= {rid for code, rid in PENALTY_IDS.items() if code not in penalties}
        names = {EFFECT_NAMES[e] for e in effects if e}
        for effect, rulings in EFFECT_RULINGS.items():
            if effect not in names:
                absent |= {G + r for r in rulings}
        if len(pool.villages) < 2:
            absent.add(G + "village-choice")
        if all(pool.ctype[c] == MYSTIC for c in pool.champions if pool.effect[c] == PRIESTESS):
            absent.add(G + "zero-draws")  # a Mystic Priestess always counts herself
        if not effects & WHEN_PLAYED:
            absent |= {R + "when-played", R + "effect-order", R + "effect-tie",
                       G + "chain-now", G + "out-cancels"}
        return absent

    def game_stats(self, counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
                   finished: int) -> dict[str, Any]:
        """Valiant Wars' own statistics of a run (see the function `game_stats`)."""
        return game_stats(counters, deck_names, finished)

    def stats_tables(self, stats: dict[str, Any]) -> list[tuple[str, list[str], list[list]]]:
        """The statistics as tables for the terminal report (see `stats_tables`)."""
        return stats_tables(stats)

    def stat(self, key: str, n: int = 1) -> None:
        """Add ``n`` to the statistic ``valiantwars.stat.<key>`` (not a coverage id)."""
        full = STAT + key
        counts = self._counts
        counts[full] = counts.get(full, 0) + n

    def _bought(self, name: str) -> None:
        """Count a Champion of this name bought (``champion.NAME.bought``)."""
        key = self._bought_keys.get(name)
        if key is None:
            key = self._bought_keys[name] = f"{STAT}champion.{name}.bought"
        counts = self._counts
        counts[key] = counts.get(key, 0) + 1

    # Coverage is counted in ``_hits``, a list indexed like `COVERAGE_IDS` (a list
    # increment instead of a string-keyed update of the dict at every firing), and the
    # statistics of every battle and purchase likewise in ``_stats``, indexed like
    # `STAT_KEYS`; both are folded into ``_counts``, the dict the harness and the search
    # read and swap, whenever ``counts`` is read or replaced. Other statistics go straight
    # into ``_counts``.
    @property
    def counts(self) -> dict[str, int]:  # type: ignore[override]
        """Coverage id (and statistic key) -> count, every firing folded in."""
        self._flush()
        return self._counts

    @counts.setter
    def counts(self, value: dict[str, int]) -> None:
        self._flush()  # what was counted so far belongs to the dict being replaced
        self._counts = value

    def _flush(self) -> None:
        counts = self._counts
        hits = self._hits
        for i, n in enumerate(hits):
            if n:
                key = COVERAGE_IDS[i]
                counts[key] = counts.get(key, 0) + n
                hits[i] = 0
        # A statistic is listed once it was added to, even if only 0s were added (a
        # player's Swords and Gold, added whenever they were not OUT: counted by ``.in``).
        stats = self._stats
        for i, n in enumerate(stats):
            if n or stats[STAT_ADDED_WITH[i]]:
                key = STAT_KEYS[i]
                counts[key] = counts.get(key, 0) + n
        for i in range(len(stats)):
            stats[i] = 0

    def hit(self, i: int) -> None:
        """Count one firing of coverage id number ``i`` (see `COVERAGE_INDEX`). A log is
        told the first firing of each id only: a ruling's line (with its decision) comes
        once per game, where it first applies, not at every draw it decides."""
        hits = self._hits
        hits[i] = hits[i] + 1
        if self._emit is not None and not self._told[i]:
            self._told[i] = True
            self._emit("fired", COVERAGE_IDS[i])

    def fire(self, rule_id: str) -> None:
        """Count one firing of a rule, ability or ruling, by id (KeyError if unknown)."""
        self.hit(COVERAGE_INDEX[rule_id])

    def _pool(self, params: VWParams) -> Pool:
        cached, pool = self._pools
        if cached is not params or pool is None:
            pool = Pool(params.cards)
            self._pools = (params, pool)
        return pool

    # -------------------------------------------------------------------- setup
    def setup(self, params: VWParams, rng: Random) -> State:
        """A new game: starting decks dealt, the Market and the location deck laid out.

        Setup: "distribute 5 Champions face-up directly beneath to make the Market";
        Starting Deck: "Five (5) Gold cards, Three (3) Dark Omen cards, Two (2) Soldier
        cards"; Victory Conditions: "Take a random number of Locations based on the player
        count and shuffle them then add the Valiant throne to the bottom of the deck and
        the Village to the top." The first shuffle is the first (chance) step. A balance
        run's ``params.starts`` add their Champions to a seat's starting deck; those never
        enter the Market or the Champion pile.
        """
        pool = self._pool(params)
        n = params.players
        piles = {"Gold": list(pool.golds), "Dark Omen": list(pool.omens),
                 "Soldier": list(pool.soldiers)}
        starts = params.starts or ((),) * n
        owned = []
        for p in range(n):
            cards: list[int] = list(starts[p])  # a balance run's starting champions
            for kind, count in START_DECK.items():
                if len(piles[kind]) < count:
                    raise ValueError(f"the pool has too few {kind} cards for {n} players")
                cards += piles[kind][:count]
                del piles[kind][:count]
            owned.append(tuple(sorted(cards)))
        self.hit(R_STARTING_DECK)
        dealt = {c for seat in starts for c in seat}
        champions = [c for c in pool.champions if c not in dealt]
        shuffle(rng, champions)
        market, pile = tuple(champions[:MARKET_SIZE]), tuple(champions[MARKET_SIZE:])
        self.hit(R_SETUP_MARKET)
        if self._emit:
            self._emit("round", "Setup")
        count, target = TABLE[n]
        villages = pool.villages
        village = villages[rng.randrange(len(villages))]
        if len(villages) > 1:
            self.hit(G_VILLAGE_CHOICE)
        others = [c for c in pool.locations if c != pool.throne and c != village]
        if len(others) < count:
            raise ValueError(f"the pool has too few Locations for {n} players")
        shuffle(rng, others)
        # "Take a random number of Locations based on the player count and shuffle them
        # then add the Valiant throne to the bottom of the deck and the Village to the
        # top": the table's count of random Locations, then the Village and the Throne.
        self.hit(R_SETUP_LOCATIONS)
        zeros = (0,) * n
        s = State(
            pool=pool, names=params.names, players=n, target=target, owned=tuple(owned),
            deck=((),) * n, line=((),) * n, down=((),) * n, gained=((),) * n,
            market=market, pile=pile, soldiers=tuple(piles["Soldier"]),
            golds=tuple(piles["Gold"]), omen_supply=tuple(piles["Dark Omen"]),
            locations=(village, *others[:count], pool.throne),
            box=tuple(sorted(others[count:])), vp=zeros, extra=zeros,
            status=(DRAWING,) * n, chose=zeros, stop_at=(-1,) * n, omens=zeros,
            stack=zeros, peek=zeros)
        if self._emit:
            self._log_setup(s, starts, count)
        return s

    def _log_setup(self, s: State, starts: tuple[tuple[int, ...], ...], count: int) -> None:
        """The setup's log lines: the starting decks (their Dark Omens too), the Market,
        the location deck and the target."""
        emit = cast(EmitHook, self._emit)
        pool = s.pool
        book = ", ".join(f"{n} {kind}" + ("" if kind == "Gold" or n == 1 else "s")
                         for kind, n in START_DECK.items())
        emit("info", f"Each player's starting deck: {book} ({len(s.omen_supply)} Dark Omens "
             "left in their pile)")
        for p in range(s.players):
            if starts[p]:
                emit("info", f"{s.names[p]} starts with "
                     f"{', '.join(describe_card(pool, c) for c in starts[p])}")
        emit("info", f"Market: {', '.join(describe_card(pool, c) for c in s.market)}")
        emit("info", f"{count + 2} Locations: {pool.label(s.locations[0])} on top, {count} "
             f"random Locations, {pool.label(pool.throne)} at the bottom; {s.target} VP to win")

    def position(self, params: VWParams, decks: dict[int, tuple[int, ...]], *,
                 market: tuple[int, ...] | None = None,
                 locations: tuple[int, ...] | None = None, round: int = 1) -> State:
        """A game at the first draw of a round, each seat holding exactly the cards of
        ``decks[seat]`` in that order (top first), for scenario tests and what-ifs.

        Cards are pool ids. Victory points come from the Locations a seat holds (with a
        Dark Omen already added for every 3). ``market`` (default: the first five
        Champions nobody holds) and ``locations`` (top first; default: a Village, the
        other Locations nobody holds, the Valiant Throne) may be given; the rest of the
        cards lie in their piles in pool order. No shuffling.
        """
        pool = self._pool(params)
        n = params.players
        held = [c for p in range(n) for c in decks[p]]
        if len(set(held)) != len(held) or not set(held) <= pool.ids:
            raise ValueError("a card is dealt twice or is not in the pool")
        taken = set(held)
        free = [c for c in pool.champions if c not in taken]
        market = tuple(market) if market is not None else tuple(free[:MARKET_SIZE])
        taken.update(market)
        if locations is None:
            village = next(c for c in pool.villages if c not in taken)
            locations = (village, *(c for c in pool.locations if c not in taken
                                    and c != village and c != pool.throne), pool.throne)
        taken.update(locations)
        vp = tuple(sum(pool.vp[c] for c in decks[p] if pool.kind[c] == LOCATION)
                   for p in range(n))
        zeros = (0,) * n
        return State(
            pool=pool, names=params.names, players=n, target=TABLE[n][1],
            owned=tuple(tuple(sorted(decks[p])) for p in range(n)),
            deck=tuple(tuple(decks[p]) for p in range(n)), line=((),) * n, down=((),) * n,
            gained=((),) * n, market=market,
            pile=tuple(c for c in pool.champions if c not in taken),
            soldiers=tuple(c for c in pool.soldiers if c not in taken),
            golds=tuple(c for c in pool.golds if c not in taken),
            omen_supply=tuple(c for c in pool.omens if c not in taken),
            locations=tuple(locations),
            box=tuple(c for c in pool.locations if c not in taken), vp=vp,
            extra=tuple(v // VP_PER_OMEN for v in vp), round=round, phase=DRAW,
            status=(DRAWING,) * n, chose=zeros, stop_at=(-1,) * n, omens=zeros,
            stack=zeros, peek=zeros)

    # ---------------------------------------------------------------- interface
    def to_move(self, s: State) -> tuple[int, ...]:
        """Who decides now: every player still drawing at a draw (at once), the player
        asked a choice, the buyer; ``(CHANCE,)`` for a shuffle or a random order."""
        phase = s.phase
        if phase == DRAW:
            status, chose = s.status, s.chose
            mask = 0
            for p in range(s.players):
                if status[p] == DRAWING and not chose[p]:
                    mask |= 1 << p
            return SEATS_IN[mask]
        if phase == CHOICE:
            return (cast(Choice, s.choice)[1],)
        if phase == BUY:
            return (s.buyers[s.bpos],)
        if phase == OVER:
            return ()
        return (CHANCE,)

    def legal_actions(self, s: State, player: int) -> tuple[tuple, ...]:
        """The player's legal actions, in a stable order (empty if not to move)."""
        phase = s.phase
        if phase == DRAW:
            if s.status[player] == DRAWING and not s.chose[player]:
                return DRAW_OPTIONS[player]
            return ()
        if (phase == CHOICE and cast(Choice, s.choice)[1] == player) or \
                (phase == BUY and s.buyers[s.bpos] == player):
            return s.options
        return ()

    def chance(self, s: State, rng: Random) -> tuple:
        """The chance step: every deck shuffled, or a random order of tied players."""
        if s.phase == SHUFFLE:
            decks = []
            for cards in s.owned:
                order = list(cards)
                shuffle(rng, order)
                decks.append(tuple(order))
            return ("shuffle", CHANCE, tuple(decks))
        seats = sorted({e[1] for e in s.fresh}) if s.order_for == 0 else list(s.buyers)
        shuffle(rng, seats)
        return ("order", CHANCE, tuple(seats))

    def apply(self, state: State, action: tuple) -> State:
        """The state after ``action`` (a legal action); ``state`` itself is unchanged."""
        s = state.copy()
        kind: str = action[0]
        if kind == "draw" or kind == "stop":
            p: int = action[1]
            chose = s.chose = _put(s.chose, p, 1 if kind == "draw" else 2)
            status = s.status
            for q in range(s.players):
                if status[q] == DRAWING and not chose[q]:
                    break  # someone still to commit at this draw
            else:
                self._reveal(s)
        elif kind == "shuffle":
            self._shuffle(s, action[2])
        elif kind == "order":
            self._order(s, action[2])
        elif s.phase == BUY:
            self._buy(s, action)
        else:
            self._choose(s, action)
            if s.choice is None:
                self._continue(s)
        return s

    def offered(self, s: State, player: int, legal: tuple[tuple, ...]) -> tuple[str, ...]:
        """The coverage ids of the optional rules that one of ``legal`` would use by the
        player's choice: STOP at a draw ("Choose to stop at any time"; before a first card,
        ruling stop-before-drawing), each kind of purchase, declining an optional choice
        ("Targeting is optional unless a card dictates"), flipping a Dark Omen stack with
        the Saint or any card with the Assassin, a Dancer copying a Dancer."""
        phase = s.phase
        if phase == DRAW:
            if s.line[player]:
                return (R + "stop",)
            return (R + "stop", G + "stop-before-drawing")
        out: list[str] = []
        pool = s.pool
        if phase == BUY:
            for a in legal:
                what = a[0]
                if what == "champion":
                    rid = R + "buy-champion"
                elif what == "gold":
                    rid = R + "buy-gold"
                elif what == "soldier":
                    rid = R + "buy-soldier"
                else:
                    continue
                if rid not in out:
                    out.append(rid)
            return tuple(out)
        if phase != CHOICE or s.choice is None:
            return ()
        kind = s.choice[0]
        optional = legal[-1][0] == "pass"
        if optional:
            out.append(R + "target-declined")
            if kind == C_FLIP:
                out.append(R + "flip")
                stack = s.stack[player]
                if stack > 1 and any(a[0] == "flip" and a[2] == s.line[player][0]
                                     for a in legal):
                    out.append(G + "saint-stack")
        elif kind == C_COPY:
            for a in legal:
                if pool.effect[a[2]] == DANCER:
                    out.append(G + "dancer-copies-dancer")
                    break
        return tuple(out)

    def outcome(self, s: State) -> Outcome | None:
        """The end of the game, or None."""
        return s.outcome

    def length(self, s: State) -> int:
        """Rounds played (the current one included)."""
        return s.round

    def features(self, s: State) -> tuple[tuple[float, ...], ...]:
        """Each player's `FEATURE_NAMES`, from their own side (so seats swapped give the
        vectors swapped)."""
        pool = s.pool
        kind, swords, gold, out_card, effect = (pool.kind, pool.swords, pool.gold,
                                                pool.out_card, pool.effect)
        n = s.players
        target = s.target
        in_round = s.phase != SHUFFLE and s.phase != OVER
        now = [-1] * n
        if in_round:
            for p in range(n):
                if s.status[p] != OUT:
                    now[p] = tally(pool, s.line[p], s.down[p], s.stack[p], s.copies)[0]
        top_vp = pool.vp[s.locations[0]] if s.locations else 0
        out: list[tuple[float, ...]] = []
        for p in range(n):
            size = omens = sw = gd = control = forced = 0
            for c in s.owned[p]:
                size += 1
                k = kind[c]
                if out_card[c]:
                    omens += 1  # (a Dark Omen's Gold comes with the risk: not counted)
                else:
                    sw += swords[c]
                    gd += gold[c]
                if k == CHAMPION:
                    e = effect[c]
                    if e == ORACLE or e == SAINT:
                        control += 1
                    elif e == FIREBRAND or e == WARLORD or e == WURM_LORD:
                        forced += 1
                    elif e in EXTRA_GOLD:
                        gd += EXTRA_GOLD[e]
            drawn = min(float(size), 2.0 * (size + 1) / (omens + 1)) / max(1, size)
            vp = s.vp[p]
            mine = now[p]
            holds = 0
            if mine >= 0:
                holds = top_vp
                for q in range(n):
                    if q != p and now[q] >= mine:
                        holds = 0
                        break
            out.append((float(vp), 1.0 / max(1, target - vp), omens / max(1, size),
                        sw * drawn, gd * drawn, float(size), float(control), float(forced),
                        float(max(0, mine)), 1.0 if in_round and mine < 0 else 0.0,
                        float(holds)))
        return tuple(out)

    def evaluate(self, s: State) -> list[float]:
        """Each player's chance of winning from here, by the fitted evaluation
        (toolkit/sim/evaluation.py): the softmax over the players of the weights times
        their `features`; a finished game scores its result."""
        outcome = s.outcome
        if outcome is not None and outcome.winner is not None:
            return [1.0 if k == outcome.winner else 0.0 for k in range(s.players)]
        return linear_evaluation(WEIGHTS, self.features(s), None)

    def state_key(self, s: State) -> tuple:
        """A canonical key of the position (for loop detection): `State.key` with the
        part that only purchases and battles change (the cards owned, the Market, the
        piles, the Locations, victory points) replaced by its hash, computed once while
        that part stays the same."""
        slow = (s.owned, s.market, s.pile, s.soldiers, s.golds, s.omen_supply,
                s.locations, s.vp, s.extra)
        cached = self._slow
        if cached[0] != slow:
            cached = self._slow = (slow, hash(slow))
        return (cached[1], s.deck, s.line, s.down, s.gained, s.phase, s.status, s.chose,
                s.stop_at, s.omens, s.stack, s.peek, s.copies, s.queue, s.fresh,
                s.order_for, s.choice, s.buyers, s.bpos, s.bought, s.spent, s.outcome)

    def state_hash(self, s: State) -> int:
        """A hash of `state_key` for the harness's loop detection (equal keys, equal
        hashes), which only compares positions with no chance step between them. There a
        deck, a line, the Champion pile, the supplies and the location deck only ever
        lose their first card or gain one at the end, and a player's cards only grow with
        their gains, so their lengths tell them apart: those are hashed by length, the
        rest (the Market, the face-down cards and gains, ...) as in the key."""
        deck, line, owned = s.deck, s.line, s.owned
        sizes = [len(s.pile), len(s.soldiers), len(s.golds), len(s.omen_supply),
                 len(s.locations)]
        for p in range(s.players):
            sizes.append(len(deck[p]))
            sizes.append(len(line[p]))
            sizes.append(len(owned[p]))
        return hash((tuple(sizes), s.market, s.down, s.gained, s.vp, s.extra, s.phase,
                     s.status, s.chose, s.stop_at, s.omens, s.stack, s.peek, s.copies,
                     s.queue, s.fresh, s.order_for, s.choice, s.buyers, s.bpos, s.bought,
                     s.spent, s.outcome))

    # ---------------------------------------------------------------- the round
    def _shuffle(self, s: State, decks: tuple[tuple[int, ...], ...]) -> None:
        """1. Shuffle: "shuffle all the cards you own into a face down deck"."""
        s.deck = decks
        s.phase = DRAW
        self.hit(R_SHUFFLE)
        if self._emit:
            self._emit("round", f"Round {s.round}")
            self._emit("info", "Top Location: " + describe_card(s.pool, s.locations[0])
                      + "; VP " + ", ".join(f"{s.names[p]} {s.vp[p]}"
                                            for p in range(s.players)))

    def _reveal(self, s: State) -> None:
        """Every committed player stops or reveals one card, together; then the effects."""
        beat = s.beat
        fresh: list[tuple] = []
        drawers = []
        for p in range(s.players):
            if s.status[p] != DRAWING:
                continue
            if s.chose[p] == 2:
                # "Choose to stop at any time."
                s.status = _put(s.status, p, STOPPED)
                s.stop_at = _put(s.stop_at, p, 2 * beat)
                self.hit(R_STOP)
                if not s.line[p]:
                    self.hit(G_STOP_BEFORE_DRAWING)
            else:
                drawers.append(p)
        s.chose = ZEROS[s.players]
        if drawers:
            self.hit(G_SIMULTANEOUS_DRAW)
        for p in drawers:
            fresh.extend(self._draw_card(s, p))
        self._queue_fresh(s, fresh)

    def _draw_card(self, s: State, p: int) -> tuple:
        """Player ``p`` draws their top card into their line; returns the effect it sets
        off (a When Played card, an acting penalty) as queue entries."""
        pool = s.pool
        deck = s.deck[p]
        card = deck[0]
        line = s.line[p]
        s.deck = _put(s.deck, p, deck[1:])
        s.line = _put(s.line, p, line + (card,))
        if s.peek[p]:
            s.peek = _put(s.peek, p, s.peek[p] - 1)
        self.hit(R_DRAW)
        if self._emit:
            self._emit("reveal", f"{s.names[p]}: {describe_card(pool, card)}")
        kind = pool.kind[card]
        out: tuple = ()
        if kind == OMEN:
            stack = s.stack[p]
            if stack == len(line):
                # "If you draw a Dark Omen as your first card, all other Dark Omens you
                # draw consecutively after are placed on the first one in a stack."
                s.stack = _put(s.stack, p, stack + 1)
                if stack:
                    self.hit(R_OMEN_STACK)
                else:
                    s.omens = _put(s.omens, p, s.omens[p] + 1)
            else:
                s.omens = _put(s.omens, p, s.omens[p] + 1)
        elif kind == CHAMPION:
            effect = pool.effect[card]
            if effect in WHEN_PLAYED:
                out = ((OP_EFFECT, p, card, effect, 0),)
        elif kind == LOCATION:
            penalty = pool.penalty[card]
            if penalty == P_OMEN:
                # The Dark Omen penalty counts at once, like a Dark Omen card.
                self._penalty_fired(s, p, card)
                s.omens = _put(s.omens, p, s.omens[p] + 1)
            elif penalty in ACTIVE_PENALTIES:
                out = ((OP_PENALTY, p, card, penalty, pool.amount[card]),)
        if s.omens[p] >= OMENS_TO_OUT:
            self._go_out(s, p)
            return ()
        if not s.deck[p]:
            # "Have run out of Cards to place in their line": as if STOP were called now.
            s.status = _put(s.status, p, EMPTY)
            s.stop_at = _put(s.stop_at, p, 2 * s.beat + 1)
            self.hit(R_RAN_OUT)
            self.hit(G_RAN_OUT)
            if self._emit:
                self._emit("info", f"{s.names[p]} has run out of cards")
        return out

    def _go_out(self, s: State, p: int) -> None:
        """"After two (2) Dark Omen cards have been revealed in your line, your turn is
        over." They "lose all their Gold and Swords for the round"."""
        s.status = _put(s.status, p, OUT)
        s.stop_at = _put(s.stop_at, p, -1)
        self.hit(R_OUT)
        if self._emit:
            self._emit("death", f"{s.names[p]} is OUT (a second Dark Omen)")

    def _queue_fresh(self, s: State, fresh: list[tuple]) -> None:
        """Order the effects revealed at one draw: "the players with the fewest victory
        points, have their card's ability take effect first ... In the case of a tie,
        determine randomly"."""
        if len(fresh) > 1:
            self.hit(R_EFFECT_ORDER)
            vps = [s.vp[e[1]] for e in fresh]
            if len(set(vps)) < len(vps):
                s.fresh = tuple(fresh)
                s.order_for = 0
                s.phase = ORDER
                return
            fresh.sort(key=lambda e: s.vp[e[1]])
        s.queue = tuple(fresh) + s.queue
        self._continue(s)

    def _order(self, s: State, seats: tuple[int, ...]) -> None:
        """A chance order of tied players: effects of one draw, or buyers of one STOP."""
        rank = {p: i for i, p in enumerate(seats)}
        if s.order_for == 0:
            self.hit(R_EFFECT_TIE)
            s.queue = tuple(sorted(s.fresh, key=lambda e: (s.vp[e[1]], rank[e[1]]))) + s.queue
            s.fresh = ()
            if self._emit:
                self._emit("info", "tied in VP, the effects resolve in the random order "
                          + ", ".join(s.names[e[1]] for e in s.queue))
            self._continue(s)
        else:
            self.hit(G_STOP_TIES)
            s.buyers = tuple(sorted(s.buyers, key=lambda p: (s.stop_at[p], rank[p])))
            self._next_buyer(s)

    def _continue(self, s: State) -> None:
        """Resolve what waits; then the next draw, or the purchases when nobody draws."""
        self._resolve(s)
        if s.choice is not None:
            s.phase = CHOICE
            return
        if DRAWING in s.status:
            s.beat += 1
            s.phase = DRAW
        else:
            self._begin_buying(s)

    # ---------------------------------------------------------------- effects
    def _resolve(self, s: State) -> None:
        """Resolve the queue front first until it is empty or a choice is asked."""
        while s.queue and s.choice is None:
            op, p, card, effect, n = s.queue[0]
            s.queue = s.queue[1:]
            if op == OP_DRAW:
                if s.status[p] != DRAWING:
                    self.hit(G_FORCED_DRAW_ENDS)
                    continue
                got = self._draw_card(s, p)
                rest = ((OP_DRAW, p, card, effect, n - 1),) if n > 1 else ()
                if got:
                    self.hit(G_CHAIN_NOW)
                s.queue = got + rest + s.queue
                continue
            if s.status[p] == OUT:
                self.hit(G_OUT_CANCELS)
                continue
            if op == OP_EFFECT:
                if card in s.down[p]:
                    self.hit(R_FACE_DOWN)
                    self.hit(G_FLIPPED_BEFORE_RESOLVING)
                    continue
                self._effect(s, p, card, effect, n)
            else:
                self._penalty(s, p, card, effect, n)

    def _targets(self, s: State, p: int) -> list[int]:
        """Opponents ``p`` may choose: still drawing, and no face-up General."""
        out = []
        pool = s.pool
        for q in range(s.players):
            if q == p:
                continue
            if s.status[q] != DRAWING:
                self.hit(R_CANNOT_TARGET)
                self.hit(G_CHOOSING_IS_TARGETING)
                continue
            if has_general(pool, s.line[q], s.down[q], s.copies):
                self.hit(EFFECT_INDEX[GENERAL])
                self.hit(R_CANNOT_TARGET)
                continue
            out.append(q)
        return out

    def _effect(self, s: State, p: int, card: int, effect: int, n: int) -> None:
        """One When Played effect of ``card`` for its owner ``p`` (``n`` = stage)."""
        pool = s.pool
        self.hit(R_WHEN_PLAYED)
        if n == 0:
            self.hit(EFFECT_INDEX[effect])
        if self._emit:
            self._emit("ability", f"{s.names[p]}'s {pool.label(card)}: "
                      f"{EFFECT_NAMES[effect]}" + (" (second part)" if n else ""))
        if effect in OWN_DRAWS:
            s.queue = ((OP_DRAW, p, card, effect, OWN_DRAWS[effect]),) + s.queue
        elif effect in (APPRENTICE, BRIGAND, PYROMANCER):
            self.hit(G_FORCED_TARGETING)
            self._ask(s, C_TARGET, p, p, card, effect, DRAWS[effect],
                      tuple(("target", p, q) for q in self._targets(s, p)),
                      forced=effect != PYROMANCER)
        elif effect == SABOTEUR:
            self._saboteur(s, p, card, n)
        elif effect == PRIESTESS:
            mystics = count_type(pool, s.line[p], s.down[p], MYSTIC)
            if pool.ctype[card] == MYSTIC:
                self.hit(G_SELF_COUNTS)
            if not mystics:
                self.hit(G_ZERO_DRAWS)
                return
            self._ask(s, C_TARGET, p, p, card, effect, mystics,
                      tuple(("target", p, q) for q in self._targets(s, p)), forced=True)
        elif effect == LUNAR_WITCH:
            self._ask(s, C_WITCH, p, p, card, effect, 0,
                      tuple(("target", p, q) for q in self._targets(s, p)), forced=True)
        elif effect == ASSASSIN:
            # "you may flip any one (1) opposing Champion in play": a Soldier "counts as a
            # Warrior-type Champion"
            options: list[tuple] = []
            for q in range(s.players):
                if q == p or s.status[q] != DRAWING:
                    continue
                cards = self._flippable(s, q, soldiers=True)
                if cards and has_general(pool, s.line[q], s.down[q], s.copies):
                    self.hit(G_GENERAL_SHIELDS_CARDS)
                    continue
                options.extend(("flip", p, c) for c in cards)
            self._ask(s, C_FLIP, p, p, card, effect, 1, tuple(options), forced=False)
        elif effect == ORACLE:
            # "look at the top four (4) cards of your deck and return them in the same order"
            self.hit(G_ORACLE_KNOWLEDGE)
            s.peek = _put(s.peek, p, max(s.peek[p], min(ORACLE_LOOK, len(s.deck[p]))))
            if self._emit:
                self._emit("info", f"{s.names[p]} looks at the top "
                          f"{s.peek[p]} cards of their deck")
        elif effect == SAINT:
            omens = tuple(("flip", p, c) for c in self._omen_units(s, p))
            if omens and s.stack[p] > 1 and omens[0][2] == s.line[p][0]:
                self.hit(G_SAINT_STACK)
            self._ask(s, C_FLIP, p, p, card, effect, 1, omens, forced=False)
        elif effect == SHAMAN:
            # "you must Flip a Champion or Soldier in your line. If you have no other
            # face-up Champions (or only the Hero ...), you must Flip the Shaman." A
            # Soldier "counts as a Warrior-type Champion": with one face-up, the Shaman
            # need not flip itself.
            self.hit(G_SHAMAN_CHOICE)
            cards = self._flippable(s, p, soldiers=True)
            if not any(c != card for c in cards):
                cards = (card,)
            self._ask(s, C_FLIP, p, p, card, effect, 1,
                      tuple(("flip", p, c) for c in cards), forced=True)
        elif effect == DANCER:
            # "it copies all the effects of another face-up Champion in your line": any
            # other, the Hero and a Soldier (a Warrior-type Champion, no effect) included
            line, down = s.line[p], s.down[p]
            kind = pool.kind
            others = [c for c in line if c != card and c not in down
                      and (kind[c] == CHAMPION or kind[c] == SOLDIER)]
            self._ask(s, C_COPY, p, p, card, effect, 0,
                      tuple(("copy", p, c) for c in others), forced=True)

    def _saboteur(self, s: State, p: int, card: int, n: int) -> None:
        """Saboteur: "choose an opposing player to draw two (2) cards. If you have another
        Rogue in play, you may then choose an opposing player to draw one (1) card." The
        condition is read when the Saboteur is played ("'When Played' effects are never
        retroactive"): the second part waits behind the first part's draws."""
        pool = s.pool
        if n == 0:
            if count_type(pool, s.line[p], s.down[p], ROGUE, but=card):
                s.queue = ((OP_EFFECT, p, card, SABOTEUR, 1),) + s.queue
            else:
                self.hit(R_CONDITIONAL)
            self._ask(s, C_TARGET, p, p, card, SABOTEUR, 2,
                      tuple(("target", p, q) for q in self._targets(s, p)), forced=True)
        else:
            self._ask(s, C_TARGET, p, p, card, SABOTEUR, 1,
                      tuple(("target", p, q) for q in self._targets(s, p)), forced=False)

    def _flippable(self, s: State, q: int, soldiers: bool = False) -> tuple[int, ...]:
        """Face-up champions of ``q`` that can be flipped (Soldiers too, as Warrior-type
        Champions, unless the effect sets them apart: the Lunar Witch); a face-up Hero
        left out counts as the Hero's effect at work."""
        pool = s.pool
        line, down, copies = s.line[q], s.down[q], s.copies
        if soldiers:
            cards = flippable_cards(pool, line, down, copies)
        else:
            cards = flippable_champions(pool, line, down, copies)
        if any(pool.kind[c] == CHAMPION and c not in down and effect_of(pool, c, copies) == HERO
               for c in line):
            self.hit(EFFECT_INDEX[HERO])
        return cards

    def _omen_units(self, s: State, p: int) -> list[int]:
        """The face-up Dark Omens of a line, a stack as its first card."""
        pool = s.pool
        line, down, stack = s.line[p], s.down[p], s.stack[p]
        return [c for i, c in enumerate(line) if pool.kind[c] == OMEN and c not in down
                and (i == 0 or i >= stack)]

    def _penalty_fired(self, s: State, p: int, card: int) -> None:
        self.hit(R_LOCATION_PENALTY)
        self.hit(PENALTY_INDEX[s.pool.penalty[card]])
        if self._emit:
            pool = s.pool
            self._emit("ability", f"{s.names[p]}'s {pool.label(card)}: penalty, "
                      + penalty_sentence(pool.penalty[card], pool.amount[card]))

    def _penalty(self, s: State, p: int, card: int, penalty: int, n: int) -> None:
        """An acting Location penalty ("When a Location comes out in your line, it will
        force you to take a penalty")."""
        self._penalty_fired(s, p, card)
        self.hit(G_PENALTY_TIMING)
        if penalty == P_DRAW:
            s.queue = ((OP_DRAW, p, card, 0, n),) + s.queue
        elif penalty == P_STOP:
            if s.status[p] == DRAWING:
                s.status = _put(s.status, p, STOPPED)
                s.stop_at = _put(s.stop_at, p, 2 * s.beat + 1)
                self.hit(R_STOP)
        elif penalty == P_FLIP:
            cards = self._flippable(s, p, soldiers=True)
            self._ask(s, C_FLIP, p, p, card, 0, n, tuple(("flip", p, c) for c in cards),
                      forced=True)

    def _ask(self, s: State, kind: int, decider: int, owner: int, card: int, effect: int,
             n: int, options: tuple[tuple, ...], forced: bool) -> None:
        """Ask ``decider`` a choice; nothing to choose from does nothing, a forced choice
        with one option is taken at once."""
        if not options:
            return
        if not forced:
            options = options + (("pass", decider),)
        s.choice = (kind, decider, owner, card, effect, n)
        s.options = options
        if forced and len(options) == 1:
            self._choose(s, options[0])

    def _choose(self, s: State, action: tuple) -> None:
        """Apply the answer to the pending choice (the caller goes on resolving)."""
        kind, decider, owner, card, effect, n = cast(Choice, s.choice)
        s.choice = None
        s.options = ()
        what = action[0]
        if what == "pass":
            self.hit(R_TARGET_DECLINED)
        elif kind == C_TARGET:
            q = action[2]
            if self._emit:
                self._emit("info", f"{s.names[owner]} makes {s.names[q]} draw {n}")
            s.queue = ((OP_DRAW, q, card, effect, n),) + s.queue
        elif kind == C_WITCH:
            q = action[2]
            cards = self._flippable(s, q)
            if not cards:
                cards = face_up_soldiers(s.pool, s.line[q], s.down[q])
            self.hit(G_LUNAR_WITCH_CHOICE)
            if self._emit:
                self._emit("info", f"{s.names[owner]} chooses {s.names[q]} to flip a card")
            self._ask(s, C_FLIP, q, owner, card, effect, 1,
                      tuple(("flip", q, c) for c in cards), forced=True)
        elif kind == C_FLIP:
            self._flip(s, action[2])
            if effect == 0 and n > 1:  # a Flip penalty with flips still to make
                cards = self._flippable(s, owner, soldiers=True)
                self._ask(s, C_FLIP, owner, owner, card, 0, n - 1,
                          tuple(("flip", owner, c) for c in cards), forced=True)
        elif kind == C_COPY:
            self._copy(s, owner, card, action[2])

    def _flip(self, s: State, card: int) -> None:
        """"Flipping only ever changes a card's position from face-up to face-down." A
        Dark Omen flipped no longer counts; a stack is flipped whole."""
        pool = s.pool
        q = next(p for p in range(s.players) if card in s.line[p])
        flipped: tuple[int, ...] = (card,)
        if pool.kind[card] == OMEN:
            stack = s.stack[q]
            if stack and s.line[q][0] == card:
                flipped = s.line[q][:stack]
            s.omens = _put(s.omens, q, s.omens[q] - 1)
        s.down = _put(s.down, q, tuple(sorted(s.down[q] + flipped)))
        self.hit(R_FLIP)
        if pool.kind[card] == CHAMPION and effect_of(pool, card, s.copies) in WHEN_PLAYED \
                and not any(e[2] == card for e in s.queue):
            self.hit(G_FLIP_KEEPS_RESOLVED)
        if self._emit:
            self._emit("result", f"{s.names[q]}'s {pool.label(card)} is flipped face-down")

    def _copy(self, s: State, p: int, dancer: int, target: int) -> None:
        """The Dancer "copies all the effects of another face-up Champion in your line"."""
        pool = s.pool
        copied = effect_of(pool, target, s.copies)
        if pool.effect[target] == DANCER:
            self.hit(G_DANCER_COPIES_DANCER)
            if copied == DANCER:
                copied = NONE
        self.hit(G_DANCER_COPY_STAYS)
        s.copies = s.copies + ((dancer, copied),)
        if self._emit:
            name = EFFECT_NAMES.get(copied, "nothing")
            self._emit("info", f"{s.names[p]}'s {pool.label(dancer)} copies "
                      f"{pool.label(target)} ({name})")
        if copied in WHEN_PLAYED:
            s.queue = ((OP_EFFECT, p, dancer, copied, 0),) + s.queue

    # ------------------------------------------------------------- purchasing
    def _begin_buying(self, s: State) -> None:
        """"Purchasing is always done in order of when players call STOP!"."""
        buyers = [p for p in range(s.players) if s.status[p] != OUT]
        s.bpos = s.bought = s.spent = 0
        s.queue = ()
        if len(buyers) > 1:
            self.hit(R_BUY_ORDER)
        # Each buyer as 8 * (when they stopped) + seat: sorted, in STOP order.
        stop_at = s.stop_at
        keys = sorted([8 * stop_at[p] + p for p in buyers])
        for i in range(1, len(keys)):
            if keys[i] >> 3 == keys[i - 1] >> 3:  # stopped together: a random order
                s.buyers = tuple(buyers)
                s.order_for = 1
                s.phase = ORDER
                return
        s.buyers = tuple([k & 7 for k in keys])
        self._next_buyer(s, first=True)

    def _next_buyer(self, s: State, first: bool = True) -> None:
        """Find the next buyer with a choice to make; the battle when none is left."""
        if not first:
            s.bpos += 1
            s.bought = s.spent = 0
        while s.bpos < len(s.buyers):
            options = self._buy_options(s, s.buyers[s.bpos])
            if len(options) > 1:
                s.options = options
                s.phase = BUY
                return
            s.bpos += 1
            s.bought = s.spent = 0
        self._battle(s)

    def _buy_options(self, s: State, p: int) -> tuple[tuple, ...]:
        """What ``p`` may buy now: a Market Champion of each name it can afford, Gold,
        a Soldier, or nothing more."""
        pool = s.pool
        # A buyer's line does not change while they buy: tally it once.
        line, down, stack, copies = s.line[p], s.down[p], s.stack[p], s.copies
        last = self._tallied
        if not (last[0] is pool and last[1] is line and last[2] is down and last[3] == stack
                and last[4] is copies):
            _, self._tally_gold, self._tally_limit = tally(pool, line, down, stack, copies)
            self._tallied = (pool, line, down, stack, copies)
        gold, limit = self._tally_gold, self._tally_limit
        if s.bought >= limit:
            return BUY_PASS[p]
        budget = gold - s.spent
        names, cost = pool.names, pool.cost
        market = s.market
        options: list[tuple] = []
        for i, c in enumerate(market):
            if cost[c] <= budget:
                name = names[c]
                for j in range(i):  # one option per name: the first affordable card
                    other = market[j]
                    if cost[other] <= budget and names[other] == name:
                        break
                else:
                    options.append(("champion", p, c))
        if budget >= 1:
            if s.golds:
                options.append(BUY_GOLD[p])
            else:
                self.hit(G_EMPTY_SUPPLY)
        if s.soldiers:
            options.append(BUY_SOLDIER[p])
        else:
            self.hit(G_EMPTY_SUPPLY)
        options.append(PASS[p])
        return tuple(options)

    def _buy(self, s: State, action: tuple) -> None:
        """One purchase (or the end of the buyer's purchases)."""
        kind: str = action[0]
        p: int = action[1]
        if kind == "pass":
            self._next_buyer(s, first=False)
            return
        pool = s.pool
        if kind == "soldier":
            card = s.soldiers[0]
            s.soldiers = s.soldiers[1:]
            self.hit(R_BUY_SOLDIER)
            self._stats[S_SOLDIER] += 1
        elif kind == "gold":
            card = s.golds[0]
            s.golds = s.golds[1:]
            s.spent += 1
            self.hit(R_BUY_GOLD)
            self._stats[S_GOLD] += 1
        else:
            card = action[2]
            i = s.market.index(card)
            s.spent += pool.cost[card]
            self.hit(R_BUY_CHAMPION)
            self._bought(pool.names[card])
            if s.pile:
                # "As soon as a Champion card is purchased from the Market, replace them
                # with another."
                s.market = s.market[:i] + (s.pile[0],) + s.market[i + 1:]
                s.pile = s.pile[1:]
                self.hit(R_MARKET_REFILL)
            else:
                s.market = s.market[:i] + s.market[i + 1:]
                self.hit(G_EMPTY_CHAMPION_PILE)
        self._gain(s, p, card)
        s.bought += 1
        options = self._buy_options(s, p)
        if len(options) > 1:
            s.options = options
        else:
            self._next_buyer(s, first=False)

    def _gain(self, s: State, p: int, card: int) -> None:
        """A card joins ``p``'s cards (in their deck from the next shuffle on)."""
        s.owned = _put(s.owned, p, _sorted_with(s.owned[p], card))
        s.gained = _put(s.gained, p, _sorted_with(s.gained[p], card))

    # ----------------------------------------------------------------- battle
    def _battle(self, s: State) -> None:
        """Battle for Locations, victory points, Dark Omens for VP, victory; then the
        next round."""
        pool = s.pool
        s.options = ()
        n = s.players
        swords = [-1] * n
        stats = self._stats
        by_round = S_ROUNDS + 5 * (min(s.round, ROUND_BUCKETS) - 1)  # roundK.*
        hit = self.hit
        for p in range(n):
            by_seat = 6 * p  # seatN.*
            stats[by_seat] += 1  # seatN.rounds
            stats[by_round] += 1  # roundK.players
            if s.status[p] == OUT:
                stats[by_seat + 1] += 1  # .out
                stats[by_round + 1] += 1
                continue
            sw, gold, _ = tally(pool, s.line[p], s.down[p], s.stack[p], s.copies, hit,
                                self._ids)
            swords[p] = sw
            stats[by_seat + 2] += 1  # .in
            stats[by_seat + 3] += sw  # .swords
            stats[by_seat + 4] += gold  # .gold
            stats[by_round + 2] += 1
            stats[by_round + 3] += sw
            stats[by_round + 4] += gold
        top = s.locations[0]
        best = -1
        for sw in swords:
            if sw > best:
                best = sw
        winners = [p for p in range(n) if swords[p] == best] if best >= 0 else []
        if self._emit:
            self._emit("battle", "Battle for " + describe_card(pool, top))
            self._emit("info", ", ".join(
                f"{s.names[p]} {_plural(swords[p], 'sword')}" if swords[p] >= 0
                else f"{s.names[p]} OUT" for p in range(n)))
        if not winners:
            self.hit(G_NO_CONTENDER)
            self._stats[S_NOBODY] += 1
        elif len(winners) > 1:
            # "If there is a tie, the Location is not won and is played for in the next
            # round."
            self.hit(R_BATTLE_TIE)
            self._stats[S_TIED] += 1
            if self._emit:
                self._emit("result", "a tie: the Location stays for the next round")
        else:
            w = winners[0]
            if sum(1 for x in swords if x >= 0) == 1 and best == 0:
                self.hit(G_LONE_CONTENDER)
            self._take(s, w, top)
            if s.outcome is not None:
                return
        self._end_round(s)

    def _take(self, s: State, w: int, top: int) -> None:
        """The winner takes the Location, its VP, and a Dark Omen for every 3 VP."""
        pool = s.pool
        self.hit(R_BATTLE_WON)
        self.hit(R_LOCATION_VP)
        stats = self._stats
        stats[S_WON] += 1
        stats[6 * w + 5] += 1  # seatN.locations
        s.locations = s.locations[1:]
        self._gain(s, w, top)
        vp = s.vp[w] + pool.vp[top]
        s.vp = _put(s.vp, w, vp)
        if self._emit:
            self._emit("result", f"{s.names[w]} takes {pool.label(top)}: {pool.vp[top]} VP "
                       f"({vp} VP in all)")
        self._omens_for_vp(s, w)
        if vp >= s.target:
            self.hit(R_WIN_VP)
            self._finish(s, w, f"reached {s.target} VP")
        elif top == pool.throne:
            self.hit(R_WIN_THRONE)
            self._finish(s, w, "took the Valiant Throne")

    def _omens_for_vp(self, s: State, w: int) -> None:
        """"For every 3 victory point markers you receive, add one (1) additional Dark
        Omen card to your deck" (ruling omen-per-3-vp), each one logged."""
        vp = s.vp[w]
        due = vp // VP_PER_OMEN - s.extra[w]
        if due > 0:
            self.hit(G_OMEN_PER_3_VP)
        while due > 0:
            if not s.omen_supply:
                self.hit(G_OMEN_SUPPLY_EMPTY)
                if self._emit:
                    self._emit("info", f"{s.names[w]} adds no Dark Omen: the pile is empty")
                break
            omen = s.omen_supply[0]
            s.omen_supply = s.omen_supply[1:]
            self._gain(s, w, omen)
            s.extra = _put(s.extra, w, s.extra[w] + 1)
            self.hit(R_OMEN_PER_3_VP)
            due -= 1
            if self._emit:
                self._emit("info", f"{s.names[w]} adds a Dark Omen to their cards for "
                           f"{vp} VP ({_plural(s.extra[w], 'Dark Omen')} added in all)")

    def _finish(self, s: State, winner: int, reason: str) -> None:
        pool = s.pool
        s.outcome = outcome = Outcome(winner, reason)
        s.phase = OVER
        for p in range(s.players):
            names = {pool.names[c] for c in s.owned[p] if pool.kind[c] == CHAMPION}
            for name in names:
                self.stat(f"champion.{name}.buyers")
                if p == winner:
                    self.stat(f"champion.{name}.buyer-wins")
        if self._emit:
            self._emit("end", f"{s.names[winner]} wins: {outcome.reason} "
                      f"(round {s.round})")

    def _end_round(self, s: State) -> None:
        """6. Shuffle and Get Ready: every card back into its owner's cards."""
        n = s.players
        zeros = ZEROS[n]
        s.deck = s.line = s.down = s.gained = EMPTIES[n]
        s.status = ALL_DRAWING[n]
        s.chose = s.omens = s.stack = s.peek = zeros
        s.stop_at = NOT_STOPPED[n]
        s.copies = s.queue = s.fresh = s.buyers = s.options = ()
        s.choice = None
        s.beat = s.bpos = s.bought = s.spent = s.order_for = 0
        s.round += 1
        s.phase = SHUFFLE

    # ------------------------------------------------------------ observation
    def observe(self, s: State, player: int) -> Observation:
        """What ``player`` may see (see `Observation`): never the order of a deck (their
        own top cards only after an Oracle), the Champion pile, the Locations under the
        top one, or another player's commitment at the current draw."""
        p = player
        locations = s.locations
        phase = s.phase
        decision = (CHOICE_NAMES[cast(Choice, s.choice)[0]] if phase == CHOICE
                    else PHASE_NAMES[phase])
        return _new_observation(Observation, (
            p, decision, s.pool, s.round, s.beat, s.phase, s.target, s.vp,
            s.extra, s.status, s.stop_at, s.omens, s.stack, s.peek, s.owned, s.line,
            s.down, s.gained, tuple([len(d) for d in s.deck]), s.deck[p][:s.peek[p]],
            s.chose[p], s.copies, s.queue, s.fresh, s.order_for, s.choice, s.options,
            s.buyers, s.bpos, s.bought, s.spent, s.market, len(s.pile), s.soldiers,
            s.golds, s.omen_supply, locations[0] if locations else -1, len(locations),
            s.names))

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A full state the player cannot tell from the real one, drawn from ``rng``:
        every deck's unseen cards shuffled (the player's known top cards kept), the
        Champion pile shuffled from the Champions nobody holds, the Locations under the
        top one drawn from those never seen, other players not yet committed.

        What is unseen is worked out once per observation (a search asks again and again
        from the same one); each call only shuffles it."""
        unseen = self._unseen
        if unseen[0] is not obs or unseen[1] != player:
            unseen = self._unseen = (obs, player, *_unseen_cards(obs, player))
        _, _, rests, tops, champions, sites = unseen
        pool = obs.pool
        n = len(obs.vp)
        decks: list[tuple[int, ...]] = []
        for q in range(n):
            if obs.phase == SHUFFLE:
                decks.append(())
                continue
            rest = list(rests[q])
            shuffle(rng, rest)
            decks.append(tops[q] + tuple(rest))
        pile = list(champions)
        shuffle(rng, pile)
        top, count = obs.location_top, obs.location_count
        others = list(sites)
        if count >= 2:
            shuffle(rng, others)
            middle = others[:count - 2]
            locations: tuple[int, ...] = (top, *middle, pool.throne)
            box = tuple(sorted(others[count - 2:]))
        else:
            locations = (top,) if count == 1 else ()
            box = tuple(sorted(others))
        s = State.__new__(State)  # (field by field: faster than the constructor)
        s.pool = pool
        s.names = obs.names
        s.players = n
        s.target = obs.target
        s.owned = obs.owned
        s.deck = tuple(decks)
        s.line = obs.line
        s.down = obs.down
        s.gained = obs.gained
        s.market = obs.market
        s.pile = tuple(pile)
        s.soldiers = obs.soldiers
        s.golds = obs.golds
        s.omen_supply = obs.omen_supply
        s.locations = locations
        s.box = box
        s.vp = obs.vp
        s.extra = obs.extra
        s.round = obs.round
        s.phase = obs.phase
        s.beat = obs.beat
        s.status = obs.status
        s.chose = _put(ZEROS[n], player, obs.committed)
        s.stop_at = obs.stop_at
        s.omens = obs.omens
        s.stack = obs.stack
        s.peek = obs.peek
        s.copies = obs.copies
        s.queue = obs.queue
        s.fresh = obs.fresh
        s.order_for = obs.order_for
        s.choice = obs.choice
        s.options = obs.options
        s.buyers = obs.buyers
        s.bpos = obs.bpos
        s.bought = obs.bought
        s.spent = obs.spent
        s.outcome = None
        return s

    # ------------------------------------------------------------- invariants
    def invariants(self, s: State) -> list[tuple[str, str]] | tuple[()]:
        """Every card in exactly one place; lines, decks and gains make up what each
        player owns; Dark Omens counted right; victory points and added Dark Omens match
        the Locations held; the Market is full while the pile lasts.

        Fast path: every check reads only the values compared here; when they are the
        very ones of the state last found clean (a draw or STOP commitment changes none
        of them), nothing is wrong and nothing is checked again.
        """
        last = self._clean_state
        if (last is not None and s.pool is last.pool and s.phase == last.phase
                and s.bought == last.bought and s.outcome is last.outcome
                and s.deck is last.deck and s.line is last.line and s.down is last.down
                and s.status is last.status and s.omens is last.omens
                and s.stack is last.stack and s.peek is last.peek
                and s.gained is last.gained and s.owned is last.owned
                and s.market is last.market and s.pile is last.pile
                and s.soldiers is last.soldiers and s.golds is last.golds
                and s.omen_supply is last.omen_supply and s.locations is last.locations
                and s.box is last.box and s.vp is last.vp and s.extra is last.extra):
            return ()
        problems = self._invariants(s)
        if not problems:
            self._clean_state = s
        return problems

    def _invariants(self, s: State) -> list[tuple[str, str]]:
        """The checks of `invariants`, each player's skipped while their values are the
        ones last found clean."""
        out: list[tuple[str, str]] = []
        pool = s.pool
        known = self._places_state
        if (known is not None and known.pool is pool and s.market is known.market
                and s.pile is known.pile and s.soldiers is known.soldiers
                and s.golds is known.golds and s.omen_supply is known.omen_supply
                and s.locations is known.locations and s.box is known.box
                and s.owned is known.owned):
            pass  # the very places last found clean
        elif self._places_clean(pool, places := (s.market, s.pile, s.soldiers, s.golds,
                                                 s.omen_supply, s.locations, s.box,
                                                 *s.owned)):
            self._places_state = s
        else:  # cards moved between places
            total = sum(map(len, places))
            if total != pool.size:
                out.append(("card-count", f"{total} cards in play, the pool has {pool.size}"))
            elif not _each_once(pool.size, places):
                out.append(("one-place", "some card is in two places or in none"))
            elif not (_all_of(pool, CHAMPION, s.market) and _all_of(pool, CHAMPION, s.pile)
                      and _all_of(pool, SOLDIER, s.soldiers)
                      and _all_of(pool, OMEN, s.omen_supply)):
                out.append(("piles", "a card lies in the wrong pile"))
            else:
                self._places = (pool, places)
                self._places_state = s
        phase = s.phase
        if (s.outcome is not None) != (phase == OVER):
            out.append(("outcome", f"outcome {s.outcome} at phase {PHASE_NAMES[phase]}"))
        shuffling, drawing = phase == SHUFFLE, phase == DRAW or phase == CHOICE
        no_supply = not s.omen_supply
        deck, line, down, gained, owned = s.deck, s.line, s.down, s.gained, s.owned
        status, omens, stack, peek, vp, extra = (s.status, s.omens, s.stack, s.peek, s.vp,
                                                 s.extra)
        seen = self._seen
        for p in range(s.players):
            # A player's checks fall in three groups (their cards, their line, their
            # victory points), each reading only some of these values: a group is
            # rechecked only when one of its values is not the very one last found clean
            # (most steps change one player's line, or one player's cards, or nothing).
            dk, ln, dn, gn, ow = deck[p], line[p], down[p], gained[p], owned[p]
            st, om, sk, pk, v, ex = status[p], omens[p], stack[p], peek[p], vp[p], extra[p]
            last = seen[p] if p < len(seen) else None
            if last is None or last.pool is not pool:
                problems = self._player_invariants(s, p)
            else:
                was = last.phase
                was_shuffling = was == SHUFFLE
                ldk, lln, lgn, low = last.deck[p], last.line[p], last.gained[p], last.owned[p]
                same_cards = (shuffling == was_shuffling and dk is ldk and ln is lln
                              and gn is lgn and ow is low)
                same_line = (drawing == (was == DRAW or was == CHOICE) and ln is lln
                             and dn is last.down[p] and dk is ldk and st == last.status[p]
                             and om == last.omens[p] and sk == last.stack[p]
                             and pk == last.peek[p])
                same_vp = (no_supply == (not last.omen_supply) and ow is low
                           and v == last.vp[p] and ex == last.extra[p])
                if same_cards and same_line and same_vp:
                    continue  # nothing of this player's changed: still clean
                problems = []
                if not same_cards and (shuffling or was_shuffling or not (
                        _drew_one(ldk, lln, dk, ln) if gn is lgn and ow is low
                        else dk is ldk and ln is lln and _gained_alike(low, ow, lgn, gn))):
                    problems = self._card_invariants(s, p)
                if not problems and not same_line:
                    problems = self._line_invariants(s, p)
                if not problems and not same_vp:
                    problems = self._vp_invariants(s, p)
                if problems:  # the whole list, as the full check gives it
                    problems = self._player_invariants(s, p)
            if problems:
                out += problems
            else:
                while len(seen) <= p:
                    seen.append(None)
                seen[p] = s
        if len(s.market) > MARKET_SIZE or (len(s.market) < MARKET_SIZE and s.pile):
            out.append(("market", f"the Market shows {len(s.market)} Champions"))
        if s.locations and s.locations[-1] != pool.throne:
            out.append(("throne", "the Valiant Throne is not at the bottom of the location "
                        "deck"))
        if phase == BUY and s.bought > 2:
            out.append(("purchases", f"{s.names[s.buyers[s.bpos]]} bought {s.bought} cards"))
        return out

    def _places_clean(self, pool: Pool, places: tuple[tuple[int, ...], ...]) -> bool:
        """Whether ``places`` (the Market, the piles, the Locations, the box, each
        player's cards) pass the card checks, judged from the last places found clean:
        the places that changed must hold, all together, the very cards they held then
        (so every card is still in exactly one place), and a changed pile only cards of
        its kind. False means: check them in full."""
        last = self._places
        if last[0] is not pool or len(last[1]) != len(places):
            return False
        before: tuple[tuple[int, ...], ...] = last[1]
        now: list[int] = []
        then: list[int] = []
        changed = 0
        for i, cards in enumerate(places):
            old = before[i]
            if cards is not old:
                gone = len(old) - len(cards)
                if gone > 0 and cards == old[gone:]:
                    # cards taken from the top: only those moved (the rest were of the
                    # pile's kind already)
                    for j in range(gone):
                        then.append(old[j])
                elif i < 5 and not _all_of(pool, PLACE_KINDS[i], cards):
                    return False
                else:
                    _moved(old, cards, then, now)
                changed += 1
        if not changed:
            return True  # the very places last found clean
        if len(now) > 8 or not _same_cards(now, then):
            return False  # (many cards moved, as from one game to the next: in full)
        self._places = (pool, places)
        return True

    def _player_invariants(self, s: State, p: int) -> list[tuple[str, str]]:
        """One player's invariants: deck, line and gains make up their cards, face-down
        cards lie in the line, the stack and the Dark Omens are counted right, OUT with
        two, victory points and added Dark Omens match their Locations."""
        return (self._card_invariants(s, p) + self._line_invariants(s, p)
                + self._vp_invariants(s, p))

    def _card_invariants(self, s: State, p: int) -> list[tuple[str, str]]:
        """Deck, line and gains make up the player's cards (all in the deck before the
        shuffle)."""
        deck, line, gained = s.deck[p], s.line[p], s.gained[p]
        if s.phase == SHUFFLE:
            if deck or line or gained:
                return [("shuffle", f"{s.names[p]} holds cards outside their deck before "
                         "shuffling")]
        elif not self._makes_up(s.owned[p], deck + line + gained):
            return [("owned", f"{s.names[p]}: deck, line and gains do not make up their "
                     "cards")]
        return []

    def _makes_up(self, owned: tuple[int, ...], cards: tuple[int, ...]) -> bool:
        """Whether ``sorted(cards) == list(owned)``: when ``owned`` is strictly increasing
        (no card twice), by marking its cards and taking each of ``cards`` off once."""
        if len(cards) != len(owned):
            return False
        marks = self._marks
        n = len(marks)
        last = -1
        for i in range(len(owned)):  # mark them, while they keep increasing
            c = owned[i]
            if c <= last or c >= n:
                for j in range(i):
                    marks[owned[j]] = False
                return sorted(cards) == list(owned)
            marks[c] = True
            last = c
        for c in cards:
            if 0 <= c < n and marks[c]:
                marks[c] = False
            else:
                for o in owned:
                    marks[o] = False
                return False
        return True  # as many cards as owned, each took one mark off: none left

    def _line_invariants(self, s: State, p: int) -> list[tuple[str, str]]:
        """Face-down cards lie in the line, the stack and the Dark Omens are counted
        right, OUT with two, no drawing from an empty deck, no peeking past it."""
        out: list[tuple[str, str]] = []
        pool = s.pool
        kind = pool.kind
        name = s.names[p]
        deck, line, down = s.deck[p], s.line[p], s.down[p]
        phase = s.phase
        if down and any(c not in line for c in down):
            out.append(("face-down", f"{name} has a face-down card outside their line"))
        stack = s.stack[p]
        if stack and (len(line) < stack or any(kind[c] != OMEN for c in line[:stack])):
            out.append(("stack", f"{name}'s opening stack holds a card that is no Dark Omen"))
        omens = count_omens(pool, line, down, stack)
        status = s.status[p]
        if omens != s.omens[p]:
            out.append(("omens", f"{name} shows {omens} Dark Omens, counted {s.omens[p]}"))
        if (status == OUT) != (omens >= OMENS_TO_OUT):
            out.append(("out", f"{name} is {STATUS_NAMES[status]} with {omens} Dark Omens"))
        if status == DRAWING and not deck and (phase == DRAW or phase == CHOICE):
            out.append(("ran-out", f"{name} is drawing with an empty deck"))
        if s.peek[p] > len(deck):
            out.append(("peek", f"{name} knows more cards than their deck holds"))
        return out

    def _vp_invariants(self, s: State, p: int) -> list[tuple[str, str]]:
        """Victory points and added Dark Omens match the player's Locations."""
        out: list[tuple[str, str]] = []
        name = s.names[p]
        vp = total(s.pool.vp, s.owned[p])  # only Locations have VP
        if vp != s.vp[p]:
            out.append(("vp", f"{name} has {s.vp[p]} VP, their Locations give {vp}"))
        due = s.vp[p] // VP_PER_OMEN
        extra = s.extra[p]
        if extra > due or (extra < due and s.omen_supply):
            out.append(("omen-per-vp", f"{name} has {extra} added Dark Omens at {vp} VP"))
        return out

    # --------------------------------------------------------------- text
    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """``(what, why it is legal)`` for a playthrough log, in the state before it."""
        kind = action[0]
        if kind == "shuffle":
            return (f"every player shuffles all the cards they own (round {s.round})",
                    "1. Shuffle: \"Before each round ... shuffle all the cards you own\"")
        if kind == "order":
            names = ", ".join(s.names[p] for p in action[2])
            why = ("Play Actions: \"In the case of a tie, determine randomly\"" if
                   s.order_for == 0 else "ruling stop-ties")
            return f"random order among tied players: {names}", why
        p = action[1]
        who = s.names[p]
        pool = s.pool
        if kind == "draw":
            return (f"{who} draws", f"{len(s.deck[p])} cards left, {s.omens[p]} Dark Omen(s) "
                    "showing")
        if kind == "stop":
            return f"{who} calls STOP", "\"Choose to stop at any time.\""
        if kind == "pass":
            if s.phase == BUY:
                return f"{who} buys nothing more", "purchases are optional"
            return f"{who} declines", "targeting is optional here"
        if kind == "gold":
            return f"{who} buys a Gold", "a Gold costs 1"
        if kind == "soldier":
            return f"{who} buys a Soldier", "a Soldier is free"
        card = action[2]
        if kind == "champion":
            return (f"{who} buys {describe_card(pool, card)}",
                    f"cost {pool.cost[card]}, Gold left")
        choice = s.choice
        source = (f"{s.names[choice[2]]}'s {pool.label(choice[3])}" if choice else "")
        if kind == "target":
            return (f"{who} chooses {s.names[card]} ({source})",
                    "an opposing player still drawing, without a face-up General")
        if kind == "flip":
            return f"{who} flips {pool.label(card)} ({source})", "a face-up card"
        if kind == "copy":
            return (f"{who}'s Dancer copies {pool.label(card)}",
                    "another face-up Champion in the line")
        return repr(action), ""


# ----------------------------------------------------------------- statistics

def game_stats(counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
               finished: int) -> dict[str, Any]:
    """Valiant Wars statistics of a run, from the harness's folded counters.

    ``seats``: per seat, rounds, OUT rate, mean Swords and Gold per round not OUT,
    Locations won. ``rounds``: per round number (the last bucket holds the later ones),
    how many player-rounds, the OUT rate, mean Swords and Gold. ``champions``: per
    champion name, copies bought, games in which someone held it at the end (``buyers``)
    and the win rate of those players. ``battles``: won, tied, nobody left.
    """
    def get(key: str) -> int:
        return counters.get(STAT + key, 0)

    def ratio(a: int, b: int) -> float:
        return round(a / b, 4) if b else 0.0

    seats = []
    for i in range(1, len(deck_names) + 1):
        rounds, out, inside = get(f"seat{i}.rounds"), get(f"seat{i}.out"), get(f"seat{i}.in")
        seats.append({"rounds": rounds, "out": out, "out_rate": ratio(out, rounds),
                      "swords_per_round": ratio(get(f"seat{i}.swords"), inside),
                      "gold_per_round": ratio(get(f"seat{i}.gold"), inside),
                      "locations": get(f"seat{i}.locations")})
    by_round = []
    for k in range(1, ROUND_BUCKETS + 1):
        players = get(f"round{k}.players")
        if not players:
            continue
        inside = get(f"round{k}.in")
        by_round.append({"round": k if k < ROUND_BUCKETS else f"{k}+",
                         "player_rounds": players,
                         "out_rate": ratio(get(f"round{k}.out"), players),
                         "swords": ratio(get(f"round{k}.swords"), inside),
                         "gold": ratio(get(f"round{k}.gold"), inside)})
    champions = {}
    prefix = STAT + "champion."
    names = sorted({key[len(prefix):].rsplit(".", 1)[0] for key in counters
                    if key.startswith(prefix)})
    for name in names:
        buyers = get(f"champion.{name}.buyers")
        champions[name] = {"bought": get(f"champion.{name}.bought"), "buyers": buyers,
                           "buyer_win_rate": ratio(get(f"champion.{name}.buyer-wins"),
                                                   buyers)}
    return {"seats": seats, "rounds": by_round, "champions": champions,
            "battles": {"won": get("battles.won"), "tied": get("battles.tied"),
                        "nobody": get("battles.nobody")},
            "bought": {"gold": get("bought.gold"), "soldier": get("bought.soldier")},
            "games": finished}


def stats_tables(stats: dict[str, Any]) -> list[tuple[str, list[str], list[list]]]:
    """`game_stats` as (title, columns, rows) tables for the terminal report."""
    seats = [[f"{i + 1}", f"{row['out_rate']:.1%}", f"{row['swords_per_round']:.2f}",
              f"{row['gold_per_round']:.2f}", str(row["locations"])]
             for i, row in enumerate(stats["seats"])]
    rounds = [[str(row["round"]), str(row["player_rounds"]), f"{row['out_rate']:.1%}",
               f"{row['swords']:.2f}", f"{row['gold']:.2f}"] for row in stats["rounds"]]
    champions = [[name, str(row["bought"]), str(row["buyers"]),
                  f"{row['buyer_win_rate']:.1%}"]
                 for name, row in sorted(stats["champions"].items(),
                                         key=lambda kv: (-kv[1]["bought"], kv[0]))]
    battles = stats["battles"]
    return [
        ("Per seat", ["Seat", "OUT rate", "Swords/round", "Gold/round", "Locations"], seats),
        ("Per round number", ["Round", "Player-rounds", "OUT rate", "Swords", "Gold"], rounds),
        (f"Champions (battles won {battles['won']}, tied {battles['tied']}, "
         f"nobody left {battles['nobody']})",
         ["Champion", "Bought", "Held by (games)", "Their win rate"], champions),
    ]
