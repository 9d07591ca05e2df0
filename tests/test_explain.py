"""explain: multiple (serg sample), minimal cores proved minimal by another backend, invalid, CLI."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET

import pytest
from gridgen import dataset_lines

from sudoku_cp import examples
from sudoku_cp.backends import Deadline, make
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board
from sudoku_cp.core.check import find_conflicts, is_solution
from sudoku_cp.core.results import Status
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.cores import minimal_core
from sudoku_cp.tasks.explain import TimeLimitReached, explain
from sudoku_cp.tasks.repair import fewest_removals, repair
from sudoku_cp.tasks.solving import solve

SERG = dataset_lines("serg-benchmark.txt", limit=250, step=40)  # a fixed sample of 250 of 10,000


@pytest.mark.parametrize("limit", [2])
def test_serg_sample_is_multiple_with_two_verified_distinct_solutions(limit):
    assert len(SERG) == 250
    for line in SERG:
        board = parse_puzzle(line)
        result = explain(board, limit=limit)
        assert result.status is Status.MULTIPLE, line
        first, second = result.solutions
        assert first.cells != second.cells
        assert is_solution(first, board) and is_solution(second, board)
        n = board.size
        diff = [(i // n, i % n) for i in range(n * n) if first.cells[i] != second.cells[i]]
        assert result.differences == diff and len(diff) >= 2  # two solutions differ in 2+ cells
        assert all(board[cell] == 0 for cell in diff)


def contradicted(line: str, rng: random.Random) -> tuple[Board, tuple[int, int, int]]:
    """A unique puzzle plus one given that duplicates nothing but contradicts its solution."""
    board = parse_puzzle(line)
    solution = solve(board, "dfs").solution
    n = board.size
    blanks = [i for i, d in enumerate(board.cells) if d == 0]
    rng.shuffle(blanks)
    for i in blanks:
        seen = {board.cells[p] for p in board.rules.peers[i]}
        choices = [d for d in range(1, n + 1) if d not in seen and d != solution.cells[i]]
        if choices:
            given = (i // n, i % n, rng.choice(choices))
            return board.with_givens([given]), given
    raise AssertionError(f"no contradicting given fits {line}")


CONTRADICTED = [contradicted(line, random.Random(k))
                for k, line in enumerate(dataset_lines("top1465.txt", limit=6, step=240))]


def assert_minimal_core(board: Board, core, unsat_backend: str, sat_backend: str) -> None:
    """Re-solve the core and each core-minus-one subset with backends that did not make the core."""
    core_board = Board.empty(board.shape).with_givens(core)
    assert solve(core_board, unsat_backend).status is Status.UNSAT
    for i in range(len(core)):
        rest = Board.empty(board.shape).with_givens(core[:i] + core[i + 1:])
        result = solve(rest, sat_backend)
        assert result.status is Status.SOLVED, f"core without {core[i]} is {result.status}"
        assert is_solution(result.solution, rest)


@pytest.mark.parametrize("board,added", CONTRADICTED)
def test_contradicting_given_gives_a_minimal_core_and_a_one_given_repair(board, added):
    assert not find_conflicts(board)
    sat = explain(board, check=False)
    assert sat.status is Status.UNSAT
    assert set(sat.core) <= set(board.givens()) and added in sat.core  # the rest was solvable
    assert_minimal_core(board, sat.core, "cpsat", "dfs")  # core made by PySAT
    cp = explain(board, backend="cpsat", check=False)
    assert cp.status is Status.UNSAT and added in cp.core
    assert_minimal_core(board, cp.core, "sat", "dfs")  # core made by CP-SAT
    fixed = repair(board)
    assert len(fixed.remove) == 1 and fixed.remove[0] in board.givens()
    assert is_solution(fixed.solution, fixed.repaired)
    assert fixed.repaired == board.with_givens([(fixed.remove[0][0], fixed.remove[0][1], 0)])
    cp_removed, _, proved = fewest_removals(board, "cpsat")
    assert len(cp_removed) == 1 and proved  # CP-SAT proves one removal optimal too


def test_invalid_lists_every_conflict_and_no_core():
    result = explain(examples.classic_invalid())
    assert result.status is Status.INVALID and result.core is None
    assert [c.to_json() for c in result.conflicts] == [c.to_json() for c in find_conflicts(examples.classic_invalid())]
    cells = {tuple(cell) for c in result.conflicts for cell in c.cells}
    assert (0, 0) in cells and set(result.marked()) == cells


def test_unique_gives_the_solution():
    result = explain(examples.classic())
    assert result.status is Status.UNIQUE and result.count == 1 and result.complete
    assert is_solution(result.solution, examples.classic())


def test_exact_count_when_the_search_finishes():
    board = parse_puzzle("12..34....12....")
    result = explain(board, limit=50, backend="dfs")
    assert result.status is Status.MULTIPLE and result.count == 2 and result.complete


def test_time_limit_is_unknown_not_a_wrong_answer(capsys):
    board = parse_puzzle("." * 625)  # 25x25: encoding alone outlasts a nanosecond
    assert explain(board, time_limit=1e-9).status is Status.UNKNOWN
    assert main(["explain", "." * 625, "--time-limit", "1e-9"]) == 4
    capsys.readouterr()
    with pytest.raises(TimeLimitReached):
        minimal_core(parse_puzzle(UNSAT), make("sat"), Deadline(0))


# ---------------------------------------------------------------------------------------------
# CLI


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


UNSAT = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


def test_cli_unsat_json_core_and_exit_1(capsys):
    code, out, _ = run(capsys, "explain", UNSAT, "--json")
    data = json.loads(out)
    assert code == 1 and data["status"] == "unsat"
    core = [tuple(g) for g in data["core"]]
    board = parse_puzzle(UNSAT)
    assert set(core) <= set(board.givens()) and (0, 2, 1) in core
    assert_minimal_core(board, core, "cpsat", "dfs")


def test_cli_a_core_of_one_given_and_outside_clues_named_by_their_side(capsys):
    code, out, _ = run(capsys, "explain", '{"givens": "3...............", "constraints": '
                       '[{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 3}]}')
    assert code == 1 and out.splitlines()[1] == (
        "core (1 given that cannot hold under the rules: without it the rest has a solution): r1c1=3")
    # two X-sum clues of one row, one at each end, are two constraints: named apart
    xsums = [{"type": "xsum", "clue": [0, -1], "sum": 3}, {"type": "xsum", "clue": [0, 4], "sum": 4},
             {"type": "xsum", "clue": [-1, 1], "sum": 5}]
    rules = parse_puzzle(json.dumps({"givens": "." * 16, "constraints": xsums})).rules
    from sudoku_cp.constraints import kind_of

    assert [kind_of("xsum").label(c) for c in rules.constraints] == [
        "X-sum 3 left of row 1", "X-sum 4 right of row 1", "X-sum 5 above column 2"]


def test_cli_multiple_json_and_text(capsys):
    puzzle = SERG[0]
    code, out, _ = run(capsys, "explain", puzzle, "--json", "--limit", "3")
    data = json.loads(out)
    assert code == 1 and data["status"] == "multiple" and len(data["solutions"]) == 2
    a, b = (parse_puzzle(s) for s in data["solutions"])
    assert a != b and is_solution(a, parse_puzzle(puzzle)) and is_solution(b, parse_puzzle(puzzle))
    assert [tuple(c) for c in data["differences"]] == [(i // 9, i % 9) for i in range(81) if a.cells[i] != b.cells[i]]
    code, out, _ = run(capsys, "explain", puzzle)
    assert code == 1 and out.startswith("multiple") and "differ in" in out and "r" in out


def test_cli_unique_exit_0_and_invalid_exit_1(capsys):
    code, out, _ = run(capsys, "explain", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert code == 0 and out.startswith("unique")
    code, out, _ = run(capsys, "explain", "83..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
    assert code == 1 and "two 8s in column 1" in out


def test_cli_svg_marks_the_core(capsys, tmp_path):
    target = tmp_path / "core.svg"
    code, out, _ = run(capsys, "explain", UNSAT, "--svg", str(target))
    assert code == 1 and target.exists()
    root = ET.fromstring(target.read_text())
    marks = [e for e in root.iter() if e.get("class") == "mark"]
    core_line = next(line for line in out.splitlines() if line.startswith("core"))
    assert len(marks) == core_line.split(": ")[1].count("=")


def test_cli_bad_input_exit_2(capsys):
    code, _, err = run(capsys, "explain", "123")
    assert code == 2 and err.count("\n") == 1
    code, _, err = run(capsys, "explain", UNSAT, "--limit", "1")
    assert code == 2
