"""The report of a balance run: one JSON document, CSV tables, a PDF and PNG charts.

`document` assembles the JSON document of a tournament from its tally (sweeps and
comparisons add their own keys); `write` puts every file in the output folder,
atomically: ``report.json``, ``decks.csv``, ``matrix.csv``, ``firing.csv`` (plus
``cards.csv`` for sweeps, ``changes.csv`` for comparisons), ``report.pdf`` (reportlab:
text, tables and the charts as vectors) and ``png/*.png`` (the same charts painted with
Pillow). `write_formats` writes a tournament of several formats: one such folder per
format (``<output>/<format>/``) and an index ``report.json`` beside them. Everything but the JSON's ``run`` section (time, speed, reused games, where it
ran) depends only on the inputs and seeds, so the PDF, PNGs and CSVs are the same byte
for byte on any machine, with any ``--jobs`` or cluster.

A report is written whole or not at all, and never over anything pnp did not write:
`plan` claims every name a command's report may hold in its folder before any game is
played (`toolkit.core.outputs.Transaction.claim`: the user's own ``decks.csv`` there, or
an input of the command, is refused with one sentence), and `write` / `write_formats`
stage every file in that transaction, which moves them into place together at the end
(``png/`` as one folder, replaced whole). A CSV cell of text that a spreadsheet would
read as a formula (beginning with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return: OWASP's CSV injection) is written with a leading ``'`` (`csv_cell`); numbers,
and text that is a plain number such as ``-3``, stay numbers.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4
from reportlab.lib.styles import ParagraphStyle, getSampleStyleSheet
from reportlab.lib.units import mm
from reportlab.platypus import (
    KeepTogether,
    Paragraph,
    SimpleDocTemplate,
    Spacer,
    Table,
    TableStyle,
)

from toolkit.core.outputs import Transaction
from toolkit.core.text import readable
from toolkit.render import fonts
from toolkit.render.output import save_png, write_bytes
from toolkit.sim.engine import capabilities_of

from . import analysis, charts
from .execute import Execution
from .raster import to_image
from .tally import Tally


def document(command: str, tally: Tally, run: Execution, rules: Any, *, fmt: str | None,
             bootstrap: int, where: str, results_file: Path) -> dict[str, Any]:
    """The JSON document of a round robin (see the README's "Balance" section)."""
    plan = tally.plan
    st = tally.stats
    decks, ranking = analysis.deck_rows(tally, bootstrap, plan.seed)
    doc = {
        "game": plan.game, "command": command, "format": fmt, "players": plan.players,
        "shared": plan.shared, "score": analysis.score_label(tally),
        "agent": plan.agents[0], "seed": plan.seed, "decks_count": len(plan.entries),
        "tables": len(plan.tables), "seat_orders": 1 if plan.shared else plan.players,
        "games_per_seat_order": plan.per_order, "games": plan.games,
        "complete": tally.missing == 0,
        "results": {"finished": st.finished, "draws": st.draws,
                    "unfinished": {"count": st.unfinished,
                                   "seeds": [u.seed for u in tally.unfinished]}},
        "violations": [v.to_json() for v in tally.violations],
        "unfinished_games": [{"seed": u.seed, "reason": u.reason, "loop": list(u.loop)}
                             for u in tally.unfinished],
        "deals": analysis.deals(tally),
        "decks": decks, "ranking": ranking, "matrix": analysis.matrix(tally),
        "metrics": analysis.metrics(tally, rules), "firing": analysis.firing(tally, rules),
        "run": {"played": run.played, "reused": run.reused, "seconds": round(run.seconds, 3),
                "games_per_second": round(run.games_per_second, 1), "workers": run.workers,
                "worker_addresses": run.addresses, "where": where, "interrupted": run.interrupted,
                "results_file": str(results_file)},
    }
    if plan.shared and capabilities_of(rules).provides("game_stats"):
        # the engine's own statistics, as `play --json` has them for the one shared set-up
        # (a round robin's decks change seats, which the engines' per-seat and per-deck
        # counts do not follow)
        doc["game_stats"] = rules.game_stats(st.counters, list(plan.columns), st.finished)
    return doc


# ---------------------------------------------------------------- files

FORMULA_START = ("=", "+", "-", "@", "\t", "\r")
"""A cell of text beginning so is a formula to a spreadsheet (OWASP: CSV injection)."""
_NUMBER = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")


def csv_cell(value: Any) -> Any:
    """A value as a report CSV writes it: text that a spreadsheet would obey as a formula
    gets a leading ``'`` (``=HYPERLINK(1)`` → ``'=HYPERLINK(1)``); numbers, and text that
    is a plain number (``-3``, ``+1.5``), are left as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_START) \
            and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def _csv(rows: list[list[Any]]) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\n").writerows([csv_cell(v) for v in row]
                                                      for row in rows)
    return readable(buffer.getvalue()).encode("utf-8")


def _pct(x: float | None) -> str:
    return "" if x is None else f"{100 * x:.1f}"


REPORT_NAMES = ("report.json", "decks.csv", "matrix.csv", "firing.csv", "report.pdf")
"""The files of every report, beside ``png/``."""
COMMAND_NAMES = {"tournament": ("cards.csv",), "sweep": ("cards.csv",),
                 "compare": ("changes.csv",)}
"""The tables a command's report may add (a tournament of a pooled game measures cards)."""
INDEX_NAMES = ("report.json", "report.pdf")
"""The index of a tournament of several formats, beside a folder per format."""


def plan(out: Path, command: str, inputs: Iterable[Path] = (),
         formats: list[str] | None = None) -> Transaction:
    """Claim, before any game is played, every name the report of `command` may write in
    ``out`` (with `formats`, the folders of a tournament of several formats, named by
    `format_folder`, and the index): a transaction for `write` or `write_formats`.
    InputError, one sentence, when a name holds something pnp did not write or is one of
    `inputs` (the decks, the catalog, the results file)."""
    out = Path(out)
    tx = Transaction(inputs)
    if formats is None:
        for name in (*REPORT_NAMES, *COMMAND_NAMES.get(command, ())):
            tx.claim(out / name)
        tx.claim(out / "png", "folder")
        return tx
    for name in INDEX_NAMES:
        tx.claim(out / name)
    for folder in formats:
        tx.claim(out / folder, "folder")
    return tx


def write(doc: dict[str, Any], out: Path, title: str,
          tx: Transaction | None = None) -> list[Path]:
    """Write every file of the report into ``out`` within ``tx`` (`plan`; without it, a
    transaction of its own, committed here); the paths written."""
    if tx is None:
        with plan(out, doc.get("command", "")) as own:
            return write(doc, out, title, own)
    out = Path(out)
    written = [_put(tx, out / "report.json", _json(doc))]
    for name, rows in _tables(doc).items():
        written.append(_put(tx, out / name, _csv(rows)))
    figures = _figures(doc)
    pngs = out / "png"
    for name, drawing in figures:
        path = pngs / f"{name}.png"
        save_png(tx.writable(path), to_image(drawing), dpi=144)
        written.append(path)
    written.append(_put(tx, out / "report.pdf", _pdf(doc, title, figures)))
    return written


def _put(tx: Transaction, path: Path, data: bytes) -> Path:
    """Stage ``data`` as the file ``path`` in ``tx``; the final path."""
    write_bytes(tx.writable(path), data)
    return path


def _json(doc: dict[str, Any]) -> bytes:
    # readable: a path or name holding a file name's undecodable bytes is written as U+FFFD
    return (readable(json.dumps(doc, indent=2, ensure_ascii=False)) + "\n").encode()


def format_folder(name: str | None) -> str:
    """The folder of one format's report: its name in lower case, runs of other characters
    than letters and digits as one hyphen ("standard", "my-format")."""
    text = "".join(ch if ch.isalnum() else " " for ch in (name or "no format").casefold())
    return "-".join(text.split()) or "format"


def write_formats(docs: list[dict[str, Any]], out: Path, title: str,
                  tx: Transaction | None = None) -> tuple[dict[str, Any], list[Path]]:
    """A tournament of several formats: every played format's report in its own folder
    (`format_folder`, each titled and summarised with its format), and beside them an index
    ``report.json`` and ``report.pdf`` naming every format, its folder and its decks, and
    why a format was not played. Within ``tx`` (`plan` with the formats; without it, a
    transaction of its own). (The index, the paths written.)"""
    if tx is None:
        folders = [format_folder(d["format"]) for d in docs if "skipped" not in d]
        with plan(out, "tournament", formats=folders) as own:
            return write_formats(docs, out, title, own)
    out = Path(out)
    index: dict[str, Any] = {"game": docs[0]["game"], "command": docs[0]["command"],
                             "formats": []}
    written: list[Path] = []
    for doc in docs:
        entry: dict[str, Any] = {"format": doc["format"],
                                 "decks": [d["name"] for d in doc["decks"]]}
        if "skipped" in doc:
            entry.update(folder=None, skipped=doc["skipped"])
        else:
            folder = format_folder(doc["format"])
            tx.tree(out / folder)
            written.extend(write(doc, out / folder, f"{title}, format {doc['format']}", tx))
            entry.update(folder=folder, games=doc["games"], complete=doc["complete"],
                         violations=len(doc["violations"]),
                         unfinished=doc["results"]["unfinished"]["count"],
                         summary=summary(doc), headlines=doc.get("headlines", []))
        index["formats"].append(entry)
    written.append(_put(tx, out / "report.json", _json(index)))
    written.append(_put(tx, out / "report.pdf", _index_pdf(index, title)))
    return index, written


def _index_pdf(index: dict[str, Any], title: str) -> bytes:
    """The index PDF of a tournament of several formats: per format, where its report is
    and what it found (or why it was not played)."""
    s = _styles()
    buffer = io.BytesIO()
    pdf = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm,
                            topMargin=15 * mm, bottomMargin=15 * mm, title=title,
                            author="pnp", invariant=1)
    names = ", ".join(str(e["format"]) for e in index["formats"])
    story: list[Any] = [Paragraph(escape(title), s["title"]),
                        Paragraph(escape(f"The decks are of {len(index['formats'])} formats "
                                         f"({names}), which cannot meet: one round robin per "
                                         "format, each with its own report in the folder "
                                         "named after it."), s["body"])]
    for entry in index["formats"]:
        story.append(Paragraph(escape(f"Format {entry['format']}"), s["h2"]))
        if entry["folder"] is None:
            story.append(Paragraph(escape(f"Not played: {entry['skipped']}."), s["body"]))
            continue
        story.append(Paragraph(escape(f"Report: {entry['folder']}/report.pdf. Decks: "
                                      + ", ".join(entry["decks"]) + "."), s["body"]))
        for line in entry["summary"]:
            story.append(Paragraph(escape(line), s["body"]))
        for line in entry["headlines"]:
            story.append(Paragraph("• " + escape(line), s["body"]))
    pdf.build(story)
    return buffer.getvalue()


def _tables(doc: dict[str, Any]) -> dict[str, list[list[Any]]]:
    """The CSV files: name → rows (header first)."""
    decks = [["rank", "deck", "games", "win_rate", "low", "high", "rating", "rating_low",
              "rating_high", "cards"]]
    for d in sorted(doc["decks"], key=lambda d: d["rank"]):
        decks.append([d["rank"], d["name"], d["games"], d["win_rate"], d["low"], d["high"],
                      d.get("rating", ""), d.get("rating_low", ""), d.get("rating_high", ""),
                      "; ".join(d["cards"])])
    m = doc["matrix"]
    matrix = [["deck", "against", "win_rate", "low", "high", "games"]]
    for i, row_deck in enumerate(m["decks"]):
        for j, col_deck in enumerate(m["decks"]):
            if m["games"][i][j]:
                matrix.append([row_deck, col_deck, m["rate"][i][j], m["low"][i][j],
                               m["high"][i][j], m["games"][i][j]])
    firing = [["id", "count", "per_game"]]
    for key, n in doc["firing"]["counts"].items():
        firing.append([key, n, doc["firing"]["per_game"][key]])
    out = {"decks.csv": decks, "matrix.csv": matrix, "firing.csv": firing}
    if "cards" in doc:
        cards = [["card", "price", "decks", "pick_rate_top", "pick_rate_all", "win_rate",
                  "low", "high", "importance", "importance_low", "importance_high"]]
        for c in doc["cards"]:
            cards.append([c["name"], c["price"], c["decks"], c["pick_rate_top"],
                          c["pick_rate_all"], c["win_rate"], c["low"], c["high"],
                          c["importance"], c["importance_low"], c["importance_high"]])
        out["cards.csv"] = cards
    if "changes" in doc:
        changes = [["kind", "name", "games", "deals", "old", "new", "change", "low", "high",
                    "p", "p_holm", "significant"]]
        for kind in ("decks", "cards"):
            for c in doc["changes"][kind]:
                changes.append([kind[:-1], c["name"], c["games"], c["deals"], c["old"],
                                c["new"], c["change"], c["low"], c["high"], c["p"],
                                c["p_holm"], c["significant"]])
        out["changes.csv"] = changes
    return out


def _figures(doc: dict[str, Any]) -> list[tuple[str, Any]]:
    """The charts of a report, named as their PNG files."""
    figures = []
    ranked = sorted(doc["decks"], key=lambda d: d["rank"])
    top = ranked[:charts.MAX_ROWS]
    index = {name: i for i, name in enumerate(doc["matrix"]["decks"])}
    order = [index[d["name"]] for d in top]
    rate = doc["matrix"]["rate"]
    labels = doc["metrics"].get("columns") or []
    centre = 1 / (len(labels) or doc["players"])
    more = f" (best {len(top)} of {len(ranked)})" if len(ranked) > len(top) else ""
    if not doc.get("shared"):  # a shared set-up meets no other: no matrix
        figures.append(("heatmap", charts.heatmap(
            [d["name"] for d in top], [[rate[i][j] for j in order] for i in order],
            centre, "Win-rate matrix" + more)))
    if doc["ranking"]["method"] == "bradley-terry":
        figures.append(("ranking", charts.forest(
            [d["name"] for d in top], [d["rating"] for d in top],
            [d["rating_low"] for d in top], [d["rating_high"] for d in top],
            f"Ranking: Bradley-Terry rating, 95% {doc['ranking']['intervals']} interval" + more,
            "rating (Elo scale, 1500 = the average deck)", ref=1500.0)))
    else:
        figures.append(("ranking", charts.forest(
            [d["name"] for d in top], [100 * d["win_rate"] for d in top],
            [100 * d["low"] for d in top], [100 * d["high"] for d in top],
            (f"Set-ups by {doc['score']}, 95% interval" if doc.get("shared")
             else "Ranking: win rate against the field, 95% interval") + more,
            f"{doc.get('score', 'win rate')}, %", ref=100 * centre)))
    if "cards" in doc:
        cards = [c for c in doc["cards"] if c["importance"] is not None]
        cards.sort(key=lambda c: (-c["importance"], c["name"]))
        cards = cards[:charts.MAX_ROWS]
        top = doc.get("top") or {}
        if not cards and not doc.get("shared") and not top.get("enough", True):
            figures.append(("importance", charts.message(
                "Card importance: points the best decks lose when the card is forbidden",
                f"Too few decks to tell: {top['of']} decks, where the top decks need at "
                f"least {top['minimum_decks']}.")))
        else:
            figures.append(("importance", charts.bars(
                [c["name"] for c in cards], [100 * c["importance"] for c in cards],
                [None if c["importance_low"] is None else 100 * c["importance_low"] for c in cards],
                [None if c["importance_high"] is None else 100 * c["importance_high"]
                 for c in cards],
                (f"Card importance: {doc['score']} with the card minus without it"
                 if doc.get("shared") else
                 "Card importance: points the best decks lose when the card is forbidden"),
                "win-rate points (95% interval)", ref=0.0)))
        if doc.get("cost_curve") and doc["cost_curve"].get("points"):
            figures.append(("cost-curve", charts.cost_curve(
                doc["cost_curve"], f"Cost curve: measured strength against printed "
                                   f"{doc['cost_curve']['label']} (monotone fit)")))
    if "changes" in doc:
        rows = sorted(doc["changes"]["decks"], key=lambda c: -abs(c["change"]))
        rows = rows[:charts.MAX_ROWS]
        figures.append(("changes", charts.bars(
            [c["name"] for c in rows], [100 * c["change"] for c in rows],
            [None if c["low"] is None else 100 * c["low"] for c in rows],
            [None if c["high"] is None else 100 * c["high"] for c in rows],
            "Change in win rate from OLD to NEW (same seeds)",
            "win-rate points (95% interval over deals)", ref=0.0)))
    duration = doc["metrics"]["duration"]
    figures.append(("lengths", charts.histogram(duration["histogram"], duration["unit"],
                                                "Game length")))
    first = doc["metrics"]["first_player"]
    seats = doc["metrics"]["seat_win_rates"]
    figures.append(("first-player", charts.bars(
        ["first player"] + [labels[i] if i < len(labels) else f"seat {i + 1}"
                            for i in range(len(seats))],
        [100 * (first["win_rate"] or 0)] + [100 * (s or 0) for s in seats],
        [100 * first["low"]] + [None] * len(seats),
        [100 * first["high"]] + [None] * len(seats),
        "First-player advantage and win rate by seat", "win rate, % (dashed: even)",
        ref=100 * centre)))
    return figures


# ---------------------------------------------------------------- PDF

def _styles() -> dict[str, ParagraphStyle]:
    fonts.register()
    base = getSampleStyleSheet()
    body = ParagraphStyle("body", parent=base["BodyText"], fontName="Vera", fontSize=8.5,
                          leading=11)
    return {"title": ParagraphStyle("title", parent=base["Title"], fontName="VeraBd",
                                    fontSize=16),
            "h2": ParagraphStyle("h2", parent=base["Heading2"], fontName="VeraBd",
                                 fontSize=11.5, spaceBefore=8),
            "body": body,
            "small": ParagraphStyle("small", parent=body, fontSize=7, leading=9)}


def _table(rows: list[list[Any]], widths: list[float] | None = None) -> Table:
    table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
    table.setStyle(TableStyle([
        ("FONT", (0, 0), (-1, -1), "Vera", 7),
        ("FONT", (0, 0), (-1, 0), "VeraBd", 7),
        ("LINEBELOW", (0, 0), (-1, 0), 0.5, colors.black),
        ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f2f4f7")]),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
    ]))
    return table


def _pdf(doc: dict[str, Any], title: str, figures: list[tuple[str, Any]]) -> bytes:
    """The PDF report: summary, metrics, charts, tables and the notes on each measure."""
    s = _styles()
    buffer = io.BytesIO()
    pdf = SimpleDocTemplate(buffer, pagesize=A4, leftMargin=15 * mm, rightMargin=15 * mm,
                            topMargin=15 * mm, bottomMargin=15 * mm, title=title,
                            author="pnp", invariant=1)
    story: list[Any] = [Paragraph(escape(title), s["title"])]
    for line in summary(doc):
        story.append(Paragraph(escape(line), s["body"]))
    story.append(Spacer(1, 6))
    story.append(_metrics_table(doc))
    for text in doc.get("headlines", []):
        story.append(Paragraph("• " + escape(text), s["body"]))
    charts_by_name = dict(figures)
    for name in ("heatmap", "ranking", "changes", "importance", "cost-curve", "lengths",
                 "first-player"):
        if name in charts_by_name:
            story.append(Spacer(1, 8))
            story.append(KeepTogether([charts_by_name[name]]))
            if name == "cost-curve":
                curve = doc["cost_curve"]
                for item in curve["outliers"]:
                    story.append(Paragraph("• " + escape(item["text"]), s["body"]))
                if curve.get("note"):
                    story.append(Paragraph(escape(curve["note"]), s["small"]))
    story.append(Paragraph("Set-ups" if doc.get("shared") else "Decks", s["h2"]))
    shared = bool(doc.get("shared"))  # a shared set-up has a win rate, no rating
    rows = [["#", "set-up" if shared else "deck", "games",
             f"{doc.get('score', 'win rate')} % (95% CI)", "rating (95% CI)"][:4 + (not shared)]]
    for d in sorted(doc["decks"], key=lambda d: d["rank"])[:60]:
        rating = (f"{d['rating']:.0f} ({d['rating_low']:.0f}–{d['rating_high']:.0f})"
                  if "rating" in d else "")
        rows.append([d["rank"], Paragraph(escape(d["name"]), s["small"]), d["games"],
                     f"{_pct(d['win_rate'])} ({_pct(d['low'])}–{_pct(d['high'])})",
                     rating][:4 + (not shared)])
    story.append(_table(rows, [18, 200, 40, 110, 110][:4 + (not shared)]))
    if "cards" in doc:
        story.append(Paragraph("Cards", s["h2"]))
        if doc.get("top"):
            story.append(Paragraph(escape(doc["top"]["note"]), s["small"]))
        rows = [["card", "price", "decks", "pick top %", "pick all %", "win rate % (CI)",
                 "importance pts (CI)"]]
        too_few = not (doc.get("top") or {}).get("enough") and not doc.get("shared")
        for c in sorted(doc["cards"], key=lambda c: -(c["importance"] or 0)):
            imp = ("too few" if too_few else "" if c["importance"] is None else
                   f"{_pct(c['importance'])} ({_pct(c['importance_low'])}–"
                   f"{_pct(c['importance_high'])})")
            rows.append([Paragraph(escape(c["name"]), s["small"]),
                         "" if c["price"] is None else f"{c['price']:g}", c["decks"],
                         "too few" if too_few else _pct(c["pick_rate_top"]),
                         _pct(c["pick_rate_all"]),
                         f"{_pct(c['win_rate'])} ({_pct(c['low'])}–{_pct(c['high'])})", imp])
        story.append(_table(rows, [120, 32, 34, 46, 46, 100, 100]))
    if "changes" in doc:
        story.append(Paragraph("Changes (paired, Holm-corrected)", s["h2"]))
        rows = [["", "name", "games", "deals", "old %", "new %", "change pts (95% CI)",
                 "p (Holm)"]]
        for kind in ("decks", "cards"):
            for c in sorted(doc["changes"][kind], key=lambda c: (c["p_holm"], c["name"]))[:40]:
                interval = ("one deal: no interval" if c["low"] is None else
                            f"{100 * c['change']:+.1f} ({100 * c['low']:+.1f} to "
                            f"{100 * c['high']:+.1f})")
                rows.append([kind[:-1], Paragraph(escape(c["name"]), s["small"]), c["games"],
                             c["deals"], _pct(c["old"]), _pct(c["new"]), interval,
                             f"{c['p_holm']:.3g}"])
        story.append(_table(rows, [30, 140, 36, 30, 36, 36, 110, 44]))
    for title, columns, table_rows in _engine_tables(doc):
        story.append(Paragraph(escape(title), s["h2"]))
        story.append(_table([columns] + [[Paragraph(escape(str(v)), s["small"]) for v in r]
                                         for r in table_rows]))
    story.append(Paragraph("How to read this report", s["h2"]))
    for note in NOTES:
        story.append(Paragraph(escape(note), s["small"]))
    pdf.build(story)
    return buffer.getvalue()


def _engine_tables(doc: dict[str, Any]) -> list[tuple[str, list[str], list[list]]]:
    """The engine's own statistics as tables (its `stats_tables` hook), or none."""
    if "game_stats" not in doc:
        return []
    from toolkit.core.registry import get_game  # noqa: PLC0415

    rules = get_game(doc["game"]).playing.rules()
    if not capabilities_of(rules).provides("stats_tables"):
        return []
    return [(f"Engine statistics: {title}", columns, rows)
            for title, columns, rows in rules.stats_tables(doc["game_stats"])]


def _metrics_table(doc: dict[str, Any]) -> Table:
    m = doc["metrics"]
    fp = m["first_player"]
    d = m["duration"]
    rows = [["measure", "value"],
            ["balance (1 = every seat wins equally)", _num(m["balance"])],
            ["first-player win rate (even "
             f"{_pct(fp['expected'])}%)",
             f"{_pct(fp['win_rate'])}% ({_pct(fp['low'])}–{_pct(fp['high'])}"
             + (f", over {fp['deals']} deals" if fp.get("clustered") else
                ", games as independent: the engine counts who went first over the run")
             + f"), advantage {100 * (fp['advantage'] or 0):+.1f} pts"],
            ["drawishness (draws per finished game)", _num(m["drawishness"])],
            ["decisiveness (stronger deck wins)", _num(m["decisiveness"])],
            ["completion (finished games)", _num(m["completion"])],
            [f"duration ({d['unit']})", f"mean {d['mean']}, median {d['median']}, "
                                        f"max {d['max']}"],
            ["never fired", str(len(doc["firing"]["never_fired"])) + " of "
             + str(len(doc["firing"]["counts"])) + " rules, abilities and rulings"]]
    return _table(rows, [200, 260])


def _num(x: float | None) -> str:
    return "–" if x is None else f"{x:.3f}"


def summary(doc: dict[str, Any]) -> list[str]:
    """The report's opening sentences (also printed on the terminal)."""
    res = doc["results"]
    if doc.get("shared"):
        tables = (f"{doc['decks_count']} set-up{'s' * (doc['decks_count'] != 1)}, each "
                  f"shared by all {doc['players']} "
                  f"seats, {doc['games_per_seat_order']} games each")
    else:
        tables = (f"{doc['decks_count']} decks, {doc['tables']} "
                  f"table{'s' * (doc['tables'] != 1)} of {doc['players']}, "
                  f"every seat order {doc['games_per_seat_order']} games")
    lines = [f"{doc['game']} {doc['command']}: {tables} with seeds {doc['seed']} to "
             f"{doc['seed'] + doc['games_per_seat_order'] - 1}; {doc['games']} games, "
             f"agent {doc['agent']}" + (f", format {doc['format']}" if doc["format"] else "")
             + "."]
    lines.append(f"{res['finished']} finished, {res['draws']} drawn, "
                 f"{res['unfinished']['count']} unfinished, {len(doc['violations'])} "
                 "broken invariants.")
    if not doc["complete"]:
        lines.append("The run was interrupted: this report covers the games played so far; "
                     "run the same command again to finish it.")
    if "pool" in doc:
        lines.append(doc["pool"]["method"])
    if "deals" in doc:
        lines.append(doc["deals"]["note"])
    return lines


NOTES = [
    "Deals: every table plays the same seeds from every seat order, so the games of one "
    "seed (a deal) are not independent; every interval and test treats a deal as one "
    "observation, and the summary says how many deals they rest on (fewer than 30: rough).",
    "Win rate: wins per finished game, a draw counting 1/N of a win (N players); 95% "
    "intervals cluster-robust over deals (Student's t on deals - 1 degrees of freedom), never "
    "narrower than Wilson's over games. Matrix: the row deck's win rate in the games the "
    "column deck played too, with the same interval.",
    "Ranking: Bradley-Terry (Luce for N players) on the Elo scale, 95% intervals from "
    "resampling deals (bootstrap) or from the sandwich estimator over deals (runs of over "
    "300 tables), never narrower than the likelihood's curvature; runs of over 2,000 tables "
    "rank by win rate against the field.",
    "Balance: 1 minus the spread between the best and worst seat's win rate. First-player "
    "advantage: the first player's win rate minus the even share, its interval over deals. "
    "Drawishness: draws per finished game. Decisiveness: how often the table's stronger deck "
    "wins a decided game. Completion: finished games per game. Duration in the engine's "
    "unit.",
    "Cards: win rate of the decks holding the card (their mean; 95% interval cluster-robust "
    "over decks and deals together); pick rate among the top decks (the best tenth, at least "
    "5) and among all decks; importance: the mean win rate of the top decks minus that of as "
    "many best decks without the card, against the same field (95% interval from resampling "
    "decks and deals). A run of fewer than 30 decks has no top decks: too few decks to tell "
    "(with fewer, a sixth of the field or more is 'the top', and which deck gets there turns "
    "on a few deals).",
    "Cost curve: each card's measured strength against its printed price, fitted by a "
    "non-decreasing curve (isotonic regression on absolute deviations, each card weighted by "
    "the precision of its win rate: one card far off cannot drag it); a card is flagged only "
    "where its interval misses the curve (in a sweep, only a card held by 5 decks or more), "
    "and its strength is read off the curve within the catalog's prices only: below the "
    "cheapest or above the dearest price it says so.",
    "Changes (compare): the same games (same decks, seats and seeds) under OLD and NEW; per "
    "deal the mean change of each deck's (each card's decks') result, their mean with a 95% "
    "interval from Student's t over deals; p-values corrected for many comparisons with "
    "Holm's method.",
    "Every game is reproduced alone with `pnp play`, the decks in that seat order and "
    "--seed S --games 1.",
    "Shared set-ups (one file every seat plays, its results going to sides: Banners' board): "
    "each set-up is played "
    "alone by every seat; its win rate is the first result column's (side 1's), 1/N being "
    "even; a card's importance is that win rate over the set-ups holding the card minus "
    "over those without it (95% interval over set-ups and deals).",
]
