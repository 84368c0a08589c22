"""`pnp play … --replay FILE.html` and the replays `--failures DIR` writes: checked and
planned before the games are played, written once the run is over (`toolkit.replay.files`
names the games and files)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.outputs import Transaction, check_file
from toolkit.replay import files
from toolkit.replay.html import parse_views
from toolkit.replay.pictures import Picture, picture_of
from toolkit.sim.engine import capabilities_of


def replay_plan(game: Any, replay: Path | None, view: str, seats: int,
                inputs: Sequence[Path]) -> tuple[Picture | None, list[int | None]]:
    """The game's picture and the views asked for; InputError (exit 2) when `--replay`
    is asked of a game without pictures, or a view or file is refused."""
    try:
        views = parse_views(view, seats)
    except ValueError as error:
        raise InputError(str(error)) from None
    picture = picture_of(game)
    if replay is not None:
        if picture is None:
            raise InputError(f"{game.title} has no replay pictures yet; use --log for a "
                             "Markdown playthrough")
        check_file(replay, "--replay", inputs)
    return picture, views


class ReplayJob:
    """The replays of one `pnp play` run: `plan` claims the files, `write` draws them."""

    def __init__(self, game: Any, rules: Any, picture: Picture | None,
                 views: list[int | None], seatings: Sequence[Any], decks: Sequence[Any],
                 checks: bool, inputs: Sequence[Path]) -> None:
        self.rules, self.picture, self.views = rules, picture, views
        self.seatings, self.checks = list(seatings), checks
        self.faces = files.deck_faces(decks)
        self.hidden = capabilities_of(rules).hidden_information
        self.tx = Transaction(inputs, "--replay")
        self.picks: list[tuple[tuple[int, int], Path]] = []

    def plan(self, replay: Path | None, seed: int, games: int, log_games: int) -> None:
        """Claim the `--replay` files of the logged games (refused before any game is
        played when one would replace a file pnp did not write)."""
        if replay is None:
            return
        picks = files.logged_games(seed, games, log_games, len(self.seatings))
        labels = [s.label for s in self.seatings]
        for pick, path in zip(picks, files.replay_paths(replay, picks, labels), strict=True):
            self.tx.claim(path)
            self.picks.append((pick, path))

    def page(self, pick: tuple[int, int]) -> str:
        """The replay page of one game (seed, seat order index)."""
        seed, r = pick
        return files.replay_page(self.rules, self.picture, self.seatings[r], seed,
                                 self.views, self.faces, self.hidden, self.checks)

    def write(self, result: Any, failures: Path | None) -> list[Path]:
        """Draw and write the planned replays, and one beside each failing game's log in
        `failures`; returns the paths written."""
        written: list[Path] = []
        failed = (files.failed_games(result, self.seatings)
                  if failures is not None and self.picture is not None else [])
        if not self.picks and not failed:
            return written
        with self.tx as tx:
            for pick, path in self.picks:
                files.write_page(tx, path, self.page(pick))
                written.append(path)
            if failed:
                folder = tx.folder(Path(failures))
                for pick in failed:
                    label = self.seatings[pick[1]].label
                    name = files.game_name(pick[0], label, len(self.seatings)) + ".html"
                    (folder / name).write_text(self.page(pick), encoding="utf-8",
                                               newline="\n")
                    written.append(Path(failures) / name)
        return written
