"""The hostile corpus runs under small budgets, so its bombs can stay small."""

from __future__ import annotations

import pytest

from tests.hostile.corpus import SMALL_LIMITS


@pytest.fixture
def small_limits(monkeypatch):
    """Read every spreadsheet under `SMALL_LIMITS` for the length of a test."""
    import toolkit.core.limits as limits

    monkeypatch.setattr(limits, "DEFAULT_LIMITS", SMALL_LIMITS)
    return SMALL_LIMITS
