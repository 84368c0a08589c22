"""The bundled Valiant Wars content and layouts: reproducible workbook, the same pool as
the engine's samples, every effect and penalty present, the five card faces and their one
shared back."""

from __future__ import annotations

import importlib.util
from collections import Counter

from tests.helpers import ROOT
from toolkit.core.registry import ValidateRequest
from toolkit.games.valiantwars.deck import load_decks
from toolkit.games.valiantwars.engine import POOL
from toolkit.games.valiantwars.playing import card_spec
from toolkit.games.valiantwars.printing import LAYOUTS, layout_of
from toolkit.games.valiantwars.vocab import EFFECTS, PENALTY_KEYS
from toolkit.render.display import Text, evaluate
from toolkit.render.job import load_layout

CONTENT = ROOT / "toolkit/games/valiantwars/content"


def _make_content():
    spec = importlib.util.spec_from_file_location("vw_make", CONTENT / "make_content.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_make_content_is_byte_for_byte_reproducible(tmp_path, monkeypatch):
    module = _make_content()
    first, second = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    for out in (first, second):
        monkeypatch.setattr(module, "OUT", out)
        module.main()
    assert first.read_bytes() == second.read_bytes() == (CONTENT / "pool.xlsx").read_bytes()


def test_the_bundled_workbook_is_the_engines_sample_pool():
    _, [pool] = load_decks(ValidateRequest(CONTENT / "pool.xlsx"))
    assert tuple(card_spec(c) for c in pool.cards) == POOL


def test_the_pool_uses_every_effect_and_every_penalty():
    effects = {c.effect for c in POOL if c.effect}
    assert effects == set(EFFECTS) and len(EFFECTS) == 27
    penalties = {PENALTY_KEYS[c.penalty] for c in POOL if c.kind == "Location"}
    assert penalties == set(PENALTY_KEYS)
    assert Counter(c.kind for c in POOL) == {"Soldier": 36, "Gold": 54, "Dark Omen": 25,
                                             "Location": 14, "Champion": 63}


def test_each_kind_has_its_layout_and_all_share_one_back():
    """Setup: "All of the cards have the same back image"."""
    layouts = {name: load_layout("valiantwars", name) for name in LAYOUTS.values()}
    assert set(layouts) == {"champion", "gold", "soldier", "omen", "location"}
    backs = {name: layout.back for name, layout in layouts.items()}
    first = next(iter(backs.values()))
    assert first and all(back == first for back in backs.values())


def _texts(card) -> str:
    layout = load_layout("valiantwars", layout_of(card))
    ops = evaluate(layout, card.fields(), "front").ops
    return " | ".join(" ".join(span.text for span in op.spans) for op in ops
                      if isinstance(op, Text))


def test_card_faces_show_what_the_book_puts_on_them():
    """Champions: "Each Champion has a Type, Name, and Cost" and a "When Played" symbol for
    draw effects; Locations "are marked with a stronghold symbol" with their VP."""
    _, [pool] = load_decks(ValidateRequest(CONTENT / "pool.xlsx"))
    by_name = {c.name: c for c in pool.distinct}
    witch = _texts(by_name["Moon Witch"])
    assert "Moon Witch" in witch and "4" in witch and "MYSTIC" in witch
    assert "WHEN PLAYED" in witch and "Lunar Witch" in witch
    assert "WHEN PLAYED" not in _texts(by_name["Oath Paladin"])
    keep = _texts(by_name["Thornwall Keep"])
    assert "2 VP" in keep and "PENALTY: Lose 1 Swords" in keep
    assert "THRONE" in _texts(by_name["Valiant Throne"])
    assert "1" in _texts(by_name["Gold Crown"]) and "FREE" in _texts(by_name["Levy Soldier"])
