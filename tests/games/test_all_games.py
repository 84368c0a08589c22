"""The shared conformance tests (`toolkit.testing`) of every registered game.

For each game: its package's files, its starter workbook, its engine's declared
capabilities, random playthroughs of each sample set-up (every game ends or is reported
unfinished, the invariants hold, the declared flags are kept), the same seed giving the
same game, ``jobs=2`` giving the same JSON as ``jobs=1``, and ``determinize`` keeping to
the observation. A new game (an entry point) is covered without a change here; an add-on
runs the same checks in its own suite (docs/adding-a-game.md).
"""

from __future__ import annotations

import pytest

from toolkit.core.registry import games
from toolkit.testing import conformance_cases

GAME_IDS = list(games())


def test_the_built_in_games_are_registered() -> None:
    assert set(GAME_IDS) >= {"warbadge", "battlegate", "warblitz", "banners", "valiantwars"}


@pytest.mark.parametrize(("check", "game_id"), conformance_cases(GAME_IDS), ids=str)
def test_conformance(check, game_id: str, tmp_path) -> None:
    check.run(game_id, tmp_path)
