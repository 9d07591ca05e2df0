"""The code stays type-checked and lint-clean: ``mypy sudoku_cp`` at default settings, ``ruff check``.

Both run as the tools themselves (subprocesses, the project's own configuration in
pyproject.toml), with their caches in a temporary directory so the checkout is left as it was.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(tool: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", *tool], cwd=ROOT, capture_output=True, text=True)


def test_mypy_reports_no_error_at_default_settings(tmp_path):
    done = run(["mypy", "--cache-dir", str(tmp_path / "mypy"), "sudoku_cp"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout


def test_ruff_reports_nothing(tmp_path):
    done = run(["ruff", "check", "--no-cache", "sudoku_cp", "tests", "bench"])
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_wheel_ships_py_typed():
    """PEP 561: the marker is in the package and named in the package data."""
    assert (ROOT / "sudoku_cp" / "py.typed").is_file()
    text = (ROOT / "pyproject.toml").read_text()
    section = text.split("[tool.setuptools.package-data]", 1)[1].split("\n[", 1)[0]
    assert re.search(r'^"sudoku_cp" = \["py\.typed"\]', section, re.M), section
