"""`pnp tournament GAME --deck FILE...`: a round robin between decks, seats rotated.

Decks of several formats (a WarBadge workbook with standard, quick and skirmish teams)
cannot meet: the tournament plays one round robin per format, each reported in its own
folder named after the format (`finish_formats`); `--format F` plays only the decks of
format F.

Also holds what the three balance commands share (their common options, and how a
report is written and printed), so `sweep` and `compare` stay as small as this one.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from toolkit.balance.plan import MAX_SEED, MAX_TABLE_GAMES
from toolkit.cli.common import MAX_JOBS, console, done, emit_json, fail, in_range
from toolkit.cli.play import _load as load_checked  # validate, show the report, exit 1
from toolkit.core.registry import Game, ValidateRequest, get_game
from toolkit.core.sheets import split_file_arg
from toolkit.core.text import markup

MAX_BOOTSTRAP = 10_000
"""--bootstrap: 2,000 resamples already place a 95% interval's ends to a few hundredths of
its width (the default is 200); each resample refits the model over every deck."""
GAMES = typer.Option(100, "--games", help="Games per table, split over its seat orders "
                                          f"(same seeds from every seat; 1 to "
                                          f"{MAX_TABLE_GAMES:,}).")
SEED = typer.Option(1, "--seed", help="Every seat order plays seeds seed .. seed+n-1.")
AGENT = typer.Option("greedy", "--agent", help="The agent of every seat (see `pnp play`).")
PLAYERS = typer.Option(None, "--players", help="Players per table (default: the fewest).")
FORMAT = typer.Option(None, "--format", help="Format to build and check decks for.")
CATALOG = typer.Option(None, "--catalog", help="Catalog workbook to use.")
JOBS = typer.Option(1, "--jobs", help=f"Local worker processes, 1 to {MAX_JOBS} (same "
                                       "results).")
SCHEDULER = typer.Option(None, "--scheduler", help="Run on a Dask cluster: the scheduler's "
                                                   "address, e.g. tcp://10.0.0.5:8786.")
BATCH = typer.Option(100, "--batch", help="Games per batch (a unit of work), 1 to "
                                          f"{MAX_TABLE_GAMES:,}.")
RESULTS = typer.Option(None, "--results", help="Results file (default "
                                               "output/<game>/balance.sqlite).")
OUTPUT = typer.Option(None, "-o", "--output", help="Report folder (default "
                                                   "output/<game>/<command>).")
JSON = typer.Option(False, "--json", help="Print the report's JSON document on stdout.")
CHECKS = typer.Option(True, "--checks/--no-checks", help="Check invariants every step.")
BOOTSTRAP = typer.Option(200, "--bootstrap", help="Bootstrap resamples for intervals "
                                                  f"(0 to {MAX_BOOTSTRAP:,}).")


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("tournament")(tournament)


def options(game: Game, *, games: int, seed: int, agent: str, players: int | None,
            format: str | None, jobs: int, scheduler: str | None, batch: int,
            results: Path | None, json: bool, checks: bool, bootstrap: int) -> Any:
    """The shared `Options` of a balance command (progress shown on a terminal only)."""
    from toolkit.balance.run import Options  # noqa: PLC0415

    if game.playing is None:
        fail(f"{game.title} has no rules engine yet")
    check_balance_options(games, seed, jobs, batch, bootstrap)
    return Options(games=games, seed=seed, agent=agent, players=players, format=format,
                   batch_size=batch, checks=checks, jobs=jobs, scheduler=scheduler,
                   results=results, progress=not json and console(err=True).is_terminal,
                   bootstrap=bootstrap)


def plan_places(game: Game, command: str, output: Path | None, opts: Any,
                 inputs: list[str | Path], formats: list[str] | None = None) -> Any:
    """Every place a balance command writes, checked before any game is played (exit 2,
    one sentence, nothing written): the report folder (`-o`: `check_folder`), the results
    file (`--results`: `check_file`, never an input), and every name the report may hold in
    the folder (`report.plan`: never the user's own file, nor an input). Inputs are deck
    arguments (FILE[#SHEET]) or paths. (The report folder, the transaction to write in.)"""
    from toolkit.balance.command import default_output  # noqa: PLC0415
    from toolkit.balance.report import plan  # noqa: PLC0415
    from toolkit.balance.run import results_path  # noqa: PLC0415
    from toolkit.core.outputs import check_file, check_folder  # noqa: PLC0415

    folder = check_folder(output or default_output(game, command), "-o")
    sources = [split_file_arg(str(arg))[0] for arg in inputs if arg is not None]
    results = check_file(results_path(game, opts), "--results", sources)
    return folder, plan(folder, command, [*sources, results], formats)


def check_balance_options(games: int, seed: int, jobs: int, batch: int,
                          bootstrap: int) -> None:
    """The numeric options of a balance command, checked before any work (exit 2, one
    sentence naming the option and its bound). The size of the whole run (decks, tables,
    batches, seeds) is checked once the decks are known (`toolkit.balance.plan.check_size`)."""
    in_range("--games", games, 1, MAX_TABLE_GAMES)
    per_order = games  # the most seeds a seat order may take (a shared set-up's every game)
    if not -MAX_SEED - 1 <= seed <= MAX_SEED - per_order + 1:
        fail(f"--seed must be a whole number from -2^63 to 2^63-{per_order} with --games "
             f"{games:,} (every seed is stored as a 64-bit integer); got {seed}")
    in_range("--jobs", jobs, 1, MAX_JOBS)
    in_range("--batch", batch, 1, MAX_TABLE_GAMES)
    in_range("--bootstrap", bootstrap, 0, MAX_BOOTSTRAP)


def finish(game: Game, command: str, build: Any, output: Path | None, json: bool,
           opts: Any = None, inputs: list[str | Path] = ()) -> None:
    """Run a balance job (``build()`` → document), write its report, print, exit. Every
    output place is checked first (`plan_places`, with the run's `opts` and `inputs`);
    the report is written whole or not at all.

    Exit 0 when every game finished and held its invariants, 1 otherwise (as `pnp play`),
    130 when Ctrl-C stopped the run (what was done is kept).
    """
    from toolkit.balance.command import Interrupted  # noqa: PLC0415
    from toolkit.balance.report import summary, write  # noqa: PLC0415

    folder, tx = plan_places(game, command, output, opts, list(inputs))
    out = console()
    try:
        doc = build()
    except Interrupted as stop:
        console(err=True).print(f"pnp: {stop}")
        done(130)
    with tx:
        written = write(doc, folder, f"{game.title} {command}", tx)
    if json:
        emit_json(doc)
    else:
        _print(doc, out, summary)
        names = ", ".join(p.name for p in written if p.parent == folder)
        out.print(markup(f"wrote {folder}/ ({names}, png/)"))
    bad = doc["violations"] or doc["results"]["unfinished"]["count"]
    done(1 if bad else 0)


def finish_formats(game: Game, build: Any, output: Path | None, json: bool, opts: Any = None,
                   inputs: list[str | Path] = (), formats: list[str] = ()) -> None:
    """`finish` for a tournament of several formats: ``build()`` gives one document per
    format (`toolkit.balance.command.tournaments`); each played format is written to its
    own folder under the output folder, beside an index (`report.write_formats`), and
    printed under its format's name. ``--json`` prints the index with every format's
    document as its ``report``. Every output place (the folders of the played `formats`)
    is checked first, as in `finish`. Exit as `finish`, over every format."""
    from toolkit.balance.command import Interrupted  # noqa: PLC0415
    from toolkit.balance.report import summary, write_formats  # noqa: PLC0415

    folder, tx = plan_places(game, "tournament", output, opts, list(inputs), list(formats))
    out = console()
    try:
        docs = build()
    except Interrupted as stop:
        console(err=True).print(f"pnp: {stop}")
        done(130)
    with tx:
        index, _ = write_formats(docs, folder, f"{game.title} tournament", tx)
    played = [d for d in docs if "skipped" not in d]
    if json:
        reports = iter(played)
        emit_json({**index, "formats": [
            dict(entry, report=None if entry["folder"] is None else next(reports))
            for entry in index["formats"]]})
    else:
        names = ", ".join(str(e["format"]) for e in index["formats"])
        out.print(markup(f"The decks are of {len(docs)} formats ({names}): one round robin "
                         "per format."))
        for doc, entry in zip(docs, index["formats"], strict=True):
            out.rule(markup(f"format {entry['format']}"))
            if entry["folder"] is None:
                out.print(markup(f"Not played: {entry['skipped']}."))
                continue
            _print(doc, out, summary)
        folders = ", ".join(f"{e['folder']}/" for e in index["formats"] if e["folder"])
        out.print(markup(f"wrote {folder}/ (report.json, report.pdf; {folders})"))
    bad = any(d["violations"] or d["results"]["unfinished"]["count"] for d in played)
    done(1 if bad else 0)


def _print(doc: dict[str, Any], out: Any, summary: Any) -> None:
    from rich.table import Table  # noqa: PLC0415

    for line in summary(doc):
        out.print(markup(line))
    table = Table(title="Ranking" + (" (Bradley-Terry, Elo scale)"
                                     if doc["ranking"]["method"] == "bradley-terry" else ""))
    score = doc["score"][0].upper() + doc["score"][1:]
    rated = doc["ranking"]["method"] == "bradley-terry"
    for column in ("#", "Deck", "Games", f"{score} (95% CI)", "Rating (95% CI)")[:5 if rated
                                                                                 else 4]:
        table.add_column(column, justify="left" if column == "Deck" else "right")
    rows = sorted(doc["decks"], key=lambda d: d["rank"])
    for d in rows[:20]:
        rating = ([f"{d['rating']:.0f} ({d['rating_low']:.0f}–{d['rating_high']:.0f})"]
                  if rated else [])
        table.add_row(str(d["rank"]), markup(d["name"]), str(d["games"]),
                      f"{d['win_rate']:.1%} ({d['low']:.1%}–{d['high']:.1%})", *rating)
    out.print(table)
    if len(rows) > 20:
        out.print(f"... and {len(rows) - 20} more decks (decks.csv)")
    m = doc["metrics"]
    fp = m["first_player"]
    spread = (f"{fp['low']:.1%}–{fp['high']:.1%}" + (f" over {fp['deals']} deals"
                                                     if fp.get("clustered") else ""))
    out.print(f"Balance {m['balance']} · first player {fp['win_rate']:.1%} ({spread}; even "
              f"{fp['expected']:.0%}) · drawishness {m['drawishness']} · decisiveness "
              f"{m['decisiveness']} · completion {m['completion']} · mean length "
              f"{m['duration']['mean']} {m['duration']['unit']}")
    for line in doc.get("headlines", []):
        out.print(f"• {markup(line)}")
    run = doc["run"]
    out.print(markup(f"{run['played']:,} games played ({run['games_per_second']:,} games/s "
                     f"on {run['where']}), {run['reused']:,} reused from "
                     f"{run['results_file']}"))


def tournament(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    deck: list[str] = typer.Option([], "--deck", help="FILE[#SHEET]; a file with several "
                                                      "decks enters them all."),
    catalog: Path | None = CATALOG,
    games: int = GAMES, seed: int = SEED, agent: str = AGENT, players: int | None = PLAYERS,
    format: str | None = FORMAT, jobs: int = JOBS, scheduler: str | None = SCHEDULER,
    batch: int = BATCH, results: Path | None = RESULTS, output: Path | None = OUTPUT,
    json: bool = JSON, checks: bool = CHECKS, bootstrap: int = BOOTSTRAP,
) -> None:
    """Round robin between decks: win-rate matrix, ranking, first-player advantage (one
    round robin per format when the decks are of several)."""
    from toolkit.balance.command import by_format, tournaments  # noqa: PLC0415
    from toolkit.balance.command import tournament as run  # noqa: PLC0415

    g = get_game(game)
    opts = options(g, games=games, seed=seed, agent=agent, players=players, format=format,
                   jobs=jobs, scheduler=scheduler, batch=batch, results=results, json=json,
                   checks=checks, bootstrap=bootstrap)
    pooled = g.playing.pooled  # one file for every seat
    if pooled and len(deck) > 1:
        fail(f"{g.title} is played from one file shared by every seat; give --deck once "
             f"(got {len(deck)})")
    args = deck or list(dict.fromkeys(str(g.content / d) for d in g.playing.default_decks))
    picked = None if format is None or pooled else pick_format(g, args, catalog, format)
    if picked is not None:
        decks, left_out = picked
        if not json and left_out:
            console().print(markup(f"--format {format}: playing "
                                   + ", ".join(d.name for d in decks) + "; left out: "
                                   + ", ".join(f"{d.name} ({_format_name(d)})"
                                               for d in left_out)))
    else:
        decks = load_checked(g, args[:1] if pooled else args, catalog, format, json)
    inputs = [*args, catalog]
    if not pooled and len(by_format(decks)) > 1:
        finish_formats(g, lambda: tournaments(g, decks, opts), output, json, opts, inputs,
                       _format_folders(decks))
    if len(decks) < (1 if pooled else 2):  # a pooled file makes its decks, or is a set-up
        fail(f"a tournament needs at least 2 decks; got {len(decks)}")
    left = [{"name": d.name, "format": _format_name(d)} for d in (picked or ((), ()))[1]]
    finish(g, "tournament", lambda: {**run(g, decks, opts), **({"left_out": left}
                                                               if left else {})},
           output, json, opts, inputs)


def _format_folders(decks: list[Any]) -> list[str]:
    """The report folders of a tournament of several formats: one per format with at
    least two decks (`report.format_folder`)."""
    from toolkit.balance.command import by_format  # noqa: PLC0415
    from toolkit.balance.report import format_folder  # noqa: PLC0415

    return [format_folder(name) for name, group in by_format(decks) if len(group) >= 2]


def _format_name(deck: Any) -> str:
    from toolkit.balance.command import deck_format  # noqa: PLC0415

    return str(deck_format(deck))


def pick_format(game: Game, args: list[str], catalog: Path | None,
                fmt: str) -> tuple[list[Any], list[Any]] | None:
    """`--format F` over files whose decks are of several formats: (the decks of format F,
    the others), each deck checked against its own format; None when the files are not
    like that (invalid as they stand, of one format, or holding no deck of F), so the
    decks are loaded and checked against F as for any game."""
    from toolkit.balance.command import by_format, deck_format  # noqa: PLC0415

    if game.load_decks is None:
        return None
    loaded: list[Any] = []
    for arg in args:
        path, sheet = split_file_arg(arg)
        result, decks = game.load_decks(ValidateRequest(path, sheet, catalog, None))
        if not result.valid:
            return None
        loaded.extend(decks)
    if len(by_format(loaded)) < 2:
        return None
    wanted = fmt.casefold()
    chosen = [d for d in loaded if (deck_format(d) or "").casefold() == wanted]
    if not chosen:
        return None
    return chosen, [d for d in loaded if (deck_format(d) or "").casefold() != wanted]
