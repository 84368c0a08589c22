"""The `pnp` command: the root only composes the small command modules.

One project error type (`InputError`) is caught here at the edge and becomes one clear
sentence on stderr with exit code 2; nothing below prints tracebacks at the user. The
sentence may quote a file's text, so its control characters are shown as escapes.

Signals are handled here too (`run`): Ctrl-C (SIGINT) and SIGTERM stop every command the
same way. The main process stops its worker processes at once, raises KeyboardInterrupt
so the command keeps what it finished (a balance run commits its batches), and exits 130
(SIGINT) or 143 (SIGTERM) with one sentence and no traceback. Workers ignore SIGINT (a
terminal sends Ctrl-C to all of them): the main process ends them. A command whose
clean-up takes longer than `GRACE` seconds is ended anyway, and a second signal ends it
at once. A closed stdout (``pnp ... | head -1``) ends a command quietly with exit 141.
"""

# ruff: noqa: E402 (the early signal handling comes before the slow imports)
from __future__ import annotations

import os
import signal
import sys


def _stop_early(signum: int, frame: object) -> None:
    """A signal while `pnp` is still loading: nothing is started yet, so stop at once."""
    os._exit(128 + signum)


if os.path.basename(sys.argv[0]).removesuffix(".exe") == "pnp":
    # The console script is loading the commands (a second or so): stop quietly on a
    # signal meanwhile; `run` then installs the real handling. (Only in that process:
    # tests and worker processes that import this module keep Python's own handlers.)
    signal.signal(signal.SIGINT, _stop_early)
    signal.signal(signal.SIGTERM, _stop_early)

import importlib
import multiprocessing
import threading
import time

import typer
from typer.core import TyperGroup

from toolkit.core.errors import InputError
from toolkit.core.text import plain, shorten

STOP_CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}
"""The exit code after each signal (128 + its number, as shells report it)."""
BROKEN_PIPE = 141
"""The exit code when stdout is closed before pnp has written all of it (128 + SIGPIPE)."""
GRACE = 1.5
"""Seconds a command has, after a signal, to keep what it finished before it is ended."""

_stopped: list[int] = []
"""The signal that stopped this run (empty while none did)."""
_finished = False
"""True once the command is over: a signal then ends the process at once."""


class PnpGroup(TyperGroup):
    """The root group: turns project errors and surprises into exit 2, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            say(f"pnp: stopped by {signal_name()}")
            raise typer.Exit(stop_code()) from None
        except BrokenPipeError:
            quiet_output()
            raise typer.Exit(BROKEN_PIPE) from None
        except Exception as exc:
            if _stopped and not type(exc).__module__.startswith(("typer", "click")):
                # a sequel of the signal (the interrupt landed where Python drops it,
                # and the stopped workers broke their pool): the signal is the news
                say(f"pnp: stopped by {signal_name()}")
                raise typer.Exit(stop_code()) from None
            if isinstance(exc, InputError):
                typer.echo(f"pnp: {shorten(plain(exc), 1000)}", err=True)
                raise typer.Exit(2) from None
            if type(exc).__module__.startswith("typer") or os.environ.get("PNP_DEBUG"):
                raise  # typer's own exits and usage errors keep their meaning
            typer.echo(f"pnp: internal error ({type(exc).__name__}: "
                       f"{shorten(plain(exc), 300)}); set PNP_DEBUG=1 for details", err=True)
            raise typer.Exit(2) from None


COMMANDS = {"games": "games", "validate": "validate", "print": "printing",
            "calibrate": "printing", "layout": "layout", "play": "play",
            "playtest": "playtest", "rulings": "rulings", "template": "template",
            "demo": "demo", "tournament": "tournament", "sweep": "sweep",
            "compare": "compare"}
"""Every command and the module of `toolkit.cli` that registers it, in `pnp --help`'s order."""


def build_app(command: str | None = None) -> typer.Typer:
    """The root app with every command, or with only `command`'s module when that names
    a command: a run imports just what it runs (every command's imports cost a fresh
    `pnp` about 0.15 s). Help, and a name that is no command, get them all."""
    root = typer.Typer(name="pnp", cls=PnpGroup, no_args_is_help=True,
                       add_completion=False, pretty_exceptions_enable=False)
    root.callback()(_root)  # its docstring is the help; a group even with one command
    wanted = [COMMANDS[command]] if command in COMMANDS else COMMANDS.values()
    for name in dict.fromkeys(wanted):
        importlib.import_module(f"toolkit.cli.{name}").register(root)
    return root


def _root() -> None:
    """Print-and-play design toolkit: validate, print and play card games from
    spreadsheets."""


def __getattr__(name: str) -> typer.Typer:
    """`app`: the root app with every command (what tests and `CliRunner` invoke),
    built on first use."""
    if name == "app":
        globals()["app"] = full = build_app()
        return full
    raise AttributeError(name)


def signal_name() -> str:
    """The signal that stopped the run, as a user knows it (Ctrl-C when none was seen)."""
    if _stopped and _stopped[0] == signal.SIGTERM:
        return "SIGTERM"
    return "Ctrl-C (SIGINT)"


def stop_code() -> int:
    """The exit code of a run stopped by a signal: 130 for SIGINT, 143 for SIGTERM."""
    return STOP_CODES[_stopped[0]] if _stopped else STOP_CODES[signal.SIGINT]


def say(line: str) -> None:
    """Write one line to stderr, whether or not stderr can still be written."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OSError, ValueError):
        pass


def quiet_output() -> None:
    """Point stdout at /dev/null after its reader went away, so that the flush at exit
    raises no second BrokenPipeError (Python's documented recipe)."""
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)


def _closed_stdout(console: object) -> None:
    """rich's hook for a BrokenPipeError (`Console.on_broken_pipe`): exit 141 as pnp does
    for its own writes (rich would exit 1, which means "problems found" here)."""
    console.quiet = True
    quiet_output()
    raise SystemExit(BROKEN_PIPE)


def stop_workers() -> None:
    """End every worker process this process started (they cannot hold anything the
    run keeps: finished results are the main process's to write)."""
    for child in multiprocessing.active_children():
        try:
            child.kill()
        except (OSError, ValueError):
            pass  # it ended on its own meanwhile


def _as_worker() -> None:
    """Run in every forked child: a worker ignores Ctrl-C (the terminal sends it to the
    whole group; the main process ends the workers) and dies at once on SIGTERM."""
    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
    except ValueError:  # pragma: no cover - forked from a thread that cannot set them
        pass


def _deadline(code: int) -> None:
    """The clean-up after a signal took too long: end the workers and the run now."""
    time.sleep(GRACE)
    stop_workers()
    os._exit(code)


def _on_signal(signum: int, frame: object) -> None:
    """SIGINT or SIGTERM in the main process: stop the workers, then unwind the command
    with KeyboardInterrupt so that it keeps what it finished; a second signal, or a
    clean-up longer than `GRACE`, ends the run at once."""
    first = not _stopped
    if first:
        _stopped.append(signum)
    stop_workers()
    if not first or _finished:
        os._exit(stop_code())
    threading.Thread(target=_deadline, args=(stop_code(),), daemon=True).start()
    raise KeyboardInterrupt


def _unraisable(hook: object) -> None:
    """`sys.unraisablehook` during a run: an interrupt that lands where Python cannot
    raise it (a fork callback, a finalizer) is dropped silently, since the stop is
    already under way; anything else is shown as Python shows it."""
    if not (_stopped and isinstance(hook.exc_value, KeyboardInterrupt)):
        sys.__unraisablehook__(hook)


def handle_signals() -> None:
    """Install the signal handling described in the module docstring (and rich's exit
    on a closed stdout)."""
    from rich.console import Console  # noqa: PLC0415

    Console.on_broken_pipe = _closed_stdout
    sys.unraisablehook = _unraisable
    signal.signal(signal.SIGINT, _on_signal)
    signal.signal(signal.SIGTERM, _on_signal)
    os.register_at_fork(after_in_child=_as_worker)


def run() -> None:
    """Entry point of the console script (usage errors exit 2, as click does; a signal
    130 or 143; a closed stdout 141)."""
    global _finished
    handle_signals()
    code: int | str | None = 0
    try:
        try:
            build_app(sys.argv[1] if len(sys.argv) > 1 else None)()
        except SystemExit as done:
            code = done.code
        _finished = True  # from here on a signal ends the run at once
        sys.stdout.flush()
    except KeyboardInterrupt:  # a signal outside any command (while reading options)
        say(f"pnp: stopped by {signal_name()}")
        code = stop_code()
    except BrokenPipeError:
        quiet_output()
        code = BROKEN_PIPE
    _finished = True
    sys.exit(stop_code() if _stopped else code)
