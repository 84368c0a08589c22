"""Write content/battlegate/decks.xlsx: four legal Battle Gate decks of different styles.

Run with the project's Python: `.venv/bin/python content/battlegate/make_content.py`.
The output is reproducible byte for byte (write_workbook pins timestamps). Every name
and number here is our own. Each deck costs exactly 100 character points and holds
17 to 100 cards.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.battlegate.models import CLASSES, SHEET_COLUMNS

OUT = Path(__file__).resolve().parent / "decks.xlsx"

# Each row: Name, Class, Power, Qty, Description (Art left empty).
DECKS: dict[str, list[tuple[str, str, int, int, str]]] = {
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


def main() -> None:
    """Write the bundled decks workbook."""
    sheets = [SheetSpec(name, SHEET_COLUMNS,
                        [(n, k, p, q, d, None) for n, k, p, q, d in rows],
                        choices={"Class": CLASSES},
                        widths={"Name": 22.0, "Description": 42.0})
              for name, rows in DECKS.items()]
    write_workbook(OUT, sheets)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
