"""`run_play`: the whole job behind `pnp play` for any engine, and its reports.

`run_play` plays the games (see `harness.run_games`), writes the asked-for playthrough
log and the logs of failed games, and returns a `PlayResult` whose `to_json` is the
`play --json` document of FORMATS.md (plus the extra keys ``win_rate_ci``,
``end_reasons``, ``coverage``, ``rulings`` and ``unfinished_games``). `render_table`
prints the same for a terminal with rich.

Optional engine hooks: ``params_coverage_ids(params)`` adds coverage ids that depend on
the decks played (a card's own effect), ``absent_ids(params)`` lists ids these decks
cannot fire, ``game_stats(counters, decks, finished)`` the engine's own statistics (JSON
``game_stats``), and ``stats_tables(game_stats)`` shows them on a terminal as
``(title, columns, rows)`` tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolkit.core.outputs import Transaction
from toolkit.core.text import markup

from .agents import check_agents
from .engine import Rules
from .harness import Unfinished, Violation, play_game, run_games, seat_columns
from .stats import Stats


@dataclass
class PlayResult:
    """The results of `run_play`: everything `play --json` and the table report."""

    game: str
    games: int
    seed: int
    format: str | None
    decks: list[str]
    agents: list[str]
    stats: Stats
    violations: list[Violation]
    unfinished: list[Unfinished]
    seconds: float
    length_unit: str
    coverage_ids: Sequence[str]
    ruling_ids: Sequence[str]
    log_paths: list[Path] = field(default_factory=list)
    game_stats: dict[str, Any] | None = None
    """The engine's own statistics (per seat, per deck), when it keeps any."""
    absent: frozenset[str] = frozenset()
    """Coverage ids that cannot fire with these decks (an ability nobody has)."""
    sides: list[int] = field(default_factory=list)
    """Each seat's result column (a team game: its side); empty means seat k is column k."""
    tables: list[tuple[str, list[str], list[list[str]]]] = field(default_factory=list)
    """The engine's statistics as (title, columns, rows) for the terminal report, when it
    provides ``stats_tables(game_stats)``."""

    @property
    def exit_code(self) -> int:
        """0 if every game finished and every check held, else 1."""
        return 1 if self.violations or self.unfinished else 0

    @property
    def games_per_second(self) -> float:
        """Games played per wall-clock second."""
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def coverage(self) -> dict[str, Any]:
        """How often each rule, ability and ruling fired; those that never did although
        the decks could fire them; and those the decks cannot fire at all."""
        counters = self.stats.counters
        fired = {key: counters.get(key, 0) for key in self.coverage_ids}
        return {"fired": fired,
                "never_fired": [k for k, n in fired.items() if n == 0 and k not in self.absent],
                "not_in_decks": [k for k in self.coverage_ids if k in self.absent]}

    def rulings(self) -> dict[str, int]:
        """How often each ruling decided something."""
        counters = self.stats.counters
        return {key: counters.get(key, 0) for key in self.ruling_ids}

    def to_json(self) -> dict[str, Any]:
        """The `play --json` document (FORMATS.md) plus this harness's extra keys."""
        st = self.stats
        median = st.median_length()
        return {
            "game": self.game,
            "games": self.games,
            "seed": self.seed,
            "format": self.format,
            "decks": list(self.decks),
            "agents": list(self.agents),
            "results": {"wins": list(st.wins), "draws": st.draws},
            "unfinished": {"count": st.unfinished, "seeds": [u.seed for u in self.unfinished]},
            "violations": [v.to_json() for v in self.violations],
            "length": {"unit": self.length_unit, "mean": round(st.mean_length(), 3),
                       "median": int(median) if median == int(median) else median,
                       "max": st.length_max},
            "games_per_second": round(self.games_per_second, 1),
            "win_rate_ci": st.win_rate_ci(),
            "end_reasons": dict(sorted(st.end_reasons.items())),
            "coverage": self.coverage(),
            "rulings": self.rulings(),
            "unfinished_games": [{"seed": u.seed, "reason": u.reason, "loop": list(u.loop)}
                                 for u in self.unfinished],
            **({"game_stats": self.game_stats} if self.game_stats is not None else {}),
        }


def _write(tx: Transaction, path: Path, text: str) -> None:
    with open(tx.file(path), "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def _coverage_ids(rules: Rules, params: Any) -> tuple[str, ...]:
    """The engine's coverage ids, and those of the decks played when it has that hook."""
    ids = tuple(rules.coverage_ids())
    if hasattr(rules, "params_coverage_ids"):
        ids += tuple(k for k in rules.params_coverage_ids(params) if k not in ids)
    return ids


def run_play(rules: Rules, params: Any, agents: list[str], games: int, seed: int,
             jobs: int = 1, log_path: Path | None = None, log_games: int = 1,
             failures_dir: Path | None = None, check_invariants: bool = True,
             progress: bool = False) -> PlayResult:
    """Play ``games`` games (seeds ``seed, seed+1, ...``) and report them.

    ``agents`` are agent names (toolkit/sim/agents.py), one per seat. With ``log_path`` the
    playthroughs of the first ``log_games`` games are written there (Markdown); with
    ``failures_dir`` the full playthrough of every game that broke an invariant or did
    not finish is written as ``seed-<n>.md`` (the first `harness.MAX_LISTED` of them).
    The files are written together at the end, or not at all (`Transaction`).
    ``progress`` shows a rich progress bar. The same seed gives the same results (apart
    from speed) for any ``jobs``.
    """
    check_agents(rules, agents)
    wanted_logs = log_games if log_path is not None else 0
    if progress:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn(f"{rules.game_id}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), transient=True) as bar:
            task = bar.add_task("games", total=games)
            total, seconds = run_games(
                rules, params, agents, games, seed, jobs=jobs,
                check_invariants=check_invariants, log_games=wanted_logs,
                on_progress=lambda n: bar.advance(task, n))
    else:
        total, seconds = run_games(rules, params, agents, games, seed, jobs=jobs,
                                   check_invariants=check_invariants, log_games=wanted_logs)
    info = rules.describe_params(params)
    result = PlayResult(
        game=rules.game_id, games=games, seed=seed, format=info.get("format"),
        decks=list(info.get("decks", [])), agents=list(agents), stats=total.stats,
        violations=total.violations, unfinished=total.unfinished, seconds=seconds,
        length_unit=rules.length_unit, coverage_ids=_coverage_ids(rules, params),
        ruling_ids=rules.ruling_ids(),
        sides=seat_columns(info, len(agents)),
    )
    if hasattr(rules, "absent_ids"):
        result.absent = frozenset(rules.absent_ids(params))
    if hasattr(rules, "game_stats"):
        result.game_stats = rules.game_stats(total.stats.counters, result.decks,
                                             total.stats.games - total.stats.unfinished)
        if hasattr(rules, "stats_tables"):
            result.tables = rules.stats_tables(result.game_stats)
    with Transaction() as tx:
        if log_path is not None:
            _write(tx, Path(log_path), "\n".join(text for _, text in total.logs))
            result.log_paths.append(Path(log_path))
        if failures_dir is not None and total.failed:
            folder = tx.folder(Path(failures_dir))
            counts = rules.counts
            rules.reset_counts()
            try:
                for failed in total.failed:
                    rec = play_game(rules, params, agents, failed,
                                    check_invariants=check_invariants, log=True)
                    (folder / f"seed-{failed}.md").write_text(rec.log or "", encoding="utf-8")
                    result.log_paths.append(Path(failures_dir) / f"seed-{failed}.md")
            finally:
                rules.counts = counts
    return result


def render_table(result: PlayResult, console: Any) -> None:
    """Print a `PlayResult` for a terminal: seats, lengths, checks, coverage, rulings."""
    from rich.table import Table

    st = result.stats
    table = Table(title=f"{result.game}: {result.games} games from seed {result.seed}"
                  + (f" ({markup(result.format)})" if result.format else ""))
    for column in ("Seat", "Deck", "Agent", "Wins", "Win rate (95% CI)"):
        table.add_column(column, justify="right" if column in ("Wins", "Seat") else "left")
    cis = st.win_rate_ci()
    sides = result.sides or list(range(len(result.agents)))
    for column, wins in enumerate(st.wins):  # one row per result column (seat or side)
        seats = [q for q, side in enumerate(sides) if side == column]
        deck = result.decks[column] if column < len(result.decks) else ""
        ci = cis[column]
        table.add_row(", ".join(str(q + 1) for q in seats), markup(deck),
                      markup(", ".join(result.agents[q] for q in seats)), str(wins),
                      f"{ci['rate']:.1%} ({ci['low']:.1%}–{ci['high']:.1%})")
    console.print(table)
    doc = result.to_json()
    length = doc["length"]
    console.print(f"Draws {st.draws} · unfinished {st.unfinished} · violations "
                  f"{len(result.violations)} · length ({length['unit']}) mean "
                  f"{length['mean']}, median {length['median']}, max {length['max']} · "
                  f"{doc['games_per_second']} games/s")
    if st.end_reasons:
        console.print("Ended by: " + ", ".join(f"{markup(k)} {v}" for k, v in
                                               sorted(st.end_reasons.items())))
    _render_game_stats(result.game_stats, console)
    for title, columns, rows in result.tables:
        extra = Table(title=title)
        for k, column in enumerate(columns):
            extra.add_column(column, justify="left" if k == 0 else "right")
        for row in rows:
            extra.add_row(*(markup(cell) for cell in row))
        console.print(extra)
    for v in result.violations[:20]:
        console.print(f"[red]violation[/red] seed {v.seed} step {v.step}: "
                      f"{markup(v.invariant)}: {markup(v.message)}")
    for u in result.unfinished[:20]:
        console.print(f"[yellow]unfinished[/yellow] seed {u.seed}: {markup(u.reason)}")
    rulings = {k: n for k, n in result.rulings().items() if n}
    if rulings:
        rt = Table(title="Rulings that decided something")
        rt.add_column("Ruling")
        rt.add_column("Times", justify="right")
        for key, n in sorted(rulings.items(), key=lambda kv: (-kv[1], kv[0])):
            rt.add_row(key, str(n))
        console.print(rt)
    coverage = result.coverage()
    if coverage["never_fired"]:
        console.print("Never fired: " + ", ".join(coverage["never_fired"]))
    if coverage["not_in_decks"]:
        console.print(f"Not in these decks ({len(coverage['not_in_decks'])} ids, "
                      "cannot fire): " + ", ".join(coverage["not_in_decks"]))


def _render_game_stats(stats: dict[str, Any] | None, console: Any) -> None:
    """The engine's own statistics, when it keeps them: first player, and per deck."""
    if not stats:
        return
    from rich.table import Table

    if "first_player_win_rate" in stats:
        console.print(f"First player won {stats['first_player_win_rate']:.1%} of the games "
                      "that ended")
    decks = stats.get("decks")
    if decks:
        table = Table(title="Per deck")
        for column in ("Deck", "Games", "Wins", "Went first", "Won when first", "Eliminated"):
            table.add_column(column, justify="left" if column == "Deck" else "right")
        for name, row in decks.items():
            out = row.get("eliminated", {})
            table.add_row(markup(name), str(row.get("games", "")), str(row.get("wins", "")),
                          str(row.get("first", "")), str(row.get("first_wins", "")),
                          ", ".join(f"{k} {v}" for k, v in out.items() if v) or "0")
        console.print(table)
