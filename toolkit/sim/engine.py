"""The game-independent contract between rules engines, agents and the harness.

A rules engine is a small pure state machine over plain data (slots dataclasses,
tuples, ints; never pydantic in the hot loop). Engines subclass `Engine`, which gives
defaults for everything but the first six methods below (the required `Rules` protocol),
and declare what else they provide in their class attribute ``capabilities``
(`Capabilities`: chance, hidden information, simultaneous choices, and the optional hooks
of `OPTIONAL_HOOKS` they define); the harness, agents and reports read that declaration
instead of probing the engine. docs/adding-a-game.md walks through a small engine.

- ``setup(params, rng) -> state``: a fresh game from the game's parameters.
- ``to_move(state) -> tuple[int, ...]``: who must decide now. ``(CHANCE,)`` is a chance
  node (the harness asks ``chance(state, rng)`` with the chance stream); ``()`` means the
  game is over. Several players mean a simultaneous choice: each decides from the same
  state (hidden commitments revealed together), then the actions are applied in order.
- ``legal_actions(state, player)``: the player's legal actions in a stable order.
  Actions are small printable tuples; each names the player who takes it.
- ``apply(state, action) -> state``: a new state; the old one is left untouched.
- ``outcome(state) -> Outcome | None``: ``None`` while the game runs.
- ``observe(state, player)``: what that player may see (hidden things stay hidden);
  agents decide from the observation only.
- ``invariants(state)``: yields ``(name, message)`` for every broken invariant.
- ``state_key(state)``: a hashable canonical key (for loop detection).
- ``length(state)``: the game's length in ``length_unit`` (battles, turns...).
- ``describe(state, action) -> (what, why)``: readable text for playthrough logs.
- ``describe_params(params) -> dict``: the report's header: ``format`` and ``decks``, the
  labels of the result columns (one per seat; a team game lists its sides instead, and
  then gives ``sides``, each seat's column: FORMATS.md's Banners has ``decks`` ``Side 1``,
  ``Side 2`` and ``sides`` ``[0, 1, 0, 1]`` in 2v2).

Search agents (information-set MCTS) need one more hook, ``determinize(observation,
player, rng) -> state``: a full state drawn at random (from ``rng``) among those the
player cannot tell apart from the real one, built from the observation alone, so a search
never peeks. Unseen cards are dealt from what the player knows is unseen, face-down
badges are arranged at random, and so on. Its contract, checked for every game in
tests/games/test_all_games.py: ``observe(determinize(obs, p, rng), p) == obs``, and the
same observation and rng seed give the same state. Observations are therefore plain,
comparable data holding everything the player knows: the public state, the player's own
hidden things, and the counts of what is hidden from it. The search (toolkit/sim/mcts.py)
keys its information sets by ``(player, observation)``, so observations should also be
hashable (frozen dataclasses of tuples; an unhashable one is keyed by its ``repr``,
slower), and an engine that does not declare ``determinize`` cannot seat ``mcts:N``.

A search plays many simulated games on the same engine object as the real game; it hides
the ``emit`` hook and swaps ``counts`` for its own while it runs, so engines keep no other
per-game state on ``self`` (caches of immutable data are fine). An engine where a win is
shared (Banners' 2v2 sides) may add ``returns(state) -> Sequence[float]``, each seat's
reward once the game is over; without it the search scores 1 for the winner, 0 for the
other seats, and 1/seats each for a draw.

Hooks that make the search strong (all optional): ``search`` (a `SearchSettings`, the
defaults of ``mcts``: budget, playout agent, horizon, widening); ``evaluate(state) ->
Sequence[float]``, each seat's expected reward in [0, 1] for a position a playout stops
at (a game in progress; toolkit/sim/evaluation.py builds it from ``feature_names`` and
``features(state)``, one vector per result column, and weights fitted by
toolkit/sim/fit.py). Without ``evaluate`` a playout cut short scores 1/seats each.

Engines also carry two cheap hooks (see `Instrumented`): ``fire(id)`` counts how often a
rule, ability or ruling decided something (rule coverage), and ``emit`` (a no-op unless a
log is asked for) receives the events of a playthrough log; while a log is written every
firing is also emitted (kind ``fired``), so the log shows each ruling where it applied.
`IndexedCounts` keeps the same API with the counts in a list, fired by number.

Optional hooks for speed (the harness uses them when declared, else the plain protocol):

- ``state_hash(state) -> int``: equal to ``hash(state_key(state))`` in what it tells
  apart (equal keys, equal hashes), cheaper to compute; the harness hashes a state for
  loop detection only when no chance node or random choice follows it at once.
- ``invariants(state)`` should return at once (an empty tuple) when nothing is wrong:
  the harness calls it after every step while checks are on, so the usual case is best
  a few comparisons, with the detailed search for what is broken behind them.
- A game whose hot modules are listed in its ``PlaySpec.compiled`` (the registry) has
  them compiled with mypyc by ``make install`` (toolkit/sim/native.py; pure Python stays
  the reference and the fallback).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from random import Random
from typing import Any, ClassVar, Protocol, runtime_checkable

CHANCE = -1
"""The pseudo-player of chance nodes."""

Action = Hashable
EmitHook = Callable[[str, str], None]
"""``emit(kind, text)``: an event for the playthrough log."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw) and the reason.

    ``winner`` is the index of the winner's result column: the winning seat, or in a team
    game (whose ``describe_params`` lists the sides as ``decks``) the winning side.

    ``finished=False`` ends a game the engine knows can never finish (a stalemate that
    no choice can break): the harness reports it unfinished, with the reason.
    """

    winner: int | None
    reason: str
    finished: bool = True


OPTIONAL_HOOKS: Mapping[str, str] = {
    "determinize": "determinize(observation, player, rng) -> state: the search agent mcts",
    "search": "search: a SearchSettings, the defaults of mcts",
    "returns": "returns(state) -> each seat's reward at the end (shared wins)",
    "evaluate": "evaluate(state) -> each seat's expected reward, where a playout stops",
    "features": "features(state) -> one feature vector per result column (fit.py)",
    "state_hash": "state_hash(state) -> int: a cheaper hash(state_key(state))",
    "offered": "offered(state, player, legal) -> the coverage ids a choice offers",
    "first_player": "first_player(state) -> the result column that went first",
    "game_stats": "game_stats(counters, decks, finished) -> the engine's own statistics",
    "stats_tables": "stats_tables(stats) -> game_stats as report tables",
    "params_coverage_ids": "params_coverage_ids(params) -> coverage ids of the decks played",
    "absent_ids": "absent_ids(params) -> coverage ids these parameters can never fire",
}
"""Every optional hook an engine may provide, by name → what it is (see the module
docstring); an engine names those it has in ``capabilities.hooks``."""


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What a rules engine provides, declared once as its class attribute
    ``capabilities`` and read by the harness, agents and reports (never probed).

    `Engine` checks when the class is made that every declared hook exists;
    `toolkit.testing` checks that every optional hook the engine has is declared, and
    that its games keep to the flags (no chance node without ``chance``, one player at a
    time without ``simultaneous``, the same observation for every player without
    ``hidden_information``). The number of players is the game's ``PlaySpec.players``.
    """

    chance: bool = False
    """The game has chance nodes (``to_move`` may return ``(CHANCE,)``)."""
    hidden_information: bool = False
    """Players may see different things (``observe`` differs by player)."""
    simultaneous: bool = False
    """Several players may decide at once (``to_move`` returns more than one)."""
    hooks: frozenset[str] = frozenset()
    """The optional hooks the engine provides, names of `OPTIONAL_HOOKS`."""

    def __post_init__(self) -> None:
        if unknown := sorted(set(self.hooks) - set(OPTIONAL_HOOKS)):
            raise ValueError(f"unknown engine hook(s) {', '.join(unknown)}; the optional "
                             f"hooks are: {', '.join(OPTIONAL_HOOKS)}")

    def __reduce__(self) -> tuple:  # pickled by its fields (also when compiled)
        return (Capabilities, (self.chance, self.hidden_information, self.simultaneous,
                               self.hooks))

    def provides(self, hook: str) -> bool:
        """True if the engine declares the optional hook ``hook``."""
        return hook in self.hooks


def capabilities_of(rules: Any) -> Capabilities:
    """The engine's declared `Capabilities`. An object that declares none (a test double
    written against the bare protocol, not an `Engine`) is read once here: each optional
    hook it has counts as declared, and every flag is set (it may do anything)."""
    declared = getattr(rules, "capabilities", None)
    if isinstance(declared, Capabilities):
        return declared
    return Capabilities(chance=True, hidden_information=True, simultaneous=True, hooks=frozenset(
        hook for hook in OPTIONAL_HOOKS if getattr(rules, hook, None) is not None))


@dataclass(frozen=True, slots=True)
class SearchSettings:
    """An engine's defaults for the search agent (toolkit/sim/mcts.py): what ``mcts``
    with no budget plays, declared as the engine's class attribute ``search``.

    ``mcts:N`` keeps everything but ``simulations``; ``mcts:N:ROLLOUT`` also names the
    playout agent. Strong game programs spend a search on the next few turns and judge the
    position there rather than play every simulation to the end with random moves (which
    in a long game mostly measures luck), so a playout here is played by ``rollout`` (the
    game's informed agent, usually greedy) and cut ``horizon`` length units after the
    searched decision, where the engine's ``evaluate(state)`` scores it.
    """

    simulations: int
    """Simulations per decision of the default search agent."""
    rollout: str = "random"
    """The game's agent (a name in ``rules.agents``) that plays the simulations out."""
    horizon: int = 0
    """A playout stops once ``rules.length(state)`` has grown this much since the searched
    decision, and ``rules.evaluate`` scores the position; 0 plays to the end."""
    widening: float = 0.0
    """Progressive widening: a node visited n times chooses among its first
    ceil(widening * sqrt(n)) actions (the playout agent's choice first, then the others
    by the evaluation one step ahead); 0 lets every legal action in at once."""
    bias: float = 0.0
    """Progressive bias: the playout agent's choice gets ``bias / (visits + 1)`` added to
    its value at selection, so a small budget starts from the informed choice and leaves
    it only when the simulations say so."""
    prior: float = 0.0
    """A PUCT prior in place of UCB1 and the bias when above 0: an action's value plus
    ``prior * P(a) * sqrt(N) / (1 + n(a))`` (N the node's visits, n(a) the action's),
    where P gives the playout agent's choice ``hint`` and shares the rest evenly, so the
    informed choice keeps its edge as the budget grows instead of losing it after a few
    visits."""
    hint: float = 0.5
    """Under ``prior``: the share of P on the playout agent's choice."""


@dataclass(frozen=True, slots=True)
class Ruling:
    """One ruling: where the rulebook is silent or ambiguous, what the engine does."""

    id: str
    question: str
    decision: str
    passage: str
    """The rulebook passage it concerns: section name and quoted sentence."""


def _fresh_engine(cls: type, counts: dict[str, int]) -> Instrumented:
    """A new ``cls`` engine holding ``counts`` (unpickling an `Instrumented`)."""
    rules = cls()
    merged = rules.counts
    merged.update(counts)
    rules.counts = merged  # (a no-op for a plain dict; `IndexedCounts` needs it)
    return rules


class Instrumented:
    """Mixin for rules engines: coverage counters, rulings and the log event hook.

    An engine sets ``coverage`` (every rule, ability and ruling id it may fire) and
    ``rulings`` (id → `Ruling`). ``counts`` maps every coverage id to how often it fired
    in this process (engines call `reset_counts` in ``__init__``); the harness reads and
    resets it. Firing an id not in `coverage_ids` is an engine bug (KeyError). ``emit``
    is ``None`` unless a log is being written, so engines guard their event text with
    ``if self.emit:``. Pickling keeps only the counts (engines cross process boundaries).
    """

    emit: EmitHook | None = None
    coverage: tuple[str, ...] = ()
    rulings: Mapping[str, Ruling] = {}

    def __reduce__(self) -> tuple:
        """Pickled as a fresh engine of its class holding these counts (no caches); by
        `__reduce__`, which a compiled engine inherits, so its own state is never pickled."""
        return (_fresh_engine, (type(self), dict(self.counts)))

    def coverage_ids(self) -> Sequence[str]:
        """Every rule, ability and ruling id this engine may fire."""
        return self.coverage

    def ruling_ids(self) -> tuple[str, ...]:
        """The ruling ids (reported apart in `play --json`)."""
        return tuple(self.rulings)

    def reset_counts(self) -> dict[str, int]:
        """Start counting afresh; returns the new (zeroed) counter dict."""
        self.counts = dict.fromkeys(self.coverage_ids(), 0)
        return self.counts

    def fire(self, rule_id: str) -> None:
        """Count one firing of a rule, ability or ruling."""
        self.counts[rule_id] += 1
        if self.emit is not None:
            self.emit("fired", rule_id)

    def explain_rule(self, rule_id: str) -> str | None:
        """Text for the log when ``rule_id`` fires: a ruling's decision."""
        ruling = self.rulings.get(rule_id)
        return ruling.decision if ruling else None


class Engine(Instrumented):
    """The base class of rules engines: the defaults of the contract, and the check of
    the engine's declared `Capabilities`.

    A subclass sets ``game_id``, ``coverage`` and ``rulings`` (`Instrumented`), its
    ``capabilities``, calls `reset_counts` in ``__init__``, and defines the required
    methods (`Rules`: setup, to_move, legal_actions, apply, outcome, observe, length) and
    ``chance`` when it declares chance nodes. Defaults here: no invariants, the state as
    its own key, the action's text as its description, no report header, the uniform
    agent alone. A declared hook that the class lacks is a TypeError when the class is
    made (the game then fails to register, with that sentence).
    """

    game_id: str = ""
    length_unit: str = "turns"
    max_steps: int = 100_000
    capabilities: ClassVar[Capabilities] = Capabilities()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = cls.__dict__.get("capabilities")
        if isinstance(declared, Capabilities):
            if missing := sorted(h for h in declared.hooks if getattr(cls, h, None) is None):
                raise TypeError(f"{cls.__name__} declares the hook(s) {', '.join(missing)} "
                                "in its capabilities but does not define them")

    @property
    def agents(self) -> Mapping[str, Callable[[], Agent]]:
        """The game's own agents by name (default: the uniform one alone)."""
        return {"random": RandomAgent}

    def chance(self, state: Any, rng: Random) -> Action:
        """A chance node's outcome, drawn from ``rng`` (only engines with chance nodes)."""
        raise NotImplementedError(f"{type(self).__name__} has no chance nodes")

    def invariants(self, state: Any) -> Iterable[tuple[str, str]]:
        """Every broken invariant as ``(name, message)`` (default: none checked)."""
        return ()

    def state_key(self, state: Any) -> Hashable:
        """A hashable canonical key of ``state`` (default: the state itself)."""
        return state

    def describe(self, state: Any, action: Any) -> tuple[str, str]:
        """Readable ``(what, why)`` of an action for logs (default: the action's text)."""
        return str(action), ""

    def describe_params(self, params: Any) -> dict[str, Any]:
        """The report's header: ``format``, ``decks`` (default: none)."""
        return {}


class IndexedCounts(Engine):
    """An `Engine` with coverage counted in a list, for engines with hot loops.

    ``hits[i]`` counts the ``i``-th id of `coverage_ids` (fixed for the engine's
    life), so the engine fires by number: ``hit(i)`` is a list increment instead of a
    string-keyed dict update. ``fire(id)`` still takes the id, and ``counts`` is still
    the id → count dict the harness and the search read and swap: reading it builds the
    dict, assigning one sets every count from it (ids it lacks count 0).
    """

    hits: list[int]
    coverage_index: dict[str, int]

    def reset_counts(self) -> dict[str, int]:
        """Start counting afresh; returns the (zeroed) counts."""
        ids = self.coverage_ids()
        self.coverage_index = {rule_id: i for i, rule_id in enumerate(ids)}
        self.hits = [0] * len(ids)
        return self.counts

    @property
    def counts(self) -> dict[str, int]:  # type: ignore[override]
        """Every coverage id → how often it fired (a fresh dict)."""
        return dict(zip(self.coverage_ids(), self.hits, strict=True))

    @counts.setter
    def counts(self, value: Mapping[str, int]) -> None:
        self.hits = [value.get(rule_id, 0) for rule_id in self.coverage_ids()]

    def hit(self, i: int) -> None:
        """Count one firing of the ``i``-th coverage id."""
        self.hits[i] += 1
        if self.emit is not None:
            self.emit("fired", self.coverage_ids()[i])

    def fire(self, rule_id: str) -> None:
        """Count one firing of a rule, ability or ruling (by id; KeyError if unknown)."""
        self.hit(self.coverage_index[rule_id])


@runtime_checkable
class Rules(Protocol):
    """What the harness needs from a game's rules engine (see the module docstring): the
    required methods, and what `Engine` and `Instrumented` give every engine. Its
    ``capabilities`` (an `Engine`'s) are read through `capabilities_of`."""

    game_id: str
    length_unit: str
    max_steps: int
    emit: EmitHook | None
    counts: dict[str, int]

    @property
    def agents(self) -> Mapping[str, Callable[[], Agent]]: ...

    # required of every engine
    def setup(self, params: Any, rng: Random) -> Any: ...
    def to_move(self, state: Any) -> tuple[int, ...]: ...
    def legal_actions(self, state: Any, player: int) -> Sequence[Action]: ...
    def apply(self, state: Any, action: Action) -> Any: ...
    def outcome(self, state: Any) -> Outcome | None: ...
    def observe(self, state: Any, player: int) -> Any: ...
    def length(self, state: Any) -> int: ...
    # defaults in `Engine` (chance only for engines with chance nodes)
    def chance(self, state: Any, rng: Random) -> Action: ...
    def invariants(self, state: Any) -> Iterable[tuple[str, str]]: ...
    def state_key(self, state: Any) -> Hashable: ...
    def describe(self, state: Any, action: Action) -> tuple[str, str]: ...
    def describe_params(self, params: Any) -> dict[str, Any]: ...
    # in `Instrumented`
    def coverage_ids(self) -> Sequence[str]: ...
    def ruling_ids(self) -> Sequence[str]: ...
    def reset_counts(self) -> dict[str, int]: ...
    def explain_rule(self, rule_id: str) -> str | None: ...


@runtime_checkable
class Agent(Protocol):
    """A player. ``observes`` False lets the harness skip building observations.

    ``stochastic`` True says the agent draws from its random stream when it has a choice;
    the harness then does not call a repeated position a loop (see harness.LOOP_REPEATS).
    """

    observes: bool
    stochastic: bool

    def act(self, observation: Any, legal: Sequence[Action], rng: Random) -> Action: ...


class RandomAgent:
    """Uniform over the legal actions, drawn from the agent stream."""

    observes = False
    stochastic = True

    def act(self, observation: Any, legal: Sequence[Action], rng: Random) -> Action:
        """Pick one legal action uniformly at random."""
        n = len(legal)
        # rng.randrange(n) for n > 0 is rng._randbelow(n) (the same draws), minus a call.
        return legal[rng._randbelow(n)] if n > 1 else legal[0]

