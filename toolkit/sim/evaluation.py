"""A position's value from features in the game's own terms: the search's evaluation.

An engine describes a position by ``features(state)``: for each result column (a seat, or
a side in a team game) a vector of numbers in the game's own terms (its commander's life,
its material, its distance to the goal...), each computed the same way from that column's
own point of view. The value of the position to column c is the softmax over the columns
of w·f_c (a conditional logit: the probability that c comes first); with two columns it is
the logistic of w·(f_0 − f_1). Mirror positions therefore get mirror values whatever the
weights, and no column is favoured by its number.

The weights are data: ``weights.json`` beside the engine, fitted from self-play outcomes
by toolkit/sim/fit.py, which also records how (games, setups, seed, fit quality):

    {"features": ["commander life", ...], "weights": [0.41, ...], "fit": {...}}

An engine wires it up in three lines::

    WEIGHTS: Final = load_weights("toolkit.games.mygame.engine", FEATURE_NAMES)

    def evaluate(self, state):
        return linear_evaluation(WEIGHTS, self.features(state), None)
"""

from __future__ import annotations

import json
import math
import warnings
from collections.abc import Sequence
from importlib import resources

WEIGHTS_FILE = "weights.json"
"""The weights' file name, in the engine's package."""


def load_weights(package: str, names: Sequence[str],
                 file: str = WEIGHTS_FILE) -> tuple[float, ...]:
    """The fitted weights of ``names`` from ``package``'s weights file (package data).

    A package without the file (an engine whose weights are not fitted yet) gets zeros: an
    evaluation of 1/columns for every position, as if it had none. So does a file whose
    feature names differ from ``names`` (the features changed since the fit), with a
    warning to fit them again: the game still loads, so ``python -m toolkit.sim.fit`` can
    run (each engine's tests check that its file matches its features)."""
    try:
        text = resources.files(package).joinpath(file).read_text(encoding="utf-8")
    except FileNotFoundError:
        return (0.0,) * len(names)
    data = json.loads(text)
    if list(data["features"]) != list(names):
        warnings.warn(f"{package}/{file} holds weights for {data['features']}, but the "
                      f"engine's features are {list(names)}: the search evaluates every "
                      "position as even until they are fitted again with python -m "
                      "toolkit.sim.fit", stacklevel=2)
        return (0.0,) * len(names)
    return tuple(float(w) for w in data["weights"])


def column_values(weights: Sequence[float],
                  features: Sequence[Sequence[float]]) -> list[float]:
    """Each column's probability of coming first: the softmax of w·f over the columns."""
    scores = []
    for vector in features:
        total = 0.0
        for w, f in zip(weights, vector, strict=True):
            total += w * f
        scores.append(total)
    top = max(scores)
    exps = [math.exp(s - top) for s in scores]
    whole = sum(exps)
    return [e / whole for e in exps]


def linear_evaluation(weights: Sequence[float], features: Sequence[Sequence[float]],
                      seat_columns: Sequence[int] | None) -> list[float]:
    """Each seat's expected reward: its column's value (`column_values`).

    ``seat_columns`` gives each seat's result column (Banners 2v2: seats 0 and 2 are side
    1's column); None when seat k is column k."""
    values = column_values(weights, features)
    if seat_columns is None:
        return values
    return [values[c] for c in seat_columns]
