"""The one entry point the CLI calls: a deck of card faces → PDF sheets, PNGs, TTS sheets,
a contact sheet, and the warnings met on the way (each with its location).

    result = render_deck("Starter", cards, Path("output/warbadge"), PrintOptions(bleed=3))
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError, LayoutError
from toolkit.core.outputs import Transaction, write_bytes
from toolkit.render import cutfile, legend, png, pool, proof, sheet, shops, sizes, tts, tts_object
from toolkit.render import layout as layout_mod
from toolkit.render.display import DisplayList, Notice, card_name, evaluate
from toolkit.render.layout import Layout
from toolkit.render.places import LayoutPlaces


def layouts_dir(game_id: str) -> Path:
    """The folder of a game's built-in layouts (package data of the game)."""
    from toolkit.core.registry import get_game  # noqa: PLC0415

    return get_game(game_id).layouts


_LOADED: dict[tuple[str, Any], tuple[Layout, tuple]] = {}
"""Parsed layouts by (file, places), with the state of every file each was read from."""
MAX_LOADED = 64


def _stamps(paths: Sequence[Path]) -> tuple:
    """Each file's (mtime in ns, size), None when it is gone."""
    out = []
    for path in paths:
        try:
            st = Path(path).stat()
            out.append((st.st_mtime_ns, st.st_size))
        except OSError:
            out.append(None)
    return tuple(out)


def load_layout_file(path: Path | str, places: LayoutPlaces | None = None) -> Layout:
    """A layout from a TOML file, parsed again only when it or a file it reads (a back's
    layout, a picture, a font) has changed. With `places`, a layout named by `[card]
    back` is looked for as the card's own layout was (`LayoutPlaces.back`), else beside
    the file."""
    path = Path(path)
    if not path.is_file():
        raise LayoutError(f"{layout_mod.display_path(path)}: layout file not found")
    key = (str(path.resolve()), places)
    cached = _LOADED.get(key)
    if cached is not None and _stamps(cached[0].files) == cached[1]:
        return cached[0]
    find = None if places is None else partial(places.back, beside=path)
    lay = layout_mod.load_file(path, find)
    if len(_LOADED) >= MAX_LOADED:
        _LOADED.pop(next(iter(_LOADED)))
    _LOADED[key] = (lay, _stamps(lay.files))
    return lay


def load_layout(game_id: str, name: str) -> Layout:
    """The game's built-in layout `<name>.toml`; LayoutError if missing."""
    return load_layout_file(LayoutPlaces(game_id, layouts_dir(game_id)).find(name))


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
    jobs: int | None = None
    """Worker processes drawing the PNGs and TTS sheets (`pool`): None for every core, 1
    to draw them in this process. The files are the same either way."""
    shop: str = ""
    """`--for`: a print-on-demand shop (`shops.SHOPS`) to write per-card images for."""
    tts_url: str = ""
    """`--tts-url`: the base URL the TTS sheets are uploaded to (else file:/// links)."""


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
    try:
        sizes.paper_size(options.paper)
    except ValueError as exc:
        problems.append(str(exc))
    if options.flip not in ("long", "short"):
        problems.append(f"--flip must be long or short, not '{options.flip}'")
    if options.cut_marks not in ("corners", "lines", "none", *cutfile.MACHINES):
        problems.append(f"--cut-marks must be corners, lines, none, silhouette or cricut, "
                        f"not '{options.cut_marks}'")
    elif options.cut_marks in cutfile.MACHINES and options.fold:
        problems.append(f"--cut-marks {options.cut_marks} cuts single sheets: use --backs "
                        "(or no backs) instead of --fold")
    if options.shop and options.shop not in shops.SHOPS:
        problems.append(f"--for must be {', '.join(shops.SHOPS)}, not '{options.shop[:40]}'")
    if not 0 <= options.bleed <= 10:
        problems.append(f"--bleed must be between 0 and 10 mm, not {options.bleed}")
    if not 30 <= options.dpi <= 1200:
        problems.append(f"--dpi must be between 30 and 1200, not {options.dpi}")
    if not MARGIN_RANGE[0] <= options.margin <= MARGIN_RANGE[1]:
        problems.append(f"--margin must be between {MARGIN_RANGE[0]:g} and {MARGIN_RANGE[1]:g} mm, "
                        f"not {options.margin:g}")
    if options.jobs is not None and not 1 <= options.jobs <= pool.MAX_JOBS:
        problems.append(f"--jobs must be between 1 and {pool.MAX_JOBS}, not {options.jobs}")
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
    if options.shop:  # a size the shop does not print stops here (InputError)
        result.warnings += shops.safe_zone_warnings(deck_name, shops.shop(options.shop),
                                                    _first_cards(cards))
    sides = _evaluate(deck_name, cards, options, result)
    if not sides.fronts:
        raise InputError(f"deck '{deck_name}' has no cards to print")
    _write(deck_name, cards, sides, stage, options, result, home=final, later=tx.later)
    result.files = [final / path.relative_to(stage) for path in result.files]
    return result


def _write(deck_name: str, cards: Sequence[CardFace], sides: _Sides, out_dir: Path,
           options: PrintOptions, result: RenderResult, home: Path | None = None,
           later: Any = None) -> None:
    """Write every output into `out_dir` (`home`: the folder it becomes, for links;
    `later`: the command's `Transaction.later`, for the contact sheet drawn meanwhile)."""
    order = [i for i, card in enumerate(cards) for _ in range(max(0, card.copies))]
    pdf_path = out_dir / f"{deck_name}.pdf"
    imposed = [sides.fronts[i] for i in order]
    margin = cutfile.sheet_margin(options.cut_marks, options.margin)
    try:
        result.pages = sheet.write_pdf(
            pdf_path, deck_name, imposed,
            [sides.backs[i] for i in order],
            sheet.SheetOptions(options.paper.lower(), margin, options.gap, options.bleed,
                               options.cut_marks, options.backs, options.flip,
                               tuple(options.back_offset), fold=options.fold,
                               stamp=options.stamp))
    except ValueError as exc:  # a card too big for the paper, margins and footer
        raise InputError(str(exc)) from None
    result.files.append(pdf_path)
    if options.cut_marks in cutfile.MACHINES:
        result.files += cutfile.write_cut_files(out_dir, deck_name, result.pages, imposed)
    if options.shop:
        result.files += shops.write_cards(shops.shop(options.shop), _first_cards(cards, True),
                                          _names(cards, 3), out_dir / options.shop)
    if options.png:
        _pngs(cards, sides, out_dir / "png", options, result)
    faces = [(dl, card.copies) for dl, card in zip(sides.screen_fronts, cards, strict=True)]
    if options.tts:
        sheets, back_path = tts.write_sheets(deck_name, faces, sides.screen_backs,
                                             out_dir / "tts", options.dpi, options.jobs)
        result.files.extend([*(p for s in sheets for p in (s.path, s.back_path) if p),
                             back_path, out_dir / "tts" / f"{deck_name}-tts.json"])
        result.files.append(tts_object.write(
            out_dir / "tts" / f"{deck_name}-saved-object.json", deck_name, sheets, back_path,
            [card_name(c.fields) for c in cards], [c.copies for c in cards],
            (home or out_dir) / "tts", options.tts_url))
    if options.contact:
        result.files.append(tts.write_contact(deck_name, faces,
                                              out_dir / f"{deck_name}-contact.png",
                                              stamp=options.stamp, jobs=options.jobs,
                                              later=later))
    if options.legend:
        wanted = [lay for lay in _layouts(cards) if lay.legend is not None]
        if wanted:
            path = out_dir / f"{deck_name}-legend.pdf"
            legend.write_pdf(path, deck_name, wanted, [c.fields for c in cards],
                             options.paper.lower(), options.margin, options.stamp)
            result.files.append(path)


def _names(cards: Sequence[CardFace], digits: int = 2) -> list[str]:
    """File stems `NN-name` of the distinct cards, numbered in deck order."""
    width = max(digits, len(str(len(cards))))
    return [f"{i + 1:0{width}d}-{slug(card_name(card.fields))}" for i, card in enumerate(cards)]


def _first_cards(cards: Sequence[CardFace], every: bool = False) -> list:
    """Each distinct layout with the first card's fields, as (layout, fields); with
    `every`, every card with its layout parsed (`CardFace`s)."""
    from dataclasses import replace  # noqa: PLC0415

    parsed = [replace(c, layout=c.layout if isinstance(c.layout, Layout)
                      else load_layout_file(c.layout)) for c in cards]
    if every:
        return parsed
    first: dict[str, tuple] = {}
    for c in parsed:
        first.setdefault(c.layout.label, (c.layout, c.fields))
    return list(first.values())


def _pngs(cards: Sequence[CardFace], sides: _Sides, folder: Path, options: PrintOptions,
          result: RenderResult) -> None:
    """One PNG per distinct card; with backs (or fold), each distinct back once: the back
    most cards share as `back.png`, any other as `NN-name-back.png` after the first card
    that has it (cards without a `-back.png` of their own use `back.png`)."""
    names = _names(cards)
    files = [(folder / f"{name}.png", front) for name, front in zip(names, sides.fronts,
                                                                     strict=True)]
    if options.backs or options.fold:
        users: dict[tuple, list[int]] = {}
        for i, back in enumerate(sides.backs):
            users.setdefault(back.look(), []).append(i)
        common = max(users.values(), key=len)  # the first of the most shared on a tie
        for group in users.values():
            first = group[0]
            file = "back.png" if group is common else f"{names[first]}-back.png"
            files.append((folder / file, sides.backs[first]))
    drawn = pool.run_all(png.encoded, [(side, options.dpi) for _, side in files],
                         options.jobs, png.at_once(sides.fronts[0], options.dpi))
    for (path, _), data in zip(files, drawn, strict=True):
        result.files.append(write_bytes(path, data))

