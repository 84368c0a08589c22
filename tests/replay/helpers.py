"""Shared by the replay tests: one game of a bundled game recorded and drawn."""

from __future__ import annotations

from typing import Any

from toolkit.cli.play import seat_decks
from toolkit.core.registry import get_game
from toolkit.replay import files
from toolkit.replay.pictures import picture_of
from toolkit.replay.record import Recording, record_game
from toolkit.sim.harness import Seating

GAMES = ("warbadge", "battlegate", "warblitz", "banners", "valiantwars")


def drawn_games() -> list[str]:
    """The built-in games with replay pictures (every one of them: a picture module that
    fails to import fails the tests that use this list)."""
    return [game_id for game_id in GAMES if picture_of(get_game(game_id)) is not None]


def setup(game_id: str, agent: str = "greedy") -> tuple[Any, Any, Seating, list]:
    """(rules, picture, the bundled line-up as a seating, decks)."""
    game = get_game(game_id)
    decks = seat_decks(game, [], None, None, None, False)
    params = game.playing.params(decks, None)
    seating = Seating(tuple(range(len(decks))), params, tuple([agent] * len(decks)))
    return game.playing.rules(), picture_of(game), seating, decks


def recorded(game_id: str, seed: int = 1) -> tuple[Recording, Any]:
    """One greedy game recorded, and the rules."""
    rules, _, seating, _ = setup(game_id)
    return record_game(rules, seating.params, seating.agents, seed), rules


def page(game_id: str, views: list, seed: int = 1) -> str:
    """One greedy game's replay page with these views."""
    rules, picture, seating, decks = setup(game_id)
    return files.replay_page(rules, picture, seating, seed, views, files.deck_faces(decks),
                             True)
