"""Issue 24: where the engine decided a point the rulebook does decide, or offered fewer
choices than the book, and where logs and prints misreported. Each test quotes the
sentence of shared/rules/battle-of-banners.md it checks and failed on the old code."""

from __future__ import annotations

import pytest
from bnkit import BLUE1, GREEN1, RED1, RED2, YELLOW1, YELLOW2, at, cell, kind, moves, name_of

from tests.helpers import act, make_xlsx
from toolkit.core.registry import ValidateRequest
from toolkit.games.banners.boardart import board_drawing, edge_labels
from toolkit.games.banners.deck import validate
from toolkit.games.banners.engine import (
    RULINGS,
    BannersParams,
    BannersRules,
    book_items,
    bundled_params,
    pieces,
)
from toolkit.games.banners.engine.samples import BOARD
from toolkit.games.banners.engine.state import ATT_CARD, DEF_CARD, MOVE, ROLL, closed_keeps
from toolkit.render.display import Text
from toolkit.sim.engine import CHANCE

P2 = bundled_params(2)
SWAP = {"D1": "D2", "D2": "D1", "C1": "C2", "C2": "C1"}
REVERSED = tuple(tuple(SWAP.get(c, c) for c in row) for row in BOARD)
"""The bundled board drawn the other way round from FORMATS: side 1 at row 1."""
PR = BannersParams(REVERSED, pieces(), book_items(), 2, "reversed")


@pytest.fixture
def rules() -> BannersRules:
    return BannersRules()


def hand(**names):
    return {kind(name.replace("_", " ")): n for name, n in names.items()}


def items_of(rules, s):
    return [a for a in rules.legal_actions(s, s.seat) if a[0] == "item"]


def ends(rules, s, piece):
    return {m[1] for m in moves(rules, s) if m[0] == piece and len(m) == 2}


# ------------------------------------------------------------------ the castle

def test_safeguard_on_another_piece_does_not_excuse_the_piece_on_the_enemy_castle(rules):
    # Castle: "You must leave this space on your next turn."; Safeguard: "this card
    # forfeits your turn". Blue 1 stands on side 2's castle (the flag lies on the field):
    # Safeguard may move Blue 1 itself to a keep, not Green 1 (before: either).
    s = at(rules, P2, {BLUE1: "F1", GREEN1: "F7"}, hands=(hand(Safeguard=1), {}),
           flag_drop=(-1, cell(P2, "K5")))
    options = items_of(rules, s)
    assert options and {a[3] for a in options} == {BLUE1}
    # Carrying the flag it cannot go to a keep (M4): no Safeguard at all.
    s = at(rules, P2, {BLUE1: "F1", GREEN1: "F7"}, hands=(hand(Safeguard=1), {}),
           flag_carrier=(-1, BLUE1))
    assert not items_of(rules, s)


def test_a_path_may_loop_back_to_its_start_but_not_onto_the_enemy_castle(rules):
    # M5: "You cannot move back onto a space that you have just left (no direct
    # backtracking)." Only direct backtracking is barred: F3-G3-G4-F4-F3 is a move of 4
    # (before: the ruling path-shape left it out).
    s = at(rules, P2, {BLUE1: "F3"}, phase=MOVE, roll=4)
    assert "F3" in ends(rules, s, BLUE1)
    assert "banners.ruling.path-shape" not in RULINGS
    # Castle: "You must leave this space on your next turn": F1-E1-E2-F2-F1 does not.
    s = at(rules, P2, {BLUE1: "F1", RED1: "A3", RED2: "K3", YELLOW1: "B3", YELLOW2: "J3"},
           phase=MOVE, roll=4, flag_carrier=(-1, BLUE1))
    assert "F1" not in ends(rules, s, BLUE1) and "F3" in ends(rules, s, BLUE1)


# ------------------------------------------------------------------ directions

def test_safeguard_behind_is_towards_the_sides_own_castle_as_drawn(rules):
    # Safeguard: "Move a chosen ally piece to any keep behind it." On a board drawn with
    # side 1 at row 1, side 1's "behind" is towards row 1 (before: towards the last row).
    s = at(rules, PR, {BLUE1: "F7"}, hands=(hand(Safeguard=1), {}))
    keeps = {name_of(PR, a[4]) for a in items_of(rules, s) if a[3] == BLUE1}
    assert keeps == {"C2", "I2", "F5", "B6", "J6"}


def test_the_validator_warns_about_sides_drawn_the_other_way_round(tmp_path):
    # FORMATS: "Row 1 is side 2's edge, the last row side 1's."; T1: "Land on a keep space
    # to receive 1 item card." (a board with no keep can never give one).
    def found(grid):
        path = make_xlsx(tmp_path / "b.xlsx", {"Board": [list(r) for r in grid]})
        result = validate(ValidateRequest(path))
        return result, [(p.severity, p.rule, p.location.cell) for d in result.decks
                        for p in d.report.problems]

    result, problems = found(REVERSED)
    assert result.valid and ("warning", "banners.board.orientation", "F1") in problems
    result, problems = found([row.split() for row in ("T  .  C2 D1 .  T",
                                                      ".  .  .  .  .  .",
                                                      ".  .  T  .  .  .",
                                                      ".  .  .  T  .  .",
                                                      ".  .  .  .  .  .",
                                                      "T  .  D2 C1 .  T")])
    rules = [p[1] for p in problems]
    assert result.valid and rules.count("banners.board.drawbridge-side") == 2
    assert ("warning", "banners.board.drawbridge-side", "D1") in problems
    assert "banners.board.no-keep" in rules and "banners.board.orientation" not in rules


# ------------------------------------------------------------------ items

def test_providing_aid_may_put_a_piece_on_a_castle_never_on_a_dropped_flag(rules):
    # Providing Aid: "Move any piece (except for a piece with the flag) adjacent to any
    # other piece on the board." A castle next to a piece is such a space (before: left
    # out, though the ruling's text and the code disagreed on dropped flags).
    s = at(rules, P2, {BLUE1: "B11", RED1: "F2", RED2: "F5"}, hands=(hand(Providing_Aid=1), {}),
           flag_drop=(-1, cell(P2, "F4")))
    options = items_of(rules, s)
    aid = kind("Providing Aid")
    assert ("item", 0, aid, BLUE1, cell(P2, "F1")) in options
    assert ("item", 0, aid, BLUE1, cell(P2, "F4")) not in options  # side 2's flag lies there
    assert "castle" in RULINGS["banners.ruling.providing-aid"].decision


def test_a_piece_reaped_inside_a_keep_frees_the_keep(rules):
    # The Reaper: "remove any 1 of your opponent's pieces from the game completely." The
    # piece is removed, it does not leave: the keep is free at once (ruling reaper-targets).
    s = at(rules, P2, {RED1: "F9", BLUE1: "F11"}, hands=(hand(The_Reaper=1), {}), turn=3)
    s = act(rules, s, ("item", 0, kind("The Reaper"), RED1))
    assert not closed_keeps(s) and s.phase == ROLL
    s = rules.apply(s, ("roll", CHANCE, 2))
    assert "F9" in ends(rules, s, BLUE1)
    assert "does not close" in RULINGS["banners.ruling.reaper-targets"].decision


# ------------------------------------------------------------------ logs and print

def test_a_moves_reason_states_the_spaces_actually_moved(rules):
    # Rain Storm: "This subtracts your opponent's dice roll by 3 on their next turn." A roll
    # of 5 under Rain Storm moves 2 spaces (before: "a path of exactly 5 space(s)").
    s = at(rules, P2, {BLUE1: "F11"}, phase=MOVE, roll=5, turn=3, rain=(3, -1),
           rain_by=(3, 0))
    assert ends(rules, s, BLUE1) >= {"F9", "E10"}
    what, why = rules.describe(s, ("move", 0, BLUE1, cell(P2, "F9")))
    assert what == "moves Blue 1 F11 → F9"
    assert why == "a path of exactly 2 spaces (M2): roll 5, Rain Storm -3"


def test_combat_lines_name_who_played_each_card_and_each_modifier(rules):
    # C2: "The red and blue pieces that attack gets a +1 to their roll"; Extra Strength:
    # "Adds +1 to an attacking piece"; Poison: "-3 on opponent's combat roll."
    lines: list[tuple[str, str]] = []
    rules.emit = lambda kind_, text: lines.append((kind_, text))
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3,
           hands=(hand(Extra_Strength=1), hand(Poison=1)))
    s = rules.apply(s, ("attack", 0, BLUE1, cell(P2, "F8"), cell(P2, "F9")))
    assert s.phase == ATT_CARD
    strength = ("combat", 0, kind("Extra Strength"))
    assert rules.describe(s, strength)[0] == "the attacker (Blue 1) plays Extra Strength"
    s = rules.apply(s, strength)
    assert s.phase == DEF_CARD
    poison = ("combat", 1, kind("Poison"))
    assert rules.describe(s, poison) == ("the defender (Red 1) plays Poison",
                                         "Poison: -3 on the attack (T3)")
    s = rules.apply(s, poison)
    rules.apply(s, ("dice", CHANCE, 4, 3, 2, 2))
    assert ("info", "attack 4+3 +1 (attack bonus, C2) +1 (Extra Strength) -3 (the "
                    "defender's Poison) = 6, defence 2+2 = 4") in lines


def test_the_printed_board_labels_the_edges_as_the_sheet_draws_them():
    # FORMATS: "Row 1 is side 2's edge"; a board drawn the other way round is labelled as
    # drawn (before: side 2 always at the top).
    assert edge_labels(BOARD) == ([(2, "starts at this edge")], [(1, "starts at this edge")])
    assert edge_labels(REVERSED) == ([(1, "starts at this edge")],
                                     [(2, "starts at this edge")])
    dl = board_drawing(REVERSED, 15.0, "reversed", [(1, "Blue"), (2, "Red")])
    labels = [op for op in dl.ops if isinstance(op, Text)
              and "starts at this edge" in "".join(s.text for s in op.spans)]
    top, bottom = sorted(labels, key=lambda op: op.y)
    assert "Side 1" in "".join(s.text for s in top.spans)
    assert "Side 2" in "".join(s.text for s in bottom.spans)


# ------------------------------------------------------------------ rulings

def test_rulings_quote_the_book_and_say_why_it_does_not_decide():
    # Issue 24: `pnp rulings banners` lists only places where the book is silent or
    # ambiguous; each quotes the sentence it reads and says why the text does not decide.
    for gone in ("attack-bonus-2v2", "path-shape", "saboteur"):
        assert f"banners.ruling.{gone}" not in RULINGS
    for ruling in RULINGS.values():
        question, _, why = ruling.question.partition("?")
        assert why.strip(), ruling.id  # the question, then why the text leaves it open
        assert '"' in ruling.passage, ruling.id
