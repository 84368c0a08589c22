"""The `pnp` command: the root only composes the small command modules.

One project error type (`InputError`) is caught here at the edge and becomes one clear
sentence on stderr with exit code 2; nothing below prints tracebacks at the user. The
sentence may quote a file's text, so its control characters are shown as escapes.
"""

from __future__ import annotations

import os
import sys

import typer
from typer.core import TyperGroup

from toolkit.cli import (
    compare,
    demo,
    games,
    play,
    printing,
    rulings,
    sweep,
    template,
    tournament,
    validate,
)
from toolkit.core.errors import InputError
from toolkit.core.text import plain, shorten


class PnpGroup(TyperGroup):
    """The root group: turns project errors and surprises into exit 2, never a traceback."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except InputError as exc:
            typer.echo(f"pnp: {shorten(plain(exc), 1000)}", err=True)
            raise typer.Exit(2) from None
        except Exception as exc:
            if type(exc).__module__.startswith("typer") or os.environ.get("PNP_DEBUG"):
                raise  # typer's own exits and usage errors keep their meaning
            typer.echo(f"pnp: internal error ({type(exc).__name__}: "
                       f"{shorten(plain(exc), 300)}); set PNP_DEBUG=1 for details", err=True)
            raise typer.Exit(2) from None


app = typer.Typer(name="pnp", cls=PnpGroup, no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False,
                  help="Print-and-play design toolkit: validate, print and play card games "
                       "from spreadsheets.")
for module in (games, validate, printing, play, rulings, template, demo, tournament, sweep, compare):
    module.register(app)


def run() -> None:
    """Entry point of the console script (usage errors exit 2, as click does)."""
    sys.exit(app())
