"""`pnp demo`: the main job on the bundled content, summarised in one table.

For every game: validate each bundled deck, then render it (PDF with backs, one PNG per
distinct card, Tabletop Simulator sheets, a contact sheet) into the output folder.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.table import Table

from toolkit.cli.common import console, done
from toolkit.cli.printing import PrintJob, faces, file_name
from toolkit.core.registry import ROOT, Game, ValidateRequest, games


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("demo")(demo)


def render(game: Game, deck, base: Path, out: Path) -> str:
    """Render one bundled deck (or catalog) with every output; a summary for the table."""
    from toolkit.render.job import PrintOptions, render_deck  # noqa: PLC0415

    options = PrintOptions(backs=True, png=True, tts=True, contact=True)
    job = PrintJob(deck.name, list(deck.cards), base)
    result = render_deck(file_name(deck.name), faces(game, job), out / file_name(deck.name),
                         options)
    return f"{len(result.pages)} pages, {len(result.files)} files"


def demo(
    output: Path = typer.Option(ROOT / "output", "-o", "--output", help="Output folder."),
) -> None:
    """Validate and render every bundled deck of every game; summarise the verdicts."""
    out = console()
    table = Table(title=f"Bundled content → {output}")
    for header in ("game", "deck", "verdict", "errors", "warnings", "printed"):
        table.add_column(header, overflow="fold")
    all_valid = True
    for game in games().values():
        for path in game.bundled_paths():
            result, decks = game.load_decks(ValidateRequest(path))
            loaded = {deck.name: deck for deck in decks}
            for entry in result.decks:
                all_valid &= entry.valid
                printed = "-"
                deck = loaded.get(entry.name)
                if game.printing is not None and entry.kind == "catalog":
                    deck = PrintJob("catalog", game.printing.catalog_cards(path), None)
                if game.printing is not None and deck is not None and deck.cards:
                    printed = render(game, deck, path.resolve().parent, output / game.id)
                table.add_row(game.id, entry.name,
                              "[green]valid[/]" if entry.valid else "[red]invalid[/]",
                              str(entry.report.count("error")),
                              str(entry.report.count("warning")), printed)
    out.print(table)
    done(0 if all_valid else 1)
