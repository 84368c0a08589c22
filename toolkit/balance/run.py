"""A balance run from decks to a tally: plan, look up, play what is missing, fold.

`Options` holds what every balance command shares (games per pairing, seed, agent,
players, batch size, checks, where it runs, the results file); `run_entries` plays a
round robin over a list of `Entry` decks and returns the `Tally` and the `Execution`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.registry import Game
from toolkit.sim.agents import check_agent

from .execute import Execution, execute
from .plan import DEFAULT_BATCH, Entry, Plan, make_plan
from .store import ResultStore
from .tally import Tally, fold
from .work import code_version


@dataclass(frozen=True)
class Options:
    """What every balance command shares."""

    games: int = 100
    """Games per table, split over its seat orders."""
    seed: int = 1
    agent: str = "greedy"
    players: int | None = None
    """Players per table (None: the game's fewest)."""
    format: str | None = None
    batch_size: int = DEFAULT_BATCH
    checks: bool = True
    jobs: int = 1
    scheduler: str | None = None
    results: Path | None = None
    """The results file (None: output/<game>/balance.sqlite)."""
    progress: bool = False
    bootstrap: int = 200
    """Bootstrap resamples for the intervals that need them."""


def results_path(game: Game, options: Options) -> Path:
    """The results file of a run."""
    return options.results or game.output() / "balance.sqlite"


def players_of(game: Game, options: Options) -> int:
    """Players per table: --players, else the game's fewest; checked against the game."""
    low, high = game.playing.players
    players = options.players or low
    if not low <= players <= high:
        need = str(low) if low == high else f"{low} to {high}"
        raise InputError(f"{game.title} is played by {need} players; got --players {players}")
    return players


def shares_setups(game: Game, rules: Any, entries: list[Entry], players: int,
                  fmt: str | None) -> bool:
    """True when every seat plays one shared set-up: a pooled game (one file for every
    seat) whose results go to sides, not seats (`describe_params` gives ``sides``: Banners,
    whose two sides play one board and one item deck). A seat then brings nothing of its
    own, so a table is one set-up at every seat (plan.py). A pooled game scored by seat
    (Valiant Wars) pits decks against each other as any game does."""
    if not game.playing.pooled or not entries:
        return False
    params = game.playing.params([entries[0].deck] * players, fmt)
    return bool(rules.describe_params(params).get("sides"))


def plan_for(game: Game, entries: list[Entry], options: Options, rules: Any) -> Plan:
    """The plan of a round robin over ``entries`` (agents checked against the engine)."""
    check_agent(rules, options.agent)  # the game's agents and the search agent, mcts:N
    players = players_of(game, options)
    shared = shares_setups(game, rules, entries, players, options.format)
    if len(entries) < players and not shared:  # a shared set-up fills every seat alone
        raise InputError(f"a round robin of {players}-player tables needs at least {players} "
                         f"decks; got {len(entries)}")
    spec = game.playing

    def params_of(seats: tuple[int, ...]) -> Any:
        return spec.params([entries[i].deck for i in seats], options.format)

    plan = make_plan(game.id, entries, params_of, players=players, agent=options.agent,
                     games=options.games, seed=options.seed, code=code_version(game.id),
                     batch_size=options.batch_size, checks=options.checks, shared=shared)
    plan.columns = result_columns(game, rules, plan)
    return plan


def result_columns(game: Game, rules: Any, plan: Plan) -> tuple[str, ...]:
    """What `Outcome.winner` indexes: the seats (the plan's own labels); at shared set-ups
    the engine's own result columns (`describe_params`' ``decks``: the sides, FORMATS.md's
    Banners). A team game whose seats each bring a deck would credit a side's win to one
    seat's deck: refused."""
    if not plan.batches:
        return plan.columns
    info = rules.describe_params(plan.batches[0].params)
    if plan.shared:
        return tuple(str(label) for label in info["decks"])
    if info.get("sides"):
        raise InputError(f"{game.title} is a team game whose seats each bring a deck; the "
                         "balance commands score seats, not sides, so they cannot run it")
    return plan.columns


def run_plan(game: Game, plan: Plan, options: Options, rules: Any,
             label: str | None = None) -> tuple[Tally, Execution]:
    """Play the plan's missing batches (see `execute`) and fold every result."""
    with ResultStore(results_path(game, options)) as store:
        results, run = execute(plan, store, jobs=options.jobs, scheduler=options.scheduler,
                               progress=options.progress, label=label or game.id)
    return fold(plan, results, rules), run
