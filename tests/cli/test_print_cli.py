"""`pnp print`, `pnp calibrate` and `pnp demo` end to end through the CLI (FORMATS.md exit codes)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.helpers import ROOT, badges_with_team, make_xlsx
from toolkit.cli.main import app

runner = CliRunner()
WARBADGE = ROOT / "toolkit/games/warbadge/content" / "badges.xlsx"
A4 = (595.28, 841.89)


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def page_sizes(pdf: Path) -> list[tuple[float, float]]:
    """Every page's MediaBox in points, read from the PDF itself."""
    boxes = re.findall(rb"/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]", pdf.read_bytes())
    return [(round(float(w), 2), round(float(h), 2)) for w, h in boxes]


def bad_team(tmp_path: Path) -> Path:
    """The bundled workbook plus a team "Broken" of one badge (a standard team needs 6)."""
    return badges_with_team(tmp_path, "Broken", ["Ember Fox"])


def test_print_one_team_with_backs_png_and_tts(tmp_path):
    result = invoke("print", "warbadge", f"{WARBADGE}#Sun", "--backs", "--png", "--tts",
                    "-o", tmp_path)
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "Sun" / "Sun.pdf"
    sizes = page_sizes(pdf)
    assert len(sizes) == 2 and all(s == A4 for s in sizes)  # one front page, one back page
    assert len(list((tmp_path / "Sun" / "png").glob("*.png"))) >= 1
    assert list((tmp_path / "Sun" / "tts").glob("Sun-sheet-*.png"))
    assert (tmp_path / "Sun" / "tts" / "Sun-back.png").exists()


def test_print_letter_paper(tmp_path):
    result = invoke("print", "battlegate", f"{ROOT / 'toolkit/games/battlegate/content/decks.xlsx'}#Giants",
                    "--paper", "letter", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert set(page_sizes(tmp_path / "Giants" / "Giants.pdf")) == {(612.0, 792.0)}


def test_print_without_file_prints_the_catalog_once(tmp_path):
    result = invoke("print", "warblitz", "--png", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    from toolkit.games.warblitz.deck import read_catalog

    catalog, _ = read_catalog()
    assert len(list((tmp_path / "catalog" / "png").glob("*.png"))) == len(catalog.cards)


def test_invalid_deck_still_prints_but_exits_1(tmp_path):
    path = bad_team(tmp_path)
    result = invoke("print", "warbadge", f"{path}#Broken", "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert "warbadge.team" in result.output
    assert (tmp_path / "out" / "Broken" / "Broken.pdf").exists()


def test_strict_refuses_an_invalid_deck_and_writes_nothing(tmp_path):
    path = bad_team(tmp_path)
    result = invoke("print", "warbadge", f"{path}#Broken", "--strict", "-o", tmp_path / "out")
    assert result.exit_code == 1
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("args", [
    ["--paper", "b9"], ["--paper", "20x30mm"], ["--back-offset", "1;2"], ["--flip", "sideways"], ["--bleed", "40"],
])
def test_misuse_exits_2_and_writes_nothing(tmp_path, args):
    result = invoke("print", "warbadge", f"{WARBADGE}#Sun", *args, "-o", tmp_path / "out")
    assert result.exit_code == 2, result.output
    assert not (tmp_path / "out").exists()


def test_unreadable_input_exits_2_and_writes_nothing(tmp_path):
    junk = tmp_path / "junk.xlsx"
    junk.write_bytes(b"PK\x03\x04 not really")
    result = invoke("print", "warbadge", junk, "-o", tmp_path / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_print_never_overwrites_its_input(tmp_path):
    deck = make_xlsx(tmp_path / "deck.xlsx", {"Deck": [["Name", "Class", "Power", "Qty"],
                                                        ["Brute", "Soldier", 5, 20]]})
    before = deck.read_bytes()
    result = invoke("print", "battlegate", deck, "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert deck.read_bytes() == before and (tmp_path / "Deck" / "Deck.pdf").exists()


def test_calibrate_writes_a_two_page_sheet(tmp_path):
    result = invoke("calibrate", "--paper", "letter", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert page_sizes(tmp_path / "calibrate-letter-long.pdf") == [(612.0, 792.0)] * 2


def test_demo_validates_renders_and_plays_every_bundled_deck(tmp_path, monkeypatch):
    from toolkit.cli import demo

    monkeypatch.setattr(demo, "DEMO_GAMES", 20)  # the real demo plays 1,000 per setup
    result = invoke("demo", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    for game, deck in (("warbadge", "Sun"), ("battlegate", "Swarm"), ("warblitz", "Tidewardens")):
        folder = tmp_path / game / deck
        assert (folder / f"{deck}.pdf").exists()
        assert list((folder / "png").glob("*.png")) and list((folder / "tts").glob("*.png"))
    for log in ("warbadge/playthrough-2p.md", "battlegate/playthrough-2p.md",
                "battlegate/playthrough-4p.md"):
        assert "playthrough" in (tmp_path / log).read_text()

def test_same_deck_same_bytes(tmp_path):
    """Reproducible: the same inputs give the same PDF and PNG files, byte for byte."""
    for out in ("a", "b"):
        result = invoke("print", "warbadge", f"{WARBADGE}#Moon", "--backs", "--png",
                        "-o", tmp_path / out)
        assert result.exit_code == 0, result.output
    a, b = sorted((tmp_path / "a").rglob("*.*")), sorted((tmp_path / "b").rglob("*.*"))
    assert [p.relative_to(tmp_path / "a") for p in a] == [p.relative_to(tmp_path / "b") for p in b]
    assert all(x.read_bytes() == y.read_bytes() for x, y in zip(a, b, strict=True))


def test_art_column_reaches_the_card_image(tmp_path):
    """`Art` (a path relative to the workbook) is drawn crop-to-fill in the art box."""
    from PIL import Image

    (tmp_path / "art").mkdir()
    Image.new("RGB", (800, 500), (40, 90, 160)).save(tmp_path / "art" / "blue.png")
    deck = make_xlsx(tmp_path / "deck.xlsx", {"Deck": [
        ["Name", "Class", "Power", "Qty", "Art"], ["Blue Knight", "Soldier", 5, 20, "art/blue.png"]]})
    result = invoke("print", "battlegate", deck, "--png", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    card = Image.open(tmp_path / "out" / "Deck" / "png" / "01-blue-knight.png").convert("RGB")
    assert card.size == (744, 1039)
    centre_of_art = card.getpixel((372, 380))  # the art box spans y 14.6-50.6 mm
    assert max(abs(a - b) for a, b in zip(centre_of_art, (40, 90, 160), strict=True)) <= 3


def strange_deck(tmp_path: Path, art: str | None = None) -> Path:
    """A Battle Gate deck whose names hold line breaks and whose text holds symbols."""
    rows = [["Name", "Class", "Power", "Qty", "Description", "Art"],
            ["Iron\nWarden", "Soldier", 5, 10, "Draw ★ → ⚔ 日本語; then 한", art],
            ["Old\rMac", "Minion", 5, 10, "Plain.", None]]
    return make_xlsx(tmp_path / "deck.xlsx", {"Deck": rows})


def test_line_breaks_and_symbols_print_and_a_missing_glyph_is_located(tmp_path):
    """Was: internal error (RuntimeError: raqm_layout() failed.) after the PDF was written."""
    deck = strange_deck(tmp_path)
    result = invoke("print", "battlegate", deck, "--png", "--tts", "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    out = tmp_path / "out" / "Deck"
    assert (out / "Deck-contact.png").exists() and (out / "Deck.pdf").exists()
    warning = " ".join(line.strip() for line in result.output.splitlines() if "한" in line)
    assert "card 'Iron Warden' › box 'description': no font has '한' (U+D55C)" in \
        " ".join(warning.replace("\n", " ").split())
    assert "— at" in warning and "Deck › E2 (Description)" in warning


def test_low_resolution_art_is_a_located_warning(tmp_path):
    from PIL import Image

    (tmp_path / "art").mkdir()
    Image.new("RGB", (120, 80), (200, 0, 0)).save(tmp_path / "art" / "small.png")
    deck = strange_deck(tmp_path, art="art/small.png")
    result = invoke("print", "battlegate", deck, "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "art 'small.png' is 56 dpi at its printed size (53.4×36 mm)" in flat
    assert "Deck › F2 (Art)" in flat


def test_gap_margin_fold_and_proof(tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1764028800")
    for run in ("a", "b"):
        result = invoke("print", "warbadge", f"{WARBADGE}#Sun", "--fold", "--proof", "--gap", "3",
                        "--margin", "8", "--png", "-o", tmp_path / run)
        assert result.exit_code == 0, result.output
    pdf = tmp_path / "a" / "Sun" / "Sun.pdf"
    assert pdf.read_bytes() == (tmp_path / "b" / "Sun" / "Sun.pdf").read_bytes()
    assert len(page_sizes(pdf)) == 1  # six badges and their backs on one fold-and-glue page
    pdftotext = shutil.which("pdftotext")
    if pdftotext:
        text = subprocess.run([pdftotext, str(pdf), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "fold on the dashed line, glue, cut" in text
        assert "proof · toolkit" in text and "2025-11-25" in text
    assert (tmp_path / "a" / "Sun" / "png" / "back.png").exists()


@pytest.mark.parametrize("args", [["--margin", "-1"], ["--gap", "99"], ["--fold", "--backs"]])
def test_bad_gap_margin_or_fold_exits_2(tmp_path, args):
    result = invoke("print", "warbadge", f"{WARBADGE}#Sun", *args, "-o", tmp_path / "out")
    assert result.exit_code == 2 and not (tmp_path / "out").exists()


def test_a_failed_print_leaves_no_half_written_folder(tmp_path, monkeypatch):
    from toolkit.render import tts

    def broken(*args, **kwargs):
        raise OSError("No space left on device")

    monkeypatch.setattr(tts, "write_contact", broken)
    result = invoke("print", "warbadge", f"{WARBADGE}#Sun", "--png", "-o", tmp_path / "out")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not (tmp_path / "out").exists()


def test_watch_prints_then_watches_until_stopped(tmp_path):
    deck = make_xlsx(tmp_path / "deck.xlsx", {"Deck": [["Name", "Class", "Power", "Qty"],
                                                        ["Brute", "Soldier", 5, 20]]})
    result = invoke("print", "battlegate", deck, "--watch", "--watch-polls", "1",
                    "-o", tmp_path / "out")
    assert result.exit_code == 0, result.output
    assert "watching" in result.output and (tmp_path / "out" / "Deck" / "Deck.pdf").exists()


def test_watch_prints_again_when_the_spreadsheet_is_saved(tmp_path, capsys):
    import threading

    from toolkit.cli.printing import PrintRequest, watch_and_print
    from toolkit.core.registry import get_game
    from toolkit.render.job import PrintOptions

    def save(name: str) -> None:
        make_xlsx(deck, {"Deck": [["Name", "Class", "Power", "Qty"], [name, "Soldier", 5, 20]]})

    deck = tmp_path / "deck.xlsx"
    save("Brute")
    pdf = tmp_path / "out" / "Deck" / "Deck.pdf"
    request = PrintRequest(get_game("battlegate"), str(deck), None, False, PrintOptions(),
                           tmp_path / "out")
    printed_again = threading.Event()
    before: list[bytes] = []

    def designer():  # saves once the first print is there, again until it is printed anew
        while not pdf.exists():
            threading.Event().wait(0.05)
        first = pdf.stat().st_mtime_ns
        before.append(pdf.read_bytes())
        for k in range(100):
            save(f"Giant {k}")
            threading.Event().wait(0.3)
            if pdf.exists() and pdf.stat().st_mtime_ns != first:
                break
        printed_again.set()

    worker = threading.Thread(target=designer)
    worker.start()
    runs = watch_and_print(request, polls=2000, interval=0.05, stop=printed_again.is_set)
    worker.join()
    assert runs >= 1 and "printing again" in capsys.readouterr().out
    assert pdf.read_bytes() != before[0]  # the saved card was printed


def test_calibrate_prints_its_flip_instructions(tmp_path):
    result = invoke("calibrate", "--flip", "short", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    pdftotext = shutil.which("pdftotext")
    if not pdftotext:
        pytest.skip("pdftotext not installed")
    text = subprocess.run([pdftotext, str(tmp_path / "calibrate-a4-short.pdf"), "-"],
                          capture_output=True, text=True, check=True).stdout
    assert "THIS SIDE UP" in text and "--flip long" in text and "A behind D" in text


def test_team_art_comes_from_the_catalog_folder(tmp_path):
    """A team printed with `--catalog` in another folder draws the catalog's art: art
    paths are the catalog's cells, so they are read from the catalog's folder."""
    from openpyxl import load_workbook

    from tests.helpers import tiny_png

    shop, teams = tmp_path / "catalog", tmp_path / "teams"
    shop.mkdir(), teams.mkdir()
    tiny_png(shop / "fox.png")
    catalog = shop / "badges.xlsx"
    wb = load_workbook(WARBADGE)
    badges = wb["Badges"]
    art = [c.value for c in badges[1]].index("Art") + 1
    for row in range(2, badges.max_row + 1):
        badges.cell(row, art, "fox.png")
    wb.save(catalog)
    team = teams / "team.xlsx"
    team_wb = load_workbook(WARBADGE)
    for name in team_wb.sheetnames:
        if name != "Sun":
            del team_wb[name]
    team_wb.save(team)
    result = invoke("print", "warbadge", str(team), "--catalog", str(catalog),
                    "-o", str(tmp_path / "out"))
    assert result.exit_code == 0, result.output
    assert "outside the workbook" not in result.output and "not used" not in result.output
