"""The Valiant Wars round, rule by rule, each test quoting the rulebook line it checks
(shared/rules/valiant-wars.md)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from random import Random

from vwkit import act, deal, names, order, step

from toolkit.games.valiantwars.engine import ValiantWarsRules, sample_params, tally
from toolkit.games.valiantwars.engine.state import (
    BUY,
    DRAW,
    DRAWING,
    EMPTY,
    ORDER,
    OUT,
    OVER,
    SHUFFLE,
    STOPPED,
)
from toolkit.sim.engine import CHANCE


def pass_all(rules, s):
    """Every buyer in turn buys nothing more (players tied in STOP order in seat order)."""
    if s.phase == ORDER:
        s = order(rules, s, *sorted(s.buyers))
    while s.phase == BUY:
        p = rules.to_move(s)[0]
        s = act(rules, s, ("pass", p))
    return s


def test_setup_deals_the_starting_decks_the_market_and_the_location_deck():
    """Starting Deck: "Five (5) Gold cards - Three (3) Dark Omen cards - Two (2) Soldier
    cards"; Setup: "distribute 5 Champions face-up directly beneath to make the Market";
    Victory Conditions: 2 players "10 + Valiant Throne" 10 VP ... 5 players "8 + Valiant
    Throne" 8 VP; "add the Valiant throne to the bottom of the deck and the Village to the
    top": the table's Locations, the Village on top and the Throne at the bottom."""
    rules = ValiantWarsRules()
    table = {2: (10, 10), 3: (9, 9), 4: (8, 8), 5: (8, 8)}
    for players, (locations, target) in table.items():
        s = rules.setup(sample_params(players), Random(players))
        pool = s.pool
        for cards in s.owned:
            assert Counter(pool.specs[c].kind for c in cards) == \
                {"Gold": 5, "Dark Omen": 3, "Soldier": 2}
        assert len(s.market) == 5 and all(pool.specs[c].kind == "Champion" for c in s.market)
        assert len(s.locations) == locations + 2 and s.target == target
        assert s.locations[-1] == pool.throne and s.locations[0] in pool.villages
        assert len(s.omen_supply) == 25 - 3 * players
        assert not list(rules.invariants(s))


def test_every_round_begins_with_a_shuffle_of_all_one_owns():
    """1. Shuffle: "Before each round, including the first turn, be sure to shuffle all the
    cards you own into a face down deck.\""""
    rules = ValiantWarsRules()
    s = rules.setup(sample_params(2), Random(1))
    assert s.phase == SHUFFLE and rules.to_move(s) == (CHANCE,)
    s = rules.apply(s, rules.chance(s, Random(2)))
    assert s.phase == DRAW
    for p in range(2):
        assert sorted(s.deck[p]) == list(s.owned[p])


def test_players_draw_simultaneously_one_card_at_a_time():
    """2. DRAW!: "All players draw cards, placing them face up simultaneously one at a
    time." Both decide at once; the cards are revealed together."""
    rules, s, _ = deal(["Gold", "Soldier"], ["Soldier", "Gold"])
    assert rules.to_move(s) == (0, 1)
    after_one = rules.apply(s, ("draw", 0))
    assert rules.to_move(after_one) == (1,) and after_one.line == ((), ())  # not yet revealed
    s = step(rules, s, p0="draw", p1="draw")
    assert names(s, s.line[0]) == ["Gold Crown"] and names(s, s.line[1]) == ["Levy Soldier"]
    assert s.beat == 1 and rules.to_move(s) == (0, 1)


def test_stop_at_any_time_ends_ones_draws():
    """You Call STOP!: "Choose to stop at any time." A player who stopped draws no more."""
    rules, s, _ = deal(["Gold", "Soldier", "Gold"], ["Soldier", "Gold", "Gold"])
    s = step(rules, s, p0="stop", p1="draw")
    assert s.status[0] == STOPPED and s.line[0] == ()
    assert rules.to_move(s) == (1,)
    s = step(rules, s, p1="draw")
    assert len(s.line[1]) == 2 and s.line[0] == ()


def test_a_second_dark_omen_puts_a_player_out():
    """Dark Omens: "If a player draws two (2) Dark Omen cards, they are knocked out of the
    round and lose all their Gold and Swords for the round"; "After two (2) Dark Omen cards
    have been revealed in your line, your turn is over.\""""
    rules, s, _ = deal(["Soldier", "Omen", "Omen", "Soldier"], ["Soldier", "Soldier",
                                                               "Soldier", "Gold"])
    for _ in range(2):
        s = step(rules, s, p0="draw", p1="draw")
    assert s.status[0] == DRAWING and s.omens[0] == 1
    s = step(rules, s, p0="draw", p1="draw")
    assert s.status[0] == OUT and rules.to_move(s) == (1,)
    s = step(rules, s, p1="stop")
    # OUT players do not buy: only player 2 is asked, then the battle.
    assert s.buyers == (1,)
    s = pass_all(rules, s)
    # "All players who have not gone OUT, count Swords": player 2's 3 Soldiers take it.
    assert s.vp[1] == 1 and s.vp[0] == 0


def test_a_first_card_dark_omen_stack_counts_as_one_omen_and_one_gold():
    """Special Rule: "If you draw a Dark Omen as your first card, all other Dark Omens you
    draw consecutively after are placed on the first one in a stack. This occurs until you
    draw a non-Dark Omen card. A stack of Dark Omens counts, in total, as one (1) Dark
    Omen." / "A stack of Dark Omens will only provide a total of 1 Gold and 1 Dark Omen".
    """
    rules, s, _ = deal(["Omen", "Omen", "Omen", "Gold", "Omen"], ["Soldier"] * 5)
    for _ in range(4):
        s = _draw_both(rules, s)
    assert s.status[0] == DRAWING and s.omens[0] == 1 and s.stack[0] == 3
    swords, gold, _ = tally(s.pool, s.line[0], s.down[0], s.stack[0])
    assert gold == 2  # the stack's one Gold and the Gold Crown
    s = _draw_both(rules, s)
    assert s.status[0] == OUT  # after the Gold, a Dark Omen is the second


def _draw_both(rules, s):
    movers = rules.to_move(s)
    return step(rules, s, **{f"p{p}": "draw" for p in movers})


def test_running_out_of_cards_ends_the_draw_like_a_stop():
    """Battle for Locations: "After all players have either: 1. Gone OUT 2. Called STOP 3.
    Have run out of Cards to place in their line". Ruling ran-out."""
    rules, s, _ = deal(["Soldier"], ["Gold", "Gold", "Soldier"])
    s = step(rules, s, p0="draw", p1="draw")
    assert s.status[0] == EMPTY and rules.to_move(s) == (1,)
    assert rules.counts["valiantwars.ruling.ran-out"] == 1
    s = step(rules, s, p1="stop")
    # player 2 stopped at the second draw, player 1 ran out at the first: 1 buys first
    assert s.buyers == (0, 1)


def test_purchases_go_in_stop_order_at_most_two_each():
    """Purchasing Cards: "Purchasing is always done in order of when players call STOP!"
    and "Any player who has not gone OUT, may purchase a maximum of two (2) cards.\""""
    rules, s, _ = deal(["Gold"] * 5, ["Gold"] * 5)
    s = _draw_both(rules, s)
    s = _draw_both(rules, s)
    s = step(rules, s, p0="draw", p1="stop")   # player 2 stops first, with 2 Gold
    s = step(rules, s, p0="stop")              # player 1 next, with 3 Gold
    assert s.phase == BUY and s.buyers == (1, 0) and rules.to_move(s) == (1,)
    s = act(rules, s, ("pass", 1))
    assert rules.to_move(s) == (0,)
    s = act(rules, s, ("gold", 0))
    s = act(rules, s, ("gold", 0))
    # two purchases made with a Gold still unspent: player 1 is done, the round ends
    assert s.phase == SHUFFLE
    assert rules.counts["valiantwars.rule.buy-gold"] == 2


def test_purchase_costs_soldier_free_gold_one_champion_its_cost():
    """Purchasing Cards: "A Treasure Card costs 1 Gold to Purchase. A Soldier Card is free to
    purchase. A Champion Card's Gold cost is listed." and "Cards are purchased with Gold
    that is tallied from your line.\""""
    rules, s, _ = deal(["Gold", "Gold", "Gold", "Soldier"], ["Soldier", "Soldier"],
                       market=["Iron Fighter", "Hill Barbarian", "Sworn Hero",
                               "Road Brigand", "Coin SellSword"])
    for _ in range(3):
        s = step(rules, s, **{f"p{p}": "draw" for p in rules.to_move(s)})
    # Player 1 has 3 Gold; player 2 ran out after 2 Soldiers (0 Gold).
    s = step(rules, s, p0="stop")
    assert s.buyers == (1, 0)
    legal = rules.legal_actions(s, 1)
    assert ("soldier", 1) in legal and ("gold", 1) not in legal  # 0 Gold: only free cards
    assert not any(a[0] == "champion" for a in legal)
    s = act(rules, s, ("pass", 1))
    legal = rules.legal_actions(s, 0)
    costs = {s.pool.names[a[2]]: s.pool.cost[a[2]] for a in legal if a[0] == "champion"}
    assert costs == {"Iron Fighter": 2, "Hill Barbarian": 3, "Road Brigand": 2,
                     "Coin SellSword": 2}  # Sworn Hero costs 6
    barbarian = next(a for a in legal if a[0] == "champion" and a[2] == s.market[1])
    s = act(rules, s, barbarian)
    # 0 Gold left: a second purchase may only be a Soldier
    assert set(rules.legal_actions(s, 0)) == {("soldier", 0), ("pass", 0)}
    s = act(rules, s, ("soldier", 0))
    # two purchases made: the round moves on to the battle and the next shuffle
    assert s.phase == SHUFFLE
    assert sorted(names(s, s.owned[0])).count("Hill Barbarian") == 1
    assert sorted(names(s, s.owned[0])).count("Levy Soldier") == 2


def test_the_market_is_refilled_at_once():
    """Purchasing Cards: "As soon as a Champion card is purchased from the Market, replace
    them with another. There should always be five (5) Champions in the Market.\""""
    rules, s, _ = deal(["Gold", "Gold", "Gold"], ["Soldier"])
    top_of_pile = s.pile[0]
    s = _draw_both(rules, s)  # player 2 has run out
    s = _draw_both(rules, s)
    s = _draw_both(rules, s)
    assert s.phase == BUY and s.buyers == (1, 0)
    s = act(rules, s, ("pass", 1))
    buy = next(a for a in rules.legal_actions(s, 0) if a[0] == "champion")
    i = s.market.index(buy[2])
    s = act(rules, s, buy)
    assert len(s.market) == 5 and s.market[i] == top_of_pile


def test_highest_swords_wins_the_top_location_and_its_vp():
    """Battle for Locations: "The player with the highest total Swords in their line wins
    the Location"; "The winner takes the top Location card and is rewarded with victory
    points"; "Take the Location and add it to your deck.\""""
    rules, s, _ = deal(["Soldier", "Soldier"], ["Soldier", "Gold"])
    top = s.locations[0]
    s = _draw_both(rules, s)
    s = _draw_both(rules, s)
    s = pass_all(rules, s)
    assert s.vp == (s.pool.vp[top], 0) and top in s.owned[0]
    assert s.locations[0] != top and s.round == 2


def test_a_tie_leaves_the_location_for_the_next_round():
    """Battle for Locations: "If there is a tie, the Location is not won and is played for
    in the next round.\""""
    rules, s, _ = deal(["Soldier", "Gold"], ["Gold", "Soldier"])
    top = s.locations[0]
    s = _draw_both(rules, s)
    s = _draw_both(rules, s)
    s = pass_all(rules, s)
    assert s.vp == (0, 0) and s.locations[0] == top
    assert rules.counts["valiantwars.rule.battle-tie"] == 1


def test_a_dark_omen_for_every_three_victory_points():
    """Important Rule: "For every 3 victory point markers you receive, add one (1)
    additional Dark Omen card to your deck." (ruling omen-per-3-vp: points)"""
    # Player 1 holds a 2 VP Location (at the bottom, never drawn here) and wins 1 more.
    rules, s, _ = deal(["Soldier", "Soldier", "Cinder Pass"], ["Gold"],
                       locations=["Millbrook Village", "Greywater Mill", "Valiant Throne"])
    omens_before = sum(1 for c in s.owned[0] if s.pool.specs[c].kind == "Dark Omen")
    s = _draw_both(rules, s)
    s = step(rules, s, p0="draw")
    s = step(rules, s, p0="stop")
    s = pass_all(rules, s)
    assert s.vp[0] == 3 and s.extra[0] == 1
    assert sum(1 for c in s.owned[0] if s.pool.specs[c].kind == "Dark Omen") == omens_before + 1


def test_enough_victory_points_win_the_game():
    """7. Winning: "If you have collected enough victory points to win, based on player
    count - congratulations - you take control over the kingdom and win the game."
    (2 players: 10 VP.)"""
    rules, s, _ = deal(["Soldier", "Emberfall Citadel", "Wyrmrest Bastion",
                        "Kingsbridge Market"], ["Gold"],
                       locations=["Millbrook Village", "Greywater Mill", "Valiant Throne"])
    assert s.vp[0] == 9
    s = _draw_both(rules, s)
    s = step(rules, s, p0="stop")
    s = pass_all(rules, s)
    assert s.phase == OVER and rules.outcome(s).winner == 0
    assert rules.outcome(s).reason == "reached 10 VP"


def test_taking_the_valiant_throne_wins():
    """7. Winning: "if you reach the last Location card - the Valiant Throne - and no one
    has enough victory points to win, the player to take the Valiant Throne is declared
    the winner.\""""
    rules, s, _ = deal(["Gold"], ["Soldier"], locations=["Valiant Throne"])
    s = _draw_both(rules, s)
    s = pass_all(rules, s)
    assert rules.outcome(s).winner == 1 and rules.outcome(s).reason == "took the Valiant Throne"
    assert s.vp[1] == 5  # the Throne's own VP, short of the 10 needed


def test_when_played_effects_resolve_fewest_vp_first_ties_at_random():
    """Play Actions: "If multiple "When Played" cards are drawn at the same time by
    different players, the players with the fewest victory points, have their card's
    ability take effect first in order of fewest to most. In the case of a tie, determine
    randomly.\""""
    # Equal VP: a chance node orders them.
    rules, s, _ = deal(["Oracle", "Gold"], ["Oracle", "Gold"])
    s = _draw_both(rules, s)
    assert s.phase == ORDER and rules.to_move(s) == (CHANCE,)
    s = order(rules, s, 1, 0)
    assert rules.counts["valiantwars.rule.effect-tie"] == 1
    # Fewer VP first, no chance node: player 2 (0 VP) before player 1 (2 VP).
    rules, s, _ = deal(["Firebrand", "Gold", "Gold", "Cinder Pass"],
                       ["Warlord", "Gold", "Gold"])
    s = _draw_both(rules, s)
    assert s.phase == DRAW
    # each drew one more card: player 2's Warlord resolved first, then player 1's
    assert len(s.line[0]) == 2 and len(s.line[1]) == 2


def test_when_played_is_never_retroactive():
    """Play Actions: ""When Played" effects are never retroactive. They only take effect
    as they are played." The Saboteur's "another Rogue" is checked when it is played: a
    Rogue drawn later does not wake it (test_vw_engine_fidelity.py: nor one drawn during
    its own forced draws)."""
    rules, s, _ = deal(["Saboteur", "Brigand"], ["Gold", "Gold", "Gold", "Gold"])
    s = _draw_both(rules, s)
    # the one target is chosen at once (forced, one option): player 2 draws two
    assert len(s.line[1]) == 3
    assert rules.counts["valiantwars.rule.conditional"] == 1  # no other Rogue yet
    s = _draw_both(rules, s)
    assert rules.counts["valiantwars.rule.conditional"] == 1


def test_face_down_cards_count_for_nothing():
    """Additional Rules: "Champions are only ever tallied in your line or count as in-pay
    if they are face-up. Face-down cards never count toward anything.\""""
    rules, s, _ = deal(["Hill Barbarian", "Gold"], ["Soldier"])
    pool = s.pool
    barbarian = s.deck[0][0]
    assert tally(pool, (barbarian,), (), 0)[0] == 3
    assert tally(pool, (barbarian,), (barbarian,), 0)[0] == 0


def test_invariants_catch_broken_states_even_after_clean_ones():
    """Every card in exactly one place; Dark Omens counted right; VP from Locations held
    (the engine skips a player's checks only while their cards are the ones found clean)."""
    rules, s, _ = deal(["Gold", "Omen", "Soldier"], ["Soldier", "Gold"])
    assert not list(rules.invariants(s))
    s = step(rules, s, p0="draw", p1="draw")
    assert not list(rules.invariants(s))
    broken = s.copy()
    broken.market = broken.market[:4] + (broken.owned[0][0],)
    assert [name for name, _ in rules.invariants(broken)] == ["one-place"]
    broken = s.copy()
    broken.omens = (1, 0)
    assert [name for name, _ in rules.invariants(broken)] == ["omens"]
    broken = s.copy()
    broken.vp = (3, 0)
    assert {"vp", "omen-per-vp"} <= {name for name, _ in rules.invariants(broken)}
    assert not list(rules.invariants(s))  # and the real state is still clean
    # Cards moved between places, each still in one place, but a Soldier in the Market.
    broken = s.copy()
    soldier = broken.soldiers[0]
    broken.soldiers = broken.soldiers[1:] + (broken.market[0],)
    broken.market = (soldier,) + broken.market[1:]
    assert [name for name, _ in rules.invariants(broken)] == ["piles"]
    # A card taken from the pile into a player's cards, and nowhere else: too many cards.
    broken = s.copy()
    broken.owned = (tuple(sorted(broken.owned[0] + broken.pile[:1])), broken.owned[1])
    assert [name for name, _ in rules.invariants(broken)][0] == "card-count"
    assert not list(rules.invariants(s))


def test_a_state_copy_holds_every_field_and_leaves_the_original():
    """`State.copy` copies every field (it sets them one by one), and `apply` leaves the
    state it was given untouched."""
    rules, s, _ = deal(["Gold", "Omen", "Soldier"], ["Soldier", "Gold"])
    twin = s.copy()
    for f in dataclasses.fields(s):
        assert getattr(twin, f.name) is getattr(s, f.name), f.name
    before = {f.name: getattr(s, f.name) for f in dataclasses.fields(s)}
    after = step(rules, s, p0="draw", p1="draw")
    assert after is not s and after.line != s.line
    assert all(getattr(s, name) is value for name, value in before.items())
