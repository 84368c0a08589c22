"""Where a game's picture lives, and the contract it keeps.

A game is drawn by the module ``<game package>.picture`` (``toolkit.games.warbadge.picture``),
which defines::

    def picture(rules, state, seat: int | None) -> str

returning one ``<svg>`` element (build it with `toolkit.replay.svg.Svg`). ``seat=None`` is
the table view: everything in the state. ``seat=k`` (0-based) is what player k saw: the
picture is drawn ONLY from ``rules.observe(state, k)`` and never reads the state itself, so
hidden things (face-down badges, other hands, decks) stay hidden. Texts from spreadsheets
go through `toolkit.replay.svg.esc` (the builder does it). A picture is a pure function:
the same state gives the same bytes.

A game without such a module has no replay (`picture_of` returns None).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

Picture = Callable[[Any, Any, "int | None"], str]
"""``picture(rules, state, seat) -> '<svg …>…</svg>'``."""


def picture_of(game: Any) -> Picture | None:
    """The game's ``picture`` function (a registry `Game`, or its package name), or None
    when the game has no picture module. An error inside the module is not hidden."""
    package = game if isinstance(game, str) else game.package
    name = f"{package}.picture"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise
    return getattr(module, "picture", None)


def seat_view(rules: Any, state: Any, seat: int | None) -> Any:
    """What a picture may draw from: the state for the table (``seat=None``), else the
    seat's observation (a picture calls this first, and reads only what it returns)."""
    return state if seat is None else rules.observe(state, seat)
