"""The columns a `cards` layout reads, and the sheet's columns they are matched with.

A layout names spreadsheet columns in its boxes: `text = "{Name}"`, an image box's
`column = "Art"`, an icons box's `column`, a `when = "Cost"` condition, and a style's
`by = "Type"` (for every box value taken from that style, and `[card] back`). `needs`
lists them; the deck check reports each one the sheet lacks, at the header row.

A box guarded by `when = "X"` (drawn only when the card's X is filled) is never drawn
when the sheet has no column X, so it needs none of its columns then: that is how the
built-in layout shows Cost, Type, Text and Art only when those columns exist.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from toolkit.render.display import text_parts  # the renderer's own `{Field}` parsing
from toolkit.render.layout import Box, Layout, StyleRef

NAME_HEADERS: tuple[str, ...] = ("Name", "Title", "Card", "Card Name")
"""Headers that name a card, in order of preference: a layout's `{Name}` reads the first
of them the sheet has (so a sheet with a Title column prints it where a layout says Name)."""


def key(header: object) -> str:
    """A header as a lookup key: spaces folded, case ignored ('Card  name' → 'card name')."""
    return " ".join(str(header).split()).casefold()


@dataclass(frozen=True)
class Need:
    """One column a layout reads: as the layout spells it, the box reading it and how."""

    column: str
    box: str
    """'front.cost', 'back.bg', or '[card] back'."""
    how: str
    """What in the box names it: '{Cost}', 'column = "Art"', 'when = "Cost"',
    'style \'rim\' by "Rank"'."""
    guard: str | None = None
    """The box's `when = "X"` column: the box is never drawn when the sheet lacks X."""


def _all_boxes(layout: Layout) -> Iterable[Box]:
    yield from layout.front
    yield from layout.back
    for boxes in layout.other_backs.values():
        yield from boxes


def _style_needs(layout: Layout, name: str, box: str, guard: str | None) -> list[Need]:
    """The column a style chooses by, and the `{Field}`s of its text options."""
    style = layout.styles[name]
    found = [Need(style.by, box, f"style '{name}' by = \"{style.by}\"", guard)]
    for option in (*style.values.values(), style.default):
        if isinstance(option, str):
            found += [Need(f, box, f"{{{f}}} (style '{name}')", guard)
                      for _, f in text_parts(option) if f is not None]
    return found


def needs(layout: Layout) -> list[Need]:
    """Every column the layout reads, box by box, in drawing order."""
    found: list[Need] = []
    for box in _all_boxes(layout):
        when = box.when
        guard = when.field if when is not None and when.value is None and not when.negate \
            else None
        if when is not None:  # the condition reads its column ("!X", "X=v" on every card)
            found.append(Need(when.field, box.name, f"when = \"{_when_text(box)}\"", guard))
        props = box.props
        if box.kind == "text" and not isinstance(props["text"], StyleRef):
            found += [Need(f, box.name, f"{{{f}}}", guard)
                      for _, f in text_parts(str(props["text"])) if f is not None]
        if box.kind == "image" and props.get("src") is None and props["column"]:
            found.append(Need(str(props["column"]), box.name,
                              f"column = \"{props['column']}\"", guard))
        if box.kind == "icons" and not props["names"] and props["column"]:
            found.append(Need(str(props["column"]), box.name,
                              f"column = \"{props['column']}\"", guard))
        for value in props.values():
            if isinstance(value, StyleRef):
                found += _style_needs(layout, value.name, box.name, guard)
    if isinstance(layout.back_from, StyleRef):
        found += _style_needs(layout, layout.back_from.name, "[card] back", None)
    return found


def _when_text(box: Box) -> str:
    when = box.when
    if when is None:
        return ""
    if when.value is None:
        return f"!{when.field}" if when.negate else when.field
    return f"{when.field}{'!=' if when.negate else '='}{when.value}"


def art_columns(layout: Layout) -> list[str]:
    """The columns the layout's image boxes draw art from (as the layout spells them)."""
    return list(dict.fromkeys(str(box.props["column"]) for box in _all_boxes(layout)
                              if box.kind == "image" and box.props.get("src") is None
                              and box.props["column"]))
