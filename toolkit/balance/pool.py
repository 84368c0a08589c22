"""The per-game deck generation hook of `pnp sweep`: its request and what it returns.

A game opts in with one field of its `PlaySpec`::

    PlaySpec(..., sweep=my_sweep)          # my_sweep(request: SweepRequest) -> DeckPool

`my_sweep` reads the catalog (``request.catalog``, or the game's bundled one when None),
validates it (a catalog with errors comes back as ``DeckPool(report=...)`` with no decks:
`pnp sweep` then prints the report and exits 1, as `pnp play` does with invalid decks),
and returns legal decks:

- ``request.compositions`` given: exactly those card lists, rebuilt as this catalog defines
  them; a list that is not legal here goes to ``DeckPool.dropped`` (`pnp compare` plays
  the same teams under two versions of a catalog this way);
- else ``request.sample`` = K: K different legal decks drawn uniformly (every legal deck
  when fewer exist);
- else every legal deck the construction rules allow (a game whose legal decks cannot be
  listed draws a documented default number instead, and says so in ``method``).

A pooled game (`PlaySpec.pooled`: one file for every seat) has no deck files to pit
against each other, so `pnp tournament` and `pnp compare --mode decks` ask its hook for
them: ``request.shared`` is then the one file as the game's `load_decks` loaded and
validated it, and the hook returns the decks the game pits against each other on it
(Valiant Wars: the book's start alone and with each Champion of the pool); ``catalog``,
``sample`` and ``compositions`` are not used. A pooled game without a hook has no
balance commands.

All randomness comes from ``request.rng``, so the same catalog, options and seed give the
same decks in the same order. Decks are the game's own loaded decks, exactly what its
`PlaySpec.params` takes (each with a ``name``); ``cards`` lists each deck's card names
(sorted, repeats kept), ``prices`` each card's printed price for the cost curves (empty
when the game's cards carry none).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from toolkit.core.report import ValidationResult


@dataclass(frozen=True)
class SweepRequest:
    """What `pnp sweep` asks a game for (see the module docstring)."""

    catalog: Path | None
    format: str | None
    rng: Random
    sample: int | None = None
    compositions: tuple[tuple[str, ...], ...] | None = None
    shared: Any = None
    """A pooled game's one loaded file: its own decks for a tournament (module docstring)."""


@dataclass
class DeckPool:
    """Legal decks generated from a catalog (see the module docstring)."""

    decks: list[Any] = field(default_factory=list)
    """The game's loaded decks, as `PlaySpec.params` takes them (each has ``.name``)."""
    cards: list[tuple[str, ...]] = field(default_factory=list)
    """Per deck, its card names sorted (a card held twice is listed twice)."""
    prices: dict[str, float] = field(default_factory=dict)
    """Card name → printed price (WarBadge value, Battle Gate power...)."""
    price_label: str = "price"
    """What the price is called on the cards ("value", "power", "cost")."""
    total: int | None = None
    """How many legal decks the catalog allows (None when unknown)."""
    method: str = ""
    """One sentence for the report: how the decks were chosen."""
    format: str | None = None
    """The format the decks were built for."""
    report: ValidationResult | None = None
    """The catalog's validation; not valid → no decks, and `pnp sweep` exits 1."""
    dropped: list[tuple[str, ...]] = field(default_factory=list)
    """Asked-for compositions that are not legal under this catalog."""

    @property
    def valid(self) -> bool:
        """True unless the catalog's validation found errors."""
        return self.report is None or self.report.valid


def composition_key(cards: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """A deck's card list in canonical order (case-insensitive sort, repeats kept)."""
    return tuple(sorted(cards, key=lambda name: (name.casefold(), name)))
