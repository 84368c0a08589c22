"""High Card: an example add-on game for pnp (docs/adding-a-game.md in the toolkit).

This package is all a game needs: the registry record `GAME` (found through the entry
point `highcard` in the group `toolkit.games`, see pyproject.toml), its deck reading
(`deck.py`), its rules engine (`rules.py`), and as package data its bundled deck
(`content/`), its card layout (`layouts/card.toml`) and its rulebook (`rulebook.md`).
"""

from __future__ import annotations

from toolkit.core.errors import InputError
from toolkit.core.registry import Game, PlaySpec, PrintSpec

from .deck import catalog_cards, load_decks, validate, write_template
from .rules import SETUPS, HighCardParams, HighCardRules


def params(decks: list, fmt: str | None) -> HighCardParams:
    """Each seat's loaded deck → the engine's parameters."""
    if len(decks) != 2:
        raise InputError(f"High Card is played by 2 players; got {len(decks)} decks")
    one, two = (tuple(card.rank for card in deck.cards) for deck in decks)
    return HighCardParams((one, two), (decks[0].name, decks[1].name))


GAME = Game(
    id="highcard",
    title="High Card",
    package=__name__,
    catalog_sheets=(),
    validate=validate,
    write_template=write_template,
    bundled_decks=("deck.csv", "ladder.csv"),
    load_decks=load_decks,
    printing=PrintSpec(layout_of=lambda card: "card", catalog_cards=catalog_cards),
    playing=PlaySpec(rules=HighCardRules, params=params,
                     default_decks=("deck.csv", "ladder.csv"), players=(2, 2),
                     setups=lambda: SETUPS,
                     compiled=("pnp_highcard.rules",)),
)
"""High Card's registry record (entry point `highcard`)."""
