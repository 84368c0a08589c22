"""The default search agent of every game: the skill ladder, decision times, tournaments.

For each game with a rules engine, on the decks `pnp play` uses by default:

1. **Decision time** of ``mcts`` (the engine's `SearchSettings`): games of ``mcts``
   against ``greedy``, seats alternated, every decision of the search agent with a
   choice timed in CPU seconds of this process; median, 90th percentile and decisions
   per second, compiled (this process) and pure Python (a ``PNP_PURE=1`` subprocess).
2. **The ladder** ``random, greedy, mcts, mcts:4N`` through ``pnp play --ladder --json``
   (seats alternated, the same deals from every seat order, 95% intervals clustered by
   deal), with the issue's targets beside each step: greedy over random at least 90%,
   ``mcts`` over greedy at least 65% with the lower bound above 50%, four times the
   budget over the default at least 55%.
3. **A 1,000-game tournament** of the game's bundled decks with ``--agent mcts``
   (`pnp tournament`, a fresh results file), on one process and with ``--jobs 2``; with
   ``--tournament N`` a smaller one, its time also given per 1,000 games.

    python -m bench search [--games 200] [--tournament 1000] [--decisions 300]
                           [--only GAME ...] [--skip ladder|tournament|pure]

It prints Markdown table rows for bench/README.md. Compare figures within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.core.registry import games  # noqa: E402
from toolkit.sim.agents import make_agent, search_defaults  # noqa: E402
from toolkit.sim.engine import CHANCE  # noqa: E402
from toolkit.sim.harness import agent_stream, chance_stream  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PNP = [sys.executable, "-m", "toolkit"]


def default_params(game):
    """The parameters of `pnp play GAME` with no options (its bundled decks)."""
    from toolkit.cli.play import seat_decks  # noqa: PLC0415

    decks = seat_decks(game, [], None, None, None, True)
    return game.playing.params(decks, None), len(decks)


def decision_times(game_id: str, decisions: int) -> list[float]:
    """CPU seconds of the default search agent's decisions with a choice, over games of
    ``mcts`` against ``greedy`` (seats alternated, seeds 1, 2, ...), until ``decisions``
    are timed."""
    game = games()[game_id]
    params, seats = default_params(game)
    rules = game.playing.rules()
    times: list[float] = []
    seed = 0
    while len(times) < decisions:
        seed += 1
        me = seed % seats
        agents = [make_agent(rules, "mcts" if q == me else "greedy", q, seats)
                  for q in range(seats)]
        chance, stream = chance_stream(seed), agent_stream(seed)
        state = rules.setup(params, chance)
        steps = 0
        while rules.outcome(state) is None and steps < rules.max_steps:
            movers = rules.to_move(state)
            if not movers:
                break
            if movers[0] == CHANCE:
                state = rules.apply(state, rules.chance(state, chance))
                continue
            chosen = []
            for q in movers:
                legal = rules.legal_actions(state, q)
                agent = agents[q]
                obs = rules.observe(state, q) if agent.observes else None
                began = time.process_time()
                chosen.append(agent.act(obs, legal, stream))
                if q == me and len(legal) > 1:
                    times.append(time.process_time() - began)
            for action in chosen:
                state = rules.apply(state, action)
                steps += 1
    return times[:decisions]


def _time_line(times: list[float]) -> dict[str, float]:
    ordered = sorted(times)
    return {"median_ms": 1000 * statistics.median(ordered),
            "p90_ms": 1000 * ordered[int(0.9 * (len(ordered) - 1))],
            "per_second": len(ordered) / sum(ordered), "decisions": len(ordered)}


def pure_times(game_id: str, decisions: int) -> dict[str, float]:
    """`decision_times` in a pure-Python subprocess (``PNP_PURE=1``)."""
    code = ("import json, sys; from bench.search_bench import decision_times, _time_line; "
            f"print(json.dumps(_time_line(decision_times({game_id!r}, {decisions}))))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                         text=True, env=dict(os.environ, PNP_PURE="1"), check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


MIRRORS = {"warbadge": "toolkit/games/warbadge/content/badges.xlsx#Sun"}
"""Games whose bundled pair is so lopsided that the deck decides nearly every game (Sun
beats Moon about 96% of the time whoever plays it): their ladder is also measured on a
mirror match, where only the players differ."""


def ladder(game_id: str, rungs: list[str], games_per_step: int,
           decks: list[str] | None = None) -> dict:
    """`pnp play GAME --ladder ... --json --jobs 2`: the ladder document (on ``decks``,
    else the game's bundled ones)."""
    deck_args = [arg for deck in decks or [] for arg in ("--deck", deck)]
    out = subprocess.run([*PNP, "play", game_id, *deck_args, "--ladder", ",".join(rungs),
                          "--games", str(games_per_step), "--jobs", "2", "--json"],
                         cwd=ROOT, capture_output=True, text=True)
    if out.returncode not in (0, 1):
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout)


def tournament_seconds(game_id: str, games_total: int, jobs: int) -> tuple[float, int]:
    """Wall seconds and games of `pnp tournament GAME --agent mcts` over the bundled decks
    with about ``games_total`` games in all, into a fresh results file, in batches of a
    twentieth of the games (the default 100 would leave a small run one batch, which a
    second process cannot share)."""
    with tempfile.TemporaryDirectory() as tmp:
        probe = subprocess.run([*PNP, "tournament", game_id, "--games", "2", "--agent",
                                "greedy", "--results", f"{tmp}/probe.sqlite", "-o",
                                f"{tmp}/probe", "--json"], cwd=ROOT, capture_output=True,
                               text=True)
        doc = json.loads(probe.stdout)
        per_table = max(1, round(games_total * 2 / max(1, doc["run"]["played"])))
        batch = max(5, games_total // 20)  # ~20 batches: two processes share the work
        began = time.perf_counter()
        out = subprocess.run([*PNP, "tournament", game_id, "--games", str(per_table),
                              "--agent", "mcts", "--jobs", str(jobs), "--batch", str(batch),
                              "--results",
                              f"{tmp}/run.sqlite", "-o", f"{tmp}/run", "--json"], cwd=ROOT,
                             capture_output=True, text=True)
        seconds = time.perf_counter() - began
        played = json.loads(out.stdout)["run"]["played"] if out.stdout else 0
    return seconds, played


TARGETS = ((0.90, None), (0.65, 0.5), (0.55, None))
"""Per step: the win rate it should reach, and the bound its interval's low end should
clear (issue 22)."""


def ladder_rows(label: str, doc: dict) -> list[str]:
    """Markdown rows of a ladder document, each with its target and whether it holds: on
    the win rate (a draw is not a win), and where draws are many also on the share of the
    games someone won."""
    rows = []
    for step, (target, bound) in zip(doc["steps"], TARGETS, strict=False):
        rate, share = step["upper_win_rate"], step["upper_share_of_won_games"]
        wins = step["wins"]
        holds = rate["rate"] >= target and (bound is None or rate["low"] > bound)
        by_share = share["rate"] >= target and (bound is None or share["low"] > bound)
        verdict = "holds" if holds else "holds on won games" if by_share else "NOT MET"
        rows.append(f"| {label} | {step['upper']} v {step['lower']} | {step['games']} | "
                    f"{wins['upper']}–{wins['lower']}–{step['draws']} | "
                    f"{100 * rate['rate']:.1f}% ({100 * rate['low']:.1f}–"
                    f"{100 * rate['high']:.1f}) | {100 * share['rate']:.1f}% "
                    f"({100 * share['low']:.1f}–{100 * share['high']:.1f}) | "
                    f"≥ {100 * target:.0f}%{f', low > {100 * bound:.0f}%' if bound else ''} | "
                    f"{verdict} |")
    return rows


def main(argv: list[str] | None = None) -> None:
    """Run the benchmark and print its tables."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per ladder step")
    parser.add_argument("--tournament", type=int, default=1000, help="tournament games")
    parser.add_argument("--decisions", type=int, default=300, help="timed decisions")
    parser.add_argument("--only", nargs="*", default=None)
    parser.add_argument("--skip", nargs="*", default=[])
    args = parser.parse_args([] if argv is None else argv)
    timing, ladders, tournaments = [], [], []
    for game in games().values():
        if game.playing is None or (args.only and game.id not in args.only):
            continue
        settings = search_defaults(game.playing.rules())
        times = _time_line(decision_times(game.id, args.decisions))
        pure = None if "pure" in args.skip else pure_times(game.id, max(30, args.decisions // 5))
        timing.append(
            f"| {game.id} | {settings.simulations} sims, {settings.rollout} playouts, horizon "
            f"{settings.horizon}, widening {settings.widening}, bias {settings.bias} | "
            f"{times['median_ms']:.1f} ms (p90 {times['p90_ms']:.1f}) | "
            f"{times['per_second']:.1f}/s | "
            + (f"{pure['median_ms']:.1f} ms, {pure['per_second']:.1f}/s |" if pure else "– |"))
        print(timing[-1], flush=True)
        if "ladder" not in args.skip:
            rungs = ["random", "greedy", "mcts", f"mcts:{4 * settings.simulations}"]
            lines = [(game.id, None)]
            if game.id in MIRRORS:
                deck = MIRRORS[game.id]
                lines.append((f"{game.id} ({deck.split('#')[-1]} mirror)", [deck, deck]))
            for label, decks in lines:
                began = time.perf_counter()
                rows = ladder_rows(label, ladder(game.id, rungs, args.games, decks))
                ladders += rows
                print("\n".join(rows), f"({time.perf_counter() - began:.0f} s)", flush=True)
        if "tournament" not in args.skip:
            for jobs in (1, 2):
                seconds, played = tournament_seconds(game.id, args.tournament, jobs)
                per_thousand = seconds * 1000 / max(1, played)
                tournaments.append(f"| {game.id} | {played} | {jobs} | {seconds:.0f} s | "
                                   f"{per_thousand:.0f} s |")
                print(tournaments[-1], flush=True)
    print("\n| game | default search | median decision, compiled | decisions/s compiled | "
          "pure Python |\n|---|---|---|---|---|")
    print("\n".join(timing))
    if ladders:
        print("\n| game | step | games | W–L–D | win rate (95% CI, by deal) | share of won "
              "games | target | |\n|---|---|---|---|---|---|---|---|")
        print("\n".join(ladders))
    if tournaments:
        print("\n| game | games | jobs | wall time | per 1,000 games |\n|---|---|---|---|---|")
        print("\n".join(tournaments))


if __name__ == "__main__":
    main(sys.argv[1:])
