"""Card statistics, the cost curve and paired comparisons on hand-made results."""

from __future__ import annotations

import pytest

from toolkit.balance import analysis
from toolkit.balance.compare import changes, sentences
from toolkit.balance.plan import Entry, make_plan
from toolkit.balance.tally import Tally
from toolkit.balance.work import BatchResult
from toolkit.sim.stats import Stats


def _tally(scores: list[float], cards: list[tuple[str, ...]], games: int = 1000) -> Tally:
    """A 2-player tally whose decks have exactly these win rates against the field."""
    entries = [Entry(f"D{i}", f"D{i}", c, None) for i, c in enumerate(cards)]
    plan = make_plan("g", entries, lambda s: s, players=2, agent="a", games=2, seed=1,
                     code="v")
    units = [round(s * 2 * games) for s in scores]
    return Tally(plan, Stats(), [], units, [games] * len(scores))


def test_importance_is_what_the_best_decks_lose_without_the_card():
    scores = [0.9, 0.8, 0.6, 0.55, 0.5, 0.45, 0.4, 0.35, 0.3, 0.2]
    cards = [("Ace", "X"), ("Ace", "Y"), ("X", "Y"), ("X",), ("Y",), ("X",), ("Y",),
             ("Dud",), ("Dud",), ("Dud", "X")]
    rows = {r["name"]: r for r in analysis.card_rows(_tally(scores, cards), {}, 100, 1)}
    # top decks: the best tenth = 1 deck (0.9); without Ace the best is 0.6
    assert rows["Ace"]["importance"] == pytest.approx(0.3)
    assert rows["Ace"]["pick_rate_top"] == 1.0 and rows["Ace"]["pick_rate_all"] == 0.2
    assert rows["Ace"]["win_rate"] == pytest.approx(0.85)
    assert rows["Dud"]["importance"] == 0.0 and rows["Dud"]["pick_rate_top"] == 0.0
    assert rows["Dud"]["win_rate"] == pytest.approx((0.35 + 0.3 + 0.2) / 3, abs=1e-4)
    assert rows["Ace"]["importance_low"] <= 0.3 <= rows["Ace"]["importance_high"]


def test_cost_curve_names_the_card_that_plays_above_its_price():
    cards = [{"name": f"C{p}{k}", "price": float(p), "decks": 10,
              "win_rate": 0.3 + 0.1 * p, "low": 0.28 + 0.1 * p, "high": 0.32 + 0.1 * p}
             for p in (1, 2, 3) for k in range(3)]
    cards.append({"name": "Night Leviathan", "price": 3.0, "decks": 10, "win_rate": 0.7,
                  "low": 0.68, "high": 0.72})
    curve = analysis.cost_curve(cards, "value")
    assert curve["fit"]["b"] > 0
    (outlier,) = curve["outliers"]
    assert outlier["name"] == "Night Leviathan"
    assert outlier["plays_like"] == pytest.approx(4.0, abs=0.15)
    assert outlier["text"].startswith("Night Leviathan plays like a 4.0 at a value of 3")


def _results(plan, letters_by_batch):
    out = {}
    for batch, letters in zip(plan.batches, letters_by_batch, strict=True):
        out[batch.key] = BatchResult(letters, Stats())
    return out


def test_paired_changes_find_the_deck_that_got_stronger():
    entries = [Entry(n, n, c, None) for n, c in (("A", ("Blade",)), ("B", ("Fang",)),
                                                 ("C", ("Fang",)))]
    old = make_plan("g", entries, lambda s: ("old", s), players=2, agent="a", games=80,
                    seed=1, code="v", batch_size=40)
    new = make_plan("g", entries, lambda s: ("new", s), players=2, agent="a", games=80,
                    seed=1, code="v", batch_size=40)
    # OLD: every game alternates wins; NEW: A wins every game it plays, the rest unchanged
    old_letters, new_letters = [], []
    for batch in old.batches:
        flip = "01" * 20
        old_letters.append(flip)
        if 0 in batch.seats:
            seat = str(batch.seats.index(0))
            new_letters.append(seat * 40)
        else:
            new_letters.append(flip)
    found = changes(old, _results(old, old_letters), new, _results(new, new_letters))
    rows = {r["name"]: r for r in found["decks"]}
    assert rows["A"]["change"] == pytest.approx(0.5) and rows["A"]["significant"]
    assert rows["A"]["old"] == pytest.approx(0.5) and rows["A"]["new"] == pytest.approx(1.0)
    assert rows["B"]["change"] == pytest.approx(-0.25) and rows["B"]["games"] == 160
    cards = {r["name"]: r for r in found["cards"]}
    assert cards["Blade"]["change"] == pytest.approx(0.5)
    text = sentences(found)
    assert text[0].startswith("Decks holding Blade win 50.0 points more, ±")


def test_no_change_is_not_significant():
    entries = [Entry(n, n, (n,), None) for n in "AB"]
    plan = make_plan("g", entries, lambda s: s, players=2, agent="a", games=40, seed=1,
                     code="v")
    letters = ["0110" * 5 for _ in plan.batches]
    found = changes(plan, _results(plan, letters), plan, _results(plan, letters))
    assert all(not r["significant"] and r["change"] == 0 for r in found["decks"])
    assert sentences(found) == []


def test_first_player_interval_is_drawn_over_deals_when_deals_decide():
    """Every table plays the same seeds: ten deals that each hand the first seat all or
    none of 200 games are ten observations, not 2,000; the interval must say so."""
    from types import SimpleNamespace

    from toolkit.balance.analysis import first_interval
    from toolkit.sim.stats import wilson

    clustered = {seed: (200 if seed % 2 else 0, 200) for seed in range(1, 11)}
    tally = SimpleNamespace(first_wins=1000, first_games=2000, first_by_seed=clustered)
    low, high = first_interval(tally)
    w_low, w_high = wilson(1000, 2000)
    assert high - low > 5 * (w_high - w_low)  # ±35 points, not ±2
    independent = {seed: (100, 200) for seed in range(1, 11)}  # every deal even
    tally = SimpleNamespace(first_wins=1000, first_games=2000, first_by_seed=independent)
    assert first_interval(tally) == (w_low, w_high)  # never narrower than Wilson's
