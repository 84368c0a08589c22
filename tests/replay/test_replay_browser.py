"""Replays in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`, installed by .ci/run) loads each game's replay, with no script error,
steps with the arrow keys, switches views, and a seat's view of WarBadge names no enemy
badge that lies face down. Skips with the reason when Chromium or selenium is missing."""

from __future__ import annotations

import pytest

from tests.browser import console_errors
from tests.replay.helpers import drawn_games, page, recorded

selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install "
                                                  "-e '.[dev]')")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402


def _visible(driver, kind: str):
    return [e for e in driver.find_elements(By.CSS_SELECTOR, f"div.{kind}") if e.is_displayed()]



@pytest.mark.parametrize("game_id", drawn_games())
def test_replay_loads_steps_and_switches_views(browser, tmp_path, game_id):
    path = tmp_path / f"{game_id}.html"
    path.write_text(page(game_id, [None, 0, 1]), encoding="utf-8")
    browser.get(path.as_uri())
    assert console_errors(browser) == []
    body = browser.find_element(By.TAG_NAME, "body")
    assert body.get_attribute("data-step") == "0"
    assert len(_visible(browser, "pic")) == 1 and len(_visible(browser, "txt")) == 1
    last = int(browser.find_element(By.ID, "slider").get_attribute("max"))
    assert last > 0
    body.send_keys(Keys.ARROW_RIGHT)
    body.send_keys(Keys.ARROW_RIGHT)
    assert body.get_attribute("data-step") == "2"
    shown = _visible(browser, "pic")[0].get_attribute("id")
    assert shown == "p-table-2"
    body.send_keys(Keys.ARROW_LEFT)
    assert body.get_attribute("data-step") == "1"
    body.send_keys(Keys.END)
    assert body.get_attribute("data-step") == str(last)
    Select(browser.find_element(By.ID, "view")).select_by_value("seat2")
    assert _visible(browser, "pic")[0].get_attribute("id") == f"p-seat2-{last}"
    browser.find_element(By.ID, "prev").click()
    assert body.get_attribute("data-step") == str(last - 1)
    assert console_errors(browser) == []


def test_seat_view_of_warbadge_names_no_face_down_enemy_badge(browser, tmp_path):
    if "warbadge" not in drawn_games():
        pytest.skip("WarBadge has no picture")
    rec, _ = recorded("warbadge")
    state = rec.frames[1].state
    own = {spec.name for spec in state.teams[0].specs}
    hidden = [spec.name for j, spec in enumerate(state.teams[1].specs)
              if state.status[1][j] == 0 and spec.name not in own]
    assert hidden
    path = tmp_path / "seat1.html"
    path.write_text(page("warbadge", [0]), encoding="utf-8")
    browser.get(path.as_uri())
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.ARROW_RIGHT)
    assert body.get_attribute("data-view") == "seat1"
    shown = _visible(browser, "pic")[0]
    text = shown.get_attribute("innerHTML") + _visible(browser, "txt")[0].text
    for name in hidden:
        assert name not in text
    names = {e.get_attribute("data-name") for e in shown.find_elements(By.CSS_SELECTOR, "g.badge")}
    assert not names & set(hidden)
    assert console_errors(browser) == []
