"""The results file: an SQLite database with one row per finished batch.

Each row holds the batch's key (a hash of everything its games depend on, see
`plan.batch_key`), the game, the code version, the hash of its inputs (the engine
parameters of its decks in seat order), the decks' names in seat order, the agents, the
seeds (first seed and count) and the folded results as JSON. A run looks its batches up
before playing: what is there is reused (a resumed or repeated run, or the unchanged
pairings of a `pnp compare`), what is missing is played and written as it finishes.
Rows are committed at least every `COMMIT_EVERY` seconds and when the run stops, so
Ctrl-C or a crash loses at most that much work.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path

from toolkit.core.errors import InputError

from .plan import Batch
from .work import BatchResult

SCHEMA = 1
COMMIT_EVERY = 1.0
"""Seconds between commits while a run writes rows."""

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


class ResultStore:
    """An open results file (see the module docstring); use as a context manager."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=NORMAL")
            self.db.execute("CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, "
                            "value TEXT NOT NULL)")
            self.db.execute(_TABLE)
            row = self.db.execute("SELECT value FROM meta WHERE name='schema'").fetchone()
            if row is None:
                self.db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA),))
                self.db.commit()
            elif row[0] != str(SCHEMA):
                raise InputError(f"{self.path} is a results file of another version "
                                 f"(schema {row[0]}, this pnp writes {SCHEMA}); "
                                 "give another --results file")
        except sqlite3.DatabaseError as exc:
            raise InputError(f"{self.path} is not a pnp results file ({exc}); "
                             "give another --results file") from None
        self._last_commit = time.monotonic()

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def find(self, keys: Iterable[str]) -> dict[str, BatchResult]:
        """The stored results of those batch keys (missing keys are left out)."""
        wanted = list(dict.fromkeys(keys))
        found: dict[str, BatchResult] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start:start + 500]
            marks = ",".join("?" * len(chunk))
            for key, text in self.db.execute(
                    f"SELECT key, result FROM batches WHERE key IN ({marks})", chunk):
                found[key] = BatchResult.from_json(json.loads(text))
        return found

    def put(self, batch: Batch, names: list[str], result: BatchResult) -> None:
        """Write one finished batch (committed within `COMMIT_EVERY` seconds)."""
        self.db.execute(
            "INSERT OR REPLACE INTO batches VALUES (?,?,?,?,?,?,?,?,?,?)",
            (batch.key, batch.game, batch.code, batch.inputs, json.dumps(names),
             json.dumps(list(batch.agents)), batch.first_seed, batch.count,
             json.dumps(result.to_json(), separators=(",", ":")), time.time()))
        if time.monotonic() - self._last_commit >= COMMIT_EVERY:
            self.commit()

    def commit(self) -> None:
        """Make every written row durable."""
        self.db.commit()
        self._last_commit = time.monotonic()

    def count(self) -> int:
        """How many batches the file holds."""
        return self.db.execute("SELECT COUNT(*) FROM batches").fetchone()[0]

    def close(self) -> None:
        """Commit and close."""
        try:
            self.db.commit()
        finally:
            self.db.close()
