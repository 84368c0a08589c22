"""All 27 champion effects of the rulebook's Champion List, and the location penalties,
each test quoting the effect it checks (shared/rules/valiant-wars.md)."""

from __future__ import annotations

from vwkit import Picker, act, deal, names, params, step

from toolkit.games.valiantwars.engine import CardSpec, tally
from toolkit.games.valiantwars.engine.state import BUY, CHOICE, OUT, STOPPED, Pool
from toolkit.games.valiantwars.vocab import (
    FIREBRAND,
    PALADIN,
)

POOL = Pool(params().cards)


def cards(*names_: str) -> tuple[int, ...]:
    """Distinct ids of the bundled pool by name (see vwkit)."""
    pick = Picker(params())
    return tuple(pick(n) for n in names_)


def swords(*names_: str, down: tuple[str, ...] = (), copies=()) -> int:
    line = cards(*names_)
    flipped = tuple(line[i] for i, n in enumerate(names_) if n in down)
    return tally(POOL, line, flipped, 0, copies)[0]


def gold(*names_: str) -> int:
    return tally(POOL, cards(*names_), (), 0)[1]


def both(rules, s):
    return step(rules, s, **{f"p{p}": "draw" for p in rules.to_move(s)})


# ------------------------------------------------------------------ ongoing effects

def test_archer_gains_three_with_a_location_limited_to_one():
    """Archer: "If your line includes at least one face-up Location, gain +3 Swords. This
    is limited to one (1) Location.\""""
    assert swords("Archer") == 2
    assert swords("Archer", "Greywater Mill") == 5
    assert swords("Archer", "Greywater Mill", "Cinder Pass") == 5


def test_barbarian_and_fighter_have_no_special_effect():
    """Barbarian: "No special effect." Fighter: "No special effect.\""""
    assert swords("Barbarian", "Greywater Mill", "Brigand") == 3 + 1
    assert swords("Fighter", "Greywater Mill", "Gold") == 2


def test_brigand_gains_one_with_another_rogue_limited_to_one():
    """Brigand: "If your line includes at least one other face-up Rogue, gain +1 Sword.
    This is limited to one (1) Rogue.\""""
    assert swords("Brigand") == 1
    assert swords("Brigand", "Night Assassin") == 1 + 2 + 1
    assert swords("Brigand", "Night Assassin", "Veil Dancer") == 1 + 2 + 1 + 1
    assert swords("Brigand", "Night Assassin", down=("Night Assassin",)) == 1


def test_guard_gains_two_with_a_rogue_not_per_rogue():
    """Guard: "If your line includes at least one face-up Rogue, gain +2 Swords. The Guard
    does not gain +1 Sword per Rogue.\""""
    assert swords("Guard") == 2
    assert swords("Guard", "Brigand") == 2 + 2 + 1
    assert swords("Guard", "Brigand", "Veil Dancer") == 2 + 2 + 1 + 1 + 1


def test_mercenary_gains_one_per_face_up_gold_up_to_seven():
    """Mercenary: "If your line includes face-up Gold, gain +1 Sword for each, to a maximum
    of seven (7).\""""
    assert swords("Mercenary", "Gold", "Gold") == 1 + 2
    assert swords("Mercenary", *["Gold"] * 9) == 1 + 7
    assert swords("Mercenary", "Monk", "Omen") == 1  # ruling mercenary-gold


def test_monk_and_sellsword_provide_gold():
    """Monk: "Each Monk is provides you +2 Gold." SellSword: "The SellSword provides you +1
    Gold.\""""
    assert gold("Monk") == 2 and gold("Monk", "Monk") == 4
    assert gold("SellSword") == 1 and gold("SellSword", "Gold") == 2


def test_paladin_gains_two_per_other_face_up_rogue():
    """Paladin: "Gain +2 Swords for each other face-up Rogue you have in your line.\""""
    assert swords("Paladin") == 2
    assert swords("Paladin", "Brigand", "Night Assassin") == 2 + 4 + 1 + 2 + 1


def test_retainer_and_wing_knight_count_mystics():
    """Retainer: "Gain +2 Swords for each Mystic in your line." Wing Knight: "Gain +1 Sword
    for each face-up Mystic in your line.\""""
    assert swords("Retainer", "Star Oracle", "Moon Witch") == 1 + 4 + 1 + 1
    assert swords("Wing Knight", "Star Oracle", "Moon Witch") == 2 + 2 + 1 + 1
    assert swords("Retainer", "Star Oracle", down=("Star Oracle",)) == 1


def test_sentinel_gains_two_per_face_up_location():
    """Sentinel: "Gain +2 Swords for each face-up location in your line.\""""
    assert swords("Sentinel", "Greywater Mill", "Cinder Pass") == 1 + 4


def test_a_dancer_copy_of_an_ongoing_effect_counts_but_not_the_base_swords():
    """Dancer: "it copies all the effects of another face-up Champion in your line ... The
    Dancer does not copy that Champions base Sword value.\""""
    line = ("Paladin", "Brigand", "Veil Dancer")
    dancer = cards(*line)[2]
    # Paladin: 2 + 2 per other Rogue (2); Brigand 1 + 1; Dancer 1 + (as Paladin) 2 x 1
    assert swords(*line) == 2 + 4 + 1 + 1 + 1
    assert swords(*line, copies=((dancer, PALADIN),)) == 2 + 4 + 1 + 1 + 1 + 2


# ------------------------------------------------------------------ draw effects

def test_apprentice_makes_an_opponent_of_your_choosing_draw_one():
    """Apprentice: "Draw effect - When the Apprentice is drawn, an opposing player of your
    choosing must draw one (1) card.\""""
    rules, s, _ = deal(["Apprentice", "Gold"], ["Gold", "Soldier", "Gold"])
    s = both(rules, s)
    assert len(s.line[1]) == 2  # one opponent: chosen at once
    rules, s, _ = deal(["Apprentice", "Gold"], ["Gold", "Gold"], ["Soldier", "Soldier"])
    s = both(rules, s)
    assert s.phase == CHOICE and rules.legal_actions(s, 0) == (("target", 0, 1),
                                                               ("target", 0, 2))
    s = act(rules, s, ("target", 0, 2))
    assert len(s.line[2]) == 2 and len(s.line[1]) == 1


def test_assassin_may_flip_an_opposing_champion():
    """Assassin: "Draw effect - When the Assassin is drawn, you may flip any one (1)
    opposing Champion in play.\""""
    rules, s, _ = deal(["Assassin", "Gold"], ["Hill Barbarian", "Soldier"])
    s = both(rules, s)
    barbarian = s.line[1][0]
    assert rules.legal_actions(s, 0) == (("flip", 0, barbarian), ("pass", 0))
    s = act(rules, s, ("flip", 0, barbarian))
    assert s.down[1] == (barbarian,)
    assert tally(s.pool, s.line[1], s.down[1], 0)[0] == 0


def test_dancer_copies_a_draw_effect_and_resolves_it_at_once():
    """Dancer: "This may copy Draw or Ongoing effects, and lasts the same duration." A
    Dancer copying the Firebrand ("you must draw one (1) card") draws one."""
    rules, s, _ = deal(["Iron Fighter", "Firebrand", "Veil Dancer", "Gold", "Gold", "Gold"],
                       ["Gold"] * 6)
    s = both(rules, s)           # Fighter
    s = both(rules, s)           # Firebrand: draws the Dancer at once
    assert names(s, s.line[0]) == ["Iron Fighter", "Wild Firebrand", "Veil Dancer"]
    # the Dancer chooses between the Fighter and the Firebrand
    assert s.phase == CHOICE and {a[2] for a in rules.legal_actions(s, 0)} == set(s.line[0][:2])
    s = act(rules, s, ("copy", 0, s.line[0][1]))
    assert s.copies == ((s.line[0][2], FIREBRAND),)
    assert len(s.line[0]) == 4   # the copied draw effect drew one more card


def test_firebrand_warlord_and_wurm_lord_must_draw():
    """Firebrand/Warlord: "you must draw one (1) card"; Wurm Lord: "you must draw two (2)
    cards".\""""
    for champion, extra in (("Firebrand", 1), ("Warlord", 1), ("Wurm Lord", 2)):
        rules, s, _ = deal([champion, "Gold", "Gold", "Gold"], ["Soldier"] * 4)
        s = both(rules, s)
        assert len(s.line[0]) == 1 + extra, champion


def test_general_cannot_be_targeted_by_other_players():
    """General: "While the General is face-up, you cannot be Targeted by other players'
    effects.\""""
    rules, s, _ = deal(["Banner General", "Gold"], ["Apprentice", "Gold"])
    s = both(rules, s)
    assert len(s.line[0]) == 1  # the Apprentice found nobody to choose
    assert rules.counts["valiantwars.effect.general"] >= 1


def test_hero_cannot_be_flipped_nor_targeted():
    """Hero: "The Hero cannot be Flipped by any means, nor can it be Targeted by you or an
    opposing player.\""""
    rules, s, _ = deal(["Assassin", "Gold"], ["Sworn Hero", "Soldier"])
    s = both(rules, s)
    assert s.phase != CHOICE and s.down == ((), ())  # nothing the Assassin could flip
    assert rules.counts["valiantwars.effect.hero"] >= 1


def test_lunar_witch_makes_the_chosen_player_flip_a_champion_of_their_choice():
    """Lunar Witch: "choose an opposing player. They must flip any one (1) Champion in their
    line, of their choice. If a Champion is not available, they must Flip a Soldier.\""""
    rules, s, _ = deal(["Gold", "Lunar Witch"], ["Hill Barbarian", "Iron Fighter", "Gold"])
    s = both(rules, s)
    s = both(rules, s)
    # the chosen player (the only one) decides which of their two Champions to flip
    assert s.phase == CHOICE and rules.to_move(s) == (1,)
    assert {a[2] for a in rules.legal_actions(s, 1)} == set(s.line[1])
    s = act(rules, s, ("flip", 1, s.line[1][1]))
    assert s.down[1] == (s.line[1][1],)
    # with only the Hero and a Soldier, the Soldier is flipped
    rules, s, _ = deal(["Gold", "Lunar Witch"], ["Sworn Hero", "Soldier", "Gold"])
    s = both(rules, s)
    s = both(rules, s)
    assert names(s, s.down[1]) == ["Levy Soldier"]


def test_oracle_shows_its_owner_the_top_four_cards():
    """Oracle: "look at the top four (4) cards of your deck and return them in the same
    order." Only its owner sees them (ruling oracle-knowledge)."""
    rules, s, _ = deal(["Oracle", "Gold", "Soldier", "Omen", "Gold", "Soldier"], ["Gold"] * 6)
    s = both(rules, s)
    mine, theirs = rules.observe(s, 0), rules.observe(s, 1)
    assert mine.my_top == s.deck[0][:4] and len(mine.my_top) == 4
    assert theirs.my_top == () and theirs.peek[0] == 4
    s = both(rules, s)
    assert rules.observe(s, 0).my_top == s.deck[0][:3]


def test_priestess_makes_the_chosen_player_draw_one_per_face_up_mystic():
    """Priestess: "choose an opposing player. They must draw a number of cards equal to
    the number of Mystics face-up in your line.\""""
    rules, s, _ = deal(["Star Oracle", "Dawn Priestess", "Gold"], ["Gold"] * 6)
    s = both(rules, s)
    s = both(rules, s)
    assert len(s.line[1]) == 2 + 2  # the Oracle and the Priestess herself


def test_pyromancer_may_make_an_opponent_draw_two():
    """Pyromancer: "you may choose an opposing player to draw two (2) cards.\""""
    rules, s, _ = deal(["Pyromancer", "Gold"], ["Gold"] * 4)
    s = both(rules, s)
    assert rules.legal_actions(s, 0) == (("target", 0, 1), ("pass", 0))
    declined = act(rules, s, ("pass", 0))
    assert len(declined.line[1]) == 1
    s = act(rules, s, ("target", 0, 1))
    assert len(s.line[1]) == 3


def test_saboteur_two_cards_then_one_more_with_another_rogue():
    """Saboteur: "choose an opposing player to draw two (2) cards. If you have another Rogue
    in play, you may then choose an opposing player to draw one (1) card.\""""
    rules, s, _ = deal(["Iron Fighter", "Brigand", "Saboteur", "Gold"], ["Gold"] * 8)
    s = both(rules, s)
    s = both(rules, s)           # the Brigand: player 2 draws one
    assert len(s.line[1]) == 3
    s = both(rules, s)           # the Saboteur: two at once, then may one more
    assert len(s.line[1]) == 6
    assert rules.legal_actions(s, 0) == (("target", 0, 1), ("pass", 0))
    s = act(rules, s, ("target", 0, 1))
    assert len(s.line[1]) == 7


def test_saint_may_flip_a_dark_omen_to_ignore_it():
    """Saint: "you may Flip a Dark Omen card in your line to ignore it. You do not gain the
    Dark Omen's Gold if its face-down.\""""
    rules, s, _ = deal(["Gold", "Omen", "Saint", "Omen", "Gold"], ["Soldier"] * 6)
    for _ in range(3):
        s = both(rules, s)
    omen = s.line[0][1]
    assert rules.legal_actions(s, 0) == (("flip", 0, omen), ("pass", 0))
    assert tally(s.pool, s.line[0], s.down[0], 0)[1] == 2
    s = act(rules, s, ("flip", 0, omen))
    assert s.omens[0] == 0 and tally(s.pool, s.line[0], s.down[0], 0)[1] == 1
    s = both(rules, s)
    assert s.status[0] != OUT  # the next Dark Omen is the only one counted


def test_shaman_must_flip_a_champion_or_soldier_or_itself():
    """Shaman: "you must Flip a Champion or Soldier in your line. If you have no other
    face-up Champions (or only the Hero, which cannot be Flipped), you must Flip the
    Shaman.\""""
    rules, s, _ = deal(["Gold", "Grey Shaman", "Gold"], ["Gold"] * 3)
    s = both(rules, s)
    s = both(rules, s)
    assert names(s, s.down[0]) == ["Grey Shaman"]  # no other Champion: itself, at once
    rules, s, _ = deal(["Soldier", "Hill Barbarian", "Grey Shaman"], ["Gold"] * 3)
    for _ in range(3):
        s = both(rules, s)
    assert set(a[2] for a in rules.legal_actions(s, 0)) == set(s.line[0])
    s = act(rules, s, ("flip", 0, s.line[0][0]))
    assert names(s, s.down[0]) == ["Levy Soldier"]


# ------------------------------------------------------------------ penalties

def test_location_penalties():
    """Battle for Locations: "When a Location comes out in your line, it will force you to
    take a penalty." (the penalty vocabulary of docs/valiantwars.md)"""
    # Draw 1: one more card at once
    rules, s, _ = deal(["Greywater Mill", "Gold", "Gold"], ["Soldier"] * 3)
    s = both(rules, s)
    assert len(s.line[0]) == 2
    # Flip 1: the only face-up Champion
    rules, s, _ = deal(["Hill Barbarian", "Cinder Pass", "Gold"], ["Soldier"] * 3)
    s = both(rules, s)
    s = both(rules, s)
    assert names(s, s.down[0]) == ["Hill Barbarian"]
    # Stop: the player stops at once
    rules, s, _ = deal(["Emberfall Citadel", "Gold"], ["Soldier"] * 3)
    s = both(rules, s)
    assert s.status[0] == STOPPED
    # Dark Omen: counts as one (a second one puts the player OUT)
    rules, s, _ = deal(["Gold", "Omen", "Old Chapel Ruins", "Gold"], ["Soldier"] * 4)
    for _ in range(3):
        s = both(rules, s)
    assert s.status[0] == OUT
    # Lose N Gold / Swords, while face-up
    assert tally(POOL, cards("Gold", "Gold", "Saltmarsh Harbor"), (), 0)[1] == 0
    assert tally(POOL, cards("Soldier", "Soldier", "Soldier", "Wyrmrest Bastion"), (), 0)[0] == 1
    # Buy N: limits the purchases
    assert tally(POOL, cards("Hollow Crossing"), (), 0)[2] == 1
    rules, s, _ = deal(["Kingsbridge Market", "Gold"], ["Gold", "Gold", "Gold"])
    s = both(rules, s)
    s = step(rules, s, p0="stop", p1="draw")
    s = step(rules, s, p1="stop")
    # Buy 0: player 1 stopped first but is never asked; player 2 buys
    assert s.phase == BUY and s.buyers == (0, 1) and rules.to_move(s) == (1,)


def test_custom_champion_types_follow_the_effect_text():
    """Guard: "at least one face-up Rogue" counts a Rogue Guard itself (ruling
    self-counts); Paladin: "each other face-up Rogue" never counts itself."""
    extra = (CardSpec("Rogue Guard", "Champion", "Rogue", 3, 2, effect="Guard"),
             CardSpec("Rogue Paladin", "Champion", "Rogue", 5, 2, effect="Paladin"))
    pool = Pool(params(2, extra).cards)
    guard, paladin = len(POOL.specs), len(POOL.specs) + 1
    assert tally(pool, (guard,), (), 0)[0] == 2 + 2
    assert tally(pool, (paladin,), (), 0)[0] == 2
    assert tally(pool, (guard, paladin), (), 0)[0] == 2 + 2 + 2 + 2
