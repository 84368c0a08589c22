"""Scenario helpers for the Warblitz engine tests.

`unit(...)`, `event(...)`, `relic(...)` build cards (effects written in the vocabulary),
`band(...)` a small warband (a Commander first; the rules need no 27 cards), `params`
two of them; `at("C3")` is a space as player 1 names it; `position` sets a battle up with
pieces placed by uid (player 1's cards first, in the order given, then player 2's);
`act` applies actions after checking that each is legal and the invariants hold;
`roll` resolves the pending chance node with chosen dice.
"""

from __future__ import annotations

from tests.helpers import act  # noqa: F401  (re-exported for the scenario tests)
from toolkit.games.warblitz.board import StartLayout, parse_space
from toolkit.games.warblitz.effects import parse_effect
from toolkit.games.warblitz.engine import CardSpec, WarbandSpec, WarblitzParams, WarblitzRules
from toolkit.games.warblitz.engine.state import EVENT, RELIC, UNIT
from toolkit.sim.engine import CHANCE

RANKS = {"Common": 0, "Elite": 1, "Commander": 2}
CLASSES = {"Melee": 0, "Ranged": 1, "Special": 2, "": -1}
NO_TERRAIN = StartLayout((2, 0), (), ())


def unit(name: str = "Soldier", rank: str = "Common", cls: str = "Melee", cost: int = 1,
         hp: int = 3, strength: int = 2, ranged: bool = False, effect: str = "") -> CardSpec:
    """A unit card."""
    return CardSpec(name, UNIT, RANKS[rank], CLASSES[cls], cost, hp, strength, ranged,
                    effect=parse_effect(effect, "unit"))


def boss(name: str = "Boss", hp: int = 12, strength: int = 3, ranged: bool = False,
         effect: str = "") -> CardSpec:
    """A Commander."""
    return unit(name, "Commander", "", 0, hp, strength, ranged, effect)


def event(name: str = "Event", cost: int = 1, phase: int | None = None, tier: str = "Common",
          effect: str = "", active: bool = False) -> CardSpec:
    """An event card (phase: 0 Beginning, 1 Deploy, 2 Move & Attack, None any)."""
    return CardSpec(name, EVENT, 1 if tier == "Epic" else 0, -1, cost, phase=phase,
                    active=active, effect=parse_effect(effect, "event", active))


def relic(name: str = "Relic", cost: int = 1, phase: int | None = None, tier: str = "Common",
          effect: str = "") -> CardSpec:
    """A relic card."""
    return CardSpec(name, RELIC, 1 if tier == "Epic" else 0, -1, cost, phase=phase,
                    effect=parse_effect(effect, "relic"))


def band(name: str, *cards: CardSpec, start: StartLayout = NO_TERRAIN) -> WarbandSpec:
    """A warband of the given cards (a Commander among them)."""
    return WarbandSpec(name, tuple(cards), start)


def params(first: WarbandSpec, second: WarbandSpec) -> WarblitzParams:
    """Two warbands in seat order."""
    return WarblitzParams((first, second))


def at(name: str) -> int:
    """A space as player 1 names it ('C3') → its board index."""
    column, rank = parse_space(name)
    return rank * 5 + column


def position(rules: WarblitzRules, p: WarblitzParams, placed: dict[int, str], **kw):
    """A battle with pieces placed by uid on named spaces (see `WarblitzRules.position`)."""
    return rules.position(p, {uid: at(space) for uid, space in placed.items()}, **kw)


def roll(rules: WarblitzRules, state, *dice: int):
    """Resolve the pending chance node with the given dice."""
    assert rules.to_move(state) == (CHANCE,), rules.to_move(state)
    state = rules.apply(state, ("roll", CHANCE, tuple(dice)))
    broken = list(rules.invariants(state))
    assert not broken, broken
    return state
