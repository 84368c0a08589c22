"""`pnp template|validate|print|games` for the `cards` game, end to end through the CLI."""

from __future__ import annotations

import json
import re
from pathlib import Path

from typer.testing import CliRunner

from tests.helpers import make_csv
from toolkit.cli.main import app

runner = CliRunner()


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def pages(pdf: Path) -> int:
    return len(re.findall(rb"/Type /Page\b", pdf.read_bytes()))


def test_template_writes_a_workbook_and_a_layout_that_print_at_once(tmp_path):
    book = tmp_path / "game.xlsx"
    result = invoke("template", "cards", "-o", book)
    assert result.exit_code == 0, result.output
    layout = tmp_path / "layouts" / "cards" / "card.toml"
    assert book.is_file() and layout.is_file()
    result = invoke("validate", "cards", book, "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["valid"] is True
    out = tmp_path / "out"
    result = invoke("print", "cards", book, "-o", out, "--png")
    assert result.exit_code == 0, result.output
    pdf = out / "My Deck" / "My Deck.pdf"
    assert pages(pdf) >= 2  # 19 cards, nine a page
    assert (out / "My Deck" / "png" / "01-ember-sprite.png").is_file()
    # the print used the layout beside the workbook: change it, and validation follows it
    layout.write_text(layout.read_text(encoding="utf-8").replace("{Type}", "{Rarity}"),
                      encoding="utf-8")
    result = invoke("validate", "cards", book)
    assert result.exit_code == 1 and "cards.layout.column" in result.output


def test_template_never_writes_over_the_designers_layout(tmp_path):
    layout = tmp_path / "layouts" / "cards" / "card.toml"
    layout.parent.mkdir(parents=True)
    layout.write_text("# mine\n", encoding="utf-8")
    result = invoke("template", "cards", "-o", tmp_path / "game.xlsx", "--force")
    assert result.exit_code == 2 and "card.toml" in result.output
    assert layout.read_text(encoding="utf-8") == "# mine\n"
    assert not (tmp_path / "game.xlsx").exists()


def test_template_again_replaces_its_own_layout(tmp_path):
    assert invoke("template", "cards", "-o", tmp_path / "a.xlsx").exit_code == 0
    result = invoke("template", "cards", "-o", tmp_path / "b.xlsx")
    assert result.exit_code == 0, result.output


def test_validate_and_print_a_csv_with_a_layout_file(tmp_path):
    deck = make_csv(tmp_path / "deck.csv", [("Title", "Suit", "Qty"), ("Ace", "Hearts", 2),
                                            ("King", "Spades", 1)])
    layout = tmp_path / "mine.toml"
    layout.write_text('[card]\nsize = "mini"\n[front.t]\nkind = "text"\n'
                      'text = "{Name} of {Suit}"\n[rules]\ncopies = 1\n', encoding="utf-8")
    result = invoke("validate", "cards", deck, "--layout", layout)
    assert result.exit_code == 1 and "cards.rule.copies" in result.output
    layout.write_text(layout.read_text(encoding="utf-8").replace("copies = 1", "copies = 2"),
                      encoding="utf-8")
    assert invoke("validate", "cards", deck, "--layout", layout).exit_code == 0
    out = tmp_path / "out"
    result = invoke("print", "cards", deck, "--layout", layout, "-o", out, "--backs", "--tts")
    assert result.exit_code == 0, result.output
    assert (out / "deck" / "deck.pdf").is_file()
    assert (out / "deck" / "tts" / "deck-tts.json").is_file()


def test_a_layout_naming_a_missing_column_fails_validate_and_strict_print(tmp_path):
    deck = make_csv(tmp_path / "deck.csv", [("Name",), ("Ace",)])
    layout = tmp_path / "mine.toml"
    layout.write_text('[front.t]\nkind = "text"\ntext = "{Power}"\n', encoding="utf-8")
    result = invoke("validate", "cards", deck, "--layout", layout)
    assert result.exit_code == 1
    assert "row 1" in result.output and "'Power'" in result.output
    result = invoke("print", "cards", deck, "--layout", layout, "--strict", "-o",
                    tmp_path / "out")
    assert result.exit_code == 1 and not (tmp_path / "out" / "deck").exists()


def test_validate_refuses_a_missing_layout_file(tmp_path):
    deck = make_csv(tmp_path / "deck.csv", [("Name",), ("Ace",)])
    result = invoke("validate", "cards", deck, "--layout", tmp_path / "nope.toml")
    assert result.exit_code == 2 and "nope.toml" in result.output


def test_print_without_a_file_prints_the_bundled_example(tmp_path):
    result = invoke("print", "cards", "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert pages(tmp_path / "catalog" / "catalog.pdf") >= 1


def test_games_lists_cards(tmp_path):
    result = invoke("games")
    assert result.exit_code == 0 and "cards" in result.output
