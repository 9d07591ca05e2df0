"""The README stays true: its examples run with the exit codes it shows, its API session passes,
and the two commands are where .ci/run looks for them."""

from __future__ import annotations

import doctest
import re
import shlex
from pathlib import Path

import pytest

from sudoku_cp.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text()


def between(marker: str) -> str:
    match = re.search(rf"<!-- {marker} -->\n(.*?)<!-- /{marker} -->", README, re.S)
    assert match, f"README.md lacks the {marker} markers"
    return match.group(1)


def console_commands():
    """Every `$ sudoku-cp ...` line in an examples block, with the exit code it claims (default 0)."""
    for block in re.findall(r"<!-- examples -->\n(.*?)<!-- /examples -->", README, re.S):
        for line in block.splitlines():
            if line.startswith("$ sudoku-cp "):
                command, _, comment = line[2:].partition("   # exit ")
                yield command.strip(), int(comment) if comment else 0


COMMANDS = list(console_commands())


def test_readme_has_exactly_two_commands_for_a_newcomer():
    for marker in ("main-command", "test-command"):
        code = re.findall(r"```sh\n(.*?)\n```", between(marker), re.S)
        assert len(code) == 1 and "\n" not in code[0].strip()
    assert "sudoku-cp solve --backend sat,cpsat" in between("main-command")
    assert "pytest" in between("test-command") and "pip install" in between("test-command")
    assert "test-command" in (ROOT / ".ci" / "run").read_text()


@pytest.mark.parametrize("command, expected", COMMANDS, ids=[c[:50] for c, _ in COMMANDS])
def test_readme_examples_run(command, expected, monkeypatch, capsys):
    monkeypatch.chdir(ROOT)
    argv = shlex.split(command)[1:]
    assert main(argv) == expected
    out, err = capsys.readouterr()
    assert "Traceback" not in err


def test_readme_python_session():
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 5 and result.failed == 0


def test_how_it_is_built_names_every_capability():
    """The README's seam section lists every capability the registry may declare."""
    from sudoku_cp.backends.base import CAPABILITIES

    built = README.split("## How it is built", 1)[1].split("\n## ", 1)[0]
    missing = [name for name in CAPABILITIES if f"`{name}`" not in built]
    assert not missing, f"README 'How it is built' does not name the capabilities {missing}"
