"""`pnp demo`: the main job on the bundled content, summarised in one table.

For every game: validate each bundled deck, then render it (PDF with backs, one PNG per
distinct card, Tabletop Simulator sheets, a contact sheet) into the output folder; then
play sample games between the bundled decks of every game with a rules engine, writing
one playthrough log per setup. Everything is written into a temporary folder inside the
output folder and moved into place at the end, so a demo that fails leaves nothing.
"""

from __future__ import annotations

import os
from pathlib import Path

import typer
from rich.table import Table

from toolkit.cli.common import console, done
from toolkit.cli.printing import PrintJob, faces, file_name, shown, write_posters
from toolkit.core.outputs import Transaction, check_folder
from toolkit.core.registry import ROOT, Game, ValidateRequest, games
from toolkit.core.text import markup

DEMO_GAMES = 1000


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
    check_folder(output, "-o")
    out = console()
    with Transaction() as tx:
        ok = run_demo(tx.folder(output), output, out)
    done(0 if ok else 1)


def run_demo(stage: Path, output: Path, out) -> bool:
    """The demo's work, written under `stage` (moved to `output` when it is done)."""
    table = Table(title=f"Bundled content → {markup(output)}")
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
                    printed = render(game, deck, path.resolve().parent, stage / game.id)
                    if game.printing.posters is not None and entry.kind == "deck":
                        boards = write_posters(game, path, entry.name, None, "a4",
                                               stage / game.id)
                        printed += "".join(f", {p.stem} ({k} pages)" for p, k in boards)
                table.add_row(game.id, markup(entry.name),
                              "[green]valid[/]" if entry.valid else "[red]invalid[/]",
                              str(entry.report.count("error")),
                              str(entry.report.count("warning")), printed)
    out.print(table)
    played_ok = play_samples(stage, out, output)
    return all_valid and played_ok


def play_samples(stage: Path, out, output: Path) -> bool:
    """Play the sample games of every game with an engine, logs under `stage` (shown as
    under `output`); True when all held."""
    from toolkit.cli.play import seat_decks  # noqa: PLC0415
    from toolkit.sim.run import run_play  # noqa: PLC0415

    table = Table(title=f"Sample games ({DEMO_GAMES} per setup, greedy players)",
                  caption="unf.: games that did not end; viol.: invariant violations")
    for header in ("game", "decks", "wins / draws", "unf.", "viol.", "mean length", "games/s"):
        table.add_column(header, overflow="fold")
    ok = True
    logs = []
    for game in games().values():
        if game.playing is None:
            continue
        for players in game.playing.demo_players or sorted(set(game.playing.players)):
            decks = seat_decks(game, [], None, None, players, as_json=False)
            rules = game.playing.rules()
            log = stage / game.id / f"playthrough-{players}p.md"
            result = run_play(rules, game.playing.params(decks, None), ["greedy"] * players,
                              DEMO_GAMES, 1, jobs=min(2, os.cpu_count() or 1), log_path=log,
                              progress=out.is_terminal)
            doc = result.to_json()
            ok &= result.exit_code == 0
            table.add_row(game.id, markup(" v ".join(doc["decks"])),
                          " / ".join(map(str, [*doc["results"]["wins"], doc["results"]["draws"]])),
                          str(doc["unfinished"]["count"]), str(len(doc["violations"])),
                          f"{doc['length']['mean']:.1f} {doc['length']['unit']}",
                          f"{doc['games_per_second']:,.0f}")
            logs.append(shown(output / game.id / log.name))
    out.print(table)
    for log in logs:
        out.print(f"playthrough: {markup(log)}")
    return ok
