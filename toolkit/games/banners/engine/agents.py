"""The Battle of Banners agents: ``random`` and ``greedy``.

Agents decide from an `Observation` only: the board, the flags, their own team's item
cards, and only the number of the other team's cards. The greedy agent plays sensibly
without search:

- **moves**: a flag carrier runs for home (it wins on landing there) and avoids ending
  within an enemy's reach; other pieces head for the enemy flag (its castle, or where it
  lies), chase an enemy carrying their own flag, or escort their own carrier; landing on
  the enemy flag or in a keep (an item) is worth a detour;
- **combat**: it attacks when the odds of the two dice (with its bonuses and the combat
  card it will play) make the fight worth more than it risks, the enemy carrying its flag
  above all; in combat it always plays its best card (Poison, else +1) and Hidden Knife
  on a tie;
- **items**: Strong Wind whenever its flag lies on the field, The Reaper on the enemy
  carrier or the enemy nearest its castle, Gain Reinforcements whenever it can, Famine
  and Thief against a hand, Ghost Magic to shield a threatened carrier, Rain Storm when
  the enemy nears its flag, Locust Swarm and Providing Aid when they gain three spaces or
  more, Saboteur on an enemy in a keep, Horse to run, Safeguard to save a surrounded
  piece.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from random import Random
from typing import Final

from toolkit.sim.engine import RandomAgent

from .moves import Moves, bits, locust_end
from .state import (
    ATT_CARD,
    ATT_KNIFE,
    DEF_CARD,
    DEF_KNIFE,
    E_AID,
    E_FAMINE,
    E_GHOST,
    E_HORSE,
    E_LOCUST,
    E_POISON,
    E_RAIN,
    E_REAPER,
    E_REINFORCE,
    E_SABOTEUR,
    E_SAFEGUARD,
    E_STRENGTH,
    E_THIEF,
    E_WIND,
    ITEM,
    MOVE,
    RESERVE,
    S_KEEP,
    TIE,
    Observation,
    Static,
)

FAR: Final = 60
"""The distance used for a space no path reaches."""


@lru_cache(maxsize=64)
def odds(modifier: int) -> tuple[float, float, float]:
    """(win, tie, lose) of 2d6 + ``modifier`` against 2d6."""
    sums = [a + b for a in range(1, 7) for b in range(1, 7)]
    win = tie = 0
    for x in sums:
        for y in sums:
            if x + modifier > y:
                win += 1
            elif x + modifier == y:
                tie += 1
    total = len(sums) ** 2
    return win / total, tie / total, (total - win - tie) / total


class Tables:
    """What the greedy agent reads of a board's geometry, built once per board (kept on
    `Static.tables`): ``row(a)[b]``, the path length from ``a`` to ``b`` (trees
    blocking, pieces ignored; `FAR` when no path), and ``layers(goal)``, the spaces by
    their distance to ``goal``, nearest first, as ``(distance, mask)``."""

    __slots__ = ("st", "rows", "by_distance", "reaches", "runs")

    def __init__(self, st: Static) -> None:
        self.st = st
        self.rows: dict[int, list[int]] = {}
        self.by_distance: dict[int, list[tuple[int, int]]] = {}
        self.reaches: dict[int, int] = {}  # by cell << 8 | steps
        self.runs: dict[int, list[tuple[int, int]]] = {}

    def row(self, a: int) -> list[int]:
        """Path lengths from space ``a`` to every cell."""
        found = self.rows.get(a)
        if found is None:
            found = [FAR] * self.st.n
            for d, mask in self.layers(a):
                for c in bits(mask):
                    found[c] = d
            found[a] = 0
            self.rows[a] = found
        return found

    def layers(self, goal: int) -> list[tuple[int, int]]:
        """The spaces by distance to ``goal``, nearest first: ``(distance, mask)``.

        Found a whole ring at a time: the spaces one step from a ring are its cells
        shifted a row up or down, a column left or right, less trees and padding."""
        found = self.by_distance.get(goal)
        if found is None:
            st = self.st
            wp, spaces = st.wp, st.all
            seen = ring = 1 << goal
            masks: dict[int, int] = {0: ring & spaces} if ring & spaces else {}
            d = 0
            while ring:
                d += 1
                ring = (ring >> wp | ring << 1 | ring << wp | ring >> 1) & spaces & ~seen
                if ring:
                    masks[d] = masks.get(d, 0) | ring
                    seen |= ring
            if spaces & ~seen:
                masks[FAR] = masks.get(FAR, 0) | spaces & ~seen
            found = self.by_distance[goal] = sorted(masks.items())
        return found

    def run_layers(self, side: int) -> list[tuple[int, int]]:
        """The spaces by a flag carrier's way home to ``side``'s castle (`Static.run_dist`,
        keeps barred; `FAR` when none), nearest first: ``(distance, mask)``."""
        found = self.runs.get(side)
        if found is None:
            st = self.st
            masks: dict[int, int] = {}
            run = st.run_dist[side]
            for c in range(st.n):
                if st.all >> c & 1:
                    d = run.get(c, FAR)
                    masks[d] = masks.get(d, 0) | 1 << c
            found = self.runs[side] = sorted(masks.items())
        return found

    def within(self, a: int, steps: int) -> int:
        """The spaces at most ``steps`` from space ``a``, as a mask."""
        key = a << 8 | steps
        found = self.reaches.get(key)
        if found is None:
            found = 0
            for d, mask in self.layers(a):
                if d <= steps:
                    found |= mask
            self.reaches[key] = found
        return found


def tables(st: Static) -> Tables:
    """The agent's tables of a board (built on first use)."""
    made = st.tables
    if made is None:
        made = st.tables = Tables(st)
    return made


def dist(st: Static, a: int, b: int) -> int:
    """Path length between two spaces (trees blocking, pieces ignored)."""
    if a < 0 or b < 0:
        return FAR
    return tables(st).row(a)[b]


class View:
    """One decision's reading of an observation: what the greedy agent's scores need,
    worked out once (the goal, the enemy flag, each enemy's reach)."""

    __slots__ = ("obs", "st", "tab", "side", "enemy", "pos", "home", "flag", "goal",
                 "reached", "masks", "levels")

    def __init__(self, obs: Observation) -> None:
        st = obs.st
        self.obs = obs
        self.st = st
        self.tab = tables(st)
        self.side = side = obs.side
        self.enemy = enemy = 1 - side
        self.pos = pos = obs.pos
        self.home = st.castle[side]
        # Where the enemy flag is to be taken: its castle, or where it lies (-1 when we
        # carry it).
        if obs.flag_carrier[enemy] >= 0:
            self.flag = -1
        else:
            drop = obs.flag_drop[enemy]
            self.flag = drop if drop >= 0 else st.castle[enemy]
        # Where our pieces that are not carriers head: an enemy carrying our flag, else
        # the enemy flag, else our carrier (to escort it).
        carrier = obs.flag_carrier[side]
        if carrier >= 0:
            self.goal = pos[carrier]
        elif self.flag >= 0:
            self.goal = self.flag
        else:
            self.goal = pos[obs.flag_carrier[enemy]]
        # Each enemy piece on the board, with how far it could move next turn.
        steps = st.piece_steps
        self.reached = [(pos[i], 6 + steps[i]) for i in st.side_pieces[enemy] if pos[i] >= 0]
        self.masks: list[int] | None = None
        self.levels: list[int] | None = None

    def reach_masks(self) -> list[int]:
        """The spaces each enemy piece could reach with a good roll next turn (M3: a
        scout's +2 counted), as masks (worked out once)."""
        masks = self.masks
        if masks is None:
            within = self.tab.within
            masks = self.masks = [within(c, reach) for c, reach in self.reached]
        return masks

    def threat(self, cell: int) -> int:
        """Enemy pieces that could reach ``cell`` with a good roll next turn."""
        if cell < 0:
            cell += self.st.n  # (as a path-length list is read)
        n = 0
        for mask in self.reach_masks():
            n += mask >> cell & 1
        return n

    def threat_levels(self) -> list[int]:
        """``levels[k]``: the spaces that ``k`` or more enemy pieces could reach with a
        good roll next turn (`threat` of them ``>= k``), as masks, for ``k`` from 0 (every
        space, -1) to one more than the enemies (none, 0); worked out once."""
        levels = self.levels
        if levels is None:
            levels = self.levels = [-1] + [0] * (len(self.reached) + 1)
            for n, within in enumerate(self.reach_masks(), 1):
                for k in range(n, 1, -1):
                    below = levels[k - 1]
                    if below:
                        levels[k] |= below & within
                levels[1] |= within  # (levels[0] is every space)
        return levels

    def dist(self, a: int, b: int) -> int:
        """Path length between two spaces (trees blocking, pieces ignored)."""
        if a < 0 or b < 0:
            return FAR
        return self.tab.row(a)[b]

    def land_value(self, piece: int, cell: int) -> float:
        """How good it is for ``piece`` to end its move on ``cell``."""
        obs = self.obs
        st = self.st
        here = self.pos[piece]
        home = self.home
        if obs.flag_carrier[self.enemy] == piece:
            if cell == home:
                return 1e6
            run = st.run_dist[self.side]  # M4: its way home avoids keeps
            before = run.get(here, FAR)
            return 40 * (before - run.get(cell, FAR)) - 15 * self.threat(cell)
        if cell == self.flag:
            return 1e5
        goal = self.goal
        start = here if here >= 0 else home
        value = 10 * (self.dist(start, goal) - self.dist(cell, goal))
        if st.kind[cell] == S_KEEP:
            value += 12 if obs.deck else 4
        else:
            value -= 2 * self.threat(cell)
        return value


class GreedyAgent:
    """Sensible one-step play from the observation (see the module docstring)."""

    observes = True
    stochastic = False

    def act(self, obs: Observation, legal: Sequence[tuple], rng: Random) -> tuple:
        """Choose one of ``legal`` from what ``obs`` shows."""
        if len(legal) == 1:
            return legal[0]
        v = View(obs)
        ph = obs.phase
        if ph == MOVE and isinstance(legal, Moves):
            return self._best_move(v, legal)
        if obs.side == 1:  # break ties alike for both sides (see `_as_side_one`)
            legal = sorted(legal, key=lambda a: _as_side_one(obs.st, a))
        if ph == MOVE:
            return max(legal, key=lambda a: self._move_value(v, a))
        if ph == ITEM:
            return self._item(v, legal)
        if ph in (ATT_CARD, DEF_CARD):
            return max(legal, key=lambda a: _card_rank(obs, a))
        if ph in (ATT_KNIFE, DEF_KNIFE):
            return next((a for a in legal if a[0] == "knife"), legal[0])
        if ph == TIE:
            assert obs.combat is not None
            piece = obs.combat[0]
            return max(legal, key=lambda a: v.land_value(piece, a[2]))
        # Reinforcements: the drawbridge nearest the enemy flag.
        return max(legal, key=lambda a: -v.dist(a[3], v.flag))

    def _best_move(self, v: View, legal: Moves) -> tuple:
        """The move (or attack) of highest `_move_value`, the first of them in the order
        ``legal`` offers them (side 2: in `_as_side_one`'s order), as ``max`` over
        ``legal`` would choose, without scoring every move.

        A move's value is a constant of its piece plus a value of the space it lands on
        (`View.land_value`): ten times the distance to the goal taken off, a keep's bonus
        or the threats against the space. The ten a step of distance outweighs the rest
        but for a few steps, so only the spaces nearest the goal are scored: those
        ``span`` steps farther than the nearest at most. The flag carrier's moves, and
        every attack, are scored one by one.
        """
        obs = v.obs
        st = v.st
        tab = v.tab
        pos = v.pos
        seat = legal.seat
        ours = obs.flag_carrier[v.enemy]  # our piece with the enemy flag
        flag = v.flag
        goal = v.goal
        layers = tab.layers(goal)
        # How many steps farther a space may lie and still be worth as much as the
        # nearest: the largest keep bonus (12) and threats (2 each) make up for them.
        span = (12 + 2 * len(v.reached) + 9) // 10
        keep = 12 if obs.deck else 4
        turned = v.side == 1
        best: tuple | None = None
        top = 0.0
        keeps = st.keeps_mask
        levels: list[int] | None = None  # levels[k]: the spaces k or more enemies reach
        for j, piece in enumerate(legal.pieces):
            mask = legal.found[j]
            if mask:
                most: float
                if piece == ours:
                    if levels is None:
                        levels = v.threat_levels()
                    most, cell = self._carrier_move(v, piece, mask, levels)
                elif flag >= 0 and mask >> flag & 1:
                    most, cell = 1e5, flag
                else:
                    if levels is None:
                        levels = v.threat_levels()
                    here = pos[piece]
                    base = 10 * tab.row(here if here >= 0 else v.home)[goal]
                    # Of the spaces the same distance from the goal, a keep is worth most,
                    # then those the fewest enemies reach; the best of each layer.
                    best_value = 0
                    best_cells = limit = -1
                    for d, layer in layers:
                        if limit >= 0 and d > limit:
                            break
                        near = mask & layer
                        if not near:
                            continue
                        if limit < 0:
                            limit = d + span
                        chosen = near & keeps
                        if chosen:
                            value = keep
                        else:
                            k = 1
                            while near & levels[k]:
                                chosen = near ^ (near & levels[k])  # (near & ~levels[k])
                                if chosen:
                                    break
                                k += 1
                            else:
                                chosen = near
                            value = 2 - 2 * k
                        value += base - 10 * d
                        if best_cells < 0 or value > best_value:
                            best_value, best_cells = value, chosen
                        elif value == best_value:
                            best_cells |= chosen
                    most = float(best_value)
                    # Equal values: the lowest cell, side 2 the highest (the board turned
                    # half round reverses the cells' order).
                    cell = best_cells.bit_length() - 1 if turned else \
                        (best_cells & -best_cells).bit_length() - 1
                move: tuple = ("move", seat, piece, cell)
                if best is None or most > top or most == top and turned and \
                        _as_side_one(st, move) < _as_side_one(st, best):
                    best, top = move, float(most)
            if legal.hits:
                for attack in legal.attacks(j):
                    score = self._move_value(v, attack)
                    if best is None or score > top or score == top and turned and \
                            _as_side_one(st, attack) < _as_side_one(st, best):
                        best, top = attack, float(score)
        assert best is not None
        return best

    @staticmethod
    def _carrier_move(v: View, piece: int, mask: int, levels: list[int]) -> tuple[float, int]:
        """The best of the flag carrier's moves to the cells of ``mask``, with its value:
        `View.land_value`'s home, else forty a step nearer home less fifteen an enemy in
        reach, found layer by layer of the way home as in `_best_move` (a step outweighs
        up to two enemies, so only the nearest layers are looked at)."""
        home = v.home
        if mask >> home & 1:
            return 1e6, home
        before = v.st.run_dist[v.side].get(v.pos[piece], FAR)
        span = (15 * len(v.reached) + 39) // 40
        best_value = 0
        best_cells = limit = -1
        for d, layer in v.tab.run_layers(v.side):
            if limit >= 0 and d > limit:
                break
            near = mask & layer
            if not near:
                continue
            if limit < 0:
                limit = d + span
            k = 1
            while near & levels[k]:
                chosen = near ^ (near & levels[k])  # (near & ~levels[k])
                if chosen:
                    break
                k += 1
            else:
                chosen = near
            value = 40 * (before - d) - 15 * (k - 1)
            if best_cells < 0 or value > best_value:
                best_value, best_cells = value, chosen
            elif value == best_value:
                best_cells |= chosen
        # Equal values: the lowest cell, side 2 the highest (see `_best_move`).
        cell = best_cells.bit_length() - 1 if v.side == 1 else \
            (best_cells & -best_cells).bit_length() - 1
        return float(best_value), cell

    def _move_value(self, v: View, action: tuple) -> float:
        if action[0] == "move":
            return v.land_value(action[2], action[3])
        _, _, piece, target, frm = action
        obs = v.obs
        st = v.st
        side, enemy = v.side, v.enemy
        defender = obs.pos.index(target)
        mod = st.piece_bonus[piece] + self._card_edge(obs, E_STRENGTH)
        win, tie, lose = odds(mod)
        worth_def = 30 + (300 if obs.flag_carrier[side] == defender else 0) \
            + 2 * max(0, 12 - v.dist(target, st.castle[side]))
        worth_att = 30 + (300 if obs.flag_carrier[enemy] == piece else 0)
        after = target if obs.flag_carrier[side] != defender else frm
        gain = v.land_value(piece, after) if after >= 0 else 0
        return win * (worth_def + 0.5 * gain) - lose * worth_att + tie * 2

    @staticmethod
    def _card_edge(obs: Observation, plus_effect: int) -> int:
        """What the best combat card in hand will add to our side of the fight."""
        if obs.used_combat[obs.player]:
            return 0
        effects = {obs.st.kind_effect[k] for k, n in enumerate(obs.hand) if n}
        if E_POISON in effects:
            return 3
        return 1 if plus_effect in effects else 0

    # ---------------------------------------------------------------- items
    def _item(self, v: View, legal: Sequence[tuple]) -> tuple:
        obs = v.obs
        st = v.st
        side, enemy = v.side, v.enemy
        by_effect: dict[int, list[tuple]] = {}
        for a in legal:
            if a[0] == "item":
                by_effect.setdefault(st.kind_effect[a[2]], []).append(a)
        pos = obs.pos
        home = st.castle[side]
        carrier_ours = obs.flag_carrier[enemy]  # our piece with the enemy flag
        carrier_theirs = obs.flag_carrier[side]  # an enemy with our flag
        enemies = [i for i in st.side_pieces[enemy] if pos[i] >= 0]
        dist = v.dist
        if E_WIND in by_effect:
            return by_effect[E_WIND][0]
        if E_REAPER in by_effect:
            def danger(a: tuple) -> float:
                i = a[3]
                if i == carrier_theirs:
                    return 1e6
                return -dist(pos[i], home) if pos[i] >= 0 else -FAR
            return max(by_effect[E_REAPER], key=danger)
        if E_REINFORCE in by_effect:
            return max(by_effect[E_REINFORCE], key=lambda a: -dist(a[4], v.flag))
        if E_FAMINE in by_effect and obs.their_hand >= 2:
            return by_effect[E_FAMINE][0]
        if E_THIEF in by_effect:
            return by_effect[E_THIEF][0]
        if E_GHOST in by_effect and carrier_ours >= 0 and v.threat(pos[carrier_ours]):
            return by_effect[E_GHOST][0]
        near_home = any(dist(pos[i], home) <= 8 for i in enemies)
        if E_RAIN in by_effect and (carrier_theirs >= 0 or near_home):
            return by_effect[E_RAIN][0]
        best, gain = None, 2.5
        for a in by_effect.get(E_LOCUST, ()):
            i, d = a[3], a[4]
            end = locust_end(st, pos[i], d, 0)
            goal = st.castle[enemy] if i == carrier_theirs else home
            g = dist(end, goal) - dist(pos[i], goal)
            if g > gain:
                best, gain = a, float(g)
        for a in by_effect.get(E_AID, ()):
            i, cell = a[3], a[4]
            if st.piece_side[i] == side:
                goal = v.goal
                g = dist(pos[i], goal) - dist(cell, goal)
            else:
                goal = st.castle[side]
                g = dist(cell, goal) - dist(pos[i], goal)
            if g > gain:
                best, gain = a, float(g)
        if best is not None:
            return best
        if E_SABOTEUR in by_effect:
            return by_effect[E_SABOTEUR][0]
        if E_HORSE in by_effect:
            return by_effect[E_HORSE][0]
        for a in by_effect.get(E_SAFEGUARD, ()):
            if v.threat(pos[a[3]]) >= 2:
                return a
        return legal[0]


def _turn(st: Static, cell: int) -> int:
    """A cell of the board turned half round (positions off the board stay)."""
    if cell < 0:
        return cell
    row, col = divmod(cell, st.wp)
    return (st.h - 1 - row) * st.wp + (st.w - 1 - col)


def _as_side_one(st: Static, action: tuple) -> tuple:
    """An action of side 2 as side 1 would see it on the board turned half round (cells
    turned, Locust Swarm's direction reversed), so that of equally good choices both
    sides take the same one on a symmetric board."""

    kind = action[0]
    if kind in ("move", "reinforce"):
        return (*action[:3], _turn(st, action[3]))
    if kind == "attack":
        return (*action[:3], _turn(st, action[3]), _turn(st, action[4]))
    if kind == "place":
        return (kind, action[1], _turn(st, action[2]))
    if kind == "item" and len(action) == 5:
        last = (action[4] + 2) % 4 if st.kind_effect[action[2]] == E_LOCUST \
            else _turn(st, action[4])
        return (*action[:4], last)
    return action


def _card_rank(obs: Observation, action: tuple) -> int:
    """Poison first, then the +1 card, never passing when a card can be played."""
    if action[0] == "pass":
        return 0
    return 2 if obs.st.kind_effect[action[2]] == E_POISON else 1


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}
"""Agent registry: name -> factory (no arguments)."""

__all__ = ["AGENTS", "GreedyAgent", "RESERVE", "odds"]
