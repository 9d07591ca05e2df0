"""Fixtures shared by the tests (helpers live in gridgen.py, importable because pytest puts tests/ on the path)."""

from __future__ import annotations

import random
import signal

import pytest

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    # run in the background by a shell without job control (``.ci/run &``), which makes it and its
    # children ignore Ctrl-C: the Ctrl-C tests, in this process and in commands it starts, need
    # Python's own handling back (a handler, unlike "ignore", is reset to the default by exec)
    signal.signal(signal.SIGINT, signal.default_int_handler)


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)


@pytest.fixture(scope="module")
def browser():
    """Debian's headless Chromium driven by Selenium (the step page's tests)."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    yield driver
    driver.quit()
