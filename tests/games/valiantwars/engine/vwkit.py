"""Scenario helpers for the Valiant Wars engine tests.

`deal(["Omen", "Gold", "Paladin"], ["Soldier"])` sets up a round at its first draw with
each seat holding exactly those cards, top first (`ValiantWarsRules.position`). Cards are
named by their pool name, by a rulebook effect (the first Champion with that effect), or
by the short words Soldier, Gold, Omen. `extra` adds custom cards to the pool (a Rogue
Guard, say), named by their own names. `step` plays one simultaneous draw; `act` applies
actions after checking each is legal and the invariants hold.
"""

from __future__ import annotations

from tests.helpers import act  # noqa: F401  (re-exported for the scenario tests)
from toolkit.games.valiantwars.engine import (
    POOL,
    CardSpec,
    State,
    ValiantWarsRules,
    VWParams,
)
from toolkit.sim.engine import CHANCE

SHORT = {"Soldier": "Levy Soldier", "Gold": "Gold Crown", "Omen": "Dark Omen"}


def params(players: int = 2, extra: tuple[CardSpec, ...] = (),
           cards: tuple[CardSpec, ...] | None = None) -> VWParams:
    """The bundled pool (plus ``extra`` cards; or exactly ``cards``: a custom pool) for
    ``players`` seats."""
    custom = bool(extra) or cards is not None
    return VWParams((POOL if cards is None else cards) + extra, players,
                    format="custom" if custom else "standard")


def ids_by_name(p: VWParams) -> dict[str, list[int]]:
    """Card ids by card name and by effect name, in pool order."""
    out: dict[str, list[int]] = {}
    for i, spec in enumerate(p.cards):
        out.setdefault(spec.name, []).append(i)
        if spec.effect and spec.effect != spec.name:
            out.setdefault(spec.effect, []).append(i)
    for short, name in SHORT.items():
        out[short] = out[name]
    return out


class Picker:
    """Hands out distinct card ids by name."""

    def __init__(self, p: VWParams) -> None:
        self.ids = ids_by_name(p)
        self.used: set[int] = set()

    def __call__(self, name: str) -> int:
        for i in self.ids[name]:
            if i not in self.used:
                self.used.add(i)
                return i
        raise ValueError(f"no {name} left")


def deal(*decks: list[str], rules: ValiantWarsRules | None = None,
         extra: tuple[CardSpec, ...] = (), cards: tuple[CardSpec, ...] | None = None,
         market: list[str] | None = None,
         locations: list[str] | None = None) -> tuple[ValiantWarsRules, State, Picker]:
    """A round at its first draw, seat k holding ``decks[k]`` (top first)."""
    rules = rules or ValiantWarsRules()
    p = params(len(decks), extra, cards)
    pick = Picker(p)
    dealt = {seat: tuple(pick(name) for name in names) for seat, names in enumerate(decks)}
    kw = {}
    if market is not None:
        kw["market"] = tuple(pick(name) for name in market)
    if locations is not None:
        kw["locations"] = tuple(pick(name) for name in locations)
    state = rules.position(p, dealt, **kw)
    assert not list(rules.invariants(state))
    return rules, state, pick


def step(rules: ValiantWarsRules, state: State, **choices: str) -> State:
    """One simultaneous draw: ``step(rules, s, p0="draw", p1="stop")``; every player
    still drawing must be given a choice."""
    movers = rules.to_move(state)
    wanted = {int(k[1:]): v for k, v in choices.items()}
    assert set(movers) == set(wanted), (movers, wanted)
    actions = [(wanted[p], p) for p in movers]
    for action in actions:  # all decide from the same state, then apply in order
        assert action in rules.legal_actions(state, action[1])
    for action in actions:
        state = rules.apply(state, action)
        assert not list(rules.invariants(state)), list(rules.invariants(state))
    return state


def order(rules: ValiantWarsRules, state: State, *seats: int) -> State:
    """Resolve a random-order chance node with the given order."""
    assert rules.to_move(state) == (CHANCE,)
    return rules.apply(state, ("order", CHANCE, tuple(seats)))


def names(state: State, cards) -> list[str]:
    """Card names of ids."""
    return [state.pool.names[c] for c in cards]
