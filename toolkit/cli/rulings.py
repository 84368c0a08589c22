"""`pnp rulings GAME`: where the rulebook is silent or ambiguous, and what the engine does."""

from __future__ import annotations

import typer

from toolkit.cli.common import console, emit_json, fail
from toolkit.core.registry import get_game
from toolkit.core.sheets import display_path
from toolkit.core.text import markup


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("rulings")(rulings)


def rulings(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
) -> None:
    """List the game's named rulings: question, decision and rulebook passage."""
    g = get_game(game)
    if g.playing is None:
        fail(f"{g.title} has no rules engine yet")
    found = g.playing.rules().rulings
    if json:
        emit_json({"game": g.id, "rulings": [
            {"id": r.id, "question": r.question, "decision": r.decision, "passage": r.passage}
            for r in found.values()]})
        return
    out = console()
    out.print(f"[bold]{g.title}[/]: {len(found)} rulings (rulebook: {markup(display_path(g.rulebook))})\n")
    for r in found.values():
        out.print(f"[bold]{r.id}[/]")
        out.print(f"  Q: {r.question}")
        out.print(f"  A: {r.decision}")
        out.print(f"  [dim]{r.passage}[/]\n")
