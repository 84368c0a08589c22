"""A seat played from the terminal (`pnp play GAME --agent human`).

At each of the seat's decisions the player sees what happened since their last one (the
seat's log: `toolkit.sim.session`, which keeps hidden things hidden), their observation
drawn as text (`observation_lines`: a readable rendering of ``rules.observe(state,
seat)`` and nothing else), and the legal actions numbered in the engine's stable order
with the engine's description of each. They answer with a number, ``u`` (undo their last
decision), ``s FILE`` (save the game in progress), ``q`` (quit) or ``?`` (help); anything
else is asked again. The end of input (Ctrl-D, a closed pipe) ends the game like ``q``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.text import plain

from .session import Entry, Session, Setup, outcome_text, save

MAX_LINE = 400
"""A field of the observation drawn longer than this is cut (with its length told)."""
MAX_DEPTH = 5
"""Values nested deeper than this are drawn by their type's name."""
RECENT = 30
"""A resumed game shows its last this many log entries first."""
HELP = ("answer with the number of an action, u to undo your last decision, s FILE to "
        "save the game, q to quit")


# ---------------------------------------------------------------- the observation as text

def _fields(value: Any) -> list[tuple[str, Any]] | None:
    """The named fields of a record (a dataclass, a named tuple, a class with slots, a
    compiled class, or one whose fields are annotated), or None for anything else."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [(f.name, getattr(value, f.name)) for f in dataclasses.fields(value)]
    if isinstance(value, tuple) and hasattr(value, "_fields"):
        return list(zip(value._fields, value, strict=True))
    if isinstance(value, (str, bytes, tuple, list, dict, set, frozenset, int, float)):
        return None
    names: dict[str, None] = {}
    for cls in reversed(type(value).__mro__):
        for attr in ("__slots__", "__mypyc_attrs__", "__annotations__"):
            declared = cls.__dict__.get(attr, ())
            names.update((n, None) for n in ([declared] if isinstance(declared, str)
                                              else declared) if isinstance(n, str))
    found = [(n, getattr(value, n)) for n in names
             if not n.startswith("_") and n != "hashed" and hasattr(value, n)
             and not callable(getattr(value, n))]
    return found or None


def _runs(items: list[str]) -> Iterator[str]:
    """Items with runs of equal ones folded: ``Levy ×3``."""
    k = 0
    while k < len(items):
        j = k
        while j < len(items) and items[j] == items[k]:
            j += 1
        yield items[k] if j - k == 1 else f"{items[k]} ×{j - k}"
        k = j


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))


def _label(named: list[tuple[str, Any]]) -> str | None:
    """A record's name: its own ``name`` field, or the name of a record it holds."""
    fields = dict(named)
    if isinstance(fields.get("name"), str):
        return fields["name"]
    for _, inner in named:
        inner_fields = None if _scalar(inner) else _fields(inner)
        if inner_fields and isinstance(dict(inner_fields).get("name"), str):
            return dict(inner_fields)["name"]
    return None


def show(value: Any, depth: int = 0) -> str:
    """One value of an observation as readable text: numbers and words as they are,
    sequences in brackets (runs of equal items folded), a record as its name (its own or
    that of a record it holds) with its plain fields; what a record holds beyond that (a
    shared catalog, the board's fixed data) is left out."""
    if _scalar(value):
        return plain(value) if isinstance(value, str) else str(value)
    if isinstance(value, (tuple, list, frozenset, set)) and not hasattr(value, "_fields"):
        items = [show(v, depth + 1) for v in value]
        return "[" + ", ".join(_runs(items)) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{show(k, depth + 1)}: {show(v, depth + 1)}"
                               for k, v in value.items()) + "}"
    named = _fields(value)
    if named is None or depth >= MAX_DEPTH:
        return f"({type(value).__name__})"
    head = _label(named)
    rest = [f"{k} {show(v, depth + 1)}" for k, v in named if k != "name" and (
        _scalar(v) or isinstance(v, tuple) and len(v) <= 8 and all(map(_scalar, v)))]
    if head is not None:
        return plain(head) + (f" ({', '.join(rest)})" if rest else "")
    return f"{type(value).__name__}({', '.join(rest)})"


def observation_lines(observation: Any) -> list[str]:
    """The seat's observation as text lines, one per field (``name: value``); long ones
    are cut. Only the observation is read, so nothing hidden from the seat can show."""
    named = _fields(observation)
    if named is None:
        return [_cut(show(observation))]
    return [_cut(f"{name}: {show(value, 1)}") for name, value in named]


def _cut(line: str) -> str:
    if len(line) <= MAX_LINE:
        return line
    return f"{line[:MAX_LINE]}… ({len(line)} characters)"


# ---------------------------------------------------------------- the terminal seat

def entry_lines(entry: Entry, explained: set[str] | None = None) -> list[str]:
    """A log entry as text lines (its events and rulings indented under it); a ruling
    already in ``explained`` is named without its text again (and is added to it)."""
    why = f" ({plain(entry.why)})" if entry.why else ""
    lines = [f"{entry.step}. {plain(entry.who)}: {plain(entry.what)}{why}"]
    lines += [f"     {plain(event)}" for event in entry.events]
    for rid, decision in entry.rulings:
        if explained is not None and rid in explained:
            lines.append(f"     ruling {plain(rid)}")
        else:
            lines.append(f"     ruling {plain(rid)}: {plain(decision)}")
            if explained is not None:
                explained.add(rid)
    return lines


def decision_text(session: Session) -> list[str]:
    """What the seat sees at its decision: the observation and the numbered actions."""
    pending = session.pending
    assert pending is not None
    rules = session.rules
    lines = [f"--- {session.names[session.seat]}, your decision "
             f"(step {session.steps + 1}) ---"]
    lines += ["  " + line for line in
              observation_lines(rules.observe(pending.state, session.seat))]
    lines.append("Your choices:")
    for k, action in enumerate(pending.legal, 1):
        what, why = rules.describe(pending.state, action)
        lines.append(f"  {k}. {plain(what)}" + (f" — {plain(why)}" if why else ""))
    return lines


def play_in_terminal(session: Session, setup: Setup, read: Callable[[str], str],
                     write: Callable[[str], None]) -> None:
    """Play the seat with ``read`` (a prompt → one line; EOFError at the end of input)
    and ``write`` (one line out), until the game ends or the player quits."""
    shown = max(0, len(session.log) - RECENT)  # log entries already written
    explained: set[str] = set()
    while session.pending is not None:
        for entry in session.log[shown:]:
            for line in entry_lines(entry, explained):
                write(line)
        shown = len(session.log)
        for line in decision_text(session):
            write(line)
        count = len(session.pending.legal)
        while True:
            try:
                answer = read(f"choose 1-{count}, u, s FILE, q: ").strip()
            except EOFError:
                write("input ended: the game is left unfinished (save it with s FILE "
                      "next time)")
                return
            if answer.isdigit() and 1 <= int(answer) <= count:
                session.choose(int(answer) - 1)
                break
            if answer == "q":
                write("you left the game unfinished")
                return
            if answer == "u":
                if session.undo():
                    write("your last decision is taken back")
                    shown = _replayed(session, shown)
                    break
                write("nothing to undo yet")
                continue
            if answer.startswith("s ") and answer[2:].strip():
                _save(session, setup, Path(answer[2:].strip()), write)
                continue
            write(f"'{plain(answer)[:40]}' is no choice here: {HELP}"
                  if answer not in ("?", "h", "help") else HELP)
    for entry in session.log[shown:]:
        for line in entry_lines(entry, explained):
            write(line)
    write(f"Game over: {outcome_text(session)}")


def _replayed(session: Session, shown: int) -> int:
    """After an undo: the log entries already shown that are still part of the game."""
    return min(shown, len(session.log))


def _save(session: Session, setup: Setup, path: Path, write: Callable[[str], None]) -> None:
    """Save the game in progress to ``path``, telling the player how it went."""
    try:
        save(path, setup, session.decisions, lambda k: _said(session, k))
    except InputError as error:
        write(f"not saved: {error}")
        return
    write(f"saved to {plain(path)}; go on with: pnp play {setup.game} --resume {plain(path)}")


def _said(session: Session, k: int) -> str:
    """The text of the seat's ``k``-th decision, from its log."""
    mine = [entry for entry in session.log if entry.mine]
    return mine[k].what if k < len(mine) else ""
