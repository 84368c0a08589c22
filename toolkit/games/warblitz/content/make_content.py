"""Write Warblitz's bundled content: catalog.xlsx (two factions) and warbands.xlsx.

Run with the project's venv: `.venv/bin/python toolkit/games/warblitz/content/make_content.py`.
The cards, their printed abilities and their effects live in
`toolkit/games/warblitz/engine/samples.py` (the engine's sample warbands are the same
rows). The names, numbers and texts are ours (not from any published game). The output
is byte-for-byte reproducible (toolkit.core.workbook pins timestamps).
"""

from __future__ import annotations

from pathlib import Path

from toolkit.games.warblitz.engine.samples import EVENTS, RELICS, STARTS, UNITS, WARBANDS
from toolkit.games.warblitz.template import catalog_specs, warband_spec

HERE = Path(__file__).resolve().parent


def main(folder: Path = HERE) -> None:
    """Write catalog.xlsx and warbands.xlsx into `folder`."""
    from toolkit.core.workbook import write_workbook  # noqa: PLC0415

    write_workbook(folder / "catalog.xlsx",
                   catalog_specs(UNITS, EVENTS, RELICS, starts=STARTS))
    write_workbook(folder / "warbands.xlsx",
                   [warband_spec(name, cards) for name, cards in WARBANDS.items()])


if __name__ == "__main__":
    main()
