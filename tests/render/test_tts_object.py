"""The Tabletop Simulator saved object: a DeckCustom whose ids, names and counts match the
deck and whose links point at the written sheets."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from toolkit.render import tts_object
from toolkit.render.job import CardFace, PrintOptions, render_deck

CUSTOM_KEYS = {"FaceURL", "BackURL", "NumWidth", "NumHeight", "BackIsHidden", "UniqueBack"}


def _deck(layout, fields):
    return [CardFace({**fields, "Name": "Alpha"}, layout, 3),
            CardFace({**fields, "Name": "Beta"}, layout, 1),
            CardFace({**fields, "Name": "Gamma"}, layout, 2)]


def _load(folder: Path, deck: str) -> dict:
    return json.loads((folder / "tts" / f"{deck}-saved-object.json").read_text())


def test_saved_object_matches_the_deck(tmp_path, poker_layout):
    layout, fields = poker_layout
    out = tmp_path / "out"
    result = render_deck("d", _deck(layout, fields), out, PrintOptions(tts=True))
    assert out / "tts" / "d-saved-object.json" in result.files
    doc = _load(out, "d")
    (deck,) = doc["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert set(deck["CustomDeck"]) == {"1"}
    entry = deck["CustomDeck"]["1"]
    assert set(entry) == CUSTOM_KEYS
    assert entry["BackIsHidden"] is True and entry["UniqueBack"] is False
    # the grid and the links are the written sheet's
    sheet = next(p for p in (out / "tts").glob("d-sheet-1-*-cards.png"))
    assert entry["FaceURL"] == sheet.resolve().as_uri()
    assert entry["BackURL"] == (out / "tts" / "d-back.png").resolve().as_uri()
    manifest = json.loads((out / "tts" / "d-tts.json").read_text())["sheets"][0]
    assert (entry["NumWidth"], entry["NumHeight"]) == (manifest["columns"], manifest["rows"])
    # every copy is a card: ids 100·sheet + slot, names in deck order
    assert deck["DeckIDs"] == [100, 101, 102, 103, 104, 105]
    cards = deck["ContainedObjects"]
    assert [c["Name"] for c in cards] == ["Card"] * 6
    assert [c["CardID"] for c in cards] == deck["DeckIDs"]
    assert [c["Nickname"] for c in cards] == ["Alpha"] * 3 + ["Beta"] + ["Gamma"] * 2
    assert all(c["CustomDeck"] == {"1": entry} for c in cards)


def test_tts_url_replaces_the_local_links(tmp_path, poker_layout):
    layout, fields = poker_layout
    out = tmp_path / "out"
    render_deck("d", _deck(layout, fields), out,
                PrintOptions(tts=True, tts_url="https://example.org/cards/"))
    entry = _load(out, "d")["ObjectStates"][0]["CustomDeck"]["1"]
    assert entry["FaceURL"].startswith("https://example.org/cards/d-sheet-1-")
    assert entry["BackURL"] == "https://example.org/cards/d-back.png"


def test_several_sheets_and_unique_backs():
    class Sheet:
        def __init__(self, name, count, back=None):
            self.path, self.count, self.back_path = Path(name), count, back
            self.cols, self.rows = 10, 7

    sheets = [Sheet("s-1.png", 69, Path("b-1.png")), Sheet("s-2.png", 2, Path("b-2.png"))]
    doc = tts_object.saved_object("d", sheets, Path("back.png"), ["A", "B"], [70, 1],
                                  Path("/x"), "http://h")
    deck = doc["ObjectStates"][0]
    assert set(deck["CustomDeck"]) == {"1", "2"}
    assert deck["CustomDeck"]["2"]["UniqueBack"] is True
    assert deck["CustomDeck"]["2"]["BackURL"] == "http://h/b-2.png"
    assert deck["DeckIDs"] == [*range(100, 169), 200, 201]
    names = [c["Nickname"] for c in deck["ContainedObjects"]]
    assert names == ["A"] * 70 + ["B"]
    with pytest.raises(ValueError, match="71"):
        tts_object.saved_object("d", sheets, Path("back.png"), ["A"], [72], Path("/x"))
