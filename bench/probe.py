"""Play one engine's sample line-up, for a profiler or callgrind: the engines' speed probe.

    python bench/probe.py GAME SEATS AGENT GAMES [--seed S] [--no-checks] [--profile] [--json]

GAME is a game id; SEATS picks its sample set-up (WarBadge: the standard sample teams;
Battle Gate: Balanced v Swarm, or Swarm, Wall, Balanced and Giants; Valiant Wars: the
bundled pool; Banners: the bundled board, 1v1 or 2v2; Warblitz: Ashen Court v
Tidewardens). Every seat plays AGENT, invariant checks on unless ``--no-checks``, in this
process. Prints games per CPU second (``--json``: CPU seconds, where ``toolkit`` came
from and the compiled groups, for `speed_bench.py`); ``--profile`` adds cProfile's top 30.

Instructions per game: run it twice under ``valgrind --tool=callgrind`` with two game
counts and divide the difference of the totals by the difference of the counts (start-up
cancels out); `speed_bench.py --callgrind` does that for every line-up. ``PYTHONPATH=DIR``
plays an older checkout's engines (`speed_bench.py --baseline`).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from pathlib import Path
from typing import Any

try:  # a checkout on PYTHONPATH (an older tree), else the installed project
    import toolkit
except ImportError:  # run as a script outside the virtualenv: the project next to us
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import toolkit


def line_up(game: str, seats: int) -> tuple[Any, Any]:
    """``(rules, params)`` of ``game``'s sample set-up for ``seats`` players."""
    if game == "warbadge":
        from toolkit.games.warbadge.engine import WarBadgeRules, standard_params
        return WarBadgeRules(), standard_params()
    if game == "battlegate":
        from toolkit.games.battlegate.engine import BattleGateRules, sample_params
        decks = ("Balanced", "Swarm") if seats == 2 else ("Swarm", "Wall", "Balanced", "Giants")
        return BattleGateRules(), sample_params(*decks)
    if game == "valiantwars":
        from toolkit.games.valiantwars.engine import ValiantWarsRules, sample_params
        return ValiantWarsRules(), sample_params(seats)
    if game == "banners":
        from toolkit.games.banners.engine import BannersRules, bundled_params
        return BannersRules(), bundled_params(seats)
    if game == "warblitz":
        from toolkit.games.warblitz.engine import WarblitzRules, sample_params
        return WarblitzRules(), sample_params()
    raise SystemExit(f"no sample line-up for {game!r}")


def compiled_groups() -> list[str]:
    """The engine groups this process runs compiled (none in a tree without the build)."""
    try:
        from toolkit.sim.native import ACTIVE
    except ImportError:
        return []
    return list(ACTIVE)


def main(argv: list[str] | None = None) -> None:
    """Parse the arguments, play the games, print the figures."""
    from toolkit.sim.harness import run_games

    ap = argparse.ArgumentParser(prog="bench/probe.py")
    ap.add_argument("game")
    ap.add_argument("seats", type=int)
    ap.add_argument("agent")
    ap.add_argument("games", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-checks", action="store_true")
    ap.add_argument("--profile", action="store_true")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    rules, params = line_up(args.game, args.seats)
    profile = cProfile.Profile() if args.profile else None
    if profile:
        profile.enable()
    began = time.process_time()
    if args.games:
        run_games(rules, params, [args.agent] * args.seats, args.games, args.seed,
                  check_invariants=not args.no_checks)
    cpu = time.process_time() - began
    if profile:
        profile.disable()
        pstats.Stats(profile).sort_stats("tottime").print_stats(30)
    if args.json:
        print(json.dumps({"cpu": cpu, "toolkit": toolkit.__file__,
                          "compiled": compiled_groups()}))
    else:
        print(f"{args.game} {args.seats} x {args.agent}: {args.games / max(cpu, 1e-9):,.1f} "
              f"games per CPU second")


if __name__ == "__main__":
    main(sys.argv[1:])
