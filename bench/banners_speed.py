"""Banners playouts for speed work (issue 14): games of one line-up, timed or counted.

    python bench/banners_speed.py PLAYERS AGENT GAMES [off]

plays seeds 1..GAMES on the bundled board (every seat AGENT, invariant checks on unless
``off``) through the harness's `play_game` and prints games/s, steps/s and steps a
game (process time). For load-independent figures count instructions instead, and take
the difference of two runs so that start-up drops out:

    valgrind --tool=callgrind --callgrind-out-file=/tmp/a.out \\
        .venv/bin/python bench/banners_speed.py 2 random 1
    valgrind --tool=callgrind --callgrind-out-file=/tmp/b.out \\
        .venv/bin/python bench/banners_speed.py 2 random 5
    # instructions a game = (total of b - total of a) / 4 (games 2..5)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.games.banners.engine import BannersRules, bundled_params  # noqa: E402
from toolkit.sim.harness import play_game  # noqa: E402


def main(argv: list[str]) -> None:
    """Play the games and print their rate."""
    players, agent, games = int(argv[0]), argv[1], int(argv[2])
    check = len(argv) < 4 or argv[3] != "off"
    params = bundled_params(players)
    rules = BannersRules()
    began = time.process_time()
    steps = 0
    for seed in range(1, games + 1):
        steps += play_game(rules, params, [agent] * players, seed,
                           check_invariants=check).steps
    spent = max(time.process_time() - began, 1e-9)
    print(f"{players} players, {agent}, checks {'on' if check else 'off'}: "
          f"{games / spent:.1f} games/s, {steps / spent:.0f} steps/s, "
          f"{steps / games:.0f} steps a game")


if __name__ == "__main__":
    main(sys.argv[1:])
