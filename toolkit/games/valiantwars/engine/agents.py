"""Valiant Wars agents: ``random``, ``greedy`` and the parameterised ``risk:P,buy:A>B>C``.

Agents decide from an `Observation` only: what lies on the table, every player's cards as
a set (purchases, Locations and Dark Omens are all seen), and their own top cards after an
Oracle; never the order of a deck or another player's commitment at the current draw.

- ``greedy`` draws while the chance that its next card is a second Dark Omen (from the
  known composition of its remaining deck) is at most 30%, stops when it already beats
  every player who has finished, buys the most valuable Champion it can afford (else Gold,
  else a Soldier), pushes forced draws onto the opponent likeliest to go OUT, flips the
  strongest opposing Champion and its own weakest card.
- ``risk:P`` stops as soon as that chance exceeds P (0 to 1, or a percentage); with
  ``buy:A>B>C`` it buys the first item of the list it can afford, at most two per round:
  ``Gold``, ``Soldier``, ``Champion`` (the most valuable one), a type (``Warrior``,
  ``Mystic``, ``Rogue``) or a rulebook champion (``Paladin``: a Champion with that
  effect). Other choices are greedy's. Example: ``risk:0.3,buy:Paladin>Gold>Soldier``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import partial
from random import Random
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.sheets import suggest
from toolkit.sim.engine import RandomAgent

from ..vocab import (
    EFFECT_CODES,
    EFFECTS,
    TYPE_CODES,
    TYPES,
    effect_name,
)
from .lines import effect_of, tally, total
from .state import (
    APPRENTICE,
    ARCHER,
    ASSASSIN,
    BARBARIAN,
    BRIGAND,
    CHAMPION,
    DANCER,
    DRAWING,
    FIGHTER,
    FIREBRAND,
    GENERAL,
    GUARD,
    HERO,
    LUNAR_WITCH,
    MERCENARY,
    MONK,
    OMEN,
    ORACLE,
    OUT,
    PALADIN,
    PRIESTESS,
    PYROMANCER,
    RETAINER,
    SABOTEUR,
    SAINT,
    SELLSWORD,
    SENTINEL,
    SHAMAN,
    SOLDIER,
    WARLORD,
    WING_KNIGHT,
    WURM_LORD,
    Observation,
)

GREEDY_RISK = 0.3
"""The greedy agent draws while the chance of going OUT on the next card is at most this."""

EFFECT_WORTH: dict[int, float] = {
    0: 0.0, APPRENTICE: 0.5, ASSASSIN: 1.0, ARCHER: 1.5, BARBARIAN: 0.0, BRIGAND: 1.0,
    DANCER: 1.0, FIGHTER: 0.0, FIREBRAND: 0.3, GENERAL: 0.5, GUARD: 1.0, HERO: 0.5,
    LUNAR_WITCH: 1.0, MERCENARY: 2.5, MONK: 2.0, ORACLE: 0.5, PALADIN: 1.5, PRIESTESS: 0.7,
    PYROMANCER: 0.8, RETAINER: 1.5, SABOTEUR: 1.0, SAINT: 1.0, SELLSWORD: 1.0,
    SENTINEL: 1.5, SHAMAN: -0.5, WARLORD: 0.3, WING_KNIGHT: 1.0, WURM_LORD: 0.3,
}
"""What an effect adds to a Champion's worth, roughly in Swords (the greedy agent's guess)."""


def worth(obs: Observation, card: int) -> float:
    """How much a card is worth to its holder: Swords, Gold and a guess for its effect."""
    pool = obs.pool
    kind = pool.kind[card]
    if kind == CHAMPION:
        return (pool.swords[card] + pool.gold[card]
                + EFFECT_WORTH.get(effect_of(pool, card, obs.copies), 0.0))
    if kind == SOLDIER:
        return 1.0
    return 0.0


def deck_of(obs: Observation, q: int) -> tuple[int, ...]:
    """The cards left in a player's deck, as a set anyone can work out (their own known
    top cards first)."""
    if q == obs.player:
        return obs.my_deck()
    used = set(obs.line[q])
    used.update(obs.gained[q])
    return tuple(c for c in obs.owned[q] if c not in used)


def out_risk(obs: Observation, q: int | None = None) -> float:
    """The chance that player ``q``'s next card is a second Dark Omen (or a Location with
    the Dark Omen penalty while one shows), from the known composition of their deck; for
    the player's own deck, certain when an Oracle showed the top card."""
    q = obs.player if q is None else q
    if obs.omens[q] == 0 or not obs.deck_sizes[q]:
        return 0.0
    pool = obs.pool
    owned, line, gained = obs.owned[q], obs.line[q], obs.gained[q]
    # The deck is what the player owns less their line and gains (see `deck_of`).
    size = len(owned) - len(line) - len(gained)
    if size <= 0:
        return 0.0
    stack_open = obs.stack[q] == len(line)  # another Dark Omen joins the stack
    bad = pool.omen_site if stack_open else pool.out_card
    if q == obs.player and obs.my_top:
        return 1.0 if bad[obs.my_top[0]] else 0.0
    return (total(bad, owned) - total(bad, line) - total(bad, gained)) / size


def swords_of(obs: Observation, q: int) -> int:
    """A player's Swords now (-1 when OUT)."""
    if obs.status[q] == OUT:
        return -1
    return tally(obs.pool, obs.line[q], obs.down[q], obs.stack[q], obs.copies)[0]


class GreedyAgent:
    """Sensible one-step play from the observation (see the module docstring)."""

    observes = True
    stochastic = False
    risk = GREEDY_RISK

    def act(self, obs: Observation, legal: Sequence[tuple], rng: Random) -> tuple:
        """Choose one of ``legal`` from what ``obs`` shows."""
        if len(legal) == 1:
            return legal[0]
        decision = obs.decision
        if decision == "draw":
            return self._draw(obs, legal)
        if decision == "buy":
            return self._buy(obs, legal)
        if decision == "target":
            return self._target(obs, legal)
        if decision == "witch":
            return max(legal, key=lambda a: (swords_of(obs, a[2]), -a[2]))
        if decision == "flip":
            return self._flip(obs, legal)
        if decision == "copy":
            return max(legal, key=lambda a: (worth(obs, a[2]), -a[2]))
        return legal[0]

    def _draw(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        draw, stop = legal
        p = obs.player
        risk = out_risk(obs)
        if risk == 0.0:
            return draw
        if all(obs.status[q] != DRAWING for q in range(len(obs.status)) if q != p):
            mine = swords_of(obs, p)
            best = max((swords_of(obs, q) for q in range(len(obs.status)) if q != p),
                       default=-1)
            if mine > best:
                return stop  # the Location is ours already
            return draw if risk < 0.5 else stop
        return draw if risk <= self.risk else stop

    def _buy(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        champions = [a for a in legal if a[0] == "champion"]
        if champions:
            return max(champions, key=lambda a: (worth(obs, a[2]), obs.pool.cost[a[2]],
                                                 -a[2]))
        for kind in ("gold", "soldier"):
            for a in legal:
                if a[0] == kind:
                    return a
        return legal[-1]

    def _target(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        """Push draws onto the opponent likeliest to go OUT; decline an optional push
        when nobody is at risk (the cards would only help them)."""
        targets = [a for a in legal if a[0] == "target"]
        best = max(targets, key=lambda a: (out_risk(obs, a[2]), swords_of(obs, a[2]), -a[2]))
        if legal[-1][0] == "pass" and out_risk(obs, best[2]) < 0.15:
            return legal[-1]
        return best

    def _flip(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        p = obs.player
        flips = [a for a in legal if a[0] == "flip"]
        own = [a for a in flips if a[2] in obs.line[p]]
        if own:
            if obs.pool.kind[own[0][2]] == OMEN:
                return own[0]  # the Saint: ignore a Dark Omen
            return min(own, key=lambda a: (worth(obs, a[2]), a[2]))
        return max(flips, key=lambda a: (worth(obs, a[2]), -a[2]))


class RiskAgent(GreedyAgent):
    """``risk:P,buy:A>B>C``: stop when the chance of a second Dark Omen on the next card
    exceeds ``threshold``; buy by the ordered list (greedy buys without one)."""

    def __init__(self, threshold: float, order: tuple[str, ...] = ()) -> None:
        self.threshold = threshold
        self.order = order

    def _draw(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        draw, stop = legal
        return stop if out_risk(obs) > self.threshold else draw

    def _buy(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        if not self.order:
            return super()._buy(obs, legal)
        pool = obs.pool
        for item in self.order:
            if item in ("gold", "soldier"):
                found = [a for a in legal if a[0] == item]
            else:
                found = [a for a in legal if a[0] == "champion" and _matches(pool, a[2], item)]
            if found:
                return max(found, key=lambda a: (worth(obs, a[2]) if len(a) > 2 else 0.0,
                                                 -(a[2] if len(a) > 2 else 0)))
        return legal[-1]  # ("pass", p): nothing on the list can be bought


def _matches(pool, card: int, item: str) -> bool:
    if item == "champion":
        return True
    if item in _TYPE_ITEMS:
        return pool.ctype[card] == TYPE_CODES[_TYPE_ITEMS[item]]
    return pool.effect[card] == EFFECT_CODES[item]


_TYPE_ITEMS = {t.casefold(): t for t in TYPES}
SYNTAX = "risk:P[,buy:A>B>C]"
_WORDS = ("Gold", "Soldier", "Champion", *TYPES, *EFFECTS)


def parse_risk(name: str) -> tuple[float, tuple[str, ...]]:
    """``risk:0.3,buy:Paladin>Gold`` → (0.3, ("Paladin", "gold")); InputError with the
    syntax when the spec is wrong. Items are `Gold`, `Soldier`, `Champion`, a type or a
    rulebook champion (effect) name, matched loosely."""
    text = name.strip()
    match = re.fullmatch(r"risk:\s*([0-9.]+)\s*(%?)\s*(?:,\s*buy:\s*(.*))?", text,
                         re.IGNORECASE)
    if not match:
        raise InputError(f"agent '{name}': write {SYNTAX}, e.g. "
                         "risk:0.3,buy:Paladin>Gold>Soldier")
    try:
        threshold = float(match.group(1)) / (100 if match.group(2) else 1)
    except ValueError:
        raise InputError(f"agent '{name}': the risk must be a number from 0 to 1 "
                         "(or a percentage)") from None
    if not 0.0 <= threshold <= 1.0:
        raise InputError(f"agent '{name}': the risk must be from 0 to 1, got {threshold:g}")
    order: list[str] = []
    if match.group(3) is not None:
        for raw in match.group(3).split(">"):
            item = raw.strip()
            key = item.casefold()
            if key in ("gold", "soldier", "champion") or key in _TYPE_ITEMS:
                order.append(key)
            elif (effect := effect_name(item)) is not None:
                order.append(effect)
            else:
                raise InputError(f"agent '{name}': cannot buy '{item}'{suggest(item, _WORDS)}; "
                                 "buy items are Gold, Soldier, Champion, Warrior, Mystic, "
                                 "Rogue or a rulebook champion such as Paladin")
    return threshold, tuple(order)


class AgentRegistry(Mapping):
    """Agent name → factory: ``random`` and ``greedy`` by name, and any ``risk:...`` spec
    (parsed when looked up; a malformed spec raises `InputError` with the syntax, so the
    command line says what is wrong). Iterating lists the fixed names only."""

    _fixed: dict[str, Callable[[], Any]] = {"random": RandomAgent, "greedy": GreedyAgent}

    def __getitem__(self, name: str) -> Callable[[], Any]:
        if name in self._fixed:
            return self._fixed[name]
        if isinstance(name, str) and name.strip().casefold().startswith("risk:"):
            threshold, order = parse_risk(name)
            return partial(RiskAgent, threshold, order)
        raise KeyError(name)

    def __contains__(self, name: object) -> bool:
        if name in self._fixed:
            return True
        if isinstance(name, str) and name.strip().casefold().startswith("risk:"):
            parse_risk(name)
            return True
        return False

    def __iter__(self) -> Iterator[str]:
        return iter(self._fixed)

    def __len__(self) -> int:
        return len(self._fixed)


AGENTS = AgentRegistry()
"""Valiant Wars' agent registry (see `AgentRegistry`)."""
