"""The jobs behind `pnp tournament`, `pnp sweep` and `pnp compare`, kept out of the CLI.

Each job turns decks into `Entry` lists, runs their round robin (`run.run_plan`), builds
the report document and writes the report files; the CLI modules only read options and
print. A run stopped by Ctrl-C keeps its finished batches in the results file and raises
`Interrupted`, which the CLI turns into exit code 130 and a sentence on how to resume.

Decks of several formats (a WarBadge workbook holding standard, quick and skirmish teams)
cannot meet each other: `by_format` splits them, and `pnp tournament` plays one round
robin per format, each with its own report (`report.write_formats`).
"""

from __future__ import annotations

import math
from dataclasses import replace
from pathlib import Path
from random import Random
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.registry import Game

from . import analysis, report
from .compare import ALPHA, changes, sentences
from .execute import Execution
from .measures import holm, normal_p
from .plan import Entry
from .pool import DeckPool, SweepRequest
from .run import Options, plan_for, players_of, results_path, run_plan, shares_setups

MUST_PICK_POINTS = 0.005
"""A must-pick's importance interval lies at least this far above zero (half a point).
Importance is never negative (the top decks are the best), so its bootstrap has a mass at
exactly zero; a lower end a hair above it is no evidence that the best decks need the
card, and would print as "0.0"."""


class Interrupted(Exception):
    """Ctrl-C stopped the run; what was done is kept."""

    def __init__(self, run: Execution, results: Path) -> None:
        super().__init__(f"stopped: {run.reused + run.played:,} of {run.games:,} games are "
                         f"done and kept in {results}; run the same command again to "
                         "resume")


def _rules(game: Game) -> Any:
    if game.playing is None:
        raise InputError(f"{game.title} has no rules engine yet")
    if game.playing.pooled and game.playing.sweep is None:
        raise InputError(f"{game.title} seats every player on one shared file and has no "
                         "sweep hook to say what differs between seats, so there are no "
                         "decks to pit against each other")
    return game.playing.rules()


def where(options: Options) -> str:
    """Where the games ran, in words."""
    if options.scheduler:
        return f"Dask cluster at {options.scheduler}"
    return "this process" if options.jobs <= 1 else f"{options.jobs} local processes"


def entries_from_decks(decks: list[Any]) -> list[Entry]:
    """Entries for loaded decks (a repeated name gets ` #2`, ` #3`...)."""
    seen: dict[str, int] = {}
    out = []
    for deck in decks:
        name = deck.name
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name} #{seen[name]}"
        out.append(Entry(name, name, tuple(c.name for c in deck.cards), deck))
    return out


def deck_format(deck: Any) -> str | None:
    """The format a loaded deck was checked against (its ``format``: a name, or an object
    with a ``name``), or None when the game's decks carry none."""
    fmt = getattr(deck, "format", None)
    if fmt is None:
        return None
    return str(getattr(fmt, "name", fmt))


def by_format(decks: list[Any]) -> list[tuple[str | None, list[Any]]]:
    """Decks grouped by format, formats in the order of their first deck, decks in their
    own order. Formats are told apart case-insensitively; decks without one go with
    everything (a single group)."""
    groups: dict[str, tuple[str, list[Any]]] = {}
    for deck in decks:
        name = deck_format(deck)
        if name is None:
            return [(None, list(decks))]
        groups.setdefault(name.casefold(), (name, []))[1].append(deck)
    return list(groups.values()) or [(None, [])]


def shared_decks(game: Game, decks: list[Any], options: Options) -> DeckPool:
    """A pooled game's decks on its one loaded file, from its sweep hook
    (`SweepRequest.shared`): the file holds no decks of its own to pit against each other."""
    _rules(game)  # a pooled game without a sweep hook is refused here
    if len(decks) != 1:
        raise InputError(f"{game.title} is played from one file shared by every seat; "
                         f"give it once (got {len(decks)})")
    request = SweepRequest(None, options.format, Random(f"sweep:{options.seed}"),
                           shared=decks[0])
    return game.playing.sweep(request)


def file_entries(game: Game, decks: list[Any], options: Options) -> list[Entry]:
    """Entries for the decks loaded from files (`entries_from_decks`); for a pooled game,
    the decks its sweep hook pits against each other on its one file (`shared_decks`)."""
    if game.playing is not None and _pits_decks_on_one_file(game, _rules(game), decks, options):
        return entries_from_decks(shared_decks(game, decks, options).decks)
    return entries_from_decks(decks)


def _pits_decks_on_one_file(game: Game, rules: Any, decks: list[Any], options: Options) -> bool:
    """Whether the decks to play come from a pooled game's sweep hook on its one file
    (Valiant Wars' starts), rather than being the files' own set-ups played by both sides
    (Banners' boards, `run.shares_setups`)."""
    if not game.playing.pooled:
        return False
    players = players_of(game, options)
    return not shares_setups(game, rules, entries_from_decks(decks), players, options.format)


def entries_from_pool(pool: DeckPool) -> list[Entry]:
    """Entries for generated decks (identified by their card lists)."""
    return [Entry(deck.name, "\n".join(cards), cards, deck)
            for deck, cards in zip(pool.decks, pool.cards, strict=True)]


def _play(game: Game, entries: list[Entry], options: Options, rules: Any, label: str):
    plan = plan_for(game, entries, options, rules)
    tally, run = run_plan(game, plan, options, rules, label)
    if run.interrupted:
        raise Interrupted(run, results_path(game, options))
    return plan, tally, run


def _doc(command: str, game: Game, tally: Any, run: Execution, rules: Any,
         options: Options, fmt: str | None = None) -> dict[str, Any]:
    return report.document(command, tally, run, rules, fmt=options.format or fmt,
                           bootstrap=options.bootstrap, where=where(options),
                           results_file=results_path(game, options))


def tournament(game: Game, decks: list[Any], options: Options) -> dict[str, Any]:
    """A round robin of loaded decks: the report document. A pooled game's one file
    enters the decks its sweep hook pits against each other on it (`shared_decks`), and
    when those carry printed prices every card is measured as in a sweep. Decks of
    several formats are refused here: `tournaments` plays one round robin per format."""
    rules = _rules(game)
    groups = by_format(decks)
    if len(groups) > 1:
        raise InputError("the decks are of several formats ("
                         + ", ".join(f"{name}: {len(group)}" for name, group in groups)
                         + "); play one round robin per format (`tournaments`)")
    fmt = groups[0][0]
    shared = (shared_decks(game, decks, options)
              if _pits_decks_on_one_file(game, rules, decks, options) else None)
    entries = entries_from_decks(shared.decks if shared else decks)
    least = 1 if game.playing.pooled and shared is None else 2  # a set-up plays on its own
    if len(entries) < least:
        raise InputError(f"a tournament needs at least 2 decks; got {len(entries)}")
    label = f"{game.id} tournament" + (f" ({fmt})" if fmt and options.format is None else "")
    _, tally, run = _play(game, entries, options, rules, label)
    doc = _doc("tournament", game, tally, run, rules, options, fmt)
    if shared is not None:
        doc["pool"] = {"method": shared.method, "total": shared.total,
                       "decks": len(shared.decks), "price": shared.price_label}
        if shared.prices:  # a pooled game's decks differ by cards: measure every card
            # the starts are the pool's own, one per Champion: not a sample of decks
            _measure_cards(doc, tally, shared, options, sampled=False)
    doc["headlines"] = _card_lines(doc) + _ranking_lines(doc)
    return doc


def tournaments(game: Game, decks: list[Any], options: Options) -> list[dict[str, Any]]:
    """One round robin per format of the decks (`by_format`), in the order of the formats'
    first decks: per format, its report document (`tournament`), or for a format with a
    single deck a stub saying why it was not played (``skipped``)."""
    out = []
    groups = by_format(decks)
    if len(groups) > 1 and all(len(group) < 2 for _, group in groups):
        raise InputError("a tournament needs at least 2 decks of one format; got "
                         + ", ".join(f"{d.name} ({deck_format(d)})" for d in decks))
    for name, group in groups:
        if len(group) < 2:
            out.append({"game": game.id, "command": "tournament", "format": name,
                        "skipped": f"format {name} has 1 deck ({group[0].name}): a round "
                                   "robin needs 2", "decks": [{"name": group[0].name}]})
            continue
        out.append(tournament(game, group, options))
    return out


def _measure_cards(doc: dict[str, Any], tally: Any, pool: DeckPool, options: Options,
                   sampled: bool) -> None:
    doc["cards"] = analysis.card_rows(tally, pool.prices, options.bootstrap, options.seed)
    doc["top"] = analysis.top_summary(tally)
    doc["cost_curve"] = analysis.cost_curve(doc["cards"], pool.price_label, sampled)


def sweep_pool(game: Game, catalog: Path | None, options: Options, sample: int | None,
               compositions: tuple[tuple[str, ...], ...] | None = None) -> DeckPool:
    """Generated decks from the game's hook (InputError when it has none)."""
    if game.playing is None or game.playing.sweep is None:
        raise InputError(f"{game.title} cannot generate decks for a sweep yet (its "
                         "PlaySpec has no `sweep` hook); run `pnp tournament` on decks")
    request = SweepRequest(catalog, options.format, Random(f"sweep:{options.seed}"), sample,
                           compositions)
    return game.playing.sweep(request)


def sweep(game: Game, pool: DeckPool, options: Options) -> dict[str, Any]:
    """A round robin of generated decks, with the per-card statistics and cost curve."""
    rules = _rules(game)
    entries = entries_from_pool(pool)
    options = replace(options, format=pool.format or options.format)
    _, tally, run = _play(game, entries, options, rules, f"{game.id} sweep")
    doc = _doc("sweep", game, tally, run, rules, options)
    doc["pool"] = {"method": pool.method, "total": pool.total, "decks": len(pool.decks),
                   "price": pool.price_label}
    _measure_cards(doc, tally, pool, options, sampled=True)
    doc["headlines"] = _card_lines(doc) + _ranking_lines(doc)
    return doc


def compare(game: Game, old: list[Entry], new: list[Entry], options: Options,
            note: str) -> dict[str, Any]:
    """The same round robin under OLD and NEW decks (matched by key), compared game by game."""
    rules = _rules(game)
    new_by_key = {e.key: e for e in new}
    old_keys = {e.key for e in old}
    both_old = [e for e in old if e.key in new_by_key]
    both_new = [new_by_key[e.key] for e in both_old]
    least = 1 if game.playing.pooled else 2  # a shared set-up is played on its own
    if len(both_old) < least:
        raise InputError(f"OLD and NEW share {len(both_old)} deck(s); a comparison needs at "
                         f"least {least} present in both (matched by name, or by card list "
                         "for generated decks)")
    old_plan, old_tally, old_run = _play(game, both_old, options, rules,
                                         f"{game.id} compare: OLD")
    new_plan, new_tally, new_run = _play(game, both_new, options, rules,
                                         f"{game.id} compare: NEW")
    results_old = _results(game, options, old_plan)
    results_new = _results(game, options, new_plan)
    found = changes(old_plan, results_old, new_plan, results_new)
    run = Execution(games=old_run.games + new_run.games, reused=old_run.reused + new_run.reused,
                    played=old_run.played + new_run.played,
                    seconds=old_run.seconds + new_run.seconds,
                    workers=max(old_run.workers, new_run.workers))
    doc = _doc("compare", game, new_tally, run, rules, options)
    doc["old"] = {"decks": [{"name": d["name"], "win_rate": d["win_rate"], "low": d["low"],
                             "high": d["high"]}
                            for d in analysis.deck_rows(old_tally, 0, options.seed)[0]],
                  "metrics": analysis.metrics(old_tally, rules)}
    doc["changes"] = found
    doc["only_old"] = [e.name for e in old if e.key not in new_by_key]
    doc["only_new"] = [e.name for e in new if e.key not in old_keys]
    doc["pool"] = {"method": note}
    lines = sentences(found, old_plan.columns[0] if old_plan.shared else None)
    if len(lines) > 12:
        lines = lines[:12] + [f"... and {len(lines) - 12} more significant changes "
                              "(changes.csv)"]
    doc["headlines"] = lines or ["No change in win rate is significant at 5% after Holm's "
                                 "correction for the many comparisons."]
    return doc


def _results(game: Game, options: Options, plan: Any) -> dict:
    from .store import ResultStore  # noqa: PLC0415

    with ResultStore(results_path(game, options)) as store:
        return store.find(b.key for b in plan.batches)


def _ranking_lines(doc: dict[str, Any]) -> list[str]:
    out = []
    decks = sorted(doc["decks"], key=lambda d: d["rank"])
    if doc.get("shared"):
        out.extend(_lean_lines(doc, decks))
    elif decks:
        best, worst = decks[0], decks[-1]
        for label, d in (("Strongest", best), ("Weakest", worst)):
            out.append(f"{label}: {d['name']}, win rate {100 * d['win_rate']:.1f}% "
                       f"({100 * d['low']:.1f}–{100 * d['high']:.1f}) against the field")
    fp = doc["metrics"]["first_player"]
    if fp["games"] and not (fp["low"] <= fp["expected"] <= fp["high"]):
        out.append(f"The first player wins {100 * fp['win_rate']:.1f}% "
                   f"({100 * fp['low']:.1f}–{100 * fp['high']:.1f}) where "
                   f"{100 * fp['expected']:.0f}% would be even.")
    unfinished = doc["results"]["unfinished"]["count"]
    if unfinished:
        out.append(f"{unfinished} games did not finish (seeds in unfinished_games).")
    return out


def _lean_lines(doc: dict[str, Any], decks: list[dict[str, Any]]) -> list[str]:
    """Shared set-ups whose first result column wins more or less than even: a normal test
    of its win rate against even, significant at 5% after Holm's correction over the
    set-ups (one set-up in twenty misses even at 95% by chance alone)."""
    even = 1 / len(doc["metrics"]["columns"])
    played = [d for d in decks if d["games"]]
    p = holm([normal_p((d["win_rate"] - even) / math.sqrt(even * (1 - even) / d["games"]))
              for d in played])
    leaning = [(d, q) for d, q in zip(played, p, strict=True) if q < ALPHA]
    out = [f"{d['name']} is not even: {doc['score']} is {100 * d['win_rate']:.1f}% "
           f"({100 * d['low']:.1f}–{100 * d['high']:.1f}) where {100 * even:.0f}% would be "
           f"even (Holm p = {q:.2g})." for d, q in leaning[:5]]
    if len(leaning) > 5:
        out.append(f"... and {len(leaning) - 5} more set-ups that are not even (decks.csv)")
    if played and not leaning:
        out.append(f"No set-up leans to one side at 5% after Holm's correction over the "
                   f"{len(played)} set-ups ({doc['score']} from "
                   f"{100 * min(d['win_rate'] for d in played):.1f}% to "
                   f"{100 * max(d['win_rate'] for d in played):.1f}%).")
    return out


def _tilt_lines(doc: dict[str, Any]) -> list[str]:
    """Shared set-ups: the cards whose importance (the first column's win rate with the card
    minus without it) is significant at 5% after Holm's correction over the cards (each
    p-value from Student's t over set-ups and deals, `analysis._contrast`)."""
    rows = [c for c in doc.get("cards", []) if c.get("importance_p") is not None]
    if not rows:
        return []
    found = sorted(((c, q) for c, q in zip(rows, holm([c["importance_p"] for c in rows]),
                                           strict=True) if q < ALPHA),
                   key=lambda cq: -abs(cq[0]["importance"]))
    out = [f"{c['name']} tilts the game: {doc['score']} is {100 * c['importance']:+.1f} "
           f"points ({100 * c['importance_low']:+.1f} to {100 * c['importance_high']:+.1f}) "
           f"with it than without it (Holm p = {q:.2g})." for c, q in found[:5]]
    if not found:
        top = max(rows, key=lambda c: (abs(c["importance"]), c["name"]))
        out.append(f"No card tilts the game at 5% after Holm's correction over the "
                   f"{len(rows)} cards (the largest: {top['name']}, "
                   f"{100 * top['importance']:+.1f} points, {100 * top['importance_low']:+.1f}"
                   f" to {100 * top['importance_high']:+.1f}).")
    return out


def _card_lines(doc: dict[str, Any]) -> list[str]:
    """Must-picks (importance whose interval lies half a point or more above zero, in a run
    with top decks: `analysis.top_decks`) and the cost curve's flagged cards; "too few
    decks to tell" where the run has too few decks for top decks."""
    out = []
    if doc.get("shared"):
        return _tilt_lines(doc)
    if "cards" not in doc:
        return out
    top = doc.get("top") or {}
    if not top.get("enough"):
        out.append(f"Must-picks: too few decks to tell ({top.get('of', 0)} decks; "
                   f"statements about the top decks need at least "
                   f"{top.get('minimum_decks', analysis.MIN_DECKS)}).")
    else:
        cards = [c for c in doc["cards"] if c["importance"] is not None
                 and c["importance_low"] is not None
                 and c["importance_low"] >= MUST_PICK_POINTS]
        for c in sorted(cards, key=lambda c: (-c["importance"], c["name"]))[:3]:
            held = round(c["pick_rate_top"] * top["decks"])
            out.append(f"Must-pick: {c['name']}: the best decks lose "
                       f"{100 * c['importance']:.1f} points ({100 * c['importance_low']:.1f}–"
                       f"{100 * c['importance_high']:.1f}) without it; it is in {held} of the "
                       f"{top['decks']} top decks.")
    curve = doc.get("cost_curve") or {}
    out.extend(o["text"] for o in curve.get("outliers", [])[:5])
    if curve.get("note"):  # a flat curve, too few cards, cards too few decks hold
        out.append(curve["note"])
    return out


def default_output(game: Game, command: str) -> Path:
    """output/<game>/<command>/."""
    return game.output() / command
