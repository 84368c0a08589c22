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
from toolkit.core.outputs import Transaction
from toolkit.render import layout as layout_mod
from toolkit.render import legend, png, proof, sheet, tts
from toolkit.render.display import DisplayList, Notice, card_name, evaluate
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
    """The printer's unprintable strip: nothing is drawn closer to a paper edge."""
    gap: float | None = None
    """None: 0 for rectangular cards, 2 mm between round tokens."""
    fold: bool = False
    """Fold-and-glue sheets (fronts and backs side by side) instead of duplex pages."""
    proof: bool = False
    """Cut line, bleed edge and safe zone over each card (PDF and PNG), `stamp` in footers."""
    stamp: str = ""
    legend: bool = True
    """A legend sheet for layouts that declare one."""


MARGIN_RANGE = (0.0, 30.0)
GAP_RANGE = (0.0, 30.0)


@dataclass
class RenderResult:
    """Files written (in order), warnings (`deck › card 'X' › box 'y': …`, each a `Notice`
    that knows its card and fields), PDF pages."""

    files: list[Path] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    pages: list[sheet.PageInfo] = field(default_factory=list)


def slug(text: str) -> str:
    """A file-name-safe slug: 'Ember Fox!' → 'ember-fox'."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:60] or "card"


def check_options(options: PrintOptions, deck: str = "deck") -> None:
    """InputError naming every bad option by its `pnp print` name (and a deck name that
    cannot be a file name); NaN and infinities are out of every range."""
    problems = []
    if options.paper.lower() not in ("a4", "letter"):
        problems.append(f"--paper must be a4 or letter, not '{options.paper}'")
    if options.flip not in ("long", "short"):
        problems.append(f"--flip must be long or short, not '{options.flip}'")
    if options.cut_marks not in ("corners", "lines", "none"):
        problems.append(f"--cut-marks must be corners, lines or none, not '{options.cut_marks}'")
    if not 0 <= options.bleed <= 10:
        problems.append(f"--bleed must be between 0 and 10 mm, not {options.bleed}")
    if not 30 <= options.dpi <= 1200:
        problems.append(f"--dpi must be between 30 and 1200, not {options.dpi}")
    if not MARGIN_RANGE[0] <= options.margin <= MARGIN_RANGE[1]:
        problems.append(f"--margin must be between {MARGIN_RANGE[0]:g} and {MARGIN_RANGE[1]:g} mm, "
                        f"not {options.margin:g}")
    if options.gap is not None and not GAP_RANGE[0] <= options.gap <= GAP_RANGE[1]:
        problems.append(f"--gap must be between {GAP_RANGE[0]:g} and {GAP_RANGE[1]:g} mm, "
                        f"not {options.gap:g}")
    if options.fold and options.backs:
        problems.append("--fold puts each back beside its front: use it instead of duplex backs")
    if not slug(deck) or "/" in deck or "\\" in deck or deck.startswith("."):
        problems.append(f"deck name '{deck}' cannot be a file name")
    if problems:
        raise InputError("; ".join(problems))


@dataclass
class _Sides:
    """Every distinct card's front and back display lists, for print (with bleed and,
    for a proof, the overlays) and for screens (no bleed, no overlays)."""

    fronts: list[DisplayList]
    backs: list[DisplayList]
    screen_fronts: list[DisplayList]
    screen_backs: list[DisplayList]


def needs_backs(options: PrintOptions) -> bool:
    """Whether anything written shows the cards' backs."""
    return options.backs or options.fold or options.tts


def _evaluate(deck_name: str, cards: Sequence[CardFace], options: PrintOptions,
              result: RenderResult) -> _Sides:
    sides = _Sides([], [], [], [])
    with_backs = needs_backs(options)
    static: dict[tuple[int, str, float], DisplayList] = {}
    fixed: dict[tuple[int, str], bool] = {}
    memo: dict = {}

    def side(lay: Layout, card: CardFace, name: str, bleed: float) -> DisplayList:
        """A side evaluated once per layout when no field can change it (a shared back)."""
        if (id(lay), name) not in fixed:
            fixed[id(lay), name] = is_static(lay, name)
        if not fixed[id(lay), name]:
            return evaluate(lay, card.fields, name, bleed=bleed, base_dir=card.base_dir,
                            memo=memo)
        key = (id(lay), name, bleed)
        if key not in static:
            static[key] = evaluate(lay, card.fields, name, bleed=bleed, base_dir=card.base_dir)
        return static[key]

    for card in cards:
        lay = card.layout if isinstance(card.layout, Layout) else load_layout_file(card.layout)
        front = side(lay, card, "front", options.bleed)
        back = side(lay, card, "back", options.bleed) if with_backs else front
        for warning in (*front.warnings, *(back.warnings if with_backs else ())):
            text = f"{deck_name} › {warning} ({lay.label})"
            result.warnings.append(Notice(text, *_about(warning)))
        if options.bleed:  # screens (TTS, contact sheet) never show bleed
            sides.screen_fronts.append(side(lay, card, "front", 0.0))
            sides.screen_backs.append(side(lay, card, "back", 0.0) if with_backs else front)
        else:
            sides.screen_fronts.append(front)
            sides.screen_backs.append(back)
        if options.proof:
            front, back = proof.overlay(front), proof.overlay(back)
        sides.fronts.append(front)
        sides.backs.append(back)
    return sides


def is_static(layout: Layout, side: str) -> bool:
    """Whether no card field can change a side of a layout (so it is drawn once): no
    `{Field}` text, no style, no condition, no art, no icon column, no back chosen per card."""
    if side == "back" and layout.back_from is not None:
        return False
    return all(box.fixed for box in layout.boxes(side))


def _about(warning: str) -> tuple[str, tuple[str, ...], str]:
    if isinstance(warning, Notice):
        return warning.card, warning.fields, warning.needle
    return "", (), ""


def _layouts(cards: Sequence[CardFace]) -> list[Layout]:
    seen: dict[str, Layout] = {}
    for card in cards:
        lay = card.layout if isinstance(card.layout, Layout) else load_layout_file(card.layout)
        seen.setdefault(lay.label, lay)
    return list(seen.values())


def render_deck(deck_name: str, cards: Sequence[CardFace], out_dir: Path,
                options: PrintOptions = PrintOptions(),
                tx: Transaction | None = None) -> RenderResult:
    """Render a deck into the folder `out_dir`: `<deck>.pdf` always; with the options,
    `png/NN-name.png` per distinct card (and its back with `backs`), `tts/…` sheets with
    `<deck>-tts.json`, `<deck>-contact.png`, and `<deck>-legend.pdf` when a layout declares
    a legend. The folder is written whole or not at all (`Transaction.tree`): it is built
    in a temporary sibling and moved into place at the end, replacing an older print of
    pnp's (so no stale PNGs stay behind) but never anything else there (InputError).
    Within a command's `tx` the move waits for the command's commit. Bad options raise
    InputError, bad layouts LayoutError; card problems (missing art or glyphs, low-res
    art, overflowing text) become located warnings."""
    check_options(options, deck_name)
    if tx is None:
        with Transaction() as own:
            return render_deck(deck_name, cards, out_dir, options, own)
    final = Path(out_dir)
    stage = tx.tree(final)
    result = RenderResult()
    sides = _evaluate(deck_name, cards, options, result)
    if not sides.fronts:
        raise InputError(f"deck '{deck_name}' has no cards to print")
    _write(deck_name, cards, sides, stage, options, result)
    result.files = [final / path.relative_to(stage) for path in result.files]
    return result


def _write(deck_name: str, cards: Sequence[CardFace], sides: _Sides, out_dir: Path,
           options: PrintOptions, result: RenderResult) -> None:
    order = [i for i, card in enumerate(cards) for _ in range(max(0, card.copies))]
    pdf_path = out_dir / f"{deck_name}.pdf"
    try:
        result.pages = sheet.write_pdf(
            pdf_path, deck_name, [sides.fronts[i] for i in order],
            [sides.backs[i] for i in order],
            sheet.SheetOptions(options.paper.lower(), options.margin, options.gap, options.bleed,
                               options.cut_marks, options.backs, options.flip,
                               tuple(options.back_offset), fold=options.fold,
                               stamp=options.stamp))
    except ValueError as exc:  # a card too big for the paper, margins and footer
        raise InputError(str(exc)) from None
    result.files.append(pdf_path)
    if options.png:
        _pngs(cards, sides, out_dir / "png", options, result)
    faces = [(dl, card.copies) for dl, card in zip(sides.screen_fronts, cards, strict=True)]
    if options.tts:
        sheets, back_path = tts.write_sheets(deck_name, faces, sides.screen_backs,
                                             out_dir / "tts", options.dpi)
        result.files.extend([*(p for s in sheets for p in (s.path, s.back_path) if p),
                             back_path, out_dir / "tts" / f"{deck_name}-tts.json"])
    if options.contact:
        result.files.append(tts.write_contact(deck_name, faces,
                                              out_dir / f"{deck_name}-contact.png",
                                              stamp=options.stamp))
    if options.legend:
        wanted = [lay for lay in _layouts(cards) if lay.legend is not None]
        if wanted:
            path = out_dir / f"{deck_name}-legend.pdf"
            legend.write_pdf(path, deck_name, wanted, [c.fields for c in cards],
                             options.paper.lower(), options.margin, options.stamp)
            result.files.append(path)


def _pngs(cards: Sequence[CardFace], sides: _Sides, folder: Path, options: PrintOptions,
          result: RenderResult) -> None:
    """One PNG per distinct card; with backs (or fold), the back too: `back.png` when every
    card shares it, else `NN-name-back.png` per card."""
    width = max(2, len(str(len(cards))))
    names = [f"{i + 1:0{width}d}-{slug(card_name(card.fields))}" for i, card in enumerate(cards)]
    for name, front in zip(names, sides.fronts, strict=True):
        result.files.append(save_png(folder / f"{name}.png", png.render(front, options.dpi),
                                     options.dpi))
    if not (options.backs or options.fold):
        return
    distinct = {dl.look() for dl in sides.backs}
    if len(distinct) == 1:
        result.files.append(save_png(folder / "back.png", png.render(sides.backs[0], options.dpi),
                                     options.dpi))
        return
    for name, back in zip(names, sides.backs, strict=True):
        result.files.append(save_png(folder / f"{name}-back.png", png.render(back, options.dpi),
                                     options.dpi))

