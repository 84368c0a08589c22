"""`pnp compare GAME OLD NEW`: what a change did to the balance.

The same round robin (same decks, seats and seeds) under two versions of a catalog or deck
file, compared game by game; the changes that are significant after correcting for the
many comparisons are told in plain words. `--mode sweep` generates decks from OLD's
catalog with the game's sweep hook and plays the same card lists under NEW's; `--mode
decks` plays the decks the files hold, matched by name. The default, `auto`, sweeps when
OLD holds the game's catalog sheets and the game has a sweep hook, and uses the decks
otherwise. Pairings whose decks did not change are not played twice: the results file
already holds them.
"""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.cli.common import done, emit_json, fail
from toolkit.cli.sweep import sample_of
from toolkit.cli.tournament import (
    AGENT,
    BATCH,
    BOOTSTRAP,
    CATALOG,
    CHECKS,
    FORMAT,
    GAMES,
    JOBS,
    JSON,
    OUTPUT,
    PLAYERS,
    RESULTS,
    SCHEDULER,
    SEED,
    finish,
    load_checked,
    options,
    pick_format,
)
from toolkit.cli.validate import print_report
from toolkit.core.registry import Game, get_game
from toolkit.core.sheets import open_workbook, split_file_arg


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("compare")(compare)


def _has_catalog(game: Game, arg: str) -> bool:
    path, _ = split_file_arg(arg)
    names = {n.strip().casefold() for n in open_workbook(path).names()}
    return bool(game.catalog_sheets) and any(s.casefold() in names for s in game.catalog_sheets)


def _decks(game: Game, arg: str, catalog: Path | None, fmt: str | None,
           json: bool) -> list:
    """The decks of one version: with `--format F` over a file of several formats, its
    decks of format F (as `pnp tournament`); a file of several formats without it is
    refused, since decks of different formats cannot meet."""
    from toolkit.balance.command import by_format  # noqa: PLC0415

    picked = pick_format(game, [arg], catalog, fmt) if fmt and not game.playing.pooled else None
    decks = picked[0] if picked else load_checked(game, [arg], catalog, fmt, json)
    groups = by_format(decks)
    if not game.playing.pooled and len(groups) > 1:
        fail(f"{arg} holds decks of {len(groups)} formats ("
             + ", ".join(str(name) for name, _ in groups) + "), which cannot meet; "
             "compare one format at a time with --format")
    return decks


def compare(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    old: str = typer.Argument(..., help="The old catalog or deck file (FILE[#SHEET])."),
    new: str = typer.Argument(..., help="The new version of it."),
    mode: str = typer.Option("auto", "--mode", help="sweep, decks or auto (see above)."),
    sample: str = typer.Option("24", "--sample", help="Decks to generate in sweep mode "
                                                      "(K, or `all`)."),
    catalog: Path | None = CATALOG,
    games: int = GAMES, seed: int = SEED, agent: str = AGENT, players: int | None = PLAYERS,
    format: str | None = FORMAT, jobs: int = JOBS, scheduler: str | None = SCHEDULER,
    batch: int = BATCH, results: Path | None = RESULTS, output: Path | None = OUTPUT,
    json: bool = JSON, checks: bool = CHECKS, bootstrap: int = BOOTSTRAP,
) -> None:
    """Play the same games under OLD and NEW and report the significant changes."""
    from dataclasses import replace  # noqa: PLC0415

    from toolkit.balance.command import (  # noqa: PLC0415
        compare as run,
    )
    from toolkit.balance.command import (  # noqa: PLC0415
        entries_from_pool,
        file_entries,
        sweep_pool,
    )

    g = get_game(game)
    opts = options(g, games=games, seed=seed, agent=agent, players=players, format=format,
                   jobs=jobs, scheduler=scheduler, batch=batch, results=results, json=json,
                   checks=checks, bootstrap=bootstrap)
    mode = mode.strip().casefold()
    if mode not in ("auto", "sweep", "decks"):
        fail(f"--mode is sweep, decks or auto; got '{mode}'")
    if mode == "auto":
        sweepable = g.playing.sweep is not None and _has_catalog(g, old)
        mode = "sweep" if sweepable else "decks"
    if mode == "sweep":
        old_path, new_path = (split_file_arg(a)[0] for a in (old, new))
        first = sweep_pool(g, old_path, opts, sample_of(sample))
        pools = []
        for path in (old_path, new_path):
            pool = first if not first.valid else sweep_pool(g, path, opts, None,
                                                            tuple(first.cards))
            if not pool.valid:
                if json:
                    emit_json(pool.report.to_json())
                else:
                    print_report(pool.report)
                done(1)
            pools.append(pool)
        opts = replace(opts, format=pools[0].format or opts.format)
        old_entries, new_entries = (entries_from_pool(p) for p in pools)
        note = (f"{first.method} The same card lists are played under OLD and NEW"
                + (f"; {len(pools[1].dropped)} of them are not legal under NEW and are left "
                   "out." if pools[1].dropped else "."))
    else:
        old_entries, new_entries = (file_entries(g, _decks(g, arg, catalog, format, json), opts)
                                    for arg in (old, new))
        note = "The decks of OLD and NEW, matched by name."
    finish(g, "compare", lambda: run(g, old_entries, new_entries, opts, note), output, json,
           opts, [old, new, catalog])
