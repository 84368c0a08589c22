"""Valiant Wars agents: ``random``, ``greedy`` and the parameterised ``risk:P,buy:A>B>C``.

Agents decide from an `Observation` only: what lies on the table, every player's cards as
a set (purchases, Locations and Dark Omens are all seen), and their own top cards after an
Oracle; never the order of a deck or another player's commitment at the current draw.

- ``greedy`` draws while the chance that its next card is a second Dark Omen (from the
  known composition of its remaining deck) is at most 30%, stops when it already beats
  every player who has finished; buys the pair of cards that adds most to its deck (a
  Champion's Swords and Gold, a guess for its effect, and what the effect gains from the
  cards it owns: a Paladin among Rogues, a Retainer among Mystics; a Champion must beat a
  free Soldier or a Gold); pushes forced draws onto the opponent likeliest to go OUT;
  flips what costs an opponent most and its own card that costs it least; the Dancer
  copies the effect that adds most now. Ties are broken by a card's content then its
  name (`Pool.rank`) and between players from its own seat, never by a card's row or id
  or a seat number.
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
from .lines import (
    ARCHER_BONUS,
    GUARD_BONUS,
    MERCENARY_CAP,
    PER_LOCATION_SENTINEL,
    PER_MYSTIC_RETAINER,
    PER_ROGUE_PALADIN,
    count_type,
    effect_of,
    face_up_soldiers,
    flippable_cards,
    flippable_champions,
    has_general,
    tally,
    total,
)
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
    GOLD,
    GUARD,
    HERO,
    LOCATION,
    LUNAR_WITCH,
    MERCENARY,
    MONK,
    MYSTIC,
    NONE,
    OMEN,
    ORACLE,
    OUT,
    PALADIN,
    PRIESTESS,
    PYROMANCER,
    RETAINER,
    ROGUE,
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

GOLD_IN_LINE = 0.5
"""What a Gold in a line is worth beside a Sword, to the choices made during a round (a
Sword wins the Location now, a Gold only buys)."""
PUSH = 0.5
"""What a card an opponent is made to draw is worth (a push toward their second Dark
Omen), when nobody's odds are known yet."""
SOLDIER_WORTH = 0.9
GOLD_WORTH = 1.0
"""What a bought Soldier (free, 1 Sword) and Gold (1 Gold) add to a deck: the yardstick a
Champion must beat to be worth a purchase."""

EFFECT_WORTH: dict[int, float] = {
    0: 0.0, APPRENTICE: PUSH, ASSASSIN: 1.2, ARCHER: 0.0, BARBARIAN: 0.0, BRIGAND: PUSH,
    DANCER: 1.0, FIGHTER: 0.0, FIREBRAND: -0.7, GENERAL: 0.5, GUARD: 0.0, HERO: 0.5,
    LUNAR_WITCH: 1.0, MERCENARY: 0.0, MONK: 2.0, ORACLE: 2.0, PALADIN: 0.0, PRIESTESS: 0.0,
    PYROMANCER: 2 * PUSH, RETAINER: 0.0, SABOTEUR: 2 * PUSH, SAINT: 2.0, SELLSWORD: 1.0,
    SENTINEL: 0.0, SHAMAN: -1.5, WARLORD: -0.7, WING_KNIGHT: 0.0, WURM_LORD: -1.4,
}
"""What an effect adds to a Champion's worth in a deck, roughly in Swords (the greedy
agent's guess), before the part that depends on the deck (`worth`). Balance runs with
greedy players (docs/valiantwars.md: a Champion held from the start) rank what keeps Dark
Omens away first (Oracle, Saint) and what makes its owner draw or flip last (Shaman,
Warlord, Firebrand, Wurm Lord): the guesses follow them."""

SYNERGY: dict[int, tuple[int, float]] = {
    PALADIN: (ROGUE, 2.0), RETAINER: (MYSTIC, 2.0), WING_KNIGHT: (MYSTIC, 1.0),
    PRIESTESS: (MYSTIC, PUSH),
}
"""Effects that add per face-up card of a type: (type, Swords per card; the Priestess's
forced draws are pushes). The Paladin counts other Rogues only ("each other")."""


def card_rank(obs: Observation, card: int) -> int:
    """The card's canonical rank (its content then its name, `Pool.rank`): the last word
    of every tie between cards, so no decision depends on a card's row or id."""
    return obs.pool.rank[card]


def seat_from(obs: Observation, q: int) -> int:
    """Seat ``q`` counted from the player's own seat (1 = the next player): the last word
    of a tie between players, the same wherever the player sits."""
    return (q - obs.player) % len(obs.status)


class DeckShape:
    """What a player's cards hold, for judging a card added to them: how many cards, Dark
    Omens (and Dark Omen Locations), Gold cards, Locations, Rogues and Mystics, and ``f``:
    the chance that a given other card shares the line with a card drawn this round (about
    how many cards a round draws, before a second Dark Omen, over the cards owned)."""

    __slots__ = ("size", "omens", "golds", "locations", "rogues", "mystics", "f", "effects")

    def __init__(self, obs: Observation, q: int) -> None:
        pool = obs.pool
        kind, ctype, effect = pool.kind, pool.ctype, pool.effect
        self.size = self.omens = self.golds = self.locations = 0
        self.rogues = self.mystics = 0
        self.effects: dict[int, int] = {}
        for c in obs.owned[q]:
            self.size += 1
            k = kind[c]
            self.omens += pool.out_card[c]
            if k == GOLD:
                self.golds += 1
            elif k == LOCATION:
                self.locations += 1
            elif k == CHAMPION:
                t = ctype[c]
                if t == ROGUE:
                    self.rogues += 1
                elif t == MYSTIC:
                    self.mystics += 1
                e = effect[c]
                self.effects[e] = self.effects.get(e, 0) + 1
        # The second of ``omens`` Dark Omens comes out, on average, after
        # 2 (size + 1) / (omens + 1) cards; players stop somewhat before it.
        drawn = min(float(self.size), 1.6 * (self.size + 1) / (self.omens + 1))
        self.f = min(1.0, drawn / (self.size + 1))


def worth(obs: Observation, card: int, shape: DeckShape | None = None) -> float:
    """How much a card adds to the player's deck: its Swords and Gold, a guess for its
    effect, and what the effect and its type gain from the cards the player owns (a
    Paladin with Rogues to count, a Rogue for the Paladins and Guards owned ...)."""
    pool = obs.pool
    kind = pool.kind[card]
    if kind == SOLDIER:
        return SOLDIER_WORTH
    if kind == GOLD:
        return GOLD_WORTH
    if kind != CHAMPION:
        return 0.0
    if shape is None:
        shape = DeckShape(obs, obs.player)
    f = shape.f
    t = pool.ctype[card]
    e = pool.effect[card]
    value = pool.swords[card] + pool.gold[card] + EFFECT_WORTH.get(e, 0.0)
    rogues = shape.rogues * f
    mystics = shape.mystics * f
    if e == ARCHER:
        value += ARCHER_BONUS * min(1.0, shape.locations * f)
    elif e == SENTINEL:
        value += PER_LOCATION_SENTINEL * shape.locations * f
    elif e == MERCENARY:
        value += min(float(MERCENARY_CAP), shape.golds * f)
    elif e == GUARD:
        value += GUARD_BONUS * (1.0 if t == ROGUE else min(1.0, rogues))
    elif e == BRIGAND:
        value += min(1.0, rogues)
    elif e == SABOTEUR:
        value += PUSH * min(1.0, rogues)
    elif e in SYNERGY:
        # Paladin: "each other face-up Rogue"; Retainer, Wing Knight and Priestess count
        # every Mystic, a Mystic card itself too (ruling self-counts).
        counted, per = SYNERGY[e]
        if counted == MYSTIC:
            value += per * (mystics + (1.0 if t == MYSTIC else 0.0))
        else:
            value += per * rogues
    # What this card's type adds to the cards owned that count it.
    effects = shape.effects
    if t == ROGUE:
        value += f * (PER_ROGUE_PALADIN * effects.get(PALADIN, 0)
                      + GUARD_BONUS * effects.get(GUARD, 0) * max(0.0, 1.0 - rogues)
                      + effects.get(BRIGAND, 0) * max(0.0, 1.0 - rogues))
    elif t == MYSTIC:
        value += f * (PER_MYSTIC_RETAINER * effects.get(RETAINER, 0)
                      + effects.get(WING_KNIGHT, 0) + PUSH * effects.get(PRIESTESS, 0))
    return value


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


def line_score(obs: Observation, q: int, down: tuple[int, ...],
               copies: tuple[tuple[int, int], ...]) -> float:
    """What player ``q``'s line holds with these face-down cards and Dancer copies:
    Swords, and Gold at `GOLD_IN_LINE`."""
    swords, gold, _ = tally(obs.pool, obs.line[q], down, obs.stack[q], copies)
    return swords + GOLD_IN_LINE * gold


def flip_loss(obs: Observation, q: int, card: int) -> float:
    """What player ``q`` loses when ``card`` of their line is flipped face down (the
    Swords and Gold it gives, and those it lets other cards give)."""
    down = obs.down[q]
    return (line_score(obs, q, down, obs.copies)
            - line_score(obs, q, down + (card,), obs.copies))


def targetable(obs: Observation) -> list[int]:
    """The opponents the player may choose: still drawing, no face-up General."""
    pool = obs.pool
    return [q for q in range(len(obs.status)) if q != obs.player
            and obs.status[q] == DRAWING
            and not has_general(pool, obs.line[q], obs.down[q], obs.copies)]


class GreedyAgent:
    """Sensible one-step play from the observation (see the module docstring)."""

    observes = True
    stochastic = False
    risk = GREEDY_RISK

    def __init__(self) -> None:
        self._shapes: dict[int, tuple[tuple[int, ...], DeckShape]] = {}
        """Per seat, the cards last judged and their `DeckShape` (kept while the same
        tuple of cards comes back: a search's playouts ask again and again)."""

    def _shape(self, obs: Observation) -> DeckShape:
        """The player's `DeckShape`, made again only when their cards changed."""
        p = obs.player
        owned = obs.owned[p]
        known = self._shapes.get(p)
        if known is not None and known[0] is owned:
            return known[1]
        shape = DeckShape(obs, p)
        self._shapes[p] = (owned, shape)
        return shape

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
            return self._witch(obs, legal)
        if decision == "flip":
            return self._flip(obs, legal)
        if decision == "copy":
            return self._copy(obs, legal)
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
        """The purchase that, with the best second purchase the Gold left allows, adds the
        most to the deck (a Champion must beat a free Soldier or a Gold to be bought), the
        better card of the pair first; ties go to the cheaper, then by the card's content
        and name."""
        pool = obs.pool
        shape = self._shape(obs)
        p = obs.player
        _, gold, limit = tally(pool, obs.line[p], obs.down[p], obs.stack[p], obs.copies)
        more = obs.bought + 1 < limit  # a second purchase may follow this one
        budget = gold - obs.spent  # the Gold the buyer has left
        items: list[tuple[float, int, int, tuple]] = []  # (worth, cost, rank, action)
        for a in legal:
            what = a[0]
            if what == "champion":
                c = a[2]
                items.append((worth(obs, c, shape), pool.cost[c], card_rank(obs, c), a))
            elif what == "gold":
                items.append((GOLD_WORTH, 1, -1, a))
            elif what == "soldier":
                items.append((SOLDIER_WORTH, 0, -2, a))
            else:
                items.append((0.0, 0, -3, a))
        best: tuple | None = None
        best_key: tuple[float, float, int, int] = (-1e9, 0.0, 0, 0)
        for value, cost, rank, a in items:
            total_value = value
            if more and a[0] != "pass":
                total_value += max((v for v, c, _, b in items
                                    if c <= budget - cost and b[0] != "pass"
                                    and (b != a or b[0] != "champion")), default=0.0)
            # the better pair; of its two cards the better first; the cheaper; the card
            key = (round(total_value, 9), round(value, 9), -cost, rank)
            if best is None or key > best_key:
                best, best_key = a, key
        assert best is not None
        return best

    def _target(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        """Push draws onto the opponent likeliest to go OUT (then the one with most
        Swords, then the leader); decline an optional push when nobody is at risk (the
        cards would only help them)."""
        targets = [a for a in legal if a[0] == "target"]
        best = max(targets, key=lambda a: (out_risk(obs, a[2]), swords_of(obs, a[2]),
                                           obs.vp[a[2]], -seat_from(obs, a[2])))
        if legal[-1][0] == "pass" and out_risk(obs, best[2]) < 0.15:
            return legal[-1]
        return best

    def _witch(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        """The Lunar Witch: the opponent who loses most by flipping the card they would
        choose (their least valuable), then the one with most Swords, then the leader."""
        def key(a: tuple) -> tuple:
            q = a[2]
            return (self._least_loss(obs, q), swords_of(obs, q), obs.vp[q],
                    -seat_from(obs, q))
        return max(legal, key=key)

    def _least_loss(self, obs: Observation, q: int) -> float:
        """What player ``q`` loses at least by flipping one of their own champions (or,
        with none, a Soldier), as the Lunar Witch makes them."""
        pool = obs.pool
        cards = flippable_champions(pool, obs.line[q], obs.down[q], obs.copies)
        if not cards:
            cards = face_up_soldiers(pool, obs.line[q], obs.down[q])
        return min((flip_loss(obs, q, c) for c in cards), default=0.0)

    def _flip(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        """Flip a Dark Omen away (the Saint); of one's own cards the one whose loss
        costs least; of an opponent's (the Assassin) the one that costs them most, the
        leader's first. Ties by the card's content and name."""
        p = obs.player
        pool = obs.pool
        flips = [a for a in legal if a[0] == "flip"]
        own = [a for a in flips if a[2] in obs.line[p]]
        if own:
            if pool.kind[own[0][2]] == OMEN:
                return own[0]  # the Saint: ignore a Dark Omen (any one: each counts one)
            return min(own, key=lambda a: (flip_loss(obs, p, a[2]), card_rank(obs, a[2])))
        owner = {c: q for q in range(len(obs.status)) for c in obs.line[q]}

        def key(a: tuple) -> tuple:
            c = a[2]
            q = owner[c]
            return (flip_loss(obs, q, c), swords_of(obs, q), obs.vp[q], card_rank(obs, c),
                    -seat_from(obs, q))
        return max(flips, key=key)

    def _copy(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        """The Dancer copies the effect that adds most now: what it adds to the line's
        Swords and Gold (the Dancer's own Swords stay its own), and what a copied Draw
        effect will do (`_draw_effect`). Ties by the card's content and name."""
        p = obs.player
        pool = obs.pool
        choice = obs.choice
        dancer = choice[3] if choice is not None else -1
        down = obs.down[p]
        base = line_score(obs, p, down, obs.copies + ((dancer, NONE),))

        def key(a: tuple) -> tuple:
            c = a[2]
            e = effect_of(pool, c, obs.copies)
            if e == DANCER:
                e = NONE  # a Dancer that copied nothing gives nothing
            gain = line_score(obs, p, down, obs.copies + ((dancer, e),)) - base
            return (gain + self._draw_effect(obs, e), card_rank(obs, c))
        return max(legal, key=key)

    def _draw_effect(self, obs: Observation, e: int) -> float:
        """What a Draw effect resolving now for the player is worth: forced draws of
        one's own cost by the odds of a second Dark Omen, pushes by the targets' odds,
        flips by what they take, the Saint by the Dark Omen it turns away."""
        p = obs.player
        if e in (FIREBRAND, WARLORD, WURM_LORD):
            n = 2 if e == WURM_LORD else 1
            return n * (0.3 - 3.0 * out_risk(obs))
        if e in (APPRENTICE, BRIGAND, PYROMANCER, SABOTEUR, PRIESTESS):
            targets = targetable(obs)
            if not targets:
                return 0.0
            n = 2 if e in (PYROMANCER, SABOTEUR) else 1
            if e == PRIESTESS:
                n = count_type(obs.pool, obs.line[p], obs.down[p], MYSTIC)
            return n * (0.3 + 2.0 * max(out_risk(obs, q) for q in targets))
        if e == ASSASSIN:
            pool = obs.pool
            return max((flip_loss(obs, q, c) for q in targetable(obs)
                        for c in flippable_cards(pool, obs.line[q], obs.down[q], obs.copies)),
                       default=0.0)
        if e == LUNAR_WITCH:
            return max((self._least_loss(obs, q) for q in targetable(obs)), default=0.0)
        if e == SAINT:
            return 2.0 if obs.omens[p] else 0.0
        if e == SHAMAN:
            pool = obs.pool
            cards = flippable_cards(pool, obs.line[p], obs.down[p], obs.copies)
            return -min((flip_loss(obs, p, c) for c in cards), default=0.0)
        if e == ORACLE:
            return 0.5
        return 0.0


class RiskAgent(GreedyAgent):
    """``risk:P,buy:A>B>C``: stop when the chance of a second Dark Omen on the next card
    exceeds ``threshold``; buy by the ordered list (greedy buys without one)."""

    def __init__(self, threshold: float, order: tuple[str, ...] = ()) -> None:
        super().__init__()
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
                return max(found, key=lambda a: (worth(obs, a[2]), -pool.cost[a[2]],
                                                 card_rank(obs, a[2]))
                           if a[0] == "champion" else 0.0)
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
