"""WarBadge validation: the catalog (Badges, Types, Formats) and each team against a format.

`load_catalog` reads the catalog sheets into a `Catalog` (valid badges, the type vocabulary,
the formats), reporting every bad row at its own cell; `check_deck` checks one team sheet
against a format. `load_decks` gives later jobs (printing, playing) the validated teams.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from toolkit.core.art import art_file
from toolkit.core.bundled import package_dir
from toolkit.core.errors import InputError
from toolkit.core.registry import ValidateRequest
from toolkit.core.report import Location, Report, ValidationResult
from toolkit.core.rows import to_model, to_models
from toolkit.core.sheets import (
    NameIndex,
    RawSheet,
    Row,
    Workbook,
    clean_text,
    open_workbook,
    read_table,
    suggest,
)
from toolkit.core.validation import Validator, cell_span, gap, warn_unknown_icons
from toolkit.games.warbadge.models import (
    BADGE_COLUMNS,
    DEFAULT_TYPES,
    FORMAT_COLUMNS,
    RANKS,
    TEAM_COLUMNS,
    TYPE_COLUMNS,
    Badge,
    FormatRow,
    TeamEntry,
    TypeRow,
)

GAME_ID = "warbadge"
CATALOG_SHEETS: tuple[str, ...] = ("Badges", "Types", "Formats")
DEFAULT_CATALOG: Path = package_dir(__package__) / "content" / "badges.xlsx"


# ---------------------------------------------------------------- formats

@dataclass(frozen=True, slots=True)
class Format:
    """A team format: how many badges of each rank, the exact total value, the rounds."""

    name: str
    badges: int
    gold: int
    silver: int
    bronze: int
    total_value: int
    rounds: int

    def rank_count(self, rank: str) -> int:
        """How many badges of this rank ('Gold', 'Silver' or 'Bronze') a team needs."""
        return {"Gold": self.gold, "Silver": self.silver, "Bronze": self.bronze}[rank]


BUILTIN_FORMATS: dict[str, Format] = {
    # Setup: "each player secretly chooses 6 WarBadges to use: 1 Gold, 2 Silver and
    # 3 Bronze, with a total value of exactly 10." Victory: "end of 3 Rounds".
    "standard": Format("standard", 6, 1, 2, 3, 10, 3),
    # Quick Game Format: "4 WarBadges: 1 Gold, 1 Silver and 2 Bronze, with a total value
    # of 7, and game play ends after 2 Rounds".
    "quick": Format("quick", 4, 1, 1, 2, 7, 2),
}
"""The rulebook's formats, keyed by name."""


# ---------------------------------------------------------------- catalog

@dataclass
class Catalog:
    """A loaded catalog: valid badges, the type vocabulary, the formats.

    `formats` is keyed by lower-cased (casefolded) format name, built-ins first;
    `Format.name` keeps the name as written. Use `badge(name)` and `format(name)` for
    case-insensitive look-ups.
    """

    file: str | None = None
    folder: Path | None = None
    types: tuple[str, ...] = DEFAULT_TYPES
    symbols: dict[str, str] = field(default_factory=dict)
    """Type name → symbol from the `Types` sheet (empty when it has none)."""
    index: NameIndex[Badge] = field(default_factory=NameIndex)
    invalid: NameIndex[Location] = field(default_factory=NameIndex)
    """Badge names whose catalog row has errors → that row."""
    formats: dict[str, Format] = field(default_factory=lambda: dict(BUILTIN_FORMATS))
    invalid_formats: NameIndex[Location] = field(default_factory=NameIndex)
    """Custom format names whose `Formats` row has errors → that row."""
    unusable: str | None = None
    """Why the badges cannot be read at all (no `Badges` sheet, a missing column), or None."""

    @property
    def badges(self) -> dict[str, Badge]:
        """The valid badges by name as the catalog writes it, in catalog order."""
        return {b.name: b for b in self.index.values()}

    def badge(self, name: str) -> Badge | None:
        """The badge of that name (case and stray spaces ignored), or None."""
        return self.index.get(name)

    def format(self, name: str) -> Format | None:
        """The format of that name (case and stray spaces ignored), or None."""
        return self.formats.get(clean_text(name).casefold())

    def format_names(self) -> list[str]:
        """Every format's name: the built-ins, then the catalog's own."""
        return [f.name for f in self.formats.values()]


def load_catalog(workbook: Workbook | None, report: Report) -> Catalog:
    """Read the catalog sheets of a workbook (None: an empty catalog with the built-in
    formats), reporting each problem at its own cell and skipping bad rows."""
    if workbook is None:
        return Catalog(unusable="no catalog was given")
    catalog = Catalog(file=workbook.display, folder=workbook.path.resolve().parent)
    types_sheet = workbook.sheet("Types")
    if types_sheet is not None:
        _load_types(types_sheet, catalog, report)
    formats_sheet = workbook.sheet("Formats")
    if formats_sheet is not None:
        _load_formats(formats_sheet, catalog, report)
    badges_sheet = workbook.sheet("Badges")
    if badges_sheet is None:
        catalog.unusable = f"{workbook.display} has no 'Badges' sheet"
        report.error("warbadge.catalog.no-badges",
                     "the catalog has no 'Badges' sheet; add one, or name another catalog "
                     "with --catalog", Location(workbook.display))
    else:
        _load_badges(badges_sheet, catalog, report)
    return catalog


def _load_types(sheet: RawSheet, catalog: Catalog, report: Report) -> None:
    """The `Types` sheet: when present, its types are the whole vocabulary."""
    table = read_table(sheet, TYPE_COLUMNS, report)
    if not table.has("name"):
        return
    names: NameIndex[Row] = NameIndex()
    for row, item in to_models(TypeRow, table, report, lambda f: "warbadge.types.name"):
        if not names.add(item.name, row):
            first = names.get(item.name)
            report.error("warbadge.types.duplicate",
                         f"type '{item.name}' is already listed at row {first.location.row}; "
                         "type names must be unique", row.loc("name"))
            continue
        if item.symbol:
            catalog.symbols[item.name] = item.symbol
    if len(names):
        catalog.types = tuple(names.names())
    else:
        report.warning("warbadge.types.empty",
                       "the Types sheet lists no type, so the rulebook's eight types are used",
                       sheet.location)


def _load_formats(sheet: RawSheet, catalog: Catalog, report: Report) -> None:
    """The `Formats` sheet: custom formats beside the built-in ones."""
    table = read_table(sheet, FORMAT_COLUMNS, report)
    if any(col.required and not table.has(col.field) for col in FORMAT_COLUMNS):
        return  # the missing column is reported; the rows cannot be read
    seen: NameIndex[Row] = NameIndex()
    for row in table.rows:
        errors = report.count("error")
        name = clean_text(row.get("name")) if row.get("name") is not None else ""
        if name and name.casefold() in BUILTIN_FORMATS:
            report.error("warbadge.format.builtin",
                         f"format '{name}' is built in ({_builtin_text(name)}); give the "
                         "custom format another name", row.loc("name"))
        elif name and not seen.add(name, row):
            report.error("warbadge.format.duplicate",
                         f"format '{name}' is already listed at row "
                         f"{seen.get(name).location.row}; format names must be unique",
                         row.loc("name"))
        item = to_model(FormatRow, row, report,
                        lambda f: "warbadge.format.name" if f == "name" else "warbadge.format.number")
        if item is not None:
            _check_format_row(item, row, report)
        if report.count("error") > errors or item is None:
            if name and name.casefold() not in BUILTIN_FORMATS:
                catalog.invalid_formats.add(name, row.location)
            continue
        catalog.formats[item.name.casefold()] = Format(
            item.name, item.badges, item.gold, item.silver, item.bronze,
            item.total_value, item.rounds)


def _builtin_text(name: str) -> str:
    f = BUILTIN_FORMATS[name.casefold()]
    return (f"{f.badges} badges, {f.gold} Gold + {f.silver} Silver + {f.bronze} Bronze, "
            f"total value {f.total_value}, {f.rounds} rounds")


def _check_format_row(item: FormatRow, row: Row, report: Report) -> None:
    """A format's numbers must agree: the ranks add up to the team size, and the total
    value can be reached with badges worth 1 to 3 each."""
    ranks = item.gold + item.silver + item.bronze
    if ranks != item.badges:
        report.error("warbadge.format.inconsistent",
                     f"Gold + Silver + Bronze is {ranks} ({item.gold} + {item.silver} + "
                     f"{item.bronze}), but Badges is {item.badges}; they must be equal",
                     row.loc("badges"))
    # Properties: "Each WarBadge has a value of 1-3", so N badges total N to 3N.
    low, high = item.badges, 3 * item.badges
    if not low <= item.total_value <= high:
        report.error("warbadge.format.inconsistent",
                     f"Total Value {item.total_value} cannot be reached by {item.badges} "
                     f"badges worth 1 to 3 each (it must be between {low} and {high})",
                     row.loc("total_value"))


_BADGE_RULES = {
    "name": "warbadge.badge.name",
    "rank": "warbadge.badge.rank",
    "value": "warbadge.badge.value",
    "types": "warbadge.badge.types",
    "strengths": "warbadge.badge.type-unknown",
    "weaknesses": "warbadge.badge.type-unknown",
    "abilities": "warbadge.badge.ability-unknown",
    "art": "warbadge.badge.art",
}


def _load_badges(sheet: RawSheet, catalog: Catalog, report: Report) -> None:
    """The `Badges` sheet: every row checked, valid badges kept, invalid ones remembered
    so a team naming one is told its catalog row is the problem."""
    table = read_table(sheet, BADGE_COLUMNS, report)
    missing = [col.header for col in BADGE_COLUMNS if col.required and not table.has(col.field)]
    if not table.columns:
        catalog.unusable = "its Badges sheet is empty"
        return
    if missing:
        catalog.unusable = (f"its Badges sheet lacks the column(s) {', '.join(missing)}")
        return
    seen: NameIndex[Row] = NameIndex()
    for row in table.rows:
        errors = report.count("error")
        name = clean_text(row.get("name")) if row.get("name") is not None else ""
        duplicate = bool(name) and not seen.add(name, row)
        if duplicate:
            report.error("warbadge.badge.duplicate",
                         f"badge '{name}' is already listed at row "
                         f"{seen.get(name).location.row}; badge names must be unique",
                         row.loc("name"))
        badge = to_model(Badge, row, report, lambda f: _BADGE_RULES.get(f, "warbadge.badge.field"))
        if badge is not None:
            badge = _check_vocabulary(badge, row, catalog, report)
        _warn_repeats(row, report)
        warn_unknown_icons(row.get("text"), row.loc("text"), report, "warbadge.badge.icon")
        art_path = _art_path(row, catalog, report)
        if badge is not None and art_path is not None:
            badge = badge.model_copy(update={"art_path": art_path})
        if duplicate:
            continue
        if badge is None or report.count("error") > errors:
            if name:
                catalog.invalid.add(name, row.location)
            continue
        catalog.index.add(badge.name, badge)


def _warn_repeats(row: Row, report: Report) -> None:
    """A type or ability written twice in one cell counts once: warn about it."""
    for fname in ("types", "strengths", "weaknesses", "abilities"):
        items = row.get(fname) or []
        folded = [i.casefold() for i in items]
        twice = list({i.casefold(): i for i in items if folded.count(i.casefold()) > 1}.values())
        if twice:
            loc = row.loc(fname)
            report.warning("warbadge.badge.repeated",
                           f"{loc.header} lists {', '.join(repr(t) for t in twice)} more than "
                           "once; it counts once", loc)


def _check_vocabulary(badge: Badge, row: Row, catalog: Catalog, report: Report) -> Badge:
    """Types, strengths and weaknesses must name types of the vocabulary (section Types;
    Strengths and Weaknesses name "the type indicated"). Returns the badge with the
    vocabulary's spelling."""
    keys = {t.casefold(): t for t in catalog.types}
    update = {}
    for fname in ("types", "strengths", "weaknesses"):
        items: list[str] = getattr(badge, fname)
        unknown = [i for i in items if i.casefold() not in keys]
        if unknown:
            loc = row.loc(fname)
            found = ", ".join(f"'{u}'{suggest(u, catalog.types)}" for u in unknown)
            report.error("warbadge.badge.type-unknown",
                         f"{loc.header} must name types of the vocabulary "
                         f"({', '.join(catalog.types)}), got {found}", loc)
        update[fname] = [keys.get(i.casefold(), i) for i in items]
    return badge.model_copy(update=update)


def _art_path(row: Row, catalog: Catalog, report: Report) -> Path | None:
    """The Art cell as an absolute path inside the workbook's folder (`art_file`)."""
    return art_file(row.get("art"), catalog.folder, row.loc("art"), report,
                    "warbadge.badge.art", "warbadge.badge.art-missing")


# ---------------------------------------------------------------- teams

@dataclass(frozen=True, slots=True)
class TeamCheck:
    """What checking one team found: its format (None if unknown) and its badges."""

    format: Format | None
    badges: list[Badge]
    """The team's valid badges in sheet order, Qty expanded."""
    complete: bool
    """True when every row named a valid catalog badge."""


def check_team(sheet: RawSheet, catalog: Catalog, report: Report,
               format_name: str | None) -> TeamCheck:
    """Check one team sheet against a format (given, or inferred from its size)."""
    mark = len(report.problems)
    table = read_table(sheet, TEAM_COLUMNS, report, qty=True,
                       max_qty=max(f.badges for f in catalog.formats.values()))
    if not table.has("badge"):
        fmt = _given_format(catalog, format_name, sheet, report) if format_name else None
        return TeamCheck(fmt, [], False)
    entries: list[tuple[Row, Badge | None]] = []
    for row in table.rows:
        entry = to_model(TeamEntry, row, report, lambda f: "warbadge.team.badge")
        if entry is None:
            continue
        badge = _resolve(entry.badge, row, catalog, report)
        entries.extend((row, badge) for _ in range(row.qty))
    if format_name is not None:
        fmt = _given_format(catalog, format_name, sheet, report)
        inferred = False
    else:
        fmt = _infer_format(catalog, len(entries))
        inferred = True
    badges = [b for _, b in entries if b is not None]
    complete = len(badges) == len(entries)
    if fmt is not None:
        # a row left without its badge, or skipped for its Qty, is not counted: when
        # the team is the right size with it (or short, for an unread Qty), what it
        # then lacks follows from that row's problem (counted on it, not listed again)
        qty_skipped = any(p.rule == "sheet.qty" for p in report.problems[mark:])
        explained = len(entries) == fmt.badges or (qty_skipped and len(entries) < fmt.badges)
        with report.because(report.knock_on_root(mark, explained)):
            _check_composition(fmt, inferred, entries, complete, sheet, report, catalog)
    return TeamCheck(fmt, badges, complete)


def check_deck(sheet: RawSheet, catalog: Catalog, report: Report,
               format_name: str | None) -> str | None:
    """Check one team sheet (the `Validator` hook); returns the format's name."""
    result = check_team(sheet, catalog, report, format_name)
    return result.format.name if result.format else None


def _resolve(name: str, row: Row, catalog: Catalog, report: Report) -> Badge | None:
    """The catalog badge a team row names, or a located error saying why there is none."""
    loc = row.loc("badge")
    badge = catalog.badge(name)
    if badge is not None:
        return badge
    if catalog.unusable:
        report.error("warbadge.team.no-catalog",
                     f"badge '{name}' cannot be checked: the catalog is unusable "
                     f"({catalog.unusable})", loc)
    elif name in catalog.invalid:
        where = catalog.invalid.get(name)
        report.error("warbadge.team.invalid-badge",
                     f"badge '{name}' has errors in the catalog ({where}); fix its row there",
                     loc)
    else:
        report.error("warbadge.team.unknown-badge",
                     f"badge '{name}' is not in the catalog{catalog.index.suggest(name)}", loc)
    return None


def _given_format(catalog: Catalog, name: str, sheet: RawSheet, report: Report) -> Format | None:
    """The format named by --format, or an error at the sheet saying why it is unusable."""
    fmt = catalog.format(name)
    if fmt is not None:
        return fmt
    if name in catalog.invalid_formats:
        report.error("warbadge.format.unknown",
                     f"format '{name}' has errors in the catalog "
                     f"({catalog.invalid_formats.get(name)}); fix its row there",
                     sheet.location)
        return None
    known = catalog.format_names()  # an unknown --format is misuse (exit 2), not a rule
    raise InputError(f"unknown format '{name}' for warbadge{suggest(name, known)}; "
                     f"formats: {', '.join(known)}")


def _infer_format(catalog: Catalog, size: int) -> Format:
    """No --format: 6 badges → standard, 4 → quick, else the first custom format of
    that size, else standard."""
    for fmt in catalog.formats.values():
        if fmt.badges == size:
            return fmt
    return catalog.formats["standard"]


def _check_composition(fmt: Format, inferred: bool, entries: list[tuple[Row, Badge | None]],
                       complete: bool, sheet: RawSheet, report: Report,
                       catalog: Catalog | None = None) -> None:
    """Team size, rank counts and exact total value for the format."""
    how = (f" (no --format was given and no format has {len(entries)} badges)"
           if inferred and len(entries) != fmt.badges else "")
    # Setup: "each player secretly chooses 6 WarBadges" (quick: "4 WarBadges").
    if len(entries) != fmt.badges:
        at = (entries[fmt.badges][0].loc("badge") if len(entries) > fmt.badges
              else sheet.location)
        report.error("warbadge.team.size",
                     f"the team has {len(entries)} badges, the {fmt.name} format needs "
                     f"exactly {fmt.badges}{how}", at)
    if not complete:
        return  # ranks and values of unknown or invalid badges are unknown
    ranks_ok = len(entries) == fmt.badges
    # Setup: "1 Gold, 2 Silver and 3 Bronze" (quick: "1 Gold, 1 Silver and 2 Bronze").
    for rank in RANKS:
        rows = [row for row, badge in entries if badge is not None and badge.rank == rank]
        need = fmt.rank_count(rank)
        if len(rows) != need:
            ranks_ok = False
            at = rows[need].loc("badge") if len(rows) > need else sheet.location
            report.error("warbadge.team.ranks",
                         f"the team has {len(rows)} {rank} badges, the {fmt.name} format "
                         f"needs exactly {need}{how}", at)
    # Setup: "with a total value of exactly 10" (quick: "a total value of 7").
    team = [(row, badge) for row, badge in entries if badge is not None]
    total = sum(badge.value for _, badge in team)
    if total != fmt.total_value:
        cells = tuple(dict.fromkeys(row.loc("badge") for row, _ in team))
        # A swap is only offered when size and ranks are right: then one badge for
        # another of its rank is the whole fix.
        swap = _value_swap(team, total - fmt.total_value, catalog) if ranks_ok else ""
        report.error("warbadge.team.total-value",
                     f"total value is {total}, the {fmt.name} format needs exactly "
                     f"{fmt.total_value}{how}: {gap(total, fmt.total_value)}; "
                     + (swap or f"the values counted are the badges at {cell_span(cells)}"),
                     cells[0] if cells else sheet.location, cells)


def _value_swap(team: list[tuple[Row, Badge]], excess: int, catalog: Catalog | None) -> str:
    """'swapping X (Silver, value 2, B4) for Y (Silver, value 1) would fix it': the first
    team badge (in sheet order) that a catalog badge of its rank, not in the team, with
    its value less `excess`, replaces; '' when there is none."""
    if catalog is None:
        return ""
    in_team = {badge.name.casefold() for _, badge in team}
    spare: dict[tuple[str, int], Badge] = {}  # (rank, value) -> first badge not in the team
    for b in catalog.badges.values():
        if b.name.casefold() not in in_team:
            spare.setdefault((b.rank, b.value), b)
    for row, badge in team:
        other = spare.get((badge.rank, badge.value - excess))
        if other is not None:
            return (f"swapping {badge.name} ({badge.rank}, value {badge.value}, "
                    f"{row.loc('badge').cell}) for {other.name} ({other.rank}, value "
                    f"{other.value}) would fix it")
    return ""


VALIDATOR: Validator[Catalog] = Validator(
    game=GAME_ID,
    catalog_sheets=CATALOG_SHEETS,
    default_catalog=DEFAULT_CATALOG,
    load_catalog=load_catalog,
    check_deck=check_deck,
)
"""WarBadge's validation: `VALIDATOR.validate(ValidateRequest(...))` is `pnp validate`."""


# ---------------------------------------------------------------- for printing and playing

@dataclass(frozen=True, slots=True)
class LoadedDeck:
    """One validated team for later jobs: its name, format, badges (in sheet order, Qty
    expanded, as validated `Badge` models) and the catalog they come from.

    `valid` is the team's own verdict (its report has no error and every row named a
    valid badge); the `ValidationResult` returned beside it holds the whole story,
    catalog included.
    """

    name: str
    format: Format | None
    badges: list[Badge]
    catalog: Catalog
    valid: bool

    @property
    def cards(self) -> list[Badge]:
        """The badges, under the name other games use."""
        return self.badges


def load_decks(req: ValidateRequest) -> tuple[ValidationResult, list[LoadedDeck]]:
    """Validate a file exactly as `pnp validate` does and return its teams as well.

    Raises `InputError` (exit 2) when a file cannot be read, like `validate`.
    """
    loaded: list[LoadedDeck] = []

    def recording(sheet: RawSheet, catalog: Catalog, report: Report,
                  format_name: str | None) -> str | None:
        result = check_team(sheet, catalog, report, format_name)
        loaded.append(LoadedDeck(sheet.name, result.format, result.badges, catalog,
                                 report.valid and result.complete))
        return result.format.name if result.format else None

    result = replace(VALIDATOR, check_deck=recording).validate(req)
    return result, loaded


def formats(catalog: Path | None) -> list[str]:
    """Every format name: the built-ins, then the custom ones of `catalog` (default: the
    bundled catalog; built-ins only if it is missing or unreadable)."""
    path = catalog if catalog is not None else DEFAULT_CATALOG
    try:
        workbook = open_workbook(path)
    except InputError:
        if catalog is not None:
            raise
        return list(BUILTIN_FORMATS)
    return load_catalog(workbook, Report()).format_names()


__all__ = ["BUILTIN_FORMATS", "CATALOG_SHEETS", "Catalog", "DEFAULT_CATALOG", "Format",
           "LoadedDeck", "TeamCheck", "VALIDATOR", "check_deck", "check_team",
           "formats", "load_catalog", "load_decks"]
