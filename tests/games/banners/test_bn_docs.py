"""docs/banners.md documents every rule id the game reports and every ruling it follows."""

from __future__ import annotations

import re

from tests.helpers import ROOT
from toolkit.games.banners.engine import RULINGS
from toolkit.games.banners.engine.rulings import COVERAGE_IDS

DOC = (ROOT / "docs" / "banners.md").read_text(encoding="utf-8")
SOURCES = ("deck.py", "board.py", "models.py")


def test_every_validation_rule_id_is_documented():
    ids = set()
    for name in SOURCES:
        text = (ROOT / "toolkit" / "games" / "banners" / name).read_text(encoding="utf-8")
        ids |= set(re.findall(r'"(banners\.(?:item|items|board|piece|pieces|sheet)\.[a-z-]+)"',
                              text))
    assert len(ids) > 20
    missing = sorted(i for i in ids if f"`{i}`" not in DOC)
    assert not missing, missing


def test_every_coverage_id_and_ruling_is_documented_with_its_passage():
    for key in COVERAGE_IDS:
        assert f"`{key}`" in DOC, key
    for ruling in RULINGS.values():
        assert ruling.passage in DOC and ruling.decision in DOC
