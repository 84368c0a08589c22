"""Readable Markdown playthroughs of single games.

The harness creates a `GameLog` only when a log is asked for and hands its `event`
method to the engine as the ``emit`` hook; otherwise the hook is ``None`` and the engine
builds no text at all. A log shows each round and step, what each player chose and why it
was legal, what was revealed, each ability and its effect, each ruling where it applied,
and the end with its reason. It holds nothing that varies between runs (no times, no
addresses), so the same seed gives the same log byte for byte.

Names in the engine's texts come from spreadsheets, so every text is escaped
(`toolkit.core.text.markdown`): a badge called `**x**` or `<script>` shows as written,
control characters as visible escapes, and no cell can add a heading or a link.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from toolkit.core.text import markdown, plain

_LABELS = {
    "reveal": "revealed",
    "ability": "ability",
    "result": "result",
    "death": "death",
    "info": "",
}


def _fenced(text: str) -> list[str]:
    """A preformatted text (a battlefield drawn as a grid) as a fenced code block: shown
    as written, aligned, its control characters escaped; the fence is longer than any run
    of backticks in it, so no name can close it."""
    fence = "`" * max([3, *(len(run) + 1 for run in re.findall("`+", text))])
    return [fence, *(plain(line) for line in text.split("\n")), fence]


class GameLog:
    """One game's playthrough, collected as Markdown lines."""

    def __init__(self, title: str, header: Sequence[str] = (),
                 explain: Callable[[str], str | None] | None = None) -> None:
        self.lines: list[str] = [f"# {title}", ""]
        self.lines.extend(header)
        if header:
            self.lines.append("")
        self._explain = explain
        self._explained: set[str] = set()

    def event(self, kind: str, text: str) -> None:
        """An engine event (the engines' ``emit`` hook); kind "block" is a preformatted
        text of several lines (a fenced code block)."""
        lines = self.lines
        if kind == "fired":
            explanation = self._explain(text) if self._explain else None
            if explanation is None:
                return
            if text in self._explained:
                lines.append(f"  - ruling `{text}`")
            else:
                self._explained.add(text)
                lines.append(f"  - ruling `{text}`: {explanation}")
            return
        if kind == "block":
            if lines[-1]:
                lines.append("")
            lines.extend([*_fenced(text), ""])
            return
        text = markdown(text)
        if kind == "round":
            lines.extend(["", f"## {text}", ""])
        elif kind == "battle":
            lines.extend(["", f"### {text}", ""])
        elif kind == "end":
            lines.extend(["", "## End", "", f"**{text}**"])
        elif kind == "result":
            lines.append(f"  - **{text}**")
        else:
            label = _LABELS.get(kind, kind)
            lines.append(f"  - {label}: {text}" if label else f"  - {text}")

    def step(self, number: int, who: str, what: str, why: str) -> None:
        """A decision (or chance step) and why it was legal."""
        self.lines.append(f"- {number}. {markdown(who)}: {markdown(what)} _({markdown(why)})_")

    def note(self, text: str) -> None:
        """A line from the harness (violations, unfinished games)."""
        self.lines.append(f"- **{markdown(text)}**")

    def text(self) -> str:
        """The whole playthrough as Markdown."""
        return "\n".join(self.lines).rstrip("\n") + "\n"
