"""Fixture decks and scenario helpers for the Battle Gate engine tests.

`deck("S3", "M2", "A1")` builds a scenario deck from short codes (class letter and power;
card numbers follow the order given), `params` puts 2 to 4 of them in seat order,
`position` sets up a battle at the start of a player's turn (`BattleGateRules.position`),
`act` applies actions after checking that each is legal and the invariants hold,
`altered` rearranges a seat's deck and hand.
"""

from __future__ import annotations

from dataclasses import replace

from tests.helpers import act  # noqa: F401  (re-exported for the scenario tests)
from toolkit.games.battlegate.engine import BattleGateParams, BattleGateRules, CardSpec
from toolkit.games.battlegate.engine.state import Battle, State, fresh_zones_key

CLASSES = {"M": "Minion", "S": "Soldier", "A": "Assassin"}


def card(code: str) -> CardSpec:
    """``"S3"`` -> a Soldier of power 3 named "Soldier 3"."""
    klass = CLASSES[code[0]]
    return CardSpec(f"{klass} {code[1:]}", klass, int(code[1:]))


def deck(*codes: str) -> tuple[CardSpec, ...]:
    """A scenario deck from short codes, card numbers in the order given."""
    return tuple(card(code) for code in codes)


def filler(n: int, code: str = "M1") -> tuple[CardSpec, ...]:
    """``n`` copies of one card (to pad a deck)."""
    return deck(*([code] * n))


def params(*decks: tuple[CardSpec, ...]) -> BattleGateParams:
    """Parameters for scenario decks, named A, B, C, D in seat order."""
    return BattleGateParams(tuple(decks), tuple("ABCD"[: len(decks)]))


def position(rules: BattleGateRules, decks, **zones) -> State:
    """A battle at the start of ``current``'s turn (see `BattleGateRules.position`)."""
    return rules.position(params(*decks), **zones)


def stop(rules: BattleGateRules, state: State, times: int = 1) -> State:
    """The player to move stops ``times`` times."""
    for _ in range(times):
        state = act(rules, state, ("stop", rules.to_move(state)[0]))
    return state


def altered(state: State, seat: int, deck: tuple[int, ...], hand: tuple[int, ...]) -> State:
    """``state`` with seat ``seat``'s deck (top card first) and hand replaced (a state
    made by hand: nothing in it is taken as checked)."""
    b = state.battle
    top = state.top[seat]
    order = list(b.order)
    order[seat] = b.order[seat][:top] + deck
    hands = list(state.hand)
    hands[seat] = hand
    s = replace(state, battle=Battle(b.game, tuple(order), b.cut, b.first), hand=hands,
                legal=None, sound=None)
    s.zones_key = fresh_zones_key(s)
    return s
