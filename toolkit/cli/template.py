"""`pnp template GAME -o FILE.xlsx`: a starter workbook with help, dropdowns and examples.

A game may write more files beside the workbook (the `cards` game's layout): its record's
`extras["template_files"]`, a function (workbook path) → [(path, bytes)]. Those are
claimed before anything is written (`toolkit.core.outputs.Transaction`): a file of that
name that pnp did not write, or changed since, is never replaced, even with --force (which
is for the workbook), and the command refuses (exit 2) having written nothing."""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.cli.common import console, fail
from toolkit.core.outputs import Transaction, check_file
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
    extra = g.extras.get("template_files")
    files = extra(output) if extra is not None else []
    tx = Transaction(option="-o")
    for path, _ in files:
        check_file(path, "-o")
        tx.claim(path)  # refuses the user's own file of that name before any writing
    with tx:
        for path, data in files:
            tx.file(path).write_bytes(data)
        g.write_template(output)
    beside = "".join(f" and {markup(path)}" for path, _ in files)
    console().print(f"wrote {markup(output)}{beside} (validate it with: pnp validate {g.id} "
                    f"{markup(output)})")
