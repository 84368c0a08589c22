"""TOML card layouts: a card shape, named boxes per side, and field-driven styles.

```toml
[card]                      # size = "poker" (default) | width/height | shape = "round" + diameter
size = "poker"
radius = "3mm"

[styles.rim]                # a value chosen by a card field; boxes use "style:rim"
by = "Rank"
Gold = "#d4af37"
default = "#888888"

[front.bg]                  # boxes draw in the order written; x/y/width/height default to the card
kind = "rect"
fill = "style:rim"
bleed = true                # grows by the print bleed

[front.name]
kind = "text"
text = "{Name}"
y = "4mm"
height = "8mm"

[front.title2]
extends = "name"            # inherit every key; relative values are from the parent's
y = "+=9mm"

[back.bg]
kind = "rect"
fill = "#222"

[legend]                    # optional: a legend sheet explaining the symbols
title = "Symbols"
[[legend.groups]]
title = "Types"
style = "type"              # icon style
column = "Types"            # also lists values of this column that `names` lacks
names = ["Blade", "Magic"]
items = [{ style = "strength", name = "Blade", text = "Strong against it" },
         { text = "Rank: ●●● Gold" }]
```

A card's back may come from another layout of the same folder, for every card
(`[card] back = "plain-back"`) or chosen by a field (`back = "style:backs"` with
`[styles.backs] by = "Rank"`, `Commander = "commander-back"`, `default = ""` for this
layout's own `[back.*]`).

Lengths are numbers (mm) or strings with mm, cm, in, pt or % of the card; font sizes are
numbers in points. Every problem raises `LayoutError` naming the file and the box.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.errors import LayoutError
from toolkit.render import fonts, icons, sizes
from toolkit.render.colors import parse_color
from toolkit.render.units import UnitError, parse_length, parse_points, split_relative

KINDS = ("rect", "circle", "line", "text", "image", "icons")
COMMON = frozenset({"kind", "extends", "x", "y", "width", "height", "bleed", "when"})
KEYS: dict[str, frozenset[str]] = {
    "rect": frozenset({"fill", "stroke", "stroke_width", "radius"}),
    "circle": frozenset({"fill", "stroke", "stroke_width"}),
    "line": frozenset({"stroke", "stroke_width"}),
    "text": frozenset({"text", "font", "size", "min_size", "align", "valign", "color",
                       "leading", "wrap", "icon_style", "uppercase", "separator"}),
    "image": frozenset({"column", "radius", "placeholder"}),
    "icons": frozenset({"column", "names", "style", "size", "gap", "align", "valign"}),
}
ALIASES = {"colour": "color", "stroke_colour": "stroke", "w": "width", "h": "height"}
COLOR_KEYS = frozenset({"fill", "stroke", "color", "placeholder"})
STYLEABLE = COLOR_KEYS | {"text", "font", "style", "icon_style"}
GEOMETRY = ("x", "y", "width", "height")
ALIGN = {"left": "left", "center": "center", "centre": "center", "right": "right"}
VALIGN = {"top": "top", "middle": "middle", "center": "middle", "centre": "middle",
          "bottom": "bottom"}
DEFAULTS: dict[str, dict[str, Any]] = {
    "rect": {"fill": None, "stroke": None, "stroke_width": 0.3, "radius": 0.0},
    "circle": {"fill": None, "stroke": None, "stroke_width": 0.3},
    "line": {"stroke": "#000000", "stroke_width": 0.3},
    "text": {"text": "", "font": "Vera", "size": 9.0, "min_size": None, "align": "left",
             "valign": "top", "color": "#000000", "leading": 1.2, "wrap": True,
             "icon_style": "type", "uppercase": False, "separator": None},
    "image": {"column": "Art", "radius": 0.0, "placeholder": "#eeeeee"},
    "icons": {"column": "", "names": (), "style": "type", "size": None, "gap": None,
              "align": "center",
              "valign": "middle"},
}


@dataclass(frozen=True, slots=True)
class StyleRef:
    """A box value chosen per card by a style (`"style:rim"`)."""

    name: str


@dataclass(frozen=True)
class Style:
    """A field-driven choice: the value for the card's `by` field, else `default`."""

    name: str
    by: str
    values: Mapping[str, Any]
    default: Any = None

    def pick(self, card: Mapping[str, Any]) -> Any:
        """The value for this card (matching the field's text case-insensitively)."""
        return self.values.get(field_key(card.get(self.by)), self.default)


@dataclass(frozen=True)
class Condition:
    """`when = "Field"`, `"!Field"`, `"Field=Value"` or `"Field!=Value"`."""

    field: str
    value: str | None = None
    negate: bool = False

    def holds(self, card: Mapping[str, Any]) -> bool:
        """Whether a card meets the condition."""
        got = card.get(self.field)
        result = truthy(got) if self.value is None else field_key(got) == self.value
        return result != self.negate


@dataclass(frozen=True)
class Box:
    """One resolved box: geometry in mm, kind-specific `props` with defaults filled in."""

    name: str
    kind: str
    x: float
    y: float
    width: float
    height: float
    bleed: bool = False
    when: Condition | None = None
    props: Mapping[str, Any] = field(default_factory=dict)

    @property
    def fixed(self) -> bool:
        """Whether no card field can change this box (no `{Field}`, style, condition, art
        or icon column): it draws the same on every card."""
        if self.when is not None or self.kind == "image":
            return False
        if self.kind == "icons" and not self.props["names"]:
            return False
        if self.kind == "text" and "{" in str(self.props["text"]):
            return False
        return not any(isinstance(v, StyleRef) for v in self.props.values())


@dataclass(frozen=True)
class CardShape:
    """A card's trim size in mm; round cards have width = height = diameter."""

    width: float
    height: float
    radius: float = 0.0
    round: bool = False

    @property
    def label(self) -> str:
        """A human description, e.g. `poker 63×88 mm`."""
        return sizes.describe(self.width, self.height, self.round)


@dataclass(frozen=True)
class LegendGroup:
    """One group of a legend sheet: a title, icons in a style (named, plus the values of
    `column` met in the deck), and free items (an icon in any style with a text, or text)."""

    title: str
    style: str = "plain"
    column: str = ""
    names: tuple[str, ...] = ()
    items: tuple[tuple[str, str, str], ...] = ()
    """(style, icon name or "", text)."""


@dataclass(frozen=True)
class Legend:
    """A layout's legend sheet: what its symbols mean."""

    title: str
    groups: tuple[LegendGroup, ...]


@dataclass(frozen=True)
class Layout:
    """A parsed layout: shape, front and back boxes in drawing order, styles."""

    name: str
    label: str
    """Where it came from, for messages (a path relative to the project when possible)."""
    shape: CardShape
    front: tuple[Box, ...]
    back: tuple[Box, ...]
    styles: Mapping[str, Style]
    legend: Legend | None = None
    back_from: str | StyleRef | None = None
    """`[card] back`: another layout whose back this card uses (a name, or a style)."""
    other_backs: Mapping[str, tuple[Box, ...]] = field(default_factory=dict)
    """The [back.*] boxes of the layouts `back_from` can name."""

    def boxes(self, side: str, card: Mapping[str, Any] | None = None) -> tuple[Box, ...]:
        """The boxes of `front` or `back` (for `card`, when the back is chosen per card)."""
        if side not in ("front", "back"):
            raise ValueError(f"side must be 'front' or 'back', not {side!r}")
        if side == "front":
            return self.front
        name = self.back_from
        if isinstance(name, StyleRef):
            name = self.styles[name.name].pick(card or {})
        return self.other_backs.get(str(name), self.back) if name else self.back


def field_key(value: Any) -> str:
    """A field value as a case-folded lookup key (`True` → 'true', `3.0` → '3')."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return "" if value is None else str(value).strip().casefold()


def truthy(value: Any) -> bool:
    """A spreadsheet cell read as a yes/no."""
    if isinstance(value, str):
        return value.strip().casefold() not in ("", "0", "no", "false", "n", "-")
    return bool(value)


def display_path(path: Path) -> str:
    """A path relative to the project folder when inside it, for messages."""
    from toolkit.core.registry import ROOT

    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return str(path)


def load_file(path: Path | str) -> Layout:
    """Read and resolve a layout TOML file; `LayoutError` (located) when it is wrong."""
    path = Path(path)
    label = display_path(path)
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise LayoutError(f"{label}: layout file not found") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LayoutError(f"{label}: not valid TOML: {exc}") from exc
    return parse(data, label, name=path.stem, folder=path.parent)


def parse(data: Mapping[str, Any], label: str, name: str = "layout",
          folder: Path | None = None) -> Layout:
    """Resolve a layout from its TOML data (`label` names it in errors; `folder` is where
    layouts named by `[card] back` are read from)."""
    unknown = set(data) - {"card", "styles", "front", "back", "legend"}
    if unknown:
        raise LayoutError(f"{label}: unknown section(s) {', '.join(sorted(unknown))}; "
                          "use [card], [styles.*], [front.*], [back.*], [legend]")
    card = data.get("card", {})
    if not isinstance(card, Mapping):
        raise LayoutError(f"{label}: [card] must be a table")
    shape = _shape(card, label)
    styles = _styles(data.get("styles", {}), label)
    card_name = str(card.get("name", name))
    front = _side(data.get("front", {}), "", shape, styles, label)
    back = _side(data.get("back", {}), "back.", shape, styles, label)
    back_from, other_backs = _back_from(card.get("back"), styles, shape, folder, label)
    legend = _legend(data.get("legend"), label) if "legend" in data else None
    return Layout(card_name, label, shape, front, back, styles, legend, back_from, other_backs)


def _back_from(value: Any, styles: Mapping[str, Style], shape: CardShape, folder: Path | None,
               label: str) -> tuple[str | StyleRef | None, dict[str, tuple[Box, ...]]]:
    """`[card] back`: the layouts whose [back.*] boxes a card may use, read once."""
    where = f"{label} › [card] back"
    if value in (None, ""):
        return None, {}
    if not isinstance(value, str):
        raise LayoutError(f"{where}: expected a layout name or \"style:<name>\"")
    ref: str | StyleRef = value.strip()
    if value.startswith("style:"):
        style = value[len("style:"):].strip()
        if style not in styles:
            raise LayoutError(f"{where}: unknown style '{style}'")
        ref = StyleRef(style)
        names = {str(v) for v in (*styles[style].values.values(), styles[style].default) if v}
    else:
        names = {ref}
    backs: dict[str, tuple[Box, ...]] = {}
    for other in sorted(names):
        path = (folder or Path(".")) / f"{other}.toml"
        if folder is None or not path.is_file():
            raise LayoutError(f"{where}: no layout '{other}' beside this one "
                              f"(looked for {display_path(path)})")
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
            raise LayoutError(f"{display_path(path)}: not valid TOML: {exc}") from exc
        other_label = display_path(path)
        other_shape = _shape(data.get("card", {}), other_label) if "card" in data else shape
        if (other_shape.width, other_shape.height, other_shape.round) != \
                (shape.width, shape.height, shape.round):
            raise LayoutError(f"{where}: '{other}' is {other_shape.label}, this card is "
                              f"{shape.label}; a back must have the card's size")
        own_styles = {**styles, **_styles(data.get("styles", {}), other_label)}
        backs[other] = _side(data.get("back", {}), "back.", shape, own_styles, other_label)
    return ref, backs


def _legend(raw: Any, label: str) -> Legend:
    """`[legend]`: a title and groups of icons and texts."""
    where = f"{label} › [legend]"
    if not isinstance(raw, Mapping):
        raise LayoutError(f"{where}: must be a table with a title and [[legend.groups]]")
    bad = set(raw) - {"title", "groups"}
    if bad:
        raise LayoutError(f"{where}: unknown key(s) {', '.join(sorted(bad))}")
    groups = []
    for i, group in enumerate(raw.get("groups", ()), start=1):
        here = f"{where} group {i}"
        if not isinstance(group, Mapping):
            raise LayoutError(f"{here}: must be a table")
        bad = set(group) - {"title", "style", "column", "names", "items"}
        if bad:
            raise LayoutError(f"{here}: unknown key(s) {', '.join(sorted(bad))}")
        style = check_value("style", group.get("style", "plain"), "icons", here)
        names = check_value("names", group.get("names", []), "icons", here)
        items = []
        for item in group.get("items", ()):
            if not isinstance(item, Mapping) or not isinstance(item.get("text", ""), str):
                raise LayoutError(f"{here}: each item is {{ style = …, name = …, text = … }}")
            item_style = check_value("style", item.get("style", style), "icons", here)
            items.append((item_style, str(item.get("name", "")), str(item.get("text", ""))))
        groups.append(LegendGroup(str(group.get("title", "")), style,
                                  str(group.get("column", "")), names, tuple(items)))
    return Legend(str(raw.get("title", "Symbols")), tuple(groups))


def _shape(card: Mapping[str, Any], label: str) -> CardShape:
    where = f"{label} › [card]"
    known = {"name", "description", "size", "width", "height", "radius", "shape", "diameter",
             "back"}
    bad = set(card) - known
    if bad:
        raise LayoutError(f"{where}: unknown key(s) {', '.join(sorted(bad))}")
    try:
        radius = parse_length(card.get("radius", 0))
        preset = sizes.preset_key(str(card.get("size", "")))
        if card.get("shape", "rect") == "round" or preset in sizes.ROUND_SIZES:
            if "diameter" in card:
                diameter = parse_length(card["diameter"])
            elif preset in sizes.ROUND_SIZES:
                diameter = sizes.ROUND_SIZES[preset]
            else:
                raise LayoutError(f"{where}: a round card needs a diameter or a round size "
                                  f"({', '.join(sizes.ROUND_SIZES)})")
            if diameter <= 0:
                raise LayoutError(f"{where}: diameter must be positive")
            return CardShape(diameter, diameter, diameter / 2, True)
        if card.get("shape", "rect") != "rect":
            raise LayoutError(f"{where}: shape must be 'rect' or 'round'")
        if "width" in card or "height" in card:
            if "width" not in card or "height" not in card:
                raise LayoutError(f"{where}: a custom size needs both width and height")
            width, height = parse_length(card["width"]), parse_length(card["height"])
        else:
            key = preset or sizes.DEFAULT_CARD
            if key not in sizes.CARD_SIZES:
                raise LayoutError(f"{where}: unknown size '{card.get('size')}'; known: "
                                  f"{', '.join([*sizes.CARD_SIZES, *sizes.ROUND_SIZES])}")
            width, height = sizes.CARD_SIZES[key]
    except UnitError as exc:
        raise LayoutError(f"{where}: {exc}") from exc
    if width <= 0 or height <= 0:
        raise LayoutError(f"{where}: width and height must be positive")
    return CardShape(width, height, radius, False)


def _styles(raw: Mapping[str, Any], label: str) -> dict[str, Style]:
    out: dict[str, Style] = {}
    for name, table in raw.items():
        where = f"{label} › style '{name}'"
        if not isinstance(table, Mapping) or "by" not in table:
            raise LayoutError(f"{where}: needs `by = \"<column>\"` and value = result pairs")
        values = {field_key(k): v for k, v in table.items() if k not in ("by", "default")}
        out[name] = Style(name, str(table["by"]), values, table.get("default"))
    return out


def _side(raw: Mapping[str, Any], prefix: str, shape: CardShape, styles: Mapping[str, Style],
          label: str) -> tuple[Box, ...]:
    for name, table in raw.items():
        if not isinstance(table, Mapping):
            raise LayoutError(f"{label} › box '{prefix}{name}': must be a table "
                              f"([{'back' if prefix else 'front'}.{name}])")
    resolved: dict[str, dict[str, Any]] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> dict[str, Any]:
        if name in resolved:
            return resolved[name]
        where = f"{label} › box '{prefix}{name}'"
        table = {ALIASES.get(k, k): v for k, v in raw[name].items()}
        merged: dict[str, Any] = {}
        parent_name = table.get("extends")
        if parent_name is not None:
            parent_name = str(parent_name)
            if parent_name not in raw:
                raise LayoutError(f"{where}: extends unknown box '{parent_name}'")
            if parent_name in chain or parent_name == name:
                loop = " → ".join((*chain, name, parent_name)[(list((*chain, name)).index(parent_name)):])
                raise LayoutError(f"{where}: extends cycle {loop}")
            merged = dict(resolve(parent_name, (*chain, name)))
            kind = table.get("kind", merged.get("kind"))
            if kind != merged.get("kind"):  # a box of another kind inherits what it can use
                usable = COMMON | KEYS.get(kind, frozenset())
                merged = {k: v for k, v in merged.items() if k in usable}
        for key, value in table.items():
            if key == "extends":
                continue
            if key in GEOMETRY:
                merged[key] = _geometry(key, value, merged, parent_name is not None, shape, where)
            else:
                merged[key] = value
        for key in GEOMETRY:  # defaults: the whole card
            if key not in merged:
                merged[key] = _geometry(key, 0 if key in "xy" else "100%", {}, False, shape, where)
        resolved[name] = merged
        return merged

    boxes = [_box(f"{prefix}{name}", resolve(name, ()), styles, label) for name in raw]
    return tuple(boxes)


def _geometry(key: str, value: Any, parent: Mapping[str, Any], has_parent: bool,
              shape: CardShape, where: str) -> float:
    reference = shape.width if key in ("x", "width") else shape.height
    sign, rest = split_relative(value)
    try:
        amount = parse_length(rest, reference)
    except UnitError as exc:
        raise LayoutError(f"{where}: {key}: {exc}") from exc
    if not sign:
        return amount
    if not has_parent:
        raise LayoutError(f"{where}: {key} = {value!r} is relative but the box extends nothing")
    base = parent.get(key, 0.0 if key in "xy" else reference)
    return base + amount if sign == "+" else base - amount


def _box(name: str, merged: Mapping[str, Any], styles: Mapping[str, Style], label: str) -> Box:
    where = f"{label} › box '{name}'"
    kind = merged.get("kind")
    if kind not in KINDS:
        raise LayoutError(f"{where}: kind must be one of {', '.join(KINDS)} (got {kind!r})")
    allowed = COMMON | KEYS[kind]
    bad = sorted(set(merged) - allowed)
    if bad:
        raise LayoutError(f"{where}: unknown key(s) {', '.join(bad)} for a {kind} box; "
                          f"known: {', '.join(sorted(allowed - {'kind'}))}")
    props = dict(DEFAULTS[kind])
    for key in KEYS[kind]:
        if key in merged:
            props[key] = _prop(key, merged[key], kind, styles, where)
    if kind == "text" and props["min_size"] is None:
        props["min_size"] = min(props["size"], max(4.0, props["size"] * 0.6))
    if kind == "icons" and not props["column"] and not props["names"]:
        raise LayoutError(f"{where}: an icons box needs `column` (e.g. \"Types\") or `names`")
    when = _condition(merged.get("when"), where) if merged.get("when") else None
    if merged["width"] < 0 or merged["height"] < 0:
        raise LayoutError(f"{where}: width and height must not be negative")
    return Box(name, kind, merged["x"], merged["y"], merged["width"], merged["height"],
               bool(merged.get("bleed", False)), when, props)


def _prop(key: str, value: Any, kind: str, styles: Mapping[str, Style], where: str) -> Any:
    if isinstance(value, str) and value.startswith("style:"):
        ref = value[len("style:"):].strip()
        if key not in STYLEABLE:
            raise LayoutError(f"{where}: {key} cannot come from a style")
        if ref not in styles:
            raise LayoutError(f"{where}: {key} uses unknown style '{ref}'"
                              + (f"; known: {', '.join(styles)}" if styles else ""))
        for option in (*styles[ref].values.values(), styles[ref].default):
            if option is not None:
                check_value(key, option, kind, f"{where} (style '{ref}')")
        return StyleRef(ref)
    return check_value(key, value, kind, where)


def check_value(key: str, value: Any, kind: str, where: str) -> Any:
    """A box value converted for its key (colour, length, font, …); LayoutError if bad."""
    try:
        if key in COLOR_KEYS:
            return parse_color(value)
        if key in ("stroke_width", "radius", "gap") or (key == "size" and kind == "icons"):
            return parse_length(value)
        if key in ("size", "min_size"):
            return parse_points(value)
        if key == "font":
            return fonts.font_name(str(value))
        if key == "align":
            return ALIGN[str(value).lower()]
        if key == "valign":
            return VALIGN[str(value).lower()]
        if key in ("style", "icon_style"):
            if str(value) not in icons.STYLES:
                raise ValueError(f"unknown icon style {value!r}; known: {', '.join(icons.STYLES)}")
            return str(value)
        if key in ("wrap", "uppercase"):
            if not isinstance(value, bool):
                raise ValueError(f"expected true or false, got {value!r}")
            return value
        if key == "names":
            if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
                raise ValueError("expected a list of names, e.g. [\"Blade\"]")
            return tuple(value)
        if key == "leading":
            return float(value)
        return str(value)
    except KeyError as exc:
        raise LayoutError(f"{where}: {key}: bad value {value!r}") from exc
    except (ValueError, TypeError) as exc:
        raise LayoutError(f"{where}: {key}: {exc}") from exc


def _condition(text: Any, where: str) -> Condition:
    raw = str(text).strip()
    negate = raw.startswith("!") and "=" not in raw
    if negate:
        raw = raw[1:]
    if "!=" in raw:
        fld, value = raw.split("!=", 1)
        return Condition(fld.strip(), field_key(value.strip().strip("'\"")), True)
    if "=" in raw:
        fld, value = raw.split("=", 1)
        return Condition(fld.strip().rstrip("="), field_key(value.strip().lstrip("=").strip("'\"")))
    if not raw:
        raise LayoutError(f"{where}: when = {text!r} names no field")
    return Condition(raw, None, negate)
