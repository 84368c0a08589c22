"""The shared harness: seeded games, invariant checks, caps, loops and parallel runs.

Deal ``k`` of a run with seed ``S`` uses seed ``S + k``. A run may seat its line-up in
several orders (`Seating`: `play` alternates two seats and rotates more, the ladder
rotates its agents): each deal is then played once in every order, on the same seed, and
game ``k * orders + r`` of the run is deal ``k`` in order ``r``; one game is reproduced
alone by its seed and seat order. Each game draws from two random streams derived from
its seed: one for chance (drops, shuffles), one for the agents, so swapping an agent
never changes what chance deals. The games of a deal are one cluster of the run's
`DealStats` (cluster-robust intervals), which also counts the games each ruling decided
and, through the engine's optional ``offered`` hook, the decisions that offered each
optional rule; the optional ``first_player`` hook names who went first.

After every step the harness may check the engine's invariants (each broken invariant is
reported once per game with seed, step and message, and the run goes on); a game longer
than the step cap, or whose state repeats (a loop), is stopped and reported unfinished; a
player who must decide always needs a legal action.

A loop is a state seen `LOOP_REPEATS` times, like chess's threefold repetition: a single
return to a position can be a random walk that moves on, a third one is a cycle. Only a
deterministic cycle counts (FORMATS.md: "a cycle of positions in which neither chance nor
any agent's random choice took part"): the positions remembered are forgotten whenever a
chance node is resolved or a stochastic agent (``Agent.stochastic``) chooses among two or
more actions, since chance can still change the game's course from there.

`run_games` splits the deals over processes (``jobs``) in chunks of whole deals and
merges them in seed order, so every figure is the same for any ``jobs``. It streams:
chunks are made as they are needed and at most a few per process are in flight,
statistics are folded as chunks finish, and of the violations, unfinished games and
failed games only the first `MAX_LISTED` (by seed) are kept (the counts stay exact), so
memory does not grow with the number of games.
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from _random import Random as _Twister
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from importlib import import_module
from random import Random
from typing import Any

from .agents import make_agents
from .engine import CHANCE, IndexedCounts, RandomAgent, Rules, capabilities_of
from .log import GameLog, markdown
from .stats import DealStats, Stats

_seed_twister = _Twister.seed
"""The C generator's own seeding (what `random.Random.seed` ends with)."""


def _plain_sha512() -> Callable[[bytes], Any]:
    """The interpreter's own SHA-512 (``_sha512``, ``_sha2`` from Python 3.12): the same
    digest as hashlib's OpenSSL one, which costs more to set up for a short string."""
    for name in ("_sha512", "_sha2"):
        try:
            return import_module(name).sha512
        except (ImportError, AttributeError):
            pass
    return import_module("hashlib").sha512


_sha512 = _plain_sha512()

_idle: list[Random] = []
"""The generators of the last game `play_game` finished in this process, reseeded for
its next game (a new generator is a 2.5 kB object to allocate and clear)."""

LOOP_REPEATS = 3
"""A game whose state comes back this many times is stopped as a loop."""

MAX_LISTED = 1_000
"""A run lists at most this many violations, unfinished games and failed seeds (the
first by seed); the counts in its statistics cover every game."""


@dataclass(frozen=True, slots=True)
class Violation:
    """A broken invariant (or harness check) in one game."""

    seed: int
    step: int
    invariant: str
    message: str
    seats: tuple[int, ...] = ()
    """The seat order of the game (`Seating.order`, 1-based: the line-up entry at each
    seat), when a run names it; empty otherwise."""

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (Violation, (self.seed, self.step, self.invariant, self.message, self.seats))

    def to_json(self) -> dict[str, Any]:
        """The `play --json` form (with ``seats`` when the run named the seat order)."""
        out: dict[str, Any] = {"seed": self.seed, "step": self.step,
                               "invariant": self.invariant, "message": self.message}
        if self.seats:
            out["seats"] = list(self.seats)
        return out


@dataclass(frozen=True, slots=True)
class Unfinished:
    """A game that did not end: its seed, why, and for a loop the repeating steps."""

    seed: int
    reason: str
    loop: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    """The seat order of the game, 1-based, when a run names it (as `Violation.seats`)."""

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (Unfinished, (self.seed, self.reason, self.loop, self.seats))


@dataclass(slots=True)
class GameRecord:
    """What one game produced."""

    seed: int
    winner: int | None = None
    finished: bool = False
    reason: str = ""
    length: int = 0
    steps: int = 0
    violations: list[Violation] = field(default_factory=list)
    loop: tuple[str, ...] = ()
    log: str | None = None
    first: int | None = None
    """The result column that went first, from the engine's ``first_player(state)`` hook
    on the final state of a finished game; None without the hook."""


def seat_columns(info: dict[str, Any], seats: int) -> list[int]:
    """Each seat's result column: ``describe_params``' ``sides`` in a team game, else the
    seat itself."""
    return list(info.get("sides") or range(seats))


def result_columns(rules: Rules, params: Any, seats: int) -> int:
    """How many columns ``results.wins`` has: one per ``decks`` label of
    ``describe_params`` (a team game lists its sides, and its `Outcome.winner` is a side),
    else one per seat."""
    return len(rules.describe_params(params).get("decks") or ()) or seats


def _stream(name: str, rng: Random | None = None) -> Random:
    """``Random(name)``: the same generator in the same state, made without running
    `random.Random.seed` in the interpreter (which costs as much as a short game's moves);
    ``rng``, if given, is reseeded so instead of making a new one.

    For a str, ``Random.seed`` (version 2) seeds the Mersenne Twister with
    ``int.from_bytes(b + sha512(b).digest())`` of ``b = name.encode()`` and clears
    ``gauss_next``; this does the same on a new, unseeded `Random` (or on ``rng``).
    """
    if rng is None:
        rng = Random.__new__(Random)
    data = name.encode()
    _seed_twister(rng, int.from_bytes(data + _sha512(data).digest(), "big"))
    rng.gauss_next = None  # type: ignore[attr-defined]
    return rng


def chance_stream(seed: int, rng: Random | None = None) -> Random:
    """The chance stream of game ``seed`` (drops, shuffles): ``Random("chance:<seed>")``
    (``rng`` reseeded to it when given, `_stream`)."""
    return _stream(f"chance:{seed}", rng)


def agent_stream(seed: int, rng: Random | None = None) -> Random:
    """The agents' stream of game ``seed``: ``Random("agents:<seed>")`` (``rng``
    reseeded to it when given)."""
    return _stream(f"agents:{seed}", rng)


def play_game(rules: Rules, params: Any, agent_names: Sequence[str], seed: int, *,
              check_invariants: bool = True, log: bool = False,
              max_steps: int | None = None,
              offered: dict[str, int] | None = None) -> GameRecord:
    """Play one game with seed ``seed`` and return its record (with its log if asked).

    Engine exceptions do not escape: they become an ``exception`` violation and the game
    is reported unfinished. With ``offered`` (a dict, added to in place) and an engine
    with the ``offered(state, player, legal)`` hook, every decision among two or more
    legal actions adds one for each coverage id the hook names (each id once a
    decision). A finished game's record names the column that went first when the
    engine declares the ``first_player(state)`` hook. The optional hooks used are those
    the engine's capabilities declare (toolkit/sim/engine.py).
    """
    agents = make_agents(rules, agent_names)
    hooks = capabilities_of(rules).hooks
    cap = max_steps if max_steps is not None else rules.max_steps
    rec = GameRecord(seed)
    # The two generators of the last game played here, reseeded (a game played inside
    # this one, while they are in use, makes new ones).
    idle = _idle
    chance = chance_stream(seed, idle.pop() if idle else None)
    arng = agent_stream(seed, idle.pop() if idle else None)
    game_log: GameLog | None = None
    if log:
        info = rules.describe_params(params)
        decks = info.get("decks") or [f"seat {i + 1}" for i in range(len(agent_names))]
        sides = seat_columns(info, len(agent_names))
        header = [f"- Seat {i + 1}: **{markdown(decks[sides[i]])}** ({markdown(agent)})"
                  for i, agent in enumerate(agent_names) if sides[i] < len(decks)]
        if info.get("format"):
            header.append(f"- Format: {markdown(info['format'])}")
        game_log = GameLog(f"{rules.game_id} playthrough — seed {seed}", header,
                           rules.explain_rule)
        rules.emit = game_log.event
    seen_names: set[str] = set()
    actions: list = []
    seen: dict[int, tuple[int, int]] = {}  # state key → (times seen, last step seen)

    def violation(step: int, name: str, message: str) -> None:
        if name in seen_names:
            return
        seen_names.add(name)
        rec.violations.append(Violation(seed, step, name, message))
        if game_log is not None:
            game_log.note(f"violation at step {step}: {name}: {message}")

    # The hot loop: the engine's methods and each seat's agent are looked up once.
    outcome_of, to_move = rules.outcome, rules.to_move
    legal_actions, observe, apply = rules.legal_actions, rules.observe, rules.apply
    invariants = rules.invariants
    offer = rules.offered if offered is not None and "offered" in hooks else None  # type: ignore[attr-defined]
    tally: dict[str, int] = offered if offered is not None else {}
    state_hash = rules.state_hash if "state_hash" in hooks else None  # type: ignore[attr-defined]
    if state_hash is None:
        state_key = rules.state_key

        def state_hash(state: Any) -> int:
            return hash(state_key(state))
    step = 0
    state = None
    try:
        # (act, observes, stochastic, uniform): the built-in uniform agent is played
        # inline, drawing exactly as `RandomAgent.act` does.
        seats = [(agent.act, agent.observes, getattr(agent, "stochastic", False),
                  type(agent) is RandomAgent) for agent in agents]
        getrandbits = arng.getrandbits
        state = rules.setup(params, chance)
        if check_invariants:
            broken = invariants(state)
            if broken:  # (nothing to iterate over in the usual empty answer)
                for name, message in broken:
                    violation(0, name, message)
        while True:
            outcome = outcome_of(state)
            if outcome is not None:
                rec.finished = outcome.finished
                rec.winner = outcome.winner if outcome.finished else None
                rec.reason = outcome.reason
                break
            movers = to_move(state)
            if not movers:
                violation(step, "to-move", "the game is not over but nobody is to move")
                rec.reason = "nobody to move"
                break
            if step >= cap:
                rec.reason = f"step cap ({cap}) reached"
                break
            # Loop detection. The state is hashed only when it can matter: a repeat needs
            # positions remembered since the last chance or random choice, and a position
            # is remembered only if no chance or random choice follows it at once.
            key = before = None
            if seen:
                key = state_hash(state)
                before = seen.get(key)
                if before is not None and before[0] >= LOOP_REPEATS - 1:
                    first = before[1]
                    rec.reason = (f"loop: the state after step {step} is the one after "
                                  f"step {first}, seen {LOOP_REPEATS} times")
                    rec.loop = _replay(rules, params, seed, actions, first, step)
                    break
            if movers[0] == CHANCE:
                chosen = [rules.chance(state, chance)]
                seen.clear()  # chance took part: what came before is no cycle
            else:
                chosen = []
                random_choice = False
                for player in movers:
                    legal = legal_actions(state, player)
                    if not legal:
                        violation(step, "legal-action",
                                  f"player {player} must decide but has no legal action")
                        break
                    if offer is not None and len(legal) > 1:
                        ids = offer(state, player, legal)
                        if ids:
                            for rule_id in (set(ids) if len(ids) > 1 else ids):
                                tally[rule_id] = tally.get(rule_id, 0) + 1
                    act, observes, stochastic, uniform = seats[player]
                    if uniform:
                        n = len(legal)
                        if n > 1:  # rng.randrange(n): `Random._randbelow` as it draws
                            k = n.bit_length()
                            r = getrandbits(k)
                            while r >= n:
                                r = getrandbits(k)
                            action = legal[r]
                        else:
                            action = legal[0]
                    else:
                        action = act(observe(state, player) if observes else None, legal,
                                     arng)
                    if stochastic and len(legal) > 1:
                        random_choice = True  # a random choice took part
                    # (the inline uniform agent picks a legal action by its position)
                    if check_invariants and not uniform and action not in legal:
                        violation(step, "agent-action",
                                  f"agent {agent_names[player]} chose illegal {action!r}")
                        action = legal[0]
                    chosen.append(action)
                if len(chosen) < len(movers):
                    rec.reason = "no legal action"
                    break
                if random_choice:
                    seen.clear()
                else:  # remember this position (a deterministic step follows it)
                    if key is None:
                        key = state_hash(state)
                        before = seen.get(key)
                    seen[key] = (1, step) if before is None else (before[0] + 1, step)
            for action in chosen:
                if game_log is not None:
                    what, why = rules.describe(state, action)
                    actor = action[1] if isinstance(action, tuple) and len(action) > 1 else None
                    who = (agent_names[actor] if isinstance(actor, int) and actor >= 0
                           else "chance")
                    game_log.step(step + 1, who, what, why)
                state = apply(state, action)
                actions.append(action)
                step += 1
                if check_invariants:
                    broken = invariants(state)
                    if broken:
                        for name, message in broken:
                            violation(step, name, message)
    except Exception as error:  # an engine or agent bug: report it, keep the run going
        violation(step, "exception", f"{type(error).__name__}: {error}")
        rec.finished = False
        rec.reason = f"error: {type(error).__name__}"
    finally:
        if log:
            rules.emit = None
        if not idle:
            idle.append(chance)
            idle.append(arng)
    rec.steps = step
    if state is not None:
        try:
            rec.length = rules.length(state)
        except Exception:  # pragma: no cover - a broken engine
            rec.length = 0
        if rec.finished and "first_player" in hooks:
            try:
                rec.first = int(rules.first_player(state))  # type: ignore[attr-defined]
            except Exception as error:  # an engine bug: reported like any other
                violation(step, "first-player", f"{type(error).__name__}: {error}")
    if game_log is not None:
        if not rec.finished:
            game_log.note(f"unfinished: {rec.reason}")
            for line in rec.loop:
                game_log.note(f"repeating: {line}")
        rec.log = game_log.text()
    return rec


def _replay(rules: Rules, params: Any, seed: int, actions: list, first: int,
            last: int) -> tuple[str, ...]:
    """Describe the steps ``first+1 .. last`` of a game by replaying its actions (chance
    outcomes are among the actions; setup draws from the game's chance stream again)."""
    emit, rules.emit = rules.emit, None
    counts = rules.counts
    rules.reset_counts()
    try:
        state = rules.setup(params, chance_stream(seed))
        out = []
        for k, action in enumerate(actions[:last]):
            if k >= first:
                what, _ = rules.describe(state, action)
                out.append(f"step {k + 1}: {what}")
            state = rules.apply(state, action)
        return tuple(out)
    finally:
        rules.counts = counts
        rules.emit = emit


@dataclass(frozen=True, slots=True)
class Seating:
    """One seat order of a run: the line-up entry at each seat, and the parameters and
    agents of the game played so (a deck moves with its agent; a pooled game moves only
    the agents)."""

    order: tuple[int, ...]
    """``order[seat]``: the index (from 0) of the line-up entry sitting there."""
    params: Any
    agents: tuple[str, ...]

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (Seating, (self.order, self.params, self.agents))

    @property
    def label(self) -> str:
        """The order as `play --seats` takes it: ``"2,1"`` seats entry 2 first."""
        return ",".join(str(e + 1) for e in self.order)


def rotations(entries: Sequence[Any]) -> list[tuple[int, ...]]:
    """The distinct rotations of a line-up (entries compared with ``==``): rotation ``r``
    seats entry ``(seat - r) mod n`` at each seat, so every entry moves one seat on from
    one rotation to the next. A line-up that repeats itself (A, B, A, B) has fewer
    distinct rotations (2), and one whose entries are all equal has one: the others
    would replay the very same games."""
    n = len(entries)
    period = next(p for p in range(1, n + 1)
                  if n % p == 0 and all(entries[i] == entries[(i + p) % n] for i in range(n)))
    return [tuple((seat - r) % n for seat in range(n)) for r in range(max(1, period))]


def first_wins_key(rules: Rules, params: Any) -> str | None:
    """The counter that tells, game by game, whether the player who went first won, for
    an engine without the ``first_player`` hook whose ``game_stats`` reports a
    ``first_player_win_rate`` (it counts ``<game>.stat.first-wins``); None otherwise.
    A stopgap until every engine that has a first player names it with the hook."""
    hooks = capabilities_of(rules).hooks
    if "first_player" in hooks or "game_stats" not in hooks:
        return None
    decks = list(rules.describe_params(params).get("decks") or ())
    try:
        doc = rules.game_stats({}, decks, 0)  # type: ignore[attr-defined]
    except Exception:
        return None
    return f"{rules.game_id}.stat.first-wins" if "first_player_win_rate" in doc else None


@dataclass
class ChunkResult:
    """The merged results of a run of consecutive deals."""

    stats: Stats
    violations: list[Violation] = field(default_factory=list)
    unfinished: list[Unfinished] = field(default_factory=list)
    logs: list[tuple[tuple[int, int], str]] = field(default_factory=list)
    """((seed, seat order number), playthrough) of each logged game."""
    failed: list[tuple[int, int]] = field(default_factory=list)
    """(seed, seat order number) of each game that broke a check or did not finish."""
    deals: DealStats = field(default_factory=DealStats)

    def merge(self, other: ChunkResult) -> None:
        """Fold a later chunk into this one, keeping the first `MAX_LISTED` of each list."""
        self.stats.merge(other.stats)
        self.deals.merge(other.deals)
        pairs: tuple[tuple[list[Any], list[Any]], ...] = (
            (self.violations, other.violations), (self.unfinished, other.unfinished),
            (self.failed, other.failed))
        for mine, theirs in pairs:
            room = MAX_LISTED - len(mine)
            if room > 0:
                mine.extend(theirs[:room])
        self.logs.extend(other.logs)

    def sort(self) -> None:
        """Put every list in seed order (then seat order)."""
        self.violations.sort(key=lambda v: (v.seed, v.seats, v.step))
        self.unfinished.sort(key=lambda u: (u.seed, u.seats))
        self.logs.sort()
        self.failed = sorted(set(self.failed))


def end_reason(reason: str) -> str:
    """The key a game's end reason is counted under: a loop's steps are left out, so the
    counts stay few however many games loop."""
    return "loop" if reason.startswith("loop:") else reason


def _watcher(rules: Rules, keys: tuple[str, ...]) -> Callable[[], list[int]]:
    """A function giving the counts of ``keys`` now: read from an `IndexedCounts`
    engine's list when every key has a number there (building its ``counts`` dict costs
    more), else from ``counts``."""
    if isinstance(rules, IndexedCounts) and all(key in rules.coverage_index for key in keys):
        index = rules.coverage_index
        where = [index[key] for key in keys]

        def numbered() -> list[int]:
            hits = rules.hits  # type: ignore[attr-defined]  # (replaced by reset and search)
            return [hits[i] for i in where]
        return numbered

    def named() -> list[int]:
        if not keys:
            return []
        counts = rules.counts
        return [counts.get(key, 0) for key in keys]
    return named


def run_chunk(rules: Rules, seatings: tuple[Seating, ...], decks_move: bool,
              first_seed: int, start: int, count: int, check_invariants: bool = True,
              log_games: int = 0, max_steps: int | None = None,
              limit: int | None = None) -> ChunkResult:
    """Play deals ``start .. start+count-1`` of a run (deal ``k`` has seed
    ``first_seed + k``), each in every seat order of ``seatings``; game ``k * len(seatings)
    + r`` of the run is deal ``k`` in order ``r``, and the first ``log_games`` are logged.
    A run of ``limit`` games stops there: its last deal may be played in its first seat
    orders only.

    ``results.wins`` counts per line-up entry when ``decks_move`` (and the game is not a
    team game), else per result column (seat, or side). Each deal is one cluster of
    `DealStats`."""
    rules.reset_counts()
    seating = seatings[0]
    seats = len(seating.agents)
    info = rules.describe_params(seating.params)
    sides = seat_columns(info, seats)
    columns = result_columns(rules, seating.params, seats)
    by_entry = decks_move and not info.get("sides")
    out = ChunkResult(Stats(seats=columns), deals=DealStats.sized(columns, columns, seats))
    offered = out.deals.offered
    decided = out.deals.decided
    rulings = tuple(rules.ruling_ids())
    counter = first_wins_key(rules, seating.params)
    watch = _watcher(rules, rulings + ((counter,) if counter is not None else ()))
    before = watch()
    orders = len(seatings)
    for k in range(start, start + count):
        seed = first_seed + k
        results = [0] * columns
        places = [0] * columns
        entries = [0] * seats
        decisive = first_wins = 0
        for r, seating in enumerate(seatings):
            if limit is not None and k * orders + r >= limit:
                break
            order = seating.order
            rec = play_game(rules, seating.params, seating.agents, seed,
                            check_invariants=check_invariants,
                            log=k * orders + r < log_games, max_steps=max_steps,
                            offered=offered)
            winner = rec.winner if rec.finished else None
            column = None
            if winner is not None:
                decisive += 1
                places[winner] += 1
                column = order[winner] if by_entry else winner
                results[column] += 1
                for seat, entry in enumerate(order):
                    if sides[seat] == winner:
                        entries[entry] += 1
            out.stats.add(column, rec.finished, rec.length, end_reason(rec.reason))
            after = watch()
            for i, ruling in enumerate(rulings):
                if after[i] > before[i]:
                    decided[ruling] = decided.get(ruling, 0) + 1
            if counter is not None:
                first_wins += after[-1] > before[-1]
            elif winner is not None:
                first = rec.first if rec.first is not None else sides[0]
                first_wins += winner == first
            before = after
            label = tuple(e + 1 for e in order)
            if len(out.violations) < MAX_LISTED:
                out.violations.extend(
                    Violation(v.seed, v.step, v.invariant, v.message, label)
                    for v in rec.violations[:MAX_LISTED - len(out.violations)])
            if not rec.finished and len(out.unfinished) < MAX_LISTED:
                out.unfinished.append(Unfinished(rec.seed, rec.reason, rec.loop, label))
            if (rec.violations or not rec.finished) and len(out.failed) < MAX_LISTED:
                out.failed.append((rec.seed, r))
            if rec.log is not None:
                out.logs.append(((rec.seed, r), rec.log))
        played = orders if limit is None else min(orders, limit - k * orders)
        out.deals.add_deal(played, decisive, results, places, entries, first_wins)
    out.stats.count(rules.counts)
    return out


def _chunks(rules: Rules, seatings: tuple[Seating, ...], decks_move: bool, seed: int,
            games: int, size: int, check_invariants: bool, log_games: int,
            max_steps: int | None) -> Iterator[tuple]:
    """The arguments of each chunk's job, made one at a time as they are needed."""
    deals = -(-games // len(seatings))
    for start in range(0, deals, size):
        yield (rules, seatings, decks_move, seed, start, min(size, deals - start),
               check_invariants, log_games, max_steps, games)


def _chunk_games(args: tuple) -> int:
    """How many games a chunk's job plays (its deals in every order, to the run's end)."""
    orders = len(args[1])
    return min(args[5] * orders, args[9] - args[4] * orders)


def _chunk_job(args: tuple) -> tuple[int, ChunkResult]:
    return args[4], run_chunk(*args)


def _context() -> multiprocessing.context.BaseContext:
    """``fork`` (fast) when this process runs a single thread; with other threads alive
    (a progress bar refreshing) ``forkserver``; ``spawn`` where neither exists."""
    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")


def run_games(rules: Rules, params: Any, agent_names: Sequence[str], games: int, seed: int,
              *, jobs: int = 1, check_invariants: bool = True, log_games: int = 0,
              max_steps: int | None = None,
              on_progress: Callable[[int], None] | None = None,
              seatings: Sequence[Seating] | None = None,
              decks_move: bool = True) -> tuple[ChunkResult, float]:
    """Play ``games`` games from ``seed`` over ``jobs`` processes; (results, seconds).

    Without ``seatings`` every game seats ``agent_names`` as given (with ``params``).
    With them, each deal (seed ``seed + k``) is played once in every seat order, in
    order, until ``games`` games are played (the last deal may see only its first orders).
    The chunks (whole deals) are made lazily and merged in seed order as they finish,
    so the results do not depend on ``jobs`` and memory does not grow with ``games``.
    ``on_progress(n)`` is called with the number of games each finished chunk held.
    """
    orders = tuple(seatings) if seatings else (
        Seating(tuple(range(len(agent_names))), params, tuple(agent_names)),)
    per_deal = len(orders)
    deals = -(-games // per_deal)
    size = max(1, min(max(1, 250 // per_deal), -(-deals // (max(1, jobs) * 8))))
    chunks = _chunks(rules, orders, decks_move, seed, games, size, check_invariants,
                     log_games, max_steps)
    jobs = max(1, min(jobs, -(-deals // size)))
    first = orders[0]
    columns = result_columns(rules, first.params, len(first.agents))
    total = ChunkResult(Stats(seats=columns),
                        deals=DealStats.sized(columns, columns, len(first.agents)))
    began = time.perf_counter()
    if jobs == 1:
        # The chunk job as the module holds it now, also when compiled (where a direct
        # call is bound at build time): tests replace it to stop a long run early.
        job = globals()["_chunk_job"]
        for args in chunks:
            _, part = job(args)
            total.merge(part)
            if on_progress:
                on_progress(_chunk_games(args))
    else:
        _run_parallel(chunks, jobs, total, on_progress)
    elapsed = time.perf_counter() - began
    total.sort()
    return total, elapsed


def _run_parallel(chunks: Iterator[tuple], jobs: int, total: ChunkResult,
                  on_progress: Callable[[int], None] | None) -> None:
    """Run chunks over ``jobs`` processes, at most two per process in flight, merging
    finished ones into ``total`` in seed order."""
    ready: dict[int, ChunkResult] = {}
    expected: list[int] = []  # starts of the submitted chunks, in seed order
    with ProcessPoolExecutor(max_workers=jobs, mp_context=_context()) as pool:
        running: dict[Any, int] = {}

        def submit() -> bool:
            args = next(chunks, None)
            if args is None:
                return False
            running[pool.submit(_chunk_job, args)] = _chunk_games(args)
            expected.append(args[4])
            return True

        while len(running) < 2 * jobs and submit():
            pass
        next_at = 0
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                count = running.pop(future)
                start, part = future.result()
                ready[start] = part
                if on_progress:
                    on_progress(count)
            while next_at < len(expected) and expected[next_at] in ready:
                total.merge(ready.pop(expected[next_at]))
                next_at += 1
            if next_at > 4096:  # forget merged starts so the bookkeeping stays small
                del expected[:next_at]
                next_at = 0
            while len(running) < 2 * jobs and submit():
                pass
