"""How WarBadge prints: every badge on the round two-sided `badge` layout."""

from __future__ import annotations

from pathlib import Path

from toolkit.core.registry import PrintSpec
from toolkit.core.report import Report
from toolkit.core.sheets import open_workbook
from toolkit.games.warbadge.deck import DEFAULT_CATALOG, Catalog, load_catalog


def catalog_cards(path: Path | None) -> list:
    """Every valid badge of a catalog workbook (the bundled one by default), once each."""
    catalog: Catalog = load_catalog(open_workbook(path or DEFAULT_CATALOG), Report())
    return list(catalog.badges.values())


PRINTING = PrintSpec(layout_of=lambda badge: "badge", catalog_cards=catalog_cards)
