"""`pnp validate GAME FILE`: every way a deck breaks the rules, each located to its cell."""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.cli.common import console, done, emit_json, fail
from toolkit.core.registry import ValidateRequest, get_game
from toolkit.core.report import ValidationResult
from toolkit.core.sheets import split_file_arg
from toolkit.core.text import markup, plain, shorten

STYLE = {"error": "bold red", "warning": "yellow", "info": "cyan"}


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("validate")(validate)


def validate(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    file: str = typer.Argument(..., help="Deck file (.xlsx or .csv); FILE#SHEET for one sheet."),
    format: str | None = typer.Option(None, "--format", help="Format to check teams against."),
    catalog: Path | None = typer.Option(None, "--catalog", help="Catalog workbook to use."),
    layout: Path | None = typer.Option(None, "--layout",
                                       help="The layout FILE the cards print with (the "
                                            "`cards` game checks the columns it reads and "
                                            "its [rules])."),
    layouts: Path | None = typer.Option(None, "--layouts",
                                        help="Your layouts folder: DIR/<game>/<name>.toml "
                                             "or DIR/<name>.toml."),
    json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
) -> None:
    """Check a deck file against its game's construction rules."""
    path, sheet = split_file_arg(file)
    if layout is not None and not layout.is_file():
        fail(f"--layout {plain(layout)}: no such layout file")
    if layouts is not None and not layouts.is_dir():
        fail(f"--layouts {plain(layouts)}: no such folder")
    result = get_game(game).validate(ValidateRequest(path, sheet, catalog, format, layout,
                                                     layouts))
    if json:
        emit_json(result.to_json())
    else:
        print_report(result)
    done(0 if result.valid else 1)


def print_report(result: ValidationResult) -> None:
    """The terminal view: problems grouped by deck, then a one-line verdict.

    Every text that comes from a file (names, cells quoted in messages) is shown with
    its markup and control characters escaped.
    """
    out = console()
    for deck in result.decks:
        verdict = "[green]valid[/]" if deck.valid else "[bold red]invalid[/]"
        fmt = f" ({markup(deck.format)})" if deck.format else ""
        out.print(f"[bold]{markup(deck.name)}[/]{fmt}: {verdict}")
        for p in deck.report.problems:
            out.print(f"  [{STYLE[p.severity]}]{p.severity}[/] {markup(p.location)}: "
                      f"{markup(shorten(p.message) + p.text[len(p.message):])} [dim]\\[{markup(p.rule)}][/]")
    errors = sum(d.report.count("error") for d in result.decks)
    warnings = sum(d.report.count("warning") for d in result.decks)
    decks = [d for d in result.decks if d.kind == "deck"
             and "file.no-decks" not in d.report.rules()]
    bad = sum(1 for d in decks if not d.valid)
    file = markup(result.file)
    if not decks and any("file.no-decks" in d.report.rules() for d in result.decks):
        out.print(f"[bold red]✘ {file}: holds no deck[/], {errors} error(s), "
                  f"{warnings} warning(s)")
    elif result.valid and not decks:
        out.print(f"[green]✔ {file}: the catalog is valid[/] (no deck sheets), "
                  f"{warnings} warning(s)")
    elif result.valid:
        out.print(f"[green]✔ {file}: {len(decks)} deck(s) valid[/], {warnings} warning(s)")
    else:
        out.print(f"[bold red]✘ {file}: {bad} of {len(decks)} deck(s) invalid[/], "
                  f"{errors} error(s), {warnings} warning(s)")
