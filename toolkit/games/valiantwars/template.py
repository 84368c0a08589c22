"""`pnp template valiantwars`: a starter pool workbook that validates clean.

Its `Cards` sheet holds a complete, legal pool of the book's 192 cards (the bundled one:
every champion effect, every penalty), with header help and dropdowns for Kind, Type,
Effect and Role; a `#Vocabulary` sheet (skipped when validating, as every `#` sheet is)
lists the 27 champion effects in the rulebook's words and the penalty vocabulary.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.core.sheets import QTY, Column
from toolkit.core.workbook import SheetSpec, write_workbook
from toolkit.games.valiantwars.engine.samples import POOL_ROWS
from toolkit.games.valiantwars.models import (
    ART,
    COST,
    EFFECT,
    GOLD_COL,
    KIND,
    NAME,
    PENALTY,
    ROLE,
    SWORDS,
    TEXT,
    TYPE,
    VP,
)
from toolkit.games.valiantwars.vocab import (
    EFFECT_CODES,
    EFFECT_TEXT,
    EFFECTS,
    KINDS,
    P_NONE,
    PENALTY_FORMS,
    PENALTY_MEANING,
    ROLES,
    TYPES,
    WHEN_PLAYED,
)

POOL_SHEET_COLUMNS: tuple[Column, ...] = (NAME, KIND, TYPE, COST, SWORDS, GOLD_COL, VP,
                                          PENALTY, EFFECT, ROLE, QTY, TEXT, ART)
"""The pool sheet's columns in the order the template and the bundled pool write them."""
CHOICES: dict[str, Sequence[str]] = {"Kind": KINDS, "Type": TYPES, "Effect": EFFECTS,
                                     "Role": ROLES}
WIDTHS = {"Name": 22.0, "Kind": 12.0, "Penalty": 16.0, "Effect": 14.0, "Text": 30.0}

VOCAB_COLUMNS = (Column("Word", help="A value of the Effect or Penalty column."),
                 Column("Column"), Column("When Played"), Column("Meaning"))


def pool_rows(rows: Sequence[tuple] = POOL_ROWS) -> list[list[Any]]:
    """`samples.POOL_ROWS` in the pool sheet's column order (Text and Art blank)."""
    return [[*row[:10], row[10], None, None] for row in rows]


def vocabulary_rows() -> list[list[Any]]:
    """The effects in the book's words, then the penalties, for the `#Vocabulary` sheet."""
    rows: list[list[Any]] = [[name, "Effect", "yes" if EFFECT_CODES[name] in WHEN_PLAYED
                              else "", EFFECT_TEXT[name]] for name in EFFECTS]
    rows += [[form, "Penalty", "", PENALTY_MEANING[code] if code != P_NONE
              else "no penalty (also a blank cell)"]
             for code, form in enumerate(PENALTY_FORMS)]
    return rows


def sheets() -> list[SheetSpec]:
    """The starter workbook's sheets: `Cards` and `#Vocabulary`."""
    return [SheetSpec("Cards", POOL_SHEET_COLUMNS, pool_rows(), CHOICES, WIDTHS),
            SheetSpec("#Vocabulary", VOCAB_COLUMNS, vocabulary_rows(),
                      widths={"Word": 16.0, "Meaning": 90.0})]


def write_template(path: Path) -> None:
    """Write the starter workbook: a legal 192-card pool to edit, and the vocabulary."""
    write_workbook(path, sheets())
