"""Loading and validating: a 10,000-row WarBadge catalog and 1,000 Battle Gate decks.

Each is reported as rows/s or decks/s beside raw openpyxl read-only iteration of the
same workbook, so the ratio (our overhead over merely reading the cells) is what counts.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

from toolkit.core.registry import ValidateRequest, get_game
from toolkit.core.sheets import Column
from toolkit.core.workbook import SheetSpec, write_workbook

TYPES = ["Ranged", "Magic", "Stealth", "Flying", "Blade", "Holy", "Abomination", "Armor"]
RANKS = [("Gold", 3), ("Silver", 2), ("Bronze", 1)]


def _raw_iterate(path: Path) -> int:
    import openpyxl

    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    cells = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows(values_only=True):
            cells += len(row)
    wb.close()
    return cells


def _timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def make_catalog(path: Path, rows: int) -> None:
    """A WarBadge workbook with `rows` valid badges (and no teams)."""
    rng = random.Random(1)
    cols = [Column(h) for h in ("Name", "Rank", "Value", "Types", "Strengths", "Weaknesses",
                                "Abilities", "Text")]
    data = []
    for i in range(rows):
        rank, value = rng.choice(RANKS)
        data.append([f"Badge {i}", rank, value, ", ".join(rng.sample(TYPES, rng.randint(1, 3))),
                     rng.choice(TYPES), rng.choice(TYPES), "", "A generated badge."])
    write_workbook(path, [SheetSpec("Badges", cols, data)])


def make_decks(path: Path, decks: int) -> None:
    """A Battle Gate workbook with `decks` legal 20-card decks, one sheet each."""
    cols = [Column(h) for h in ("Name", "Class", "Power", "Qty", "Description")]
    rows = [["Pikeman", "Soldier", 5, 8, ""], ["Wall", "Minion", 5, 8, ""],
            ["Knife", "Assassin", 5, 4, ""]]
    write_workbook(path, [SheetSpec(f"Deck {i}", cols, rows) for i in range(decks)])


def main() -> None:
    """Generate the workbooks, time ours against raw openpyxl, print the figures."""
    with tempfile.TemporaryDirectory() as tmp:
        catalog = Path(tmp) / "catalog.xlsx"
        decks = Path(tmp) / "decks.xlsx"
        make_catalog(catalog, 10_000)
        make_decks(decks, 1_000)
        wb_game, bg_game = get_game("warbadge"), get_game("battlegate")

        raw = _timed(lambda: _raw_iterate(catalog))
        ours = _timed(lambda: wb_game.validate(ValidateRequest(catalog)))
        print(f"catalog 10,000 rows: raw openpyxl {10_000 / raw:,.0f} rows/s, "
              f"pnp validate {10_000 / ours:,.0f} rows/s, ratio {ours / raw:.2f}x raw time")

        raw = _timed(lambda: _raw_iterate(decks), repeat=1)
        ours = _timed(lambda: bg_game.validate(ValidateRequest(decks)), repeat=1)
        print(f"1,000 decks (3,001 rows): raw openpyxl {1_000 / raw:,.0f} decks/s, "
              f"pnp validate {1_000 / ours:,.0f} decks/s, ratio {ours / raw:.2f}x raw time")


if __name__ == "__main__":
    main()
