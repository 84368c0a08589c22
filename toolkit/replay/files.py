"""Which games of a `pnp play` run get a replay file, under which names, and writing them.

`--replay FILE.html` draws the run's logged games (the first `--log-games`, as `--log`
holds them): one game is written to FILE.html itself, several to FILE-<seed>.html
(FILE-<seed>-seats-2-1.html when the run plays several seat orders, as the failure logs
are named). `--failures DIR` adds ``seed-<n>.html`` beside each failing game's
``seed-<n>.md``. Files go through a `Transaction`: planned before the games are played,
written at the end, never over a file pnp did not write.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from toolkit.replay import html
from toolkit.replay.pictures import Picture
from toolkit.replay.record import MAX_REPLAYS, record_game
from toolkit.replay.svg import card_faces


def logged_games(seed: int, games: int, log_games: int, orders: int) -> list[tuple[int, int]]:
    """(seed, seat order index) of the run's first `log_games` games (game i of a run is
    deal i // orders in order i % orders, deal k having seed + k)."""
    count = min(log_games, games, MAX_REPLAYS)
    return [(seed + i // orders, i % orders) for i in range(count)]


def game_name(seed: int, label: str, orders: int) -> str:
    """The stem naming one game: ``seed-<n>`` (plus ``-seats-2-1`` with several orders)."""
    return f"seed-{seed}" if orders == 1 else f"seed-{seed}-seats-{label.replace(',', '-')}"


def replay_paths(path: Path, picks: Sequence[tuple[int, int]], labels: Sequence[str]
                 ) -> list[Path]:
    """Where each picked game's replay goes: `path` for one game, else
    ``<stem>-<seed>[-seats-…]<suffix>`` beside it."""
    if len(picks) == 1:
        return [Path(path)]
    path = Path(path)
    suffix = path.suffix or ".html"
    out = []
    for seed, r in picks:
        name = game_name(seed, labels[r], len(labels))[len("seed-"):]
        out.append(path.with_name(f"{path.stem}-{name}{suffix}"))
    return out


def failed_games(result: Any, orders: Sequence[Any]) -> list[tuple[int, int]]:
    """(seed, seat order index) of each failing game the run lists (violations, then
    games that did not finish), once each, at most `MAX_REPLAYS`."""
    index = {tuple(e + 1 for e in o.order): r for r, o in enumerate(orders)}
    out: dict[tuple[int, int], None] = {}
    for item in [*result.violations, *result.unfinished]:
        out.setdefault((item.seed, index.get(tuple(item.seats), 0)), None)
    return list(out)[:MAX_REPLAYS]


def seat_labels(rules: Any, seating: Any) -> list[str]:
    """Each seat named by its deck (or side) and agent: ``Sun (greedy)``."""
    info = rules.describe_params(seating.params)
    decks = info.get("decks") or []
    sides = info.get("sides") or range(len(seating.agents))
    return [f"{decks[sides[k]] if sides[k] < len(decks) else f'seat {k + 1}'} ({agent})"
            for k, agent in enumerate(seating.agents)]


def replay_page(rules: Any, picture: Picture, seating: Any, seed: int,
                views: Sequence[int | None], faces: Mapping[str, Mapping[str, Any]],
                hidden: bool, check_invariants: bool = True) -> str:
    """One game (this seat order, this seed) played again, recorded and drawn."""
    label = tuple(e + 1 for e in seating.order)
    recording = record_game(rules, seating.params, seating.agents, seed, label,
                            check_invariants=check_invariants)
    with card_faces(faces):
        return html.build(recording, rules, picture, views, seat_labels(rules, seating),
                          hidden)


def deck_faces(decks: Sequence[Any]) -> dict[str, Mapping[str, Any]]:
    """Each card of the loaded decks by name → its printed fields (art included)."""
    faces: dict[str, Mapping[str, Any]] = {}
    for deck in decks:
        for card in getattr(deck, "cards", None) or []:
            fields = card.fields() if hasattr(card, "fields") else None
            if fields and fields.get("Name") is not None:
                faces.setdefault(str(fields["Name"]), fields)
    return faces


def write_page(tx: Any, path: Path, page: str) -> None:
    """Stage one page in the transaction (written at its commit)."""
    with open(tx.writable(path), "w", encoding="utf-8", newline="\n") as handle:
        handle.write(page)
