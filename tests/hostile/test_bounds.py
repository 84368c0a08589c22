"""Amounts nobody bounded (issue 23): every option and cell that sets an amount of work has a
documented bound, checked before any work (option: exit 2, one sentence; cell: a located
problem, exit 1), and the worst of them stays under 300 MB (README, "Bounds on work")."""

from __future__ import annotations

from pathlib import Path

import openpyxl
import pytest

from tests.helpers import ROOT, pnp_peak_mb
from tests.hostile.runner import run
from toolkit.balance.plan import MAX_BATCHES, MAX_TABLES, check_size, table_count
from toolkit.core.errors import InputError
from toolkit.games.warblitz.effects import EffectError, parse_effect
from toolkit.render import proof

MEMORY_MB = 300
TOO_MANY = [
    (["tournament", "warbadge", "--games", "1000000000000"], "--games"),
    (["tournament", "warbadge", "--games", "1000000", "--batch", "1"], "--batch"),
    (["tournament", "warbadge", "--games", "20", "--bootstrap", "1000000000"], "--bootstrap"),
    (["tournament", "warbadge", "--games", "20", "--seed", str(2**70)], "--seed"),
    (["tournament", "warbadge", "--games", "20", "--seed", str(2**63 - 5)], "--seed"),
    (["tournament", "warbadge", "--jobs", "100000"], "--jobs"),
    (["sweep", "warbadge", "--sample", "all"], "--sample K"),
    (["sweep", "warbadge", "--sample", "500"], "5,000"),
    (["sweep", "warblitz", "--sample", "1000000"], "--sample"),
    (["sweep", "valiantwars", "--sample", "100000"], "--sample"),
    (["sweep", "valiantwars", "--sample", "all"], "--sample K"),  # 2,925 starts: too many to play
    (["compare", "warbadge", "a.xlsx", "b.xlsx", "--games", "10000000"], "--games"),
]


@pytest.mark.parametrize(("args", "named"), TOO_MANY, ids=lambda a: " ".join(a)[:60])
def test_amounts_past_their_bound_are_one_sentence(args, named, tmp_path):
    out = ["--results", tmp_path / "r.sqlite", "-o", tmp_path / "out"]
    done = run([*args, *out], tmp_path)
    assert done.exit_code == 2, done
    assert named in done.stderr, done
    assert not (tmp_path / "r.sqlite").exists()


def _peak_mb(args: list[str], env: dict[str, str] | None = None) -> tuple[int, int, str]:
    """(exit code, peak memory in MB, stderr) of `pnp ARGS` in a fresh process."""
    return pnp_peak_mb(args, ROOT, env)


@pytest.mark.parametrize("args", [
    ["tournament", "warbadge", "--games", "1000000000000"],
    ["sweep", "warbadge", "--sample", "all"],
], ids=["games-1e12", "sample-all"])
def test_the_worst_options_stay_small(args, tmp_path):
    code, peak, err = _peak_mb([*args, "--results", str(tmp_path / "r.sqlite"),
                                "-o", str(tmp_path / "out")])
    assert code == 2, err
    assert peak < MEMORY_MB, err


def test_run_size_is_counted_without_building_it():
    assert table_count(100, 2) == 4_950 and table_count(28, 4) == 189
    check_size(100, 2, 100, 1, 100)  # the biggest sweep in pairs plays
    with pytest.raises(InputError, match=f"{MAX_TABLES:,}"):
        check_size(101, 2, 2, 1, 100)
    with pytest.raises(InputError, match="--batch 10 or more"):
        check_size(2, 2, 200_000, 1, 1)
    assert 2 * 100_000 // 10 <= MAX_BATCHES
    with pytest.raises(InputError, match="--seed"):
        check_size(2, 2, 100, 2**63 - 10, 100)


def _workbook(source: Path, edit, out: Path) -> Path:
    book = openpyxl.load_workbook(source)
    edit(book)
    book.save(out)
    return out


def test_a_huge_custom_warbadge_format_is_refused_at_its_cell(tmp_path):
    def huge(book):
        sheet = book["Formats"]
        sheet.append(["huge", 10_000, 1, 1, 9_998, 10_000, 3])

    path = _workbook(ROOT / "toolkit/games/warbadge/content/badges.xlsx", huge, tmp_path / "wb.xlsx")
    done = run(["validate", "warbadge", path], tmp_path)
    assert done.exit_code == 1 and "warbadge.format.number" in done.stdout, done
    assert "from 1 to 30" in done.stdout


@pytest.mark.parametrize("text", ["On play: draw dice 999999999999",
                                  "Ongoing: +1000000000 dice friendly units",
                                  "Special: damage 21 target"])
def test_warblitz_effect_amounts_are_bounded(text):
    with pytest.raises(EffectError, match="from 1 to 20"):
        parse_effect(text, "event" if text.startswith("On") else "unit", active=True)
    assert parse_effect("Special: damage 20 target", "unit").clauses


def test_a_banners_board_past_32_spaces_is_refused_at_its_sheet(tmp_path):
    def wide(book):
        sheet = book["Board"]
        sheet.cell(1, 64, ".")

    path = _workbook(ROOT / "toolkit/games/banners/content/banners.xlsx", wide, tmp_path / "bn.xlsx")
    done = run(["play", "banners", "--deck", path, "--games", 1], tmp_path)
    assert done.exit_code == 1 and "banners.board.size" in done.stdout, done


def test_a_valiant_wars_pool_past_1000_cards_is_refused_at_its_qty(tmp_path):
    def gold(book):
        sheet = book.worksheets[0]
        for row in sheet.iter_rows(min_row=2):
            if row[1].value == "Gold":
                row[10].value = 9_000

    path = _workbook(ROOT / "toolkit/games/valiantwars/content/pool.xlsx", gold, tmp_path / "vw.xlsx")
    done = run(["validate", "valiantwars", path, "--format", "custom"], tmp_path)
    assert done.exit_code == 1 and "valiantwars.pool.total" in done.stdout, done
    assert "1,000" in done.stdout


def test_source_date_epoch_past_the_year_9999_is_ignored_with_a_warning(tmp_path):
    assert proof.epoch_day("99999999999999999999") is None
    assert proof.epoch_day("1764028800") == "2025-11-25"
    assert "ignored" in proof.epoch_warning("99999999999999999999")
    assert proof.epoch_warning(None) is None and proof.epoch_warning("0") is None
    deck = ROOT / "toolkit/games/warbadge/content/badges.xlsx"
    code, peak, err = _peak_mb(["print", "warbadge", f"{deck}#Sun", "--proof", "--no-contact",
                                "-o", str(tmp_path / "out")],
                               {"SOURCE_DATE_EPOCH": "99999999999999999999"})
    assert code == 0, err
    assert "SOURCE_DATE_EPOCH" in err and "Traceback" not in err and "internal" not in err
    assert (tmp_path / "out" / "Sun" / "Sun.pdf").exists()
