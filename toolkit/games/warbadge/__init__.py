"""WarBadge (Brave Adventures): teams of badges checked against the rulebook's formats.

The registry record `GAME` ties together the catalog loader and team checks (`deck.py`),
the row models (`models.py`) and the starter workbook (`template.py`).
"""

from __future__ import annotations

from toolkit.core.registry import Game
from toolkit.games.warbadge.deck import CATALOG_SHEETS, VALIDATOR, formats, load_decks
from toolkit.games.warbadge.playing import PLAYING
from toolkit.games.warbadge.printing import PRINTING
from toolkit.games.warbadge.template import write_template

GAME = Game(
    id="warbadge",
    title="WarBadge",
    package=__name__,
    catalog_sheets=CATALOG_SHEETS,
    validate=VALIDATOR.validate,
    write_template=write_template,
    bundled_decks=("badges.xlsx",),
    formats=formats,
    load_decks=load_decks,
    printing=PRINTING,
    playing=PLAYING,
)
"""WarBadge's one registry record (entry point `warbadge`)."""
