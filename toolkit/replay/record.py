"""The frames of one game, recorded while the harness plays it.

`record_game` plays a game with `toolkit.sim.harness.play_game` (the same seed, decks and
agents give the same game as in the run) through `Recorder`, a thin stand-in for the
engine that passes everything through and notes, at every step the harness applies: the
state after it, the seat that acted, the playthrough log's lines for the step (the lines
`toolkit.sim.log.GameLog` writes, from the step's own line to the next one) and the rule
ids fired while it was applied (the engine's ``emit`` hook, kind ``fired``), each with its
ruling's text from ``rules.explain_rule``. Frame 0 is the game as set up.

Memory is bounded: a game keeps at most `MAX_FRAMES` frames (the rest of a longer game is
played but not drawn; `Recording.cut` says so) and a run records at most
`MAX_REPLAYS` games. A search agent's simulated games are never recorded: the search
hides the ``emit`` hook while it runs, and the recorder records only while the log's hook
is in place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from toolkit.sim.harness import GameRecord, play_game

MAX_FRAMES = 2_000
"""Frames kept per game (a state each): a longer game's later steps are not drawn."""
MAX_REPLAYS = 100
"""Games recorded in one run (as `--log-games` allows at most)."""


@dataclass(slots=True)
class Frame:
    """One step: its number (0 = setup), who acted (a 0-based seat, None for chance and
    setup), the state after it, its log lines (Markdown), the rule ids fired."""

    step: int
    actor: int | None
    state: Any = None
    start: int = 0
    """Where the step's lines begin in the log."""
    lines: list[str] = field(default_factory=list)
    fired: list[str] = field(default_factory=list)


@dataclass(slots=True)
class Recording:
    """A recorded game: its seed and seat order (1-based), the frames, the game's record
    (winner, reason, violations), the rulings that fired (id → text) and whether frames
    were cut at `MAX_FRAMES`."""

    game_id: str
    seed: int
    seats: tuple[int, ...]
    agents: tuple[str, ...]
    frames: list[Frame]
    record: GameRecord
    rulings: dict[str, str]
    cut: bool = False
    header: list[str] = field(default_factory=list)
    """The log's lines before the first step (title, seats, format)."""


class Recorder:
    """The engine as the harness sees it, recording each applied step (see the module
    docstring). Every attribute but ``apply`` and ``emit`` is the engine's own."""

    def __init__(self, rules: Any, max_frames: int = MAX_FRAMES) -> None:
        object.__setattr__(self, "_rules", rules)
        object.__setattr__(self, "_max", max_frames)
        object.__setattr__(self, "_lines", None)   # the log's lines while it is written
        object.__setattr__(self, "_forward", None)  # the log's own hook
        object.__setattr__(self, "frames", [])
        object.__setattr__(self, "cut", False)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._rules, name)

    def __setattr__(self, name: str, value: Any) -> None:
        if name != "emit":
            setattr(self._rules, name, value)
            return
        if value is None or value == self._hook:
            # the end of the log, or a search hiding the hook (and putting it back)
            self._rules.emit = value
            return
        object.__setattr__(self, "_forward", value)
        object.__setattr__(self, "_lines", getattr(getattr(value, "__self__", None),
                                                   "lines", None))
        self.frames.clear()
        self.frames.append(Frame(0, None, start=0))
        self._rules.emit = self._hook

    def _hook(self, kind: str, text: str) -> None:
        """The engine's emit hook while recording: noted, then passed to the log."""
        if kind == "fired" and self.frames:
            self.frames[-1].fired.append(text)
        self._forward(kind, text)

    @property
    def recording(self) -> bool:
        """Whether the log's hook is in place (not hidden by a search, not over)."""
        return self._rules.emit == self._hook and not self.cut

    def setup(self, params: Any, rng: Any) -> Any:
        """The engine's setup; the state is frame 0's."""
        state = self._rules.setup(params, rng)
        if self.recording and len(self.frames) == 1:
            self.frames[0].state = state
        return state

    def apply(self, state: Any, action: Any) -> Any:
        """The engine's apply; while recording, a frame for the step."""
        if not self.recording:
            return self._rules.apply(state, action)
        if len(self.frames) > self._max:
            object.__setattr__(self, "cut", True)
            return self._rules.apply(state, action)
        actor = action[1] if isinstance(action, tuple) and len(action) > 1 else None
        lines = self._lines
        frame = Frame(len(self.frames), actor if isinstance(actor, int) and actor >= 0
                      else None, start=len(lines) - 1 if lines else 0)
        self.frames.append(frame)
        frame.state = self._rules.apply(state, action)
        return frame.state


def record_game(rules: Any, params: Any, agents: Sequence[str], seed: int, seats:
                tuple[int, ...] = (), check_invariants: bool = True,
                max_frames: int = MAX_FRAMES) -> Recording:
    """Play game ``seed`` with these parameters and agents (one seat order of a run) and
    return its frames; the engine's rule counts are left as they were."""
    recorder = Recorder(rules, max_frames)
    counts = rules.counts
    rules.reset_counts()
    try:
        rec = play_game(recorder, params, list(agents), seed,
                        check_invariants=check_invariants, log=True)
    finally:
        rules.counts = counts
    frames = recorder.frames
    lines = (rec.log or "").rstrip("\n").split("\n")
    first = frames[1].start if len(frames) > 1 else len(lines)
    header = lines[:first]
    for k, frame in enumerate(frames):  # frame 0 shows the setup (the log's header)
        end = frames[k + 1].start if k + 1 < len(frames) else len(lines)
        frame.lines = [line for line in (lines[frame.start:end] if k else header)
                       if line.strip()]
    fired = {rule for frame in frames for rule in frame.fired}
    rulings = {}
    for rule in sorted(fired):
        text = rules.explain_rule(rule)
        if text is not None:
            rulings[rule] = text
    return Recording(rules.game_id, seed, seats or tuple(range(1, len(agents) + 1)),
                     tuple(agents), frames, rec, rulings, recorder.cut, header)
