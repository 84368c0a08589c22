"""Scenario tests of the places where the engine once departed from the rulebook (issue 8).

Each test quotes the sentence it checks; each failed against the engine before the fix.
"""

from __future__ import annotations

from random import Random

import pytest
from bgkit import act, deck, filler, params, position

from toolkit.games.battlegate.engine import BattleGateRules


@pytest.fixture
def rules() -> BattleGateRules:
    return BattleGateRules()


def events(rules: BattleGateRules) -> list[str]:
    """Collect the log events the engine emits from now on."""
    seen: list[str] = []
    rules.emit = lambda kind, text: seen.append(text)
    return seen


def test_tied_players_recut_until_a_highest_power(rules):
    """How to play: "In the event of a tie all tied players shuffle and cut their decks
    again until there is a highest power (if no highest possible, players decide who goes
    first)." One power-2 card in 99 can always break the tie: its deck goes first every
    time, however many re-cuts it takes."""
    rare = deck(*(["S1"] * 98 + ["S2"]))
    for seed in range(40):
        s = rules.setup(params(rare, filler(100, "S1")), Random(seed))
        assert s.first == 0
    assert rules.counts["battlegate.ruling.players-decide"] == 0
    assert rules.counts["battlegate.rule.recut"] > 40 * 20


def test_no_highest_possible_is_decided_from_the_decks(rules):
    """How to play: "(if no highest possible, players decide who goes first)". Three
    players cut 2: A and B hold only 2s, so nobody can ever cut higher than both of them;
    the tie is decided at once among all three, C included, without re-cutting."""
    c = deck(*(["S2"] * 16 + ["S1"]))
    firsts = set()
    decided = 0
    for seed in range(80):
        before = rules.counts["battlegate.ruling.players-decide"]
        s = rules.setup(params(filler(17, "S2"), filler(17, "S2"), c), Random(seed))
        if s.decks[2].power[s.deck[2][-1]] == 2:  # all three cut a 2
            decided += 1
            assert rules.counts["battlegate.ruling.players-decide"] == before + 1
            firsts.add(s.first)
    assert decided > 40 and firsts == {0, 1, 2}
    assert rules.counts["battlegate.rule.recut"] < 80 - decided + 1


def test_the_log_names_hand_cards_discarded_without_a_choice(rules):
    """Combat phase: "If a defending player has no more cards left in their deck to
    discard they must continue by discarding cards from their hand." With no choice to
    make, the log still says which cards went."""
    b = deck("M1", "S2", "M1")
    s = position(rules, (deck("S4"), b), field={0: (0,)}, hand={1: (1, 2)}, discard={1: (0,)})
    seen = events(rules)
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.outcome is not None  # B had 2 cards against 4 power: eliminated
    s = position(rules, (deck("S2"), b), field={0: (0,)}, hand={1: (1, 2)}, discard={1: (0,)})
    seen = events(rules)
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.hand[1] == () and s.discard[1] == (0, 1, 2)
    assert any("discards" in e and "Soldier 2" in e and "Minion 1" in e for e in seen)


def test_the_log_says_why_fielding_is_skipped(rules):
    """Fielding phase: "a player may play a number of cards ... with a total power up to
    the number of cards they now have in their hand after drawing": a turn where nothing
    fits says so."""
    seen = events(rules)
    s = position(rules, (deck("S5", "S6"), filler(17, "S1")), hand={0: (0, 1)})
    assert s.phase != 1 and s.hand[0] == (0, 1)
    assert any("cannot field" in e and "power" in e for e in seen)


def test_the_draw_reads_as_the_card_it_is(rules):
    """Draw phase: "a player may draw a number of cards ... up to the number of soldier
    cards they have in play +1": the first draw is card 1 of up to 2."""
    s = position(rules, (deck("S1", *["M1"] * 20), filler(17)), field={0: (0,)})
    what, why = rules.describe(s, ("draw", 0))
    assert why.startswith("card 1 of up to 2")
    s = act(rules, s, ("draw", 0))
    assert rules.describe(s, ("draw", 0))[1].startswith("card 2 of up to 2")
