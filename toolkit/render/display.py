"""The display list: a card side as plain draw operations in millimetres.

Origin is the top-left of the card's trim box, y grows downwards; with bleed, ops may
reach `-bleed` and `width + bleed`. Ops are values: hashable, compared by content and
never changed after they are made (plain slots classes rather than frozen ones, because
a big deck makes hundreds of thousands of them and frozen construction is 4× slower). `evaluate` turns a layout and one card's fields
into a `DisplayList` (with warnings naming card and box); both backends draw it, and
tests compare it as JSON.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolkit.render import art, icons, textfit
from toolkit.render.layout import Box, Layout, StyleRef, check_value


@dataclass(unsafe_hash=True, slots=True)
class Rect:
    """A rectangle, optionally rounded, filled and/or stroked (stroke centred on the edge)."""

    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0
    radius: float = 0.0


@dataclass(unsafe_hash=True, slots=True)
class Circle:
    """A circle by centre and radius."""

    cx: float
    cy: float
    r: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 0.0


@dataclass(unsafe_hash=True, slots=True)
class Line:
    """A straight stroke."""

    x1: float
    y1: float
    x2: float
    y2: float
    color: str = "#000000"
    width: float = 0.3


@dataclass(unsafe_hash=True, slots=True)
class Span:
    """A run of text in one font; (x, y) is the start of its baseline."""

    x: float
    y: float
    text: str
    font: str


@dataclass(unsafe_hash=True, slots=True)
class Icon:
    """An icon: glyph key (see icons.glyph_key) in a style, in a square at (x, y) top-left."""

    glyph: str
    style: str
    x: float
    y: float
    size: float


@dataclass(unsafe_hash=True, slots=True)
class Text:
    """Laid-out text: its box, font size (pt), colour, spans and inline icons."""

    x: float
    y: float
    w: float
    h: float
    size: float
    color: str
    spans: tuple[Span, ...]
    icons: tuple[Icon, ...] = ()


@dataclass(unsafe_hash=True, slots=True)
class Image:
    """A picture file drawn into a box; `crop` is the source rectangle in pixels."""

    path: str
    x: float
    y: float
    w: float
    h: float
    crop: tuple[float, float, float, float]


@dataclass(unsafe_hash=True, slots=True)
class ClipRound:
    """Clip every following op to this circle (round tokens)."""

    cx: float
    cy: float
    r: float


Op = Rect | Circle | Line | Text | Icon | Image | ClipRound
OP_NAMES: dict[type, str] = {Rect: "rect", Circle: "circle", Line: "line", Text: "text",
                             Icon: "icon", Image: "image", ClipRound: "clip_round"}
OP_TYPES = {name: cls for cls, name in OP_NAMES.items()}


@dataclass(unsafe_hash=True, slots=True)
class DisplayList:
    """One card side: trim size (mm), bleed, shape, ops in drawing order, warnings."""

    width: float
    height: float
    ops: tuple[Op, ...]
    bleed: float = 0.0
    round: bool = False
    radius: float = 0.0
    label: str = ""
    warnings: tuple[str, ...] = ()

    def look(self) -> tuple:
        """What the side looks like: equal for two cards that print the same (their label
        and warnings aside)."""
        return (self.width, self.height, self.bleed, self.round, self.radius, self.ops)

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready dict (floats rounded to 0.001 mm) for golden files."""
        return {"width": _num(self.width), "height": _num(self.height),
                "bleed": _num(self.bleed), "round": self.round, "radius": _num(self.radius),
                "label": self.label, "ops": [op_to_json(op) for op in self.ops],
                "warnings": list(self.warnings)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DisplayList:
        """The inverse of `to_json` (up to the rounding)."""
        return cls(data["width"], data["height"], tuple(op_from_json(o) for o in data["ops"]),
                   data["bleed"], data["round"], data["radius"], data.get("label", ""),
                   tuple(data.get("warnings", ())))


def _num(value: float) -> float:
    out = round(float(value), 3)
    return 0.0 if out == 0 else out


def _value_json(value: Any) -> Any:
    if isinstance(value, float):
        return _num(value)
    if isinstance(value, tuple):
        return [_value_json(v) for v in value]
    if isinstance(value, Span | Icon):
        return op_to_json(value)
    return value


def op_to_json(op: Any) -> dict[str, Any]:
    """One op (or Span) as a JSON-ready dict with its kind under `op`."""
    data: dict[str, Any] = {"op": OP_NAMES.get(type(op), "span")}
    for f in fields(op):
        data[f.name] = _value_json(getattr(op, f.name))
    return data


def op_from_json(data: Mapping[str, Any]) -> Any:
    """An op from its JSON dict."""
    kind = data["op"]
    if kind == "span":
        return Span(data["x"], data["y"], data["text"], data["font"])
    values = {k: v for k, v in data.items() if k != "op"}
    if kind == "text":
        values["spans"] = tuple(op_from_json(s) for s in values["spans"])
        values["icons"] = tuple(op_from_json(i) for i in values["icons"])
    if kind == "image":
        values["crop"] = tuple(values["crop"])
    return OP_TYPES[kind](**values)


# -- evaluation ---------------------------------------------------------------------------

_FIELD = re.compile(r"\{([^{}]+)\}")


def card_name(card: Mapping[str, Any]) -> str:
    """A card's name for messages, on one line ("Iron\nWarden" → "Iron Warden")."""
    name = card.get("Name")
    text = " ".join(str(name).split()) if name is not None else ""
    return text or "(unnamed)"


def format_value(value: Any) -> str:
    """A field value as card text: lists joined with ', ', 3.0 → '3', None → ''."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    if isinstance(value, list | tuple):
        return ", ".join(format_value(v) for v in value)
    return str(value)


def values_of(value: Any) -> list[str]:
    """A multi-valued cell as a list: a list as is, text split on , ; or |."""
    if value is None:
        return []
    if isinstance(value, list | tuple):
        items = [format_value(v) for v in value]
    else:
        items = re.split(r"[,;|]", format_value(value))
    return [item.strip() for item in items if item.strip()]


MIN_ART_DPI = 200
"""Art below this resolution at its printed size prints soft or blocky: a warning."""


class Notice(str):
    """A warning as text (`card 'X' › box 'y': message`) that also knows which card and
    which fields (spreadsheet columns) it is about, and a piece of the offending value, so
    the caller can point at the cell."""

    card: str
    fields: tuple[str, ...]
    needle: str

    def __new__(cls, text: str, card: str = "", fields: tuple[str, ...] = (),
                needle: str = "") -> Notice:
        notice = super().__new__(cls, text)
        notice.card, notice.fields, notice.needle = card, fields, needle
        return notice

    def __reduce__(self):  # pickles (for worker processes) keep the location
        return Notice, (str(self), self.card, self.fields, self.needle)


@lru_cache(maxsize=1024)
def text_parts(template: str) -> tuple[tuple[str, str | None], ...]:
    """A text template split once into (literal, field or None) pairs."""
    parts: list[tuple[str, str | None]] = []
    at = 0
    for match in _FIELD.finditer(template):
        parts.append((template[at:match.start()], match.group(1).strip()))
        at = match.end()
    parts.append((template[at:], None))
    return tuple(parts)


class _Eval:
    """The state of one evaluation: layout, card, warnings."""

    def __init__(self, layout: Layout, card: Mapping[str, Any], bleed: float,
                 base_dir: Path | None) -> None:
        self.layout, self.card, self.bleed, self.base_dir = layout, card, bleed, base_dir
        self.name = card_name(card)
        self.warnings: list[str] = []
        self.used: list[str] = []

    def warn(self, box: Box, message: str, fields: tuple[str, ...] = (),
             needle: str = "") -> None:
        self.warnings.append(Notice(f"card '{self.name}' › box '{box.name}': {message}",
                                    self.name, fields, needle))

    def prop(self, box: Box, key: str) -> Any:
        value = box.props[key]
        if isinstance(value, StyleRef):
            raw = self.layout.styles[value.name].pick(self.card)
            if raw is None:
                return None
            if str(raw) in box.files:  # a picture or font file, checked with the layout
                return box.files[str(raw)]
            return check_value(key, raw, box.kind, box.name)
        return value

    def fill(self, box: Box, template: str) -> str:
        parts = text_parts(template)
        if len(parts) == 1 and parts[0][1] is None:
            return template
        out = []
        for literal, key in parts:
            out.append(literal)
            if key is None:
                continue
            if key not in self.card:
                self.warn(box, f"no field '{key}' for {{{key}}}")
                continue
            self.used.append(key)
            out.append(format_value(self.card[key]))
        return "".join(out)

    def geometry(self, box: Box) -> tuple[float, float, float, float]:
        if box.bleed and self.bleed:
            b = self.bleed
            return box.x - b, box.y - b, box.width + 2 * b, box.height + 2 * b
        return box.x, box.y, box.width, box.height

    def ops(self, box: Box) -> list[Op]:
        x, y, w, h = self.geometry(box)
        kind = box.kind
        if kind == "rect":
            return [Rect(x, y, w, h, self.prop(box, "fill"), self.prop(box, "stroke"),
                         box.props["stroke_width"], min(box.props["radius"], w / 2, h / 2))]
        if kind == "circle":
            return [Circle(x + w / 2, y + h / 2, min(w, h) / 2, self.prop(box, "fill"),
                           self.prop(box, "stroke"), box.props["stroke_width"])]
        if kind == "line":
            return [Line(x, y, x + w, y + h, self.prop(box, "stroke") or "#000000",
                         box.props["stroke_width"])]
        if kind == "text":
            return self.text(box, x, y, w, h)
        if kind == "image":
            return self.image(box, x, y, w, h)
        return self.icon_row(box, x, y, w, h)

    def text(self, box: Box, x: float, y: float, w: float, h: float) -> list[Op]:
        template = str(self.prop(box, "text") or "")
        self.used = []
        separator = box.props["separator"]
        if separator:  # "{Rank} · {Class} · {Faction}": parts left empty drop out
            parts = (self.fill(box, part) for part in template.split(separator))
            text = separator.join(part for part in parts if part.strip())
        else:
            text = self.fill(box, template)
        if box.props["uppercase"]:
            text = text.upper()
        if not text.strip():
            return []
        p = box.props
        font = self.prop(box, "font") or "Vera"
        fitted = textfit.fit(text, font, p["size"], p["min_size"], w, h, p["align"], p["valign"],
                             p["leading"], p["wrap"])
        if fitted.overflow:
            self.warn(box, f"text does not fit even at {p['min_size']:g}pt; it was cut",
                      tuple(self.used))
        if fitted.missing:
            chars = " ".join(f"'{ch}' (U+{ord(ch):04X})" for ch in fitted.missing)
            holders = tuple(k for k in self.used
                            if any(ch in format_value(self.card[k]) for ch in fitted.missing))
            self.warn(box, f"no font has {chars}; printed as an empty box",
                      holders or tuple(self.used), fitted.missing[0])
        style = self.prop(box, "icon_style") or "type"
        spans = tuple(Span(x + sx, y + sy, t, f) for sx, sy, t, f in fitted.spans)
        inline = tuple(Icon(icons.glyph_key(g), style, x + ix, y + iy, s)
                       for g, ix, iy, s in fitted.icons)
        return [Text(x, y, w, h, fitted.size, self.prop(box, "color") or "#000000", spans, inline)]

    def image(self, box: Box, x: float, y: float, w: float, h: float) -> list[Op]:
        if box.props["src"] is not None:  # the layout's own picture, checked when read
            src = self.prop(box, "src")
            if not src:
                return []
            x, y, w, h, crop = art.place(*art.pixel_size(Path(src)), x, y, w, h,
                                         box.props["fit"])
            return [Image(str(src), x, y, w, h, crop)]
        value = self.card.get(box.props["column"])
        placeholder = self.prop(box, "placeholder")
        if value in (None, ""):
            return [Rect(x, y, w, h, placeholder)] if placeholder else []
        try:
            path = art.resolve(value, self.base_dir)
            x, y, w, h, crop = art.place(*art.pixel_size(path), x, y, w, h, box.props["fit"])
        except art.ArtProblem as exc:
            self.warn(box, f"{exc}; drew a placeholder", (box.props["column"],))
            grey = "#9e9e9e"
            return [Rect(x, y, w, h, placeholder or "#eeeeee", grey, 0.3),
                    Line(x, y, x + w, y + h, grey, 0.3), Line(x, y + h, x + w, y, grey, 0.3)]
        dpi = art.printed_dpi(crop, w, h)
        if dpi < MIN_ART_DPI:
            self.warn(box, f"art '{path.name}' is {dpi:.0f} dpi at its printed size "
                           f"({w:g}×{h:g} mm); at least {MIN_ART_DPI} dpi prints sharp "
                           f"(needs {art.pixels_for(w, MIN_ART_DPI)}×"
                           f"{art.pixels_for(h, MIN_ART_DPI)} px)", (box.props["column"],))
        return [Image(str(path), x, y, w, h, crop)]

    def icon_row(self, box: Box, x: float, y: float, w: float, h: float) -> list[Op]:
        names = list(box.props["names"]) or values_of(self.card.get(box.props["column"]))
        if not names:
            return []
        n = len(names)
        size = box.props["size"] or h
        gap = box.props["gap"] if box.props["gap"] is not None else size * 0.15
        total = n * size + (n - 1) * gap
        if total > w > 0:
            factor = w / total
            size, gap, total = size * factor, gap * factor, w
        align, valign = box.props["align"], box.props["valign"]
        x0 = {"left": x, "center": x + (w - total) / 2, "right": x + w - total}[align]
        y0 = {"top": y, "middle": y + (h - size) / 2, "bottom": y + h - size}[valign]
        style = self.prop(box, "style") or "type"
        return [Icon(icons.glyph_key(name), style, x0 + i * (size + gap), y0, size)
                for i, name in enumerate(names)]


def evaluate(layout: Layout, card_fields: Mapping[str, Any], side: str = "front", *,
             bleed: float = 0.0, base_dir: Path | None = None,
             memo: dict | None = None) -> DisplayList:
    """Evaluate one side of a layout for one card into a DisplayList.

    `bleed` (mm) grows boxes marked `bleed = true`; `base_dir` is the workbook's folder,
    the only place art is read from. Problems (missing fields or art, text that does
    not fit at its minimum size) become warnings naming the card and box. A `memo` dict
    shared over the cards of one job keeps the ops of boxes that no field changes.
    """
    ev = _Eval(layout, card_fields, bleed, base_dir)
    shape = layout.shape
    ops: list[Op] = []
    if shape.round:
        ops.append(ClipRound(shape.width / 2, shape.height / 2, shape.width / 2 + bleed))
    for box in layout.boxes(side, card_fields):
        if box.when is not None and not box.when.holds(card_fields):
            continue
        if memo is not None and box.fixed:
            key = (id(box), bleed)
            if key not in memo:
                memo[key] = (box, ev.ops(box))  # the box is kept so its id stays unique
            ops.extend(memo[key][1])
            continue
        ops.extend(ev.ops(box))
    return DisplayList(shape.width, shape.height, tuple(ops), bleed, shape.round, shape.radius,
                       ev.name, tuple(ev.warnings))
