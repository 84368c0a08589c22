"""`python -m toolkit` runs the `pnp` command."""

from toolkit.cli.main import run

run()
