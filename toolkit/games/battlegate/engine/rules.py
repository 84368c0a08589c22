"""Battle Gate rules engine: a small pure state machine over `state.State`.

The battle, as the rulebook sets it out, split into small decisions:

- **Setup** (How to play): every deck is shuffled and cut to reveal a bottom card; the
  highest power goes first, tied players re-shuffle and re-cut until one of them cuts
  the highest, unless the tied decks' contents make that impossible (then the players
  decide: ruling ``players-decide``). Turns go to the left (seat + 1).
- **Draw phase**: draw one card at a time, up to soldiers in play + 1, or stop. The first
  turn draws exactly 3 (first player) or 4 (others).
- **Fielding phase**: field one card at a time, or stop, within the turn's limits:
  assassins in play + 1 cards, of total power up to the cards in hand after drawing.
- **Combat phase**: declare one attack at a time (a soldier or assassin against another
  player), or stop; then each attacked player's soldiers and minions, one at a time, block
  one attack aimed at their player or not; then boost rounds, where the attacker and the
  defenders play assassins from their hands onto their attacking or defending cards, or
  pass. Assassins may also be played "at any time before the combat phase has ended":
  the attacker's onto its declared attacks while it declares, a defender's onto the
  attacks its cards defend while its cards are assigned (ruling ``boost-rounds``). Then
  every attack is resolved, boosting assassins are discarded and undefended
  power is discarded from the defenders' decks, then hands (one chosen card at a time). A
  player who must discard and cannot is eliminated; the last player remaining wins.
- **Recovery phase**: recover one card at a time from the discard pile to the hand, up to
  minions in play, or stop.

Where the rulebook is silent the engine follows a named ruling (`rulings.py`) and counts
it. A phase where a player has no choice but to stop is skipped.

Actions are small tuples whose second item is the acting player: ``("draw", p)``,
``("field", p, card)``, ``("attack", p, card, target)``, ``("block", p, card, attack)``,
``("hold", p, card)`` (a defender does not block), ``("boost", p, card, attack)``,
``("discard", p, card)``, ``("recover", p, card)`` and ``("stop", p)`` (end the current
step). Cards are named by kind: the number of the first card of the deck sheet alike to
it (same name, class and power: ``Deck.kind``). Nobody can tell copies apart, so an action
names the kind and the engine moves the lowest copy there; observations show every card as
its kind too, so which copies a hand holds never shows (issue 24). The state itself keeps
card numbers (plain tuples of ints).

A stalemate (no player can ever attack again) is found at setup and after every turn
without an attack; the battle then ends with an unfinished `Outcome` naming the reason.

Game statistics (who went first, first-player wins, wins and eliminations per seat and
per deck, attacks and damage per seat) are added to ``counts`` under
``battlegate.stat.*`` keys, beside the rule coverage ids.

Speed (the harness calls this engine hundreds of times a game, a search thousands of
times more): `apply` copies the state shallowly and replaces only the tuples that change;
the legal actions are found once per state (the automatic steps already look for them);
the loop key carries a running (Zobrist) summary of the card zones instead of the zones
themselves; `invariants` re-checks only what changed since the state it last found sound
(the seats whose zones changed, a single new attack, block or boost alone); `observe`
rebuilds only the views whose state parts changed. The modules are typed so that mypyc
compiles them (``__init__`` written out where a dataclass would generate it).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator, Mapping, Sequence
from random import Random
from typing import Any, Final

from toolkit.sim.draws import shuffle
from toolkit.sim.engine import Agent, Capabilities, EmitHook, Engine, Outcome, SearchSettings
from toolkit.sim.evaluation import linear_evaluation, load_weights

from .rulings import COVERAGE_IDS, RULINGS
from .state import (
    ASSASSIN,
    ATTACK,
    BOOST,
    CLASS_NAMES,
    DEFEND,
    DISCARD,
    DRAW,
    FIELD,
    KEY_DISCARD,
    KEY_FIELD,
    KEY_HAND,
    KEY_SHOWN,
    MINION,
    OVER,
    PHASE_NAMES,
    RECOVER,
    SOLDIER,
    SOUND_MARK,
    Attack,
    Battle,
    BattleGateParams,
    Cards,
    CardSpec,
    Deck,
    Game,
    Observation,
    Seats,
    State,
    alive_key,
    deck_key,
    fresh_zones_key,
    started_key,
)

FIRST_DRAW_FIRST: Final = 3
FIRST_DRAW_OTHERS: Final = 4
"""Draw phase: "The player who goes first draws 3 cards on their first turn, all other
players draw 4 on their first turn.\""""

STAT: Final = "battlegate.stat."

FEATURE_NAMES: Final = (
    "in the battle", "deck and hand", "share of all decks and hands",
    "attack power in play", "defence power in play", "soldiers in play",
    "assassins in play", "minions in play", "cards in hand", "to move")
"""The evaluation's features (`BattleGateRules.features`), each from one player's side:
whether they are still in the battle; their deck and hand (the cards they can still
discard before being eliminated: their life) and its share of every living player's;
the power of their cards in play that may attack (soldiers and assassins) and defend
(soldiers and minions); how many soldiers (extra draws), assassins (extra plays) and
minions (recoveries) they have in play; the cards in their hand (their power limit); and
whether it is their turn. An eliminated player's are all 0."""

WEIGHTS: Final = load_weights("toolkit.games.battlegate.engine", FEATURE_NAMES)
"""The evaluation's weights, fitted by ``python -m toolkit.sim.fit battlegate``."""

_OFFERED: Final = {1: "battlegate.rule.draw", 2: "battlegate.rule.field",
                   4: "battlegate.rule.attack", 8: "battlegate.rule.block",
                   64: "battlegate.rule.recover", 128: "battlegate.ruling.discard-choice"}
"""`BattleGateRules.offered`: the coverage id of each kind of optional action (by bit)."""

_NO_FEATURES: Final = (0.0,) * len(FEATURE_NAMES)
"""An eliminated player's features."""

SEAT: Final = ((0,), (1,), (2,), (3,))
"""``to_move``'s answer for each seat."""


def _put(values: tuple, p: int, value: Any) -> tuple:
    """``values`` with item ``p`` replaced."""
    items = list(values)
    items[p] = value
    return tuple(items)


def _cleared(zones: list[Cards], p: int) -> list[Cards]:
    """A copy of a per-seat zone list with seat ``p``'s cards gone."""
    out = zones.copy()
    out[p] = ()
    return out


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    """Sorted ``cards`` with ``card`` added in its place."""
    i = bisect_left(cards, card)
    return cards[:i] + (card,) + cards[i:]


def _forget(shown: tuple[int, ...], card: int, kind: tuple[int, ...]) -> int:
    """Where in the known hand cards the one forgotten when ``card`` left the hand is (one
    of its kind), or -1."""
    k = kind[card]
    for i, c in enumerate(shown):
        if kind[c] == k:
            return i
    return -1


def _in_order(cards: tuple[int, ...]) -> bool:
    """Whether ``cards`` are in card order."""
    for i in range(1, len(cards)):
        if cards[i] < cards[i - 1]:
            return False
    return True


def _add_bits(mask: int, cards: tuple[int, ...]) -> int:
    """``mask`` with the bit of each of ``cards`` added, or -1 if one was there already
    (or ``mask`` is -1, or a card number is negative)."""
    for c in cards:
        if c < 0:
            return -1
        bit = 1 << c
        if mask & bit:
            return -1
        mask |= bit
    return mask


def _count(flags: tuple[int, ...], cards: tuple[int, ...]) -> int:
    """How many of ``cards`` have their flag (1 or 0 per card number) set."""
    n = 0
    for c in cards:
        n += flags[c]
    return n


def _bottom(cut: int, order: tuple[int, ...], top: int) -> int:
    """The card a deck's cut revealed while it is still at the bottom of ``order[top:]``,
    else -1."""
    return cut if cut >= 0 and top < len(order) and order[-1] == cut else -1


def highest_possible(decks: tuple[Deck, ...], tied: list[int]) -> bool:
    """Whether a re-cut can give one of the ``tied`` players the highest power: some
    player's strongest card beats every other tied deck's weakest one."""
    for p in tied:
        top = decks[p].highest
        if all(decks[q].lowest < top for q in tied if q != p):
            return True
    return False


def _kinds(cards: tuple[int, ...], deck: Deck) -> tuple[int, ...]:
    """The kind ids (``deck.kind``) of the kinds among the sorted ``cards``, each once, in
    the order of their first copy: what actions name, since nobody can tell the copies of
    a kind apart."""
    if deck.distinct:
        return cards
    kind = deck.kind
    seen = 0  # a bit per kind met
    kinds: list[int] = []
    for c in cards:
        k = kind[c]
        bit = 1 << k
        if not seen & bit:
            seen |= bit
            kinds.append(k)
    return tuple(kinds)


def _copy(cards: tuple[int, ...], k: int, deck: Deck) -> int:
    """The card an action naming kind ``k`` moves from the sorted ``cards``: the lowest
    copy of that kind there (copies are interchangeable: which one is a bookkeeping
    choice nobody sees), or -1 if there is none."""
    if deck.distinct:
        return k if k in cards else -1
    kind = deck.kind
    for c in cards:
        if kind[c] == k:
            return c
    return -1


def _as_kinds(cards: tuple[int, ...], deck: Deck) -> tuple[int, ...]:
    """Sorted ``cards`` as the other players see them: each card's kind id, sorted (the
    copies of a kind cannot be told apart)."""
    if deck.distinct:
        return cards
    kind = deck.kind
    return tuple(sorted([kind[c] for c in cards]))


def _by_kind(cards: Sequence[int], kind: tuple[int, ...], size: int) -> list[list[int]]:
    """The sorted ``cards`` by kind id: per kind id, its copies among them, the lowest
    last (to be given out by ``pop``)."""
    out: list[list[int]] = [[] for _ in range(size)]
    for i in range(len(cards) - 1, -1, -1):
        c = cards[i]
        out[kind[c]].append(c)
    return out


def _take(free: list[list[int]], kinds: Sequence[int]) -> list[int]:
    """One copy of each of ``kinds`` (kind ids) from ``free`` (see `_by_kind`), the
    lowest left first."""
    return [free[k].pop() for k in kinds]


def can_ever_attack(deck: Deck, hand: tuple[int, ...], field: tuple[int, ...],
                    draw_pile: tuple[int, ...], discard: tuple[int, ...]) -> bool:
    """Whether a player might attack again, from the cards they still have.

    True if a soldier or assassin is in play, or one could still reach the hand and be
    fielded: it is in the hand or deck, or in the discard pile while a minion could recover
    it (a minion in play, hand or deck), and its power is at most the largest hand the
    player could hold (hand + deck, + discard pile when it can be recovered). Without any
    attack no card ever reaches a discard pile, so this over-estimates and never calls a
    live battle a stalemate.
    """
    kl = deck.klass
    for c in field:
        if kl[c] != MINION:
            return True
    minion = any(kl[c] == MINION for c in field) or any(kl[c] == MINION for c in hand) \
        or any(kl[c] == MINION for c in draw_pile)
    pool = hand + draw_pile + (discard if minion else ())
    most = len(pool)
    pw = deck.power
    return any(kl[c] != MINION and pw[c] <= most for c in pool)


class BattleGateRules(Engine):
    """The Battle Gate rules engine (see the module docstring)."""

    game_id = "battlegate"
    coverage = COVERAGE_IDS
    rulings = RULINGS
    length_unit = "turns"
    max_steps = 60_000
    capabilities = Capabilities(
        chance=False, hidden_information=True, simultaneous=False,
        hooks=frozenset(("determinize", "search", "evaluate", "features", "first_player", "offered", "game_stats")))
    """What the engine provides (toolkit/sim/engine.py: `Capabilities`)."""
    feature_names = FEATURE_NAMES
    search = SearchSettings(simulations=30, rollout="greedy", horizon=4, widening=0.0,
                            bias=1.0)
    """The search agent's defaults (``--agent mcts``): see docs/battlegate.md."""
    emit: EmitHook | None
    counts: dict[str, int]

    def __init__(self) -> None:
        self.emit = None
        self._last_game: Game | None = None
        # The last views `observe` built, each with the state parts it was built from
        # (compared by identity: a state's lists and tuples are replaced, never changed).
        self._fields_view: tuple[list[Cards], Game | None, tuple] = ([], None, ())
        self._decks_view: tuple[list[int], Battle | None, tuple, tuple] = ([], None, (), ())
        self._hands_view: tuple[list[Cards], tuple, Game | None, tuple] = ([], (), None, ())
        self._discards_view: tuple[list[Cards], tuple, tuple, Game | None] = (
            [], (), (), None)
        self._shown_view: tuple[list[Cards], tuple, Game | None] = ([], (), None)
        self._combat_seen: tuple[Any, ...] = (None, None, None, None, None, ())
        self._attacks_view: tuple[Any, ...] = (None, None, None, -1, None, ())
        self.reset_counts()

    # ----------------------------------------------------------------- metadata
    @property
    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """The agent registry: name -> factory."""
        from .agents import AGENTS

        return AGENTS

    def describe_params(self, params: BattleGateParams) -> dict[str, Any]:
        """The `play --json` header fields that come from the parameters."""
        return {"format": "standard", "decks": list(params.deck_names)}

    def game_stats(self, counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
                   finished: int) -> dict[str, Any]:
        """Battle Gate's own statistics of a run (see the function `game_stats`)."""
        return game_stats(counters, deck_names, finished)

    def fire(self, rule_id: str) -> None:
        """Count one firing of a rule, ability or ruling (as `Instrumented.fire`, compiled
        with the engine)."""
        counts = self.counts
        counts[rule_id] = counts[rule_id] + 1
        emit = self.emit
        if emit is not None:
            emit("fired", rule_id)

    def stat(self, key: str, n: int = 1) -> None:
        """Add ``n`` to the game statistic ``battlegate.stat.<key>`` (not a coverage id)."""
        self._count(STAT + key, n)

    def _count(self, full: str, n: int = 1) -> None:
        counts = self.counts
        counts[full] = counts.get(full, 0) + n

    def game(self, specs: tuple[tuple[CardSpec, ...], ...], names: tuple[str, ...]) -> Game:
        """The prepared `Game` of these decks (the last one is kept: it is immutable, and
        a run plays the same decks again and again)."""
        last = self._last_game
        if last is not None and last.names == names and (last.specs is specs
                                                          or last.specs == specs):
            return last
        self._last_game = Game(specs, names)
        return self._last_game

    # -------------------------------------------------------------------- setup
    def setup(self, params: BattleGateParams, rng: Random) -> State:
        """A new battle: decks shuffled and cut, the first player found, first turn begun.

        How to play: "each player shuffles their deck and then cuts it to reveal a bottom
        card. The player with the highest power revealed on their bottom card goes first."
        """
        g = self.game(params.decks, tuple(params.deck_names))
        decks = g.decks
        n = g.n
        order = []
        for d in decks:
            cards = list(range(d.size))
            shuffle(rng, cards)
            order.append(cards)
        if self.emit:
            self.emit("round", "Setup")
        first = self._first_player(decks, g.names, order, rng)
        self.fire("battlegate.ruling.open-information")
        zeros = (0,) * n
        empty: list[Cards] = [()] * n
        battle = Battle(g, tuple(tuple(o) for o in order), tuple(o[-1] for o in order),
                        first)
        s = State(battle, Seats(g, (True,) * n, ((),) * n), [0] * n, empty, empty, empty,
                  empty, first, turns_taken=zeros, caps=((0, 0),) * n, used=((0, 0),) * n)
        s.zones_key = fresh_zones_key(s)
        if self.emit:
            self.emit("info", f"{g.names[first]} goes first; turns go to the left: "
                      + " → ".join(g.names[(first + k) % n] for k in range(n)))
        if not self._stalemate(s):
            self._begin_turn(s)
            self._advance(s)
        return s

    def position(self, params: BattleGateParams, *, current: int = 0, first: int = 0,
                 deck: dict[int, tuple[int, ...]] | None = None,
                 hand: dict[int, tuple[int, ...]] | None = None,
                 field: dict[int, tuple[int, ...]] | None = None,
                 discard: dict[int, tuple[int, ...]] | None = None) -> State:
        """A battle set up in a given position, at the start of ``current``'s turn.

        Zones map a seat to card numbers (a deck top card first); every card not placed is
        put at the bottom of its owner's deck in card order. Every player has already had
        their first turn. For scenario tests and designers' what-ifs; no shuffling.
        """
        g = self.game(params.decks, tuple(params.deck_names))
        n = g.n
        zones = {"deck": deck or {}, "hand": hand or {}, "field": field or {},
                 "discard": discard or {}}
        places: dict[str, list[tuple[int, ...]]] = {z: [] for z in zones}
        for p, d in enumerate(g.decks):
            placed: list[int] = []
            for z, by_seat in zones.items():
                cards = tuple(by_seat.get(p, ()))
                placed.extend(cards)
                places[z].append(cards if z == "deck" else tuple(sorted(cards)))
            if len(set(placed)) != len(placed) or not all(0 <= c < d.size for c in placed):
                raise ValueError(f"seat {p}: a card is placed twice or does not exist")
            taken = set(placed)
            rest = tuple(c for c in range(d.size) if c not in taken)
            places["deck"][p] = places["deck"][p] + rest
        battle = Battle(g, tuple(places["deck"]), (-1,) * n, first)
        s = State(battle, Seats(g, (True,) * n, ((),) * n), [0] * n, places["hand"],
                  places["field"], places["discard"], [()] * n, current,
                  turns_taken=(1,) * n, caps=((0, 0),) * n, used=((0, 0),) * n)
        s.zones_key = fresh_zones_key(s)
        self._begin_turn(s)
        self._advance(s)
        return s

    def _first_player(self, decks: tuple[Deck, ...], names: tuple[str, ...],
                      order: list[list[int]], rng: Random) -> int:
        """The seat that goes first; re-shuffles tied players' decks in ``order``.

        How to play: "In the event of a tie all tied players shuffle and cut their decks
        again until there is a highest power (if no highest possible, players decide who
        goes first)." Whether a highest is possible is read from the tied decks' cards:
        when it is, the re-cuts go on until one comes (each re-cut has a chance of at
        least one card in a deck, so they end).
        """
        # The revealed card stays at the bottom of the deck (ruling cut-card-stays).
        self.fire("battlegate.ruling.cut-card-stays")
        contenders = list(range(len(decks)))
        while True:
            cuts = {p: decks[p].power[order[p][-1]] for p in contenders}
            self.fire("battlegate.rule.cut")
            if self.emit:
                self.emit("reveal", ", ".join(
                    f"{names[p]} cuts {decks[p].specs[order[p][-1]].name} "
                    f"(power {cuts[p]})" for p in contenders))
            best = max(cuts.values())
            tied = [p for p in contenders if cuts[p] == best]
            if len(tied) == 1:
                return tied[0]
            if not highest_possible(decks, tied):
                self.fire("battlegate.ruling.players-decide")
                chosen = tied[rng.randrange(len(tied))]
                if self.emit:
                    self.emit("info", "No highest power is possible ("
                              + " and ".join(names[p] for p in tied) + " can never cut "
                              f"above each other): {names[chosen]} is drawn at random to go "
                              "first")
                return chosen
            # "In the event of a tie all tied players shuffle and cut their decks again"
            self.fire("battlegate.rule.recut")
            for p in tied:
                shuffle(rng, order[p])
            contenders = tied

    # ---------------------------------------------------------------- interface
    def to_move(self, s: State) -> tuple[int, ...]:
        """Who decides now (always one player); ``()`` once the battle is over."""
        if s.outcome is not None:
            return ()
        legal = s.legal
        if legal is None:
            legal = s.legal = self._options(s)
        return SEAT[legal[0][1]]

    def legal_actions(self, s: State, player: int) -> list[tuple]:
        """The player's legal actions, in a stable order (empty if not to move).

        The list is found once per state and shared: callers must not change it.
        """
        legal = s.legal
        if legal is None:
            if s.outcome is not None:
                return []
            legal = s.legal = self._options(s)
        return legal if legal[0][1] == player else []

    def _options(self, s: State) -> list[tuple]:
        """The legal actions of the player to move (of a state made otherwise than by
        `_advance`, which finds them as it settles)."""
        phase = s.phase
        p = s.current
        if phase == DRAW:
            return s.battle.game.draw_or_stop[p]
        if phase == FIELD:
            return self._field_options(s, p) + [("stop", p)]
        if phase == ATTACK:
            return self._attack_options(s, p) + [("stop", p)]
        if phase == DEFEND:
            return self._defend_options(s)
        if phase == BOOST:
            b = s.boosters[s.bpos]
            return self._boost_options(s, b) + [("stop", b)]
        if phase == DISCARD:
            return self._discard_options(s)
        if phase == RECOVER:
            return self._recover_options(s, p)
        return []

    def chance(self, s: State, rng: Random) -> tuple:
        """Battle Gate has no chance step after setup (shuffles happen in `setup`)."""
        raise RuntimeError("Battle Gate has no chance nodes")

    def apply(self, state: State, action: tuple) -> State:
        """The state after ``action`` (a legal action); ``state`` itself is unchanged."""
        s = state.copy()
        kind: str = action[0]
        if kind == "stop":
            phase = s.phase
            if phase == DRAW:
                self._end_draw(s)
            elif phase == FIELD:
                s.phase = ATTACK
            elif phase == ATTACK:
                self._end_attacks(s)
            elif phase == BOOST:
                s.passes += 1
                s.bpos = (s.bpos + 1) % len(s.boosters)
            elif phase == RECOVER:
                self._end_turn(s)
        elif kind == "attack":
            self._attack(s, action[1], action[2], action[3])
        elif kind == "field":
            self._field(s, action[1], action[2])
        elif kind == "draw":
            self._draw(s, action[1], 1)
            s.count += 1
            self.fire("battlegate.rule.draw")
        elif kind == "block":
            self._block(s, action[1], s.queue[0][1], action[3])
        elif kind == "hold":
            s.queue = s.queue[1:]
        elif kind == "recover":
            self._recover(s, action[1], action[2])
        elif kind == "boost":
            self._boost(s, action[1], action[2], action[3])
        elif kind == "discard":
            self._discard_choice(s, action[1], action[2])
        else:
            raise ValueError(f"unknown action {action!r}")
        self._advance(s)
        return s

    def outcome(self, s: State) -> Outcome | None:
        """The result once the battle is over, else ``None``."""
        return s.outcome

    def length(self, s: State) -> int:
        """Turns begun."""
        return s.turn

    def features(self, s: State) -> tuple[tuple[float, ...], ...]:
        """Each seat's `FEATURE_NAMES`, from its own side (a position with the seats
        moved round gives the same vectors moved round)."""
        g = s.battle.game
        n = g.n
        alive = s.seats.alive
        order = s.battle.order
        top = s.top
        hand = s.hand
        lives = [0] * n
        total = 0
        for q in range(n):
            if alive[q]:
                life = len(order[q]) - top[q] + len(hand[q])
                lives[q] = life
                total += life
        out: list[tuple[float, ...]] = []
        for q in range(n):
            if not alive[q]:
                out.append(_NO_FEATURES)
                continue
            d = g.decks[q]
            power = d.power
            klass = d.klass
            attack = defence = soldiers = assassins = minions = 0
            for c in s.field[q]:
                k = klass[c]
                x = power[c]
                if k == SOLDIER:
                    soldiers += 1
                    attack += x
                    defence += x
                elif k == MINION:
                    minions += 1
                    defence += x
                else:
                    assassins += 1
                    attack += x
            life = lives[q]
            out.append((1.0, float(life), life / total if total else 0.0, float(attack),
                        float(defence), float(soldiers), float(assassins), float(minions),
                        float(len(hand[q])), 1.0 if q == s.current else 0.0))
        return tuple(out)

    def evaluate(self, s: State) -> list[float]:
        """Each seat's chance of winning from here by the fitted evaluation
        (toolkit/sim/evaluation.py: the softmax over the seats of the weights times their
        `features`); an eliminated player scores 0, a finished battle its result."""
        n = s.battle.game.n
        outcome = s.outcome
        if outcome is not None and outcome.finished and outcome.winner is not None:
            return [1.0 if q == outcome.winner else 0.0 for q in range(n)]
        features = self.features(s)
        alive = s.seats.alive
        living = [q for q in range(n) if alive[q]]
        if len(living) == n:
            return linear_evaluation(WEIGHTS, features, None)
        values = linear_evaluation(WEIGHTS, [features[q] for q in living], None)
        out = [0.0] * n
        for i, q in enumerate(living):
            out[q] = values[i]
        return out

    def first_player(self, s: State) -> int:
        """The seat that won the cut and went first ("The player with the highest power
        revealed on their bottom card goes first")."""
        return s.battle.first

    def offered(self, s: State, player: int, legal: Sequence[tuple]) -> tuple[str, ...]:
        """The coverage ids of the optional rules one of ``legal`` would use by
        ``player``'s choice: drawing ("may draw ... up to"), fielding, attacking,
        blocking (a group defence when the attack is already blocked), boosting with an
        assassin (on another player's turn: the defender's budget and the boost target
        rulings), recovering, and which hand card to discard (ruling discard-choice).
        One pass over ``legal``, no copies."""
        found: list[str] = []
        seen = 0  # a bit per kind of action met
        for a in legal:
            kind = a[0]
            if kind == "draw":
                bit = 1
            elif kind == "field":
                bit = 2
            elif kind == "attack":
                bit = 4
            elif kind == "block":
                bit = 8
                if not seen & 16 and any(b[2] == a[3] for b in s.blocks):
                    seen |= 16
                    found.append("battlegate.rule.group-defence")
            elif kind == "boost":
                bit = 32
            elif kind == "recover":
                bit = 64
            elif kind == "discard":
                bit = 128
            else:
                continue
            if seen & bit:
                continue
            seen |= bit
            if bit == 32:
                found.append("battlegate.rule.boost")
                found.append("battlegate.ruling.boost-rounds")
                if player != s.current:
                    found.append("battlegate.ruling.defender-budget")
                    found.append("battlegate.ruling.boost-target")
            else:
                found.append(_OFFERED[bit])
        return tuple(found)

    def state_key(self, s: State) -> tuple:
        """A canonical key of the state (loop detection)."""
        return s.key()

    # ------------------------------------------------------------- the machine
    def _advance(self, s: State) -> None:
        """Run the automatic steps until a decision is needed (its legal actions then go
        to ``s.legal``) or the battle is over."""
        while s.outcome is None:
            phase = s.phase
            p = s.current
            if phase == DRAW:
                if s.count < s.limit:
                    if s.top[p] < len(s.battle.order[p]):
                        s.legal = s.battle.game.draw_or_stop[p]
                        return
                    self.fire("battlegate.ruling.draw-empty-deck")
                self._end_draw(s)
            elif phase == FIELD:
                options = self._field_options(s, p)
                if options:
                    options.append(("stop", p))
                    s.legal = options
                    return
                if self.emit and not s.fresh:
                    self.emit("info", self._why_no_field(s, p))
                s.phase = ATTACK
            elif phase == ATTACK:
                options = self._attack_options(s, p)
                if options:
                    options.append(("stop", p))
                    s.legal = options
                    return
                if self.emit and not s.attacks:
                    self.emit("info", f"{s.battle.game.names[p]} has no soldier or assassin "
                              "in play: no combat")
                self._end_attacks(s)
            elif phase == DEFEND:
                if s.queue:
                    s.legal = self._defend_options(s)
                    return
                self._begin_boosts(s)
            elif phase == BOOST:
                if s.passes >= len(s.boosters):
                    self._resolve(s)
                    continue
                b = s.boosters[s.bpos]
                options = self._boost_options(s, b)
                if options:
                    options.append(("stop", b))
                    s.legal = options
                    return
                s.passes += 1
                s.bpos = (s.bpos + 1) % len(s.boosters)
            elif phase == DISCARD:
                if self._take_damage(s):
                    s.legal = self._discard_options(s)
                    return
            elif phase == RECOVER:
                if s.count < s.limit and s.discard[p]:
                    s.legal = self._recover_options(s, p)
                    return
                self._end_turn(s)
            else:  # pragma: no cover - OVER always has an outcome
                return

    # ------------------------------------------------------------------ turns
    def _begin_turn(self, s: State) -> None:
        p = s.current
        s.turn += 1
        s.idle += 1
        taken = s.turns_taken
        first = taken[p] == 0
        s.turns_taken = _put(taken, p, taken[p] + 1)
        s.phase = DRAW
        s.count = 0
        s.fresh = ()
        g = s.battle.game
        if self.emit:
            self.emit("battle", f"Turn {s.turn}: {g.names[p]} (deck "
                      f"{len(s.battle.order[p]) - s.top[p]}, hand {len(s.hand[p])}, in play "
                      f"{len(s.field[p])}, discard {len(s.discard[p])})")
        if first:
            s.zones_key ^= (started_key(tuple(t > 0 for t in taken))
                            ^ started_key(tuple(t > 0 for t in s.turns_taken)))
            # Draw phase: "The player who goes first draws 3 cards on their first turn,
            # all other players draw 4 on their first turn."
            want = FIRST_DRAW_FIRST if p == s.battle.first else FIRST_DRAW_OTHERS
            got = self._draw(s, p, want)
            self.fire("battlegate.rule.first-draw")
            self.fire("battlegate.ruling.first-draw-exact")
            if self.emit:
                self.emit("info", f"{g.names[p]} draws {got} cards on their first turn")
            s.limit = got
            s.count = got
            return
        # Draw phase: "a player may draw a number of cards from the top of their deck to
        # their hand up to the number of soldier cards they have in play +1"
        s.limit = 1 + _count(g.decks[p].soldier, s.field[p])

    def _draw(self, s: State, p: int, n: int) -> int:
        order = s.battle.order[p]
        top = s.top[p]
        size = len(order)
        n = min(n, size - top)
        if n:
            drawn = order[top:top + n]
            keys = s.battle.game.keys[p]
            key = s.zones_key ^ deck_key(p, order, top) ^ deck_key(p, order, top + n)
            numbers = keys[KEY_HAND]
            for c in drawn:
                key ^= numbers[c]
            hand = s.hand.copy()
            hand[p] = tuple(sorted(hand[p] + drawn))
            s.hand = hand
            tops = s.top.copy()
            tops[p] = top + n
            s.top = tops
            if top + n == size and order[-1] == s.battle.cut[p]:  # the bottom card everybody saw
                shown = s.shown.copy()
                shown[p] = _with(shown[p], order[-1])
                s.shown = shown
                key ^= keys[KEY_SHOWN][order[-1]]
            s.zones_key = key
        return n

    def _end_draw(self, s: State) -> None:
        """Fix every player's play limits for this turn (ruling budget-fixed)."""
        # Assassin: "for each assassin you have in play you may play one additional card
        # from your hand beyond the first. The total power of the cards you may play
        # during a turn is equal to the number of cards in your hand immediately after
        # the current player's draw phase."
        g = s.battle.game
        alive = s.seats.alive
        caps = []
        for q in range(g.n):
            if alive[q]:
                caps.append((1 + _count(g.decks[q].assassin, s.field[q]),
                             len(s.hand[q])))
            else:
                caps.append((0, 0))
        s.caps = tuple(caps)
        s.used = ((0, 0),) * g.n
        s.phase = FIELD
        p = s.current
        if s.field[p]:
            self.fire("battlegate.ruling.in-play-stays")
        if self.emit:
            self.emit("info", f"{g.names[p]} may play {caps[p][0]} card(s) of total power "
                      f"{caps[p][1]} this turn")

    def _end_turn(self, s: State) -> None:
        """After the recovery phase it is the next living player's turn."""
        p = s.current
        others = s.seats.ring[p]
        s.current = others[0] if others else p
        s.phase = DRAW
        s.count = s.limit = 0
        if s.idle and self._stalemate(s):
            return
        self._begin_turn(s)

    def _stalemate(self, s: State) -> bool:
        """End the battle unfinished if no living player can ever attack again."""
        g = s.battle.game
        order = s.battle.order
        alive = s.seats.alive
        for p in range(g.n):
            if alive[p] and can_ever_attack(g.decks[p], s.hand[p], s.field[p],
                                            order[p][s.top[p]:], s.discard[p]):
                return False
        self.fire("battlegate.ruling.stalemate")
        reason = ("stalemate: no player can ever attack again (no soldier or assassin "
                  "in play or left to field)")
        self.stat("end.stalemate")
        self._finish(s, Outcome(None, reason, finished=False))
        return True

    def _finish(self, s: State, outcome: Outcome) -> None:
        s.outcome = outcome
        s.phase = OVER
        s.queue = ()
        s.damage = ()
        s.legal = None
        if outcome.finished:
            self._tally(s, outcome.winner)
        if self.emit:
            if not outcome.finished:
                self.emit("end", f"Unfinished: {outcome.reason}")
            else:
                names = s.battle.game.names
                who = "Draw" if outcome.winner is None else f"{names[outcome.winner]} wins"
                self.emit("end", f"{who}: {outcome.reason} (turn {s.turn})")

    def _tally(self, s: State, winner: int | None) -> None:
        """Game statistics of a finished battle, per seat and per deck."""
        first = s.battle.first
        names = s.battle.game.names
        self.stat(f"seat{first + 1}.first")
        self.stat(f"deck.{names[first]}.first")
        if winner is not None and winner == first:
            self.stat("first-wins")
            self.stat(f"seat{first + 1}.first-wins")
            self.stat(f"deck.{names[first]}.first-wins")
        if winner is not None:
            self.stat(f"deck.{names[winner]}.wins")
        for p in range(len(names)):
            self.stat(f"deck.{names[p]}.games")

    def _recover_options(self, s: State, p: int) -> list[tuple]:
        return [("recover", p, c) for c in _kinds(s.discard[p], s.battle.game.decks[p])] \
            + [("stop", p)]

    def _recover(self, s: State, p: int, k: int) -> None:
        """Recover a card of kind ``k`` from the discard pile."""
        # Recovery phase: "recover a number of cards of their choice from their discard
        # pile to their hand"
        keys = s.battle.game.keys[p]
        c = _copy(s.discard[p], k, s.battle.game.decks[p])
        discard = s.discard.copy()
        discard[p] = _without(discard[p], c)
        s.discard = discard
        hand = s.hand.copy()
        hand[p] = _with(hand[p], c)
        s.hand = hand
        # Everybody saw it leave the discard pile.
        shown = s.shown.copy()
        shown[p] = _with(shown[p], c)
        s.shown = shown
        s.zones_key ^= keys[KEY_DISCARD][c] ^ keys[KEY_HAND][c] ^ keys[KEY_SHOWN][c]
        s.count += 1
        self.fire("battlegate.rule.recover")

    def _leave_hand(self, s: State, p: int, c: int) -> None:
        """Card ``c`` leaves ``p``'s hand (the known hand cards forget one of its kind)."""
        keys = s.battle.game.keys[p]
        hand = s.hand.copy()
        hand[p] = _without(hand[p], c)
        s.hand = hand
        key = s.zones_key ^ keys[KEY_HAND][c]
        known = s.shown[p]
        if known:
            i = _forget(known, c, s.battle.game.decks[p].kind)
            if i >= 0:
                key ^= keys[KEY_SHOWN][known[i]]
                shown = s.shown.copy()
                shown[p] = known[:i] + known[i + 1:]
                s.shown = shown
        s.zones_key = key

    # ---------------------------------------------------------------- fielding
    def _field_options(self, s: State, p: int) -> list[tuple]:
        """Fielding phase: "up to the number of assassin cards they have in play +1, with
        a total power up to the number of cards they now have in their hand"."""
        cards, power = s.used[p]
        cap_cards, cap_power = s.caps[p]
        if cards >= cap_cards:
            return []
        room = cap_power - power
        d = s.battle.game.decks[p]
        pw = d.power
        return [("field", p, c) for c in _kinds(s.hand[p], d) if pw[c] <= room]

    def _field(self, s: State, p: int, k: int) -> None:
        """Field a card of kind ``k`` from the hand."""
        d = s.battle.game.decks[p]
        c = _copy(s.hand[p], k, d)
        self._leave_hand(s, p, c)
        field = s.field.copy()
        field[p] = _with(field[p], c)
        s.field = field
        s.zones_key ^= s.battle.game.keys[p][KEY_FIELD][c]
        cards, power = s.used[p]
        cards += 1
        power += d.power[c]
        s.used = _put(s.used, p, (cards, power))
        s.fresh = s.fresh + (k,)  # (as everybody saw it: its kind)
        self.fire("battlegate.rule.field")
        cap_cards, cap_power = s.caps[p]
        if d.klass[c] == ASSASSIN and cards == cap_cards:
            room = cap_power - power
            pw = d.power
            if any(pw[h] <= room for h in s.hand[p]):
                # The new assassin would allow one more card if it counted at once.
                self.fire("battlegate.ruling.budget-fixed")

    # ------------------------------------------------------------------ combat
    def _attack_options(self, s: State, p: int) -> list[tuple]:
        """The attacks ``p`` may still declare, then the assassins it may play onto the
        attacks declared so far (ruling boost-rounds: "at any time before the combat
        phase has ended"); empty when there are none (then only stopping is left)."""
        options = self._new_attacks(s, p)
        if s.attacks:
            options.extend(self._boost_options(s, p))
        return options

    def _new_attacks(self, s: State, p: int) -> list[tuple]:
        """Combat phase: "assign ANY of their soldier and/or assassin cards in play to
        attack any other player"; "each card may only attack one player"."""
        d = s.battle.game.decks[p]
        minion = d.minion
        if s.attacks:
            busy = {c for c, _ in s.attacks}
            fighters = tuple(c for c in s.field[p] if not minion[c] and c not in busy)
        else:
            fighters = tuple(c for c in s.field[p] if not minion[c])
        if not fighters:
            return []
        targets = s.seats.ring[p]
        return [("attack", p, c, q) for c in _kinds(fighters, d) for q in targets]

    def _attack(self, s: State, p: int, k: int, q: int) -> None:
        """A card of kind ``k`` in play that is not attacking yet attacks ``q``."""
        d = s.battle.game.decks[p]
        c = k
        if not d.distinct:
            kind = d.kind
            busy = {x for x, _ in s.attacks}
            for x in s.field[p]:
                if kind[x] == k and x not in busy:
                    c = x
                    break
        s.attacks = s.attacks + ((c, q),)
        s.idle = 0
        self.fire("battlegate.rule.attack")
        self._count(s.battle.game.stat_attacks[p])

    def _end_attacks(self, s: State) -> None:
        """All attacks declared: the attacked players' defenders decide in turn order."""
        if not s.attacks:
            s.phase = RECOVER
            self._begin_recovery(s)
            return
        g = s.battle.game
        if self.emit:
            self.emit("info", "Attacks: " + "; ".join(
                f"{self._cn(s, s.current, c)} → {g.names[q]}" for c, q in s.attacks))
        targets = {q for _, q in s.attacks}
        queue: list[tuple[int, int]] = []
        for q in s.seats.ring[s.current]:
            if q in targets:
                d = g.decks[q]
                assassin = d.assassin
                # "Each defending player may then assign any of their soldier and/or
                # minion cards in play to defend." (asked by kind, the copies of a kind
                # in card order: an order every player sees alike)
                cards = [c for c in s.field[q] if not assassin[c]]
                if not d.distinct:
                    cards.sort(key=d.kind.__getitem__)
                queue.extend((q, c) for c in cards)
        s.queue = tuple(queue)
        s.phase = DEFEND

    def _defend_options(self, s: State) -> list[tuple]:
        """The defender first in the queue blocks one attack aimed at its player, or holds
        (actions name its kind, like every card action); before that its player may play
        assassins onto the attacks its cards already defend (ruling boost-rounds)."""
        player, c = s.queue[0]
        card = s.battle.game.decks[player].kind[c]
        options: list[tuple] = [("block", player, card, k)
                                for k, (_, target) in enumerate(s.attacks) if target == player]
        if s.blocks:
            options.extend(self._boost_options(s, player))
        options.append(("hold", player, card))
        return options

    def _block(self, s: State, q: int, c: int, k: int) -> None:
        # "Defending cards may only defend against one attacking card each per combat
        # phase (must be attacks directed at you) but multiple cards may be assigned to
        # defend against the same attack and have their powers added together."
        if any(b[2] == k for b in s.blocks):
            self.fire("battlegate.rule.group-defence")
        s.blocks = s.blocks + ((q, c, k),)
        s.queue = s.queue[1:]
        self.fire("battlegate.rule.block")
        if len({b[0] for b in s.blocks}) > 1 or len({t for _, t in s.attacks}) > 1:
            self.fire("battlegate.ruling.defence-order")

    def _begin_boosts(self, s: State) -> None:
        p = s.current
        targets = {q for _, q in s.attacks}
        s.boosters = (p, *(q for q in s.seats.ring[p] if q in targets))
        s.bpos = 0
        s.passes = 0
        s.phase = BOOST

    def _boost_options(self, s: State, b: int) -> list[tuple]:
        """Assassins a player may play onto their attacking or defending cards now."""
        cards_used, power_used = s.used[b]
        cap_cards, cap_power = s.caps[b]
        if cards_used >= cap_cards:
            return []
        d = s.battle.game.decks[b]
        assassin = d.assassin
        room = cap_power - power_used
        pw = d.power
        cards = [c for c in _kinds(s.hand[b], d) if assassin[c] and pw[c] <= room]
        if not cards:
            return []
        if b == s.current:
            ks: range | list[int] = range(len(s.attacks))
        else:
            defended = {k for q, _, k in s.blocks if q == b}
            ks = [k for k in range(len(s.attacks)) if k in defended]
        return [("boost", b, c, k) for c in cards for k in ks]

    def _boost(self, s: State, b: int, a: int, k: int) -> None:
        """``b`` plays an assassin of kind ``a`` from the hand onto attack ``k``."""
        # Assassin: "Playing an assassin to an attacker or defender adds its power to that
        # card (or cards if group of defenders)"
        d = s.battle.game.decks[b]
        c = _copy(s.hand[b], a, d)
        self._leave_hand(s, b, c)
        s.boosts = s.boosts + ((b, c, k),)
        cards, power = s.used[b]
        s.used = _put(s.used, b, (cards + 1, power + d.power[c]))
        s.passes = 0
        self.fire("battlegate.rule.boost")
        self.fire("battlegate.ruling.boost-rounds")
        if b != s.current:
            self.fire("battlegate.ruling.defender-budget")
            self.fire("battlegate.ruling.boost-target")

    def _resolve(self, s: State) -> None:
        """Resolve every attack, discard the losers and the boosting assassins."""
        p = s.current
        g = s.battle.game
        decks = g.decks
        names = g.names
        n_att = len(s.attacks)
        atk = [decks[p].power[c] for c, _ in s.attacks]
        dfn = [0] * n_att
        groups: list[list[tuple[int, int]]] = [[] for _ in range(n_att)]
        for q, c, k in s.blocks:
            dfn[k] = dfn[k] + decks[q].power[c]
            groups[k].append((q, c))
        for b, c, k in s.boosts:
            if b == p:
                atk[k] = atk[k] + decks[b].power[c]
            else:
                dfn[k] = dfn[k] + decks[b].power[c]
        lost: list[tuple[int, int]] = []
        damage = [0] * g.n
        for k, (c, q) in enumerate(s.attacks):
            group = groups[k]
            if not group:
                # "the defending player must discard a number of cards from the top of
                # their deck equal to the total power of any attacks they did not defend
                # against"
                damage[q] = damage[q] + atk[k]
                self.fire("battlegate.rule.undefended")
                result = f"undefended: {names[q]} must discard {atk[k]}"
            elif atk[k] == dfn[k]:
                # "If the power of an attack and defense are equal then they are both
                # defeated"
                lost.append((p, c))
                lost.extend(group)
                self.fire("battlegate.rule.equal")
                result = f"{atk[k]} against {dfn[k]}: both sides discarded"
            elif atk[k] > dfn[k]:
                # "If the power of an attack is greater than the power of a defense then
                # the defense is defeated"
                lost.extend(group)
                self.fire("battlegate.rule.attack-wins")
                result = f"{atk[k]} against {dfn[k]}: the defenders are discarded"
            else:
                # "If the power of a defense is greater than the power of an attack then
                # the attack is defeated and the attacking card is discarded."
                lost.append((p, c))
                self.fire("battlegate.rule.defence-wins")
                result = f"{atk[k]} against {dfn[k]}: the attacker is discarded"
            if self.emit:
                self.emit("result", f"{self._cn(s, p, c)} → {names[q]}: {result}")
        key = s.zones_key
        field = s.field.copy()
        discard = s.discard.copy()
        for q, c in lost:
            keys = g.keys[q]
            field[q] = _without(field[q], c)
            discard[q] = _with(discard[q], c)
            key ^= keys[KEY_FIELD][c] ^ keys[KEY_DISCARD][c]
        # "Assassins played during a combat phase are discarded at the end of that combat"
        for b, c, _ in s.boosts:
            discard[b] = _with(discard[b], c)
            key ^= g.keys[b][KEY_DISCARD][c]
        s.field = field
        s.discard = discard
        s.zones_key = key
        s.attacks = ()
        s.blocks = ()
        s.boosts = ()
        s.boosters = ()
        s.bpos = s.passes = 0
        s.damage = tuple((q, damage[q]) for q in s.seats.ring[p] if damage[q])
        s.phase = DISCARD

    def _take_damage(self, s: State) -> bool:
        """Discard undefended power, deck first; True if a player must choose a card."""
        p = s.current
        g = s.battle.game
        while s.damage:
            q, n = s.damage[0]
            order = s.battle.order[q]
            top = s.top[q]
            hand = s.hand[q]
            keys = g.keys[q]
            was_empty = top == len(order) and not hand
            take = min(n, len(order) - top)
            if take:
                gone = order[top:top + take]
                key = s.zones_key ^ deck_key(q, order, top) ^ deck_key(q, order, top + take)
                numbers = keys[KEY_DISCARD]
                for c in gone:
                    key ^= numbers[c]
                s.zones_key = key
                discard = s.discard.copy()
                discard[q] = tuple(sorted(discard[q] + gone))
                s.discard = discard
                tops = s.top.copy()
                tops[q] = top + take
                s.top = tops
                n -= take
                self._count(g.stat_damage[q], take)
            if n > len(hand):
                # "If they have no cards left in their hand and no cards left in their
                # deck that player is eliminated from the battle"
                self._eliminate(s, q, p, "empty" if was_empty else "overwhelmed")
                s.damage = s.damage[1:]
                continue
            if n and (n == len(hand) or len(_kinds(hand, g.decks[q])) == 1):
                # "they must continue by discarding cards from their hand"
                gone = hand[:n]
                for c in gone:
                    self._leave_hand(s, q, c)
                    s.zones_key ^= keys[KEY_DISCARD][c]
                discard = s.discard.copy()
                discard[q] = tuple(sorted(discard[q] + gone))
                s.discard = discard
                self.fire("battlegate.rule.discard-hand")
                self._count(g.stat_damage[q], n)
                if self.emit:
                    self.emit("info", f"{g.names[q]}'s deck is empty: it discards "
                              + ", ".join(self._card(s, q, c) for c in gone)
                              + " from the hand (no choice: "
                              + ("all of it)" if n == len(hand) else "all alike)"))
                n = 0
            if n:
                s.damage = ((q, n),) + s.damage[1:]
                if self.emit:
                    self.emit("info", f"{g.names[q]}'s deck is empty: {n} card(s) to "
                              "discard from the hand")
                return True
            s.damage = s.damage[1:]
        self._end_combat(s)
        return False

    def _discard_options(self, s: State) -> list[tuple]:
        q = s.damage[0][0]
        return [("discard", q, c) for c in _kinds(s.hand[q], s.battle.game.decks[q])]

    def _discard_choice(self, s: State, q: int, k: int) -> None:
        """Discard a card of kind ``k`` from the hand."""
        g = s.battle.game
        c = _copy(s.hand[q], k, g.decks[q])
        self._leave_hand(s, q, c)
        discard = s.discard.copy()
        discard[q] = _with(discard[q], c)
        s.discard = discard
        s.zones_key ^= g.keys[q][KEY_DISCARD][c]
        self.fire("battlegate.rule.discard-hand")
        self.fire("battlegate.ruling.discard-choice")
        self._count(g.stat_damage[q])
        _, n = s.damage[0]
        s.damage = (((q, n - 1),) if n > 1 else ()) + s.damage[1:]

    def _eliminate(self, s: State, q: int, by: int, how: str) -> None:
        self.fire("battlegate.rule.eliminated")
        self.fire("battlegate.ruling.eliminated-to-box")
        g = s.battle.game
        order = s.battle.order[q]
        keys = g.keys[q]
        top = s.top[q]
        seats = s.seats
        alive = _put(seats.alive, q, False)
        key = (s.zones_key ^ deck_key(q, order, top) ^ deck_key(q, order, len(order))
               ^ alive_key(seats.alive) ^ alive_key(alive))
        for zone, cards in ((KEY_HAND, s.hand[q]), (KEY_FIELD, s.field[q]),
                            (KEY_DISCARD, s.discard[q]), (KEY_SHOWN, s.shown[q])):
            numbers = keys[zone]
            for c in cards:
                key ^= numbers[c]
        s.zones_key = key
        box = _put(seats.box, q, tuple(sorted(seats.box[q] + order[top:] + s.hand[q]
                                              + s.field[q] + s.discard[q])))
        s.seats = Seats(g, alive, box, seats.eliminated + ((q, by, s.turn, how),))
        tops = s.top.copy()
        tops[q] = len(order)
        s.top = tops
        s.hand = _cleared(s.hand, q)
        s.field = _cleared(s.field, q)
        s.discard = _cleared(s.discard, q)
        s.shown = _cleared(s.shown, q)
        self.stat(f"eliminated.{how}")
        self.stat(f"seat{q + 1}.eliminated.{how}")
        self.stat(f"deck.{g.names[q]}.eliminated.{how}")
        self.stat(f"seat{by + 1}.eliminations")
        if self.emit:
            what = ("had no cards left in deck and hand" if how == "empty"
                    else "could not discard enough")
            self.emit("death", f"{g.names[q]} is eliminated by {g.names[by]}: {what}")

    def _end_combat(self, s: State) -> None:
        """"You win the battle if you are the last player remaining after a combat
        phase"; otherwise the recovery phase."""
        seats = s.seats
        now = sum(1 for e in seats.eliminated if e[2] == s.turn)
        if now > 1:
            self.fire("battlegate.ruling.elimination-order")
        living = [q for q, alive in enumerate(seats.alive) if alive]
        if len(living) == 1:  # (the attacker never discards in its own combat)
            self.fire("battlegate.rule.win")
            self._finish(s, Outcome(living[0], "last player remaining"))
            return
        s.phase = RECOVER
        self._begin_recovery(s)

    def _begin_recovery(self, s: State) -> None:
        # Recovery phase: "up to the number of minions they have in play"
        p = s.current
        s.count = 0
        s.limit = _count(s.battle.game.decks[p].minion, s.field[p])

    # ------------------------------------------------------------ observation
    def attacks_view(self, s: State) -> tuple[Attack, ...]:
        """The declared attacks with their current attack and defence totals."""
        attacks = s.attacks
        if not attacks:
            return ()
        p = s.current
        g = s.battle.game
        last = self._attacks_view  # (they stay the same over several decisions)
        if (last[0] is attacks and last[1] is s.blocks and last[2] is s.boosts
                and last[3] == p and last[4] is g):
            return last[5]
        decks = g.decks
        pw = decks[p].power
        power = [pw[c] for c, _ in attacks]
        defence = [0] * len(attacks)
        groups: list[list[int]] = [[] for _ in attacks]
        for q, d, k in s.blocks:
            defence[k] = defence[k] + decks[q].power[d]
            groups[k].append(decks[q].kind[d])
        for b, c, k in s.boosts:
            if b == p:
                power[k] = power[k] + pw[c]
            else:
                defence[k] = defence[k] + decks[b].power[c]
        specs = decks[p].specs
        kind = decks[p].kind  # (cards as everybody sees them: their kinds)
        view = tuple([Attack(k, kind[c], specs[c], q, power[k], tuple(groups[k]), defence[k])
                      for k, (c, q) in enumerate(attacks)])
        self._attacks_view = (attacks, s.blocks, s.boosts, p, g, view)
        return view

    def observe(self, s: State, player: int) -> Observation:
        """What ``player`` may see: own hand, every play field and discard pile, every
        deck's list, the known bottom and hand cards, the sizes of the hidden zones;
        never another player's unknown hand cards or any deck's order."""
        p = player
        phase = s.phase
        battle = s.battle
        g = battle.game
        to_discard = s.damage[0][1] if phase == DISCARD and s.damage else 0
        # Each view is built again only when the part of the state it shows changed.
        field = s.field
        fields = self._fields_view
        if fields[0] is not field:
            # (only the seats whose play field changed are shown again)
            old_field, old_game, old_views = fields
            same = old_game is g
            views: list[tuple[tuple[int, CardSpec], ...]] = []
            for q in range(len(field)):
                f = field[q]
                if same and old_field[q] is f:
                    views.append(old_views[q])
                else:
                    d = g.decks[q]
                    pairs = d.pairs
                    views.append(tuple([pairs[c] for c in _as_kinds(f, d)]))
            fields = self._fields_view = (field, g, tuple(views))
        top = s.top
        decks = self._decks_view
        if decks[0] is not top or decks[1] is not battle:
            order = battle.order
            bottoms = [_bottom(battle.cut[q], order[q], top[q]) for q in range(len(top))]
            kinds = [g.decks[q].kind for q in range(len(top))]
            decks = self._decks_view = (
                top, battle, tuple([len(order[q]) - top[q] for q in range(len(top))]),
                tuple([kinds[q][c] if c >= 0 else c for q, c in enumerate(bottoms)]))
        hand = s.hand
        hands = self._hands_view
        if hands[0] is not hand or hands[2] is not g:
            hands = self._hands_view = (hand, tuple([len(x) for x in hand]), g,
                                        self._kind_zones(g, hand))
        discard = s.discard
        discards = self._discards_view
        if discards[0] is not discard or discards[3] is not g:
            discards = self._discards_view = (discard, tuple([len(x) for x in discard]),
                                              self._kind_zones(g, discard), g)
        shown = self._shown_view
        if shown[0] is not s.shown or shown[2] is not g:
            shown = self._shown_view = (s.shown, self._kind_zones(g, s.shown), g)
        cards, power = s.used[p]
        cap_cards, cap_power = s.caps[p]
        seats = s.seats
        return Observation(  # positional, in the order of Observation's fields (faster)
            p, PHASE_NAMES[phase], s.current, battle.first, s.turn, s.idle, seats.alive,
            g.specs[p], hands[3][p], discards[2][p], fields[2], decks[2], hands[1],
            discards[1], max(0, cap_cards - cards), max(0, cap_power - power),
            self.attacks_view(s), s.fresh, to_discard,
            s.limit - s.count if phase == DRAW or phase == RECOVER else 0,
            g.names, g.specs, discards[2], decks[3], shown[1],
            (s.turns_taken, phase, s.count, s.limit, s.caps, s.used, *self._combat_view(s),
             s.boosters, s.bpos, s.passes, s.damage, seats.eliminated, s.outcome),
        )

    @staticmethod
    def _kind_zones(g: Game, zones: list[Cards]) -> tuple[Cards, ...]:
        """Each seat's zone as every player sees it (`_as_kinds`: kind ids, sorted)."""
        if g.distinct:
            return tuple(zones)
        decks = g.decks
        return tuple([_as_kinds(cards, decks[q]) for q, cards in enumerate(zones)])

    def _combat_view(self, s: State) -> tuple[tuple, tuple, tuple, tuple]:
        """The attacks, blocks, boosts and defenders still to decide as every player sees
        them: each card as its kind id (nobody can tell the copies of a kind apart, so
        which copy attacks, blocks or boosts must not show)."""
        attacks, blocks, boosts, queue = s.attacks, s.blocks, s.boosts, s.queue
        g = s.battle.game
        if g.distinct or not (attacks or queue):
            return attacks, blocks, boosts, queue
        last = self._combat_seen
        if (last[0] is attacks and last[1] is blocks and last[2] is boosts
                and last[3] is queue and last[4] is g):
            return last[5]
        kinds = [d.kind for d in g.decks]
        mine = kinds[s.current]
        view = (tuple([(mine[c], q) for c, q in attacks]),
                tuple([(q, kinds[q][c], k) for q, c, k in blocks]),
                tuple([(b, kinds[b][c], k) for b, c, k in boosts]),
                tuple([(q, kinds[q][c]) for q, c in queue]))
        self._combat_seen = (attacks, blocks, boosts, queue, g, view)
        return view

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A full state drawn from ``rng`` among those ``player`` cannot tell apart from
        the real one, built from ``obs`` alone: each deck's unseen cards (its list less
        every card seen in play, in a discard pile, boosting, known in hand or at the
        bottom) are shuffled; another player's hand takes its known cards and the rest
        at random, the deck what is left, its known bottom card last.

        Observations name cards by kind (`_as_kinds`); the copies are given out in a
        fixed order, lowest first (play fields, with the attacks, blocks and defenders
        still to decide among them, then discard piles, boosting assassins, the player's
        own hand, known hand cards and bottom cards), so equal observations give equal
        states for the same ``rng``."""
        p = player
        (turns_taken, phase, count, limit, caps, used, attacks, blocks, boosts, queue,
         boosters, bpos, passes, damage, eliminated, outcome) = obs.public
        g = self.game(obs.decks, obs.names)
        n = g.n
        # Per seat and kind id, the copies not given out yet (the lowest last, to pop).
        free = [_by_kind(range(d.size), d.kind, d.size) for d in g.decks]

        # Play fields, and the cards of the combat among them (each kind's copies in
        # the order the combat names them).
        field: list[Cards] = []
        in_play: list[list[list[int]]] = []
        for q in range(n):
            cards = _take(free[q], [c for c, _ in obs.fields[q]])
            kind = g.decks[q].kind
            by_kind = _by_kind(cards, kind, g.decks[q].size)
            in_play.append(by_kind)
            field.append(tuple(sorted(cards)))
        cur = obs.current
        attacks = tuple([(in_play[cur][c].pop(), q) for c, q in attacks])
        blocks = tuple([(q, in_play[q][c].pop(), k) for q, c, k in blocks])
        queue = tuple([(q, in_play[q][c].pop()) for q, c in queue])
        discard = [tuple(sorted(_take(free[q], obs.discards[q]))) for q in range(n)]
        boosts = tuple([(b, free[b][c].pop(), k) for b, c, k in boosts])
        order: list[Cards] = []
        hand: list[Cards] = []
        shown: list[Cards] = []
        box: list[Cards] = []
        cut: list[int] = []
        for q in range(n):
            d = g.decks[q]
            if not obs.alive[q]:
                order.append(())
                hand.append(())
                shown.append(())
                cut.append(-1)
                box.append(tuple(range(d.size)))
                continue
            box.append(())
            if q == p:
                known = _take(free[q], obs.hand)
                # The known hand cards are some of the own hand's copies.
                mine = _by_kind(known, d.kind, d.size)
                shown.append(tuple(sorted([mine[k].pop() for k in obs.shown[q]])))
            else:
                known = _take(free[q], obs.shown[q])
                shown.append(tuple(sorted(known)))
            bottom = obs.bottoms[q]
            last = _take(free[q], (bottom,)) if bottom >= 0 else []
            cut.append(last[0] if last else -1)
            unseen = sorted([c for copies in free[q] for c in copies])
            shuffle(rng, unseen)
            extra = obs.hand_sizes[q] - len(known)
            hand.append(tuple(sorted(known + unseen[:extra])))
            order.append(tuple(unseen[extra:] + last))
        s = State(
            Battle(g, tuple(order), tuple(cut), obs.first),
            Seats(g, obs.alive, tuple(box), eliminated), [0] * n, hand, field,
            discard, shown, obs.current, turn=obs.turn,
            turns_taken=turns_taken, phase=phase, count=count, limit=limit, caps=caps,
            used=used, fresh=obs.fresh, attacks=attacks, blocks=blocks, boosts=boosts,
            queue=queue, boosters=boosters, bpos=bpos, passes=passes, damage=damage,
            idle=obs.idle, outcome=outcome,
        )
        s.zones_key = fresh_zones_key(s)
        return s

    # ------------------------------------------------------------- invariants
    def invariants(self, s: State) -> Sequence[tuple[str, str]]:
        """Every card in exactly one place; card counts unchanged; phase limits kept;
        combat bookkeeping consistent; the eliminated hold nothing but the box.

        A state's tuples and lists are never changed, only replaced, so what is the same
        object as in the nearest ancestor found sound (``State.sound``) is sound: only
        what changed is checked (`_still_sound`), and everything when that finds a fault
        or there is no such ancestor."""
        sound = s.sound
        if sound is SOUND_MARK:
            return ()
        if isinstance(sound, State) and self._still_sound(s, sound):
            s.sound = SOUND_MARK
            return ()
        found = list(self._broken(s))
        if not found:
            s.sound = SOUND_MARK
        return found

    def _still_sound(self, s: State, a: State) -> bool:
        """Whether ``s`` keeps every invariant, knowing that its ancestor ``a`` does:
        checks only the parts of ``s`` that are not ``a``'s own objects. False may also
        mean "could not tell" (then `_broken` decides)."""
        outcome = s.outcome
        if (outcome is not None) != (s.phase == OVER):
            return False
        seats = s.seats
        if s.battle is not a.battle or seats is not a.seats:
            return False
        top, hand, field, discard, shown = s.top, s.hand, s.field, s.discard, s.shown
        boosts = s.boosts
        if (top is not a.top or hand is not a.hand or field is not a.field
                or discard is not a.discard or shown is not a.shown or boosts is not a.boosts):
            # Only the seats whose zones are not the ancestor's own need a look.
            every = boosts is not a.boosts
            a_top, a_hand, a_field, a_discard, a_shown = (a.top, a.hand, a.field, a.discard,
                                                          a.shown)
            for p in range(len(top)):
                if ((every or top[p] != a_top[p] or hand[p] is not a_hand[p]
                     or field[p] is not a_field[p] or discard[p] is not a_discard[p]
                     or shown[p] is not a_shown[p])
                        and not self._seat_still_sound(s, a, p)):
                    return False
        if s.used is not a.used or s.caps is not a.caps:
            used, caps = s.used, s.caps
            if len(used) != len(caps):
                return False
            for q in range(len(used)):
                cards, power = used[q]
                cap_cards, cap_power = caps[q]
                if cards > cap_cards or power > cap_power:
                    return False
        if outcome is not None:
            return True
        p = s.current
        if not seats.alive[p]:
            return False
        if (s.phase == DRAW or s.phase == RECOVER) and s.count > s.limit:
            return False
        attacks, blocks = s.attacks, s.blocks
        if field is a.field and p == a.current:
            if attacks is a.attacks and blocks is a.blocks and boosts is a.boosts:
                return True
            return self._combat_grew(s, a)
        if not attacks and not blocks and not boosts:
            return True
        return not any(True for _ in self._combat_broken(s))

    def _combat_grew(self, s: State, a: State) -> bool:
        """The combat bookkeeping of ``s`` when only it changed since the sound ``a``: one
        new attack, block or boost is checked alone (anything else: all of it)."""
        attacks, blocks, boosts = s.attacks, s.blocks, s.boosts
        decks = s.battle.game.decks
        if (blocks is a.blocks and boosts is a.boosts and len(attacks) == len(a.attacks) + 1
                and attacks[:-1] == a.attacks):
            p = s.current
            c, q = attacks[-1]
            for x, _ in a.attacks:
                if x == c:
                    return False
            return (c in s.field[p] and not decks[p].minion[c] and q != p
                    and s.seats.alive[q])
        if (attacks is a.attacks and boosts is a.boosts and len(blocks) == len(a.blocks) + 1
                and blocks[:-1] == a.blocks):
            q, c, k = blocks[-1]
            for x, y, _ in a.blocks:
                if x == q and y == c:
                    return False
            return (c in s.field[q] and not decks[q].assassin[c] and 0 <= k < len(attacks)
                    and attacks[k][1] == q)
        if (attacks is a.attacks and blocks is a.blocks and len(boosts) == len(a.boosts) + 1
                and boosts[:-1] == a.boosts):
            b, c, k = boosts[-1]
            return bool(decks[b].assassin[c]) and 0 <= k < len(attacks)
        if not attacks and not blocks and not boosts:
            return True
        return not any(True for _ in self._combat_broken(s))

    def _seat_still_sound(self, s: State, a: State, p: int) -> bool:
        """Seat ``p``'s zones in ``s``, knowing they were sound in the ancestor ``a``: the
        cards that moved are the cards that arrived (every card is still in exactly one
        place), the zones that changed are in card order, the known hand cards in hand."""
        # A bit per card that left (gone) or arrived in (came) a changed zone; a card met
        # twice on one side (-1) is left to `_broken`.
        gone = came = 0
        t0, t1 = a.top[p], s.top[p]
        if t1 != t0:
            order = s.battle.order[p]
            if t1 > t0:
                gone = _add_bits(gone, order[t0:t1])
            else:
                came = _add_bits(came, order[t1:t0])
        for old, new in ((a.hand[p], s.hand[p]), (a.field[p], s.field[p]),
                         (a.discard[p], s.discard[p])):
            if old is not new:
                if not _in_order(new):
                    return False
                gone = _add_bits(gone, old)
                came = _add_bits(came, new)
        if s.boosts is not a.boosts:
            for b, c, _ in a.boosts:
                if b == p:
                    gone = _add_bits(gone, (c,))
            for b, c, _ in s.boosts:
                if b == p:
                    came = _add_bits(came, (c,))
        if gone != came or gone < 0:
            return False
        shown = s.shown[p]
        if shown and (shown is not a.shown[p] or s.hand[p] is not a.hand[p]):
            hand = s.hand[p]
            for c in shown:
                if c not in hand:
                    return False
        return True

    def _broken(self, s: State) -> Iterator[tuple[str, str]]:
        """Every broken invariant of ``s``, all checked."""
        over = s.outcome is not None
        if over != (s.phase == OVER):
            yield "outcome", f"outcome {s.outcome} at phase {PHASE_NAMES[s.phase]}"
        g = s.battle.game
        seats = s.seats
        boosted: list[list[int]] = [[] for _ in range(g.n)]
        for b, c, _ in s.boosts:
            boosted[b].append(c)
        for p in range(g.n):
            d = g.decks[p]
            size = d.size
            name = g.names[p]
            deck, hand, field, discard, box = (s.battle.order[p][s.top[p]:], s.hand[p],
                                               s.field[p], s.discard[p], seats.box[p])
            boost = boosted[p]
            total = len(deck) + len(hand) + len(field) + len(boost) + len(discard) + len(box)
            every = set(deck)
            every.update(hand, field, boost, discard, box)
            if total != size:
                yield "card-count", f"{name} holds {total} cards, its deck has {size}"
            elif every != d.ids:
                yield "one-place", f"{name}: some card is in no place or in two places"
            if (hand != tuple(sorted(hand)) or field != tuple(sorted(field))
                    or discard != tuple(sorted(discard)) or box != tuple(sorted(box))):
                yield "canonical", f"{name}'s hand, field, discard or box is not in card order"
            shown = s.shown[p]
            if shown and not set(hand).issuperset(shown):
                yield "shown", f"{name}: known hand cards {shown} are not all in hand"
            if seats.alive[p] == bool(box):
                yield "box", f"{name}: alive {seats.alive[p]} with {len(box)} boxed cards"
            (cards, power), (cap_cards, cap_power) = s.used[p], s.caps[p]
            if cards > cap_cards or power > cap_power:
                yield "play-limit", (f"{name} played {cards} cards of power {power}, "
                                     f"limits {cap_cards} and {cap_power}")
        if over:
            return
        p = s.current
        if not seats.alive[p]:
            yield "turn", f"{g.names[p]} is eliminated but takes a turn"
        if s.phase in (DRAW, RECOVER) and s.count > s.limit:
            yield "phase-limit", (f"{g.names[p]}: {s.count} cards in the "
                                  f"{PHASE_NAMES[s.phase]} phase, limit {s.limit}")
        yield from self._combat_broken(s)

    def _combat_broken(self, s: State) -> Iterator[tuple[str, str]]:
        """The broken invariants of the combat bookkeeping: attacks, blocks and boosts."""
        g = s.battle.game
        names = g.names
        alive = s.seats.alive
        p = s.current
        minion = g.decks[p].minion
        seen: set[int] = set()
        for c, q in s.attacks:
            if c in seen or c not in s.field[p] or minion[c]:
                yield "attack", f"{names[p]}'s card {c} cannot attack"
            seen.add(c)
            if q == p or not alive[q]:
                yield "attack", f"attack on {names[q]} is not on another living player"
        used: set[tuple[int, int]] = set()
        for q, c, k in s.blocks:
            if (q, c) in used or c not in s.field[q] or g.decks[q].assassin[c]:
                yield "block", f"{names[q]}'s card {c} cannot block"
            used.add((q, c))
            if not 0 <= k < len(s.attacks) or s.attacks[k][1] != q:
                yield "block", f"{names[q]}'s card {c} blocks an attack not aimed at them"
        for b, c, k in s.boosts:
            if not g.decks[b].assassin[c] or not 0 <= k < len(s.attacks):
                yield "boost", f"{names[b]}'s card {c} is not a legal boost"

    # --------------------------------------------------------------- text
    def _card(self, s: State, p: int, c: int) -> str:
        spec = s.battle.game.decks[p].specs[c]
        return f"{spec.name} ({spec.klass} {spec.power})"

    def _cn(self, s: State, p: int, c: int) -> str:
        return f"{s.battle.game.names[p]}'s {self._card(s, p, c)}"

    def _why_no_field(self, s: State, p: int) -> str:
        """The log's reason when the fielding phase passes without a card played."""
        who = s.battle.game.names[p]
        cards, power = s.used[p]
        cap_cards, cap_power = s.caps[p]
        if not s.hand[p]:
            return f"{who} cannot field a card: its hand is empty"
        if cards >= cap_cards:
            return f"{who} cannot field a card: its {cap_cards} card(s) this turn are played"
        room = cap_power - power
        return (f"{who} cannot field a card: none in its hand has power {room} or less (the "
                f"power limit is the {cap_power} card(s) in hand after drawing)")

    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """``(what, why it is legal)`` for a playthrough log, in the state before it."""
        kind = action[0]
        p = action[1]
        names = s.battle.game.names
        who = names[p]
        if kind == "draw":
            return (f"{who} draws a card", f"card {s.count + 1} of up to {s.limit} "
                    "(soldiers in play + 1)")
        if kind == "stop":
            return f"{who} ends the {PHASE_NAMES[s.phase]} step", "a player may stop"
        c = action[2]
        card = self._cn(s, p, c)
        d = s.battle.game.decks[p]
        cards, power = s.used[p]
        cap_cards, cap_power = s.caps[p]
        if kind == "field":
            return (f"{who} fields {card}",
                    f"card {cards + 1} of {cap_cards}, power "
                    f"{power} + {d.power[c]} of {cap_power}")
        if kind == "attack":
            return (f"{card} attacks {names[action[3]]}",
                    f"{CLASS_NAMES[d.klass[c]]}s may attack any other player")
        if kind == "block":
            a, q = s.attacks[action[3]]
            return (f"{card} blocks {self._cn(s, s.current, a)}",
                    "soldiers and minions may defend attacks aimed at their player")
        if kind == "hold":
            return f"{card} does not block", "defending is optional"
        if kind == "boost":
            a, q = s.attacks[action[3]]
            side = "attack" if p == s.current else "defence"
            return (f"{who} plays {card} onto the {side} of {self._cn(s, s.current, a)} "
                    f"→ {names[q]}",
                    f"within {who}'s limits this turn ({cap_cards - cards} "
                    f"cards, power {cap_power - power} left)")
        if kind == "discard":
            return (f"{who} discards {card} from the hand",
                    f"the deck is empty and {s.damage[0][1]} card(s) are still to discard")
        if kind == "recover":
            return (f"{who} recovers {card} to the hand",
                    f"{s.count} of up to {s.limit} recovered (minions in play)")
        return repr(action), ""


def game_stats(counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
               finished: int) -> dict[str, Any]:
    """The Battle Gate statistics of a run, from the harness's folded counters.

    ``finished`` is the number of games that ended (won or drawn). Returns per seat
    (``seats``: went first, won when first, attacks, cards discarded by attacks,
    eliminations scored, eliminated overwhelmed/empty), per deck (``decks``: games,
    wins, went first, won when first, eliminated overwhelmed/empty) and the first
    player's win rate (``first_player_win_rate``). A deck played from two seats is
    counted once per seat it played.
    """
    def get(key: str) -> int:
        return counters.get(STAT + key, 0)

    seats = []
    for i in range(1, len(deck_names) + 1):
        seats.append({
            "first": get(f"seat{i}.first"), "first_wins": get(f"seat{i}.first-wins"),
            "attacks": get(f"seat{i}.attacks"), "damage_taken": get(f"seat{i}.damage"),
            "eliminations": get(f"seat{i}.eliminations"),
            "eliminated": {"overwhelmed": get(f"seat{i}.eliminated.overwhelmed"),
                           "empty": get(f"seat{i}.eliminated.empty")},
        })
    decks = {}
    for name in dict.fromkeys(deck_names):
        decks[name] = {
            "games": get(f"deck.{name}.games"), "wins": get(f"deck.{name}.wins"),
            "first": get(f"deck.{name}.first"),
            "first_wins": get(f"deck.{name}.first-wins"),
            "eliminated": {"overwhelmed": get(f"deck.{name}.eliminated.overwhelmed"),
                           "empty": get(f"deck.{name}.eliminated.empty")},
        }
    rate = get("first-wins") / finished if finished else 0.0
    return {"first_player_win_rate": round(rate, 4), "seats": seats, "decks": decks,
            "eliminated": {"overwhelmed": get("eliminated.overwhelmed"),
                           "empty": get("eliminated.empty")},
            "stalemates": get("end.stalemate")}
