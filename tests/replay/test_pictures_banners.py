"""Battle of Banners replay pictures: valid SVG showing the board's pieces and flags,
item names escaped, and the other team's items never named in a seat view unless known
(toolkit/games/banners/picture.py)."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

from toolkit.games.banners import GAME
from toolkit.games.banners.picture import picture
from toolkit.testing import walk

HOSTILE = "<b>&'"


def _params(setup: str = "twin keeps 1v1", hostile: bool = False):
    params = GAME.playing.setups()[setup]()
    if hostile:
        items = tuple(dataclasses.replace(i, name=f"{HOSTILE}{i.name}") for i in params.items)
        params = dataclasses.replace(params, items=items, name=f"{HOSTILE}board")
    return params


def _texts(markup: str) -> list[str]:
    """Every text of a picture (it must parse as XML)."""
    root = ET.fromstring(markup)
    return ["".join(el.itertext()) for el in root.iter()
            if el.tag.rpartition("}")[2] == "text"]


def _holding(params, seed_range=range(1, 40)):
    """The rules and a state where each side holds an item the other side neither holds
    nor knows of."""
    rules = GAME.playing.rules()
    found = []

    def visit(s, movers, step):
        if found:
            return
        only = [[k for k in range(len(s.hands[side])) if s.hands[side][k]
                 and not s.hands[1 - side][k] and not s.known[side][k]] for side in (0, 1)]
        if only[0] and only[1]:
            found.append(s)

    for seed in seed_range:
        walk(rules, params, seed, 400, visit)
        if found:
            return rules, found[0]
    raise AssertionError("no game reached a position with different hands")


def test_table_view_shows_pieces_on_the_board_and_the_flags():
    rules = GAME.playing.rules()
    params = _params()
    s = rules.setup(params, __import__("random").Random(1))
    markup = picture(rules, s, None)
    texts = _texts(markup)
    st = s.st
    on_board = [st.piece_label[i] for i, c in enumerate(s.pos) if c >= 0]
    assert on_board
    for label in on_board:
        color, _, number = label.rpartition(" ")
        assert f"{color[0]}{number}" in texts
    assert markup.count("<path") == 2  # both flags, at home
    assert 'href="#banners-board-' in markup


def test_seat_view_names_only_its_own_items():
    rules, s = _holding(_params())
    st = s.st
    table = " ".join(_texts(picture(rules, s, None)))
    for seat in (0, 1):
        seen = " ".join(_texts(picture(rules, s, seat)))
        other = 1 - seat
        for k in range(st.kinds):
            if s.hands[other][k] and not s.hands[seat][k] and not s.known[other][k]:
                assert st.kind_names[k] in table
                assert st.kind_names[k] not in seen, (seat, st.kind_names[k])
            if s.hands[seat][k]:
                assert st.kind_names[k] in seen
        assert "(hidden)" in seen
    assert "(hidden)" not in table


def test_item_and_board_names_are_escaped():
    rules, s = _holding(_params(hostile=True))
    for seat in (None, 0, 1):
        markup = picture(rules, s, seat)
        assert "<b>" not in markup
        texts = _texts(markup)
        assert any(HOSTILE in text for text in texts)
        assert sum(HOSTILE in text for text in texts) >= 2  # the board and an item
