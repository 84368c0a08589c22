"""What a worker does with a batch: play its games with the shared harness.

`run_batch` is the one function shipped to local processes and Dask workers. It plays
the batch's seeds with `toolkit.sim.harness.play_game` (same seeds, streams and checks as
`pnp play`) and folds them into a `BatchResult`: the outcome of every game in seed order
(and, where the harness records it, which result column went first), the harness's streaming `Stats` (wins, draws, unfinished, lengths, end reasons, rule and
ruling counts), broken invariants and unfinished games. A worker whose code differs from
the client's (another engine version) refuses the batch with `CodeMismatch`, so a cluster
never mixes results of two versions.
"""

from __future__ import annotations

import hashlib
import threading
import time
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

from toolkit.sim.harness import Unfinished, Violation, play_game
from toolkit.sim.stats import Stats

DRAW, UNFINISHED = "d", "u"
"""Outcome letters besides the winning seat's digit."""

_local = threading.local()


class CodeMismatch(RuntimeError):
    """A worker runs another version of the game's code than the client."""


def _package_dir(game_id: str) -> list[Path]:
    """The folders whose code decides a game's results: the harness, this module, and the
    game's own package (toolkit/games/<id>/, or an add-on game's top-level package)."""
    from toolkit.core.registry import get_game  # noqa: PLC0415

    rules_module = type(get_game(game_id).playing.rules()).__module__
    parts = rules_module.split(".")
    if parts[:2] == ["toolkit", "games"]:
        package = ".".join(parts[:3])
    else:
        package = parts[0]
    folder = Path(import_module(package).__file__).parent
    here = Path(__file__).resolve()
    return [here.parent.parent / "sim", folder, here]


@cache
def code_version(game_id: str) -> str:
    """The toolkit's version and a hash of the code a game's results depend on."""
    digest = hashlib.sha256()
    for root in _package_dir(game_id):
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for path in files:
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    try:
        release = version("toolkit")
    except PackageNotFoundError:  # pragma: no cover - run from a source tree
        release = "source"
    return f"{release}+{digest.hexdigest()[:12]}"


def rules_for(game_id: str) -> Any:
    """This thread's rules engine of a game (engines count firings, so threads keep their own)."""
    engines = getattr(_local, "engines", None)
    if engines is None:
        engines = _local.engines = {}
    rules = engines.get(game_id)
    if rules is None:
        from toolkit.core.registry import get_game  # noqa: PLC0415

        rules = engines[game_id] = get_game(game_id).playing.rules()
    return rules


@dataclass
class BatchResult:
    """What a batch produced (see the module docstring)."""

    outcomes: str
    """One letter per game in seed order: the winning seat's digit, `d` or `u`."""
    stats: Stats
    violations: list[Violation] = field(default_factory=list)
    unfinished: list[Unfinished] = field(default_factory=list)
    seconds: float = 0.0
    """Time spent playing (for the bench's overhead figures; not part of any report)."""
    firsts: str = ""
    """One letter per game in seed order: the result column that went first (the
    harness's record of the engine's `first_player`; `-` where the game did not say, as an
    unfinished one), or empty when no game of the batch said (an engine without the
    hook). The first player's win rate is then counted game by game, over deals."""

    def to_json(self) -> dict[str, Any]:
        """Plain data for the results file."""
        st = self.stats
        return {
            "outcomes": self.outcomes,
            "stats": {"seats": st.seats, "games": st.games, "wins": st.wins,
                      "draws": st.draws, "unfinished": st.unfinished,
                      "length_sum": st.length_sum, "length_max": st.length_max,
                      "histogram": sorted(st.histogram.items()),
                      "end_reasons": st.end_reasons, "counters": st.counters},
            "violations": [v.to_json() for v in self.violations],
            "unfinished": [[u.seed, u.reason, list(u.loop)] for u in self.unfinished],
            "seconds": self.seconds,
            "firsts": self.firsts,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BatchResult:
        """The inverse of `to_json`."""
        s = data["stats"]
        stats = Stats(seats=s["seats"], games=s["games"], wins=list(s["wins"]),
                      draws=s["draws"], unfinished=s["unfinished"],
                      length_sum=s["length_sum"], length_max=s["length_max"],
                      histogram={int(k): n for k, n in s["histogram"]},
                      end_reasons=dict(s["end_reasons"]), counters=dict(s["counters"]))
        return cls(data["outcomes"], stats,
                   [Violation(v["seed"], v["step"], v["invariant"], v["message"])
                    for v in data["violations"]],
                   [Unfinished(seed, reason, tuple(loop))
                    for seed, reason, loop in data["unfinished"]],
                   data.get("seconds", 0.0), data.get("firsts", ""))


def run_batch(batch: Any) -> BatchResult:
    """Play a batch's games (seeds ``first_seed .. first_seed+count-1``) and fold them."""
    mine = code_version(batch.game)
    if mine != batch.code:
        raise CodeMismatch(f"this worker runs {batch.game} code {mine}, the run needs "
                           f"{batch.code}; install the same toolkit version on every worker")
    began = time.perf_counter()
    rules = rules_for(batch.game)
    rules.reset_counts()
    stats = Stats(seats=len(batch.agents))
    letters: list[str] = []
    firsts: list[str] = []
    violations: list[Violation] = []
    unfinished: list[Unfinished] = []
    for seed in range(batch.first_seed, batch.first_seed + batch.count):
        rec = play_game(rules, batch.params, batch.agents, seed,
                        check_invariants=batch.checks)
        stats.add(rec.winner, rec.finished, rec.length, rec.reason)
        first = getattr(rec, "first", None)  # the engine's first_player, where recorded
        firsts.append("-" if first is None else str(first))
        violations.extend(rec.violations)
        if not rec.finished:
            letters.append(UNFINISHED)
            unfinished.append(Unfinished(rec.seed, rec.reason, rec.loop))
        else:
            letters.append(DRAW if rec.winner is None else str(rec.winner))
    stats.count({key: n for key, n in rules.counts.items() if n})
    return BatchResult("".join(letters), stats, violations, unfinished,
                       time.perf_counter() - began,
                       "".join(firsts) if firsts.count("-") < len(firsts) else "")
