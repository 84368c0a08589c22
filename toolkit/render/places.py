"""Where a card's layout comes from: the designer's project first, the game's own last.

A card names a layout (`PrintSpec.layout_of`); the file used for it is the first of

1. `--layout FILE`: this one file for every card of the run;
2. `--layouts DIR`: `DIR/<game>/<name>.toml`, else `DIR/<name>.toml`;
3. the project beside the workbook: `<workbook's folder>/layouts/<game>/<name>.toml`;
4. the built-in layout, package data of the game (`Game.layouts/<name>.toml`).

So a designer changes a card by saving a layout beside their workbook (start from
`pnp layout GAME NAME -o layouts/GAME/NAME.toml`), never by editing the installed tool.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from toolkit.core.errors import LayoutError
from toolkit.core.sheets import display_path


@dataclass(frozen=True)
class LayoutPlaces:
    """Where to look for layouts, as `pnp print`/`validate` were asked."""

    game_id: str
    builtin: Path
    """The game's own layouts folder."""
    workbook: Path | None = None
    """The deck or catalog file printed (its folder may hold `layouts/<game>/`)."""
    folder: Path | None = None
    """--layouts DIR."""
    file: Path | None = None
    """--layout FILE."""

    def candidates(self, name: str) -> list[Path]:
        """Every place `name` is looked for, in order."""
        if self.file is not None:
            return [self.file]
        found = []
        if self.folder is not None:
            found += [self.folder / self.game_id / f"{name}.toml", self.folder / f"{name}.toml"]
        if self.workbook is not None:
            found.append(Path(self.workbook).parent / "layouts" / self.game_id / f"{name}.toml")
        found.append(self.builtin / f"{name}.toml")
        return found

    def back_candidates(self, name: str, beside: Path) -> list[Path]:
        """Where a layout named by `[card] back` in the layout file `beside` is looked for:
        as a card's layout (with `--layout FILE`, beside that file first), then beside."""
        own = Path(beside).parent / f"{name}.toml"
        found = LayoutPlaces(self.game_id, self.builtin, self.workbook, self.folder) \
            .candidates(name)
        found = [own, *found] if self.file is not None else [*found, own]
        return list(dict.fromkeys(found))

    def back(self, name: str, beside: Path) -> Path:
        """The layout file of a back named in the layout file `beside`; `LayoutError`
        naming where it was looked for."""
        return self._first(name, self.back_candidates(name, beside))

    def find(self, name: str) -> Path:
        """The layout file for `name`; `LayoutError` naming where it was looked for."""
        return self._first(name, self.candidates(name))

    def _first(self, name: str, places: list[Path]) -> Path:
        for path in places:
            if path.is_file():
                return path
        known = sorted(p.stem for p in self.builtin.glob("*.toml")) if self.builtin.is_dir() \
            else []
        hint = f"; known: {', '.join(known)}" if known else ""
        raise LayoutError(f"no layout '{name}' for game '{self.game_id}' (looked for "
                          f"{', '.join(display_path(p) for p in places)}){hint}")

    def is_builtin(self, path: Path) -> bool:
        """Whether `path` is one of the game's own layouts (not the designer's)."""
        return Path(path).resolve().parent == self.builtin.resolve()
