"""The game registry: every game, built in or installed, is one entry point record.

Games are declared in the entry point group `toolkit.games` (see pyproject.toml), so a
sixth game is a new package with one entry point and no change to the core; the five
built-in games use the very same contract. docs/adding-a-game.md walks through one
(examples/highcard), and `toolkit.testing` checks a game against this contract:

- the package (`Game.package`) holds `content/` (the bundled catalog and decks),
  `layouts/<name>.toml` (one per name `PrintSpec.layout_of` returns) and, for a game
  that plays, `rulebook.md`;
- `write_template` writes a workbook holding exactly one deck, which `load_decks` loads;
- a loaded deck has `.name` (str) and `.cards` (a list of card models); a card model has
  `.fields()` (column → value, what its layout's boxes name);
- `PlaySpec.setups` names sample parameters for the shared playthrough tests;
- the engine subclasses `toolkit.sim.engine.Engine` and declares its `Capabilities`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from pathlib import Path
from typing import Any

from toolkit.core.bundled import package_dir
from toolkit.core.errors import InputError
from toolkit.core.report import ValidationResult

GROUP = "toolkit.games"


def output_root() -> Path:
    """Where commands write by default: `./output` under the folder `pnp` runs in."""
    return Path.cwd() / "output"


@dataclass(frozen=True)
class ValidateRequest:
    """What `pnp validate` was asked: a file (maybe one sheet), a catalog, a format."""

    file: Path
    sheet: str | None = None
    catalog: Path | None = None
    format: str | None = None
    layout: Path | None = None
    """--layout FILE: the layout the cards print with (the `cards` game reads its columns
    and deck rules from it); None for the usual search (toolkit/render/places.py)."""
    layouts: Path | None = None
    """--layouts DIR: the designer's layouts folder."""


@dataclass(frozen=True)
class PrintSpec:
    """How a game's cards print: the layout of each card, and its whole catalog."""

    layout_of: Callable[[Any], str]
    """The layout name (`<name>.toml` in the game's layouts folder) for one card model."""
    catalog_cards: Callable[[Path | None], list[Any]]
    """Every distinct card of a catalog (the bundled one for None), each once."""
    posters: Callable[[Path, str | None, float | None],
                      list[tuple[str | None, str, Any]]] | None = None
    """Drawings larger than a card printed beside the cards (a game board): (the file
    printed, its `#SHEET`, the board square in mm asked with `--square`, or None for the
    game's default) → (the deck it goes with, what it is, `DisplayList`), each written to
    that deck's folder as `<deck>-<what>.pdf` (with no deck, None: the game's own sheet,
    as `<what>.pdf` in the output folder), tiled over pages at 100% by
    `toolkit.render.poster.write_poster`."""


@dataclass(frozen=True)
class PlaySpec:
    """How a game plays: its rules engine and how loaded decks become its parameters."""

    rules: Callable[[], Any]
    """A fresh rules engine: a `toolkit.sim.engine.Engine` subclass (or a function making
    one) that declares its `Capabilities`."""
    params: Callable[[list[Any], str | None], Any]
    """(loaded decks in seat order, --format) → engine parameters; InputError if unfit."""
    default_decks: tuple[str, ...]
    """Bundled decks for the seats when no --deck is given: `FILE#SHEET` in `Game.content`."""
    players: tuple[int, int] = (2, 2)
    """Fewest and most players."""
    pooled: bool = False
    """All seats share one file (Valiant Wars' card pool, Banners' board): `--deck` is
    given at most once and `--players` says how many seats; `params` then receives the
    one loaded deck once per seat."""
    demo_players: tuple[int, ...] = ()
    """Player counts `pnp demo` plays (default: the fewest and the most)."""
    setups: Callable[[], Mapping[str, Callable[[], Any]]] = field(default=lambda: {})
    """Named sample parameters in plain Python (the first is the default), for the shared
    conformance tests (`toolkit.testing`: at least one is needed) and the benchmarks."""
    compiled: tuple[str, ...] = ()
    """The engine's hot modules (dotted names, all in one top-level package) that
    `make install` compiles with mypyc as one group named after the game
    (toolkit/sim/native.py); empty: the engine always runs as pure Python."""
    inlined: tuple[str, ...] = ()
    """Modules the compiled ones read `Final` numbers from without being compiled: an
    edit to one makes the compiled build stale too."""
    sweep: Callable[[Any], Any] | None = None
    """Deck generation for `pnp sweep` and `pnp compare --mode sweep` (optional): a
    `toolkit.balance.pool.SweepRequest` (catalog path or None for the bundled one,
    --format, a seeded `random.Random`, K decks or None for every legal deck, or exact
    card lists to rebuild) → a `toolkit.balance.pool.DeckPool`: legal decks as `params`
    takes them, each deck's card names, each card's printed price, and a sentence on how
    they were drawn. Same request and rng seed → the same decks. See toolkit/balance/pool.py
    and the README's "Balance" section for the full contract."""


@dataclass(frozen=True)
class Game:
    """A game's one registry record: its metadata and the functions of each job."""

    id: str
    title: str
    package: str
    """The game's package (its `__name__`), holding `content/`, `layouts/` and `rulebook.md`
    as package data (toolkit/core/bundled.py)."""
    catalog_sheets: tuple[str, ...]
    """Sheets that hold the catalog; every other sheet of a workbook is a deck."""
    validate: Callable[[ValidateRequest], ValidationResult]
    write_template: Callable[[Path], None]
    """Write a starter workbook to a path: it validates clean and holds exactly one deck."""
    bundled_decks: tuple[str, ...]
    """Bundled deck files, relative to `content`."""
    formats: Callable[[Path | None], list[str]] = field(default=lambda catalog: [])
    load_decks: Callable[[ValidateRequest], tuple[ValidationResult, list[Any]]] | None = None
    """Validate and load decks for later jobs: (result, decks), each deck with `.name`
    (str) and `.cards` (card models, each with `.fields()`: column → value)."""
    printing: PrintSpec | None = None
    playing: PlaySpec | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    """Game-specific functions later jobs look up by name."""

    @property
    def folder(self) -> Path:
        """The game package's folder."""
        return package_dir(self.package)

    @property
    def content(self) -> Path:
        """The bundled catalog and decks (`<package>/content/`)."""
        return self.folder / "content"

    @property
    def layouts(self) -> Path:
        """The built-in card layouts (`<package>/layouts/<name>.toml`)."""
        return self.folder / "layouts"

    @property
    def rulebook(self) -> Path:
        """The rulebook the engine implements (`<package>/rulebook.md`)."""
        return self.folder / "rulebook.md"

    def output(self) -> Path:
        """The default output folder of this game's commands: `./output/<id>`."""
        return output_root() / self.id

    def bundled_paths(self) -> list[Path]:
        """The bundled deck files as paths."""
        return [self.content / name for name in self.bundled_decks]


@cache
def games() -> dict[str, Game]:
    """Every registered game by id, in a stable order."""
    found: dict[str, Game] = {}
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        game = _load(ep)
        if game is not None:
            found[game.id] = game
    return found


@cache
def _load(ep: Any) -> Game | None:
    """The game an entry point names, or None (said on stderr) when it cannot be loaded:
    a broken add-on game must not break the others."""
    try:
        return ep.load()
    except Exception as exc:
        import sys  # noqa: PLC0415

        print(f"pnp: game '{ep.name}' could not be loaded ({type(exc).__name__}: {exc})",
              file=sys.stderr)
        return None


def get_game(game_id: str) -> Game:
    """The game of that id, or an `InputError` listing the known ones. A command about
    one game loads only that game when its entry point bears its id (every built-in
    game's does), not all of them."""
    wanted = game_id.strip().lower()
    for ep in entry_points(group=GROUP, name=wanted):
        game = _load(ep)
        if game is not None and game.id == wanted:
            return game
    known = games()
    game = known.get(wanted)
    if game is None:
        raise InputError(f"unknown game '{game_id}'; known games: {', '.join(known)}")
    return game
