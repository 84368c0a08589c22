"""Benchmark of the game simulation: WarBadge, Valiant Wars, Warblitz and Banners games per second.

WarBadge with random agents, invariant checks on and off, in one process and with
``jobs=2``; Valiant Wars on the bundled pool, 2 and 4 players, random and greedy agents,
invariant checks on and off, in one process; The Battle of Banners on the bundled board,
1v1 and 2v2, random and greedy agents, invariant checks on and off. If OpenSpiel
(``pyspiel``) can be imported, the same run also times OpenSpiel's goofspiel (6 cards,
2 players) random playouts driven from Python and prints our ratio to it (the goal is
at least 0.5x with invariants on). Compare ratios within one run, never absolute times
across machines.

Warblitz (bundled Ashen Court v Tidewardens, `engine/samples.py`) is timed with random
and greedy agents, invariant checks on, in one process and with ``jobs=2``.

    python bench/play_bench.py [--games N] [--warblitz-games N] [--seconds S]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.games.banners.engine import BannersRules, bundled_params  # noqa: E402
from toolkit.games.valiantwars.engine import ValiantWarsRules, sample_params  # noqa: E402
from toolkit.games.warbadge.engine import WarBadgeRules, standard_params  # noqa: E402
from toolkit.games.warblitz.engine import WarblitzRules  # noqa: E402
from toolkit.games.warblitz.engine import sample_params as warblitz_params  # noqa: E402
from toolkit.sim.harness import run_games  # noqa: E402


def warbadge_rate(games: int, check_invariants: bool, jobs: int) -> float:
    """WarBadge games per second (standard sample teams, random agents)."""
    rules = WarBadgeRules()
    _, seconds = run_games(rules, standard_params(), ["random", "random"], games, 1,
                           jobs=jobs, check_invariants=check_invariants)
    return games / seconds


def banners_rate(players: int, agent: str, games: int,
                 check_invariants: bool = True) -> tuple[float, float, float]:
    """The Battle of Banners on the bundled board, one process: (games/s, turns/s, mean
    turns per game) for ``players`` seats of ``agent``."""
    rules = BannersRules()
    result, seconds = run_games(rules, bundled_params(players), [agent] * players, games, 1,
                                check_invariants=check_invariants)
    turns = result.stats.length_sum
    return games / seconds, turns / seconds, result.stats.mean_length()
def valiantwars_rate(games: int, players: int, agent: str, check_invariants: bool) -> float:
    """Valiant Wars games per second (bundled pool, one process)."""
    rules = ValiantWarsRules()
    _, seconds = run_games(rules, sample_params(players), [agent] * players, games, 1,
                           check_invariants=check_invariants)
    return games / seconds


def warblitz_rate(games: int, agent: str, jobs: int) -> tuple[float, float]:
    """Warblitz games per second and mean turns (bundled warbands, invariants on)."""
    rules = WarblitzRules()
    total, seconds = run_games(rules, warblitz_params(), [agent, agent], games, 1, jobs=jobs)
    return games / seconds, total.stats.mean_length()


def goofspiel_rate(seconds: float) -> float | None:
    """OpenSpiel goofspiel (6 cards, 2 players) random playouts per second, or None."""
    try:
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("goofspiel", {"num_cards": 6, "players": 2})
    rng = random.Random(1)
    done = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
            else:
                state.apply_actions([rng.choice(state.legal_actions(p)) for p in (0, 1)])
        done += 1
    return done / (time.perf_counter() - began)


def main(argv: list[str] | None = None) -> dict[str, float | None]:
    """Run the benchmark, print the figures and return them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--warblitz-games", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="time for the goofspiel playouts")
    parser.add_argument("--banners-games", type=int, default=300)
    args = parser.parse_args([] if argv is None else argv)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}")
    figures: dict[str, float | None] = {}
    for label, check, jobs in (("invariants on, 1 process", True, 1),
                               ("invariants off, 1 process", False, 1),
                               ("invariants on, jobs=2", True, 2),
                               ("invariants off, jobs=2", False, 2)):
        rate = warbadge_rate(args.games, check, jobs)
        figures[f"warbadge {label}"] = rate
        print(f"warbadge random vs random, {label}: {rate:,.0f} games/s")
    for players in (2, 4):
        for agent in ("random", "greedy"):
            for check in (True, False):
                rate, turns, mean = banners_rate(players, agent, args.banners_games, check)
                label = (f"banners {'1v1' if players == 2 else '2v2'} {agent}, invariants "
                         f"{'on' if check else 'off'}")
                figures[label] = rate
                print(f"{label}: {rate:,.1f} games/s ({turns:,.0f} turns/s, {mean:.1f} "
                      "turns a game)")
    vw_games = max(50, args.games // 10)
    for players in (2, 4):
        for agent in ("random", "greedy"):
            for check in (True, False):
                rate = valiantwars_rate(vw_games, players, agent, check)
                label = f"{players} players, {agent}, invariants {'on' if check else 'off'}"
                figures[f"valiantwars {label}"] = rate
                print(f"valiantwars {label}: {rate:,.0f} games/s")
    for agent in ("random", "greedy"):
        for jobs in (1, 2):
            rate, turns = warblitz_rate(args.warblitz_games, agent, jobs)
            figures[f"warblitz {agent} jobs={jobs}"] = rate
            print(f"warblitz {agent} vs {agent}, invariants on, jobs={jobs}: {rate:,.1f} games/s "
                  f"({turns:.1f} turns a game)")
    goof = goofspiel_rate(args.seconds)
    figures["goofspiel"] = goof
    if goof is None:
        print("open_spiel (pyspiel) is not importable: no goofspiel comparison")
    else:
        ours = figures["warbadge invariants on, 1 process"]
        print(f"open_spiel goofspiel(6 cards, 2 players) random playouts from Python: "
              f"{goof:,.0f} games/s")
        print(f"ratio warbadge (invariants on, 1 process) / goofspiel: {ours / goof:.3f}x "
              f"(goal >= 0.5x)")
    return figures


if __name__ == "__main__":
    main()
