"""Scenario tests of the places where the engine once departed from the rulebook (issue 8).

Each test quotes the sentence it checks; each failed against the engine before the fix.
"""

from __future__ import annotations

from collections import Counter
from random import Random

import pytest
from teams import act, badge, position

from toolkit.games.warbadge.engine import GreedyAgent, WarBadgeRules
from toolkit.games.warbadge.engine.state import (
    ASIDE,
    DEAD,
    DROP,
    EXHAUSTED,
    FIGHT,
    HAND,
    PRE,
    READY,
)
from toolkit.sim.engine import CHANCE

F = badge("Filler", 1, "Armor")


@pytest.fixture
def rules() -> WarBadgeRules:
    return WarBadgeRules()


def events(rules: WarBadgeRules) -> list[str]:
    """Collect the log events the engine emits from now on."""
    seen: list[str] = []
    rules.emit = lambda kind, text: seen.append(text)
    return seen


# ------------------------------------------------------------------ Death Curse
def test_death_curse_the_curser_chooses_and_not_its_own_badge_by_default(rules):
    """Death Curse: "Reveal and kill this WarBadge to kill a WarBadge of your choice."
    The enemy chose its last ready badge in the same window: the curser still chooses,
    the enemy's chosen badge is among the targets and comes first."""
    assassin = badge("Assassin", 2, abilities="Death Curse")
    s = position(rules, (assassin, badge("Knight", 2), F), (badge("Ogre", 3), F), ("RRE", "RD"))
    assert rules.to_move(s) == (0,)  # B has one choice, the Ogre, and made it
    s = act(rules, s, ("death-curse", 0, 0))
    assert s.status[1][0] == HAND
    assert rules.to_move(s) == (0,)  # the curser decides: nothing is picked for it
    legal = rules.legal_actions(s, 0)
    assert legal[0][2] == 1  # the first target is the enemy's, never a self-kill
    assert ("target", 0, 1, -2) in legal  # the enemy's chosen badge, unseen
    assert {("target", 0, 0, 1), ("target", 0, 0, 2)} <= set(legal)  # own Knight, Filler
    choice = GreedyAgent().act(rules.observe(s, 0), legal, Random(1))
    assert choice[2] == 1  # greedy kills an enemy badge, not its own Knight
    seen = events(rules)
    s = act(rules, s, ("target", 0, 1, -2))
    assert s.status[1][0] == DEAD and s.status[0][1] == READY
    assert any("Death Curse" in e and "Ogre" in e for e in seen)  # the log shows it


def test_death_curse_may_target_a_charged_badge(rules):
    """Death Curse: "kill a WarBadge of your choice"; Charge: "If you reveal this WarBadge
    before a battle as your choice": the revealed badge is face up, a legal target."""
    assassin = badge("Assassin", 2, abilities="Death Curse")
    knight = badge("Knight", 2, abilities="Charge")
    s = position(rules, (assassin, F, F), (knight, F, F), ("RRR", "RRR"))
    s = act(rules, s, ("death-curse", 0, 0), ("charge", 1, 0))
    assert ("target", 0, 1, 0) in rules.legal_actions(s, 0)  # the Knight, seen
    s = act(rules, s, ("target", 0, 1, 0))
    assert s.status[1][0] == DEAD and s.committed[1] == -1 and not s.charged[1]
    assert rules.to_move(s) == (0, 1)  # both choose again: the phase goes on


# --------------------------------------------------------------- blind targets
def test_a_face_down_target_is_a_real_guess(rules):
    """Death Curse: "When targeting an enemy WarBadge that is ready, you may not look at
    the face-side"; Conditions: "You can peek at or rearrange your facedown WarBadges at
    any time": which face-down badge a blind pick hits is drawn by chance, and neither the
    targets offered nor the observation tell the badges apart."""
    assassin = badge("Assassin", 2, abilities="Death Curse")
    gold = badge("Gold", 3, "Magic")
    s = position(rules, (assassin, F, F), (gold, F, F, F), ("RRR", "RRRE"))
    s = act(rules, s, ("death-curse", 0, 0), ("commit", 1, 1))
    assert [a for a in rules.legal_actions(s, 0) if a[2] == 1 and a[3] < 0] == [
        ("target", 0, 1, -2), ("target", 0, 1, -1)]  # one blind pick, however many
    s = act(rules, s, ("target", 0, 1, -1))
    assert rules.to_move(s) == (CHANCE,)
    hits = Counter()
    for seed in range(300):
        drawn = rules.chance(s, Random(seed))
        hits[drawn[3]] += 1
        assert drawn[:3] == ("blind", CHANCE, 1) and s.status[1][drawn[3]] == READY
    assert set(hits) == {0, 2}  # the Gold or the other face-down Filler, never the Filler in hand
    assert 100 < hits[0] < 200
    after = rules.apply(s, ("blind", CHANCE, 1, 0))
    assert after.status[1][0] == DEAD and rules.counts["warbadge.ruling.blind-target"] == 1


def test_a_secret_choice_stays_secret(rules):
    """Battle Phases: players "choose a ready WarBadge" in secret: whether the enemy holds
    its Gold or a Filler in hand, and so which lies face down, looks the same."""
    herald = badge("Herald", 1, abilities="Lead")
    start = position(rules, (herald, F, F, F), (badge("Gold", 3), F, F), ("RRRE", "RRR"))
    gold = act(rules, start, ("lead", 0, 0), ("commit", 1, 0))
    filler = act(rules, start, ("lead", 0, 0), ("commit", 1, 1))
    assert gold.status[1] != filler.status[1]
    assert rules.observe(gold, 0) == rules.observe(filler, 0)


def test_enervate_flips_blind(rules):
    """Enervate: "Reveal to flip X enemy WarBadges to their exhausted side": the enemy's
    face-down badges are picked blind, each pick drawn by chance."""
    wraith = badge("Wraith", 2, abilities="Enervate")
    s = position(rules, (badge("Ogre", 3), wraith, F, F), (F, F, F, F), ("RRRR", "RRRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0), ("enervate", 0, 1))
    assert rules.to_move(s) == (CHANCE,)  # positions are all alike: no choice to make
    flipped = set()
    for seed in range(40):
        t = s
        while rules.to_move(t) == (CHANCE,):
            t = rules.apply(t, rules.chance(t, Random(seed)))
        assert t.status[1].count(EXHAUSTED) == 2
        flipped.add(tuple(t.status[1]))
    assert len(flipped) == 3  # any two of the three face-down badges


# ------------------------------------------------------------------------ Swarm
def test_swarm_reveals_are_chosen_with_the_badge(rules):
    """Swarm: "When you play this WarBadge you may reveal any number of other WarBadges
    with the swarm ability at the same time": chosen with the battle badge, in secret,
    revealed with it -- not in the battle after the enemy's badge is seen."""
    rat = badge("Rat", 1, "Abomination", abilities="Swarm")
    s = position(rules, (rat, rat, rat, F), (badge("Knight", 2), F, F), ("RRRR", "RRR"))
    legal = rules.legal_actions(s, 0)
    assert {("commit", 0, 0), ("commit", 0, 0, 0b010), ("commit", 0, 0, 0b100),
            ("commit", 0, 0, 0b110)} <= set(legal)
    hidden = rules.observe(s, 1)
    s = act(rules, s, ("commit", 0, 0, 0b110))
    assert rules.observe(s, 1) == hidden and s.status[0][1:3] == [READY, READY]
    s = act(rules, s, ("commit", 1, 0))
    # Revealed together: three Rats visible, value 3 beats the Knight's 2, and no Swarm
    # is offered once the battle is revealed.
    assert s.status[0][:3] == [EXHAUSTED] * 3 and s.status[1][0] == DEAD
    assert rules.counts["warbadge.ability.swarm"] == 1
    assert rules.counts["warbadge.ruling.swarm-reveal"] == 1


def test_swarm_reveals_go_with_a_charge(rules):
    """Swarm: "at the same time" as the badge is played: a charged Swarm badge is revealed
    before the battle, and the other Swarm badges with it (ruling swarm-reveal)."""
    rat = badge("Rat", 1, "Abomination", abilities="Swarm, Charge")
    herald = badge("Herald", 1, abilities="Lead")
    s = position(rules, (rat, rat, F), (badge("Ogre", 3), herald, F, F), ("RRR", "RRRE"))
    s = act(rules, s, ("charge", 0, 0, 0b10), ("lead", 1, 1))
    assert s.status[0][:2] == [HAND, EXHAUSTED]  # revealed at once, before the battle
    assert rules.observe(s, 1).sides[1].value == 4  # (1 + 1) doubled
    s = act(rules, s, ("commit", 1, 0))
    assert s.status[1][0] == DEAD and rules.counts["warbadge.ruling.swarm-reveal"] == 1


def test_swarm_counts_the_enemys_visible_swarm_badges(rules):
    """Swarm: "This WarBadge has the value of all currently visible WarBadges with the
    Swarm ability combined": the enemy's face-up Swarm badges too."""
    rat = badge("Rat", 1, "Abomination", abilities="Swarm")
    s = position(rules, (rat, F, F), (badge("Knight", 2), rat, F), ("RRR", "RER"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == EXHAUSTED  # 1 + 1 = 2: a draw
    assert rules.counts["warbadge.ruling.swarm-visible"] == 1


# ------------------------------------------------------------- next round's count
def test_the_losers_fast_badge_counts_for_the_other_player(rules):
    """End of Round: "flip their dropped WarBadges until they each have a number of
    WarBadges ready that is equal to half of the losing player's team, rounded up."
    Fast: "It doesn't count towards your number of WarBadges when determining the
    starting conditions of your team": it leaves only its owner's count."""
    archer = badge("Archer", 1, "Ranged", abilities="Fast")
    big = badge("Big", 3)
    s = position(rules, (big, F, F, F, F, F), (badge("Small", 1), F, F, F, F, archer),
                 ("RRREEE", "REEEEE"))
    s = act(rules, s, ("commit", 0, 0))
    assert s.round == 2 and s.stage == DROP and s.status[1][5] == ASIDE
    # B, the loser, has 5 badges: half is 3 for A; B's Fast Archer leaves B's own count
    # (4 badges, half 2), and comes back ready on top.
    assert s.target == (3, 2)


# ------------------------------------------------------------------- pre-battle
def test_pre_battle_stays_open_for_a_player_who_has_chosen(rules):
    """Battle Phases: "Pre-Battle: Before players choose a ready WarBadge for the next
    battle. This phase ends when both players have a chosen WarBadge in hand." While the
    other player has not chosen, a player who has may still use a pre-battle ability."""
    herald = badge("Herald", 1, abilities="Lead")
    s = position(rules, (herald, F, F, F), (herald, F, F), ("RRRE", "RRE"))
    s = act(rules, s, ("commit", 0, 1), ("lead", 1, 0))
    assert s.committed[0] == 1 and s.status[0][1] == HAND
    assert rules.legal_actions(s, 0) == [("pass", 0), ("lead", 0, 0)]
    assert set(rules.to_move(s)) == {0, 1}
    s = act(rules, s, ("lead", 0, 0), ("commit", 1, 1))
    # A's Lead readied its Filler; then both had chosen, and the two Fillers drew.
    assert s.battle == 1 and s.stage == PRE
    assert s.status[0] == [EXHAUSTED, EXHAUSTED, READY, READY]


# ------------------------------------------------------------------------ Mount
def test_a_mount_that_cannot_carry_the_new_rider_is_not_a_mount(rules):
    """Mount: "If the WarBadge in battle is not a beast, abomination, flying, or machine,
    reveal this WarBadge during a battle to add this WarBadge's value ... If the mounted
    WarBadge loses, kill either the mount or the rider." Illusion swaps a Flying badge in:
    the Horse adds nothing and cannot die in its place."""
    horse = badge("Horse", 1, abilities="Mount")
    mage = badge("Mage", 1, "Magic", abilities="Illusion")
    s = position(rules, (badge("Rider", 1), horse, mage, badge("Bird", 1, "Flying")),
                 (badge("Ogre", 2), F, F), ("RRRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0), ("mount", 0, 1))
    assert s.stage == FIGHT and rules.observe(s, 0).sides[0].value == 2
    s = act(rules, s, ("illusion", 0, 2), ("target", 0, 0, 3))
    # The Bird (1, and no Horse) lost to the Ogre's 2 (with the Horse it would be a draw)
    # and dies: no choice of the mount or the rider; the Horse stays, face up.
    assert s.status[0][3] == DEAD and s.status[0][1] == EXHAUSTED
    assert s.status[0][0] == READY and rules.to_move(s) != (0,)


# ------------------------------------------------------------------- the log
def test_the_reveal_line_shows_the_value_in_this_battle(rules):
    """Charge: "If you reveal this WarBadge before a battle as your choice for the next
    battle, its value doubles": the reveal shows the doubled value."""
    knight = badge("Knight", 2, abilities="Charge")
    s = position(rules, (knight, F, F), (badge("Ogre", 3), F, F), ("RRR", "RRR"))
    seen = events(rules)
    act(rules, s, ("charge", 0, 0), ("commit", 1, 0))
    reveal = next(e for e in seen if " vs " in e)
    assert "Knight (value 4" in reveal and "Ogre (value 3" in reveal


def test_hidden_badges_cannot_be_cursed(rules):
    """Hide: "Remove from play for the current round": out of play, no Death Curse target
    (ruling death-curse-hidden)."""
    assassin = badge("Assassin", 2, abilities="Death Curse")
    s = position(rules, (assassin, F, F), (badge("Thief", 1), F, F), ("RRR", "HRR"))
    s = act(rules, s, ("death-curse", 0, 0), ("commit", 1, 1))
    assert all(a[2] != 1 or a[3] != 0 for a in rules.legal_actions(s, 0))
    assert rules.counts["warbadge.ruling.death-curse-hidden"] == 1
    assert s.status[1][1] == HAND


def test_resurrect_may_return_any_badge_of_the_value(rules):
    """Resurrect: "Reveal to return any 1 WarBadge of value X-1 to game play": the enemy's
    dead badges of that value too (the old ruling resurrect-value narrowed it to one's own)."""
    lich = badge("Lich", 3, abilities="Resurrect")
    s = position(rules, (lich, badge("Knight", 2), F), (badge("Ogre", 2), F, F), ("RDR", "DRR"))
    s = act(rules, s, ("resurrect", 0, 0), ("commit", 1, 1))
    assert rules.legal_actions(s, 0) == [("target", 0, 0, 1), ("target", 0, 1, 0)]
    s = act(rules, s, ("target", 0, 1, 0))
    assert s.status[1][0] == EXHAUSTED and s.status[0][1] == DEAD  # back to its owner
