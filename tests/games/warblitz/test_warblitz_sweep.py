"""Warblitz's sweep hook: every legal warband counted exactly, K drawn uniformly and seeded,
each one legal by the game's own validator, card lists rebuilt exactly, illegal ones
dropped; and `pnp sweep warblitz` end to end.

"Warband Construction" (shared/rules/warblitz.md): "All Warbands are to contain: 1
Commander; 3 Elite unit (1x MEL, 1x RNG, 1x Special); 12 Common unit (4x MEL, 4x RNG,
4x Special). Units of the same common unit class (i.e. MEL, RNG, Special) are to be the
same. ... 2 Epic Events; 6 Common Events (2x three different Common Events); 1 Epic
Relic; 2 Common Relics (2 different relics)."
"""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations, combinations_with_replacement, product
from math import comb
from pathlib import Path
from random import Random

import pytest
from typer.testing import CliRunner

from tests.games.warblitz.extra_cards import EXTRA
from tests.helpers import make_xlsx
from toolkit.balance.pool import SweepRequest, composition_key
from toolkit.cli.main import app
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import Report
from toolkit.core.sheets import RawSheet
from toolkit.games.warblitz import GAME
from toolkit.games.warblitz.deck import DEFAULT_CATALOG, check_deck, read_catalog
from toolkit.games.warblitz.sweep import LIST_LIMIT, Slot, sweep_decks
from toolkit.games.warblitz.template import example_sheets

runner = CliRunner()


def small_catalog(tmp_path: Path) -> Path:
    """The template's catalog, the warband tests' extra cards, and a layout for the extra
    commander that names a Common unit ("Axe Recruit") instead of a slot."""
    sheets = example_sheets()
    del sheets["Example Warband"]
    for sheet, records in EXTRA.items():
        header = sheets[sheet][0]
        sheets[sheet] += [[r.get(h) for h in header] for r in records]
    sheets["Starts"].append(["Warden Tomas", "C1", "Axe Recruit", "B2", "Common Ranged",
                             "D2", "A3"])
    return make_xlsx(tmp_path / "catalog.xlsx", sheets)


def legal_by_validator(names: list[str], catalog) -> bool:
    """The warband checked by `check_deck`, what `pnp validate` runs on each sheet."""
    counts = Counter(names)
    sheet = RawSheet("mem.xlsx", "W", [(1, ("Card", "Qty"))]
                     + [(i, (n, q)) for i, (n, q) in enumerate(counts.items(), 2)])
    report = Report()
    check_deck(sheet, catalog, report, None)
    return report.valid


def brute_force(catalog) -> set[tuple[str, ...]]:
    """Every warband of the right shape (one card per slot, the slots' sizes), kept when the
    validator accepts it: the slow, obvious way."""
    units = catalog.units
    commanders = [u for u in units if u.rank == "Commander"]
    by = {(r, c): [u.name for u in units if u.rank == r and u.unit_class == c]
          for r in ("Elite", "Common") for c in ("Melee", "Ranged", "Special")}
    epic = [e.name for e in catalog.events if e.tier == "Epic"]
    common = [e.name for e in catalog.events if e.tier == "Common"]
    relic = [r.name for r in catalog.relics if r.tier == "Epic"]
    charms = [r.name for r in catalog.relics if r.tier == "Common"]
    out = set()
    for parts in product([[c.name] for c in commanders],
                         *[[[n] for n in by[("Elite", c)]] for c in ("Melee", "Ranged",
                                                                      "Special")],
                         *[[[n] * 4 for n in by[("Common", c)]] for c in ("Melee", "Ranged",
                                                                          "Special")],
                         [list(p) for p in combinations_with_replacement(epic, 2)],
                         [[n for n in t for _ in range(2)] for t in combinations(common, 3)],
                         [[n] for n in relic],
                         [list(p) for p in combinations(charms, 2)]):
        names = [n for part in parts for n in part]
        if legal_by_validator(names, catalog):
            out.add(composition_key(names))
    return out


def test_slots_number_their_choices_in_itertools_order():
    cards = list("abcde")
    for k, repeats in ((1, False), (2, False), (3, False), (2, True), (3, True)):
        slot = Slot(cards, k, 1, repeats)
        listed = list((combinations_with_replacement if repeats else combinations)(cards, k))
        assert slot.total == len(listed)
        assert [tuple(slot.pick(i)) for i in range(slot.total)] == listed
    assert Slot(cards, 3, 2, False).pick(0) == list("aabbcc")  # two copies each


def test_lists_exactly_the_warbands_the_validator_accepts(tmp_path):
    """Counted without listing, and listed with `--sample all`: the same set as filtering
    every warband of the right shape through the validator (which also holds the layout's
    rule: Warden Tomas starts with an Axe Recruit, so his Common Melee is always one)."""
    path = small_catalog(tmp_path)
    pool = sweep_decks(SweepRequest(path, None, Random(1), None))
    catalog = pool.decks[0].catalog
    expected = brute_force(catalog)
    # Ysolde 2 x 2 x 144, Tomas 2 x 1 x 144 (Epic Events C(3+1, 2) = 6, Common Events
    # C(4, 3) = 4, Epic Relics 2, Common Relics C(3, 2) = 3: 144)
    assert pool.total == len(pool.decks) == len(expected) == 864
    assert set(pool.cards) == expected and len(set(pool.cards)) == 864
    tomas = [cards for cards in pool.cards if "Warden Tomas" in cards]
    assert len(tomas) == 288 and all(cards.count("Axe Recruit") == 4 for cards in tomas)
    assert all(len(d.cards) == 27 and d.valid and d.format == "standard" for d in pool.decks)
    assert pool.decks[0].name == "W01 Warden Ysolde"
    assert "Every one of the 864 legal warbands" in pool.method


def test_counts_the_bundled_catalog_exactly():
    """Per commander, the product of each slot's choices; Cinder Regent Maelis's layout
    starts with an Ash Pikeman and a Cinder Slinger, which fixes two Common slots."""
    catalog, _ = read_catalog()
    n = Counter((u.rank, u.unit_class) for u in catalog.units)
    events = Counter(e.tier for e in catalog.events)
    relics = Counter(r.tier for r in catalog.relics)
    elites = n[("Elite", "Melee")] * n[("Elite", "Ranged")] * n[("Elite", "Special")]
    rest = (comb(events["Epic"] + 1, 2) * comb(events["Common"], 3) * relics["Epic"]
            * comb(relics["Common"], 2))
    serai = elites * n[("Common", "Melee")] * n[("Common", "Ranged")] * \
        n[("Common", "Special")] * rest
    maelis = elites * 1 * 1 * n[("Common", "Special")] * rest
    pool = sweep_decks(SweepRequest(None, None, Random(1), 3))
    assert pool.total == serai + maelis == 3_628_800
    assert pool.price_label == "cost" and pool.prices["Pyre Oracle"] == 5.0
    assert pool.prices["Cinder Regent Maelis"] == 0.0 and pool.format == "standard"


def test_samples_are_seeded_distinct_and_legal_through_pnp_validate(tmp_path):
    one = sweep_decks(SweepRequest(None, None, Random(5), 12))
    again = sweep_decks(SweepRequest(None, None, Random(5), 12))
    other = sweep_decks(SweepRequest(None, None, Random(6), 12))
    assert one.cards == again.cards and one.cards != other.cards
    assert [d.name for d in one.decks] == [d.name for d in again.decks]
    assert len(one.decks) == len(set(one.cards)) == 12
    assert one.method == ("12 of the 3,628,800 legal warbands of "
                          "toolkit/games/warblitz/content/catalog.xlsx, drawn uniformly.")
    sheets = {d.name: [["Card", "Qty"], *[[n, q] for n, q in
                                          Counter(c.name for c in d.cards).items()]]
              for d in one.decks}
    path = make_xlsx(tmp_path / "drawn.xlsx", sheets)
    result = GAME.validate(ValidateRequest(path, None, DEFAULT_CATALOG))
    decks = [d for d in result.decks if d.kind == "deck"]
    assert len(decks) == 12 and result.valid, [p.message for d in decks
                                               for p in d.report.problems]


def test_samples_are_uniform_over_warbands():
    """Every warband equally likely: the commanders come up in their warbands' shares
    (Tidemother Serai 3,225,600 of 3,628,800, Maelis's layout narrowing hers)."""
    drawn = Counter()
    for seed in range(30):
        pool = sweep_decks(SweepRequest(None, None, Random(seed), 50))
        drawn.update(cards[0].name for cards in (d.cards for d in pool.decks))
    assert drawn["Tidemother Serai"] / 1500 == pytest.approx(3_225_600 / 3_628_800, abs=0.03)


def test_rebuilds_card_lists_exactly_and_drops_illegal_ones():
    pool = sweep_decks(SweepRequest(None, None, Random(2), 5))
    first = list(pool.cards[0])
    swapped = list(first)  # two different Common Melee units: "are to be the same"
    melee = next(n for n in first if n in ("Shellguard", "Tide Runner", "Charred Hound",
                                             "Ash Pikeman"))
    swapped[swapped.index(melee)] = next(n for n in ("Shellguard", "Tide Runner")
                                         if n != melee)
    unknown = [*first[:-1], "Nobody"]
    maelis = ["Cinder Regent Maelis" if n == "Tidemother Serai" else n for n in first]
    if "Ash Pikeman" in maelis:  # the layout's units missing: warblitz.warband.start-unit
        maelis = ["Charred Hound" if n == "Ash Pikeman" else n for n in maelis]
    illegal = [composition_key(x) for x in (swapped, unknown, maelis)]
    wanted = (*pool.cards, *illegal)
    rebuilt = sweep_decks(SweepRequest(None, None, Random(99), None, wanted))
    assert rebuilt.cards == pool.cards
    assert rebuilt.dropped == illegal
    for a, b in zip(pool.decks, rebuilt.decks, strict=True):
        assert [c.name for c in a.cards] == [c.name for c in b.cards]  # the same deck
    assert "5 of them are not legal" not in rebuilt.method
    assert "3 of them are not legal" in rebuilt.method


def test_catalog_errors_format_and_listing_limit(tmp_path):
    bad = make_xlsx(tmp_path / "bad.xlsx", {"Units": [
        ["Name", "Rank", "Class", "Cost", "HP", "STR", "Attack"],
        ["Broken", "Elite", "Melee", "lots", 3, 2, "MEL"]]})
    pool = sweep_decks(SweepRequest(bad, None, Random(1), 5))
    assert not pool.valid and pool.decks == []
    assert "warblitz.unit.cost" in [p.rule for d in pool.report.decks
                                    for p in d.report.problems]
    with pytest.raises(InputError, match="unknown format 'huge'"):
        sweep_decks(SweepRequest(None, "huge", Random(1), 5))
    assert LIST_LIMIT < 3_628_800
    with pytest.raises(InputError, match="give --sample K"):
        sweep_decks(SweepRequest(None, None, Random(1), None))


def test_pnp_sweep_warblitz_end_to_end(tmp_path):
    result = runner.invoke(app, ["sweep", "warblitz", "--sample", "4", "--games", "4",
                                 "--json", "-o", str(tmp_path / "out"),
                                 "--results", str(tmp_path / "r.sqlite")])
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["decks_count"] == 4 and doc["tables"] == 6 and doc["games"] == 24
    assert doc["pool"]["total"] == 3_628_800 and doc["pool"]["price"] == "cost"
    assert doc["results"]["finished"] + doc["results"]["unfinished"]["count"] == 24
    held = {c for d in doc["decks"] for c in d["cards"]}
    assert {c["name"] for c in doc["cards"]} == held
    assert all(c["price"] is not None for c in doc["cards"])
    assert doc["cost_curve"]["label"] == "cost" and not doc["shared"]
    assert "game_stats" not in doc  # the engine's per-seat counts do not follow a round robin
    assert (tmp_path / "out" / "cards.csv").read_text().startswith("card,price,decks")
