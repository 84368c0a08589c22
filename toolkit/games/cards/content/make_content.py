"""Write toolkit/games/cards/content/example.xlsx: what `pnp print cards` prints with no file.

Run with the project's Python: `.venv/bin/python toolkit/games/cards/content/make_content.py`.
The output is reproducible byte for byte (write_workbook pins timestamps). Two small decks
of a made-up game in the starter's columns (Name, Type, Cost, Qty, Text, Art) and the
starter's Rules sheet; every name and text is our own. Both decks keep every rule.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.cards.template import DECK_COLUMNS, EXAMPLE_ROWS, deck_sheets

OUT = Path(__file__).resolve().parent / "example.xlsx"

TIDE_ROWS: tuple[tuple, ...] = (
    ("Reef Scout", "Creature", 1, 3, "Look at the top two cards of your deck.", None),
    ("Kelp Giant", "Creature", 4, 2, "Cannot be moved by spells.", None),
    ("Undertow", "Spell", 2, 3, "Return a creature to its owner's hand.", None),
    ("Calm Waters", "Spell", 1, 3, "Skip the next attack against you.", None),
    ("Deep Current", "Spell", 3, 3, "Move a creature; it cannot attack this turn.", None),
    ("Sunken Shrine", "Land", 0, 3, "Gives one mana each turn.", None),
    ("Harbour", "Land", 0, 3, "Gives one mana; draw a card when it enters.", None),
)


def main() -> None:
    """Write the bundled example workbook."""
    ember, rules = deck_sheets()
    sheets = [SheetSpec("Ember", DECK_COLUMNS, EXAMPLE_ROWS, ember.choices, ember.widths),
              SheetSpec("Tide", DECK_COLUMNS, TIDE_ROWS, ember.choices, ember.widths),
              rules]
    write_workbook(OUT, sheets)
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
