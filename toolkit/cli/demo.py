"""`pnp demo`: the main job on the bundled content, summarised in one table.

For every game: validate each bundled deck, then render it (PDF with backs, one PNG per
distinct card, Tabletop Simulator sheets, a contact sheet) into the output folder; then
play sample games between the bundled decks of every game with a rules engine, writing
one playthrough log per setup. Every output (`<output>/<game>/<deck>/`, the boards, the
logs) is planned and checked first: the demo refuses, before any work, to write over
anything pnp did not write (`Transaction.claim`). Everything is written into temporaries
and moved into place at the end, so a demo that fails leaves nothing.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from toolkit.cli.common import console, done
from toolkit.cli.printing import (
    Poster,
    PrintJob,
    faces,
    file_name,
    plan_outputs,
    poster_targets,
    shown,
    write_posters,
)
from toolkit.core.outputs import Transaction, check_folder
from toolkit.core.registry import Game, ValidateRequest, games, output_root
from toolkit.core.text import markup

DEMO_GAMES = 1000


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("demo")(demo)


@dataclass
class Row:
    """One bundled deck (or catalog): its verdict, and what the demo prints of it."""

    game: Game
    path: Path
    entry: Any
    job: Any = None
    """What prints: the loaded deck or a catalog `PrintJob` (None: nothing prints)."""
    posters: list[Poster] = field(default_factory=list)


def render(game: Game, deck, base: Path, out: Path, tx: Transaction | None = None) -> str:
    """Render one bundled deck (or catalog) with every output into `out/<deck>` (within
    the command's `tx`); a summary for the table."""
    from toolkit.render.job import PrintOptions, render_deck  # noqa: PLC0415

    options = PrintOptions(backs=True, png=True, tts=True, contact=True)
    job = PrintJob(deck.name, list(deck.cards), base)
    result = render_deck(file_name(deck.name), faces(game, job), out / file_name(deck.name),
                         options, tx)
    return f"{len(result.pages)} pages, {len(result.files)} files"


def demo(
    output: Path = typer.Option(None, "-o", "--output",
                                help="Output folder (default ./output)."),
) -> None:
    """Validate and render every bundled deck of every game; summarise the verdicts."""
    output = output or output_root()
    check_folder(output, "-o")
    out = console()
    rows = plan_rows(output)
    tx = plan_demo(rows, output)
    with tx:
        ok = run_demo(tx, rows, output, out)
    done(0 if ok else 1)


def plan_rows(output: Path) -> list[Row]:
    """Validate every bundled file (reading only): a row per deck, with its print job and
    posters when the demo prints it."""
    rows = []
    for game in games().values():
        for path in game.bundled_paths():
            result, decks = game.load_decks(ValidateRequest(path))
            loaded = {deck.name: deck for deck in decks}
            for entry in result.decks:
                row = Row(game, path, entry, loaded.get(entry.name))
                if game.printing is not None and entry.kind == "catalog":
                    row.job = PrintJob("catalog", game.printing.catalog_cards(path), None)
                if game.printing is None or row.job is None or not row.job.cards:
                    row.job = None
                elif game.printing.posters is not None and entry.kind == "deck":
                    row.posters = poster_targets(game, path, entry.name, None,
                                                 output / game.id)
                rows.append(row)
    return rows


def log_paths(output: Path) -> list[tuple[Game, int, Path]]:
    """The sample games' logs: (game, players, `<output>/<game>/playthrough-<n>p.md`)."""
    return [(game, players, output / game.id / f"playthrough-{players}p.md")
            for game in games().values() if game.playing is not None
            for players in game.playing.demo_players or sorted(set(game.playing.players))]


def plan_demo(rows: list[Row], output: Path) -> Transaction:
    """Claim every output of the demo before any work (`printing.plan_outputs` per game:
    the deck folders and boards; and the logs); InputError on a name pnp may not use."""
    inputs = [p for game in games().values() for p in game.bundled_paths()]
    tx = Transaction(inputs)
    for game in games().values():
        mine = [r for r in rows if r.game is game and r.job is not None]
        folders = list(dict.fromkeys(output / game.id / file_name(r.job.name) for r in mine))
        plan_outputs(output / game.id, folders, [p for r in mine for p in r.posters], tx=tx)
    for _, _, log in log_paths(output):
        tx.claim(log)
    return tx


def run_demo(tx: Transaction, rows: list[Row], output: Path, out) -> bool:
    """The demo's work, written within `tx` (moved into `output` when it is done)."""
    table = Table(title=f"Bundled content → {markup(output)}")
    for header in ("game", "deck", "verdict", "errors", "warnings", "printed"):
        table.add_column(header, overflow="fold")
    all_valid = True
    for row in rows:
        entry = row.entry
        all_valid &= entry.valid
        printed = "-"
        if row.job is not None:
            printed = render(row.game, row.job, row.path.resolve().parent,
                             output / row.game.id, tx)
            boards = write_posters(row.posters, "a4", tx)
            printed += "".join(f", {p.stem} ({k} pages)" for p, k in boards)
        table.add_row(row.game.id, markup(entry.name),
                      "[green]valid[/]" if entry.valid else "[red]invalid[/]",
                      str(entry.report.count("error")),
                      str(entry.report.count("warning")), printed)
    out.print(table)
    played_ok = play_samples(tx, output, out)
    return all_valid and played_ok


def play_samples(tx: Transaction, output: Path, out) -> bool:
    """Play the sample games of every game with an engine, each log written within `tx`
    (shown as under `output`); True when all held."""
    from toolkit.cli.play import seat_decks  # noqa: PLC0415
    from toolkit.sim.run import run_play  # noqa: PLC0415

    table = Table(title=f"Sample games ({DEMO_GAMES} per setup, greedy players)",
                  caption="unf.: games that did not end; viol.: invariant violations")
    for header in ("game", "decks", "wins / draws", "unf.", "viol.", "mean length", "games/s"):
        table.add_column(header, overflow="fold")
    ok = True
    logs = []
    for game, players, log in log_paths(output):
        decks = seat_decks(game, [], None, None, players, as_json=False)
        rules = game.playing.rules()
        result = run_play(rules, game.playing.params(decks, None), ["greedy"] * players,
                          DEMO_GAMES, 1, jobs=min(2, os.cpu_count() or 1),
                          log_path=tx.writable(log), progress=out.is_terminal)
        doc = result.to_json()
        ok &= result.exit_code == 0
        table.add_row(game.id, markup(" v ".join(doc["decks"])),
                      " / ".join(map(str, [*doc["results"]["wins"], doc["results"]["draws"]])),
                      str(doc["unfinished"]["count"]), str(len(doc["violations"])),
                      f"{doc['length']['mean']:.1f} {doc['length']['unit']}",
                      f"{doc['games_per_second']:,.0f}")
        logs.append(shown(log))
    out.print(table)
    for log in logs:
        out.print(f"playthrough: {markup(log)}")
    return ok
