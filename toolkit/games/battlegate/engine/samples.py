"""Sample Battle Gate decks in plain Python: the four bundled decks of
``content/battlegate/decks.xlsx`` (Swarm, Wall, Balanced, Giants), 100 points each.

They stand in for the bundled workbook in the game's PlaySpec (`setups`),
the tests and the benchmark, so those need no spreadsheet reading.
``tests/games/battlegate/engine`` checks that they match the workbook.
"""

from __future__ import annotations

from .state import BattleGateParams, CardSpec


def _deck(*rows: tuple[str, str, int, int]) -> tuple[CardSpec, ...]:
    """Expand ``(name, class, power, qty)`` rows, in sheet order."""
    return tuple(CardSpec(name, klass, power) for name, klass, power, qty in rows
                 for _ in range(qty))


SWARM = _deck(
    ("Ashfield Levy", "Soldier", 2, 14), ("Reedmarsh Spearman", "Soldier", 2, 10),
    ("Lantern Scout", "Soldier", 1, 12), ("Drum Sergeant", "Soldier", 3, 4),
    ("Tinker Cutpurse", "Assassin", 1, 8), ("Hedge Knife", "Assassin", 2, 7),
    ("Mudbank Drudge", "Minion", 1, 6),
)
"""61 cheap cards, mostly soldiers."""

WALL = _deck(
    ("Gate Warden", "Minion", 4, 6), ("Stone Bearer", "Minion", 3, 6),
    ("Moat Keeper", "Minion", 2, 5), ("Archive Monk", "Minion", 1, 4),
    ("Rampart Sergeant", "Soldier", 5, 2), ("Quiet Blade", "Assassin", 2, 6),
    ("Shade Dancer", "Assassin", 3, 4), ("Night Needle", "Assassin", 5, 2),
)
"""35 cards: many minions, assassins to attack."""

BALANCED = _deck(
    ("Vale Captain", "Soldier", 5, 2), ("Vale Swordhand", "Soldier", 3, 6),
    ("Vale Pikeman", "Soldier", 2, 6), ("Watchtower Archer", "Soldier", 2, 5),
    ("Bastion Guard", "Minion", 4, 3), ("Chapel Healer", "Minion", 2, 5),
    ("Granary Clerk", "Minion", 1, 6), ("Ember Stalker", "Assassin", 3, 4),
    ("Rooftop Shiv", "Assassin", 2, 5),
)
"""42 cards of every class."""

GIANTS = _deck(
    ("Mountain Titan", "Soldier", 6, 4), ("Iron Colossus", "Soldier", 6, 3),
    ("Thunder Ogre", "Soldier", 5, 3), ("Granite Warden", "Minion", 6, 2),
    ("Deep Root Elder", "Minion", 5, 2), ("Storm Harrier", "Assassin", 6, 2),
    ("Cliff Lurker", "Assassin", 3, 3),
)
"""19 big cards."""

DECKS: dict[str, tuple[CardSpec, ...]] = {
    "Swarm": SWARM, "Wall": WALL, "Balanced": BALANCED, "Giants": GIANTS,
}
"""The bundled decks by sheet name, in workbook order."""


def sample_params(*names: str) -> BattleGateParams:
    """Params for the named bundled decks in seat order (2 to 4 names)."""
    return BattleGateParams(tuple(DECKS[n] for n in names), tuple(names))


def duel_params() -> BattleGateParams:
    """Balanced against Swarm (2 players)."""
    return sample_params("Balanced", "Swarm")


def giants_params() -> BattleGateParams:
    """Giants against Wall (2 players)."""
    return sample_params("Giants", "Wall")


def melee_params() -> BattleGateParams:
    """All four bundled decks (4 players)."""
    return sample_params("Swarm", "Wall", "Balanced", "Giants")


def three_params() -> BattleGateParams:
    """Balanced, Giants and Swarm (3 players)."""
    return sample_params("Balanced", "Giants", "Swarm")


SETUPS = {"duel": duel_params, "giants": giants_params, "three": three_params,
          "melee": melee_params}
"""Named sample setups: name -> params factory (the first is the default)."""
