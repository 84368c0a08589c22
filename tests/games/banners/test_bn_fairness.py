"""The greedy agent is fair (issue 22): its decisions do not depend on which side of the
board a player sits, on the order of the Items sheet's rows or of the Pieces sheet's rows.

Each test plays a few games to collect decisions, builds the same position seen the
other way (the board mirrored and the sides swapped, or the sheet's rows reordered),
and checks the greedy agent takes the corresponding action there. The maps are written
here from the board's own symmetry, independently of the agent's `Frame`. A run-level
check closes: reordering the item deck's rows, or swapping the sides of a mirror match,
moves greedy's results only by noise (fixed seeds, so never flaky).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from random import Random

import pytest
from bnkit import (
    action_moved,
    decisions,
    half_turned,
    moved,
    plain,
    rows_mirrored,
    side_swap,
)

from toolkit.games.banners.engine import (
    BannersParams,
    BannersRules,
    GreedyAgent,
    ItemSpec,
    bundled_params,
    skirmish_params,
    static_of,
)
from toolkit.games.banners.engine.state import DOWN, LEFT, UP, State
from toolkit.sim.harness import run_games

Cells = Callable[[int], int]

def check_equivariant(rules: BannersRules, params: BannersParams, other: BannersParams,
                      found: list[tuple[State, int]], piece: Callable[[int], int],
                      cell: Cells, kind: Callable[[int], int], side: Callable[[int], int],
                      seat: Callable[[int], int], turn_dir: Callable[[int], int]) -> int:
    """For each decision, the greedy action in the renamed position is the renamed
    greedy action; returns how many decisions were checked."""
    agent = GreedyAgent()
    checked = 0
    for s, q in found:
        t = moved(s, other, piece, cell, kind, side, seat)
        q2 = seat(q)
        assert rules.to_move(t) == (q2,)
        legal, legal2 = rules.legal_actions(s, q), rules.legal_actions(t, q2)
        mine = agent.act(rules.observe(s, q), legal, Random(0))
        theirs = agent.act(rules.observe(t, q2), legal2, Random(0))
        expected = action_moved(mine, s, piece, cell, kind, seat, turn_dir)
        # (the engine offers the same options, renamed)
        assert sorted(map(repr, (plain(t, a) for a in legal2))) == sorted(
            repr(plain(t, action_moved(a, s, piece, cell, kind, seat, turn_dir)))
            for a in legal)
        assert plain(t, theirs) == plain(t, expected), (s.phase, mine, theirs)
        checked += 1
    return checked


@pytest.mark.parametrize("players", [2, 4])
def test_mirrored_positions_get_mirrored_decisions(players):
    """The bundled board is symmetric between the sides across its rows ("each row
    mirrors the row as far from the other edge", samples.py), and so is its set-up: the
    position with the board mirrored and the sides swapped gets, at every decision of a
    few games, the mirrored greedy decision (moves, attacks, items, combat cards)."""
    rules = BannersRules()
    params = bundled_params(players)
    lineup = ["greedy", "random"] * (players // 2)
    found = decisions(rules, params, lineup, 6, 11) + decisions(
        rules, params, lineup[::-1], 6, 21)
    mirror = side_swap(params, rows_mirrored(params), lambda d: d ^ 2 if d % 2 == 0 else d)
    assert check_equivariant(rules, params, params, found, **mirror) > 150


def test_half_turned_positions_get_turned_decisions_on_the_skirmish_board():
    """The Skirmish board is symmetric between the sides turned half round (castles on
    C1 and D6): turned positions get turned decisions."""
    rules = BannersRules()
    params = skirmish_params(2)
    found = decisions(rules, params, ["greedy", "random"], 4, 5) + decisions(
        rules, params, ["random", "greedy"], 4, 9)
    turn = side_swap(params, half_turned(params), lambda d: d ^ 2)
    assert check_equivariant(rules, params, params, found, **turn) > 100


def split_deck(params: BannersParams) -> BannersParams:
    """The book's deck with three effects each split over two rows of other names (so
    that cards of one effect come in two kinds, a tie the rows' order must not break)."""
    items = []
    for item in params.items:
        if item.effect in ("Extra Strength", "Horse", "Thief"):
            half = item.count // 2
            items.append(replace(item, count=item.count - half))
            items.append(ItemSpec(f"{item.name} II", item.effect, item.color, half))
        else:
            items.append(item)
    return replace(params, items=tuple(items))


def test_decisions_do_not_depend_on_the_order_of_the_item_rows():
    """The Items sheet read bottom row first: the same positions (each card renamed to
    its row's new place) get the same greedy decisions. The deck has two kinds of Extra
    Strength, Horse and Thief, so equal cards of two rows are a choice too."""
    rules = BannersRules()
    params = split_deck(bundled_params(2))
    n = len(params.items)
    other = replace(params, items=params.items[::-1])
    st = static_of(params)
    twins = [(a, b) for a in range(n) for b in range(a + 1, n)
             if st.kind_effect[a] == st.kind_effect[b]]
    # Random players hoard cards: their positions where the player's hand holds both
    # kinds of an effect.
    hoards = [(s, q) for s, q in decisions(rules, params, ["random", "random"], 30, 3)
              if any(s.hands[st.seat_side[q]][a] and s.hands[st.seat_side[q]][b]
                     for a, b in twins)]
    assert len(hoards) > 50
    found = decisions(rules, params, ["greedy", "greedy"], 4, 3) + hoards
    same = dict(piece=lambda i: i, cell=lambda c: c, kind=lambda k: n - 1 - k,
                side=lambda s: s, seat=lambda q: q, turn_dir=lambda d: d)
    assert check_equivariant(rules, params, other, found, **same) > 100


def test_decisions_do_not_depend_on_the_order_of_the_piece_rows():
    """The Pieces sheet with each side's rows in another order (Green before Blue, Yellow
    before Red): the same positions get the same greedy decisions."""
    rules = BannersRules()
    params = bundled_params(2)
    order = (2, 3, 0, 1, 6, 7, 4, 5)  # the new sheet's pieces, by their old numbers
    other = replace(params, pieces=tuple(params.pieces[i] for i in order))
    new = {old: k for k, old in enumerate(order)}
    found = decisions(rules, params, ["greedy", "random"], 3, 31) + decisions(
        rules, params, ["random", "greedy"], 3, 41)
    same = dict(piece=new.__getitem__, cell=lambda c: c, kind=lambda k: k,
                side=lambda s: s, seat=lambda q: q, turn_dir=lambda d: d)
    assert check_equivariant(rules, params, other, found, **same) > 80


def test_reordered_rows_and_swapped_sides_move_results_only_by_noise():
    """Run level, fixed seeds: greedy against greedy wins as often from either side of
    the bundled board, with the item rows as bundled or reversed (each within four
    standard errors of even, 600 games)."""
    rules = BannersRules()
    params = bundled_params(2)
    for p in (params, replace(params, items=params.items[::-1])):
        result, _ = run_games(rules, p, ["greedy", "greedy"], 600, 1)
        first = result.stats.wins[0]
        assert abs(first - 300) <= 4 * 12.3, result.stats.wins  # sd of 600 fair games


def test_frame_finds_the_symmetry_of_board_and_set_up():
    """Side 2 sees the bundled board with its rows mirrored (the set-up is mirrored so:
    Blue 1 on E13, Red 1 on E1), the Skirmish board turned half round."""
    from toolkit.games.banners.engine.agents import HALF_TURN, MIRROR_ROWS, tables

    frame = tables(static_of(bundled_params(2))).frame
    assert frame.how == MIRROR_ROWS
    assert frame.turn[1][UP] == DOWN and frame.turn[1][LEFT] == LEFT
    assert tables(static_of(skirmish_params(2))).frame.how == HALF_TURN
