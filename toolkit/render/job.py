"""The one entry point the CLI calls: a deck of card faces → PDF sheets, PNGs, TTS sheets,
a contact sheet, and the warnings met on the way (each with its location).

    result = render_deck("Starter", cards, Path("output/warbadge"), PrintOptions(bleed=3))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError, LayoutError
from toolkit.render import layout as layout_mod
from toolkit.render import png, sheet, tts
from toolkit.render.display import DisplayList, card_name, evaluate
from toolkit.render.layout import Layout
from toolkit.render.output import save_png


def project_root() -> Path:
    """The project folder (holding layouts/)."""
    try:
        from toolkit.core.registry import ROOT
    except ImportError:  # pragma: no cover - the registry is optional for rendering
        return Path(__file__).resolve().parents[2]
    return ROOT


def layouts_dir() -> Path:
    """The folder of bundled layouts: `<root>/layouts`."""
    return project_root() / "layouts"


@lru_cache(maxsize=64)
def _load_cached(path: str, mtime: float) -> Layout:
    return layout_mod.load_file(Path(path))


def load_layout_file(path: Path | str) -> Layout:
    """A layout from a TOML file (parsed once while the file is unchanged)."""
    path = Path(path)
    try:
        mtime = path.stat().st_mtime
    except OSError as exc:
        raise LayoutError(f"{layout_mod.display_path(path)}: layout file not found") from exc
    return _load_cached(str(path.resolve()), mtime)


def load_layout(game_id: str, name: str) -> Layout:
    """`layouts/<game>/<name>.toml` from the project folder; LayoutError if missing."""
    folder = layouts_dir() / game_id
    path = folder / f"{name}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in folder.glob("*.toml")) if folder.is_dir() else []
        hint = f"; known: {', '.join(known)}" if known else ""
        raise LayoutError(f"no layout '{name}' for game '{game_id}' "
                          f"(looked for layouts/{game_id}/{name}.toml){hint}")
    return load_layout_file(path)


@dataclass(frozen=True)
class CardFace:
    """One distinct card: its fields, its layout (or layout path), copies, art folder."""

    fields: Mapping[str, Any]
    layout: Layout | Path | str
    copies: int = 1
    base_dir: Path | None = None
    """The workbook's folder: Art paths are read from inside it only."""


@dataclass(frozen=True)
class PrintOptions:
    """What to write and how. Lengths in mm."""

    paper: str = "a4"
    bleed: float = 0.0
    backs: bool = False
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    cut_marks: str = "corners"
    png: bool = False
    dpi: int = 300
    tts: bool = False
    contact: bool = False
    margin: float = 5.0
    gap: float | None = None
    """None: 0 for rectangular cards, 2 mm between round tokens."""


@dataclass
class RenderResult:
    """Files written (in order), warnings (`deck › card 'X' › box 'y': …`), PDF pages."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    pages: list[sheet.PageInfo] = field(default_factory=list)


def slug(text: str) -> str:
    """A file-name-safe slug: 'Ember Fox!' → 'ember-fox'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:60] or "card"


def _check(deck: str, options: PrintOptions) -> None:
    problems = []
    if options.paper.lower() not in ("a4", "letter"):
        problems.append(f"paper must be a4 or letter, not '{options.paper}'")
    if options.flip not in ("long", "short"):
        problems.append(f"flip must be long or short, not '{options.flip}'")
    if options.cut_marks not in ("corners", "lines", "none"):
        problems.append(f"cut marks must be corners, lines or none, not '{options.cut_marks}'")
    if not 0 <= options.bleed <= 10:
        problems.append(f"bleed must be between 0 and 10 mm, not {options.bleed}")
    if not 30 <= options.dpi <= 1200:
        problems.append(f"dpi must be between 30 and 1200, not {options.dpi}")
    if not slug(deck) or "/" in deck or "\\" in deck or deck.startswith("."):
        problems.append(f"deck name '{deck}' cannot be a file name")
    if problems:
        raise InputError("; ".join(problems))


def render_deck(deck_name: str, cards: Sequence[CardFace], out_dir: Path,
                options: PrintOptions = PrintOptions()) -> RenderResult:
    """Render a deck: `<out>/<deck>.pdf` always; with the options, `<out>/png/NN-name.png`
    per distinct card, `<out>/tts/<deck>-sheet-k.png` + `<deck>-back.png`, and
    `<out>/<deck>-contact.png`. Bad options raise InputError, bad layouts LayoutError;
    card problems (missing art, overflowing text) become located warnings."""
    _check(deck_name, options)
    out_dir = Path(out_dir)
    result = RenderResult()
    fronts: list[DisplayList] = []
    backs: list[DisplayList] = []
    for card in cards:
        lay = card.layout if isinstance(card.layout, Layout) else load_layout_file(card.layout)
        front = evaluate(lay, card.fields, "front", bleed=options.bleed, base_dir=card.base_dir)
        back = evaluate(lay, card.fields, "back", bleed=options.bleed, base_dir=card.base_dir)
        fronts.append(front)
        backs.append(back)
        for warning in (*front.warnings, *back.warnings):
            result.warnings.append(f"{deck_name} › {warning} ({lay.label})")
    if not fronts:
        raise InputError(f"deck '{deck_name}' has no cards to print")
    order = [i for i, card in enumerate(cards) for _ in range(max(0, card.copies))]
    pdf_path = out_dir / f"{deck_name}.pdf"
    result.pages = sheet.write_pdf(
        pdf_path, deck_name, [fronts[i] for i in order], [backs[i] for i in order],
        sheet.SheetOptions(options.paper.lower(), options.margin, options.gap, options.bleed,
                           options.cut_marks, options.backs, options.flip,
                           tuple(options.back_offset)))
    result.files.append(pdf_path)
    faces = [(fronts[i], card.copies) for i, card in enumerate(cards)]
    if options.png:
        width = max(2, len(str(len(cards))))
        for i, card in enumerate(cards):
            name = f"{i + 1:0{width}d}-{slug(card_name(card.fields))}.png"
            result.files.append(save_png(out_dir / "png" / name, png.render(fronts[i], options.dpi),
                                         options.dpi))
    if options.tts:
        sheets, back_path = tts.write_sheets(deck_name, faces, backs[0], out_dir / "tts",
                                             options.dpi)
        result.files.extend([*(s.path for s in sheets), back_path])
    if options.contact:
        result.files.append(tts.write_contact(deck_name, faces,
                                              out_dir / f"{deck_name}-contact.png"))
    return result
