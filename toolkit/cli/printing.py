"""`pnp print GAME [FILE]` and `pnp calibrate`: PDF sheets ready to cut, PNGs, TTS sheets."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import typer

from toolkit.cli.common import console, done, fail
from toolkit.cli.validate import print_report
from toolkit.core.registry import ROOT, Game, ValidateRequest, get_game
from toolkit.core.sheets import split_file_arg

PAPERS = ("a4", "letter")


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
    """`--back-offset 1.5,-0.5` → (1.5, -0.5) millimetres."""
    try:
        x, y = (float(part) for part in text.split(","))
    except ValueError:
        fail(f"--back-offset must be X,Y in millimetres (e.g. 1.5,-0.5), got '{text}'")
    return x, y


def file_name(deck: str) -> str:
    """A deck name made safe as a folder and file name (slashes and leading dots removed)."""
    cleaned = deck.replace("/", "-").replace("\\", "-").strip().lstrip(".")
    return cleaned or "deck"


def faces(game: Game, job: PrintJob) -> list:
    """The deck's distinct cards in first-seen order, each with its number of copies."""
    from toolkit.render.job import CardFace, load_layout  # noqa: PLC0415

    groups: dict[str, list] = {}
    for card in job.cards:
        fields = card.fields()
        key = repr(sorted((k, str(v)) for k, v in fields.items()))
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
    square: float | None = typer.Option(None, "--square",
                                        help="Board square in mm, for games with a board."),
    output: Path = typer.Option(None, "-o", "--output",
                                help="Output folder (default output/<game>)."),
) -> None:
    """Render decks to PDF sheets ready to cut (and PNGs, TTS sheets)."""
    from toolkit.render.job import PrintOptions, render_deck  # noqa: PLC0415

    g = get_game(game)
    if g.printing is None:
        fail(f"{g.id} has no card layouts to print")
    if paper.lower() not in PAPERS:
        fail(f"--paper must be a4 or letter, got '{paper}'")
    options = PrintOptions(paper=paper.lower(), bleed=bleed, backs=backs, flip=flip,
                           back_offset=parse_offset(back_offset), cut_marks=cut_marks,
                           png=png, dpi=dpi, tts=tts, contact=contact)
    jobs, valid = jobs_for(g, file, catalog, strict)
    out = console()
    if strict and not valid:
        out.print("[red]--strict: nothing printed, the decks break construction rules[/]")
        done(1)
    root = output or ROOT / "output" / g.id
    for job in jobs:
        cards = faces(g, job)
        result = render_deck(file_name(job.name), cards, root / file_name(job.name), options)
        for warning in result.warnings:
            out.print(f"  [yellow]warning[/] {warning}")
        copies = sum(f.copies for f in cards)
        out.print(f"[bold]{job.name}[/]: {copies} cards on {len(result.pages)} page(s) → "
                  + ", ".join(str(shown(p)) for p in result.files[:3])
                  + (f" (+{len(result.files) - 3} more)" if len(result.files) > 3 else ""))
    if g.printing.posters is not None and jobs:
        path, sheet = split_file_arg(file) if file else (catalog or g.bundled_paths()[0], None)
        folder = root / file_name(jobs[0].name)
        for name, pages in write_posters(g, path, sheet, square, options.paper, folder):
            out.print(f"[bold]{name}[/]: {pages} page(s) → {shown(folder / f'{name}.pdf')}")
    done(0 if valid else 1)


def write_posters(game: Game, path: Path, sheet: str | None, square: float | None,
                  paper: str, folder: Path) -> list[tuple[str, int]]:
    """Print a game's drawings larger than a card (a board) into ``folder``, each tiled
    over pages at 100% (`PrintSpec.posters`); (name, pages) of each."""
    from toolkit.render.poster import write_poster  # noqa: PLC0415

    written = []
    for name, drawing in game.printing.posters(path, sheet, square):
        pages = write_poster(folder / f"{file_name(name)}.pdf", f"{game.title} · {name}",
                             drawing, paper=paper)
        written.append((name, len(pages)))
    return written


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
        fail(f"--paper must be a4 or letter, got '{paper}'")
    if flip not in ("long", "short"):
        fail(f"--flip must be long or short, got '{flip}'")
    path = (output or ROOT / "output") / f"calibrate-{paper.lower()}-{flip}.pdf"
    calibration.write(paper.lower(), path, flip)
    console().print(f"wrote {shown(path)}: print it duplex at 100%, hold it to the light, "
                    "and read the back's offset on the scales; pass it as --back-offset X,Y")
