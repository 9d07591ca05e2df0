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
SHARED = tuple(f"sudoku_cp.cli.{name}" for name in ("usage", "options", "inputs", "output_files", "printing"))


def ours(names: set[str], prefix: str) -> set[str]:
    return {n for n in names if n.startswith(prefix)}


def test_validate_imports_no_solver_and_no_other_task_or_command():
    names = imported("validate", CLASSIC)
    assert not {n for n in names if n.split(".")[0] in ("pysat", "ortools", "dratify", "lzstring", "tqdm")}
    assert ours(names, "sudoku_cp.tasks.") == {"sudoku_cp.tasks.solving"}  # validate() lives there
    assert ours(names, "sudoku_cp.cli.") == {"sudoku_cp.cli.validate_cmd", *SHARED, *OPTIONS}
    assert not ours(names, "sudoku_cp.formats.svg") | ours(names, "sudoku_cp.core.candidates")  # on use
    assert not ours(names, "sudoku_cp.model.")  # no encoding: nothing is solved
    assert ours(names, "sudoku_cp.backends.") == {"sudoku_cp.backends.base"}  # the registry, no backend
    assert "tempfile" not in names  # only output files need it
    assert not names & {"ast", "dis", "tokenize"}  # inspect's body, deferred (see the next test)
    assert "shutil" not in names  # argparse's help width is worked out without it


def test_solve_imports_pysat_but_not_ortools_or_other_commands():
    names = imported("solve", CLASSIC)
    assert "pysat.solvers" in names  # the default backend runs
    assert not {n for n in names if n.split(".")[0] in ("ortools", "tqdm")}
    assert ours(names, "sudoku_cp.cli.") == {"sudoku_cp.cli.solve_cmd", "sudoku_cp.cli.answering", *SHARED, *OPTIONS}
    assert ours(names, "sudoku_cp.backends.") == {"sudoku_cp.backends.base", "sudoku_cp.backends.sat"}
    assert ours(names, "sudoku_cp.tasks.") <= {"sudoku_cp.tasks.solving", "sudoku_cp.tasks.certify"}
    assert not names & {"random", "shutil", "_bz2", "_lzma", "ast"}  # deferred: core.packages.DEFERRED


def test_a_proof_in_a_fresh_process_runs_the_deferred_tempfile():
    """PySAT writes DRAT proofs to a ``tempfile.TemporaryFile``: deferred at start, run when asked."""
    names = imported("count", "--certify", CLASSIC)
    assert {"random", "shutil"} <= names  # tempfile's body ran, for the proof file
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", LIST_MODULES, "count", "--certify", CLASSIC],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    assert "certified: DRAT proof of no other solution" in done.stdout, done.stdout + done.stderr


DEFERRED = """\
import sys
import sudoku_cp
assert "ast" not in sys.modules and "signature" not in vars(sys.modules["inspect"]), "inspect ran"
import dataclasses, inspect
from inspect import Parameter
@dataclasses.dataclass
class Undocumented:
    a: int
print(inspect.signature(lambda x, y=1: 0), Parameter.__module__, Undocumented.__doc__)
print(hasattr(inspect, "no_such_name"), "ast" in sys.modules)
import json
assert "dumps" not in vars(json)
print(sorted(json.__all__)[:2], json.dumps({"a": 1}))
"""


def test_inspect_runs_only_when_something_uses_it():
    """``import sudoku_cp`` leaves ``inspect`` and ``json`` unrun (dataclasses imports inspect for
    one rare call); the first lookup runs a module, a dunder such as ``__all__`` included (a
    star import reads it), and it then works in every way it is used."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    done = subprocess.run([sys.executable, "-c", DEFERRED], capture_output=True, text=True, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["(x, y=1) inspect Undocumented(a: int)", "False True",
                                        "['JSONDecodeError', 'JSONDecoder'] {\"a\": 1}"]


def test_a_program_that_imported_inspect_first_keeps_its_module():
    code = "import inspect, sys; real = inspect; import sudoku_cp; print(sys.modules['inspect'] is real)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.stdout.strip() == "True", done.stderr


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
