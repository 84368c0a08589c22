"""`pnp demo`: the main job on the bundled content, summarised in one table."""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from toolkit.cli.common import console, done
from toolkit.core.registry import ROOT, ValidateRequest, games


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("demo")(demo)


def demo(
    output: Path = typer.Option(ROOT / "output", "-o", "--output", help="Output folder."),
) -> None:
    """Validate every bundled deck of every game and summarise the verdicts."""
    out = console()
    table = Table(title="Bundled decks")
    for header in ("game", "file", "deck", "verdict", "errors", "warnings"):
        table.add_column(header)
    all_valid = True
    for game in games().values():
        for path in game.bundled_paths():
            result = game.validate(ValidateRequest(path))
            for deck in result.decks:
                all_valid &= deck.valid
                table.add_row(game.id, result.file, deck.name,
                              "[green]valid[/]" if deck.valid else "[red]invalid[/]",
                              str(deck.report.count("error")), str(deck.report.count("warning")))
    out.print(table)
    done(0 if all_valid else 1)
