"""Test helpers: write small workbooks and CSV files from Python lists."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
"""The checkout's root (tests run from a checkout)."""

Rows = Sequence[Sequence[Any]]


def make_xlsx(path: Path, sheets: dict[str, Rows]) -> Path:
    """Write an .xlsx whose sheets hold the given rows (first row usually the header).

    A string starting with '=' becomes a formula with no cached value, as openpyxl
    writes it (Excel would store the result on save).
    """
    from openpyxl import Workbook

    wb = Workbook()
    wb.remove(wb.active)
    for name, rows in sheets.items():
        ws = wb.create_sheet(name)
        for row in rows:
            ws.append(list(row))
    wb.save(path)
    return path


def tiny_png(path: Path) -> Path:
    """A real 2×2 PNG at `path` (art is decoded whole when validated, so bytes that only
    look like a PNG are a damaged image)."""
    from PIL import Image  # noqa: PLC0415
    Image.new("RGB", (2, 2), "white").save(path, format="PNG")
    return path


def make_csv(path: Path, rows: Rows, delimiter: str = ",") -> Path:
    """Write a CSV file with the given rows."""
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh, delimiter=delimiter).writerows(rows)
    return path


def rules_of(result) -> list[str]:
    """Every rule id in a ValidationResult, in order."""
    return [p.rule for d in result.decks for p in d.report.problems]


def errors_of(result) -> list[str]:
    """The rule ids of the errors in a ValidationResult, in order."""
    return [p.rule for d in result.decks for p in d.report.problems if p.severity == "error"]


def act(rules, state, *actions: tuple):
    """Apply rules-engine ``actions`` in order (the acting player is ``action[1]``), each
    checked to be legal and the invariants to hold after it; returns the last state."""
    for action in actions:
        legal = rules.legal_actions(state, action[1])
        assert action in legal, f"{action} not legal; legal: {legal}"
        state = rules.apply(state, action)
        broken = list(rules.invariants(state))
        assert not broken, broken
    return state


def badges_with_team(tmp_path: Path, sheet: str, badges: Sequence[str]) -> Path:
    """A copy of the bundled WarBadge workbook with one more team sheet of these badges."""
    import shutil

    from openpyxl import load_workbook


    path = tmp_path / "teams.xlsx"
    shutil.copy(ROOT / "toolkit/games/warbadge/content" / "badges.xlsx", path)
    wb = load_workbook(path)
    ws = wb.create_sheet(sheet)
    ws.append(["Badge"])
    for badge in badges:
        ws.append([badge])
    wb.save(path)
    return path


def play_digest(make_rules: Any, params: Any, lineup: list[str]) -> str:
    """A digest of the games an engine plays (the speed work's regression pins): the
    `play --json` document of 40 games from seed 5 (bar games_per_second), then the
    winner, end, length, steps and playthrough log of the games of seeds 1 and 2."""
    import hashlib
    import json

    from toolkit.sim.harness import play_game
    from toolkit.sim.run import run_play

    digest = hashlib.sha256()
    doc = run_play(make_rules(), params, lineup, games=40, seed=5).to_json()
    doc.pop("games_per_second")
    digest.update(json.dumps(doc, sort_keys=True).encode())
    rules = make_rules()
    for seed in (1, 2):
        rec = play_game(rules, params, lineup, seed, log=True)
        digest.update(f"{rec.winner} {rec.reason} {rec.length} {rec.steps}\n{rec.log}"
                      .encode())
    return digest.hexdigest()[:16]


def pnp_peak_mb(args: list[str], cwd: Path = ROOT,
                env: dict[str, str] | None = None) -> tuple[int, int, str]:
    """(exit code, peak memory in MB, stderr) of `pnp ARGS` in a fresh process: its VmHWM,
    which starts afresh at exec (ru_maxrss would carry over the forking test process's)."""
    import os  # noqa: PLC0415
    import subprocess  # noqa: PLC0415
    import sys  # noqa: PLC0415

    code = ("import sys\n"
            "from toolkit.cli.main import run\n"
            "try:\n    run()\nfinally:\n"
            "    hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')]\n"
            "    print('PEAK', int(hwm[0].split()[1]) // 1024, file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True,
                          text=True, env={**os.environ, **(env or {})}, timeout=300, cwd=cwd)
    peak = int(done.stderr.rsplit("PEAK", 1)[1].split()[0])
    return done.returncode, peak, done.stderr
