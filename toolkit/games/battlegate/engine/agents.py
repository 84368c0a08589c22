"""Battle Gate agents: ``random`` and ``greedy``.

Agents decide from an `Observation` only: their own hand, every play field and discard
pile, every deck's list, the cards known to lie at a deck's bottom or in a hand, and the
sizes of every deck and hand; never the rest of another player's hand or any deck's
order. The greedy agent plays sensibly without search:

- it always draws as many cards as it may (more cards in hand means a larger power limit,
  and deck and hand together are its life);
- it fields its most valuable card that fits (soldiers first, then assassins, then
  minions; higher power first);
- it attacks with a card when the target cannot block it with one card, when the target
  has fewer defenders than the cards attacking it, or when its deck and hand are nearly
  gone; it attacks the living opponent closest to elimination;
- it defends by planning its blockers: the cheapest defenders that beat each attack
  (strongest attack first), then trades and cheap blocks of big attacks, and every
  blocker it has when the undefended power would eliminate it;
- it plays an assassin when that turns an attack or a defence into a win (or adds two or
  more to an undefended attack), discards its least valuable cards and recovers its most
  valuable ones.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from random import Random
from typing import Any

from toolkit.sim.engine import Agent, RandomAgent

from .state import CardSpec, Observation

CLASS_WORTH = {"Soldier": 1.5, "Assassin": 1.0, "Minion": 0.5}
"""What a class adds to a card's power when the greedy agent weighs it."""


def worth(spec: CardSpec) -> float:
    """How much a card is worth to its owner: its power plus a little for its class."""
    return spec.power + CLASS_WORTH.get(spec.klass, 0.0)


class GreedyAgent:
    """Sensible one-step play from the observation (see the module docstring)."""

    observes = True
    stochastic = False

    def act(self, obs: Observation, legal: Sequence[Any], rng: Random) -> tuple:
        """Choose one of ``legal`` from what ``obs`` shows."""
        if len(legal) == 1:
            return legal[0]
        decision = obs.decision
        if decision == "draw":
            return legal[0]  # ("draw", p): draw every card allowed
        if decision == "field":
            return self._field(obs, legal)
        if decision == "attack":
            return self._attack(obs, legal)
        if decision == "defend":
            return self._defend(obs, legal)
        if decision == "boost":
            return self._boost(obs, legal)
        if decision == "discard":
            return _card_worth(obs.mine, legal, "discard", False)
        if decision == "recover":
            return _card_worth(obs.mine, legal, "recover", True)
        return legal[0]

    # -------------------------------------------------------------- fielding
    def _field(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        return _card_worth(obs.mine, legal, "field", True)

    # --------------------------------------------------------------- attacks
    def _attack(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        p = obs.player
        mine = obs.mine
        options = [a for a in legal if a[0] == "attack"]
        declared = {a.card for a in obs.attacks}
        attackers = [(c, spec.power, worth(spec)) for c, spec in obs.fields[p]
                     if spec.klass != "Minion" and c not in declared]
        # Strongest first, then by card number (two stable sorts).
        attackers = sorted(sorted(attackers, key=_FIRST), key=_SECOND, reverse=True)
        living = 0
        for alive in obs.alive:
            if alive:
                living += 1
        stalled = obs.idle > 2 * living or _life(obs, p) <= 3
        targets = sorted({a[3] for a in options},
                         key=lambda q: (_life(obs, q), (q - p) % len(obs.alive)))
        best: tuple | None = None
        best_value = 0.0
        for q in targets:
            chosen, value = self._choose_attackers(obs, q, attackers)
            if not chosen:
                continue
            if best is not None and value <= best_value:
                continue
            # Declare the strongest chosen card (legal actions name one card per kind):
            # the first, as they stay strongest first, then by card number.
            lead = mine[chosen[0][0]]
            for a in options:
                spec = mine[a[2]]
                if a[3] == q and (spec is lead or spec == lead):
                    best, best_value = a, value
                    break
        if best is not None and (best_value > 0 or stalled):
            return best
        if stalled:  # nothing is worth it, but something must happen
            return max(options, key=lambda a: (mine[a[2]].power, -a[2]))
        return legal[-1]  # ("stop", p)

    def _choose_attackers(self, obs: Observation, q: int,
                          attackers: list[tuple[int, int, float]],
                          ) -> tuple[list[tuple[int, int, float]], float]:
        """The attackers worth sending at ``q`` and what that is worth: all of them, less
        those the defence would beat, dropped while that raises the value (a few rounds
        at most). ``attackers`` come strongest first, then by card number."""
        chosen = attackers
        target = _Target(obs, q)
        value, beaten = target.value(chosen)
        for _ in range(3):
            if not beaten or len(beaten) == len(chosen):
                break
            trial = [x for x in chosen if x[0] not in beaten]
            trial_value, trial_beaten = target.value(trial)
            if trial_value <= value:
                break
            chosen, value, beaten = trial, trial_value, trial_beaten
        return chosen, value

    # --------------------------------------------------------------- defence
    def _defend(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        p = obs.player
        card = legal[0][2]
        attacks = [(a.index, a.power, a.defence) for a in obs.attacks if a.target == p]
        assigned = {c for a in obs.attacks for c in a.defenders}
        # The defenders still to decide follow the card order, this one first.
        undecided = [(c, spec.power) for c, spec in obs.fields[p]
                     if spec.klass != "Assassin" and c not in assigned and c >= card]
        k = plan_blocks(attacks, undecided, _life(obs, p)).get(card)
        if k is not None:
            for a in legal:
                if a[0] == "block" and a[3] == k:
                    return a
        return legal[-1]  # ("hold", p, card)

    # ----------------------------------------------------------------- boosts
    def _boost(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        p = obs.player
        mine = obs.mine
        attacking = p == obs.current
        by_attack = {a.index: a for a in obs.attacks}
        best = None
        best_key = None
        for act in legal:
            if act[0] != "boost":
                continue
            a = by_attack[act[3]]
            v = mine[act[2]].power
            if attacking:
                if a.defenders:
                    useful = a.power <= a.defence < a.power + v
                else:
                    useful = v >= 2
            else:
                useful = a.defence <= a.power < a.defence + v
            if useful:
                key = (bool(a.defenders), -v, -act[2])
                if best_key is None or key > best_key:
                    best, best_key = act, key
        return best if best is not None else legal[-1]


def _card_worth(mine: tuple[CardSpec, ...], legal: Sequence[tuple], kind: str,
                most: bool) -> tuple:
    """The action of ``kind`` whose card is worth the most (``most``) or the least; of
    cards worth the same, the lowest card number."""
    best: tuple | None = None
    best_worth = 0.0
    best_card = 0
    for a in legal:
        if a[0] != kind:
            continue
        c: int = a[2]
        w = worth(mine[c])
        if (best is None or (w > best_worth if most else w < best_worth)
                or (w == best_worth and c < best_card)):
            best, best_worth, best_card = a, w, c
    assert best is not None
    return best


def _life(obs: Observation, q: int) -> int:
    """Cards seat ``q`` can still discard before being eliminated: deck and hand."""
    return obs.deck_sizes[q] + obs.hand_sizes[q]


def plan_blocks(attacks: list[tuple[int, int, int]], defenders: list[tuple[int, int]],
                life: int) -> dict[int, int]:
    """A blocking plan: defender card -> attack index.

    ``attacks`` are ``(index, power, defence so far)``, ``defenders`` the free
    ``(card, power)``, ``life`` the defender's deck + hand. First each attack, strongest
    first, is beaten by the cheapest single card or the two strongest free cards; then
    equal trades and cheap blocks of big undefended attacks; then, when the undefended
    power would eliminate the defender, every free card blocks the biggest attacks.
    """
    size = 0
    for k, _, _ in attacks:
        if k >= size:
            size = k + 1
    defence = [0] * size
    # Strongest attack first, then by index: ranks power * size + (size - 1 - k), highest
    # first (powers and indexes are never negative).
    ranks: list[int] = []
    for k, power, d in attacks:
        defence[k] = d
        ranks.append(power * size + size - 1 - k)
    ranks.sort(reverse=True)
    order = [size - 1 - r % size for r in ranks]
    powers = [r // size for r in ranks]
    # The free defenders, cheapest first, then by card: ranks power * top + card.
    top = 1
    for c, _ in defenders:
        if c >= top:
            top = c + 1
    free: list[int] = []
    for c, power in defenders:
        free.append(power * top + c)
    free.sort()
    cards = [r % top for r in free]
    strength = [r // top for r in free]
    plan: dict[int, int] = {}

    for i in range(len(order)):
        if not cards:
            break
        k = order[i]
        need = powers[i] - defence[k] + 1
        if need <= 0:
            continue
        j = 0
        while j < len(strength) and strength[j] < need:
            j += 1
        if j < len(strength):  # the cheapest single card that beats it
            plan[cards[j]] = k
            defence[k] = defence[k] + strength[j]
            cards.pop(j)
            strength.pop(j)
        elif len(strength) >= 2 and strength[-1] + strength[-2] >= need:
            for _ in range(2):  # the two strongest
                plan[cards[-1]] = k
                defence[k] = defence[k] + strength[-1]
                cards.pop()
                strength.pop()
    for i in range(len(order)):
        k = order[i]
        power = powers[i]
        d = defence[k]
        if d > power:
            continue
        for j in range(len(strength)):
            x = strength[j]
            if d + x == power or (d == 0 and power >= x + 2):
                plan[cards[j]] = k
                defence[k] = defence[k] + x
                cards.pop(j)
                strength.pop(j)
                break
    if cards:
        undefended = 0
        for k, power, _ in attacks:
            if defence[k] == 0:
                undefended += power
        if undefended >= life:
            for k in order:
                if not cards:
                    break
                if not defence[k]:
                    plan[cards[0]] = k
                    defence[k] = defence[k] + strength[0]
                    cards.pop(0)
                    strength.pop(0)
    return plan


class _Target:
    """What attacking one player is weighed against: the attacks already declared on it,
    its defenders (power and worth) and its life (deck and hand)."""

    __slots__ = ("old", "defenders", "powers", "worths", "life")

    def __init__(self, obs: Observation, q: int) -> None:
        self.old = [(-1, a.power, worth(a.spec)) for a in obs.attacks if a.target == q]
        size = len(obs.decks[q])
        defenders: list[tuple[int, int]] = []
        powers = [0] * size  # by card number
        worths = [0.0] * size
        for c, spec in obs.fields[q]:
            worths[c] = worth(spec)
            if spec.klass != "Assassin":
                defenders.append((c, spec.power))
                powers[c] = spec.power
        self.defenders = defenders
        self.powers = powers
        self.worths = worths
        self.life = obs.deck_sizes[q] + obs.hand_sizes[q]

    def value(self, chosen: Sequence[tuple[int, int, float]]) -> tuple[float, set[int]]:
        """What attacking with ``chosen`` (card, power, worth) is worth if the target
        blocks by `plan_blocks` (damage and defenders beaten, less the attackers lost;
        attacks already declared on it count too), and which of ``chosen`` would be
        beaten."""
        sent = self.old + list(chosen)
        attacks = [(k, sent[k][1], 0) for k in range(len(sent))]
        life = self.life
        plan = plan_blocks(attacks, self.defenders, life)
        powers, worths = self.powers, self.worths
        defence = [0] * len(sent)
        lost = [0.0] * len(sent)
        for c, k in plan.items():
            defence[k] = defence[k] + powers[c]
            lost[k] = lost[k] + worths[c]
        value = 0.0
        damage = 0
        beaten: set[int] = set()
        for k, (card, power, w) in enumerate(sent):
            d = defence[k]
            if not d:
                damage += power
                continue
            if power >= d:
                value += lost[k]
            if power <= d:
                value -= w
                if card >= 0:
                    beaten.add(card)
        value += min(damage, life)
        if damage > life:
            value += 100.0  # the target is eliminated
        return value, beaten


_FIRST = itemgetter(0)
_SECOND = itemgetter(1)

AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""Battle Gate's agent registry: name -> factory."""
