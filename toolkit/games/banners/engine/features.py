"""The Battle of Banners position features: what the search's evaluation reads.

The search (toolkit/sim/mcts.py) cuts its playouts a few turns ahead and scores the
position there with the engine's ``evaluate`` (toolkit/sim/evaluation.py): the logistic
of fitted weights times the difference of the two sides' features. Each side's features
are counted the same way from its own point of view (its own flag, castle and pieces), so
a mirrored position gets mirrored values. They are the game's own terms: the race for the
flags ("Bring the enemy's flag back to your castle") and the pieces left ("or defeat the
enemy team").

- ``carries the flag``: 1 when a piece of the side carries the enemy flag.
- ``carrier's way home``: how near home that carrier is, 1 on the castle's doorstep, 0 at
  `FAR_WAY` spaces or more (its way home barred from keeps, M4).
- ``home next roll``: the share of the six rolls that could land the carrier home (the full
  roll moved, M2; a scout's +2, M3; a longer roll may wind, so a roll of the way's parity
  and at least as long counts; none while a piece stands on the castle); ``home next
  roll, to move`` the same for the side whose turn it is (its roll comes first); ``home
  this roll``, whether the roll the side is moving with now lands it home.
- ``way to the flag``: how near the side's nearest piece is to the enemy flag (its castle
  or where it lies), as the carrier's way home; 1 while the side carries it.
- ``way to win``: how near the side is to winning by the flag: the carrier's way home, or
  the nearest piece's way to the enemy flag and that flag's way home (0 at twice
  `FAR_WAY`).
- ``flag next roll`` (``…, to move``, ``flag this roll``): the rolls with which a piece of
  the side could land on the enemy flag, as for ``home``; none while an enemy stands on
  it (it must be fought first).
- ``castle held``: 1 when a piece of the side stands on its own castle with the flag at
  home, so that no enemy can land there to grab it (one piece a space) but by winning a
  fight; ``castle guard``, the share of the rolls with which a piece of the side could
  land on its castle (to fight an enemy that grabbed the flag there: it must stay until
  its next turn).
- ``pieces in play``: its pieces on the board or waiting in the reserve ("defeat the enemy
  team": a side with none left has lost).
- ``nearest guard``: while an enemy carries the side's flag, how near the side's nearest
  piece is to that enemy; ``strike next roll`` (``…, to move``, ``strike this roll``), the
  rolls with which one of its pieces could land on that enemy (an attack, C1).
- ``combat cards`` and ``other cards``: the item cards in the side's hand (a card being
  drawn from a keep, T1, or stolen by Thief counted as the deck's or the hand's share).
- ``to move``: 1 for the side whose turn it is.

Path lengths are the agents' tables (agents.py: trees blocking, pieces ignored), built
once per board, so a side's features cost a few list reads per piece.
"""

from __future__ import annotations

import math
from typing import Final

from toolkit.sim.evaluation import load_weights

from .agents import FAR, tables
from .state import COMBAT_EFFECTS, DRAW, MOVE, STEAL, State, Static

FEATURE_NAMES: Final = ("carries the flag", "carrier's way home", "home next roll",
                        "home next roll, to move", "home this roll", "way to the flag",
                        "way to win", "flag next roll", "flag next roll, to move",
                        "flag this roll", "castle held", "castle guard", "pieces in play",
                        "nearest guard", "strike next roll", "strike next roll, to move",
                        "strike this roll", "combat cards", "other cards", "to move")
"""The evaluation's features, in the order of each side's vector."""

WEIGHTS: Final[tuple[float, ...]] = load_weights("toolkit.games.banners.engine", FEATURE_NAMES)
"""The evaluation's weights, fitted by ``python -m toolkit.sim.fit banners``
(weights.json beside this module)."""

FAR_WAY: Final = 24
"""A way this long or longer counts as far as any (nearness 0)."""


def nearness(d: int) -> float:
    """A way of ``d`` spaces as a number from 1 (there) down to 0 (`FAR_WAY` or more)."""
    return 1.0 - d / FAR_WAY if d < FAR_WAY else 0.0


def win_nearness(d: int) -> float:
    """A way to win (to the enemy flag and back home) of ``d`` spaces, from 1 (won) down
    to 0 (twice `FAR_WAY` or more)."""
    return 1.0 - d / (2 * FAR_WAY) if d < 2 * FAR_WAY else 0.0


DIE: Final = 0b1111110
"""The six rolls of the die as a mask (bit ``r`` for a roll of ``r``)."""


def landings(d: int, bonus: int, rolls: int = DIE) -> int:
    """Of the ``rolls`` (a mask), those (plus ``bonus``) at least ``d`` long and of its
    parity: those that could land a piece ``d`` spaces from a space exactly there (the
    full roll moved, M2, a longer one winding)."""
    found = 0
    roll = 0
    while rolls >> roll:
        if rolls >> roll & 1:
            steps = roll + bonus
            if steps >= d and (steps - d) % 2 == 0:
                found |= 1 << roll
        roll += 1
    return found


_TABLE_WAYS: Final = 64
_TABLE_BONUS: Final = 4
_DIE_LANDINGS: Final = tuple(tuple(landings(d, bonus) for d in range(_TABLE_WAYS))
                             for bonus in range(_TABLE_BONUS))
"""`landings` of the six rolls, by bonus and way (worked out once)."""


def lands(d: int, bonus: int, rolls: int) -> int:
    """`landings`, read from `_DIE_LANDINGS` for the six rolls."""
    if rolls == DIE and 0 <= d < _TABLE_WAYS and 0 <= bonus < _TABLE_BONUS:
        return _DIE_LANDINGS[bonus][d]
    return landings(d, bonus, rolls)


def home_chance(d: int, bonus: int, rolls: int = DIE) -> float:
    """The share of the ``rolls`` that could land a piece ``d`` spaces away exactly there
    (`landings`)."""
    return lands(d, bonus, rolls).bit_count() / rolls.bit_count()


def next_rolls(s: State, side: int) -> int:
    """The rolls ``side`` may move with next: the one it rolled, while it is to move it
    (less Rain Storm's 3), else any of the six."""
    if s.side == side and s.phase == MOVE:
        roll = s.roll - s.rain_by[side] if s.rain[side] == s.turn else s.roll
        return 1 << roll if roll > 0 else 1
    return DIE


def red_and_other(st: Static, counts: tuple[int, ...]) -> tuple[float, float]:
    """How many of ``counts`` (cards by kind) are combat (red) cards, and how many not."""
    red = rest = 0
    for k in range(st.kinds):
        n = counts[k]
        if n:
            if st.kind_effect[k] in COMBAT_EFFECTS:
                red += n
            else:
                rest += n
    return float(red), float(rest)


def side_features(s: State, side: int) -> tuple[float, ...]:
    """The features of one side (see the module docstring), from its own point of view."""
    st = s.st
    tab = tables(st)
    enemy = 1 - side
    pos = s.pos
    ours = st.side_pieces[side]
    carrier = s.flag_carrier[enemy]  # our piece with the enemy flag
    carries = 0.0
    way_home = home_next = 0.0
    occupied = s.occ0 | s.occ1
    home = st.castle[side]
    rolls = next_rolls(s, side)
    share = float(rolls.bit_count())
    if carrier >= 0:
        carries = 1.0
        d = st.run_dist[side].get(pos[carrier], FAR)
        way_home = nearness(d)
        if not occupied >> home & 1:  # (a piece on the castle bars the way in)
            home_next = home_chance(d, st.piece_steps[carrier], rolls)
    # The enemy flag: carried, lying on the field, or at home in its castle.
    target = -1
    if carrier < 0:
        drop = s.flag_drop[enemy]
        target = drop if drop >= 0 else st.castle[enemy]
    to_flag = tab.row(target) if target >= 0 else None
    taker = s.flag_carrier[side]  # an enemy with our flag
    to_taker = tab.row(pos[taker]) if taker >= 0 else None
    entry = st.bridges[side][0] if st.bridges[side] else st.castle[side]
    nearest = FAR
    in_play = 0
    guard_way = FAR
    # The rolls that land a piece on the enemy flag, on the enemy carrying ours, on our
    # own castle (where an enemy that grabs our flag stands until its next turn).
    grabs = strikes = guards = 0
    at_home = s.flag_carrier[side] < 0 and s.flag_drop[side] < 0
    held = 1.0 if at_home and (s.occ1 if side else s.occ0) >> home & 1 else 0.0
    to_home = tab.row(home) if at_home else None
    # The way home from the enemy flag (its castle, or where it lies: M4 bars keeps).
    back = st.run_dist[side].get(target, FAR) if target >= 0 else 0
    win_way = st.run_dist[side].get(pos[carrier], FAR) if carrier >= 0 else FAR
    for i in ours:
        c = pos[i]
        if c < -1:
            continue  # defeated or reaped
        in_play += 1
        if i == carrier:
            continue
        cell = c if c >= 0 else entry  # a piece in the reserve enters at a drawbridge
        extra = 0 if c >= 0 else 1
        bonus = st.piece_steps[i]
        if to_flag is not None:
            d = to_flag[cell] + extra
            if d < nearest:
                nearest = d
            if d + back < win_way:
                win_way = d + back
            grabs |= lands(d, bonus, rolls)
        if to_taker is not None:
            d = to_taker[cell] + extra
            if d < guard_way:
                guard_way = d
            strikes |= lands(d, bonus, rolls)
        if to_home is not None and c != home:
            guards |= lands(to_home[cell] + extra, bonus, rolls)
    combat, other = red_and_other(st, s.hands[side])
    if s.phase == DRAW and s.side == side:
        # T1: the card of the keep it landed on, drawn next: one more card, as red as
        # the deck is.
        red, rest = red_and_other(st, s.deck)
        combat += red / (red + rest)
        other += rest / (red + rest)
    elif s.phase == STEAL:
        # Thief: one card changes hands next, as red as the victim's hand is.
        red, rest = red_and_other(st, s.hands[1 - s.side])
        sign = 1.0 if s.side == side else -1.0
        combat += sign * red / (red + rest)
        other += sign * rest / (red + rest)
    moving = 1.0 if s.side == side else 0.0
    # (an enemy guarding its flag's space must be fought, not landed on)
    grab = grabs.bit_count() / share if target < 0 or not occupied >> target & 1 else 0.0
    strike = strikes.bit_count() / share
    # The roll the side moves with now, when it is known, apart from the next one.
    now = 1.0 if rolls != DIE else 0.0
    later = 1.0 - now
    return (carries, way_home, later * home_next, later * moving * home_next,
            now * home_next, 1.0 if carrier >= 0 else nearness(nearest),
            win_nearness(win_way), later * grab, later * moving * grab, now * grab, held,
            guards.bit_count() / share, float(in_play),
            nearness(guard_way) if taker >= 0 else 0.0, later * strike,
            later * moving * strike, now * strike, float(combat), float(other), moving)


def features(s: State) -> tuple[tuple[float, ...], ...]:
    """Each side's features (side 1's, then side 2's): the columns of the results."""
    return side_features(s, 0), side_features(s, 1)


def side_values(s: State) -> list[float]:
    """Each seat's chance of winning by the fitted evaluation: its side's value, the
    logistic of the weights times the difference of the two sides' features. It is
    toolkit/sim/evaluation.py's ``linear_evaluation`` (the softmax over two columns),
    worked out here in the compiled engine, as the search asks it of every option at
    every node it widens (tests/games/banners/test_bn_evaluation.py checks they agree)."""
    mine, theirs = side_features(s, 0), side_features(s, 1)
    weights = WEIGHTS
    score = 0.0
    for i in range(len(weights)):
        score += weights[i] * (mine[i] - theirs[i])
    if score >= 0:
        first = 1.0 / (1.0 + math.exp(-score))
    else:
        e = math.exp(score)
        first = e / (1.0 + e)
    return [first if side == 0 else 1.0 - first for side in s.st.seat_side]
