"""Movement (M1-M5) and the spaces, each test quoting the rulebook line it checks.

Positions use the bundled "Twin Keeps" board (11 × 13, spaces named as in its Board
sheet) or a one-corridor board where every path is forced."""

from __future__ import annotations

from random import Random

import pytest
from bnkit import (
    BLUE1,
    BLUE2,
    GREEN1,
    GREEN2,
    RED1,
    RED2,
    YELLOW1,
    YELLOW2,
    at,
    brute_force,
    bundled_params,
    cell,
    corridor_params,
    moves,
    name_of,
)

from toolkit.games.banners.engine import BannersParams, BannersRules
from toolkit.games.banners.engine.moves import reach_words
from toolkit.games.banners.engine.state import (
    ITEM,
    MOVE,
    REMOVED,
    RESERVE,
    ROLL,
    S_CASTLE,
    S_TREE,
    joined,
    static_of,
    words,
)
from toolkit.sim.engine import CHANCE

P2 = bundled_params(2)
P4 = bundled_params(4)


@pytest.fixture
def rules() -> BannersRules:
    return BannersRules()


def piece_moves(rules, s, piece):
    return {m for m in moves(rules, s) if m[0] == piece}


def test_first_roll_decides_who_goes_first(rules):
    # M1: "Roll to see who goes first."
    s = rules.setup(P2, Random(1))
    assert rules.to_move(s) == (CHANCE,)
    for seed in range(30):
        action = rules.chance(s, Random(seed))
        assert action[0] == "first" and action[2] != action[3]  # ties roll again
        after = rules.apply(s, action)
        assert after.first == after.side == (0 if action[2] > action[3] else 1)
        assert after.turn == 1 and after.phase in (ITEM, ROLL)


def test_the_full_roll_is_moved_orthogonally(rules):
    # M2: "Move one piece that number of spaces ... moving diagonal is not. The full roll
    # must be moved"
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=1)
    assert piece_moves(rules, s, BLUE1) == {(BLUE1, "F10"), (BLUE1, "F12"), (BLUE1, "E11"),
                                            (BLUE1, "G11")}
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=2)
    ends = {m[1] for m in piece_moves(rules, s, BLUE1)}
    assert "F9" in ends and "E10" in ends and "E11" not in ends and "F11" not in ends


def test_backwards_is_allowed(rules):
    # M2: "Moving backwards is allowed"
    s = at(rules, P2, {BLUE1: "F8"}, phase=MOVE, roll=2)
    assert (BLUE1, "F10") in piece_moves(rules, s, BLUE1)  # towards side 1's own edge


def test_scouts_get_two_more_in_1v1_only(rules):
    # M3: "In 1v1 play, green pieces and yellow pieces are scouts, meaning that they get
    # +2 on their dice roll"; D1: "There are no scouts in 2v2 matches."
    s = at(rules, P2, {GREEN1: "F11"}, phase=MOVE, roll=1)
    ends = {m[1] for m in piece_moves(rules, s, GREEN1)}
    three = {name_of(P2, m[1]) for m in brute_force(s, GREEN1, 3)}
    assert ends == three and "F8" in ends  # 1 + 2: three spaces
    s = at(rules, P4, {GREEN1: "F11"}, phase=MOVE, roll=1, member=1)
    assert {m[1] for m in piece_moves(rules, s, GREEN1)} == {"F10", "F12", "E11", "G11"}


def test_no_direct_backtracking(rules):
    # M5: "You cannot move back onto a space that you have just left (no direct
    # backtracking)." In a corridor, 3 spaces from C2 only reach F2: C2-D2-C2-B2 and the
    # like would step straight back.
    p = corridor_params()
    s = at(rules, p, {0: "C2", 1: "A6", 2: "G4", 3: "A4"}, phase=MOVE, roll=3)
    assert piece_moves(rules, s, 0) == {(0, "F2")}


def test_pieces_block_a_path_and_attacks_end_it(rules):
    # C1: "To go into combat, a moving piece must be attempting to move onto a space
    # occupied by the opponent." (ruling attack-on-landing: the last step)
    p = corridor_params()
    s = at(rules, p, {0: "C2", 1: "A6", 2: "E2", 3: "A4"}, phase=MOVE, roll=2)
    assert piece_moves(rules, s, 0) == {(0, "xE2", "from D2"), (0, "A2")}
    s = at(rules, p, {0: "C2", 1: "A6", 2: "E2", 3: "A4"}, phase=MOVE, roll=3)
    assert piece_moves(rules, s, 0) == set()  # blocked forward, dead end backward


def test_trees_cannot_be_entered(rules):
    # Spaces on board: "Trees: players cannot move onto these spaces."
    s = at(rules, P2, {BLUE1: "E8"}, phase=MOVE, roll=1)
    assert {m[1] for m in piece_moves(rules, s, BLUE1)} == {"E9", "D8", "F8"}  # E7 a tree


def test_a_flag_carrier_cannot_enter_or_cross_a_keep(rules):
    # M4: "If a piece has a flag, they cannot enter a keep."
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=2)
    assert (BLUE1, "F9") in piece_moves(rules, s, BLUE1)
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=2, flag_carrier=(-1, BLUE1))
    carried = piece_moves(rules, s, BLUE1)
    assert (BLUE1, "F9") not in carried
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=3, flag_carrier=(-1, BLUE1))
    assert (BLUE1, "F8") not in piece_moves(rules, s, BLUE1)  # only path crosses F9


def test_engine_moves_match_a_brute_force_walk_of_every_path(rules):
    """Random positions: the bit-mask search gives exactly the moves and attacks found by
    walking every path one step at a time."""
    rng = Random(7)
    st = rules.setup(P2, Random(0)).st
    spaces = [c for c in range(st.n) if st.kind[c] not in (S_TREE, 5, S_CASTLE)]
    checked = 0
    for _ in range(250):
        cells = rng.sample(spaces, 8)
        side = rng.randrange(2)
        closed = tuple(rng.choice((0, 0, 9)) for _ in st.keeps)
        carrier = rng.choice((-1, -1, rng.choice(st.side_pieces[side])))
        flags = (-1, carrier) if side == 0 else (carrier, -1)
        ghost = rng.choice(((-1, -1), (-1, -1), (1, -1), (-1, 1)))
        roll = rng.randrange(1, 9)
        s = rules.position(P2, dict(enumerate(cells)), side=side, phase=MOVE, roll=roll,
                           keep_open=closed, flag_carrier=flags, ghost=ghost)
        got = set()
        for a in rules.legal_actions(s, side):
            got.add((a[2], a[3]) if a[0] == "move" else (a[2], "x", a[3], a[4]))
        want = set()
        for piece in st.side_pieces[side]:
            want |= brute_force(s, piece, roll + st.move_bonus(piece))
        assert got == want, (cells, side, roll)
        checked += len(want)
    assert checked > 2000


def _random_board(rng: Random, rows: int, cols: int) -> tuple[tuple[str, ...], ...]:
    """A board of open spaces, trees and keeps, the castles and a drawbridge of each side
    in the middle of its edge row (side 2's at the top)."""
    board = [[rng.choice(".......TK") for _ in range(cols)] for _ in range(rows)]
    mid = cols // 2
    board[0][mid - 1:mid + 1] = ["C2", "D2"]
    board[-1][mid - 1:mid + 1] = ["C1", "D1"]
    return tuple(tuple(row) for row in board)


@pytest.mark.parametrize("rows, cols", [(25, 5), (31, 5), (6, 29), (7, 29), (4, 70),
                                        (3, 61), (2, 3)])
def test_moves_match_a_brute_force_walk_on_boards_of_every_shape(rules, rows, cols):
    """The search cuts a board into three words of whole rows (at most 60 bits each when
    a row fits, all of a board too big for three in one): on boards that fill the words
    exactly, leave the last one short, or take a big int, it still gives exactly the
    moves and attacks of walking every path."""
    rng = Random(rows * 100 + cols)
    params = BannersParams(_random_board(rng, rows, cols), P2.pieces, P2.items, 2)
    st = rules.setup(params, Random(0)).st
    spaces = [c for c in range(st.n) if st.kind[c] not in (S_TREE, 5, S_CASTLE)]
    checked = 0
    for _ in range(60):
        cells = rng.sample(spaces, min(8, len(spaces)))
        side = rng.randrange(2)
        carrier = rng.choice((-1, -1, rng.choice(st.side_pieces[side])))
        flags = (-1, carrier) if side == 0 else (carrier, -1)
        roll = rng.randrange(1, 9)
        s = rules.position(params, dict(enumerate(cells)), side=side, phase=MOVE, roll=roll,
                           flag_carrier=flags)
        got = set()  # (the pieces left in the reserve enter: not walked here)
        for a in rules.legal_actions(s, side):
            if s.pos[a[2]] >= 0:
                got.add((a[2], a[3]) if a[0] == "move" else (a[2], "x", a[3], a[4]))
        want = set()
        for piece in st.side_pieces[side]:
            if s.pos[piece] >= 0:
                want |= brute_force(s, piece, roll + st.move_bonus(piece))
        assert got == want, (cells, side, roll)
        checked += len(want)
    assert checked > 20


def test_the_search_in_three_words_matches_the_board_in_one():
    """`reach_words` gives the same cells with the board cut into three words of 60 bits
    (the compiled build) as with it all in one (the pure build, big boards)."""
    st = static_of(P2)
    rng = Random(3)
    spaces = [c for c in range(st.n) if st.all >> c & 1]
    for _ in range(300):
        inner = sum(1 << c for c in rng.sample(spaces, rng.randrange(40, 120)))
        final = inner | sum(1 << c for c in rng.sample(spaces, 10))
        start = sum(1 << c for c in rng.sample(spaces, rng.choice((1, 1, 3))))
        steps = rng.randrange(1, 9)
        one = reach_words(st.wp, st.n, start, 0, 0, steps, inner, 0, 0, final, 0, 0)
        three = reach_words(st.wp, 60, *words(60, start), steps, *words(60, inner),
                            *words(60, final))
        assert [joined(60, *three[k:k + 3]) for k in range(0, 12, 3)] == list(one[::3])
        assert one[1::3] == one[2::3] == (0, 0, 0, 0)


def test_keep_gives_an_item_and_protects(rules):
    # T1: "Land on a keep space to receive 1 item card."
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=2)
    s = rules.apply(s, ("move", 0, BLUE1, cell(P2, "F9")))
    assert rules.to_move(s) == (CHANCE,)
    draw = rules.chance(s, Random(3))
    assert draw[0] == "draw"
    s = rules.apply(s, draw)
    assert sum(s.hands[0]) == 1 and sum(s.deck) == 53
    assert s.side == 1  # the move ended the turn (the card is usable from the next one)
    # Keeps: "While in a keep, that piece cannot be attacked."
    s = at(rules, P2, {BLUE1: "F9", RED1: "F7"}, side=1, phase=MOVE, roll=2)
    assert not any(m[1] == "xF9" for m in piece_moves(rules, s, RED1))


def test_an_empty_deck_gives_nothing(rules):
    # Items: "when there are no more cards to draw none can be obtained."
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=2, deck={})
    s = rules.apply(s, ("move", 0, BLUE1, cell(P2, "F9")))
    assert s.side == 1 and sum(s.hands[0]) == 0 and rules.counts["banners.rule.deck-empty"]


def test_a_keep_left_stays_closed_for_a_full_turn(rules):
    # Keeps: "After leaving this keep, no one may enter until a full turn has gone by."
    s = at(rules, P2, {BLUE1: "F9", RED1: "F6"}, phase=MOVE, roll=1, turn=5)
    s = rules.apply(s, ("move", 0, BLUE1, cell(P2, "F10")))
    assert s.side == 1 and s.turn == 6
    closed = at(rules, P2, {BLUE1: "F10", RED1: "F7"}, side=1, phase=MOVE, roll=2, turn=6,
                keep_open=s.keep_open)
    assert (RED1, "F9") not in piece_moves(rules, closed, RED1)
    reopened = at(rules, P2, {BLUE1: "F10", RED1: "F7"}, side=0, phase=MOVE, roll=2,
                  turn=7, keep_open=s.keep_open)
    assert (BLUE1, "F9") not in piece_moves(rules, reopened, BLUE1)  # F10 to F9 is 1
    reopened = at(rules, P2, {BLUE1: "F11", RED1: "F7"}, side=0, phase=MOVE, roll=2,
                  turn=7, keep_open=s.keep_open)
    assert (BLUE1, "F9") in piece_moves(rules, reopened, BLUE1)


def test_landing_on_the_enemy_castle_grabs_its_flag_and_must_leave(rules):
    # Castle: "Land on the opponent's castle space to grab their flag. You must leave this
    # space on your next turn."
    s = at(rules, P2, {BLUE1: "F3"}, phase=MOVE, roll=2)
    s = rules.apply(s, ("move", 0, BLUE1, cell(P2, "F1")))
    assert s.flag_carrier == (-1, BLUE1)
    later = at(rules, P2, {BLUE1: "F1", RED1: "A3", RED2: "K3", YELLOW1: "B3",
                           YELLOW2: "J3"}, phase=MOVE, roll=2, flag_carrier=(-1, BLUE1))
    assert {m[0] for m in moves(rules, later)} == {BLUE1}


def test_blocked_in_on_the_castle_may_go_through_pieces_or_attack(rules):
    # Castle: "If completely blocked in by pieces, you may add their space to your roll and
    # go through them." May: going through is a choice, and attacking a blocker with the
    # last step of the roll (C1) stays one (before, only the ways through were offered).
    s = at(rules, P2, {BLUE1: "F1", RED1: "E1", RED2: "G1", YELLOW1: "F2", YELLOW2: "F3"},
           phase=MOVE, roll=1, flag_carrier=(-1, BLUE1))
    found = piece_moves(rules, s, BLUE1)
    ends = {m[1] for m in found if len(m) == 2}
    # a roll of 1 goes through any pieces to one free space beyond them: through E1 to D1
    # or E2, through G1 to H1 or G2, through F2 to E2 or G2, through F2 and F3 to F4, E3, G3
    assert ends == {"D1", "E2", "H1", "G2", "F4", "E3", "G3"}
    assert {m[1] for m in found if len(m) == 3} == {"xE1", "xG1", "xF2"}
    assert "goes through the pieces" in rules.describe(s, ("move", 0, BLUE1, cell(P2, "F4")))[1]
    assert rules.counts["banners.rule.castle-blocked-in"]
    s = at(rules, P2, {BLUE1: "F1", RED1: "E1", RED2: "G1", YELLOW1: "F2", YELLOW2: "F3"},
           phase=MOVE, roll=2, flag_carrier=(-1, BLUE1))
    assert not any(len(m) == 3 for m in piece_moves(rules, s, BLUE1))  # 2: no last step


def test_bringing_the_enemy_flag_home_wins(rules):
    # Goal of the game: "Bring the enemy's flag back to your castle"
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=2, flag_carrier=(-1, BLUE1))
    s = rules.apply(s, ("move", 0, BLUE1, cell(P2, "F13")))
    assert s.outcome.winner == 0 and s.outcome.reason == "flag brought home"
    assert rules.to_move(s) == ()


def test_reserve_pieces_enter_through_a_free_drawbridge(rules):
    # Ruling setup-placement: pieces beyond the drawbridges wait and enter through one.
    s = at(rules, P2, {BLUE1: RESERVE, BLUE2: RESERVE, GREEN1: "B11", GREEN2: "J11"},
           phase=MOVE, roll=1)
    ends = {m[1] for m in moves(rules, s) if m[0] in (BLUE1, BLUE2)}
    assert ends == {"E13", "G13", "E12", "G12"}
    assert not any(m[0] == BLUE2 for m in moves(rules, s))  # waiting pieces are alike


def test_no_full_length_move_loses_the_move(rules):
    # Ruling no-full-move; M2: "The full roll must be moved".
    p = corridor_params()
    s = at(rules, p, {0: "C2", 1: REMOVED, 2: "E2", 3: "A4"}, phase=ROLL)
    s = rules.apply(s, ("roll", CHANCE, 3))
    assert s.side == 1 and rules.counts["banners.ruling.no-full-move"] == 1


def test_the_2v2_team_moves_one_after_the_other(rules):
    # D2: "Both players on the team move one after the other in one turn."
    s = at(rules, P4, {}, phase=ROLL)
    assert rules.to_move(s) == (CHANCE,)
    seats = []
    rng = Random(2)
    while len(seats) < 8:
        movers = rules.to_move(s)
        if movers[0] == CHANCE:
            s = rules.apply(s, rules.chance(s, rng))
            continue
        legal = rules.legal_actions(s, movers[0])
        if s.phase == MOVE and s.member == 0 or s.phase == MOVE:
            seats.append(movers[0])
        s = rules.apply(s, legal[0])
    # seats 0 and 2 are side 1, seats 1 and 3 side 2 (FORMATS.md)
    assert seats == [0, 2, 1, 3, 0, 2, 1, 3]
    assert {BLUE1, BLUE2} == set(s.st.seat_pieces[0])
    assert {GREEN1, GREEN2} == set(s.st.seat_pieces[2])
    assert {RED1, RED2} == set(s.st.seat_pieces[1])
    assert {YELLOW1, YELLOW2} == set(s.st.seat_pieces[3])


@pytest.mark.parametrize("players", [2, 4])
def test_moves_indexed_one_by_one_are_the_listed_ones(players):
    # A random player indexes one option of the lazy list; every index (and every
    # negative one) must give the option the full list has there.
    rules = BannersRules()
    rng = Random(players + 10)
    s = rules.setup(bundled_params(players), rng)
    seen = with_attacks = 0
    for _ in range(1500):
        movers = rules.to_move(s)
        if not movers:
            break
        if movers[0] < 0:
            s = rules.apply(s, rules.chance(s, rng))
            continue
        legal = rules.legal_actions(s, movers[0])
        if s.phase == MOVE:
            one_by_one = rules._move_options(s)
            listed = rules._move_options(s).items()
            assert [one_by_one[i] for i in range(len(listed))] == listed
            assert [one_by_one[-1 - i] for i in range(len(listed))] == listed[::-1]
            seen += 1
            with_attacks += any(a[0] == "attack" for a in listed)
        s = rules.apply(s, legal[rng.randrange(len(legal))])
    assert seen > 50 and with_attacks > 3
