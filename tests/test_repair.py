"""repair: smallest removals (RC2) confirmed optimal by CP-SAT, additions that restore uniqueness."""

from __future__ import annotations

import json
import random
from itertools import combinations

import pytest
from gridgen import dataset_lines

from sudoku_cp.cli import main
from sudoku_cp.core.board import Board
from sudoku_cp.core.check import find_conflicts, is_solution
from sudoku_cp.core.results import Status
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.repair import fewest_removals, repair
from sudoku_cp.tasks.solving import count, solve


def spoiled(line: str, extra: int, seed: int) -> Board:
    """A unique puzzle with ``extra`` wrong givens added (duplicates allowed only by accident)."""
    rng = random.Random(seed)
    board = parse_puzzle(line)
    solution = solve(board, "dfs").solution
    n = board.size
    blanks = [i for i, d in enumerate(board.cells) if d == 0]
    wrong = []
    for i in rng.sample(blanks, extra):
        d = rng.choice([d for d in range(1, n + 1) if d != solution.cells[i]])
        wrong.append((i // n, i % n, d))
    return board.with_givens(wrong)


SPOILED = [spoiled(line, 1 + k % 3, k) for k, line in enumerate(dataset_lines("top1465.txt", limit=8, step=150))]


@pytest.mark.parametrize("board", SPOILED)
def test_maxsat_removal_is_optimal_by_cpsat(board):
    removed, solution, proved = fewest_removals(board, "sat")
    rest = board.with_givens([(r, c, 0) for r, c, _ in removed])
    assert proved and is_solution(solution, rest) and set(removed) <= set(board.givens())
    cp_removed, cp_solution, proved = fewest_removals(board, "cpsat")
    assert proved and len(cp_removed) == len(removed)
    assert is_solution(cp_solution, board.with_givens([(r, c, 0) for r, c, _ in cp_removed]))
    assert solve(board.with_givens([(r, c, 0) for r, c, _ in cp_removed]), "dfs").status is Status.SOLVED
    # no smaller removal exists: every set of len(removed) - 1 givens leaves an unsolvable puzzle
    if len(removed) == 2:
        for g in board.givens():
            assert solve(board.with_givens([(g[0], g[1], 0)]), "sat").status is not Status.SOLVED


SEVENTEEN = dataset_lines("17clue-half.txt", limit=4, step=5000)


@pytest.mark.parametrize("k,line", list(enumerate(SEVENTEEN)))
def test_17_clue_minus_one_is_multiple_and_add_restores_uniqueness(k, line):
    full = parse_puzzle(line)
    dropped = full.givens()[(5 * k) % 17]
    board = full.with_givens([(dropped[0], dropped[1], 0)])
    assert len(board.givens()) == 16
    result = repair(board, targets=3)
    assert result.status is Status.MULTIPLE
    assert is_solution(result.solution, board)
    assert result.add and all(board[r, c] == 0 and result.solution[r, c] == d for r, c, d in result.add)
    fixed = board.with_givens(result.add)
    assert result.repaired == fixed
    again = count(fixed, 2, "dfs")  # not the backend that repaired it
    assert again.status is Status.UNIQUE and again.solution == result.solution


def test_add_is_the_minimum_for_the_kept_solution_by_brute_force():
    board = parse_puzzle("1..............." )  # a 4x4 with many solutions
    result = repair(board, targets=1)
    assert result.stats["optimal"] and not result.stats["global_minimum"]
    blanks = [(i // 4, i % 4) for i in range(16) if board.cells[i] == 0]
    sol = result.solution
    smaller = len(result.add) - 1
    for cells in combinations(blanks, smaller):
        trial = board.with_givens([(r, c, sol[r, c]) for r, c in cells])
        assert count(trial, 2, "dfs").status is Status.MULTIPLE
    assert count(result.repaired, 2, "dfs").status is Status.UNIQUE


def test_global_minimum_when_every_solution_is_a_target():
    board = parse_puzzle("12..34....12....")  # two solutions: one cell added suffices
    result = repair(board)
    assert result.stats["global_minimum"] and len(result.add) == 1


def test_invalid_and_unique(capsys):
    invalid = parse_puzzle("11..............")
    result = repair(invalid)
    assert result.status is Status.INVALID and len(result.remove) == 1
    assert not find_conflicts(result.repaired) and is_solution(result.solution, result.repaired)
    classic = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    code = main(["repair", classic, "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["status"] == "unique" and data["remove"] == [] and data["add"] == []


def test_cli_repair_remove_and_add(capsys):
    code = main(["repair", "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["status"] == "unsat" and data["remove"] == [[0, 2, 1]]
    assert is_solution(parse_puzzle(data["solution"]), parse_puzzle(data["repaired"]))
    code = main(["repair", "12..34....12...."])
    out = capsys.readouterr().out
    assert code == 0 and "add 1 given" in out and "repaired puzzle" in out
