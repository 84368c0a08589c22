"""A game with one seat played by a person: the decision list, its replay, the seat's log,
and save and resume.

A game is fixed by its seed and by the person's decisions: the other seats' agents and
chance draw from the same two streams the harness uses (`harness.chance_stream`,
`harness.agent_stream`), so the same seed and the same decisions give the same game.
`Session` keeps only that list (the index of each chosen action in the engine's stable
legal order); undo replays the game from the seed with the list minus its last decision,
and a saved game is the list with what it was played with (`Setup`, JSON, no pickles).

What the seat is told stays within what it may see. Its own decisions are described by
the engine (`rules.describe`, written for the decider's knowledge). Every other step
(another seat's decision, a chance draw) and every engine event shows in the seat's log
only when the seat could have written that line itself: in a few worlds it cannot tell
from the real one (the engine's ``determinize`` hook, seeded), every move that leaves it
seeing what it sees now is described the same way (`Session._public`). Otherwise the log
says only who acted. A game without ``determinize`` and with hidden information shows
only the seat's own steps.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Generator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from random import Random
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.outputs import check_file, write_bytes
from toolkit.core.text import plain

from .agents import make_agent
from .engine import CHANCE, Rules, capabilities_of
from .harness import agent_stream, chance_stream

HUMAN = "human"
"""The agent name of a seat played by a person (`pnp play --agent human`, `playtest`)."""
SAVE_KIND = "pnp saved game"
"""The ``kind`` of a saved game's JSON document."""
SAVE_VERSION = 1
MAX_SAVE_BYTES = 16 * 1024 * 1024
"""A bigger file is no saved game of pnp's (refused unread)."""
WORLDS = 8
"""How many worlds the seat cannot tell from the real one `Session._public` tries (besides
the real one)."""
CHANCE_SAMPLES = 4
"""Chance outcomes drawn in each of those worlds for a chance step."""


@dataclass
class Setup:
    """What a game is played with, as saved: the decks as given (``FILE[#SHEET]``,
    absolute; empty for the bundled ones), catalog, format, number of players, the agent
    at each seat (`HUMAN` at the person's), and the seed."""

    game: str
    decks: list[str] = field(default_factory=list)
    catalog: str | None = None
    format: str | None = None
    players: int | None = None
    agents: list[str] = field(default_factory=list)
    seed: int = 1

    @property
    def seat(self) -> int:
        """The seat the person plays (from 0)."""
        return self.agents.index(HUMAN)


@dataclass
class Entry:
    """One line of the seat's log: a step as the seat saw it."""

    step: int
    who: str
    what: str
    why: str = ""
    events: list[str] = field(default_factory=list)
    """Engine events the seat may see (abilities, reveals, results)."""
    rulings: list[tuple[str, str]] = field(default_factory=list)
    """(ruling id, its decision) of every ruling that applied, when the seat may see it."""
    mine: bool = False
    """True for the seat's own decision."""

    def to_json(self) -> dict[str, Any]:
        """The entry as JSON (the playtest page's log)."""
        return {"step": self.step, "who": self.who, "what": self.what, "why": self.why,
                "events": self.events, "mine": self.mine,
                "rulings": [{"id": i, "decision": d} for i, d in self.rulings]}


@dataclass
class Pending:
    """The seat's decision the game waits for."""

    state: Any
    player: int
    legal: Sequence[Any]


class Session:
    """One game with a person at seat ``setup.seat`` (see the module docstring).

    ``agents`` are the seats' agent names (`HUMAN` at the person's). The game runs at once
    up to the seat's first decision (``pending``) or its end (``over``).
    """

    def __init__(self, rules: Rules, params: Any, agents: Sequence[str], seed: int,
                 decisions: Sequence[int] = ()) -> None:
        if list(agents).count(HUMAN) != 1:
            raise InputError("a game with a person at the table has exactly one "
                             f"'{HUMAN}' seat")
        self.rules = rules
        self.params = params
        self.agents = list(agents)
        self.seed = seed
        self.seat = self.agents.index(HUMAN)
        info = rules.describe_params(params)
        decks = info.get("decks") or []
        sides = list(info.get("sides") or range(len(agents)))
        self.names = [f"Seat {i + 1}" + (f" ({decks[sides[i]]})" if sides[i] < len(decks)
                                         else "") for i in range(len(agents))]
        self.decisions: list[int] = []
        self.actions: list[tuple[int, Any]] = []
        """Every step played so far: (actor, action), the actor `CHANCE` for chance."""
        self.log: list[Entry] = []
        self.state: Any = None
        self.pending: Pending | None = None
        self.over: Any = None
        """The `Outcome` once the game has ended (``finished`` False: stopped unfinished)."""
        self.steps = 0
        self._cache: list[Entry] = []
        self._replay(list(decisions))

    # ------------------------------------------------ the decision list

    def choose(self, index: int) -> None:
        """Play the seat's decision: ``index`` (from 0) in the legal actions now offered;
        the game then runs to the seat's next decision or its end. IndexError when there
        is no such action."""
        if self.pending is None or not 0 <= index < len(self.pending.legal):
            raise IndexError(index)
        self.decisions.append(index)
        try:
            self.pending = self._game.send(index)
        except StopIteration:
            self.pending = None

    def undo(self) -> bool:
        """Take back the seat's last decision (replaying the game from its seed without
        it); False when there is none."""
        if not self.decisions:
            return False
        self._replay(self.decisions[:-1], self.log)
        return True

    def _replay(self, decisions: list[int], known: list[Entry] | None = None) -> None:
        """Play the game from its seed with ``decisions``; log entries in ``known`` (from
        a game with the same decisions so far) are reused instead of worked out again."""
        self._cache = known or []
        self.decisions, self.log, self.pending, self.over = [], [], None, None
        self.actions = []
        self._game = self._play()
        try:
            self.pending = next(self._game)
            for index in decisions:
                if self.pending is None or not 0 <= index < len(self.pending.legal):
                    raise InputError(f"decision {len(self.decisions) + 1} of the saved game "
                                     "is not a legal choice in this game (other decks or "
                                     "another version of the rules?)")
                self.choose(index)
        except StopIteration:
            self.pending = None
        self._cache = []

    # ------------------------------------------------ the game

    def _play(self) -> Generator[Pending, int, None]:
        """The game loop (as the harness plays it): yields the seat's decisions and
        receives the index of each chosen action."""
        rules = self.rules
        chance, arng = chance_stream(self.seed), agent_stream(self.seed)
        agents = [None if name == HUMAN else make_agent(rules, name, seat, len(self.agents))
                  for seat, name in enumerate(self.agents)]
        self.steps = 0
        state = rules.setup(self.params, chance)
        self.state = state
        try:
            while True:
                outcome = rules.outcome(state)
                if outcome is not None:
                    self.over = outcome
                    return
                movers = rules.to_move(state)
                if self.steps >= rules.max_steps or not movers:
                    self.over = _stopped(f"step cap ({rules.max_steps}) reached" if movers
                                         else "nobody is to move")
                    return
                if movers[0] == CHANCE:
                    chosen = [(CHANCE, rules.chance(state, chance))]
                else:
                    chosen = []
                    for player in movers:
                        legal = rules.legal_actions(state, player)
                        agent = agents[player]
                        if agent is None:
                            index = yield Pending(state, player, legal)
                            chosen.append((player, legal[index]))
                        else:
                            seen = rules.observe(state, player) if agent.observes else None
                            chosen.append((player, agent.act(seen, legal, arng)))
                for actor, action in chosen:
                    state = self._step(state, actor, action)
                    self.state = state
        except Exception as error:  # an engine or agent bug ends the game, told plainly
            self.over = _stopped(f"error: {type(error).__name__}: {plain(error)}")

    def _step(self, state: Any, actor: int, action: Any) -> Any:
        """Apply one action and add the seat's log entry for it."""
        rules = self.rules
        number = self.steps + 1
        cached = self._cache[len(self.log)] if len(self.log) < len(self._cache) else None
        if cached is not None and cached.step == number:
            self.log.append(cached)
            after = rules.apply(state, action)
        else:
            texts, after = self._texts(state, action)
            self.log.append(self._entry(number, state, actor, action, texts, after))
        self.steps = number
        self.actions.append((actor, action))
        return after

    def _texts(self, state: Any, action: Any) -> tuple[tuple, Any]:
        """(the engine's texts of an action: what, why, events, rulings; the state after)."""
        rules = self.rules
        what, why = rules.describe(state, action)
        events: list[str] = []
        rulings: list[tuple[str, str]] = []

        def emit(kind: str, text: str) -> None:
            if kind == "fired":
                decision = rules.explain_rule(text)
                if decision is not None:
                    rulings.append((text, decision))
            elif kind != "block":  # (a board drawn as text: the picture shows it)
                events.append(text if kind in ("info", "round", "battle", "end")
                              else f"{kind}: {text}")

        rules.emit = emit
        try:
            after = rules.apply(state, action)
        finally:
            rules.emit = None
        return (what, why, tuple(events), tuple(rulings)), after

    def _entry(self, number: int, state: Any, actor: int, action: Any, texts: tuple,
               after: Any) -> Entry:
        """The seat's log entry for one step: what it may know of it."""
        what, why, events, rulings = texts
        mine = actor == self.seat
        who = "chance" if actor == CHANCE else (
            "you" if mine else f"{self.names[actor]} ({self.agents[actor]})")
        entry = Entry(number, who, what, why, mine=mine)
        if mine or self._public(state, actor, action, after, (what, why)):
            shown = True
        else:
            entry.what = "acts" if actor != CHANCE else "a hidden draw"
            entry.why = ""
            shown = False
        if shown and (events or rulings) and (
                self._public(state, actor, action, after, (events, rulings), mine) if mine
                else self._public(state, actor, action, after, (what, why, events, rulings))):
            entry.events, entry.rulings = list(events), list(rulings)
        return entry

    def _public(self, state: Any, actor: int, action: Any, after: Any, texts: tuple,
                same_action: bool = False) -> bool:
        """True if the seat could have written ``texts`` (a part of `_texts`) itself: in
        the real state and `WORLDS` worlds it cannot tell from it, every move of ``actor`` (the same
        action when ``same_action``, the seat's own) after which it sees what it sees in
        ``after`` has the same texts, and at least one such move exists."""
        rules = self.rules
        caps = capabilities_of(rules)
        if not caps.hidden_information:
            return True
        if not caps.provides("determinize"):
            return False
        seat = self.seat
        seen, target = rules.observe(state, seat), rules.observe(after, seat)
        parts = len(texts)
        counts = rules.counts
        matched = False
        try:
            for k in range(WORLDS + 1):  # the real state first: the real move matches
                world = state if k == 0 else rules.determinize(  # type: ignore[attr-defined]
                    seen, seat, Random(f"world:{k}"))
                if same_action:
                    moves = [action]
                elif actor == CHANCE:
                    moves = [rules.chance(world, Random(f"chance:{k}:{j}"))
                             for j in range(CHANCE_SAMPLES)]
                else:
                    moves = list(rules.legal_actions(world, actor))
                for move in moves:
                    found, later = self._texts(world, move)
                    if rules.observe(later, seat) != target:
                        continue
                    matched = True
                    part = found[2:] if same_action else (found[:2] if parts == 2 else found)
                    if part != texts:
                        return False
        except Exception:  # a world the engine cannot play: nothing is proven
            return False
        finally:
            rules.counts = counts
        return matched


def _stopped(reason: str) -> Any:
    """An unfinished `Outcome` with ``reason``."""
    from .engine import Outcome  # noqa: PLC0415

    return Outcome(None, reason, finished=False)


def outcome_text(session: Session) -> str:
    """The end of the game in words, for the seat (who won and why)."""
    over = session.over
    if over is None:
        return "the game goes on"
    if not over.finished:
        return f"the game stopped unfinished: {over.reason}"
    if over.winner is None:
        return f"a draw: {over.reason}"
    info = session.rules.describe_params(session.params)
    labels = info.get("decks") or session.names
    sides = list(info.get("sides") or range(len(session.agents)))
    label = labels[over.winner] if over.winner < len(labels) else f"seat {over.winner + 1}"
    yours = sides[session.seat] == over.winner
    return f"{'you win' if yours else 'you lose'}: {label} wins ({over.reason})"


# ---------------------------------------------------------------- save and resume

def save(path: Path, setup: Setup, decisions: Sequence[int],
         described: Callable[[int], str] | None = None) -> Path:
    """Write the game in progress to ``path`` (JSON: the `Setup` and the decisions, each
    with its text when ``described`` gives it); refuses (InputError) a folder, a device
    or an input of the game."""
    inputs = [Path(d.split("#", 1)[0]) for d in setup.decks]
    if setup.catalog:
        inputs.append(Path(setup.catalog))
    check_file(path, "save", inputs)
    doc = {"kind": SAVE_KIND, "version": SAVE_VERSION, **asdict(setup),
           "decisions": [{"choice": i + 1, **({"what": described(k)} if described else {})}
                         for k, i in enumerate(decisions)]}
    try:
        return write_bytes(path, (json.dumps(doc, indent=2, ensure_ascii=False) + "\n")
                           .encode("utf-8"))
    except OSError as error:
        raise InputError(f"save {plain(path)}: {error.strerror or error}") from None


def load(path: Path) -> tuple[Setup, list[int]]:
    """A saved game: its `Setup` and decisions (indexes from 0); InputError (one sentence)
    for a file that is no saved game of pnp's."""
    shown = plain(path)
    try:
        if Path(path).stat().st_size > MAX_SAVE_BYTES:
            raise InputError(f"--resume {shown}: too big for a saved game")
        doc = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        why = getattr(error, "strerror", None) or "not a saved game (no JSON)"
        raise InputError(f"--resume {shown}: {why}") from None
    if not isinstance(doc, dict) or doc.get("kind") != SAVE_KIND:
        raise InputError(f"--resume {shown}: not a game saved by pnp")
    if doc.get("version") != SAVE_VERSION:
        raise InputError(f"--resume {shown}: saved by another version of pnp "
                         f"(format {doc.get('version')!r}, this one reads {SAVE_VERSION})")
    try:
        setup = Setup(game=_text(doc["game"]), decks=[_text(d) for d in doc["decks"]],
                      catalog=_text(doc["catalog"]) if doc["catalog"] is not None else None,
                      format=_text(doc["format"]) if doc["format"] is not None else None,
                      players=_whole(doc["players"]) if doc["players"] is not None else None,
                      agents=[_text(a) for a in doc["agents"]], seed=_whole(doc["seed"]))
        decisions = [_whole(d["choice"]) - 1 for d in doc["decisions"]]
    except (KeyError, TypeError, ValueError):
        raise InputError(f"--resume {shown}: a saved game needs game, decks, catalog, "
                         "format, players, agents, seed and decisions") from None
    if setup.agents.count(HUMAN) != 1 or min(decisions, default=0) < 0:
        raise InputError(f"--resume {shown}: a saved game has one '{HUMAN}' seat and "
                         "choices numbered from 1")
    return setup, decisions


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(value)
    return value


def _whole(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(value)
    return value
