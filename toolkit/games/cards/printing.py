"""How `cards` prints: every card on the layout `card` (the designer's, found as
toolkit/render/places.py says, else the built-in generic card)."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.bundled import package_dir
from toolkit.core.registry import PrintSpec, ValidateRequest
from toolkit.games.cards.deck import LAYOUT_NAME, load_decks

BUNDLED = package_dir(__package__) / "content" / "example.xlsx"


def catalog_cards(path: Path | None) -> list:
    """The cards has no catalog: every distinct card of the file (the bundled example
    for None), once each."""
    _, decks = load_decks(ValidateRequest(path or BUNDLED))
    seen: dict[tuple, object] = {}
    for deck in decks:
        for card in deck.cards:
            seen.setdefault(tuple((k, str(v)) for k, v in sorted(card.fields().items())), card)
    return list(seen.values())


PRINTING = PrintSpec(layout_of=lambda card: LAYOUT_NAME, catalog_cards=catalog_cards)
