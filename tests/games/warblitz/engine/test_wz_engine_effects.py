"""Every trigger, step and keyword of the effect vocabulary, played by the engine.

Each test sets a small position up, lets the effect fire and checks what it did; the
rulebook passage behind the word is quoted where there is one.
"""

from __future__ import annotations

from toolkit.games.warblitz.engine import WarblitzRules
from toolkit.games.warblitz.engine.state import (
    BST,
    DEPLOY,
    DMG,
    MOVE,
    PICK,
    TATK,
    TDEF,
    TSPC,
    UNIT_ATTACK,
    F,
)

from .wzkit import act, at, band, boss, event, params, position, relic, roll, unit

R = WarblitzRules


def duel(*mine, theirs=(), commander_effect=""):
    p = params(band("Red", boss("Boss", effect=commander_effect), *mine),
               band("Blue", boss("Foe"), *theirs))
    return p, 1 + len(mine)


def test_turn_start():
    """Phase 1: "Next, any abilities that trigger at the beginning of a turn are resolved."""
    rules = R()
    p, foe = duel(unit(), commander_effect="Turn start: boost 1 one adjacent friendly unit")
    s = position(rules, p, {0: "C1", 1: "C2", foe: "C7"}, phase=MOVE, current=1)
    s = act(rules, s, ("end", 1))
    assert s.u[F + BST] == 1  # the one adjacent unit: no choice to make
    assert rules.counts["warblitz.card.Boss"] == 1


def test_on_deploy():
    rules = R()
    p, foe = duel(unit("Guard", effect="On deploy: gain 1 DEF on self"))
    s = position(rules, p, {0: "C1", foe: "C7"}, phase=DEPLOY, hand={0: (1,)},
                 held=((0, 1, 0, 0, 0), (0,) * 5))
    s = act(rules, s, ("deploy", 0, 1, at("B1")))
    assert s.u[F + TDEF] == 1


def test_after_attacking_and_spend_boost():
    """Boost: "If a card's effect requires you to spend 1 or more boost, remove that number
    of boost tokens from that card\""""
    rules = R()
    p, foe = duel(unit(strength=1, effect="After attacking: spend 1 boost, damage 1 target"),
                  theirs=(unit(hp=5),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s.u[F + BST] = 1
    s = act(rules, s, ("activate", 0, 1), ("stay", 0), ("attack", 0, foe + 1))
    s = roll(rules, s, 1)  # a Special, no hit
    assert s.u[(foe + 1) * F + DMG] == 1 and s.u[F + BST] == 0


def test_no_boost_spent_when_the_target_is_gone():
    """Boost: "If a card's effect requires you to spend 1 or more boost, remove that number
    of boost tokens from that card" -- the boost pays for the effect (samples: "After
    attacking, spend 1 boost from this unit to add 1 damage to the target"): when the
    attack destroyed the target there is nothing to add damage to, and the boost stays
    (it was spent for nothing before; ruling spend-boost)."""
    rules = R()
    p, foe = duel(unit(strength=2, effect="After attacking: spend 1 boost, damage 1 target"),
                  theirs=(unit(hp=2),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s.u[F + BST] = 1
    s = act(rules, s, ("activate", 0, 1), ("stay", 0), ("attack", 0, foe + 1))
    s = roll(rules, s, 2, 2)  # two hits: the target is destroyed
    assert foe + 1 in s.gone[1] and s.u[F + BST] == 1
    assert rules.counts["warblitz.rule.spend-boost"] == 0


def test_spent_boost_pays_for_what_follows():
    """A spend pays for the steps after it: with no enemy unit adjacent to the commander,
    "damage 1 each enemy unit adjacent to commander" has nothing to damage and the boost
    stays on the commander; with one there, the boost is spent and the damage added."""
    rules = R()
    p, foe = duel(relic("Crown", cost=0, effect="On play: spend 1 boost from commander, "
                        "damage 1 each enemy unit adjacent to commander"),
                  theirs=(unit(hp=5),))
    s = position(rules, p, {0: "A1", foe: "E7", foe + 1: "C4"}, phase=MOVE, hand={0: (1,)})
    s.u[BST] = 1
    s = act(rules, s, ("play", 0, 1))
    assert s.u[BST] == 1 and s.u[(foe + 1) * F + DMG] == 0  # nobody adjacent: kept
    s = position(rules, p, {0: "A1", foe: "E7", foe + 1: "A2"}, phase=MOVE, hand={0: (1,)})
    s.u[BST] = 1
    s = act(rules, s, ("play", 0, 1))
    assert s.u[BST] == 0 and s.u[(foe + 1) * F + DMG] == 1


def test_when_destroyed_hits_what_was_adjacent():
    rules = R()
    p, foe = duel(unit(strength=3), theirs=(
        unit("Bomb", hp=1, effect="When destroyed: damage 1 each adjacent enemy unit"),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("stay", 0), ("attack", 0, foe + 1))
    s = roll(rules, s, 2, 2, 2)
    assert foe + 1 in s.gone[1] and s.u[F + DMG] == 1


def test_special_each_adjacent_to_target_and_heal():
    rules = R()
    p, foe = duel(unit(strength=1, ranged=True,
                       effect="Special: damage 1 each enemy unit adjacent to target"),
                  theirs=(unit(hp=5), unit(hp=5), unit(hp=5)))
    s = position(rules, p, {0: "A1", 1: "C2", foe: "E7", foe + 1: "C5", foe + 2: "B5",
                            foe + 3: "C6"}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("stay", 0), ("attack", 0, foe + 1))
    s = roll(rules, s, 6)  # a hit and a Special
    dmg = [s.u[(foe + k) * F + DMG] for k in (1, 2, 3)]
    assert dmg == [1, 1, 1]


def test_heal_one_friendly_unit_is_chosen():
    rules = R()
    p, foe = duel(unit(hp=5), unit(hp=5), relic("Balm", cost=0, effect="On play: heal 2 one "
                                                                       "friendly unit"))
    s = position(rules, p, {0: "A1", 1: "B1", 2: "C1", foe: "E7"}, hand={0: (3,)})
    s.u[F + DMG] = 3
    s = act(rules, s, ("play", 0, 3))
    assert s.phase == PICK and rules.to_move(s) == (0,)
    s = act(rules, s, ("pick", 0, 1))
    assert s.u[F + DMG] == 1


def test_force_away_and_toward_and_cannot_be_forced():
    """Force: "slide it that many clear straight spaces in a single direction"."""
    rules = R()
    p, foe = duel(unit(strength=1, ranged=True, effect="Special: force 2 target away"),
                  unit(strength=1, ranged=True, effect="Special: force 1 target toward"),
                  theirs=(unit(hp=9), unit(hp=9, effect="Cannot be forced")))
    s = position(rules, p, {0: "A1", 1: "C2", 2: "D2", foe: "A7", foe + 1: "C4",
                            foe + 2: "D5"}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("stay", 0), ("attack", 0, foe + 1))
    s = roll(rules, s, 2)
    assert s.board[at("C6")] == foe + 1  # 2 away from C2
    s = act(rules, s, ("activate", 0, 2), ("stay", 0), ("attack", 0, foe + 2))
    s = roll(rules, s, 2)
    assert s.board[at("D5")] == foe + 2  # cannot be forced
    assert rules.counts["warblitz.effect.cannot-be-forced"] >= 1


def test_force_stops_before_a_card():
    """Ruling force: the card stops before the first card or the edge."""
    rules = R()
    p, foe = duel(event("Push", cost=0, effect="On play: force 3 enemy commander"))
    s = position(rules, p, {0: "B7", foe: "E7"}, hand={0: (1,)})
    s = act(rules, s, ("play", 0, 1))
    assert sorted(a[2] for a in rules.legal_actions(s, 0)) == [2, 3]  # down or left
    s = act(rules, s, ("pick", 0, 3))
    assert s.board[at("C7")] == foe  # 2 spaces: B7 holds a card


def test_move_effect_and_fresh_units():
    """Ruling effect-move: a unit deployed this turn cannot be moved by an effect."""
    rules = R()
    p, foe = duel(unit(), unit(), event("Step", cost=0, effect="On play: move 2 one friendly unit"))
    s = position(rules, p, {0: "A1", 1: "C2", foe: "E7"}, phase=DEPLOY, hand={0: (2, 3)},
                 held=((0, 1, 0, 0, 0), (0,) * 5))
    s = act(rules, s, ("deploy", 0, 2, at("D1")), ("end", 0), ("play", 0, 3))
    options = [a[2] for a in rules.legal_actions(s, 0)]
    assert 2 not in options and options == [0, 1]  # the Boss or unit 1 (board order)
    s = act(rules, s, ("pick", 0, 1))
    spaces = [a[2] for a in rules.legal_actions(s, 0)]
    assert at("C4") in spaces and at("C2") in spaces  # up to 2, or stay
    s = act(rules, s, ("pick", 0, at("C4")))
    assert s.board[at("C4")] == 1


def test_gain_tokens_held_and_on_units():
    rules = R()
    p, foe = duel(unit(), relic("Kit", cost=0,
                                effect="On play: gain 2 WLD, gain 1 SPC on commander"))
    s = position(rules, p, {0: "A1", 1: "B1", foe: "E7"}, hand={0: (2,)})
    s = act(rules, s, ("play", 0, 2))
    assert s.held[0][2] == 2 and s.u[0 * F + TSPC] == 1


def test_draw_dice_next_roll():
    """Ruling draw-dice: extra draw dice roll with the player's next roll."""
    rules = R()
    p, foe = duel(relic("Lens", cost=0, effect="On play: draw dice 2"))
    s = position(rules, p, {0: "A1", foe: "E7"}, hand={0: (1,)}, turns=(3, 3))
    s = act(rules, s, ("play", 0, 1), ("end", 0), ("end", 0), ("end", 0))
    s = roll(rules, s, 1)
    s = act(rules, s, ("end", 1), ("end", 1), ("end", 1))
    assert rules.draw_dice(s, 0) == 5


def test_ongoing_unit_aura_and_active_event_modifiers():
    """Active Event Effects: "Event card effects are active while in either active area.\""""
    rules = R()
    p, foe = duel(unit(strength=2), unit(ranged=True),
                  event("Surge", cost=0, effect="Ongoing: +1 moves friendly units, "
                                                "+1 range friendly ranged units", active=True),
                  commander_effect="Ongoing: +1 dice adjacent friendly units")
    s = position(rules, p, {0: "A1", 1: "A2", 2: "C1", foe: "E7"}, hand={0: (3,)})
    assert rules.attack_dice(s, 1) == 3 and rules.attack_dice(s, 2) == 2
    assert rules.moves_of(s, 1) == 2 and rules.reach_of(s, 2) == 3
    s = act(rules, s, ("play", 0, 3))
    assert rules.moves_of(s, 1) == 3 and rules.reach_of(s, 2) == 4
    assert rules.moves_of(s, foe) == 2  # not an enemy's


def test_minus_dice_never_below_one():
    """Ruling dice-minimum: an attack rolls at least one die."""
    rules = R()
    p, foe = duel(event("Fog", cost=0, effect="Ongoing: -2 dice enemy units", active=True),
                  theirs=(unit(strength=2),))
    s = position(rules, p, {0: "A1", foe: "E7", foe + 1: "C4"}, hand={0: (1,)})
    s = act(rules, s, ("play", 0, 1))
    assert rules.attack_dice(s, foe + 1) == 1


def test_moves_and_range_keywords():
    rules = R()
    p, foe = duel(unit("Hound", effect="Moves 3"), unit("Eye", ranged=True, effect="Range 4"),
                  theirs=(unit(),))
    s = position(rules, p, {0: "A1", 1: "C1", 2: "D1", foe: "E7", foe + 1: "D5"}, phase=MOVE)
    assert at("C4") in rules.destinations(s, 1)  # 3 spaces
    assert foe + 1 in rules.targets(s, 2)  # 4 clear straight spaces away


def test_taunt_keyword_counts_the_card():
    rules = R()
    p, foe = duel(unit(), theirs=(unit("Wall", hp=9, effect="Taunt"),))
    s = position(rules, p, {0: "A1", 1: "C3", foe: "E7", foe + 1: "C4"}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("stay", 0))
    assert s.phase == UNIT_ATTACK and rules.targets(s, 1) == [foe + 1]
    s = act(rules, s, ("attack", 0, foe + 1))
    assert rules.counts["warblitz.card.Wall"] == 1 and rules.counts["warblitz.rule.taunt"] == 1


def test_gain_atk_on_one_melee_unit():
    rules = R()
    p, foe = duel(unit(), unit(ranged=True),
                  relic("Whet", cost=0, effect="On play: gain 1 ATK on one friendly melee unit"))
    s = position(rules, p, {0: "A1", 1: "B1", 2: "C1", foe: "E7"}, hand={0: (3,)})
    s = act(rules, s, ("play", 0, 3))
    assert sorted(a[2] for a in rules.legal_actions(s, 0)) == [0, 1]  # not the ranged one
    s = act(rules, s, ("pick", 0, 1))
    assert s.u[F + TATK] == 1


def test_within_and_in_range_selections():
    """`within N` counts steps from the unit; `in range` is what it could attack now."""
    rules = R()
    p, foe = duel(unit("Seer", ranged=True, strength=1,
                       effect="After moving: damage 1 each enemy unit within 2, "
                              "damage 1 each enemy unit in range"),
                  theirs=(unit(hp=9), unit(hp=9), unit(hp=9)))
    s = position(rules, p, {0: "A1", 1: "C2", foe: "E7", foe + 1: "C4", foe + 2: "D3",
                            foe + 3: "C6"}, phase=MOVE)
    s = act(rules, s, ("activate", 0, 1), ("move", 0, at("C2")))
    dmg = [s.u[(foe + k) * F + DMG] for k in (1, 2, 3)]
    # C4 (2 steps, and in a clear line): 2; D3 (2 steps, not in line): 1; C6: behind C4
    assert dmg == [2, 1, 0]


# ------------------------------------------------------------------- the log

def _logged(rules, state, *actions):
    """The log lines (kind, text) ``actions`` emit, applied to ``state``."""
    lines: list[tuple[str, str]] = []
    rules.emit = lambda kind, text: lines.append((kind, text))
    try:
        act(rules, state, *actions)
    finally:
        rules.emit = None
    return [(k, t) for k, t in lines if k != "fired"]


def test_a_trigger_that_does_nothing_says_so_and_why():
    """Logs: a triggered ability that finds nothing to act on is followed by a line saying
    so, and why (before the fix the trigger line was followed by nothing)."""
    rules = R()
    p, foe = duel(unit(effect="After moving: boost 1 one adjacent friendly unit"),
                  unit(strength=3, effect="After attacking: force 1 target away"),
                  theirs=(unit(hp=1),))
    s = position(rules, p, {0: "A1", 1: "C3", 2: "E3", foe: "E7", foe + 1: "E4"}, phase=MOVE)
    lines = _logged(rules, s, ("activate", 0, 1), ("move", 0, at("C4")))
    assert ("ability", "Soldier: 'boost 1 one adjacent friendly unit' does nothing: there "
            "are no adjacent friendly units") in lines
    s = act(rules, s, ("activate", 0, 2), ("stay", 0), ("attack", 0, foe + 1))
    lines = []
    rules.emit = lambda kind, text: lines.append((kind, text))
    s = roll(rules, s, 2, 2, 2)  # the target is destroyed before the force
    rules.emit = None
    assert ("ability", "Soldier: 'force 1 target away' does nothing: the target has left "
            "the battlefield") in lines


def test_the_battlefield_is_one_block_in_the_log():
    """Logs: the grid is one preformatted block (a fenced code block in Markdown) whose rows
    line up, its names unescaped; before it was one escaped inline-code line per row."""
    rules = R()
    p, foe = duel()
    s = position(rules, p, {0: "C1", foe: "C7"}, phase=MOVE)
    lines = _logged(rules, s, ("end", 0))
    blocks = [t for k, t in lines if k == "block"]
    assert len(blocks) == 1
    rows = blocks[0].split("\n")
    assert rows[0] == "   A   B   C   D   E" and rows[1] == "7  ..  ..  2K  ..  .."
    assert rows[-1] == "1  ..  ..  1K  ..  .." and len({len(r) for r in rows[1:]}) == 1
