"""Hidden Bids: a small card game with hidden hands and secret simultaneous bids.

A test game for the search agent (tests/sim/test_mcts.py), small enough to search
quickly and rich enough to need the whole of ISMCTS:

- Each player has a suit of cards 1..H+2, shuffled; each is dealt a hand of H cards from
  its own suit (hidden from the others); the other two stay face down in the box.
- Each round a prize (1..H, each once) is revealed at random: a chance node.
- Everyone bids one card from hand, secretly and at once (``simultaneous``), or one after
  another in seat order with earlier bids face up (``simultaneous=False``).
- The single highest bid takes the prize; a tie for highest takes nothing. Bids are then
  shown to all and discarded.
- After H rounds the highest score wins; a tie for highest is a draw.

A good player matches its cards to the prizes and reads what is left; a random one wastes
its high cards on small prizes, so search should beat random clearly.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from random import Random
from typing import Any

from toolkit.sim.engine import CHANCE, Instrumented, Outcome, RandomAgent


@dataclass(frozen=True, slots=True)
class BidsParams:
    """Seats, hand size and whether bids are secret and simultaneous."""

    players: int = 2
    hand: int = 4
    simultaneous: bool = True

    @property
    def suit(self) -> int:
        """Each player's suit is 1..hand+2 (two of them stay unseen in the box)."""
        return self.hand + 2


@dataclass(frozen=True, slots=True)
class State:
    """The whole table, hidden cards included."""

    params: BidsParams
    hands: tuple[tuple[int, ...], ...]
    box: tuple[tuple[int, ...], ...]
    """Each player's cards left out of the deal, face down."""
    prizes: tuple[int, ...]
    """Prizes not yet revealed (sorted)."""
    prize: int
    """The prize of this round, 0 before the reveal."""
    bids: tuple[int, ...]
    """This round's bids, 0 for a player who has not bid."""
    history: tuple[tuple[int, tuple[int, ...]], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player sees: own hand, every finished round, this round's visible bids."""

    player: int
    secret: bool
    """Whether bids are secret and simultaneous (the variant played)."""
    hand: tuple[int, ...]
    prize: int
    bids: tuple[int, ...]
    """This round's bids as this player sees them: its own, the others' only when bids
    are open (sequential); -1 for a secret bid already made, 0 for none yet."""
    history: tuple[tuple[int, tuple[int, ...]], ...]
    scores: tuple[int, ...]
    hand_sizes: tuple[int, ...]


class GreedyBidder:
    """Bids the card whose rank in its hand matches the prize's rank among those left."""

    observes = True
    stochastic = False

    def act(self, obs: Observation, legal, rng: Random):
        """Match card rank to prize rank."""
        done = {prize for prize, _ in obs.history}
        left = sorted(p for p in range(1, len(obs.hand) + len(done) + 1) if p not in done)
        rank = left.index(obs.prize) if obs.prize in left else 0
        return legal[min(rank, len(legal) - 1)]


class Bids(Instrumented):
    """The Hidden Bids engine (see the module docstring)."""

    game_id = "bids"
    length_unit = "rounds"
    max_steps = 1_000
    coverage = ("bids.rule.reveal", "bids.rule.bid", "bids.rule.win", "bids.rule.tie")
    agents = {"random": RandomAgent, "greedy": GreedyBidder}

    def __init__(self) -> None:
        self.emit = None
        self.reset_counts()

    def describe_params(self, params: BidsParams) -> dict[str, Any]:
        return {"format": "simultaneous" if params.simultaneous else "in turn",
                "decks": [f"seat {i + 1}" for i in range(params.players)]}

    def setup(self, params: BidsParams, rng: Random) -> State:
        h = params.hand
        hands, box = [], []
        for _ in range(params.players):
            suit = list(range(1, params.suit + 1))
            rng.shuffle(suit)
            hands.append(tuple(sorted(suit[:h])))
            box.append(tuple(sorted(suit[h:])))
        return State(params, tuple(hands), tuple(box), tuple(range(1, h + 1)), 0,
                     (0,) * params.players, (), (0,) * params.players)

    def to_move(self, s: State) -> tuple[int, ...]:
        if not s.prizes and not s.prize:
            return ()
        if not s.prize:
            return (CHANCE,)
        waiting = tuple(p for p, b in enumerate(s.bids) if not b)
        return waiting if s.params.simultaneous else waiting[:1]

    def legal_actions(self, s: State, player: int) -> list[tuple]:
        if player not in self.to_move(s):
            return []
        return [("bid", player, card) for card in s.hands[player]]

    def chance(self, s: State, rng: Random) -> tuple:
        return ("reveal", CHANCE, s.prizes[rng.randrange(len(s.prizes))])

    def apply(self, s: State, action: tuple) -> State:
        kind, p, value = action
        if kind == "reveal":
            self.fire("bids.rule.reveal")
            return replace(s, prize=value, prizes=tuple(x for x in s.prizes if x != value))
        self.fire("bids.rule.bid")
        hands = list(s.hands)
        hands[p] = tuple(c for c in hands[p] if c != value)
        bids = list(s.bids)
        bids[p] = value
        s = replace(s, hands=tuple(hands), bids=tuple(bids))
        if 0 in bids:
            return s
        top = max(bids)
        scores = list(s.scores)
        if bids.count(top) == 1:
            self.fire("bids.rule.win")
            scores[bids.index(top)] += s.prize
        else:
            self.fire("bids.rule.tie")
        if self.emit:
            self.emit("result", f"prize {s.prize}: bids {', '.join(map(str, bids))}")
        return replace(s, prize=0, bids=(0,) * len(bids), scores=tuple(scores),
                       history=(*s.history, (s.prize, tuple(bids))))

    def outcome(self, s: State) -> Outcome | None:
        if s.prizes or s.prize:
            return None
        top = max(s.scores)
        if s.scores.count(top) > 1:
            return Outcome(None, "tied for the most points")
        return Outcome(s.scores.index(top), "most points")

    def observe(self, s: State, player: int) -> Observation:
        open_bids = not s.params.simultaneous
        bids = tuple(b if (q == player or open_bids or not b) else -1
                     for q, b in enumerate(s.bids))
        return Observation(player, s.params.simultaneous, s.hands[player], s.prize, bids, s.history, s.scores,
                           tuple(len(h) for h in s.hands))

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """Deal the cards this player has not seen: each other player's hand, secret bid
        of this round and box from what is left of its suit, at random; its own box is
        what is left of its own suit; everything else as observed."""
        params = BidsParams(len(obs.scores), len(obs.hand) + len(obs.history)
                            + (obs.bids[player] > 0), obs.secret)
        hands, bids, box = [obs.hand] * params.players, list(obs.bids), []
        for q, size in enumerate(obs.hand_sizes):
            seen = {shown[q] for _, shown in obs.history} | {obs.bids[q]}
            if q == player:
                seen |= set(obs.hand)
            unseen = [c for c in range(1, params.suit + 1) if c not in seen]
            if q != player:
                rng.shuffle(unseen)
                if bids[q] == -1:
                    bids[q] = unseen.pop()
                hands[q] = tuple(sorted(unseen.pop() for _ in range(size)))
            box.append(tuple(sorted(unseen)))
        done = {prize for prize, _ in obs.history} | {obs.prize}
        return State(params, tuple(hands), tuple(box),
                     tuple(x for x in range(1, params.hand + 1) if x not in done),
                     obs.prize, tuple(bids), obs.history, obs.scores)

    def invariants(self, s: State) -> Iterator[tuple[str, str]]:
        for q in range(s.params.players):
            cards = [*s.hands[q], *s.box[q], *[bids[q] for _, bids in s.history]]
            if s.bids[q]:
                cards.append(s.bids[q])
            if sorted(cards) != list(range(1, s.params.suit + 1)):
                yield "cards", f"each of seat {q + 1}'s cards is in exactly one place"

    def state_key(self, s: State) -> State:
        return s

    def length(self, s: State) -> int:
        return len(s.history)

    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        return f"{action[0]} {action[2]}", "legal"
