"""Malformed files never produce a traceback: only a workbook or one InputError."""

from __future__ import annotations

import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import make_xlsx
from toolkit.core.errors import InputError
from toolkit.core.report import Report
from toolkit.core.sheets import Column, open_workbook, read_table

_DIR = Path(tempfile.mkdtemp(prefix="pnp-fuzz-"))
GOOD = make_xlsx(_DIR / "good.xlsx", {"Deck": [["Name", "Qty"], ["Fox", 2], ["Owl", "x"]]}).read_bytes()


def _open(data: bytes, suffix: str) -> None:
    path = _DIR / f"case{suffix}"
    path.write_bytes(data)
    try:
        wb = open_workbook(path)
    except InputError as exc:
        assert str(exc) and "\n" not in str(exc)
        return
    for sheet in wb.sheets:
        read_table(sheet, [Column("Name")], Report(), qty=True)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000), st.sampled_from([".xlsx", ".csv"]))
def test_random_bytes(data, suffix):
    _open(data, suffix)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, len(GOOD) - 1), st.integers(1, 64), st.binary(min_size=1, max_size=64))
def test_corrupted_workbook(offset, length, junk):
    _open(GOOD[:offset] + junk + GOOD[offset + length:], ".xlsx")


@settings(max_examples=30, deadline=None)
@given(st.integers(1, len(GOOD) - 1))
def test_truncated_workbook(cut):
    _open(GOOD[:cut], ".xlsx")
