"""Battle Gate (`battlegate`): decks of the player's own cards, 100 character points each.

Rulebook: shared/rules/battle-gate.md. There is no catalog: each sheet of a workbook
(or a CSV file) is one deck listing its cards' Name, Class, Power, Qty, Description, Art.
"""

from __future__ import annotations

from toolkit.core.registry import Game
from toolkit.games.battlegate.deck import VALIDATOR, formats, load_decks, validate
from toolkit.games.battlegate.playing import PLAYING
from toolkit.games.battlegate.printing import PRINTING
from toolkit.games.battlegate.template import write_template

GAME = Game(
    id="battlegate",
    title="Battle Gate",
    package=__name__,
    catalog_sheets=(),
    validate=validate,
    write_template=write_template,
    bundled_decks=("decks.xlsx",),
    formats=formats,
    load_decks=load_decks,
    printing=PRINTING,
    playing=PLAYING,
)

__all__ = ["GAME", "VALIDATOR", "load_decks"]
