"""Designer slips in headers and quantities, for every game, from its starter template.

Issue 25: "never valid for a file it did not fully read". Each case takes the game's own
starter workbook (`Game.write_template`, through `tests.hostile.corpus.template`), makes
one slip a designer makes, and checks the report names exactly the root problem at the
expected cell, with what follows from it counted on it rather than listed one by one:

- every header of every sheet the game reads, misspelled (`Abilites`, `STRR`, `Qtty`): one
  error at that header cell, never "valid";
- a `#` in front of a header: a note column, read by nobody, never an error;
- a `Qty` that is not a number, on each game's largest row: one error at that cell, the
  counts it upsets folded into it;
- a blank `Qty` (blank means 1): no error at the cell, and where the game counts copies,
  the count it upsets is reported.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from openpyxl import load_workbook

from tests.hostile.corpus import edit, template
from tests.hostile.runner import run
from toolkit.core.registry import ValidateRequest, games
from toolkit.core.report import Problem, ValidationResult
from toolkit.core.sheets import QTY

GAMES = sorted(games())
NOT_TABLES = {("banners", "board")}
"""Sheets that are not a header and rows (Banners' board is a grid of cells)."""


def slip(header: str) -> str:
    """A typist's slip: a short header gets its last letter doubled (`STR` → `STRR`),
    a longer one loses its second-to-last letter (`Abilities` → `Abilites`)."""
    return header + header[-1] if len(header) <= 3 else header[:-2] + header[-1]


def _tables(game_id: str, tmp: Path) -> list[tuple[str, str, str]]:
    """(sheet, column letter, header) of every header cell of the template's tables."""
    wb = load_workbook(template(games()[game_id], tmp, "t.xlsx"), read_only=True)
    cells = []
    for ws in wb.worksheets:
        if ws.title.startswith("#") or (game_id, ws.title.casefold()) in NOT_TABLES:
            continue
        first = next(ws.iter_rows(max_row=1), ())
        cells += [(ws.title, c.column_letter, c.value) for c in first
                  if isinstance(c.value, str) and c.value.strip()]
    wb.close()
    return cells


def _header_cases() -> list[tuple[str, str, str, str]]:
    import tempfile  # noqa: PLC0415 - cases are listed once, at collection

    with tempfile.TemporaryDirectory() as tmp:
        return [(g, *cell) for g in GAMES for cell in _tables(g, Path(tmp))]


HEADER_CASES = _header_cases()


def _validate(game_id: str, path: Path) -> ValidationResult:
    return games()[game_id].validate(ValidateRequest(path))


def _listed_errors(result: ValidationResult) -> list[Problem]:
    return [p for d in result.decks for p in d.report.problems if p.severity == "error"]


def _set(path: Path, sheet: str, cell: str, value) -> Path:
    def change(wb):
        wb[sheet][cell] = value
    return edit(path, change)


def test_every_game_is_covered():
    """A header case for each game, so a new game's template is checked too."""
    assert {g for g, *_ in HEADER_CASES} == set(GAMES)


def test_the_templates_are_valid(tmp_path):
    """The starting point: every template is valid, so a case's problems are its slip's."""
    for game_id in GAMES:
        assert _validate(game_id, template(games()[game_id], tmp_path, f"{game_id}.xlsx")).valid


@pytest.mark.parametrize(("game_id", "sheet", "letter", "header"), HEADER_CASES,
                         ids=[f"{g}-{s}-{h}" for g, s, _, h in HEADER_CASES])
def test_misspelled_header_is_one_error_at_its_cell(tmp_path, game_id, sheet, letter, header):
    """A header that looks like a column the sheet now lacks: exactly one error listed,
    at that cell, naming the column; anything it causes elsewhere is counted on it (a
    deck's stand-in points back at it), and the verdict is never valid."""
    typo = slip(header)
    path = _set(template(games()[game_id], tmp_path), sheet, f"{letter}1", typo)
    result = _validate(game_id, path)
    assert not result.valid
    errors = _listed_errors(result)
    root = errors[0]
    assert (root.location.sheet, root.location.cell) == (sheet, f"{letter}1"), errors
    assert root.rule in ("sheet.missing-column", "sheet.misspelled-column")
    assert f"'{typo}' ({letter}1) looks like" in root.message
    assert f"'{header}'" in root.message and "prefix it with '#'" in root.message
    others = errors[1:]
    assert all(p.caused_by == root.location for p in others), [str(p) for p in others]
    warned = [p for d in result.decks for p in d.report.problems
              if p.rule == "sheet.unknown-column"]
    assert warned == []


@pytest.mark.parametrize(("game_id", "sheet", "letter", "header"),
                         [next(c for c in HEADER_CASES if c[0] == g) for g in GAMES],
                         ids=GAMES)
def test_hash_prefixed_header_is_a_note(tmp_path, game_id, sheet, letter, header):
    """The way out the message offers: `#Name` is a designer's note, read by nobody. The
    note then lacks the column it was (an error only if that column is required)."""
    path = _set(template(games()[game_id], tmp_path), sheet, f"{letter}1", f"#{slip(header)}")
    result = _validate(game_id, path)
    problems = [p for d in result.decks for p in d.report.problems]
    assert all(p.location.cell != f"{letter}1" for p in problems)
    assert all(p.rule != "sheet.misspelled-column" for p in problems)


def _largest_qty_row(game_id: str, tmp: Path) -> tuple[str, str, int]:
    """(sheet, Qty cell, its value) of the template's row holding the most copies."""
    wb = load_workbook(template(games()[game_id], tmp, "q.xlsx"))
    best = None
    for ws in wb.worksheets:
        if ws.title.startswith("#"):
            continue
        rows = list(ws.iter_rows())
        if not rows:
            continue
        at = next((c.column_letter for c in rows[0]
                   if isinstance(c.value, str) and QTY.matches(c.value)), None)
        for row in rows[1:] if at else ():
            cell = next(c for c in row if c.column_letter == at)
            if isinstance(cell.value, int) and (best is None or cell.value > best[2]):
                best = (ws.title, f"{at}{cell.row}", cell.value)
    assert best is not None, f"{game_id}: the template has no Qty column"
    return best


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_quantity_is_one_error_at_its_cell(tmp_path, game_id):
    """`Qty` 'six' on the row holding the most copies: one error at that cell (the row
    is skipped), and what the missing copies upset is counted on it, not listed."""
    sheet, cell, _ = _largest_qty_row(game_id, tmp_path)
    result = _validate(game_id, _set(template(games()[game_id], tmp_path), sheet, cell, "six"))
    assert not result.valid
    [root] = _listed_errors(result)
    assert (root.rule, root.location.sheet, root.location.cell) == ("sheet.qty", sheet, cell)
    assert "got 'six'" in root.message and "skipped" in root.message


KNOCK_ONS = {"warbadge": 1, "warblitz": 1, "valiantwars": 1, "battlegate": 1, "banners": 1,
             "cards": 1}
"""At least this many problems follow from a bad Qty on the template's largest row (its
copies are missing from the game's counts); none is silently dropped."""


@pytest.mark.parametrize("game_id", GAMES)
def test_bad_quantity_knock_ons_are_counted(tmp_path, game_id):
    sheet, cell, _ = _largest_qty_row(game_id, tmp_path)
    result = _validate(game_id, _set(template(games()[game_id], tmp_path), sheet, cell, "six"))
    [root] = _listed_errors(result)
    assert root.follows >= KNOCK_ONS[game_id]
    assert root.text.endswith("that follow from it") or root.text.endswith(
        "that follows from it")


@pytest.mark.parametrize("game_id", GAMES)
def test_blank_quantity_means_one(tmp_path, game_id):
    """A blank `Qty` is one copy (FORMATS.md): no error at the cell; the row is read."""
    sheet, cell, qty = _largest_qty_row(game_id, tmp_path)
    result = _validate(game_id, _set(template(games()[game_id], tmp_path), sheet, cell, None))
    problems = [p for d in result.decks for p in d.report.problems]
    assert all(p.rule != "sheet.qty" for p in problems)
    if qty > 1:
        # the row now holds one copy, not `qty`: some count says so (an error where the
        # rules fix the count, else a warning against the book's)
        assert any(p.severity in ("error", "warning") for p in problems)


def test_json_folds_and_links(tmp_path):
    """`--json`: the root carries `follows`; a deck's stand-in carries `caused_by`, the
    root's location; the FORMATS.md keys are all there."""
    path = _set(template(games()["warblitz"], tmp_path), "Units", "G1", "STRR")
    done = run(["validate", "warblitz", path, "--json"], tmp_path)
    assert done.exit_code == 1
    doc = json.loads(done.stdout)
    catalog, deck = doc["decks"]
    [root] = catalog["problems"]
    assert root["rule"] == "sheet.missing-column" and root["location"]["cell"] == "G1"
    [stand_in] = deck["problems"]
    assert {"severity", "rule", "message", "location"} <= set(stand_in)
    assert stand_in["caused_by"] == root["location"] and stand_in["follows"] >= 7
    assert stand_in["message"].endswith("problems that follow from it")


def test_terminal_says_how_many_follow(tmp_path):
    """The issue's Valiant Wars case: one bad Gold count drops the 54-card row; the pool's
    counts that follow are one line's tail, not six more errors."""
    sheet, cell, qty = _largest_qty_row("valiantwars", tmp_path)
    assert qty == 54
    path = _set(template(games()["valiantwars"], tmp_path), sheet, cell, "x")
    done = run(["validate", "valiantwars", path], tmp_path)
    assert done.exit_code == 1
    lines = [line for line in done.stdout.splitlines() if " error " in line]
    assert len(lines) == 1 and f"› {cell} (Qty)" in lines[0]
    assert "problems that follow from it" in lines[0]
