"""The greedy agent's decisions in hand-built positions (issue 22: "spends a combat card
at 13 against 2"): a combat card goes to the fights that matter, and the optional
items and rules are offered to the harness (`BannersRules.offered`)."""

from __future__ import annotations

from random import Random

import pytest
from bnkit import BLUE1, BLUE2, RED1, RED2, at, cell, kind

from toolkit.games.banners.engine import BannersRules, GreedyAgent, bundled_params
from toolkit.games.banners.engine.state import ATT_CARD, ATT_KNIFE, DEF_CARD, MOVE

P2 = bundled_params(2)


@pytest.fixture
def rules() -> BannersRules:
    return BannersRules()


def greedy(rules: BannersRules, s) -> tuple:
    q = rules.to_move(s)[0]
    return GreedyAgent().act(rules.observe(s, q), rules.legal_actions(s, q), Random(0))


def fight(rules: BannersRules, carrier: tuple[int, int], hands: tuple[dict, dict],
          side: int = 0):
    """Blue 1 on F8 attacks Red 1 on F7 (mid-field, roll 1) or, ``side`` 1, Red 1 on F7
    attacks Blue 1 on F8: the position once the attack is declared."""
    s = at(rules, P2, {BLUE1: "F8", RED1: "F7"}, side=side, phase=MOVE, roll=1,
           flag_carrier=carrier, hands=hands)
    me, target, frm = (BLUE1, "F7", "F8") if side == 0 else (RED1, "F8", "F7")
    return rules.apply(s, ("attack", side, me, cell(P2, target), cell(P2, frm)))


def test_a_skirmish_in_mid_field_keeps_the_card(rules):
    """T3: a combat card is "played during combat", once per turn: greedy keeps Extra
    Strength out of a fight between two plain pieces in mid-field (+1 changes the odds
    by about a tenth of a piece) and plays it when the enemy carries its flag."""
    hands = ({kind("Extra Strength"): 1}, {})
    s = fight(rules, (-1, -1), hands)
    assert s.phase == ATT_CARD
    assert greedy(rules, s) == ("pass", 0)
    s = fight(rules, (RED1, -1), hands)
    assert greedy(rules, s) == ("combat", 0, kind("Extra Strength"))


def test_the_defender_spends_its_card_to_save_its_carrier(rules):
    """Extra Defense: "Adds +1 to a defending piece." Kept when Blue 1 is a plain piece,
    played when Blue 1 carries the enemy flag (300 at stake)."""
    hands = ({kind("Extra Defense"): 1}, {})
    s = fight(rules, (-1, -1), hands, side=1)
    assert s.phase == DEF_CARD and rules.to_move(s) == (0,)
    assert greedy(rules, s) == ("pass", 0)
    s = fight(rules, (-1, BLUE1), hands, side=1)
    assert greedy(rules, s) == ("combat", 0, kind("Extra Defense"))


def test_poison_is_kept_for_a_fight_that_matters_and_preferred_there(rules):
    """Poison: "-3 on opponent's combat roll." Worth more than +1, and worth more kept:
    out of a mid-field skirmish, into the fight for the flag (before Extra Strength)."""
    hands = ({kind("Extra Strength"): 1, kind("Poison"): 1}, {})
    assert greedy(rules, fight(rules, (-1, -1), hands)) == ("pass", 0)
    assert greedy(rules, fight(rules, (RED1, -1), hands)) == ("combat", 0, kind("Poison"))


def test_the_attack_is_weighed_with_the_card_it_would_play(rules):
    """An attack on the enemy carrier is worth more with Poison in hand (the card it will
    play) than without."""
    from toolkit.games.banners.engine.agents import View

    agent = GreedyAgent()
    values = []
    for hand in ({}, {kind("Poison"): 1}):
        s = at(rules, P2, {BLUE1: "F8", RED1: "F7"}, phase=MOVE, roll=1,
               flag_carrier=(RED1, -1), hands=(hand, {}))
        values.append(agent._move_value(View(rules.observe(s, 0)),
                                        ("attack", 0, BLUE1, cell(P2, "F7"), cell(P2, "F8"))))
    assert values[1] > values[0] + 50


def test_hidden_knife_wins_a_tie(rules):
    """Hidden Knife: "If a combat results in a tie, you may play this card to win.\""""
    s = fight(rules, (-1, -1), ({kind("Hidden Knife"): 1}, {}))
    s = rules.apply(s, ("dice", -1, 3, 3, 2, 5))  # 6 + 1 against 7: a tie
    assert s.phase == ATT_KNIFE
    assert greedy(rules, s) == ("knife", 0, kind("Hidden Knife"))


def test_offered_names_the_optional_items_and_rules(rules):
    """The harness's `offered` hook: an attack (C1), each item a player may play, a keep
    landing (T1), and a red card obtained this turn (T2)."""
    s = at(rules, P2, {BLUE1: "F8", RED1: "F7", BLUE2: "E9"}, phase=MOVE, roll=1)
    offered = rules.offered(s, 0, rules.legal_actions(s, 0))
    assert "banners.rule.combat" in offered and "banners.rule.keep-item" in offered
    s = at(rules, P2, {BLUE1: "F8", RED1: "F7"}, hands=({kind("Horse"): 1,
                                                       kind("Thief"): 1}, {kind("Famine"): 1}))
    assert rules.offered(s, 0, rules.legal_actions(s, 0)) == (
        "banners.item.horse", "banners.item.thief")
    s = fight(rules, (RED1, -1), ({kind("Poison"): 1}, {}))
    s.fresh = ((0,) * kind("Poison") + (1,) + (0,) * (15 - kind("Poison")), s.fresh[1])
    assert rules.offered(s, 0, rules.legal_actions(s, 0)) == (
        "banners.rule.red-same-turn", "banners.item.poison")
    assert rules.offered(at(rules, P2, {RED2: "E5"}), 0, []) == ()


def test_first_player_is_the_side_that_won_the_first_roll(rules):
    """M1: "Roll to see who goes first." (the result column that went first)"""
    s = rules.setup(P2, Random(0))
    s = rules.apply(s, ("first", -1, 2, 5))
    assert rules.first_player(s) == 1 and s.side == 1
