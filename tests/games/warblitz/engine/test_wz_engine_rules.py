"""The rulebook's rules, one test each, its worked examples and diagrams among them.

Every test quotes the line of shared/rules/warblitz.md it checks. Positions are set up
with `WarblitzRules.position`; spaces are named as player 1 sees the battlefield (A-E
from their left, ranks 1-7 from their edge).
"""

from __future__ import annotations

import pytest

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz.engine import WarblitzRules
from toolkit.games.warblitz.engine.samples import sample_params
from toolkit.games.warblitz.engine.state import (
    BEGIN,
    BST,
    DEPLOY,
    DMG,
    MOVE,
    ROLL_TOKENS,
    TATK,
    TDEF,
    TSPC,
    UNIT_ATTACK,
    F,
)
from toolkit.sim.engine import CHANCE
from toolkit.sim.harness import chance_stream

from .wzkit import act, at, band, boss, event, params, position, relic, roll, unit

R = WarblitzRules


def duel(*mine, theirs=()):
    """Player 1: Boss (uid 0) and ``mine``; player 2: Foe (its first uid) and ``theirs``."""
    p = params(band("Red", boss("Boss"), *mine), band("Blue", boss("Foe"), *theirs))
    return p, 1 + len(mine)


def held(d=0, a=0, w=0, s=0, b=0):
    return (d, a, w, s, b)


# ------------------------------------------------------------------- setup

def test_setup_places_layouts_draws_reserves_and_picks_first_player():
    """Setup: "Each player places their commander, 2 starting units, and terrain on the
    battlefield as shown on the back of their commander's card. 5. Each player shuffles
    their remaining cards ... 6. Randomly determine which player will go first.\""""
    rules = R()
    firsts = set()
    for seed in range(12):
        s = rules.setup(sample_params(), chance_stream(seed))
        g = s.game
        firsts.add(s.first)
        assert s.pos(g.commander[0]) == at("C1") and s.pos(g.commander[1]) == at("C7")
        on_board = [uid for uid in s.board if uid != -1]
        assert len(on_board) == 2 * 3 + 3  # 2 commanders, 4 starting units, 3 terrain
        # Ashen Court's layout: Ash Pikeman C2, Cinder Slinger B1, terrain A3 and E3;
        # Tidewardens' (their own view): Common Melee B2, Common Ranged D2, terrain C3.
        names = {B.space_name(s.pos(uid)): g.label[uid] for uid in on_board}
        assert names["C2"] == "Ash Pikeman" and names["B1"] == "Cinder Slinger"
        assert names["A3"] == names["E3"] == names["C5"] == "terrain"
        assert names["D6"] == "Shellguard" and names["B6"] == "Net Thrower"
        for p in (0, 1):  # 27 cards: 3 on the battlefield, 3 in reserves (+1 drawn), rest piled
            cards = len(s.pile[p]) + len(s.hand[p]) + sum(
                1 for uid in g.own[p] if s.pos(uid) != -1)
            assert cards == 27
        # Ashen Court's commander boosts a unit at the start of its turn (a choice) first.
        assert rules.to_move(s) == ((CHANCE,) if s.first == 1 else (0,))
    assert firsts == {0, 1}


def test_second_player_starts_with_a_special_token():
    """Setup: "The player that goes second starts their turn with one special token.\""""
    rules = R()
    p, _ = duel()
    s = rules.setup(p, chance_stream(3))
    first = s.current
    s = roll(rules, s, 1)
    assert s.held[first] == held(d=1)
    s = act(rules, s, ("end", first), ("end", first), ("end", first))
    assert s.current == 1 - first
    s = roll(rules, s, 3)
    assert s.held[1 - first] == held(a=1, s=1)


@pytest.mark.parametrize(("turn", "dice"), [(1, 1), (2, 2), (3, 3), (4, 3), (9, 3)])
def test_draw_dice_by_turn(turn, dice):
    """Phase 1: "Where N is 1, 2, 3 on turns 1, 2, 3 respectively and 3 dice thereafter"
    (ruling own-turns: each player's own turns)."""
    rules = R()
    p, _ = duel()
    s = position(rules, p, {0: "C1", 1: "C7"}, phase=MOVE, current=1, turns=(turn - 1, turn))
    s = act(rules, s, ("end", 1))
    assert s.current == 0 and s.turns[0] == turn
    assert s.phase == ROLL_TOKENS and rules.draw_dice(s, 0) == dice
    assert len(rules.chance(s, chance_stream(1))[2]) == dice


def test_token_table():
    """Phase 1: "1-2: Defend (DEF) token, 3-4: Attack (ATK) token, 5: Wildcard (WLD) token,
    6: Special (SPC) token\""""
    rules = R()
    p, _ = duel()
    s = position(rules, p, {0: "C1", 1: "C7"}, phase=MOVE, turns=(9, 9), current=1)
    s = act(rules, s, ("end", 1))
    s.temp = (3, 0)
    s = roll(rules, s, 1, 2, 3, 4, 5, 6)
    assert s.held[0] == held(d=2, a=2, w=1, s=1)


def test_beginning_discards_tokens_but_not_boost():
    """Phase 1: "Remove and discard all ATK, DEF, WLD, SPC tokens owned by the active
    player both in play and being held. Unless specified Boost tokens are not removed."""
    rules = R()
    p, foe = duel(unit())
    s = position(rules, p, {0: "C1", 1: "B2", foe: "C7"}, phase=MOVE, current=1,
                 held=(held(1, 1, 1, 1, 2), held()))
    s.u[1 * F + TDEF] = s.u[1 * F + TSPC] = s.u[1 * F + BST] = 1
    s = act(rules, s, ("end", 1))
    assert s.current == 0 and s.held[0] == held(b=2)
    assert (s.u[F + TDEF], s.u[F + TSPC], s.u[F + BST]) == (0, 0, 1)


# ---------------------------------------------------------------- tokens

def _assignments(rules, s, p, uid):
    """Every set of (token, role) a player can assign to one unit, by exploring."""
    found = set()

    def walk(state, done):
        found.add(tuple(sorted(done)))
        for a in rules.legal_actions(state, p):
            if a[0] == "assign" and a[2] == uid:
                walk(rules.apply(state, a), done + [(a[3], a[4])])

    walk(s, [])
    return found


def test_assignment_example():
    """Phase 1 example: "A player rolls 3d6 and gets 3, 5, 6 (ATK, WLD, SPC). Assuming only
    their commander is on the battlefield, they may assign one of the following
    combinations: ATK, SPC / DEF(via WLD), SPC / ATK(via WLD), SPC / ATK(via ATK, WLD or
    SPC) / DEF(via WLD or SPC). An INVALID assignment is if all three tokens are assigned,
    i.e. ATK, DEF(via WLD), SPC\""""
    rules = R()
    p, _ = duel()
    s = position(rules, p, {0: "C1", 1: "C7"}, phase=MOVE, current=1, turns=(2, 3))
    s = act(rules, s, ("end", 1))
    s = roll(rules, s, 3, 5, 6)
    assert s.held[0] == held(a=1, w=1, s=1)
    combos = _assignments(rules, s, 0, 0)
    ATK, WLD, SPC = 1, 2, 3
    listed = [
        ((ATK, TATK), (SPC, TSPC)),          # ATK, SPC
        ((WLD, TDEF), (SPC, TSPC)),          # DEF (via WLD), SPC
        ((WLD, TATK), (SPC, TSPC)),          # ATK (via WLD), SPC
        ((ATK, TATK),), ((WLD, TATK),), ((SPC, TATK),),   # ATK via ATK, WLD or SPC
        ((WLD, TDEF),), ((SPC, TDEF),),      # DEF via WLD or SPC
    ]
    for combo in listed:
        assert tuple(sorted(combo)) in combos, combo
    assert not any(len(c) == 3 for c in combos)  # never all three
    assert tuple(sorted(((ATK, TATK), (WLD, TDEF), (SPC, TSPC)))) not in combos


def test_assign_only_own_units_on_the_battlefield():
    """Phase 1: "The player may assign tokens to only their own unit on the battlefield\""""
    rules = R()
    p, foe = duel(unit())
    s = position(rules, p, {0: "C1", foe: "C7"}, held=(held(a=1), held()))
    targets = {a[2] for a in rules.legal_actions(s, 0) if a[0] == "assign"}
    assert targets == {0}


def test_upgrade_example_one():
    """Upgrades, example 1: "On turn 3 a player has saved up one BST token and has 3 draw
    dice ... After drawing 3 tokens, they use the 3 tokens and the BST token to trigger an
    upgrade for their unit technology path. On the next turn they now have 4 draw dice
    available and the ability to deploy Elite units.\""""
    rules = R()
    p, foe = duel(unit("Elite Guard", rank="Elite", cost=0))
    s = position(rules, p, {0: "C1", foe: "C7"}, phase=MOVE, current=1, turns=(2, 3),
                 held=(held(b=1), held()), hand={0: (1,)})
    s = act(rules, s, ("end", 1))
    assert rules.draw_dice(s, 0) == 3
    s = roll(rules, s, 1, 3, 5)
    assert sum(s.held[0]) == 4
    s = act(rules, s, ("end", 0))
    assert not rules.legal_actions(s, 0)[:-1]  # no Elite unit before the upgrade
    s.phase = BEGIN
    s = act(rules, s, ("upgrade", 0, 0))
    assert s.held[0] == held() and s.opened[0] == 1
    s = act(rules, s, ("end", 0))
    assert not any(a[0] == "deploy" for a in rules.legal_actions(s, 0))  # not this turn
    s = act(rules, s, ("end", 0), ("end", 0))
    s = roll(rules, s, 1)
    s = act(rules, s, ("end", 1), ("end", 1), ("end", 1))
    assert rules.draw_dice(s, 0) == 4  # and every turn after
    s = roll(rules, s, 1, 1, 1, 1)
    s = act(rules, s, ("end", 0))
    assert ("deploy", 0, 1, at("B2")) in rules.legal_actions(s, 0)  # Elite units now
    s = act(rules, s, ("end", 0), ("end", 0))
    s = roll(rules, s, 1)
    s = act(rules, s, ("end", 1), ("end", 1), ("end", 1))
    assert rules.draw_dice(s, 0) == 4


def test_upgrade_example_two():
    """Upgrades, example 2: "the player already has the Elite unit tech path enabled. At
    the beginning of their turn they have 4 draw dice. After drawing 4 tokens, they decide
    to use the 4 tokens to upgrade their relics. On the next turn they now have 4 draw dice
    and 1 temporary draw dice availity and the ability to deploy Elite relics.\""""
    rules = R()
    p, foe = duel(relic("Epic Relic", cost=0, tier="Epic", effect="On play: heal 1 commander"))
    s = position(rules, p, {0: "C1", foe: "C7"}, phase=MOVE, current=1, turns=(5, 5),
                 opened=(1, 0), perm=(1, 0), hand={0: (1,)})
    s = act(rules, s, ("end", 1))
    assert rules.draw_dice(s, 0) == 4
    s = roll(rules, s, 2, 4, 5, 6)
    assert ("play", 0, 1) not in rules.legal_actions(s, 0)
    s = act(rules, s, ("upgrade", 0, 2))
    assert s.opened[0] == 0b101 and s.perm[0] == 1 and s.temp[0] == 1
    assert ("play", 0, 1) not in rules.legal_actions(s, 0)  # Epic relics next turn
    assert not any(a[0] == "upgrade" for a in rules.legal_actions(s, 0))  # one per turn
    s = act(rules, s, ("end", 0), ("end", 0), ("end", 0))
    s = roll(rules, s, 1)
    s = act(rules, s, ("end", 1), ("end", 1), ("end", 1))
    assert rules.draw_dice(s, 0) == 5  # 4 + 1 for this turn only
    s = roll(rules, s, 1, 1, 1, 1, 1)
    assert ("play", 0, 1) in rules.legal_actions(s, 0)  # "On the next turn": Epic relics
    s = act(rules, s, ("end", 0), ("end", 0), ("end", 0))
    s = roll(rules, s, 1)
    s = act(rules, s, ("end", 1), ("end", 1), ("end", 1))
    assert rules.draw_dice(s, 0) == 4


def test_upgrade_costs_four_tokens():
    """Upgrades: "All upgrades cost 4 tokens per an upgrade\""""
    rules = R()
    p, _ = duel()
    s = position(rules, p, {0: "C1", 1: "C7"}, held=(held(a=3), held()))
    assert not any(a[0] == "upgrade" for a in rules.legal_actions(s, 0))
    s = position(rules, p, {0: "C1", 1: "C7"}, held=(held(a=3, b=1), held()))
    assert [a for a in rules.legal_actions(s, 0) if a[0] == "upgrade"] == [
        ("upgrade", 0, 0), ("upgrade", 0, 1), ("upgrade", 0, 2)]


# ------------------------------------------------------------------ deployment

def _deployer(*enemy_spaces, mine_at="E1"):
    """Player 1's commander at ``mine_at``, a unit in reserves; enemies (player 2's
    Commander first at E7, then units) at ``enemy_spaces``."""
    rules = R()
    p = params(band("Red", boss(), unit("At")),
               band("Blue", boss("Foe"), *[unit(f"A{k}") for k in range(len(enemy_spaces))]))
    placed = {0: mine_at, 2: "E7"}
    placed.update({3 + k: sp for k, sp in enumerate(enemy_spaces)})
    s = position(rules, p, placed, phase=DEPLOY, hand={0: (1,)}, held=(held(a=2), held()))
    return rules, s


def test_deploy_diagram_behind_the_enemy_is_valid():
    """Deployment: "|.|.|A| |.|@|.| |.|.|.| The unit @ is deployed behind the enemy so this
    is a VALID deployment.\""""
    rules, s = _deployer("C3")
    assert at("B2") in rules.deploy_spaces(s, 0)


def test_deploy_diagram_in_front_of_the_enemy_is_invalid():
    """Deployment: "|.|.|.| |.|@|.| |.|.|A| The unit @ is deployed infront the enemy so
    this is a INVALID deployment.\""""
    rules, s = _deployer("C1")
    assert at("B2") not in rules.deploy_spaces(s, 0)
    assert ("deploy", 0, 1, at("B2")) not in rules.legal_actions(s, 0)


def test_deploy_diagram_adjacent_to_the_enemy_is_invalid():
    """Deployment: "|.|.|.| |.|.|.| |.|@|A| The unit @ is deployed adjacent the enemy so
    this is a INVALID deployment.\""""
    rules, s = _deployer("C1")
    assert at("B1") not in rules.deploy_spaces(s, 0)


def test_deploy_diagram_next_to_the_commander_is_valid():
    """Deployment: "|.|.|.| |.|K|.| |.|@|A| The unit @ is deployed adjacent the enemy and
    also adjacent to their commander so this is a VALID deployment.\""""
    rules, s = _deployer("C1", mine_at="B2")
    assert at("B1") in rules.deploy_spaces(s, 0)
    s = act(rules, s, ("deploy", 0, 1, at("B1")))
    assert s.board[at("B1")] == 1


def test_deploy_only_in_the_last_three_ranks():
    """Deployment: "place it on an empty space in the last three ranks of the
    battlefield\""""
    rules, s = _deployer()
    spaces = rules.deploy_spaces(s, 0)
    assert len(spaces) == 14 and all(B.rank_of(sp) < 3 for sp in spaces)
    assert at("E1") not in spaces  # not on a card
    p, foe = duel(theirs=(unit(),))
    s = position(rules, p, {0: "C1", foe: "C7"}, current=1, phase=DEPLOY,
                 hand={1: (foe + 1,)}, held=(held(), held(a=1)))
    spaces = rules.deploy_spaces(s, 1)
    assert len(spaces) == 14 and all(B.rank_of(sp) >= 4 for sp in spaces)


def test_deploy_pays_its_cost_and_at_most_two():
    """Deployment: "Deploy up to two units ... To deploy a unit pay its cost by consuming a
    number of tokens equal to the unit's cost.\""""
    rules = R()
    p, foe = duel(unit(cost=2), unit(cost=2), unit(cost=1))
    s = position(rules, p, {0: "C1", foe: "C7"}, phase=DEPLOY, hand={0: (1, 2, 3)},
                 held=(held(d=1, a=1, w=1, s=1, b=1), held()))
    s = act(rules, s, ("deploy", 0, 1, at("A1")))
    assert s.held[0] == held(w=1, s=1, b=1)  # DEF and ATK paid first (ruling payment)
    s = act(rules, s, ("deploy", 0, 2, at("A2")))
    assert s.held[0] == held(b=1)
    assert not any(a[0] == "deploy" for a in rules.legal_actions(s, 0))  # two already


def test_deployed_units_do_not_move_or_attack():
    """Deployment: "Units may not move or attack on the same turn in which they are
    deployed.\""""
    rules = R()
    p, foe = duel(unit())
    s = position(rules, p, {0: "C1", foe: "C7"}, phase=DEPLOY, hand={0: (1,)},
                 held=(held(a=1), held()))
    s = act(rules, s, ("deploy", 0, 1, at("B1")), ("end", 0))
    assert ("activate", 0, 1) not in rules.legal_actions(s, 0)
    assert ("activate", 0, 0) in rules.legal_actions(s, 0)


# ------------------------------------------------------------------ moving

def _mover(*others, unit_at="C2"):
    """Player 1's unit (uid 1) at ``unit_at``, blockers (player 1's Rocks) elsewhere."""
    rules = R()
    p = params(band("Red", boss(), unit("Runner"), *[unit(f"Rock{k}") for k in range(len(others))]),
               band("Blue", boss("Foe")))
    placed = {0: "E1", 1: unit_at, 2 + len(others): "E7"}
    placed.update({2 + k: sp for k, sp in enumerate(others)})
    s = position(rules, p, placed, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1))
    return rules, s


def test_adjacency_diagram():
    """Adjacency: "A card or space is adjacent to another one if they share an edge.
    Diagonals are not adjacent." (|.|Y|.| |Y|@|Y| |.|Y|.|)"""
    assert sorted(B.ADJACENT[at("C3")]) == sorted(at(x) for x in ("C4", "D3", "C2", "B3"))
    assert at("D4") not in B.ADJACENT[at("C3")]


def test_move_one_or_two_straight():
    """Moving: "|.|^|.| |.|@|.|" and "|.|^|.| |.|^|.| |.|@|.| Units can move vertically or
    horizontally 1 to 2 spaces.\""""
    rules, s = _mover()
    dests = rules.destinations(s, 1)
    assert {at("C3"), at("C4"), at("A2"), at("E2")} <= set(dests)
    assert at("C5") not in dests


def test_move_one_up_and_one_across():
    """Moving: "|.|^|>| |.|@|.| Units can move 1 space vertically and 1 space horizontally
    or vice versa.\""""
    rules, s = _mover()
    assert at("D3") in rules.destinations(s, 1)
    s = act(rules, s, ("move", 0, at("D3")))
    assert s.board[at("D3")] == 1 and s.board[at("C2")] == -1


def test_move_and_back():
    """Moving: "|.|v|.| |.|@|.| Units can move 1 space and then move back to their original
    space. (Sometimes units do this to trigger an after moving ability.)\""""
    rules = R()
    p = params(band("Red", boss(), unit("Runner", effect="After moving: gain 1 ATK on self")),
               band("Blue", boss("Foe")))
    s = position(rules, p, {0: "E1", 1: "C2", 2: "E7"}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1))
    assert ("move", 0, at("C2")) in rules.legal_actions(s, 0)
    s = act(rules, s, ("move", 0, at("C2")))
    assert s.board[at("C2")] == 1 and s.u[F + TATK] == 1  # After moving fired


def test_no_diagonal_step():
    """Moving: "|.|.|x| |.|@|.| Units CANNOT move diagonally" (a diagonal is reached only
    through an empty orthogonal space)."""
    rules, s = _mover("C3", "D2")
    dests = rules.destinations(s, 1)
    assert at("D3") not in dests
    assert rules.destinations(s, 1, steps=1) == sorted([at("B2"), at("C1")])


def test_structures_cannot_move_and_block_moves():
    """Moving: "|.|x|.| |.|!|.| |.|@|.| Structures CANNOT move. Units CANNOT move through
    other cards.\""""
    rules = R()
    p = params(band("Red", boss(), unit("Runner"),
                    start=B.StartLayout((4, 0), (), ((2, 2),))),
               band("Blue", boss("Foe")))
    terrain = 3  # after both warbands' cards (uids 0-2)
    s = position(rules, p, {0: "E1", 1: "C2", 2: "E7", terrain: "C3"}, phase=MOVE)
    assert s.game.label[terrain] == "terrain"
    assert all(a[2] != terrain for a in rules.legal_actions(s, 0) if a[0] == "activate")
    s = act(rules, s, ("activate", 0, 1))
    assert at("C4") not in rules.destinations(s, 1)  # not through the structure
    assert at("C3") not in rules.destinations(s, 1)


def test_three_different_units():
    """Move & Attack: "Select 3 different units you control on the battlefield.\""""
    rules = R()
    p, foe = duel(unit(), unit(), unit())
    s = position(rules, p, {0: "A1", 1: "B1", 2: "C1", 3: "D1", foe: "E7"}, phase=MOVE)
    for uid in (0, 1, 2):
        s = act(rules, s, ("activate", 0, uid), ("stay", 0), ("hold", 0))
        assert ("activate", 0, uid) not in rules.legal_actions(s, 0)
    assert not any(a[0] == "activate" for a in rules.legal_actions(s, 0))


# ---------------------------------------------------------------- attacking

def test_melee_targets_adjacent_cards():
    """Attacking: "Melee units (MEL) can target any adjacent card.\""""
    rules = R()
    p, foe = duel(unit(), theirs=(unit(), unit()))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4", foe + 2: "D4"})
    assert rules.targets(s, 1) == [foe + 1]


def test_ranged_up_to_three_clear_straight_spaces():
    """Attacking: "Ranged units (RNG) can target any card up to 3 clear straight spaces
    away.\""""
    rules = R()
    p, foe = duel(unit(ranged=True), theirs=(unit(), unit(), unit()))
    s = position(rules, p, {0: "A1", 1: "C2", foe: "E7", foe + 1: "C5", foe + 2: "C6",
                            foe + 3: "E3"})
    assert rules.targets(s, 1) == [foe + 1]  # C5: 3 away; C6 hidden behind it; E3 diagonal
    s = position(rules, p, {0: "A2", 1: "C1", foe: "E7", foe + 1: "C5"})
    assert rules.targets(s, 1) == []  # 4 away


def _attack(rules, s, attacker, target, *dice):
    s = act(rules, s, ("activate", 0, attacker))
    if s.phase != UNIT_ATTACK:
        s = act(rules, s, ("stay", 0))
    s = act(rules, s, ("attack", 0, target))
    return roll(rules, s, *dice) if dice else s


@pytest.mark.parametrize(("face", "damage", "special"),
                         [(1, 0, 1), (2, 1, 0), (3, 1, 0), (4, 1, 0), (5, 1, 0), (6, 1, 1)])
def test_melee_table(face, damage, special):
    """Melee table: "1: Special, 2-5: Hit, 6: Hit / Special\""""
    rules = R()
    p, foe = duel(unit(strength=1, effect="Special: boost 1 self"), theirs=(unit(hp=5),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s = _attack(rules, s, 1, foe + 1, face)
    assert s.u[(foe + 1) * F + DMG] == damage and s.u[F + BST] == special


@pytest.mark.parametrize(("face", "damage", "special"),
                         [(1, 0, 0), (2, 0, 1), (3, 1, 0), (4, 1, 0), (5, 1, 0), (6, 1, 1)])
def test_range_table(face, damage, special):
    """Range table: "1: Miss, 2: Special, 3-5: Hit, 6: Hit / Special\""""
    rules = R()
    p, foe = duel(unit(strength=1, ranged=True, effect="Special: boost 1 self"),
                  theirs=(unit(hp=5),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C5"}, phase=MOVE)
    s = _attack(rules, s, 1, foe + 1, face)
    assert s.u[(foe + 1) * F + DMG] == damage and s.u[F + BST] == special


def test_strength_dice_and_atk_token():
    """Attacking: "Roll a number of dice equal to the attacking unit's strength"; Phase 1:
    "the ATK token provides an extra hit dice.\""""
    rules = R()
    p, foe = duel(unit(strength=2), theirs=(unit(hp=9),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s.u[F + TATK] = 1
    s = _attack(rules, s, 1, foe + 1)
    assert s.attack[2] == 3
    s = roll(rules, s, 2, 3, 4)
    assert s.u[(foe + 1) * F + DMG] == 3 and s.u[F + TATK] == 0


def test_spc_token_replaces_a_die_with_a_special():
    """Attacking: "If there is a SPC token assigned to the unit, consume the token and
    remove one of the unit's attack dice before rolling. Treat the removed dice to be a
    Special roll.\""""
    rules = R()
    p, foe = duel(unit(strength=2, effect="Special: boost 1 self"), theirs=(unit(hp=9),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s.u[F + TSPC] = 1
    s = _attack(rules, s, 1, foe + 1)
    assert s.attack[2] == 1 and s.u[F + TSPC] == 0
    s = roll(rules, s, 3)
    assert s.u[(foe + 1) * F + DMG] == 1 and s.u[F + BST] == 1


def test_def_token_prevents_a_wound():
    """Phase 1: "The DEF token prevents a would from being applied\""""
    rules = R()
    p, foe = duel(unit(strength=3), theirs=(unit(hp=9),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s.u[(foe + 1) * F + TDEF] = 1
    s = _attack(rules, s, 1, foe + 1, 3, 4, 5)
    assert s.u[(foe + 1) * F + DMG] == 2 and s.u[(foe + 1) * F + TDEF] == 0


def test_destroyed_unit_leaves_and_gives_a_bst_token():
    """Damaging and Destroying Unit: "If a unit's life ever reaches 0, that unit is
    destroyed and removed from the game. Gain 1 BST token each time a unit you control
    destroys an ENEMY unit.\""""
    rules = R()
    p, foe = duel(unit(strength=3), unit(strength=1), theirs=(unit(hp=2),))
    s = position(rules, p, {0: "A1", 1: "C3", 2: "D3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s = _attack(rules, s, 1, foe + 1, 3, 4, 5)
    assert s.pos(foe + 1) == -1 and s.board[at("C4")] == -1
    assert foe + 1 in s.gone[1] and s.held[0][4] == 1
    s.u[F + DMG] = 2  # friendly fire destroys unit 1 but earns nothing
    s = _attack(rules, s, 2, 1, 5)
    assert 1 in s.gone[0] and s.held[0][4] == 1


def test_cost_of_inaction():
    """The Cost of Inaction: "Add 1 damage to your commander at the end of your Attack
    Phase if you did not target any enemy cards with an attack this turn.\""""
    rules = R()
    p, foe = duel(unit(ranged=True), theirs=(unit(hp=9),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C6"}, phase=MOVE)
    after = act(rules, s, ("end", 0))
    assert after.u[0 * F + DMG] == 1
    s = _attack(rules, s, 1, foe + 1, 1)  # a miss still targeted an enemy card
    s = act(rules, s, ("end", 0))
    assert s.u[0 * F + DMG] == 0


def test_def_token_prevents_the_cost_of_inaction():
    """Phase 1: "The DEF token prevents a would from being applied"; The Cost of Inaction:
    "Add 1 damage to your commander" -- the same words as a hit's ("Add 1 damage to the
    target for each hit rolled"), so a DEF token on the commander prevents it too (it
    did not before: the old ruling def-token called it a penalty, not a wound)."""
    rules = R()
    p, foe = duel()
    s = position(rules, p, {0: "A1", foe: "E7"}, phase=MOVE)
    s.u[0 * F + TDEF] = 1
    s = act(rules, s, ("end", 0))
    assert s.u[0 * F + DMG] == 0 and s.u[0 * F + TDEF] == 0
    assert rules.counts["warblitz.rule.def-token"] == 1


def test_win_when_only_one_commander_remains():
    """Winning the Game: "When only 1 player's commander remains on the battlefield, that
    player wins.\""""
    rules = R()
    p, foe = duel()
    s = position(rules, p, {0: "C3", foe: "C4"}, phase=MOVE)
    s.u[foe * F + DMG] = 11
    s = _attack(rules, s, 0, foe, 5)
    assert s.outcome.winner == 0 and s.outcome.finished
    assert rules.to_move(s) == () and "attack" in s.outcome.reason


def test_inaction_can_lose_the_game():
    """The Cost of Inaction, with Winning the Game: a commander at its last life that
    targets nothing is destroyed at the end of the Attack Phase."""
    rules = R()
    p, foe = duel()
    s = position(rules, p, {0: "C3", foe: "C7"}, phase=MOVE)
    s.u[0 * F + DMG] = 11
    s = act(rules, s, ("end", 0))
    assert s.outcome.winner == 1 and "inaction" in s.outcome.reason


# --------------------------------------------------------- events and relics

def test_event_paid_resolved_discarded():
    """Event & Relic Cards: "To play an event or relic card, pay its cost, resolve its
    effects, and then discard it.\""""
    rules = R()
    p, foe = duel(event("Zap", cost=2, effect="On play: damage 2 enemy commander"),
                  relic("Mend", cost=1, effect="On play: heal 1 commander"))
    s = position(rules, p, {0: "C1", foe: "C7"}, hand={0: (1, 2)},
                 held=(held(a=3), held()))
    s.u[0 * F + DMG] = 2
    s = act(rules, s, ("play", 0, 1), ("play", 0, 2))
    assert s.u[foe * F + DMG] == 2 and s.u[0 * F + DMG] == 1
    assert s.used[0] == (1, 2) and s.hand[0] == () and s.held[0] == held()


def test_cards_only_in_their_phase():
    """Event & Relic Card: "<Phase>" (the card names the phase it is played in)."""
    rules = R()
    p, foe = duel(event("Later", phase=2, effect="On play: gain 1 ATK"))
    s = position(rules, p, {0: "C1", foe: "C7"}, hand={0: (1,)}, held=(held(a=1), held()))
    assert ("play", 0, 1) not in rules.legal_actions(s, 0)
    s = act(rules, s, ("end", 0), ("end", 0))
    assert ("play", 0, 1) in rules.legal_actions(s, 0)


def test_no_card_while_an_effect_resolves():
    """Event & Relic Cards: "These cards cannot be played while a game effect is being
    resolved\""""
    rules = R()
    p, foe = duel(unit(), unit(), event("Any", cost=0, effect="On play: gain 1 ATK"),
                  event("Pick", cost=0, effect="On play: boost 1 one friendly unit"))
    s = position(rules, p, {0: "C1", 1: "A1", 2: "B1", foe: "C7"}, hand={0: (3, 4)})
    s = act(rules, s, ("play", 0, 4))
    legal = rules.legal_actions(s, 0)
    assert sorted(legal) == [("pick", 0, 0), ("pick", 0, 1), ("pick", 0, 2)]
    s = act(rules, s, ("pick", 0, 2))
    assert s.u[2 * F + BST] == 1 and ("play", 0, 3) in rules.legal_actions(s, 0)


def test_active_event_stays_until_next_turn_and_is_unique():
    """Active Event Effects: "place it in your active area. Event card effects are active
    while in either active area. At the start of your next turn, discard all events in
    your active area. You cannot play an active event if you already have an active event
    with the same name in play.\""""
    rules = R()
    rush = event("Rush", cost=0, effect="Ongoing: +1 dice friendly units", active=True)
    p, foe = duel(unit(strength=2), rush, rush, theirs=(unit(hp=9),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE,
                 hand={0: (2, 3)})
    s = act(rules, s, ("play", 0, 2))
    assert s.active[0] == (2,) and ("play", 0, 3) not in rules.legal_actions(s, 0)
    assert rules.attack_dice(s, 1) == 3
    s = act(rules, s, ("end", 0))
    assert s.active[0] == (2,)  # in play through the opponent's turn
    s = roll(rules, s, 1)
    s = act(rules, s, ("end", 1), ("end", 1), ("end", 1))
    assert s.active[0] == () and 2 in s.used[0] and rules.attack_dice(s, 1) == 2


def test_boost_and_spend_boost():
    """Boost: "To boost a card, place a boost token on it (no maximum). If a card's effect
    requires you to spend 1 or more boost, remove that number of boost tokens from that
    card (the card must have at least that much boost to activate that effect).\""""
    rules = R()
    p, foe = duel(relic("Crown", cost=0, effect="On play: spend 2 boost from commander, "
                                               "damage 3 enemy commander"),
                  relic("Crown", cost=0, effect="On play: spend 2 boost from commander, "
                                               "damage 3 enemy commander"))
    s = position(rules, p, {0: "C1", foe: "C7"}, hand={0: (1, 2)})
    s.u[0 * F + BST] = 3
    s = act(rules, s, ("play", 0, 1))
    assert s.u[0 * F + BST] == 1 and s.u[foe * F + DMG] == 3
    s = act(rules, s, ("play", 0, 2))
    assert s.u[0 * F + BST] == 1 and s.u[foe * F + DMG] == 3  # too little boost: nothing


def test_force_slides_and_is_not_a_move():
    """Force: "To force a card 1 or more spaces, slide it that many clear straight spaces
    in a single direction (horizontal or vertical). Forcing a card is NOT considered moving
    it.\""""
    rules = R()
    p, foe = duel(event("Shove", cost=0, effect="On play: force 2 one enemy unit"),
                  theirs=(unit("Mover", effect="After moving: boost 1 self"),))
    s = position(rules, p, {0: "A1", foe: "E7", foe + 1: "C4"}, hand={0: (1,)})
    s = act(rules, s, ("play", 0, 1))
    assert sorted(rules.legal_actions(s, 0)) == [("pick", 0, foe), ("pick", 0, foe + 1)]
    s = act(rules, s, ("pick", 0, foe + 1))
    ways = {a[2] for a in rules.legal_actions(s, 0)}
    assert ways == {0, 1, 2, 3}
    s = act(rules, s, ("pick", 0, 1))  # to player 1's right: C4 → E4
    assert s.board[at("E4")] == foe + 1 and s.u[(foe + 1) * F + BST] == 0


def test_taunt():
    """Abilities: "Taunt: When an adjacent enemy attaacks the target of that attack must be
    a unit with Taunt\""""
    rules = R()
    p, foe = duel(unit(), theirs=(unit("Wall", effect="Taunt"), unit("Soft")))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4", foe + 2: "D3"})
    assert rules.targets(s, 1) == [foe + 1]
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "E5", foe + 2: "D3"})
    assert rules.targets(s, 1) == [foe + 2]
