"""The `pnp` command: the root only composes the small command modules.

One project error type (`InputError`) is caught here at the edge and becomes one clear
sentence on stderr with exit code 2; nothing below prints tracebacks at the user.
"""

from __future__ import annotations

import os
import sys

import typer

from toolkit.cli import demo, games, template, validate
from toolkit.core.errors import InputError

app = typer.Typer(name="pnp", no_args_is_help=True, add_completion=False,
                  pretty_exceptions_enable=False,
                  help="Print-and-play design toolkit: validate, print and play card games "
                       "from spreadsheets.")
for module in (games, validate, template, demo):
    module.register(app)


def run() -> None:
    """Entry point of the console script: run the app, turn project errors into exit 2."""
    try:
        app(standalone_mode=False)
    except InputError as exc:
        typer.echo(f"pnp: {exc}", err=True)
        sys.exit(2)
    except typer.Exit as exc:
        sys.exit(exc.exit_code)
    except typer.Abort:
        typer.echo("pnp: aborted", err=True)
        sys.exit(2)
    except SystemExit:
        raise
    except Exception as exc:  # click usage errors and anything unforeseen
        import click  # noqa: PLC0415

        if isinstance(exc, click.ClickException):
            exc.show()
            sys.exit(2)
        if os.environ.get("PNP_DEBUG"):
            raise
        typer.echo(f"pnp: internal error ({type(exc).__name__}: {exc}); "
                   "set PNP_DEBUG=1 for details", err=True)
        sys.exit(2)
