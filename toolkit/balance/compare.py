"""Paired comparison of two versions: the same games under OLD and NEW, deal by deal.

`pnp compare` builds one list of decks present in both versions and one plan for each
version with the same tables, seat orders and seeds, so batch k of OLD and batch k of NEW
hold the same games. For every deck (and every card, over the decks holding it) this
module takes each game's result under NEW minus its result under OLD (1 a win, 1/N a
draw, 0 a loss; a game unfinished in either version is left out).

Every table plays the same seeds, so the games of one seed (a **deal**) are not
independent: the unit of the test is the deal. Per deal, the mean change over the deck's
(the card's decks') games of that deal; the change reported is the mean of those per-deal
changes, its 95% interval Student's t on G-1 degrees of freedom for G deals, with the
standard error of the per-deal changes (never smaller than that of the games taken as
independent), and the two-sided p-value from the same t. p-values are corrected for the
many comparisons with Holm's method, separately for decks and cards. With one deal there
is no spread between deals to measure: no interval, p = 1.
A shared set-up (plan.py) is scored by its first result column (side 1's result,
a draw 1/N with N its result columns), once per game.
Pairing removes the luck of the deals, which both versions share, so smaller changes
stand out than two independent runs could show.
"""

from __future__ import annotations

import math
from typing import Any

from toolkit.sim.stats import t95

from .measures import holm, student_p
from .plan import Plan
from .work import DRAW, UNFINISHED, BatchResult

ALPHA = 0.05


class _Acc:
    """Running sums of paired changes, in all and per deal (seed)."""

    __slots__ = ("n", "total", "squares", "old", "new", "deals")

    def __init__(self) -> None:
        self.n = 0
        self.total = self.squares = self.old = self.new = 0.0
        self.deals: dict[int, list[float]] = {}
        """seed → [games, sum of old results, sum of new results]."""

    def add(self, seed: int, old: float, new: float) -> None:
        diff = new - old
        self.n += 1
        self.total += diff
        self.squares += diff * diff
        self.old += old
        self.new += new
        deal = self.deals.get(seed)
        if deal is None:
            self.deals[seed] = [1, old, new]
        else:
            deal[0] += 1
            deal[1] += old
            deal[2] += new


def _score(letter: str, seat: int, players: int) -> float:
    if letter == DRAW:
        return 1 / players
    return 1.0 if letter == str(seat) else 0.0


def changes(old_plan: Plan, old: dict[str, BatchResult], new_plan: Plan,
            new: dict[str, BatchResult]) -> dict[str, Any]:
    """Per deck and per card: the paired change in win rate (see the module docstring)."""
    n = old_plan.share
    entries = old_plan.entries
    decks = [_Acc() for _ in entries]
    cards: dict[str, _Acc] = {}
    holds = [sorted(set(e.cards)) for e in entries]
    for before, after in zip(old_plan.batches, new_plan.batches, strict=True):
        a, b = old.get(before.key), new.get(after.key)
        if a is None or b is None:
            continue
        for k, (x, y) in enumerate(zip(a.outcomes, b.outcomes, strict=True)):
            if x == UNFINISHED or y == UNFINISHED:
                continue
            seed = before.first_seed + k
            for seat, deck in enumerate(before.seats[:1] if old_plan.shared
                                        else before.seats):
                s0, s1 = _score(x, seat, n), _score(y, seat, n)
                decks[deck].add(seed, s0, s1)
                for card in holds[deck]:
                    acc = cards.get(card)
                    if acc is None:
                        acc = cards[card] = _Acc()
                    acc.add(seed, s0, s1)
    deck_rows = _rows([(e.name, decks[i]) for i, e in enumerate(entries)])
    card_rows = _rows(sorted(cards.items(), key=lambda kv: (kv[0].casefold(), kv[0])))
    deal_counts = [r["deals"] for r in deck_rows]
    return {"decks": deck_rows, "cards": card_rows, "alpha": ALPHA,
            "correction": "holm", "unit": "deal",
            "deals": max(deal_counts) if deal_counts else 0}


def paired_test(acc: _Acc) -> tuple[float, float, float, float | None, float | None, float, int]:
    """(old, new, change, low, high, p, deals) of one deck's or card's paired games: means
    over deals of the per-deal means, the interval and p-value from Student's t over deals
    (module docstring); no interval with one deal."""
    per_deal = [(o / g, w / g) for g, o, w in (acc.deals[s] for s in sorted(acc.deals))]
    deals = len(per_deal)
    old = sum(o for o, _ in per_deal) / deals
    new = sum(w for _, w in per_deal) / deals
    mean = new - old
    if deals < 2:
        return old, new, mean, None, None, 1.0, deals
    diffs = [w - o for o, w in per_deal]
    spread = sum((d - mean) ** 2 for d in diffs) / (deals - 1)
    by_game = (max(0.0, (acc.squares - acc.n * (acc.total / acc.n) ** 2) / (acc.n - 1))
               if acc.n > 1 else 0.0)
    se = max(math.sqrt(spread / deals), math.sqrt(by_game / acc.n))
    half = t95(deals - 1) * se
    if se > 0:
        p = student_p(mean / se, deals - 1)
    else:
        p = 1.0 if mean == 0 else 0.0
    return old, new, mean, mean - half, mean + half, p, deals


def _rows(items: list[tuple[str, _Acc]]) -> list[dict[str, Any]]:
    rows = []
    for name, acc in items:
        if acc.n == 0:
            continue
        old, new, mean, low, high, p, deals = paired_test(acc)
        rows.append({"name": name, "games": acc.n, "deals": deals, "old": round(old, 4),
                     "new": round(new, 4), "change": round(mean, 4),
                     "low": None if low is None else round(low, 4),
                     "high": None if high is None else round(high, 4), "p": p})
    adjusted = holm([r["p"] for r in rows])
    for row, p in zip(rows, adjusted, strict=True):
        row["p"] = float(f"{row['p']:.4g}")
        row["p_holm"] = float(f"{p:.4g}")
        row["significant"] = p < ALPHA
    return rows


def sentences(found: dict[str, Any], column: str | None = None) -> list[str]:
    """The significant changes in plain words, largest first (``column``: the result column
    shared set-ups are scored by, e.g. "Side 1")."""
    out = []
    for kind in ("cards", "decks"):
        rows = [r for r in found[kind] if r["significant"]]
        for r in sorted(rows, key=lambda r: (-abs(r["change"]), r["name"])):
            half = 100 * (r["high"] - r["low"]) / 2
            way = "more" if r["change"] > 0 else "less"
            if column is not None:
                where = f"the set-ups holding {r['name']}" if kind == "cards" else r["name"]
                who = f"On {where}, {column} wins"
            else:
                who = (f"Decks holding {r['name']} win" if kind == "cards"
                       else f"{r['name']} wins")
            out.append(f"{who} {abs(100 * r['change']):.1f} points {way}, ±{half:.1f} "
                       f"({100 * r['old']:.1f}% to {100 * r['new']:.1f}%, {r['games']} "
                       f"paired games over {r['deals']} deals, Holm p = {r['p_holm']:.2g})")
    return out
