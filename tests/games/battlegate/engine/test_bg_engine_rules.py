"""Scenario tests of the Battle Gate rules, each quoting the rulebook (section › sentence)."""

from __future__ import annotations

from random import Random

import pytest
from bgkit import act, deck, filler, params, position, stop

from toolkit.games.battlegate.engine import BattleGateRules
from toolkit.games.battlegate.engine.state import ATTACK, BOOST, DEFEND, DISCARD, DRAW, FIELD
from toolkit.sim.engine import Outcome


@pytest.fixture
def rules() -> BattleGateRules:
    return BattleGateRules()


def _setup(rules: BattleGateRules, *decks, seed: int = 0):
    return rules.setup(params(*decks), Random(seed))


# ------------------------------------------------------------------------ setup

def test_highest_bottom_card_goes_first(rules):
    """How to play: "each player shuffles their deck and then cuts it to reveal a bottom
    card. The player with the highest power revealed on their bottom card goes first." """
    for seed in range(5):
        s = _setup(rules, filler(17, "S2"), filler(17, "S4"), filler(17, "S3"), seed=seed)
        assert s.first == 1
    assert rules.counts["battlegate.rule.cut"] == 5
    assert rules.counts["battlegate.rule.recut"] == 0


def test_tied_players_cut_again(rules):
    """How to play: "In the event of a tie all tied players shuffle and cut their decks
    again until there is a highest power"."""
    mixed = deck(*(["S1"] * 9 + ["S6"] * 8))
    for seed in range(30):
        s = _setup(rules, mixed, mixed, seed=seed)
        # The revealed card stays at the bottom (ruling cut-card-stays).
        bottoms = [s.decks[p].power[s.deck[p][-1]] for p in (0, 1)]
        assert bottoms[s.first] > bottoms[1 - s.first]
    assert rules.counts["battlegate.rule.recut"] > 0
    assert rules.counts["battlegate.ruling.players-decide"] == 0


def test_turns_rotate_to_the_left(rules):
    """How to play: "Turns rotate to the player to your left." (seat + 1)"""
    s = _setup(rules, filler(17, "S2"), filler(17, "S2"), filler(17, "S3"))
    assert s.current == 2 and s.phase == FIELD
    s = stop(rules, s)  # no fielding: the turn ends (nothing to attack with or recover)
    assert s.current == 0 and s.turn == 2
    s = stop(rules, s)
    assert s.current == 1 and s.turn == 3


# --------------------------------------------------------------------- draw phase

def test_first_turn_draws_three_then_four(rules):
    """Draw phase: "The player who goes first draws 3 cards on their first turn, all other
    players draw 4 on their first turn." """
    s = _setup(rules, filler(17, "S3"), filler(17, "S1"))
    assert s.first == 0 and len(s.hand[0]) == 3 and s.phase == FIELD
    s = stop(rules, s)
    assert s.current == 1 and len(s.hand[1]) == 4
    assert rules.counts["battlegate.rule.first-draw"] == 2


def test_first_turn_fields_one_card_of_power_three_or_four(rules):
    """Fielding phase: "If it is a player's first turn they may only play 1 card to their
    play field (since they have no assassins, 0+1=1) up to a power of either 3 or 4 (3 for
    first player, 4 for others)." """
    mixed = deck(*(["S3", "S4", "S5"] * 6))
    seen = {3: False, 4: False}
    for seed in range(12):
        s = _setup(rules, mixed, mixed, seed=seed)
        for _ in range(2):
            p = s.current
            limit = 3 if p == s.first else 4
            options = [a for a in rules.legal_actions(s, p) if a[0] == "field"]
            assert all(s.decks[p].power[a[2]] <= limit for a in options)
            if any(s.decks[p].power[a[2]] == limit for a in options):
                seen[limit] = True
            if options:
                s = act(rules, s, options[0])
                assert s.phase != FIELD  # one card only
            while s.current == p and s.outcome is None:
                s = stop(rules, s)
    assert seen == {3: True, 4: True}


def test_draw_up_to_soldiers_in_play_plus_one(rules):
    """Draw phase: "a player may draw a number of cards from the top of their deck to their
    hand up to the number of soldier cards they have in play +1 (i.e. you may draw fewer
    cards if you wish). There is no maximum hand size." """
    a = deck("S1", "S1", "M1", *["M1"] * 20)
    s = position(rules, (a, filler(17)), field={0: (0, 1, 2)}, hand={0: tuple(range(3, 13))})
    assert s.phase == DRAW and rules.legal_actions(s, 0) == [("draw", 0), ("stop", 0)]
    s = act(rules, s, ("draw", 0), ("draw", 0), ("draw", 0))
    assert s.phase == FIELD and len(s.hand[0]) == 13  # 2 soldiers + 1 = 3 cards
    s = position(rules, (a, filler(17)), field={0: (0, 1, 2)})
    s = act(rules, s, ("draw", 0), ("stop", 0))
    assert s.phase == FIELD and len(s.hand[0]) == 1


# ----------------------------------------------------------------- fielding phase

def test_field_up_to_assassins_plus_one_within_hand_size(rules):
    """Fielding phase: "a player may play a number of cards from their hand to their play
    field up to the number of assassin cards they have in play +1, with a total power up
    to the number of cards they now have in their hand after drawing"."""
    a = deck("A1", "A1", "S2", "S2", "A1", "S6", "M3")
    s = position(rules, (a, filler(17)), field={0: (0, 1)}, hand={0: (2, 3, 4, 5, 6)})
    assert s.phase == FIELD  # empty deck: nothing to draw
    assert s.cap_cards[0] == 3 and s.cap_power[0] == 5
    options = rules.legal_actions(s, 0)
    assert ("field", 0, 5) not in options  # power 6 > 5 cards in hand
    # Cards 2 and 3 are alike: actions name the kind (card 2), whichever copy is played.
    assert ("field", 0, 3) not in options
    s = act(rules, s, ("field", 0, 2), ("field", 0, 2))
    # Power 1 left: card 4, an A1 like card 0 (the kind's name).
    assert rules.legal_actions(s, 0) == [("field", 0, 0), ("stop", 0)]
    s = act(rules, s, ("field", 0, 0))
    assert s.phase != FIELD and s.field[0] == (0, 1, 2, 3, 4)  # three cards played
    assert rules.counts["battlegate.rule.field"] == 3


# ------------------------------------------------------------------- combat phase

def test_soldiers_and_assassins_attack_any_other_player(rules):
    """Combat phase: "a player may assign ANY of their soldier and/or assassin cards in play
    to attack any other player. While each card may only attack one player per combat phase
    not all of a player's attacking cards must attack the same player"."""
    a = deck("S2", "A3", "M4")
    s = position(rules, (a, filler(17), filler(17)), field={0: (0, 1, 2)})
    assert s.phase == ATTACK
    assert rules.legal_actions(s, 0) == [("attack", 0, 0, 1), ("attack", 0, 0, 2),
                                         ("attack", 0, 1, 1), ("attack", 0, 1, 2),
                                         ("stop", 0)]  # minions may not attack
    s = act(rules, s, ("attack", 0, 0, 1))
    assert rules.legal_actions(s, 0) == [("attack", 0, 1, 1), ("attack", 0, 1, 2),
                                         ("stop", 0)]
    s = act(rules, s, ("attack", 0, 1, 2))  # the last attacker: the step ends itself
    # Nobody can defend: B discards 2 cards from the deck, C 3.
    assert len(s.discard[1]) == 2 and len(s.discard[2]) == 3


def test_defenders_block_attacks_aimed_at_their_player(rules):
    """Combat phase: "Each defending player may then assign any of their soldier and/or
    minion cards in play to defend. Defending cards may only defend against one attacking
    card each per combat phase (must be attacks directed at you)"."""
    a = deck("S3", "S2")
    b = deck("S1", "M2", "A5", *["M1"] * 5)
    c = deck("M1", *["M1"] * 5)
    s = position(rules, (a, b, c), field={0: (0, 1), 1: (0, 1, 2), 2: (0,)})
    s = act(rules, s, ("attack", 0, 0, 1), ("attack", 0, 1, 2))
    assert s.phase == DEFEND and s.queue == ((1, 0), (1, 1), (2, 0))  # no assassin
    assert rules.to_move(s) == (1,)
    assert rules.legal_actions(s, 1) == [("block", 1, 0, 0), ("hold", 1, 0)]
    s = act(rules, s, ("block", 1, 0, 0), ("hold", 1, 1))
    assert rules.legal_actions(s, 2) == [("block", 2, 0, 1), ("hold", 2, 0)]


def test_equal_power_discards_both_and_defenders_add_up(rules):
    """Combat phase: "multiple cards may be assigned to defend against the same attack and
    have their powers added together." / "If the power of an attack and defense are equal
    then they are both defeated and both the attacking card and any cards defending against
    that attack are discarded." """
    s = position(rules, (deck("S5"), deck("M3", "M2", "M1", "M1", "M1")),
                 field={0: (0,), 1: (0, 1)})
    s = act(rules, s, ("attack", 0, 0, 1), ("block", 1, 0, 0),
            ("block", 1, 1, 0))
    assert s.field == [(), ()] and s.discard == [(0,), (0, 1)]
    assert s.deck[1] == (2, 3, 4)  # a defended attack makes nobody discard from the deck
    assert rules.counts["battlegate.rule.group-defence"] == 1
    assert rules.counts["battlegate.rule.equal"] == 1


def test_greater_attack_discards_the_defence(rules):
    """Combat phase: "If the power of an attack is greater than the power of a defense then
    the defense is defeated and any cards defending against that attack are discarded." """
    s = position(rules, (deck("S5"), deck("M3", "M1", "M1", "M1")), field={0: (0,), 1: (0,)})
    s = act(rules, s, ("attack", 0, 0, 1), ("block", 1, 0, 0))
    assert s.field == [(0,), ()] and s.discard == [(), (0,)]
    assert s.deck[1] == (1, 2, 3)  # only undefended attacks make the defender discard


def test_greater_defence_discards_the_attacker(rules):
    """Combat phase: "If the power of a defense is greater than the power of an attack then
    the attack is defeated and the attacking card is discarded." """
    s = position(rules, (deck("S3", "M1"), deck("M4", "M1")), field={0: (0, 1), 1: (0,)})
    s = act(rules, s, ("attack", 0, 0, 1), ("block", 1, 0, 0))
    assert s.field == [(1,), (0,)] and s.discard == [(0,), ()]
    assert rules.counts["battlegate.rule.defence-wins"] == 1


def test_undefended_power_is_discarded_from_the_top_of_the_deck(rules):
    """Combat phase: "At the end of the combat phase the defending player must discard a
    number of cards from the top of their deck equal to the total power of any attacks they
    did not defend against." """
    s = position(rules, (deck("S4", "A1"), filler(6)), field={0: (0, 1)},
                 deck={1: (5, 4, 3, 2, 1, 0)})
    s = act(rules, s, ("attack", 0, 0, 1), ("attack", 0, 1, 1))
    assert s.deck[1] == (0,) and s.discard[1] == (1, 2, 3, 4, 5)  # 4 + 1
    s = position(rules, (deck("S4"), filler(6)), field={0: (0,)}, deck={1: (5, 4, 3, 2, 1, 0)})
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.deck[1] == (1, 0) and s.discard[1] == (2, 3, 4, 5)
    assert s.current == 1 and s.phase == DRAW
    assert rules.counts["battlegate.rule.undefended"] == 3
    assert s.phase == DRAW and s.current == 1


def test_discard_continues_from_the_hand(rules):
    """Combat phase: "If a defending player has no more cards left in their deck to discard
    they must continue by discarding cards from their hand." (ruling discard-choice: the
    defending player chooses which)"""
    s = position(rules, (deck("S3"), deck("M1", "S2", "A3", "M4")), field={0: (0,)},
                 deck={1: (0,)}, hand={1: (1, 2, 3)})
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.phase == DISCARD and rules.to_move(s) == (1,)
    assert rules.legal_actions(s, 1) == [("discard", 1, 1), ("discard", 1, 2),
                                         ("discard", 1, 3)]
    assert rules.observe(s, 1).to_discard == 2
    s = act(rules, s, ("discard", 1, 2), ("discard", 1, 1))
    assert s.hand[1] == (3,) and s.discard[1] == (0, 1, 2) and s.alive == (True, True)
    assert rules.counts["battlegate.ruling.discard-choice"] == 2


def test_a_player_who_must_discard_and_cannot_is_eliminated(rules):
    """Combat phase: "If they have no cards left in their hand and no cards left in their
    deck that player is eliminated from the battle" / "You win the battle if you are the
    last player remaining after a combat phase" """
    s = position(rules, (deck("S3"), deck("M1", "M2")), field={0: (0,)}, hand={1: (0,)},
                 discard={1: (1,)})
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.outcome == Outcome(0, "last player remaining")
    assert s.alive == (True, False) and s.box[1] == (0, 1) and s.discard[1] == ()
    assert s.eliminated == ((1, 0, 1, "overwhelmed"),)
    assert rules.to_move(s) == () and rules.legal_actions(s, 0) == []
    assert rules.counts["battlegate.rule.win"] == 1


def test_a_player_only_eliminated_if_unable_to_discard(rules):
    """Combat phase: "note: a player is only eliminated if they have to discard but are
    unable" """
    s = position(rules, (deck("S3"), filler(3)), field={0: (0,)}, deck={1: (0, 1)},
                 hand={1: (2,)})
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.alive == (True, True) and s.deck[1] == s.hand[1] == ()  # exactly enough
    # B stays in the battle; with nothing to do, B's turn passes by itself.
    assert s.current == 0 and s.turn == 3
    assert s.alive == (True, True)
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.outcome == Outcome(0, "last player remaining")
    assert s.eliminated[0][3] == "empty"


def test_assassins_boost_attack_and_defence(rules):
    """Assassin: "you may also play them from your hand onto cards you have in play during
    any combat in which your cards are attacking or defending. Playing an assassin to an
    attacker or defender adds its power to that card ... Assassins played during a combat
    phase are discarded at the end of that combat". Combat phase: "assassins played this
    way ... count towards the total number and power of cards you have played this turn" """
    a = deck("S3", "A2", "M1")
    b = deck("M4", "A2", "M1", "M1")
    s = position(rules, (a, b), field={0: (0,), 1: (0,)}, hand={0: (1, 2), 1: (1, 2, 3)})
    assert s.cap_power == (2, 3) and s.cap_cards == (1, 1)  # B's own hand, ruling
    # (after the attack A may boost it at once, or stop: see test_boost_at_any_time)
    s = act(rules, s, ("stop", 0), ("attack", 0, 0, 1), ("stop", 0), ("block", 1, 0, 0))
    assert s.phase == BOOST and rules.to_move(s) == (0,)
    assert rules.legal_actions(s, 0) == [("boost", 0, 1, 0), ("stop", 0)]
    s = act(rules, s, ("boost", 0, 1, 0))
    assert s.used_cards == (1, 0) and s.used_power == (2, 0)
    assert rules.observe(s, 1).attacks[0].power == 5
    assert rules.legal_actions(s, 1) == [("boost", 1, 1, 0), ("stop", 1)]
    s = act(rules, s, ("boost", 1, 1, 0))  # 6 against 5; then nobody can play more
    assert s.field == [(), (0,)] and s.discard == [(0, 1), (1,)]
    assert rules.counts["battlegate.rule.boost"] == 2
    assert rules.counts["battlegate.ruling.defender-budget"] == 1


def test_a_card_played_this_turn_uses_up_the_boost(rules):
    """Combat phase: assassins played in combat "count towards the total number and power
    of cards you have played this turn": with one card a turn, a fielded card leaves no
    assassin to play."""
    a = deck("S3", "A2", "M1")
    s = position(rules, (a, deck("M4", "M1")), field={0: (0,), 1: (0,)}, hand={0: (1, 2)})
    s = act(rules, s, ("field", 0, 2), ("attack", 0, 0, 1), ("block", 1, 0, 0))
    assert s.discard[0] == (0,) and s.hand[0] == (1,)  # no boost was offered
    assert rules.counts["battlegate.rule.boost"] == 0


# ----------------------------------------------------------------- recovery phase

def test_recover_up_to_minions_in_play(rules):
    """Recovery phase: "After the combat phase a player may recover a number of cards of
    their choice from their discard pile to their hand up to the number of minions they have
    in play." """
    a = deck("M1", "M1", "S2", "S3", "S4")
    s = position(rules, (a, filler(17, "S1")), field={0: (0, 1)}, discard={0: (2, 3, 4)})
    assert rules.legal_actions(s, 0) == [("recover", 0, 2), ("recover", 0, 3),
                                         ("recover", 0, 4), ("stop", 0)]
    s = act(rules, s, ("recover", 0, 4), ("recover", 0, 3))
    assert s.hand[0] == (3, 4) and s.discard[0] == (2,) and s.current == 1
    assert rules.counts["battlegate.rule.recover"] == 2


# -------------------------------------------------------------------- multiplayer

def test_eliminated_players_leave_the_turn_order(rules):
    """Combat phase: "that player is eliminated from the battle (i.e. they are out of the
    game ...)"; turns go on to the left among those remaining."""
    s = position(rules, (deck("S3"), deck("M1"), filler(17, "S1")), field={0: (0,)},
                 hand={1: (0,)})
    s = act(rules, s, ("attack", 0, 0, 1))
    assert s.alive == (True, False, True) and s.outcome is None
    assert s.current == 2
    assert rules.counts["battlegate.rule.eliminated"] == 1
