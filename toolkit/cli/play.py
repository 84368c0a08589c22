"""`pnp play GAME`: sample games between decks with automated players, or a skill ladder.

Decks are validated first (an invalid deck is refused with the report, exit 1); the run
reports wins, lengths, rule coverage and rulings, and exits 1 when a game broke an
invariant or did not finish.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from toolkit.balance.plan import MAX_SEED
from toolkit.cli.common import MAX_JOBS, console, done, emit_json, fail, in_range
from toolkit.cli.validate import print_report
from toolkit.core.outputs import check_file, check_folder
from toolkit.core.registry import Game, ValidateRequest, get_game
from toolkit.core.sheets import split_file_arg
from toolkit.core.text import markup

MAX_GAMES = 10_000_000
"""--games: ten million games take hours; a larger run is split (seeds continue)."""
MAX_LOGGED_GAMES = 100
"""--log-games: each logged game is kept whole until it is written."""


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("play")(play)


def seat_decks(game: Game, deck_args: list[str], catalog: Path | None, fmt: str | None,
               players: int | None, as_json: bool) -> list[Any]:
    """Load and validate the decks for the seats (bundled ones when none are given).

    A `--deck FILE` holding several decks seats them all, in sheet order. A pooled game
    (`PlaySpec.pooled`) takes one file for every seat, `--players` of them. An invalid
    deck stops the run with its validation report (exit 1).
    """
    spec = game.playing
    if spec.pooled:
        if len(deck_args) > 1:
            fail(f"{game.title} is played from one file shared by every seat; "
                 f"give --deck once (got {len(deck_args)})")
        count = players or spec.players[0]
        low, high = spec.players
        if not low <= count <= high:
            fail(f"{game.title} is played by {low} to {high} players; got --players {count}")
        pool = _load(game, deck_args or [str(game.content / spec.default_decks[0])],
                     catalog, fmt, as_json)
        if len(pool) != 1:
            fail(f"{game.title} needs one file for every seat; {deck_args[0]} holds "
                 f"{len(pool)}")
        return pool * count
    if not deck_args:
        count = players or spec.players[0]
        deck_args = [str(game.content / d) for d in spec.default_decks[:count]]
        if len(deck_args) < count:
            deck_args = [deck_args[i % len(deck_args)] for i in range(count)]
    decks = _load(game, deck_args, catalog, fmt, as_json)
    low, high = spec.players
    if players is not None and len(decks) != players:
        fail(f"--players {players} but {len(decks)} deck(s) were given")
    if not low <= len(decks) <= high:
        need = str(low) if low == high else f"{low} to {high}"
        fail(f"{game.title} is played by {need} players; got {len(decks)} deck(s)")
    return decks


def _load(game: Game, deck_args: list[str], catalog: Path | None, fmt: str | None,
          as_json: bool) -> list[Any]:
    """Load and validate each `FILE[#SHEET]`; an invalid one stops the run (exit 1)."""
    decks: list[Any] = []
    for arg in deck_args:
        path, sheet = split_file_arg(arg)
        result, loaded = game.load_decks(ValidateRequest(path, sheet, catalog, fmt))
        if result.valid and not as_json and any(d.report.problems for d in result.decks):
            print_report(result)  # warnings worth seeing, e.g. a deck that can never attack
        if not result.valid:
            if as_json:
                emit_json(result.to_json())
            else:
                print_report(result)
                console().print("[red]play refuses decks that break construction rules[/]")
            done(1)
        decks.extend(loaded)
    return decks


def seat_agents(names: list[str], seats: int, rules: Any) -> list[str]:
    """One agent per seat: none given → greedy everywhere; one → everywhere; else one each.

    Names are looked up by toolkit/sim/agents.py (the game's agents and ``mcts:N``); a
    name the game cannot seat stops the run with one sentence (exit 2)."""
    from toolkit.sim.agents import check_agents  # noqa: PLC0415

    chosen = names or ["greedy"]
    if len(chosen) == 1:
        chosen = chosen * seats
    if len(chosen) != seats:
        fail(f"give one --agent, or one per seat ({seats}); got {len(names)}")
    check_agents(rules, chosen)
    return chosen


def ladder_rungs(text: str, agents: list[str], log: Path | None,
                 failures: Path | None, rules: Any) -> list[str]:
    """The `--ladder` agents, weakest first; misuse stops the run (exit 2)."""
    from toolkit.sim.agents import check_agents  # noqa: PLC0415

    if agents:
        fail("give either --agent (one lineup) or --ladder (each agent against the one "
             "below it), not both")
    if log is not None or failures is not None:
        fail("--log and --failures record one lineup's games; to look at a ladder step, "
             "play it with --agent LOWER --agent UPPER")
    rungs = [name.strip() for name in text.split(",")]
    if len(rungs) < 2 or not all(rungs):
        fail(f"--ladder needs two or more agent names, weakest first, separated by commas "
             f"(as in random,greedy,mcts:50); got '{text}'")
    check_agents(rules, rungs)
    return rungs


def seat_lineups(game: Game, decks: list[Any], agents: list[str], fmt: str | None,
                 params: Any, seats: str) -> tuple[str, list[Any]]:
    """(the seating named for the report, each seat order's `Seating`) for `--seats`.

    The line-up is the decks as given, each with its agent; an order moves both (a pooled
    game's decks are one pool, so only the agents move). ``alternate`` plays every
    distinct rotation of the line-up on each deal (two seats alternate; reported as
    ``rotate`` for three or more), ``fixed`` the line-up as given, ``2,1`` that one order;
    anything else stops the run (exit 2)."""
    from toolkit.sim.harness import Seating  # noqa: PLC0415
    from toolkit.sim.run import SEAT_MODES, seat_orders  # noqa: PLC0415

    entries = list(zip(decks, agents, strict=True))
    try:
        orders = seat_orders(entries, seats)
    except ValueError as error:
        fail(str(error))
    mode = ("rotate" if len(entries) > 2 else "alternate") if seats in SEAT_MODES[:2] \
        else seats
    made: dict[tuple[int, ...], Any] = {}
    seatings = []
    for order in orders:
        if order == tuple(range(len(entries))):
            here = params
        else:
            key = tuple(id(decks[e]) for e in order)
            if key not in made:
                made[key] = game.playing.params([decks[e] for e in order], fmt)
            here = made[key]
        seatings.append(Seating(order, here, tuple(agents[e] for e in order)))
    return mode, seatings


def check_play_options(games: int, seed: int, log_games: int, jobs: int,
                       players: int | None) -> None:
    """The numeric options, checked before any work (exit 2 with one sentence)."""
    in_range("--games", games, 1, MAX_GAMES)
    if not -MAX_SEED - 1 <= seed <= MAX_SEED:
        fail("--seed must be a whole number from -2^63 to 2^63-1 (about ±9.2e18)")
    in_range("--log-games", log_games, 1, MAX_LOGGED_GAMES)
    in_range("--jobs", jobs, 1, MAX_JOBS)
    if players is not None:
        in_range("--players", players, 1, 64)


def play(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    deck: list[str] = typer.Option([], "--deck", help="FILE[#SHEET], once per seat "
                                                      "(a file with several decks seats them all)."),
    catalog: Path | None = typer.Option(None, "--catalog", help="Catalog workbook to use."),
    games: int = typer.Option(200, "--games", help=f"How many games (1 to {MAX_GAMES:,}); "
                                                   "each deal is played in every seat order."),
    seed: int = typer.Option(1, "--seed", help="Deal k uses seed+k in every seat order; "
                                               "replay one game alone with --seed S+k "
                                               "--games 1 --seats ORDER."),
    agent: list[str] = typer.Option([], "--agent", help="Agent per seat (random, greedy, "
                                                        "mcts:N, mcts:N:greedy, ...)."),
    ladder: str | None = typer.Option(None, "--ladder",
                                      help="Agents weakest first, e.g. random,greedy,mcts:50: "
                                           "each plays the one below it (the skill trace)."),
    players: int | None = typer.Option(None, "--players", help="Number of seats."),
    format: str | None = typer.Option(None, "--format", help="Format to play (and check)."),
    log: Path | None = typer.Option(None, "--log", help="Write a Markdown playthrough."),
    log_games: int = typer.Option(1, "--log-games",
                                  help=f"How many games --log holds (1 to {MAX_LOGGED_GAMES})."),
    failures: Path | None = typer.Option(None, "--failures",
                                         help="Folder for the logs (and replays) of "
                                              "failed games."),
    replay: Path | None = typer.Option(None, "--replay",
                                       help="Write each logged game (--log-games) as a "
                                            "self-contained HTML replay: FILE.html, or "
                                            "FILE-<seed>.html for several."),
    replay_view: str = typer.Option("all", "--replay-view",
                                    help="Views in a replay: all (table and every seat), "
                                         "table, or seat:N (only what seat N saw)."),
    json: bool = typer.Option(False, "--json", help="One JSON document on stdout."),
    jobs: int = typer.Option(1, "--jobs", help=f"Worker processes, 1 to {MAX_JOBS} "
                                                "(same results)."),
    checks: bool = typer.Option(True, "--checks/--no-checks",
                                help="Check invariants after every step."),
    seats: str | None = typer.Option(None, "--seats",
                                     help="alternate (default: each deal in every seat "
                                          "order, each deck with its agent; 3+ seats "
                                          "rotate), fixed (as given), or one order such "
                                          "as 2,1 (replays a listed game)."),
    resume: Path | None = typer.Option(None, "--resume",
                                       help="Go on with a game saved from --agent human."),
) -> None:
    """Play sample games with automated players and report the statistics; with
    `--agent human` you play a seat yourself in the terminal."""
    from toolkit.replay.job import ReplayJob, replay_plan  # noqa: PLC0415
    from toolkit.sim.run import render_table, run_play  # noqa: PLC0415

    g = get_game(game)
    if g.playing is None:
        fail(f"{g.title} has no rules engine yet")
    if resume is not None or "human" in agent:  # a person at the table: one game
        from toolkit.cli.playtest import given_on_command_line, human_game  # noqa: PLC0415

        check_play_options(1, seed, 1, 1, players)
        human_game(g, resume, deck, catalog, format, players, agent, seed, {
            f"--games {games}": games != 1 and given_on_command_line(ctx, "games"),
            "--jobs": given_on_command_line(ctx, "jobs"), "--ladder": ladder is not None, "--json": json,
            "--log": log is not None, "--failures": failures is not None,
            "--log-games": given_on_command_line(ctx, "log_games"),
            "--seats": seats is not None, "--replay": replay is not None})
    check_play_options(games, seed, log_games, jobs, players)
    inputs = [split_file_arg(arg)[0] for arg in deck] + ([catalog] if catalog else [])
    if log is not None:
        check_file(log, "--log", inputs)
    if failures is not None:
        check_folder(failures, "--failures")
    decks = seat_decks(g, deck, catalog, format, players, json)
    picture, views = replay_plan(g, replay, replay_view, len(decks), inputs)
    params = g.playing.params(decks, format)
    rules = g.playing.rules()
    out = console()
    if ladder is not None:
        if seats is not None:
            fail("--ladder always rotates the agents over the seats on the same deals; "
                 "--seats is for one line-up")
        if replay is not None:
            fail("--replay draws one line-up's games; play a ladder step with --agent "
                 "LOWER --agent UPPER")
        _play_ladder(rules, params, ladder_rungs(ladder, agent, log, failures, rules), games,
                     seed, jobs, checks, json, out)
        return
    agents = seat_agents(agent, len(decks), rules)
    mode, seatings = seat_lineups(g, decks, agents, format, params, seats or "alternate")
    replays = ReplayJob(g, rules, picture, views, seatings, decks, checks, inputs)
    replays.plan(replay, seed, games, log_games)
    result = run_play(rules, params, agents, games, seed, jobs=jobs, log_path=log,
                      log_games=log_games, failures_dir=failures, check_invariants=checks,
                      progress=not json and out.is_terminal and games >= 200,
                      seatings=seatings, seats=mode, decks_move=not g.playing.pooled)
    written = replays.write(result, failures)
    if json:
        emit_json(result.to_json())
    else:
        render_table(result, out)
        for path in [*result.log_paths, *written]:
            out.print(f"wrote {markup(path)}")
    done(result.exit_code)


def _play_ladder(rules: Any, params: Any, rungs: list[str], games: int, seed: int, jobs: int,
                 checks: bool, as_json: bool, out: Any) -> None:
    """`play --ladder`: the skill trace as JSON or a table; exit 1 if a game failed."""
    from toolkit.sim.ladder import render_ladder, run_ladder, step_line  # noqa: PLC0415

    def finished(step: Any) -> None:  # each step in words as soon as it is known
        out.print(step_line(step.to_json(rules.length_unit)))

    result = run_ladder(rules, params, rungs, games, seed, jobs=jobs, check_invariants=checks,
                        progress=not as_json and out.is_terminal,
                        on_step=None if as_json else finished)
    if as_json:
        emit_json(result.to_json())
    else:
        render_ladder(result, out, lines=False)
    done(result.exit_code)
