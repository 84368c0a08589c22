"""The vector backend: draw a DisplayList on a reportlab canvas at a position on the page.

Each op is turned into PDF content-stream operators once per document and cached (ops
are frozen values), so the borders, labels and panels that every card of a layout
shares cost a dictionary lookup after the first card. Text goes through reportlab's
TrueType subsetting; icons become form XObjects defined once per document; images use
reportlab's image cache.
"""

from __future__ import annotations

from reportlab import rl_config
from reportlab.lib.rl_accel import escapePDF
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas

from toolkit.render import art, fonts, icons
from toolkit.render.colors import rgb01
from toolkit.render.display import (
    Circle,
    ClipRound,
    DisplayList,
    Icon,
    Image,
    Line,
    Rect,
    Text,
)
from toolkit.render.units import MM

FORM = 100.0
"""Icons are defined as forms in a FORM × FORM box."""
LETTER_CAP = 0.729
"""Vera Bold's cap height in ems, to size fallback letters."""
KAPPA = 0.5522847498
"""Bezier handle length for quarter circles."""


def _n(v: float) -> str:
    """A number for the content stream (0.001 pt is far below print resolution)."""
    text = f"{v:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _color(color: str, op: str) -> str:
    r, g, b = rgb01(color)
    return f"{_n(r)} {_n(g)} {_n(b)} {op}"


class _Emitter:
    """Per-canvas state: the op → operators cache and the icon forms defined so far."""

    def __init__(self, c: Canvas) -> None:
        self.c = c
        self.cache: dict[object, str] = {}
        self.forms: set[str] = set()


def _emitter(c: Canvas) -> _Emitter:
    em = getattr(c, "_toolkit_emitter", None)
    if em is None:
        em = _Emitter(c)
        c._toolkit_emitter = em
    return em


def new_canvas(buffer, title: str) -> Canvas:
    """A deterministic canvas (no dates, no random ids) whose initial font is the embedded
    Vera: reportlab's default would reference a non-embedded Helvetica that print shops'
    preflight flags, even when nothing is set in it."""
    fonts.register()
    rl_config.useA85 = 0  # binary Flate streams: smaller, and no slow pure-Python ASCII85
    c = Canvas(buffer, invariant=1, pageCompression=1, initialFontName="Vera")
    c.setTitle(" ".join(fonts.clean(title).split()))
    c.setCreator("toolkit pnp")
    c.setAuthor("")
    return c


def draw_line(c: Canvas, x: float, y: float, text: str, face: str, size: float,
              max_width: float | None = None) -> float:
    """One line of plain text at (x, y) in points (baseline start): line breaks become
    spaces, each character is set in the font of the face's chain that has it, and the
    line is cut with an ellipsis to fit `max_width` points. Returns the width drawn."""
    text = " ".join(fonts.clean(text).split())
    if max_width is not None and text_width(text, face, size) > max_width:
        while text and text_width(text + "…", face, size) > max_width:
            text = text[:-1]
        text += "…"
    for run, font in fonts.runs(text, face):
        fonts.ensure(font)
        c.setFont(font, size)
        c.drawString(x, y, run)
        x += fonts.unit_width(font, run) * size
    return text_width(text, face, size)


def text_width(text: str, face: str, size: float) -> float:
    """The width in points of one line of text set in a face and its fallbacks."""
    return sum(fonts.unit_width(f, r) for r, f in fonts.runs(text, face)) * size


def draw(c: Canvas, dl: DisplayList, x: float, y: float, clip: bool = True) -> None:
    """Draw `dl` with its trim box's top-left corner at (x, y) in page points (y up).

    With `clip`, nothing spills outside the card's bleed box (or its circle)."""
    fonts.register()
    em = _emitter(c)
    out = [f"q 1 0 0 1 {_n(x)} {_n(y)} cm"]
    if clip:
        b = dl.bleed
        out.append(f"{_n(-b * MM)} {_n(-(dl.height + b) * MM)} {_n((dl.width + 2 * b) * MM)} "
                   f"{_n((dl.height + 2 * b) * MM)} re W n")
    cache = em.cache
    for op in dl.ops:
        code = cache.get(op)
        if code is None:
            kind = type(op)
            if kind is Icon or kind is Image or (kind is Text and op.icons):
                c.addLiteral("\n".join(out))  # these need reportlab's resource bookkeeping
                out = []
                if kind is Icon:
                    _icon(c, em, op)
                elif kind is Image:
                    _image(c, op)
                else:
                    c.addLiteral(_text(c, op))
                    for icon in op.icons:
                        _icon(c, em, icon)
                continue
            code = cache[op] = _code(c, em, op)
        out.append(code)
    out.append("Q")
    c.addLiteral("\n".join(out))


def segments(lines: list[tuple[float, float, float, float]], width: float) -> str:
    """PDF operators stroking straight segments (points), in the current colour: one
    string for a page's marks instead of a canvas call per line."""
    parts = [f"{_n(width)} w"]
    parts.extend(f"{_n(x1)} {_n(y1)} m {_n(x2)} {_n(y2)} l" for x1, y1, x2, y2 in lines)
    parts.append("S")
    return " ".join(parts)


def _code(c: Canvas, em: _Emitter, op: object) -> str:
    kind = type(op)
    if kind is Rect:
        return _rect(op)
    if kind is Text:
        return _text(c, op)
    if kind is Circle:
        return _paint(_circle_path(op.cx * MM, -op.cy * MM, op.r * MM), op.fill, op.stroke,
                      op.stroke_width)
    if kind is Line:
        return (f"{_color(op.color, 'RG')} {_n(op.width * MM)} w {_n(op.x1 * MM)} "
                f"{_n(-op.y1 * MM)} m {_n(op.x2 * MM)} {_n(-op.y2 * MM)} l S")
    if kind is ClipRound:
        return _circle_path(op.cx * MM, -op.cy * MM, op.r * MM) + " W n"
    raise TypeError(f"not a display op: {op!r}")


def _paint(path: str, fill: str | None, stroke: str | None, width: float) -> str:
    stroked = stroke is not None and width > 0
    if fill is None and not stroked:
        return ""
    parts = []
    if fill is not None:
        parts.append(_color(fill, "rg"))
    if stroked:
        parts.append(f"{_color(stroke, 'RG')} {_n(width * MM)} w")
    parts.append(path)
    parts.append("B" if fill is not None and stroked else "f" if fill is not None else "S")
    return " ".join(parts)


def _rect(op: Rect) -> str:
    x, y, w, h = op.x * MM, -(op.y + op.h) * MM, op.w * MM, op.h * MM
    if op.radius <= 0:
        path = f"{_n(x)} {_n(y)} {_n(w)} {_n(h)} re"
    else:
        r = min(op.radius * MM, w / 2, h / 2)
        k = r * (1 - KAPPA)
        x1, y1 = x + w, y + h
        path = " ".join([
            f"{_n(x + r)} {_n(y)} m", f"{_n(x1 - r)} {_n(y)} l",
            f"{_n(x1 - k)} {_n(y)} {_n(x1)} {_n(y + k)} {_n(x1)} {_n(y + r)} c",
            f"{_n(x1)} {_n(y1 - r)} l",
            f"{_n(x1)} {_n(y1 - k)} {_n(x1 - k)} {_n(y1)} {_n(x1 - r)} {_n(y1)} c",
            f"{_n(x + r)} {_n(y1)} l",
            f"{_n(x + k)} {_n(y1)} {_n(x)} {_n(y1 - k)} {_n(x)} {_n(y1 - r)} c",
            f"{_n(x)} {_n(y + r)} l",
            f"{_n(x)} {_n(y + k)} {_n(x + k)} {_n(y)} {_n(x + r)} {_n(y)} c h"])
    return _paint(path, op.fill, op.stroke, op.stroke_width)


def _circle_path(cx: float, cy: float, r: float) -> str:
    k = r * KAPPA
    return " ".join([
        f"{_n(cx + r)} {_n(cy)} m",
        f"{_n(cx + r)} {_n(cy + k)} {_n(cx + k)} {_n(cy + r)} {_n(cx)} {_n(cy + r)} c",
        f"{_n(cx - k)} {_n(cy + r)} {_n(cx - r)} {_n(cy + k)} {_n(cx - r)} {_n(cy)} c",
        f"{_n(cx - r)} {_n(cy - k)} {_n(cx - k)} {_n(cy - r)} {_n(cx)} {_n(cy - r)} c",
        f"{_n(cx + k)} {_n(cy - r)} {_n(cx + r)} {_n(cy - k)} {_n(cx + r)} {_n(cy)} c h"])


def _text(c: Canvas, op: Text) -> str:
    doc = c._doc
    out = [_color(op.color, "rg"), "BT"]
    size = _n(op.size)
    current = None
    for span in op.spans:
        font = fonts.ensure(span.font) or pdfmetrics.getFont(span.font)
        out.append(f"1 0 0 1 {_n(span.x * MM)} {_n(-span.y * MM)} Tm")
        for subset, chunk in font.splitString(span.text, doc):
            name = font.getSubsetInternalName(subset, doc)
            if name != current:
                out.append(f"{name} {size} Tf")
                current = name
            out.append(f"({escapePDF(chunk)}) Tj")
    out.append("ET")
    return " ".join(out)


def _icon(c: Canvas, em: _Emitter, op: Icon) -> None:
    name = _form(c, em, op.glyph, op.style)
    scale = op.size * MM / FORM
    c.addLiteral(f"q {_n(scale)} 0 0 {_n(scale)} {_n(op.x * MM)} {_n(-(op.y + op.size) * MM)} cm")
    c.doForm(name)
    c.addLiteral("Q")


def _form(c: Canvas, em: _Emitter, glyph: str, style: str) -> str:
    name = f"icon-{style}-{glyph.replace('?', 'letter-')}"
    if name in em.forms:
        return name
    c.beginForm(name, 0, 0, FORM, FORM)
    c.saveState()
    c.setLineCap(1)
    c.setLineJoin(1)
    for shape in icons.icon_shapes(glyph, style):
        _shape(c, shape)
    c.restoreState()
    c.endForm()
    em.forms.add(name)
    return name


def _shape(c: Canvas, s: icons.Shape) -> None:
    def pt(p: tuple[float, float]) -> tuple[float, float]:
        return p[0] * FORM, (1.0 - p[1]) * FORM

    color = rgb01(s.color)
    if s.kind == "circle":
        (cx, cy) = pt(s.points[0])
        if s.width > 0:
            c.setStrokeColorRGB(*color)
            c.setLineWidth(s.width * FORM)
            c.circle(cx, cy, s.r * FORM, stroke=1, fill=0)
        else:
            c.setFillColorRGB(*color)
            c.circle(cx, cy, s.r * FORM, stroke=0, fill=1)
    elif s.kind in ("poly", "line"):
        path = c.beginPath()
        path.moveTo(*pt(s.points[0]))
        for p in s.points[1:]:
            path.lineTo(*pt(p))
        if s.kind == "poly" or s.closed:
            path.close()
        if s.kind == "poly":
            c.setFillColorRGB(*color)
            c.drawPath(path, stroke=0, fill=1)
        else:
            c.setStrokeColorRGB(*color)
            c.setLineWidth(s.width * FORM)
            c.drawPath(path, stroke=1, fill=0)
    elif s.kind == "text":
        size = s.r * FORM / LETTER_CAP
        cx, cy = pt(s.points[0])
        c.setFillColorRGB(*color)
        c.setFont("VeraBd", size)
        c.drawCentredString(cx, cy - s.r * FORM / 2, s.text)


def _image(c: Canvas, op: Image) -> None:
    left, top, right, bottom = op.crop
    sx, sy = op.w / (right - left), op.h / (bottom - top)  # mm per source pixel
    iw, ih = art.pixel_size(op.path)
    c.saveState()
    path = c.beginPath()
    path.rect(op.x * MM, -(op.y + op.h) * MM, op.w * MM, op.h * MM)
    c.clipPath(path, stroke=0, fill=0)
    x0, y0 = op.x - left * sx, op.y - top * sy
    c.drawImage(art.for_pdf(op.path), x0 * MM, -(y0 + ih * sy) * MM, iw * sx * MM,
                ih * sy * MM, mask="auto")  # art beyond PRINT_PIXELS is reduced first
    c.restoreState()
