"""Output places, file names from deck names, and all-or-nothing writes."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from toolkit.core.errors import InputError
from toolkit.core.outputs import (
    MANIFEST,
    MAX_NAME_BYTES,
    Transaction,
    check_file,
    check_folder,
    safe_name,
    written_by_pnp,
)
from toolkit.core.text import figure, markdown, markup, plain, quote

HOSTILE_NAMES = ["Deck", ".Deck", "Deck ", " Deck", "Deck.", "deck", "../x", "..", ".", "/",
                 "a/b", "a\\b", "a:b", 'a"b', "a|b?*<>", "CON", "con.txt", "LPT1", "nul ",
                 "x" * 300, "é" * 200, "\x1b[2J", "tab\there", "-rf", "Deck-d96eb7c2", ""]


def test_safe_names_stay_in_their_folder_and_are_bounded():
    for name in HOSTILE_NAMES:
        safe = safe_name(name)
        assert safe and "/" not in safe and "\\" not in safe, name
        assert not safe.startswith((".", "-", " ")) and not safe.endswith((".", " ")), name
        assert len(safe.encode()) <= MAX_NAME_BYTES + 9, name
        assert plain(safe) == safe, name
        assert safe.split(".")[0].casefold() not in ("con", "nul", "lpt1"), name


def test_distinct_names_never_share_a_file_name():
    """FORMATS.md: each sheet is one deck named by its sheet: `Deck`, `.Deck` and `Deck `
    must not print to one place (the second would silently replace the first)."""
    safe = [safe_name(n) for n in HOSTILE_NAMES]
    assert len({s.casefold() for s in safe}) == len(HOSTILE_NAMES) - 1  # 'Deck' ~ 'deck'
    assert safe_name("Deck") == "Deck" and safe_name("My Team") == "My Team"
    assert safe_name(".Deck") != safe_name("Deck ") != safe_name("Deck")
    assert safe_name("Deck-d96eb7c2") != "Deck-d96eb7c2"  # cannot pose as a hashed name


def test_display_helpers():
    assert plain("a\x1b[2Jb\x07\n") == "a\\x1b[2Jb\\x07\\n"
    assert plain("\u202eevil") == "\\u202eevil"
    assert markup("[/]") == "\\[/]"
    assert markdown("**x** <b> [l](u) `c` _i_ | # h") == \
        "\\*\\*x\\*\\* \\<b\\> \\[l\\](u) \\`c\\` \\_i\\_ \\| \\# h"
    assert quote("x" * 100, 10) == "'xxxxxxxxxx…' (100 characters)"
    assert figure(10**300) == "1e+300" and figure(1_000_000) == "1,000,000"
    assert figure(10**400).startswith("a number of about 401")


# ---------------------------------------------------------------- places

def test_folder_places(tmp_path):
    assert check_folder(tmp_path / "new" / "deeper", "-o")
    assert check_folder(tmp_path, "-o")
    (tmp_path / "file.txt").write_text("x")
    with pytest.raises(InputError, match="-o .*file.txt: is a file; give a folder"):
        check_folder(tmp_path / "file.txt", "-o")
    with pytest.raises(InputError, match="file.txt is a file, so nothing can be written below it"):
        check_folder(tmp_path / "file.txt" / "out", "-o")
    with pytest.raises(InputError, match="/dev/null: is not a folder"):
        check_folder(Path("/dev/null"), "-o")
    with pytest.raises(InputError, match="longer than the file system allows"):
        check_folder(tmp_path / ("x" * 300), "-o")
    assert list(tmp_path.iterdir()) == [tmp_path / "file.txt"]  # the probes left nothing


@pytest.mark.parametrize("place", ["/proc/pnp-out", "/sys/pnp-out"])
def test_places_nobody_may_write(place):
    if not Path(place).parent.exists():
        pytest.skip(f"{Path(place).parent} does not exist here")
    with pytest.raises(InputError, match="cannot write in"):
        check_folder(Path(place), "-o")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_read_only_folder(tmp_path):
    locked = tmp_path / "locked"
    locked.mkdir()
    locked.chmod(0o500)
    try:
        with pytest.raises(InputError, match="cannot write in"):
            check_folder(locked / "out", "-o")
    finally:
        locked.chmod(0o700)


def test_file_places(tmp_path):
    deck = tmp_path / "deck.xlsx"
    deck.write_text("x")
    assert check_file(tmp_path / "logs" / "game.md", "--log")
    with pytest.raises(InputError, match="is a folder; give a file name"):
        check_file(tmp_path, "--log")
    with pytest.raises(InputError, match="is not a regular file"):
        check_file(Path("/dev/null"), "--log")
    with pytest.raises(InputError, match="is an input of this command"):
        check_file(deck, "--log", [deck])
    with pytest.raises(InputError, match="is a file, so nothing can be written below it"):
        check_file(deck / "game.md", "--log")


# ---------------------------------------------------------------- transactions

def test_transaction_moves_everything_into_place_at_the_end(tmp_path):
    out = tmp_path / "out"
    (out / "old").mkdir(parents=True)
    (out / "old" / "keep.txt").write_text("kept")
    with Transaction() as tx:
        Path(tx.file(tmp_path / "logs" / "a.md")).write_text("log")
        stage = tx.folder(out)
        (stage / "deck").mkdir()
        (stage / "deck" / "deck.pdf").write_text("pdf")
        assert not (out / "deck").exists() and not (tmp_path / "logs" / "a.md").exists()
    assert (tmp_path / "logs" / "a.md").read_text() == "log"
    assert (out / "deck" / "deck.pdf").read_text() == "pdf"
    assert (out / "old" / "keep.txt").read_text() == "kept"
    assert sorted(p.name for p in out.iterdir()) == ["deck", "old"]


def test_a_command_failing_half_way_leaves_nothing(tmp_path):
    out = tmp_path / "new" / "out"
    with pytest.raises(RuntimeError), Transaction() as tx:
        Path(tx.file(tmp_path / "logs" / "a.md")).write_text("log")
        (tx.folder(out) / "first.pdf").write_text("written before the failure")
        raise RuntimeError("the second deck's art is bad")
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- what pnp wrote

def _print(out: Path, text: str = "pdf") -> None:
    """A stand-in for a print: the folder `out/Deck` (and `out/board.pdf`), claimed first."""
    tx = Transaction()
    tx.claim(out / "Deck", "folder")
    tx.claim(out / "board.pdf")
    with tx:
        stage = tx.tree(out / "Deck")
        (stage / "png").mkdir()
        (stage / "Deck.pdf").write_text(text)
        (stage / "png" / "01.png").write_text("png")
        Path(tx.writable(out / "board.pdf")).write_text("board")


def test_outputs_are_recorded_and_replaced_while_unchanged(tmp_path):
    out = tmp_path / "out"
    _print(out)
    assert written_by_pnp(out / "Deck") and written_by_pnp(out / "board.pdf")
    assert sorted(p.name for p in out.iterdir()) == [MANIFEST, "Deck", "board.pdf"]
    _print(out, "again")  # its own, unchanged: replaced
    assert (out / "Deck" / "Deck.pdf").read_text() == "again"
    assert not [p for p in out.rglob(".pnp-*") if p.name != MANIFEST]


@pytest.mark.parametrize("change", ["edit a file", "add a file", "add a folder",
                                    "damage the record", "lose the record"])
def test_an_output_changed_since_is_never_replaced(tmp_path, change):
    out = tmp_path / "out"
    _print(out)
    if change == "edit a file":
        (out / "Deck" / "Deck.pdf").write_text("pdX")  # same size, other contents
    elif change == "add a file":
        (out / "Deck" / "png" / "notes.txt").write_text("mine")
    elif change == "add a folder":
        (out / "Deck" / "mine").mkdir()
    elif change == "damage the record":
        (out / MANIFEST).write_text("{not json")
    else:
        (out / MANIFEST).unlink()
    with pytest.raises(InputError, match="'Deck' is already there and was not written by pnp"):
        _print(out, "again")
    assert (out / "Deck" / "Deck.pdf").read_text() != "again"


def test_what_the_user_has_there_is_refused_before_any_work(tmp_path):
    out = tmp_path / "out"
    (out / "Deck").mkdir(parents=True)
    tx = Transaction()
    tx.claim(out / "Deck", "folder")  # an empty folder holds nothing to lose
    with pytest.raises(InputError, match="choose another -o folder"):
        Transaction().claim(out / "Deck")  # but a file does not go there
    (out / "Deck" / "mine.txt").write_text("x")
    with pytest.raises(InputError, match=r"-o .*out: 'Deck' is already there"):
        Transaction().claim(out / "Deck", "folder")
    (out / "board.pdf").symlink_to(out / "Deck" / "mine.txt")
    with pytest.raises(InputError, match="'board.pdf' is already there"):
        Transaction().claim(out / "board.pdf")
    with pytest.raises(InputError, match="two outputs"):
        tx.claim(out / "Deck" / "inner.pdf")


def test_inputs_are_never_outputs(tmp_path):
    deck = tmp_path / "decks" / "cards.xlsx"
    deck.parent.mkdir()
    deck.write_text("x")
    tx = Transaction([deck, tmp_path / "new.sqlite"])
    for place in (deck, tmp_path / "decks", tmp_path / "new.sqlite"):
        with pytest.raises(InputError, match="is an input of this command"):
            tx.claim(place, "folder")
    assert deck.read_text() == "x"


def test_a_failed_move_puts_back_what_was_there(tmp_path, monkeypatch):
    out = tmp_path / "out"
    _print(out)
    before = {p: p.read_bytes() for p in out.rglob("*") if p.is_file()}
    real, count = os.replace, {"n": 0}

    def replace(src, dst):
        count["n"] += 1
        if count["n"] == 4:  # the second output's move
            raise OSError(13, "Permission denied", str(dst))
        return real(src, dst)

    monkeypatch.setattr(os, "replace", replace)
    with pytest.raises(InputError, match=r"^permission denied writing .*out/"):
        _print(out, "again")
    monkeypatch.undo()
    assert {p: p.read_bytes() for p in out.rglob("*") if p.is_file()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["out"]


def test_a_full_disk_is_one_sentence_naming_the_output(tmp_path):
    out = Path(os.path.relpath(tmp_path)) / "out"
    with pytest.raises(InputError) as caught, Transaction() as tx:
        tx.claim(out / "report.json")
        Path(tx.writable(out / "a.txt")).write_text("first")
        raise OSError(28, "No space left on device", str(tx.writable(out / "report.json")))
    assert str(caught.value) == f"no space left on device writing {out / 'report.json'}"
    assert not (tmp_path / "out").exists()
    with pytest.raises(KeyError), Transaction() as tx:  # other errors keep their meaning
        tx.claim(out / "report.json")
        raise KeyError("bug")


def test_work_left_for_later_is_written_before_the_commit(tmp_path):
    """`Transaction.later`: a file staged now and written at the end (a contact sheet drawn
    on a worker meanwhile) lands with the rest; an error there leaves nothing behind."""
    out = tmp_path / "out"
    with Transaction() as tx:
        stage = tx.tree(out)
        tx.later(lambda: (stage / "late.txt").write_text("drawn meanwhile"))
        (stage / "now.txt").write_text("now")
    assert sorted(p.name for p in out.iterdir() if not p.name.startswith(".")) == \
        ["late.txt", "now.txt"]

    def broken() -> None:
        raise RuntimeError("the worker died")

    again = tmp_path / "again"
    with pytest.raises(RuntimeError), Transaction() as tx:
        (tx.tree(again) / "now.txt").write_text("now")
        tx.later(broken)
    assert not again.exists()
