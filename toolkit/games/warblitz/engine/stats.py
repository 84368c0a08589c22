"""Warblitz game statistics: the engine's counters of a run, folded for the report.

The engine adds ``warblitz.stat.*`` counters as it plays (who went first and won,
commander damage, upgrades by path, units deployed and destroyed and events and relics
played, per card); `game_stats` turns the harness's folded counters into the
``game_stats`` of `play --json`, and `stats_tables` shows them on a terminal.
"""

from __future__ import annotations

from typing import Any

from .basics import STAT
from .state import PATHS


def game_stats(counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
               finished: int) -> dict[str, Any]:
    """The Warblitz statistics of a run, from the harness's folded counters.

    Per seat (``seats``): wins, went first, commander damage taken, upgrades by path; per
    warband (``warbands``): games, wins, went first, won when first, commander damage,
    upgrades by path and, per card, units deployed and destroyed and events and relics
    played; and the first player's win rate.
    """
    def get(key: str) -> int:
        return counters.get(STAT + key, 0)

    def per_card(prefix: str) -> dict[str, int]:
        full = STAT + prefix
        return {k[len(full):]: n for k, n in sorted(counters.items())
                if k.startswith(full) and n}

    seats = []
    for i in range(1, len(deck_names) + 1):
        seats.append({"wins": get(f"seat{i}.wins"), "first": get(f"seat{i}.first"),
                      "commander_damage": get(f"seat{i}.commander-damage"),
                      "upgrades": {path: get(f"seat{i}.upgrade.{path}") for path in PATHS}})
    bands = {}
    for name in dict.fromkeys(deck_names):
        bands[name] = {
            "games": get(f"deck.{name}.games"), "wins": get(f"deck.{name}.wins"),
            "first": get(f"deck.{name}.first"), "first_wins": get(f"deck.{name}.first-wins"),
            "commander_damage": get(f"deck.{name}.commander-damage"),
            "upgrades": {path: get(f"deck.{name}.upgrade.{path}") for path in PATHS},
            "deployed": per_card(f"deck.{name}.deployed."),
            "destroyed": per_card(f"deck.{name}.destroyed."),
            "played": per_card(f"deck.{name}.played."),
        }
    rate = get("first-wins") / finished if finished else 0.0
    return {"first_player_win_rate": round(rate, 4), "seats": seats, "warbands": bands}


def stats_tables(stats: dict[str, Any]) -> list[tuple[str, list[str], list[list]]]:
    """The statistics as (title, columns, rows) tables for the terminal report."""
    bands = stats["warbands"]
    return [
        ("Warbands",
         ["Warband", "Games", "Wins", "Went first", "Won when first", "Commander damage",
          "Upgrades (units/events/relics)"],
         [[name, b["games"], b["wins"], b["first"], b["first_wins"], b["commander_damage"],
           "/".join(str(b["upgrades"][k]) for k in PATHS)] for name, b in bands.items()]),
        ("Cards", ["Warband", "Card", "Deployed", "Destroyed", "Played"],
         [[name, card, b["deployed"].get(card, 0), b["destroyed"].get(card, 0),
           b["played"].get(card, 0)]
          for name, b in bands.items()
          for card in sorted(set(b["deployed"]) | set(b["destroyed"]) | set(b["played"]))]),
    ]
