"""The user's own files and full disks (issue 23): a command never deletes or replaces
anything it did not write, nor any of its inputs; it refuses with one sentence (exit 2)
before any work. Balance commands check every output place before playing. A command
that fails while writing (a full disk) leaves nothing, and says so in one sentence. Report
CSVs never hold a cell a spreadsheet would obey as a formula."""

from __future__ import annotations

import csv
import errno
import shutil
from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.hostile.corpus import deck_sheet, edit, sheet_names, template
from tests.hostile.runner import run, snapshot
from toolkit.core.registry import games

GAMES = list(games().values())
PRINTING = [g for g in GAMES if g.printing is not None]
BATTLEGATE = games()["battlegate"]
WARBADGE = games()["warbadge"]


def renamed(game, folder: Path, file: str, sheet: str) -> Path:
    """The game's template saved as `folder/file`, its first deck sheet called `sheet`."""
    path = template(game, folder, file)
    old = deck_sheet(game, sheet_names(path))
    return edit(path, lambda wb: setattr(wb[old], "title", sheet))


def csv_deck(folder: Path, name: str) -> Path:
    """Battle Gate's template deck as a CSV file `folder/name`."""
    from openpyxl import load_workbook

    book = renamed(BATTLEGATE, folder, ".source.xlsx", "Deck")
    rows = [[c.value for c in row] for row in load_workbook(book)["Deck"].iter_rows()]
    book.unlink()
    path = folder / name
    with path.open("w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


def balance(folder: Path, *args) -> list:
    """A tiny Battle Gate tournament between two CSV decks of `folder`, then `args`."""
    a, b = csv_deck(folder, "a.csv"), csv_deck(folder, "b.csv")
    return ["tournament", "battlegate", "--deck", a, "--deck", b, "--games", 2,
            "--bootstrap", 5, *args]


# ---------------------------------------------------------------- data lost

@pytest.mark.parametrize("game", PRINTING, ids=[g.id for g in PRINTING])
def test_print_never_writes_over_its_own_input_file(tmp_path, game, monkeypatch):
    """A sheet named like the workbook: `pnp print G Deck.xlsx -o .` once replaced the
    workbook with a folder."""
    deck = renamed(game, tmp_path, "Deck.xlsx", "Deck.xlsx")
    data = deck.read_bytes()
    monkeypatch.chdir(tmp_path)
    done = run(["print", game.id, "Deck.xlsx", "-o", ".", "--no-contact"], tmp_path)
    assert deck.is_file() and deck.read_bytes() == data, done
    if game is BATTLEGATE:  # its decks are named by their sheets
        assert done.exit_code == 2 and "'Deck.xlsx' is an input" in done.stderr, done


def test_print_never_replaces_a_folder_holding_its_input(tmp_path, monkeypatch):
    (tmp_path / "decks").mkdir()
    deck = renamed(BATTLEGATE, tmp_path / "decks", "cards.xlsx", "decks")
    (tmp_path / "decks" / "notes.txt").write_text("mine")
    monkeypatch.chdir(tmp_path)
    done = run(["print", "battlegate", "decks/cards.xlsx", "-o", "."], tmp_path)
    assert done.exit_code == 2 and "'decks' is an input of this command" in done.stderr, done
    assert sorted(p.name for p in deck.parent.iterdir()) == ["cards.xlsx", "notes.txt"]


def test_print_never_replaces_the_users_file_or_folder(tmp_path):
    deck = renamed(BATTLEGATE, tmp_path, "bg.xlsx", "My Deck")
    out = tmp_path / "out"
    out.mkdir()
    (out / "My Deck").write_text("my own notes")
    done = run(["print", "battlegate", deck, "-o", out], tmp_path)
    assert done.exit_code == 2, done
    assert "'My Deck' is already there and was not written by pnp" in done.stderr
    assert "choose another -o folder" in done.stderr
    assert (out / "My Deck").read_text() == "my own notes"
    (out / "My Deck").unlink()
    (out / "My Deck").mkdir()
    (out / "My Deck" / "keep.txt").write_text("mine")
    assert run(["print", "battlegate", deck, "-o", out], tmp_path).exit_code == 2
    assert [p.name for p in (out / "My Deck").iterdir()] == ["keep.txt"]


def test_print_again_replaces_its_own_print_and_nothing_else(tmp_path):
    deck = renamed(BATTLEGATE, tmp_path, "bg.xlsx", "My Deck")
    out = tmp_path / "out"
    folder = out / "My Deck"
    assert run(["print", "battlegate", deck, "-o", out, "--png"], tmp_path).exit_code == 0
    assert (folder / "png").is_dir()
    done = run(["print", "battlegate", deck, "-o", out, "--no-contact"], tmp_path)
    assert done.exit_code == 0, done
    assert sorted(p.name for p in folder.iterdir()) == ["My Deck.pdf"]  # no stale PNGs
    (folder / "notes.txt").write_text("the user's, added to pnp's folder")
    assert run(["print", "battlegate", deck, "-o", out], tmp_path).exit_code == 2
    (folder / "notes.txt").unlink()
    with (folder / "My Deck.pdf").open("ab") as handle:  # pnp's PDF, edited since
        handle.write(b"%annotated")
    assert run(["print", "battlegate", deck, "-o", out], tmp_path).exit_code == 2
    assert (folder / "My Deck.pdf").read_bytes().endswith(b"%annotated")


def test_tournament_never_writes_over_its_decks(tmp_path, monkeypatch):
    """`--deck decks.csv --deck matrix.csv -o .`: both decks were overwritten by the
    report's tables."""
    decks, matrix = csv_deck(tmp_path, "decks.csv"), csv_deck(tmp_path, "matrix.csv")
    before = decks.read_bytes(), matrix.read_bytes()
    monkeypatch.chdir(tmp_path)
    done = run(["tournament", "battlegate", "--deck", "decks.csv", "--deck", "matrix.csv",
                "--games", 2, "-o", ".", "--results", "r.sqlite"], tmp_path)
    assert done.exit_code == 2 and "'decks.csv' is an input" in done.stderr, done
    assert (decks.read_bytes(), matrix.read_bytes()) == before
    assert not (tmp_path / "r.sqlite").exists()  # nothing played


def test_sweep_never_writes_over_the_users_report_files(tmp_path):
    catalog = tmp_path / "cat.xlsx"
    shutil.copy(ROOT / "toolkit/games/warbadge/content" / "badges.xlsx", catalog)
    (tmp_path / "cards.csv").write_text("my cards")
    (tmp_path / "report.json").write_text("{}")
    done = run(["sweep", "warbadge", "--catalog", catalog, "--sample", 2, "--games", 2,
                "-o", tmp_path, "--results", tmp_path / "r.sqlite"], tmp_path)
    assert done.exit_code == 2 and "was not written by pnp" in done.stderr, done
    assert (tmp_path / "cards.csv").read_text() == "my cards"
    assert not (tmp_path / "r.sqlite").exists()


def test_a_report_again_replaces_its_own_files(tmp_path):
    out = tmp_path / "out"
    args = balance(tmp_path, "-o", out, "--results", tmp_path / "r.sqlite")
    assert run(args, tmp_path).exit_code == 0
    first = snapshot(out)
    assert {"report.json", "decks.csv", "png", ".pnp-written"} <= set(first)
    assert run(args, tmp_path).exit_code == 0
    assert set(snapshot(out)) == set(first)


# ---------------------------------------------------------------- places checked first

def wrong_places(tmp_path: Path) -> dict[str, Path]:
    """Places no report folder can be."""
    afile = tmp_path / "afile.txt"
    afile.write_text("not a folder")
    return {"a file": afile, "below a file": afile / "out", "dev null": Path("/dev/null"),
            "too long": tmp_path / ("x" * 300), "proc": Path("/proc/pnp-out")}


@pytest.mark.parametrize("kind", ["a file", "below a file", "dev null", "too long", "proc"])
def test_balance_commands_check_the_report_folder_before_playing(tmp_path, kind):
    place = wrong_places(tmp_path)[kind]
    results = tmp_path / "r.sqlite"
    catalog = ROOT / "toolkit/games/warbadge/content" / "badges.xlsx"
    for cmd in (balance(tmp_path, "-o", place, "--results", results),
                ["sweep", "warbadge", "--sample", 2, "--games", 2, "-o", place,
                 "--results", results],
                ["compare", "warbadge", catalog, catalog, "--sample", 2, "--games", 2,
                 "-o", place, "--results", results]):
        done = run(cmd, tmp_path)
        assert done.exit_code == 2 and "-o" in done.stderr, done
        assert not results.exists(), done  # nothing played


@pytest.mark.parametrize("kind", ["a folder", "a deck", "a report file"])
def test_the_results_file_is_checked_before_playing(tmp_path, kind):
    (tmp_path / "folder").mkdir()
    out = tmp_path / "out"
    args = balance(tmp_path, "-o", out)
    place = {"a folder": tmp_path / "folder", "a deck": tmp_path / "a.csv",
             "a report file": out / "report.json"}[kind]
    done = run([*args, "--results", place], tmp_path)
    assert done.exit_code == 2, done
    assert not out.exists()


@pytest.mark.skipif(shutil.which("id") is None or __import__("os").geteuid() == 0,
                    reason="root writes into read-only folders")
def test_a_read_only_report_folder_is_refused_before_playing(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        done = run(balance(tmp_path, "-o", locked / "out", "--results",
                           tmp_path / "r.sqlite"), tmp_path)
        assert done.exit_code == 2 and not (tmp_path / "r.sqlite").exists(), done
    finally:
        locked.chmod(0o700)


def test_calibrate_refuses_a_folder_at_its_file_and_leaves_no_temporary(tmp_path):
    (tmp_path / "c1" / "calibrate-a4-long.pdf").mkdir(parents=True)
    done = run(["calibrate", "-o", tmp_path / "c1"], tmp_path)
    assert done.exit_code == 2 and "calibrate-a4-long.pdf" in done.stderr, done
    assert [p.name for p in (tmp_path / "c1").iterdir()] == ["calibrate-a4-long.pdf"]
    assert run(["calibrate", "-o", tmp_path / "c2"], tmp_path).exit_code == 0
    assert run(["calibrate", "-o", tmp_path / "c2"], tmp_path).exit_code == 0  # its own


# ---------------------------------------------------------------- full disks

def full_disk_after(monkeypatch, calls: int, where: str = "replace") -> None:
    """The `calls`-th rename fails with ENOSPC (`where="replace"`), or every file write
    from the `calls`-th on (`where="fdopen"`)."""
    import toolkit.core.outputs as outputs

    count = {"n": 0}
    real = outputs.os.replace if where == "replace" else outputs.os.fdopen

    def full(*args, **kwargs):
        count["n"] += 1
        if count["n"] == calls or (where != "replace" and count["n"] > calls):
            raise OSError(errno.ENOSPC, "No space left on device")
        return real(*args, **kwargs)

    monkeypatch.setattr(outputs.os, where, full)


@pytest.mark.parametrize("calls", [1, 3, 8, 14, 17])
def test_a_full_disk_leaves_the_old_report_whole_and_nothing_half_written(
        tmp_path, monkeypatch, calls):
    out = tmp_path / "out"
    args = balance(tmp_path, "-o", out, "--results", tmp_path / "r.sqlite")
    assert run(args, tmp_path).exit_code == 0
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    with monkeypatch.context() as patch:
        full_disk_after(patch, calls)
        done = run(args, tmp_path)
    assert done.exit_code == 2, done
    assert done.stderr.startswith("pnp: no space left on device writing "), done
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert not [p for p in tmp_path.rglob(".pnp-*") if p.name != ".pnp-written"]


@pytest.mark.parametrize("command", ["tournament", "print"])
def test_a_full_disk_on_a_first_run_leaves_nothing(tmp_path, monkeypatch, command):
    """(The results file keeps the games played, to resume: it lies outside the sandbox.)"""
    box = tmp_path / "box"
    box.mkdir()
    out = box / "new" / "out"
    deck = renamed(BATTLEGATE, box, "bg.xlsx", "My Deck")
    args = (balance(box, "-o", out, "--results", tmp_path / "r.sqlite")
            if command == "tournament" else ["print", "battlegate", deck, "-o", out, "--png"])
    with monkeypatch.context() as patch:
        full_disk_after(patch, 4, "fdopen")
        done = run(args, box)
    assert done.exit_code == 2, done
    assert done.stderr.startswith(f"pnp: no space left on device writing {out}/"), done
    assert not (box / "new").exists()


# ---------------------------------------------------------------- CSV injection

def test_report_cells_a_spreadsheet_would_obey_are_escaped(tmp_path):
    csv_deck(tmp_path, "=HYPERLINK(1).csv")
    csv_deck(tmp_path, "@SUM(1+1).csv")
    out = tmp_path / "out"
    done = run(["tournament", "battlegate", "--deck", tmp_path / "=HYPERLINK(1).csv",
                "--deck", tmp_path / "@SUM(1+1).csv", "--games", 2, "--bootstrap", 5,
                "-o", out, "--results", tmp_path / "r.sqlite"], tmp_path)
    assert done.exit_code == 0, done
    for name in ("decks.csv", "matrix.csv"):
        with (out / name).open(encoding="utf-8") as handle:
            cells = [cell for row in csv.reader(handle) for cell in row]
        assert "'=HYPERLINK(1)" in cells and "'@SUM(1+1)" in cells, name
        assert not [c for c in cells if c[:1] in ("=", "+", "@", "\t", "\r")], name


def test_csv_cell():
    from toolkit.balance.report import csv_cell

    for text in ("=1+1", "+1+1", "-1+1", "@SUM(A1)", "\t=1", "\r=1", "-", "=HYPERLINK(1)"):
        assert csv_cell(text) == "'" + text
    for value in (-3, -0.25, 0, "-3", "-1.5", "+2", "-1e-05", "Deck", "", None, "a=b"):
        assert csv_cell(value) == value
