"""Valiant Wars rulings: each is data that quotes the rulebook, and each decides what it
says in a scenario where the book is silent."""

from __future__ import annotations

import re
from random import Random

from vwkit import POOL, act, deal, names, order, params, step

from tests.helpers import ROOT
from toolkit.games.valiantwars.engine import RULINGS, CardSpec, ValiantWarsRules, tally
from toolkit.games.valiantwars.engine.state import BUY, CHOICE, DRAWING, ORDER, OUT, SHUFFLE
from toolkit.games.valiantwars.vocab import FIGHTER

BOOK = ROOT.parent / "shared" / "rules" / "valiant-wars.md"


def both(rules, s):
    return step(rules, s, **{f"p{p}": "draw" for p in rules.to_move(s)})


def count(rules, name: str) -> int:
    return rules.counts[f"valiantwars.ruling.{name}"]


def _norm(text: str) -> str:
    return " ".join(text.replace("’", "'").split())


def test_every_ruling_quotes_the_rulebook():
    """Every ruling names a question, a decision and a passage whose quotations are the
    rulebook's own words (checked against shared/rules/valiant-wars.md)."""
    book = _norm(BOOK.read_text(encoding="utf-8")) if BOOK.exists() else None
    assert len(RULINGS) >= 25
    for ruling in RULINGS.values():
        assert ruling.id.startswith("valiantwars.ruling.")
        assert ruling.question.endswith("?") and ruling.decision
        quotes = re.findall(r'"([^"]+)"', ruling.passage)
        assert quotes, ruling.id
        if book is None:
            continue
        for quote in quotes:
            for part in quote.split("..."):
                part = part.strip().strip(".").strip()
                assert not part or _norm(part) in book, (ruling.id, part)


def test_village_choice_at_setup():
    """Victory Conditions: "pull out the Valiant Throne Location card and one (1)
    Village": one of the bundled pool's two Villages, at random, goes on top of the ten
    random Locations (2 players)."""
    rules = ValiantWarsRules()
    s = rules.setup(params(2), Random(5))
    assert len(s.locations) == 12 and s.locations[0] in s.pool.villages
    assert count(rules, "village-choice") == 1


def test_choosing_is_targeting_a_stopped_player_cannot_be_chosen():
    """Additional Rules: "After you go OUT or call STOP, you cannot be Targeted.\""""
    rules, s, _ = deal(["Apprentice", "Gold"], ["Gold", "Gold"])
    s = step(rules, s, p0="draw", p1="stop")
    assert s.line[1] == () and count(rules, "choosing-is-targeting") == 1
    assert count(rules, "stop-before-drawing") == 1


def test_forced_draws_end_when_the_player_stops():
    """Ruling forced-draw-ends: the Wurm Lord's two draws stop after a Stop penalty."""
    rules, s, _ = deal(["Wurm Lord", "Emberfall Citadel", "Gold", "Gold"], ["Soldier"] * 3)
    s = both(rules, s)
    assert len(s.line[0]) == 2 and count(rules, "forced-draw-ends") == 1


def test_cards_drawn_by_an_effect_resolve_at_once():
    """Ruling chain-now: the Apprentice makes player 2 draw a Firebrand, which draws
    again before anything else."""
    rules, s, _ = deal(["Apprentice", "Gold"], ["Gold", "Firebrand", "Gold", "Gold"])
    s = both(rules, s)
    assert len(s.line[1]) == 3 and count(rules, "chain-now") == 1


def test_a_player_out_loses_their_waiting_effect():
    """Ruling out-cancels: player 1 (fewer VP) resolves first and puts player 2 OUT, whose
    Firebrand drawn at the same time does not resolve."""
    rules, s, _ = deal(["Gold", "Gold", "Apprentice", "Gold"],
                       ["Omen", "Gold", "Firebrand", "Omen", "Gold", "Cinder Pass"])
    for _ in range(3):
        s = both(rules, s)
    assert s.status[1] == OUT and count(rules, "out-cancels") == 1
    assert len(s.line[1]) == 4  # no card drawn for the Firebrand


def test_a_card_flipped_before_it_resolves_does_nothing_and_a_resolved_one_stands():
    """Rulings flipped-before-resolving and flip-keeps-resolved: "Face-down cards never
    count toward anything"; "Flipping only ever changes a card's position"."""
    # Player 1 holds 2 VP, so player 2's Assassin resolves first and flips the Firebrand.
    rules, s, _ = deal(["Firebrand", "Gold", "Gold", "Cinder Pass"],
                       ["Assassin", "Gold", "Gold"])
    s = both(rules, s)
    s = act(rules, s, ("flip", 1, s.line[0][0]))
    assert len(s.line[0]) == 1 and count(rules, "flipped-before-resolving") == 1
    # The Firebrand resolved at the first draw; flipped at the second, its card stays.
    rules, s, _ = deal(["Firebrand", "Gold", "Gold", "Gold"], ["Gold", "Assassin", "Gold"])
    s = both(rules, s)
    assert len(s.line[0]) == 2
    s = both(rules, s)
    s = act(rules, s, ("flip", 1, s.line[0][0]))
    assert len(s.line[0]) == 3 and count(rules, "flip-keeps-resolved") == 1


def test_stop_ties_buy_in_random_order():
    """Ruling stop-ties: "Purchasing is always done in order of when players call STOP!";
    players stopping at the same draw are ordered at random (a chance step)."""
    rules, s, _ = deal(["Gold", "Gold"], ["Gold", "Gold"])
    s = both(rules, s)
    s = step(rules, s, p0="stop", p1="stop")
    assert s.phase == ORDER and s.order_for == 1
    s = order(rules, s, 1, 0)
    assert s.buyers == (1, 0) and count(rules, "stop-ties") == 1


def test_lone_and_no_contender():
    """Rulings lone-contender (one player not OUT wins even with 0 Swords) and
    no-contender (everyone OUT: the Location stays)."""
    rules, s, _ = deal(["Gold", "Omen", "Omen", "Gold"], ["Gold", "Gold"])
    top = s.locations[0]
    s = step(rules, s, p0="draw", p1="stop")  # player 2 stops with nothing
    s = both(rules, s)
    s = both(rules, s)
    assert s.status[0] == OUT
    while s.phase == BUY:
        s = act(rules, s, ("pass", rules.to_move(s)[0]))
    assert top in s.owned[1] and count(rules, "lone-contender") == 1
    rules, s, _ = deal(["Gold", "Omen", "Omen"], ["Gold", "Omen", "Omen"])
    top = s.locations[0]
    for _ in range(3):
        s = both(rules, s)
    assert s.phase == SHUFFLE and s.locations[0] == top and count(rules, "no-contender") == 1


def test_saint_flips_a_whole_stack():
    """Ruling saint-stack: "A stack of Dark Omens counts, in total, as one (1) Dark
    Omen.\""""
    rules, s, _ = deal(["Omen", "Omen", "Saint", "Omen"], ["Gold"] * 4)
    for _ in range(3):
        s = both(rules, s)
    stack = s.line[0][:2]
    s = act(rules, s, ("flip", 0, stack[0]))
    assert set(s.down[0]) == set(stack) and s.omens[0] == 0
    assert tally(s.pool, s.line[0], s.down[0], s.stack[0])[1] == 0
    assert count(rules, "saint-stack") == 1


def test_general_shields_its_owners_cards():
    """Ruling general-shields-cards: the Assassin cannot flip a General's owner's cards."""
    rules, s, _ = deal(["Gold", "Assassin", "Gold"], ["Banner General", "Hill Barbarian", "Gold"])
    s = both(rules, s)
    s = both(rules, s)
    assert s.phase != CHOICE and s.down == ((), ())
    assert count(rules, "general-shields-cards") == 1


def test_lunar_witch_choice_a_soldier_only_without_a_champion():
    """Ruling lunar-witch-choice: "They must flip any one (1) Champion in their line ...
    If a Champion is not available, they must Flip a Soldier": with a Champion card
    face-up, the chosen player may not flip their Soldier."""
    rules, s, _ = deal(["Gold", "Lunar Witch"], ["Soldier", "Hill Barbarian", "Gold"])
    s = both(rules, s)
    s = both(rules, s)
    assert names(s, s.down[1]) == ["Hill Barbarian"]  # the one choice, taken at once
    assert count(rules, "lunar-witch-choice") == 1


def test_dancer_copies_a_dancer():
    """Ruling dancer-copies-dancer: a Dancer copying a Dancer gets what it copied."""
    rules, s, _ = deal(["Iron Fighter", "Veil Dancer", "Veil Dancer", "Gold"], ["Gold"] * 4)
    for _ in range(2):
        s = both(rules, s)
    fighter, first = s.line[0]
    assert s.copies == ((first, FIGHTER),)  # one option: copied at once
    s = both(rules, s)
    second = s.line[0][2]
    s = act(rules, s, ("copy", 0, first))
    assert s.copies[-1] == (second, FIGHTER) and count(rules, "dancer-copies-dancer") == 1


def test_zero_draws_for_a_priestess_without_mystics():
    """Ruling zero-draws: a Rogue Priestess with no face-up Mystic makes nobody draw."""
    extra = (CardSpec("Shadow Priestess", "Champion", "Rogue", 3, 1, effect="Priestess"),)
    rules, s, _ = deal(["Shadow Priestess", "Gold"], ["Gold", "Gold", "Gold"], extra=extra)
    s = both(rules, s)
    assert len(s.line[1]) == 1 and count(rules, "zero-draws") == 1


def test_empty_piles():
    """Rulings empty-champion-pile, empty-supply and omen-supply-empty, on a custom pool
    whose piles run dry."""
    kinds: dict[str, list[CardSpec]] = {}
    for card in POOL:
        kinds.setdefault(card.kind, []).append(card)
    cards = (tuple(kinds["Soldier"][:4]) + tuple(kinds["Gold"][:10])
             + tuple(kinds["Dark Omen"][:6]) + tuple(kinds["Location"])
             + tuple(kinds["Champion"][:5]))
    rules, s, _ = deal(["Soldier"] + ["Gold"] * 5 + ["Omen"] * 3 + ["Soldier", "Cinder Pass"],
                       ["Gold"] * 5 + ["Omen"] * 3 + ["Soldier", "Soldier"],
                       cards=cards, locations=["Millbrook Village", "Valiant Throne"])
    assert s.pile == () and s.golds == () and s.soldiers == () and s.omen_supply == ()
    for _ in range(5):
        s = step(rules, s, p0="draw", p1="stop") if s.status[1] == DRAWING else \
            step(rules, s, p0="draw")
    s = step(rules, s, p0="stop")
    # buyers: player 2 (stopped first, no Gold: nothing to buy), then player 1
    legal = rules.legal_actions(s, 0)
    assert ("gold", 0) not in legal and ("soldier", 0) not in legal
    assert count(rules, "empty-supply") >= 1
    s = act(rules, s, next(a for a in legal if a[0] == "champion"))
    assert len(s.market) == 4 and count(rules, "empty-champion-pile") == 1
    while s.phase == BUY:
        s = act(rules, s, ("pass", rules.to_move(s)[0]))
    # player 1 took the Village: 3 VP, a Dark Omen due, none left
    assert s.vp[0] == 3 and s.extra[0] == 0 and count(rules, "omen-supply-empty") == 1


def test_absent_ids_follow_the_pool():
    """`pnp play` lists apart the ids a pool cannot fire: a Mystic-only Priestess never
    meets zero-draws; a pool without a Dancer never meets the Dancer's rulings."""
    rules = ValiantWarsRules()
    absent = rules.absent_ids(params(2))
    assert absent == {"valiantwars.ruling.zero-draws"}
    no_dancer = tuple(c for c in POOL if c.effect != "Dancer")
    absent = rules.absent_ids(params(2, cards=no_dancer))
    assert {"valiantwars.effect.dancer", "valiantwars.ruling.dancer-copies-dancer",
            "valiantwars.ruling.dancer-copy-stays"} <= absent
