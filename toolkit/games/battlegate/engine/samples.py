"""Sample Battle Gate decks in plain Python: the four bundled decks of
``toolkit/games/battlegate/content/decks.xlsx`` (Swarm, Wall, Balanced, Giants), 100 points each.
This module is their source: `toolkit/games/battlegate/content/make_content.py` writes the workbook
from `DECK_ROWS`.

They stand in for the bundled workbook in the game's PlaySpec (`setups`),
the tests and the benchmark, so those need no spreadsheet reading.
``tests/games/battlegate/engine`` checks that they match the workbook.
"""

from __future__ import annotations

from .state import BattleGateParams, CardSpec

# Each row: Name, Class, Power, Qty, Description (Art left empty).
DECK_ROWS: dict[str, list[tuple[str, str, int, int, str]]] = {
    # Many weak soldiers: wide attacks, lots of draws. 61 cards, 100 points.
    "Swarm": [
        ("Ashfield Levy", "Soldier", 2, 14, "Called from the fields at dawn."),
        ("Reedmarsh Spearman", "Soldier", 2, 10, "Wades where horses will not."),
        ("Lantern Scout", "Soldier", 1, 12, "Runs ahead with a shuttered light."),
        ("Drum Sergeant", "Soldier", 3, 4, "Keeps the column in step."),
        ("Tinker Cutpurse", "Assassin", 1, 8, "Small hands, quick knives."),
        ("Hedge Knife", "Assassin", 2, 7, "Waits in the bramble for stragglers."),
        ("Mudbank Drudge", "Minion", 1, 6, "Hauls the wounded back to camp."),
    ],
    # A wall of minions that recovers its losses, with assassins to strike. 35 cards.
    "Wall": [
        ("Gate Warden", "Minion", 4, 6, "Bars the gate with a spear and a stare."),
        ("Stone Bearer", "Minion", 3, 6, "Carries the rampart one block at a time."),
        ("Moat Keeper", "Minion", 2, 5, "Knows every eel by name."),
        ("Archive Monk", "Minion", 1, 4, "Copies out what was lost."),
        ("Rampart Sergeant", "Soldier", 5, 2, "Steps down from the wall only to win."),
        ("Quiet Blade", "Assassin", 2, 6, "Leaves no footprints on the battlements."),
        ("Shade Dancer", "Assassin", 3, 4, "Moves between torchlights."),
        ("Night Needle", "Assassin", 5, 2, "One thrust, one fallen captain."),
    ],
    # A little of everything. 42 cards.
    "Balanced": [
        ("Vale Captain", "Soldier", 5, 2, "Leads from the front rank."),
        ("Vale Swordhand", "Soldier", 3, 6, "Steady steel for a steady line."),
        ("Vale Pikeman", "Soldier", 2, 6, "Long reach, short temper."),
        ("Watchtower Archer", "Soldier", 2, 5, "Sees the enemy before it sees him."),
        ("Bastion Guard", "Minion", 4, 3, "A shield as tall as a door."),
        ("Chapel Healer", "Minion", 2, 5, "Sends the fallen back to the fight."),
        ("Granary Clerk", "Minion", 1, 6, "Counts the sacks and the survivors."),
        ("Ember Stalker", "Assassin", 3, 4, "Smells of smoke and bad news."),
        ("Rooftop Shiv", "Assassin", 2, 5, "Drops from the eaves without a sound."),
    ],
    # Few, big cards: slow but every card hits hard. 19 cards.
    "Giants": [
        ("Mountain Titan", "Soldier", 6, 4, "Its footsteps crack the road."),
        ("Iron Colossus", "Soldier", 6, 3, "Forged for a war nobody remembers."),
        ("Thunder Ogre", "Soldier", 5, 3, "Roars before it swings, and after."),
        ("Granite Warden", "Minion", 6, 2, "Sleeps standing up across the pass."),
        ("Deep Root Elder", "Minion", 5, 2, "Old enough to regrow what falls."),
        ("Storm Harrier", "Assassin", 6, 2, "Strikes with the lightning."),
        ("Cliff Lurker", "Assassin", 3, 3, "Waits on the ledge above the path."),
    ],
}
"""The bundled decks by sheet name, in workbook order: (Name, Class, Power, Qty,
Description) rows, as `toolkit/games/battlegate/content/make_content.py` writes them."""


def _deck(rows: list[tuple[str, str, int, int, str]]) -> tuple[CardSpec, ...]:
    """Expand ``(name, class, power, qty, description)`` rows, in sheet order."""
    return tuple(CardSpec(name, klass, power) for name, klass, power, qty, _ in rows
                 for _ in range(qty))


DECKS: dict[str, tuple[CardSpec, ...]] = {name: _deck(rows) for name, rows in DECK_ROWS.items()}
"""The bundled decks as the engine's plain data."""



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
