"""What keeps a fresh `pnp print` quick (issue 27, item 11): it loads only the command and
the game it runs, reads a workbook without openpyxl unless a cell may be a date, and
renders each word of card text once per size (the word cache stays within its budget and
draws the same pixels as a fresh rendering)."""

import subprocess
import sys

from toolkit.render import png
from toolkit.render.display import DisplayList, Span, Text


def _modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    done = subprocess.run([sys.executable, "-c", code + "\nimport sys\n"
                           "print('\\n'.join(sorted(sys.modules)))"],
                          capture_output=True, text=True, timeout=120, check=True)
    return set(done.stdout.split())


def test_a_command_imports_only_its_own_module_and_game():
    loaded = _modules_after("from toolkit.cli.main import build_app\n"
                            "from toolkit.core.registry import get_game\n"
                            "build_app('print'); get_game('cards')")
    assert "toolkit.cli.printing" in loaded and "toolkit.games.cards" in loaded
    assert not {"toolkit.cli.compare", "toolkit.cli.tournament", "toolkit.cli.play"} & loaded
    assert "toolkit.games.warblitz" not in loaded


def test_help_and_unknown_names_still_know_every_command():
    from toolkit.cli.main import COMMANDS, build_app

    for argv in (None, "--help", "prnt"):
        group = build_app(argv)
        names = {c.name for c in group.registered_commands}
        assert names == set(COMMANDS)
    assert {c.name for c in build_app("print").registered_commands} == {"print", "calibrate"}


def test_a_plain_workbook_is_read_without_openpyxl(tmp_path):
    from tests.helpers import make_xlsx

    book = make_xlsx(tmp_path / "plain.xlsx", {"Deck": [["Name", "Qty"], ["Fox", 2]]})
    loaded = _modules_after("from toolkit.core.limits import DEFAULT_LIMITS, Budget\n"
                            "from toolkit.core.xlsx import read_xlsx\n"
                            f"rows = read_xlsx({str(book)!r}, 'plain.xlsx', "
                            "Budget(DEFAULT_LIMITS, 'plain.xlsx'))[0][1]\n"
                            "assert rows[1][1] == ('Fox', 2), rows")
    assert "openpyxl" not in loaded


def test_date_cells_still_read_as_dates(tmp_path):
    import datetime

    from openpyxl import Workbook

    from toolkit.core.limits import DEFAULT_LIMITS, Budget
    from toolkit.core.xlsx import read_xlsx

    wb = Workbook()
    wb.active.append(["Name", "Released"])
    wb.active.append(["Fox", datetime.date(2026, 12, 2)])
    wb.save(tmp_path / "dated.xlsx")
    rows = read_xlsx(tmp_path / "dated.xlsx", "dated.xlsx",
                     Budget(DEFAULT_LIMITS, "dated.xlsx"))[0][1]
    assert rows[1][1] == ("Fox", datetime.datetime(2026, 12, 2))


def _card(words: str) -> DisplayList:
    span = Span(2.0, 10.0, words, "Vera")
    return DisplayList(60, 20, (Text(0, 0, 60, 20, 9, "#202020", (span,)),))


def test_a_cached_word_draws_the_same_pixels_as_a_fresh_one():
    card = _card("Draw a card, then draw a card.")
    png._tiles.clear()
    first = png.render(card, 300).tobytes()
    assert png._tiles  # "draw" and "a" and "card" rendered once, pasted twice
    again = png.render(card, 300).tobytes()
    png._tiles.clear()
    assert first == again == png.render(card, 300).tobytes()


def test_the_word_cache_stays_within_its_budget(monkeypatch):
    monkeypatch.setattr(png, "TILES_BUDGET", 20_000)
    png._tiles.clear()
    monkeypatch.setattr(png, "_tiles_bytes", 0)
    for i in range(300):
        png.render(_card(f"word{i} other{i}"), 300)
    assert 0 < png._tiles_bytes <= 20_000
    assert png._tiles_bytes == sum(t.size[0] * t.size[1] for t, _, _ in png._tiles.values())
    png._tiles.clear()
