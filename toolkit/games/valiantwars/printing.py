"""How Valiant Wars prints: a layout per kind (champion, gold, soldier, omen, location),
all sharing the one card back ("All of the cards have the same back image")."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.registry import PrintSpec
from toolkit.games.valiantwars.deck import read_pool

LAYOUTS = {"Champion": "champion", "Gold": "gold", "Soldier": "soldier",
           "Dark Omen": "omen", "Location": "location"}
"""The layout (toolkit/games/valiantwars/layouts/<name>.toml) of each kind."""


def layout_of(card) -> str:
    """The layout of a pool card, by its kind."""
    return LAYOUTS[card.kind]


def catalog_cards(path: Path | None) -> list:
    """Every distinct card of a pool file (the bundled one by default), once each."""
    pool = read_pool(path)
    return list(pool.distinct) if pool is not None else []


PRINTING = PrintSpec(layout_of=layout_of, catalog_cards=catalog_cards)
