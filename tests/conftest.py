"""Fixtures shared by the tests (helpers live in gridgen.py, importable because pytest puts tests/ on the path)."""

from __future__ import annotations

import random

import pytest


@pytest.fixture
def rng() -> random.Random:
    return random.Random(20261129)
