"""Valiant Wars (`valiantwars`): a press-your-luck deck-builder for 2 to 5 players.

Rulebook: shared/rules/valiant-wars.md. A pool file's `Cards` sheet is the game's whole
catalog: every Soldier, Gold, Dark Omen, Location and Champion, with Qty. All seats play
from the one pool (`pnp play valiantwars --players N`). The registry record `GAME` ties
together validation (`deck.py`), the starter workbook (`template.py`), printing and the
rules engine (`engine/`).
"""

from __future__ import annotations

from toolkit.core.registry import Game
from toolkit.games.valiantwars.deck import (
    CATALOG_SHEETS,
    GAME_ID,
    formats,
    load_decks,
    read_pool,
    validate,
)
from toolkit.games.valiantwars.playing import PLAYING
from toolkit.games.valiantwars.printing import PRINTING
from toolkit.games.valiantwars.template import write_template

GAME = Game(
    id=GAME_ID,
    title="Valiant Wars",
    package=__name__,
    catalog_sheets=CATALOG_SHEETS,
    validate=validate,
    write_template=write_template,
    bundled_decks=("pool.xlsx",),
    formats=formats,
    load_decks=load_decks,
    printing=PRINTING,
    playing=PLAYING,
    extras={"read_pool": read_pool},
)
"""Valiant Wars' one registry record (entry point `valiantwars`)."""

__all__ = ["GAME", "load_decks", "read_pool"]
