"""The `cards` starter: a workbook (a deck sheet of example cards and a Rules sheet) and
the layout `layouts/cards/card.toml` beside it, so `pnp print cards FILE.xlsx` prints at
once and the designer edits both."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.sheets import QTY, Column
from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.cards.rules import NAMES, RULE_COLUMNS, RULES_SHEET

DECK_SHEET = "My Deck"
TEMPLATE_LAYOUT = Path(__file__).resolve().parent / "layouts" / "card.toml"
"""The layout the starter writes beside the workbook: the built-in one, to edit."""

DECK_COLUMNS: tuple[Column, ...] = (
    Column("Name", help="The card's name. Any column is fine: the layout's boxes name "
                        "the columns they print ({Name} in a text box)."),
    Column("Type", help="Any text; the rules below allow only some values."),
    Column("Cost", help="A number the layout prints in the top corner."),
    QTY,
    Column("Text", help="The card's rules text; **bold** and :icon: work as in any game."),
    Column("Art", help="Optional picture, a path relative to this workbook's folder "
                       "(e.g. art/ember.png)."),
)

# Name, Type, Cost, Qty, Text, Art: 20 cards costing 25, each rule below kept.
EXAMPLE_ROWS: tuple[tuple, ...] = (
    ("Ember Sprite", "Creature", 1, 3, "When it enters, deal 1 damage.", None),
    ("Tide Caller", "Creature", 2, 3, "Draw a card.", None),
    ("Stone Warden", "Creature", 3, 3, "Blocks first. **Steady.**", None),
    ("Quick Bolt", "Spell", 1, 3, "Deal 2 damage to anything.", None),
    ("Second Wind", "Spell", 2, 2, "Return a creature from your discard pile.", None),
    ("Old Grove", "Land", 0, 3, "Gives one mana each turn.", None),
    ("Watchtower", "Land", 0, 3, "Gives one mana; look at the top card of your deck.",
     None),
)

RULE_ROWS: tuple[tuple, ...] = (
    # Rule, Column, Value, Min, Max, Deck
    ("deck size", None, None, 20, 60, None),
    ("copies", "Name", None, None, 3, None),
    ("allowed values", "Type", "Creature, Spell, Land", None, None, None),
    ("sum", "Cost", None, None, 40, None),
)


def deck_sheets() -> list[SheetSpec]:
    """The example deck and its rules, as sheets to write."""
    return [SheetSpec(DECK_SHEET, DECK_COLUMNS, EXAMPLE_ROWS,
                      choices={"Type": ["Creature", "Spell", "Land"]},
                      widths={"Name": 22.0, "Text": 44.0, "Art": 22.0}),
            SheetSpec(RULES_SHEET, RULE_COLUMNS, RULE_ROWS,
                      choices={"Rule": list(NAMES.values())},
                      widths={"Rule": 16.0, "Value": 26.0})]


def write_template(path: Path) -> None:
    """Write the starter workbook (the layout beside it is `template_files`)."""
    write_workbook(path, deck_sheets())


def template_files(path: Path) -> list[tuple[Path, bytes]]:
    """The files `pnp template cards -o FILE.xlsx` writes beside the workbook: the layout
    `layouts/cards/card.toml`, which the print of that workbook then uses."""
    return [(path.parent / "layouts" / "cards" / "card.toml", TEMPLATE_LAYOUT.read_bytes())]
