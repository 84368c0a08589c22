"""From a tally to the report's numbers: matrix, ranking, metrics, cards and cost curve.

Definitions (the README's "Balance" section repeats them for designers):

- **win rate**: wins over finished games, a draw counting 1/N of a win (N players);
  95% Wilson intervals. The **matrix** gives a deck's win rate in the games where the
  other deck sat at the table too (for 2 players: head to head).
- **ranking**: Bradley-Terry strengths (their Luce form for N players, see `measures`) on
  the Elo scale, with 95% intervals from a bootstrap that resamples every table's games
  (runs of up to `BOOTSTRAP_TABLES` tables) or Wald intervals from the likelihood's
  curvature (bigger runs); runs of more than `BT_TABLES` tables rank by win rate against
  the field with Wilson intervals instead (in a full round robin both give the same order).
- **Ludii's metrics**: balance (1 - the spread between the best and worst seat's win
  rate), first-player advantage (the first player's win rate minus 1/N), drawishness
  (draws per finished game), decisiveness (how often the table's stronger deck wins a
  decided game: 1/N means deck choice decides nothing, 1 that it decides everything),
  completion (finished games per game), duration (length in the engine's unit), and how
  often every rule, ability and ruling fired.
- **cards** (sweeps): pick rate among the top decks (the best tenth by win rate, at
  least one) beside the share of all decks holding the card; the win rate of decks holding
  it (mean over those decks, 95% normal interval over decks); its **importance**: how many
  points the best decks lose when the card is forbidden, i.e. the mean win rate of the top
  decks minus that of the same number of best decks without the card (measured against the
  same field, so no game is replayed), with a 95% interval from resampling the decks.
- **shared set-ups** (one set-up at every seat, plan.py: Banners): a set-up's win rate is the
  first result column's (side 1's, or seat 1's), so the ranking orders set-ups by how far
  they lean that way (Wilson intervals; Bradley-Terry has nothing to compare at one-deck
  tables), decisiveness does not apply, and a card's **importance** is the first column's
  mean win rate over the set-ups holding the card minus over those without it, with a 95%
  normal interval from each set-up's binomial variance (its pick rate among the top set-ups
  is left out: no set-up beats another).
- **cost curve**: each card's measured strength (the win rate of decks holding it)
  against its printed price, a weighted least-squares line through them (refitted
  without the card furthest off it while that card's interval misses it, so one strong
  card cannot drag the line onto itself), and the cards whose interval misses the line,
  in words: "X plays like a 4 at a value of 3".
"""

from __future__ import annotations

import math
from random import Random
from typing import Any

from toolkit.sim.stats import wilson

from .measures import (
    Z95,
    binomial,
    bradley_terry,
    bradley_terry_se,
    elo,
    line_fit,
    mean_ci,
    percentile,
)
from .tally import Tally

BT_TABLES = 2000
"""Largest run (in tables) ranked by Bradley-Terry."""
BOOTSTRAP_TABLES = 300
"""Largest run (in tables) whose Bradley-Terry intervals come from the bootstrap; bigger
runs take Wald intervals from the likelihood's curvature (the bootstrap would refit the
model hundreds of times)."""
TOP_SHARE = 0.1
"""The top decks are this share of the decks (at least one)."""


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


def deck_rows(tally: Tally, bootstrap: int, seed: int) -> tuple[list[dict[str, Any]],
                                                                 dict[str, Any]]:
    """Per deck: games, win rate with its interval, rating and rank; and the ranking."""
    entries = tally.plan.entries
    rows = []
    for i, entry in enumerate(entries):
        games = tally.deck_games[i]
        score = tally.score(i)
        low, high = wilson(round(score * games), games)
        rows.append({"name": entry.name, "cards": list(entry.cards), "games": games,
                     "win_rate": _r(score), "low": _r(low), "high": _r(high)})
    if len(tally.plan.tables) <= BT_TABLES and not tally.plan.shared:
        resample = len(tally.plan.tables) <= BOOTSTRAP_TABLES and bootstrap > 0
        ratings = _bt_ratings(tally, bootstrap if resample else 0, seed)
        for row, (rating, low, high) in zip(rows, ratings, strict=True):
            row.update(rating=round(rating, 1), rating_low=round(low, 1),
                       rating_high=round(high, 1))
        key = "rating"
        ranking = {"method": "bradley-terry", "scale": "elo",
                   "intervals": "bootstrap" if resample else "wald",
                   "bootstrap": bootstrap if resample else 0}
    else:
        key = "win_rate"
        ranking = {"method": "win-rate", "scale": score_label(tally), "bootstrap": 0}
    order = sorted(range(len(rows)), key=lambda i: (-rows[i][key], rows[i]["name"]))
    for rank, i in enumerate(order, 1):
        rows[i]["rank"] = rank
    ranking["order"] = [rows[i]["name"] for i in order]
    return rows, ranking


def score_label(tally: Tally) -> str:
    """What a deck's win rate measures: against the field, or a shared set-up's first
    result column's ("Side 1's win rate")."""
    if tally.plan.shared:
        return f"{tally.plan.columns[0]}'s win rate"
    return "win rate"


def _bt_tables(tally: Tally, counts: list[list[int]] | None = None) -> list:
    """The tables as `bradley_terry` takes them (``counts``: resampled wins and draws)."""
    n = tally.players
    out = []
    for index, table in enumerate(tally.tables):
        if counts is None:
            wins = [(u - table.draws) / n for u in table.units]
            draws = table.draws
        else:
            *wins, draws = counts[index]
        out.append((table.members, [w + draws / n for w in wins], table.finished))
    return out


def _resample(tally: Tally, rng: Random) -> list[list[int]]:
    """Every table's finished games drawn again from its own outcome shares."""
    n = tally.players
    out = []
    for table in tally.tables:
        counts = [(u - table.draws) // n for u in table.units] + [table.draws]
        left, mass, drawn = table.finished, float(table.finished), []
        for c in counts[:-1]:
            k = binomial(rng, left, c / mass) if mass > 0 else 0
            drawn.append(k)
            left -= k
            mass -= c
        drawn.append(left)
        out.append(drawn)
    return out


def _bt_ratings(tally: Tally, bootstrap: int, seed: int) -> list[tuple[float, float, float]]:
    """(rating, low, high) per deck on the Elo scale."""
    decks = len(tally.plan.entries)
    point = bradley_terry(decks, _bt_tables(tally))
    rng = Random(f"bootstrap:{seed}")
    samples: list[list[float]] = [[] for _ in range(decks)]
    for _ in range(bootstrap):
        gamma = bradley_terry(decks, _bt_tables(tally, _resample(tally, rng)), start=point,
                              iterations=100, tolerance=1e-6)
        for i, g in enumerate(gamma):
            samples[i].append(elo(g))
    if not bootstrap:
        tables = _bt_tables(tally)
        scale = 400 / math.log(10)
        return [(elo(g), elo(g) - Z95 * scale * se, elo(g) + Z95 * scale * se)
                for g, se in zip(point, bradley_terry_se(point, tables), strict=True)]
    out = []
    for i in range(decks):
        values = sorted(samples[i])
        out.append((elo(point[i]), percentile(values, 0.025), percentile(values, 0.975)))
    return out


def matrix(tally: Tally) -> dict[str, Any]:
    """The win-rate matrix: row deck's win rate in the games the column deck played too."""
    k = len(tally.plan.entries)
    rate: list[list[float | None]] = [[None] * k for _ in range(k)]
    low: list[list[float | None]] = [[None] * k for _ in range(k)]
    high: list[list[float | None]] = [[None] * k for _ in range(k)]
    games: list[list[int]] = [[0] * k for _ in range(k)]
    for (a, b), n in tally.pair_games.items():
        score = tally.pair_score(a, b)
        games[a][b] = n
        if score is not None:
            lo, hi = wilson(round(score * n), n)
            rate[a][b], low[a][b], high[a][b] = _r(score), _r(lo), _r(hi)
    return {"decks": [e.name for e in tally.plan.entries], "rate": rate, "low": low,
            "high": high, "games": games}


def first_interval(tally: Tally, z: float = 1.959963984540054) -> tuple[float, float]:
    """The 95% interval of the first player's win rate: Wilson's over games, widened to the
    cluster-robust interval over deals where the run knows them. Every table plays the same
    seeds, so a deal that favours the first seat counts in every table: with few deals the
    games are far from independent and Wilson's interval alone is much too narrow."""
    low, high = wilson(tally.first_wins, tally.first_games)
    clusters = list(tally.first_by_seed.values())
    games = sum(g for _, g in clusters)
    if len(clusters) < 2 or not games:
        return low, high
    rate = sum(w for w, _ in clusters) / games
    spread = sum((w - rate * g) ** 2 for w, g in clusters)
    half = z * math.sqrt(len(clusters) / (len(clusters) - 1) * spread) / games
    return min(low, max(0.0, rate - half)), max(high, min(1.0, rate + half))


def metrics(tally: Tally, rules: Any) -> dict[str, Any]:
    """Ludii's metrics of the run (see the module docstring)."""
    st = tally.stats
    n = tally.share
    finished = st.finished
    seat_rates = [(w + st.draws / n) / finished if finished else 0.0 for w in st.wins[:n]]
    first_rate = tally.first_wins / tally.first_games if tally.first_games else 0.0
    first_low, first_high = first_interval(tally)
    decisive = stronger = 0
    for table in [] if tally.plan.shared else tally.tables:  # no rival decks at a shared set-up
        scores = [tally.score(d) for d in table.members]
        best = max(scores)
        if scores.count(best) == 1 and table.finished:
            decisive += table.finished - table.draws
            index = scores.index(best)
            stronger += (table.units[index] - table.draws) // n
    median = st.median_length()
    return {
        "balance": _r(1 - (max(seat_rates) - min(seat_rates)) if finished else None),
        "seat_win_rates": [_r(r) for r in seat_rates],
        "columns": list(tally.plan.columns),
        "first_player": {"who": tally.first_rule, "games": tally.first_games,
                         "wins": tally.first_wins, "win_rate": _r(first_rate),
                         "low": _r(first_low), "high": _r(first_high),
                         "expected": _r(1 / n), "advantage": _r(first_rate - 1 / n)},
        "drawishness": _r(st.draws / finished if finished else None),
        "decisiveness": _r(stronger / decisive if decisive else None),
        "completion": _r(finished / st.games if st.games else None),
        "duration": {"unit": rules.length_unit, "mean": round(st.mean_length(), 3),
                     "median": int(median) if median == int(median) else median,
                     "max": st.length_max,
                     "histogram": sorted(st.histogram.items())},
    }


def firing(tally: Tally, rules: Any) -> dict[str, Any]:
    """How often every rule, ability and ruling fired, in all and per game."""
    counters = tally.stats.counters
    games = tally.stats.games or 1
    ids = list(rules.coverage_ids())
    rulings = set(rules.ruling_ids())
    counts = {key: counters.get(key, 0) for key in ids}
    return {"counts": counts,
            "per_game": {key: round(n / games, 4) for key, n in counts.items()},
            "never_fired": [key for key, n in counts.items() if n == 0],
            "rulings": {key: n for key, n in counts.items() if key in rulings}}


def card_rows(tally: Tally, prices: dict[str, float], bootstrap: int,
              seed: int) -> list[dict[str, Any]]:
    """Per card: pick rates, win rate of decks holding it, importance (module docstring)."""
    entries = tally.plan.entries
    k = len(entries)
    scores = [tally.score(i) for i in range(k)]
    holds = [set(e.cards) for e in entries]
    names = sorted({c for h in holds for c in h}, key=lambda c: (c.casefold(), c))
    top = max(1, math.ceil(k * TOP_SHARE))
    ranked = sorted(range(k), key=lambda i: (-scores[i], entries[i].name))
    top_set = set(ranked[:top])
    if tally.plan.shared:
        contrasts = {c: _contrast(tally, scores, holds, c) for c in names}
        importance = {c: v[0] if v else None for c, v in contrasts.items()}
        spread = {c: v[1:] for c, v in contrasts.items() if v}
    else:
        importance = {c: _importance(ranked, scores, holds, c, top) for c in names}
        spread = _importance_ci(scores, holds, names, top, bootstrap, seed)
    rows = []
    for card in names:
        having = [i for i in range(k) if card in holds[i]]
        values = [scores[i] for i in having]
        if len(having) == 1:
            games = tally.deck_games[having[0]]
            low, high = wilson(round(values[0] * games), games)
            mean = values[0]
        else:
            mean, low, high = mean_ci(values)
        imp = importance[card]
        lo_hi = spread.get(card)
        rows.append({
            "name": card, "price": prices.get(card), "decks": len(having),
            "pick_rate_top": (None if tally.plan.shared
                              else _r(len(top_set.intersection(having)) / top)),
            "pick_rate_all": _r(len(having) / k),
            "win_rate": _r(mean), "low": _r(low), "high": _r(high),
            "importance": _r(imp),
            "importance_low": _r(lo_hi[0] if lo_hi else None),
            "importance_high": _r(lo_hi[1] if lo_hi else None),
        })
    return rows


def _importance(ranked: list[int], scores: list[float], holds: list[set[str]], card: str,
                top: int) -> float | None:
    """Mean win rate of the top decks minus that of the best decks without ``card``."""
    best = [scores[i] for i in ranked[:top]]
    without = [scores[i] for i in ranked if card not in holds[i]][:top]
    if not without:
        return None
    return sum(best) / len(best) - sum(without) / len(without)


def _contrast(tally: Tally, scores: list[float], holds: list[set[str]],
              card: str) -> tuple[float, float, float] | None:
    """Shared set-ups: mean score of those holding ``card`` minus of those without it, and
    its 95% normal interval from each set-up's binomial variance (None if either side is
    empty)."""
    groups: tuple[list[int], list[int]] = ([], [])
    for i, held in enumerate(holds):
        groups[card not in held].append(i)
    if not all(groups):
        return None
    means, variance = [], 0.0
    for group in groups:
        means.append(sum(scores[i] for i in group) / len(group))
        games = [max(tally.deck_games[i], 1) for i in group]
        variance += sum(scores[i] * (1 - scores[i]) / g
                        for i, g in zip(group, games, strict=True)) / len(group) ** 2
    diff, half = means[0] - means[1], Z95 * math.sqrt(variance)
    return diff, diff - half, diff + half


def _importance_ci(scores: list[float], holds: list[set[str]], names: list[str], top: int,
                   bootstrap: int, seed: int) -> dict[str, tuple[float, float]]:
    """95% bootstrap intervals of every card's importance, resampling the decks."""
    k = len(scores)
    rng = Random(f"decks:{seed}")
    samples: dict[str, list[float]] = {c: [] for c in names}
    for _ in range(bootstrap):
        picked = sorted((rng.randrange(k) for _ in range(k)), key=lambda i: -scores[i])
        for card in names:
            value = _importance(picked, scores, holds, card, top)
            if value is not None:
                samples[card].append(value)
    out = {}
    for card, values in samples.items():
        if values:
            values.sort()
            out[card] = (percentile(values, 0.025), percentile(values, 0.975))
    return out


def cost_curve(cards: list[dict[str, Any]], label: str) -> dict[str, Any] | None:
    """Measured strength against printed price: the fitted line and the outliers, named."""
    points = [c for c in cards if c["price"] is not None and c["decks"] > 0]
    if len(points) < 3:
        return None
    xs = [float(c["price"]) for c in points]
    ys = [c["win_rate"] for c in points]
    ses = [max((c["high"] - c["low"]) / (2 * Z95), 1e-3) for c in points]
    kept = list(range(len(points)))
    fit = None
    while len(kept) >= 3:
        # fit the kept cards; set aside the one furthest off the line (in standard errors)
        # while it misses the line, so one strong card cannot drag the line onto itself
        fit = line_fit([xs[i] for i in kept], [ys[i] for i in kept],
                       [1 / (ses[i] * ses[i]) for i in kept]) or fit
        if fit is None:
            break
        worst = max(kept, key=lambda i: (abs(ys[i] - fit[0] - fit[1] * xs[i]) / ses[i], -i))
        if abs(ys[worst] - fit[0] - fit[1] * xs[worst]) <= Z95 * ses[worst] or len(kept) == 3:
            break
        kept.remove(worst)
    if fit is None:
        return {"label": label, "fit": None, "outliers": [], "points": [],
                "note": f"the cards' {label}s do not vary enough to fit a curve"}
    a, b, se_a, se_b = fit
    rising = b > 2 * se_b
    outliers = []
    for card, x, y, se in zip(points, xs, ys, ses, strict=True):
        expected = a + b * x
        if abs(y - expected) <= Z95 * se:
            continue
        item = {"name": card["name"], "price": x, "win_rate": y, "expected": _r(expected)}
        if rising:
            like = (y - a) / b
            low, high = (card["low"] - a) / b, (card["high"] - a) / b
            item.update(plays_like=round(like, 2), low=round(low, 2), high=round(high, 2))
            item["text"] = (f"{card['name']} plays like a {like:.1f} at a {label} of {x:g} "
                            f"(95% CI {low:.1f} to {high:.1f})")
        else:
            diff = 100 * (y - expected)
            item["text"] = (f"{card['name']}'s decks win {abs(diff):.1f} points "
                            f"{'more' if diff > 0 else 'less'} than the curve expects at a "
                            f"{label} of {x:g} (±{100 * Z95 * se:.1f})")
        outliers.append(item)
    outliers.sort(key=lambda o: -abs(o["win_rate"] - o["expected"]))
    note = ("" if rising else f"the measured strength does not rise with the {label} "
            "(slope within two standard errors of zero or below): the cards' "
            f"{label} does not predict how they play here")
    return {"label": label, "fit": {"a": _r(a, 5), "b": _r(b, 5), "se_a": _r(se_a, 5),
                                    "se_b": _r(se_b, 5)},
            "points": [{"name": c["name"], "price": x, "win_rate": c["win_rate"],
                        "low": c["low"], "high": c["high"]}
                       for c, x in zip(points, xs, strict=True)],
            "outliers": outliers, "note": note}
