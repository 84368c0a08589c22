"""`pnp playtest GAME`: play one seat in the browser against agents; and the person's
seat of `pnp play GAME --agent human` (the terminal), with `--resume FILE`.

Both build a `toolkit.sim.session.Session` from the same things `pnp play` takes (decks
validated first, agents checked by name) and its seed; the terminal seat is
`toolkit.sim.human`, the page `toolkit.playtest`.
"""

from __future__ import annotations

import os
import sys
import webbrowser
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from toolkit.balance.plan import MAX_SEED
from toolkit.cli.common import done, fail, in_range
from toolkit.core.registry import Game, get_game
from toolkit.core.sheets import split_file_arg
from toolkit.core.text import plain
from toolkit.sim.session import HUMAN, Session, Setup, load


def register(app: typer.Typer) -> None:
    """Add the command to the app."""
    app.command("playtest")(playtest)


def _absolute(arg: str) -> str:
    """A `FILE[#SHEET]` argument with FILE made absolute (a saved game resumes anywhere)."""
    path, sheet = split_file_arg(arg)
    return str(path.resolve()) + (f"#{sheet}" if sheet else "")


def open_setup(game: Game, setup: Setup,
               seating: Callable[[int], list[str]] | None = None) -> tuple[list[Any], Any, Any]:
    """(decks, params, rules) of a setup: decks loaded and validated as `pnp play` does
    (an invalid deck stops with its report, exit 1), then ``seating`` (the number of
    seats → each seat's agent) fills ``setup.agents`` when given, and every agent but
    `HUMAN` is checked."""
    from toolkit.cli.play import seat_decks  # noqa: PLC0415
    from toolkit.sim.agents import check_agents  # noqa: PLC0415

    catalog = Path(setup.catalog) if setup.catalog else None
    decks = seat_decks(game, setup.decks, catalog, setup.format, setup.players, False)
    if seating is not None:
        setup.agents = seating(len(decks))
    if len(setup.agents) != len(decks):
        fail(f"{len(setup.agents)} seat(s) have agents but {len(decks)} deck(s) are played")
    params = game.playing.params(decks, setup.format)
    rules = game.playing.rules()
    check_agents(rules, [name for name in setup.agents if name != HUMAN])
    return decks, params, rules


def given_on_command_line(ctx: typer.Context, name: str) -> bool:
    """True if the option ``name`` was given on the command line (not its default)."""
    source = ctx.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def human_game(game: Game, resume: Path | None, deck: list[str], catalog: Path | None,
               fmt: str | None, players: int | None, agent: list[str], seed: int,
               refused: dict[str, bool]) -> None:
    """`pnp play GAME --agent human` (or `--resume FILE`): one game with the person at
    the terminal. ``refused`` names the options of `play` given that a game with a
    person cannot take (each True when given): exit 2 with one sentence."""
    from toolkit.sim.human import play_in_terminal  # noqa: PLC0415

    for option, given in refused.items():
        if given:
            fail(f"{option} cannot be used with a person at the table ('--agent {HUMAN}' "
                 "plays one game, in the terminal)")
    if resume is not None:
        if deck or agent or catalog is not None or fmt is not None or players is not None:
            fail("--resume takes the decks, agents and seed from the saved game; give only "
                 "GAME and --resume FILE")
        setup, decisions = load(resume)
        if setup.game != game.id:
            fail(f"--resume {plain(resume)}: the saved game is {plain(setup.game)}, "
                 f"not {game.id}")
    else:
        if agent.count(HUMAN) > 1:
            fail(f"one seat may be played by a person ('--agent {HUMAN}' once)")
        setup = Setup(game.id, [_absolute(d) for d in deck],
                      str(catalog.resolve()) if catalog else None, fmt, players, [], seed)
        decisions = []
    decks, params, rules = open_setup(game, setup, None if resume is not None
                                      else lambda count: _seated(agent, count))
    session = Session(rules, params, setup.agents, setup.seed, decisions)

    def read(prompt: str) -> str:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            sys.stdout.write("\n")
            raise EOFError
        if not sys.stdin.isatty():  # a script's answer, shown as a person's would be
            sys.stdout.write(line if line.endswith("\n") else line + "\n")
        return line

    play_in_terminal(session, setup, read, typer.echo)
    done(0)


def _seated(agent: list[str], count: int) -> list[str]:
    """The agents of a new game with a person: ``--agent human`` alone is seat 1 against
    greedy agents, else one name per seat."""
    if agent == [HUMAN]:
        return [HUMAN] + ["greedy"] * (count - 1)
    if len(agent) != count:
        fail(f"give '--agent {HUMAN}' alone (you play seat 1 against greedy agents), or "
             f"one --agent per seat ({count}) with '{HUMAN}' at yours")
    return list(agent)


def _can_open_browser() -> bool:
    """True where `webbrowser` would open a graphical browser (not a text one that would
    take over this terminal): macOS, Windows, or a desktop session elsewhere."""
    if sys.platform in ("darwin", "win32"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def playtest(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    deck: list[str] = typer.Option([], "--deck", help="FILE[#SHEET], once per seat "
                                                      "(bundled decks when none)."),
    catalog: Path | None = typer.Option(None, "--catalog", help="Catalog workbook to use."),
    format: str | None = typer.Option(None, "--format", help="Format to play (and check)."),
    players: int | None = typer.Option(None, "--players", help="Number of seats."),
    agent: list[str] = typer.Option([], "--agent", help="Agents at the other seats, in "
                                                        "seat order (one: all of them; "
                                                        "default greedy)."),
    seat: int = typer.Option(1, "--seat", help="The seat you play (from 1)."),
    seed: int = typer.Option(1, "--seed", help="The game's seed (same seed and same "
                                               "choices: same game)."),
    port: int = typer.Option(0, "--port", help="Port on 127.0.0.1 (0: a free one)."),
    browser: bool = typer.Option(True, "--browser/--no-browser",
                                 help="Open the page in the browser."),
) -> None:
    """Play one seat of a game in the browser against agents (a local page)."""
    from toolkit.playtest.server import PlaytestServer  # noqa: PLC0415
    from toolkit.playtest.table import Table  # noqa: PLC0415
    from toolkit.replay.pictures import picture_of  # noqa: PLC0415

    g = get_game(game)
    if g.playing is None:
        fail(f"{g.title} has no rules engine yet")
    in_range("--port", port, 0, 65535)
    if not -MAX_SEED - 1 <= seed <= MAX_SEED:
        fail("--seed must be a whole number from -2^63 to 2^63-1 (about ±9.2e18)")
    if players is not None:
        in_range("--players", players, 1, 64)
    if HUMAN in agent:
        fail(f"--agent names the other seats' agents; you play --seat {seat}")
    setup = Setup(g.id, [_absolute(d) for d in deck],
                  str(catalog.resolve()) if catalog else None, format, players, [], seed)

    def seating(count: int) -> list[str]:
        in_range("--seat", seat, 1, count)
        others = agent or ["greedy"]
        if len(others) == 1:
            others = others * (count - 1)
        if len(others) != count - 1:
            fail(f"give one --agent, or one per other seat ({count - 1}); got {len(agent)}")
        return [*others[:seat - 1], HUMAN, *others[seat - 1:]]

    decks, params, rules = open_setup(g, setup, seating)
    session = Session(rules, params, setup.agents, seed)
    table = Table(session, g.title, picture_of(g), decks, g.output())
    try:
        server = PlaytestServer(table, port)
    except OSError as error:
        fail(f"--port {port}: cannot listen on 127.0.0.1 ({error.strerror or error})")
    typer.echo(f"Playtest of {g.title}: open {server.url} (Ctrl-C to stop)")
    if browser and _can_open_browser():
        try:
            webbrowser.open(server.url)
        except webbrowser.Error:
            pass
    try:
        server.serve_forever()
    finally:
        server.server_close()
