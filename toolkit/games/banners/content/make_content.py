"""Write toolkit/games/banners/content/banners.xlsx: the book's item deck, the "Twin Keeps" board and
the pieces, from toolkit/games/banners/engine/samples.py (their one source). The same
bytes on every run:

    .venv/bin/python toolkit/games/banners/content/make_content.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from toolkit.games.banners.engine.samples import BOARD, PIECES  # noqa: E402
from toolkit.games.banners.template import book_item_rows, write_game_workbook  # noqa: E402

OUT = Path(__file__).resolve().parent / "banners.xlsx"


def main() -> None:
    """Write the bundled workbook."""
    write_game_workbook(OUT, book_item_rows(), BOARD, PIECES)
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
