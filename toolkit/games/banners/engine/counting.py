"""Rule coverage counted in a list indexed by small ints, for the engine's hot loop.

The harness and the search read and swap ``rules.counts``, a dict of coverage id → count
(toolkit/sim/engine.py, `Instrumented`). Counting into that dict by string key at every
step costs a hash and a method call per firing; the engine counts into ``_tally``, a
list indexed like `COVERAGE_IDS`, and folds it into the dict whenever ``counts`` is read
or replaced, so every reader sees exact counts. ``fire(rule_id)`` keeps working by id.

Game statistics (``banners.stat.*`` keys, not coverage ids) are rarer and go straight
into the current dict (`Counting.stat`).
"""

from __future__ import annotations

from typing import Final

from toolkit.sim.engine import Engine

from .rulings import COVERAGE_IDS

COVERAGE_INDEX: Final[dict[str, int]] = {rule_id: i for i, rule_id in enumerate(COVERAGE_IDS)}
"""Coverage id → its index in `COVERAGE_IDS` (and in the tally)."""

STAT: Final = "banners.stat."
"""The prefix of the game statistics' keys in ``counts``."""


def index(rule_id: str) -> int:
    """The tally index of a coverage id (KeyError for an id the engine cannot fire)."""
    return COVERAGE_INDEX[rule_id]


class Counting(Engine):
    """`Instrumented` with coverage tallied by index (see the module docstring)."""

    def __init__(self) -> None:
        self.emit = None
        self._tally: list[int] = [0] * len(COVERAGE_IDS)
        self._counts: dict[str, int] = {}
        self.reset_counts()

    @property
    def counts(self) -> dict[str, int]:
        """Coverage id (and statistic key) → count: the tally folded in."""
        self._flush()
        return self._counts

    @counts.setter
    def counts(self, value: dict[str, int]) -> None:
        self._flush()  # what was counted so far belongs to the dict being replaced
        self._counts = value

    def _flush(self) -> None:
        tally = self._tally
        if any(tally):
            counts = self._counts
            for i, n in enumerate(tally):
                if n:
                    key = COVERAGE_IDS[i]
                    counts[key] = counts.get(key, 0) + n
            self._tally = [0] * len(tally)

    def fire(self, rule_id: str) -> None:
        """Count one firing of a rule, item or ruling (and log it when a log is written)."""
        self._fire(COVERAGE_INDEX[rule_id])

    def _fire(self, i: int) -> None:
        """`fire` by tally index."""
        self._tally[i] += 1
        if self.emit is not None:
            self.emit("fired", COVERAGE_IDS[i])

    def note(self, rule_id: str) -> None:
        """Count a rule or ruling that shaped the options offered (a move or item left
        out), without a line in the playthrough log: it applied to no action taken."""
        self._tally[COVERAGE_INDEX[rule_id]] += 1

    def stat(self, key: str, n: int = 1) -> None:
        """Add ``n`` to the game statistic ``banners.stat.<key>`` (not a coverage id)."""
        full = STAT + key
        counts = self._counts
        counts[full] = counts.get(full, 0) + n

    def _stat(self, full: str) -> None:
        """Add one to a statistic by its full key (``banners.stat.…``)."""
        counts = self._counts
        counts[full] = counts.get(full, 0) + 1
