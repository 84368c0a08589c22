"""Raster output on worker processes (issue 27): the same bytes whatever `--jobs` is, task
order and errors kept, bad `--jobs` refused, and peak memory that a big deck cannot grow."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import pnp_peak_mb
from toolkit.core.errors import InputError
from toolkit.render import CardFace, PrintOptions, load_layout, pool, render_deck
from toolkit.render.job import check_options

WORDS = "attack adjacent enemy unit token boost force deploy reveal draw discard".split()


def deck(n: int) -> list[CardFace]:
    """n distinct Warblitz units (rounded corners, so the TTS sheets keep alpha)."""
    lay = load_layout("warblitz", "unit")
    return [CardFace({"Name": f"Unit {i}", "Faction": "Iron Legion", "Rank": "Elite",
                      "Class": "Melee", "Cost": i % 5, "HP": 1 + i % 9, "STR": 1 + i % 4,
                      "Attack": "MEL", "Ability": " ".join(WORDS[: 3 + i % 8]).capitalize()},
                     lay, copies=1 + i % 2) for i in range(n)]


def files(folder: Path) -> dict[str, bytes]:
    """Every image and PDF under a print folder, by relative path."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.suffix in (".png", ".pdf")}


def test_one_process_and_two_write_the_same_bytes(tmp_path):
    cards = deck(9)
    for jobs in (1, 2):
        render_deck("Deck", cards, tmp_path / str(jobs),
                    PrintOptions(png=True, tts=True, contact=True, backs=True, dpi=60,
                                 jobs=jobs))
    one, two = files(tmp_path / "1"), files(tmp_path / "2")
    assert len([n for n in one if n.startswith("png/")]) == 10  # 9 fronts and one back
    assert any(n.startswith("tts/") for n in one) and "Deck-contact.png" in one
    assert one == two


def square(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x * x


def test_results_come_back_in_order_and_errors_as_raised():
    assert list(pool.run_all(square, [(x,) for x in (5, 4, 6, 2, 7)], 2)) == [25, 16, 36, 4, 49]
    assert list(pool.run_all(square, [(x,) for x in (5, 4)], 1)) == [25, 16]
    with pytest.raises(ValueError, match="three"):
        list(pool.run_all(square, [(x,) for x in (1, 2, 3, 4, 5, 6)], 2))


def test_jobs_default_to_every_core_and_out_of_range_is_refused():
    assert pool.workers_for(None) == pool.cores() >= 1
    assert pool.workers_for(1) == 1
    check_options(PrintOptions(jobs=2))
    for bad in (0, -1, pool.MAX_JOBS + 1):
        with pytest.raises(InputError, match="--jobs must be between 1 and"):
            check_options(PrintOptions(jobs=bad))


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc for VmHWM")
def test_tts_sheets_of_a_big_deck_never_hold_every_card(tmp_path):
    """120 distinct cards make two full TTS sheets: drawn cell by cell, the process stays
    far below what holding every card's image (about 1 MB each) and both sheets needs."""
    from openpyxl import Workbook

    wb = Workbook()
    units = wb.active
    units.title = "Units"
    units.append(["Name", "Faction", "Rank", "Class", "Cost", "HP", "STR", "Attack", "Ability"])
    for i in range(120):
        units.append([f"Unit {i}", "Iron Legion", "Elite", "Ranged", i % 5, 1 + i % 9,
                      1 + i % 4, "RNG", " ".join(WORDS[i % 5:]).capitalize() + f" {i}."])
    wb.create_sheet("Events").append(["Name", "Faction", "Tier", "Cost", "Phase", "Ability",
                                      "Active"])
    wb.create_sheet("Relics").append(["Name", "Faction", "Tier", "Cost", "Phase", "Ability"])
    book = tmp_path / "big.xlsx"
    wb.save(book)
    code, peak, err = pnp_peak_mb(["print", "warblitz", "--catalog", str(book), "-o",
                                   str(tmp_path / "out"), "--tts", "--no-contact", "--jobs", "1"])
    assert code == 0, err[-800:]
    assert (tmp_path / "out" / "catalog" / "tts").is_dir()
    assert peak < 260, f"peak memory {peak:.0f} MB"


def test_the_quick_png_of_the_contact_sheet_keeps_every_pixel(tmp_path):
    import io

    from PIL import Image

    from toolkit.render.tts import quick_png

    img = Image.new("RGB", (37, 23), (236, 236, 236))
    img.paste((200, 30, 40), (3, 4, 20, 18))
    img.putpixel((36, 22), (1, 2, 3))
    back = Image.open(io.BytesIO(quick_png(img)))
    assert back.mode == "RGB" and back.size == (37, 23)
    assert back.tobytes() == img.tobytes()
