"""The skill ladder: does a stronger player win more? (Ludii's skill trace.)

`run_ladder` plays each rung of a list of agents (weakest first, e.g. ``random, greedy,
mcts:50, mcts:200``) against the rung below it. In each step the stronger agent sits in
one seat and the weaker one in every other seat (in a team game, every seat of one side:
toolkit/sim/engine.py's ``sides``); the stronger one takes each seat (or side) in turn, and every seat rotation plays the same seeds, so each pairing sees the same deals
from every seat (paired seeds). A step reports the stronger agent's win rate with its
95% Wilson interval beside its fair share (1/seats): a game where each step up barely
wins more than its fair share is a game of luck. Each step also reports the first
player's win rate (the engine's first player when it names one, as Battle Gate's cut
does, else seat 1) and the game length.

`LadderResult.to_json` is the `play --ladder --json` document (README.md); `render_ladder`
prints it for a terminal.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .agents import check_agents
from .engine import Rules
from .harness import run_games, seat_columns
from .stats import Stats, wilson


def _rate(wins: int, games: int) -> dict[str, float]:
    low, high = wilson(wins, games)
    return {"rate": round(wins / games, 4) if games else 0.0, "low": round(low, 4),
            "high": round(high, 4)}


@dataclass
class Step:
    """One step of the ladder: ``upper`` against ``lower`` over every seat rotation."""

    lower: str
    upper: str
    seats: int
    stats: Stats
    upper_wins: int = 0
    unfinished: list[dict[str, Any]] = field(default_factory=list)
    violations: list[dict[str, Any]] = field(default_factory=list)
    first_wins: int = 0
    first_player: str = "seat 1"
    seconds: float = 0.0

    def to_json(self, length_unit: str) -> dict[str, Any]:
        """The step's entry in ``steps`` of the ladder document."""
        st = self.stats
        finished = st.finished
        median = st.median_length()
        return {
            "lower": self.lower, "upper": self.upper, "games": st.games,
            "wins": {"upper": self.upper_wins,
                     "lower": sum(st.wins) - self.upper_wins},
            "draws": st.draws,
            "upper_win_rate": _rate(self.upper_wins, st.games),
            "fair_share": round(1 / self.seats, 4),
            "first_player": {"who": self.first_player,
                             **_rate(self.first_wins, finished)},
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


def _first_player(rules: Rules, stats: Stats, decks: list[str]) -> tuple[str, int]:
    """(who counts as first, how many finished games they won): the player who went
    first when the engine's `game_stats` gives their win rate, else seat 1."""
    if hasattr(rules, "game_stats"):
        extra = rules.game_stats(stats.counters, decks, stats.finished)
        if "first_player_win_rate" in extra:
            # the rate is wins/finished rounded to 4 places: exact below 10,000 games
            return "went first", round(extra["first_player_win_rate"] * stats.finished)
    return "seat 1", stats.wins[0]


def run_ladder(rules: Rules, params: Any, rungs: list[str], games: int, seed: int, *,
               jobs: int = 1, check_invariants: bool = True,
               progress: bool = False) -> LadderResult:
    """Play each rung against the one below it (see the module docstring).

    Each step plays ``ceil(games / seats)`` seeds from ``seed`` in every seat rotation,
    so a step holds ``games`` rounded up to a whole number of rotations. The same seed
    gives the same document (apart from ``games_per_second``) for any ``jobs``.
    """
    if len(rungs) < 2:
        raise ValueError("a ladder needs at least two agents, weakest first")
    check_agents(rules, rungs)
    info = rules.describe_params(params)
    decks = list(info.get("decks", []))
    seats = len(decks) or 2  # result columns: seats, or a team game's sides
    sides = seat_columns(info, seats)  # each seat's column
    seeds = -(-games // seats)
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
            step = Step(lower, upper, seats, Stats(seats=seats))
            for seat in range(seats):
                lineup = [upper if side == seat else lower for side in sides]
                part, seconds = run_games(
                    rules, params, lineup, seeds, seed, jobs=jobs,
                    check_invariants=check_invariants,
                    on_progress=(lambda n: bar.advance(task, n)) if bar else None)
                step.seconds += seconds
                step.stats.merge(part.stats)
                step.upper_wins += part.stats.wins[seat]
                step.unfinished += [{"seed": u.seed, "agents": lineup, "reason": u.reason}
                                    for u in part.unfinished]
                step.violations += [{**v.to_json(), "agents": lineup}
                                    for v in part.violations]
            step.first_player, step.first_wins = _first_player(rules, step.stats, decks)
            steps.append(step)
    finally:
        if bar is not None:
            bar.stop()
    return LadderResult(rules.game_id, seed, info.get("format"), decks, list(rungs), seeds,
                        rules.length_unit, steps, sum(s.seconds for s in steps))


def render_ladder(result: LadderResult, console: Any) -> None:
    """Print the skill trace for a terminal: one row per step up."""
    from rich import box
    from rich.table import Table

    doc = result.to_json()
    seats = len(result.decks) or 2
    table = Table(title=f"{result.game}: skill ladder, {result.seeds * seats} games per step "
                  f"({result.seeds} seeds × {seats} seats) from seed {result.seed}"
                  + (f" ({result.format})" if result.format else ""), box=box.SIMPLE)
    for column in ("Step up", "W–L–D", "Win rate (95% CI)", "First won", "Length"):
        table.add_column(column, justify="left" if column == "Step up" else "right")
    for step in doc["steps"]:
        rate, first, length = step["upper_win_rate"], step["first_player"], step["length"]
        wins = step["wins"]
        table.add_row(
            f"{step['upper']} > {step['lower']}", f"{wins['upper']}–{wins['lower']}–{step['draws']}",
            f"{rate['rate']:.1%} ({100 * rate['low']:.1f}–{100 * rate['high']:.1f})",
            f"{first['rate']:.1%}", f"{length['mean']:.1f} ({length['median']})")
    console.print(table)
    who = doc["steps"][0]["first_player"]["who"] if doc["steps"] else "seat 1"
    first = "seat 1" if who == "seat 1" else "the player who went first"
    console.print(f"W–L–D: the stronger agent's wins, losses and draws. Its fair share is "
                  f"{1 / seats:.0%}: a step whose interval holds it is not clearly stronger "
                  f"(skill matters little there). First won: how often {first} won. Length "
                  f"in {result.length_unit} (mean, median). {doc['games_per_second']} "
                  "games/s.")
    for step in doc["steps"]:
        for v in step["violations"][:10]:
            console.print(f"[red]violation[/red] {', '.join(v['agents'])} seed {v['seed']} "
                          f"step {v['step']}: {v['invariant']}: {v['message']}")
        for u in step["unfinished"]["games"][:10]:
            console.print(f"[yellow]unfinished[/yellow] {', '.join(u['agents'])} seed "
                          f"{u['seed']}: {u['reason']}")
