"""Shared pieces of the balance tests: bundled decks as entries, small runs, and made-up
runs whose games are drawn from a known model (`scripted`, `fixed_tally`)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from random import Random
from types import SimpleNamespace

from typer.testing import CliRunner

from tests.helpers import ROOT
from toolkit.balance.command import entries_from_decks
from toolkit.balance.plan import Entry, Plan, make_plan
from toolkit.balance.run import Options, plan_for, run_plan
from toolkit.balance.tally import Tally, fold
from toolkit.balance.work import BatchResult
from toolkit.core.registry import ValidateRequest, get_game
from toolkit.sim.stats import Stats

BADGES = ROOT / "toolkit/games/warbadge/content" / "badges.xlsx"
BATTLEGATE = ROOT / "toolkit/games/battlegate/content" / "decks.xlsx"


def warbadge_entries(*names: str, fmt: str = "standard") -> list:
    """Bundled WarBadge teams as entries, in the order named."""
    game = get_game("warbadge")
    _, decks = game.load_decks(ValidateRequest(BADGES, None, None, fmt))
    by_name = {d.name: d for d in decks}
    return entries_from_decks([by_name[n] for n in names])


def battlegate_entries(*names: str) -> list:
    """Bundled Battle Gate decks as entries, in the order named."""
    game = get_game("battlegate")
    _, decks = game.load_decks(ValidateRequest(BATTLEGATE))
    by_name = {d.name: d for d in decks}
    return entries_from_decks([by_name[n] for n in names])


def play(game_id: str, entries: list, results: Path | None, dry: bool = False, **options):
    """Plan and run a round robin; (plan, tally, execution); ``dry``: plan only."""
    game = get_game(game_id)
    rules = game.playing.rules()
    opts = Options(results=results, **options)
    plan = plan_for(game, entries, opts, rules)
    if dry:
        return plan, None, None
    tally, run = run_plan(game, plan, opts, rules)
    return plan, tally, run


def tally_facts(tally) -> tuple:
    """Everything a report is drawn from, as comparable plain data."""
    st = tally.stats
    return (tally.deck_units, tally.deck_games, sorted(tally.pair_units.items()),
            [(t.units, t.finished, t.draws) for t in tally.tables], st.wins, st.draws,
            st.unfinished, st.length_sum, sorted(st.histogram.items()),
            sorted(st.end_reasons.items()), sorted(st.counters.items()),
            tally.first_games, tally.first_wins)


def pnp(tmp_path: Path, *args) -> tuple[int, dict | str]:
    """Run `pnp ARGS --results tmp_path/results.sqlite`: (exit code, the JSON document, or
    the output and stderr when stdout is no JSON)."""
    from toolkit.cli.main import app  # noqa: PLC0415

    result = CliRunner().invoke(app, [*[str(a) for a in args], "--results",
                                      str(tmp_path / "results.sqlite")])
    try:
        return result.exit_code, json.loads(result.stdout)
    except json.JSONDecodeError:
        return result.exit_code, result.output + result.stderr


NO_ENGINE_STATS = SimpleNamespace()
"""Stands in for a rules engine where `fold` asks for one: no `game_stats`."""


def scripted(cards: list[tuple[str, ...]], win: Callable[[tuple[int, ...], int], float], *,
             games: int = 20, seed: int = 1, batch_size: int = 100, tag: str = "g",
             players: int = 2) -> tuple[Plan, dict, Tally]:
    """A round robin of made-up decks whose games are drawn, not played: ``win(seats,
    seed)`` is the chance that seat 1 wins the game of that deal in that seat order (else
    the next seat wins), each game drawn from ``Random(f"{tag}:{seats}:{seed}")``. (plan,
    results by batch key, tally.)"""
    entries = [Entry(f"D{i}", f"D{i}", tuple(c), None) for i, c in enumerate(cards)]
    plan = make_plan("g", entries, lambda s: s, players=players, agent="a", games=games,
                     seed=seed, code="v", batch_size=batch_size)
    results = {}
    for batch in plan.batches:
        letters = []
        stats = Stats(seats=players)
        for s in range(batch.first_seed, batch.first_seed + batch.count):
            chance = win(batch.seats, s)
            draw = Random(f"{tag}:{batch.seats}:{s}").random()
            letters.append("0" if draw < chance else str(1 + int(draw * 7919) % (players - 1)))
            stats.add(int(letters[-1]), True, 1, "won")
        results[batch.key] = BatchResult("".join(letters), stats)
    return plan, results, fold(plan, results, NO_ENGINE_STATS)


def fixed_tally(scores: list[float], cards: list[tuple[str, ...]], deals: int = 10,
                per_deal: int = 100) -> Tally:
    """A 2-player tally whose decks have exactly these win rates against the field, the
    same in every one of ``deals`` deals of ``per_deal`` games each (no table data)."""
    entries = [Entry(f"D{i}", f"D{i}", c, None) for i, c in enumerate(cards)]
    plan = make_plan("g", entries, lambda s: s, players=2, agent="a", games=2 * deals,
                     seed=1, code="v")
    units = [[round(s * 2 * per_deal)] * deals for s in scores]
    return Tally(plan, Stats(), [], [sum(u) for u in units], [per_deal * deals] * len(scores),
                 deck_deal_units=units, deck_deal_games=[[per_deal] * deals for _ in scores])
