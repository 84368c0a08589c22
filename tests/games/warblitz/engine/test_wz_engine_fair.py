"""The greedy agent is fair (issue 22): its decisions do not depend on the side of the
battlefield a player sits on, on the order of a warband's rows or on card numbers.

Board rulings ``battlefield`` (a player names spaces from their own side: player 2 sees the
battlefield turned round) and ``in-front``: the same position seen from the other seat is the
board turned half a turn with the warbands' seats swapped; the same position with a
warband's rows reversed is the same cards under other numbers. Each test walks greedy
games and, at every decision, builds the transformed position and checks that greedy's
choice there is the transformed choice. The run-level checks play whole matches: a mirror
match's seat-1 share stays near one half, and reversing a warband's rows moves the results
only by noise (seeded, so the figures are fixed).
"""

from __future__ import annotations

from random import Random

from toolkit.games.warblitz.board import SIZE
from toolkit.games.warblitz.engine import (
    GreedyAgent,
    State,
    WarbandSpec,
    WarblitzParams,
    WarblitzRules,
)
from toolkit.games.warblitz.engine.basics import game_of
from toolkit.games.warblitz.engine.samples import ASH, TIDE, warband
from toolkit.games.warblitz.engine.state import (
    EMPTY,
    PICK_DIRECTION,
    PICK_SPACE,
    PICK_TARGET,
    F,
    Game,
    Task,
)
from toolkit.sim.engine import CHANCE
from toolkit.sim.run import run_play


def _swap_map(g: Game, g2: Game) -> list[int]:
    """Uids of ``g`` -> uids of ``g2``, the same warbands in swapped seats: each card to the
    same card of the other seat, each terrain piece to the piece of the same layout."""
    n0, n1 = len(g.own[0]), len(g.own[1])
    t0 = sum(1 for uid in range(g.ncards, g.count) if _layout_of(g, uid) == 0)
    t1 = g.count - g.ncards - t0
    out = []
    for uid in range(g.count):
        if uid < n0:
            out.append(n1 + uid)
        elif uid < g.ncards:
            out.append(uid - n0)
        elif uid < g.ncards + t0:
            out.append(g2.ncards + t1 + uid - g.ncards)
        else:
            out.append(g2.ncards + uid - g.ncards - t0)
    return out


def _layout_of(g: Game, uid: int) -> int:
    """The seat whose commander's layout placed terrain piece ``uid``."""
    layout0 = len(g.params.warbands[0].start.terrain)
    return 0 if uid - g.ncards < layout0 else 1


def _reverse_map(g: Game, seat: int) -> list[int]:
    """Uids of ``g`` -> uids with seat ``seat``'s rows reversed."""
    mine = g.own[seat]
    lo, hi = mine[0], mine[-1]
    return [lo + hi - uid if lo <= uid <= hi else uid for uid in range(g.count)]


class Transform:
    """A way to see one battle as another: uids, seats, spaces and directions mapped."""

    def __init__(self, params2: WarblitzParams, uids: list[int], turned: bool) -> None:
        self.params2 = params2
        self.uids = uids
        self.turned = turned

    def uid(self, uid: int) -> int:
        return EMPTY if uid == EMPTY else self.uids[uid]

    def seat(self, p: int) -> int:
        return 1 - p if self.turned else p

    def space(self, space: int) -> int:
        return EMPTY if space == EMPTY else (SIZE - 1 - space if self.turned else space)

    def direction(self, d: int) -> int:
        return (d + 2) % 4 if self.turned else d

    def per_seat(self, values):
        return [values[1], values[0]] if self.turned else list(values)

    def cards(self, cards) -> tuple[int, ...]:
        return tuple(sorted(self.uid(x) for x in cards))

    def state(self, s: State) -> State:
        """``s`` seen through this transform (the same battle, other numbers)."""
        g2 = game_of(self.params2)
        board = [EMPTY] * SIZE
        for space, uid in enumerate(s.board):
            if uid != EMPTY:
                board[self.space(space)] = self.uid(uid)
        u = [0] * (g2.count * F)
        for uid in range(s.game.count):
            row = list(s.u[uid * F:uid * F + F])
            row[0] = self.space(row[0])
            u[self.uid(uid) * F:self.uid(uid) * F + F] = row
        pair = self.per_seat

        def task(t: Task) -> Task:
            if t.kind == PICK_TARGET:
                options = tuple(sorted((self.uid(x) for x in t.options),
                                       key=lambda x: u[x * F]))
            elif t.kind == PICK_DIRECTION:
                options = tuple(sorted(self.direction(d) for d in t.options))
            elif t.kind == PICK_SPACE:
                options = tuple(sorted(self.space(m) for m in t.options))
            else:
                options = t.options
            return Task(t.kind, self.seat(t.owner), self.uid(t.source), self.space(t.origin),
                        t.steps, self.uid(t.target), self.uid(t.it), options,
                        self.uid(t.subject), t.amount)

        attack = ((self.uid(s.attack[0]), self.uid(s.attack[1])) + tuple(s.attack[2:])
                  if s.attack else ())
        return State(
            game=g2, board=board, u=u,
            pile=pair([tuple(self.uid(x) for x in pile) for pile in s.pile]),
            hand=pair([self.cards(h) for h in s.hand]),
            used=pair([self.cards(h) for h in s.used]),
            gone=pair([self.cards(h) for h in s.gone]),
            active=pair([self.cards(h) for h in s.active]),
            held=pair(list(s.held)), opened=tuple(pair(s.opened)), perm=tuple(pair(s.perm)),
            temp=tuple(pair(s.temp)), turns=tuple(pair(s.turns)), first=self.seat(s.first),
            current=self.seat(s.current), turn=s.turn, phase=s.phase, resume=s.resume,
            upgraded=s.upgraded, deployed=s.deployed,
            fresh=tuple(self.uid(x) for x in s.fresh), acted=tuple(self.uid(x) for x in s.acted),
            unit=self.uid(s.unit), struck=s.struck,
            assigned=tuple(sorted((self.uid(x), m) for x, m in s.assigned)), attack=attack,
            queue=tuple(task(t) for t in s.queue), changed=[], owns=3)

    def action(self, s: State, action: tuple) -> tuple:
        """``action`` in state ``s``, mapped."""
        kind, p = action[0], self.seat(action[1])
        if kind in ("assign", "play", "activate", "attack"):
            return (kind, p, self.uid(action[2])) + tuple(action[3:])
        if kind == "deploy":
            return (kind, p, self.uid(action[2]), self.space(action[3]))
        if kind == "move":
            return (kind, p, self.space(action[2]))
        if kind == "pick":
            task = s.queue[0]
            v = action[2]
            if task.kind == PICK_TARGET:
                v = self.uid(v)
            elif task.kind == PICK_DIRECTION:
                v = self.direction(v)
            else:
                v = self.space(v)
            return (kind, p, v)
        return (kind, p) + tuple(action[2:])


def _same_choice(s2: State, one: tuple, two: tuple) -> bool:
    """Equal actions in ``s2``, a card in the reserves named by its card (copies of a card
    are interchangeable: the rules offer the first copy only)."""
    if one[:2] != two[:2] or len(one) != len(two):
        return False
    if one[0] in ("play", "deploy"):
        g = s2.game
        return g.label[one[2]] == g.label[two[2]] and one[3:] == two[3:]
    return one == two


def _check_walk(params: WarblitzParams, transform: Transform, seed: int) -> int:
    """Play a greedy game; at every decision greedy's choice in the transformed position
    is the transformed choice. Returns the decisions checked."""
    rules, rules2 = WarblitzRules(), WarblitzRules()
    agents = [GreedyAgent(), GreedyAgent()]
    agents2 = [GreedyAgent(), GreedyAgent()]
    chance = Random(seed)
    s = rules.setup(params, chance)
    checked = 0
    while rules.to_move(s):
        mover = rules.to_move(s)[0]
        if mover == CHANCE:
            s = rules.apply(s, rules.chance(s, chance))
            continue
        legal = rules.legal_actions(s, mover)
        action = agents[mover].act(rules.observe(s, mover), legal, Random(0))
        if len(legal) > 1:
            s2 = transform.state(s)
            p2 = transform.seat(mover)
            legal2 = rules2.legal_actions(s2, p2)
            assert len(legal2) == len(legal)
            choice2 = agents2[p2].act(rules2.observe(s2, p2), legal2, Random(0))
            assert _same_choice(s2, transform.action(s, action), choice2), \
                (s.turn, s.phase, action, choice2)
            checked += 1
        s = rules.apply(s, action)
    return checked


def test_greedy_decides_the_same_from_either_seat():
    """Ruling battlefield: a position seen from the other seat (board turned, warbands'
    seats swapped) gets the same decision, turned: no tie is broken by a board index."""
    for first, second, seed in ((TIDE, TIDE, 3), (ASH, TIDE, 4), (TIDE, ASH, 8)):
        params = WarblitzParams((warband(first), warband(second)))
        swapped = WarblitzParams((warband(second), warband(first)))
        transform = Transform(swapped, _swap_map(game_of(params), game_of(swapped)), True)
        assert _check_walk(params, transform, seed) > 100


def _reversed(band: WarbandSpec) -> WarbandSpec:
    return WarbandSpec(band.name, tuple(reversed(band.cards)), band.start)


def test_greedy_decides_the_same_whatever_the_row_order():
    """A warband's rows reversed (its cards numbered the other way) give the same
    decisions: no tie is broken by a uid or a row of the sheet."""
    for seat, seed in ((0, 5), (1, 6)):
        params = WarblitzParams((warband(ASH), warband(TIDE)))
        bands = list(params.warbands)
        bands[seat] = _reversed(bands[seat])
        flipped = WarblitzParams(tuple(bands))
        transform = Transform(flipped, _reverse_map(game_of(params), seat), False)
        assert _check_walk(params, transform, seed) > 100


def test_mirror_matches_split_evenly():
    """Setup step 6 draws the first player at random, so in a mirror match (one warband
    against itself) each seat should win about half the games: 300 seeded games of the
    Tidewardens mirror (the unfair greedy gave seat 1 62%; random play 50.4%)."""
    params = WarblitzParams((warband(TIDE), warband(TIDE)))
    result = run_play(WarblitzRules(), params, ["greedy", "greedy"], games=300, seed=1,
                      check_invariants=False)
    wins = result.stats.wins
    assert 0.42 <= wins[0] / sum(wins) <= 0.58, wins


def test_reversed_rows_move_results_only_by_noise():
    """Reversing both warbands' rows changes the shuffles, so other games are played,
    but the warbands' results move only by noise (200 seeded games each: within 3
    standard deviations of a difference of two independent 200-game rates)."""
    params = WarblitzParams((warband(ASH), warband(TIDE)))
    flipped = WarblitzParams(tuple(_reversed(b) for b in params.warbands))
    rates = []
    for p in (params, flipped):
        wins = run_play(WarblitzRules(), p, ["greedy", "greedy"], games=200, seed=1,
                        check_invariants=False).stats.wins
        rates.append(wins[0] / sum(wins))
    assert abs(rates[0] - rates[1]) <= 3 * (2 * 0.25 / 200) ** 0.5, rates
