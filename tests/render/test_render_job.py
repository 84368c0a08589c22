"""render_deck end to end: the files, their names and sizes, warnings, option errors."""

import pytest
from PIL import Image

from toolkit.core.errors import InputError
from toolkit.render import CardFace, PrintOptions, load_layout, render_deck
from toolkit.render.job import slug


def faces(layout, card, n=3):
    return [CardFace(dict(card, Name=f"{card['Name']} {i}"), layout, copies=i + 1)
            for i in range(n)]


def test_pdf_only_by_default(tmp_path, poker_layout):
    result = render_deck("starter", faces(*poker_layout), tmp_path)
    assert result.files == [tmp_path / "starter.pdf"]
    assert [len(p.placements) for p in result.pages] == [6]  # 1 + 2 + 3 copies
    assert result.warnings == []


def test_everything(tmp_path, poker_layout):
    opts = PrintOptions(paper="letter", bleed=3, backs=True, png=True, dpi=150, tts=True,
                        contact=True)
    result = render_deck("starter", faces(*poker_layout), tmp_path, opts)
    names = [p.relative_to(tmp_path).as_posix() for p in result.files]
    assert names == ["starter.pdf", "png/01-shadow-blade-0.png", "png/02-shadow-blade-1.png",
                     "png/03-shadow-blade-2.png", "png/back.png", "tts/starter-sheet-1-6-cards.png",
                     "tts/starter-back.png", "tts/starter-tts.json", "starter-contact.png"]
    assert all(p.is_file() for p in result.files)
    assert Image.open(tmp_path / "png/01-shadow-blade-0.png").size == (
        round(69 / 25.4 * 150), round(94 / 25.4 * 150))
    assert [p.side for p in result.pages] == ["front", "back"]


def test_layout_paths_and_art_warnings(tmp_path, art_dir):
    from toolkit.render.job import layouts_dir

    path = layouts_dir() / "battlegate" / "card.toml"
    cards = [CardFace({"Name": "Fox", "Class": "Soldier", "Power": 2, "Description": "",
                       "Art": "art/nope.png"}, path, base_dir=art_dir),
             CardFace({"Name": "Owl", "Class": "Minion", "Power": 1, "Description": "",
                       "Art": "art/wide.png"}, str(path), base_dir=art_dir)]
    result = render_deck("d", cards, tmp_path / "out")
    assert result.warnings == [
        "d › card 'Fox' › box 'art': art file 'art/nope.png' not found; drew a placeholder "
        "(layouts/battlegate/card.toml)",
        "d › card 'Owl' › box 'art': art 'wide.png' is 71 dpi at its printed size (53.4×36 mm); "
        "at least 200 dpi prints sharp (needs 421×284 px) (layouts/battlegate/card.toml)"]
    assert [(w.card, w.fields) for w in result.warnings] == [("Fox", ("Art",)), ("Owl", ("Art",))]


@pytest.mark.parametrize(("opts", "message"), [
    (PrintOptions(paper="a3"), "paper must be a4 or letter"),
    (PrintOptions(flip="sideways"), "flip must be long or short"),
    (PrintOptions(cut_marks="dots"), "cut marks must be"),
    (PrintOptions(bleed=-1), "bleed must be"),
    (PrintOptions(dpi=5), "dpi must be"),
])
def test_bad_options(tmp_path, poker_layout, opts, message):
    with pytest.raises(InputError, match=message):
        render_deck("d", faces(*poker_layout), tmp_path, opts)


def test_bad_deck_name_and_empty_deck(tmp_path, poker_layout):
    with pytest.raises(InputError, match="cannot be a file name"):
        render_deck("../evil", faces(*poker_layout), tmp_path)
    with pytest.raises(InputError, match="no cards"):
        render_deck("d", [], tmp_path)


def test_slug():
    assert slug("Ember Fox!") == "ember-fox"
    assert slug("Élan Vital") == "elan-vital"
    assert slug("***") == "card"


def test_load_layout_for_every_game():
    for game, name in (("warbadge", "badge"), ("battlegate", "card"), ("warblitz", "unit"),
                       ("warblitz", "event")):
        assert load_layout(game, name).back
