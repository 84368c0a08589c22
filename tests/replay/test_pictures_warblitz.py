"""Warblitz replay pictures: valid SVG showing the battlefield's units and the hands the
view may see, spreadsheet text escaped, and an opponent's reserves never named in a seat
view (toolkit/games/warblitz/picture.py)."""

from __future__ import annotations

import dataclasses
import xml.etree.ElementTree as ET

from toolkit.games.warblitz import GAME
from toolkit.games.warblitz.engine.state import EMPTY
from toolkit.games.warblitz.picture import picture
from toolkit.sim.harness import chance_stream

HOSTILE = "<i>&\"x'"


def _start(params=None):
    """The rules and the battle as set up from the first sample set-up."""
    rules = GAME.playing.rules()
    params = params or next(iter(GAME.playing.setups().values()))()
    return rules, rules.setup(params, chance_stream(1))


def _texts(markup: str) -> list[str]:
    """Every text of a picture (it must parse as XML)."""
    root = ET.fromstring(markup)
    return ["".join(el.itertext()) for el in root.iter()
            if el.tag.rpartition("}")[2] == "text"]


def test_table_view_shows_every_unit_and_both_hands():
    rules, s = _start()
    g = s.game
    texts = " ".join(_texts(picture(rules, s, None)))
    on_board = [g.label[uid] for uid in s.board if uid != EMPTY and g.owner[uid] >= 0]
    assert len(on_board) == 6
    for name in on_board:
        assert name[:14] in texts
    for p in (0, 1):
        for uid in s.hand[p]:
            assert g.label[uid] in texts, (p, g.label[uid])
    assert "TERRAIN" in texts


def test_seat_view_hides_the_opponents_reserves():
    rules, s = _start()
    g = s.game
    for seat in (0, 1):
        other = 1 - seat
        visible = {g.label[uid] for uid in s.board if uid != EMPTY}
        visible |= {g.label[uid] for uid in s.hand[seat]}
        hidden = [g.label[uid] for uid in s.hand[other]
                  if not any(g.label[uid] in name for name in visible)]
        assert hidden, "the set-up should give the opponent a card not in sight"
        table = picture(rules, s, None)
        seen = picture(rules, s, seat)
        _texts(seen)
        for name in hidden:
            assert name in table
            assert name not in seen, (seat, name)
        assert f"{len(s.hand[other])} hidden cards" in seen
        for uid in s.hand[seat]:
            assert g.label[uid] in seen


def test_card_names_from_spreadsheets_are_escaped():
    params = next(iter(GAME.playing.setups().values()))()
    band = params.warbands[0]
    boss = next(c for c in band.cards if c.rank == 2)
    cards = tuple(dataclasses.replace(c, name=HOSTILE) if c is boss else c for c in band.cards)
    params = dataclasses.replace(params, warbands=(dataclasses.replace(band, cards=cards),
                                                   params.warbands[1]))
    rules, s = _start(params)
    for seat in (None, 0, 1):
        markup = picture(rules, s, seat)
        assert "<i>" not in markup
        assert any(HOSTILE in text for text in _texts(markup))
