"""Issue 27 items 7 and 9 through `pnp print`: print-shop images and the TTS saved object."""

from __future__ import annotations

import json

from PIL import Image
from typer.testing import CliRunner

from toolkit.cli.main import app


def invoke(*args: str):
    """Run `pnp` in-process."""
    return CliRunner().invoke(app, list(args))


def test_mpc_images_are_the_shops_size(tmp_path):
    out = tmp_path / "out"
    result = invoke("print", "battlegate", "--for", "mpc", "--no-contact", "-o", str(out))
    assert result.exit_code == 0, result.output
    fronts = sorted((out / "catalog" / "mpc" / "front").glob("*.png"))
    assert len(fronts) == 31  # every distinct card of the bundled decks, once
    with Image.open(fronts[0]) as image:
        assert image.size == (822, 1122)  # MPC's poker card with its bleed, at 300 dpi
    assert (out / "catalog" / "mpc" / "cards.csv").is_file()


def test_a_size_the_shop_does_not_print_is_refused_and_nothing_written(tmp_path):
    out = tmp_path / "out"
    result = invoke("print", "warbadge", "--for", "mpc", "-o", str(out))
    assert result.exit_code == 2
    assert "does not print round 38 mm tokens" in result.output
    assert not out.exists()


def test_tts_saved_object_links_to_the_hosted_sheets(tmp_path):
    out = tmp_path / "out"
    result = invoke("print", "battlegate", "--tts", "--tts-url", "https://example.org/pnp",
                    "--no-contact", "-o", str(out))
    assert result.exit_code == 0, result.output
    saved = json.loads((out / "catalog" / "tts" / "catalog-saved-object.json").read_text())
    deck = saved["ObjectStates"][0]
    assert deck["Name"] == "DeckCustom"
    sheet = next(iter(deck["CustomDeck"].values()))
    assert sheet["FaceURL"].startswith("https://example.org/pnp/")
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == 31
