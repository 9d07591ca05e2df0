"""Issue 22's faults: closed streams, proof files, clashing outputs, FIFOs, workers, share-string bombs.

Each test reproduces what an adversarial run saw and fails on the tree before the fix.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_cp.cli import main

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def shell(command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    """``command`` in sh, ``sudoku-cp`` standing for this interpreter's ``-m sudoku_cp``."""
    command = command.replace("sudoku-cp", f"{sys.executable} -m sudoku_cp")
    return subprocess.run(["sh", "-c", command], cwd=cwd, capture_output=True, text=True)


@pytest.mark.parametrize("command", [
    "sudoku-cp solve - <&-",
    f"sudoku-cp solve {CLASSIC} >&-",
    "sudoku-cp batch - <&-",
    "sudoku-cp batch FILE >&-",
    "sudoku-cp validate - <&-",
    f"sudoku-cp count {CLASSIC} --json >&-",
])
def test_a_closed_standard_stream_is_one_line_and_exit_2(command, tmp_path):
    """Fault 2: ``<&-`` / ``>&-`` printed an AttributeError traceback and exited 1."""
    (tmp_path / "f.txt").write_text(CLASSIC + "\n")
    done = shell(command.replace("FILE", str(tmp_path / "f.txt")))
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("sudoku-cp: error: standard ")
    assert "closed" in lines[0]


def test_a_closed_stream_the_command_does_not_use_is_no_error(tmp_path):
    done = shell(f"sudoku-cp solve {CLASSIC} <&- 2>&-")
    assert done.returncode == 0 and "5* 3* 4" in done.stdout


def test_main_restores_the_closed_streams(monkeypatch):
    monkeypatch.setattr(sys, "stdin", None)
    assert main(["solve", "-"]) == 2
    assert sys.stdin is None
