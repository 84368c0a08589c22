"""Random playthroughs of the Battle Gate engine for 2, 3 and 4 players over many seeds.

Every game ends or is reported unfinished with a reason, no invariant ever breaks, a
player who must decide always has a legal action, the same seed gives the same game, and
what a player observes never depends on hidden cards.
"""

from __future__ import annotations

from dataclasses import replace
from random import Random

import pytest
from bgkit import altered, params

from toolkit.games.battlegate.engine import SETUPS, BattleGateRules, CardSpec
from toolkit.sim.harness import play_game, run_games

CLASSES = ("Minion", "Soldier", "Assassin")


def random_deck(rng: Random) -> tuple[CardSpec, ...]:
    """A deck of 17 to 30 random cards (any mix of classes, powers 1 to 6)."""
    return tuple(CardSpec(f"c{i}", rng.choice(CLASSES), rng.randint(1, 6))
                 for i in range(rng.randint(17, 30)))


def check_run(rules, p, agents, games, seed=1):
    result, _ = run_games(rules, p, agents, games, seed)
    st = result.stats
    assert result.violations == [], result.violations[:3]
    assert sum(st.wins) + st.draws + st.unfinished == games
    for u in result.unfinished:
        assert u.reason and seed <= u.seed < seed + games
    return result


@pytest.mark.parametrize(("setup", "games"), [("duel", 300), ("giants", 300),
                                               ("three", 150), ("melee", 80)])
def test_sample_setups_random_and_greedy(setup, games):
    rules = BattleGateRules()
    p = SETUPS[setup]()
    seats = len(p.decks)
    for agents in (["random"] * seats, ["greedy"] + ["random"] * (seats - 1),
                   ["greedy"] * seats):
        result = check_run(rules, p, agents, games)
        assert result.stats.unfinished <= games // 20  # positions rarely repeat exactly


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_decks(players):
    """Any decks at all (minions only, giants only...) keep every invariant."""
    rules = BattleGateRules()
    for seed in range(40):
        rng = Random(seed)
        p = params(*(random_deck(rng) for _ in range(players)))
        for agents in (["random"] * players, ["greedy"] * players):
            rec = play_game(rules, p, agents, seed)
            assert rec.violations == [], rec.violations
            assert rec.finished or rec.reason


@pytest.mark.parametrize("setup", ["duel", "three", "melee"])
def test_same_seed_same_game(setup):
    rules = BattleGateRules()
    p = SETUPS[setup]()
    agents = ["greedy"] + ["random"] * (len(p.decks) - 1)
    for seed in (1, 29):
        first = play_game(rules, p, agents, seed, log=True)
        second = play_game(rules, p, agents, seed, log=True)
        assert first.log == second.log and first.log and "## End" in first.log
        assert (first.winner, first.length, first.steps) == (second.winner, second.length,
                                                              second.steps)


def test_observation_hides_hands_and_deck_order():
    """observe(): a player sees their own hand, every field, and counts; shuffling another
    player's deck or swapping their hand with deck cards changes nothing they see (bar the
    cut card at the bottom and the hand cards everybody saw go there: ruling
    open-information)."""
    rules = BattleGateRules()
    p = SETUPS["three"]()
    rng = Random(5)
    s = rules.setup(p, Random(5))
    checked = 0
    for _ in range(400):
        if rules.outcome(s) is not None:
            break
        mover = rules.to_move(s)[0]
        for q in range(s.players):
            other = (q + 1) % s.players
            deck, hand = list(s.deck[other][:-1]), list(s.hand[other])
            shown = s.shown[other]
            hand = [c for c in hand if c not in shown]
            if deck and hand:
                pool = deck + hand
                rng.shuffle(pool)
                t = altered(s, other, deck=tuple(pool[: len(deck)]) + s.deck[other][-1:],
                            hand=tuple(sorted(pool[len(deck):] + list(shown))))
                assert rules.observe(t, q) == rules.observe(s, q)
                checked += 1
            seen = rules.observe(s, q)
            kind = s.decks[q].kind  # (cards are seen by kind: copies look alike)
            assert seen.hand == tuple(sorted(kind[c] for c in s.hand[q]))
            assert seen.deck_sizes[other] == len(s.deck[other])
        legal = rules.legal_actions(s, mover)
        s = rules.apply(s, legal[rng.randrange(len(legal))])
    assert checked > 100


def test_apply_leaves_the_state_untouched():
    rules = BattleGateRules()
    s = rules.setup(SETUPS["duel"](), Random(2))
    rng = Random(2)
    for _ in range(300):
        if rules.outcome(s) is not None:
            break
        key = rules.state_key(s)
        legal = rules.legal_actions(s, rules.to_move(s)[0])
        nxt = rules.apply(s, legal[rng.randrange(len(legal))])
        assert rules.state_key(s) == key
        s = nxt


def test_invariants_catch_broken_states():
    """Invariants: every card in exactly one place, zones in card order, and the hand
    cards everybody knows are in the hand."""
    from bgkit import deck, position

    rules = BattleGateRules()
    s = position(rules, (deck("S1", "M1", "S2"), deck("S1", "M1")), hand={0: (1, 2)})
    assert list(rules.invariants(s)) == []

    def broken(change) -> set[str]:
        bad = replace(s, hand=list(s.hand), sound=None)  # made by hand: nothing checked yet
        change(bad)
        return {name for name, _ in rules.invariants(bad)}

    assert "card-count" in broken(lambda b: b.hand.__setitem__(0, (1,)))
    assert "canonical" in broken(lambda b: b.hand.__setitem__(0, (2, 1)))
    assert "shown" in broken(lambda b: setattr(b, "shown", [(0,), ()]))


def test_copies_in_a_hand_cannot_be_told_apart():
    """Issue 24, item 2. Making a card, Name: "cards may also share names": alike cards
    (same name, class and power) are copies nobody can tell apart. Two battles that differ
    only in which copies of a kind a hand holds (the rest in the deck) look the same to
    every player at every step: the same observations and the same legal actions, whichever
    copy is fielded, attacks, blocks, boosts or is discarded (before, actions and
    observations named the lowest copy present, which told how many were left). And the
    search's `determinize` gives a state that shows the same observation."""
    rules = BattleGateRules()
    a = (CardSpec("Levy", "Soldier", 2),) * 5 + (CardSpec("Knife", "Assassin", 1),) * 5 \
        + (CardSpec("Drudge", "Minion", 1),) * 8
    b = (CardSpec("Guard", "Minion", 2),) * 6 + (CardSpec("Pike", "Soldier", 2),) * 6 \
        + (CardSpec("Shiv", "Assassin", 1),) * 6
    for seed in range(12):
        # Seat 0 holds a Levy, two Knives and a Drudge: the lowest copies, or the highest.
        low = rules.position(params(a, b, b), hand={0: (0, 5, 6, 10)}, field={1: (0, 6)})
        high = rules.position(params(a, b, b), hand={0: (4, 8, 9, 17)}, field={1: (5, 11)})
        pick = Random(seed)
        for _ in range(300):
            if rules.outcome(low) is not None:
                break
            assert rules.outcome(high) is None
            mover = rules.to_move(low)[0]
            legal = rules.legal_actions(low, mover)
            assert rules.legal_actions(high, mover) == legal
            for q in range(3):
                seen = rules.observe(low, q)
                assert rules.observe(high, q) == seen
                assert rules.observe(rules.determinize(seen, q, Random(seed)), q) == seen
            action = legal[pick.randrange(len(legal))]
            low, high = rules.apply(low, action), rules.apply(high, action)
        assert rules.outcome(high) == rules.outcome(low)
