"""From a tally to the report's numbers: matrix, ranking, metrics, cards and cost curve.

Definitions (the README's "Balance" section repeats them for designers):

- **deals**: every table plays the same seeds from every seat order, so the games of one
  seed (a deal) are not independent: a deal that favours a seat or a deck does so at every
  table. Every interval and test below treats a deal as one observation (cluster-robust
  intervals over deals, a bootstrap that resamples deals, paired tests over deals), and
  the report says how many deals they rest on, warning below `MIN_DEALS`.
- **win rate**: wins over finished games, a draw counting 1/N of a win (N players); its
  95% interval is the cluster-robust one over deals, never narrower than Wilson's over
  games (`toolkit.sim.stats.cluster_interval`). The **matrix** gives a deck's win rate in
  the games where the other deck sat at the table too (for 2 players: head to head), with
  the same interval.
- **ranking**: Bradley-Terry strengths (their Luce form for N players, see `measures`) on
  the Elo scale. Their 95% intervals: a bootstrap that resamples deals (every table's
  games of a drawn deal together; runs of up to `BOOTSTRAP_TABLES` tables) or the
  sandwich estimator over deals (bigger runs), both with the small-sample factor G/(G-1)
  and Student's t on G-1 degrees of freedom for G deals, and never narrower than the Wald
  interval of independent games; runs of more than `BT_TABLES` tables rank by win rate
  against the field instead (in a full round robin both give the same order).
- **Ludii's metrics**: balance (1 - the spread between the best and worst seat's win
  rate), first-player advantage (the first player's win rate minus 1/N, its interval over
  deals), drawishness (draws per finished game), decisiveness (how often the table's
  stronger deck wins a decided game: 1/N means deck choice decides nothing, 1 that it
  decides everything), completion (finished games per game), duration (length in the
  engine's unit), and how often every rule, ability and ruling fired.
- **cards** (sweeps): the win rate of the decks holding a card (the mean of their win
  rates) with a 95% interval that is cluster-robust both ways, over decks and over deals
  (Cameron, Gelbach and Miller's two-way variance: the decks are a sample, and they share
  deals); the **top decks** are the best tenth, at least `MIN_TOP`, and only a run of at
  least `MIN_DECKS` decks has them: with fewer, pick rates among the top and must-picks
  say "too few decks to tell". A card's **importance** is how many points the best decks
  lose when it is forbidden: the mean win rate of the top decks minus that of as many best
  decks without it (against the same field, so no game is replayed), with a 95% interval
  from a bootstrap that resamples decks and deals together.
- **shared set-ups** (one set-up at every seat, plan.py: Banners): a set-up's win rate is the
  first result column's (side 1's, or seat 1's), so the ranking orders set-ups by how far
  they lean that way (Bradley-Terry has nothing to compare at one-deck tables),
  decisiveness does not apply, and a card's **importance** is the first column's mean win
  rate over the set-ups holding the card minus over those without it, with the same
  two-way interval (and its p-value, from Student's t); its pick rate among the top
  set-ups is left out: no set-up beats another.
- **cost curve**: each card's measured strength (the win rate of decks holding it)
  against its printed price, fitted by a non-decreasing curve (isotonic regression on
  absolute deviations, each card weighted by its precision capped at the median one:
  robust, and never saying a dearer card should be weaker); a card is flagged only where its interval misses the curve, and a card of a
  sweep only when at least `MIN_CARD_DECKS` decks hold it. Its strength is read off the
  curve only within the catalog's prices: "plays like a 4 at a value of 3", "plays above
  the dearest value (5)".
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Iterator
from random import Random
from typing import Any

from toolkit.sim.stats import Z95, cluster_interval, t95, wilson

from .measures import (
    Table,
    bradley_terry,
    bradley_terry_cluster_se,
    bradley_terry_se,
    elo,
    inverse_prices,
    isotonic_l1,
    percentile,
    student_p,
)
from .tally import Tally

BT_TABLES = 2000
"""Largest run (in tables) ranked by Bradley-Terry."""
BOOTSTRAP_TABLES = 300
"""Largest run (in tables) whose Bradley-Terry intervals come from the bootstrap over
deals; bigger runs take the sandwich estimator over deals (the bootstrap would refit the
model hundreds of times)."""
MIN_DEALS = 30
"""Fewer deals than this and the report warns that its intervals are rough: with G deals
every interval stands on G observations, Student's t on G-1 degrees of freedom is wide
(2.26 at 10 deals, against 1.96), and the spread between deals is itself poorly known."""
TOP_SHARE = 0.1
"""The top decks are this share of the decks..."""
MIN_TOP = 5
"""...but at least this many. With 5 top decks a pick rate among them moves in steps of
20 points, and a card held by a third of all decks sits in all five by chance one time in
243; with 2 or 3 it is a coin toss which deck makes the top at all."""
MIN_DECKS = 30
"""Fewest decks a run needs for any statement about its top decks (pick rates among the
top, must-picks, importance). Below 30 the top 5 are a sixth of the field or more, and a
deck's place among them turns on the luck of a few deals; the bootstrap that gives
importance its interval resamples the decks themselves, which says little with fewer."""
MIN_CARD_DECKS = 5
"""Fewest decks of a sweep that must hold a card before the cost curve may flag it: the
decks are a random sample, so a card's win rate with fewer speaks for those few decks
(their other cards) more than for the card, and the spread between decks, which its
interval needs, is not known from fewer. A tournament's decks are not a sample (each
Champion of a Valiant Wars tournament is in exactly one start): there one deck suffices."""
MIN_CURVE_CARDS = 5
"""Fewest priced cards, at two prices or more, for a cost curve."""


def _r(x: float | None, digits: int = 4) -> float | None:
    return None if x is None else round(x, digits)


# ---------------------------------------------------------------- deals

def deals(tally: Tally) -> dict[str, Any]:
    """How many deals the run's intervals rest on, and a warning when they are few."""
    plan = tally.plan
    count = len(tally.live_deals())
    last = plan.seed + tally.deals - 1
    seeds = f"seed {plan.seed}" if last == plan.seed else f"seeds {plan.seed} to {last}"
    orders = 1 if plan.shared else plan.players
    base = (f"Every interval rests on {count} deal{'s' * (count != 1)} ({seeds}): every "
            "table plays the same deals, so the games of one deal count as one observation.")
    if count < MIN_DEALS:
        base += (f" Fewer than {MIN_DEALS} deals: the intervals are rough; play "
                 f"--games {MIN_DEALS * orders} or more per table for firmer ones.")
    return {"count": count, "first_seed": plan.seed, "last_seed": last,
            "minimum": MIN_DEALS, "few": count < MIN_DEALS, "note": base}


# ---------------------------------------------------------------- decks and ranking

def deck_rows(tally: Tally, bootstrap: int, seed: int) -> tuple[list[dict[str, Any]],
                                                                 dict[str, Any]]:
    """Per deck: games, win rate with its interval over deals, rating and rank; and the
    ranking."""
    entries = tally.plan.entries
    rows = []
    for i, entry in enumerate(entries):
        games = tally.deck_games[i]
        score, low, high = cluster_interval(tally.deck_clusters(i))
        rows.append({"name": entry.name, "cards": list(entry.cards), "games": games,
                     "win_rate": _r(score), "low": _r(low), "high": _r(high)})
    if len(tally.plan.tables) <= BT_TABLES and not tally.plan.shared:
        resample = len(tally.plan.tables) <= BOOTSTRAP_TABLES and bootstrap > 0
        ratings, how = _bt_ratings(tally, bootstrap if resample else 0, seed)
        for row, (rating, low, high) in zip(rows, ratings, strict=True):
            row.update(rating=round(rating, 1), rating_low=round(low, 1),
                       rating_high=round(high, 1))
        key = "rating"
        ranking = {"method": "bradley-terry", "scale": "elo", "intervals": how,
                   "bootstrap": bootstrap if how == "bootstrap-deals" else 0}
    else:
        key = "win_rate"
        ranking = {"method": "win-rate", "scale": score_label(tally), "bootstrap": 0,
                   "intervals": "cluster-deals"}
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


def _bt_tables(tally: Tally, weights: list[int] | None = None) -> list[Table]:
    """The tables as `bradley_terry` takes them (a win and a draw's share as wins);
    ``weights``: how many times each deal is drawn (a bootstrap over deals)."""
    n = tally.share
    out = []
    if weights is None:
        for table in tally.tables:
            out.append((table.members, [u / n for u in table.units], table.finished))
        return out
    drawn = [(k, w) for k, w in enumerate(weights) if w]
    for table in tally.tables:
        width = len(table.members)
        units, games = table.deal_units, table.deal_games
        won = [sum(w * units[k * width + m] for k, w in drawn) / n for m in range(width)]
        out.append((table.members, won, sum(w * games[k] for k, w in drawn)))
    return out


def _bt_deals(tally: Tally, live: list[int]) -> Iterator[list[Table]]:
    """Per deal, the tables as they were in that deal's games alone."""
    n = tally.share
    for k in live:
        deal = []
        for table in tally.tables:
            width = len(table.members)
            units = table.deal_units[k * width:(k + 1) * width]
            deal.append((table.members, [u / n for u in units], table.deal_games[k]))
        yield deal


def _bt_ratings(tally: Tally, bootstrap: int,
                seed: int) -> tuple[list[tuple[float, float, float]], str]:
    """(rating, low, high) per deck on the Elo scale, and how the intervals were drawn:
    ``bootstrap-deals`` (the fit repeated on deals drawn with replacement: every table's
    games of a drawn deal together; the spread of the log-strengths times sqrt(G/(G-1))
    and Student's t on G-1 degrees of freedom), ``sandwich-deals`` (the same spread from
    the sandwich estimator) or ``wald`` (one deal only: its games are all there is). Never
    narrower than the Wald interval of independent games."""
    decks = len(tally.plan.entries)
    tables = _bt_tables(tally)
    point = bradley_terry(decks, tables)
    wald = bradley_terry_se(point, tables)
    live = tally.live_deals()
    g = len(live)
    if g >= 2 and bootstrap > 0:
        rng = Random(f"bootstrap:{seed}")
        # one row of 8-byte floats per deck, however many resamples (--bootstrap's bound)
        samples = [array("d") for _ in range(decks)]
        for _ in range(bootstrap):
            weights = [0] * tally.deals
            for _ in range(g):
                weights[live[rng.randrange(g)]] += 1
            gamma = bradley_terry(decks, _bt_tables(tally, weights), start=point,
                                  iterations=100, tolerance=1e-6)
            for i, value in enumerate(gamma):
                samples[i].append(math.log(value))
        spread = []
        for values in samples:
            mean = sum(values) / len(values)
            var = sum((v - mean) ** 2 for v in values) / max(1, len(values) - 1)
            spread.append(math.sqrt(var * g / (g - 1)))
        how = "bootstrap-deals"
    elif g >= 2:
        spread = bradley_terry_cluster_se(point, tables, _bt_deals(tally, live))
        how = "sandwich-deals"
    else:
        spread, how = wald, "wald"
    t = t95(g - 1) if g >= 2 else Z95
    scale = 400 / math.log(10)
    out = []
    for gamma, s, w in zip(point, spread, wald, strict=True):
        half = scale * max(t * s, Z95 * w)
        out.append((elo(gamma), elo(gamma) - half, elo(gamma) + half))
    return out, how


def matrix(tally: Tally) -> dict[str, Any]:
    """The win-rate matrix: row deck's win rate in the games the column deck played too,
    with its interval over deals."""
    k = len(tally.plan.entries)
    n = tally.share
    rate: list[list[float | None]] = [[None] * k for _ in range(k)]
    low: list[list[float | None]] = [[None] * k for _ in range(k)]
    high: list[list[float | None]] = [[None] * k for _ in range(k)]
    games: list[list[int]] = [[0] * k for _ in range(k)]
    # (a, b) -> the tables where both sat, with a's place there; each pair's counts per
    # deal are then summed one pair at a time, so memory holds one pair's deals at once
    meets: dict[tuple[int, int], list[tuple[Any, int]]] = {}
    for table in tally.tables:
        for ia, a in enumerate(table.members):
            for b in table.members:
                if a != b:
                    meets.setdefault((a, b), []).append((table, ia))
    deals_count = tally.deals
    for (a, b), where in meets.items():
        units, played = [0] * deals_count, [0] * deals_count
        for table, ia in where:
            width = len(table.members)
            for d in range(deals_count):
                units[d] += table.deal_units[d * width + ia]
                played[d] += table.deal_games[d]
        games[a][b] = sum(played)
        if games[a][b]:
            score, lo, hi = cluster_interval(
                (u / n, p) for u, p in zip(units, played, strict=True))
            rate[a][b], low[a][b], high[a][b] = _r(score), _r(lo), _r(hi)
    return {"decks": [e.name for e in tally.plan.entries], "rate": rate, "low": low,
            "high": high, "games": games}


# ---------------------------------------------------------------- metrics

def first_interval(tally: Tally) -> tuple[float, float]:
    """The 95% interval of the first player's win rate: cluster-robust over deals where
    the run knows them (`toolkit.sim.stats.cluster_interval`, never narrower than Wilson's
    over games); Wilson's over games where the first player is known only as a count over
    the whole run. Every table plays the same seeds, so a deal that favours the first seat
    counts in every table: with few deals the games are far from independent and Wilson's
    interval alone is much too narrow."""
    clusters = list(tally.first_by_seed.values())
    if clusters:
        _, low, high = cluster_interval(clusters)
        return low, high
    return wilson(tally.first_wins, tally.first_games)


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
                         "expected": _r(1 / n), "advantage": _r(first_rate - 1 / n),
                         "deals": len(tally.first_by_seed),
                         "clustered": bool(tally.first_by_seed)},
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


# ---------------------------------------------------------------- cards

def top_decks(decks: int) -> int | None:
    """How many decks are the top decks: the best tenth, at least `MIN_TOP`; None when
    the run has fewer than `MIN_DECKS` decks (too few to tell)."""
    if decks < MIN_DECKS:
        return None
    return max(MIN_TOP, math.ceil(decks * TOP_SHARE))


def top_summary(tally: Tally) -> dict[str, Any]:
    """The top decks of a run and the minimum behind them, for the report."""
    k = len(tally.plan.entries)
    top = None if tally.plan.shared else top_decks(k)
    if tally.plan.shared:
        note = "Shared set-ups meet no rival: there are no top set-ups."
    elif top is None:
        note = (f"Too few decks to tell which cards the top decks pick: {k} decks, where "
                f"statements about the top decks need at least {MIN_DECKS}.")
    else:
        note = (f"The top decks: the best {top} of {k} (the best tenth, at least "
                f"{MIN_TOP}).")
    return {"decks": top, "of": k, "share": TOP_SHARE, "minimum_top": MIN_TOP,
            "minimum_decks": MIN_DECKS, "enough": top is not None, "note": note}


def _two_way(tally: Tally, groups: list[tuple[float, list[int]]]) -> tuple[float, float, int]:
    """(estimate, variance, degrees of freedom) of sum(sign * mean win rate of the group's
    decks) over ``groups`` of (sign, decks), cluster-robust both over decks and over deals
    (Cameron, Gelbach and Miller: V = V_decks + V_deals - V_cells, at least the larger of
    the first two). Every game's residual from its group's mean is counted towards its
    deck and towards its deal; each deck carries its group's sign over its number of decks
    and is weighted by one over its games, so each deck counts once, as in the mean. The
    small-sample factors D/(D-1) and G/(G-1) apply, and the degrees of freedom are the
    fewest of D-1 (per group of D >= 2 decks) and G-1 (G deals)."""
    n = tally.share
    live = tally.live_deals()
    g = len(live)
    estimate = deck_var = cells = 0.0
    by_deal = [0.0] * tally.deals
    dfs = [g - 1] if g >= 2 else []
    for sign, members in groups:
        played = [d for d in members if tally.deck_games[d]]
        if not played:
            continue
        size = len(played)
        mean = sum(tally.score(d) for d in played) / size
        estimate += sign * mean
        weight = sign / size
        spread = 0.0
        for d in played:
            spread += (weight * (tally.score(d) - mean)) ** 2
            units, games, total = (tally.deck_deal_units[d], tally.deck_deal_games[d],
                                   tally.deck_games[d])
            for k in live:
                e = weight * (units[k] / n - mean * games[k]) / total
                by_deal[k] += e
                cells += e * e
        if size >= 2:
            deck_var += size / (size - 1) * spread
            dfs.append(size - 1)
    deal_var = g / (g - 1) * sum(e * e for e in by_deal) if g >= 2 else cells
    variance = max(deck_var + deal_var - cells, deck_var, deal_var)
    return estimate, variance, min(dfs) if dfs else 0


def _card_rate(tally: Tally, having: list[int]) -> tuple[float, float, float]:
    """The mean win rate of the decks holding a card and its 95% interval: one deck's own
    interval over deals, or the two-way interval over decks and deals, never narrower than
    Wilson's over their games."""
    played = [d for d in having if tally.deck_games[d]]
    if len(played) <= 1:
        return cluster_interval(tally.deck_clusters(played[0])) if played else (0, 0, 0)
    mean, variance, df = _two_way(tally, [(1.0, played)])
    half = t95(df) * math.sqrt(variance)
    units = sum(tally.deck_units[d] for d in played)
    games = sum(tally.deck_games[d] for d in played)
    w_low, w_high = wilson(round(units / tally.share), games)
    return mean, min(w_low, max(0.0, mean - half)), max(w_high, min(1.0, mean + half))


def card_rows(tally: Tally, prices: dict[str, float], bootstrap: int,
              seed: int) -> list[dict[str, Any]]:
    """Per card: pick rates, win rate of decks holding it, importance (module docstring).
    Pick rates among the top and importance are None when the run has too few decks to
    have top decks (`top_decks`), and importance when too few decks lack the card."""
    entries = tally.plan.entries
    k = len(entries)
    scores = [tally.score(i) for i in range(k)]
    holds = [set(e.cards) for e in entries]
    names = sorted({c for h in holds for c in h}, key=lambda c: (c.casefold(), c))
    top = None if tally.plan.shared else top_decks(k)
    ranked = sorted(range(k), key=lambda i: (-scores[i], entries[i].name))
    top_set = set(ranked[:top]) if top else set()
    contrasts: dict[str, tuple[float, float, float, float] | None] = {}
    spread: dict[str, tuple[float, float]] = {}
    if tally.plan.shared:
        contrasts = {c: _contrast(tally, holds, c) for c in names}
        importance = {c: v[0] if v else None for c, v in contrasts.items()}
        spread = {c: (v[1], v[2]) for c, v in contrasts.items() if v}
    elif top:
        importance = {c: _importance(ranked, scores, holds, c, top) for c in names}
        spread = _importance_ci(tally, holds, names, top, bootstrap, seed)
    else:
        importance = dict.fromkeys(names)
    rows = []
    for card in names:
        having = [i for i in range(k) if card in holds[i]]
        mean, low, high = _card_rate(tally, having)
        imp = importance[card]
        lo_hi = spread.get(card) if imp is not None else None
        row = {
            "name": card, "price": prices.get(card), "decks": len(having),
            "pick_rate_top": _r(len(top_set.intersection(having)) / top) if top else None,
            "pick_rate_all": _r(len(having) / k),
            "win_rate": _r(mean), "low": _r(low), "high": _r(high),
            "importance": _r(imp),
            "importance_low": _r(lo_hi[0] if lo_hi else None),
            "importance_high": _r(lo_hi[1] if lo_hi else None),
        }
        if tally.plan.shared:
            found = contrasts.get(card)
            row["importance_p"] = float(f"{found[3]:.4g}") if found else None
        rows.append(row)
    return rows


def _importance(ranked: list[int], scores: list[float], holds: list[set[str]], card: str,
                top: int) -> float | None:
    """Mean win rate of the top decks minus that of the best decks without ``card``
    (None when fewer than ``top`` decks lack it: nothing like the top to compare with)."""
    best = [scores[i] for i in ranked[:top]]
    without = [scores[i] for i in ranked if card not in holds[i]][:top]
    if len(without) < top:
        return None
    return sum(best) / len(best) - sum(without) / len(without)


def _contrast(tally: Tally, holds: list[set[str]],
              card: str) -> tuple[float, float, float, float] | None:
    """Shared set-ups: mean score of those holding ``card`` minus of those without it, its
    95% interval (two-way over set-ups and deals, `_two_way`, Student's t) and the p-value
    of no difference (None if either side is empty)."""
    groups: tuple[list[int], list[int]] = ([], [])
    for i, held in enumerate(holds):
        groups[card not in held].append(i)
    if not all(groups):
        return None
    diff, variance, df = _two_way(tally, [(1.0, groups[0]), (-1.0, groups[1])])
    se = math.sqrt(variance)
    half = t95(df) * se if df > 0 else 1.0
    p = student_p(diff / se, df) if se > 0 else float(diff == 0)
    return diff, max(-1.0, diff - half), min(1.0, diff + half), p


def _importance_ci(tally: Tally, holds: list[set[str]], names: list[str], top: int,
                   bootstrap: int, seed: int) -> dict[str, tuple[float, float]]:
    """95% bootstrap intervals of every card's importance, resampling decks and deals: each
    round draws the deals with replacement (every deck's games of a drawn deal together),
    recomputes every deck's win rate from them, then draws the decks with replacement."""
    k = len(holds)
    n = tally.share
    live = tally.live_deals()
    g = len(live)
    rng = Random(f"decks:{seed}")
    samples = {c: array("d") for c in names}  # 8 bytes per resample and card
    for _ in range(bootstrap):
        if g >= 2:
            weights: dict[int, int] = {}
            for _ in range(g):
                drawn = live[rng.randrange(g)]
                weights[drawn] = weights.get(drawn, 0) + 1
            scores = []
            for d in range(k):
                units, games = tally.deck_deal_units[d], tally.deck_deal_games[d]
                played = sum(w * games[j] for j, w in weights.items())
                scores.append(sum(w * units[j] for j, w in weights.items()) / (n * played)
                              if played else 0.0)
        else:
            scores = [tally.score(d) for d in range(k)]
        picked = sorted((rng.randrange(k) for _ in range(k)), key=lambda i: -scores[i])
        for card in names:
            value = _importance(picked, scores, holds, card, top)
            if value is not None:
                samples[card].append(value)
    out = {}
    for card, values in samples.items():
        if len(values) >= bootstrap / 2 and values:  # most rounds could measure it
            ordered = sorted(values)
            out[card] = (percentile(ordered, 0.025), percentile(ordered, 0.975))
    return out


# ---------------------------------------------------------------- cost curve

def cost_curve(cards: list[dict[str, Any]], label: str,
               sampled: bool = True) -> dict[str, Any] | None:
    """Measured strength against printed price: the monotone fit, every card on it, and
    the cards whose interval misses it, in words (module docstring). ``sampled``: the decks
    were drawn at random (a sweep), so a card needs `MIN_CARD_DECKS` decks to be flagged.
    None when no card has a price."""
    points = [c for c in cards if c["price"] is not None and c["decks"] > 0]
    if not points:
        return None
    least = MIN_CARD_DECKS if sampled else 1
    prices = sorted({float(c["price"]) for c in points})
    base: dict[str, Any] = {
        "label": label, "method": "isotonic-l1",
        "minimum": {"cards": MIN_CURVE_CARDS, "prices": 2, "card_decks": least}}
    rows = [{"name": c["name"], "price": float(c["price"]), "decks": c["decks"],
             "win_rate": c["win_rate"], "low": c["low"], "high": c["high"]} for c in points]
    if len(points) < MIN_CURVE_CARDS or len(prices) < 2:
        return {**base, "fit": None, "points": rows, "outliers": [],
                "note": (f"Too few priced cards to tell: {len(points)} card(s) at "
                         f"{len(prices)} {label}(s), where a cost curve needs at least "
                         f"{MIN_CURVE_CARDS} cards at two {label}s or more.")}
    # each card weighs by the precision of its win rate, capped at the median precision:
    # a card held by few decks counts less, and no card, however many decks hold it,
    # outvotes the other cards of its price (it could then never miss its own level)
    precision = [1 / max((r["high"] - r["low"]) / (2 * Z95), 1e-3) for r in rows]
    cap = sorted(precision)[(len(precision) - 1) // 2]
    levels = isotonic_l1([(r["price"], r["win_rate"], min(w, cap))
                          for r, w in zip(rows, precision, strict=True)])
    level_at = dict(levels)
    cheapest, dearest = levels[0], levels[-1]
    rising = dearest[1] > cheapest[1]
    outliers = []
    for row in rows:
        expected = level_at[row["price"]]
        row["expected"] = _r(expected)
        row["flagged"] = (row["decks"] >= least
                          and not row["low"] <= expected <= row["high"])
        if row["flagged"]:
            outliers.append(_outlier(row, levels, label, rising))
    outliers.sort(key=lambda o: (-abs(o["win_rate"] - o["expected"]), o["name"]))
    notes = []
    if not rising:
        notes.append(f"The fitted curve is flat: the cards' {label} does not predict how "
                     "their decks do here (the curve may not fall, so a strength that falls "
                     f"with the {label} gives a flat one); outliers are told in win-rate "
                     "points.")
    if sampled and any(r["decks"] < least for r in rows):
        few = sum(r["decks"] < least for r in rows)
        notes.append(f"{few} card(s) held by fewer than {least} decks are drawn but never "
                     "flagged: too few decks to tell.")
    return {**base,
            "fit": {"levels": [{"price": x, "win_rate": _r(y)} for x, y in levels],
                    "cheapest": cheapest[0], "dearest": dearest[0], "rising": rising},
            "points": rows, "outliers": outliers, "note": " ".join(notes)}


def _price_words(levels: list[tuple[float, float]], y: float, label: str,
                 end: int) -> tuple[float | None, str]:
    """Where the curve reaches ``y``: (price, words); ``end`` 0 takes the lowest price of
    a flat stretch, 1 the highest. Outside the curve: (None, "below the cheapest value (1)")
    or (None, "above the dearest value (5)")."""
    found = inverse_prices(levels, y)
    if found is None:
        if y < levels[0][1]:
            return None, f"below the cheapest {label} ({levels[0][0]:g})"
        return None, f"above the dearest {label} ({levels[-1][0]:g})"
    return found[end], f"{found[end]:.1f}"


def _outlier(row: dict[str, Any], levels: list[tuple[float, float]], label: str,
             rising: bool) -> dict[str, Any]:
    """A flagged card in words: the price it plays like, within the catalog's prices."""
    name, x, y = row["name"], row["price"], row["win_rate"]
    item = {"name": name, "price": x, "win_rate": y, "low": row["low"],
            "high": row["high"], "expected": row["expected"]}
    if not rising:
        diff = 100 * (y - row["expected"])
        item.update(where="flat", plays_like=None, plays_like_low=None,
                    plays_like_high=None)
        item["text"] = (f"{name}'s decks win {abs(diff):.1f} points "
                        f"{'more' if diff > 0 else 'less'} than the curve at a {label} of "
                        f"{x:g}: {100 * y:.1f}% (95% CI {100 * row['low']:.1f} to "
                        f"{100 * row['high']:.1f}) where the curve has "
                        f"{100 * row['expected']:.1f}%")
        return item
    found = inverse_prices(levels, y)
    low, low_words = _price_words(levels, row["low"], label, 0)
    high, high_words = _price_words(levels, row["high"], label, 1)
    if found is None:
        where = "below" if y < levels[0][1] else "above"
        like = None
        plays = (f"plays below the cheapest {label} ({levels[0][0]:g})" if where == "below"
                 else f"plays above the dearest {label} ({levels[-1][0]:g})")
    else:
        where = "within"
        like = (found[0] + found[1]) / 2
        span = (f"a {found[0]:.1f}" if abs(found[1] - found[0]) < 0.05
                else f"a {found[0]:.1f} to {found[1]:.1f}")
        plays = f"plays like {span}"
    item.update(where=where, plays_like=_r(like, 2), plays_like_low=_r(low, 2),
                plays_like_high=_r(high, 2))
    span_words = (f"95% CI wholly {low_words}" if low_words == high_words
                  else f"95% CI {low_words} to {high_words}")
    item["text"] = (f"{name} {plays} at a {label} of {x:g} ({span_words}; its decks win "
                    f"{100 * y:.1f}%)")
    return item
