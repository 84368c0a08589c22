"""Run `pnp` in-process on hostile input and check the rules every run must keep.

FORMATS.md: exit 0, 1 or 2; on exit 2 one clear sentence on stderr and nothing written;
never a traceback. And from the issue: "internal error" is a bug, and no text from a file
reaches the terminal as a control sequence.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from typer.testing import CliRunner

from toolkit.cli.main import app
from toolkit.core.registry import Game

runner = CliRunner()


def snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder under `folder`: path → (size, mtime in ns) for a file, (0, 0)
    for a folder (whose time changes when the output check probes it, leaving nothing)."""
    found = {}
    for root, dirs, files in os.walk(folder):
        for name in dirs:
            found[str((Path(root) / name).relative_to(folder))] = (0, 0)
        for name in files:
            path = Path(root) / name
            stat = path.lstat()
            found[str(path.relative_to(folder))] = (stat.st_size, stat.st_mtime_ns)
    return found


@dataclass
class Run:
    """One command's result, with what it wrote."""

    args: list[str]
    exit_code: int
    stdout: str
    stderr: str
    written: set[str]

    def __str__(self) -> str:
        return (f"pnp {' '.join(self.args)!r} → exit {self.exit_code}\n"
                f"stdout: {self.stdout[-1500:]}\nstderr: {self.stderr[-1500:]}")


def run(args: list[str], sandbox: Path) -> Run:
    """Invoke `pnp ARGS` and check FORMATS.md's promises; returns the run."""
    before = snapshot(sandbox)
    result = runner.invoke(app, [str(a) for a in args])
    after = snapshot(sandbox)
    written = {p for p, v in after.items() if before.get(p) != v}
    done = Run([str(a) for a in args], result.exit_code, result.stdout, result.stderr, written)
    assert result.exit_code in (0, 1, 2), done
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"{done}\nexception: {result.exception!r}"
    for text in (result.stdout, result.stderr):
        assert "Traceback" not in text, done
        assert "internal error" not in text, done
        assert "\x1b" not in text and "\x07" not in text, f"raw control characters\n{done}"
    if result.exit_code == 2:
        message = result.stderr.strip()
        assert message.startswith("pnp: ") and "\n" not in message, done
        assert not written, f"exit 2 wrote {sorted(written)}\n{done}"
    return done


def commands(game: Game, path: Path, out: Path) -> list[list[str]]:
    """Every command of the game that reads a deck file, pointed at `path`."""
    cmds = [["validate", game.id, path], ["validate", game.id, path, "--json"]]
    if game.printing is not None:
        cmds.append(["print", game.id, path, "-o", out, "--no-contact"])
    if game.playing is not None:
        decks = ["--deck", path] * (1 if game.playing.pooled else game.playing.players[0])
        cmds.append(["play", game.id, *decks, "--games", 2, "--log", out / "log.md"])
        balance = ["--games", 2, "--sample", 2, "--results", out / "balance.sqlite"]
        cmds.append(["tournament", game.id, "--deck", path, "--games", 2,
                     "--results", out / "balance.sqlite", "-o", out / "tournament"])
        cmds.append(["compare", game.id, path, path, *balance, "-o", out / "compare"])
        if game.playing.sweep is not None:
            cmds.append(["sweep", game.id, "--catalog", path, *balance, "-o", out / "sweep"])
    return cmds
