"""Valiant Wars replay pictures: valid SVG showing the Market, the top Location and each
line, card names escaped, and what no seat sees (the Locations under the top one, the
order of the decks, others' commitments) only in the table view
(toolkit/games/valiantwars/picture.py)."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

from toolkit.games.valiantwars import GAME
from toolkit.games.valiantwars.picture import picture
from toolkit.testing import walk

HOSTILE = "<G&'>"


def _params(setup: str = "3p", hostile: bool = False):
    params = GAME.playing.setups()[setup]()
    if hostile:
        cards = tuple(dataclasses.replace(c, name=HOSTILE) if c.kind == "Gold" else c
                      for c in params.cards)
        params = dataclasses.replace(params, cards=cards)
    return params


def _texts(markup: str) -> list[str]:
    """Every text of a picture (it must parse as XML)."""
    root = ET.fromstring(markup)
    return ["".join(el.itertext()) for el in root.iter()
            if el.tag.rpartition("}")[2] == "text"]


def _with_lines(params):
    """The rules and a state where every player has drawn cards into their line."""
    rules = GAME.playing.rules()
    found = []

    def visit(s, movers, step):
        if not found and all(s.line) and sum(map(len, s.line)) >= 4 and len(s.locations) > 2:
            found.append(s)

    walk(rules, params, 7, 600, visit)
    assert found, "no state with every line drawn"
    return rules, found[0]


def test_pictures_show_the_market_the_top_location_and_every_line():
    rules, s = _with_lines(_params())
    names = s.pool.names
    for seat in (None, 0, 1, 2):
        texts = _texts(picture(rules, s, seat))
        joined = " ".join(texts)
        for card in s.market:
            assert names[card][:12] in joined
        assert names[s.locations[0]][:12] in joined
        assert f"Locations ({len(s.locations)})" in texts
        for p, line in enumerate(s.line):
            assert s.names[p] in joined
            for card in line:
                assert names[card][:12] in joined


def test_seat_views_never_show_the_hidden_locations_or_deck_order():
    rules, s = _with_lines(_params())
    names = s.pool.names
    under = names[s.locations[1]]
    table = " ".join(_texts(picture(rules, s, None)))
    assert under in table
    assert "deck top:" in table
    for seat in range(3):
        seen = " ".join(_texts(picture(rules, s, seat)))
        assert under not in seen
        assert "deck top:" not in seen
        assert "next champion" not in seen


def test_card_names_are_escaped():
    rules, s = _with_lines(_params(hostile=True))
    assert any(s.pool.names[c] == HOSTILE for line in s.line for c in line)
    for seat in (None, 0):
        markup = picture(rules, s, seat)
        assert "<G&" not in markup
        assert HOSTILE in _texts(markup)
