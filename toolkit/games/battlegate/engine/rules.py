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
  pass; then every attack is resolved, boosting assassins are discarded and undefended
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
step). Cards are the player's card numbers; of interchangeable cards (same name, class
and power) only the first is offered.

A stalemate (no player can ever attack again) is found at setup and after every turn
without an attack; the battle then ends with an unfinished `Outcome` naming the reason.

Game statistics (who went first, first-player wins, wins and eliminations per seat and
per deck, attacks and damage per seat) are added to ``counts`` under
``battlegate.stat.*`` keys, beside the rule coverage ids.
"""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from toolkit.sim.engine import Instrumented, Outcome

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
    MINION,
    OVER,
    PHASE_NAMES,
    RECOVER,
    SOLDIER,
    Attack,
    BattleGateParams,
    CardSpec,
    Deck,
    Observation,
    State,
)

FIRST_DRAW_FIRST = 3
FIRST_DRAW_OTHERS = 4
"""Draw phase: "The player who goes first draws 3 cards on their first turn, all other
players draw 4 on their first turn.\""""

STAT = "battlegate.stat."


def _put(values: tuple, p: int, value: Any) -> tuple:
    return values[:p] + (value,) + values[p + 1:]


def _without(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = cards.index(card)
    return cards[:i] + cards[i + 1:]


def _with(cards: tuple[int, ...], card: int) -> tuple[int, ...]:
    return tuple(sorted(cards + (card,)))


def _forget(shown: tuple[int, ...], card: int, kind: tuple[int, ...]) -> tuple[int, ...]:
    """The known hand cards once ``card`` left the hand: one of its kind is forgotten."""
    k = kind[card]
    for i, c in enumerate(shown):
        if kind[c] == k:
            return shown[:i] + shown[i + 1:]
    return shown


def highest_possible(decks: tuple[Deck, ...], tied: list[int]) -> bool:
    """Whether a re-cut can give one of the ``tied`` players the highest power: some
    player's strongest card beats every other tied deck's weakest one."""
    for p in tied:
        top = decks[p].highest
        if all(decks[q].lowest < top for q in tied if q != p):
            return True
    return False


def _kinds(cards: tuple[int, ...], kind: tuple[int, ...]) -> list[int]:
    """The first card of each kind among ``cards`` (in card order)."""
    seen: set[int] = set()
    out = []
    for c in cards:
        k = kind[c]
        if k not in seen:
            seen.add(k)
            out.append(c)
    return out


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


class BattleGateRules(Instrumented):
    """The Battle Gate rules engine (see the module docstring)."""

    game_id = "battlegate"
    coverage = COVERAGE_IDS
    rulings = RULINGS
    length_unit = "turns"
    max_steps = 60_000

    def __init__(self) -> None:
        self.emit = None
        self._det_decks: tuple[Deck, ...] | None = None
        self._specs: tuple = (None, ())
        self.reset_counts()

    # ----------------------------------------------------------------- metadata
    @property
    def agents(self):
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

    def stat(self, key: str, n: int = 1) -> None:
        """Add ``n`` to the game statistic ``battlegate.stat.<key>`` (not a coverage id)."""
        full = STAT + key
        counts = self.counts
        counts[full] = counts.get(full, 0) + n

    # -------------------------------------------------------------------- setup
    def setup(self, params: BattleGateParams, rng: Random) -> State:
        """A new battle: decks shuffled and cut, the first player found, first turn begun.

        How to play: "each player shuffles their deck and then cuts it to reveal a bottom
        card. The player with the highest power revealed on their bottom card goes first."
        """
        decks = tuple(Deck(specs) for specs in params.decks)
        n = len(decks)
        order = []
        for d in decks:
            cards = list(range(d.size))
            rng.shuffle(cards)
            order.append(cards)
        if self.emit:
            self.emit("round", "Setup")
        first = self._first_player(decks, tuple(params.deck_names), order, rng)
        self.fire("battlegate.ruling.open-information")
        zeros = (0,) * n
        s = State(
            decks=decks, names=tuple(params.deck_names), deck=[tuple(o) for o in order],
            hand=[()] * n, field=[()] * n, discard=[()] * n, box=[()] * n,
            alive=(True,) * n, first=first, current=first, turns_taken=zeros,
            cap_cards=zeros, cap_power=zeros, used_cards=zeros, used_power=zeros,
            cut=tuple(o[-1] for o in order), shown=((),) * n,
        )
        if self.emit:
            self.emit("info", f"{s.names[first]} goes first; turns go to the left: "
                      + " → ".join(s.names[(first + k) % n] for k in range(n)))
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
        decks = tuple(Deck(specs) for specs in params.decks)
        n = len(decks)
        zones = {"deck": deck or {}, "hand": hand or {}, "field": field or {},
                 "discard": discard or {}}
        places: dict[str, list[tuple[int, ...]]] = {z: [] for z in zones}
        for p, d in enumerate(decks):
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
        zeros = (0,) * n
        s = State(
            decks=decks, names=tuple(params.deck_names), deck=places["deck"],
            hand=places["hand"], field=places["field"], discard=places["discard"],
            box=[()] * n, alive=(True,) * n, first=first, current=current,
            turns_taken=(1,) * n, cap_cards=zeros, cap_power=zeros, used_cards=zeros,
            used_power=zeros, cut=(-1,) * n, shown=((),) * n,
        )
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
                rng.shuffle(order[p])
            contenders = tied

    # ---------------------------------------------------------------- interface
    def to_move(self, s: State) -> tuple[int, ...]:
        """Who decides now (always one player); ``()`` once the battle is over."""
        if s.outcome is not None:
            return ()
        phase = s.phase
        if phase == DEFEND:
            return (s.queue[0][0],)
        if phase == BOOST:
            return (s.boosters[s.bpos],)
        if phase == DISCARD:
            return (s.damage[0][0],)
        return (s.current,)

    def legal_actions(self, s: State, player: int) -> list[tuple]:
        """The player's legal actions, in a stable order (empty if not to move)."""
        if s.outcome is not None or self.to_move(s)[0] != player:
            return []
        phase = s.phase
        if phase == DRAW:
            return [("draw", player), ("stop", player)]
        if phase == FIELD:
            return self._field_options(s, player) + [("stop", player)]
        if phase == ATTACK:
            return self._attack_options(s, player) + [("stop", player)]
        if phase == DEFEND:
            _, card = s.queue[0]
            return [("block", player, card, k) for k, (_, target) in enumerate(s.attacks)
                    if target == player] + [("hold", player, card)]
        if phase == BOOST:
            return self._boost_options(s, player) + [("stop", player)]
        if phase == DISCARD:
            return [("discard", player, c) for c in _kinds(s.hand[player],
                                                           s.decks[player].kind)]
        if phase == RECOVER:
            return [("recover", player, c) for c in _kinds(s.discard[player],
                                                           s.decks[player].kind)] \
                + [("stop", player)]
        return []

    def chance(self, s: State, rng: Random) -> tuple:
        """Battle Gate has no chance step after setup (shuffles happen in `setup`)."""
        raise RuntimeError("Battle Gate has no chance nodes")

    def apply(self, state: State, action: tuple) -> State:
        """The state after ``action`` (a legal action); ``state`` itself is unchanged."""
        s = state.copy()
        kind = action[0]
        p = action[1]
        phase = s.phase
        if kind == "stop":
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
        elif kind == "draw":
            self._draw(s, p, 1)
            s.count += 1
            self.fire("battlegate.rule.draw")
        elif kind == "field":
            self._field(s, p, action[2])
        elif kind == "attack":
            self._attack(s, p, action[2], action[3])
        elif kind == "block":
            self._block(s, p, action[2], action[3])
        elif kind == "hold":
            s.queue = s.queue[1:]
        elif kind == "boost":
            self._boost(s, p, action[2], action[3])
        elif kind == "discard":
            self._discard_choice(s, p, action[2])
        elif kind == "recover":
            # Recovery phase: "recover a number of cards of their choice from their
            # discard pile to their hand"
            c = action[2]
            s.discard[p] = _without(s.discard[p], c)
            s.hand[p] = _with(s.hand[p], c)
            # Everybody saw it leave the discard pile.
            s.shown = _put(s.shown, p, _with(s.shown[p], c))
            s.count += 1
            self.fire("battlegate.rule.recover")
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

    def state_key(self, s: State) -> tuple:
        """A canonical key of the state (loop detection)."""
        return s.key()

    # ------------------------------------------------------------- the machine
    def _advance(self, s: State) -> None:
        """Run the automatic steps until a decision is needed or the battle is over."""
        while s.outcome is None:
            phase = s.phase
            p = s.current
            if phase == DRAW:
                if s.count < s.limit and s.deck[p]:
                    return
                if s.count < s.limit:
                    self.fire("battlegate.ruling.draw-empty-deck")
                self._end_draw(s)
            elif phase == FIELD:
                if self._field_options(s, p):
                    return
                if self.emit and not s.fresh:
                    self.emit("info", self._why_no_field(s, p))
                s.phase = ATTACK
            elif phase == ATTACK:
                if self._attack_options(s, p):
                    return
                if self.emit and not s.attacks:
                    self.emit("info", f"{s.names[p]} has no soldier or assassin in play: "
                              "no combat")
                self._end_attacks(s)
            elif phase == DEFEND:
                if s.queue:
                    return
                self._begin_boosts(s)
            elif phase == BOOST:
                if s.passes >= len(s.boosters):
                    self._resolve(s)
                elif self._boost_options(s, s.boosters[s.bpos]):
                    return
                else:
                    s.passes += 1
                    s.bpos = (s.bpos + 1) % len(s.boosters)
            elif phase == DISCARD:
                if self._take_damage(s):
                    return
            elif phase == RECOVER:
                if s.count < s.limit and s.discard[p]:
                    return
                self._end_turn(s)
            else:  # pragma: no cover - OVER always has an outcome
                return

    # ------------------------------------------------------------------ turns
    def _order_from(self, s: State, p: int) -> list[int]:
        """The other living players in turn order from ``p``'s left."""
        n = s.players
        return [q for q in ((p + k) % n for k in range(1, n)) if s.alive[q]]

    def _begin_turn(self, s: State) -> None:
        p = s.current
        s.turn += 1
        s.idle += 1
        first = s.turns_taken[p] == 0
        s.turns_taken = _put(s.turns_taken, p, s.turns_taken[p] + 1)
        s.phase = DRAW
        s.count = 0
        s.fresh = ()
        if self.emit:
            self.emit("battle", f"Turn {s.turn}: {s.names[p]} (deck {len(s.deck[p])}, "
                      f"hand {len(s.hand[p])}, in play {len(s.field[p])}, "
                      f"discard {len(s.discard[p])})")
        if first:
            # Draw phase: "The player who goes first draws 3 cards on their first turn,
            # all other players draw 4 on their first turn."
            want = FIRST_DRAW_FIRST if p == s.first else FIRST_DRAW_OTHERS
            got = self._draw(s, p, want)
            self.fire("battlegate.rule.first-draw")
            self.fire("battlegate.ruling.first-draw-exact")
            if self.emit:
                self.emit("info", f"{s.names[p]} draws {got} cards on their first turn")
            s.limit = got
            s.count = got
            return
        # Draw phase: "a player may draw a number of cards from the top of their deck to
        # their hand up to the number of soldier cards they have in play +1"
        kl = s.decks[p].klass
        s.limit = 1 + sum(1 for c in s.field[p] if kl[c] == SOLDIER)

    def _draw(self, s: State, p: int, n: int) -> int:
        deck = s.deck[p]
        n = min(n, len(deck))
        if n:
            s.hand[p] = tuple(sorted(s.hand[p] + deck[:n]))
            s.deck[p] = deck[n:]
            if n == len(deck) and deck[-1] == s.cut[p]:  # the bottom card everybody saw
                s.shown = _put(s.shown, p, _with(s.shown[p], deck[-1]))
        return n

    def _end_draw(self, s: State) -> None:
        """Fix every player's play limits for this turn (ruling budget-fixed)."""
        # Assassin: "for each assassin you have in play you may play one additional card
        # from your hand beyond the first. The total power of the cards you may play
        # during a turn is equal to the number of cards in your hand immediately after
        # the current player's draw phase."
        n = s.players
        caps = []
        powers = []
        for q in range(n):
            kl = s.decks[q].klass
            caps.append(1 + sum(1 for c in s.field[q] if kl[c] == ASSASSIN)
                        if s.alive[q] else 0)
            powers.append(len(s.hand[q]) if s.alive[q] else 0)
        s.cap_cards = tuple(caps)
        s.cap_power = tuple(powers)
        s.used_cards = (0,) * n
        s.used_power = (0,) * n
        s.phase = FIELD
        p = s.current
        if s.field[p]:
            self.fire("battlegate.ruling.in-play-stays")
        if self.emit:
            self.emit("info", f"{s.names[p]} may play {caps[p]} card(s) of total power "
                      f"{powers[p]} this turn")

    def _end_turn(self, s: State) -> None:
        """After the recovery phase it is the next living player's turn."""
        n = s.players
        p = s.current
        q = next(q for q in ((p + k) % n for k in range(1, n + 1)) if s.alive[q])
        s.current = q
        s.phase = DRAW
        s.count = s.limit = 0
        if s.idle and self._stalemate(s):
            return
        self._begin_turn(s)

    def _stalemate(self, s: State) -> bool:
        """End the battle unfinished if no living player can ever attack again."""
        for p in range(s.players):
            if s.alive[p] and can_ever_attack(s.decks[p], s.hand[p], s.field[p],
                                              s.deck[p], s.discard[p]):
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
        if outcome.finished:
            self._tally(s, outcome.winner)
        if self.emit:
            if not outcome.finished:
                self.emit("end", f"Unfinished: {outcome.reason}")
            else:
                who = "Draw" if outcome.winner is None else f"{s.names[outcome.winner]} wins"
                self.emit("end", f"{who}: {outcome.reason} (turn {s.turn})")

    def _tally(self, s: State, winner: int | None) -> None:
        """Game statistics of a finished battle, per seat and per deck."""
        first = s.first
        self.stat(f"seat{first + 1}.first")
        self.stat(f"deck.{s.names[first]}.first")
        if winner is not None and winner == first:
            self.stat("first-wins")
            self.stat(f"seat{first + 1}.first-wins")
            self.stat(f"deck.{s.names[first]}.first-wins")
        if winner is not None:
            self.stat(f"deck.{s.names[winner]}.wins")
        for p in range(s.players):
            self.stat(f"deck.{s.names[p]}.games")

    # ---------------------------------------------------------------- fielding
    def _field_options(self, s: State, p: int) -> list[tuple]:
        """Fielding phase: "up to the number of assassin cards they have in play +1, with
        a total power up to the number of cards they now have in their hand"."""
        if s.used_cards[p] >= s.cap_cards[p]:
            return []
        room = s.cap_power[p] - s.used_power[p]
        d = s.decks[p]
        pw = d.power
        return [("field", p, c) for c in _kinds(s.hand[p], d.kind) if pw[c] <= room]

    def _field(self, s: State, p: int, c: int) -> None:
        d = s.decks[p]
        s.hand[p] = _without(s.hand[p], c)
        if s.shown[p]:
            s.shown = _put(s.shown, p, _forget(s.shown[p], c, d.kind))
        s.field[p] = _with(s.field[p], c)
        s.used_cards = _put(s.used_cards, p, s.used_cards[p] + 1)
        s.used_power = _put(s.used_power, p, s.used_power[p] + d.power[c])
        s.fresh = s.fresh + (c,)
        self.fire("battlegate.rule.field")
        if d.klass[c] == ASSASSIN and s.used_cards[p] == s.cap_cards[p]:
            room = s.cap_power[p] - s.used_power[p]
            if any(d.power[h] <= room for h in s.hand[p]):
                # The new assassin would allow one more card if it counted at once.
                self.fire("battlegate.ruling.budget-fixed")

    # ------------------------------------------------------------------ combat
    def _attack_options(self, s: State, p: int) -> list[tuple]:
        """Combat phase: "assign ANY of their soldier and/or assassin cards in play to
        attack any other player"; "each card may only attack one player"."""
        d = s.decks[p]
        kl = d.klass
        busy = {c for c, _ in s.attacks}
        cards = _kinds(tuple(c for c in s.field[p] if kl[c] != MINION and c not in busy),
                       d.kind)
        if not cards:
            return []
        targets = self._order_from(s, p)
        return [("attack", p, c, q) for c in cards for q in targets]

    def _attack(self, s: State, p: int, c: int, q: int) -> None:
        s.attacks = s.attacks + ((c, q),)
        s.idle = 0
        self.fire("battlegate.rule.attack")
        self.stat(f"seat{p + 1}.attacks")

    def _end_attacks(self, s: State) -> None:
        """All attacks declared: the attacked players' defenders decide in turn order."""
        if not s.attacks:
            s.phase = RECOVER
            self._begin_recovery(s)
            return
        if self.emit:
            self.emit("info", "Attacks: " + "; ".join(
                f"{self._cn(s, s.current, c)} → {s.names[q]}" for c, q in s.attacks))
        targets = {q for _, q in s.attacks}
        queue = []
        for q in self._order_from(s, s.current):
            if q in targets:
                kl = s.decks[q].klass
                # "Each defending player may then assign any of their soldier and/or
                # minion cards in play to defend."
                queue.extend((q, c) for c in s.field[q] if kl[c] != ASSASSIN)
        s.queue = tuple(queue)
        s.phase = DEFEND

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
        s.boosters = (p, *(q for q in self._order_from(s, p) if q in targets))
        s.bpos = 0
        s.passes = 0
        s.phase = BOOST

    def _boost_options(self, s: State, b: int) -> list[tuple]:
        """Assassins a player may play onto their attacking or defending cards now."""
        if s.used_cards[b] >= s.cap_cards[b]:
            return []
        d = s.decks[b]
        kl = d.klass
        room = s.cap_power[b] - s.used_power[b]
        pw = d.power
        cards = [c for c in _kinds(s.hand[b], d.kind) if kl[c] == ASSASSIN and pw[c] <= room]
        if not cards:
            return []
        if b == s.current:
            ks = range(len(s.attacks))
        else:
            defended = {k for q, _, k in s.blocks if q == b}
            ks = [k for k in range(len(s.attacks)) if k in defended]
        return [("boost", b, c, k) for c in cards for k in ks]

    def _boost(self, s: State, b: int, c: int, k: int) -> None:
        # Assassin: "Playing an assassin to an attacker or defender adds its power to that
        # card (or cards if group of defenders)"
        d = s.decks[b]
        s.hand[b] = _without(s.hand[b], c)
        if s.shown[b]:
            s.shown = _put(s.shown, b, _forget(s.shown[b], c, d.kind))
        s.boosts = s.boosts + ((b, c, k),)
        s.used_cards = _put(s.used_cards, b, s.used_cards[b] + 1)
        s.used_power = _put(s.used_power, b, s.used_power[b] + d.power[c])
        s.passes = 0
        self.fire("battlegate.rule.boost")
        self.fire("battlegate.ruling.boost-rounds")
        if b != s.current:
            self.fire("battlegate.ruling.defender-budget")
            self.fire("battlegate.ruling.boost-target")

    def _resolve(self, s: State) -> None:
        """Resolve every attack, discard the losers and the boosting assassins."""
        p = s.current
        decks = s.decks
        n_att = len(s.attacks)
        atk = [decks[p].power[c] for c, _ in s.attacks]
        dfn = [0] * n_att
        groups: list[list[tuple[int, int]]] = [[] for _ in range(n_att)]
        for q, c, k in s.blocks:
            dfn[k] += decks[q].power[c]
            groups[k].append((q, c))
        for b, c, k in s.boosts:
            if b == p:
                atk[k] += decks[b].power[c]
            else:
                dfn[k] += decks[b].power[c]
        lost: list[tuple[int, int]] = []
        damage = [0] * s.players
        for k, (c, q) in enumerate(s.attacks):
            group = groups[k]
            if not group:
                # "the defending player must discard a number of cards from the top of
                # their deck equal to the total power of any attacks they did not defend
                # against"
                damage[q] += atk[k]
                self.fire("battlegate.rule.undefended")
                result = f"undefended: {s.names[q]} must discard {atk[k]}"
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
                self.emit("result", f"{self._cn(s, p, c)} → {s.names[q]}: {result}")
        for q, c in lost:
            s.field[q] = _without(s.field[q], c)
            s.discard[q] = _with(s.discard[q], c)
        # "Assassins played during a combat phase are discarded at the end of that combat"
        for b, c, _ in s.boosts:
            s.discard[b] = _with(s.discard[b], c)
        s.attacks = ()
        s.blocks = ()
        s.boosts = ()
        s.boosters = ()
        s.bpos = s.passes = 0
        s.damage = tuple((q, damage[q]) for q in self._order_from(s, p) if damage[q])
        s.phase = DISCARD

    def _take_damage(self, s: State) -> bool:
        """Discard undefended power, deck first; True if a player must choose a card."""
        p = s.current
        while s.damage:
            q, n = s.damage[0]
            deck = s.deck[q]
            hand = s.hand[q]
            was_empty = not deck and not hand
            take = min(n, len(deck))
            if take:
                s.discard[q] = tuple(sorted(s.discard[q] + deck[:take]))
                s.deck[q] = deck[take:]
                n -= take
                self.stat(f"seat{q + 1}.damage", take)
            if n > len(hand):
                # "If they have no cards left in their hand and no cards left in their
                # deck that player is eliminated from the battle"
                self._eliminate(s, q, p, "empty" if was_empty else "overwhelmed")
                s.damage = s.damage[1:]
                continue
            if n and (n == len(hand) or len(_kinds(hand, s.decks[q].kind)) == 1):
                # "they must continue by discarding cards from their hand"
                gone = hand[:n]
                s.discard[q] = tuple(sorted(s.discard[q] + gone))
                s.hand[q] = hand[n:]
                if s.shown[q]:
                    kind = s.decks[q].kind
                    for c in gone:
                        s.shown = _put(s.shown, q, _forget(s.shown[q], c, kind))
                self.fire("battlegate.rule.discard-hand")
                self.stat(f"seat{q + 1}.damage", n)
                if self.emit:
                    self.emit("info", f"{s.names[q]}'s deck is empty: it discards "
                              + ", ".join(self._card(s, q, c) for c in gone)
                              + " from the hand (no choice: "
                              + ("all of it)" if n == len(hand) else "all alike)"))
                n = 0
            if n:
                s.damage = ((q, n),) + s.damage[1:]
                if self.emit:
                    self.emit("info", f"{s.names[q]}'s deck is empty: {n} card(s) to "
                              "discard from the hand")
                return True
            s.damage = s.damage[1:]
        self._end_combat(s)
        return False

    def _discard_choice(self, s: State, q: int, c: int) -> None:
        s.hand[q] = _without(s.hand[q], c)
        if s.shown[q]:
            s.shown = _put(s.shown, q, _forget(s.shown[q], c, s.decks[q].kind))
        s.discard[q] = _with(s.discard[q], c)
        self.fire("battlegate.rule.discard-hand")
        self.fire("battlegate.ruling.discard-choice")
        self.stat(f"seat{q + 1}.damage")
        _, n = s.damage[0]
        s.damage = (((q, n - 1),) if n > 1 else ()) + s.damage[1:]

    def _eliminate(self, s: State, q: int, by: int, how: str) -> None:
        self.fire("battlegate.rule.eliminated")
        self.fire("battlegate.ruling.eliminated-to-box")
        s.box[q] = tuple(sorted(s.box[q] + s.deck[q] + s.hand[q] + s.field[q]
                                + s.discard[q]))
        s.deck[q] = s.hand[q] = s.field[q] = s.discard[q] = ()
        s.shown = _put(s.shown, q, ())
        s.alive = _put(s.alive, q, False)
        s.eliminated = s.eliminated + ((q, by, s.turn, how),)
        self.stat(f"eliminated.{how}")
        self.stat(f"seat{q + 1}.eliminated.{how}")
        self.stat(f"deck.{s.names[q]}.eliminated.{how}")
        self.stat(f"seat{by + 1}.eliminations")
        if self.emit:
            what = ("had no cards left in deck and hand" if how == "empty"
                    else "could not discard enough")
            self.emit("death", f"{s.names[q]} is eliminated by {s.names[by]}: {what}")

    def _end_combat(self, s: State) -> None:
        """"You win the battle if you are the last player remaining after a combat
        phase"; otherwise the recovery phase."""
        now = sum(1 for e in s.eliminated if e[2] == s.turn)
        if now > 1:
            self.fire("battlegate.ruling.elimination-order")
        living = [q for q in range(s.players) if s.alive[q]]
        if len(living) == 1:  # (the attacker never discards in its own combat)
            self.fire("battlegate.rule.win")
            self._finish(s, Outcome(living[0], "last player remaining"))
            return
        s.phase = RECOVER
        self._begin_recovery(s)

    def _begin_recovery(self, s: State) -> None:
        # Recovery phase: "up to the number of minions they have in play"
        p = s.current
        kl = s.decks[p].klass
        s.count = 0
        s.limit = sum(1 for c in s.field[p] if kl[c] == MINION)

    # ------------------------------------------------------------ observation
    def attacks_view(self, s: State) -> tuple[Attack, ...]:
        """The declared attacks with their current attack and defence totals."""
        if not s.attacks:
            return ()
        p = s.current
        decks = s.decks
        out = []
        for k, (c, q) in enumerate(s.attacks):
            power = decks[p].power[c] + sum(decks[b].power[a] for b, a, j in s.boosts
                                            if j == k and b == p)
            group = tuple(d for b, d, j in s.blocks if j == k)
            defence = sum(decks[q].power[d] for d in group) + sum(
                decks[b].power[a] for b, a, j in s.boosts if j == k and b != p)
            out.append(Attack(k, c, decks[p].specs[c], q, power, group, defence))
        return tuple(out)

    def observe(self, s: State, player: int) -> Observation:
        """What ``player`` may see: own hand, every play field and discard pile, every
        deck's list, the known bottom and hand cards, the sizes of the hidden zones;
        never another player's unknown hand cards or any deck's order."""
        p = player
        phase = s.phase
        decks = s.decks
        specs = self._specs
        if specs[0] is not decks:  # the deck lists, built once per battle
            specs = self._specs = (decks, tuple([d.specs for d in decks]))
        to_discard = s.damage[0][1] if phase == DISCARD and s.damage else 0
        deck = s.deck
        fields = tuple([tuple(map(d.pairs.__getitem__, f))
                        for d, f in zip(decks, s.field, strict=True)])
        bottoms = tuple([c if c >= 0 and d and d[-1] == c else -1
                         for c, d in zip(s.cut, deck, strict=True)])
        return Observation(  # positional, in the order of Observation's fields (faster)
            p, PHASE_NAMES[phase], s.current, s.first, s.turn, s.idle, s.alive,
            decks[p].specs, s.hand[p], s.discard[p], fields,
            tuple([len(x) for x in deck]), tuple([len(x) for x in s.hand]),
            tuple([len(x) for x in s.discard]),
            max(0, s.cap_cards[p] - s.used_cards[p]), max(0, s.cap_power[p] - s.used_power[p]),
            self.attacks_view(s), s.fresh, to_discard,
            s.limit - s.count if phase == DRAW or phase == RECOVER else 0,
            s.names, specs[1], tuple(s.discard), bottoms, s.shown,
            (s.turns_taken, phase, s.count, s.limit, s.cap_cards, s.cap_power, s.used_cards,
             s.used_power, s.attacks, s.blocks, s.boosts, s.queue, s.boosters, s.bpos,
             s.passes, s.damage, s.eliminated, s.outcome),
        )

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A full state drawn from ``rng`` among those ``player`` cannot tell apart from
        the real one, built from ``obs`` alone: each deck's unseen cards (its list less
        every card seen in play, in a discard pile, boosting, known in hand or at the
        bottom) are shuffled; another player's hand takes its known cards and the rest
        at random, the deck what is left, its known bottom card last."""
        p = player
        (turns_taken, phase, count, limit, cap_cards, cap_power, used_cards, used_power,
         attacks, blocks, boosts, queue, boosters, bpos, passes, damage, eliminated,
         outcome) = obs.public
        decks = self._decks_of(obs.decks)
        n = len(decks)
        boosted: list[list[int]] = [[] for _ in range(n)]
        for b, c, _ in boosts:
            boosted[b].append(c)
        deck, hand, field, box = [], [], [], []
        for q in range(n):
            d = decks[q]
            field.append(tuple(c for c, _ in obs.fields[q]))
            if not obs.alive[q]:
                deck.append(())
                hand.append(())
                box.append(tuple(range(d.size)))
                continue
            box.append(())
            bottom = obs.bottoms[q]
            known = obs.hand if q == p else obs.shown[q]
            seen = set(field[q])
            seen.update(obs.discards[q], boosted[q], known)
            if bottom >= 0:
                seen.add(bottom)
            unseen = [c for c in range(d.size) if c not in seen]
            rng.shuffle(unseen)
            extra = obs.hand_sizes[q] - len(known)
            hand.append(tuple(sorted(known + tuple(unseen[:extra]))))
            deck.append(tuple(unseen[extra:]) + ((bottom,) if bottom >= 0 else ()))
        return State(
            decks=decks, names=obs.names, deck=deck, hand=hand, field=field,
            discard=list(obs.discards), box=box, alive=obs.alive, first=obs.first,
            current=obs.current, turn=obs.turn, turns_taken=turns_taken, phase=phase,
            count=count, limit=limit, cap_cards=cap_cards, cap_power=cap_power,
            used_cards=used_cards, used_power=used_power, fresh=obs.fresh, attacks=attacks,
            blocks=blocks, boosts=boosts, queue=queue, boosters=boosters, bpos=bpos,
            passes=passes, damage=damage, idle=obs.idle, eliminated=eliminated,
            outcome=outcome, cut=obs.bottoms, shown=obs.shown,
        )

    def _decks_of(self, specs: tuple[tuple[CardSpec, ...], ...]) -> tuple[Deck, ...]:
        """Prepared decks for these deck lists (the last ones are kept: decks are
        immutable and one battle asks again and again)."""
        last = self._det_decks
        if last is not None and len(last) == len(specs) and all(
                d.specs is x or d.specs == x for d, x in zip(last, specs, strict=True)):
            return last
        self._det_decks = tuple(Deck(x) for x in specs)
        return self._det_decks

    # ------------------------------------------------------------- invariants
    def invariants(self, s: State) -> Iterator[tuple[str, str]]:
        """Every card in exactly one place; card counts unchanged; phase limits kept;
        combat bookkeeping consistent; the eliminated hold nothing but the box."""
        over = s.outcome is not None
        if over != (s.phase == OVER):
            yield "outcome", f"outcome {s.outcome} at phase {PHASE_NAMES[s.phase]}"
        n = s.players
        boosted: list[list[int]] = [[] for _ in range(n)]
        for b, c, _ in s.boosts:
            boosted[b].append(c)
        for p in range(n):
            size = s.decks[p].size
            name = s.names[p]
            deck, hand, field, discard, box = (s.deck[p], s.hand[p], s.field[p],
                                               s.discard[p], s.box[p])
            boost = boosted[p]
            total = len(deck) + len(hand) + len(field) + len(boost) + len(discard) + len(box)
            every = set(deck)
            every.update(hand, field, boost, discard, box)
            if total != size:
                yield "card-count", f"{name} holds {total} cards, its deck has {size}"
            elif every != s.decks[p].ids:
                yield "one-place", f"{name}: some card is in no place or in two places"
            if (hand != tuple(sorted(hand)) or field != tuple(sorted(field))
                    or discard != tuple(sorted(discard)) or box != tuple(sorted(box))):
                yield "canonical", f"{name}'s hand, field, discard or box is not in card order"
            shown = s.shown[p]
            if shown and not set(hand).issuperset(shown):
                yield "shown", f"{name}: known hand cards {shown} are not all in hand"
            if s.alive[p] == bool(s.box[p]):
                yield "box", f"{name}: alive {s.alive[p]} with {len(s.box[p])} boxed cards"
            if s.used_cards[p] > s.cap_cards[p] or s.used_power[p] > s.cap_power[p]:
                yield "play-limit", (f"{name} played {s.used_cards[p]} cards of power "
                                     f"{s.used_power[p]}, limits {s.cap_cards[p]} and "
                                     f"{s.cap_power[p]}")
        if over:
            return
        p = s.current
        if not s.alive[p]:
            yield "turn", f"{s.names[p]} is eliminated but takes a turn"
        if s.phase in (DRAW, RECOVER) and s.count > s.limit:
            yield "phase-limit", (f"{s.names[p]}: {s.count} cards in the "
                                  f"{PHASE_NAMES[s.phase]} phase, limit {s.limit}")
        kl = s.decks[p].klass
        seen: set[int] = set()
        for c, q in s.attacks:
            if c in seen or c not in s.field[p] or kl[c] == MINION:
                yield "attack", f"{s.names[p]}'s card {c} cannot attack"
            seen.add(c)
            if q == p or not s.alive[q]:
                yield "attack", f"attack on {s.names[q]} is not on another living player"
        used: set[tuple[int, int]] = set()
        for q, c, k in s.blocks:
            if (q, c) in used or c not in s.field[q] or s.decks[q].klass[c] == ASSASSIN:
                yield "block", f"{s.names[q]}'s card {c} cannot block"
            used.add((q, c))
            if not 0 <= k < len(s.attacks) or s.attacks[k][1] != q:
                yield "block", f"{s.names[q]}'s card {c} blocks an attack not aimed at them"
        for b, c, k in s.boosts:
            if s.decks[b].klass[c] != ASSASSIN or not 0 <= k < len(s.attacks):
                yield "boost", f"{s.names[b]}'s card {c} is not a legal boost"

    # --------------------------------------------------------------- text
    def _card(self, s: State, p: int, c: int) -> str:
        spec = s.decks[p].specs[c]
        return f"{spec.name} ({spec.klass} {spec.power})"

    def _cn(self, s: State, p: int, c: int) -> str:
        return f"{s.names[p]}'s {self._card(s, p, c)}"

    def _why_no_field(self, s: State, p: int) -> str:
        """The log's reason when the fielding phase passes without a card played."""
        who = s.names[p]
        if not s.hand[p]:
            return f"{who} cannot field a card: its hand is empty"
        if s.used_cards[p] >= s.cap_cards[p]:
            return f"{who} cannot field a card: its {s.cap_cards[p]} card(s) this turn are played"
        room = s.cap_power[p] - s.used_power[p]
        return (f"{who} cannot field a card: none in its hand has power {room} or less (the "
                f"power limit is the {s.cap_power[p]} card(s) in hand after drawing)")

    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """``(what, why it is legal)`` for a playthrough log, in the state before it."""
        kind = action[0]
        p = action[1]
        who = s.names[p]
        if kind == "draw":
            return (f"{who} draws a card", f"card {s.count + 1} of up to {s.limit} "
                    "(soldiers in play + 1)")
        if kind == "stop":
            return f"{who} ends the {PHASE_NAMES[s.phase]} step", "a player may stop"
        c = action[2]
        card = self._cn(s, p, c)
        if kind == "field":
            return (f"{who} fields {card}",
                    f"card {s.used_cards[p] + 1} of {s.cap_cards[p]}, power "
                    f"{s.used_power[p]} + {s.decks[p].power[c]} of {s.cap_power[p]}")
        if kind == "attack":
            return (f"{card} attacks {s.names[action[3]]}",
                    f"{CLASS_NAMES[s.decks[p].klass[c]]}s may attack any other player")
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
                    f"→ {s.names[q]}",
                    f"within {who}'s limits this turn ({s.cap_cards[p] - s.used_cards[p]} "
                    f"cards, power {s.cap_power[p] - s.used_power[p]} left)")
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
