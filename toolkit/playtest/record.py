"""The file a played game leaves behind: its replay (`toolkit.replay.html`) when the game
has pictures, else its Markdown playthrough (`toolkit.sim.log`).

The session's steps (`Session.actions`) are played again from the seed with the log's
``emit`` hook in place, as `toolkit.replay.record.record_game` records a harness game:
one frame per step with the state after it, its log lines and the rulings fired. The
file goes under ``./output/<game>/`` through a `Transaction` (never over a file pnp did
not write).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from toolkit.core.outputs import Transaction
from toolkit.replay import html
from toolkit.replay.files import deck_faces, write_page
from toolkit.replay.pictures import Picture
from toolkit.replay.record import MAX_FRAMES, Frame, Recording
from toolkit.replay.svg import card_faces
from toolkit.sim.engine import CHANCE, capabilities_of
from toolkit.sim.harness import GameRecord, chance_stream
from toolkit.sim.log import GameLog, markdown
from toolkit.sim.session import Session


def recording(session: Session) -> tuple[Recording, str]:
    """The session's game as a `Recording` (frames cut at `MAX_FRAMES`) and its Markdown
    playthrough, with every seat's steps told in full (the table's view)."""
    rules = session.rules
    title = f"{rules.game_id} playtest — seed {session.seed}"
    header = [f"- {markdown(name)}: **{markdown(agent)}**"
              for name, agent in zip(session.names, session.agents, strict=True)]
    log = GameLog(title, header, rules.explain_rule)
    frames = [Frame(0, None, start=0)]

    def hook(kind: str, text: str) -> None:
        if kind == "fired":
            frames[-1].fired.append(text)
        log.event(kind, text)

    counts = rules.counts
    rules.emit = hook
    try:
        state = rules.setup(session.params, chance_stream(session.seed))
        frames[0].state = state
        for number, (actor, action) in enumerate(session.actions, 1):
            what, why = rules.describe(state, action)
            log.step(number, "chance" if actor == CHANCE else session.agents[actor], what, why)
            frame = Frame(number, None if actor == CHANCE else actor, start=len(log.lines) - 1)
            if len(frames) <= MAX_FRAMES:
                frames.append(frame)
            state = rules.apply(state, action)
            frame.state = state
    finally:
        rules.emit = None
        rules.counts = counts
    over = session.over
    if over is not None:
        log.event("end", over.reason)
    lines = log.text().rstrip("\n").split("\n")
    first = frames[1].start if len(frames) > 1 else len(lines)
    for k, frame in enumerate(frames):
        end = frames[k + 1].start if k + 1 < len(frames) else len(lines)
        frame.lines = [line for line in (lines[frame.start:end] if k else lines[:first])
                       if line.strip()]
    fired = sorted({rule for frame in frames for rule in frame.fired})
    rulings = {rule: text for rule in fired if (text := rules.explain_rule(rule)) is not None}
    record = GameRecord(session.seed, winner=over.winner if over and over.finished else None,
                        finished=bool(over and over.finished),
                        reason=over.reason if over else "", steps=session.steps)
    cut = len(session.actions) >= len(frames)
    return (Recording(rules.game_id, session.seed, tuple(range(1, len(session.agents) + 1)),
                      tuple(session.agents), frames, record, rulings, cut, lines[:first]),
            log.text())


def write_record(session: Session, folder: Path, picture: Picture | None,
                 decks: list[Any]) -> Path:
    """Write the game's replay (``playtest-seed-<n>.html``; a Markdown playthrough
    ``playtest-seed-<n>.md`` for a game without pictures) into ``folder``; returns its
    path. InputError (one sentence) when the place holds a file pnp did not write."""
    rec, text = recording(session)
    stem = f"playtest-seed-{session.seed}"
    path = folder / f"{stem}{'.html' if picture is not None else '.md'}"
    with Transaction(option="output") as tx:
        tx.claim(path)
        if picture is None:
            with open(tx.writable(path), "w", encoding="utf-8", newline="\n") as handle:
                handle.write(text)
        else:
            rules = session.rules
            views = [None, *range(len(session.agents))]
            labels = [f"{name} ({agent})" for name, agent
                      in zip(session.names, session.agents, strict=True)]
            with card_faces(deck_faces(decks)):
                page = html.build(rec, rules, picture, views, labels,
                                  capabilities_of(rules).hidden_information)
            write_page(tx, path, page)
    return path
