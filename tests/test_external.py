"""Exported DIMACS solved by SAT solvers nobody here wrote (Debian's minisat, picosat, cadical).

The first tests run the binaries themselves on files written by ``sudoku-cp encode`` and decode
the model with this file's own inverse of the numbering; the rest drive the ``external`` backend.
"""

from __future__ import annotations

import json
import random
import stat
import subprocess

import pytest
from gridgen import blank_out, dataset_lines, random_solved_rows, rules_hold

from sudoku_cp import api
from sudoku_cp.backends import BackendError, make
from sudoku_cp.backends.external import parse_competition_output, parse_minisat_result
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board, Shape
from sudoku_cp.core.results import SolverFailure, Status
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.model.cnf import AMO_ENCODINGS, ENCODINGS
from sudoku_cp.model.dimacs import read_dimacs

SOLVERS = ("minisat", "picosat", "cadical")
PUZZLE_9 = dataset_lines("top1465.txt", limit=1)[0]


def run_binary(solver: str, cnf_path, tmp_path) -> list[int]:
    """Run a solver binary directly and return its model (competition output or minisat's file)."""
    if solver == "minisat":
        out = tmp_path / "minisat.out"
        proc = subprocess.run(["minisat", "-verb=0", str(cnf_path), str(out)], capture_output=True)
        assert proc.returncode == 10
        first, literals = out.read_text().split("\n", 1)
        assert first == "SAT"
        return [int(t) for t in literals.split() if t != "0"]
    args = [solver, "-q", str(cnf_path)] if solver == "cadical" else [solver, str(cnf_path)]
    proc = subprocess.run(args, capture_output=True, text=True)
    assert proc.returncode == 10
    assert "s SATISFIABLE" in proc.stdout.splitlines()
    return [int(t) for line in proc.stdout.splitlines() if line.startswith("v ")
            for t in line[2:].split() if t != "0"]


def grid_from_model(model: list[int], n: int) -> list[list[int]]:
    """Decode with the documented numbering v = (row*N + col)*N + digit, written out again here."""
    rows = [[0] * n for _ in range(n)]
    for lit in model:
        if 0 < lit <= n**3:
            row, rest = divmod(lit - 1, n * n)
            col, digit0 = divmod(rest, n)
            assert rows[row][col] == 0, "two digits in one cell"
            rows[row][col] = digit0 + 1
    return rows


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("encoding", ENCODINGS)
def test_exported_dimacs_solved_by_a_binary(tmp_path, solver, encoding):
    path = tmp_path / "p.cnf"
    assert main(["encode", PUZZLE_9, "--encoding", encoding, "-o", str(path)]) == 0
    rows = grid_from_model(run_binary(solver, path, tmp_path), 9)
    assert rules_hold(rows, 3, 3)
    assert all(ch == "." or int(ch) == d for ch, d in zip(PUZZLE_9, sum(rows, [])))


@pytest.mark.parametrize("amo", AMO_ENCODINGS)
def test_every_amo_export_solved_by_minisat(tmp_path, amo):
    rows = blank_out(random_solved_rows(2, 3, random.Random(amo)), 0.4, random.Random(3))
    puzzle = "".join(str(d or ".") for row in rows for d in row)
    path = tmp_path / "p.cnf"
    assert main(["encode", puzzle, "--box", "2x3", "--encoding", "augmented", "--amo", amo,
                 "-o", str(path)]) == 0
    parsed = read_dimacs(path.read_text())
    assert parsed.nvars > 216
    rows = grid_from_model(run_binary("minisat", path, tmp_path), 6)
    assert rules_hold(rows, 2, 3)


@pytest.mark.parametrize("solver", SOLVERS)
def test_backend_solves_and_counts(solver, tmp_path):
    backend = make(f"external:{solver}", encoding="minimal", tmpdir=str(tmp_path))
    board = parse_puzzle(PUZZLE_9)
    result = api.solve(board, backend=backend, unique=True)
    assert result.status is Status.UNIQUE
    reference = api.solve(board, backend="cpsat")
    assert result.solution == reference.solution
    multi = parse_puzzle(dataset_lines("serg-benchmark.txt", limit=1)[0])
    counted = api.count(multi, limit=3, backend=backend)
    assert counted.count == api.count(multi, limit=3, backend="cpsat").count
    assert list(tmp_path.iterdir()) == []  # every temporary directory removed


def test_backend_counts_the_empty_4x4_with_auxiliary_variables():
    backend = make("external:minisat", encoding="augmented", amo="seqcounter")
    result = api.count(Board.empty(Shape(2, 2)), limit=1000, backend=backend)
    assert (result.count, result.complete) == (288, True)


def test_backend_agrees_on_a_partial_6x6_across_solvers():
    board = parse_puzzle("1....." "..4..." "......" "...5.." "......" ".....6", box=(2, 3))
    counts = {s: api.count(board, limit=50, backend=make(f"external:{s}", encoding="complete"))
              for s in SOLVERS}
    reference = api.count(board, limit=50, backend="cpsat")
    assert {(r.count, r.complete) for r in counts.values()} == {(reference.count, reference.complete)}


def test_unsat_and_no_time_left():
    board = parse_puzzle("12.." "...." "..3." "..4.")  # r1c3 has no digit left: unsat
    backend = make("external:picosat")
    assert api.solve(board, backend=backend).status is api.solve(board, backend="cpsat").status
    out = backend.count(parse_puzzle(PUZZLE_9), 1, time_limit=0)
    assert (out.count, out.complete, out.timed_out) == (0, False, True)


def test_unknown_binary_and_native_are_clear_errors():
    with pytest.raises(BackendError, match="no SAT solver binary 'no-such-solver' on PATH"):
        make("external:no-such-solver")
    with pytest.raises(BackendError, match="native"):
        make("external:minisat", amo="native")


def fake_solver(tmp_path, output: str, code: int) -> str:
    script = tmp_path / "fake-solver"
    script.write_text(f"#!/bin/sh\ncat <<'EOF'\n{output}\nEOF\nexit {code}\n")
    script.chmod(script.stat().st_mode | stat.S_IEXEC)
    return str(script)


def test_a_model_that_breaks_a_clause_is_refused(tmp_path):
    path = fake_solver(tmp_path, "s SATISFIABLE\nv 1 0", 10)
    backend = make(f"external:{path}")
    with pytest.raises(SolverFailure, match="falsifies clause"):
        backend.count(parse_puzzle(PUZZLE_9), 1)


def test_a_crashing_solver_is_a_solver_failure(tmp_path):
    path = fake_solver(tmp_path, "segfault, sorry", 139)
    with pytest.raises(SolverFailure, match="exit 139"):
        make(f"external:{path}").count(parse_puzzle(PUZZLE_9), 1)


def test_output_parsers():
    assert parse_competition_output("c x\ns SATISFIABLE\nv 1 -2\nv 3 0\n") == (True, [1, -2, 3])
    assert parse_competition_output("s UNSATISFIABLE\n") == (False, [])
    assert parse_competition_output("s UNKNOWN\n") == (None, [])
    assert parse_minisat_result("SAT\n-1 2 0\n") == (True, [-1, 2])
    assert parse_minisat_result("UNSAT\n") == (False, [])
    assert parse_minisat_result("INDET\n") == (None, [])


def test_solve_command_with_external_backend(capsys):
    code = main(["solve", PUZZLE_9, "--backend", "external:cadical", "--json"])
    record = json.loads(capsys.readouterr().out)
    assert code == 0 and record["status"] == "solved" and record["backend"] == "external:cadical"
