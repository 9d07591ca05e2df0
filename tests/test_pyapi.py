"""The Python API: one function per command at the top of the package, typed results that show
as HTML in a notebook, a cheap ``import sudoku_cp``, and a missing solver package named clearly."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest

import sudoku_cp
from sudoku_cp import (Analyzed, Explanation, Generated, MissingPackage, Result, Status, analyze,
                       count, cross_check, examples, explain, generate, is_solution, minimize, parse_puzzle,
                       repair)
from sudoku_cp.tasks.explain import explain as task_explain

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
TWO_SOLUTIONS = "123434122.4.4.2."  # 4x4: the four blanks (r3c2, r3c4, r4c2, r4c4) can swap
SOLVERS = ("pysat", "ortools")


def python(code: str, *args: str) -> subprocess.CompletedProcess:
    """Run ``code`` in a fresh interpreter with this checkout first on the path."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True,
                          text=True)


# --- a cheap import ---------------------------------------------------------------------------

def test_import_loads_no_solver_even_after_every_name_is_used():
    done = python(
        "import json, sys\n"
        "import sudoku_cp\n"
        "first = sorted({m.split('.')[0] for m in sys.modules})\n"
        "for name in sudoku_cp.__all__: getattr(sudoku_cp, name)\n"
        "after = sorted({m.split('.')[0] for m in sys.modules})\n"
        "print(json.dumps([first, after]))\n")
    assert done.returncode == 0, done.stderr
    first, after = json.loads(done.stdout)
    for solver in SOLVERS:
        assert solver not in first and solver not in after
    assert "shtab" not in first and "tqdm" not in first


def test_the_commands_are_top_level_names_loaded_on_first_use():
    assert explain is task_explain
    for name in ("explain", "repair", "minimize", "generate", "analyze", "Explanation", "Generated"):
        assert name in dir(sudoku_cp) and name in sudoku_cp.__all__
    with pytest.raises(AttributeError, match="no attribute 'nothing_here'"):
        sudoku_cp.nothing_here  # noqa: B018


# --- one function per command, typed results ----------------------------------------------------

def test_explain_gives_two_solutions_and_where_they_differ():
    board = parse_puzzle(TWO_SOLUTIONS)
    out = explain(board, backend="dfs")
    assert isinstance(out, Explanation) and out.status is Status.MULTIPLE
    first, second = out.solutions[:2]
    assert is_solution(first, board) and is_solution(second, board) and first != second
    assert out.differences == [(r, c) for r in range(4) for c in range(4)
                               if first.cells[4 * r + c] != second.cells[4 * r + c]]


def test_repair_removes_a_duplicate_given():
    board = parse_puzzle("11" + "." * 14)
    out = repair(board)
    assert out.status is Status.INVALID and len(out.remove) == 1
    assert out.repaired is not None and is_solution(out.solution, out.repaired)


def test_minimize_keeps_the_solution_and_drops_givens():
    board = examples.classic()
    out = minimize(board)
    assert out.status is Status.UNIQUE and out.redundant
    assert len(out.minimal.givens()) < len(board.givens())
    assert count(out.minimal, backend="dfs").status is Status.UNIQUE
    assert is_solution(out.solution, out.minimal)


def test_generate_mirrors_the_command_and_its_seed():
    made = generate(6, count=2, seed=11, box=(2, 3), verify_backend="dfs")
    assert [m.seed for m in made] == [11, 12] and all(isinstance(m, Generated) for m in made)
    for m in made:
        assert m.puzzle.shape.box == (2, 3) and m.minimal
        assert count(m.puzzle, backend="dfs").status is Status.UNIQUE
        assert is_solution(m.solution, m.puzzle)
    assert generate(6, seed=11, box=(2, 3), verify_backend="dfs")[0].puzzle == made[0].puzzle
    clued = generate(4, seed=3, clues=8, verify_backend="dfs")[0]
    assert clued.clues == 8 and not clued.minimal


def test_analyze_takes_one_board_or_many_and_names_or_lists():
    boards = [examples.classic(), parse_puzzle(CLASSIC)]
    report = analyze(boards, "minimal,complete", speed=False)
    assert isinstance(report, Analyzed)
    assert [(s.encoding, s.puzzles) for s in report.summaries] == [("minimal", 2), ("complete", 2)]
    assert len(report.per_puzzle) == 2 and [p.encoding for p in report.per_puzzle[0]] == ["minimal", "complete"]
    single = analyze(examples.classic(), ["complete"], amo=["pairwise", "seqcounter"], speed=False)
    assert [(s.encoding, s.amo) for s in single.summaries] == [("complete", "pairwise"), ("complete", "seqcounter")]
    with pytest.raises(ValueError, match="nonsense"):
        analyze(examples.classic(), "nonsense")


# --- notebooks: _repr_html_ ----------------------------------------------------------------------

class Page(HTMLParser):
    """The parts of a _repr_html_ the tests look at: tags seen, grid cells, all text."""

    def __init__(self, html: str):
        super().__init__()
        self.tags: list[str] = []
        self.grids: list[list[str]] = []
        self.text: list[str] = []
        self._cell: list[str] | None = None
        self._depth = 0  # inside a grid table
        self.feed(html)
        self.close()

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        if tag == "table" and ("class", "sudoku-cp-grid") in attrs:
            self.grids.append([])
            self._depth = 1
        elif tag == "td" and self._depth:
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "td" and self._cell is not None:
            self.grids[-1].append("".join(self._cell))
            self._cell = None
        elif tag == "table" and self._depth:
            self._depth = 0

    def handle_data(self, data):
        self.text.append(data)
        if self._cell is not None:
            self._cell.append(data)


def test_a_result_shows_its_facts_and_its_grid():
    board = parse_puzzle(CLASSIC)
    result = sudoku_cp.solve(board, backend="dfs")
    page = Page(result._repr_html_())
    assert "solved" in page.text and "dfs" in page.text
    [grid] = page.grids
    assert "".join(grid) == sudoku_cp.format_line(result.solution)


def test_html_escapes_every_text():
    result = Result(Status.ERROR, parse_puzzle(CLASSIC), error="<script>alert('x')</script> & more")
    page = Page(result._repr_html_())
    assert "script" not in page.tags
    assert "<script>alert('x')</script> & more" in page.text


def test_an_explanation_marks_its_cells_without_colour():
    out = explain(parse_puzzle("11" + "." * 14))
    page = Page(out._repr_html_())
    [grid] = page.grids
    assert grid[0] == "1*" and grid[1] == "1*" and grid[2] == ""
    assert any("* marks" in t for t in page.text)
    multiple = Page(explain(parse_puzzle(TWO_SOLUTIONS), backend="dfs")._repr_html_())
    assert len(multiple.grids) == 2 and "another solution:" in multiple.text
    assert "r3c2, r3c4, r4c2, r4c4" in multiple.text  # the differences, named r1c1
    for grid in multiple.grids:
        assert [k for k, cell in enumerate(grid) if cell.endswith("*")] == [9, 11, 13, 15]


def test_cross_check_generated_and_analysis_show_as_tables():
    check = cross_check(parse_puzzle(TWO_SOLUTIONS), ["dfs", "sat"], limit=5)
    page = Page(check._repr_html_())
    assert "backends agree" in page.text and "dfs" in page.text and page.tags.count("tr") == 3
    made = generate(4, seed=5, verify_backend="dfs")[0]
    page = Page(made._repr_html_())
    puzzle_grid, solution_grid = page.grids
    assert sum(1 for c in puzzle_grid if c) == made.clues and all(solution_grid)
    report = analyze(examples.classic(), "minimal,complete", speed=False)
    page = Page(report._repr_html_())
    assert page.tags.count("tr") == 3 and "complete" in page.text


# --- a missing or broken solver package ----------------------------------------------------------

WITHOUT_PYSAT = "import sys; sys.modules['pysat'] = None\n"
BROKEN_ORTOOLS = (
    "import sys\n"
    "class Broken:\n"
    "    def find_spec(self, name, path=None, target=None):\n"
    "        if name.split('.')[0] == 'ortools':\n"
    "            raise ImportError('initialization failed')\n"
    "sys.meta_path.insert(0, Broken())\n"
)
RUN_CLI = "from sudoku_cp.cli import main; sys.exit(main(sys.argv[1:]))\n"


@pytest.mark.parametrize("setup, backend, package", [
    (WITHOUT_PYSAT, "sat", "python-sat"),
    (WITHOUT_PYSAT, "all", "python-sat"),
    (BROKEN_ORTOOLS, "cpsat", "ortools"),
])
def test_a_missing_solver_package_is_one_line_and_exit_2(setup, backend, package):
    done = python(setup + RUN_CLI, "solve", "--backend", backend, CLASSIC)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr
    assert lines[0].startswith("sudoku-cp: error: the package ") and f"pip install {package}" in lines[0]


def test_without_pysat_the_other_backends_still_work():
    for argv in (["validate", CLASSIC], ["solve", "--backend", "dfs", CLASSIC],
                 ["solve", "--backend", "cpsat", CLASSIC]):
        done = python(WITHOUT_PYSAT + RUN_CLI, *argv)
        assert done.returncode == 0, (argv, done.stderr)


def test_the_api_raises_missing_package():
    done = python(WITHOUT_PYSAT + (
        "import sudoku_cp\n"
        "board = sudoku_cp.parse_puzzle(sys.argv[1])\n"
        "try:\n"
        "    sudoku_cp.solve(board, backend='sat')\n"
        "except sudoku_cp.MissingPackage as exc:\n"
        "    print(exc.package, isinstance(exc, ImportError))\n"), CLASSIC)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["python-sat", "True"]


def test_missing_package_message_names_package_and_install():
    exc = MissingPackage("ortools.sat.python.cp_model", ImportError("initialization failed"))
    assert str(exc) == ("the package ortools (module ortools) cannot be imported (ortools.sat.python.cp_model: "
                        "initialization failed): install it with: pip install ortools")
    assert exc.package == "ortools" and exc.name == "ortools"
