"""The results file: an SQLite database with one row per finished batch.

Each row holds the batch's key (a hash of everything its games depend on, see
`plan.batch_key`), the game, the code version, the hash of its inputs (the engine
parameters of its decks in seat order), the decks' names in seat order, the agents, the
seeds (first seed and count) and the folded results as JSON. A run looks its batches up
before playing: what is there is reused (a resumed or repeated run, or the unchanged
pairings of a `pnp compare`), what is missing is played and written as it finishes.
Rows are committed at least every `COMMIT_EVERY` seconds and when the run stops, so
Ctrl-C or a crash loses at most that much work.

What can go wrong with the file, and what happens (each refusal is one sentence, exit 2,
naming the file):

- not an SQLite file, an SQLite file of another program (tables that are not pnp's, or a
  ``batches`` table with other columns), or another schema version: refused, untouched;
- locked by another program for longer than `BUSY_TIMEOUT` seconds: refused;
- a row whose result cannot be read (invalid JSON, another shape, impossible counts):
  treated as absent, so its games are played again and the row rewritten; the run warns
  (`ResultStore.damaged` counts them);
- a first seed beyond SQLite's integers (2^63): stored exactly, as its decimal digits in
  a BLOB (an INTEGER column would round text to a float; the key, a hash, is what finds a
  row), never an error;
- a full disk or a failing write: the rows of the current commit are dropped, the ones
  committed before are kept (a resumed run plays the rest), and the run stops.

The file uses SQLite's rollback journal (``journal_mode=DELETE``): a ``-journal`` file
exists only while a commit is written, and no ``-wal``/``-shm`` files are left beside the
results file, whether the run ends, fails or is stopped. A new file that cannot even be
set up is removed.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError

from .plan import Batch
from .work import DRAW, UNFINISHED, BatchResult

SCHEMA = 1
COMMIT_EVERY = 1.0
"""Seconds between commits while a run writes rows."""
BUSY_TIMEOUT = 5.0
"""Seconds to wait for another program (another pnp run) to release the file."""
INT64 = (-2**63, 2**63 - 1)
"""SQLite's integer range."""

_COLUMNS = ("key", "game", "code_version", "input_hash", "decks", "agents", "first_seed",
            "games", "result", "finished_at")
_TABLE = """
CREATE TABLE IF NOT EXISTS batches (
    key TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    code_version TEXT NOT NULL,
    input_hash TEXT NOT NULL,
    decks TEXT NOT NULL,
    agents TEXT NOT NULL,
    first_seed INTEGER NOT NULL,
    games INTEGER NOT NULL,
    result TEXT NOT NULL,
    finished_at REAL NOT NULL
)"""
_FOREIGN = "give another --results file"


class ResultStore:
    """An open results file (see the module docstring); use as a context manager."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.damaged = 0
        """Rows found unreadable by `find` (played again and rewritten)."""
        self._failed = False
        self.path.parent.mkdir(parents=True, exist_ok=True)
        created = not self.path.exists()
        try:
            self.db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT)
        except sqlite3.Error as exc:
            raise self._problem(exc, "opening") from None
        try:
            self._set_up()
        except BaseException:
            self.db.close()
            if created:  # a file this run made and could not set up: nothing is left
                for leftover in (self.path, _beside(self.path, "-journal")):
                    leftover.unlink(missing_ok=True)
            raise
        self._last_commit = time.monotonic()

    def _set_up(self) -> None:
        """Check the file is pnp's (or empty, then create the tables)."""
        try:
            self.db.execute("PRAGMA journal_mode=DELETE")  # no -wal/-shm beside the file
            tables = {name for (name,) in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")}
            if not tables:
                self._create()
                return
            if not {"meta", "batches"} <= tables:
                raise InputError(f"{self.path} is an SQLite database of another program "
                                 f"(tables {', '.join(sorted(tables))}), not a pnp results "
                                 f"file; {_FOREIGN}")
            row = self.db.execute("SELECT value FROM meta WHERE name='schema'").fetchone()
            if row is None or row[0] != str(SCHEMA):
                raise InputError(f"{self.path} is a results file of another version "
                                 f"(schema {row[0] if row else 'missing'}, this pnp writes "
                                 f"{SCHEMA}); {_FOREIGN}")
            columns = tuple(r[1] for r in self.db.execute("PRAGMA table_info(batches)"))
            if columns != _COLUMNS:
                raise InputError(f"{self.path} has a batches table that is not pnp's "
                                 f"(columns {', '.join(columns)}); {_FOREIGN}")
        except sqlite3.Error as exc:
            raise self._problem(exc, "reading") from None

    def _create(self) -> None:
        """The tables of a new results file, in one transaction."""
        self.db.execute("BEGIN IMMEDIATE")  # another run may be creating them too
        self.db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, "
                        "value TEXT NOT NULL)")
        self.db.execute(_TABLE)
        self.db.execute("INSERT OR IGNORE INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
        self.db.commit()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def find(self, keys: Iterable[str]) -> dict[str, BatchResult]:
        """The stored results of those batch keys (missing keys are left out, and so
        are unreadable rows, counted in `damaged`)."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, BatchResult] = {}
        try:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start:start + 500]
                marks = ",".join("?" * len(chunk))
                for key, text in self.db.execute(
                        f"SELECT key, result FROM batches WHERE key IN ({marks})", chunk):
                    result = read_result(text)
                    if result is None:
                        self.damaged += 1
                    else:
                        found[key] = result
        except sqlite3.Error as exc:
            raise self._problem(exc, "reading") from None
        return found

    def put(self, batch: Batch, names: list[str], result: BatchResult) -> None:
        """Write one finished batch (committed within `COMMIT_EVERY` seconds)."""
        seed = batch.first_seed
        try:
            self.db.execute(
                "INSERT OR REPLACE INTO batches VALUES (?,?,?,?,?,?,?,?,?,?)",
                (batch.key, batch.game, batch.code, batch.inputs, json.dumps(names),
                 json.dumps(list(batch.agents)),
                 seed if INT64[0] <= seed <= INT64[1] else str(seed).encode(), batch.count,
                 json.dumps(result.to_json(), separators=(",", ":")), time.time()))
        except sqlite3.Error as exc:
            raise self._failure(exc) from None
        if time.monotonic() - self._last_commit >= COMMIT_EVERY:
            self.commit()

    def commit(self) -> None:
        """Make every written row durable (nothing more after a failed write)."""
        if self._failed:
            return
        try:
            self.db.commit()
        except sqlite3.Error as exc:
            raise self._failure(exc) from None
        self._last_commit = time.monotonic()

    def count(self) -> int:
        """How many batches the file holds."""
        return self.db.execute("SELECT COUNT(*) FROM batches").fetchone()[0]

    def close(self) -> None:
        """Commit and close (after a failed write: close, keeping what was committed)."""
        try:
            self.commit()
        finally:
            self.db.close()

    def _failure(self, exc: sqlite3.Error) -> InputError:
        """A write failed: drop the uncommitted rows (so no journal is left) and say so."""
        self._failed = True
        try:
            self.db.rollback()
        except sqlite3.Error:
            pass  # SQLite rolls back by itself when it closes
        return self._problem(exc, "writing")

    def _problem(self, exc: sqlite3.Error, doing: str) -> InputError:
        """One sentence on what is wrong with the file."""
        text = str(exc)
        if "disk is full" in text:
            return InputError(f"no space left on device writing the results file "
                              f"{self.path}; the batches committed before are kept: free "
                              "some space and run the same command again to resume")
        if "locked" in text or "busy" in text:
            return InputError(f"{self.path} is locked by another program ({text}) for over "
                              f"{BUSY_TIMEOUT:g} s; let it finish, or {_FOREIGN}")
        if doing == "writing" or isinstance(exc, sqlite3.OperationalError) and (
                "I/O" in text or "readonly" in text or "unable to open" in text):
            verb = {"opening": "open", "reading": "read"}.get(doing, "write")
            return InputError(f"cannot {verb} the results file "
                              f"{self.path} ({text}); the batches committed before are kept")
        return InputError(f"{self.path} is not a pnp results file ({text}); {_FOREIGN}")


def _beside(path: Path, suffix: str) -> Path:
    """SQLite's companion file of ``path`` (``-journal``)."""
    return path.with_name(path.name + suffix)


def read_result(text: Any) -> BatchResult | None:
    """A stored result, or None when it cannot be read or is not one pnp wrote (invalid
    JSON, another shape, counts that do not add up)."""
    try:
        result = BatchResult.from_json(json.loads(text))
        return result if _sound(result) else None
    except (ValueError, TypeError, KeyError, AttributeError, IndexError):
        return None


def _sound(result: BatchResult) -> bool:
    """The counts of a result agree with each other (what the report relies on)."""
    st = result.stats
    numbers = [st.seats, st.games, st.draws, st.unfinished, st.length_sum, st.length_max,
               *st.wins, *st.histogram, *st.histogram.values(), *st.end_reasons.values(),
               *st.counters.values()]
    seats = {str(k) for k in range(st.seats)} | {DRAW, UNFINISHED}
    return (all(type(n) is int and n >= 0 for n in numbers)
            and isinstance(result.outcomes, str) and len(result.outcomes) == st.games
            and set(result.outcomes) <= seats and len(st.wins) == st.seats
            and sum(st.wins) + st.draws + st.unfinished == st.games
            and isinstance(result.firsts, str)
            and (not result.firsts or len(result.firsts) == st.games)
            and all(isinstance(k, str) for k in (*st.end_reasons, *st.counters)))
