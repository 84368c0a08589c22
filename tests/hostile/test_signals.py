"""Signals and closed pipes, on real `pnp` processes (issue 23).

Ctrl-C (SIGINT, sent to the whole process group as a terminal does) and SIGTERM (sent to
the main process only, as `kill` does) stop every command: exit 130 or 143, no traceback,
no worker process left behind, and a balance run keeps its finished batches. A closed
stdout ends a command quietly with exit 141.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.helpers import ROOT

PNP = Path(sys.executable).with_name("pnp")
BADGES = ROOT / "toolkit/games/warbadge/content" / "badges.xlsx"
LONG = 60.0
"""Seconds after which a wait below gives up (a hang), never reached by a passing run."""

pytestmark = pytest.mark.skipif(not PNP.exists() or not hasattr(os, "killpg"),
                                reason="needs the installed pnp script and POSIX signals")


def start(args: list[str], folder: Path, **streams) -> subprocess.Popen:
    """`pnp ARGS` in ``folder``, as the leader of its own process group."""
    options = {"stdout": subprocess.PIPE, "stderr": subprocess.PIPE, **streams}
    return subprocess.Popen([str(PNP), *map(str, args)], cwd=folder,
                            start_new_session=True, **options)


def group(pgid: int) -> list[int]:
    """The live processes of a process group: psutil when installed, else /proc."""
    try:
        import psutil  # noqa: PLC0415

        pids = [p.pid for p in psutil.process_iter()
                if p.status() != psutil.STATUS_ZOMBIE]
    except ImportError:
        pids = [int(name) for name in os.listdir("/proc") if name.isdigit()
                and " Z " not in Path(f"/proc/{name}/stat").read_text(errors="replace")]
    except Exception:  # a process ended while listed: look again
        return group(pgid)
    found = []
    for pid in pids:
        try:
            if os.getpgid(pid) == pgid:
                found.append(pid)
        except OSError:
            pass  # ended meanwhile
    return found


def wait_for(condition, what: str) -> None:
    """Poll ``condition()`` until it holds (fail after `LONG` seconds)."""
    deadline = time.monotonic() + LONG
    while not condition():
        assert time.monotonic() < deadline, f"never: {what}"
        time.sleep(0.1)


def rows(path: Path) -> int:
    """Finished batches in a results file (0 while it has none), read as a plain
    connection does (a read-only one would leave its own -wal and -shm behind)."""
    if not path.exists():
        return 0
    db = sqlite3.connect(path, timeout=5)
    try:
        return db.execute("SELECT COUNT(*) FROM batches").fetchone()[0]
    except sqlite3.OperationalError:  # the table is not there yet
        return 0
    finally:
        db.close()


def stop(proc: subprocess.Popen, signum: int, *, whole_group: bool) -> tuple[str, str]:
    """Send the signal (to the whole group: a terminal's Ctrl-C), wait for the end and
    check the promises every stop keeps: exit 128+signal, no traceback, no process of
    the group left; (stdout, stderr)."""
    if whole_group:
        os.killpg(proc.pid, signum)
    else:
        proc.send_signal(signum)
    try:
        out, err = proc.communicate(timeout=LONG)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        raise AssertionError("pnp or one of its workers did not stop") from None
    out, err = out.decode(errors="replace"), err.decode(errors="replace")
    assert proc.returncode == 128 + signum, (proc.returncode, err[-2000:])
    assert "Traceback" not in err and "Traceback" not in out, err[-3000:]
    try:
        wait_for(lambda: not group(proc.pid), "every worker of the group ended")
    finally:
        for pid in group(proc.pid):  # never leave a stray process to the next test
            os.kill(pid, signal.SIGKILL)
    return out, err


def workers_started(proc: subprocess.Popen, count: int) -> None:
    """Wait until pnp runs ``count`` worker processes (besides itself)."""
    wait_for(lambda: proc.poll() is not None or len(group(proc.pid)) > count,
             f"{count} workers")
    assert proc.poll() is None, proc.communicate()


@pytest.mark.parametrize(("signum", "whole_group", "jobs"), [
    (signal.SIGINT, True, 3),     # Ctrl-C at a terminal reaches every worker too
    (signal.SIGTERM, False, 3),   # `kill PID`: only the main process hears it
    (signal.SIGINT, True, 16),    # many workers (the deadlock was with 16 to 64)
])
def test_a_signal_stops_play_and_every_worker(tmp_path, signum, whole_group, jobs):
    proc = start(["play", "warbadge", "--games", 10_000_000, "--jobs", jobs], tmp_path)
    workers_started(proc, jobs)
    _, err = stop(proc, signum, whole_group=whole_group)
    assert err.strip().startswith("pnp: stopped by"), err
    assert not list(tmp_path.iterdir())


def test_sigterm_stops_play_in_one_process(tmp_path):
    proc = start(["play", "warbadge", "--games", 10_000_000, "--log", "game.md"], tmp_path)
    time.sleep(1.5)  # well into the games (no worker to wait for)
    _, err = stop(proc, signal.SIGTERM, whole_group=False)
    assert "SIGTERM" in err
    assert not (tmp_path / "game.md").exists()  # nothing half-written


@pytest.mark.parametrize(("signum", "whole_group"), [(signal.SIGINT, True),
                                                      (signal.SIGTERM, False)])
def test_a_signal_stops_a_tournament_and_keeps_its_finished_batches(tmp_path, signum,
                                                                     whole_group):
    results = tmp_path / "r.sqlite"
    proc = start(["tournament", "warbadge", "--games", 1_000_000, "--batch", 100, "--jobs", 3,
                  "--agent", "random", "--results", results, "-o", tmp_path / "out"], tmp_path)
    wait_for(lambda: proc.poll() is not None or rows(results) > 0, "a finished batch")
    kept = rows(results)
    _, err = stop(proc, signum, whole_group=whole_group)
    assert "done and kept in" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.sqlite"]  # no -wal, -shm, out/
    assert rows(results) >= kept > 0


@pytest.mark.parametrize(("signum", "whole_group"), [(signal.SIGINT, True),
                                                      (signal.SIGTERM, False)])
def test_a_signal_stops_print_watch(tmp_path, signum, whole_group):
    proc = start(["print", "warbadge", BADGES, "-o", "out", "--no-contact", "--watch"],
                 tmp_path)
    wait_for(lambda: proc.poll() is not None or (tmp_path / "out").exists(), "the print")
    time.sleep(1.0)  # watching
    stop(proc, signum, whole_group=whole_group)


def test_a_closed_stdout_ends_quietly(tmp_path):
    read, write = os.pipe()
    os.close(read)  # the reader is gone before pnp writes (`pnp games | true`)
    try:
        proc = start(["games"], tmp_path, stdout=write)
    finally:
        os.close(write)
    _, err = proc.communicate(timeout=LONG)
    assert proc.returncode == 141, err
    assert b"Traceback" not in err and b"Error" not in err, err
