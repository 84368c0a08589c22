"""`pnp playtest` in a real browser: headless Chromium (Debian's `chromium` and
`chromium-driver`) plays a whole game of every game through the page (random clicks
against random agents), with no script error, a replay at the end, and never an enemy's
hidden card name in the seat's page. Skips with the reason when Chromium or selenium is
missing. The server is started in this process on a free port."""

from __future__ import annotations

from random import Random

import pytest

from tests.browser import console_errors
from toolkit.cli.playtest import open_setup
from toolkit.core.registry import games, get_game
from toolkit.playtest.server import start
from toolkit.playtest.table import Table
from toolkit.replay.pictures import picture_of
from toolkit.sim.session import HUMAN, Session, Setup

selenium = pytest.importorskip("selenium", reason="selenium is not installed (pip install "
                                                  "-e '.[dev]')")
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PLAYED = [g for g, game in games().items() if game.playing is not None]
MAX_DECISIONS = 3000



@pytest.fixture
def table_for(tmp_path):
    servers = []

    def make(game_id: str, seed: int = 1) -> tuple[Table, str]:
        game = get_game(game_id)
        setup = Setup(game_id, seed=seed)
        decks, params, rules = open_setup(
            game, setup, lambda n: [HUMAN] + ["random"] * (n - 1))
        table = Table(Session(rules, params, setup.agents, seed), game.title,
                      picture_of(game), decks, tmp_path / "output" / game_id)
        server, _ = start(table)
        servers.append(server)
        return table, server.url

    yield make
    for server in servers:
        server.shutdown()
        server.server_close()



def _settled(driver, decisions: int) -> str:
    """Wait until the page shows the view after ``decisions`` decisions; its state."""
    body = driver.find_element(By.TAG_NAME, "body")
    WebDriverWait(driver, 60).until(
        lambda d: body.get_attribute("data-state") in ("playing", "over")
        and body.get_attribute("data-decisions") == str(decisions))
    return body.get_attribute("data-state")


def play_through(driver, url: str, seed: int, each=None) -> int:
    """Click random choices until the game is over; returns the decisions made.
    ``each()`` runs at every decision, before the click."""
    rng = Random(seed)
    driver.get(url)
    made = 0
    while _settled(driver, made) == "playing":
        assert made < MAX_DECISIONS, "the game did not end"
        if each is not None:
            each()
        buttons = driver.find_elements(By.CSS_SELECTOR, "#choices button")
        assert buttons, "a decision with no choice offered"
        rng.choice(buttons).click()
        made += 1
    return made


@pytest.mark.parametrize("game_id", PLAYED)
def test_a_whole_game_through_the_page(browser, table_for, game_id):
    table, url = table_for(game_id, seed=3)
    made = play_through(browser, url, seed=3)
    assert made == len(table.session.decisions) > 0
    assert table.session.over is not None
    end = browser.find_element(By.ID, "end")
    assert end.is_displayed() and "Game over" in end.text
    if table.picture is not None:
        assert browser.find_element(By.CSS_SELECTOR, "#picture svg")
    else:
        assert browser.find_element(By.ID, "observation").get_attribute("textContent")
    assert browser.find_elements(By.CSS_SELECTOR, "#log li")
    link = browser.find_element(By.ID, "replay")
    assert table.written is not None and table.written.exists()
    assert table.written.parent.name == game_id
    assert console_errors(browser) == []
    link.click()
    browser.switch_to.window(browser.window_handles[-1])
    WebDriverWait(browser, 30).until(lambda d: d.title)
    assert "replay" in browser.title or "playtest" in browser.title
    assert console_errors(browser) == []
    browser.close()
    browser.switch_to.window(browser.window_handles[0])


def test_undo_in_the_page_takes_back_one_decision(browser, table_for):
    table, url = table_for("battlegate", seed=2)
    browser.get(url)
    _settled(browser, 0)
    browser.find_element(By.CSS_SELECTOR, "#choices button").click()
    _settled(browser, 1)
    first = list(table.session.decisions)
    browser.find_element(By.ID, "undo").click()
    _settled(browser, 0)
    assert table.session.decisions == [] and first == [0]
    assert console_errors(browser) == []


def test_the_seat_page_never_names_an_enemy_badge_it_has_not_seen(browser, table_for):
    """WarBadge, at every decision of a whole game: the enemy's badges the seat has
    never seen face up are named nowhere in its page (picture, text, log, choices)."""
    table, url = table_for("warbadge", seed=5)
    checked = []

    def check() -> None:
        session = table.session
        state = session.pending.state
        obs = session.rules.observe(state, 0)
        known = {v.spec.name for v in obs.mine} | {
            spec.name for spec in obs.their_team if spec is not None}
        team = state.teams[1].cards
        hidden = {team[j].name for j, seen in enumerate(obs.their_team)
                  if seen is None} - known
        source = browser.page_source
        for name in hidden:
            assert name not in source, f"{name} is hidden from the seat but in its page"
        checked.append(len(hidden))

    play_through(browser, url, seed=5, each=check)
    assert sum(checked) > 0, "the game never had a hidden enemy badge to look for"


def test_the_server_answers_only_its_own_page(table_for):
    import http.client  # noqa: PLC0415
    from urllib.parse import urlsplit  # noqa: PLC0415

    _, url = table_for("warbadge")
    port = urlsplit(url).port
    for method, path, headers, status in [
            ("GET", "/api/view", {}, 403),                       # no token
            ("POST", "/api/act", {}, 403),
            ("GET", "/../../etc/passwd", {}, 404),               # no files by path
            ("GET", "/", {"Host": f"evil.example:{port}"}, 403),  # a rebound name
            ("GET", "/replay", {}, 404)]:                        # nothing written yet
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request(method, path, headers=headers)
        assert conn.getresponse().status == status, (method, path)
        conn.close()
