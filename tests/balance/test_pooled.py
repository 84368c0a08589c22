"""Pooled games (`PlaySpec.pooled`: one file for every seat) in the balance commands: the
file holds no decks of its own, so the game's sweep hook gives the decks a tournament and
`compare --mode decks` pit against each other (`SweepRequest.shared`)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from toolkit.balance import command
from toolkit.balance.run import Options
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest, get_game

from .helpers import BATTLEGATE


def _pool():
    game = get_game("valiantwars")
    return game, game.extras["read_pool"]()


def test_a_pooled_file_enters_the_decks_its_hook_makes_on_it():
    game, pool = _pool()
    seen = []

    def hook(request):
        seen.append(request)
        return game.playing.sweep(request)

    spy = replace(game, playing=replace(game.playing, sweep=hook))
    entries = command.file_entries(spy, [pool], Options(seed=3, format="standard"))
    [request] = seen
    assert request.shared is pool and request.format == "standard"
    assert request.sample is None and request.compositions is None
    assert entries[0].name == "Book start" and len(entries) == 28
    assert all(e.key == e.name for e in entries)  # matched by name under OLD and NEW
    with pytest.raises(InputError, match="give it once"):
        command.file_entries(game, [pool, pool], Options())


def test_other_games_files_enter_their_own_decks():
    game = get_game("battlegate")
    _, decks = game.load_decks(ValidateRequest(BATTLEGATE))
    entries = command.file_entries(game, decks, Options())
    assert [e.name for e in entries] == [d.name for d in decks]


def test_a_pooled_game_without_a_sweep_hook_has_no_balance_commands():
    game, pool = _pool()
    bare = replace(game, playing=replace(game.playing, sweep=None))
    with pytest.raises(InputError, match="no sweep hook"):
        command.tournament(bare, [pool], Options(games=2))
    with pytest.raises(InputError, match="no sweep hook"):
        command.file_entries(bare, [pool], Options())
