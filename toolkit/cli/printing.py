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
from toolkit.core.registry import ROOT, Game, ValidateRequest, get_game
from toolkit.core.sheets import split_file_arg
from toolkit.core.text import markup

PAPERS = ("a4", "letter")
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
    """One deck to render: its name, its cards (models) and the folder of its workbook."""

    name: str
    cards: list[Any]
    base_dir: Path | None


def parse_offset(text: str) -> tuple[float, float]:
    """`--back-offset 1.5,-0.5` → (1.5, -0.5) millimetres, each from -10 to 10."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        fail(f"--back-offset must be X,Y in millimetres (e.g. 1.5,-0.5), got '{text[:40]}'")
    for value in (x, y):
        in_range("--back-offset", value, -MAX_BACK_OFFSET, MAX_BACK_OFFSET, " mm (each of X,Y)")
    return x, y


def file_name(deck: str) -> str:
    """A deck name as a bounded, safe folder and file name, distinct for distinct names
    (`toolkit.core.outputs.safe_name`)."""
    return safe_name(deck)


def faces(game: Game, job: PrintJob) -> list:
    """The deck's distinct cards in first-seen order, each with its number of copies."""
    from toolkit.render.job import CardFace, load_layout  # noqa: PLC0415

    groups: dict[tuple, list] = {}
    for card in job.cards:
        fields = card.fields()
        key = tuple((k, str(v)) for k, v in sorted(fields.items()))
        if key in groups:
            groups[key][2] += 1
        else:
            groups[key] = [card, fields, 1]
    return [CardFace(fields, load_layout(game.id, game.printing.layout_of(card)),
                     copies, job.base_dir) for card, fields, copies in groups.values()]


def jobs_for(game: Game, file: str | None, catalog: Path | None,
             strict: bool) -> tuple[list[PrintJob], bool]:
    """Validate (showing the report) and list the decks to print; (jobs, all valid)."""
    if file is None:
        source = catalog or game.bundled_paths()[0]
        result = game.validate(ValidateRequest(source, catalog=catalog))
        print_report(result)
        cards = game.printing.catalog_cards(catalog)
        return [PrintJob("catalog", cards, source.resolve().parent)], result.valid
    path, sheet = split_file_arg(file)
    result, decks = game.load_decks(ValidateRequest(path, sheet, catalog, None))
    print_report(result)
    if strict and not result.valid:
        return [], False
    base = path.resolve().parent
    return [PrintJob(deck.name, list(deck.cards), base) for deck in decks if deck.cards], \
        result.valid


def print_deck(
    game: str = typer.Argument(..., help="Game id (see `pnp games`)."),
    file: str | None = typer.Argument(None, help="Deck file (FILE#SHEET for one deck); "
                                                 "none: the whole catalog, each card once."),
    catalog: Path | None = typer.Option(None, "--catalog", help="Catalog workbook to use."),
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    bleed: float = typer.Option(0.0, "--bleed", help="Bleed in mm (3 for print shops)."),
    backs: bool = typer.Option(False, "--backs", help="Add duplex back pages."),
    flip: str = typer.Option("long", "--flip", help="Duplex flip edge: long or short."),
    back_offset: str = typer.Option("0,0", "--back-offset",
                                    help="X,Y mm shift of back pages (measure with calibrate)."),
    cut_marks: str = typer.Option("corners", "--cut-marks", help="corners, lines or none."),
    png: bool = typer.Option(False, "--png", help="One PNG per distinct card."),
    dpi: int = typer.Option(300, "--dpi", help="PNG resolution."),
    tts: bool = typer.Option(False, "--tts", help="Tabletop Simulator deck sheets."),
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
    output: Path = typer.Option(None, "-o", "--output",
                                help="Output folder (default output/<game>)."),
) -> None:
    """Render decks to PDF sheets ready to cut (and PNGs, TTS sheets)."""
    from toolkit.render.job import PrintOptions, check_options  # noqa: PLC0415

    g = get_game(game)
    if g.printing is None:
        fail(f"{g.id} has no card layouts to print")
    if paper.lower() not in PAPERS:
        fail(f"--paper must be a4 or letter, got '{paper[:40]}'")
    options = PrintOptions(paper=paper.lower(), bleed=bleed, backs=backs, flip=flip,
                           back_offset=parse_offset(back_offset), cut_marks=cut_marks,
                           png=png, dpi=dpi, tts=tts, contact=contact, margin=margin, gap=gap,
                           fold=fold, proof=proof)
    if square is not None:
        in_range("--square", square, *SQUARE_RANGE, " mm")
    check_options(options)  # a bad option stops here: exit 2, nothing read or written
    check_folder(output or ROOT / "output" / g.id, "-o")
    request = PrintRequest(g, file, catalog, strict, options, output or ROOT / "output" / g.id,
                           square)
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
    jobs, valid = jobs_for(g, request.file, request.catalog, request.strict)
    out = console()
    if request.strict and not valid:
        out.print("[red]--strict: nothing printed, the decks break construction rules[/]")
        return 1
    folders = [request.root / file_name(job.name) for job in jobs]
    posters = plan_posters(g, request, folders)
    tx = plan_outputs(request.root, folders, posters, request.sources())
    locator = Locator(request.sources())
    ignored = proof.hide_invalid_epoch() if request.options.proof else None
    if ignored:  # reproducible-builds.org: an invalid value is not a date; say so, go on
        console(err=True).print(markup(f"pnp: warning: {ignored}"))
    with tx:
        for job, folder in zip(jobs, folders, strict=True):
            cards = faces(g, job)
            options = request.options
            if options.proof:
                inputs = [*request.sources(), *layout_files(g, cards), *art_files(cards)]
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
    """The files a re-print depends on: the spreadsheets, the game's layouts, the art."""
    paths = list(request.sources())
    paths += sorted((ROOT / "layouts" / request.game.id).glob("*.toml"))
    try:
        jobs, _ = jobs_for_quietly(request)
        paths += [p for job in jobs for p in art_files(faces(request.game, job))]
    except InputError:
        pass
    return list(dict.fromkeys(paths))


def jobs_for_quietly(request: PrintRequest) -> tuple[list[PrintJob], bool]:
    """The decks to print, without showing the validation report."""
    import contextlib  # noqa: PLC0415
    import io  # noqa: PLC0415

    with contextlib.redirect_stdout(io.StringIO()):
        return jobs_for(request.game, request.file, request.catalog, request.strict)


def layout_files(game: Game, cards: list) -> list[Path]:
    """The layout files the cards use (and the layouts their backs come from)."""
    folder = ROOT / "layouts" / game.id
    names = {Path(c.layout.label).stem if hasattr(c.layout, "label") else Path(c.layout).stem
             for c in cards}
    backs = {n for c in cards if hasattr(c.layout, "other_backs") for n in c.layout.other_backs}
    return [folder / f"{n}.toml" for n in sorted(names | backs)]


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
    paper: str = typer.Option("a4", "--paper", help="a4 or letter."),
    flip: str = typer.Option("long", "--flip", help="Duplex flip edge: long or short."),
    output: Path = typer.Option(None, "-o", "--output", help="Output folder (default output/)."),
) -> None:
    """Write a two-page duplex alignment test sheet to measure --back-offset."""
    from toolkit.render import calibration  # noqa: PLC0415

    if paper.lower() not in PAPERS:
        fail(f"--paper must be a4 or letter, got '{paper[:40]}'")
    if flip not in ("long", "short"):
        fail(f"--flip must be long or short, got '{flip[:40]}'")
    folder = check_folder(output or ROOT / "output", "-o")
    path = folder / f"calibrate-{paper.lower()}-{flip}.pdf"
    tx = Transaction()
    tx.claim(path)  # never over a file or folder of that name that pnp did not write
    with tx:
        calibration.write(paper.lower(), tx.file(path), flip)
    console().print(f"wrote {markup(shown(path))}: print it duplex at 100%, hold it to the light, "
                    "and read the back's offset on the scales; pass it as --back-offset X,Y")
