"""The output printed under every ``$ sudoku-cp ...`` line of a ``console`` block in README.md and
encodings/*.md is what the command prints, line for line.

Rules of the shown output: lines are compared from the first one; a line ``...`` stands for any
number of lines (none included), and ``...`` inside a line for any text; after the last shown
line the output must end, unless that line is ``...``. What varies from run to run is masked on
both sides, and only that: wall times (``0.003 s``, ``wall_time=``, ``encode_s=``, ``time_s``,
``check_s``) and rates (``puzzles/s``). A command whose output is not shown (or that needs a file
of the reader's own, such as ``puzzles.txt``) is only run by ``test_readme.py``, or not at all.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from sudoku_cp.cli import main

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "encodings").glob("*.md"))]
TIMES = [
    (re.compile(r"\b\d+(?:\.\d+)? s\b"), "<T> s"),  # 0.003 s, 2 s
    (re.compile(r"(wall_time|encode_s|time_s|check_s)([=:] ?)[0-9.e-]+"), r"\1\2<T>"),
    (re.compile(r"[\d,]+(?:\.\d+)? puzzles/s"), "<R> puzzles/s"),
]


def examples() -> list[tuple[str, int, str, list[str]]]:
    """(document, line, command, shown output lines) for every console command with output shown."""
    found = []
    for path in DOCUMENTS:
        lines = path.read_text().splitlines()
        inside = False
        current: tuple[str, int, str, list[str]] | None = None
        for number, line in enumerate(lines, start=1):
            if line.startswith("```"):
                if current is not None and current[3]:
                    found.append(current)
                current = None
                inside = line.strip() == "```console"
                continue
            if not inside:
                continue
            if line.startswith("$ "):
                if current is not None and current[3]:
                    found.append(current)
                current = (path.name, number, line[2:], [])
            elif current is not None:
                current[3].append(line)
    return found


def masked(line: str) -> str:
    for pattern, replacement in TIMES:
        line = pattern.sub(replacement, line)
    return line.rstrip()


def matches(shown: str, real: str) -> bool:
    parts = [re.escape(masked(part)) for part in shown.split("...")]
    return re.fullmatch(".*".join(parts), masked(real)) is not None


def differs(shown: list[str], real: list[str]) -> str | None:
    """None when ``real`` fits ``shown`` by the rules above, else where it does not."""

    def fit(i: int, j: int) -> bool:
        if i == len(shown):
            return j == len(real)
        if shown[i].strip() == "...":
            return any(fit(i + 1, k) for k in range(j, len(real) + 1))
        return j < len(real) and matches(shown[i], real[j]) and fit(i + 1, j + 1)

    if fit(0, 0):
        return None
    for k, line in enumerate(shown):
        if line.strip() == "..." or k >= len(real) or not matches(line, real[k]):
            return f"shown line {k + 1} {line!r} against {real[k] if k < len(real) else 'the end'!r}"
    return f"the output goes on after the {len(shown)} lines shown: {real[len(shown)]!r}"


def command_argv(command: str) -> tuple[list[str], int] | None:
    """The argv and claimed exit code of a plain ``sudoku-cp`` command line (None for a shell pipeline)."""
    text, _, claim = command.partition("   # exit ")
    text = text.split("  #")[0].strip()
    if not text.startswith("sudoku-cp ") or any(op in text for op in ("|", ";", "<", ">", "$(")):
        return None
    return shlex.split(text)[1:], int(claim) if claim.strip().isdigit() else 0


CASES = examples()


@pytest.mark.parametrize("document, line, command, shown", CASES,
                         ids=[f"{d}:{n}" for d, n, _, _ in CASES])
def test_console_output_is_what_the_command_prints(document, line, command, shown, monkeypatch, capsys,
                                                  tmp_path):
    parsed = command_argv(command)
    assert parsed is not None, f"{document}:{line}: a command with its output shown must be one sudoku-cp command line"
    argv, claimed = parsed
    for name in ("data", "encodings", "sudoku_cp"):  # the checkout's inputs; outputs land in tmp_path
        (tmp_path / name).symlink_to(ROOT / name)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("NO_COLOR", "1")
    code = main(argv)
    out, err = capsys.readouterr()
    problem = differs(shown, out.splitlines() + err.splitlines())  # as a terminal shows them
    assert problem is None, f"{document}:{line}: {problem}"
    assert code == claimed


def test_the_rules_mask_only_times():
    assert matches("unique: exactly one solution [sat:cadical195, 0.003 s]",
                   "unique: exactly one solution [sat:cadical195, 0.052 s]")
    assert not matches("exactly 288 solutions", "exactly 289 solutions")
    assert differs(["a", "...", "z"], ["a", "b", "c", "z"]) is None
    assert differs(["a"], ["a", "b"]) is not None
    assert differs(["a", "..."], ["a"]) is None
