"""`pnp games`: list the games, their formats and bundled content."""

from __future__ import annotations

import typer
from rich.table import Table

from toolkit.cli.common import console
from toolkit.core.registry import games as all_games
from toolkit.core.text import markup


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("games")(games)


def games() -> None:
    """List the games, their formats and bundled content, and where their files are."""
    table = Table(title="Games")
    for header in ("id", "game", "formats", "catalog sheets", "bundled", "jobs"):
        table.add_column(header, overflow="fold")
    for game in all_games().values():
        jobs = ["validate"] + (["print"] if game.printing else []) + (
            [f"play ({'-'.join(map(str, sorted(set(game.playing.players))))} players)"]
            if game.playing else [])
        table.add_row(game.id, game.title, ", ".join(game.formats(None)) or "-",
                      ", ".join(game.catalog_sheets) or "-",
                      ", ".join(game.bundled_decks),
                      ", ".join(jobs))
    out = console()
    out.print(table)
    for game in all_games().values():  # where each game's files are, to open or copy them
        parts = [p.name + ("/" if p.is_dir() else "")
                 for p in (game.content, game.layouts, game.rulebook) if p.exists()]
        out.print(f"{game.id}: {markup(game.folder)}/ ({', '.join(parts)})")
