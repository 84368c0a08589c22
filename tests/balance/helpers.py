"""Shared pieces of the balance tests: bundled decks as entries, small runs."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from toolkit.balance.command import entries_from_decks
from toolkit.balance.run import Options, plan_for, run_plan
from toolkit.core.registry import ROOT, ValidateRequest, get_game

BADGES = ROOT / "content" / "warbadge" / "badges.xlsx"
BATTLEGATE = ROOT / "content" / "battlegate" / "decks.xlsx"


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
