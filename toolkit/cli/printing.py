"""`pnp print GAME [FILE]` and `pnp calibrate`: PDF sheets ready to cut, PNGs, TTS sheets."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from toolkit.cli.common import console, done, fail, in_range
from toolkit.cli.validate import print_report
from toolkit.core.errors import InputError
from toolkit.core.outputs import Transaction, check_folder, safe_name
from toolkit.core.registry import Game, ValidateRequest, get_game, output_root
from toolkit.core.sheets import split_file_arg
from toolkit.core.text import markup

PAPER_HELP = "a4, a3, a5, letter, legal, tabloid (ledger), or WxH with mm, cm or in."
EPOCH = "SOURCE_DATE_EPOCH"
"""Set (seconds since 1970) to date the `--proof` stamp; the wall clock is never read."""
SQUARE_RANGE = (10.0, 60.0)
"""--square: a board square from 10 mm (a token still fits a finger) to 60 mm."""
MAX_BACK_OFFSET = 10.0
"""--back-offset: a printer shifts backs by a few mm; the calibration scales read ±5 mm."""


def register(app: typer.Typer) -> None:
    """Add the commands to the app."""
    app.command("print")(print_deck)
    app.command("calibrate")(calibrate)


@dataclass(frozen=True)
class PrintJob:
    """One deck to render: its name, its cards (models), the folder of its workbook and
    the workbook itself (None for the bundled catalog)."""

    name: str
    cards: list[Any]
    base_dir: Path | None
    workbook: Path | None = None


def parse_offset(text: str) -> tuple[float, float]:
    """`--back-offset 1.5,-0.5` → (1.5, -0.5) millimetres, each from -10 to 10."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        fail(f"--back-offset must be X,Y in millimetres (e.g. 1.5,-0.5), got '{text[:40]}'")
    for value in (x, y):
        in_range("--back-offset", value, -MAX_BACK_OFFSET, MAX_BACK_OFFSET, " mm (each of X,Y)")
    return x, y


def paper_or_fail(paper: str) -> str:
    """A `--paper` value's canonical name (a4, a3, letter, 330x480mm, ...); a bad one
    stops the command (exit 2, one sentence)."""
    from toolkit.render.sizes import paper_key  # noqa: PLC0415

    try:
        return paper_key(paper)
    except ValueError as exc:
        fail(str(exc))


def file_name(deck: str) -> str:
    """A deck name as a bounded, safe folder and file name, distinct for distinct names
    (`toolkit.core.outputs.safe_name`)."""
    return safe_name(deck)


def places_for(game: Game, job: PrintJob, layout: Path | None = None,
               layouts: Path | None = None) -> Any:
    """Where the deck's layouts are looked for (`toolkit.render.places.LayoutPlaces`):
    `--layout FILE`, `--layouts DIR`, `layouts/<game>/` beside the workbook, built-in."""
    from toolkit.render.places import LayoutPlaces  # noqa: PLC0415

    return LayoutPlaces(game.id, game.layouts, job.workbook, layouts, layout)


def faces(game: Game, job: PrintJob, places: Any = None) -> list:
    """The deck's distinct cards in first-seen order, each with its number of copies and
    its layout, found in `places` (by default: beside the workbook, then built-in)."""
    from toolkit.render.job import CardFace, load_layout_file  # noqa: PLC0415

    places = places or places_for(game, job)
    loaded: dict[str, Any] = {}

    def layout(name: str) -> Any:
        if name not in loaded:
            loaded[name] = load_layout_file(places.find(name), places)
        return loaded[name]

    groups: dict[tuple, list] = {}
    for card in job.cards:
        fields = card.fields()
        key = tuple((k, str(v)) for k, v in sorted(fields.items()))
        if key in groups:
            groups[key][2] += 1
        else:
            groups[key] = [card, fields, 1]
    return [CardFace(fields, layout(game.printing.layout_of(card)), copies, job.base_dir)
            for card, fields, copies in groups.values()]


def jobs_for(game: Game, file: str | None, catalog: Path | None,
             strict: bool, layout: Path | None = None,
             layouts: Path | None = None) -> tuple[list[PrintJob], bool]:
    """Validate (showing the report) and list the decks to print; (jobs, all valid).
    `layout` and `layouts` (--layout, --layouts) go to the game's validation too."""
    if file is None:
        source = catalog or game.bundled_paths()[0]
        result = game.validate(ValidateRequest(source, catalog=catalog, layout=layout,
                                               layouts=layouts))
        print_report(result)
        cards = game.printing.catalog_cards(catalog)
        return [PrintJob("catalog", cards, source.resolve().parent, catalog)], result.valid
    path, sheet = split_file_arg(file)
    result, decks = game.load_decks(ValidateRequest(path, sheet, catalog, None, layout=layout,
                                                    layouts=layouts))
    print_report(result)
    if strict and not result.valid:
        return [], False
    # art paths are read from the catalog's rows when there is one (its folder holds them)
    base = (catalog or path).resolve().parent
    return [PrintJob(deck.name, list(deck.cards), base, path) for deck in decks if deck.cards], \
        result.valid


def print_deck(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    file: str | None = typer.Argument(None, help="Deck file (FILE#SHEET for one deck); "
                                                 "none: the whole catalog, each card once."),
    catalog: Path | None = typer.Option(None, "--catalog", help="Catalog workbook to use."),
    paper: str = typer.Option("a4", "--paper", help=PAPER_HELP),
    bleed: float = typer.Option(0.0, "--bleed", help="Bleed in mm (3 for print shops)."),
    backs: bool = typer.Option(False, "--backs", help="Add duplex back pages."),
    flip: str = typer.Option("long", "--flip", help="Duplex flip edge: long or short."),
    back_offset: str = typer.Option("0,0", "--back-offset",
                                    help="X,Y mm shift of back pages (measure with calibrate)."),
    cut_marks: str = typer.Option("corners", "--cut-marks",
                                  help="corners, lines, none, or silhouette or cricut for a "
                                       "cutting machine (its marks and SVG/DXF cut files)."),
    png: bool = typer.Option(False, "--png", help="One PNG per distinct card."),
    dpi: int = typer.Option(300, "--dpi", help="PNG resolution."),
    tts: bool = typer.Option(False, "--tts", help="Tabletop Simulator deck sheets."),
    tts_url: str = typer.Option("", "--tts-url",
                                help="Base URL the TTS sheets are uploaded to, for the saved "
                                     "object's links (default: file:/// links)."),
    shop: str = typer.Option("", "--for",
                             help="mpc, tgc or drivethrucards: per-card images for that "
                                  "print shop."),
    contact: bool = typer.Option(True, "--contact/--no-contact", help="A contact sheet PNG."),
    strict: bool = typer.Option(False, "--strict", help="Refuse decks that break the rules."),
    gap: float | None = typer.Option(None, "--gap",
                                     help="Space between cards in mm, for hand cutting "
                                          "(default 0; 2 between round tokens)."),
    margin: float = typer.Option(5.0, "--margin",
                                 help="Nothing is printed closer to a paper edge (mm)."),
    fold: bool = typer.Option(False, "--fold",
                              help="Fold-and-glue sheets (fronts and backs side by side) "
                                   "for printers without duplex."),
    proof: bool = typer.Option(False, "--proof",
                               help="Draw the cut line, bleed and safe zone on every card "
                                    "and stamp the version and inputs."),
    watch: bool = typer.Option(False, "--watch",
                               help="Print again whenever the spreadsheet, a layout or an "
                                    "art file is saved (Ctrl-C to stop)."),
    watch_polls: int | None = typer.Option(None, "--watch-polls", hidden=True,
                                           help="Stop watching after N polls (tests)."),
    square: float | None = typer.Option(None, "--square",
                                        help="Board square in mm, for games with a board."),
    layouts: Path | None = typer.Option(None, "--layouts",
                                        help="Your layouts folder: DIR/<game>/<name>.toml or "
                                             "DIR/<name>.toml before the built-in ones."),
    layout: Path | None = typer.Option(None, "--layout",
                                       help="One layout file for every card."),
    output: Path = typer.Option(None, "-o", "--output",
                                help="Output folder (default output/<game>)."),
    jobs: int | None = typer.Option(None, "--jobs",
                                    help="Processes drawing PNGs and TTS sheets "
                                         "(default: every core; 1: this process only)."),
) -> None:
    """Render decks to PDF sheets ready to cut (and PNGs, TTS sheets)."""
    from toolkit.render.job import PrintOptions, check_options  # noqa: PLC0415

    g = get_game(game)
    if g.printing is None:
        fail(f"{g.id} has no card layouts to print")
    options = PrintOptions(paper=paper_or_fail(paper), bleed=bleed, backs=backs, flip=flip,
                           back_offset=parse_offset(back_offset), cut_marks=cut_marks,
                           png=png, dpi=dpi, tts=tts, contact=contact, margin=margin, gap=gap,
                           fold=fold, proof=proof, shop=shop, tts_url=tts_url, jobs=jobs)
    if square is not None:
        in_range("--square", square, *SQUARE_RANGE, " mm")
    check_options(options)  # a bad option stops here: exit 2, nothing read or written
    if layout is not None and not layout.is_file():
        fail(f"--layout {layout}: no such layout file")
    if layouts is not None and not layouts.is_dir():
        fail(f"--layouts {layouts}: no such folder")
    check_folder(output or g.output(), "-o")
    request = PrintRequest(g, file, catalog, strict, options, output or g.output(),
                           square, layout, layouts)
    if not watch:
        done(print_once(request))
    watch_and_print(request, watch_polls)
    done(0)


@dataclass(frozen=True)
class PrintRequest:
    """Everything `pnp print` was asked, to run once or again on every save."""

    game: Game
    file: str | None
    catalog: Path | None
    strict: bool
    options: Any
    root: Path
    square: float | None = None
    """--square: a board square in mm (games with a board), None for the game's own."""
    layout: Path | None = None
    """--layout FILE: one layout for every card."""
    layouts: Path | None = None
    """--layouts DIR: the designer's layouts folder."""

    def places(self, job: PrintJob) -> Any:
        """Where a deck's layouts are looked for (`places_for`)."""
        return places_for(self.game, job, self.layout, self.layouts)

    def jobs(self) -> tuple[list[PrintJob], bool]:
        """Validate (showing the report) and list the decks to print (`jobs_for`)."""
        return jobs_for(self.game, self.file, self.catalog, self.strict, self.layout,
                        self.layouts)

    def sources(self) -> list[Path]:
        """The spreadsheets the cards come from: the deck file, the catalog, or the game's
        bundled content."""
        out = []
        if self.file is not None:
            out.append(split_file_arg(self.file)[0])
        if self.catalog is not None:
            out.append(self.catalog)
        if not out or (self.catalog is None and self.file is not None):
            out.extend(sorted(self.game.content.glob("*.xlsx")))
        return [p for i, p in enumerate(out) if p not in out[:i]]


def print_once(request: PrintRequest) -> int:
    """Validate, render every deck, report; the exit code (0, or 1 for decks that break
    rules). Unreadable input raises InputError (exit 2) and writes nothing.

    The cyclic garbage collector is paused meanwhile (a print allocates hundreds of
    thousands of small objects that live until the files are written, and scanning them
    again and again costs more than the drawing); each deck's own garbage is collected
    after it (the youngest generation only, so a workbook of 1,000 decks stays flat),
    and everything once at the end, so `--watch` does not grow."""
    gc.disable()
    try:
        return _print_once(request)
    finally:
        gc.enable()
        gc.collect()


def _print_once(request: PrintRequest) -> int:
    from dataclasses import replace  # noqa: PLC0415

    from toolkit.render import proof  # noqa: PLC0415
    from toolkit.render.job import render_deck  # noqa: PLC0415

    g = request.game
    jobs, valid = request.jobs()
    out = console()
    if request.strict and not valid:
        out.print("[red]--strict: nothing printed, the decks break construction rules[/]")
        return 1
    folders = [request.root / file_name(job.name) for job in jobs]
    posters = plan_posters(g, request, folders)
    inputs = [*request.sources(), *(p for p in (request.layout, request.layouts) if p)]
    tx = plan_outputs(request.root, folders, posters, inputs)
    locator = Locator(request.sources())
    ignored = proof.hide_invalid_epoch() if request.options.proof else None
    if ignored:  # reproducible-builds.org: an invalid value is not a date; say so, go on
        console(err=True).print(markup(f"pnp: warning: {ignored}"))
    decks = [(job, folder, faces(g, job, request.places(job)))
             for job, folder in zip(jobs, folders, strict=True)]
    yours, warnings = layouts_summary(g, [cards for _, _, cards in decks])
    if yours:
        out.print(markup(yours))
    for warning in warnings:
        out.print("  [yellow]warning[/] " + markup(warning))
    with tx:
        for job, folder, cards in decks:
            options = request.options
            if options.proof:
                inputs = [*request.sources(), *layout_files(cards), *art_files(cards)]
                options = replace(options, stamp=proof.stamp(inputs, os.environ.get(EPOCH)))
            result = render_deck(file_name(job.name), cards, folder, options, tx)
            gc.collect(0)  # this deck's garbage only: a 1,000-sheet print stays flat
            for warning in result.warnings:
                where = locator.find(warning)
                out.print("  [yellow]warning[/] " + markup(str(warning))
                          + (f" — at {markup(str(where))}" if where else ""))
            copies = sum(f.copies for f in cards)
            more = f" (+{len(result.files) - 3} more)" if len(result.files) > 3 else ""
            out.print(f"[bold]{markup(job.name)}[/]: "
                      + markup(f"{copies} cards on {len(result.pages)} page(s) → "
                               + ", ".join(str(shown(p)) for p in result.files[:3]) + more))
        written = write_posters(posters, request.options.paper, tx)
    for target, pages in written:
        out.print(markup(f"{target.stem}: {pages} page(s) → {shown(target)}"))
    return 0 if valid else 1


@dataclass(frozen=True)
class Poster:
    """A drawing larger than a card (a board), to tile over pages at 100% into `target`."""

    target: Path
    title: str
    drawing: Any


def plan_posters(game: Game, request: PrintRequest, folders: list[Path]) -> list[Poster]:
    """The posters a print writes (`PrintSpec.posters`): a deck's board into its deck's
    folder, the game's own sheet (a battlefield) beside the decks. Without a file the cards
    print as one catalog, and its boards go into the catalog's folder."""
    if game.printing.posters is None or not folders:
        return []
    file = request.file
    path, sheet = (split_file_arg(file) if file
                   else (request.catalog or game.bundled_paths()[0], None))
    return poster_targets(game, path, sheet, request.square, request.root,
                          None if file else folders[0])


def poster_targets(game: Game, path: Path, sheet: str | None, square: float | None,
                   root: Path, folder: Path | None = None) -> list[Poster]:
    """A game's posters, each with the file it goes to: into its deck's folder under
    ``root`` (or into ``folder``), or ``root`` itself for the game's own sheet."""
    out = []
    for deck, name, drawing in game.printing.posters(path, sheet, square):
        if deck is None:  # the game's own sheet, the same for every deck (a battlefield)
            target = root / f"{file_name(name)}.pdf"
        else:
            target = ((folder or root / file_name(deck))
                      / f"{file_name(deck)}-{file_name(name)}.pdf")
        out.append(Poster(target, f"{game.title} · {name}", drawing))
    return out


def plan_outputs(root: Path, folders: list[Path], posters: list[Poster],
                 inputs: list[Path] = (), tx: Any = None) -> Any:
    """Every output of a print, checked before any drawing (`Transaction.claim`): a folder
    per deck, and each poster's file or, when its deck prints no cards, its deck's folder.
    Refuses (InputError) a name where something pnp did not write is, or an input. The
    transaction (`tx`, or a new one with `inputs`)."""
    from toolkit.core.outputs import Transaction  # noqa: PLC0415

    tx = tx if tx is not None else Transaction(inputs)
    for folder in folders:
        tx.claim(folder, "folder")
    for poster in posters:
        if poster.target.parent == root:
            tx.claim(poster.target)
        elif poster.target.parent not in folders:
            tx.claim(poster.target.parent, "folder")
    return tx


def write_posters(posters: list[Poster], paper: str, tx: Any) -> list[tuple[Path, int]]:
    """Tile each poster over pages (`write_poster`) into its place in the transaction `tx`
    (a deck folder that prints no cards gets one of its own); (file, pages) of each."""
    from toolkit.render.poster import write_poster  # noqa: PLC0415

    written = []
    for poster in posters:
        pages = write_poster(tx.writable(poster.target), poster.title, poster.drawing,
                             paper=paper)
        written.append((poster.target, len(pages)))
    return written


def watch_and_print(request: PrintRequest, polls: int | None = None, interval: float = 0.5,
                    stop: Callable[[], bool] | None = None) -> int:
    """Print, then print again after every save of a watched file until Ctrl-C (or
    `polls` polls, or `stop()`); a run that fails (a half-saved workbook) is reported and
    watching goes on. Returns the number of re-prints."""
    from toolkit.render.watch import watch  # noqa: PLC0415

    out = console()

    def run(changed: list[Path]) -> None:
        if changed:
            out.print(markup(f"changed: {', '.join(shown(p) for p in changed)} — printing again"))
        try:
            print_once(request)
        except InputError as exc:
            out.print(markup(f"pnp: {exc}"))
        out.print(f"watching {len(watched())} file(s) for changes (Ctrl-C to stop)")

    def watched() -> list[Path]:
        return watch_list(request)

    run([])
    try:
        return watch(watched, run, interval=interval, polls=polls, stop=stop)
    except KeyboardInterrupt:
        out.print("stopped watching")
        return 0


def watch_list(request: PrintRequest) -> list[Path]:
    """The files a re-print depends on: the spreadsheets, the layouts used (the
    designer's or the game's, with the layouts of their backs, their pictures and font
    files), every place a layout of those names would be found first (so saving a new
    one of your own prints again), the game's built-in layouts and the art."""
    paths = list(request.sources())
    paths += sorted(request.game.layouts.glob("*.toml"))
    try:
        jobs, _ = jobs_for_quietly(request)
    except InputError:
        return list(dict.fromkeys(paths))
    for job in jobs:
        places = request.places(job)
        names = {request.game.printing.layout_of(card) for card in job.cards}
        paths += [p for name in sorted(names) for p in places.candidates(name)]
        try:
            cards = faces(request.game, job, places)
        except InputError:  # a layout being edited: its file is watched above
            continue
        paths += [*layout_files(cards), *art_files(cards)]
    return list(dict.fromkeys(paths))


def jobs_for_quietly(request: PrintRequest) -> tuple[list[PrintJob], bool]:
    """The decks to print, without showing the validation report."""
    import contextlib  # noqa: PLC0415
    import io  # noqa: PLC0415

    with contextlib.redirect_stdout(io.StringIO()):
        return request.jobs()


def used_layouts(cards: list) -> list[Any]:
    """The distinct layouts the cards use, in first-seen order."""
    return list({id(c.layout): c.layout for c in cards}.values())


def layout_files(cards: list) -> list[Path]:
    """The files the cards' layouts were read from: each layout, the layouts its backs
    come from, its pictures and font files (`Layout.files`)."""
    return list(dict.fromkeys(p for lay in used_layouts(cards) for p in lay.files))


def layouts_summary(game: Game, decks: list[list]) -> tuple[str, list[str]]:
    """What a print says about its layouts, once per run: which came from the designer's
    project (`layouts: card from layouts/battlegate/card.toml (yours)`, or "" when all
    are built in), and each layout's own warnings, once."""
    layouts = used_layouts([card for cards in decks for card in cards])
    builtin = game.layouts.resolve()
    yours = [f"{lay.files[0].stem} from {shown(lay.files[0])}" for lay in layouts
             if lay.files and lay.files[0].resolve().parent != builtin]
    backs = {p for lay in layouts for p in lay.files[1:]
             if p.suffix == ".toml" and p.resolve().parent != builtin}
    yours += [f"back {p.stem} from {shown(p)}" for p in sorted(backs)]
    line = f"layouts: {', '.join(yours)} (yours)" if yours else ""
    return line, list(dict.fromkeys(w for lay in layouts for w in lay.warnings))


def art_files(cards: list) -> list[Path]:
    """The art files the cards name (absolute paths that exist)."""
    out = []
    for card in cards:
        art = card.fields.get("Art")
        if art not in (None, "") and Path(str(art)).is_absolute() and Path(str(art)).is_file():
            out.append(Path(str(art)))
    return sorted(set(out))


class Locator:
    """Finds the spreadsheet cell a warning is about: the row whose name cell is the card's
    name, in the column of the warning's field (holding the offending text when known)."""

    NAME_HEADERS = ("name", "badge", "card")

    def __init__(self, sources: list[Path]) -> None:
        self.sources = sources
        self._books: dict[Path, Any] = {}

    def _book(self, path: Path):
        from toolkit.core.sheets import open_workbook  # noqa: PLC0415

        if path not in self._books:
            try:
                self._books[path] = open_workbook(path)
            except (InputError, OSError):
                self._books[path] = None
        return self._books[path]

    def find(self, warning: str):
        """The Location of the warning's cell, or None."""
        card, fields, needle = (getattr(warning, "card", ""), getattr(warning, "fields", ()),
                                getattr(warning, "needle", ""))
        if not card or not fields:
            return None
        key = " ".join(card.split()).casefold()
        for path in self.sources:
            book = self._book(path)
            for sheet in book.sheets if book else ():
                found = _find_in(sheet, key, fields, needle)
                if found is not None:
                    return found
        return None


def _find_in(sheet, name_key: str, fields: tuple[str, ...], needle: str):
    from toolkit.core.report import column_letter  # noqa: PLC0415
    from toolkit.core.sheets import is_blank  # noqa: PLC0415

    rows = [(n, values) for n, values in sheet.rows if any(not is_blank(v) for v in values)]
    if not rows:
        return None
    header_row = rows[0][1]
    headers = {" ".join(str(h).split()).casefold(): i for i, h in enumerate(header_row)
               if not is_blank(h)}
    name_col = next((headers[h] for h in Locator.NAME_HEADERS if h in headers), None)
    if name_col is None:
        return None
    for number, values in rows[1:]:
        cell = values[name_col] if name_col < len(values) else None
        if is_blank(cell) or " ".join(str(cell).split()).casefold() != name_key:
            continue
        for name in fields:
            col = headers.get(name.casefold())
            if col is None or col >= len(values):
                continue
            if needle and needle not in str(values[col]):
                continue
            return sheet.location.at(number, column_letter(col + 1), str(header_row[col]))
    return None


def shown(path: Path) -> str:
    """A path as the user reads it: relative to the working folder when inside it."""
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)


def calibrate(
    paper: str = typer.Option("a4", "--paper", help=PAPER_HELP),
    flip: str = typer.Option("long", "--flip", help="Duplex flip edge: long or short."),
    landscape: bool = typer.Option(False, "--landscape",
                                   help="Landscape pages, for prints whose pages are landscape "
                                        "(their back pages' footer says so)."),
    output: Path = typer.Option(None, "-o", "--output", help="Output folder (default output/)."),
) -> None:
    """Write a two-page duplex alignment test sheet to measure --back-offset."""
    from toolkit.render import calibration  # noqa: PLC0415

    paper = paper_or_fail(paper)
    if flip not in ("long", "short"):
        fail(f"--flip must be long or short, got '{flip[:40]}'")
    folder = check_folder(output or output_root(), "-o")
    turned = "-landscape" if landscape else ""
    path = folder / f"calibrate-{paper}{turned}-{flip}.pdf"
    tx = Transaction()
    tx.claim(path)  # never over a file or folder of that name that pnp did not write
    with tx:
        calibration.write(paper, tx.file(path), flip, landscape=landscape)
    console().print(f"wrote {markup(shown(path))}: print it duplex at 100%, hold it to the light, "
                    "and read the back's offset on the scales; pass it as --back-offset X,Y")
