"""The invariants' fast path gives the full check's verdict.

`ValiantWarsRules.invariants` rechecks only what changed since the last state it found
clean (each player's cards, line and victory points apart; the card places from the last
clean places). Here a rules object that has seen every state of random games (its fast path
warm) and a fresh one (no state seen: the full check) must return the very same list for
every state, and for states broken on purpose right after a clean one.
"""

from __future__ import annotations

from random import Random

from toolkit.games.valiantwars.engine import ValiantWarsRules, sample_params
from toolkit.games.valiantwars.engine.state import State
from toolkit.sim.engine import CHANCE


def _full(s: State) -> list[tuple[str, str]]:
    """The full check: a rules object that has found no state clean yet."""
    return list(ValiantWarsRules().invariants(s))


def _broken(s: State, rng: Random) -> list[State]:
    """Copies of ``s`` each with one thing wrong (or, rarely, nothing: then still clean)."""
    out = []
    p = rng.randrange(s.players)

    def put(values: tuple, value: object) -> tuple:
        return values[:p] + (value,) + values[p + 1:]

    def with_(**fields: object) -> State:
        b = s.copy()
        for name, value in fields.items():
            setattr(b, name, value)
        return b

    owned = s.owned[p]
    out.append(with_(omens=put(s.omens, s.omens[p] + 1)))
    out.append(with_(vp=put(s.vp, s.vp[p] + 3)))
    out.append(with_(extra=put(s.extra, s.extra[p] + 1)))
    out.append(with_(stack=put(s.stack, s.stack[p] + 1)))
    out.append(with_(peek=put(s.peek, len(s.deck[p]) + 1)))
    out.append(with_(status=put(s.status, (s.status[p] + 1) % 4)))
    if s.deck[p]:
        # a draw that leaves the card on the deck too, or drops it
        card = s.deck[p][0]
        out.append(with_(line=put(s.line, s.line[p] + (card,))))
        out.append(with_(deck=put(s.deck, s.deck[p][1:])))
        out.append(with_(deck=put(s.deck, s.deck[p][1:]),
                         line=put(s.line, s.line[p] + (owned[0],))))
    if s.line[p]:
        out.append(with_(down=put(s.down, s.down[p] + (s.line[p][-1] + 1,))))
    if s.pile:
        card = s.pile[0]
        out.append(with_(pile=s.pile[1:]))  # a card lost
        out.append(with_(owned=put(s.owned, tuple(sorted(owned + (card,)))),
                         gained=put(s.gained, tuple(sorted(s.gained[p] + (card,))))))
        out.append(with_(pile=s.pile[1:], owned=put(s.owned, tuple(sorted(owned + (card,)))),
                         gained=put(s.gained, tuple(sorted(s.gained[p] + (card,))))))
        out.append(with_(pile=s.pile[1:], market=s.market + (card,)))  # six in the Market
        # bought, but not among the gains; or gained twice
        out.append(with_(pile=s.pile[1:], owned=put(s.owned, tuple(sorted(owned + (card,))))))
        out.append(with_(pile=s.pile[1:], owned=put(s.owned, tuple(sorted(owned + (card,)))),
                         gained=put(s.gained, tuple(sorted(s.gained[p] + (card, card))))))
    if s.soldiers and s.market:  # a Soldier and a Champion swapped: a wrong pile
        out.append(with_(soldiers=(s.market[0],) + s.soldiers[1:],
                         market=(s.soldiers[0],) + s.market[1:]))
    if s.market:
        out.append(with_(market=s.market[1:] + (s.market[0],),  # same cards
                         pile=s.pile + (s.market[0],)))  # and one card twice: too many
        if s.pile:  # the pile's top card lost, a Market card in its place: one card twice
            out.append(with_(pile=(s.market[0],) + s.pile[1:]))
    return out


def test_fast_and_full_invariants_agree_on_random_and_broken_states():
    """Every state of random games, and broken copies of some, get the full check's list."""
    rng = Random(14)
    broken_seen = 0
    names_seen: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (2, 5), (4, 6)):
        rules = ValiantWarsRules()
        game = Random(seed)
        s = rules.setup(sample_params(players), game)
        for _ in range(700):
            if rules.outcome(s) is not None:
                break
            assert list(rules.invariants(s)) == _full(s) == []
            if rng.random() < 0.25:
                for b in _broken(s, rng):
                    got = list(rules.invariants(b))
                    assert got == _full(b)
                    names_seen.update(name for name, _ in got)
                    broken_seen += 1
            movers = rules.to_move(s)
            if movers == (CHANCE,):
                action = rules.chance(s, game)
            else:
                action = game.choice(rules.legal_actions(s, game.choice(movers)))
            s = rules.apply(s, action)
    assert broken_seen > 500
    # the broken states did break the checks, of many kinds
    assert {"one-place", "card-count", "owned", "omens", "vp", "omen-per-vp", "stack",
            "peek", "out", "face-down", "market", "piles"} <= names_seen
