"""render_deck end to end: the files, their names and sizes, warnings, option errors."""

import pytest
from PIL import Image

from toolkit.core.errors import InputError
from toolkit.render import CardFace, PrintOptions, load_layout, load_layout_file, render_deck
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
                     "tts/starter-back.png", "tts/starter-tts.json", "tts/starter-saved-object.json",
                     "starter-contact.png"]
    assert all(p.is_file() for p in result.files)
    assert Image.open(tmp_path / "png/01-shadow-blade-0.png").size == (
        round(69 / 25.4 * 150), round(94 / 25.4 * 150))
    assert [p.side for p in result.pages] == ["front", "back"]


def test_layout_paths_and_art_warnings(tmp_path, art_dir):
    from toolkit.render.job import layouts_dir

    path = layouts_dir("battlegate") / "card.toml"
    cards = [CardFace({"Name": "Fox", "Class": "Soldier", "Power": 2, "Description": "",
                       "Art": "art/nope.png"}, path, base_dir=art_dir),
             CardFace({"Name": "Owl", "Class": "Minion", "Power": 1, "Description": "",
                       "Art": "art/wide.png"}, str(path), base_dir=art_dir)]
    result = render_deck("d", cards, tmp_path / "out")
    assert result.warnings == [
        "d › card 'Fox' › box 'art': art file 'art/nope.png' not found; drew a placeholder "
        "(toolkit/games/battlegate/layouts/card.toml)",
        "d › card 'Owl' › box 'art': art 'wide.png' is 71 dpi at its printed size (53.4×36 mm); "
        "at least 200 dpi prints sharp (needs 421×284 px) (toolkit/games/battlegate/layouts/card.toml)"]
    assert [(w.card, w.fields) for w in result.warnings] == [("Fox", ("Art",)), ("Owl", ("Art",))]


@pytest.mark.parametrize(("opts", "message"), [
    (PrintOptions(paper="b9"), "paper must be a4, letter"),
    (PrintOptions(flip="sideways"), "flip must be long or short"),
    (PrintOptions(cut_marks="dots"), "cut-marks must be"),
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


def test_a_failed_render_leaves_no_folder_and_keeps_the_old_one(tmp_path, poker_layout,
                                                                monkeypatch):
    from toolkit.render import tts

    def broken(*args, **kwargs):
        raise RuntimeError("disk full")

    out = tmp_path / "out" / "deck"
    monkeypatch.setattr(tts, "write_contact", broken)
    with pytest.raises(RuntimeError):
        render_deck("deck", faces(*poker_layout), out, PrintOptions(contact=True))
    assert not (tmp_path / "out").exists()  # not even the parent it had to make
    monkeypatch.undo()
    render_deck("deck", faces(*poker_layout), out, PrintOptions(png=True))
    before = sorted(p.relative_to(out) for p in out.rglob("*"))
    monkeypatch.setattr(tts, "write_contact", broken)
    with pytest.raises(RuntimeError):
        render_deck("deck", faces(*poker_layout), out, PrintOptions(contact=True))
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before  # the old one, whole
    # no temporary folder left (beside the deck, the record of what pnp wrote there)
    assert sorted(p.name for p in out.parent.iterdir()) == [".pnp-written", "deck"]


def test_a_new_print_replaces_the_old_folder(tmp_path, poker_layout):
    out = tmp_path / "deck"
    render_deck("deck", faces(*poker_layout), out, PrintOptions(png=True))
    render_deck("deck", faces(*poker_layout), out)
    assert sorted(p.name for p in out.iterdir()) == ["deck.pdf"]  # no stale PNGs


def test_card_back_png_with_png_and_backs(tmp_path, poker_layout):
    result = render_deck("d", faces(*poker_layout), tmp_path, PrintOptions(png=True, backs=True))
    back = tmp_path / "png" / "back.png"
    assert back in result.files and Image.open(back).size == (744, 1039)
    assert not (tmp_path / "png" / "01-shadow-blade-0-back.png").exists()


def test_a_layout_declares_a_back_per_card(tmp_path):
    """`[card] back = "style:backs"`: commanders take `commander-back.toml`'s back, the
    others keep the layout's own; the PDF, the PNGs and the TTS sheets all follow."""
    folder = tmp_path / "layouts"
    folder.mkdir()
    (folder / "unit.toml").write_text(
        '[card]\nsize = "poker"\nback = "style:backs"\n[styles.backs]\nby = "Rank"\n'
        'Commander = "commander-back"\ndefault = ""\n[front.n]\nkind = "text"\n'
        'text = "{Name}"\n[back.bg]\nkind = "rect"\nfill = "#222222"\n')
    (folder / "commander-back.toml").write_text(
        '[card]\nsize = "poker"\n[back.bg]\nkind = "rect"\nfill = "#a47e0b"\n'
        '[back.title]\nkind = "text"\ntext = "{Name}"\ncolor = "#ffffff"\n')
    lay = load_layout_file(folder / "unit.toml")
    cards = [CardFace({"Name": "Grunt", "Rank": "Common"}, lay),
             CardFace({"Name": "Warlord", "Rank": "Commander"}, lay)]
    result = render_deck("w", cards, tmp_path / "out",
                         PrintOptions(backs=True, png=True, tts=True))
    # each distinct back once: the first of the most shared is back.png
    assert not (tmp_path / "out" / "png" / "01-grunt-back.png").exists()
    grunt = Image.open(tmp_path / "out" / "png" / "back.png").convert("RGB")
    boss = Image.open(tmp_path / "out" / "png" / "02-warlord-back.png").convert("RGB")
    assert grunt.getpixel((20, 20)) == (0x22, 0x22, 0x22)
    assert boss.getpixel((20, 20)) == (0xa4, 0x7e, 0x0b)
    assert [p.side for p in result.pages] == ["front", "back"]
    assert (tmp_path / "out" / "tts" / "w-back-sheet-1-2-cards.png").exists()


def test_a_back_layout_must_exist_and_match_the_card(tmp_path):
    from toolkit.core.errors import LayoutError

    (tmp_path / "a.toml").write_text('[card]\nsize = "poker"\nback = "nope"\n')
    with pytest.raises(LayoutError, match="no layout 'nope' beside this one"):
        load_layout_file(tmp_path / "a.toml")
    (tmp_path / "b.toml").write_text('[card]\nsize = "poker"\nback = "c"\n')
    (tmp_path / "c.toml").write_text('[card]\nsize = "tarot"\n[back.x]\nkind = "rect"\n')
    with pytest.raises(LayoutError, match="a back must have the card's size"):
        load_layout_file(tmp_path / "b.toml")


@pytest.mark.parametrize(("opts", "message"), [
    (PrintOptions(margin=-1), "margin must be between 0 and 30 mm"),
    (PrintOptions(margin=50), "margin must be between 0 and 30 mm"),
    (PrintOptions(gap=-2), "gap must be between 0 and 30 mm"),
    (PrintOptions(margin=30), "does not fit on a4 paper with 30 mm margins"),
])
def test_bad_margin_and_gap(tmp_path, opts, message):
    from tests.render.render_fixtures import parse_toml

    big = parse_toml('[card]\nwidth = "180mm"\nheight = "250mm"\n[front.x]\nkind = "rect"\n')
    with pytest.raises(InputError, match=message):
        render_deck("d", [CardFace({"Name": "X"}, big)], tmp_path / "o", opts)
    assert not (tmp_path / "o").exists()
