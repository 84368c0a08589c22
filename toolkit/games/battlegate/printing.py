"""How Battle Gate prints: every card on the `card` layout of the rulebook's diagram."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.bundled import package_dir
from toolkit.core.registry import PrintSpec, ValidateRequest
from toolkit.games.battlegate.deck import load_decks

BUNDLED = package_dir(__package__) / "content" / "decks.xlsx"


def catalog_cards(path: Path | None) -> list:
    """Battle Gate has no catalog: every distinct card (name, class, power) of the
    bundled decks, or of the decks in `path`, once each."""
    _, decks = load_decks(ValidateRequest(path or BUNDLED))
    seen: dict[tuple, object] = {}
    for deck in decks:
        for card in deck.cards:
            seen.setdefault((card.name.casefold(), card.klass, card.power, card.description), card)
    return list(seen.values())


PRINTING = PrintSpec(layout_of=lambda card: "card", catalog_cards=catalog_cards)
