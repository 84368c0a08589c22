"""Shared fixtures for the render tests: one sample card per bundled layout."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.render.render_fixtures import SAMPLES
from toolkit.render.job import load_layout


@pytest.fixture(params=sorted(SAMPLES), ids=lambda k: f"{k[0]}-{k[1]}")
def sample(request):
    """(layout, fields) for each bundled layout."""
    game, name = request.param
    return load_layout(game, name), dict(SAMPLES[request.param])


@pytest.fixture
def poker_layout():
    """The Battle Gate layout (a poker card) and its sample card."""
    return load_layout("battlegate", "card"), dict(SAMPLES[("battlegate", "card")])


@pytest.fixture
def badge_layout():
    """The WarBadge layout (a 38 mm round badge) and its sample card."""
    return load_layout("warbadge", "badge"), dict(SAMPLES[("warbadge", "badge")])


@pytest.fixture
def art_dir(tmp_path: Path) -> Path:
    """A workbook folder with a 200×100 px picture (left half red, right half blue)."""
    from PIL import Image

    img = Image.new("RGB", (200, 100), (220, 20, 20))
    img.paste((20, 20, 220), (100, 0, 200, 100))
    (tmp_path / "art").mkdir()
    img.save(tmp_path / "art" / "wide.png")
    return tmp_path
