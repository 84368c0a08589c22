"""Warblitz speed probe (issue 14): play N games of one agent against itself (the bundled
Ashen Court against the Tidewardens) with invariant checks on, for callgrind instruction
counts or cProfile.

    python bench/warblitz_speed.py AGENT GAMES [--profile] [--seed S] [--no-checks]

Instructions per game: run twice under
``valgrind --tool=callgrind --callgrind-out-file=/tmp/x.out`` with two game counts and
divide the difference of the totals by the difference of the counts (imports cancel out).
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.games.warblitz.engine import WarblitzRules, sample_params  # noqa: E402
from toolkit.sim.harness import run_games  # noqa: E402


def main() -> None:
    """Parse the arguments, play, print games/s (and the profile when asked)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("agent")
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--no-checks", action="store_true")
    args = ap.parse_args()
    rules = WarblitzRules()
    params = sample_params()
    agents = [args.agent] * 2
    if args.games == 0:
        return
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
    began = time.perf_counter()
    result, _ = run_games(rules, params, agents, args.games, args.seed,
                          check_invariants=not args.no_checks)
    seconds = time.perf_counter() - began
    if args.profile:
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(30)
    print(f"{args.agent} x2: {args.games / seconds:.1f} games/s, "
          f"wins {result.stats.wins}")


if __name__ == "__main__":
    main()
