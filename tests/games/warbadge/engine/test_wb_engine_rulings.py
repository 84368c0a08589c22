"""Scenario tests of the WarBadge rulings: where the rulebook is silent, what the engine
does, and that each ruling is counted when it decides something."""

from __future__ import annotations

import pathlib
import re

import pytest
from teams import act, badge, params, position

from toolkit.games.warbadge.engine import RULINGS, WarBadgeRules
from toolkit.games.warbadge.engine.rulings import (
    ABILITY_NAMES,
    COVERAGE_IDS,
    RULES,
    ability_key,
)
from toolkit.games.warbadge.engine.state import (
    ASIDE,
    DEAD,
    DROP,
    EXHAUSTED,
    FIGHT,
    HIDDEN,
    POST,
    PRE,
    READY,
    SAVE,
)

F = badge("Filler", 1, "Armor")
HERE = pathlib.Path(__file__).parent


@pytest.fixture
def rules() -> WarBadgeRules:
    return WarBadgeRules()


def fired(rules: WarBadgeRules, name: str) -> int:
    return rules.counts[f"warbadge.ruling.{name}"]


def test_rulings_are_complete_data():
    """Every ruling has an id, a question, a decision and a rulebook passage, is counted
    in coverage, and is exercised by a test in this folder."""
    sources = "".join(p.read_text() for p in HERE.glob("test_*.py"))
    for rid, ruling in RULINGS.items():
        assert rid == ruling.id and rid.startswith("warbadge.ruling.")
        assert ruling.question and ruling.decision and ruling.passage
        assert rid in COVERAGE_IDS
        name = rid.removeprefix("warbadge.ruling.")
        assert re.search(rf"[\"'](warbadge\.ruling\.)?{re.escape(name)}[\"']", sources), rid


def test_every_rule_has_a_scenario():
    """Every rule the engine counts is checked by a scenario in the rules tests."""
    text = (HERE / "test_wb_engine_rules.py").read_text()
    for rule_id in RULES:
        assert f'"{rule_id}"' in text, rule_id


def test_every_ability_has_a_scenario():
    """Abilities: each of the nineteen has its own scenario test."""
    text = (HERE / "test_wb_engine_abilities.py").read_text()
    for name in ABILITY_NAMES:
        key = ability_key(name).replace("-", "_")
        assert f"def test_{key}(" in text, name


def test_declare_order_and_windows(rules):
    """Battle Phases: "Abilities are resolved one-by-one in the order that players declare
    them." Declared at the same moment, the priority player's resolves first (seat 2 in
    battle 2)."""
    herald = badge("Herald", 1, abilities="Lead")
    s = position(rules, (herald, F, F, F), (herald, F, F, F), ("RREE", "RREE"), battle=1)
    assert rules.to_move(s) == (1, 0)
    s = act(rules, s, ("lead", 1, 0), ("lead", 0, 0))
    assert fired(rules, "declare-order") == 1
    assert rules.to_move(s) == (1,)  # seat 2 picks its Lead target first
    s = act(rules, s, ("target", 1, 1, 3))
    assert rules.to_move(s) == (0,)
    s = act(rules, s, ("target", 0, 0, 2))
    assert s.status == ([EXHAUSTED, READY, READY, EXHAUSTED],
                        [EXHAUSTED, READY, EXHAUSTED, READY])


def test_ability_windows_end_when_all_pass(rules):
    """Using Abilities: "Players may use abilities at any time during the appropriate
    phase." The battle phase ends when every player passes in the same window."""
    squire = badge("Squire", 1, abilities="Protect")
    s = position(rules, (badge("K", 3, weak="Magic"), squire, F), (badge("W", 1, "Magic"), F,
                                                                  F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage == FIGHT and rules.to_move(s) == (0,)
    s = act(rules, s, ("pass", 0))
    assert s.status[0][0] == DEAD  # Magic beats the unprotected weakness
    assert fired(rules, "ability-windows") == 1


def test_a_readied_badge_may_use_its_ability_again(rules):
    """Conditions: Ready WarBadges' "abilities can be used by flipping them face-side up in
    the appropriate phase": nothing limits a badge made ready again, so two Lead badges may
    ready each other again and again."""
    a = badge("A", 1, abilities="Lead")
    b = badge("B", 1, abilities="Lead")
    s = position(rules, (a, b, badge("K", 2), F), (F, F, F), ("REER", "RRR"))
    s = act(rules, s, ("lead", 0, 0), ("commit", 1, 0), ("target", 0, 0, 1))
    s = act(rules, s, ("lead", 0, 1), ("target", 0, 0, 0))
    assert s.status[0][0] == READY and ("lead", 0, 0) in rules.legal_actions(s, 0)
    s = act(rules, s, ("lead", 0, 0))
    assert rules.counts["warbadge.ability.lead"] == 3


def test_fizzle(rules):
    """Using Abilities: "new abilities cannot be activated until currently activated
    abilities are resolved": a Lead whose badge a Death Curse killed first does nothing."""
    assassin = badge("Assassin", 2, abilities="Death Curse")
    herald = badge("Herald", 1, abilities="Lead")
    s = position(rules, (assassin, F, F), (herald, F, F), ("RRR", "RRE"))
    s = act(rules, s, ("death-curse", 0, 0), ("lead", 1, 0))
    s = act(rules, s, ("target", 0, 1, -1), ("blind", -1, 1, 0))  # the blind pick: Herald
    assert s.status[1][0] == DEAD and s.status[1][2] == EXHAUSTED
    assert fired(rules, "fizzle") == 1


def test_battle_cancelled(rules):
    """End of Round: "The round ends when one player has exhausted all of their
    WarBadges": also during pre-battle; the other player's chosen badge returns ready."""
    assassin = badge("Assassin", 2, abilities="Death Curse")
    s = position(rules, (badge("K", 2), F, F), (assassin, badge("X", 1), F), ("RRR", "RRE"))
    s = act(rules, s, ("commit", 0, 0), ("death-curse", 1, 0), ("target", 1, 1, 1))
    assert fired(rules, "battle-cancelled") == 1
    assert s.round == 2 and s.stage == DROP and s.status[0][0] == ASIDE
    assert s.battle == 0


def test_rage_active_opponent(rules):
    """Rage: "If this WarBadge wins a battle against an active opponent": not against a
    player left without a ready badge."""
    dragon = badge("Dragon", 3, abilities="Rage")
    s = position(rules, (dragon, F, F), (badge("Scout", 1), F), ("RRR", "RE"))
    act(rules, s, ("commit", 0, 0))
    assert fired(rules, "rage-active-opponent") == 1
    assert rules.counts["warbadge.ability.rage"] == 0


def test_mount_kinds(rules):
    """Mount: "If the WarBadge in battle is not a beast, abomination, flying, or machine":
    compared case-insensitively; beast and machine count when a vocabulary has them."""
    horse = badge("Horse", 1, abilities="Mount")
    for rider_types in ("Flying", "abomination", "Beast", "MACHINE, Blade"):
        s = position(rules, (badge("Rider", 2, rider_types), horse, F), (F, F, F),
                     ("RRR", "RRR"))
        s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
        assert s.stage != FIGHT  # no Mount offered: the battle was resolved at once
    s = position(rules, (badge("Rider", 1, "Blade"), horse, F), (badge("O", 3), F, F),
                 ("RRR", "RRR"))
    act(rules, s, ("commit", 0, 0), ("commit", 1, 0), ("mount", 0, 1), ("kill", 0, 1))
    assert fired(rules, "mount-kinds") >= 1


def test_mount_one(rules):
    """Mount: "Only one mount may be used at a time": one per player and battle."""
    horse = badge("Horse", 1, abilities="Mount")
    s = position(rules, (badge("Rider", 1), horse, horse, F), (badge("O", 3), F, F),
                 ("RRRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert rules.legal_actions(s, 0) == [("pass", 0), ("mount", 0, 1), ("mount", 0, 2)]
    s = act(rules, s, ("mount", 0, 1))
    assert fired(rules, "mount-one") == 1
    assert ("mount", 0, 2) not in rules.legal_actions(s, 0)


def test_mount_abilities(rules):
    """Mount: "Do not count this WarBadge's types, strengths or weaknesses in the battle":
    nor its Poison."""
    horse = badge("Horse", 1, abilities="Mount, Poison")
    s = position(rules, (badge("Rider", 1), horse, F), (badge("O", 2), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0), ("mount", 0, 1))
    assert s.status[1][0] == EXHAUSTED  # 1 + 1 = 2: a draw, and no Poison
    assert fired(rules, "mount-abilities") == 1


def test_protect_own(rules):
    """Protect: "remove all weaknesses from the WarBadge in the battle": the Protect
    player's own."""
    squire = badge("Squire", 1, abilities="Protect")
    s = position(rules, (badge("W", 3, "Magic"), F, F),
                 (badge("K", 1, "Blade", weak="Magic"), squire, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage == FIGHT and rules.legal_actions(s, 1)[1] == ("protect", 1, 1)
    act(rules, s, ("protect", 1, 1))
    assert fired(rules, "protect-own") == 1
    s = position(rules, (badge("W", 1, "Magic", weak="Blade"), F, F),
                 (badge("K", 3, "Blade"), squire, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage != FIGHT  # K has no weakness to remove; the enemy's is not Protect's


def test_illusion_swap_loses_charge(rules):
    """Illusion: "swap any ready WarBadge ... with the WarBadge in the battle": the Charge
    bonus stays with the Charge badge."""
    knight = badge("Knight", 2, abilities="Charge")
    mage = badge("Mage", 1, abilities="Illusion")
    s = position(rules, (knight, mage, badge("Page", 2), F), (badge("O", 3), F, F),
                 ("RRRR", "RRR"))
    s = act(rules, s, ("charge", 0, 0), ("commit", 1, 0), ("illusion", 0, 1),
            ("target", 0, 0, 2))
    assert s.status[0][0] == READY and s.status[0][2] == DEAD  # Page 2 (not 4) lost to 3
    assert fired(rules, "illusion-swap") == 1


def test_charge_value_with_swarm(rules):
    """Charge: "its value doubles": the Swarm total is doubled."""
    rat = badge("Rat", 1, "Abomination", abilities="Swarm, Charge")
    s = position(rules, (rat, rat, F), (badge("O", 3), F, F), ("RER", "RRR"))
    s = act(rules, s, ("charge", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == DEAD  # (1 + 1) x 2 = 4
    assert fired(rules, "charge-value") == 1


def test_poison_both_and_mutual_elimination(rules):
    """Poison: "If the battle is a draw, the other WarBadge loses": with two Poison badges
    both lose; the last badges of both teams gone, the game is a draw."""
    viper = badge("Viper", 2, abilities="Poison")
    s = position(rules, (viper,), (viper,), ("R", "R"))
    assert s.outcome.winner is None and s.outcome.reason == "draw: mutual elimination"
    assert fired(rules, "poison-both") == 1 and fired(rules, "mutual-elimination") == 1


def test_poison_winner_rages(rules):
    """Poison decides the drawn battle: the Poison badge wins it (Rage applies)."""
    viper = badge("Viper", 2, abilities="Poison, Rage")
    s = position(rules, (viper, F, F), (badge("K", 2), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == READY and fired(rules, "poison-winner") == 1


def test_post_battle_order_and_inspire_killed(rules):
    """Post-Battle: "After the winner of a battle is determined and when the losing
    WarBadge is removed from play": saves come before deaths, Inspire after them; a healed
    loser gives Inspire nothing."""
    bard = badge("Bard", 3, abilities="Inspire")
    cleric = badge("Cleric", 2, abilities="Heal")
    s = position(rules, (bard, F, F), (badge("K", 2), cleric, F), ("RRE", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.stage == SAVE and fired(rules, "post-battle-order") == 1
    s = act(rules, s, ("heal", 1, 1))
    assert s.status[1][0] == EXHAUSTED
    assert fired(rules, "inspire-killed") == 1
    assert rules.counts["warbadge.ability.inspire"] == 0


def test_save_any(rules):
    """Heal: "prevent a WarBadge of X value or less from dying from a battle": any dying
    badge, the enemy's too (printed value)."""
    cleric = badge("Cleric", 2, abilities="Heal")
    s = position(rules, (badge("O", 3), cleric, F), (badge("K", 2), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert rules.legal_actions(s, 0) == [("pass", 0), ("heal", 0, 1)]
    s = act(rules, s, ("heal", 0, 1))
    assert s.status[1][0] == EXHAUSTED and fired(rules, "save-any") == 1


def test_dying_cannot_act(rules):
    """Hide: "may be activated after any battle, even if this WarBadge is already
    exhausted" -- but not to escape its own death; nor may a dying Altruism badge act."""
    monk = badge("Monk", 1, abilities="Altruism, Hide")
    s = position(rules, (monk, F, F), (badge("O", 3), F, F), ("RRR", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == DEAD and fired(rules, "dying-cannot-act") == 1


def test_regenerate_defeat(rules):
    """Regenerate: "If this WarBadge was not defeated due to disadvantage": a Death Curse
    kill is not a defeat, so it does not regenerate."""
    assassin = badge("Assassin", 2, abilities="Death Curse")
    troll = badge("Troll", 1, abilities="Regenerate")
    s = position(rules, (assassin, F, F), (troll, F, F), ("RRR", "ERR"))
    s = act(rules, s, ("death-curse", 0, 0), ("commit", 1, 1), ("target", 0, 1, 0))
    assert s.status[1][0] == DEAD and fired(rules, "regenerate-defeat") == 1


def test_dies_meaning(rules):
    """Revenge: "When an allied WarBadge dies ready this WarBadge": a defeat is dying,
    hiding is not."""
    wolf = badge("Wolf", 1, abilities="Revenge")
    thief = badge("Thief", 1, abilities="Hide")
    s = position(rules, (badge("Page", 1), thief, wolf, F), (badge("O", 3), F, F),
                 ("REER", "RRR"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.status[0][0] == DEAD and s.status[0][2] == READY
    assert fired(rules, "dies-meaning") == 1
    assert s.stage == POST
    s = act(rules, s, ("hide", 0, 1))
    assert s.status[0][1] == HIDDEN
    assert fired(rules, "dies-meaning") == 1 and rules.counts["warbadge.ability.revenge"] == 1


def test_lead_targets(rules):
    """Lead: "flip X WarBadges to their ready side": the Lead badge does not ready
    itself."""
    herald = badge("Herald", 2, abilities="Lead")
    s = position(rules, (herald, F, F), (F, F, F), ("RER", "RRR"))
    s = act(rules, s, ("lead", 0, 0), ("commit", 1, 0))
    assert s.status[0] == [EXHAUSTED, READY, READY] and fired(rules, "lead-targets") == 1


def test_enervate_trigger(rules):
    """Enervate: "If using this ability triggers an enemy ability, resolve that ability as
    if the enemy player had triggered it": a flipped enemy Enervate may strike back."""
    wraith = badge("Wraith", 1, abilities="Enervate")
    s = position(rules, (badge("O", 3), wraith, F, F), (F, wraith, F), ("RRRR", "RRE"))
    s = act(rules, s, ("commit", 0, 0), ("commit", 1, 0), ("enervate", 0, 1), ("pass", 1))
    # The only face-down enemy badge is the enemy Wraith: flipped, it triggers.
    s = act(rules, s, ("blind", -1, 1, 1))
    assert fired(rules, "enervate-trigger") == 1
    assert rules.legal_actions(s, 1) == [("pass", 1), ("enervate", 1, 1)]
    s = act(rules, s, ("enervate", 1, 1), ("blind", -1, 0, 3))
    # Seat 1's last Filler was exhausted by it; seat 2 has no ready badge, so the round
    # ended and seat 1's remaining ready Filler was set aside.
    assert s.status[0] == [EXHAUSTED, EXHAUSTED, ASIDE, EXHAUSTED]


def test_hidden_alive(rules):
    """Hide: "Remove from play for the current round": a hidden badge is still alive, so
    its player is not eliminated and it counts at the end."""
    thief = badge("Thief", 1, abilities="Hide")
    s = position(rules, (badge("O", 3), F), (badge("S", 1), thief), ("RE", "RH"), rounds=1)
    assert s.outcome.winner == 0 and s.outcome.reason == "more badges"
    assert fired(rules, "hidden-alive") >= 1


def test_flip_choice_note_waits_for_the_other_players_flip(rules):
    """Battle Phases: "Game Play is Synchronous"; Setup 3: "flip your WarBadges one-by-one"
    -- both players flip at the same moment, so the log notes ruling flip-choice only
    once the other player has flipped too (it came between the two flips before), and
    every flip is still counted (issue 24, item 4)."""
    team = (badge("B0"), badge("B1"))
    s = rules.setup(params(team, team))
    s = rules.apply(s, ("drop", -1, 0b11, 0b11))  # each player flips one badge down
    events: list = []
    rules.emit = lambda kind, text: events.append((kind, text))
    s = rules.apply(s, ("flip", 0, 1))  # seat 2 has yet to flip at this moment
    assert ("fired", "warbadge.ruling.flip-choice") not in events
    s = rules.apply(s, ("flip", 1, 0))
    assert ("fired", "warbadge.ruling.flip-choice") in events
    assert fired(rules, "flip-choice") == 2


def test_the_log_ends_with_the_final_tally(rules):
    """Victory: "have more badges at the end of 3 Rounds ... the player with the highest
    total value of remaining badges wins": the game's last log lines give the result and
    each player's badges and total value, hidden badges counted (ruling hidden-alive)."""
    thief = badge("Thief", 1, abilities="Hide")
    events: list = []
    rules.emit = lambda kind, text: events.append((kind, text))
    s = position(rules, (badge("O", 3), F), (badge("S", 1), thief), ("RE", "RH"), rounds=1)
    assert s.outcome is not None
    assert events[-2] == ("end", "A wins: more badges")
    assert events[-1] == ("info", "Final tally: A: 2 badges, total value 4; "
                                  "B: 1 badge, total value 1")


def test_flip_choice_is_the_owners(rules):
    """Setup: "flip your WarBadges one-by-one": each player picks their own badges."""
    team = tuple(badge(f"B{i}") for i in range(4))
    s = rules.setup(params(team, team))
    s = rules.apply(s, ("drop", -1, 0b1111, 0b1111))
    assert rules.legal_actions(s, 0) == [("flip", 0, j) for j in range(4)]
    assert all(a[1] == 1 for a in rules.legal_actions(s, 1))
    s = act(rules, s, ("flip", 0, 3), ("flip", 1, 0), ("flip", 0, 2), ("flip", 1, 1))
    assert s.stage == PRE and fired(rules, "flip-choice") == 4
