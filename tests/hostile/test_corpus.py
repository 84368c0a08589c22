"""Every class of bad input through every command of every registered game.

A run fails on an "internal error", a traceback, a raw control sequence on the terminal,
an exit code other than 0, 1 or 2, a second line on stderr for exit 2, or any file
written by a run that exited 2 (FORMATS.md: "nothing written"). New games are covered
by iterating the registry; new classes of input go into `corpus.CASES`.
"""

from __future__ import annotations

import json

import pytest

from tests.hostile.corpus import CASES
from tests.hostile.runner import commands, run
from toolkit.core.registry import games

GAMES = list(games().values())


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
@pytest.mark.parametrize("game", GAMES, ids=[g.id for g in GAMES])
def test_every_command_survives(tmp_path, small_limits, game, case):
    inputs = tmp_path / "in"
    inputs.mkdir()
    path = case.build(game, inputs)
    out = tmp_path / "out"
    runs = [run(cmd, tmp_path) for cmd in commands(game, path, out)]
    validate, as_json = runs[0], runs[1]
    assert validate.exit_code in case.exits, validate
    assert as_json.exit_code == validate.exit_code, as_json
    if as_json.exit_code != 2:
        doc = json.loads(as_json.stdout)
        assert doc["valid"] == (as_json.exit_code == 0)
    for done in runs:
        outside = [p for p in done.written if not p.startswith("out")]
        assert not outside, f"wrote outside the output folder: {outside}\n{done}"
    log = out / "log.md"
    if log.exists():
        text = log.read_text(encoding="utf-8")
        assert "\x1b" not in text and "[/]" not in text.replace("\\[/\\]", "")


HANDLED = {"validate": "the corpus", "print": "the corpus and output places",
           "play": "the corpus, output places and options",
           "calibrate": "output places", "demo": "output places", "template": "output places",
           "games": "reads no file", "rulings": "reads no file",
           "tournament": "the corpus", "compare": "the corpus", "sweep": "the corpus",
           "layout": "names and output places (test_new_commands.py)",
           "playtest": "damaged and rule-breaking decks (test_new_commands.py), the server's "
                       "refusals (tests/play/test_playtest_browser.py)"}
"""Where each command meets hostile input in tests/hostile."""


def test_every_command_meets_the_hostile_suite():
    """A new command that reads files or writes outputs gets its line in `HANDLED` (and in
    `runner.commands` or test_places_and_options.py), so no command escapes the corpus."""
    from toolkit.cli.main import app

    names = {c.name or c.callback.__name__ for c in app.registered_commands}
    missing = sorted(names - set(HANDLED))
    assert not missing, f"commands with no hostile coverage yet: {missing}"
