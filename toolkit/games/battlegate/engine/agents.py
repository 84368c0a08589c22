"""Battle Gate agents: ``random`` and ``greedy``.

Agents decide from an `Observation` only: their own hand, every play field and discard
pile, every deck's list, the cards known to lie at a deck's bottom or in a hand, and the
sizes of every deck and hand; never the rest of another player's hand or any deck's
order. The greedy agent plays sensibly without search:

- it always draws as many cards as it may (more cards in hand means a larger power limit,
  and deck and hand together are its life);
- it fields its most valuable card that fits (by `worth`: power plus a little for the
  class, soldiers most), but an assassin first when its hand holds `FIELD_WIDER` times
  the cards it may field a turn (each assassin in play lets it field one more);
- it attacks with the cards worth sending: each target's defence is foreseen with the
  defender's own plan (`plan_blocks`), and cards that defence would beat stay home; an
  attack goes ahead when it gains something (damage, defenders beaten, less attackers
  lost), or when the battle has stalled or its deck and hand are nearly gone; of the
  opponents it prefers the one closest to elimination (`_target_key`);
- it defends by one plan of the whole defence (`plan_blocks`): beat the attacks that
  gain most per defender used (a defence greater than the attack loses nothing), then
  trades and cheap blocks of big attacks, and every blocker it has when the undefended
  power would eliminate it;
- it plays an assassin when that turns an attack or a defence into a win (or adds two or
  more to an undefended attack), in the boost rounds only, once every block is known
  (the engine offers assassins earlier too, while attacks are declared and defenders
  assigned: later it sees more and loses nothing); it discards its least valuable cards
  and recovers its most valuable ones.

Every tie is broken by what the player sees, never by card numbers (the order of a deck
sheet's rows) nor by seat numbers: cards by `card_order` (worth, class, power, then
name), opponents by `_target_key` (closest to elimination, weakest defence, strongest
attack, then the turn order from the player's own seat), attacks by power, then the
attacking card, then the order they were declared in. Cards of one kind (same name,
class and power) are interchangeable and the observation names them by kind: the agent
counts copies (how many of a kind attack already, how many of a kind's defenders are
still to decide) and never tells them apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from random import Random
from typing import Any

from toolkit.sim.engine import Agent, RandomAgent

from .state import Attack, CardSpec, Observation

CLASS_WORTH = {"Soldier": 1.5, "Assassin": 1.0, "Minion": 0.5}
"""What a class adds to a card's power when the greedy agent weighs it."""


FIELD_WIDER = 4
"""The greedy agent fields an assassin first (one more card a turn) when its hand holds
this many times the cards it may field a turn."""


def worth(spec: CardSpec) -> float:
    """How much a card is worth to its owner: its power plus a little for its class."""
    return spec.power + CLASS_WORTH.get(spec.klass, 0.0)


def card_order(spec: CardSpec) -> tuple[float, float, int, str]:
    """The canonical order of cards, least valuable first: worth, then class (a soldier
    above a minion of the same worth), then power, then name (so two cards compare equal
    only when they are alike)."""
    return (worth(spec), CLASS_WORTH.get(spec.klass, 0.0), spec.power, spec.name)


def ranks(specs: tuple[CardSpec, ...]) -> tuple[int, ...]:
    """Each card's rank in its deck by `card_order` (0 = least valuable): equal ranks
    mean alike cards, so comparing ranks breaks ties by what the cards are."""
    kinds = sorted(set(specs), key=card_order)
    place = {spec: i for i, spec in enumerate(kinds)}
    return tuple([place[spec] for spec in specs])


class GreedyAgent:
    """Sensible one-step play from the observation (see the module docstring)."""

    observes = True
    stochastic = False

    def __init__(self) -> None:
        self._ranked: list[tuple[tuple[CardSpec, ...], tuple[int, ...]]] = []

    def rank(self, specs: tuple[CardSpec, ...]) -> tuple[int, ...]:
        """`ranks` of a deck list (kept for the few deck lists an agent meets)."""
        for known, found in self._ranked:
            if known is specs:
                return found
        found = ranks(specs)
        if len(self._ranked) >= 16:
            del self._ranked[0]
        self._ranked.append((specs, found))
        return found

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
            return _by_rank(self.rank(obs.mine), legal, "discard", False)
        if decision == "recover":
            return _by_rank(self.rank(obs.mine), legal, "recover", True)
        return legal[0]

    # -------------------------------------------------------------- fielding
    def _field(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        rank = self.rank(obs.mine)
        mine = obs.mine
        assassins = 0
        for _, spec in obs.fields[obs.player]:
            if spec.klass == "Assassin":
                assassins += 1
        if len(obs.hand) >= FIELD_WIDER * (1 + assassins):
            best: tuple | None = None
            for a in legal:
                if a[0] == "field" and mine[a[2]].klass == "Assassin" and (
                        best is None or rank[a[2]] > rank[best[2]]):
                    best = a
            if best is not None:
                return best
        return _by_rank(rank, legal, "field", True)

    # --------------------------------------------------------------- attacks
    def _attack(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        p = obs.player
        mine = obs.mine
        rank = self.rank(mine)
        options = [a for a in legal if a[0] == "attack"]
        if not options:  # (only boosts, kept for the boost rounds: it sees more then)
            return legal[-1]  # ("stop", p)
        # Cards are seen by kind: as many copies of a kind as already attack are busy.
        busy: dict[int, int] = {}
        for declared in obs.attacks:
            busy[declared.card] = busy.get(declared.card, 0) + 1
        attackers: list[tuple[int, int, float]] = []
        for c, spec in obs.fields[p]:
            if spec.klass == "Minion":
                continue
            if busy.get(c, 0):
                busy[c] -= 1
                continue
            attackers.append((c, spec.power, worth(spec)))
        # Strongest first, then the most valuable (alike cards: any copy).
        attackers.sort(key=lambda x: (-x[1], -rank[x[0]], x[0]))
        living = 0
        for alive in obs.alive:
            if alive:
                living += 1
        stalled = obs.idle > 2 * living or _life(obs, p) <= 3
        targets = sorted({a[3] for a in options}, key=lambda q: _target_key(obs, p, q))
        best: tuple | None = None
        best_value = 0.0
        for q in targets:
            chosen, value = self._choose_attackers(obs, q, attackers, rank)
            if not chosen:
                continue
            if best is not None and value <= best_value:
                continue  # (a tie goes to the target met first)
            # Declare the strongest chosen card (legal actions name one card per kind):
            # the first, as they stay strongest first.
            lead = mine[chosen[0][0]]
            for a in options:
                spec = mine[a[2]]
                if a[3] == q and (spec is lead or spec == lead):
                    best, best_value = a, value
                    break
        if best is not None and (best_value > 0 or stalled):
            return best
        if stalled:  # nothing is worth it, but something must happen
            place = {q: i for i, q in enumerate(targets)}
            return max(options, key=lambda a: (mine[a[2]].power, rank[a[2]], -place[a[3]]))
        return legal[-1]  # ("stop", p)

    def _choose_attackers(self, obs: Observation, q: int,
                          attackers: list[tuple[int, int, float]], rank: tuple[int, ...],
                          ) -> tuple[list[tuple[int, int, float]], float]:
        """The attackers worth sending at ``q`` and what that is worth: all of them, less
        those the defence would beat, dropped while that raises the value (a few rounds
        at most). ``attackers`` come strongest first, then the most valuable."""
        chosen = attackers
        target = _Target(obs, q, rank, self.rank(obs.decks[q]))
        value, beaten = target.value(chosen)
        for _ in range(3):
            if not beaten or len(beaten) == len(chosen):
                break
            trial = [x for i, x in enumerate(chosen) if i not in beaten]
            trial_value, trial_beaten = target.value(trial)
            if trial_value <= value:
                break
            chosen, value, beaten = trial, trial_value, trial_beaten
        return chosen, value

    # --------------------------------------------------------------- defence
    def _defend(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        """Block by the plan of the whole defence (`plan_blocks` over every attack on
        this player and all its defenders), so the blocks do not depend on the order the
        engine asks the defenders in; when the blocks already made are not the plan's (a
        search chose them), the plan of what is left. Cards are seen by kind (copies
        cannot be told apart): the plan is followed kind by kind."""
        p = obs.player
        card = legal[-1][2]  # ("hold", p, kind): the defender asked now
        rank = self.rank(obs.mine)
        on_me = _attack_order(obs, p, self.rank(obs.decks[obs.current]))
        every = [(c, spec.power) for c, spec in obs.fields[p] if spec.klass != "Assassin"]
        every.sort(key=lambda x: (x[1], rank[x[0]]))  # cheapest first
        # The defenders still to decide (this one first), by kind.
        waiting: dict[int, int] = {}
        for q, c in obs.public[9]:
            if q == p:
                waiting[c] = waiting.get(c, 0) + 1
        # What the others decided, by kind: the attacks they block, -1 for each hold.
        decided: dict[int, list[int]] = {}
        for a in on_me:
            for c in a.defenders:
                decided.setdefault(c, []).append(a.index)
        copies: dict[int, int] = {}
        for c, _ in every:
            copies[c] = copies.get(c, 0) + 1
        for c, n in copies.items():
            blocked = decided.setdefault(c, [])
            blocked.extend([-1] * (n - waiting.get(c, 0) - len(blocked)))
        life = _life(obs, p)
        plan = plan_blocks([(a.index, a.power, 0, worth(a.spec)) for a in on_me],
                           [(i, x[1]) for i, x in enumerate(every)], life)
        left = _left_of_plan(plan, every, decided)
        if left is None:
            undecided: list[tuple[int, int]] = []
            for x in every:
                if waiting.get(x[0], 0):
                    waiting[x[0]] -= 1
                    undecided.append(x)
            plan = plan_blocks([(a.index, a.power, a.defence, worth(a.spec)) for a in on_me],
                               [(i, x[1]) for i, x in enumerate(undecided)], life)
            left = _left_of_plan(plan, undecided, {})
            assert left is not None
        for k in left.get(card, ()):
            if k >= 0:
                for act in legal:
                    if act[0] == "block" and act[3] == k:
                        return act
        return legal[-1]  # ("hold", p, card)

    # ----------------------------------------------------------------- boosts
    def _boost(self, obs: Observation, legal: Sequence[tuple]) -> tuple:
        p = obs.player
        mine = obs.mine
        rank = self.rank(mine)
        attacking = p == obs.current
        by_attack = {a.index: a for a in obs.attacks}
        # The attacks in the order they matter: strongest, most valuable attacker, first
        # declared.
        place = {a.index: i for i, a in enumerate(
            _attack_order(obs, -1, self.rank(obs.decks[obs.current])))}
        best = None
        best_key: tuple[bool, int, int, int] | None = None
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
                # A fight turned before damage added; the smallest assassin that does it,
                # the least valuable of those; the attack that matters most.
                key = (bool(a.defenders), -v, -rank[act[2]], -place[act[3]])
                if best_key is None or key > best_key:
                    best, best_key = act, key
        return best if best is not None else legal[-1]


def _by_rank(rank: tuple[int, ...], legal: Sequence[tuple], kind: str, most: bool) -> tuple:
    """The action of ``kind`` whose card ranks highest (``most``) or lowest by
    `card_order` (alike cards are one action)."""
    best: tuple | None = None
    best_rank = 0
    for a in legal:
        if a[0] != kind:
            continue
        r = rank[a[2]]
        if best is None or (r > best_rank if most else r < best_rank):
            best, best_rank = a, r
    assert best is not None
    return best


def _left_of_plan(plan: dict[int, int], defenders: list[tuple[int, int]],
                  decided: dict[int, list[int]]) -> dict[int, list[int]] | None:
    """Per kind, the attacks (-1: none) the plan still gives its copies once what they
    ``decided`` is taken out, or None if a decision is not the plan's. ``plan`` maps
    positions in ``defenders`` ``(kind, power)`` to attack indices."""
    left: dict[int, list[int]] = {}
    for i, (c, _) in enumerate(defenders):
        left.setdefault(c, []).append(plan.get(i, -1))
    for c, targets in decided.items():
        mine = left.get(c, [])
        for k in targets:
            if k not in mine:
                return None
            mine.remove(k)
    return left


def _life(obs: Observation, q: int) -> int:
    """Cards seat ``q`` can still discard before being eliminated: deck and hand."""
    return obs.deck_sizes[q] + obs.hand_sizes[q]


def _target_key(obs: Observation, p: int, q: int) -> tuple[int, int, int, int]:
    """The order in which ``p`` looks at the opponents it may attack: closest to
    elimination (deck and hand) first, then the weakest defence (soldiers and minions in
    play), then the strongest attack (soldiers and assassins in play), then the turn
    order from ``p``'s own seat (the next player to move first)."""
    defence = threat = 0
    for _, spec in obs.fields[q]:
        if spec.klass != "Assassin":
            defence += spec.power
        if spec.klass != "Minion":
            threat += spec.power
    return (_life(obs, q), defence, -threat, (q - p) % len(obs.alive))


def _attack_order(obs: Observation, target: int, rank: tuple[int, ...]) -> list[Attack]:
    """The declared attacks (on ``target``, or all if it is -1) in the order they matter
    to a defender: strongest first, then the most valuable attacking card, then the
    order they were declared in. ``rank`` ranks the attacker's cards."""
    attacks = [a for a in obs.attacks if target < 0 or a.target == target]
    attacks.sort(key=lambda a: (-a.power, -rank[a.card], a.index))
    return attacks


def plan_blocks(attacks: list[tuple[int, int, int, float]], defenders: list[tuple[int, int]],
                life: int) -> dict[int, int]:
    """A blocking plan: defender card -> attack index.

    ``attacks`` are ``(index, power, defence so far, worth of the attacking card)`` in
    the order they are to be met (strongest first), ``defenders`` the free ``(card,
    power)`` cheapest first, ``life`` the defender's deck + hand. Defenders that beat an
    attack lose nothing ("the attack is defeated and the attacking card is discarded"),
    so first attacks are beaten, the one that gains most per defender used first (its
    attacker's worth and the damage it would do, over the fewest defenders that beat it:
    the cheapest single card, else the strongest few); then equal trades and cheap
    blocks of big undefended attacks; then, when the undefended power would eliminate
    the defender, every free card blocks the biggest attacks. Ties go by the order given.
    """
    defence: dict[int, int] = {}
    for k, _, d, _ in attacks:
        defence[k] = d
    cards = [c for c, _ in defenders]
    strength = [x for _, x in defenders]
    plan: dict[int, int] = {}
    beaten: set[int] = set()

    while cards:
        best_k = -1
        best_gain = 0.0
        best_group: list[int] = []
        for k, power, _, w in attacks:
            if k in beaten:
                continue
            need = power - defence[k] + 1
            if need <= 0:
                continue
            group = _group(strength, need)
            if group and (power + w) / len(group) > best_gain:
                best_k, best_gain, best_group = k, (power + w) / len(group), group
        if best_k < 0:
            break
        beaten.add(best_k)
        for j in sorted(best_group, reverse=True):
            plan[cards[j]] = best_k
            defence[best_k] = defence[best_k] + strength[j]
            cards.pop(j)
            strength.pop(j)
    for k, power, _, _ in attacks:
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
        for k, power, _, _ in attacks:
            if defence[k] == 0:
                undefended += power
        if undefended >= life:
            for k, _, _, _ in attacks:
                if not cards:
                    break
                if not defence[k]:
                    plan[cards[0]] = k
                    defence[k] = defence[k] + strength[0]
                    cards.pop(0)
                    strength.pop(0)
    return plan


def _group(strength: list[int], need: int) -> list[int]:
    """The positions in ``strength`` (cheapest first) of the fewest defenders whose
    powers add up to ``need`` or more: the cheapest single one, else the strongest few,
    the last of them swapped for the cheapest that still does; [] if all cannot."""
    for j in range(len(strength)):
        if strength[j] >= need:
            return [j]
    group: list[int] = []
    total = 0
    j = len(strength) - 1
    while j >= 0 and total < need:
        group.append(j)
        total += strength[j]
        j -= 1
    if total < need:
        return []
    last = group[-1]
    rest = total - strength[last]
    for i in range(last):  # cheaper cards come first
        if rest + strength[i] >= need:
            group[-1] = i
            break
    return group


class _Target:
    """What attacking one player is weighed against: the attacks already declared on it,
    its defenders (power and worth, cheapest first) and its life (deck and hand)."""

    __slots__ = ("old", "defenders", "powers", "worths", "life", "rank")

    def __init__(self, obs: Observation, q: int, rank: tuple[int, ...],
                 their_rank: tuple[int, ...]) -> None:
        # (card or -1, power, worth, rank) of the attacks already declared on ``q``
        self.old = [(-1, a.power, worth(a.spec), rank[a.card])
                    for a in obs.attacks if a.target == q]
        self.rank = rank
        # The defenders cheapest first (power, rank, worth), then named by position.
        found = [(spec.power, their_rank[c], worth(spec)) for c, spec in obs.fields[q]
                 if spec.klass != "Assassin"]
        found.sort(key=lambda x: (x[0], x[1]))
        self.defenders = [(i, x[0]) for i, x in enumerate(found)]
        self.powers = [x[0] for x in found]
        self.worths = [x[2] for x in found]
        self.life = obs.deck_sizes[q] + obs.hand_sizes[q]

    def value(self, chosen: Sequence[tuple[int, int, float]]) -> tuple[float, set[int]]:
        """What attacking with ``chosen`` (card, power, worth) is worth if the target
        blocks by `plan_blocks` (damage and defenders beaten, less the attackers lost;
        attacks already declared on it count too), and which of ``chosen`` would be
        beaten (their positions in it)."""
        rank = self.rank
        sent = self.old + [(c, power, w, rank[c]) for c, power, w in chosen]
        # The defender meets the strongest first, then the most valuable attacker.
        order = sorted(range(len(sent)), key=lambda k: (-sent[k][1], -sent[k][3], k))
        attacks = [(k, sent[k][1], 0, sent[k][2]) for k in order]
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
        old = len(self.old)
        for k, (_, power, w, _) in enumerate(sent):
            d = defence[k]
            if not d:
                damage += power
                continue
            if power >= d:
                value += lost[k]
            if power <= d:
                value -= w
                if k >= old:
                    beaten.add(k - old)
        value += min(damage, life)
        if damage > life:
            value += 100.0  # the target is eliminated
        return value, beaten


AGENTS: dict[str, Callable[[], Agent]] = {"random": RandomAgent, "greedy": GreedyAgent}
"""Battle Gate's agent registry: name -> factory."""
