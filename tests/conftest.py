"""Fixtures shared across test folders: `browser` (headless Chromium, tests/browser.py)."""

pytest_plugins = ["tests.browser"]
