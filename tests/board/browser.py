"""Headless Debian chromium driven by playwright (its own browser download is not used)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags chromium keeps trying hosts this machine cannot reach.
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def chromium_page(width: int = 1200, height: int = 900) -> Iterator[Any]:
    if shutil.which(CHROMIUM) is None:
        pytest.skip("Debian's chromium is not installed (apt-get install chromium); .ci/run installs it")
    sync_api = pytest.importorskip(
        "playwright.sync_api", reason="playwright is in the dev extra (pip install -e '.[dev]')"
    )
    with sync_api.sync_playwright() as driver:
        browser = driver.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            yield page
            assert errors == [], f"the page's script failed: {errors}"
        finally:
            browser.close()
