"""The backends agree (status, count up to 2, verified solutions) on hundreds of puzzles.

9x9 puzzles come from the collections in data/ (unique ones from top1465 and the 17-clue list,
multi-solution ones from the serg benchmark); 4x4, 6x6 (2x3) and 16x16 puzzles are made here from
random solved grids with clues removed, and some 9x9 unique puzzles get one contradicting given.
Solutions are checked by this file's own restatement of the rules, not the package's checker.
"""

from __future__ import annotations

import random

import pytest
from gridgen import blank_out, dataset_lines, random_solved_rows, rules_hold

from sudoku_cp import Board, cross_check, parse_puzzle
from sudoku_cp.backends.sat import default_choice
from sudoku_cp.core.results import Status

KNOWN = (
    [(line, Status.UNIQUE) for line in dataset_lines("top1465.txt", limit=120, step=12)]
    + [(line, Status.UNIQUE) for line in dataset_lines("17clue-half.txt", limit=100, step=245)]
    + [(line, Status.MULTIPLE) for line in dataset_lines("serg-benchmark.txt", limit=120, step=83)]
)


def made_puzzles():
    rng = random.Random(5)
    for (br, bc), keep, how_many in (((2, 2), 0.3, 60), ((2, 3), 0.4, 60), ((3, 2), 0.4, 20),
                                     ((4, 4), 0.6, 40)):
        for _ in range(how_many):
            solution = random_solved_rows(br, bc, rng)
            assert rules_hold(solution, br, bc)
            yield Board.from_rows(blank_out(solution, keep, rng), (br, bc)), solution


def check_solution(solution: Board, puzzle: Board) -> None:
    rows = solution.rows()
    assert rules_hold(rows, *puzzle.box)
    assert all(g == 0 or g == d for g, d in zip(puzzle.cells, solution.cells))


def agreed(board: Board):
    check = cross_check(board, "all", limit=2)
    assert check.agreed, check.problems
    sat = f"sat:{default_choice(board.size)[0]}"  # plain sat picks its solver by size
    assert [r.backend for r in check.results] == [sat, "cpsat", "dfs"]
    for result in check.results:
        for solution in result.solutions:
            check_solution(solution, board)
    return check.result


@pytest.mark.parametrize("line, expected", KNOWN, ids=[f"9x9-{i}" for i in range(len(KNOWN))])
def test_backends_agree_on_real_puzzles(line, expected):
    result = agreed(parse_puzzle(line))
    assert result.status is expected
    assert result.count == (1 if expected is Status.UNIQUE else 2)


MADE = list(made_puzzles())


@pytest.mark.parametrize("board, solution", MADE, ids=[f"{b.size}x{b.size}-{i}" for i, (b, _) in enumerate(MADE)])
def test_backends_agree_on_random_puzzles(board, solution):
    result = agreed(board)
    assert result.status in (Status.UNIQUE, Status.MULTIPLE)  # made from a solution: never unsat
    if result.status is Status.UNIQUE:
        assert result.solution.rows() == solution


def contradicted():
    """Unique 9x9 puzzles plus one given that repeats nothing yet differs from the solution."""
    from sudoku_cp.backends import make

    dfs = make("dfs")
    for line in dataset_lines("top1465.txt", limit=25, step=57):
        board = parse_puzzle(line)
        solution = dfs.solve(board).solutions[0]
        for i, d in enumerate(board.cells):
            if d:
                continue
            r, c = divmod(i, 9)
            used = {board.cells[p] for p in range(81) if p // 9 == r or p % 9 == c
                    or (p // 27 == r // 3 and p % 9 // 3 == c // 3)}
            wrong = [e for e in range(1, 10) if e not in used and e != solution.cells[i]]
            if wrong:
                yield board.with_givens([(r, c, wrong[0])])
                break


CONTRADICTED = list(contradicted())


@pytest.mark.parametrize("board", CONTRADICTED, ids=[f"unsat-{i}" for i in range(len(CONTRADICTED))])
def test_backends_agree_on_unsat_puzzles(board):
    result = agreed(board)
    assert (result.status, result.count, result.complete) == (Status.UNSAT, 0, True)


def test_enough_puzzles_are_compared():
    assert len(KNOWN) + len(MADE) + len(CONTRADICTED) >= 500
    assert {b.size for b, _ in MADE} == {4, 6, 16}
