"""Sample cards and helpers shared by the render tests (a uniquely named module, so it
cannot clash with other test folders' conftest files)."""

from __future__ import annotations

import tomllib

from toolkit.render import layout as layout_mod

SAMPLES = {
    ("warbadge", "badge"): {
        "Name": "Ember Fox", "Rank": "Gold", "Value": 3, "Types": ["Blade", "Flying"],
        "Strengths": ["Magic"], "Weaknesses": ["Ranged", "Holy"], "Abilities": ["Charge"],
        "Text": "", "Art": None,
    },
    ("battlegate", "card"): {
        "Name": "Shadow Blade", "Class": "Assassin", "Power": 4,
        "Description": "A silent killer from the northern wastes. Strikes from the dark.",
        "Art": None,
    },
    ("warblitz", "unit"): {
        "Name": "Iron Vanguard", "Faction": "Iron Legion", "Rank": "Elite", "Class": "Melee",
        "Cost": 3, "HP": 6, "STR": 3, "Attack": "MEL",
        "Ability": "**Taunt**: When an adjacent enemy attacks, the target of that attack must "
                   "be a unit with **Taunt**.",
        "Art": None,
    },
    ("warblitz", "event"): {
        "Name": "Rally the Banners", "Kind": "Event", "Tier": "Epic", "Cost": 2,
        "Phase": "Beginning", "Ability": "Your units gain +1 STR while this event is active.",
        "Active": True, "Art": None,
    },
}


def parse_toml(text: str, label: str = "layouts/test/t.toml"):
    """A layout from TOML text."""
    return layout_mod.parse(tomllib.loads(text), label)
