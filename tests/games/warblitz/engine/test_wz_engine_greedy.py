"""Greedy's blunders (issue 22), one scenario each: where an SPC token goes, a commander
low on life, deploying into an own ranged unit's line, attacking own cards.

Spaces are named as the player in question names them from their own side (ruling
``battlefield``: columns A-E from their left, ranks 1-7 from their own edge).
"""

from __future__ import annotations

from random import Random

import pytest

from toolkit.games.warblitz import board as B
from toolkit.games.warblitz.engine import GreedyAgent, WarblitzRules
from toolkit.games.warblitz.engine.state import BEGIN, DEPLOY, DMG, MOVE, PICK, TDEF, UNIT_ATTACK, F

from .wzkit import act, band, boss, params, relic, unit

CHARM = relic("Coral Charm", cost=1, phase=0, effect="On play: gain 1 SPC on one friendly unit")
SEER = unit("Seer", cls="Special", ranged=True, strength=1, hp=2,
            effect="Special: gain 1 WLD")
GUARD = unit("Guard", hp=4, strength=1)


def own(p: int, name: str) -> int:
    """The space player ``p`` names ``name`` ('C3') from their own side."""
    return B.own_space(p, *B.parse_space(name))


def greedy(rules: WarblitzRules, s, p: int) -> tuple:
    return GreedyAgent().act(rules.observe(s, p), rules.legal_actions(s, p), Random(0))


def test_spc_token_goes_to_a_unit_with_a_special():
    """Phase 1: the SPC token is "consumed to replace one roll of the unit's attack with
    the 'Special' result": on a unit with no Special ability it only takes a die away.
    Greedy plays Coral Charm and gives the token to the Seer (its Special), not to the
    sturdier Guard or the commander."""
    rules = WarblitzRules()
    p = params(band("Red", boss("Boss"), GUARD, SEER, CHARM), band("Blue", boss("Foe")))
    # uids: Boss 0, Guard 1, Seer 2, Charm 3; Foe 4.
    s = rules.position(p, {0: own(0, "C1"), 1: own(0, "B3"), 2: own(0, "C3"), 4: own(0, "C6")},
                       phase=BEGIN, held=((0, 1, 0, 0, 0), (0,) * 5), hand={0: (3,)})
    assert greedy(rules, s, 0) == ("play", 0, 3)
    s = act(rules, s, ("play", 0, 3))
    assert s.phase == PICK and set(s.queue[0].options) == {0, 1, 2}
    assert greedy(rules, s, 0) == ("pick", 0, 2)


def test_spc_charm_kept_without_a_unit_with_a_special():
    """With no unit with a Special ability on the battlefield, Coral Charm is not played."""
    rules = WarblitzRules()
    p = params(band("Red", boss("Boss"), GUARD, SEER, CHARM), band("Blue", boss("Foe")))
    s = rules.position(p, {0: own(0, "C1"), 1: own(0, "B3"), 4: own(0, "C6")},
                       phase=BEGIN, held=((0, 1, 0, 0, 0), (0,) * 5), hand={0: (3,)})
    assert greedy(rules, s, 0)[0] != "play"


@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize(("life", "foe_at"), [(2, "C7"), (4, "C4")])
def test_commander_low_on_life_gets_a_def_token_first(seat, life, foe_at):
    """"The DEF token prevents a wound from being applied": a commander at 4 life with an
    enemy in reach, or at 2 with none (events reach it anywhere), gets the DEF token
    before the tokens are kept to deploy a unit from the reserves."""
    rules = WarblitzRules()
    q = 1 - seat
    bands = [band("Red", boss("Boss"), GUARD), band("Blue", boss("Foe"), GUARD)]
    p = params(*bands)
    mine, theirs = (0, 2) if seat == 0 else (2, 0)
    hand = {seat: (mine + 1,)}
    s = rules.position(p, {mine: own(seat, "C1"), theirs: own(seat, foe_at)}, current=seat,
                       phase=BEGIN, held=tuple((1, 0, 0, 0, 0) if k == seat else (0,) * 5
                                               for k in (0, 1)), hand=hand)
    s.write(mine)[mine * F + DMG] = 12 - life
    assert q != seat
    assert greedy(rules, s, seat) == ("assign", seat, mine, 0, TDEF)


@pytest.mark.parametrize("seat", [0, 1])
def test_deploys_out_of_its_own_ranged_units_line(seat):
    """Ranged units "can target any card up to 3 clear straight spaces away": a unit
    deployed straight ahead of an own ranged unit blocks its line. From either seat,
    greedy deploys beside its Archer, not in front of it (the issue's player 2 put an
    Archer in front of its own Archer)."""
    rules = WarblitzRules()
    archer = unit("Archer", cls="Ranged", ranged=True, cost=1, hp=2)
    bands = [band("Red", boss("Boss"), archer, archer), band("Blue", boss("Foe"), archer, archer)]
    p = params(*bands)
    base = 0 if seat == 0 else 3
    foe = 3 if seat == 0 else 0
    s = rules.position(p, {base: own(seat, "C1"), base + 1: own(seat, "C2"),
                           foe: own(seat, "C7")}, current=seat, phase=DEPLOY,
                       held=tuple((1, 0, 0, 0, 0) if k == seat else (0,) * 5 for k in (0, 1)),
                       hand={seat: (base + 2,)})
    choice = greedy(rules, s, seat)
    assert choice[0] == "deploy"
    assert choice[3] != own(seat, "C3"), B.space_name(choice[3])


def test_attacks_only_enemy_cards():
    """"Melee units (MEL) can target any adjacent card" (rule any-target: own cards and
    terrain too), but greedy attacks an enemy, and holds when only its own cards or
    terrain are in reach."""
    rules = WarblitzRules()
    bands = [band("Red", boss("Boss"), GUARD, GUARD), band("Blue", boss("Foe"), GUARD)]
    p = params(*bands)
    # uids: Boss 0, Guard 1, Guard 2; Foe 3, Guard 4.
    s = rules.position(p, {0: own(0, "A1"), 1: own(0, "C3"), 2: own(0, "C4"),
                           3: own(0, "E7"), 4: own(0, "D3")}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("stay", 0))
    assert s.phase == UNIT_ATTACK
    assert greedy(rules, s, 0) == ("attack", 0, 4)
    s = rules.position(p, {0: own(0, "A1"), 1: own(0, "C3"), 2: own(0, "C4"),
                           3: own(0, "E7"), 4: own(0, "A7")}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("stay", 0))
    assert greedy(rules, s, 0) == ("hold", 0)


def test_offered_names_the_optional_rules_of_the_legal_actions():
    """The harness's ``offered`` hook: attacking an own card or terrain ("Melee units
    (MEL) can target any adjacent card", rule any-target) is offered when one is in
    reach; deploying next to the commander beside an enemy ("If the unit is deployed
    next to their commander then the unit may be adjacent to an enemy") when such a space
    is legal; and ``first_player`` is the seat Setup step 6 drew."""
    rules = WarblitzRules()
    bands = [band("Red", boss("Boss"), GUARD, GUARD), band("Blue", boss("Foe"), GUARD)]
    p = params(*bands)
    s = rules.position(p, {0: own(0, "A1"), 1: own(0, "C3"), 2: own(0, "C4"),
                           3: own(0, "E7"), 4: own(0, "D3")}, phase=MOVE)
    offered = rules.offered(s, 0, rules.legal_actions(s, 0))
    assert "warblitz.ruling.activation" in offered
    s = act(rules, s, ("activate", 0, 1), ("stay", 0))
    offered = rules.offered(s, 0, rules.legal_actions(s, 0))
    assert offered == ("warblitz.rule.attack-melee", "warblitz.rule.any-target")
    s = rules.position(p, {0: own(0, "C1"), 3: own(0, "E7"), 4: own(0, "B2")}, phase=DEPLOY,
                       held=((1, 0, 0, 0, 0), (0,) * 5), hand={0: (1,)})
    offered = rules.offered(s, 0, rules.legal_actions(s, 0))
    assert offered == ("warblitz.rule.deploy", "warblitz.rule.deploy-commander")
    for seed in range(6):
        s = rules.setup(p, Random(seed))
        assert rules.first_player(s) == s.first


def test_a_lone_commander_goes_round_terrain_to_the_fight():
    """A DEF token prevents the cost of inaction ("Add 1 damage to your commander", a
    wound like any other), so two lone commanders that wait behind terrain would wait for
    ever (seed 117, seats 2,1 of the default run lasted 413 turns): a commander alone on
    the battlefield advances, counting the steps round the terrain between."""
    from toolkit.games.warblitz.board import StartLayout

    rules = WarblitzRules()
    wall = StartLayout((2, 0), (), ((0, 2),))
    p = params(band("Red", boss("Boss"), start=wall), band("Blue", boss("Foe")))
    # uids: Boss 0; Foe 1; the terrain 2, between the two commanders.
    s = rules.position(p, {0: own(0, "A6"), 1: own(0, "A4"), 2: own(0, "A5")}, phase=MOVE)
    assert greedy(rules, s, 0) == ("activate", 0, 0)
    s = act(rules, s, ("activate", 0, 0))
    assert greedy(rules, s, 0) == ("move", 0, own(0, "B5"))
