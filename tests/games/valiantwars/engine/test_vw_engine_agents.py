"""Valiant Wars agents: the `risk:P,buy:A>B>C` syntax, the stop rule computed from the
known deck, the buy list, and what the agents may see."""

from __future__ import annotations

from random import Random

import pytest
from vwkit import act, deal, step

from toolkit.core.errors import InputError
from toolkit.games.valiantwars.engine import (
    AGENTS,
    GreedyAgent,
    RiskAgent,
    ValiantWarsRules,
    out_risk,
    parse_risk,
    sample_params,
)
from toolkit.games.valiantwars.engine.state import BUY
from toolkit.sim.run import run_play


def test_risk_specs_parse():
    assert parse_risk("risk:0.3") == (0.3, ())
    assert parse_risk("risk:30%") == (0.3, ())
    assert parse_risk("risk:0.3,buy:Paladin>Gold>Soldier") == \
        (0.3, ("Paladin", "gold", "soldier"))
    assert parse_risk("RISK: .25 , buy: rogue > champion > wing knight") == \
        (0.25, ("rogue", "champion", "Wing Knight"))


@pytest.mark.parametrize(("spec", "message"), [
    ("risk:", "write risk:P"),
    ("risk:1.5", "from 0 to 1"),
    ("risk:0.3,buy:Paladn", "did you mean 'Paladin'"),
    ("risk:0.3;buy:Gold", "write risk:P"),
])
def test_bad_risk_specs_say_what_is_wrong(spec, message):
    with pytest.raises(InputError, match=message):
        parse_risk(spec)
    with pytest.raises(InputError, match=message):
        spec in AGENTS  # noqa: B015  (the registry explains a malformed spec)


def test_the_registry_lists_random_and_greedy_and_accepts_risk_specs():
    assert list(AGENTS) == ["random", "greedy"] and len(AGENTS) == 2
    assert "risk:0.3,buy:Gold" in AGENTS and "nonsense" not in AGENTS
    agent = AGENTS["risk:0.2,buy:Monk>Gold"]()
    assert isinstance(agent, RiskAgent) and agent.threshold == 0.2
    assert agent.order == ("Monk", "gold") and not agent.stochastic
    with pytest.raises(KeyError):
        AGENTS["nonsense"]


def test_out_risk_is_the_chance_of_a_second_dark_omen_next():
    """The stop rule's number: the share of Dark Omens in the cards left, once one shows;
    none while the opening stack is open (another joins it: "A stack of Dark Omens counts,
    in total, as one")."""
    rules, s, _ = deal(["Gold", "Omen", "Omen", "Gold", "Gold", "Soldier"], ["Gold"] * 6)
    s = step(rules, s, p0="draw", p1="draw")
    assert out_risk(rules.observe(s, 0)) == 0.0  # no Dark Omen shows yet
    s = step(rules, s, p0="draw", p1="draw")
    assert out_risk(rules.observe(s, 0)) == pytest.approx(1 / 4)
    # the opponent's risk is public: everybody knows what everybody owns
    assert out_risk(rules.observe(s, 1), 0) == pytest.approx(1 / 4)
    rules, s, _ = deal(["Omen", "Omen", "Gold"], ["Gold"] * 3)
    s = step(rules, s, p0="draw", p1="draw")
    assert out_risk(rules.observe(s, 0)) == 0.0
    # an Oracle shows the top card: the risk is certain
    rules, s, _ = deal(["Omen", "Gold", "Oracle", "Omen", "Gold", "Gold", "Gold"], ["Gold"] * 7)
    for _ in range(3):
        s = step(rules, s, p0="draw", p1="draw")
    assert out_risk(rules.observe(s, 0)) == 1.0


def test_the_risk_agent_stops_above_its_threshold():
    rules, s, _ = deal(["Gold", "Omen", "Omen", "Gold", "Gold", "Soldier"], ["Gold"] * 6)
    s = step(rules, s, p0="draw", p1="draw")
    s = step(rules, s, p0="draw", p1="draw")  # 1 of 4 left is a Dark Omen
    obs, legal = rules.observe(s, 0), rules.legal_actions(s, 0)
    assert RiskAgent(0.3).act(obs, legal, Random(1)) == ("draw", 0)
    assert RiskAgent(0.2).act(obs, legal, Random(1)) == ("stop", 0)


def test_the_risk_agent_buys_by_its_list():
    rules, s, _ = deal(["Gold"] * 6, ["Soldier"] * 2,
                       market=["Oath Paladin", "Iron Fighter", "Cloister Monk",
                               "Road Brigand", "Star Oracle"])
    for _ in range(5):
        s = step(rules, s, **{f"p{p}": "draw" for p in rules.to_move(s)})
    s = step(rules, s, p0="stop")
    while rules.to_move(s) != (0,):
        s = act(rules, s, ("pass", rules.to_move(s)[0]))
    agent = RiskAgent(0.3, ("Paladin", "gold", "soldier"))
    choice = agent.act(rules.observe(s, 0), rules.legal_actions(s, 0), Random(1))
    assert choice[0] == "champion" and s.pool.names[choice[2]] == "Oath Paladin"
    s = act(rules, s, choice)  # 5 of 5 Gold spent: no Paladin, no Gold; a Soldier
    choice = agent.act(rules.observe(s, 0), rules.legal_actions(s, 0), Random(1))
    assert choice == ("soldier", 0)
    assert s.phase == BUY


def test_greedy_beats_random():
    rules = ValiantWarsRules()
    result = run_play(rules, sample_params(2), ["greedy", "random"], games=100, seed=1)
    assert result.stats.wins[0] >= 80 and result.exit_code == 0


def test_observations_hide_deck_order_and_others_commitments():
    """Hidden things stay hidden: no deck order (but the Oracle's own look), no other
    player's choice at the current draw."""
    rules, s, _ = deal(["Gold", "Soldier", "Omen"], ["Soldier", "Gold", "Gold"])
    before = rules.observe(s, 1)
    s = rules.apply(s, ("stop", 0))  # player 1 commits first
    after = rules.observe(s, 1)
    assert after == before  # player 2 cannot tell
    assert rules.observe(s, 0).committed == 2
    text = repr(rules.observe(s, 1))
    assert "deck=" not in text and after.my_top == () and after.deck_sizes == (3, 3)


def test_determinize_keeps_what_the_player_knows():
    """`determinize`: the owner's Oracle-known top cards stay, the rest is reshuffled from
    what the player cannot see; the observation is unchanged."""
    rules, s, _ = deal(["Oracle", "Gold", "Soldier", "Omen", "Gold", "Soldier", "Gold"],
                       ["Gold"] * 7)
    s = step(rules, s, p0="draw", p1="draw")
    obs = rules.observe(s, 0)
    for seed in range(5):
        other = rules.determinize(obs, 0, Random(seed))
        assert other.deck[0][:4] == s.deck[0][:4]
        assert sorted(other.deck[0]) == sorted(s.deck[0])
        assert rules.observe(other, 0) == obs
    assert isinstance(GreedyAgent().act(obs, rules.legal_actions(s, 0), Random(0)), tuple)
