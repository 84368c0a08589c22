"""Combat (C1-C5), the items (T1-T4 and all sixteen cards) and 2v2 (D1-D3), each test
quoting the rulebook line it checks. Positions use the bundled board."""

from __future__ import annotations

from random import Random

import pytest
from bnkit import (
    BLUE1,
    BLUE2,
    GREEN1,
    RED1,
    RED2,
    YELLOW1,
    YELLOW2,
    at,
    bundled_params,
    cell,
    kind,
    moves,
    name_of,
)

from tests.helpers import act
from toolkit.games.banners.engine import BannersRules
from toolkit.games.banners.engine.state import (
    ATT_CARD,
    ATT_KNIFE,
    DEF_CARD,
    DICE,
    DRAW,
    MOVE,
    REAPED,
    REINFORCE,
    REMOVED,
    ROLL,
    STEAL,
    TIE,
)
from toolkit.sim.engine import CHANCE

P2 = bundled_params(2)
P4 = bundled_params(4)


@pytest.fixture
def rules() -> BannersRules:
    return BannersRules()


def attack(rules, s, piece, target, frm):
    return rules.apply(s, ("attack", s.seat, piece, cell(P2, target), cell(P2, frm)))


def dice(rules, s, a1, a2, d1, d2):
    assert s.phase == DICE
    return rules.apply(s, ("dice", CHANCE, a1, a2, d1, d2))


# ------------------------------------------------------------------ combat

def test_attacker_gets_plus_one_and_a_higher_roll_wins(rules):
    # C2: "The red and blue pieces that attack gets a +1 to their roll"; C3: "The highest
    # dice roll wins, meaning the attacking piece moves onto the occupied space and the
    # defending piece is removed from the board."
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3)
    s = attack(rules, s, BLUE1, "F8", "F9")
    assert s.combat[3] == 1  # +1 for the blue piece
    s = dice(rules, s, 3, 3, 3, 4)  # 6 + 1 = 7 against 7: a tie
    assert s.phase == TIE
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3)
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 4, 3, 3, 4)
    assert s.pos[RED1] == REMOVED and s.pos[BLUE1] == cell(P2, "F8")


def test_scouts_get_no_attack_bonus(rules):
    # C2: "The scout piece (see M3.) is an exception to this rule."
    s = at(rules, P2, {GREEN1: "F11", RED1: "F6"}, phase=MOVE, roll=3)
    s = attack(rules, s, GREEN1, "F6", "F7")
    assert s.combat[3] == 0


def test_only_red_and_blue_attackers_get_the_bonus_in_2v2(rules):
    # C2: "The red and blue pieces that attack gets a +1 to their roll as an advantage";
    # D1: "There are no scouts in 2v2 matches." A green attacker in 2v2 is no scout and
    # still no red or blue piece: no bonus (the old ruling attack-bonus-2v2 gave it +1).
    s = at(rules, P4, {GREEN1: "F11", RED1: "F8"}, phase=MOVE, roll=3, member=1)
    s = rules.apply(s, ("attack", 2, GREEN1, cell(P4, "F8"), cell(P4, "F9")))
    assert s.combat[3] == 0
    s = at(rules, P4, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3)
    s = rules.apply(s, ("attack", 0, BLUE1, cell(P4, "F8"), cell(P4, "F9")))
    assert s.combat[3] == 1
    assert "banners.ruling.attack-bonus-2v2" not in rules.counts


def test_a_higher_defence_removes_the_attacker(rules):
    # Ruling defender-wins (the mirror of C3).
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3)
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 1, 1, 6, 6)
    assert s.pos[BLUE1] == REMOVED and s.pos[RED1] == cell(P2, "F8") and s.side == 1


def test_a_tie_places_the_attacker_next_to_the_defender_including_keeps(rules):
    # C4: "In the case of a tie, the attacking piece is placed on a directly adjacent
    # space to the defending piece, including keeps."
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3)
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 3, 3, 3, 4)
    legal = rules.legal_actions(s, 0)
    assert {name_of(P2, a[2]) for a in legal} == {"F9", "D8" if False else "E8", "G8", "F7"}
    s = act(rules, s, ("place", 0, cell(P2, "F9")))  # the keep it attacked from
    assert s.phase == DRAW  # placed in a keep: it lands there, an item (ruling)


def test_a_killed_carrier_drops_the_flag_where_it_was(rules):
    # C5: "If a person is killed with the flag, the space they were on becomes a flag
    # space. The team who owns the flag cannot enter that space nor move through it. The
    # opposing team must land on this space to obtain the flag."
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3,
           flag_carrier=(RED1, -1))
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 6, 6, 1, 1)
    assert s.flag_carrier == (-1, -1) and s.flag_drop == (cell(P2, "F8"), -1)
    assert s.pos[BLUE1] == cell(P2, "F9")  # ruling flag-drop-killer: it stays
    blue = at(rules, P2, {BLUE1: "F10", RED2: "F5"}, phase=MOVE, roll=2,
              flag_drop=(cell(P2, "F8"), -1))
    assert not any(m[1] in ("F8", "F7") for m in moves(rules, blue) if m[0] == BLUE1)
    red = at(rules, P2, {BLUE1: "F10", RED2: "F5"}, side=1, phase=MOVE, roll=3,
             flag_drop=(cell(P2, "F8"), -1))
    s = act(rules, red, ("move", 1, RED2, cell(P2, "F8")))
    assert s.flag_carrier == (RED2, -1) and s.flag_drop == (-1, -1)


def test_a_flag_carrier_killed_on_the_flags_castle_is_home(rules):
    # Ruling flag-drop-home (C5 on the flag's own castle).
    s = at(rules, P2, {BLUE1: "F3", RED1: "F1"}, side=1, phase=MOVE, roll=2,
           flag_carrier=(-1, BLUE1))
    s = rules.apply(s, ("attack", 1, RED1, cell(P2, "F3"), cell(P2, "F2")))
    s = dice(rules, s, 6, 6, 1, 1)  # the flag's own team kills the carrier: it stays
    assert s.pos[RED1] == cell(P2, "F2") and s.flag_drop == (-1, cell(P2, "F3"))
    s = at(rules, P2, {BLUE1: "F1", RED1: "F3"}, side=1, phase=MOVE, roll=2,
           flag_carrier=(-1, BLUE1))
    s = dice(rules, rules.apply(s, ("attack", 1, RED1, cell(P2, "F1"), cell(P2, "F2"))),
             6, 6, 1, 1)
    assert s.flag_drop == (-1, -1) and s.flag_carrier == (-1, -1)
    assert s.pos[RED1] == cell(P2, "F1")


def test_defeating_the_enemy_team_wins(rules):
    # Goal of the game: "or defeat the enemy team."
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8", RED2: REMOVED, YELLOW1: REAPED,
                       YELLOW2: REMOVED}, phase=MOVE, roll=3)
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 6, 6, 1, 1)
    assert s.outcome.winner == 0 and s.outcome.reason == "enemy team defeated"


# ------------------------------------------------------------------- items

def hand(**names):
    return {kind(name.replace("_", " ")): n for name, n in names.items()}


def items_of(rules, s):
    return [a for a in rules.legal_actions(s, s.seat) if a[0] == "item"]


def test_non_red_cards_wait_a_turn_but_red_ones_fight_at_once(rules):
    # T2: "Item cards cannot be used on the turn they are obtained unless they are combat
    # (red) cards."
    h = hand(Horse=1, Poison=1)
    new = tuple(h.get(k, 0) for k in range(16))  # both cards obtained this turn
    s = at(rules, P4, {BLUE1: "F11", RED1: "F8"}, hands=(h, {}), fresh=(new, (0,) * 16))
    assert s.phase == ROLL  # nothing playable before moving: the item step is skipped
    s = at(rules, P4, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3, hands=(h, {}),
           fresh=(new, (0,) * 16))
    s = attack(rules, s, BLUE1, "F8", "F9")
    assert ("combat", 0, kind("Poison")) in rules.legal_actions(s, 0)


def test_one_item_before_moving_and_the_hidden_knife_as_a_second(rules):
    # T3: "A player can only use one item card per turn and must be played before moving."
    # Hidden Knife: "can be played as a second item during a single turn."
    h = hand(Horse=2, Hidden_Knife=1)
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, hands=(h, {}))
    s = act(rules, s, ("item", 0, kind("Horse")))
    assert s.phase == ROLL and s.horse
    roll = rules.chance(s, Random(1))
    assert len(roll) == 4  # Horse: "roll an extra die to add to your movement"
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3, hands=(h, {}),
           used_item=(1, 0))
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 3, 3, 3, 4)
    assert s.phase == ATT_KNIFE
    s = act(rules, s, ("knife", 0, kind("Hidden Knife")))
    assert s.pos[RED1] == REMOVED and s.pos[BLUE1] == cell(P2, "F8")


def test_combat_cards_once_a_turn_attacker_first(rules):
    # T3: "Combat cards can also only be played once per turn, but must instead be played
    # during combat." Extra Strength: "+1 to an attacking piece"; Extra Defense: "+1 to a
    # defending piece"; Poison: "-3 on opponent's combat roll."
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3,
           hands=(hand(Extra_Strength=1, Poison=1), hand(Extra_Defense=1, Poison=1)))
    s = attack(rules, s, BLUE1, "F8", "F9")
    assert s.phase == ATT_CARD
    s = act(rules, s, ("combat", 0, kind("Extra Strength")))
    assert s.phase == DEF_CARD and s.combat[3] == 2
    s = act(rules, s, ("combat", 1, kind("Poison")))
    assert s.phase == DICE and s.combat[3] == -1 and s.combat[4] == 0
    s2 = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3,
            hands=(hand(Extra_Strength=1), {}), used_combat=(1, 0))
    assert attack(rules, s2, BLUE1, "F8", "F9").phase == DICE  # its one card is used


def test_extra_strength_gives_a_scout_plus_one(rules):
    # Extra Strength: "In 1v1, this means that scouts now achieve +1 attack"
    s = at(rules, P2, {GREEN1: "F11", RED1: "F6"}, phase=MOVE, roll=3,
           hands=(hand(Extra_Strength=1), {}))
    s = act(rules, attack(rules, s, GREEN1, "F6", "F7"), ("combat", 0, kind("Extra Strength")))
    assert s.combat[3] == 1


def test_ghost_magic_stops_attacks_both_ways(rules):
    # Ghost Magic: "none of your pieces can be attacked during your opponent's turn, but
    # you may not attack either."
    s = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, hands=(hand(Ghost_Magic=1), {}), turn=4)
    s = act(rules, s, ("item", 0, kind("Ghost Magic")))
    assert s.ghost == (5, -1)
    mine = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, phase=MOVE, roll=3, turn=4, ghost=s.ghost)
    assert not any(m[1].startswith("x") for m in moves(rules, mine))
    theirs = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, side=1, phase=MOVE, roll=3, turn=5,
                ghost=s.ghost)
    assert not any(m[1].startswith("x") for m in moves(rules, theirs))
    after = at(rules, P2, {BLUE1: "F11", RED1: "F8"}, side=1, phase=MOVE, roll=3, turn=7,
               ghost=s.ghost)
    assert any(m[1] == "xF11" for m in moves(rules, after))


def test_rain_storm_takes_three_from_the_next_roll(rules):
    # Rain Storm: "This subtracts your opponent's dice roll by 3 on their next turn."
    s = at(rules, P2, {}, hands=(hand(Rain_Storm=1), {}), turn=2)
    s = act(rules, s, ("item", 0, kind("Rain Storm")))
    assert s.rain == (-1, 3) and s.rain_by == (0, 3)
    red = at(rules, P2, {RED1: "F5"}, side=1, phase=MOVE, roll=4, turn=3, rain=s.rain,
             rain_by=s.rain_by)
    assert {m[1] for m in moves(rules, red) if m[0] == RED1} == {"F4", "F6", "E5", "G5"}


def test_the_reaper_removes_a_piece_for_good(rules):
    # The Reaper: "remove any 1 of your opponent's pieces from the game completely. This
    # piece cannot be used as a reinforcement, and Ghost Magic does not counter this card."
    s = at(rules, P2, {RED1: "F5"}, hands=(hand(The_Reaper=1, Gain_Reinforcements=0), {}),
           ghost=(-1, 9))
    s = act(rules, s, ("item", 0, kind("The Reaper"), RED1))
    assert s.pos[RED1] == REAPED
    red = at(rules, P2, {RED1: REAPED, RED2: REMOVED}, side=1,
             hands=({}, hand(Gain_Reinforcements=1)))
    assert {a[3] for a in items_of(rules, red)} == {RED2}


def test_gain_reinforcements_returns_a_piece_at_the_drawbridge(rules):
    # Gain Reinforcements: "Get a free reinforcement piece without having to roll doubles
    # (Place the new piece at the drawbridge space)."
    s = at(rules, P2, {BLUE1: REMOVED, BLUE2: "C9"}, hands=(hand(Gain_Reinforcements=1), {}))
    options = items_of(rules, s)
    assert {(a[3], name_of(P2, a[4])) for a in options} == {(BLUE1, "E13"), (BLUE1, "E12")}
    s = act(rules, s, options[0])
    assert s.pos[BLUE1] >= 0 and s.phase == ROLL


def test_doubles_on_a_horse_roll_bring_a_reinforcement(rules):
    # Ruling reinforcements: doubles are the two Horse dice alike.
    s = at(rules, P2, {BLUE1: REMOVED, BLUE2: "C9"}, phase=ROLL, horse=1)
    s = rules.apply(s, ("roll", CHANCE, 3, 3))
    assert s.phase == REINFORCE
    s = act(rules, s, rules.legal_actions(s, 0)[0])
    assert s.phase == MOVE and s.pos[BLUE1] >= 0 and s.roll == 6


def test_locust_swarm_jumps_obstacles_and_stops_short(rules):
    # Locust Swarm: "Force the opponent's piece to move in any chosen direction 5 spaces. If
    # there are trees or other pieces in the way, they are added to the total number of
    # spaces moved (1 tree or piece means the piece goes backwards 6 spaces). This does not
    # force pieces to move back on to drawbridge or castle spaces, rather the number of
    # spaces is cut short."
    h = hand(Locust_Swarm=1)
    s = at(rules, P2, {RED1: "F3", BLUE1: "F5"}, hands=(h, {}))  # one piece in the way
    s = act(rules, s, ("item", 0, kind("Locust Swarm"), RED1, 2))  # down
    assert name_of(P2, s.pos[RED1]) == "F9"  # six spaces: F5 is jumped
    s = at(rules, P2, {RED1: "F9", BLUE1: "A8"}, hands=(h, {}))
    s = act(rules, s, ("item", 0, kind("Locust Swarm"), RED1, 2))  # down towards C1
    assert name_of(P2, s.pos[RED1]) == "F12"  # cut short before the castle F13


def test_strong_wind_blows_a_dropped_flag_home(rules):
    # Strong Wind: "If your flag is on the field and the opponent does not have it, return
    # it back to your castle."
    s = at(rules, P2, {}, hands=(hand(Strong_Wind=1), {}))
    assert not items_of(rules, s)  # the flag is home: nothing to do (item-needs-effect)
    s = at(rules, P2, {}, hands=(hand(Strong_Wind=1), {}), flag_drop=(cell(P2, "F7"), -1))
    s = act(rules, s, ("item", 0, kind("Strong Wind")))
    assert s.flag_drop == (-1, -1)


def test_safeguard_moves_a_piece_to_a_keep_behind_it_instead_of_moving(rules):
    # Safeguard: "Play this card instead of your movement roll. Move a chosen ally piece to
    # any keep behind it. You do not receive a new item and this card forfeits your turn."
    s = at(rules, P2, {BLUE1: "F7"}, hands=(hand(Safeguard=1), {}))
    keeps = {name_of(P2, a[4]) for a in items_of(rules, s) if a[3] == BLUE1}
    assert keeps == {"B8", "J8", "F9", "C12", "I12"}  # rows 8 to 13: behind side 1's F7
    s = act(rules, s, ("item", 0, kind("Safeguard"), BLUE1, cell(P2, "F9")))
    assert name_of(P2, s.pos[BLUE1]) == "F9" and s.side == 1 and sum(s.hands[0]) == 0


def test_thief_steals_a_random_card(rules):
    # Thief: "Without looking, steal 1 of your opponent's cards (Choose from their cards
    # randomly)."
    s = at(rules, P2, {}, hands=(hand(Thief=1), hand(Horse=1, Poison=2)))
    s = act(rules, s, ("item", 0, kind("Thief")))
    assert s.phase == STEAL and rules.to_move(s) == (CHANCE,)
    stolen = {rules.chance(s, Random(seed))[2] for seed in range(40)}
    assert stolen == {kind("Horse"), kind("Poison")}
    s = rules.apply(s, ("steal", CHANCE, kind("Poison")))
    assert not list(rules.invariants(s))
    assert s.hands[0][kind("Poison")] == 1 and s.hands[1][kind("Poison")] == 1
    assert s.fresh[0][kind("Poison")] == 1  # obtained this turn (T2)
    assert s.known[0][kind("Poison")] == 1  # the robbed side knows


def test_providing_aid_moves_any_piece_next_to_another(rules):
    # Providing Aid: "Move any piece (except for a piece with the flag) adjacent to any
    # other piece on the board."
    s = at(rules, P2, {BLUE1: "B11", RED1: "F3", RED2: "J3"}, hands=(hand(Providing_Aid=1), {}),
           flag_carrier=(RED2, -1))
    options = items_of(rules, s)
    assert not any(a[3] == RED2 for a in options)  # the flag carrier
    assert ("item", 0, kind("Providing Aid"), BLUE1, cell(P2, "F4")) in options
    assert ("item", 0, kind("Providing Aid"), RED1, cell(P2, "B10")) in options
    assert not any(a[3] == BLUE1 and a[4] == cell(P2, "F6") for a in options)  # alone


def test_saboteur_sends_a_piece_from_a_keep_to_any_drawbridge(rules):
    # Saboteur: "Move an opponent's piece from inside a keep onto a drawbridge space." Any
    # drawbridge: side 1's free E13 too, not only the piece's own side's (as before).
    s = at(rules, P2, {RED1: "F9", RED2: "A3", BLUE1: "C9"}, hands=(hand(Saboteur=1), {}),
           turn=3)
    options = items_of(rules, s)
    assert {name_of(P2, a[4]) for a in options} == {"E1", "E2", "E13"}
    s = act(rules, s, next(a for a in options if a[4] == cell(P2, "E1")))
    assert name_of(P2, s.pos[RED1]) == "E1" and s.keep_open[s.st.keep_index[cell(P2, "F9")]] == 5


def test_famine_returns_the_opponents_cards_to_the_deck(rules):
    # Famine: "Make your opponent put all of their cards back into the item deck. Reshuffle
    # the deck. (Discarded cards remain discarded.)"
    s = at(rules, P2, {}, hands=(hand(Famine=1), hand(Horse=2, Poison=1)))
    deck = sum(s.deck)
    s = act(rules, s, ("item", 0, kind("Famine")))
    assert sum(s.hands[1]) == 0 and sum(s.deck) == deck + 3
    assert s.discard[kind("Famine")] == 1


def test_played_cards_go_to_the_discard_pile(rules):
    # Items: "Played item cards go into a discard pile"
    s = at(rules, P2, {}, hands=(hand(Horse=1), {}))
    s = act(rules, s, ("item", 0, kind("Horse")))
    assert s.discard[kind("Horse")] == 1 and s.hands[0][kind("Horse")] == 0


def test_team_items_are_shared_between_teammates(rules):
    # D3: "They are shared between the team members and cannot be used twice."
    h = hand(Horse=1)
    s = at(rules, P4, {GREEN1: "F11"}, member=1, hands=(h, {}))
    assert rules.to_move(s) == (2,)
    s = act(rules, s, ("item", 2, kind("Horse")))
    assert s.hands[0][kind("Horse")] == 0


def test_observation_hides_the_other_hand_and_determinize_deals_it(rules):
    s = at(rules, P2, {}, hands=(hand(Horse=1), hand(Poison=2, Famine=1)))
    obs = rules.observe(s, 0)
    assert obs.hand == s.hands[0] and obs.their_hand == 3
    assert not hasattr(obs, "hands") and obs.deck == sum(s.deck)
    det = rules.determinize(obs, 0, Random(5))
    assert rules.observe(det, 0) == obs and sum(det.hands[1]) == 3
    assert not list(rules.invariants(det))


def test_attacking_out_of_a_keep_closes_it_passing_through_does_not(rules):
    # Keeps: "After leaving this keep, no one may enter until a full turn has gone by."
    # (ruling landing: a keep only passed through is not left)
    st = at(rules, P2, {}).st
    f9 = st.keep_index[cell(P2, "F9")]
    s = at(rules, P2, {BLUE1: "F9", RED1: "F8"}, phase=MOVE, roll=1, turn=3)
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 6, 6, 1, 1)
    assert s.keep_open[f9] == 5 and s.pos[BLUE1] == cell(P2, "F8")
    s = at(rules, P2, {BLUE1: "F10", RED1: "F8"}, phase=MOVE, roll=2, turn=3)
    s = dice(rules, attack(rules, s, BLUE1, "F8", "F9"), 6, 6, 1, 1)
    assert s.keep_open[f9] == 0 and s.pos[BLUE1] == cell(P2, "F8")
