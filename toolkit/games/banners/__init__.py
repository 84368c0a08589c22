"""The Battle of Banners (`banners`): a board game for 1v1 or 2v2 played from one workbook.

Rulebook: shared/rules/battle-of-banners.md. A workbook holds the item deck (`Items`,
the catalog sheet), the board as a grid (`Board`) and the pieces (`Pieces`); it is
validated as a whole (`deck.py`, `board.py`), printed as item cards, round tokens and a
tiled board (`printing.py`), and played by every seat at once (`playing.py`, `engine/`).
"""

from __future__ import annotations

from toolkit.core.registry import Game
from toolkit.games.banners.deck import CATALOG_SHEETS, formats, load_decks, validate
from toolkit.games.banners.playing import PLAYING
from toolkit.games.banners.printing import PRINTING
from toolkit.games.banners.template import write_template

GAME = Game(
    id="banners",
    title="The Battle of Banners",
    package=__name__,
    catalog_sheets=CATALOG_SHEETS,
    validate=validate,
    write_template=write_template,
    bundled_decks=("banners.xlsx",),
    formats=formats,
    load_decks=load_decks,
    printing=PRINTING,
    playing=PLAYING,
)
"""The Battle of Banners' one registry record (entry point `banners`)."""
