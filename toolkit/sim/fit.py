"""Fitting an engine's evaluation weights from self-play outcomes.

    python -m toolkit.sim.fit GAME [--games N] [--seed S] [--sample P] [--epsilon E]

The search's evaluation (toolkit/sim/evaluation.py) scores a position from the engine's
``features(state)``, one vector per result column, as the softmax over the columns of
w·f. This module finds the weights w that best predict who wins from positions of real
games:

1. **Self-play.** Games are played on the engine's sample setups (``PlaySpec.setups``)
   and, with ``--decks K``, on tables of K legal decks drawn by the game's sweep hook (the
   decks `pnp sweep` plays; each table two of them, or as many as the first setup seats,
   drawn at random): every setup in turn, with the game's greedy agent in every seat; each
   decision is instead taken at random with probability ``epsilon`` (10% by default), so
   the games visit the positions a search explores around greedy play and not only
   greedy's own line. Seeds are ``seed, seed+1, ...`` with the harness's chance and agent
   streams. Many decks matter: fitted on a few, a feature that merely tells one deck from
   another (Battle Gate's Swarm fields many assassins and loses) is read as strength,
   and a search that trusts it plays worse the longer it searches.
2. **Samples.** At each decision a position is kept with probability ``sample`` (from
   a stream of its own), as one row: every column's feature vector. Each row is labelled
   with the game's result: 1 for the winning column, 0 for the others, 1/columns each
   for a draw (Banners' sides are columns, so a team is one). Unfinished games are left
   out.
3. **The fit.** The conditional logit's log-likelihood (Σ rows Σ columns label · log
   softmax) with a small ridge penalty (``l2`` on features scaled to unit spread, so no
   feature is penalised for its unit) is maximised by Newton's method: exact, fast for
   the dozen features an engine has, and the same weights on every machine.
4. **Held out.** Every fifth game is kept out of the fit: the file records the held-out
   log loss beside the loss of knowing nothing (every column 1/columns) and how often
   the column with the highest value won, so a better feature shows as a lower loss.

The result is written to the engine's package as ``weights.json`` (sorted keys, weights
to six significant digits): the same games and seed give the same file, byte for byte.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from random import Random
from typing import Any

from .engine import CHANCE
from .evaluation import WEIGHTS_FILE
from .harness import agent_stream, chance_stream

Row = tuple[tuple[tuple[float, ...], ...], tuple[float, ...]]
"""One sampled position: every column's features, and the columns' labels."""


def self_play(rules: Any, setups: Sequence[tuple[str, Any]], games: int, seed: int,
              sample: float, epsilon: float) -> tuple[list[list[Row]], dict[str, int]]:
    """Play ``games`` games over ``setups`` in turn; return each finished game's rows
    and counts (games played, finished, rows)."""
    rows_by_game: list[list[Row]] = []
    greedy = rules.agents["greedy"]
    played = finished = 0
    for k in range(games):
        name, params = setups[k % len(setups)]
        info = rules.describe_params(params)
        columns = len(info.get("decks") or ()) or 2
        game_seed = seed + k
        chance, pick, keep = chance_stream(game_seed), agent_stream(game_seed), \
            Random(f"fit:{game_seed}")
        state = rules.setup(params, chance)
        seats = len(info.get("sides") or ()) or columns
        agents = [greedy() for _ in range(seats)]
        rows: list[tuple[tuple[float, ...], ...]] = []
        steps = 0
        while rules.outcome(state) is None and steps < rules.max_steps:
            movers = rules.to_move(state)
            if not movers:
                break
            if movers[0] == CHANCE:
                state = rules.apply(state, rules.chance(state, chance))
                steps += 1
                continue
            chosen = []
            for q in movers:
                legal = rules.legal_actions(state, q)
                if len(legal) > 1 and keep.random() < sample:
                    rows.append(tuple(tuple(float(x) for x in v)
                                      for v in rules.features(state)))
                if len(legal) > 1 and pick.random() < epsilon:
                    chosen.append(legal[pick.randrange(len(legal))])
                else:
                    agent = agents[q]
                    obs = rules.observe(state, q) if agent.observes else None
                    chosen.append(agent.act(obs, legal, pick))
            for action in chosen:
                state = rules.apply(state, action)
                steps += 1
        played += 1
        result = rules.outcome(state)
        if result is None or not result.finished:
            continue
        finished += 1
        if result.winner is None:
            label = tuple(1.0 / columns for _ in range(columns))
        else:
            label = tuple(1.0 if c == result.winner else 0.0 for c in range(columns))
        rows_by_game.append([(r, label) for r in rows])
    total = sum(len(r) for r in rows_by_game)
    return rows_by_game, {"games": played, "finished": finished, "rows": total}


def _softmax(scores: Sequence[float]) -> list[float]:
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    whole = sum(exps)
    return [e / whole for e in exps]


def _scores(w: Sequence[float], features: Sequence[Sequence[float]]) -> list[float]:
    return [sum(a * b for a, b in zip(w, f, strict=True)) for f in features]


def scales(rows: Sequence[Row], d: int) -> list[float]:
    """Each feature's spread between the columns of a row (its root mean square
    deviation from the row's mean), 1 where a feature never differs: only differences
    between columns count in a softmax."""
    sums = [0.0] * d
    for features, _ in rows:
        n = len(features)
        for i in range(d):
            mean = sum(f[i] for f in features) / n
            sums[i] += sum((f[i] - mean) ** 2 for f in features) / n
    return [math.sqrt(s / len(rows)) if s > 0 else 1.0 for s in sums] if rows else [1.0] * d


def fit(rows: Sequence[Row], d: int, l2: float = 1.0, iterations: int = 50) -> list[float]:
    """The weights maximising the conditional logit's penalised log-likelihood (Newton's
    method on features scaled by `scales`, the penalty ``l2 · |w|²/2`` there), returned
    on the features' own scale."""
    scale = scales(rows, d)
    data = [(tuple(tuple(x / s for x, s in zip(f, scale, strict=True)) for f in fs), y)
            for fs, y in rows]
    w = [0.0] * d
    for _ in range(iterations):
        grad = [-l2 * x for x in w]
        hess = [[(l2 if i == j else 0.0) for j in range(d)] for i in range(d)]
        for features, labels in data:
            p = _softmax(_scores(w, features))
            weight = sum(labels)
            mean = [sum(pc * f[i] for pc, f in zip(p, features, strict=True))
                    for i in range(d)]
            for yc, f in zip(labels, features, strict=True):
                for i in range(d):
                    grad[i] += yc * f[i]
            for i in range(d):
                grad[i] -= weight * mean[i]
            for pc, f in zip(p, features, strict=True):
                if pc == 0.0:
                    continue
                for i in range(d):
                    di = f[i] - mean[i]
                    if di == 0.0:
                        continue
                    row = hess[i]
                    for j in range(d):
                        row[j] += weight * pc * di * (f[j] - mean[j])
        step = _solve(hess, grad)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(x) for x in step) < 1e-9:
            break
    return [x / s for x, s in zip(w, scale, strict=True)]


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    a = [row[:] + [v] for row, v in zip(matrix, vector, strict=True)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        if a[col][col] == 0.0:
            continue
        for r in range(col + 1, n):
            factor = a[r][col] / a[col][col]
            if factor:
                for k in range(col, n + 1):
                    a[r][k] -= factor * a[col][k]
    x = [0.0] * n
    for r in range(n - 1, -1, -1):
        if a[r][r] == 0.0:
            continue
        x[r] = (a[r][n] - sum(a[r][k] * x[k] for k in range(r + 1, n))) / a[r][r]
    return x


def quality(rows: Sequence[Row], w: Sequence[float]) -> dict[str, float]:
    """Log loss per row of ``w`` and of knowing nothing (1/columns), and how often the
    column valued highest won (draws and ties of value count half)."""
    loss = base = hits = 0.0
    for features, labels in rows:
        p = _softmax(_scores(w, features))
        loss -= sum(y * math.log(max(pc, 1e-12)) for y, pc in zip(labels, p, strict=True))
        base -= sum(y * math.log(1 / len(p)) for y in labels)
        top = max(p)
        best = [c for c, pc in enumerate(p) if pc == top]
        hits += sum(labels[c] for c in best) / len(best)
    n = max(len(rows), 1)
    return {"log_loss": round(loss / n, 4), "log_loss_knowing_nothing": round(base / n, 4),
            "top_valued_won": round(hits / n, 4)}


def _six(x: float) -> float:
    return float(f"{x:.6g}")


def sweep_setups(spec: Any, rules: Any, decks: int, seed: int,
                 tables: int) -> list[tuple[str, Any]]:
    """``tables`` tables of decks drawn by the game's sweep hook (``decks`` legal decks,
    seeded), each seating as many decks as the game's first sample setup, at random."""
    from toolkit.balance.pool import SweepRequest  # noqa: PLC0415

    if spec.sweep is None:
        raise SystemExit("this game has no sweep hook to draw decks from; fit on its "
                         "sample setups (leave out --decks)")
    first = next(iter(spec.setups().values()))()
    info = rules.describe_params(first)
    seats = len(info.get("decks") or ()) or 2
    if info.get("sides"):
        seats = 1  # a shared set-up (Banners): one deck is the whole table
    pool = spec.sweep(SweepRequest(catalog=None, format=None, rng=Random(f"fit:{seed}"),
                                   sample=decks))
    if not pool.valid or len(pool.decks) < seats:
        raise SystemExit("the sweep hook gave too few legal decks to fit on")
    draw = Random(f"fit-tables:{seed}")
    made = []
    for _ in range(tables):
        chosen = draw.sample(pool.decks, seats)
        table = chosen * (len(info.get("sides") or ()) or 1) if seats == 1 else chosen
        made.append((" v ".join(d.name for d in chosen),
                     spec.params(table, pool.format)))
    return made


def run(game_id: str, games: int, seed: int, sample: float, epsilon: float,
        l2: float, decks: int = 0) -> dict[str, Any]:
    """Self-play, fit and describe: the weights file's content for ``game_id``."""
    from toolkit.core.registry import get_game  # noqa: PLC0415 - the CLI's registry

    spec = get_game(game_id).playing
    if spec is None:
        raise SystemExit(f"{game_id} has no rules engine")
    rules = spec.rules()
    names = tuple(rules.feature_names)
    setups = [(name, make()) for name, make in spec.setups().items()]
    described = [name for name, _ in setups]
    if decks:
        setups += sweep_setups(spec, rules, decks, seed, max(decks, games // 4))
    by_game, counts = self_play(rules, setups, games, seed, sample, epsilon)
    train = [r for k, rows in enumerate(by_game) if k % 5 != 4 for r in rows]
    held = [r for k, rows in enumerate(by_game) if k % 5 == 4 for r in rows]
    w = fit(train, len(names), l2)
    return {
        "features": list(names),
        "weights": [_six(x) for x in w],
        "fit": {"games": counts["games"], "finished": counts["finished"],
                "rows": counts["rows"], "seed": seed, "sample": sample,
                "epsilon": epsilon, "l2": l2, "decks": decks,
                "setups": described + (
                    [f"{len(setups) - len(described)} tables of {decks} decks drawn "
                     "by the sweep hook"] if decks else []),
                "agents": "greedy in every seat, a random action with probability epsilon",
                "held_out": quality(held, w), "command": (
                    f"python -m toolkit.sim.fit {game_id} --games {games} --seed {seed} "
                    f"--sample {sample} --epsilon {epsilon} --l2 {l2}"
                    + (f" --decks {decks}" if decks else ""))},
    }


def engine_folder(game_id: str) -> Path:
    """Where the engine's weights file goes (beside its rules module)."""
    from toolkit.core.registry import get_game  # noqa: PLC0415

    rules = get_game(game_id).playing.rules()
    package = type(rules).__module__.rsplit(".", 1)[0]
    return Path(str(resources.files(package)))


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m toolkit.sim.fit",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--sample", type=float, default=0.1,
                        help="chance that a decision's position is kept")
    parser.add_argument("--epsilon", type=float, default=0.1,
                        help="chance that a decision is taken at random")
    parser.add_argument("--l2", type=float, default=1.0, help="ridge penalty")
    parser.add_argument("--decks", type=int, default=0,
                        help="also play tables of this many decks drawn by the sweep hook")
    parser.add_argument("--out", type=Path, default=None,
                        help="the file to write (default: the engine's weights.json)")
    args = parser.parse_args(argv)
    doc = run(args.game, args.games, args.seed, args.sample, args.epsilon, args.l2,
              args.decks)
    out = args.out or engine_folder(args.game) / WEIGHTS_FILE
    out.write_text(json.dumps(doc, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    held = doc["fit"]["held_out"]
    print(f"wrote {out}: {doc['fit']['rows']} positions from {doc['fit']['finished']} games; "
          f"held-out log loss {held['log_loss']} (knowing nothing "
          f"{held['log_loss_knowing_nothing']}), top-valued column won {held['top_valued_won']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
