"""WarBadge position features: what the search's evaluation reads.

The search (toolkit/sim/mcts.py) cuts its playouts a few battles ahead and scores the
position there with the engine's ``evaluate`` (toolkit/sim/evaluation.py): the logistic
of fitted weights times the difference of the two players' features. Each player's
features are counted the same way from its own side (its own badges against the enemy's),
so swapping the seats swaps the values. They are the game's own terms: Victory is "more
badges at the end of 3 Rounds", then "the highest total value of remaining badges".

- ``badges alive``: the player's badges not dead (hidden ones too: ruling hidden-alive).
- ``badges alive, weighted by the round``: the same times round / rounds, so the count
  weighs more as the end nears (the badges alive after the last round decide).
- ``value alive``: their total value (the tie-break).
- ``ready badges``: badges that can fight this round; the round ends "when one player has
  exhausted all of their WarBadges", and the other's ready badges come back next round.
- ``hidden badges``: badges hidden by Hide, back ready next round.
- ``record of the living``: how its living badges fare against the enemy's living ones
  at printed values (Battle Resolution: type advantage, then value): per badge, wins less
  losses over the enemy's badges, averaged; summed over its badges.
- ``record of the ready``: the same for its ready badges against the enemy's ready ones,
  the battles of the rest of this round.
- ``abilities ready``: ready badges whose ability is used from the ready side (Charge,
  Lead, Death Curse, Resurrect, Illusion, Mount, Protect, Heal, Enervate).

A position is read from the whole state (a search state is a determinized sample). The
pairwise results at printed values are worked out once per pair of teams (immutable), so
a player's features cost a few list reads per badge.
"""

from __future__ import annotations

from typing import Final

from toolkit.sim.evaluation import load_weights

from .state import DEAD, HIDDEN, READY, State, Team

FEATURE_NAMES: Final = ("badges alive", "badges alive, weighted by the round", "value alive",
                        "ready badges", "hidden badges", "record of the living",
                        "record of the ready", "abilities ready")
"""The evaluation's features, in the order of each player's vector."""

WEIGHTS: Final[tuple[float, ...]] = load_weights("toolkit.games.warbadge.engine",
                                                 FEATURE_NAMES)
"""The evaluation's weights, fitted by ``python -m toolkit.sim.fit warbadge``
(weights.json beside this module)."""

_ACTIVE: Final = frozenset({"lead", "death-curse", "resurrect", "charge", "illusion",
                            "mount", "protect", "heal", "enervate"})
"""Abilities used from a ready badge."""

_TABLES: Final[dict[tuple[Team, Team], tuple[list[list[int]], list[int]]]] = {}
"""Per pair of teams: ``t[i][j]`` (+1 if seat 1's badge ``i`` beats seat 2's badge ``j``
at printed values, -1 if it loses, 0 for a draw), and which of each team's badges have an
ability used from the ready side (a bit mask per seat)."""


def _table(a: Team, b: Team) -> tuple[list[list[int]], list[int]]:
    """The pairwise results of two teams and their ready-side abilities (kept)."""
    key = (a, b)
    got = _TABLES.get(key)
    if got is None:
        from .rules import judge  # noqa: PLC0415 - (rules imports this module)

        if len(_TABLES) > 64:
            _TABLES.clear()
        rows: list[list[int]] = []
        for x in a.cards:
            row = []
            for y in b.cards:
                w = judge(x.side, y.side)[0]
                row.append(1 if w == 0 else -1 if w == 1 else 0)
            rows.append(row)
        masks = [0, 0]
        for p, team in ((0, a), (1, b)):
            for c in team.cards:
                if not c.ab.isdisjoint(_ACTIVE):
                    masks[p] |= 1 << c.index
        got = _TABLES[key] = (rows, masks)
    return got


def _record(table: list[list[int]], mine: list[int], theirs: list[int],
            flip: bool) -> float:
    """Sum over ``mine`` of the mean result against ``theirs`` (``flip``: the table is
    from the other seat's side)."""
    if not mine or not theirs:
        return 0.0
    total = 0
    for i in mine:
        for j in theirs:
            total += -table[j][i] if flip else table[i][j]
    return total / len(theirs)


def features(s: State) -> tuple[tuple[float, ...], ...]:
    """Each seat's features (see the module docstring), from its own side."""
    table, masks = _table(s.teams[0], s.teams[1])
    alive: list[list[int]] = [[], []]
    ready: list[list[int]] = [[], []]
    values = [0, 0]
    hidden = [0, 0]
    active = [0, 0]
    for p in range(2):
        st = s.status[p]
        vals = s.teams[p].values
        mask = masks[p]
        for k in range(len(st)):
            x = st[k]
            if x == DEAD:
                continue
            alive[p].append(k)
            values[p] += vals[k]
            if x == READY:
                ready[p].append(k)
                if mask >> k & 1:
                    active[p] += 1
            elif x == HIDDEN:
                hidden[p] += 1
    late = s.round / s.rounds if s.rounds else 1.0
    out = []
    for p in range(2):
        e = 1 - p
        n = float(len(alive[p]))
        out.append((n, n * late, float(values[p]), float(len(ready[p])), float(hidden[p]),
                    _record(table, alive[p], alive[e], p == 1),
                    _record(table, ready[p], ready[e], p == 1), float(active[p])))
    return tuple(out)
