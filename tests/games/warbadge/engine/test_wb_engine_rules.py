"""Scenario tests of WarBadge's basic rules, each quoting its rulebook sentence."""

from __future__ import annotations

import random

import pytest
from teams import act, badge, names, params, position

from toolkit.games.warbadge.engine import (
    QUICK,
    STANDARD,
    FormatSpec,
    WarBadgeParams,
    WarBadgeRules,
    quick_params,
    standard_params,
)
from toolkit.games.warbadge.engine.state import (
    ASIDE,
    BATTLE,
    DEAD,
    DROP,
    EXHAUSTED,
    FLIP,
    HAND,
    PRE,
    READY,
)
from toolkit.sim.engine import CHANCE, RandomAgent

F = badge("Filler", 1, "Armor")


@pytest.fixture
def rules() -> WarBadgeRules:
    return WarBadgeRules()


def play_random(rules: WarBadgeRules, p: WarBadgeParams, seed: int):
    """Play one game with random agents; returns the final state."""
    rng = random.Random(seed)
    agent = RandomAgent()
    s = rules.setup(p, rng)
    for _ in range(5000):
        movers = rules.to_move(s)
        if not movers:
            return s
        if movers[0] == CHANCE:
            s = rules.apply(s, rules.chance(s, rng))
            continue
        chosen = [agent.act(None, rules.legal_actions(s, q), rng) for q in movers]
        for a in chosen:
            s = rules.apply(s, a)
            assert not list(rules.invariants(s))
    raise AssertionError("game did not end")


def fight(rules, a, b, *, more0=(F, F), more1=(F, F), places=None):
    """Both players choose their first badge (``a`` and ``b``) from three ready ones."""
    team0, team1 = (a, *more0), (b, *more1)
    s = position(rules, team0, team1, places or ("R" * len(team0), "R" * len(team1)))
    return act(rules, s, ("commit", 0, 0), ("commit", 1, 0))


# ------------------------------------------------------------------ setup, formats
def test_standard_format(rules):
    """Setup: "In a standard game, each player secretly chooses 6 WarBadges to use: 1 Gold,
    2 Silver and 3 Bronze, with a total value of exactly 10." Victory: "have more badges at
    the end of 3 Rounds"."""
    p = standard_params()
    assert p.format == STANDARD == FormatSpec(
        "standard", 6, 3, (("Gold", 1), ("Silver", 2), ("Bronze", 3)), 10)
    for team in p.teams:
        assert len(team) == 6 and sum(b.value for b in team) == 10
        assert sorted(b.rank for b in team) == ["Bronze"] * 3 + ["Gold"] + ["Silver"] * 2
    s = rules.setup(p)
    assert s.rounds == 3 and [len(st) for st in s.status] == [6, 6]
    assert rules.to_move(s) == (CHANCE,)


def test_quick_format_ends_after_two_rounds(rules):
    """Quick Game Format: "In a quick game, each player chooses 4 WarBadges: 1 Gold, 1
    Silver and 2 Bronze, with a total value of 7, and game play ends after 2 Rounds instead
    of three." """
    p = quick_params()
    assert p.format == QUICK
    assert all(len(t) == 4 and sum(b.value for b in t) == 7 for t in p.teams)
    for seed in range(30):
        end = play_random(rules, p, seed)
        assert end.outcome is not None and end.round <= 2


def test_custom_format(rules):
    """Alternate Formats: "If both players agree, you may play the game using an alternate
    game format." A custom format sets the team size and the number of rounds."""
    team = tuple(badge(f"B{i}", 1 + i % 3) for i in range(8))
    p = WarBadgeParams((team, team), ("X", "Y"), FormatSpec("long", 8, 4))
    for seed in range(20):
        end = play_random(rules, p, seed)
        assert end.rounds == 4 and end.round <= 4


# --------------------------------------------------------------- drop and flips
def test_shake_and_drop(rules):
    """Setup: "Both players Shake and Drop all their WarBadges." Conditions: "Ready
    WarBadges are face-side down." "Exhausted WarBadges are face-side up." """
    team = tuple(badge(f"B{i}") for i in range(6))
    s = rules.setup(params(team, team))
    assert rules.to_move(s) == (CHANCE,)
    drop = rules.chance(s, random.Random(3))
    assert drop[0] == "drop" and drop[1] == CHANCE
    s = rules.apply(s, ("drop", CHANCE, 0b000111, 0b111000))
    assert s.stage == PRE  # three of six landed ready: nothing to flip
    assert s.status[0][:3] == [EXHAUSTED] * 3 and s.status[0][3:] == [READY] * 3
    assert rules.counts["warbadge.rule.shake-and-drop"] == 1


def test_first_round_flip_until_half_ready(rules):
    """Setup: "On the first round, flip your WarBadges one-by-one until exactly half of
    them rounded up are ready (facedown)." Five badges: three ready."""
    team = tuple(badge(f"B{i}") for i in range(5))
    s = rules.setup(params(team, team))
    s = rules.apply(s, ("drop", CHANCE, 0b11111, 0))  # all face up / all face down
    assert s.target == (3, 3) and s.stage == FLIP
    assert rules.to_move(s) == (0, 1)
    assert rules.legal_actions(s, 0) == [("flip", 0, j) for j in range(5)]  # ready some
    assert rules.legal_actions(s, 1) == [("flip", 1, j) for j in range(5)]  # exhaust some
    s = act(rules, s, ("flip", 0, 4), ("flip", 1, 0), ("flip", 0, 3), ("flip", 1, 1),
            ("flip", 0, 2))
    assert s.stage == PRE
    assert [st.count(READY) for st in s.status] == [3, 3]
    assert s.status[0] == [EXHAUSTED, EXHAUSTED, READY, READY, READY]
    assert rules.counts["warbadge.ruling.flip-choice"] == 5
    assert rules.counts["warbadge.rule.first-round-ready"] == 1


def test_flips_without_choice_are_automatic(rules):
    """Setup: flip "until exactly half of them rounded up are ready": with as many
    candidates as flips needed there is nothing to choose."""
    team = tuple(badge(f"B{i}") for i in range(4))
    s = rules.setup(params(team, team))
    s = rules.apply(s, ("drop", CHANCE, 0b0011, 0b1100))  # exactly two ready each
    assert s.stage == PRE and [st.count(READY) for st in s.status] == [2, 2]


# ------------------------------------------------------------------- the battle
def test_secret_choice_and_simultaneous_reveal(rules):
    """Battle Resolution: "During the battle phase, each player reveals their chosen
    WarBadge at the same time and a winner is determined." The choice itself is secret."""
    s = position(rules, (badge("A", 2), F, F), (badge("B", 1), F, F), ("RRR", "RRR"))
    assert rules.to_move(s) == (0, 1)
    before = rules.observe(s, 1)
    s1 = act(rules, s, ("commit", 0, 0))
    assert rules.observe(s1, 1) == before  # nothing of player 1's view changed
    assert rules.to_move(s1) == (1,)
    s2 = act(rules, s1, ("commit", 1, 0))
    assert rules.counts["warbadge.rule.secret-choice"] == 2
    assert rules.counts["warbadge.rule.reveal"] == 1
    assert s2.status[0][0] == EXHAUSTED and s2.status[1][0] == DEAD


def test_type_advantage_strong(rules):
    """Battle Resolution 1: "A WarBadge has type advantage if it is Strong against one of
    the enemy WarBadge's types ... the WarBadge with the advantage wins." """
    s = fight(rules, badge("Hunter", 1, "Blade", strong="Magic"), badge("Wizard", 3, "Magic"))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == DEAD
    assert rules.counts["warbadge.rule.type-advantage"] == 1


def test_type_advantage_enemy_weak(rules):
    """Battle Resolution 1: "... or if the enemy WarBadge is Weak against any of your
    WarBadge's types." """
    s = fight(rules, badge("Priest", 1, "Holy"), badge("Ghost", 3, "Abomination", weak="Holy"))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == DEAD


def test_advantages_cancel(rules):
    """Battle Resolution 1, note: "If both WarBadges have advantage, the advantages cancel
    each other out. Move to Step 2. Advantages do not stack." """
    s = fight(rules, badge("A", 1, "Blade", strong="Magic"),
              badge("B", 2, "Magic", strong="Blade"))
    assert s.status[0][0] == DEAD and s.status[1][0] == EXHAUSTED
    assert rules.counts["warbadge.rule.advantage-cancel"] == 1


def test_compare_values_winner_exhausted_loser_removed(rules):
    """Battle Resolution 2: "The WarBadge with the highest value wins the battle." Step 1:
    "The winner is exhausted and remains in play. The loser is defeated and removed from
    play." """
    s = fight(rules, badge("Big", 3), badge("Small", 2))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == DEAD
    assert rules.counts["warbadge.rule.compare-values"] == 1
    assert rules.counts["warbadge.rule.winner-exhausted"] == 1
    assert rules.counts["warbadge.rule.defeated-removed"] == 1
    assert s.stage == PRE and s.battle == 1


def test_draw_exhausts_both(rules):
    """Battle Resolution 3: "The battle is a draw and both WarBadges are exhausted, but
    neither is removed from play." """
    s = fight(rules, badge("A", 2), badge("B", 2))
    assert s.status[0][0] == EXHAUSTED and s.status[1][0] == EXHAUSTED
    assert rules.counts["warbadge.rule.draw"] == 1


# ---------------------------------------------------------------- end of round
def test_end_of_round(rules):
    """End of Round: "The round ends when one player has exhausted all of their
    WarBadges." "If the other player still has ready WarBadges, set them to the side."
    "Both players flip their dropped WarBadges until they each have a number of WarBadges
    ready that is equal to half of the losing player's team, rounded up." "Re-add any
    WarBadges that were set aside to that player's pool of WarBadges." """
    team0 = (badge("Big", 3), F, F, F, F)
    team1 = (badge("Small", 1), F, F, F, F)
    s = position(rules, team0, team1, ("RRREE", "REEEE"))
    assert rules.to_move(s) == (0,)  # player 2 has one choice and made it
    s = act(rules, s, ("commit", 0, 0))
    assert rules.counts["warbadge.rule.round-end"] == 1
    assert s.round == 2 and s.stage == DROP
    assert s.status[0] == [EXHAUSTED, ASIDE, ASIDE, EXHAUSTED, EXHAUSTED]
    assert s.target == (2, 2)  # 4 surviving badges of the loser: half is 2
    s = rules.apply(s, ("drop", CHANCE, 0b11111, 0))
    s = act(rules, s, ("flip", 0, 0), ("flip", 1, 1), ("flip", 0, 3), ("flip", 1, 2))
    assert s.stage == PRE
    assert s.status[0] == [READY, READY, READY, READY, EXHAUSTED]  # 2 flipped + 2 re-added
    assert s.status[1].count(READY) == 2
    assert rules.counts["warbadge.rule.set-aside"] == 2
    assert rules.counts["warbadge.rule.re-add"] == 2
    assert rules.counts["warbadge.ruling.set-aside-ready"] == 2
    assert rules.counts["warbadge.rule.next-round-ready"] == 1
    assert rules.counts["warbadge.ruling.ready-count-team"] == 2


def test_ready_count_cap(rules):
    """End of Round (ruling ready-count-cap): a player who dropped fewer badges than half
    of the losing player's team makes all of them ready."""
    team0 = (badge("Big", 3), F, F, F, F)
    team1 = (badge("Small", 1), F, F, F, F)
    s = position(rules, team0, team1, ("RRRRE", "REEEE"))
    s = act(rules, s, ("commit", 0, 0))
    # Player 1 set three ready badges aside and drops two; the loser drops four.
    assert s.target == (2, 2)
    s2 = position(rules, team0, team1, ("RRRRR", "REEEE"))
    s2 = act(rules, s2, ("commit", 0, 0))
    assert s2.target == (1, 2)  # only Big is dropped by player 1
    assert rules.counts["warbadge.ruling.ready-count-cap"] == 1


# ------------------------------------------------------------------- victory
def test_victory_elimination(rules):
    """Victory: "To win the game you have to eliminate all the other player's badges"."""
    s = position(rules, (badge("Big", 3), F), (badge("Last", 1),), ("RR", "R"))
    s = act(rules, s, ("commit", 0, 0))
    assert s.outcome.winner == 0 and s.outcome.reason == "elimination"
    assert rules.to_move(s) == ()
    assert rules.counts["warbadge.rule.victory-elimination"] == 1


def test_victory_more_badges(rules):
    """Victory: "... or have more badges at the end of 3 Rounds." (here a one-round
    format)."""
    s = position(rules, (badge("Big", 3), F, F), (badge("Small", 1), F, F), ("RRE", "REE"),
                 rounds=1)
    s = act(rules, s, ("commit", 0, 0))
    assert s.outcome.winner == 0 and s.outcome.reason == "more badges"
    assert rules.counts["warbadge.rule.victory-more-badges"] == 1


def test_victory_total_value(rules):
    """Victory: "If both players have the same number of badges at the end of three rounds,
    the player with the highest total value of remaining badges wins." """
    s = position(rules, (badge("A", 2), badge("Gold", 3)), (badge("B", 2), F), ("RE", "RE"),
                 rounds=1)
    assert s.outcome.winner == 0 and s.outcome.reason == "higher total value"
    assert rules.counts["warbadge.rule.victory-total-value"] == 1
    assert rules.counts["warbadge.ruling.both-exhausted"] == 1


def test_victory_draw(rules):
    """Victory: "If the number of badges and their total values are the same, the game is
    a draw." """
    s = position(rules, (badge("A", 2), F), (badge("B", 2), F), ("RE", "RE"), rounds=1)
    assert s.outcome.winner is None and s.outcome.reason == "draw: equal badges and value"
    assert rules.counts["warbadge.rule.victory-draw"] == 1


def test_rounds_never_exceed_the_format(rules):
    """Victory: "at the end of 3 Rounds": the game ends after the format's last round."""
    for seed in range(40):
        end = play_random(rules, standard_params(), seed)
        assert 1 <= end.round <= 3 and end.outcome is not None


# ---------------------------------------------------------------- invariants
def test_invariants_catch_broken_states(rules):
    """Invariants: each badge in exactly one place; values and team size never change;
    rounds never exceed the format."""
    s = position(rules, (badge("A", 2), F, F), (badge("B", 1), F, F), ("RRR", "RRR"))
    assert list(rules.invariants(s)) == []
    bad = s.copy()
    bad.status[0].append(READY)
    assert "team-size" in {n for n, _ in rules.invariants(bad)}
    bad = s.copy()
    bad.values = ((3, 1, 1), bad.values[1])
    assert "values" in {n for n, _ in rules.invariants(bad)}
    bad = s.copy()
    bad.status[1][0] = HAND  # in hand although nobody chose it
    assert "one-place" in {n for n, _ in rules.invariants(bad)}
    bad = s.copy()
    bad.status[0][0] = BATTLE
    assert "one-place" in {n for n, _ in rules.invariants(bad)}
    bad = s.copy()
    bad.round = 4
    assert "rounds" in {n for n, _ in rules.invariants(bad)}
    bad = s.copy()
    bad.swarm = (0b10, 0)  # Swarm badges to reveal, but no badge chosen
    assert "swarm" in {n for n, _ in rules.invariants(bad)}


def test_apply_leaves_the_state_untouched(rules):
    """Engines are pure: ``apply`` returns a new state."""
    s = position(rules, (badge("A", 2), F, F), (badge("B", 1), F, F), ("RRR", "RRR"))
    key = s.key()
    act(rules, s, ("commit", 0, 0), ("commit", 1, 0))
    assert s.key() == key


def test_names_helper(rules):
    s = position(rules, (badge("A", 2), F, F), (badge("B", 1), F, F), ("RRE", "RRR"))
    assert names(s, 0, EXHAUSTED) == ["Filler"]
