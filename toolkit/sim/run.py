"""`run_play`: the whole job behind `pnp play` for any engine, and its reports.

`run_play` plays the games (see `harness.run_games`), writes the asked-for playthrough
log and the logs of failed games, and returns a `PlayResult` whose `to_json` is the
`play --json` document of FORMATS.md (plus the extra keys ``win_rate_ci``, ``seating``,
``first_player``, ``seat_win_rate``, ``deck_win_rate``, ``end_reasons``, ``coverage``,
``rulings`` and ``unfinished_games``). `render_table` prints the same for a terminal
with rich.

Seat and deck are told apart by playing each deal in every seat order (`seat_orders`:
two seats alternate, more rotate; `pnp play --seats`). ``results.wins`` and
``deck_win_rate`` then follow each deck with its agent over every seat (its figure net
of seat), ``seat_win_rate`` each seat whoever sat there, and ``first_player`` the player
who went first (the engine's ``first_player`` hook; for an engine without it whose
``game_stats`` counts the first player's wins, that count; else seat 1) among the games
someone won, against a fair share of 1/columns. In a pooled game (one pool, seats
``Player k``) and a team game (results per side) the seats or sides keep the columns and
the agents move round them. Every interval is cluster-robust over deals
(`stats.cluster_interval`), never narrower than Wilson's.

Optional engine hooks: ``params_coverage_ids(params)`` adds coverage ids that depend on
the decks played (a card's own effect), ``absent_ids(params)`` lists ids these decks
cannot fire, ``game_stats(counters, decks, finished)`` the engine's own statistics (JSON
``game_stats``), and ``stats_tables(game_stats)`` shows them on a terminal as
``(title, columns, rows)`` tables.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from toolkit.core.outputs import Transaction
from toolkit.core.text import markup

from .agents import check_agents
from .engine import Rules, capabilities_of
from .harness import (
    Seating,
    Unfinished,
    Violation,
    first_wins_key,
    play_game,
    rotations,
    run_games,
    seat_columns,
)
from .stats import DealStats, Stats

FIRST_HOOK = "hook"
"""`PlayResult.first_source`: the engine names the first player (``first_player``)."""
FIRST_COUNTER = "counter"
"""... its ``game_stats`` counts the first player's wins (a stopgap, see
`harness.first_wins_key`)."""
FIRST_SEAT = "seat 1"
"""... neither: the figure is seat 1's (in a team game, seat 1's side)."""


def verdict(low: float, high: float, fair: float) -> str:
    """Whether an interval lies above a fair share, below it, or holds it."""
    if low > fair:
        return "above"
    if high < fair:
        return "below"
    return "includes"


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
    deals: DealStats = field(default_factory=DealStats)
    """The run's figures clustered by deal (see `DealStats`)."""
    seating: str = "fixed"
    """How seats were given: ``alternate`` (two seats), ``rotate`` (three or more),
    ``fixed``, or one seat order such as ``2,1``."""
    orders: list[str] = field(default_factory=lambda: ["1,2"])
    """Each seat order played, as `--seats` takes it (``2,1``: entry 2 in seat 1)."""
    decks_move: bool = True
    """True when ``results.wins`` counts per line-up entry (each deck as given, wherever
    it sat); False when it counts per seat or side (a pooled or team game)."""
    entry_decks: list[str | None] = field(default_factory=list)
    """Each line-up entry's deck (None in a pooled game, whose entries are agents)."""
    seat_labels: list[str] = field(default_factory=list)
    """The places at the table: ``Seat k``, or a team game's sides."""
    first_source: str = FIRST_SEAT
    """Where the first player comes from: `FIRST_HOOK`, `FIRST_COUNTER` or `FIRST_SEAT`."""
    offers_known: bool = False
    """True when the engine has the ``offered`` hook (so ``coverage.why`` can tell a rule
    nobody chose from a situation that never arose)."""

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
        the decks could fire them, and why (rules and abilities) or apart (rulings);
        those the decks cannot fire at all; and how often each optional one was offered."""
        counters = self.stats.counters
        fired = {key: counters.get(key, 0) for key in self.coverage_ids}
        never = [k for k, n in fired.items() if n == 0 and k not in self.absent]
        rulings = set(self.ruling_ids)
        offered = self.deals.offered
        return {"fired": fired,
                "never_fired": never,
                "not_in_decks": [k for k in self.coverage_ids if k in self.absent],
                "offered": {k: offered[k] for k in sorted(offered)},
                "why": {k: self.why(k) for k in never if k not in rulings},
                "rulings_never_fired": [k for k in never if k in rulings]}

    def why(self, rule_id: str) -> str:
        """Why a rule or ability present in the decks never fired, as far as the run can
        tell (the engine's ``offered`` hook counts the decisions that could have used it)."""
        if not self.offers_known:
            return "not known: the engine does not report which choices were offered"
        n = self.deals.offered.get(rule_id, 0)
        if n:
            return f"offered {n} time{'s' if n != 1 else ''}, no agent chose it"
        return "never offered: the situation never arose in these games"

    def rulings(self) -> dict[str, int]:
        """In how many games each ruling decided something (fired at least once)."""
        decided = self.deals.decided
        return {key: decided.get(key, 0) for key in self.ruling_ids}

    def first_player(self) -> dict[str, Any]:
        """The first player's wins among the games someone won, with the interval
        clustered by deal, its fair share (1/columns) and where the interval lies."""
        sums = self.deals.first
        fair = 1 / max(1, len(self.stats.wins))
        rate = sums.to_json()
        return {"who": "seat 1" if self.first_source == FIRST_SEAT else "went first",
                "wins": sums.successes, "games": sums.trials, **rate,
                "fair_share": round(fair, 4),
                "verdict": ("no game was won" if not sums.trials else
                            {"above": "advantage", "below": "disadvantage",
                             "includes": "no clear advantage"}[
                                verdict(rate["low"], rate["high"], fair)])}

    def seat_win_rate(self) -> list[dict[str, Any]]:
        """Per place at the table (seat, or side): wins and the win rate over all games,
        clustered by deal."""
        return [{"seat": label, "wins": sums.successes, **sums.to_json()}
                for label, sums in zip(self.seat_labels, self.deals.seats, strict=True)]

    def deck_win_rate(self) -> list[dict[str, Any]]:
        """Per line-up entry (deck and agent as given), wherever it sat: wins, the win
        rate over all games and the share of the games someone won, clustered by deal.
        With seats alternated (or rotated) this is each deck's figure net of seat."""
        return [{"deck": deck, "agent": agent, "wins": sums.successes, **sums.to_json(),
                 "share_of_won_games": won.to_json()}
                for deck, agent, sums, won in zip(self.entry_decks, self.agents,
                                                  self.deals.entries,
                                                  self.deals.entry_decided, strict=True)]

    def replay(self, seed: int, seats: Sequence[int]) -> str:
        """The options that replay one game alone (add them to the same command)."""
        return f"--seed {seed} --games 1 --seats {','.join(map(str, seats))}"

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
            "violations": [{**v.to_json(), "replay": self.replay(v.seed, v.seats)}
                           for v in self.violations],
            "length": {"unit": self.length_unit, "mean": round(st.mean_length(), 3),
                       "median": int(median) if median == int(median) else median,
                       "max": st.length_max},
            "games_per_second": round(self.games_per_second, 1),
            "win_rate_ci": [sums.to_json() for sums in self.deals.results],
            "seating": {"mode": self.seating, "orders": list(self.orders),
                        "deals": self.deals.deals, "games_per_deal": len(self.orders)},
            "first_player": self.first_player(),
            "seat_win_rate": self.seat_win_rate(),
            "deck_win_rate": self.deck_win_rate(),
            "end_reasons": dict(sorted(st.end_reasons.items())),
            "coverage": self.coverage(),
            "rulings": self.rulings(),
            "unfinished_games": [{"seed": u.seed, "reason": u.reason, "loop": list(u.loop),
                                  "seats": list(u.seats),
                                  "replay": self.replay(u.seed, u.seats)}
                                 for u in self.unfinished],
            **({"game_stats": self.game_stats} if self.game_stats is not None else {}),
        }


def _write(tx: Transaction, path: Path, text: str) -> None:
    with open(tx.file(path), "w", encoding="utf-8", newline="\n") as handle:
        handle.write(text)


def _coverage_ids(rules: Rules, params: Any) -> tuple[str, ...]:
    """The engine's coverage ids, and those of the decks played when it has that hook."""
    ids = tuple(rules.coverage_ids())
    if capabilities_of(rules).provides("params_coverage_ids"):
        extra = rules.params_coverage_ids(params)  # type: ignore[attr-defined]
        ids += tuple(k for k in extra if k not in ids)
    return ids


SEAT_MODES = ("alternate", "rotate", "fixed")
"""The words `play --seats` takes besides one seat order such as ``2,1``."""


def parse_order(text: str, seats: int) -> tuple[int, ...]:
    """A seat order as `--seats` writes it (``2,1``: the second entry of the line-up in
    seat 1, the first in seat 2), as 0-based entries; ValueError unless it names each
    entry 1..seats exactly once."""
    try:
        order = tuple(int(part) - 1 for part in text.split(","))
    except ValueError:
        order = ()
    if sorted(order) != list(range(seats)):
        example = ",".join(str(k) for k in [*range(2, seats + 1), 1])
        raise ValueError(f"--seats takes alternate, rotate, fixed, or a seat order naming "
                         f"each of the {seats} decks once, seat by seat (as in {example}); "
                         f"got '{text}'")
    return order


def seat_orders(entries: Sequence[Any], seats: str = "alternate") -> list[tuple[int, ...]]:
    """The seat orders a run plays (each a tuple: the 0-based entry at each seat).

    ``alternate`` and ``rotate`` (the same thing: two seats alternate, more rotate) give
    every distinct rotation of the line-up (`harness.rotations`: none repeated, so a
    line-up of equal entries is played once); ``fixed`` the line-up as given; anything
    else is one order (`parse_order`)."""
    if seats in ("alternate", "rotate"):
        return rotations(entries)
    if seats == "fixed":
        return [tuple(range(len(entries)))]
    return [parse_order(seats, len(entries))]


def run_play(rules: Rules, params: Any, agents: list[str], games: int, seed: int,
             jobs: int = 1, log_path: Path | None = None, log_games: int = 1,
             failures_dir: Path | None = None, check_invariants: bool = True,
             progress: bool = False, seatings: Sequence[Seating] | None = None,
             seats: str = "fixed", decks_move: bool = True) -> PlayResult:
    """Play ``games`` games and report them.

    ``agents`` are agent names (toolkit/sim/agents.py), one per entry of the line-up.
    Without ``seatings`` entry k sits in seat k with ``params`` (game ``k`` has seed
    ``seed + k``). With them (`Seating`: each seat order's params and agents), deal
    ``k`` (seed ``seed + k``) is played in every order until ``games`` games are played
    (the last deal may see only its first orders), and ``seats`` names the choice for the report; ``decks_move`` says whether
    ``results.wins`` follows the entries (decks) or stays with the seats (a pooled game,
    whose entries are agents only). With ``log_path`` the playthroughs of the first
    ``log_games`` games are written there (Markdown); with ``failures_dir`` the full
    playthrough of every game that broke an invariant or did not finish is written as
    ``seed-<n>.md`` (``seed-<n>-seats-2-1.md`` when the run has several seat orders; the
    first `harness.MAX_LISTED` of them). The files are written together at the end, or
    not at all (`Transaction`). ``progress`` shows a rich progress bar. The same seed
    gives the same results (apart from speed) for any ``jobs``.
    """
    check_agents(rules, agents)
    orders = list(seatings) if seatings else [
        Seating(tuple(range(len(agents))), params, tuple(agents))]
    total_games = -(-games // len(orders)) * len(orders)
    wanted_logs = log_games if log_path is not None else 0
    run = partial(run_games, rules, orders[0].params, agents, games, seed, jobs=jobs,
                  check_invariants=check_invariants, log_games=wanted_logs,
                  seatings=orders, decks_move=decks_move)
    if progress:
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeRemainingColumn,
        )

        # Redrawn as chunks finish, not by rich's refresh thread: with no other thread
        # alive the harness forks its workers, and forked workers take pnp's signal
        # handling (they ignore Ctrl-C; toolkit/cli/main.py stops them).
        with Progress(TextColumn(f"{rules.game_id}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), transient=True, auto_refresh=False) as bar:
            task = bar.add_task("games", total=total_games)

            def advance(games: int) -> None:
                bar.advance(task, games)
                bar.refresh()

            total, seconds = run(on_progress=advance)
    else:
        total, seconds = run()
    info = rules.describe_params(orders[0].params)
    labels = list(info.get("decks", []))
    sides = seat_columns(info, len(agents))
    team = bool(info.get("sides"))
    by_entry = decks_move and not team
    entry_decks: list[str | None] = [None] * len(agents)
    if by_entry:
        for seat, entry in enumerate(orders[0].order):
            entry_decks[entry] = labels[seat] if seat < len(labels) else f"seat {seat + 1}"
    hooks = capabilities_of(rules).hooks
    first_source = (FIRST_HOOK if "first_player" in hooks else
                    FIRST_COUNTER if first_wins_key(rules, orders[0].params) else FIRST_SEAT)
    result = PlayResult(
        game=rules.game_id, games=total.stats.games, seed=seed, format=info.get("format"),
        decks=[d or "" for d in entry_decks] if by_entry else labels,
        agents=list(agents), stats=total.stats,
        violations=total.violations, unfinished=total.unfinished, seconds=seconds,
        length_unit=rules.length_unit, coverage_ids=_coverage_ids(rules, params),
        ruling_ids=rules.ruling_ids(), sides=sides, deals=total.deals, seating=seats,
        orders=[o.label for o in orders], decks_move=by_entry, entry_decks=entry_decks,
        seat_labels=labels if team else [f"Seat {k + 1}" for k in range(len(agents))],
        first_source=first_source, offers_known="offered" in hooks,
    )
    engine: Any = rules  # (its declared optional hooks)
    if "absent_ids" in hooks:
        result.absent = frozenset(engine.absent_ids(params))
    if "game_stats" in hooks:
        result.game_stats = engine.game_stats(total.stats.counters, result.decks,
                                              total.stats.games - total.stats.unfinished)
        if "stats_tables" in hooks:
            result.tables = engine.stats_tables(result.game_stats)
    with Transaction() as tx:
        if log_path is not None:
            _write(tx, Path(log_path), "\n".join(text for _, text in total.logs))
            result.log_paths.append(Path(log_path))
        if failures_dir is not None and total.failed:
            folder = tx.folder(Path(failures_dir))
            counts = rules.counts
            rules.reset_counts()
            try:
                for listed in total.failed:
                    # (seed, seat order); a bare seed (as results were kept before seat
                    # orders) is the first order
                    item: Any = listed
                    failed, r = item if isinstance(item, tuple) else (item, 0)
                    seating = orders[r]
                    rec = play_game(rules, seating.params, seating.agents, failed,
                                    check_invariants=check_invariants, log=True)
                    name = (f"seed-{failed}.md" if len(orders) == 1 else
                            f"seed-{failed}-seats-{seating.label.replace(',', '-')}.md")
                    text = (rec.log or "") + (
                        f"\nReplay this game alone: add `{result.replay(failed, [e + 1 for e in seating.order])}`"
                        " to the same `pnp play` command.\n")
                    (folder / name).write_text(text, encoding="utf-8")
                    result.log_paths.append(Path(failures_dir) / name)
            finally:
                rules.counts = counts
    return result


def _interval(rate: dict[str, float]) -> str:
    return f"{rate['rate']:.1%} ({rate['low']:.1%}–{rate['high']:.1%})"


def first_player_sentence(first: dict[str, Any], columns: int, team: bool) -> str:
    """The plain answer to "is going first an advantage?" from `PlayResult.first_player`."""
    who = first["who"]
    fair = f"{first['fair_share']:.0%}" if columns in (2, 4) else f"{first['fair_share']:.1%}"
    if not first["games"]:
        return "Going first: no game was won, so there is nothing to tell."
    subject = ("The side that went first" if team else "The player who went first") \
        if who == "went first" else \
        ("Seat 1's side" if team else "Seat 1") + " (this game names no first player)"
    answer = {"advantage": "an advantage: the interval lies above the fair share",
              "disadvantage": "a disadvantage: the interval lies below the fair share",
              "no clear advantage": "no clear advantage: the interval holds the fair share"}
    return (f"Going first: {answer[first['verdict']]}. {subject} won "
            f"{_interval(first)} of the {first['games']:,} games someone won; fair share "
            f"{fair} (95% interval clustered by deal).")


def render_table(result: PlayResult, console: Any) -> None:
    """Print a `PlayResult` for a terminal: decks and seats, the first player, lengths,
    checks, coverage and rulings."""
    from rich.table import Table

    st = result.stats
    doc = result.to_json()
    several = len(result.orders) > 1
    team = bool(result.sides) and result.sides != list(range(len(result.agents)))
    title = (f"{result.game}: {result.games} games from seed {result.seed}"
             + (f" ({markup(result.format)})" if result.format else ""))
    rate_column = "Win rate (95% CI)"
    if several and result.decks_move:
        # each deck with its agent over every seat: its figure net of seat
        table = Table(title=title)
        for heading in ("Deck", "Agent", "Wins", rate_column):
            table.add_column(heading, justify="right" if heading == "Wins" else "left")
        for row in doc["deck_win_rate"]:
            table.add_row(markup(row["deck"] or ""), markup(row["agent"]), str(row["wins"]),
                          _interval(row))
        console.print(table)
        _seat_table(doc, console, "By seat (every deck in turn)")
    elif several:
        # a pooled game: the seats (or sides) stay, the agents move round them
        _seat_table(doc, console, title)
        table = Table(title="Each agent over every seat")
        for heading in ("Entry", "Agent", "Wins", rate_column):
            table.add_column(heading,
                             justify="right" if heading in ("Entry", "Wins") else "left")
        for k, row in enumerate(doc["deck_win_rate"]):
            table.add_row(str(k + 1), markup(row["agent"]), str(row["wins"]), _interval(row))
        console.print(table)
    else:
        table = Table(title=title)
        for heading in ("Seat", "Deck", "Agent", "Wins", rate_column):
            table.add_column(heading, justify="right" if heading in ("Wins", "Seat") else "left")
        cis = doc["win_rate_ci"]
        sides = result.sides or list(range(len(result.agents)))
        order = [int(e) - 1 for e in result.orders[0].split(",")]
        for column, wins in enumerate(st.wins):  # one row per result column
            # a deck's column: the seat it sat in; else a seat's or a side's seats
            seats = ([order.index(column)] if result.decks_move else
                     [q for q, side in enumerate(sides) if side == column])
            deck = result.decks[column] if column < len(result.decks) else ""
            table.add_row(", ".join(str(q + 1) for q in seats), markup(deck),
                          markup(", ".join(result.agents[order[q]] for q in seats)),
                          str(wins), _interval(cis[column]))
        console.print(table)
    if several:
        moved = ("each deck with its agent played every seat (its win rate is net of seat)"
                 if result.decks_move else "the agents moved round the seats")
        orders = len(result.orders)
        short = result.games % orders
        last = (f", the last one in its first {short} of them (--games {result.games} is "
                "not a whole number of deals)" if short else "")
        console.print(f"{result.deals.deals} deals × {orders} seat orders "
                      f"({', '.join(result.orders)}){last}: {moved} on the same deals. "
                      "--seats fixed keeps the seats as given.")
    console.print(first_player_sentence(doc["first_player"], len(st.wins), team))
    length = doc["length"]
    console.print(f"Draws {st.draws} · unfinished {st.unfinished} · violations "
                  f"{len(result.violations)} · length ({length['unit']}) mean "
                  f"{length['mean']}, median {length['median']}, max {length['max']} · "
                  f"{doc['games_per_second']} games/s · intervals are 95%, clustered by "
                  f"deal ({result.deals.deals} deals)")
    if st.end_reasons:
        console.print("Ended by: " + ", ".join(f"{markup(k)} {v}" for k, v in
                                               sorted(st.end_reasons.items())))
    _render_game_stats(result.game_stats, console)
    for title_, columns, rows in result.tables:
        extra = Table(title=title_)
        for k, name in enumerate(columns):
            extra.add_column(name, justify="left" if k == 0 else "right")
        for row in rows:
            extra.add_row(*(markup(cell) for cell in row))
        console.print(extra)
    for v in doc["violations"][:20]:
        console.print(f"[red]violation[/red] seed {v['seed']} seats {v.get('seats', '')} "
                      f"step {v['step']}: {markup(v['invariant'])}: {markup(v['message'])} "
                      f"(replay alone: add {v['replay']})")
    for u in doc["unfinished_games"][:20]:
        console.print(f"[yellow]unfinished[/yellow] seed {u['seed']}: {markup(u['reason'])} "
                      f"(replay alone: add {u['replay']})")
    rulings = {k: n for k, n in doc["rulings"].items() if n}
    if rulings:
        rt = Table(title=f"Rulings that decided something (games they applied in, of "
                   f"{result.games})")
        rt.add_column("Ruling")
        rt.add_column("Games", justify="right")
        for key, n in sorted(rulings.items(), key=lambda kv: (-kv[1], kv[0])):
            rt.add_row(key, str(n))
        console.print(rt)
    coverage = doc["coverage"]
    if coverage["why"]:
        console.print("Never fired (rules and abilities these decks hold):")
        for key, why in coverage["why"].items():
            console.print(f"  {markup(key)}: {markup(why)}")
    if coverage["rulings_never_fired"]:
        console.print("Rulings never applied: " + ", ".join(coverage["rulings_never_fired"]))
    if coverage["not_in_decks"]:
        console.print(f"Not in these decks ({len(coverage['not_in_decks'])} ids, "
                      "cannot fire): " + ", ".join(coverage["not_in_decks"]))


def _seat_table(doc: dict[str, Any], console: Any, title: str) -> None:
    """Wins and win rates per seat (or side), whoever sat there."""
    from rich.table import Table

    table = Table(title=title)
    side = bool(doc["seat_win_rate"]) and not doc["seat_win_rate"][0]["seat"].startswith("Seat")
    for column in ("Side" if side else "Seat", "Wins", "Win rate (95% CI)"):
        table.add_column(column, justify="right" if column == "Wins" else "left")
    for row in doc["seat_win_rate"]:
        table.add_row(markup(row["seat"]), str(row["wins"]), _interval(row))
    console.print(table)


def _render_game_stats(stats: dict[str, Any] | None, console: Any) -> None:
    """The engine's own statistics, when it keeps them: first player, and per deck."""
    if not stats:
        return
    from rich.table import Table

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
