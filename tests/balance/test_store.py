"""The results file when it is damaged, foreign, locked, full, or given huge seeds
(issue 23): one sentence naming the file (exit 2), or damaged rows played again with a
warning, and never a ``-wal``/``-shm``/``-journal`` file left beside it."""

from __future__ import annotations

import dataclasses
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from toolkit.balance import store as store_module
from toolkit.balance.store import ResultStore, read_result
from toolkit.balance.work import run_batch
from toolkit.core.errors import InputError

from .helpers import play as run_round_robin
from .helpers import pnp, tally_facts, warbadge_entries


def companions(path: Path) -> list[str]:
    """SQLite's files beside the results file."""
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(path.name + "-"))


def small_run(results: Path, **options):
    """A short WarBadge round robin on ``results``: (plan, tally, execution)."""
    options = {"games": 8, "batch_size": 2, "agent": "random", **options}
    return run_round_robin("warbadge", warbadge_entries("Sun", "Moon"), results, **options)


def rewrite(results: Path, sql: str, *args) -> None:
    """Change the results file behind pnp's back."""
    db = sqlite3.connect(results)
    db.execute(sql, args)
    db.commit()
    db.close()


def test_a_run_leaves_no_companion_files(tmp_path):
    results = tmp_path / "r.sqlite"
    small_run(results)
    assert companions(results) == []
    assert (sqlite3.connect(results).execute("PRAGMA journal_mode").fetchone()[0]
            == "delete")


@pytest.mark.parametrize("damage", ["not json {", json.dumps({"outcomes": "01"}),
                                    json.dumps([1, 2]), "42",
                                    "wins do not add up", "other games"])
def test_damaged_rows_are_played_again_with_a_warning(tmp_path, damage, capsys):
    results = tmp_path / "r.sqlite"
    _, whole, _ = small_run(results)
    if damage == "wins do not add up":
        text = sqlite3.connect(results).execute("SELECT result FROM batches").fetchone()[0]
        data = json.loads(text)
        data["stats"]["wins"][0] += 5
        damage = json.dumps(data)
    elif damage == "other games":  # a sound result of three games for a 2-game batch
        text = sqlite3.connect(results).execute("SELECT result FROM batches").fetchone()[0]
        data = json.loads(text)
        data["outcomes"] += "d"
        data["stats"]["games"] += 1
        data["stats"]["draws"] += 1
        damage = json.dumps(data)
    rewrite(results, "UPDATE batches SET result = ? WHERE rowid = 1", damage)
    _, again, run = small_run(results)
    assert (run.reused, run.played) == (6, 2)  # the damaged batch alone is played again
    assert tally_facts(again) == tally_facts(whole)
    assert "1 row(s) of" in capsys.readouterr().err
    assert small_run(results)[2].played == 0  # its row was rewritten
    assert "row(s) of" not in capsys.readouterr().err


def test_read_result_refuses_what_pnp_did_not_write():
    assert read_result(None) is None and read_result(b"\xff") is None
    assert read_result(json.dumps({"outcomes": 1, "stats": {}})) is None


def test_a_foreign_batches_table_is_refused_untouched(tmp_path):
    results = tmp_path / "r.sqlite"
    rewrite(results, "CREATE TABLE batches (id INTEGER, note TEXT)")
    rewrite(results, "CREATE TABLE meta (name TEXT, value TEXT)")
    rewrite(results, "INSERT INTO meta VALUES ('schema', '1')")
    before = results.read_bytes()
    with pytest.raises(InputError, match=r"batches table that is not pnp's \(columns id, note"):
        ResultStore(results)
    assert results.read_bytes() == before and companions(results) == []


def test_another_programs_database_is_refused_untouched(tmp_path):
    results = tmp_path / "mine.sqlite"
    rewrite(results, "CREATE TABLE contacts (name TEXT)")
    before = results.read_bytes()
    with pytest.raises(InputError, match="SQLite database of another program .tables contacts"):
        ResultStore(results)
    assert results.read_bytes() == before and companions(results) == []


def test_the_cli_refuses_a_foreign_results_file_in_one_sentence(tmp_path):
    rewrite(tmp_path / "results.sqlite", "CREATE TABLE batches (id INTEGER)")
    code, out = pnp(tmp_path, "tournament", "warbadge", "--games", 2, "-o", tmp_path / "o")
    assert code == 2 and "results.sqlite" in out and "Traceback" not in out
    assert not (tmp_path / "o").exists()


def test_a_file_locked_by_another_program_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(store_module, "BUSY_TIMEOUT", 0.2)
    results = tmp_path / "r.sqlite"
    small_run(results)
    holder = subprocess.Popen(  # another program holds the file locked until told
        [sys.executable, "-c", "import sqlite3, sys\n"
         f"db = sqlite3.connect({str(results)!r}, isolation_level=None)\n"
         "db.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); sys.stdin.read()"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        with pytest.raises(InputError, match=r"r\.sqlite is locked by another program"):
            small_run(results)
        assert not [n for n in companions(results) if n.endswith(("-wal", "-shm"))]
    finally:
        holder.communicate("")
    assert companions(results) == []
    assert small_run(results)[2].reused == 8  # nothing was lost


def test_seeds_beyond_sqlite_integers_are_kept(tmp_path):
    """(The options bound --seed; the file itself takes any seed a batch may have.)"""
    results = tmp_path / "r.sqlite"
    plan, _, _ = small_run(None, dry=True)
    result = run_batch(plan.batches[0])
    huge = [dataclasses.replace(plan.batches[0], key=f"k{n}", first_seed=n)
            for n in (2**63 - 1, 2**63, 2**70, -2**63 - 1)]
    with ResultStore(results) as store:
        for batch in huge:
            store.put(batch, ["Sun", "Moon"], result)
    with ResultStore(results) as store:
        assert store.find(b.key for b in huge).keys() == {b.key for b in huge}
        seeds = [row[0] for row in store.db.execute("SELECT first_seed FROM batches")]
    assert seeds == [2**63 - 1, str(2**63).encode(), str(2**70).encode(),
                     str(-2**63 - 1).encode()]


class FullDisk:
    """Stands in for the SQLite connection: every write from the ``after``-th on fails
    as SQLite says it on a full disk."""

    def __init__(self, db: sqlite3.Connection, after: int) -> None:
        self.db, self.after, self.writes = db, after, 0

    def execute(self, sql: str, *args):
        if sql.startswith("INSERT"):
            self.writes += 1
            if self.writes >= self.after:
                raise sqlite3.OperationalError("database or disk is full")
        return self.db.execute(sql, *args)

    def commit(self) -> None:
        if self.writes >= self.after:
            raise sqlite3.OperationalError("database or disk is full")
        self.db.commit()

    def __getattr__(self, name: str):
        return getattr(self.db, name)


def test_a_full_disk_stops_the_run_and_keeps_the_committed_batches(tmp_path, monkeypatch):
    results = tmp_path / "r.sqlite"
    monkeypatch.setattr(store_module, "COMMIT_EVERY", 0.0)  # commit every row
    real_init = ResultStore.__init__

    def filling(self, path):
        real_init(self, path)
        self.db = FullDisk(self.db, after=3)

    monkeypatch.setattr(ResultStore, "__init__", filling)
    with pytest.raises(InputError, match=r"^no space left on device writing the results "
                                         r"file .*r\.sqlite; the batches committed before"):
        small_run(results)
    monkeypatch.setattr(ResultStore, "__init__", real_init)
    assert companions(results) == []
    assert small_run(results)[2].reused == 4  # the two batches committed before


@pytest.mark.skipif(sys.platform != "linux", reason="RLIMIT_FSIZE as a full disk")
def test_a_real_write_failure_is_one_sentence_and_leaves_no_journal(tmp_path):
    """No file may grow past 48 KB (as on a nearly full disk; rows are committed one by
    one here): the command stops with one sentence, the committed batches stay, no
    journal is left."""
    results = tmp_path / "r.sqlite"
    limit = ("import resource, sys; resource.setrlimit(resource.RLIMIT_FSIZE, (49152, 49152))\n"
             "import toolkit.balance.store as store; store.COMMIT_EVERY = 0  # every row\n"
             "from toolkit.cli.main import run; sys.argv[0] = 'pnp'; run()")
    done = subprocess.run(
        [sys.executable, "-c", limit, "tournament", "warbadge", "--games", "400", "--batch", "1",
         "--agent", "random", "--results", str(results), "-o", str(tmp_path / "out")],
        capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert done.returncode == 2, done.stderr[-2000:]
    message = done.stderr.strip()
    assert message.startswith("pnp: ") and "\n" not in message, message
    assert f"the results file {results}" in message, message
    assert "Traceback" not in done.stderr
    assert companions(results) == [] and not (tmp_path / "out").exists()
    with ResultStore(results) as store:
        assert store.count() > 0
