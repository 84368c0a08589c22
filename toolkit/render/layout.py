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

[front.frame]               # a fixed picture beside this file; fit = "fill" (crop) | "fit"
kind = "image"
src = "frame.png"

[back.bg]
kind = "rect"
fill = "#222"

[rules]                     # kept as written (`Layout.rules`) for games that read it
deck_size = 40

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

A card's back may come from another layout, for every card (`[card] back = "plain-back"`)
or chosen by a field (`back = "style:backs"` with `[styles.backs] by = "Rank"`,
`Commander = "commander-back"`, `default = ""` for this layout's own `[back.*]`); it is
looked for as the layout itself was (`toolkit/render/places.py`), else beside this file.

Files a layout draws are paths relative to its own file, inside its folder: a fixed
picture (`kind = "image"`, `src = "frame.png"` instead of `column`) and a font file
(`font = "fonts/MyFont.ttf"`, TrueType outlines in a .ttf or .otf). Images are checked
like art (whole, no decompression bomb), fonts by loading them in both backends; a bad
one is a `LayoutError`. `fit = "fill"` (the default: crop to fill the box) or `"fit"`
(the whole picture, centred, letterboxed) on image boxes. A top-level `[rules]` table is
kept as it is (`Layout.rules`) for games that read deck rules from the layout.

A box drawn later that hides most of a text box (an opaque rect or picture over more
than half of it) is a warning of the layout (`Layout.warnings`), never an error.

Lengths are numbers (mm) or strings with mm, cm, in, pt or % of the card; font sizes are
numbers in points. Every problem raises `LayoutError` naming the file and the box.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toolkit.core.errors import LayoutError
from toolkit.core.sheets import display_path
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
    "image": frozenset({"column", "src", "fit", "radius", "placeholder"}),
    "icons": frozenset({"column", "names", "style", "size", "gap", "align", "valign"}),
}
ALIASES = {"colour": "color", "stroke_colour": "stroke", "w": "width", "h": "height"}
COLOR_KEYS = frozenset({"fill", "stroke", "color", "placeholder"})
STYLEABLE = COLOR_KEYS | {"text", "font", "style", "icon_style", "src"}
FILE_KEYS = frozenset({"src", "font"})
"""Keys whose value may be a file beside the layout (always for `src`; a .ttf/.otf font)."""
FONT_SUFFIXES = (".ttf", ".otf")
FITS = ("fill", "fit")
HIDDEN_SHARE = 0.5
"""A later opaque box covering more than this share of a text box hides it: a warning."""
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
    "image": {"column": "Art", "src": None, "fit": "fill", "radius": 0.0,
              "placeholder": "#eeeeee"},
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
    files: Mapping[str, str] = field(default_factory=dict)
    """For a `src` or font file chosen by a style: each value as written → the checked
    file (an image path, or the font's registered name)."""

    @property
    def fixed(self) -> bool:
        """Whether no card field can change this box (no `{Field}`, style, condition, art
        or icon column): it draws the same on every card."""
        if self.when is not None or (self.kind == "image" and self.props["src"] is None):
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
    rules: Mapping[str, Any] = field(default_factory=dict)
    """The top-level `[rules]` table as written (deck rules some games read); unchecked."""
    files: tuple[Path, ...] = ()
    """Every file this layout was read from: itself, the layouts its backs come from, its
    pictures and font files (for `--watch` and the `--proof` stamp)."""
    warnings: tuple[str, ...] = ()
    """Problems of the layout itself that still print (a box hiding a text box)."""

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


def load_file(path: Path | str, find: Callable[[str], Path] | None = None) -> Layout:
    """Read and resolve a layout TOML file; `LayoutError` (located) when it is wrong.
    `find(name)` is where a layout named by `[card] back` is read from (default: beside
    this file)."""
    path = Path(path)
    data = _read(path)
    lay = parse(data, display_path(path), name=path.stem, folder=path.parent, find=find)
    return replace(lay, files=tuple(dict.fromkeys((path, *lay.files))))


def _read(path: Path) -> dict[str, Any]:
    """A layout file's TOML data; LayoutError naming the file when it cannot be read."""
    label = display_path(path)
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError as exc:
        raise LayoutError(f"{label}: layout file not found") from exc
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise LayoutError(f"{label}: not valid TOML: {exc}") from exc
    except OSError as exc:
        raise LayoutError(f"{label}: cannot be read ({exc.strerror or exc})") from exc


class _Files:
    """The files one layout draws (pictures, fonts), checked once and collected: paths
    relative to the layout's folder, never outside it."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.used: list[Path] = []

    def check(self, key: str, value: Any, where: str) -> str:
        """The checked file of a `src` (its absolute path) or a font file (its registered
        name); LayoutError naming the box otherwise."""
        from toolkit.render import art  # noqa: PLC0415  (Pillow only when a file is drawn)

        if not isinstance(value, str) or not value.strip():
            raise LayoutError(f"{where}: {key} must be a file name, e.g. \"frame.png\"")
        if self.folder is None:
            raise LayoutError(f"{where}: {key} '{value}' is relative to the layout file, "
                              "and this layout has none")
        what = "image" if key == "src" else "font"
        try:
            path = art.resolve(value.replace("\\", "/"), self.folder, what,
                               "the layout's folder")
        except art.ArtProblem as exc:
            raise LayoutError(f"{where}: {key}: {exc}") from None
        try:
            name = str(path) if key == "src" else fonts.register_file(path)
            if key == "src":
                art.pixel_size(path)
        except art.ArtTooLarge as exc:
            pixels = "billions of" if exc.pixels is None else f"{exc.pixels:,}"
            raise LayoutError(f"{where}: src '{value}' would decode to {pixels} pixels, more "
                              f"than the {art.MAX_PIXELS // 1_000_000} million an image may "
                              "have (a decompression bomb?); not used") from None
        except art.ArtProblem:
            raise LayoutError(f"{where}: src '{value}' is not a readable image (damaged, "
                              "truncated, or not a PNG, JPEG or other image file)") from None
        except (fonts.FontFileError, OSError) as exc:
            why = exc if isinstance(exc, fonts.FontFileError) else exc.strerror or exc
            raise LayoutError(f"{where}: font '{value}': {why}") from None
        self.used.append(path)
        return name


def is_file_value(key: str, value: Any) -> bool:
    """Whether a box value names a file beside the layout (`src`, or a .ttf/.otf font)."""
    if key == "src":
        return True
    return key == "font" and isinstance(value, str) and \
        value.strip().lower().endswith(FONT_SUFFIXES)


def parse(data: Mapping[str, Any], label: str, name: str = "layout",
          folder: Path | None = None, find: Callable[[str], Path] | None = None) -> Layout:
    """Resolve a layout from its TOML data (`label` names it in errors; `folder` holds
    the files it names; `find(name)` gives the file of a layout named by `[card] back`,
    by default `folder/<name>.toml`)."""
    unknown = set(data) - {"card", "styles", "front", "back", "legend", "rules"}
    if unknown:
        raise LayoutError(f"{label}: unknown section(s) {', '.join(sorted(unknown))}; "
                          "use [card], [styles.*], [front.*], [back.*], [legend], [rules]")
    card = data.get("card", {})
    if not isinstance(card, Mapping):
        raise LayoutError(f"{label}: [card] must be a table")
    rules = data.get("rules", {})
    if not isinstance(rules, Mapping):
        raise LayoutError(f"{label}: [rules] must be a table")
    shape = _shape(card, label)
    styles = _styles(data.get("styles", {}), label)
    card_name = str(card.get("name", name))
    files = _Files(folder)
    front = _side(data.get("front", {}), "", shape, styles, label, files)
    back = _side(data.get("back", {}), "back.", shape, styles, label, files)
    back_from, other_backs, back_files = _back_from(card.get("back"), styles, shape, folder,
                                                    label, find)
    legend = _legend(data.get("legend"), label) if "legend" in data else None
    warnings = [*hidden(front, label), *hidden(back, label), *soft(front + back, label)]
    for other, boxes in other_backs.items():  # the backs taken from other layouts
        warnings += hidden(boxes, f"{label} › back '{other}'")
    return Layout(card_name, label, shape, front, back, styles, legend, back_from, other_backs,
                  dict(rules), tuple(dict.fromkeys((*files.used, *back_files))),
                  tuple(dict.fromkeys(warnings)))


def _back_from(value: Any, styles: Mapping[str, Style], shape: CardShape, folder: Path | None,
               label: str, find: Callable[[str], Path] | None = None
               ) -> tuple[str | StyleRef | None, dict[str, tuple[Box, ...]], list[Path]]:
    """`[card] back`: the layouts whose [back.*] boxes a card may use, read once, and the
    files they were read from (with their pictures and fonts)."""
    where = f"{label} › [card] back"
    if value in (None, ""):
        return None, {}, []
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
    used: list[Path] = []
    for other in sorted(names):
        if find is not None:
            try:
                path = find(other)
            except LayoutError as exc:
                raise LayoutError(f"{where}: {exc}") from None
        else:
            path = (folder or Path(".")) / f"{other}.toml"
            if folder is None or not path.is_file():
                raise LayoutError(f"{where}: no layout '{other}' beside this one "
                                  f"(looked for {display_path(path)})")
        data = _read(path)
        other_label = display_path(path)
        other_shape = _shape(data.get("card", {}), other_label) if "card" in data else shape
        if (other_shape.width, other_shape.height, other_shape.round) != \
                (shape.width, shape.height, shape.round):
            raise LayoutError(f"{where}: '{other}' is {other_shape.label}, this card is "
                              f"{shape.label}; a back must have the card's size")
        own_styles = {**styles, **_styles(data.get("styles", {}), other_label)}
        files = _Files(path.parent)
        backs[other] = _side(data.get("back", {}), "back.", shape, own_styles, other_label,
                             files)
        used += [path, *files.used]
    return ref, backs, used


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
          label: str, files: _Files | None = None) -> tuple[Box, ...]:
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

    files = files or _Files(None)
    boxes = [_box(f"{prefix}{name}", resolve(name, ()), styles, label, files) for name in raw]
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


def _box(name: str, merged: Mapping[str, Any], styles: Mapping[str, Style], label: str,
         files: _Files) -> Box:
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
    chosen: dict[str, str] = {}
    for key in KEYS[kind]:
        if key in merged:
            props[key] = _prop(key, merged[key], kind, styles, where, files, chosen)
    if kind == "text" and props["min_size"] is None:
        props["min_size"] = min(props["size"], max(4.0, props["size"] * 0.6))
    if kind == "icons" and not props["column"] and not props["names"]:
        raise LayoutError(f"{where}: an icons box needs `column` (e.g. \"Types\") or `names`")
    when = _condition(merged.get("when"), where) if merged.get("when") else None
    if merged["width"] < 0 or merged["height"] < 0:
        raise LayoutError(f"{where}: width and height must not be negative")
    return Box(name, kind, merged["x"], merged["y"], merged["width"], merged["height"],
               bool(merged.get("bleed", False)), when, props, chosen)


def _prop(key: str, value: Any, kind: str, styles: Mapping[str, Style], where: str,
          files: _Files, chosen: dict[str, str]) -> Any:
    """A box value checked (a file beside the layout checked and collected); a value
    from a style is a `StyleRef`, each of its options checked now (files into `chosen`)."""
    if isinstance(value, str) and value.startswith("style:"):
        ref = value[len("style:"):].strip()
        if key not in STYLEABLE:
            raise LayoutError(f"{where}: {key} cannot come from a style")
        if ref not in styles:
            raise LayoutError(f"{where}: {key} uses unknown style '{ref}'"
                              + (f"; known: {', '.join(styles)}" if styles else ""))
        for option in (*styles[ref].values.values(), styles[ref].default):
            here = f"{where} (style '{ref}')"
            if key == "src" and option in (None, ""):
                continue  # no picture on those cards
            if option is not None and is_file_value(key, option):
                chosen[str(option)] = files.check(key, option, here)
            elif option is not None:
                check_value(key, option, kind, here)
        return StyleRef(ref)
    if is_file_value(key, value):
        return files.check(key, value, where)
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
        if key == "fit":
            if str(value).lower() not in FITS:
                raise ValueError(f"expected \"fill\" (crop to fill the box) or \"fit\" (the "
                                 f"whole picture), got {value!r}")
            return str(value).lower()
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


def hidden(boxes: tuple[Box, ...], label: str) -> list[str]:
    """Warnings for text boxes mostly hidden by an opaque box drawn after them (a filled
    rect, art that fills its box, or a picture's opaque pixels over more than
    `HIDDEN_SHARE` of the text box): `label › box 'art' hides text box 'rules' (80% of
    it)`. Boxes whose conditions never hold on the same card are left alone."""
    out = []
    for i, text in enumerate(boxes):
        if text.kind != "text" or text.width <= 0 or text.height <= 0:
            continue
        shown = text.when or _implied(text)
        for later in boxes[i + 1:]:
            if _exclusive(shown, later.when):
                continue
            share = _covered(later, text)
            if share > HIDDEN_SHARE:
                out.append(f"{label} › box '{later.name}' hides text box '{text.name}' "
                           f"({share:.0%} of it)")
                break
    return out


def _implied(box: Box) -> Condition | None:
    """A text box of one field and nothing else (`text = "{Phase}"`) is drawn only on the
    cards where that field is set: the condition it implies."""
    text = box.props.get("text")
    if isinstance(text, str):
        match = re.fullmatch(r"\s*\{([^{}]+)\}\s*", text)
        if match:
            return Condition(match.group(1).strip())
    return None


def _exclusive(a: Condition | None, b: Condition | None) -> bool:
    """Whether two boxes' conditions can never hold on the same card."""
    if a is None or b is None or a.field != b.field:
        return False
    if a.value is None or b.value is None:
        return a.value is None and b.value is None and a.negate != b.negate
    if a.value == b.value:
        return a.negate != b.negate
    return not a.negate and not b.negate


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
             ) -> tuple[float, float, float, float] | None:
    """The intersection of two (x, y, w, h) rectangles, or None."""
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    return (x0, y0, x1 - x0, y1 - y0) if x1 > x0 and y1 > y0 else None


def _opaque_fill(box: Box) -> bool:
    """Whether a rect is filled on every card (a fill from a style may be none on some)."""
    fill = box.props.get("fill")
    return fill is not None and not isinstance(fill, StyleRef)


def _covered(box: Box, text: Box) -> float:
    """The share of `text`'s area that `box` paints over opaquely (0 to 1)."""
    area = (text.x, text.y, text.width, text.height)
    whole = text.width * text.height
    if box.kind == "rect" and _opaque_fill(box):
        hit = _overlap(area, (box.x, box.y, box.width, box.height))
        return hit[2] * hit[3] / whole if hit else 0.0
    if box.kind != "image":
        return 0.0
    src = box.props["src"]
    if src is None:  # card art: it fills its box (placeholder too); "fit" may not
        if box.props["fit"] != "fill":
            return 0.0
        hit = _overlap(area, (box.x, box.y, box.width, box.height))
        return hit[2] * hit[3] / whole if hit else 0.0
    from toolkit.render import art  # noqa: PLC0415

    paths = box.files.values() if isinstance(src, StyleRef) else (src,)
    best = 0.0
    for path in paths:
        x, y, w, h, crop = art.place(*art.pixel_size(Path(path)), box.x, box.y, box.width,
                                     box.height, box.props["fit"])
        hit = _overlap(area, (x, y, w, h))
        if hit is None or w <= 0 or h <= 0:
            continue
        sx, sy = (crop[2] - crop[0]) / w, (crop[3] - crop[1]) / h
        region = (crop[0] + (hit[0] - x) * sx, crop[1] + (hit[1] - y) * sy,
                  crop[0] + (hit[0] + hit[2] - x) * sx, crop[1] + (hit[1] + hit[3] - y) * sy)
        best = max(best, art.opaque_share(Path(path), region) * hit[2] * hit[3] / whole)
    return best


def soft(boxes: tuple[Box, ...], label: str) -> list[str]:
    """Warnings for a layout's own pictures (`src`) that print below the art resolution
    (`toolkit.render.display.MIN_ART_DPI`) at their size on the card."""
    from toolkit.render import art  # noqa: PLC0415
    from toolkit.render.display import MIN_ART_DPI  # noqa: PLC0415

    out = []
    for box in boxes:
        src = box.props.get("src") if box.kind == "image" else None
        for path in (() if src is None else box.files.values() if isinstance(src, StyleRef)
                     else (src,)):
            _, _, w, h, crop = art.place(*art.pixel_size(Path(path)), box.x, box.y,
                                         box.width, box.height, box.props["fit"])
            dpi = art.printed_dpi(crop, w, h)
            if dpi < MIN_ART_DPI:
                out.append(f"{label} › box '{box.name}': image '{Path(path).name}' is "
                           f"{dpi:.0f} dpi at its printed size ({w:g}×{h:g} mm); at least "
                           f"{MIN_ART_DPI} dpi prints sharp")
    return out
