"""Run every benchmark: `python -m bench [load|render|print_scale|play ...] [-- OPTIONS]`.

Options after the suite names (from the first one starting with ``-``) go to the one suite
named, e.g. `python -m bench search --only warbadge --skip tournament`."""

from __future__ import annotations

import importlib
import platform
import sys

SUITES = {"load": "bench.load_bench", "render": "bench.render_bench", "play": "bench.play_bench",
          "battlegate": "bench.play_battlegate", "mcts": "bench.mcts_bench",
          "balance": "bench.balance_bench", "hostile": "bench.hostile_bench",
          "speed": "bench.speed_bench", "search": "bench.search_bench",
          "print_scale": "bench.print_bench"}


def machine() -> str:
    """One line naming the machine, for bench/README.md."""
    import os

    return (f"{platform.machine()} {os.cpu_count()} cores, Python {platform.python_version()}, "
            f"{platform.platform()}")


def main(argv: list[str]) -> None:
    """Run the named suites (all by default)."""
    print(f"machine: {machine()}")
    split = next((i for i, arg in enumerate(argv) if arg.startswith("-")), len(argv))
    names, options = argv[:split], argv[split:]
    if options and len(names) != 1:
        sys.exit("options go to one suite: python -m bench SUITE --option ...")
    for name in names or list(SUITES):
        try:
            module = importlib.import_module(SUITES[name])
        except ModuleNotFoundError as exc:
            print(f"\n== {name}: not available ({exc})")
            continue
        print(f"\n== {name}")
        if options:
            module.main(options)
        else:
            module.main()


if __name__ == "__main__":
    main(sys.argv[1:])
