"""Printing The Battle of Banners: item cards coloured by meaning, round tokens with a
flag marker, and the board drawn from the grid and tiled over pages."""

from __future__ import annotations

import pytest

from toolkit.core.registry import ValidateRequest
from toolkit.games.banners.boardart import board_drawing
from toolkit.games.banners.book import EFFECT_LIST, ITEM_COLOR_HEX
from toolkit.games.banners.deck import DEFAULT_FILE, load_decks
from toolkit.games.banners.engine.samples import BOARD
from toolkit.games.banners.models import Item, Token
from toolkit.games.banners.printing import catalog_cards, layout_of, posters
from toolkit.render.display import Rect, Text, evaluate
from toolkit.render.job import load_layout
from toolkit.render.poster import write_poster


def texts(dl) -> list[str]:
    return ["".join(span.text for span in op.spans) for op in dl.ops if isinstance(op, Text)]


@pytest.mark.parametrize("effect", EFFECT_LIST, ids=lambda e: e.name)
def test_every_book_item_prints_without_cut_text(effect):
    # T4: "The colors on the cards have their own meanings" — the band names the meaning.
    item = Item(name=effect.name, color=effect.color, effect=effect.name)
    layout = load_layout("banners", layout_of(item))
    front = evaluate(layout, item.fields(), "front")
    assert front.warnings == ()
    assert Rect(2.8, 2.8, 57.4, 10.0, ITEM_COLOR_HEX[effect.color], None, 0.3, 2.0) in front.ops
    flat = "".join(texts(front)).replace(" ", "")
    assert effect.name.replace(" ", "") in flat  # (wrapped lines join without spaces)
    assert evaluate(layout, item.fields(), "back").warnings == ()


def test_a_renamed_item_names_its_effect():
    item = Item(name="Mighty Blow", color="Red", effect="Extra Strength")
    front = evaluate(load_layout("banners", "item"), item.fields(), "front")
    assert "Extra Strength" in texts(front) and "COMBAT" in texts(front)


def test_tokens_are_round_with_role_and_flag_marker():
    # M3: "In 1v1 play, green pieces and yellow pieces are scouts"; D1: "There are no
    # scouts in 2v2 matches." A green token says it is a scout in 1v1 only.
    layout = load_layout("banners", "token")
    scout = evaluate(layout, Token(side=1, color="Green").fields(), "front")
    flag = evaluate(layout, Token(side=2, color="Red", flag=True).fields(), "front")
    assert scout.round and scout.width == 22 and scout.warnings == ()
    assert "1V1 SCOUT" in texts(scout) and "SCOUT" not in texts(scout)
    assert "SOLDIER" in texts(evaluate(layout, Token(side=1, color="Blue").fields(), "front"))
    assert "SIDE 2" in texts(flag) and "FLAG" not in texts(scout)


def test_catalog_prints_each_item_once_and_a_token_per_piece():
    # The default print gives as many tokens of a colour as the Pieces sheet has pieces
    # (two of each in the bundled set; before, one per colour).
    cards = catalog_cards(None)
    assert len(cards) == 16 + 8 + 2
    colors = [c.color for c in cards if isinstance(c, Token) and not c.flag]
    assert sorted(colors) == ["Blue", "Blue", "Green", "Green", "Red", "Red", "Yellow",
                              "Yellow"]
    _, games = load_decks(ValidateRequest(DEFAULT_FILE))
    assert len(games[0].cards) == 54 + 8 + 2


def test_board_is_drawn_square_by_square_with_coordinates_and_legend():
    dl = board_drawing(BOARD, 20.0, "Twin Keeps")
    squares = [op for op in dl.ops if isinstance(op, Rect) and op.w == 20.0 and op.h == 20.0]
    assert len(squares) == 11 * 13
    words = texts(dl)
    for label in ("A", "K", "1", "13", "Keep", "Castle", "Drawbridge", "Tree",
                  "Open space"):
        assert label in words
    assert dl.width >= 11 * 20 and dl.height >= 13 * 20
    with pytest.raises(ValueError):
        board_drawing(BOARD, 5.0)


def test_board_poster_tiles_at_the_chosen_square(tmp_path):
    (deck, name, dl), = posters(DEFAULT_FILE, None, None)
    assert (deck, name) == ("Board", "board")
    pages = write_poster(tmp_path / "board.pdf", "board", dl, paper="a4")
    assert len(pages) == 4  # 25 mm squares: 11 × 13 spaces over four A4 pages
    (_, _, small), = posters(DEFAULT_FILE, None, 15.0)
    assert len(write_poster(tmp_path / "small.pdf", "board", small, paper="a4")) == 1
