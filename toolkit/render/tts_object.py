"""A Tabletop Simulator saved object (`<deck>-saved-object.json`) for the sheets `tts.write_sheets`
wrote: copy it into TTS's Saved Objects folder and the deck appears under Objects › Saved
Objects, ready to take onto the table.

The file holds one `DeckCustom` object: `CustomDeck` has one entry per sheet ("1", "2", …,
each with `FaceURL`, `BackURL`, `NumWidth`, `NumHeight`, `BackIsHidden`, `UniqueBack`),
`DeckIDs` lists every physical card in deck order (sheet k, slot i → 100·k + i, repeated
for each copy) and `ContainedObjects` has one `Card` per id with its `CardID` and the
card's name as `Nickname`. The image links are local `file:///` links to the written
sheets, which only this computer can open; with a base URL (`--tts-url`) they are
`BASE/<file>` instead, for sheets uploaded there (see README).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from toolkit.render.output import write_bytes

TRANSFORM = {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
             "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}
"""Where the deck lands: face down, on the table's centre."""


def link(file: Path, home: Path, url: str = "") -> str:
    """The URL TTS loads a sheet from: `url/<file name>` with a base URL, else the local
    `file:///` link of the file's final place (`home` is the folder it ends up in)."""
    if url:
        return f"{url.rstrip('/')}/{file.name}"
    return (Path(home).resolve() / file.name).as_uri()


def saved_object(deck: str, sheets: Sequence[Any], back: Path, names: Sequence[str],
                 copies: Sequence[int], home: Path, url: str = "") -> dict[str, Any]:
    """The saved-object document for `sheets` (`tts.TtsSheet`s in order, holding the
    cards' copies in deck order), the shared `back` image, the distinct cards' `names`
    and `copies`. ValueError when the sheets do not hold exactly those copies."""
    slots = [i for i, n in enumerate(copies) for _ in range(max(0, n))]
    if sum(s.count for s in sheets) != len(slots):
        raise ValueError(f"the TTS sheets hold {sum(s.count for s in sheets)} cards, "
                         f"the deck has {len(slots)}")
    custom: dict[str, dict[str, Any]] = {}
    ids: list[int] = []
    cards: list[dict[str, Any]] = []
    at = 0
    for k, sheet in enumerate(sheets, start=1):
        entry = {"FaceURL": link(sheet.path, home, url),
                 "BackURL": link(sheet.back_path or back, home, url),
                 "NumWidth": sheet.cols, "NumHeight": sheet.rows,
                 "BackIsHidden": True, "UniqueBack": sheet.back_path is not None}
        custom[str(k)] = entry
        for pos in range(sheet.count):
            card_id = 100 * k + pos
            ids.append(card_id)
            cards.append({"Name": "Card", "Nickname": names[slots[at]], "CardID": card_id,
                          "Transform": TRANSFORM, "CustomDeck": {str(k): entry}})
            at += 1
    deck_object = {"Name": "DeckCustom", "Nickname": deck, "Transform": TRANSFORM,
                   "DeckIDs": ids, "CustomDeck": custom, "ContainedObjects": cards}
    return {"SaveName": deck, "GameMode": "", "Gravity": 0.5, "Table": "", "Sky": "",
            "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": [deck_object], "TabStates": {}, "VersionNumber": ""}


def write(path: Path, deck: str, sheets: Sequence[Any], back: Path, names: Sequence[str],
          copies: Sequence[int], home: Path, url: str = "") -> Path:
    """Write `saved_object(...)` as JSON to `path` (atomically); returns the path."""
    doc = saved_object(deck, sheets, back, names, copies, home, url)
    return write_bytes(Path(path),
                       (json.dumps(doc, indent=2, ensure_ascii=False) + "\n").encode())
