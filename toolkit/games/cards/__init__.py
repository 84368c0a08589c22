"""Any card game (`cards`): print any spreadsheet's rows with a layout naming its columns.

There is no rulebook and no rules engine: every sheet but `Rules` is a deck whose header
row names its columns; a layout's boxes print them (`layouts/cards/card.toml` beside the
workbook, --layout, --layouts, else the built-in generic card); optional deck rules are
data (a `Rules` sheet or the layout's `[rules]`). See docs/cards.md.
"""

from __future__ import annotations

from toolkit.core.registry import Game
from toolkit.games.cards.deck import load_decks, validate
from toolkit.games.cards.printing import PRINTING
from toolkit.games.cards.template import template_files, write_template

GAME = Game(
    id="cards",
    title="Any card game",
    package=__name__,
    catalog_sheets=("Rules",),
    validate=validate,
    write_template=write_template,
    bundled_decks=("example.xlsx",),
    load_decks=load_decks,
    printing=PRINTING,
    playing=None,
    extras={"template_files": template_files},
)

__all__ = ["GAME", "load_decks"]
