"""How Warblitz prints: units on the `unit` layout, commanders on `commander` (the same
front, and a back showing the commander's starting layout), events and relics on
`event`; beside the cards, the battlefield as a sheet of its own (battlefield.py)."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.registry import PrintSpec
from toolkit.games.warblitz.battlefield import write_battlefield
from toolkit.games.warblitz.deck import read_catalog
from toolkit.games.warblitz.models import Unit


def layout_of(card) -> str:
    """`commander` for a Commander (its back shows its starting layout), `unit` for another
    unit (Name, Unit, Cost, HP, STR, MEL/RNG, Ability), else `event`."""
    if isinstance(card, Unit):
        return "commander" if card.rank == "Commander" else "unit"
    return "event"


def catalog_cards(path: Path | None) -> list:
    """Every card of a catalog workbook (the bundled one by default), once each."""
    catalog, _ = read_catalog(path)
    return catalog.cards.values()


def print_sheets(out_dir: Path, paper: str = "a4") -> list[Path]:
    """Sheets printed beside the cards: the battlefield (`battlefield.pdf`), tiled over as
    many pages of `paper` as it needs."""
    path = Path(out_dir) / "battlefield.pdf"
    write_battlefield(path, paper)
    return [path]


PRINTING = PrintSpec(layout_of=layout_of, catalog_cards=catalog_cards)
