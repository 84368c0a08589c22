"""WarBadge observations and agents: hidden things stay hidden, greedy beats random."""

from __future__ import annotations

import pytest
from teams import act, badge, position

from toolkit.games.warbadge.engine import AGENTS, GreedyAgent, WarBadgeRules, standard_params
from toolkit.games.warbadge.engine.samples import MOON, SUN
from toolkit.games.warbadge.engine.state import WarBadgeParams
from toolkit.sim.run import run_play

F = badge("Filler", 1, "Armor")


@pytest.fixture
def rules() -> WarBadgeRules:
    return WarBadgeRules()


def test_face_down_enemy_badges_are_hidden(rules):
    """Conditions: "Ready WarBadges are face-side down": the enemy sees only how many."""
    secret = badge("Secret", 3, "Magic")
    s = position(rules, (F, F, F), (secret, badge("Shown", 1), F), ("RRR", "RER"))
    seen = rules.observe(s, 0)
    assert [v.spec.name for v in seen.theirs] == ["Shown"]
    assert seen.their_ready == 2 and seen.their_alive == 3
    assert all(v.spec != secret for v in seen.theirs)
    assert len(seen.mine) == 3  # own badges, face down or not, are known


def test_pending_declarations_are_hidden(rules):
    """Synchronous play: a declaration stays secret until both players have declared."""
    s = position(rules, (badge("A", 2), F, F), (badge("B", 2), F, F), ("RRR", "RRR"))
    before = rules.observe(s, 1)
    after = rules.observe(act(rules, s, ("commit", 0, 0)), 1)
    assert before == after


def test_registry():
    assert set(AGENTS) == {"random", "greedy"}
    assert AGENTS["greedy"]().observes and not AGENTS["random"]().observes


def test_greedy_answers_a_charge(rules):
    """Greedy sees a revealed Charge badge and picks a badge with type advantage."""
    knight = badge("Knight", 2, "Blade", abilities="Charge")
    herald = badge("Herald", 1, abilities="Lead")
    s = position(rules, (knight, F, F), (badge("Smith", 1, strong="Blade"), herald,
                                         badge("Big", 3), F), ("RRR", "RRRE"))
    s = act(rules, s, ("charge", 0, 0), ("lead", 1, 1))
    legal = rules.legal_actions(s, 1)
    choice = GreedyAgent().act(rules.observe(s, 1), legal, None)
    assert choice == ("commit", 1, 0)  # the Smith, strong against Blade, beats 4


def test_greedy_beats_random():
    """greedy must beat random clearly (mirror teams, both seats)."""
    rules = WarBadgeRules()
    wins = 0
    games = 0
    for team in (SUN, MOON):
        p = WarBadgeParams((team, team), ("A", "B"), standard_params().format)
        for agents, seat in ((["greedy", "random"], 0), (["random", "greedy"], 1)):
            result = run_play(rules, p, agents, games=100, seed=11)
            assert result.exit_code == 0
            wins += result.stats.wins[seat]
            games += result.games
    assert wins / games > 0.6


def test_determinize_deals_the_unseen_badges_at_random(rules):
    """toolkit/sim/engine.py, determinize: a state "among those the player cannot tell
    apart", from the observation alone: the enemy's secret choice and face-down badges are
    dealt at random (never copied from the real state); the player's own stay as they are."""
    from random import Random

    herald = badge("Herald", 1, abilities="Lead")
    gold = badge("Gold", 3, "Magic")
    s = position(rules, (herald, F, F, F), (gold, F, badge("Pike", 2), F), ("RRRE", "RRRE"))
    s = act(rules, s, ("lead", 0, 0), ("commit", 1, 0))  # the Gold, in secret
    obs = rules.observe(s, 0)
    chosen = set()
    for seed in range(40):
        det = rules.determinize(obs, 0, Random(seed))
        assert rules.observe(det, 0) == obs and det.status[0] == s.status[0]
        assert det.status[1][3] == s.status[1][3]  # the face-up Filler stays
        chosen.add(det.committed[1])
    assert chosen == {0, 1, 2}  # any unseen badge may be the one in hand
