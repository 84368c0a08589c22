"""Warblitz (Warband Lite Core): a grid skirmish game whose warbands are 27-card decks.

The catalog (`Units`, `Events`, `Relics`) is usually its own workbook
(toolkit/games/warblitz/content/catalog.xlsx by default, or `--catalog`); each other sheet of a file is
a warband (`Card`, `Qty`) checked against the rulebook's "Warband Construction".
Later jobs find `load_decks`, and `read_catalog` in `GAME.extras`; the battlefield prints
beside the cards through `PrintSpec.posters`.
"""

from __future__ import annotations

from toolkit.core.registry import Game
from toolkit.games.warblitz.deck import (
    CATALOG_SHEETS,
    FORMATS,
    GAME_ID,
    LoadedDeck,
    load_decks,
    read_catalog,
    validate,
)
from toolkit.games.warblitz.playing import PLAYING
from toolkit.games.warblitz.printing import PRINTING
from toolkit.games.warblitz.template import write_template

__all__ = ["GAME", "LoadedDeck", "load_decks", "read_catalog"]

GAME = Game(
    id=GAME_ID,
    title="Warblitz (Warband Lite Core)",
    package=__name__,
    catalog_sheets=CATALOG_SHEETS,
    validate=validate,
    write_template=write_template,
    bundled_decks=("warbands.xlsx",),
    formats=lambda catalog: list(FORMATS),
    load_decks=load_decks,
    printing=PRINTING,
    playing=PLAYING,
    extras={"read_catalog": read_catalog},
)
