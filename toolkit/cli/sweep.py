"""`pnp sweep GAME`: decks generated from the catalog itself, played in a round robin,
and what every card does for the decks that hold it (pick rate, win rate, importance,
cost curve). Deck generation is the game's `PlaySpec.sweep` hook."""

from __future__ import annotations

from pathlib import Path

import typer

from toolkit.cli.common import done, emit_json, fail
from toolkit.cli.tournament import (
    AGENT,
    BATCH,
    BOOTSTRAP,
    CATALOG,
    CHECKS,
    FORMAT,
    JOBS,
    JSON,
    OUTPUT,
    PLAYERS,
    RESULTS,
    SCHEDULER,
    SEED,
    finish,
    options,
)
from toolkit.cli.validate import print_report
from toolkit.core.registry import get_game

SAMPLE = typer.Option("40", "--sample", help="K decks drawn uniformly among the legal ones "
                                             "(2 to 1,000), or `all` for every legal deck.")


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("sweep")(sweep)


def sample_of(text: str) -> int | None:
    """`--sample`: a whole number of decks (2 to `MAX_DECKS`), or `all` (None)."""
    from toolkit.balance.plan import MAX_DECKS  # noqa: PLC0415

    if text.strip().casefold() == "all":
        return None
    try:
        k = int(text)
    except ValueError:
        k = 0
    if not 2 <= k <= MAX_DECKS:
        fail(f"--sample takes a number of decks from 2 to {MAX_DECKS:,}, or 'all'; "
             f"got '{text}'")
    return k


def sweep(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    catalog: Path | None = CATALOG,
    sample: str = SAMPLE,
    games: int = typer.Option(20, "--games", help="Games per table, split over its seat "
                                                  "orders (1 to 1,000,000)."),
    seed: int = SEED, agent: str = AGENT, players: int | None = PLAYERS,
    format: str | None = FORMAT, jobs: int = JOBS, scheduler: str | None = SCHEDULER,
    batch: int = BATCH, results: Path | None = RESULTS, output: Path | None = OUTPUT,
    json: bool = JSON, checks: bool = CHECKS, bootstrap: int = BOOTSTRAP,
) -> None:
    """Generate legal decks from a catalog, play them all, and measure every card."""
    from toolkit.balance.command import sweep as run  # noqa: PLC0415
    from toolkit.balance.command import sweep_pool  # noqa: PLC0415
    from toolkit.balance.plan import check_size  # noqa: PLC0415
    from toolkit.balance.run import players_of  # noqa: PLC0415

    g = get_game(game)
    opts = options(g, games=games, seed=seed, agent=agent, players=players, format=format,
                   jobs=jobs, scheduler=scheduler, batch=batch, results=results, json=json,
                   checks=checks, bootstrap=bootstrap)
    k = sample_of(sample)
    if k is not None and not g.playing.pooled:  # the run's size, before any deck is drawn
        check_size(k, players_of(g, opts), games, seed, batch)
    pool = sweep_pool(g, catalog, opts, k)
    if not pool.valid:
        if json:
            emit_json(pool.report.to_json())
        else:
            print_report(pool.report)
        done(1)
    if len(pool.decks) < 2:
        fail(f"the catalog allows {len(pool.decks)} legal deck(s); a sweep needs at least 2")
    finish(g, "sweep", lambda: run(g, pool, opts), output, json, opts,
           [catalog] if catalog else g.bundled_paths())
