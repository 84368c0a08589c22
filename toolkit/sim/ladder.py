"""The skill ladder: does a stronger player win more? (Ludii's skill trace.)

`run_ladder` plays each rung of a list of agents (weakest first, e.g. ``random, greedy,
mcts, mcts:800``) against the rung below it. In each step the upper agent sits in one
seat and the lower one in every other seat (in a team game, every seat of one side:
toolkit/sim/engine.py's ``sides``); the upper one takes each seat (or side) in turn, and
every seat rotation plays the same seeds, so each pairing sees the same deals from every
seat (paired deals). A deal, played in every rotation, is one cluster: a step's intervals
are cluster-robust over deals (`stats.cluster_interval`), never narrower than Wilson's.

A step reports the upper agent's win rate beside its fair share (1/seats) and its share
of the games someone won (draws left out, so the fair share is exact). Its verdict says
plainly what the figures show: ``stronger`` only when that share's interval lies above
the fair share; ``no clear difference`` when it holds it and the upper agent won at
least its fair share; ``inverted`` when the upper
agent won less than its fair share (the upper rung is weaker here), ``clearly`` so when
the whole interval lies below. Each step also reports the first player's win rate (the
engine's ``first_player`` hook, else seat 1) and the game length.

`LadderResult.to_json` is the `play --ladder --json` document (README.md); `render_ladder`
prints it for a terminal, and `step_line` one step as it finishes.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .agents import check_agents
from .engine import Rules, capabilities_of
from .harness import Seating, first_wins_key, rotations, run_games, seat_columns
from .stats import DealStats, Stats

STRONGER = "stronger"
UNCLEAR = "no clear difference"
INVERTED = "inverted"
CLEARLY_INVERTED = "clearly inverted"


@dataclass
class Step:
    """One step of the ladder: ``upper`` against ``lower`` over every seat rotation."""

    lower: str
    upper: str
    seats: int
    stats: Stats
    deals: DealStats = field(default_factory=DealStats)
    unfinished: list[dict[str, Any]] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    first_player: str = "seat 1"
    seconds: float = 0.0

    @property
    def upper_wins(self) -> int:
        """Games the upper agent won (entry 0 of the step's line-up)."""
        return self.deals.entries[0].successes if self.deals.entries else 0

    @property
    def fair_share(self) -> float:
        """The share of won games each seat (or side) would take if skill did not matter."""
        return 1 / self.seats

    def verdict(self) -> str:
        """What the figures show about the upper agent (module docstring)."""
        share = self.deals.entry_decided[0] if self.deals.entry_decided else None
        if share is None or not share.trials:
            return UNCLEAR
        rate, low, high = share.interval()
        fair = self.fair_share
        if low > fair:
            return STRONGER
        if high < fair:
            return CLEARLY_INVERTED
        return INVERTED if rate < fair else UNCLEAR

    def to_json(self, length_unit: str) -> dict[str, Any]:
        """The step's entry in ``steps`` of the ladder document."""
        st = self.stats
        median = st.median_length()
        verdict = self.verdict()
        first = self.deals.first
        return {
            "lower": self.lower, "upper": self.upper, "games": st.games,
            "deals": self.deals.deals,
            "wins": {"upper": self.upper_wins,
                     "lower": sum(st.wins) - self.upper_wins},
            "draws": st.draws,
            "upper_win_rate": self.deals.entries[0].to_json(),
            "upper_share_of_won_games": self.deals.entry_decided[0].to_json(),
            "fair_share": round(self.fair_share, 4),
            "verdict": verdict,
            "inverted": verdict in (INVERTED, CLEARLY_INVERTED),
            "interval": "95%, clustered by deal",
            "first_player": {"who": self.first_player, "wins": first.successes,
                             "games": first.trials, **first.to_json()},
            "length": {"unit": length_unit, "mean": round(st.mean_length(), 3),
                       "median": int(median) if median == int(median) else median,
                       "max": st.length_max},
            "unfinished": {"count": st.unfinished, "games": self.unfinished},
            "violations": self.violations,
        }


@dataclass
class LadderResult:
    """Every step of a ladder run, and what the run was."""

    game: str
    seed: int
    format: str | None
    decks: list[str]
    rungs: list[str]
    seeds: int
    length_unit: str
    steps: list[Step]
    seconds: float

    @property
    def exit_code(self) -> int:
        """0 if every game finished and every check held, else 1."""
        return 1 if any(s.violations or s.unfinished for s in self.steps) else 0

    def to_json(self) -> dict[str, Any]:
        """The `play --ladder --json` document."""
        games = sum(s.stats.games for s in self.steps)
        return {
            "game": self.game, "seed": self.seed, "format": self.format,
            "decks": list(self.decks), "ladder": list(self.rungs),
            "seeds_per_step": self.seeds,
            "steps": [s.to_json(self.length_unit) for s in self.steps],
            "games_per_second": round(games / self.seconds, 1) if self.seconds > 0 else 0.0,
        }


def run_ladder(rules: Rules, params: Any, rungs: list[str], games: int, seed: int, *,
               jobs: int = 1, check_invariants: bool = True, progress: bool = False,
               on_step: Callable[[Step], None] | None = None) -> LadderResult:
    """Play each rung against the one below it (see the module docstring).

    Each step plays ``ceil(games / seats)`` deals from ``seed``, each in every seat
    rotation, so a step holds ``games`` rounded up to a whole number of rotations (a
    step between two equal agents plays as many games, each deal once: its rotations
    would be the same games). The same seed gives the same document (apart from ``games_per_second``) for
    any ``jobs``. ``on_step(step)`` is called as each step finishes (the terminal prints
    it at once rather than after the whole ladder).
    """
    if len(rungs) < 2:
        raise ValueError("a ladder needs at least two agents, weakest first")
    check_agents(rules, rungs)
    info = rules.describe_params(params)
    decks = list(info.get("decks", []))
    seats = len(decks) or 2  # result columns: seats, or a team game's sides
    sides = seat_columns(info, seats)  # each seat's column (a team game: its side)
    seeds = -(-games // seats)
    first_hook = capabilities_of(rules).provides("first_player")
    who = ("went first" if first_hook or first_wins_key(rules, params)
           else "seat 1")
    steps: list[Step] = []
    bar = None
    if progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

        bar = Progress(TextColumn(f"{rules.game_id} ladder"), BarColumn(),
                       MofNCompleteColumn(), transient=True)
        task = bar.add_task("games", total=seeds * seats * (len(rungs) - 1))
        bar.start()
    try:
        for lower, upper in zip(rungs, rungs[1:], strict=False):
            # entry 0 (seat 1, side 1) is the upper agent; rotations move it round
            lineup = [upper if side == sides[0] else lower for side in sides]
            seatings = [Seating(order, params, tuple(lineup[e] for e in order))
                        for order in rotations(lineup)]
            part, seconds = run_games(
                rules, params, lineup, seeds * seats, seed, jobs=jobs,
                check_invariants=check_invariants, seatings=seatings, decks_move=False,
                on_progress=(lambda n: bar.advance(task, n)) if bar else None)
            step = Step(lower, upper, seats, part.stats, part.deals, first_player=who,
                        seconds=seconds)
            agents_of = {s.order: list(s.agents) for s in seatings}
            step.unfinished = [{"seed": u.seed, "agents": agents_of[_order(u.seats)],
                                "reason": u.reason,
                                "replay": replay(agents_of[_order(u.seats)], u.seed)}
                               for u in part.unfinished]
            step.violations = []
            for v in part.violations:
                entry = {**v.to_json(), "agents": agents_of[_order(v.seats)],
                         "replay": replay(agents_of[_order(v.seats)], v.seed)}
                entry.pop("seats", None)
                step.violations.append(entry)
            steps.append(step)
            if on_step is not None:
                on_step(step)
    finally:
        if bar is not None:
            bar.stop()
    return LadderResult(rules.game_id, seed, info.get("format"), decks, list(rungs), seeds,
                        rules.length_unit, steps, sum(s.seconds for s in steps))


def replay(agents: list[str], seed: int) -> str:
    """The `play` options that replay one game of a step alone (its line-up seat by seat,
    its seed, seats kept as given)."""
    return (" ".join(f"--agent {a}" for a in agents)
            + f" --seed {seed} --games 1 --seats fixed")


def _order(seats: tuple[int, ...]) -> tuple[int, ...]:
    """A 1-based seat order (as violations carry it) as the 0-based `Seating.order`."""
    return tuple(e - 1 for e in seats)


def _rate(rate: dict[str, float]) -> str:
    return f"{rate['rate']:.1%} ({100 * rate['low']:.1f}–{100 * rate['high']:.1f})"


def step_line(step: dict[str, Any]) -> str:
    """One step in words, as it finishes: the result and what it shows (never "stronger"
    for an agent the figures do not show stronger)."""
    wins = step["wins"]
    upper, lower = step["upper"], step["lower"]
    share = step["upper_share_of_won_games"]
    record = (f"{upper} v {lower}: {wins['upper']}–{wins['lower']}–{step['draws']} in "
              f"{step['games']} games ({step['deals']} deals); {upper} won "
              f"{_rate(share)} of the games someone won, fair share "
              f"{step['fair_share']:.0%}")
    verdict = step["verdict"]
    if verdict == STRONGER:
        return f"{record}: {upper} is stronger (the interval lies above the fair share)."
    if verdict == UNCLEAR:
        return (f"{record}: no clear difference between them (the interval holds the fair "
                "share).")
    clearly = " clearly" if verdict == CLEARLY_INVERTED else ""
    return (f"{record}: INVERTED, {upper} lost to {lower}: the upper rung is{clearly} "
            "weaker here.")


def render_ladder(result: LadderResult, console: Any, *, lines: bool = True) -> None:
    """Print the skill trace for a terminal: one row per step, then each step in words
    (``lines=False`` leaves them out, when they were printed as the steps finished)."""
    from rich import box
    from rich.table import Table

    doc = result.to_json()
    seats = len(result.decks) or 2
    table = Table(title=f"{result.game}: skill ladder, {result.seeds} deals per step in "
                  f"every seat rotation from seed {result.seed}"
                  + (f" ({result.format})" if result.format else ""), box=box.SIMPLE)
    for column in ("Upper v lower", "W–L–D", "Win rate (95% CI)", "Share of won games",
                   "Verdict", "First won", "Length"):
        table.add_column(column, justify="left" if column in ("Upper v lower", "Verdict")
                         else "right")
    for step in doc["steps"]:
        rate, first, length = step["upper_win_rate"], step["first_player"], step["length"]
        wins = step["wins"]
        verdict = step["verdict"]
        shown = f"[red]{verdict}[/red]" if step["inverted"] else verdict
        table.add_row(
            f"{step['upper']} v {step['lower']}",
            f"{wins['upper']}–{wins['lower']}–{step['draws']}", _rate(rate),
            _rate(step["upper_share_of_won_games"]), shown,
            f"{first['rate']:.1%}", f"{length['mean']:.1f} ({length['median']})")
    console.print(table)
    if lines:
        for step in doc["steps"]:
            console.print(step_line(step))
    who = doc["steps"][0]["first_player"]["who"] if doc["steps"] else "seat 1"
    first = "seat 1" if who == "seat 1" else "the player who went first"
    console.print(f"W–L–D: the upper agent's wins, losses and draws. Intervals are 95%, "
                  f"clustered by deal. Its fair share of the won games is {1 / seats:.0%}: "
                  f"stronger when the interval lies above it, inverted when the upper "
                  f"agent won less. First won: how often {first} won. Length in "
                  f"{result.length_unit} (mean, median). {doc['games_per_second']} games/s.")
    for step in doc["steps"]:
        for v in step["violations"][:10]:
            console.print(f"[red]violation[/red] {', '.join(v['agents'])} seed {v['seed']} "
                          f"step {v['step']}: {v['invariant']}: {v['message']} (replay "
                          f"alone: {v['replay']})")
        for u in step["unfinished"]["games"][:10]:
            console.print(f"[yellow]unfinished[/yellow] {', '.join(u['agents'])} seed "
                          f"{u['seed']}: {u['reason']} (replay alone: {u['replay']})")
