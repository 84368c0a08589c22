"""`pnp games` and `python -m toolkit`: the registry as a user sees it."""

from __future__ import annotations

import subprocess
import sys

from typer.testing import CliRunner

from toolkit.cli.main import app
from toolkit.core.registry import games

runner = CliRunner()


def test_games_lists_every_registered_game_and_its_jobs():
    result = runner.invoke(app, ["games"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for game in ("warbadge", "battlegate", "warblitz"):
        assert game in result.output
    assert "play (2-4 players)" in result.output and "skirmish" in result.output


def test_games_come_from_entry_points():
    assert {"warbadge", "battlegate", "warblitz"} <= set(games())


def test_python_dash_m_toolkit_runs_pnp():
    done = subprocess.run([sys.executable, "-m", "toolkit", "games"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0 and "warbadge" in done.stdout
