"""The legend sheet: what every symbol of an icon-only card means, on one printable page.

A layout declares it (`[legend]`, see `layout.py`): groups of icons in a style, each with
its name (WarBadge: the eight types and nineteen abilities), plus free items (a shield
means "strong against"). A group bound to a column also lists values of that column that
the deck uses beyond its names (a custom vocabulary's types). The page is built as a
display list and drawn by the same backend as the cards.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from toolkit.render import icons, pdf, sizes, textfit
from toolkit.render.display import DisplayList, Icon, Op, Span, Text, values_of
from toolkit.render.layout import Layout, Legend, LegendGroup
from toolkit.render.output import write_bytes
from toolkit.render.sheet import FOOTER_ROOM, _footer_band
from toolkit.render.units import MM

ICON = 8.0
ROW = 10.0
COLUMNS = 3
TITLE_H = 10.0
GROUP_H = 7.0


def names_of(group: LegendGroup, cards: Sequence[Mapping[str, Any]]) -> list[str]:
    """The group's names, then values of its column the deck uses that they lack."""
    out = list(group.names)
    known = {icons.glyph_key(n) for n in out} | {n.casefold() for n in out}
    if group.column:
        for card in cards:
            for value in values_of(card.get(group.column)):
                if value.casefold() not in known and icons.glyph_key(value) not in known:
                    known.update((value.casefold(), icons.glyph_key(value)))
                    out.append(value)
    return out


def _text(x: float, y: float, w: float, h: float, text: str, font: str, size: float,
          color: str = "#1b1b1b", valign: str = "middle") -> Text:
    fitted = textfit.fit(text, font, size, min(size, 5.0), w, h, "left", valign, 1.15)
    spans = tuple(Span(x + sx, y + sy, t, f) for sx, sy, t, f in fitted.spans)
    return Text(x, y, w, h, fitted.size, color, spans)


def page_ops(legend: Legend, cards: Sequence[Mapping[str, Any]], width: float,
             height: float) -> list[list[Op]]:
    """The legend laid out on pages of `width` × `height` mm: one list of ops per page."""
    pages: list[list[Op]] = [[]]
    y = 0.0

    def room(need: float) -> None:
        nonlocal y
        if y + need > height and pages[-1]:
            pages.append([])
            y = 0.0

    pages[-1].append(_text(0, y, width, TITLE_H, legend.title, "VeraBd", 16))
    y += TITLE_H + 2
    cell = width / COLUMNS
    for group in legend.groups:
        room(GROUP_H + ROW)
        if group.title:
            pages[-1].append(_text(0, y, width, GROUP_H, group.title, "VeraBd", 11))
            y += GROUP_H
        entries = [(group.style, name, name) for name in names_of(group, cards)]
        for i, (style, name, label) in enumerate(entries):
            col = i % COLUMNS
            if col == 0 and i:
                y += ROW
            room(ROW)
            x = col * cell
            pages[-1].append(Icon(icons.glyph_key(name), style, x, y + (ROW - ICON) / 2, ICON))
            pages[-1].append(_text(x + ICON + 2.5, y, cell - ICON - 4, ROW, label, "Vera", 10))
        if entries:
            y += ROW
        for style, name, text in group.items:
            room(ROW)
            x = 0.0
            if name:
                pages[-1].append(Icon(icons.glyph_key(name), style, 0, y + (ROW - ICON) / 2, ICON))
                x = ICON + 2.5
            pages[-1].append(_text(x, y, width - x, ROW, text, "Vera", 10))
            y += ROW
        y += 3
    return pages


def write_pdf(path: Path, deck: str, layouts: Sequence[Layout],
              cards: Sequence[Mapping[str, Any]], paper: str = "a4", margin: float = 5.0,
              stamp: str = "") -> Path:
    """Write `<deck>-legend.pdf`: every declared legend of the deck's layouts, portrait,
    inside the margin, with a footer."""
    w, h = sizes.paper_size(paper)
    inner_w, inner_h = w - 2 * margin - 10, h - 2 * margin - FOOTER_ROOM - 10
    sheets = [ops for lay in layouts if lay.legend
              for ops in page_ops(lay.legend, cards, inner_w, inner_h)]
    buffer = io.BytesIO()
    c = pdf.new_canvas(buffer, f"{deck} legend")
    for number, ops in enumerate(sheets, start=1):
        c.setPageSize((w * MM, h * MM))
        dl = DisplayList(inner_w, inner_h, tuple(ops))
        pdf.draw(c, dl, (margin + 5) * MM, (h - margin - 5) * MM, clip=False)
        c.saveState()
        c.translate(margin * MM, margin * MM)
        text = f"{deck} · legend · page {number}/{len(sheets)}"
        _footer_band(c, text, w - 2 * margin, stamp)
        c.restoreState()
        c.showPage()
    c.save()
    return write_bytes(path, buffer.getvalue())
