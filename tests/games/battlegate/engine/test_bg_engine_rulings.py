"""The Battle Gate rulings: the data, and a scenario for each ruling that can fire."""

from __future__ import annotations

from random import Random

import pytest
from bgkit import act, deck, filler, params, position

from toolkit.games.battlegate.engine import (
    RULES,
    RULINGS,
    BattleGateRules,
    CardSpec,
    can_ever_attack,
)
from toolkit.games.battlegate.engine.rulings import COVERAGE_IDS
from toolkit.games.battlegate.engine.state import DEFEND, FIELD, Deck
from toolkit.sim.harness import play_game


@pytest.fixture
def rules() -> BattleGateRules:
    return BattleGateRules()


def test_rulings_are_data():
    assert len(RULINGS) >= 15
    for rid, ruling in RULINGS.items():
        assert rid == ruling.id and rid.startswith("battlegate.ruling.")
        assert ruling.question.strip() and ruling.decision.strip()
        assert '"' in ruling.passage  # quotes the rulebook
    assert set(COVERAGE_IDS) == set(RULES) | set(RULINGS)
    assert len(COVERAGE_IDS) == len(set(COVERAGE_IDS))
    rules = BattleGateRules()
    assert tuple(rules.ruling_ids()) == tuple(RULINGS)
    assert rules.explain_rule("battlegate.ruling.stalemate") == RULINGS[
        "battlegate.ruling.stalemate"].decision
    assert rules.explain_rule("battlegate.rule.win") is None


def test_cut_card_stays_at_the_bottom(rules):
    """Ruling cut-card-stays: How to play: "cuts it to reveal a bottom card"."""
    named = tuple(CardSpec(f"card {i}", "Soldier", 1 + i % 3) for i in range(17))
    events: list[tuple[str, str]] = []
    rules.emit = lambda kind, text: events.append((kind, text))
    s = rules.setup(params(named, named), Random(4))
    reveal = next(text for kind, text in events if kind == "reveal")
    for p in (0, 1):
        assert f"cuts {named[s.deck[p][-1]].name} " in reveal
    assert rules.counts["battlegate.ruling.cut-card-stays"] == 1


def test_players_decide_when_no_highest_is_possible(rules):
    """Ruling players-decide: How to play: "(if no highest possible, players decide who
    goes first)": identical one-power decks can never break the tie."""
    firsts = set()
    for seed in range(20):
        s = rules.setup(params(filler(17, "S2"), filler(17, "S2")), Random(seed))
        firsts.add(s.first)
    assert firsts == {0, 1}
    assert rules.counts["battlegate.ruling.players-decide"] == 20
    assert rules.counts["battlegate.rule.recut"] == 0


def test_first_draw_is_exact(rules):
    """Ruling first-draw-exact: Draw phase: "The player who goes first draws 3 cards on
    their first turn" — no choice is offered."""
    s = rules.setup(params(filler(17, "S3"), filler(17, "S1")), Random(1))
    assert len(s.hand[0]) == 3 and s.phase == FIELD
    assert rules.counts["battlegate.ruling.first-draw-exact"] == 1


def test_draw_from_an_empty_deck(rules):
    """Ruling draw-empty-deck: the draw phase ends, nobody is eliminated."""
    s = position(rules, (deck("S1", "M1"), filler(17, "S1")), field={0: (0,)}, hand={0: (1,)})
    assert s.phase == FIELD and s.alive == (True, True)
    assert rules.counts["battlegate.ruling.draw-empty-deck"] == 1


def test_budget_fixed_after_the_draw_phase(rules):
    """Ruling budget-fixed: an assassin fielded this turn does not raise this turn's card
    limit (Fielding phase: "up to the number of assassin cards they have in play +1")."""
    s = position(rules, (deck("A1", "S1", "M1"), filler(17, "S1")), hand={0: (0, 1, 2)})
    assert s.cap_cards[0] == 1 and s.cap_power[0] == 3
    s = act(rules, s, ("field", 0, 0))
    assert s.phase != FIELD and s.hand[0] == (1, 2)
    assert rules.counts["battlegate.ruling.budget-fixed"] == 1


def test_defender_budget_is_its_own_hand(rules):
    """Ruling defender-budget: the defender's power limit is its own hand size right after
    the current player's draw phase: an assassin of greater power cannot be played."""
    b = deck("M4", "A3", "M1")
    s = position(rules, (deck("S4"), b), field={0: (0,), 1: (0,)}, hand={1: (1, 2)})
    assert s.cap_power[1] == 2
    s = act(rules, s, ("attack", 0, 0, 1), ("block", 1, 0, 0))
    # 4 against 4 and B's assassin (power 3 > 2) cannot be played: both discarded.
    assert s.discard == [(0,), (0,)] and s.hand[1] == (1, 2)
    assert rules.counts["battlegate.ruling.defender-budget"] == 0


def test_cards_in_play_stay(rules):
    """Ruling in-play-stays: there is no action that takes a card back from play."""
    s = position(rules, (deck("M1", "M1", "M2"), filler(17, "S1")), field={0: (0,)},
                 hand={0: (1, 2)})
    assert {a[0] for a in rules.legal_actions(s, 0)} == {"field", "stop"}
    assert rules.counts["battlegate.ruling.in-play-stays"] == 1


def test_fresh_cards_may_attack(rules):
    """Combat phase: "a player may assign ANY of their soldier and/or assassin cards in
    play to attack": one fielded this turn too (the text decides it: no ruling)."""
    s = position(rules, (deck("S1"), filler(17, "S1")), hand={0: (0,)})
    s = act(rules, s, ("field", 0, 0), ("attack", 0, 0, 1))
    assert rules.counts["battlegate.rule.attack"] == 1


def test_defence_order_from_the_attackers_left(rules):
    """Ruling defence-order: attacked players assign defenders in turn order from the
    attacking player's left."""
    s = position(rules, (deck("M1", "M1"), deck("M1", "M1"), deck("S2", "S2")),
                 current=2, field={0: (0,), 1: (0,), 2: (0, 1)})
    s = act(rules, s, ("attack", 2, 0, 1), ("attack", 2, 0, 0))  # (alike cards: kind 0)
    assert s.phase == DEFEND and s.queue == ((0, 0), (1, 0))
    s = act(rules, s, ("block", 0, 0, 1), ("block", 1, 0, 0))
    assert rules.counts["battlegate.ruling.defence-order"] == 2


def test_boost_at_any_time_before_the_combat_ends(rules):
    """Issue 24, item 3. Combat phase: "If a player can play assassins from their hand to
    boost their attack(s) or defense(s) they may do so at any time before the combat phase
    has ended": the attacker may boost an attack while still declaring attacks (before
    the defenders choose), and a defender may boost the attack its cards defend while its
    other cards are still to be assigned (before, assassins came only after every block,
    in the boost rounds). Ruling boost-rounds orders the decisions."""
    a = deck("S3", "S2", "A2", "M1")
    b = deck("M3", "M1", "A1", "M1", *["M1"] * 10)
    s = position(rules, (a, b), field={0: (0, 1), 1: (0, 1)},
                 hand={0: (2, 3), 1: (2, 3)})
    assert s.cap_cards == (1, 1) and s.cap_power == (2, 2)
    s = act(rules, s, ("stop", 0), ("attack", 0, 0, 1))
    # Still declaring: another attack, a boost of the declared one, or stop.
    assert rules.legal_actions(s, 0) == [("attack", 0, 1, 1), ("boost", 0, 2, 0),
                                         ("stop", 0)]
    s = act(rules, s, ("boost", 0, 2, 0), ("attack", 0, 1, 1))
    # (A's one card is played: nothing is left to declare, the defence begins)
    assert rules.observe(s, 1).attacks[0].power == 5  # 3 + 2, seen before any block
    s = act(rules, s, ("block", 1, 0, 1))  # the Minion 3 blocks the Soldier 2
    # B's second defender is still to be assigned, and B may boost its defence now.
    assert rules.legal_actions(s, 1) == [("block", 1, 1, 0), ("block", 1, 1, 1),
                                         ("boost", 1, 2, 1), ("hold", 1, 1)]
    s = act(rules, s, ("boost", 1, 2, 1), ("hold", 1, 1))
    # Nobody can play more: the boost rounds pass by themselves and the combat resolves:
    # 4 beats the Soldier 2, the boosted 5 is undefended (5 cards off B's deck).
    assert s.discard[0] == (1, 2) and s.field == [(0,), (0, 1)]
    assert 2 in s.discard[1] and len(s.discard[1]) == 6
    assert rules.counts["battlegate.rule.boost"] == 2
    assert rules.counts["battlegate.ruling.boost-rounds"] == 2


def test_boost_rounds_until_everyone_passes(rules):
    """Ruling boost-rounds: the attacker, then the defenders in turn order, play assassins
    or pass, round after round, until all pass in succession."""
    a = deck("S3", "A1", "A1", "A2", "A2", "M1", "M1", "M1")
    b = deck("M4", "A2", "M1", "M1", "M1")
    s = position(rules, (a, b), field={0: (0, 1, 2), 1: (0,)},
                 hand={0: (3, 4, 5, 6, 7), 1: (1, 2, 3, 4)})
    assert s.cap_cards == (3, 1) and s.cap_power == (5, 4)
    # (cards 1 and 2, and cards 3 and 4, are alike: actions name cards 1 and 3)
    s = act(rules, s, ("stop", 0), ("attack", 0, 0, 1), ("attack", 0, 1, 1),
            ("attack", 0, 1, 1), ("stop", 0), ("block", 1, 0, 0))
    order = []
    for action in (("boost", 0, 3, 0), ("stop", 0), ("boost", 1, 1, 0), ("boost", 0, 3, 0)):
        order.append(s.boosters[s.bpos])
        s = act(rules, s, action)
    # A: 3 + 2 + 2 = 7 against 4 + 2 = 6. Then neither can play more (A's power limit,
    # B's card limit), so both pass by themselves and the combat is resolved.
    assert order == [0, 0, 1, 0]
    # B loses its minion and assassin, and discards 2 from its hand (deck empty) for the
    # two undefended assassins.
    assert s.discard[1] == (0, 1, 2, 3) and s.field[0] == (0, 1, 2)
    assert rules.counts["battlegate.ruling.boost-rounds"] == 3


def test_no_boost_onto_an_undefended_attack(rules):
    """Ruling boost-target: a defender may only play assassins onto its defending cards."""
    b = deck("M1", "A1", "M1", "M1", "M1")
    s = position(rules, (deck("S2"), b), field={0: (0,), 1: (0,)}, hand={1: (1,)})
    s = act(rules, s, ("attack", 0, 0, 1), ("hold", 1, 0))
    assert s.discard[1] == (2, 3) and s.hand[1] == (1,)  # no boost was offered
    assert rules.counts["battlegate.ruling.boost-target"] == 0


def test_eliminated_cards_go_to_the_box(rules):
    """Ruling eliminated-to-box: every card of an eliminated player leaves the battle."""
    s = position(rules, (deck("S4"), deck("M1", "S1", "M2")), field={0: (0,), 1: (1,)},
                 hand={1: (0,)}, discard={1: (2,)})
    s = act(rules, s, ("attack", 0, 0, 1), ("hold", 1, 1))
    assert s.box[1] == (0, 1, 2) and s.field[1] == s.hand[1] == s.discard[1] == ()
    assert rules.counts["battlegate.ruling.eliminated-to-box"] == 1


def test_elimination_order_in_one_combat(rules):
    """Ruling elimination-order: several players eliminated in one combat go out in turn
    order from the attacker's left; the last player remaining wins."""
    s = position(rules, (deck("S3", "S3"), deck("M1"), deck("M1")), field={0: (0, 1)},
                 hand={1: (0,), 2: (0,)})
    s = act(rules, s, ("attack", 0, 0, 2), ("attack", 0, 0, 1))  # (alike cards: kind 0)
    assert [e[0] for e in s.eliminated] == [1, 2]
    assert s.outcome is not None and s.outcome.winner == 0
    assert rules.counts["battlegate.ruling.elimination-order"] == 1


def test_fresh_minions_count_for_recovery(rules):
    """Recovery phase: "up to the number of minions they have in play": a minion fielded
    this turn is in play (the text decides it: no ruling)."""
    s = position(rules, (deck("M1", "M1", "S2"), filler(17, "S1")), field={0: (0,)},
                 hand={0: (1,)}, discard={0: (2,)})
    s = act(rules, s, ("field", 0, 0))  # (card 1, alike to card 0: kind 0)
    assert s.limit == 2 and rules.legal_actions(s, 0) == [("recover", 0, 2), ("stop", 0)]


def test_open_information(rules):
    """Ruling open-information: every deck's list, the discard piles, the cut card at the
    bottom and the cards recovered into a hand are known to all; the rest of a hand and
    the order of a deck are not."""
    named = tuple(CardSpec(f"card {i}", "Soldier", 1 + i % 3) for i in range(17))
    s = rules.setup(params(named, named), Random(4))
    assert rules.counts["battlegate.ruling.open-information"] == 1
    seen = rules.observe(s, 1)
    assert seen.decks == (named, named) and seen.bottoms == (s.deck[0][-1], s.deck[1][-1])
    assert seen.hand_sizes[0] == len(s.hand[0]) and seen.shown == ((), ())
    # A card recovered from the discard pile is known to be in the hand.
    b = deck("M1", "S3", "M2")
    s = position(rules, (b, filler(17, "S1")), field={0: (0,)}, hand={0: (2,)},
                 discard={0: (1,)})
    s = act(rules, s, ("recover", 0, 1))  # nothing to draw, field or attack with
    assert rules.observe(s, 1).shown[0] == (1,) and rules.observe(s, 1).hand_sizes[0] == 2


def test_can_ever_attack():
    """The stalemate test over-estimates: only a hopeless player is ruled out."""
    d = Deck(deck("S2", "M1", "S6", "M1"))
    assert can_ever_attack(d, (), (0,), (), ())  # a soldier in play
    assert can_ever_attack(d, (), (), (0, 1, 3), ())  # one left in the deck
    assert not can_ever_attack(d, (), (), (0,), ())  # power 2 with at most 1 card
    assert not can_ever_attack(d, (), (1,), (), ())  # only a minion
    assert can_ever_attack(d, (), (1,), (), (0, 3))  # a minion can recover it
    assert not can_ever_attack(d, (), (), (), (0, 1))  # nobody to recover it
    assert not can_ever_attack(d, (1, 3), (), (), (2,))  # power 6 with at most 3 cards


def _stalled(state) -> bool:
    return state.outcome is not None and not state.outcome.finished


def test_stalemate_at_setup(rules):
    """Ruling stalemate: decks of minions only can never attack ("Minion: May defend but
    not attack."): found at setup and reported unfinished."""
    p = params(filler(17, "M1"), filler(17, "M2"))
    s = rules.setup(p, Random(0))
    assert _stalled(s) and s.turn == 0
    assert s.outcome.reason.startswith("stalemate") and rules.legal_actions(s, s.current) == []
    rec = play_game(rules, p, ["random", "random"], 7)
    assert not rec.finished and rec.violations == []
    assert rec.reason.startswith("stalemate") and rec.loop == ()
    assert rules.counts["battlegate.ruling.stalemate"] >= 2


def test_stalemate_during_play(rules):
    """Ruling stalemate: the last soldier lies in a discard pile and no minion can ever
    recover it; found after a turn without an attack."""
    s = position(rules, (deck("S3", "A2"), deck("M2", "M1")), discard={0: (0, 1)},
                 field={1: (0, 1)})
    assert _stalled(s) and s.turn == 1
    assert rules.counts["battlegate.ruling.stalemate"] == 1
    assert not list(rules.invariants(s))


