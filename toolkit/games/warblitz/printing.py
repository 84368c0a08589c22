"""How Warblitz prints: units on the `unit` layout, commanders on `commander` (the same
front, and a back showing the commander's starting layout), events and relics on
`event`; beside the cards, the battlefield as a sheet of its own (battlefield.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.core.registry import PrintSpec
from toolkit.games.warblitz.battlefield import battlefield_drawing
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


def posters(path: Path, sheet: str | None, square: float | None) -> list[tuple[None, str, Any]]:
    """Printed beside the cards: the battlefield, the same for every warband (the
    battlefield ruling), written as `battlefield.pdf` in the output folder."""
    return [(None, "battlefield", battlefield_drawing())]


PRINTING = PrintSpec(layout_of=layout_of, catalog_cards=catalog_cards, posters=posters)
