"""Benchmark of the search agent: MCTS decisions per second for every registered game.

For each game with a rules engine, on its sample setups (first two-player setup and the
largest one), random players play whole games while seat 1's decisions that have a
choice (a single legal action costs nothing) are searched by ``mcts:N`` (random
playouts) or ``mcts:N:greedy``, about eight per game spread evenly over it, for a few
seconds of CPU time per line.

An engine without ``determinize`` yet is measured with the true state standing in for
the sampled one (``determinize`` returns the real state, which the bench holds): the
search's cost, the tree and the playouts, is the same, and the line says so. Compare
figures within one run, never absolute times across machines.

    python bench/mcts_bench.py [--simulations N] [--seconds S]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make the project importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from toolkit.core.registry import games  # noqa: E402
from toolkit.sim.agents import can_search, make_agents  # noqa: E402
from toolkit.sim.engine import CHANCE  # noqa: E402
from toolkit.sim.harness import agent_stream, chance_stream  # noqa: E402

SAMPLES = 8
"""Decisions searched per game, evenly spread over it."""


def decision_rate(rules, params, name: str, seats: int,
                  seconds: float) -> tuple[float, int, bool]:
    """(decisions per CPU second, decisions timed, True if the true state stood in for
    ``determinize``) for agent ``name`` in seat 1.

    The games themselves are played by random agents in every seat, and seat 1's
    decisions with a choice are searched at even intervals (about `SAMPLES` per game),
    so the figure weighs early, middle and late decisions alike rather than the long
    openings. CPU time of this process: other work on the machine does not count.
    """
    stand_in = not can_search(rules)
    truth: list = [None]
    if stand_in:
        rules.determinize = lambda obs, player, rng: truth[0]
    search = make_agents(rules, [name] * seats)[0]
    spent, decisions, seed = 0.0, 0, 0
    while spent < seconds:
        seed += 1
        stride = max(1, _choices(rules, params, seats, seed) // SAMPLES)
        chance, arng = chance_stream(seed), agent_stream(seed)
        state = rules.setup(params, chance)
        choices = 0
        while rules.outcome(state) is None and spent < seconds:
            movers = rules.to_move(state)
            if movers[0] == CHANCE:
                state = rules.apply(state, rules.chance(state, chance))
                continue
            chosen = []
            for player in movers:
                legal = rules.legal_actions(state, player)
                chosen.append(legal[arng.randrange(len(legal))])
                if player == 0 and len(legal) > 1:
                    choices += 1
                    if choices % stride == 0:
                        truth[0] = state
                        began = time.process_time()
                        search.act(rules.observe(state, 0), legal, arng)
                        spent += time.process_time() - began
                        decisions += 1
            for action in chosen:
                state = rules.apply(state, action)
    return decisions / spent, decisions, stand_in


def _choices(rules, params, seats: int, seed: int) -> int:
    """How many decisions with a choice seat 1 has in random game ``seed``."""
    chance, arng = chance_stream(seed), agent_stream(seed)
    state = rules.setup(params, chance)
    count = 0
    while rules.outcome(state) is None:
        movers = rules.to_move(state)
        if movers[0] == CHANCE:
            state = rules.apply(state, rules.chance(state, chance))
            continue
        chosen = []
        for player in movers:
            legal = rules.legal_actions(state, player)
            chosen.append(legal[arng.randrange(len(legal))])
            count += player == 0 and len(legal) > 1
        for action in chosen:
            state = rules.apply(state, action)
    return count


def main(argv: list[str] | None = None) -> dict[str, float]:
    """Run the benchmark, print the figures and return them (label -> decisions/s)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=4.0, help="timed search per line")
    args = parser.parse_args([] if argv is None else argv)
    n = args.simulations
    figures: dict[str, float] = {}
    for game in games().values():
        spec = game.playing
        if spec is None or not spec.setups():
            continue
        probe = spec.rules()
        made = {label: make() for label, make in spec.setups().items()}
        seats = {label: len(probe.describe_params(p).get("decks", [])) or 2
                 for label, p in made.items()}
        chosen = [next((label for label in made if seats[label] == 2), next(iter(made)))]
        largest = max(made, key=lambda label: seats[label])
        if seats[largest] > seats[chosen[0]]:
            chosen.append(largest)
        for label in chosen:
            for name in (f"mcts:{n}", f"mcts:{n}:greedy"):
                rules = spec.rules()
                if name.endswith("greedy") and "greedy" not in rules.agents:
                    continue
                rate, done, stand_in = decision_rate(rules, made[label], name, seats[label],
                                                     args.seconds)
                key = f"{game.id} {label} ({seats[label]} players) {name}"
                figures[key] = rate
                note = " (true state stands in for determinize)" if stand_in else ""
                print(f"{key}: {rate:,.1f} decisions/s, {rate * n:,.0f} simulations/s "
                      f"over {done} decisions{note}")
    return figures


if __name__ == "__main__":
    main(sys.argv[1:])
