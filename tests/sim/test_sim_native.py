"""The compiled build and the pure-Python build play the same games.

`make install` compiles the engines' modules (`PlaySpec.compiled`, toolkit/sim/native.py) with mypyc when
it can; pure Python stays the reference. Here two fresh interpreters, one with
``PNP_PURE=1`` and one without, play the same seeded games of every compiled engine (the
harness's own group is exercised by all of them) and hash what `play --json` and the
playthrough logs would show: the hashes must be equal. Skipped when nothing is compiled
(no C compiler or no mypyc at install time, or ``PNP_PURE`` set for the build).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES

import pytest

from toolkit.sim import native
from toolkit.sim.harness import play_game

GAMES_PER_LINEUP = 24
"""Games per line-up and set-up: a few dozen, a few seconds per engine."""

# Played in a fresh interpreter, so PNP_PURE decides which build it imports. Prints JSON:
# the compiled groups it runs, and a hash per (game, set-up) of every line-up's `play
# --json` (bar the timing), two playthrough logs and one search game's log.
SCRIPT = """
import hashlib, json, sys
from toolkit.core.registry import games
from toolkit.sim import native
from toolkit.sim.agents import can_search
from toolkit.sim.harness import play_game
from toolkit.sim.run import run_play

wanted, count = sys.argv[1].split(","), int(sys.argv[2])
specs = {g.id: g.playing for g in games().values() if g.playing is not None}
out = {"active": list(native.ACTIVE), "digests": {}}
for game_id in wanted:
    spec = specs[game_id]
    for n, (setup, make) in enumerate(sorted(spec.setups().items())):
        rules, params = spec.rules(), make()
        seats = len(rules.describe_params(params).get("decks", [])) or 2
        digest = hashlib.sha256()
        for agent in sorted(rules.agents):
            for lineup in ([agent] * seats, [agent] + ["random"] * (seats - 1)):
                doc = run_play(rules, params, lineup, games=count, seed=5).to_json()
                doc.pop("games_per_second")
                digest.update(json.dumps(doc, sort_keys=True).encode())
        lineups = [["random"] * seats]
        if n == 0 and can_search(rules):
            lineups.append(["mcts:10"] + ["random"] * (seats - 1))
        for lineup in lineups:
            rec = play_game(rules, params, lineup, 2, log=True)
            digest.update(f"{rec.winner} {rec.reason} {rec.steps}\\n{rec.log}".encode())
        out["digests"][f"{game_id} {setup}"] = digest.hexdigest()
print(json.dumps(out))
"""


def _play(games: list[str], pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "PNP_PURE"}
    if pure:
        env["PNP_PURE"] = "1"
    run = subprocess.run([sys.executable, "-c", SCRIPT, ",".join(games),
                          str(GAMES_PER_LINEUP)], cwd=native.ROOT, env=env,
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    return json.loads(run.stdout)


def test_compiled_and_pure_builds_play_the_same_games() -> None:
    built = native.compiled_groups()
    if not built:
        pytest.skip("no compiled engine is built (make install compiles them with mypyc "
                    "when a C compiler and mypyc are present; PNP_PURE=1 keeps pure Python)")
    # Every compiled engine; the harness alone is checked through WarBadge.
    games = [group for group in built if group != "sim"] or ["warbadge"]
    compiled = _play(games, pure=False)
    pure = _play(games, pure=True)
    assert compiled["active"] == built, "the compiled build is not the one imported"
    assert pure["active"] == []
    different = [case for case in compiled["digests"]
                 if compiled["digests"][case] != pure["digests"][case]]
    assert compiled["digests"].keys() == pure["digests"].keys()
    assert different == [], f"compiled and pure games differ in {different}"


def test_pure_switch_selects_the_sources() -> None:
    """``PNP_PURE=1`` imports every listed module from its source, built or not."""
    env = dict(os.environ, PNP_PURE="1")
    names = [m for group in native.groups().values() for m in group.modules]
    code = ("import importlib, sys; import toolkit.sim.native as n; "
            "mods = [importlib.import_module(m) for m in sys.argv[1:]]; "
            "print(n.ACTIVE, all(m.__file__.endswith('.py') for m in mods))")
    run = subprocess.run([sys.executable, "-c", code, *names], cwd=native.ROOT, env=env,
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.split() == ["()", "True"]


def test_game_streams_are_the_seeded_generators() -> None:
    """The harness makes ``Random("chance:<seed>")`` and ``Random("agents:<seed>")``
    without the interpreted seeding: the same generator state, the same draws."""
    from random import Random

    from toolkit.sim.harness import agent_stream, chance_stream

    for seed in (0, 1, 7, 12345, -3, 2**70):
        for made, name in ((chance_stream(seed), f"chance:{seed}"),
                           (agent_stream(seed), f"agents:{seed}")):
            assert type(made) is Random
            reference = Random(name)
            assert made.getstate() == reference.getstate()
            assert [made.random() for _ in range(5)] == [reference.random() for _ in range(5)]
            assert made.gauss(0, 1) == reference.gauss(0, 1)


def test_a_reseeded_stream_is_the_fresh_one() -> None:
    """`play_game` reseeds the generators of the game before instead of making new ones:
    after any draws (a Gaussian one left half used too) the reseeded generator is
    ``Random(name)`` again, for many seeds."""
    from random import Random

    from toolkit.sim.harness import _stream

    rng = Random(99)
    for seed in range(300):
        rng.gauss(0, 1)  # leaves ``gauss_next`` set
        rng.getrandbits(seed % 70 + 1)
        name = f"{('chance', 'agents')[seed % 2]}:{seed * 7919 - 1000}"
        assert _stream(name, rng) is rng
        assert rng.getstate() == Random(name).getstate()


def test_inline_uniform_draws_match_randrange() -> None:
    """The harness plays the built-in uniform agent inline: its draws must be
    ``rng.randrange(len(legal))``, as `RandomAgent.act` makes them."""
    from random import Random

    from toolkit.sim.engine import Outcome, RandomAgent
    from toolkit.sim.harness import play_game

    class Counting:
        """A one-player game of ``n`` options per step; records the chosen actions."""

        def __init__(self) -> None:
            self.agents = {"random": RandomAgent}
            self.max_steps = 1000
            self.chosen: list[int] = []

        game_id = "counting"
        emit = None

        def setup(self, params, rng):
            return (0, ())

        def to_move(self, state):
            return (0,) if state[0] < 60 else ()

        def legal_actions(self, state, player):
            return list(range(1 + state[0] % 13))

        def apply(self, state, action):
            self.chosen.append(action)
            return (state[0] + 1, (*state[1], action))

        def outcome(self, state):
            return Outcome(0, "done") if state[0] >= 60 else None

        def observe(self, state, player):
            return None

        def invariants(self, state):
            return ()

        def state_key(self, state):
            return state

        def length(self, state):
            return state[0]

    rules = Counting()
    record = play_game(rules, None, ["random"], 5, check_invariants=False)
    assert record.finished
    rng = Random("agents:5")
    expected = [rng.randrange(1 + k % 13) if 1 + k % 13 > 1 else 0 for k in range(60)]
    assert rules.chosen == expected


def test_every_game_crosses_to_a_worker() -> None:
    """``--jobs``, tournaments and Dask hand each worker the rules and the parameters
    pickled. In the compiled build a frozen dataclass must pickle by its fields (mypyc's
    own state restore trips the frozen ``__setattr__``) and an engine by its counts alone
    (mypyc's own state would carry its caches, which do not unpickle): either failure
    kills the worker, and the pool then waits for it forever. Every game's every set-up
    round-trips after a game has filled the engine's caches, in whichever build this
    process runs, and the copy plays the same game."""
    import pickle

    from toolkit.core.registry import games

    for game in games().values():
        if game.playing is None:
            continue
        for setup, make in game.playing.setups().items():
            params, rules = make(), game.playing.rules()
            seats = len(rules.describe_params(params).get("decks", [])) or 2
            first = play_game(rules, params, ["random"] * seats, 1, max_steps=400)
            assert pickle.loads(pickle.dumps(params)) == params, (game.id, setup)
            again = pickle.loads(pickle.dumps(rules))
            assert type(again) is type(rules) and again.counts == rules.counts, game.id
            replay = play_game(again, params, ["random"] * seats, 1, max_steps=400)
            assert (replay.winner, replay.steps) == (first.winner, first.steps), game.id


def test_an_edited_inlined_module_makes_its_group_stale(tmp_path, monkeypatch) -> None:
    """A group whose compiled code holds another module's ``Final`` numbers
    (`PlaySpec.inlined`, listed in the build's manifest) runs pure once that module is
    newer than the build, as when one of its own is."""
    suffix = EXTENSION_SUFFIXES[0]
    for name in ("pkg/a.py", "pkg/words.py", f"pkg/a{suffix}", f"pkg/native_g__mypyc{suffix}"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("")
    group = native.Group("g", ("pkg.a",), ("pkg.words",), tmp_path)
    native._write_manifest(group)
    for name in ("pkg/a.py", "pkg/words.py"):
        os.utime(tmp_path / name, (1_000, 1_000))
    os.utime(tmp_path / f"pkg/native_g__mypyc{suffix}", (2_000, 2_000))
    assert native.compiled_groups(tmp_path, "pkg") == ["g"]
    os.utime(tmp_path / "pkg/words.py", (3_000, 3_000))
    assert native.compiled_groups(tmp_path, "pkg") == []
