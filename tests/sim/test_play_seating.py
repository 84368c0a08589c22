"""`play` separates seat from deck (issue 22 item 5): every deal in every seat order,
figures clustered by deal, the first player, rulings by games, offered rules.

Duel is a toy game fast enough to check each figure against a recount from single games
(`play_game`), so a figure that follows the wrong seat, deck or deal fails here.
"""

from __future__ import annotations

import io
import json

import pytest
from rich.console import Console

from toolkit.sim.engine import CHANCE, Instrumented, Outcome, RandomAgent, Ruling
from toolkit.sim.harness import Seating, play_game, rotations, run_games
from toolkit.sim.run import parse_order, render_table, run_play, seat_orders
from toolkit.sim.stats import cluster_interval

ECHO = Ruling("duel.ruling.echo", "Does a bold move echo?", "Twice.", "Bold: 'echoes'")
NEVER = Ruling("duel.ruling.never", "Never asked.", "Never.", "Nowhere")


class Duel(Instrumented):
    """Two decks, A and B. Setup draws who goes first and which deck the deal favours
    (the same in every seat order, since they share the seed); each seat then makes two
    moves in turn (``bold`` scores 2 and fires the echo ruling twice, ``feint`` scores 0,
    ``safe`` 1), and a last chance step decides the winner with odds that follow the
    favoured deck, going first and the scores; a narrow band of that draw is a draw.

    ``bug``: ``invariant`` breaks an invariant whenever deck B sits in seat 1 and seat 2
    went first (so only some seat orders of some deals fail)."""

    game_id = "duel"
    length_unit = "moves"
    max_steps = 50
    agents = {"random": RandomAgent, "careful": lambda: Careful()}
    coverage = ("duel.rule.bold", "duel.ability.feint", "duel.ability.unseen",
                "duel.ruling.echo", "duel.ruling.never")
    rulings = {r.id: r for r in (ECHO, NEVER)}

    def __init__(self, bug: str | None = None) -> None:
        self.bug = bug
        self.emit = None
        self.reset_counts()

    def describe_params(self, params):
        return {"format": "duel", "decks": list(params)}

    def setup(self, params, rng):
        first = rng.randrange(2)
        favoured = "A" if rng.random() < 0.5 else "B"
        # (decks, first, favoured, moves made, scores, winner draw or None)
        return (tuple(params), first, favoured, 0, (0, 0), None)

    def to_move(self, state):
        _, first, _, moves, _, draw = state
        if draw is not None:
            return ()
        return (CHANCE,) if moves == 4 else ((first + moves) % 2,)

    def legal_actions(self, state, player):
        return [("bold", player), ("feint", player), ("safe", player)]

    def offered(self, state, player, legal):
        """Bold and Feint are the player's choice; Unseen is never among the actions."""
        return ("duel.rule.bold", "duel.ability.feint")

    def first_player(self, state):
        return state[1]

    def chance(self, state, rng):
        return ("resolve", CHANCE, rng.random())

    def apply(self, state, action):
        decks, first, favoured, moves, scores, _ = state
        if action[0] == "resolve":
            return (decks, first, favoured, moves, scores, action[2])
        kind, player = action
        gain = {"bold": 2, "feint": 0, "safe": 1}[kind]
        if kind == "bold":
            self.fire("duel.rule.bold")
            self.fire("duel.ruling.echo")
            self.fire("duel.ruling.echo")
        elif kind == "feint":
            self.fire("duel.ability.feint")
        new = list(scores)
        new[player] += gain
        return (decks, first, favoured, moves + 1, tuple(new), None)

    def odds(self, state) -> float:
        """Deck A's chance of winning. The last draw is read from deck A's side, so the
        seat orders of a deal mostly end alike: the deal decides much of the game, and
        its games are far from independent."""
        decks, first, favoured, _, scores, _ = state
        a = decks.index("A")
        p = 0.5 + (0.3 if favoured == "A" else -0.3)
        p += 0.1 if first == a else -0.1
        p += 0.05 * (scores[a] - scores[1 - a])
        return min(0.95, max(0.05, p))

    def outcome(self, state):
        draw = state[5]
        if draw is None:
            return None
        p = self.odds(state)
        if abs(draw - p) < 0.03:
            return Outcome(None, "even")
        a = state[0].index("A")
        return Outcome(a if draw < p else 1 - a, "decided")

    def observe(self, state, player):
        return state

    def invariants(self, state):
        if self.bug == "invariant" and state[0][0] == "B" and state[1] == 1:
            return (("b-second", "deck B in seat 1 and seat 2 went first"),)
        return ()

    def state_key(self, state):
        return state

    def length(self, state):
        return state[3]

    def describe(self, state, action):
        return f"{action[0]}", "always legal"


class NoHooks(Duel):
    """Duel without the optional ``offered`` and ``first_player`` hooks."""

    offered = None  # type: ignore[assignment]
    first_player = None  # type: ignore[assignment]

    def __getattribute__(self, name):
        if name in ("offered", "first_player"):
            raise AttributeError(name)
        return super().__getattribute__(name)


class Careful:
    """Never feints: bold when it has scored less than 2, else safe."""

    observes = True
    stochastic = False

    def act(self, observation, legal, rng):
        player = legal[0][1]
        return legal[0] if observation[4][player] < 2 else legal[2]


def seatings(lineup=("random", "careful"), decks=("A", "B"), mode="alternate"):
    """Each seat order of the line-up (deck k with agent k), as `pnp play` builds them."""
    orders = seat_orders(list(zip(decks, lineup, strict=True)), mode)
    return [Seating(o, tuple(decks[e] for e in o), tuple(lineup[e] for e in o))
            for o in orders]


def play(rules=None, games=40, seed=3, mode="alternate", lineup=("random", "careful"),
         **options):
    rules = rules or Duel()
    return run_play(rules, ("A", "B"), list(lineup), games, seed,
                    seatings=seatings(lineup, mode=mode), seats=mode, **options)


def recount(rules, orders, deals, seed):
    """Every game of a run played alone: [(deal, order, record)]."""
    return [(k, r, play_game(rules, s.params, s.agents, seed + k))
            for k in range(deals) for r, s in enumerate(orders)]


def test_rotations_seat_every_entry_everywhere_once():
    assert rotations(["A", "B"]) == [(0, 1), (1, 0)]
    three = rotations(["A", "B", "C"])
    assert len(three) == 3
    for entry in range(3):  # each entry sits in each seat exactly once
        assert sorted(order.index(entry) for order in three) == [0, 1, 2]
    assert rotations(["A", "A"]) == [(0, 1)]  # the other order would replay the same games
    assert rotations(["A", "B", "A", "B"]) == [(0, 1, 2, 3), (3, 0, 1, 2)]


def test_seat_orders_and_their_misuse():
    assert seat_orders(["x", "y"], "fixed") == [(0, 1)]
    assert seat_orders(["x", "y"], "2,1") == [(1, 0)]
    assert parse_order("3,1,2", 3) == (2, 0, 1)
    for bad in ("1,1", "1,3", "two,one", "1"):
        with pytest.raises(ValueError, match="--seats"):
            parse_order(bad, 2)


def test_each_deck_plays_each_seat_on_the_same_deals():
    """41 games are 20 deals in both orders and a 21st in the first order only; every
    figure is the recount's."""
    result = play(games=41)
    doc = result.to_json()
    assert doc["games"] == 41 and doc["seating"] == {
        "mode": "alternate", "orders": ["1,2", "2,1"], "deals": 21, "games_per_deal": 2}
    out = io.StringIO()
    render_table(result, Console(file=out, width=300))
    assert "the last one in its first 1 of them" in out.getvalue()
    assert doc["decks"] == ["A", "B"] and doc["agents"] == ["random", "careful"]
    games = recount(Duel(), seatings(), 21, 3)[:41]
    deck_wins, seat_wins, first_wins, won = [0, 0], [0, 0], 0, 0
    for _, r, rec in games:
        if rec.winner is not None:
            won += 1
            seat_wins[rec.winner] += 1
            deck_wins[seatings()[r].order[rec.winner]] += 1
            first_wins += rec.winner == rec.first
    assert doc["results"]["wins"] == deck_wins
    assert [row["wins"] for row in doc["deck_win_rate"]] == deck_wins
    assert [row["wins"] for row in doc["seat_win_rate"]] == seat_wins
    assert doc["first_player"]["wins"] == first_wins and doc["first_player"]["games"] == won
    assert doc["results"]["draws"] == 41 - won


def test_intervals_are_clustered_by_deal():
    """Deck A's interval is `cluster_interval` over deals (both seat orders of a deal in
    one cluster), not over games."""
    doc = play(games=40).to_json()
    games = recount(Duel(), seatings(), 20, 3)
    clusters = []
    for k in range(20):
        mine = [(r, rec) for deal, r, rec in games if deal == k]
        wins = sum(rec.winner is not None and seatings()[r].order[rec.winner] == 0
                   for r, rec in mine)
        clusters.append((wins, len(mine)))
    rate, low, high = cluster_interval(clusters)
    expected = {"rate": round(rate, 4), "low": round(low, 4), "high": round(high, 4)}
    assert doc["win_rate_ci"][0] == expected
    assert {k: doc["deck_win_rate"][0][k] for k in expected} == expected


def test_fixed_seats_play_the_line_up_as_given():
    doc = play(games=10, mode="fixed").to_json()
    assert doc["games"] == 10 and doc["seating"]["orders"] == ["1,2"]
    swapped = play(games=10, mode="2,1").to_json()
    assert swapped["seating"]["orders"] == ["2,1"] and swapped["decks"] == ["A", "B"]
    alone = [play_game(Duel(), ("B", "A"), ["careful", "random"], 3 + k) for k in range(10)]
    # results.wins stays per deck as given: deck A sat in seat 2
    assert swapped["results"]["wins"][0] == sum(rec.winner == 1 for rec in alone)


def test_same_seed_same_json_for_any_jobs_byte_for_byte():
    one = play(games=60).to_json()
    two = play(games=60, jobs=2).to_json()
    again = play(games=60).to_json()
    for doc in (one, two, again):
        doc.pop("games_per_second")
    assert json.dumps(one) == json.dumps(two) == json.dumps(again)


def test_every_failing_game_is_listed_with_the_order_that_replays_it(tmp_path):
    """Deck B in seat 1 with seat 2 first breaks the invariant: only the 2,1 order of
    some deals fails, and each listed game replays alone with its seed and seat order."""
    result = play(Duel("invariant"), games=30, failures_dir=tmp_path)
    doc = result.to_json()
    assert doc["violations"] and result.exit_code == 1
    for v in doc["violations"]:
        assert v["seats"] == [2, 1] and v["replay"] == f"--seed {v['seed']} --games 1 --seats 2,1"
        alone = play_game(Duel("invariant"), ("B", "A"), ["careful", "random"], v["seed"])
        assert [x.invariant for x in alone.violations] == [v["invariant"]]
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == sorted(f"seed-{v['seed']}-seats-2-1.md" for v in doc["violations"])
    seed = doc["violations"][0]["seed"]
    text = (tmp_path / f"seed-{seed}-seats-2-1.md").read_text()
    assert "- Seat 1: **B** (careful)" in text
    assert text.endswith(f"Replay this game alone: add `--seed {seed} --games 1 --seats 2,1` "
                         "to the same `pnp play` command.\n")


def test_the_log_holds_the_first_games_in_run_order(tmp_path):
    play(games=6, log_path=tmp_path / "log.md", log_games=3)
    text = (tmp_path / "log.md").read_text()
    titles = [line for line in text.splitlines() if line.startswith("# duel playthrough")]
    assert titles == ["# duel playthrough — seed 3"] * 2 + ["# duel playthrough — seed 4"]
    seat1 = [line for line in text.splitlines() if line.startswith("- Seat 1:")]
    assert seat1 == ["- Seat 1: **A** (random)", "- Seat 1: **B** (careful)",
                     "- Seat 1: **A** (random)"]


def test_first_player_from_the_hook_with_a_plain_verdict():
    doc = play(games=200).to_json()
    first = doc["first_player"]
    assert first["who"] == "went first" and first["fair_share"] == 0.5
    expected = ("advantage" if first["low"] > 0.5 else
                "disadvantage" if first["high"] < 0.5 else "no clear advantage")
    assert first["verdict"] == expected == "advantage"  # Duel gives the first player +10%
    out = io.StringIO()
    render_table(play(games=200), Console(file=out, width=200))
    text = " ".join(out.getvalue().split())
    assert "Going first: an advantage" in text and "100 deals × 2 seat orders" in text


def test_without_the_hook_the_first_player_is_seat_1():
    doc = play(NoHooks(), games=40).to_json()
    wins = doc["seat_win_rate"][0]["wins"]
    assert doc["first_player"]["who"] == "seat 1" and doc["first_player"]["wins"] == wins


def test_rulings_are_counted_by_the_games_they_decided():
    """Echo fires twice in every game with a bold move: the report counts the games."""
    doc = play(games=40).to_json()
    bold_games = 0
    for k in range(20):
        for seating in seatings():
            rules = Duel()
            play_game(rules, seating.params, seating.agents, 3 + k)
            bold_games += rules.counts["duel.rule.bold"] > 0
    assert doc["rulings"]["duel.ruling.echo"] == bold_games > 0
    assert doc["coverage"]["fired"]["duel.ruling.echo"] == 2 * doc["coverage"]["fired"][
        "duel.rule.bold"] > bold_games
    assert doc["rulings"]["duel.ruling.never"] == 0


def test_never_fired_rules_say_why():
    """Careful players never feint although it is offered at every move; Unseen is never
    offered; a ruling that never fired is listed apart from rules and abilities."""
    doc = play(games=20, lineup=("careful", "careful")).to_json()
    coverage = doc["coverage"]
    moves = 20 * 4  # 10 deals in 2 seat orders, four moves a game
    assert doc["seating"]["orders"] == ["1,2", "2,1"] and doc["games"] == 20
    assert coverage["offered"] == {"duel.ability.feint": moves, "duel.rule.bold": moves}
    assert coverage["why"] == {
        "duel.ability.feint": f"offered {moves} times, no agent chose it",
        "duel.ability.unseen": "never offered: the situation never arose in these games"}
    assert coverage["rulings_never_fired"] == ["duel.ruling.never"]
    assert set(coverage["never_fired"]) == {"duel.ability.feint", "duel.ability.unseen",
                                            "duel.ruling.never"}


def test_without_the_offered_hook_the_report_does_not_guess():
    doc = play(NoHooks(), games=10, lineup=("careful", "careful")).to_json()
    assert doc["coverage"]["offered"] == {}
    assert doc["coverage"]["why"]["duel.ability.feint"].startswith("not known")


def test_a_pooled_game_keeps_its_seats_and_moves_the_agents():
    """One pool for every seat: ``results.wins`` stays per seat (FORMATS.md), and each
    agent's figure over every seat is ``deck_win_rate``."""
    orders = rotations([("P", "random"), ("P", "careful")])
    pooled = [Seating(o, ("A", "B"), tuple(("random", "careful")[e] for e in o))
              for o in orders]
    result = run_play(Duel(), ("A", "B"), ["random", "careful"], 40, 3, seatings=pooled,
                      seats="alternate", decks_move=False)
    doc = result.to_json()
    assert doc["decks"] == ["A", "B"]  # the seats' labels
    assert doc["results"]["wins"] == [row["wins"] for row in doc["seat_win_rate"]]
    assert [row["deck"] for row in doc["deck_win_rate"]] == [None, None]
    games = recount(Duel(), pooled, 20, 3)
    careful = sum(rec.winner is not None and pooled[r].order[rec.winner] == 1
                  for _, r, rec in games)
    assert doc["deck_win_rate"][1]["wins"] == careful


def test_run_games_plays_exactly_the_games_asked_and_reports_progress():
    """5 games in two seat orders: deals 1 and 2 in both, deal 3 in the first only."""
    seen = []
    total, _ = run_games(Duel(), ("A", "B"), ["random", "careful"], 5, 1,
                         seatings=seatings(), on_progress=seen.append)
    assert total.stats.games == 5 == sum(seen) and total.deals.deals == 3
