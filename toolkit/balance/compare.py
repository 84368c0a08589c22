"""Paired comparison of two versions: the same games under OLD and NEW, game by game.

`pnp compare` builds one list of decks present in both versions and one plan for each
version with the same tables, seat orders and seeds, so batch k of OLD and batch k of NEW
hold the same games. For every deck (and every card, over the decks holding it) this
module takes each game's result under NEW minus its result under OLD (1 a win, 1/N a
draw, 0 a loss; a game unfinished in either version is left out), and reports the mean
change per game with a 95% normal interval and a two-sided p-value; p-values are
corrected for the many comparisons with Holm's method, separately for decks and cards.
A shared set-up (plan.py) is scored by its first result column (side 1's result,
a draw 1/N with N its result columns), once per game.
Pairing removes the luck of the deals, which both versions share, so smaller changes
stand out than two independent runs could show.
"""

from __future__ import annotations

import math
from typing import Any

from .measures import Z95, holm, normal_p
from .plan import Plan
from .work import DRAW, UNFINISHED, BatchResult

ALPHA = 0.05


class _Acc:
    """Running sums of paired changes (and of the old and new results)."""

    __slots__ = ("n", "total", "squares", "old", "new")

    def __init__(self) -> None:
        self.n = 0
        self.total = self.squares = self.old = self.new = 0.0

    def add(self, old: float, new: float) -> None:
        diff = new - old
        self.n += 1
        self.total += diff
        self.squares += diff * diff
        self.old += old
        self.new += new


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
        for x, y in zip(a.outcomes, b.outcomes, strict=True):
            if x == UNFINISHED or y == UNFINISHED:
                continue
            for seat, deck in enumerate(before.seats[:1] if old_plan.shared
                                        else before.seats):
                s0, s1 = _score(x, seat, n), _score(y, seat, n)
                decks[deck].add(s0, s1)
                for card in holds[deck]:
                    cards.setdefault(card, _Acc()).add(s0, s1)
    deck_rows = _rows([(e.name, decks[i]) for i, e in enumerate(entries)])
    card_rows = _rows(sorted(cards.items(), key=lambda kv: (kv[0].casefold(), kv[0])))
    return {"decks": deck_rows, "cards": card_rows, "alpha": ALPHA,
            "correction": "holm"}


def _rows(items: list[tuple[str, _Acc]]) -> list[dict[str, Any]]:
    rows = []
    for name, acc in items:
        if acc.n == 0:
            continue
        mean = acc.total / acc.n
        var = max(0.0, (acc.squares - acc.n * mean * mean) / (acc.n - 1)) if acc.n > 1 else 0.0
        se = math.sqrt(var / acc.n)
        if se > 0:
            p = normal_p(mean / se)
        else:
            p = 1.0 if mean == 0 else 0.0
        rows.append({"name": name, "games": acc.n, "old": round(acc.old / acc.n, 4),
                     "new": round(acc.new / acc.n, 4), "change": round(mean, 4),
                     "low": round(mean - Z95 * se, 4), "high": round(mean + Z95 * se, 4),
                     "p": p})
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
                       f"paired games, Holm p = {r['p_holm']:.2g})")
    return out
