"""Fixture decks and scenario helpers for the Battle Gate engine tests.

`deck("S3", "M2", "A1")` builds a scenario deck from short codes (class letter and power;
card numbers follow the order given), `params` puts 2 to 4 of them in seat order,
`position` sets up a battle at the start of a player's turn (`BattleGateRules.position`),
`act` applies actions after checking that each is legal and the invariants hold,
`altered` rearranges a seat's deck and hand, `reversed_rows` renumbers a seat's cards as
if its deck sheet's rows were reversed and `rotated` moves every player to another seat
(the same battle either way).
"""

from __future__ import annotations

from dataclasses import replace

from tests.helpers import act  # noqa: F401  (re-exported for the scenario tests)
from toolkit.games.battlegate.engine import BattleGateParams, BattleGateRules, CardSpec
from toolkit.games.battlegate.engine.state import Battle, Seats, State, fresh_zones_key

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


def _cards(cards: tuple[int, ...], perm: list[int]) -> tuple[int, ...]:
    return tuple(sorted(perm[c] for c in cards))


def reversed_rows(rules: BattleGateRules, s: State, seat: int) -> State:
    """The battle ``s`` (at the start of the game) with seat ``seat``'s deck sheet rows
    reversed: card ``c`` becomes card ``n - 1 - c`` everywhere, the same cards in the same
    places."""
    b = s.battle
    p = BattleGateParams(tuple(d[::-1] if q == seat else d for q, d in enumerate(b.game.specs)),
                         b.game.names)
    g = rules.game(p.decks, p.deck_names)
    n = len(b.order[seat])
    perm = [n - 1 - c for c in range(n)]
    assert not s.attacks and not s.boosts and not s.blocks and not s.queue
    order = tuple(tuple(perm[c] for c in o) if q == seat else o for q, o in enumerate(b.order))
    cut = tuple(perm[c] if q == seat and c >= 0 else c for q, c in enumerate(b.cut))

    def zone(z: list[tuple[int, ...]]) -> list[tuple[int, ...]]:
        return [_cards(cards, perm) if q == seat else cards for q, cards in enumerate(z)]

    out = State(Battle(g, order, cut, b.first), Seats(g, s.seats.alive, s.seats.box),
                s.top, zone(s.hand), zone(s.field), zone(s.discard), zone(s.shown), s.current,
                s.turn, s.turns_taken, s.phase, s.count, s.limit, s.caps, s.used,
                tuple(perm[c] for c in s.fresh) if s.current == seat else s.fresh,
                idle=s.idle)
    out.zones_key = fresh_zones_key(out)
    return out


def rotated(rules: BattleGateRules, s: State, k: int) -> State:
    """The battle ``s`` (at any point) with every seat moved ``k`` places to the left:
    the same players in the same turn order, in other seat numbers."""
    b = s.battle
    n = b.game.n

    def back(values: tuple | list) -> list:  # new seat q holds old seat q - k
        return [values[(q - k) % n] for q in range(n)]

    def seat(q: int) -> int:
        return (q + k) % n

    g = rules.game(tuple(back(b.game.specs)), tuple(back(b.game.names)))
    eliminated = tuple((seat(q), seat(by), turn, how)
                       for q, by, turn, how in s.seats.eliminated)
    out = State(Battle(g, tuple(back(b.order)), tuple(back(b.cut)), seat(b.first)),
                Seats(g, tuple(back(s.seats.alive)), tuple(back(s.seats.box)), eliminated),
                back(s.top), back(s.hand), back(s.field), back(s.discard), back(s.shown),
                seat(s.current), s.turn, tuple(back(s.turns_taken)), s.phase, s.count,
                s.limit, tuple(back(s.caps)), tuple(back(s.used)), s.fresh,
                tuple((c, seat(q)) for c, q in s.attacks),
                tuple((seat(q), c, a) for q, c, a in s.blocks),
                tuple((seat(q), c, a) for q, c, a in s.boosts),
                tuple((seat(q), c) for q, c in s.queue), tuple(seat(q) for q in s.boosters),
                s.bpos, s.passes, tuple((seat(q), x) for q, x in s.damage), s.idle,
                s.outcome if s.outcome is None or s.outcome.winner is None else
                replace(s.outcome, winner=seat(s.outcome.winner)))
    out.zones_key = fresh_zones_key(out)
    return out
