"""What a line is worth: Swords, Gold, Dark Omens and who may be targeted, as pure
functions over plain data, shared by the rules engine and the agents.

A line is the tuple of card ids a player drew this round, in order; ``down`` the ids of
those turned face down; ``stack`` how many cards the opening stack of Dark Omens holds;
``copies`` the Dancers' copied effects as ``(dancer, effect)`` pairs.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any

from .state import (
    ARCHER,
    BARBARIAN,
    BRIGAND,
    CHAMPION,
    DANCER,
    FIGHTER,
    GENERAL,
    GOLD,
    GUARD,
    HERO,
    LOCATION,
    MAX_BUYS,
    MERCENARY,
    MONK,
    MYSTIC,
    OMEN,
    P_BUY,
    P_LOSE_GOLD,
    P_LOSE_SWORDS,
    P_OMEN,
    PALADIN,
    RETAINER,
    ROGUE,
    SELLSWORD,
    SENTINEL,
    SOLDIER,
    WING_KNIGHT,
    Pool,
)

MERCENARY_CAP = 7
"""Mercenary: "gain +1 Sword for each, to a maximum of seven (7)"."""
ARCHER_BONUS = 3
GUARD_BONUS = 2
PER_ROGUE_PALADIN = 2
PER_MYSTIC_RETAINER = 2
PER_LOCATION_SENTINEL = 2
MONK_GOLD = 2
SELLSWORD_GOLD = 1

Fire = Callable[[int], None] | None
NO_IDS: Mapping[Any, int] = MappingProxyType({})
"""`tally`'s rule ids when it counts nothing."""


def total(values: tuple[int, ...], cards: tuple[int, ...]) -> int:
    """The sum of ``values[card]`` over ``cards`` (a per-card table of `Pool`)."""
    n = 0
    for c in cards:
        n += values[c]
    return n


def effect_of(pool: Pool, card: int, copies: tuple[tuple[int, int], ...]) -> int:
    """A champion's effect code: the Dancer's copied one when it has copied."""
    e = pool.effect[card]
    if e == DANCER and copies:
        for dancer, copied in copies:
            if dancer == card:
                return copied
    return e


def count_omens(pool: Pool, line: tuple[int, ...], down: tuple[int, ...], stack: int) -> int:
    """Face-up Dark Omens in a line: the opening stack counts once, a Location with the
    Dark Omen penalty counts as one ("A stack of Dark Omens counts, in total, as one")."""
    if not down and stack <= 1:  # every Dark Omen and Dark Omen Location counts
        return total(pool.out_card, line)
    kind = pool.kind
    n = 0
    for i, c in enumerate(line):
        if down and c in down:
            continue
        k = kind[c]
        if k == OMEN:
            if i == 0 or i >= stack:
                n += 1
        elif k == LOCATION and pool.penalty[c] == P_OMEN:
            n += 1
    return n


def tally(pool: Pool, line: tuple[int, ...], down: tuple[int, ...], stack: int,
          copies: tuple[tuple[int, int], ...] = (), fire: Fire = None,
          ids: Mapping[Any, int] = NO_IDS) -> tuple[int, int, int]:
    """(Swords, Gold, purchase limit) of a line: face-up cards only.

    Soldiers add their Sword; Gold cards and Dark Omens their Gold (a stack once);
    Champions their base Swords and Gold plus their effect (Archer, Brigand, Guard,
    Mercenary, Paladin, Retainer, Sentinel, Wing Knight add Swords; Monk and SellSword
    Gold); Locations' lasting penalties lower the totals (never below 0) or the number of
    purchases. With ``fire`` (the engine's coverage counter, by number) and ``ids`` (coverage
    numbers by key), each effect that adds something and each face-down card skipped is counted.
    """
    kind, ctype, effect = pool.kind, pool.ctype, pool.effect
    swords = gold = rogues = mystics = locations = golds = 0
    lose_gold = lose_swords = 0
    limit = MAX_BUYS
    champs: list[tuple[int, int]] = []
    for i, c in enumerate(line):
        if down and c in down:
            if fire:
                fire(ids["face-down"])
            continue
        k = kind[c]
        if k == CHAMPION:
            swords += pool.swords[c]
            gold += pool.gold[c]
            t = ctype[c]
            if t == ROGUE:
                rogues += 1
            elif t == MYSTIC:
                mystics += 1
            e = effect[c]
            if e == DANCER and copies:
                e = effect_of(pool, c, copies)
            if e:
                champs.append((e, t))
        elif k == OMEN:
            if i == 0 or i >= stack:
                gold += 1
        elif k == GOLD:
            gold += pool.gold[c]
            golds += 1
        elif k == SOLDIER:
            swords += pool.swords[c]
        else:  # a Location
            locations += 1
            pen = pool.penalty[c]
            if pen == P_LOSE_GOLD:
                lose_gold += pool.amount[c]
            elif pen == P_LOSE_SWORDS:
                lose_swords += pool.amount[c]
            elif pen == P_BUY:
                limit = min(limit, pool.amount[c])
            else:
                continue
            if fire:
                fire(ids["pen", pen])
    for e, t in champs:
        add = 0
        if fire and ((e == GUARD and t == ROGUE) or (e in (RETAINER, WING_KNIGHT)
                                                      and t == MYSTIC)):
            fire(ids["self-counts"])
        if e == ARCHER:
            add = ARCHER_BONUS if locations else 0
        elif e == BRIGAND:
            add = 1 if rogues - (t == ROGUE) >= 1 else 0
        elif e == GUARD:
            add = GUARD_BONUS if rogues else 0
        elif e == MERCENARY:
            add = min(MERCENARY_CAP, golds)
            if fire and gold > golds:
                fire(ids["mercenary-gold"])  # other Gold in the line does not count
        elif e == PALADIN:
            add = PER_ROGUE_PALADIN * (rogues - (t == ROGUE))
        elif e == RETAINER:
            add = PER_MYSTIC_RETAINER * mystics
        elif e == SENTINEL:
            add = PER_LOCATION_SENTINEL * locations
        elif e == WING_KNIGHT:
            add = mystics
        elif e == MONK:
            gold += MONK_GOLD
            if fire:
                fire(ids[e])
            continue
        elif e == SELLSWORD:
            gold += SELLSWORD_GOLD
            if fire:
                fire(ids[e])
            continue
        elif e in (BARBARIAN, FIGHTER):
            if fire:
                fire(ids[e])  # "No special effect": counted as in play
            continue
        if add:
            swords += add
            if fire:
                fire(ids[e])
    return max(0, swords - lose_swords), max(0, gold - lose_gold), limit


def has_general(pool: Pool, line: tuple[int, ...], down: tuple[int, ...],
                copies: tuple[tuple[int, int], ...]) -> bool:
    """General: "While the General is face-up, you cannot be Targeted by other players'
    effects" (a Dancer that copied the General too)."""
    for c in line:
        if pool.kind[c] == CHAMPION and c not in down and \
                effect_of(pool, c, copies) == GENERAL:
            return True
    return False


def flippable_champions(pool: Pool, line: tuple[int, ...], down: tuple[int, ...],
                        copies: tuple[tuple[int, int], ...] = ()) -> tuple[int, ...]:
    """Face-up champion cards that can be flipped: "The Hero cannot be Flipped by any
    means", nor a Dancer that copied the Hero ("it copies all the effects")."""
    kind = pool.kind
    return tuple(c for c in line if kind[c] == CHAMPION and c not in down
                 and effect_of(pool, c, copies) != HERO)


def face_up_soldiers(pool: Pool, line: tuple[int, ...], down: tuple[int, ...]) -> tuple[int, ...]:
    """Face-up Soldiers of a line."""
    kind = pool.kind
    return tuple(c for c in line if kind[c] == SOLDIER and c not in down)


def flippable_cards(pool: Pool, line: tuple[int, ...], down: tuple[int, ...],
                    copies: tuple[tuple[int, int], ...] = ()) -> tuple[int, ...]:
    """The face-up Champions an effect may flip, Soldiers included: "Each Soldier ...
    counts as a Warrior-type Champion" (the Assassin, the Shaman, a Flip penalty)."""
    return flippable_champions(pool, line, down, copies) + face_up_soldiers(pool, line, down)


def count_type(pool: Pool, line: tuple[int, ...], down: tuple[int, ...], ctype: int,
               but: int = -1) -> int:
    """Face-up champions of a type in a line (Soldiers never Mystic or Rogue), leaving out
    the card ``but``."""
    kind, types = pool.kind, pool.ctype
    return sum(1 for c in line if c != but and kind[c] == CHAMPION and types[c] == ctype
               and c not in down)
