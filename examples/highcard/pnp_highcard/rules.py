"""High Card's rules engine (rulebook.md): a small state machine for the pnp harness.

Each player shuffles their own deck and holds 3 cards. A trick: the leader plays a card,
the other player answers; the higher rank wins (a tie goes to the leader, ruling
``highcard.tie``), the winner leads next, and each player draws one card from their
deck. After the last trick the player with more tricks wins.

The hands and the decks' order are hidden, so the engine declares ``hidden_information``
and the ``determinize`` hook: from a player's observation it deals the cards that player
has not seen at random, which lets the search agent ``mcts`` sit.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from toolkit.sim.engine import Agent, Capabilities, Engine, Outcome, RandomAgent, Ruling

HAND = 3
"""Cards in a hand."""
TRICKS = 5
"""Tricks in a game."""
COVERAGE = ("highcard.trick.higher", "highcard.tie", "highcard.draw")
RULINGS = {"highcard.tie": Ruling(
    "highcard.tie", "Who wins a trick of two equal ranks?", "The leader wins it.",
    "Play: \"The higher rank wins the trick.\"")}


@dataclass(frozen=True, slots=True)
class HighCardParams:
    """A game's parameters: each seat's deck (its ranks) and the decks' names."""

    ranks: tuple[tuple[int, ...], tuple[int, ...]]
    names: tuple[str, str] = ("Seat 1", "Seat 2")


@dataclass(frozen=True, slots=True)
class State:
    """A position: each player's draw pile (top first) and hand, the card led, the
    leader, the tricks won, and the tricks played."""

    piles: tuple[tuple[int, ...], tuple[int, ...]]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    led: int
    """The rank led in this trick, 0 before the lead."""
    leader: int
    won: tuple[int, int]
    trick: int


@dataclass(frozen=True, slots=True)
class Observation:
    """What a player sees: their hand, the card led, the leader, the score, the ranks
    left in their own pile (sorted: not their order), and the ranks of the other player
    not yet seen (hand and pile, sorted), with the other hand's size."""

    player: int
    hand: tuple[int, ...]
    led: int
    leader: int
    won: tuple[int, int]
    trick: int
    pile: tuple[int, ...]
    unseen: tuple[int, ...]
    other_hand: int


class HighestAgent:
    """Plays its highest card that wins, else its lowest."""

    observes = True
    stochastic = False

    def act(self, observation: Observation, legal: Any, rng: Random) -> Any:
        """Win the trick cheaply when it can, else throw the lowest card."""
        ranks = sorted(legal, key=lambda a: a[2])
        if observation.led:
            winning = [a for a in ranks if a[2] > observation.led]
            return winning[0] if winning else ranks[0]
        return ranks[-1]


class HighCardRules(Engine):
    """The High Card engine (see the module docstring)."""

    game_id = "highcard"
    coverage = COVERAGE
    rulings = RULINGS
    length_unit = "tricks"
    max_steps = 1_000
    capabilities = Capabilities(chance=False, hidden_information=True, simultaneous=False,
                                hooks=frozenset({"determinize"}))
    """Hidden hands, no chance node after the shuffle, one player at a time."""

    def __init__(self) -> None:
        self.reset_counts()

    @property
    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """The uniform agent and the greedy one."""
        return {"random": RandomAgent, "greedy": HighestAgent}

    def describe_params(self, params: HighCardParams) -> dict[str, Any]:
        """The decks, one per seat."""
        return {"decks": list(params.names)}

    def setup(self, params: HighCardParams, rng: Random) -> State:
        """Shuffle each deck (from the chance stream) and draw each hand."""
        piles = [list(ranks) for ranks in params.ranks]
        for pile in piles:
            rng.shuffle(pile)
        return State((tuple(piles[0][HAND:]), tuple(piles[1][HAND:])),
                     (tuple(sorted(piles[0][:HAND])), tuple(sorted(piles[1][:HAND]))),
                     0, 0, (0, 0), 0)

    def to_move(self, s: State) -> tuple[int, ...]:
        """The leader, then the other player; nobody once the game is over."""
        if self.outcome(s) is not None:
            return ()
        return (s.leader,) if not s.led else (1 - s.leader,)

    def legal_actions(self, s: State, player: int) -> list[tuple]:
        """Play any card of the hand (one action per rank)."""
        return [("play", player, rank) for rank in sorted(set(s.hands[player]))]

    def apply(self, s: State, action: tuple) -> State:
        """Play a card; the answer settles the trick, and both draw."""
        _, player, rank = action
        hand = list(s.hands[player])
        hand.remove(rank)
        hands = list(s.hands)
        hands[player] = tuple(hand)
        if not s.led:
            return State(s.piles, (hands[0], hands[1]), rank, s.leader, s.won, s.trick)
        if rank > s.led:
            winner = player
            self.fire("highcard.trick.higher")
        else:
            winner = s.leader
            self.fire("highcard.tie" if rank == s.led else "highcard.trick.higher")
        won = (s.won[0] + (winner == 0), s.won[1] + (winner == 1))
        piles = list(s.piles)
        for p in (0, 1):
            if piles[p]:
                self.fire("highcard.draw")
                hands[p] = tuple(sorted((*hands[p], piles[p][0])))
                piles[p] = piles[p][1:]
        return State((piles[0], piles[1]), (hands[0], hands[1]), 0, winner, won,
                     s.trick + 1)

    def outcome(self, s: State) -> Outcome | None:
        """More tricks wins once all are played (or no card is left)."""
        if s.trick < TRICKS and s.hands[0] and s.hands[1]:
            return None
        if s.won[0] == s.won[1]:
            return Outcome(None, "as many tricks each")
        winner = 0 if s.won[0] > s.won[1] else 1
        return Outcome(winner, f"{max(s.won)} tricks to {min(s.won)}")

    def observe(self, s: State, player: int) -> Observation:
        """The player's view: the piles' order and the other hand stay hidden."""
        other = 1 - player
        return Observation(player, s.hands[player], s.led, s.leader, s.won, s.trick,
                           tuple(sorted(s.piles[player])),
                           tuple(sorted(s.piles[other] + s.hands[other])), len(s.hands[other]))

    def determinize(self, obs: Observation, player: int, rng: Random) -> State:
        """A state the player cannot tell from the real one: their own pile in a random
        order, the other player's unseen cards dealt at random to hand and pile."""
        own, unseen = list(obs.pile), list(obs.unseen)
        rng.shuffle(own)
        rng.shuffle(unseen)
        other = tuple(sorted(unseen[:obs.other_hand]))
        rest = tuple(unseen[obs.other_hand:])
        hands = (obs.hand, other) if player == 0 else (other, obs.hand)
        piles = (tuple(own), rest) if player == 0 else (rest, tuple(own))
        return State(piles, hands, obs.led, obs.leader, obs.won, obs.trick)

    def invariants(self, s: State) -> Iterable[tuple[str, str]]:
        """Hands never exceed their size; the tricks won add up to the tricks played."""
        if sum(s.won) != s.trick:
            return [("tricks", f"{s.won} tricks won after {s.trick} played")]
        if any(len(hand) > HAND for hand in s.hands):
            return [("hand", f"a hand holds more than {HAND} cards")]
        return ()

    def length(self, s: State) -> int:
        """Tricks played."""
        return s.trick

    def describe(self, s: State, action: tuple) -> tuple[str, str]:
        """``Player 1 leads 9`` / ``Player 2 answers 11``."""
        _, player, rank = action
        verb = "answers" if s.led else "leads"
        return f"Player {player + 1} {verb} {rank}", ""


STANDARD = tuple(rank for rank in range(2, 15) for _ in range(4))
"""A standard 52-card deck's ranks, 2 to 14."""


def sample_params() -> HighCardParams:
    """Two standard decks."""
    return HighCardParams((STANDARD, STANDARD), ("Standard", "Standard"))


SETUPS = {"standard": sample_params,
          "uneven": lambda: HighCardParams((STANDARD, tuple(range(2, 18))),
                                           ("Standard", "Ladder"))}
"""Sample parameters for the shared tests (toolkit.testing)."""
