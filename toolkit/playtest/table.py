"""The one game a playtest page plays: the session, what the page shows of it, and the
file written at its end.

`Table.view` is everything the page draws, as JSON, built for the person's seat only:
the picture of the seat's view (`<game package>.picture` with the seat, drawn from
``rules.observe``), else the observation as text (`toolkit.sim.human.observation_lines`),
the legal actions described by the engine, the seat's log (`toolkit.sim.session`, which
leaves out what the seat may not know), the rulings that applied in it, and at the end
the result and the replay. Requests come from the server's threads: a lock keeps them
one at a time.
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from toolkit.core.errors import InputError
from toolkit.core.text import plain
from toolkit.playtest.record import write_record
from toolkit.replay.files import deck_faces
from toolkit.replay.pictures import Picture
from toolkit.replay.svg import card_faces
from toolkit.sim.human import observation_lines
from toolkit.sim.session import Session, outcome_text

LOG_TAIL = 300
"""The page shows the seat's last this many log entries."""


class Table:
    """A playtest's game (see the module docstring)."""

    def __init__(self, session: Session, title: str, picture: Picture | None,
                 decks: list[Any], folder: Path) -> None:
        self.session = session
        self.title = title
        self.picture = picture
        self.decks = decks
        self.faces = deck_faces(decks)
        self.folder = folder
        self.written: Path | None = None
        self.problem: str | None = None
        self.lock = threading.Lock()

    def view(self) -> dict[str, Any]:
        """What the page shows now (JSON), for the seat only."""
        with self.lock:
            return self._view()

    def act(self, step: int, choice: int) -> dict[str, Any]:
        """Play the seat's action number ``choice`` (from 1) at decision ``step`` (the
        number of decisions made so far, so a stale click does nothing); ValueError when
        that is not a choice now."""
        with self.lock:
            session = self.session
            if session.pending is None or step != len(session.decisions) \
                    or not 1 <= choice <= len(session.pending.legal):
                raise ValueError("that choice is not offered now")
            session.choose(choice - 1)
            return self._view()

    def undo(self) -> dict[str, Any]:
        """Take back the seat's last decision (also after the game ended)."""
        with self.lock:
            if self.session.undo():
                self.written, self.problem = None, None
            return self._view()

    def replay_file(self) -> Path | None:
        """The file written at the end of the game, if any."""
        with self.lock:
            return self.written

    def _view(self) -> dict[str, Any]:
        session = self.session
        rules = session.rules
        seat = session.seat
        state = session.pending.state if session.pending is not None else session.state
        picture = None
        if self.picture is not None:
            with card_faces(self.faces):
                picture = self.picture(rules, state, seat)
        lines = observation_lines(rules.observe(state, seat))
        legal = []
        if session.pending is not None:
            for k, action in enumerate(session.pending.legal, 1):
                what, why = rules.describe(state, action)
                legal.append({"n": k, "what": plain(what), "why": plain(why)})
        rulings: dict[str, dict[str, Any]] = {}
        for entry in session.log:
            for rid, decision in entry.rulings:
                seen = rulings.setdefault(rid, {"id": rid, "decision": decision, "count": 0})
                seen["count"] += 1
        over = session.over is not None
        if over and self.written is None and self.problem is None:
            self._write()
        return {
            "title": self.title, "seat": seat + 1, "name": session.names[seat],
            "decisions": len(session.decisions), "step": session.steps,
            "picture": picture, "observation": lines, "legal": legal,
            "log": [e.to_json() for e in session.log[-LOG_TAIL:]],
            "logCut": max(0, len(session.log) - LOG_TAIL),
            "rulings": list(rulings.values()), "canUndo": bool(session.decisions),
            "over": over, "result": outcome_text(session) if over else "",
            "replay": "/replay" if self.written is not None else None,
            "replayName": self.written.name if self.written is not None else None,
            "problem": self.problem,
        }

    def _write(self) -> None:
        """Write the replay of the finished game (a refusal is shown on the page)."""
        try:
            self.written = write_record(self.session, self.folder, self.picture, self.decks)
        except InputError as error:
            self.problem = str(error)
