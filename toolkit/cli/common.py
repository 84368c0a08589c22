"""Helpers the command modules share: consoles, exit codes, option ranges."""

from __future__ import annotations

import json
import math
import sys
from typing import Any

import typer
from rich.console import Console

from toolkit.core.errors import InputError


def console(err: bool = False) -> Console:
    """A rich console: colour on a terminal, plain text when piped."""
    return Console(stderr=err, highlight=False, soft_wrap=True)


def emit_json(document: Any) -> None:
    """Write one JSON document to stdout."""
    sys.stdout.write(json.dumps(document, indent=2, ensure_ascii=False) + "\n")


def fail(message: str) -> None:
    """Stop with exit code 2 and one clear sentence (the edge prints it)."""
    raise InputError(message)


def done(code: int) -> None:
    """Stop with an exit code from FORMATS.md's contract."""
    raise typer.Exit(code)


MAX_JOBS = 64
"""--jobs of `play` and the balance commands: local worker processes (a cluster is
--scheduler)."""

def in_range(option: str, value: float, low: float, high: float, unit: str = "") -> None:
    """Stop (exit 2) unless a numeric option is finite and from `low` to `high`."""
    from toolkit.core.text import figure  # noqa: PLC0415

    if isinstance(value, float) and not math.isfinite(value) or not low <= value <= high:
        def text(n: float) -> str:
            return f"{n:g}" if isinstance(n, float) else figure(n)

        fail(f"{option} must be from {text(low)} to {text(high)}{unit}, got {text(value)}")
