"""How The Battle of Banners plays: the one validated workbook, shared by every seat,
becomes the engine's plain-data parameters (1v1 with 2 players, 2v2 with 4)."""

from __future__ import annotations

from toolkit.core.errors import InputError
from toolkit.core.registry import PlaySpec
from toolkit.games.banners.engine import (
    SETUPS,
    BannersParams,
    BannersRules,
    ItemSpec,
    PieceSpec,
)
from toolkit.games.banners.sweep import sweep_decks


def params(decks: list, fmt: str | None) -> BannersParams:
    """The workbook once per seat → BannersParams: 2 seats play 1v1, 4 play 2v2."""
    players = len(decks)
    if players not in (2, 4):
        raise InputError(f"The Battle of Banners is played 1v1 (--players 2) or 2v2 "
                         f"(--players 4); {players} players cannot make two even teams")
    if fmt is not None:
        raise InputError("The Battle of Banners has no formats; drop --format")
    game = decks[0]
    pieces = tuple(PieceSpec(side - 1, color) for side, color in game.pieces)
    if players == 4:
        for side in (1, 2):
            colors = {c for s, c in game.pieces if s == side}
            if len(colors) < 2:
                raise InputError(f"2v2 needs both colours on each side (one per player); "
                                 f"side {side} has only {', '.join(sorted(colors))}")
    items = tuple(ItemSpec(item.name, item.effect, item.color, n)
                  for item, n in game.items.items)
    return BannersParams(game.board.rows, pieces, items, players, game.name)


COMPILED = tuple(f"toolkit.games.banners.engine.{name}" for name in (
    "state", "moves", "rules", "checks", "counting", "agents", "features"))
"""The engine's modules compiled with mypyc (toolkit/sim/native.py)."""

PLAYING = PlaySpec(rules=BannersRules, params=params, default_decks=("banners.xlsx",),
                   players=(2, 4), pooled=True, demo_players=(2, 4),
                   setups=lambda: SETUPS, sweep=sweep_decks, compiled=COMPILED)
