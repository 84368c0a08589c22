"""Headless Chromium for the tests that load pages as a user does (replays, playtest).

Debian's `chromium` and `chromium-driver` (installed by .ci/run) with selenium (the dev
extras); without them the tests that use `browser` skip with the reason.
"""

from __future__ import annotations

import shutil

import pytest

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium per test module, keeping the page's console log."""
    webdriver = pytest.importorskip(
        "selenium.webdriver", reason="selenium is not installed (pip install -e '.[dev]')")
    if not (CHROMIUM and DRIVER):
        pytest.skip("headless Chromium is not installed (apt-get install chromium "
                    "chromium-driver)")
    from selenium.webdriver.chrome.service import Service  # noqa: PLC0415

    options = webdriver.ChromeOptions()
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1300,900"):
        options.add_argument(arg)
    options.binary_location = CHROMIUM
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def console_errors(driver) -> list:
    """The page's console entries at error level."""
    return [e for e in driver.get_log("browser") if e["level"] in ("SEVERE", "ERROR")]
