"""Files that ship inside a game's package (its catalog, decks, layouts and rulebook).

Every bundled file is package data found through `importlib.resources`, so `pnp` works the
same from a checkout, an editable install, a built wheel or `pipx`: nothing is looked up
from a repository root. A game package holds them as

    <package>/content/     the bundled catalog and example decks (.xlsx)
    <package>/layouts/     the card layouts (TOML)
    <package>/rulebook.md  the rulebook the engine implements
"""

from __future__ import annotations

import os
from importlib.resources import files
from pathlib import Path

import toolkit

PACKAGE_PARENT = Path(toolkit.__file__).resolve().parents[1]
"""The folder holding the `toolkit` package (site-packages, or a checkout's root)."""


def package_dir(package: str) -> Path:
    """The folder of an installed package, as a file-system path.

    Packages are installed as folders (wheels unpack, `pip install -e` links the source),
    so the resources are real files that reportlab, Pillow and openpyxl can open.
    """
    root = files(package)
    path = Path(os.fspath(root)) if isinstance(root, os.PathLike) else None
    if path is None or not path.is_dir():  # a zipped package: not supported
        raise RuntimeError(f"package {package} is not installed as a folder")
    return path


def shown(path: Path) -> str | None:
    """A bundled file as messages name it: its path from the folder holding `toolkit`
    (``toolkit/games/warbadge/content/badges.xlsx``), the same from a checkout or an
    install; None for a file outside the package."""
    resolved = Path(path).resolve()
    if not resolved.is_relative_to(PACKAGE_PARENT / "toolkit"):
        return None
    return resolved.relative_to(PACKAGE_PARENT).as_posix()
