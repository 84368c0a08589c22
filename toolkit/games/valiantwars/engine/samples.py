"""The bundled Valiant Wars pool in plain Python: the book's 192 cards (36 Soldiers, 54
Gold, 25 Dark Omens, 14 Locations, 63 Champions), with names and numbers of our own and
every one of the rulebook's 27 champion effects; the Locations use every penalty of the
vocabulary.

This module is their source: `toolkit/games/valiantwars/content/make_content.py` writes the workbook
from `POOL_ROWS`, and the engine's sample setups (the game's PlaySpec `setups`, the tests
and the benchmark) play the same pool without reading a spreadsheet.
``tests/games/valiantwars`` checks that both agree.
"""

from __future__ import annotations

from ..vocab import parse_penalty
from .state import CardSpec, VWParams

# Name, Kind, Type, Cost, Swords, Gold, VP, Penalty, Effect, Role, Qty. Blank is None.
Row = tuple[str, str, str | None, int | None, int | None, int | None, int | None,
            str | None, str | None, str | None, int]

POOL_ROWS: tuple[Row, ...] = (
    ("Levy Soldier", "Soldier", None, None, None, None, None, None, None, None, 36),
    ("Gold Crown", "Gold", None, None, None, None, None, None, None, None, 54),
    ("Dark Omen", "Dark Omen", None, None, None, None, None, None, None, None, 25),
    # Locations: the Valiant Throne, two Villages and eleven more.
    ("Valiant Throne", "Location", None, None, None, None, 5, None, None, "Throne", 1),
    ("Millbrook Village", "Location", None, None, None, None, 1, None, None, "Village", 1),
    ("Ashford Village", "Location", None, None, None, None, 1, "Lose 1 Gold", None,
     "Village", 1),
    ("Greywater Mill", "Location", None, None, None, None, 1, "Draw 1", None, None, 1),
    ("Hollow Crossing", "Location", None, None, None, None, 1, "Buy 1", None, None, 1),
    ("Thornwall Keep", "Location", None, None, None, None, 2, "Lose 1 Swords", None, None, 1),
    ("Saltmarsh Harbor", "Location", None, None, None, None, 2, "Lose 2 Gold", None, None, 1),
    ("Cinder Pass", "Location", None, None, None, None, 2, "Flip 1", None, None, 1),
    ("Raven Watchtower", "Location", None, None, None, None, 2, "Draw 2", None, None, 1),
    ("Old Chapel Ruins", "Location", None, None, None, None, 2, "Dark Omen", None, None, 1),
    ("Emberfall Citadel", "Location", None, None, None, None, 3, "Stop", None, None, 1),
    ("Wyrmrest Bastion", "Location", None, None, None, None, 3, "Lose 2 Swords", None, None,
     1),
    ("Kingsbridge Market", "Location", None, None, None, None, 3, "Buy 0", None, None, 1),
    ("Sunspire Fortress", "Location", None, None, None, None, 3, "Flip 2", None, None, 1),
    # Warriors
    ("Iron Fighter", "Champion", "Warrior", 2, 2, None, None, None, "Fighter", None, 4),
    ("Hill Barbarian", "Champion", "Warrior", 3, 3, None, None, None, "Barbarian", None, 3),
    ("Tower Guard", "Champion", "Warrior", 3, 2, None, None, None, "Guard", None, 2),
    ("Oath Paladin", "Champion", "Warrior", 5, 2, None, None, None, "Paladin", None, 2),
    ("Gilded Mercenary", "Champion", "Warrior", 4, 1, None, None, None, "Mercenary", None, 2),
    ("Stone Sentinel", "Champion", "Warrior", 3, 1, None, None, None, "Sentinel", None, 2),
    ("Red Warlord", "Champion", "Warrior", 4, 3, None, None, None, "Warlord", None, 2),
    ("Banner General", "Champion", "Warrior", 4, 2, None, None, None, "General", None, 2),
    ("Sworn Hero", "Champion", "Warrior", 6, 4, None, None, None, "Hero", None, 2),
    ("Longbow Archer", "Champion", "Warrior", 3, 2, None, None, None, "Archer", None, 2),
    ("Hall Retainer", "Champion", "Warrior", 3, 1, None, None, None, "Retainer", None, 2),
    ("Fen Wurm Lord", "Champion", "Warrior", 5, 4, None, None, None, "Wurm Lord", None, 2),
    ("Sky Wing Knight", "Champion", "Warrior", 3, 2, None, None, None, "Wing Knight", None, 2),
    # Mystics
    ("Moon Witch", "Champion", "Mystic", 4, 1, None, None, None, "Lunar Witch", None, 2),
    ("Star Oracle", "Champion", "Mystic", 2, 1, None, None, None, "Oracle", None, 3),
    ("Dawn Priestess", "Champion", "Mystic", 4, 1, None, None, None, "Priestess", None, 2),
    ("Ember Pyromancer", "Champion", "Mystic", 4, 2, None, None, None, "Pyromancer", None, 2),
    ("Grey Shaman", "Champion", "Mystic", 2, 3, None, None, None, "Shaman", None, 2),
    ("Hearth Saint", "Champion", "Mystic", 3, 1, None, None, None, "Saint", None, 2),
    ("Cloister Monk", "Champion", "Mystic", 3, 0, None, None, None, "Monk", None, 3),
    ("Tower Apprentice", "Champion", "Mystic", 2, 1, None, None, None, "Apprentice", None, 3),
    # Rogues
    ("Night Assassin", "Champion", "Rogue", 4, 2, None, None, None, "Assassin", None, 2),
    ("Road Brigand", "Champion", "Rogue", 2, 1, None, None, None, "Brigand", None, 3),
    ("Veil Dancer", "Champion", "Rogue", 4, 1, None, None, None, "Dancer", None, 2),
    ("Fuse Saboteur", "Champion", "Rogue", 4, 1, None, None, None, "Saboteur", None, 2),
    ("Coin SellSword", "Champion", "Rogue", 2, 1, None, None, None, "SellSword", None, 3),
    ("Wild Firebrand", "Champion", "Rogue", 2, 2, None, None, None, "Firebrand", None, 3),
)
"""The bundled pool's rows in workbook order, as `make_content.py` writes them."""

FIXED = {"Soldier": {"swords": 1, "type": "Warrior"}, "Gold": {"cost": 1, "gold": 1},
         "Dark Omen": {"gold": 1}}
"""What the rules fix for a kind (the workbook leaves these cells blank)."""


def spec_of(row: Row) -> CardSpec:
    """One pool row as the engine's card (the rules' fixed values filled in)."""
    name, kind, ctype, cost, swords, gold, vp, penalty, effect, role, _ = row
    code, amount = parse_penalty(penalty) if penalty else (0, 0)
    values = {"type": ctype or "", "cost": cost or 0, "swords": swords or 0,
              "gold": gold or 0}
    values.update(FIXED.get(kind, {}))
    return CardSpec(name, kind, values["type"], values["cost"], values["swords"],
                    values["gold"], vp or 0, code, amount, effect or "", role or "")


POOL: tuple[CardSpec, ...] = tuple(spec_of(row) for row in POOL_ROWS for _ in range(row[-1]))
"""The bundled pool as the engine's plain data, Qty expanded (192 cards)."""


def sample_params(players: int = 2) -> VWParams:
    """The bundled pool for ``players`` seats (2 to 5)."""
    return VWParams(POOL, players, pool_name="Cards", format="standard")


SETUPS = {f"{n}p": (lambda n=n: sample_params(n)) for n in (2, 3, 4, 5)}
"""Named sample setups: name -> params factory (the first, two players, is the default)."""
