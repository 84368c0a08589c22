"""Fast playouts (issue 14): every engine's games per CPU second, pure Python beside the
compiled build, and beside an older source tree when one is given, in one run.

Each line-up plays the same seeded games (invariant checks on, one process) in a fresh
process per build; the builds take turns, ``--rounds`` times, and the best CPU time of
each counts (the machine may be shared: CPU time is what a build costs, and taking turns
spreads the neighbours' load over all of them). ``--callgrind`` counts instructions per
game instead (valgrind, exact and independent of the load): two runs of different game
counts, so start-up cancels out.

    python -m bench speed                  # pure beside compiled, every line-up
    python bench/speed_bench.py [--baseline DIR] [--only GAMES] [--scale X] [--rounds N]
                                [--callgrind]

``--baseline DIR`` is a checkout of an older commit (``git worktree add --detach DIR
REV``); it runs as pure Python. Compare ratios within one run, never absolute figures
across machines.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

# (game, label, seats, agent, games played per measurement)
LINEUPS: tuple[tuple[str, str, int, str, int], ...] = (
    ("warbadge", "standard", 2, "random", 3000),
    ("warbadge", "standard", 2, "greedy", 1500),
    ("battlegate", "2 players", 2, "random", 300),
    ("battlegate", "2 players", 2, "greedy", 150),
    ("battlegate", "4 players", 4, "random", 60),
    ("battlegate", "4 players", 4, "greedy", 60),
    ("valiantwars", "2 players", 2, "random", 300),
    ("valiantwars", "2 players", 2, "greedy", 200),
    ("valiantwars", "4 players", 4, "random", 150),
    ("valiantwars", "4 players", 4, "greedy", 100),
    ("banners", "1v1", 2, "random", 30),
    ("banners", "1v1", 2, "greedy", 100),
    ("banners", "2v2", 4, "random", 30),
    ("banners", "2v2", 4, "greedy", 100),
    ("warblitz", "bundled", 2, "random", 60),
    ("warblitz", "bundled", 2, "greedy", 30),
)

PROBE = Path(__file__).with_name("probe.py")
"""Each measurement runs the probe in a fresh process (its ``--json`` line)."""


def builds(baseline: Path | None) -> dict[str, dict[str, str]]:
    """The builds to compare, each as the environment its worker runs in."""
    env = {k: v for k, v in os.environ.items() if k not in ("PNP_PURE", "PYTHONPATH")}
    found = {"pure": {**env, "PNP_PURE": "1"}, "compiled": env}
    if baseline is not None:
        found = {"baseline": {**env, "PNP_PURE": "1", "PYTHONPATH": str(baseline)}, **found}
    return found


def _worker(env: dict[str, str], lineup: tuple, games: int, callgrind: bool = False) -> dict:
    """Run the probe once; its JSON line (plus ``instructions`` under callgrind)."""
    game, _, seats, agent, _ = lineup
    command = [sys.executable, str(PROBE), game, str(seats), agent, str(games), "--json"]
    with tempfile.TemporaryDirectory() as scratch:
        out_file = Path(scratch) / "callgrind.out"
        if callgrind:
            command = ["valgrind", "--tool=callgrind", "-q",
                       f"--callgrind-out-file={out_file}", *command]
        done = subprocess.run(command, env=env, cwd=scratch, capture_output=True, text=True,
                              check=True)
        report = json.loads(done.stdout.strip().splitlines()[-1])
        if callgrind:
            text = out_file.read_text(errors="replace")
            report["instructions"] = int(re.search(r"^(?:summary|totals): (\d+)", text,
                                                   re.M).group(1))
    return report


def measure(lineup: tuple, envs: dict[str, dict[str, str]], scale: float, rounds: int,
            callgrind: bool) -> dict[str, float]:
    """Per build: games per CPU second (best of ``rounds``), or instructions per game."""
    games = max(1, round(lineup[4] * scale))
    if callgrind:
        small = max(1, games // 30)  # callgrind runs some 50 times slower
        result = {}
        for name, env in envs.items():
            one = _worker(env, lineup, small, callgrind=True)["instructions"]
            three = _worker(env, lineup, 3 * small, callgrind=True)["instructions"]
            result[name] = (three - one) / (2 * small)
        return result
    best = {name: float("inf") for name in envs}
    for _ in range(rounds):
        for name, env in envs.items():
            best[name] = min(best[name], _worker(env, lineup, games)["cpu"])
    return {name: games / cpu for name, cpu in best.items()}


def main(argv: list[str] | None = None) -> dict[str, dict[str, float]]:
    """Measure every line-up (or some games'), print a table and return the figures."""
    ap = argparse.ArgumentParser(prog="python -m bench speed")
    ap.add_argument("--baseline", type=Path, help="an older checkout to compare with")
    ap.add_argument("--only", help="game ids, comma-separated")
    ap.add_argument("--scale", type=float, default=1.0, help="games per line-up, times X")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--callgrind", action="store_true", help="instructions per game")
    args = ap.parse_args(argv if argv is not None else [])
    envs = builds(args.baseline)
    probe = {name: _worker(env, LINEUPS[0], 0) for name, env in envs.items()}
    for name, report in probe.items():
        print(f"{name}: toolkit from {Path(report['toolkit']).parents[1]}, "
              f"compiled: {', '.join(report['compiled']) or 'nothing'}")
    unit = "instructions/game" if args.callgrind else "games/CPU s"
    names = list(envs)
    reference = names[0]
    print(f"\n{unit}, and each build's speed-up over {reference}:\n")
    print(f"| game | line-up | agents | {' | '.join(names)} | "
          + " | ".join(f"{n} vs {reference}" for n in names[1:]) + " |")
    print("|---" * (3 + 2 * len(names) - 1) + "|")
    figures: dict[str, dict[str, float]] = {}
    for lineup in LINEUPS:
        if args.only and lineup[0] not in args.only.split(","):
            continue
        got = measure(lineup, envs, args.scale, args.rounds, args.callgrind)
        figures[f"{lineup[0]} {lineup[1]} {lineup[3]}"] = got
        shown = [f"{got[n] / 1e6:.2f}M" if args.callgrind else f"{got[n]:,.1f}" for n in names]
        ratios = [(got[reference] / got[n]) if args.callgrind else (got[n] / got[reference])
                  for n in names[1:]]
        print(f"| {lineup[0]} | {lineup[1]} | {lineup[3]} | {' | '.join(shown)} | "
              + " | ".join(f"{r:.2f}×" for r in ratios) + " |", flush=True)
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
