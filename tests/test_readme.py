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
    assert "pytest -q -n 2" in between("test-command") and "pip install" in between("test-command")
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


def speed_section() -> str:
    """The README's Speed section, up to the next heading of its level."""
    match = re.search(r"^## Speed\n(.*?)(?=^## |\Z)", README, re.S | re.M)
    assert match, "README.md lacks its Speed section"
    return match.group(1)


def test_speed_tables_give_ratios_beside_a_baseline_not_bare_rates():
    """Each measured cell of a Speed table is a ratio ("11.3x"), or the baseline "1 (176/s)"."""
    lines = speed_section().splitlines()
    rows = [line for line, below in zip(lines, lines[1:] + [""])  # a header sits above its |---|
            if line.startswith("|") and not line.startswith("|---") and not below.startswith("|---")]
    assert len(rows) > 10
    for row in rows:
        cells = [cell.strip() for cell in row.strip("|").split("|")][1:]  # the first names the row
        for cell in cells:
            if re.search(r"\d", cell):
                assert re.search(r"\d(?:\.\d+)?x\b", cell) or re.match(r"1(?: \(|$)", cell), (
                    f"a bare number in the Speed table cell {cell!r} of {row!r}")
    assert len(re.findall(r"\b\d+(?:\.\d+)?x\b", speed_section())) > 40


def test_every_bench_script_the_readme_names_prints_the_machine_and_its_load():
    """Each bench/ script named in the README states its machine and load above its numbers."""
    named = sorted(set(re.findall(r"bench/(bench_\w+\.py)", README)))
    assert len(named) >= 12
    for name in named:
        source = (ROOT / "bench" / name).read_text()
        assert "machine()" in source or "getloadavg" in source, f"bench/{name} does not print the load"


def test_the_bench_machine_line_names_cores_cpu_and_three_load_averages(monkeypatch):
    import importlib.util
    spec = importlib.util.spec_from_file_location("bench_data", ROOT / "bench" / "_data.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setattr(module.os, "getloadavg", lambda: (3.25, 2.5, 1.0))
    monkeypatch.setattr(module.os, "cpu_count", lambda: 2)
    line = module.machine()
    assert re.search(r"2 cores \(.+\), load average 3\.25 2\.50 1\.00 \(1, 5, 15 min\)$", line), line
