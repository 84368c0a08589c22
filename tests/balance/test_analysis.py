"""Card statistics, the cost curve and paired comparisons on hand-made results: every
figure counts a deal (a seed every table plays) as one observation, and statements about
the top decks or a card need their stated minimum sample."""

from __future__ import annotations

import math

import pytest

from toolkit.balance import analysis, charts
from toolkit.balance.command import _card_lines
from toolkit.balance.compare import changes, sentences
from toolkit.balance.plan import Entry, make_plan
from toolkit.balance.tally import Tally
from toolkit.balance.work import BatchResult
from toolkit.sim.stats import Stats, t95, wilson

from .helpers import fixed_tally

# ---------------------------------------------------------------- top decks, importance


def _forty():
    """40 decks: the four best (90% to 87%) hold Ace; the rest, from 75% down, X or Y, but
    the sixth Dud."""
    scores = [0.9 - 0.01 * i for i in range(4)] + [0.75 - 0.01 * i for i in range(36)]
    cards = [("Ace",) if i < 4 else ("X",) if i % 2 else ("Y",) for i in range(40)]
    cards[5] = ("Dud",)
    return scores, cards


def test_importance_is_what_the_best_decks_lose_without_the_card():
    scores, cards = _forty()
    tally = fixed_tally(scores, cards)
    rows = {r["name"]: r for r in analysis.card_rows(tally, {}, 100, 1)}
    # 40 decks: the top decks are the best 5 (a tenth is 4, at least 5); without Ace the
    # best 5 are D4..D8
    assert rows["Ace"]["importance"] == pytest.approx(0.858 - 0.73, abs=1e-4)
    assert rows["Ace"]["pick_rate_top"] == 0.8 and rows["Ace"]["pick_rate_all"] == 0.1
    assert rows["Ace"]["win_rate"] == pytest.approx(0.885)
    assert rows["Dud"]["pick_rate_top"] == 0.0  # D5 is sixth
    assert rows["Dud"]["importance"] == 0.0  # the best five never held it
    assert rows["Ace"]["importance_low"] <= rows["Ace"]["importance"] <= \
        rows["Ace"]["importance_high"]
    summary = analysis.top_summary(tally)
    assert summary["decks"] == 5 and summary["enough"]
    assert summary["note"] == "The top decks: the best 5 of 40 (the best tenth, at least 5)."
    lines = _card_lines({"cards": list(rows.values()), "top": summary})
    assert lines[0].startswith("Must-pick: Ace: the best decks lose")
    assert lines[0].endswith("it is in 4 of the 5 top decks.")


def test_a_run_of_few_decks_says_too_few_decks_to_tell():
    """`sweep --sample 12` must not call a card a must-pick because both of its 'top
    decks' hold it: under 30 decks there are no top decks."""
    scores, cards = _forty()
    tally = fixed_tally(scores[:12], cards[:12])
    rows = analysis.card_rows(tally, {}, 50, 1)
    assert all(r["pick_rate_top"] is None and r["importance"] is None for r in rows)
    assert all(r["pick_rate_all"] is not None for r in rows)
    summary = analysis.top_summary(tally)
    assert not summary["enough"] and summary["decks"] is None
    assert summary["note"].startswith("Too few decks to tell")
    assert _card_lines({"cards": rows, "top": summary}) == [
        "Must-picks: too few decks to tell (12 decks; statements about the top decks need "
        "at least 30)."]
    assert analysis.top_decks(29) is None and analysis.top_decks(30) == 5
    assert analysis.top_decks(100) == 10


def test_importance_needs_as_many_decks_without_the_card_as_top_decks():
    scores, cards = _forty()
    # every deck but the last four holds Common: fewer lack it than there are top decks
    cards = [c + ("Common",) if i < 36 else c for i, c in enumerate(cards)]
    rows = {r["name"]: r for r in analysis.card_rows(fixed_tally(scores, cards), {}, 20, 1)}
    assert rows["Common"]["importance"] is None and rows["Common"]["importance_low"] is None


# ---------------------------------------------------------------- card win rate


def _tally_by_deal(per_deal: list[list[float]], games: int = 100) -> Tally:
    """Decks D0.. all holding "Card", deck d winning per_deal[d][k] of deal k's games."""
    deals = len(per_deal[0])
    entries = [Entry(f"D{i}", f"D{i}", ("Card",), None) for i in range(len(per_deal))]
    plan = make_plan("g", entries, lambda s: s, players=2, agent="a", games=2 * deals,
                     seed=1, code="v")
    units = [[round(2 * r * games) for r in rates] for rates in per_deal]
    return Tally(plan, Stats(), [], [sum(u) for u in units], [games * deals] * len(units),
                 deck_deal_units=units,
                 deck_deal_games=[[games] * deals for _ in per_deal])


def test_a_cards_win_rate_interval_is_drawn_over_deals_as_well_as_decks():
    """Five decks, each winning half its 1,000 games, all of them 90% in the same five
    deals and 10% in the other five: five decks alike say nothing about the luck of the
    deals, which the interval must carry (t on 4 degrees of freedom, not ±3 points)."""
    swing = [0.9, 0.1] * 5
    row = analysis.card_rows(_tally_by_deal([swing] * 5), {}, 0, 1)[0]
    assert row["win_rate"] == pytest.approx(0.5)
    # per deal the mean moves ±0.4: the spread of the deal means is 0.42, over 10 deals
    half = t95(4) * math.sqrt(10 / 9 * sum((r - 0.5) ** 2 for r in swing) / 100) / 1
    assert row["high"] - row["low"] == pytest.approx(2 * min(half, 0.5), abs=0.01)
    w_low, w_high = wilson(2500, 5000)
    assert row["high"] - row["low"] > 10 * (w_high - w_low)


def test_a_cards_win_rate_interval_carries_the_spread_between_its_decks():
    """Steady deals, decks from 30% to 70%: the interval is the spread of five decks (a
    sample of the decks that could hold the card), t on 4 degrees of freedom."""
    rates = [0.3, 0.4, 0.5, 0.6, 0.7]
    row = analysis.card_rows(_tally_by_deal([[r] * 10 for r in rates]), {}, 0, 1)[0]
    sd = math.sqrt(sum((r - 0.5) ** 2 for r in rates) / 4)
    half = t95(4) * sd / math.sqrt(5)
    assert row["low"] == pytest.approx(0.5 - half, abs=1e-3)
    assert row["high"] == pytest.approx(0.5 + half, abs=1e-3)


# ---------------------------------------------------------------- cost curve


def _card(name, price, rate, half=0.02, decks=10):
    return {"name": name, "price": float(price), "decks": decks, "win_rate": rate,
            "low": rate - half, "high": rate + half}


def _rising():
    """Three cards a price at 1, 2, 3: 40%, 50%, 60%."""
    return [_card(f"C{p}{k}", p, 0.3 + 0.1 * p) for p in (1, 2, 3) for k in range(3)]


def test_cost_curve_reads_a_cards_strength_off_the_curve_within_the_prices():
    cards = _rising() + [_card("Bargain", 1, 0.55), _card("Dud", 3, 0.2),
                         _card("Night Leviathan", 3, 0.8)]
    curve = analysis.cost_curve(cards, "value")
    assert [lv["win_rate"] for lv in curve["fit"]["levels"]] == [0.4, 0.5, 0.6]
    assert curve["fit"]["rising"] and curve["method"] == "isotonic-l1"
    found = {o["name"]: o for o in curve["outliers"]}
    assert set(found) == {"Bargain", "Dud", "Night Leviathan"}
    assert found["Bargain"]["plays_like"] == pytest.approx(2.5)
    assert found["Bargain"]["text"].startswith("Bargain plays like a 2.5 at a value of 1 "
                                               "(95% CI 2.3 to 2.7")
    # never "plays like a -2.7": outside the catalog's prices it says so
    assert found["Dud"]["plays_like"] is None and found["Dud"]["where"] == "below"
    assert found["Dud"]["text"].startswith("Dud plays below the cheapest value (1) at a "
                                           "value of 3 (95% CI wholly below the cheapest "
                                           "value (1);")
    assert found["Night Leviathan"]["text"].startswith(
        "Night Leviathan plays above the dearest value (3) at a value of 3")
    for o in curve["outliers"]:  # every strength stated lies within the prices
        for key in ("plays_like", "plays_like_low", "plays_like_high"):
            assert o[key] is None or 1 <= o[key] <= 3
    assert not any(p["flagged"] for p in curve["points"] if p["name"].startswith("C"))


def test_cost_curve_is_monotone_and_robust():
    """Strength that falls with the price gives a flat curve (a dearer card is never
    expected to be weaker), told in points; one card far off moves its level little."""
    falling = [_card(f"C{p}{k}", p, 0.7 - 0.1 * p) for p in (1, 2, 3) for k in range(3)]
    curve = analysis.cost_curve(falling, "value")
    levels = [lv["win_rate"] for lv in curve["fit"]["levels"]]
    assert levels == sorted(levels) and not curve["fit"]["rising"]
    assert curve["note"].startswith("The fitted curve is flat")
    assert all(o["where"] == "flat" and o["plays_like"] is None for o in curve["outliers"])
    assert any("points less than the curve" in o["text"] for o in curve["outliers"])
    one_off = _rising() + [_card("Iron Warlord", 3, 0.99, half=0.001)]
    levels = [lv["win_rate"] for lv in analysis.cost_curve(one_off, "value")["fit"]["levels"]]
    assert levels == [0.4, 0.5, 0.6]  # the median of its price, not dragged to 0.99


def test_a_sweep_flags_only_cards_enough_decks_hold():
    cards = _rising() + [_card("Rare", 1, 0.9, decks=2)]
    swept = analysis.cost_curve(cards, "value", sampled=True)
    assert not swept["outliers"] and "fewer than 5 decks" in swept["note"]
    assert [p for p in swept["points"] if p["name"] == "Rare"][0]["flagged"] is False
    given = analysis.cost_curve(cards, "value", sampled=False)  # a tournament's own decks
    assert [o["name"] for o in given["outliers"]] == ["Rare"]


def test_a_cost_curve_needs_five_cards_at_two_prices():
    few = analysis.cost_curve(_rising()[:4], "cost")
    assert few["fit"] is None and few["note"].startswith("Too few priced cards to tell")
    assert len(few["points"]) == 4
    one_price = analysis.cost_curve([_card(f"C{k}", 2, 0.5) for k in range(6)], "cost")
    assert one_price["fit"] is None
    assert analysis.cost_curve([dict(_card("A", 1, 0.5), price=None)], "cost") is None


def test_the_cost_curve_chart_labels_every_point():
    cards = _rising() + [_card("Bargain", 1, 0.55), _card("Night Leviathan", 3, 0.8)]
    curve = analysis.cost_curve(cards, "value")
    drawing = charts.cost_curve(curve, "Cost curve")
    texts = []

    def walk(node):
        for item in getattr(node, "contents", []):
            if hasattr(item, "text"):
                texts.append(item.text)
            walk(item)
    walk(drawing)
    for point in curve["points"]:
        assert any(t == point["name"] or (t.endswith("…") and point["name"].startswith(
            t[:-1])) for t in texts), point["name"]


# ---------------------------------------------------------------- paired changes


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
    assert rows["A"]["deals"] == 40 and found["unit"] == "deal" and found["deals"] == 40
    cards = {r["name"]: r for r in found["cards"]}
    assert cards["Blade"]["change"] == pytest.approx(0.5)
    text = sentences(found)
    assert text[0].startswith("Decks holding Blade win 50.0 points more, ±")
    assert "160 paired games over 40 deals" in text[0]


def test_paired_changes_are_tested_over_deals_not_games():
    """10 deals of 200 games each: NEW wins every game of four deals that OLD lost, and
    loses every game of three deals that OLD won. Game by game that is a change of 5
    points on 2,000 games (p far below 1e-10); deal by deal it is 10 observations of
    +1, -1 or 0, and proves nothing."""
    entries = [Entry(n, n, (n,), None) for n in "AB"]
    old = make_plan("g", entries, lambda s: ("old", s), players=2, agent="a", games=20,
                    seed=1, code="v", batch_size=1)
    new = make_plan("g", entries, lambda s: ("new", s), players=2, agent="a", games=20,
                    seed=1, code="v", batch_size=1)
    ups, downs = {1, 2, 3, 4}, {5, 6, 7}
    old_letters, new_letters = [], []
    for batch in old.batches:
        a_seat = str(batch.seats.index(0))
        b_seat = str(1 - batch.seats.index(0))
        seed = batch.first_seed
        old_letters.append(b_seat if seed in ups else a_seat if seed in downs else "0")
        new_letters.append(a_seat if seed in ups else b_seat if seed in downs else "0")
    found = changes(old, _results(old, old_letters), new, _results(new, new_letters))
    a = {r["name"]: r for r in found["decks"]}["A"]
    assert a["deals"] == 10 and a["games"] == 20
    assert a["change"] == pytest.approx(0.1)
    per_deal = [1.0] * 4 + [-1.0] * 3 + [0.0] * 3
    sd = math.sqrt(sum((d - 0.1) ** 2 for d in per_deal) / 9)
    assert a["high"] - a["low"] == pytest.approx(2 * t95(9) * sd / math.sqrt(10), abs=1e-3)
    assert a["p"] > 0.5 and not a["significant"]


def test_one_deal_gives_no_interval():
    entries = [Entry(n, n, (n,), None) for n in "AB"]
    plan = make_plan("g", entries, lambda s: s, players=2, agent="a", games=2, seed=1,
                     code="v")
    found = changes(plan, _results(plan, ["0", "0"]), plan, _results(plan, ["1", "1"]))
    row = found["decks"][0]
    assert row["deals"] == 1 and row["low"] is None and row["high"] is None
    assert row["p"] == 1.0 and not row["significant"]


def test_no_change_is_not_significant():
    entries = [Entry(n, n, (n,), None) for n in "AB"]
    plan = make_plan("g", entries, lambda s: s, players=2, agent="a", games=40, seed=1,
                     code="v")
    letters = ["0110" * 5 for _ in plan.batches]
    found = changes(plan, _results(plan, letters), plan, _results(plan, letters))
    assert all(not r["significant"] and r["change"] == 0 for r in found["decks"])
    assert sentences(found) == []


# ---------------------------------------------------------------- first player


def test_first_player_interval_is_drawn_over_deals_when_deals_decide():
    """Every table plays the same seeds: ten deals that each hand the first seat all or
    none of 200 games are ten observations, not 2,000; the interval must say so."""
    from types import SimpleNamespace

    from toolkit.balance.analysis import first_interval

    clustered = {seed: (200 if seed % 2 else 0, 200) for seed in range(1, 11)}
    tally = SimpleNamespace(first_wins=1000, first_games=2000, first_by_seed=clustered)
    low, high = first_interval(tally)
    w_low, w_high = wilson(1000, 2000)
    assert high - low > 5 * (w_high - w_low)  # ±36 points, not ±2
    assert high - low == pytest.approx(2 * t95(9) * math.sqrt(10 / 9 * 10 * 100 ** 2) / 2000,
                                       abs=1e-9)
    independent = {seed: (100, 200) for seed in range(1, 11)}  # every deal even
    tally = SimpleNamespace(first_wins=1000, first_games=2000, first_by_seed=independent)
    assert first_interval(tally) == pytest.approx((w_low, w_high))  # never narrower
    counted = SimpleNamespace(first_wins=1000, first_games=2000, first_by_seed={})
    assert first_interval(counted) == (w_low, w_high)  # no deals known: Wilson's
