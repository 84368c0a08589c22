"""Battle Gate agents, sample decks and the conversion from loaded decks."""

from __future__ import annotations

from pathlib import Path
from random import Random

from bgkit import deck, params

from tests.helpers import ROOT
from toolkit.core.registry import ValidateRequest
from toolkit.games.battlegate.deck import load_decks
from toolkit.games.battlegate.engine import (
    AGENTS,
    DECKS,
    BattleGateRules,
    GreedyAgent,
    game_stats,
    params_from_loaded,
    sample_params,
)
from toolkit.games.battlegate.engine.agents import plan_blocks
from toolkit.sim.harness import run_games
from toolkit.sim.run import run_play


def test_agent_registry():
    assert set(AGENTS) == {"random", "greedy"}
    assert BattleGateRules().agents is AGENTS


def test_greedy_beats_random_clearly():
    """Greedy against random, seats alternating, Balanced against Swarm."""
    rules = BattleGateRules()
    p = sample_params("Balanced", "Swarm")
    first, _ = run_games(rules, p, ["greedy", "random"], 100, 1)
    second, _ = run_games(rules, p, ["random", "greedy"], 100, 101)
    wins = first.stats.wins[0] + second.stats.wins[1]
    assert wins >= 170, wins


def test_plan_blocks():
    # The cheapest card that beats the attack; a pair when no single card does.
    assert plan_blocks([(0, 3, 0, 4.5)], [(1, 2), (2, 4), (3, 6)], 30) == {2: 0}
    assert plan_blocks([(0, 5, 0, 6.5)], [(1, 3), (2, 3)], 30) == {1: 0, 2: 0}
    # A cheap block of a big attack; every card when the damage would eliminate.
    assert plan_blocks([(0, 6, 0, 7.5)], [(1, 1)], 30) == {1: 0}
    assert plan_blocks([(0, 2, 0, 3.5), (1, 2, 0, 3.5)], [(1, 1)], 3) == {1: 0}


def test_plan_blocks_beats_the_attack_worth_most_per_defender():
    """Combat phase: "multiple cards may be assigned to defend against the same attack and
    have their powers added together", and a defence greater than the attack loses
    nothing. Three soldiers of power 2 against a Captain (5) and an Ember Stalker (3):
    all three beat the Captain (6 against 5), which gains more per defender (its power
    and worth over three cards) than two beating the Stalker and one lost to the Captain.
    """
    attacks = [(0, 5, 0, 6.5), (1, 3, 0, 4.0), (2, 3, 0, 4.0), (3, 2, 0, 3.5)]
    assert plan_blocks(attacks, [(4, 2), (5, 2), (6, 2)], 25) == {4: 0, 5: 0, 6: 0}
    # With only two of them, they beat a Stalker and leave the Captain alone.
    assert plan_blocks(attacks, [(4, 2), (5, 2)], 25) == {4: 1, 5: 1}


def test_greedy_fields_an_assassin_when_its_hand_outgrows_its_plays():
    """Assassin: "for each assassin you have in play you may play one additional card
    from your hand beyond the first". With a hand of many cards and one card a turn,
    greedy fields an assassin rather than a soldier; with a small hand, the soldier."""
    rules = BattleGateRules()
    mine = deck("S3", "A2", *["S1"] * 10, *["M1"] * 8)
    for hand, expected in (((0, 1, *range(2, 10)), "Assassin"), ((0, 1), "Soldier")):
        s = rules.position(params(mine, deck(*["M1"] * 20)), hand={0: hand})
        while s.phase != 1:  # draw up to the fielding phase
            s = rules.apply(s, rules.legal_actions(s, 0)[0])
        action = GreedyAgent().act(rules.observe(s, 0), rules.legal_actions(s, 0), Random(0))
        assert action[0] == "field" and mine[action[2]].klass == expected


def test_samples_match_the_bundled_workbook():
    result, loaded = load_decks(ValidateRequest(Path(ROOT / "toolkit/games/battlegate/content/decks.xlsx")))
    assert result.valid
    p = params_from_loaded(loaded)
    assert p.deck_names == tuple(DECKS)
    assert p.decks == tuple(DECKS.values())
    for cards in p.decks:
        assert sum(c.power for c in cards) == 100


def test_game_stats_from_a_run():
    rules = BattleGateRules()
    p = sample_params("Giants", "Wall")
    result = run_play(rules, p, ["greedy", "greedy"], games=40, seed=1)
    stats = game_stats(result.stats.counters, p.deck_names, result.stats.finished)
    seats = stats["seats"]
    assert sum(s["first"] for s in seats) == result.stats.finished
    decks = stats["decks"]
    assert decks["Giants"]["wins"] + decks["Wall"]["wins"] == sum(result.stats.wins)
    assert sum(decks[n]["wins"] for n in decks) == sum(result.stats.wins)
    eliminated = stats["eliminated"]
    assert eliminated["overwhelmed"] + eliminated["empty"] == sum(result.stats.wins)
    assert 0.0 <= stats["first_player_win_rate"] <= 1.0


def test_determinize_deals_the_unseen_cards_at_random():
    """toolkit/sim/engine.py, determinize: built from the observation alone: another
    player's hand and every deck's order are dealt from the cards the player has not seen,
    the known bottom card stays at the bottom."""
    from random import Random

    from toolkit.games.battlegate.engine import BattleGateRules, sample_params

    rules = BattleGateRules()
    s = rules.setup(sample_params("Balanced", "Swarm"), Random(3))
    pick = Random(3)
    while not (s.hand[0] and s.hand[1]):  # play on until both players hold cards
        legal = rules.legal_actions(s, rules.to_move(s)[0])
        s = rules.apply(s, legal[pick.randrange(len(legal))])
    obs = rules.observe(s, s.current)
    other = 1 - s.current
    hands, orders = set(), set()
    for seed in range(30):
        det = rules.determinize(obs, s.current, Random(seed))
        assert rules.observe(det, s.current) == obs
        kinds = [d.kind for d in s.decks]  # (copies of a kind cannot be told apart)
        assert (sorted(kinds[s.current][c] for c in det.hand[s.current])
                == sorted(kinds[s.current][c] for c in s.hand[s.current]))
        # the cut card everybody saw
        assert kinds[other][det.deck[other][-1]] == kinds[other][s.deck[other][-1]]
        hands.add(tuple(det.decks[other].kind[c] for c in det.hand[other]))
        orders.add(det.deck[s.current])
    assert len(hands) > 1
    assert len(orders) == 30  # own deck order is unknown too


def test_offered_names_the_optional_rules_of_the_legal_actions():
    """`offered`: a block onto an attack already blocked offers a group defence ("multiple
    cards may be assigned to defend against the same attack"); a defender's assassin
    (its budget: 1 card, power up to its 3 hand cards) offers the defender's budget and
    boost target rulings; `first_player` is the seat that won the cut."""
    rules = BattleGateRules()
    p = params(deck("S3", *["M1"] * 19), deck("M1", "M1", "A2", *["M1"] * 17))
    s = rules.position(p, current=0, field={0: (0,), 1: (0, 1)}, hand={1: (2, 3, 4)})
    while s.phase != 3:  # attack with the soldier, then to the defence
        legal = rules.legal_actions(s, rules.to_move(s)[0])
        s = rules.apply(s, next((a for a in legal if a[0] == "attack"), legal[-1]))
    assert rules.offered(s, 1, rules.legal_actions(s, 1)) == ("battlegate.rule.block",)
    s = rules.apply(s, ("block", 1, 0, 0))
    # Its cards now defend: it may boost at once ("at any time before the combat phase
    # has ended").
    assert set(rules.offered(s, 1, rules.legal_actions(s, 1))) == {
        "battlegate.rule.block", "battlegate.rule.group-defence", "battlegate.rule.boost",
        "battlegate.ruling.boost-rounds", "battlegate.ruling.defender-budget",
        "battlegate.ruling.boost-target"}
    s = rules.apply(s, ("block", 1, 1, 0))
    while rules.to_move(s) != (1,):  # the attacker passes its boost round
        s = rules.apply(s, rules.legal_actions(s, rules.to_move(s)[0])[-1])
    assert set(rules.offered(s, 1, rules.legal_actions(s, 1))) == {
        "battlegate.rule.boost", "battlegate.ruling.boost-rounds",
        "battlegate.ruling.defender-budget", "battlegate.ruling.boost-target"}
    assert rules.first_player(s) == s.battle.first
    game = rules.setup(sample_params("Balanced", "Swarm"), Random(4))
    assert rules.first_player(game) == game.battle.first


def test_greedy_plays_every_rule_the_default_decks_allow():
    """Issue 22: with the default decks and agents (Balanced v Swarm, greedy) every rule
    fires in 200 games, but those these two-player decks cannot reach: several defending
    players (defence-order) or eliminations in one combat (elimination-order) need three
    players, no re-cut can tie for good (players-decide: each deck holds a card above the
    other's lowest), and both decks always keep a soldier to attack with (stalemate)."""
    rules = BattleGateRules()
    result = run_play(rules, sample_params("Balanced", "Swarm"), ["greedy", "greedy"],
                      games=200, seed=1)
    never = {rule for rule, n in result.stats.counters.items()
             if n == 0 and rule in rules.coverage_ids()}
    assert never == {"battlegate.ruling.players-decide", "battlegate.ruling.defence-order",
                     "battlegate.ruling.elimination-order", "battlegate.ruling.stalemate"}
