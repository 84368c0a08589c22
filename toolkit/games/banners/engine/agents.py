"""The Battle of Banners agents: ``random`` and ``greedy``.

Agents decide from an `Observation` only: the board, the flags, their own team's item
cards, and only the number of the other team's cards. The greedy agent plays sensibly
without search:

- **moves**: a flag carrier runs for home (it wins on landing there) and avoids ending
  within an enemy's reach; other pieces head for the enemy flag (its castle, or where it
  lies), chase an enemy carrying their own flag, or escort their own carrier, and leave
  their own castle free for it; landing on the enemy flag or in a keep (an item) is worth
  a detour;
- **combat**: it attacks when the odds of the two dice (with its bonuses and the combat
  card it would play) make the fight worth more than it risks, the enemy carrying its
  flag above all, and a team's last piece worth the game ("defeat the enemy team"): it
  attacks the enemy's last piece when the dice favour it and never risks its own; a
  combat card (Extra Strength, Extra Defense, Poison) is played only
  when what it adds to the fight's expected worth is more than the card is worth kept
  for a later fight (so a flag carrier's fight gets one, a skirmish between two pieces
  in mid-field does not); Hidden Knife always wins a tie;
- **items**: Strong Wind whenever its flag lies on the field, The Reaper on the enemy
  carrier or the enemy nearest its castle, Gain Reinforcements whenever it can, Famine
  and Thief against a hand, Ghost Magic to shield a threatened carrier, Rain Storm when
  the enemy nears its flag, Locust Swarm and Providing Aid when they gain three spaces or
  more, Saboteur on the enemy in a keep nearest its castle, Horse to run, Safeguard to
  save a surrounded piece.

**Fairness.** The greedy agent's choices never depend on the order of rows in a sheet
(item kinds, pieces) or on which side of the board it sits: of equally good choices it
takes the least by `GreedyAgent.key`, a canonical key of what it sees: an item by its
effect, then its name; a piece by its role (teammate or enemy, which player of its team,
its movement and attack bonuses), then where it stands; a space as its own side sees it
(`Frame`: side 2 sees the board through the symmetry that takes side 1's half onto its
own, so mirrored positions give mirrored choices).
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
    DOWN,
    E_AID,
    E_DEFENSE,
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
    LEFT,
    MOVE,
    POISON_PENALTY,
    RESERVE,
    RIGHT,
    S_KEEP,
    TIE,
    UP,
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


# The maps of a board onto itself that may take one side's half onto the other's, in the
# order `Frame` tries them: rows reversed (the sides face each other across the rows,
# left and right kept), the board turned half round, columns reversed (the sides face
# each other across the columns). Each with the direction (up, right, down, left) that
# each direction becomes.
MIRROR_ROWS: Final = 0
HALF_TURN: Final = 1
MIRROR_COLUMNS: Final = 2
MAP_NAMES: Final = ("rows mirrored", "half turn", "columns mirrored")
_MAP_DIRECTIONS: Final = ((DOWN, RIGHT, UP, LEFT), (DOWN, LEFT, UP, RIGHT),
                          (UP, LEFT, DOWN, RIGHT))


def _mapped(st: Static, how: int, cell: int) -> int:
    """``cell`` moved by map ``how`` (see `MAP_NAMES`)."""
    row, col = divmod(cell, st.wp)
    if col >= st.w:
        return cell  # (the padding column stays)
    if how != MIRROR_COLUMNS:
        row = st.h - 1 - row
    if how != MIRROR_ROWS:
        col = st.w - 1 - col
    return row * st.wp + col


class Frame:
    """How each side sees the board, for ties between equally good choices: side 1 as
    the sheet shows it, side 2 through the symmetry of the board that takes side 1's
    castle, drawbridges and half onto side 2's (``view[side][cell]``: the cell as side 1
    would see it; ``turn[side][d]``: a direction likewise).

    Of the maps of `MAP_NAMES` that take the board onto itself with the sides swapped,
    one that also takes the set-up onto itself (each piece of side 1 onto a piece of the
    same role of side 2) is preferred, then the first; a board with no such symmetry is
    seen by side 2 turned half round (as a player sitting at the other edge sees it).
    ``role[i]``: what tells piece ``i`` apart from its side's others in the rules: which
    player of its team moves it, its movement bonus and its attack bonus.
    """

    __slots__ = ("how", "view", "turn", "role")

    def __init__(self, st: Static) -> None:
        roles = []
        for i in range(len(st.piece_side)):
            seats = st.side_seats[st.piece_side[i]]
            roles.append((seats.index(st.piece_seat[i]), st.piece_steps[i],
                          st.piece_bonus[i]))
        self.role: tuple[tuple[int, int, int], ...] = tuple(roles)
        fits = [how for how in (MIRROR_ROWS, HALF_TURN, MIRROR_COLUMNS)
                if self._fits_board(st, how)]
        fair = [how for how in fits if self._fits_setup(st, how)]
        how = fair[0] if fair else fits[0] if fits else HALF_TURN
        self.how = how
        self.view: tuple[tuple[int, ...], ...] = (
            tuple(range(st.n)), tuple(_mapped(st, how, c) for c in range(st.n)))
        self.turn: tuple[tuple[int, ...], ...] = ((UP, RIGHT, DOWN, LEFT),
                                                   _MAP_DIRECTIONS[how])

    @staticmethod
    def _fits_board(st: Static, how: int) -> bool:
        """Whether map ``how`` takes every space onto a space of the same kind of the
        other side (castles, drawbridges), or of no side."""
        for c in range(st.n):
            m = _mapped(st, how, c)
            side = st.side_of[c]
            if st.kind[m] != st.kind[c] or st.side_of[m] != (1 - side if side >= 0 else -1):
                return False
        return True

    def _fits_setup(self, st: Static, how: int) -> bool:
        """Whether map ``how`` takes each side's starting pieces onto the other's (by
        role; the pieces waiting in the reserve counted by role)."""
        placed: list[list[tuple[tuple[int, int, int], int]]] = [[], []]
        for i, c in enumerate(st.start):
            side = st.piece_side[i]
            placed[side].append((self.role[i], _mapped(st, how, c) if side and c >= 0
                                 else c))
        return sorted(placed[0]) == sorted(placed[1])

    def least(self, side: int, cells: int) -> int:
        """The cell of the mask ``cells`` that comes first as ``side`` sees the board."""
        if not side:
            return (cells & -cells).bit_length() - 1
        view = self.view[1]
        best = -1
        for c in bits(cells):
            if best < 0 or view[c] < view[best]:
                best = c
        return best


class Tables:
    """What the greedy agent reads of a board's geometry, built once per board (kept on
    `Static.tables`): ``row(a)[b]``, the path length from ``a`` to ``b`` (trees
    blocking, pieces ignored; `FAR` when no path), ``layers(goal)``, the spaces by
    their distance to ``goal``, nearest first, as ``(distance, mask)``, and ``frame``,
    how each side sees the board (`Frame`)."""

    __slots__ = ("st", "rows", "by_distance", "reaches", "runs", "frame")

    def __init__(self, st: Static) -> None:
        self.st = st
        self.rows: dict[int, list[int]] = {}
        self.by_distance: dict[int, list[tuple[int, int]]] = {}
        self.reaches: dict[int, int] = {}  # by cell << 8 | steps
        self.runs: dict[int, list[tuple[int, int]]] = {}
        self.frame = Frame(st)

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

    __slots__ = ("obs", "st", "tab", "frame", "side", "enemy", "pos", "home", "flag", "goal",
                 "reached", "masks", "levels")

    def __init__(self, obs: Observation) -> None:
        st = obs.st
        self.obs = obs
        self.st = st
        self.tab = tab = tables(st)
        self.frame = tab.frame
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

    def last(self, piece: int) -> bool:
        """Whether ``piece`` is the last of its team in play (on the board or waiting in
        the reserve): losing it loses the game ("defeat the enemy team")."""
        pos = self.pos
        for i in self.st.side_pieces[self.st.piece_side[piece]]:
            if i != piece and pos[i] >= RESERVE:
                return False
        return True

    def piece_key(self, piece: int) -> tuple[int, int, int, int, int]:
        """A piece as the player tells it apart (`GreedyAgent.key`): of its team or the
        other, its role (`Frame.role`), then the space it stands on as the player's side
        sees the board (off the board: its position, all alike)."""
        c = self.pos[piece]
        member, steps, bonus = self.frame.role[piece]
        return (int(self.st.piece_side[piece] != self.side), member, steps, bonus,
                self.frame.view[self.side][c] if c >= 0 else c)

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
        if obs.flag_carrier[self.enemy] >= 0:
            # Our carrier must land on our castle: leave it free.
            if here == home:
                value += VACATE
            elif cell == home:
                value -= VACATE
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
        if ph == MOVE:
            if isinstance(legal, Moves):
                return self._best_move(v, legal)
            return self._best(v, legal, [self._move_value(v, a) for a in legal])
        if ph == ITEM:
            return self._item(v, legal)
        if ph in (ATT_CARD, DEF_CARD):
            return self._combat_card(v, legal)
        if ph in (ATT_KNIFE, DEF_KNIFE):
            # Hidden Knife: "If a combat results in a tie, you may play this card to win."
            knives = [a for a in legal if a[0] == "knife"]
            return self._best(v, knives, [0.0] * len(knives)) if knives else legal[0]
        if ph == TIE:
            assert obs.combat is not None
            piece = obs.combat[0]
            return self._best(v, legal, [v.land_value(piece, a[2]) for a in legal])
        # Reinforcements: the drawbridge nearest the enemy flag.
        return self._best(v, legal, [-float(v.dist(a[3], v.flag)) for a in legal])

    # ------------------------------------------------------------------ ties
    @staticmethod
    def key(v: View, action: tuple) -> tuple:
        """The canonical key of an action, what breaks a tie between equally good ones:
        its kind; an item by its effect, then its name (never its row in the sheet); a
        piece by its role (`piece_key`); a space as the player's side sees the board
        (`Frame`), a direction likewise."""
        kind = action[0]
        st = v.st
        view = v.frame.view[v.side]
        if kind == "move":
            return (1, v.piece_key(action[2]), view[action[3]])
        if kind == "attack":
            frm = action[4]
            return (2, v.piece_key(action[2]), view[action[3]], view[frm] if frm >= 0 else frm)
        if kind == "reinforce":
            return (3, v.piece_key(action[2]), view[action[3]] if action[3] >= 0 else -1)
        if kind == "place":
            return (4, view[action[2]])
        if kind in ("item", "combat", "knife"):
            k = action[2]
            e = st.kind_effect[k]
            if len(action) == 3:
                return (5, e, st.kind_names[k])
            if len(action) == 4:
                return (5, e, st.kind_names[k], v.piece_key(action[3]))
            last = action[4]
            where = v.frame.turn[v.side][last] if e == E_LOCUST else \
                view[last] if last >= 0 else last
            return (5, e, st.kind_names[k], v.piece_key(action[3]), where)
        return (0,)

    def _best(self, v: View, options: Sequence[tuple], scores: Sequence[float]) -> tuple:
        """The option of highest score; of equal ones, the least by `key`."""
        best = 0
        best_key: tuple | None = None
        for i in range(1, len(options)):
            if scores[i] > scores[best]:
                best, best_key = i, None
            elif scores[i] == scores[best]:
                if best_key is None:
                    best_key = self.key(v, options[best])
                k = self.key(v, options[i])
                if k < best_key:
                    best, best_key = i, k
        return options[best]

    # ------------------------------------------------------------------ moves
    def _best_move(self, v: View, legal: Moves) -> tuple:
        """The move (or attack) of highest `_move_value`, of equal ones the least by
        `key`, as ``_best`` over every option would choose, without scoring every move.

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
        frame = v.frame
        side = v.side
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
        best: tuple | None = None
        best_key: tuple | None = None
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
                    if ours >= 0:
                        # Our carrier must land on our castle: leave it free.
                        if here == v.home:
                            base += VACATE
                        elif mask >> v.home & 1 and mask ^ (1 << v.home):
                            mask ^= 1 << v.home
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
                    cell = frame.least(side, best_cells)
                move: tuple = ("move", seat, piece, cell)
                if best is None or most > top:
                    best, top, best_key = move, most, None
                elif most == top:
                    if best_key is None:
                        best_key = self.key(v, best)
                    k_move = self.key(v, move)
                    if k_move < best_key:
                        best, best_key = move, k_move
            if legal.hits:
                for attack in legal.attacks(j):
                    score = self._move_value(v, attack)
                    if best is None or score > top:
                        best, top, best_key = attack, score, None
                    elif score == top:
                        if best_key is None:
                            best_key = self.key(v, best)
                        k_attack = self.key(v, attack)
                        if k_attack < best_key:
                            best, best_key = attack, k_attack
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
        return float(best_value), v.frame.least(v.side, best_cells)

    def _move_value(self, v: View, action: tuple) -> float:
        if action[0] == "move":
            return v.land_value(action[2], action[3])
        _, _, piece, target, frm = action
        obs = v.obs
        st = v.st
        side, enemy = v.side, v.enemy
        defender = obs.pos.index(target)
        worth_def = 30.0 + (300 if obs.flag_carrier[side] == defender else 0) \
            + 2 * max(0, 12 - v.dist(target, st.castle[side]))
        worth_att = 30.0 + (300 if obs.flag_carrier[enemy] == piece else 0)
        if v.last(defender):
            worth_def += GAME  # the enemy team defeated
        if v.last(piece):
            worth_att += GAME  # our team defeated
        after = target if obs.flag_carrier[side] != defender else frm
        gain = v.land_value(piece, after) if after >= 0 else 0
        # With the combat card it would play in this fight (`_card_plan`).
        won, lost = self._stakes(v, piece, defender)
        bonus = st.piece_bonus[piece]
        win, tie, lose = odds(bonus + self._card_plan(v, True, won, lost, bonus)[1])
        return win * (worth_def + 0.5 * gain) - lose * worth_att + tie * 2

    # ----------------------------------------------------------------- combat
    @staticmethod
    def _stakes(v: View, att: int, dfn: int) -> tuple[float, float]:
        """What a fight is worth to the attacker's side: ``(won, lost)``, what winning
        gains it and what losing costs it. A piece is worth 30, a flag carrier 300 more
        (its flag goes back to the field), a piece near the castle it threatens up to 24
        more (two a step nearer than twelve), and a team's last piece the game (`GAME`)."""
        obs = v.obs
        st = v.st
        a_side = st.piece_side[att]
        d_side = 1 - a_side
        pos = obs.pos
        won = 30.0 + (300 if obs.flag_carrier[a_side] == dfn else 0) \
            + 2 * max(0, 12 - v.dist(pos[dfn], st.castle[a_side]))
        lost = 30.0 + (300 if obs.flag_carrier[d_side] == att else 0) \
            + 2 * max(0, 12 - v.dist(pos[att], st.castle[d_side]))
        if v.last(dfn):
            won += GAME  # "defeat the enemy team"
        if v.last(att):
            lost += GAME
        return won, lost

    def _card_plan(self, v: View, attacking: bool, won: float, lost: float,
                   mod: int) -> tuple[int, int]:
        """The combat card to play in a fight, and what it adds to the attack's modifier:
        ``(kind, change)``, or ``(-1, 0)`` to keep the cards. ``won`` and ``lost`` are
        what the fight gains and costs the attacker's side (`_stakes`), ``mod`` the
        attack's modifier over the defence so far. A card is played when what it adds
        to the fight's expected worth is more than it is worth kept (`KEEP`: less for a
        second card of the same effect); of equal cards, the least by `key`."""
        obs = v.obs
        st = v.st
        if obs.used_combat[obs.player]:
            return -1, 0  # T3: one combat card per turn
        hand = obs.hand
        win, _, lose = odds(mod)
        before = win * won - lose * lost
        best, best_change, best_net = -1, 0, 0.0
        for k in range(st.kinds):
            if not hand[k]:
                continue
            e = st.kind_effect[k]
            if e == E_POISON:
                change = POISON_PENALTY if attacking else -POISON_PENALTY
            elif e == (E_STRENGTH if attacking else E_DEFENSE):
                change = 1 if attacking else -1
            else:
                continue
            w2, _, l2 = odds(mod + change)
            gain = w2 * won - l2 * lost - before
            if not attacking:
                gain = -gain
            net = gain - (KEEP[e] if hand[k] == 1 else KEEP[e] / 2)
            if net > best_net or net == best_net and best >= 0 and (
                    e, st.kind_names[k]) < (st.kind_effect[best], st.kind_names[best]):
                best, best_change, best_net = k, change, net
        return best, best_change

    def _combat_card(self, v: View, legal: Sequence[tuple]) -> tuple:
        """T3: play the combat card `_card_plan` picks for the fight under way, or pass."""
        obs = v.obs
        combat = obs.combat
        assert combat is not None
        att, dfn, amod, dmod = combat[0], combat[1], combat[3], combat[4]
        won, lost = self._stakes(v, att, dfn)
        k, _ = self._card_plan(v, obs.phase == ATT_CARD, won, lost, amod - dmod)
        if k >= 0:
            for a in legal:
                if a[0] == "combat" and a[2] == k:
                    return a
        return next(a for a in legal if a[0] == "pass")

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
        first = self._first
        if E_WIND in by_effect:
            return first(v, by_effect[E_WIND])
        if E_REAPER in by_effect:
            def danger(a: tuple) -> float:
                i = a[3]
                if i == carrier_theirs:
                    return 1e6
                return -float(dist(pos[i], home)) if pos[i] >= 0 else -float(FAR)
            options = by_effect[E_REAPER]
            return self._best(v, options, [danger(a) for a in options])
        if E_REINFORCE in by_effect:
            options = by_effect[E_REINFORCE]
            return self._best(v, options, [-float(dist(a[4], v.flag)) for a in options])
        if E_FAMINE in by_effect and obs.their_hand >= 2:
            return first(v, by_effect[E_FAMINE])
        if E_THIEF in by_effect:
            return first(v, by_effect[E_THIEF])
        if E_GHOST in by_effect and carrier_ours >= 0 and v.threat(pos[carrier_ours]):
            return first(v, by_effect[E_GHOST])
        near_home = any(dist(pos[i], home) <= 8 for i in enemies)
        if E_RAIN in by_effect and (carrier_theirs >= 0 or near_home):
            return first(v, by_effect[E_RAIN])
        # Locust Swarm and Providing Aid: the way of most spaces gained, three at least.
        moves: list[tuple] = []
        gains: list[float] = []
        for a in by_effect.get(E_LOCUST, ()):
            i, d = a[3], a[4]
            end = locust_end(st, pos[i], d, 0)
            goal = st.castle[enemy] if i == carrier_theirs else home
            g = dist(end, goal) - dist(pos[i], goal)
            if g > 2.5:
                moves.append(a)
                gains.append(float(g))
        for a in by_effect.get(E_AID, ()):
            i, cell = a[3], a[4]
            if st.piece_side[i] == side:
                goal = v.goal
                g = dist(pos[i], goal) - dist(cell, goal)
            else:
                goal = st.castle[side]
                g = dist(cell, goal) - dist(pos[i], goal)
            if g > 2.5:
                moves.append(a)
                gains.append(float(g))
        if moves:
            return self._best(v, moves, gains)
        if E_SABOTEUR in by_effect:
            # The enemy in a keep nearest our castle, back to the drawbridge farthest
            # from it.
            options = by_effect[E_SABOTEUR]
            return self._best(v, options, [float(dist(a[4], home) - 100 * dist(pos[a[3]], home))
                                           for a in options])
        if E_HORSE in by_effect:
            return first(v, by_effect[E_HORSE])
        options = [a for a in by_effect.get(E_SAFEGUARD, ()) if v.threat(pos[a[3]]) >= 2]
        if options:
            return first(v, options)
        return next(a for a in legal if a[0] == "pass")

    def _first(self, v: View, options: Sequence[tuple]) -> tuple:
        """The least of ``options`` by `key`."""
        return self._best(v, options, [0.0] * len(options))


GAME: Final = 1e5
"""What a fight for a team's last piece is worth beyond the piece: the game ("defeat the
enemy team"), as much as landing on the enemy flag."""

VACATE: Final = 200
"""What leaving our own castle free is worth while our carrier heads there (more than
any move but a carrier's five steps home)."""


KEEP: Final = {E_STRENGTH: 10.0, E_DEFENSE: 10.0, E_POISON: 25.0}
"""What a combat card is worth kept in hand for a later fight, in the units of
`GreedyAgent._stakes` (half that for a second card of the same effect)."""


AGENTS = {"random": RandomAgent, "greedy": GreedyAgent}
"""Agent registry: name -> factory (no arguments)."""

__all__ = ["AGENTS", "GreedyAgent", "RESERVE", "odds"]
