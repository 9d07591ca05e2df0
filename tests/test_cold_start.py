"""Start-up: a command imports only what it runs (issue 13's cold start; speed is in bench/).

Each test runs the command in a fresh interpreter as the ``sudoku-cp`` console script does
(``sudoku_cp.cli:run``), with an exit hook that lists ``sys.modules``. No wall-clock limit here:
bench/bench_cold_start.py measures the time.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sudoku_cp.cli import COMMANDS, MODULES, build_parser
from sudoku_cp.examples import classic
from sudoku_cp.formats.text import format_line

CLASSIC = format_line(classic())
ROOT = Path(__file__).resolve().parents[1]
LIST_MODULES = ("import atexit, sys\n"
                "atexit.register(lambda: sys.stderr.write('MODULES ' + ' '.join(sorted(sys.modules)) + '\\n'))\n"
                "sys.argv[0] = 'sudoku-cp'\n"
                "from sudoku_cp.cli import run\n"
                "run()\n")


def imported(*argv: str) -> set[str]:
    """The modules a run of ``sudoku-cp ARGV`` has imported when it exits (exit 0 checked)."""
    env = dict(os.environ, NO_COLOR="1", PYTHONPATH=os.pathsep.join(
        filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-c", LIST_MODULES, *argv], capture_output=True,
                          text=True, env=env, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-2000:]
    line = [x for x in proc.stderr.splitlines() if x.startswith("MODULES ")][-1]
    names = set(line.split()[1:])
    assert "sudoku_cp.cli" in names  # the list was read
    return names


OPTIONS = ("sudoku_cp.cli.views", "sudoku_cp.cli.completion")  # small: options of every parser


def ours(names: set[str], prefix: str) -> set[str]:
    return {n for n in names if n.startswith(prefix)}


def test_validate_imports_no_solver_and_no_other_task_or_command():
    names = imported("validate", CLASSIC)
    assert not {n for n in names if n.split(".")[0] in ("pysat", "ortools", "dratify", "lzstring", "tqdm")}
    assert ours(names, "sudoku_cp.tasks.") == {"sudoku_cp.tasks.solving"}  # validate() lives there
    assert ours(names, "sudoku_cp.cli.") == {"sudoku_cp.cli.common", "sudoku_cp.cli.validate_cmd", *OPTIONS}
    assert not ours(names, "sudoku_cp.formats.svg") | ours(names, "sudoku_cp.core.candidates")  # on use
    assert not ours(names, "sudoku_cp.model.")  # no encoding: nothing is solved
    assert ours(names, "sudoku_cp.backends.") == {"sudoku_cp.backends.base"}  # the registry, no backend
    assert "tempfile" not in names  # only output files need it


def test_solve_imports_pysat_but_not_ortools_or_other_commands():
    names = imported("solve", CLASSIC)
    assert "pysat.solvers" in names  # the default backend runs
    assert not {n for n in names if n.split(".")[0] in ("ortools", "tqdm")}
    assert ours(names, "sudoku_cp.cli.") == {"sudoku_cp.cli.common", "sudoku_cp.cli.solve_cmd", *OPTIONS}
    assert ours(names, "sudoku_cp.backends.") == {"sudoku_cp.backends.base", "sudoku_cp.backends.sat"}
    assert ours(names, "sudoku_cp.tasks.") <= {"sudoku_cp.tasks.solving", "sudoku_cp.tasks.certify"}


def test_every_command_maps_to_a_module_that_registers_it():
    assert set(COMMANDS.values()) == set(MODULES)
    full = build_parser()._subparsers._group_actions[0].choices
    assert set(full) == set(COMMANDS)
    for command, module in COMMANDS.items():
        only = build_parser(command)._subparsers._group_actions[0].choices
        assert command in only
        assert all(COMMANDS[name] == module for name in only)  # that module's commands only


@pytest.mark.parametrize("argv", [["--help"], ["--version"], ["nonsense"]])
def test_a_line_without_a_command_first_still_knows_every_command(argv, capsys):
    from sudoku_cp.cli import main

    code = main(argv)
    out, err = capsys.readouterr()
    if argv == ["--help"]:
        assert code == 0 and all(name in out for name in COMMANDS)
    elif argv == ["--version"]:
        assert code == 0 and out.startswith("sudoku-cp ")
    else:
        assert code == 2 and "invalid choice" in err and "validate" in err
