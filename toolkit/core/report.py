"""Located problems: where a problem is (file › sheet › cell), what it is, and the report.

Loading and validation never raise at the user: every problem becomes a `Problem` in a
`Report`; only the CLI edge turns a report into an exit code.

A report lists at most `MAX_SAME` problems of one severity and rule in one sheet; past
that it keeps one summary line, "…and N more like this", so a sheet of a million bad
cells is a short report in memory, on the terminal and in `--json` (its counts still
count every problem).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Severity = Literal["error", "warning", "info"]
SEVERITIES: tuple[Severity, ...] = ("error", "warning", "info")
MAX_SAME = 100
"""Problems of one severity and rule listed per sheet; the rest are one summary line."""


def column_letter(index: int) -> str:
    """Excel's letter for a 1-based column index (1 → A, 27 → AA)."""
    letters = ""
    while index > 0:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


@dataclass(frozen=True, slots=True)
class Location:
    """A place as the designer sees it: file, sheet, row as Excel numbers it, column letter."""

    file: str
    sheet: str | None = None
    row: int | None = None
    column: str | None = None
    header: str | None = None

    @property
    def cell(self) -> str | None:
        """The cell reference, e.g. `C7`, when both row and column are known."""
        if self.row is None or self.column is None:
            return None
        return f"{self.column}{self.row}"

    def at(self, row: int | None = None, column: str | None = None,
           header: str | None = None) -> Location:
        """This location narrowed to a row and/or a column."""
        return Location(self.file, self.sheet, row if row is not None else self.row,
                        column if column is not None else self.column,
                        header if header is not None else self.header)

    def __str__(self) -> str:
        parts = [self.file]
        if self.sheet:
            parts.append(self.sheet)
        if self.cell:
            parts.append(f"{self.cell} ({self.header})" if self.header else self.cell)
        elif self.row is not None:
            parts.append(f"row {self.row}")
        elif self.column is not None:
            parts.append(f"column {self.column}" + (f" ({self.header})" if self.header else ""))
        return " › ".join(parts)

    def to_json(self) -> dict:
        """The FORMATS.md location object."""
        return {"file": self.file, "sheet": self.sheet, "row": self.row,
                "column": self.column, "cell": self.cell}


@dataclass(frozen=True, slots=True)
class Problem:
    """One finding: severity, a stable dotted rule id, a sentence, and where it is."""

    severity: Severity
    rule: str
    message: str
    location: Location
    more: int = 0
    """For a summary line: how many problems it stands for (not listed one by one)."""

    def to_json(self) -> dict:
        """The FORMATS.md problem object."""
        return {"severity": self.severity, "rule": self.rule, "message": self.message,
                "location": self.location.to_json()}

    def __str__(self) -> str:
        return f"{self.location}: {self.message} [{self.rule}]"


@dataclass(slots=True)
class Report:
    """Problems found in one deck, catalog or file, in the order they were found."""

    problems: list[Problem] = field(default_factory=list)
    _seen: dict[tuple[str, str, str, str | None], int] = field(default_factory=dict)
    _summary: dict[tuple[str, str, str, str | None], int] = field(default_factory=dict)
    _error_rows: set[tuple[str, str | None, int]] = field(default_factory=set)

    def add(self, severity: Severity, rule: str, message: str, location: Location) -> None:
        """Record one problem (past `MAX_SAME` of its kind in its sheet, count it in the
        kind's summary line instead)."""
        key = (severity, rule, location.file, location.sheet)
        seen = self._seen.get(key, 0) + 1
        self._seen[key] = seen
        if severity == "error" and location.row is not None:
            self._error_rows.add((location.file, location.sheet, location.row))
        if seen <= MAX_SAME:
            self.problems.append(Problem(severity, rule, message, location))
            return
        more = seen - MAX_SAME
        summary = Problem(severity, rule, f"…and {more:,} more like this ({rule}) in this "
                          "sheet, not listed one by one", Location(location.file,
                                                                   location.sheet), more)
        at = self._summary.get(key)
        if at is None:
            self._summary[key] = len(self.problems)
            self.problems.append(summary)
        else:
            self.problems[at] = summary

    def errors_so_far(self) -> tuple[int, int]:
        """(errors recorded, rows with an error) until now, those a summary line only
        counts included: compare two of these to learn what a step added, which
        `problems[start:]` cannot tell once a kind is folded into its summary line."""
        errors = sum(n for (severity, *_), n in self._seen.items() if severity == "error")
        return errors, len(self._error_rows)

    def would_list(self, severity: Severity, rule: str, location: Location) -> bool:
        """True when a problem of this kind here would still be listed one by one (a
        caller may skip the work of writing a message that only adds to a count)."""
        key = (severity, rule, location.file, location.sheet)
        return self._seen.get(key, 0) < MAX_SAME

    def error(self, rule: str, message: str, location: Location) -> None:
        """Record a problem that makes the deck invalid."""
        self.add("error", rule, message, location)

    def warning(self, rule: str, message: str, location: Location) -> None:
        """Record a problem worth a look that does not make the deck invalid."""
        self.add("warning", rule, message, location)

    def info(self, rule: str, message: str, location: Location) -> None:
        """Record a remark."""
        self.add("info", rule, message, location)

    def extend(self, other: Report) -> None:
        """Append every problem of another report (its summary lines as they are)."""
        self.problems.extend(other.problems)

    @property
    def valid(self) -> bool:
        """True when no problem is an error."""
        return not any(p.severity == "error" for p in self.problems)

    def count(self, severity: Severity) -> int:
        """How many problems have this severity (those a summary line stands for too)."""
        return sum(p.more or 1 for p in self.problems if p.severity == severity)

    def rules(self) -> list[str]:
        """The rule ids found, in order, with repeats (handy in tests)."""
        return [p.rule for p in self.problems]


@dataclass(slots=True)
class DeckResult:
    """The validation verdict for one deck (or for the catalog it draws on)."""

    name: str
    format: str | None
    report: Report
    kind: Literal["deck", "catalog"] = "deck"

    @property
    def valid(self) -> bool:
        """True when the deck's report holds no error."""
        return self.report.valid

    def to_json(self) -> dict:
        """The FORMATS.md deck object (with `kind` added to tell a catalog from a deck)."""
        return {"name": self.name, "kind": self.kind, "format": self.format,
                "valid": self.valid,
                "problems": [p.to_json() for p in self.report.problems]}


@dataclass(slots=True)
class ValidationResult:
    """Everything `pnp validate` found in one file: the catalog first, then each deck."""

    game: str
    file: str
    decks: list[DeckResult]

    @property
    def valid(self) -> bool:
        """True when every deck and the catalog are free of errors."""
        return all(d.valid for d in self.decks)

    def to_json(self) -> dict:
        """The FORMATS.md `validate --json` document."""
        return {"game": self.game, "file": self.file, "valid": self.valid,
                "decks": [d.to_json() for d in self.decks]}
