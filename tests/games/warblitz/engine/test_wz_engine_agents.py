"""Agents and what they may see: greedy beats random clearly from either seat; the
observation hides the opponent's reserves and the order of every pile; `determinize`
deals the hidden cards again without peeking; the statistics in the report."""

from __future__ import annotations

from random import Random

from toolkit.games.warblitz.engine import GreedyAgent, WarblitzRules, sample_params
from toolkit.sim.engine import CHANCE
from toolkit.sim.harness import agent_stream, chance_stream
from toolkit.sim.run import run_play


def test_greedy_beats_random_from_either_seat():
    """The greedy agent plays sensibly: it wins nearly every game against random."""
    rules = WarblitzRules()
    for lineup, seat in ((["greedy", "random"], 0), (["random", "greedy"], 1)):
        result = run_play(rules, sample_params(), lineup, games=60, seed=5)
        assert result.violations == [] and result.unfinished == []
        assert result.stats.wins[seat] >= 55, result.stats.wins


def _playing(seed: int, steps: int):
    rules = WarblitzRules()
    chance, arng = chance_stream(seed), agent_stream(seed)
    s = rules.setup(sample_params(), chance)
    for _ in range(steps):
        mover = rules.to_move(s)[0]
        if mover == CHANCE:
            s = rules.apply(s, rules.chance(s, chance))
        else:
            legal = rules.legal_actions(s, mover)
            s = rules.apply(s, legal[arng.randrange(len(legal))])
    return rules, s


def test_observation_hides_reserves_and_pile_order():
    """Ruling hidden: the opponent's reserves and every pile's order stay hidden."""
    rules, s = _playing(2, 60)
    for p in (0, 1):
        q = 1 - p
        obs = rules.observe(s, p)
        assert obs.hand == s.hand[p] and obs.hand_sizes[q] == len(s.hand[q])
        assert obs.pile == tuple(sorted(s.pile[p]))
        assert obs.unseen == tuple(sorted(s.hand[q] + s.pile[q]))
        other = s.copy()  # swap the opponent's reserves with their pile's top cards
        n = len(other.hand[q])
        mixed = list(other.pile[q][:n] + other.hand[q])
        Random(1).shuffle(mixed)
        other.hand[q] = tuple(sorted(mixed[:n]))
        other.pile[q] = tuple(mixed[n:]) + other.pile[q][n:]
        other.pile[p] = tuple(reversed(other.pile[p]))
        assert rules.observe(other, p) == obs


def test_determinize_keeps_what_the_player_knows():
    """engine.py: observe(determinize(obs, p, rng), p) == obs; the hidden cards vary."""
    rules, s = _playing(4, 80)
    p = rules.to_move(s)[0] if rules.to_move(s)[0] != CHANCE else 0
    obs = rules.observe(s, p)
    worlds = {rules.determinize(obs, p, Random(k)).hand[1 - p] for k in range(12)}
    for k in range(3):
        world = rules.determinize(obs, p, Random(k))
        assert rules.observe(world, p) == obs
        assert not list(rules.invariants(world))
    assert len(worlds) > 1 or len(s.hand[1 - p]) == 0


def test_greedy_decides_from_the_observation_only():
    """The agent is handed the observation; the same observation gives the same choice."""
    rules, s = _playing(6, 40)
    mover = rules.to_move(s)[0]
    if mover == CHANCE:
        s = rules.apply(s, rules.chance(s, Random(1)))
        mover = rules.to_move(s)[0]
    obs = rules.observe(s, mover)
    legal = rules.legal_actions(s, mover)
    one = GreedyAgent().act(obs, legal, Random(1))
    world = rules.determinize(obs, mover, Random(9))
    two = GreedyAgent().act(rules.observe(world, mover), rules.legal_actions(world, mover),
                            Random(2))
    assert one == two and one in legal


def test_game_statistics_in_the_report():
    """The report's game statistics: turns, end reasons, commander damage, units deployed
    and destroyed per card, upgrades by path, events and relics played."""
    result = run_play(WarblitzRules(), sample_params(), ["greedy", "greedy"], games=20, seed=1)
    doc = result.to_json()
    stats = doc["game_stats"]
    assert doc["length"]["unit"] == "turns" and doc["length"]["mean"] > 5
    assert sum(doc["end_reasons"].values()) == 20
    assert all(r.startswith("commander destroyed by") for r in doc["end_reasons"])
    ashen, tide = stats["warbands"]["Ashen Court"], stats["warbands"]["Tidewardens"]
    assert ashen["games"] == tide["games"] == 20 and ashen["wins"] + tide["wins"] == 20
    assert ashen["commander_damage"] + tide["commander_damage"] > 0
    assert sum(stats["seats"][k]["commander_damage"] for k in (0, 1)) == \
        ashen["commander_damage"] + tide["commander_damage"]
    assert ashen["deployed"]["Ash Pikeman"] > 0 and tide["destroyed"]
    assert ashen["upgrades"]["units"] > 0 and sum(ashen["played"].values()) > 0
    assert [title for title, _, _ in WarblitzRules().stats_tables(stats)] == ["Warbands", "Cards"]
    assert 0 <= stats["first_player_win_rate"] <= 1
