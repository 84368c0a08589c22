"""Golden display lists: one sample card of each bundled layout, front and back.

Regenerate after an intended change with `UPDATE_GOLDEN=1 pytest tests/render`.
"""

import json
import os
from pathlib import Path

import pytest

from tests.render.render_fixtures import SAMPLES
from toolkit.render.display import evaluate
from toolkit.render.job import load_layout

GOLDEN = Path(__file__).parent / "golden"


def test_golden_display_lists():
    update = os.environ.get("UPDATE_GOLDEN") == "1"
    for (game, name), card in sorted(SAMPLES.items()):
        lay = load_layout(game, name)
        got = {"layout": f"{game}/{name}",
               "front": evaluate(lay, card).to_json(),
               "back": evaluate(lay, card, "back").to_json()}
        path = GOLDEN / f"{game}-{name}.json"
        text = json.dumps(got, indent=1, sort_keys=True, ensure_ascii=False) + "\n"
        if update:
            path.write_text(text, encoding="utf-8")
            continue
        if not path.exists():
            pytest.fail(f"no golden file {path.name}; create it with UPDATE_GOLDEN=1")
        want = json.loads(path.read_text(encoding="utf-8"))
        assert got == want, (f"{path.name} differs; if the change is intended, rerun with "
                             "UPDATE_GOLDEN=1")
