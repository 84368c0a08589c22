"""Located problems: where a problem is (file › sheet › cell), what it is, and the report.

Loading and validation never raise at the user: every problem becomes a `Problem` in a
`Report`; only the CLI edge turns a report into an exit code.

A report lists at most `MAX_SAME` problems of one severity and rule in one sheet; past
that it keeps one summary line, "…and N more like this", so a sheet of a million bad
cells is a short report in memory, on the terminal and in `--json` (its counts still
count every problem).

A problem can be the root of others: a skipped row or sheet makes later checks fail for
no new reason. Those knock-ons are reported with `caused_by=root` (or inside
`with report.because(root):`); they are not listed one by one but counted on the root,
whose message then ends "…and N problems that follow from it" (`follows` in `--json`).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
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


@dataclass(slots=True, eq=False)
class Problem:
    """One finding: severity, a stable dotted rule id, a sentence, and where it is.

    Compared by identity: a root problem is found again by the problems it causes."""

    severity: Severity
    rule: str
    message: str
    location: Location
    more: int = 0
    """For a summary line: how many problems it stands for (not listed one by one)."""
    cells: tuple[Location, ...] = ()
    """For a total (a deck's cost, a team's value): every cell that counts towards it."""
    follows: int = 0
    """How many problems follow from this one (folded into it, not listed one by one)."""
    caused_by: Location | None = None
    """For a stand-in of a root listed in another report: where that root is."""

    @property
    def text(self) -> str:
        """The message as shown: with "…and N problems that follow from it" when some do."""
        if not self.follows:
            return self.message
        what = "problem that follows" if self.follows == 1 else "problems that follow"
        return f"{self.message} …and {self.follows:,} {what} from it"

    def to_json(self) -> dict:
        """The FORMATS.md problem object (`cells` only on a total's problem), with
        `follows` when problems follow from this one (how many: counted here, not
        listed), and `caused_by` on a stand-in (the location of the root problem, listed
        in another report: the catalog's, for a deck)."""
        doc = {"severity": self.severity, "rule": self.rule, "message": self.text,
               "location": self.location.to_json()}
        if self.follows:
            doc["follows"] = self.follows
        if self.caused_by is not None:
            doc["caused_by"] = self.caused_by.to_json()
        if self.cells:
            doc["cells"] = [cell.to_json() for cell in self.cells]
        return doc

    def __str__(self) -> str:
        return f"{self.location}: {self.text} [{self.rule}]"


@dataclass(slots=True)
class Report:
    """Problems found in one deck, catalog or file, in the order they were found."""

    problems: list[Problem] = field(default_factory=list)
    _seen: dict[tuple[str, str, str, str | None], int] = field(default_factory=dict)
    _summary: dict[tuple[str, str, str, str | None], int] = field(default_factory=dict)
    _error_rows: set[tuple[str, str | None, int]] = field(default_factory=set)
    _causes: list[Problem] = field(default_factory=list)
    _targets: dict[int, tuple[Problem, Problem]] = field(default_factory=dict)
    """id(root) → (root, the problem here that counts what follows from it)."""

    def add(self, severity: Severity, rule: str, message: str, location: Location,
            cells: tuple[Location, ...] = (), *,
            caused_by: Problem | None = None) -> Problem | None:
        """Record one problem (past `MAX_SAME` of its kind in its sheet, count it in the
        kind's summary line instead); `cells`: the cells a total counts. A problem that
        follows from another (`caused_by`, or the root of an enclosing `because`) is
        counted on its root instead. Returns the problem when it is listed, else None."""
        key = (severity, rule, location.file, location.sheet)
        seen = self._seen.get(key, 0) + 1
        self._seen[key] = seen
        if severity == "error" and location.row is not None:
            self._error_rows.add((location.file, location.sheet, location.row))
        root = caused_by or (self._causes[-1] if self._causes else None)
        if root is not None:
            self._fold(root, severity, location)
            return None
        if seen <= MAX_SAME:
            problem = Problem(severity, rule, message, location, cells=cells)
            self.problems.append(problem)
            return problem
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
        return None

    @contextmanager
    def because(self, root: Problem | None) -> Iterator[None]:
        """Inside this block every problem recorded follows from `root` (nothing changes
        when `root` is None)."""
        if root is None:
            yield
            return
        self._causes.append(root)
        try:
            yield
        finally:
            self._causes.pop()

    def _fold(self, root: Problem, severity: Severity, location: Location) -> None:
        """Count a knock-on problem on its root. A root listed in another report (the
        catalog's, for a deck) gets a stand-in here, so this report keeps its verdict."""
        known = self._targets.get(id(root))
        if known is not None:
            target = known[1]
        elif any(p is root for p in self.problems):
            target = root
        else:
            target = Problem(severity, root.rule, "not checked one by one, because of the "
                             f"problem at {root.location}", Location(location.file,
                                                                     location.sheet),
                             caused_by=root.location)
            self.problems.append(target)
        self._targets[id(root)] = (root, target)
        target.follows += 1
        if severity == "error":
            target.severity = "error"  # a root is never milder than what follows from it

    def first_error(self, since: int = 0) -> Problem | None:
        """The first error listed from index `since` on (a `len(report.problems)` taken
        before a step), or None: the root of what later steps find because that step
        skipped a row."""
        return next((p for p in self.problems[since:] if p.severity == "error"), None)

    def knock_on_root(self, since: int, explained: bool) -> Problem | None:
        """The problem a sheet's whole-sheet checks (totals, counts) follow from, given
        the index `since` where reading the sheet began: a column left unread by a
        header slip (every count after it is suspect), else, when the caller finds the
        skipped rows can explain what those checks would find (`explained`), the first
        error; None when the checks stand on their own."""
        slip = next((p for p in self.problems[since:] if p.rule == "sheet.misspelled-column"),
                    None)
        return slip or (self.first_error(since) if explained else None)

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

    def error(self, rule: str, message: str, location: Location,
              cells: tuple[Location, ...] = (), *,
              caused_by: Problem | None = None) -> Problem | None:
        """Record a problem that makes the deck invalid."""
        return self.add("error", rule, message, location, cells, caused_by=caused_by)

    def warning(self, rule: str, message: str, location: Location,
                cells: tuple[Location, ...] = (), *,
                caused_by: Problem | None = None) -> Problem | None:
        """Record a problem worth a look that does not make the deck invalid."""
        return self.add("warning", rule, message, location, cells, caused_by=caused_by)

    def info(self, rule: str, message: str, location: Location, *,
             caused_by: Problem | None = None) -> Problem | None:
        """Record a remark."""
        return self.add("info", rule, message, location, caused_by=caused_by)

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
