"""Command line: `pnp`."""
