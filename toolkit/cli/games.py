"""`pnp games`: list the games, their formats and bundled content."""

from __future__ import annotations

import typer
from rich.table import Table

from toolkit.cli.common import console
from toolkit.core.registry import games as all_games


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("games")(games)


def games() -> None:
    """List the games, their formats and bundled content."""
    table = Table(title="Games")
    for header in ("id", "game", "formats", "catalog sheets", "bundled", "jobs"):
        table.add_column(header, overflow="fold")
    for game in all_games().values():
        jobs = ["validate"] + (["print"] if game.printing else []) + (
            [f"play ({'-'.join(map(str, sorted(set(game.playing.players))))} players)"]
            if game.playing else [])
        table.add_row(game.id, game.title, ", ".join(game.formats(None)) or "-",
                      ", ".join(game.catalog_sheets) or "-",
                      ", ".join(f"content/{game.id}/{d}" for d in game.bundled_decks),
                      ", ".join(jobs))
    console().print(table)
