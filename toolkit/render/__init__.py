"""Card rendering: TOML layouts → display lists → PDF sheets (reportlab) and PNGs (Pillow).

The CLI calls `render_deck`; the pieces are usable on their own:
`load_layout` → `evaluate` → `pdf.draw` / `png.render`, `sheet.write_pdf`, `tts`.
"""

from toolkit.render import proof
from toolkit.render.display import DisplayList, evaluate
from toolkit.render.job import (
    CardFace,
    PrintOptions,
    RenderResult,
    load_layout,
    load_layout_file,
    render_deck,
)
from toolkit.render.layout import Layout
from toolkit.render.sheet import calibrate

proof.hide_invalid_epoch()  # before reportlab makes any PDF (it reads the variable itself)

__all__ = ["CardFace", "DisplayList", "Layout", "PrintOptions", "RenderResult", "calibrate",
           "evaluate", "load_layout", "load_layout_file", "render_deck"]
