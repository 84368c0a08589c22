"""The Battle of Banners statistics of a run: the engine counts them under
``banners.stat.*`` keys of ``counts`` (rules.py); these functions turn the folded counters
into `play --json`'s ``game_stats`` and the terminal report's tables."""

from __future__ import annotations

from typing import Any

from .counting import STAT


def game_stats(counters: dict[str, int], deck_names: list[str] | tuple[str, ...],
               finished: int) -> dict[str, Any]:
    """The Battle of Banners statistics of a run, from the harness's folded counters.

    ``finished`` is the number of games that ended. Returns the first side's win rate,
    per side (went first, won when first), the win reasons, per item kind (cards drawn,
    cards played, games a side played it in, and that side's win rate in those games),
    flags (grabbed at the castle, picked up on the field, dropped, home by falling on
    their castle, blown home by Strong Wind) and combats.
    """
    def get(key: str) -> int:
        return counters.get(STAT + key, 0)

    names = sorted({key[len(STAT) + 5:].rsplit(".", 1)[0] for key in counters
                    if key.startswith(STAT + "item.")})
    items = {}
    for name in names:
        games = get(f"item.{name}.games")
        items[name] = {"drawn": get(f"item.{name}.drawn"),
                       "played": get(f"item.{name}.played"),
                       "games_played": games,
                       "win_rate_when_played": round(get(f"item.{name}.won") / games, 4)
                       if games else None}
    sides = {}
    for i, name in enumerate(deck_names):
        sides[name] = {"first": get(f"side{i + 1}.first"),
                       "first_wins": get(f"side{i + 1}.first-wins"),
                       "wins": get(f"side{i + 1}.wins")}
    rate = get("first-wins") / finished if finished else 0.0
    return {
        "first_player_win_rate": round(rate, 4),
        "sides": sides,
        "win_reasons": {"flag brought home": get("end.flag"),
                        "enemy team defeated": get("end.defeat")},
        "items": items,
        "flags": {"grabbed at the castle": get("flag.grabs"),
                  "picked up on the field": get("flag.pickups"),
                  "dropped": get("flag.drops"), "fell home": get("flag.home"),
                  "blown home": get("flag.wind")},
        "combat": {"fights": get("combat.fights"), "attacker won": get("combat.attacker"),
                   "defender won": get("combat.defender"), "ties": get("combat.ties"),
                   "won by Hidden Knife": get("combat.knives")},
        "pieces": {"defeated": get("pieces.removed"), "reaped": get("pieces.reaped"),
                   "reinforcements": get("reinforcements")},
    }


def stats_tables(stats: dict[str, Any]) -> list[tuple[str, list[str], list[list]]]:
    """`game_stats` as (title, columns, rows) tables for the terminal report: the sides,
    what happened in the games, and the items (most played first)."""
    sides = [[name, str(row["first"]), str(row["first_wins"]), str(row["wins"])]
             for name, row in stats["sides"].items()]
    events = [[f"{group.replace('_', ' ')}: {what}", str(n)]
              for group in ("win_reasons", "flags", "combat", "pieces")
              for what, n in stats[group].items()]
    items = [[name, str(row["drawn"]), str(row["played"]), str(row["games_played"]),
              "-" if row["win_rate_when_played"] is None
              else f"{row['win_rate_when_played']:.1%}"]
             for name, row in sorted(stats["items"].items(),
                                     key=lambda kv: (-kv[1]["played"], kv[0]))]
    return [("Sides", ["Side", "Went first", "Won when first", "Wins"], sides),
            ("In the games", ["What", "Times"], events),
            ("Items", ["Item", "Drawn", "Played", "Games played",
                       "Win rate when played"], items)]
