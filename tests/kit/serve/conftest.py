"""The browser of the table server's browser tests: one Chromium for the whole run (per
worker), where each browser test module launched its own; each test's pages are closed when
it ends (test_serve_browser.browser), so no test sees another's."""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from serve_helpers import TIMEOUT

CHROMIUM = os.environ.get("KIT_CHROMIUM", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def chromium():
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing; .ci/run installs Debian's chromium")
        pytest.skip(f"no browser at {CHROMIUM} (apt-get install chromium)")
    playwright_api = pytest.importorskip("playwright.sync_api")
    # expect() has its own 5 s default, which set_default_timeout does not touch: every
    # browser test's assertions get the same generous wait, whichever file runs first.
    playwright_api.expect.set_options(timeout=TIMEOUT)
    with playwright_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--no-first-run", "--disable-dev-shm-usage"])
        yield browser
        browser.close()
