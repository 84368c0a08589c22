"""Scenario tests of the nineteen WarBadge abilities, each quoting the rulebook."""

from __future__ import annotations

import pytest
from teams import act, badge, params, position

from toolkit.games.warbadge.engine import WarBadgeRules
from toolkit.games.warbadge.engine.state import (
    ASIDE,
    DEAD,
    DROP,
    DYING,
    EXHAUSTED,
    FIGHT,
    HAND,
    HIDDEN,
    POST,
    PRE,
    READY,
    SAVE,
)
from toolkit.sim.engine import CHANCE

F = badge("Filler", 1, "Armor")


@pytest.fixture
def rules() -> WarBadgeRules:
    return WarBadgeRules()


def test_altruism(rules):
    """Altruism (Post-Battle): "Kill this WarBadge to prevent another WarBadge from dying.
    The target WarBadge is returned ready. This ability can be used even if this WarBadge
    was not used in the battle or if it is already exhausted." """
    monk = badge("Monk", 1, "Holy", abilities="Altruism")
    s = position(rules, (badge("Knight", 2), monk, F, F), (badge("Ogre", 3), F, F),
                 ("RERR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage == SAVE and s.status[0][0] == DYING
    assert rules.legal_actions(s, 0) == [("pass", 0), ("altruism", 0, 1)]
    s = act(rules, s, ("altruism", 0, 1))
    assert s.status[0][0] == READY and s.status[0][1] == DEAD
    assert rules.counts["warbadge.ability.altruism"] == 1


def test_charge(rules):
    """Charge (Pre-Battle): "If you reveal this WarBadge before a battle as your choice for
    the next battle, its value doubles." """
    knight = badge("Knight", 2, abilities="Charge")
    herald = badge("Herald", 1, abilities="Lead")
    s = position(rules, (knight, F, F), (badge("Ogre", 3), herald, F, F), ("RRR", "RRRE"))
    s = act(rules, s, ("charge", 0, 0), ("lead", 1, 1))
    assert s.status[0][0] == HAND and s.charged == (True, False)
    seen = rules.observe(s, 1)
    assert seen.sides[1].spec == knight and seen.sides[1].value == 4  # revealed at once
    s = act(rules, s, ("commit", 1, 0))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == DEAD  # 4 beats 3
    assert rules.counts["warbadge.ability.charge"] == 1


def test_death_curse(rules):
    """Death Curse (Pre-Battle): "Reveal and kill this WarBadge to kill a WarBadge of your
    choice. ... When targeting an enemy WarBadge that is ready, you may not look at the
    face-side." """
    assassin = badge("Assassin", 2, abilities="Death Curse")
    s = position(rules, (assassin, F, F), (badge("Ogre", 3), badge("Scout", 1), F),
                 ("RRR", "RRE"))
    s = act(rules, s, ("death-curse", 0, 0), ("commit", 1, 0))
    targets = rules.legal_actions(s, 0)
    # The enemy's face-up Filler by index, the Ogre it chose (in hand, unseen), its
    # face-down Scout only as a blind pick; then the curser's own badges.
    assert targets == [("target", 0, 1, 2), ("target", 0, 1, -2), ("target", 0, 1, -1),
                       ("target", 0, 0, 1), ("target", 0, 0, 2)]
    s = act(rules, s, ("target", 0, 1, -1))
    assert rules.to_move(s) == (CHANCE,)  # which face-down badge: chance says
    s = act(rules, s, ("blind", CHANCE, 1, 1))
    assert s.status[0][0] == DEAD and s.status[1][1] == DEAD and s.status[1][0] == HAND
    assert rules.counts["warbadge.ability.death-curse"] == 1
    assert rules.counts["warbadge.ruling.blind-target"] == 1
    assert rules.to_move(s) == (0,)  # the curser's player still has to choose


def test_enervate(rules):
    """Enervate (Post-Battle): "Reveal to flip X enemy WarBadges to their exhausted side
    where X equals the value of this WarBadge." """
    wraith = badge("Wraith", 2, abilities="Enervate")
    s = position(rules, (badge("Ogre", 3), wraith, F, F), (F, F, F, F), ("RRRR", "RRRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage == POST
    assert ("enervate", 0, 1) in rules.legal_actions(s, 0)
    s = act(rules, s, ("enervate", 0, 1))
    # Two blind picks among the three face-down enemy badges, each drawn by chance.
    assert rules.legal_actions(s, CHANCE) == [("blind", CHANCE, 1, 1), ("blind", CHANCE, 1, 2),
                                              ("blind", CHANCE, 1, 3)]
    s = act(rules, s, ("blind", CHANCE, 1, 2), ("blind", CHANCE, 1, 1))
    assert s.status[1] == [DEAD, EXHAUSTED, EXHAUSTED, READY]
    assert s.status[0][1] == EXHAUSTED
    assert rules.counts["warbadge.ability.enervate"] == 1


def test_fast(rules):
    """Fast: "This WarBadge always starts the round ready. When you Shake and Drop your
    WarBadges at the beginning of a round, set this WarBadge to the side. It doesn't count
    towards your number of WarBadges when determining the starting conditions of your team,
    so you can start with more ready badges than usual." """
    archer = badge("Archer", 1, "Ranged", abilities="Fast")
    team = (archer, F, F, F, F, F)
    s = rules.setup(params(team, team))
    assert s.status[0][0] == ASIDE and s.target == (3, 3)  # half of the 5 dropped
    s = rules.apply(s, ("drop", CHANCE, 0b000110, 0b000110))  # 3 of 5 dropped land ready
    assert s.stage == PRE
    assert s.status[0][0] == READY and s.status[0].count(READY) == 4
    assert rules.counts["warbadge.ability.fast"] == 2


def test_feed(rules):
    """Feed: "When an enemy dies, ready this WarBadge." """
    ghoul = badge("Ghoul", 1, "Abomination", abilities="Feed")
    s = position(rules, (badge("Ogre", 3), ghoul, F), (badge("Scout", 1), F, F),
                 ("RER", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[1][0] == DEAD and s.status[0][1] == READY
    assert rules.counts["warbadge.ability.feed"] == 1


def test_heal(rules):
    """Heal (Post-Battle): "Reveal to prevent a WarBadge of X value or less from dying from
    a battle, where X equals the value of this WarBadge. The healed WarBadge stays in play
    exhausted." """
    cleric = badge("Cleric", 2, "Holy", abilities="Heal")
    s = position(rules, (badge("Knight", 2), cleric, F), (badge("Ogre", 3), F, F),
                 ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert rules.legal_actions(s, 0) == [("pass", 0), ("heal", 0, 1)]
    s = act(rules, s, ("heal", 0, 1))
    assert s.status[0][0] == EXHAUSTED and s.status[0][1] == EXHAUSTED
    assert rules.counts["warbadge.ability.heal"] == 1
    # A value-1 healer cannot save a value-2 badge.
    weak = badge("Acolyte", 1, "Holy", abilities="Heal")
    s = position(rules, (badge("Knight", 2), weak, F), (badge("Ogre", 3), F, F),
                 ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == DEAD


def test_hide(rules):
    """Hide (Post-Battle): "Remove from play for the current round. Return to play ready in
    the next round after both players have dropped their WarBadges. This ability may be
    activated after any battle, even if this WarBadge is already exhausted." """
    thief = badge("Thief", 1, "Stealth", abilities="Hide")
    s = position(rules, (badge("Ogre", 3), thief, F), (badge("Scout", 1), F, F),
                 ("RER", "REE"), rounds=2)
    s = act(rules, s, ("commit", 0, 0))
    assert s.stage == POST and ("hide", 0, 1) in rules.legal_actions(s, 0)
    s = act(rules, s, ("hide", 0, 1))
    assert s.round == 2 and s.stage == DROP and s.status[0][1] == HIDDEN
    s = rules.apply(s, ("drop", CHANCE, 0, 0b010))
    assert s.stage == PRE and s.status[0][1] == READY  # back, ready, after the drop
    assert rules.counts["warbadge.ability.hide"] == 1


def test_illusion(rules):
    """Illusion (Battle): "Reveal to swap any ready WarBadge including this WarBadge with
    the WarBadge in the battle. The WarBadge that was in the battle returns to ready." """
    mage = badge("Mage", 2, "Magic", abilities="Illusion")
    s = position(rules, (badge("Page", 1), mage, badge("Ogre", 3), F),
                 (badge("Wizard", 2, "Magic"), F, F), ("RRRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage == FIGHT and ("illusion", 0, 1) in rules.legal_actions(s, 0)
    s = act(rules, s, ("illusion", 0, 1))
    assert rules.legal_actions(s, 0) == [("target", 0, 0, 1), ("target", 0, 0, 2),
                                         ("target", 0, 0, 3)]
    s = act(rules, s, ("target", 0, 0, 2))
    # The Ogre took the Page's place (the Page is ready again) and won.
    assert s.status[0][:3] == [READY, EXHAUSTED, EXHAUSTED] and s.status[1][0] == DEAD
    assert rules.counts["warbadge.ability.illusion"] == 1


def test_inspire(rules):
    """Inspire (Post-Battle): "If this WarBadge wins a battle flip X WarBadges to their
    ready side where X equals the value of the WarBadge killed." """
    bard = badge("Bard", 3, abilities="Inspire")
    s = position(rules, (bard, F, F, F), (badge("Knight", 2), F, F), ("RREE", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    # X = 2 (the Knight's value); exhausted: the Bard itself and two Fillers.
    assert rules.legal_actions(s, 0) == [("target", 0, 0, 0), ("target", 0, 0, 2),
                                         ("target", 0, 0, 3)]
    s = act(rules, s, ("target", 0, 0, 3), ("target", 0, 0, 0))
    assert s.status[0] == [READY, READY, EXHAUSTED, READY]
    assert rules.counts["warbadge.ability.inspire"] == 1


def test_lead(rules):
    """Lead (Pre-Battle): "Reveal to flip X WarBadges to their ready side where X equals
    the value of this WarBadge." """
    herald = badge("Herald", 2, abilities="Lead")
    s = position(rules, (herald, F, F, F), (F, F, F), ("RREE", "RRR"))
    s = act(rules, s, ("lead", 0, 0), ("commit", 1, 0))
    assert s.status[0] == [EXHAUSTED, READY, READY, READY]
    assert rules.counts["warbadge.ability.lead"] == 1


def test_mount(rules):
    """Mount (Battle): "If the WarBadge in battle is not a beast, abomination, flying, or
    machine, reveal this WarBadge during a battle to add this WarBadge's value to the value
    of the WarBadge in the battle. Do not count this WarBadge's types, strengths or
    weaknesses in the battle." """
    horse = badge("Horse", 1, "Armor", strong="Magic", weak="Blade", abilities="Mount")
    s = position(rules, (badge("Knight", 2, "Blade"), horse, F),
                 (badge("Ogre", 3, "Magic", strong="Armor"), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    s = act(rules, s, ("mount", 0, 1))
    # 2 + 1 = 3 against 3: a draw; the Horse's strength against Magic and the Ogre's
    # strength against Armor (the Horse's type) do not count.
    assert s.status[0][:2] == [EXHAUSTED, EXHAUSTED] and s.status[1][0] == EXHAUSTED
    assert rules.counts["warbadge.ability.mount"] == 1
    assert rules.counts["warbadge.rule.draw"] == 1


def test_mount_kill_choice(rules):
    """Mount: "If the mounted WarBadge loses, kill either the mount or the rider." """
    horse = badge("Horse", 1, "Armor", abilities="Mount")
    s = position(rules, (badge("Knight", 1, "Blade"), horse, F),
                 (badge("Ogre", 3), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0), ("mount", 0, 1))
    assert rules.legal_actions(s, 0) == [("kill", 0, 0), ("kill", 0, 1)]
    s = act(rules, s, ("kill", 0, 1))
    assert s.status[0][:2] == [EXHAUSTED, DEAD]
    assert rules.counts["warbadge.ruling.mount-kill-choice"] == 1


def test_poison(rules):
    """Poison (Post-Battle): "If the battle is a draw, the other WarBadge loses." """
    viper = badge("Viper", 2, abilities="Poison")
    s = position(rules, (viper, F, F), (badge("Knight", 2), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == DEAD
    assert rules.counts["warbadge.ability.poison"] == 1
    assert rules.counts["warbadge.ruling.poison-winner"] == 1


def test_protect(rules):
    """Protect (Battle): "Reveal this WarBadge during a battle to remove all weaknesses from
    the WarBadge in the battle." """
    squire = badge("Squire", 1, abilities="Protect")
    s = position(rules, (badge("Knight", 3, "Blade", weak="Magic"), squire, F),
                 (badge("Wizard", 1, "Magic"), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert rules.legal_actions(s, 0) == [("pass", 0), ("protect", 0, 1)]
    s = act(rules, s, ("protect", 0, 1))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == DEAD  # value 3 beats 1
    assert rules.counts["warbadge.ability.protect"] == 1


def test_rage(rules):
    """Rage (Post-Battle): "If this WarBadge wins a battle against an active opponent, it
    is not exhausted. Flip it back to ready." """
    dragon = badge("Dragon", 3, "Flying", abilities="Rage")
    s = position(rules, (dragon, F, F), (badge("Scout", 1), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == READY and s.status[1][0] == DEAD
    assert rules.counts["warbadge.ability.rage"] == 1


def test_regenerate(rules):
    """Regenerate (Post-Battle): "If this WarBadge was not defeated due to disadvantage,
    exhaust it instead of removing it from play." """
    troll = badge("Troll", 1, "Armor", abilities="Regenerate")
    s = position(rules, (troll, F, F), (badge("Ogre", 3), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == EXHAUSTED  # lost on value: regenerates
    s = position(rules, (troll, F, F), (badge("Smith", 1, strong="Armor"), F, F),
                 ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == DEAD  # lost to type advantage: dies
    assert rules.counts["warbadge.ability.regenerate"] == 1


def test_resurrect(rules):
    """Resurrect (Pre-Battle): "Reveal to return any 1 WarBadge of value X-1 to game play,
    where X equals this WarBadge's value. The resurrected WarBadge returns exhausted." """
    lich = badge("Lich", 3, abilities="Resurrect")
    s = position(rules, (lich, badge("Knight", 2), badge("Page", 1), F),
                 (F, F, F), ("RDDR", "RRR"))
    assert ("resurrect", 0, 0) in rules.legal_actions(s, 0)
    s = act(rules, s, ("resurrect", 0, 0), ("commit", 1, 0))
    assert s.status[0][:3] == [EXHAUSTED, EXHAUSTED, DEAD]  # only the value-2 Knight
    assert rules.counts["warbadge.ability.resurrect"] == 1


def test_revenge(rules):
    """Revenge: "When an allied WarBadge dies ready this WarBadge." """
    wolf = badge("Wolf", 1, abilities="Revenge")
    s = position(rules, (badge("Page", 1), wolf, F, F), (badge("Ogre", 3), F, F),
                 ("RERR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == DEAD and s.status[0][1] == READY
    assert rules.counts["warbadge.ability.revenge"] == 1


def test_swarm(rules):
    """Swarm (Battle): "This WarBadge has the value of all currently visible WarBadges with
    the Swarm ability combined, including exhausted badges but not unrevealed badges. When
    you play this WarBadge you may reveal any number of other WarBadges with the swarm
    ability at the same time." """
    rat = badge("Rat", 1, "Abomination", abilities="Swarm")
    s = position(rules, (rat, rat, rat, F), (badge("Knight", 2), F, F), ("RERR", "RRR"))
    assert ("commit", 0, 0, 0b100) in rules.legal_actions(s, 0)
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    # Alone: itself and the exhausted Rat, not the face-down one: 2 against 2, a draw.
    assert s.status[0][:3] == [EXHAUSTED, EXHAUSTED, READY] and s.status[1][0] == EXHAUSTED
    s = position(rules, (rat, rat, rat, F), (badge("Knight", 2), F, F), ("RERR", "RRR"))
    s = act(rules, s, ("commit", 0, 0, 0b100), ("commit", 1, 0))
    assert s.status[0][:3] == [EXHAUSTED] * 3 and s.status[1][0] == DEAD  # 3 beats 2
    assert rules.counts["warbadge.ability.swarm"] == 2


def test_abilities_only_in_their_phase(rules):
    """Battle Phases: "Some WarBadges have abilities that may be triggered in different
    phases of a battle." Pre-battle offers Lead but not Heal; the battle offers Protect."""
    herald = badge("Herald", 1, abilities="Lead")
    cleric = badge("Cleric", 1, abilities="Heal")
    squire = badge("Squire", 1, abilities="Protect")
    s = position(rules, (badge("K", 2, weak="Magic"), herald, cleric, squire, F),
                 (F, F, F), ("RRRRE", "RRR"))
    kinds = {a[0] for a in rules.legal_actions(s, 0)}
    assert kinds == {"commit", "lead"}
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage == FIGHT
    assert {a[0] for a in rules.legal_actions(s, 0)} == {"pass", "protect"}
    assert s.stage != PRE
