"""Benchmark of the Battle Gate engine: games per second for 2 and 4 players.

Plays the bundled sample decks (Balanced against Swarm; all four decks for 4 players)
with random and with greedy agents, invariant checks on and off, in one process, and
prints the mean game length in turns beside each figure (Battle Gate splits every turn
into small decision steps, each defender deciding alone, so long games are slow games).
Compare ratios within one run, never absolute times across machines.

    python bench/play_battlegate.py [--games N]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.games.battlegate.engine import BattleGateRules, sample_params  # noqa: E402
from toolkit.sim.harness import run_games  # noqa: E402

SETUPS = {2: ("Balanced", "Swarm"), 4: ("Swarm", "Wall", "Balanced", "Giants")}


def battlegate_rate(players: int, agent: str, games: int,
                    check_invariants: bool = True) -> tuple[float, float]:
    """(games per second, mean turns per finished game) for one line-up of ``agent``."""
    rules = BattleGateRules()
    params = sample_params(*SETUPS[players])
    result, seconds = run_games(rules, params, [agent] * players, games, 1,
                                check_invariants=check_invariants)
    return games / seconds, result.stats.mean_length()


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the benchmark, print the figures and return them (label -> games/s)."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=400,
                        help="games per figure (4-player runs play a quarter)")
    args = parser.parse_args([] if argv is None else argv)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}")
    figures: dict[str, float] = {}
    for players in (2, 4):
        games = args.games if players == 2 else max(1, args.games // 4)
        decks = " vs ".join(SETUPS[players])
        for agent in ("random", "greedy"):
            for check in (True, False):
                rate, turns = battlegate_rate(players, agent, games, check)
                label = (f"battlegate {players}p {agent}, invariants "
                         f"{'on' if check else 'off'}")
                figures[label] = rate
                print(f"{label} ({decks}, {games} games, {turns:.1f} turns/game): "
                      f"{rate:,.1f} games/s")
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
