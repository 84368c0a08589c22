"""`pnp layout GAME [NAME] [-o FILE]`: list a game's built-in layouts, or write one to start
your own from (`layouts/<game>/<name>.toml` beside your workbook overrides it)."""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.cli.common import console, fail
from toolkit.core.outputs import Transaction, check_file, refusal
from toolkit.core.registry import Game, get_game
from toolkit.core.text import markup


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("layout")(layout)


def layout(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    name: str | None = typer.Argument(None, help="A built-in layout; none: list them."),
    output: Path | None = typer.Option(None, "-o", "--output",
                                       help="The .toml file to write (default "
                                            "layouts/<game>/<name>.toml, where `pnp print` "
                                            "finds it for a workbook in this folder)."),
) -> None:
    """Write a built-in card layout to a file of your own to start from (or list them)."""
    g = get_game(game)
    if name is None:
        list_layouts(g)
        return
    source = g.layouts / f"{name}.toml"
    if not name or Path(name).name != name or not source.is_file():
        known = ", ".join(builtin_names(g)) or "none"
        fail(f"no built-in layout '{name}' for game '{g.id}'; built-in: {known}")
    target = output if output is not None else Path("layouts") / g.id / f"{name}.toml"
    if target.suffix.lower() != ".toml":
        fail(f"-o {target}: a layout is a .toml file")
    check_file(target, "-o", [source])
    why = refusal(target, "file", [source])
    if why:
        fail(f"-o {target}: {why}; choose another file")
    tx = Transaction([source])
    tx.claim(target)
    with tx:
        tx.file(target).write_bytes(source.read_bytes())
    out = console()
    out.print(markup(f"wrote {target} (the built-in {g.id} layout '{name}'); edit it and "
                     f"print with it: a workbook beside layouts/{g.id}/ uses it, or pass "
                     f"--layouts DIR or --layout FILE"))
    for line in not_copied(g, name):
        out.print(markup(line))


def builtin_names(game: Game) -> list[str]:
    """The names of a game's built-in layouts."""
    folder = game.layouts
    return sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []


def list_layouts(game: Game) -> None:
    """Print each built-in layout with its card size."""
    from toolkit.render.job import load_layout  # noqa: PLC0415

    out = console()
    names = builtin_names(game)
    if not names:
        out.print(markup(f"{game.id} has no built-in layouts"))
        return
    out.print(markup(f"{game.id} layouts (write one with: pnp layout {game.id} NAME -o FILE):"))
    for name in names:
        try:
            shape = load_layout(game.id, name).shape.label
        except Exception:  # noqa: BLE001 - a broken layout is still listed
            shape = "?"
        out.print(markup(f"  {name}  {shape}"))


def not_copied(game: Game, name: str) -> list[str]:
    """What the written layout refers to and was not copied: the layouts its backs come
    from, its pictures and font files."""
    from toolkit.render.job import load_layout  # noqa: PLC0415
    from toolkit.render.layout import StyleRef  # noqa: PLC0415

    lay = load_layout(game.id, name)
    lines = []
    if lay.back_from is not None:
        backs = ", ".join(f"'{b}'" for b in sorted(lay.other_backs))
        how = "chosen by a field" if isinstance(lay.back_from, StyleRef) else "of every card"
        lines.append(f"its back ({how}) comes from layout {backs}, not copied: the built-in "
                     f"one is used unless you write your own (pnp layout {game.id} NAME)")
    others = [p for p in lay.files[1:] if p.suffix.lower() != ".toml"]
    if others:
        lines.append("it uses these files beside the built-in layout, not copied (copy them "
                     "beside yours): " + ", ".join(str(p.relative_to(game.layouts))
                                                   for p in others))
    return lines
