"""Write toolkit/games/valiantwars/content/pool.xlsx: the bundled Valiant Wars pool (192 cards).

Run with the project's Python: `.venv/bin/python toolkit/games/valiantwars/content/make_content.py`.
The output is reproducible byte for byte (write_workbook pins timestamps). The pool
itself is data in `toolkit/games/valiantwars/engine/samples.py` (the engine's sample
setups play the same cards): names and numbers are our own, the 27 champion effects and
the component counts are the rulebook's.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.workbook import write_workbook
from toolkit.games.valiantwars.template import sheets

OUT = Path(__file__).resolve().parent / "pool.xlsx"


def main() -> None:
    """Write the bundled pool workbook (the `Cards` sheet and the `#Vocabulary` sheet)."""
    write_workbook(OUT, sheets())
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
