"""The agents (greedy beats random, decides from what it may see) and the harness on
Banners: repeated positions with dice between them are not loops (FORMATS.md), a game that
cannot end is reported unfinished, and 2v2 games count wins per side."""

from __future__ import annotations

from random import Random

from bnkit import at, kind

from toolkit.games.banners.engine import (
    AGENTS,
    BannersParams,
    BannersRules,
    GreedyAgent,
    bundled_params,
    pieces,
    skirmish_params,
)
from toolkit.games.banners.engine.samples import grid
from toolkit.games.banners.engine.state import ITEM, MOVE
from toolkit.sim.engine import CHANCE
from toolkit.sim.harness import agent_stream, chance_stream, play_game, run_games


def test_greedy_beats_random_clearly_from_either_side():
    rules = BannersRules()
    for players, lineup, side in ((2, ["greedy", "random"], 0), (2, ["random", "greedy"], 1),
                                  (4, ["random", "greedy"] * 2, 1)):
        result, _ = run_games(rules, bundled_params(players), lineup, 60, 1)
        assert result.stats.wins[side] >= 57, (lineup, result.stats.wins)


def test_greedy_decides_from_the_observation_only():
    """Two positions that differ only in the other side's hidden cards look the same to
    the greedy agent, which then chooses the same move."""
    rules = BannersRules()
    p = bundled_params(2)
    one = at(rules, p, {0: "F11", 4: "F8"}, phase=MOVE, roll=3,
             hands=({}, {kind("Poison"): 2}))
    two = at(rules, p, {0: "F11", 4: "F8"}, phase=MOVE, roll=3,
             hands=({}, {kind("Extra Defense"): 1, kind("Famine"): 1}))
    obs1, obs2 = rules.observe(one, 0), rules.observe(two, 0)
    assert obs1 == obs2
    agent = GreedyAgent()
    legal = rules.legal_actions(one, 0)
    assert legal == rules.legal_actions(two, 0)
    assert agent.act(obs1, legal, Random(1)) == agent.act(obs2, legal, Random(2))
    assert AGENTS["random"]().stochastic and not agent.stochastic


def test_greedy_plays_the_knife_and_strong_wind():
    rules = BannersRules()
    p = bundled_params(2)
    s = at(rules, p, {}, hands=({kind("Strong Wind"): 1, kind("Horse"): 1}, {}),
           flag_drop=(at(rules, p, {}).st.castle[0] - 24, -1))
    action = GreedyAgent().act(rules.observe(s, 0), rules.legal_actions(s, 0), Random(0))
    assert action == ("item", 0, kind("Strong Wind"))


def test_determinize_in_2v2_keeps_the_team_hand():
    rules = BannersRules()
    p = bundled_params(4)
    s = at(rules, p, {}, member=1, hands=({kind("Horse"): 2}, {kind("Thief"): 3}))
    for seat in range(4):
        obs = rules.observe(s, seat)
        det = rules.determinize(obs, seat, Random(seat))
        assert rules.observe(det, seat) == obs
        assert not list(rules.invariants(det))
        mine = det.hands[seat % 2]
        assert mine == s.hands[seat % 2] and sum(det.hands[1 - seat % 2]) == \
            sum(s.hands[1 - seat % 2])


class Homebody:
    """A deterministic test agent that never attacks and keeps its pieces by its castle:
    its positions come back again and again, with a die rolled every turn between."""

    observes = True
    stochastic = False

    def act(self, obs, legal, rng):
        st = obs.st
        home = st.castle[obs.side]
        moves = [a for a in legal if a[0] == "move"]
        if not moves:
            return legal[0]
        return min(moves, key=lambda a: (st.dist[a[3]].get(home, 99), a))




def test_positions_repeating_with_dice_between_are_not_loops(monkeypatch):
    """FORMATS.md: "A position that repeats in a game with dice or shuffles ... is not a
    loop while chance can still change its course." Two deterministic players who keep
    to their castles bring whole positions back again and again, every turn rolling the
    die between: the harness never calls that a loop (only the step cap stops it)."""
    # The homebody joins the engine's agent registry (a compiled engine's class cannot be
    # subclassed from Python, so the registry itself takes it for this test).
    monkeypatch.setitem(AGENTS, "homebody", Homebody)
    rules = BannersRules()
    params = bundled_params(2)
    seed = 4
    chance, arng = chance_stream(seed), agent_stream(seed)
    agent = Homebody()
    s = rules.setup(params, chance)
    seen: dict = {}
    steps = 0
    while steps < 600:
        key = rules.state_key(s)
        seen[key] = seen.get(key, 0) + 1
        movers = rules.to_move(s)
        if movers[0] == CHANCE:
            s = rules.apply(s, rules.chance(s, chance))
        else:
            s = rules.apply(s, agent.act(rules.observe(s, movers[0]),
                                         rules.legal_actions(s, movers[0]), arng))
        steps += 1
    assert max(seen.values()) >= 3  # whole positions came back three times and more
    record = play_game(rules, params, ["homebody", "homebody"], seed, max_steps=600)
    assert not record.finished and record.reason == "step cap (600) reached"
    assert not record.loop and not record.violations


def test_a_game_that_cannot_end_is_reported_unfinished():
    """Every piece walled in by trees on its drawbridge: no move is ever possible, so the
    game runs to the step cap and is reported unfinished with the reason."""
    board = grid("""
    T  T  C2 .  .  .
    T  D2 T  .  K  .
    .  T  .  .  .  .
    .  .  .  .  T  .
    .  K  .  T  D1 T
    .  .  .  C1 T  T
    """)
    params = BannersParams(board, pieces(((1, "Blue", 1), (2, "Red", 1))), (), 2)
    record = play_game(BannersRules(), params, ["greedy", "greedy"], 1, max_steps=300)
    assert not record.finished and "step cap" in record.reason
    assert not record.violations


def test_team_games_count_wins_per_side():
    rules = BannersRules()
    result, _ = run_games(rules, skirmish_params(4), ["random"] * 4, 40, 3)
    st = result.stats
    assert len(st.wins) == 2 and sum(st.wins) + st.draws + st.unfinished == 40
    assert not result.violations


def test_item_decisions_are_found_as_the_options_list_them():
    """A player's item decision is skipped when passing is its only option (T3: items
    are played before moving, one a turn): the quick test of whether any item can be
    played agrees with the options listed, at every item step of some random games."""
    rules = BannersRules()
    checked = 0
    for players in (2, 4):
        for seed in range(6):
            chance = chance_stream(seed)
            arng = agent_stream(seed)
            s = rules.setup(bundled_params(players), chance)
            while rules.outcome(s) is None:
                mover = rules.to_move(s)[0]
                if s.phase == ITEM and any(s.hands[s.side]):
                    q = s.st.side_seats[s.side][s.member]
                    if not s.used_item[q]:
                        assert rules._can_play_item(s) == (len(rules._item_options(s)) > 1)
                        checked += 1
                if mover == CHANCE:
                    s = rules.apply(s, rules.chance(s, chance))
                else:
                    legal = rules.legal_actions(s, mover)
                    s = rules.apply(s, legal[arng.randrange(len(legal))])
    assert checked > 200
