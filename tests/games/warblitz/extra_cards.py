"""Cards the Warblitz warband and sweep tests add to the template's catalog."""

EXTRA = {
    "Units": [
        {"Name": "Warden Tomas", "Rank": "Commander", "Cost": 0, "HP": 10, "STR": 2,
         "Attack": "RNG", "Faction": "Hill Clans"},
        {"Name": "Duelist", "Rank": "Elite", "Class": "Melee", "Cost": 3, "HP": 5, "STR": 3,
         "Attack": "MEL"},
        {"Name": "Axe Recruit", "Rank": "Common", "Class": "Melee", "Cost": 1, "HP": 3,
         "STR": 2, "Attack": "MEL"},
    ],
    "Events": [
        {"Name": "Forced March", "Tier": "Epic", "Cost": 2, "Phase": "Move & Attack"},
        {"Name": "Bog Lantern", "Tier": "Common", "Cost": 1, "Phase": "Beginning"},
    ],
    "Relics": [
        {"Name": "Iron Idol", "Tier": "Epic", "Cost": 2},
        {"Name": "War Drum", "Tier": "Common", "Cost": 1},
    ],
}
"""Cards added to the template's catalog: a second commander, Elite Melee, Common Melee,
Epic and Common Event, Epic and Common Relic."""
