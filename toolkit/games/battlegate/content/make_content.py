"""Write toolkit/games/battlegate/content/decks.xlsx: four legal Battle Gate decks of different styles.

Run with the project's Python: `.venv/bin/python toolkit/games/battlegate/content/make_content.py`.
The output is reproducible byte for byte (write_workbook pins timestamps). The decks
themselves are data in `toolkit/games/battlegate/engine/samples.py` (the engine's sample
setups play the same decks); every name and number is our own. Each deck costs exactly 100 character points and holds
17 to 100 cards.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.battlegate.engine.samples import DECK_ROWS
from toolkit.games.battlegate.models import CLASSES, SHEET_COLUMNS

OUT = Path(__file__).resolve().parent / "decks.xlsx"

def main() -> None:
    """Write the bundled decks workbook."""
    sheets = [SheetSpec(name, SHEET_COLUMNS,
                        [(n, k, p, q, d, None) for n, k, p, q, d in rows],
                        choices={"Class": CLASSES},
                        widths={"Name": 22.0, "Description": 42.0})
              for name, rows in DECK_ROWS.items()]
    write_workbook(OUT, sheets)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
