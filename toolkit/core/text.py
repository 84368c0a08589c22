"""Text from a spreadsheet is data: made safe wherever it is shown, never obeyed.

A cell, sheet or file name may hold terminal control sequences (`ESC[2J`, an OSC title),
bidirectional overrides, rich markup (`[/]`) or Markdown. `plain` writes every control
character as a visible escape (`\\x1b`), so a terminal or a pipe never receives one;
`markup` also escapes rich markup, for text printed through a rich console; `markdown`
escapes Markdown, for names written into playthrough logs. `quote` and `figure` keep the
values quoted in messages short, however long the cell. `readable` replaces what no
UTF-8 text can hold (a lone surrogate: a file name's undecodable byte, an `_xD800_`
escape in a cell) with U+FFFD, so a name can be printed, logged and written as JSON.
"""

from __future__ import annotations

import re

_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e"
                      "\u2066-\u2069]")
_MARKDOWN = re.compile(r"([\\`*_\[\]<>|~&#])")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
_SURROGATE = re.compile("[\ud800-\udfff]")
REPLACEMENT = "\ufffd"
"""The character shown in place of one that no text can hold (U+FFFD, `�`)."""


def _visible(match: re.Match) -> str:
    ch = match.group(0)
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def readable(text: object) -> str:
    """`text` with every lone surrogate replaced by U+FFFD: a file name holding bytes
    that are not UTF-8 (`deck\\udcff.csv`, as Python decodes it) becomes `deck�.csv`,
    which every terminal, log and JSON file can hold. Other text is returned as is."""
    value = str(text)
    return _SURROGATE.sub(REPLACEMENT, value) if _SURROGATE.search(value) else value


def plain(text: object) -> str:
    """`text` with every control character (and bidirectional override) written as a
    visible escape: 'a\\x1b[2Jb' → 'a\\\\x1b[2Jb'. Safe on any terminal or pipe (a lone
    surrogate is shown as U+FFFD, as `readable` does)."""
    return _CONTROL.sub(_visible, readable(text))


def markup(text: object) -> str:
    """`plain(text)` with rich markup escaped, for a rich console: '[/]' prints as is."""
    from rich.markup import escape  # noqa: PLC0415

    return escape(plain(text))


def markdown(text: object) -> str:
    """`plain(text)` with Markdown's inline syntax escaped, for a playthrough log."""
    return _MARKDOWN.sub(r"\\\1", plain(text))


def quote(text: object, limit: int = 60) -> str:
    """A value quoted in a message, cut to `limit` characters: "'Fox'", "'xxxx…' (5,000
    characters)"."""
    value = str(text)
    if len(value) <= limit:
        return f"'{value}'"
    return f"'{value[:limit]}…' ({len(value):,} characters)"


def figure(n: int) -> str:
    """A whole number in a message, short however large: 1000000 → '1,000,000',
    10**300 → '1e+300'."""
    if abs(n) < 10**15:
        return f"{n:,}"
    try:
        return f"{float(n):.3g}"
    except OverflowError:
        return f"a number of about {int(abs(n).bit_length() * 0.30103) + 1:,} digits"


def shorten(text: str, limit: int = 400) -> str:
    """A long message cut for a terminal line (the JSON keeps it whole)."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text):,} characters)"
