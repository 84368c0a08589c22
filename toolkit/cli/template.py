"""`pnp template GAME -o FILE.xlsx`: a starter workbook with help, dropdowns and examples."""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.cli.common import console, fail
from toolkit.core.outputs import check_file
from toolkit.core.registry import get_game
from toolkit.core.text import markup


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("template")(template)


def template(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    output: Path = typer.Option(..., "-o", "--output", help="The .xlsx file to write."),
    force: bool = typer.Option(False, "--force", help="Replace the file if it exists."),
) -> None:
    """Write a starter workbook: the right sheets and headers, with example rows."""
    g = get_game(game)
    if output.suffix.lower() != ".xlsx":
        fail(f"{output}: the template must be an .xlsx file")
    check_file(output, "-o")
    if output.exists() and not force:
        fail(f"{output}: already exists; pass --force to replace it")
    g.write_template(output)
    console().print(f"wrote {markup(output)} (validate it with: pnp validate {g.id} "
                    f"{markup(output)})")
