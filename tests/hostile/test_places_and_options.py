"""Output places and numeric options: each wrong one is one sentence and exit 2, before
any work, with nothing written anywhere; a command that fails half way leaves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import ROOT
from tests.hostile.corpus import template
from tests.hostile.runner import run
from toolkit.core.registry import games

GAMES = list(games().values())
PRINTING = [g for g in GAMES if g.printing is not None]
PLAYING = [g for g in GAMES if g.playing is not None]


def places(tmp_path: Path) -> dict[str, Path]:
    """Wrong places for an output folder (and, mostly, for a file)."""
    afile = tmp_path / "afile.txt"
    afile.write_text("not a folder")
    return {"existing file": afile, "below a file": afile / "out", "dev null": Path("/dev/null"),
            "proc": Path("/proc/pnp-out"), "too long": tmp_path / ("x" * 300)}


def output_commands(tmp_path: Path, place: Path) -> list[list]:
    """Every command with an output folder option, pointed at `place`."""
    cmds = [["calibrate", "-o", place], ["demo", "-o", place]]
    cmds += [["print", g.id, "-o", place] for g in PRINTING]
    cmds += [["play", g.id, "--games", 1, "--failures", place] for g in PLAYING]
    return cmds


@pytest.mark.parametrize("kind", ["existing file", "below a file", "dev null", "proc", "too long"])
def test_wrong_output_folders_are_refused_before_any_work(tmp_path, kind):
    place = places(tmp_path)[kind]
    output = ROOT / "output"
    before = sorted(output.rglob("*")) if output.exists() else []
    for cmd in output_commands(tmp_path, place):
        done = run(cmd, tmp_path)
        assert done.exit_code == 2, done
        assert str(cmd[-2]) in done.stderr, done  # the sentence names the option
    assert (sorted(output.rglob("*")) if output.exists() else []) == before


@pytest.mark.parametrize("kind", ["folder", "below a file", "dev null", "proc", "too long",
                                  "an input"])
def test_wrong_output_files_are_refused_before_any_work(tmp_path, kind):
    deck = template(GAMES[0], tmp_path, "deck.xlsx")
    folder = tmp_path / "folder.xlsx"
    folder.mkdir()
    place = {"folder": folder, "an input": deck, **places(tmp_path)}[kind]
    cmds = [["template", g.id, "-o", place if kind != "too long" else Path(f"{place}.xlsx"),
             "--force"] for g in GAMES if kind != "an input"]
    cmds += [["play", g.id, "--games", 1, "--log", place] for g in PLAYING]
    if kind == "an input" and PLAYING:
        g = PLAYING[0]
        source = template(g, tmp_path, "seat.xlsx")
        decks = ["--deck", source] * (1 if g.playing.pooled else g.playing.players[0])
        cmds = [["play", g.id, *decks, "--games", 1, "--log", source]]
    for cmd in cmds:
        done = run(cmd, tmp_path)
        assert done.exit_code == 2, done
        if kind == "folder":
            assert "is a folder" in done.stderr, done


@pytest.mark.parametrize("args", [
    ["--back-offset", "nan,nan"], ["--back-offset", "inf,0"], ["--back-offset", "1e308,1e308"],
    ["--back-offset", "11,0"], ["--back-offset", "1,2,3"], ["--bleed", "nan"], ["--bleed", "-1"],
    ["--bleed", "inf"], ["--bleed", "11"], ["--dpi", "0"], ["--dpi", "100000"],
    ["--flip", "sideways"], ["--cut-marks", "dotted"], ["--paper", "b9"],
])
@pytest.mark.parametrize("game", PRINTING, ids=[g.id for g in PRINTING])
def test_print_options_are_finite_and_in_range(tmp_path, game, args):
    done = run(["print", game.id, "-o", tmp_path / "out", *args], tmp_path)
    assert done.exit_code == 2 and args[0] in done.stderr, done


@pytest.mark.parametrize("args", [
    ["--games", "0"], ["--games", "1000000000"], ["--games", str(10**30)], ["--seed", str(2**70)],
    ["--jobs", "0"], ["--jobs", "1000"], ["--log-games", "0"], ["--log-games", "100000"],
    ["--players", str(10**20)], ["--format", "no-such-format"], ["--agent", "mcts:²"],
    ["--agent", "mcts:" + "9" * 5000],
])
@pytest.mark.parametrize("game", PLAYING, ids=[g.id for g in PLAYING])
def test_play_options_are_in_range(tmp_path, game, args):
    done = run(["play", game.id, *args], tmp_path)
    assert done.exit_code == 2, done


@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_an_unknown_format_is_misuse(tmp_path, game):
    """The issue: an unknown --format is misuse (exit 2), not a rule broken (exit 1)."""
    deck = template(game, tmp_path)
    done = run(["validate", game.id, deck, "--format", "no-such-format"], tmp_path)
    assert done.exit_code == 2 and "no-such-format" in done.stderr, done


@pytest.mark.parametrize("game", PLAYING, ids=[g.id for g in PLAYING])
def test_play_failing_half_way_leaves_nothing(tmp_path, game, monkeypatch):
    """Logs are written together at the end: a failure while writing them (here, replaying
    a failed game for --failures after --log was written) leaves none of them."""
    from typer.testing import CliRunner

    import toolkit.sim.run as sim_run
    from toolkit.cli.main import app

    def broken(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(sim_run, "run_games", lambda *a, **k: _failing_total(game))
    monkeypatch.setattr(sim_run, "play_game", broken)
    out = tmp_path / "new"
    result = CliRunner().invoke(app, ["play", game.id, "--games", "1", "--log",
                                      str(out / "log.md"), "--failures", str(out / "failures")])
    assert result.exit_code == 2 and "disk full" in result.stderr
    assert not out.exists()


def _failing_total(game):
    from toolkit.sim.harness import ChunkResult, Unfinished
    from toolkit.sim.stats import Stats

    seats = game.playing.players[0]
    total = ChunkResult(Stats(seats=seats))
    total.stats.add(None, False, 1, "step cap")
    total.unfinished.append(Unfinished(1, "step cap"))
    total.failed.append(1)
    total.logs.append((1, "# a log\n"))
    return total, 0.1
