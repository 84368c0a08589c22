"""The legend sheet: WarBadge's eight types and nineteen abilities, each with its name."""

import re
import shutil
import subprocess

import pytest

from toolkit.render import legend
from toolkit.render.display import Icon, Text
from toolkit.render.job import load_layout

TYPES = ["Blade", "Ranged", "Magic", "Stealth", "Flying", "Holy", "Abomination", "Armor"]


def test_warbadge_legend_names_every_type_and_ability():
    from toolkit.games.warbadge.models import ABILITIES

    lay = load_layout("warbadge", "badge")
    (ops,) = legend.page_ops(lay.legend, [], 180, 260)
    icons = [op for op in ops if isinstance(op, Icon)]
    texts = ["".join(s.text for s in op.spans) for op in ops if isinstance(op, Text)]
    types = [op.glyph for op in icons if op.style == "type"]
    abilities = [op.glyph for op in icons if op.style == "ability"]
    assert len(types) == 8 and len(abilities) == 19 == len(ABILITIES)
    assert not any(g.startswith("?") for g in types + abilities)  # each its own glyph
    for name in [*TYPES, *ABILITIES]:
        assert name in texts
    assert any("Green shield" in t for t in texts) and any("pips" in t for t in texts)


def test_a_custom_vocabulary_joins_the_legend():
    lay = load_layout("warbadge", "badge")
    (ops,) = legend.page_ops(lay.legend, [{"Types": ["Blade", "Frost"]}], 180, 260)
    texts = ["".join(s.text for s in op.spans) for op in ops if isinstance(op, Text)]
    assert texts.count("Frost") == 1 and texts.count("Blade") == 1


def test_the_legend_prints_with_the_deck(tmp_path):
    from toolkit.render import CardFace, PrintOptions, render_deck

    card = {"Name": "Fox", "Rank": "Gold", "Value": 3, "Types": ["Blade"], "Strengths": [],
            "Weaknesses": [], "Abilities": ["Charge"], "Text": "", "Art": None}
    result = render_deck("Sun", [CardFace(card, load_layout("warbadge", "badge"))], tmp_path,
                         PrintOptions())
    path = tmp_path / "Sun-legend.pdf"
    assert path in result.files
    assert len(re.findall(rb"/Type /Page\b", path.read_bytes())) == 1
    if shutil.which("pdftotext"):
        text = subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True,
                              check=True).stdout
        assert "Death Curse" in text and "Abomination" in text and "Sun · legend" in text
    no_legend = render_deck("Gate", [CardFace({"Name": "G", "Class": "Soldier", "Power": 2},
                                              load_layout("battlegate", "card"))],
                            tmp_path / "g", PrintOptions())
    assert all("legend" not in p.name for p in no_legend.files)


def test_legend_errors_are_located(tmp_path):
    from tests.render.render_fixtures import parse_toml
    from toolkit.core.errors import LayoutError

    with pytest.raises(LayoutError, match=r"\[legend\] group 1: unknown key\(s\) colour"):
        parse_toml('[card]\nsize = "poker"\n[legend]\ntitle = "x"\n'
                   '[[legend.groups]]\ncolour = "red"\n')
