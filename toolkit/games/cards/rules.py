"""Deck rules as data for the `cards` game: read from a `Rules` sheet or a layout's
`[rules]` table, and checked on every deck (docs/cards.md, "Deck rules").

Four rules, each optional:

- `deck size`: a deck holds exactly Value cards, or Min to Max (Qty counted);
- `copies`: at most Max (or Value) copies of one card, counted by the Column named
  (default: the card's name column, Name or Title, Card, Card Name);
- `allowed values`: every value of Column is one of Value (a list split on `,` or `;`;
  a cell listing several values must list allowed ones only; blank cells pass);
- `sum`: the Column's whole numbers (times Qty; blank counts 0) add up to exactly Value,
  or Min to Max.

A Rules sheet row may name a `Deck`: the rule then applies to that deck sheet only.
A malformed rule is an error at its Rules cell (`cards.rule.bad`); a rule naming a column
a deck lacks is an error at the rule's Column cell (`cards.rule.column`); each broken rule
is an error at the deck (`cards.rule.size`, `cards.rule.sum`) or at the offending cell
(`cards.rule.copies`, `cards.rule.values`, and a summed cell that is no number).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from toolkit.core.errors import LayoutError
from toolkit.core.report import Location, Problem, Report
from toolkit.core.sheets import (
    Column,
    RawSheet,
    Row,
    Workbook,
    clean_text,
    read_table,
    split_list,
    suggest,
    whole_number,
)
from toolkit.core.validation import cell_span, gap
from toolkit.games.cards.columns import key

GAME_ID = "cards"
RULES_SHEET = "Rules"

KINDS: dict[str, str] = {
    "decksize": "size", "size": "size", "cards": "size",
    "copies": "copies", "copiespercard": "copies", "maxcopies": "copies",
    "allowedvalues": "values", "values": "values", "allowed": "values",
    "sum": "sum", "total": "sum", "columnsum": "sum",
}
"""How a rule may be written (case, spaces, `-` and `_` ignored) → its kind."""
NAMES = {"size": "deck size", "copies": "copies", "values": "allowed values", "sum": "sum"}
"""Each kind as the documentation and the template write it."""

RULE = Column("Rule", ("Rules",), required=True,
              help="One of: deck size, copies, allowed values, sum (docs/cards.md).")
COLUMN = Column("Column", ("Field",),
                help="The deck column the rule reads (copies: the name column by default; "
                     "deck size reads none).")
VALUE = Column("Value", ("Values", "Exactly"),
               help="deck size and sum: an exact number; copies: the most copies; allowed "
                    "values: the values, separated by commas.")
MIN = Column("Min", ("Minimum", "At Least"), help="The smallest number allowed.")
MAX = Column("Max", ("Maximum", "At Most"), help="The largest number allowed.")
DECK = Column("Deck", ("Sheet",), help="Only for this deck sheet (blank: every deck).")
RULE_COLUMNS: tuple[Column, ...] = (RULE, COLUMN, VALUE, MIN, MAX, DECK)


@dataclass(frozen=True)
class Rule:
    """One deck rule: its kind, the column it reads, its bounds, and where it is written."""

    kind: str
    column: str | None
    allowed: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    deck: str | None = None
    where: Location = Location("")
    """The rule as a whole: its Rules row, or the layout's `[rules]` key."""
    column_at: Location = Location("")
    """Where its column is named (the Column cell)."""

    def bounds(self) -> str:
        """'exactly 40', '30 to 60', 'at least 10', 'at most 3'."""
        if self.low is not None and self.low == self.high:
            return f"exactly {self.low:,}"
        if self.low is not None and self.high is not None:
            return f"{self.low:,} to {self.high:,}"
        return f"at least {self.low:,}" if self.low is not None else f"at most {self.high:,}"

    def describe(self) -> str:
        """The rule in words, with where it is written."""
        if self.kind == "size":
            what = f"deck size {self.bounds()}"
        elif self.kind == "copies":
            what = f"at most {self.high:,} copies of one card" + (
                f" (by {self.column})" if self.column else "")
        elif self.kind == "values":
            what = f"{self.column} one of {', '.join(self.allowed)}"
        else:
            what = f"sum of {self.column} {self.bounds()}"
        return f"{what}, at {self.where}"

    def applies_to(self, deck: str) -> bool:
        """Whether the rule is checked on the deck sheet of that name."""
        return self.deck is None or key(self.deck) == key(deck)


class RuleProblem(ValueError):
    """A malformed rule: the field at fault ('rule', 'column', 'value', 'min', 'max')."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def _number(field: str, value: Any) -> int | None:
    if value is None or (isinstance(value, str) and not clean_text(value)):
        return None
    try:
        return whole_number(value)
    except ValueError as exc:
        raise RuleProblem(field, f"{field.title()} {exc}") from None


def build(kind_text: Any, column: Any = None, value: Any = None, low: Any = None,
          high: Any = None, deck: Any = None, where: Location = Location(""),
          column_at: Location | None = None) -> Rule:
    """A rule from its written parts (a Rules row or a `[rules]` entry); `RuleProblem`
    naming the part at fault when it is malformed."""
    text = "" if kind_text is None else clean_text(kind_text)
    kind = KINDS.get("".join(ch for ch in text.casefold() if ch.isalnum()))
    if kind is None:
        raise RuleProblem("rule", f"Rule '{text}' is not a rule{suggest(text, NAMES.values())};"
                          f" rules: {', '.join(NAMES.values())}")
    column = clean_text(column) or None if column is not None else None
    deck = clean_text(deck) or None if deck is not None else None
    name = NAMES[kind]
    if kind == "values":
        if column is None:
            raise RuleProblem("column", f"{name} needs the Column whose values it allows")
        allowed = tuple(value) if isinstance(value, (list, tuple)) else split_list(value)
        allowed = tuple(clean_text(v) for v in allowed if clean_text(v))
        if not allowed:
            raise RuleProblem("value", f"{name} needs its values in Value, separated by "
                              "commas (e.g. Creature, Spell)")
        if low is not None or high is not None:
            raise RuleProblem("min" if low is not None else "max",
                              f"{name} takes a list in Value, not Min or Max")
        return Rule(kind, column, allowed, None, None, deck, where, column_at or where)
    exact, low, high = _number("value", value), _number("min", low), _number("max", high)
    if kind == "copies":
        if low is not None:
            raise RuleProblem("min", f"{name} takes Max (the most copies of one card), not Min")
        if exact is not None and high is not None and exact != high:
            raise RuleProblem("value", f"{name}: Value {exact} and Max {high} disagree; give one")
        most = high if high is not None else exact
        if most is None or most < 1:
            raise RuleProblem("max", f"{name} needs Max, the most copies of one card (1 or more)")
        return Rule(kind, column, (), None, most, deck, where, column_at or where)
    if kind == "size" and column is not None:
        raise RuleProblem("column", f"{name} counts cards (Qty counted) and reads no column; "
                          "leave Column blank")
    if kind == "sum" and column is None:
        raise RuleProblem("column", f"{name} needs the Column it adds up")
    if exact is not None and (low is not None or high is not None):
        raise RuleProblem("value", f"{name}: give Value (exactly) or Min and Max, not both")
    if exact is not None:
        low = high = exact
    if low is None and high is None:
        raise RuleProblem("value", f"{name} needs Value (exactly), or Min and/or Max")
    if low is not None and high is not None and low > high:
        raise RuleProblem("min", f"{name}: Min {low:,} is more than Max {high:,}")
    if kind == "size" and ((low or 0) < 0 or (high is not None and high < 0)):
        raise RuleProblem("min" if (low or 0) < 0 else "max",
                          f"{name} counts cards: its bounds are 0 or more")
    return Rule(kind, column, (), low, high, deck, where, column_at or where)


# ---------------------------------------------------------------- reading rules

def read_sheet_rules(workbook: Workbook | None, report: Report) -> list[Rule]:
    """The rules of a workbook's `Rules` sheet (none without one); each malformed rule is
    an error at its cell, a rule for a deck the workbook lacks a warning at its Deck cell."""
    sheet = workbook.sheet(RULES_SHEET) if workbook is not None else None
    if sheet is None:
        return []
    table = read_table(sheet, RULE_COLUMNS, report)
    if table.skipped is not None:
        return []
    decks = {key(s.name): s.name for s in workbook.sheets if s is not sheet}
    rules: list[Rule] = []
    for row in table.rows:
        try:
            rule = build(row.get("rule"), row.get("column"), row.get("value"),
                         row.get("min"), row.get("max"), row.get("deck"), row.location,
                         row.loc("column"))
        except RuleProblem as exc:
            # a rule malformed while a header of the sheet is misspelled (so a part of
            # it may be unread) follows from that slip
            cause = row.cause(exc.field) or next(iter(table.causes.values()), None)
            with report.because(cause):
                report.error(f"{GAME_ID}.rule.bad", f"{exc}; the rule is not checked",
                             row.loc(exc.field))
            continue
        if rule.deck is not None and key(rule.deck) not in decks:
            report.warning(f"{GAME_ID}.rule.deck", f"no deck sheet is named '{rule.deck}'"
                           f"{suggest(rule.deck, decks.values())}, so this rule is never "
                           "checked", row.loc("deck"))
        rules.append(rule)
    return rules


def read_layout_rules(raw: Mapping[str, Any], label: str) -> list[Rule]:
    """The rules of a layout's `[rules]` table (docs/cards.md); `LayoutError` naming the
    layout and the key when one is malformed:

        [rules]
        size = { min = 40, max = 60 }      # or size = 40
        copies = 3                         # or { max = 3, column = "Title" }
        values = { Type = ["Creature", "Spell"] }
        sum = { Cost = { max = 100 } }     # or { Cost = 100 }
    """
    rules: list[Rule] = []
    known = {"size", "copies", "values", "sum"}
    bad = sorted(set(raw) - known)
    if bad:
        raise LayoutError(f"{label} › [rules]: unknown rule(s) {', '.join(bad)}; "
                          f"rules: {', '.join(sorted(known))}")

    def make(kind: str, where_key: str, column: Any, spec: Any) -> Rule:
        where = Location(label, f"[rules] {where_key}")
        table = spec if isinstance(spec, Mapping) else {"value": spec}
        extra = sorted(set(table) - {"value", "min", "max", "column"})
        try:
            if extra:
                raise RuleProblem("value", f"unknown key(s) {', '.join(extra)}; use value, "
                                  "min, max" + (" or column" if kind == "copies" else ""))
            return build(kind, table.get("column", column), table.get("value"),
                         table.get("min"), table.get("max"), None, where)
        except RuleProblem as exc:
            raise LayoutError(f"{where}: {exc}") from None

    for kind in ("size", "copies"):
        if kind in raw:
            rules.append(make(kind, kind, None, raw[kind]))
    for kind in ("values", "sum"):
        if kind not in raw:
            continue
        if not isinstance(raw[kind], Mapping) or not raw[kind]:
            raise LayoutError(f"{label} › [rules] {kind}: must be a table of columns, e.g. "
                              + ("values = { Type = [\"Creature\", \"Spell\"] }"
                                 if kind == "values" else "sum = { Cost = { max = 100 } }"))
        for column, spec in raw[kind].items():
            value = {"value": spec} if kind == "values" else spec
            rules.append(make(kind, f"{kind}.{column}", column, value))
    return rules


# ---------------------------------------------------------------- checking a deck

@dataclass(frozen=True)
class DeckView:
    """What the rules read of one deck sheet: its rows (Qty counted) and its columns."""

    sheet: RawSheet
    rows: Sequence[Row]
    fields: Mapping[str, str]
    """A header's key (`columns.key`) → the rows' field for it."""
    name_field: str | None
    skipped: int = 0
    """Rows left out for errors (messages say so: they are not counted)."""
    root: Problem | None = None
    """The first of those rows' errors: a total short of its rule may follow from it."""


def check(rule: Rule, deck: DeckView, report: Report) -> None:
    """Check one rule on one deck, reporting what breaks it."""
    column = rule.column
    field = deck.name_field if rule.kind == "copies" and column is None else \
        deck.fields.get(key(column)) if column is not None else None
    if rule.kind != "size" and field is None:
        wanted = column or "Name"
        report.error(f"{GAME_ID}.rule.column",
                     f"the rule ({rule.describe()}) reads column '{wanted}', which deck "
                     f"'{deck.sheet.name}' lacks; add the column or fix the rule",
                     rule.column_at)
        return
    note = (f" (not counting {deck.skipped} skipped row{'s' if deck.skipped != 1 else ''})"
            if deck.skipped else "")
    if rule.kind == "size":
        _total(rule, deck, report, sum(row.qty for row in deck.rows), "cards", note,
               tuple(row.location for row in deck.rows))
    elif rule.kind == "copies":
        _copies(rule, deck, field, report)
    elif rule.kind == "values":
        _values(rule, deck, field, report)
    else:
        counted = []
        total = 0
        for row in deck.rows:
            value = row.get(field)
            if value is None:
                continue
            try:
                total += whole_number(value) * row.qty
            except ValueError as exc:
                report.error(f"{GAME_ID}.rule.sum", f"{row.loc(field).header} {exc}, to "
                             f"count towards the rule ({rule.describe()}); the cell is not "
                             "counted", row.loc(field))
                continue
            counted.append(row.loc(field))
        _total(rule, deck, report, total, f"{column}", note, tuple(counted))


def _total(rule: Rule, deck: DeckView, report: Report, total: int, unit: str, note: str,
           cells: tuple[Location, ...]) -> None:
    low, high = rule.low, rule.high
    if (low is None or total >= low) and (high is None or total <= high):
        return
    short = low is not None and total < low
    bound = low if short else high
    what = f"deck holds {total:,} card{'s' if total != 1 else ''}" if rule.kind == "size" \
        else f"{unit} adds up to {total:,}"
    counted = f" (counted: {cell_span(cells)}, Qty counted)" if cells and any(
        c.cell for c in cells) else ""
    with report.because(deck.root if short else None):  # adding the row back may fix it
        report.error(f"{GAME_ID}.rule.{rule.kind}",
                     f"{what}{note}; the rule ({rule.describe()}) wants {rule.bounds()}: "
                     f"{gap(total, bound, unit if rule.kind == 'size' else '')}{counted}",
                     deck.sheet.location, cells)


def _copies(rule: Rule, deck: DeckView, field: str, report: Report) -> None:
    groups: dict[str, list[Row]] = {}
    for row in deck.rows:
        value = row.get(field)
        if value is not None and clean_text(value):
            groups.setdefault(key(value), []).append(row)
    for rows in groups.values():
        copies = sum(row.qty for row in rows)
        if rule.high is not None and copies > rule.high:
            cells = tuple(row.loc(field) for row in rows)
            report.error(f"{GAME_ID}.rule.copies",
                         f"'{clean_text(rows[0].get(field))}' has {copies:,} copies (at "
                         f"{cell_span(cells)}, Qty counted); the rule ({rule.describe()}) "
                         f"allows at most {rule.high:,}: {gap(copies, rule.high, 'copies')}",
                         cells[0], cells)


def _values(rule: Rule, deck: DeckView, field: str, report: Report) -> None:
    allowed = {key(v) for v in rule.allowed}
    for row in deck.rows:
        for part in split_list(row.get(field)):
            if key(part) not in allowed:
                report.error(f"{GAME_ID}.rule.values",
                             f"{row.loc(field).header} '{part}' is not allowed by the rule "
                             f"({rule.describe()}){suggest(part, rule.allowed)}",
                             row.loc(field))
