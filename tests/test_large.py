"""Large grids: what plain ``sat`` (the default of ``solve``) picks per size, and that it solves.

The choice is measured by bench/bench_large.py (encodings/at-most-one.md); no wall-clock limit
here, only which solver and at-most-one encoding answer, and that the answer is right.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sudoku_cp.backends import make
from sudoku_cp.backends.sat import default_choice
from sudoku_cp.cli import main
from sudoku_cp.core.check import is_solution
from sudoku_cp.formats.puzzle_files import iter_entries
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.model.cnf import amo_for

DATA = Path(__file__).resolve().parent / "data"


def generated(size: int):
    with open(DATA / f"large-{size}.txt", encoding="utf-8") as handle:
        (entry,) = list(iter_entries(handle))
    return entry.board


def solve_json(capsys, *argv) -> tuple[int, dict]:
    code = main(["solve", "--json", *argv])
    return code, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("size, solver, amo", [
    (9, "cadical195", "pairwise"), (16, "minicard", "native"), (25, "minicard", "native"),
    (36, "minicard", "native"), (49, "minicard", "native"), (64, "minicard", "native")])
def test_default_choice_per_size(size, solver, amo):
    assert default_choice(size) == (solver, amo)


def test_clause_only_solvers_keep_clauses_at_every_size():
    assert [amo_for(n) for n in (9, 16, 25, 36, 49)] == ["pairwise"] * 3 + ["seqcounter"] * 2
    assert [amo_for(n, native=True) for n in (9, 12, 16, 36)] == ["pairwise", "pairwise", "native", "native"]
    assert amo_for(49, "ladder", native=True) == "ladder"  # a chosen encoding always wins


def test_solve_picks_cadical_for_9x9(capsys):
    code, record = solve_json(capsys, "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert code == 0 and record["backend"] == "sat:cadical195" and "amo" not in record["stats"]


@pytest.mark.parametrize("size", [25, 36])
def test_solve_picks_minicard_native_and_solves_a_generated_puzzle(size, capsys):
    code, record = solve_json(capsys, "-f", str(DATA / f"large-{size}.txt"))
    assert code == 0 and record["status"] == "solved"
    assert record["backend"] == "sat:minicard" and record["stats"]["amo"] == "native"
    puzzle = generated(size)
    solution = parse_puzzle(record["solution"])
    assert solution.is_full() and is_solution(solution, puzzle)  # the independent checker
    assert all(g == 0 or g == d for g, d in zip(puzzle.cells, solution.cells))  # givens kept


def test_a_named_solver_or_amo_is_never_replaced(capsys):
    board = generated(25)
    assert make("sat:cadical195").count(board, 1).backend is None  # answered by itself
    named = make("sat", amo="seqcounter").count(board, 1)
    assert named.backend is None and "amo" not in named.stats
    code, record = solve_json(capsys, "-f", str(DATA / "large-25.txt"), "--backend", "sat:cadical195")
    assert code == 0 and record["backend"] == "sat:cadical195"


def test_uniqueness_by_the_default_on_a_large_grid_counts_two(capsys):
    # 30% givens leave many solutions: the default's count must find a second, distinct one
    code, record = solve_json(capsys, "-f", str(DATA / "large-25.txt"), "--unique")
    assert code == 1 and record["status"] == "multiple" and record["backend"] == "sat:minicard"


def test_variants_keep_the_old_choice(capsys):
    doc = json.dumps({"size": 16, "givens": "." * 256, "constraints": [{"type": "diagonal"}]})
    code, record = solve_json(capsys, doc)
    assert code == 0 and record["backend"] == "sat:cadical195"
