"""Validating a Banners workbook: Items, the Board grid and Pieces, each problem at its
own cell, quoting the rulebook where a rule comes from it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import errors_of, make_xlsx, rules_of
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.games.banners.book import EFFECT_LIST
from toolkit.games.banners.deck import DEFAULT_FILE, load_decks, validate
from toolkit.games.banners.engine.samples import BOARD, PIECES

ITEMS_HEADER = ["Name", "Color", "Qty", "Effect"]
BOOK_ITEMS = [[e.name, e.color, e.count, e.name] for e in EFFECT_LIST]
PIECES_ROWS = [["Side", "Color", "Count"], *[list(p) for p in PIECES]]


def board(*rows: str) -> list[list[str]]:
    return [row.split() for row in rows]


SMALL = board("T  .  C2 D2 .  T",
              ".  .  .  .  K  .",
              "K  .  T  .  .  .",
              ".  .  .  T  .  K",
              ".  K  .  .  .  .",
              "T  .  D1 C1 .  T")


def workbook(tmp_path: Path, name: str = "game.xlsx", items=None, grid=None,
             pieces=None, extra: dict | None = None) -> Path:
    sheets = {"Items": [ITEMS_HEADER, *(BOOK_ITEMS if items is None else items)],
              "Board": [list(r) for r in (BOARD if grid is None else grid)],
              "Pieces": PIECES_ROWS if pieces is None else pieces}
    sheets.update(extra or {})
    return make_xlsx(tmp_path / name, {k: v for k, v in sheets.items() if v is not None})


def problems(path: Path, **kw):
    result = validate(ValidateRequest(path, **kw))
    return result, [(p.severity, p.rule, p.location.cell, p.message)
                    for d in result.decks for p in d.report.problems]


def test_bundled_workbook_is_valid_and_clean():
    result = validate(ValidateRequest(DEFAULT_FILE))
    assert result.valid and rules_of(result) == []
    assert [(d.name, d.kind) for d in result.decks] == [("catalog", "catalog"),
                                                         ("Board", "deck")]


def test_book_deck_and_board_validate(tmp_path):
    result, found = problems(workbook(tmp_path))
    assert result.valid and found == []


def test_unknown_space_is_located_at_its_cell(tmp_path):
    grid = [list(r) for r in BOARD]
    grid[6][3] = "X"
    grid[2][0] = "k"  # a keep written in lower case is fine
    result, found = problems(workbook(tmp_path, grid=grid))
    assert not result.valid
    assert [(sev, rule, c) for sev, rule, c, _ in found] == [
        ("error", "banners.board.space", "D7"), ("warning", "banners.board.symmetry", "A3")]
    assert "'X' is not a space" in found[0][3]


def test_castles_and_drawbridges_are_required(tmp_path):
    # Castle: "Land on the opponent's castle space to grab their flag." (one a side);
    # "Drawbridges: the starting spaces of pieces"
    grid = board("T  .  .  D2 .  T",
                 ".  K  C1 .  .  .",
                 ".  .  T  .  K  .",
                 ".  K  .  T  .  .",
                 ".  .  .  .  K  .",
                 "T  .  .  C1 .  T")
    result, found = problems(workbook(tmp_path, grid=grid))
    errors = [(r, c, m) for s, r, c, m in found if s == "error"]
    assert [e[:2] for e in errors] == [
        ("banners.board.castle", "D6"), ("banners.board.drawbridge", None),
        ("banners.board.castle", None)]
    assert "a second castle for side 1" in errors[0][2] and "C2" in errors[0][2]
    assert "side 1 has no drawbridge" in errors[1][2]
    assert "side 2 has no castle" in errors[2][2]


def test_a_board_without_a_path_between_the_castles(tmp_path):
    # "Trees: players cannot move onto these spaces."
    grid = board("T  .  C2 D2 .  T",
                 ".  K  .  .  .  .",
                 "T  T  T  T  T  T",
                 "T  T  T  T  T  T",
                 ".  .  .  .  K  .",
                 "T  .  D1 C1 .  T")
    result, found = problems(workbook(tmp_path, grid=grid))
    path = [f for f in found if f[1] == "banners.board.path"]
    assert path and path[0][0] == "error" and path[0][2] == "D6"


def test_walled_in_drawbridge_and_keep_are_warnings(tmp_path):
    grid = board(".  .  C2 D2 .  .  .",
                 ".  T  T  T  .  T  .",
                 ".  T  K  T  .  T  T",
                 ".  T  T  T  .  T  D1",
                 ".  .  .  .  .  T  T",
                 ".  .  D1 C1 .  .  .")
    result, found = problems(workbook(tmp_path, grid=grid))
    walled = [(c, m) for s, r, c, m in found if r == "banners.board.unreachable"]
    assert [c for c, _ in walled] == ["C3", "G4"]
    assert "no piece can ever reach this keep" in walled[0][1]
    assert "can never leave it" in walled[1][1]
    assert result.valid  # the board still plays


def test_asymmetric_board_names_the_first_difference(tmp_path):
    grid = [list(r) for r in SMALL]
    grid[1][1] = "K"
    result, found = problems(workbook(tmp_path, grid=grid, pieces=PIECES_ROWS))
    sym = [f for f in found if f[1] == "banners.board.symmetry"]
    assert sym and sym[0][0] == "warning" and sym[0][2] == "B2"
    assert "E5" in sym[0][3]  # its match when the board is turned half round
    assert result.valid


def test_blank_cells_are_open_and_row_one_is_side_twos_edge(tmp_path):
    grid = [[None if c == "." else c for c in row] for row in SMALL]
    _, games = load_decks(ValidateRequest(workbook(tmp_path, grid=grid)))
    assert games[0].valid and games[0].board.rows[1] == (".", ".", ".", ".", "K", ".")


def test_a_formula_without_a_cached_value_is_reported(tmp_path):
    grid = [list(r) for r in SMALL]
    grid[2][3] = "=\"K\""
    _, found = problems(workbook(tmp_path, grid=grid))
    assert ("error", "sheet.formula-no-value", "D3") in [f[:3] for f in found]


def test_item_errors_are_located(tmp_path):
    items = [*BOOK_ITEMS, ["Horsey", "Green", 1, "Hors"], ["Horse", "Green", 1, "Horse"],
             ["Mystery", "Pink", 1, "Famine"], ["Blade Oil", "Red", 1, None]]
    result, found = problems(workbook(tmp_path, items=items))
    errors = [(r, c) for s, r, c, _ in found if s == "error"]
    assert errors == [("banners.item.effect", "D18"), ("banners.item.duplicate", "A19"),
                      ("banners.item.color", "B20"), ("banners.item.effect", "D21")]
    assert "did you mean 'Horse'" in found[0][3]


def test_a_custom_deck_is_allowed_with_warnings(tmp_path):
    # "There are 16 types of cards in total, and 54 cards in all."
    items = [["Mighty Blow", "Red", 8, "Extra Strength"], ["Pony", "Blue", 6, "Horse"],
             *[r for r in BOOK_ITEMS if r[0] not in ("Extra Strength", "Horse", "Famine")]]
    result, found = problems(workbook(tmp_path, items=items))
    assert result.valid
    assert [(r, c) for s, r, c, _ in found] == [
        ("banners.items.count", None), ("banners.items.effect-count", None),
        ("banners.items.effect-count", None), ("banners.items.color", "B3")]
    assert "55 cards" in found[0][3]  # 8 + 6 + 41
    assert "8 Extra Strength" in found[1][3] and "0 Famine" in found[2][3]


def test_pieces_must_follow_the_books_colour_pairs(tmp_path):
    # Set-up: "One side is blue and green while the other is red and yellow."
    rows = [["Side", "Color", "Count"], [1, "Blue", 2], [1, "Red", 1], [2, "Yellow", 2],
            [3, "Green", 1], [2, "Purple", 1]]
    result, found = problems(workbook(tmp_path, pieces=rows))
    assert [(r, c) for s, r, c, _ in found if s == "error"] == [
        ("banners.piece.side", "A5"), ("banners.piece.color", "B6"),
        ("banners.pieces.colors", "B3")]
    rows = [["Side", "Color", "Count"], [1, "Blue", 2], [2, "Green", 2]]
    _, found = problems(workbook(tmp_path, pieces=rows))
    assert ("error", "banners.pieces.colors") in [f[:2] for f in found]


def test_a_side_without_one_colour_plays_1v1_only(tmp_path):
    rows = [["Side", "Color", "Count"], [1, "Blue", 3], [2, "Red", 2], [2, "Yellow", 1]]
    result, found = problems(workbook(tmp_path, pieces=rows))
    assert result.valid
    assert [(s, r) for s, r, c, m in found] == [("warning", "banners.pieces.missing-color")]
    assert "cannot be played 2v2" in found[0][3]


def test_more_pieces_than_drawbridges_wait_in_the_reserve(tmp_path):
    _, found = problems(workbook(tmp_path, grid=SMALL))
    assert [(s, r) for s, r, *_ in found] == [("info", "banners.pieces.reserve")] * 2


def test_a_board_alone_borrows_the_books_items_and_the_bundled_pieces(tmp_path):
    path = make_xlsx(tmp_path / "bare.xlsx", {"Arena": [list(r) for r in BOARD]})
    result, found = problems(path)
    assert result.valid
    assert [(s, r) for s, r, *_ in found] == [("info", "banners.items.bundled"),
                                              ("info", "banners.pieces.bundled")]
    assert [d.name for d in result.decks] == ["catalog", "Arena"]


def test_a_workbook_without_a_board_is_an_error(tmp_path):
    path = make_xlsx(tmp_path / "no-board.xlsx", {"Pieces": PIECES_ROWS, "#notes": [["x"]]})
    result, found = problems(path)
    assert not result.valid
    assert ("error", "banners.board.missing") in [f[:2] for f in found]


def test_every_other_sheet_is_a_board_of_its_own(tmp_path):
    grid = [list(r) for r in SMALL]
    grid[0][2] = "."  # no castle for side 2 on this one
    path = workbook(tmp_path, extra={"Skirmish": [list(r) for r in SMALL], "Broken": grid})
    result = validate(ValidateRequest(path))
    verdicts = {d.name: d.valid for d in result.decks}
    assert verdicts == {"catalog": True, "Board": True, "Skirmish": True, "Broken": False}
    _, games = load_decks(ValidateRequest(path))
    assert [g.name for g in games] == ["Board", "Skirmish", "Broken"]


def test_sheet_pick_names_the_board_and_format_is_refused(tmp_path):
    path = workbook(tmp_path, extra={"Arena": [list(r) for r in SMALL]})
    result = validate(ValidateRequest(path, "Arena"))
    assert [d.name for d in result.decks] == ["catalog", "Arena"] and result.valid
    with pytest.raises(InputError, match="holds the pieces, not a board"):
        validate(ValidateRequest(path, "Pieces"))
    with pytest.raises(InputError, match="no formats"):
        validate(ValidateRequest(path, format="standard"))
    with pytest.raises(InputError, match="no sheet named 'Arna'"):
        validate(ValidateRequest(path, "Arna"))


def test_catalog_option_supplies_the_items(tmp_path):
    catalog = make_xlsx(tmp_path / "items.xlsx",
                        {"Items": [ITEMS_HEADER, ["Pony", "Green", 54, "Horse"]]})
    path = workbook(tmp_path, items=None)
    result = validate(ValidateRequest(path, catalog=catalog))
    found = [(p.rule, p.location.file) for d in result.decks for p in d.report.problems]
    assert ("banners.items.effect-count", str(catalog.relative_to(Path.cwd()))
            if catalog.is_relative_to(Path.cwd()) else str(catalog)) in found


def test_loaded_game_cards_hold_items_tokens_and_flags():
    _, games = load_decks(ValidateRequest(DEFAULT_FILE))
    assert [g.name for g in games] == ["Board"]
    cards = games[0].cards
    assert len(cards) == 54 + 8 + 2
    kinds = [c.fields()["Kind"] for c in cards]
    assert kinds.count("item") == 54 and kinds.count("piece") == 8 and kinds.count("flag") == 2
    assert errors_of(validate(ValidateRequest(DEFAULT_FILE))) == []


def test_keeps_that_cut_every_flag_run_are_warned(tmp_path):
    # M4: "If a piece has a flag, they cannot enter a keep." Here every path between the
    # castles crosses a keep: pieces can fight, but no flag can ever be brought home.
    grid = board("T  .  C2 D2 .  T",
                 ".  K  .  .  .  .",
                 ".  .  T  .  K  .",
                 ".  K  .  T  .  .",
                 ".  .  .  .  K  .",
                 "T  .  D1 C1 .  T")
    result, found = problems(workbook(tmp_path, grid=grid))
    run = [f for f in found if f[1] == "banners.board.flag-run"]
    assert result.valid and run and run[0][0] == "warning" and run[0][2] == "D6"
    assert "no flag can ever be brought home" in run[0][3]


def test_item_art_stays_inside_the_workbooks_folder(tmp_path):
    from PIL import Image

    Image.new("RGB", (40, 30), "red").save(tmp_path / "horse.png")
    items = [[*row, "horse.png" if row[0] == "Horse" else None] for row in BOOK_ITEMS]
    items[0][-1] = "../outside.png"
    wb_rows = [ITEMS_HEADER + ["Art"], *items]
    path = make_xlsx(tmp_path / "art.xlsx", {"Items": wb_rows,
                                             "Board": [list(r) for r in BOARD],
                                             "Pieces": PIECES_ROWS})
    result, found = problems(path)
    assert [(s, r, c) for s, r, c, _ in found] == [("error", "banners.item.art", "E2")]
    _, games = load_decks(ValidateRequest(path))
    horse = next(i for i, _ in games[0].items.items if i.name == "Horse")
    assert horse.fields()["Art"] == str((tmp_path / "horse.png").resolve())
