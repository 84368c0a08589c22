"""How The Battle of Banners prints: item cards, round piece tokens and flag markers
through the card pipeline (toolkit/games/banners/layouts/item.toml and token.toml), and the board as a
poster tiled over pages (`boardart.board_drawing`, `toolkit.render.poster`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.registry import PrintSpec, ValidateRequest
from toolkit.games.banners.boardart import DEFAULT_SQUARE, MAX_SQUARE, MIN_SQUARE, board_drawing
from toolkit.games.banners.deck import DEFAULT_FILE, load_decks
from toolkit.games.banners.models import Token


def layout_of(card: Any) -> str:
    """`token` for pieces and flag markers, `item` for item cards."""
    return "token" if isinstance(card, Token) else "item"


def catalog_cards(path: Path | None) -> list:
    """The default print of a workbook (the bundled one by default): each item kind once,
    a token for every piece of the Pieces sheet (as many of a colour as it counts), and
    each side's flag marker."""
    _, games = load_decks(ValidateRequest(path or DEFAULT_FILE))
    seen: dict[str, Any] = {}
    tokens: list[Token] = []
    for game in games[:1]:
        for card in game.cards:
            if isinstance(card, Token) and not card.flag:
                tokens.append(card)
            else:
                seen.setdefault(repr(sorted(card.fields().items())), card)
    items = [c for c in seen.values() if not isinstance(c, Token)]
    flags = [c for c in seen.values() if isinstance(c, Token)]
    return items + tokens + flags


def posters(path: Path, sheet: str | None,
            square: float | None) -> list[tuple[str, str, Any]]:
    """Every board of a workbook (`FILE#SHEET`: that one) as a drawing, squares of
    ``square`` mm (default 25): (its deck's name, `board`, drawing)."""
    size = DEFAULT_SQUARE if square is None else square
    if not MIN_SQUARE <= size <= MAX_SQUARE:
        raise InputError(f"--square must be {MIN_SQUARE:g} to {MAX_SQUARE:g} mm, got {size:g}")
    _, games = load_decks(ValidateRequest(path, sheet))
    return [(game.name, "board",
             board_drawing(game.board.rows, size, f"{game.title} · The Battle of Banners",
                           game.pieces))
            for game in games if game.board is not None]


PRINTING = PrintSpec(layout_of=layout_of, catalog_cards=catalog_cards, posters=posters)
