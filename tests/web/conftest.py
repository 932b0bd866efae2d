"""A headless Chromium for the phone-page tests (skipped, saying why, without one)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.phones import ARGS, CHROMIUM, need_chromium


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    need_chromium()
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright (the dev extra)")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield browser
        browser.close()
