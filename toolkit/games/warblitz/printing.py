"""How Warblitz prints: units on the `unit` layout, events and relics on `event`."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.registry import PrintSpec
from toolkit.games.warblitz.deck import read_catalog
from toolkit.games.warblitz.models import Unit


def layout_of(card) -> str:
    """`unit` for a unit card (Name, Unit, Cost, HP, STR, MEL/RNG, Ability), else `event`."""
    return "unit" if isinstance(card, Unit) else "event"


def catalog_cards(path: Path | None) -> list:
    """Every card of a catalog workbook (the bundled one by default), once each."""
    catalog, _ = read_catalog(path)
    return catalog.cards.values()


PRINTING = PrintSpec(layout_of=layout_of, catalog_cards=catalog_cards)
