"""minimize: redundant givens and minimal puzzles, checked by an independent loop with dfs."""

from __future__ import annotations

import json

import pytest
from gridgen import dataset_lines

from sudoku_cp import examples
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board
from sudoku_cp.core.results import Status
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.minimize import minimize
from sudoku_cp.tasks.solving import count

PUZZLES = [examples.classic()] + [parse_puzzle(x) for x in dataset_lines("top1465.txt", limit=3, step=400)]


def drop(board: Board, given) -> Board:
    return board.with_givens([(given[0], given[1], 0)])


@pytest.mark.parametrize("board", PUZZLES)
def test_minimal_puzzle_is_unique_and_minimal_by_dfs(board):
    result = minimize(board, seed=3)
    assert result.status is Status.UNIQUE
    minimal = result.minimal
    assert set(minimal.givens()) <= set(board.givens())
    check = count(minimal, 2, "dfs")
    assert check.status is Status.UNIQUE and check.solution == result.solution
    for given in minimal.givens():  # independent loop: no given can go
        assert count(drop(minimal, given), 2, "dfs").status is Status.MULTIPLE, given


def test_redundant_givens_by_dfs():
    board = examples.classic()
    result = minimize(board)
    for given in board.givens():
        status = count(drop(board, given), 2, "dfs").status
        assert (status is Status.UNIQUE) == (given in result.redundant), given


def test_not_unique_is_exit_1_and_json_keys(capsys):
    assert main(["minimize", "12..34....12...."]) == 1
    capsys.readouterr()
    code = main(["minimize", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["status"] == "unique"
    minimal = parse_puzzle(data["minimal"])
    assert all(len(g) == 3 for g in data["redundant"])
    assert count(minimal, 2, "dfs").status is Status.UNIQUE


def test_a_time_limit_is_not_called_nothing_to_minimize(capsys):
    from sudoku_cp.cli import main

    code = main(["minimize", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
                 "--time-limit", "1e-9"])
    out = capsys.readouterr().out
    assert code == 4 and "not minimized: the time limit ended the work first" in out
    assert "nothing to minimize" not in out


def test_a_minimal_puzzle_says_no_given_is_redundant(capsys):
    from gridgen import dataset_lines

    seventeen = dataset_lines("17clue-half.txt", limit=1)[0]  # 17-clue puzzles are minimal
    assert main(["minimize", seventeen]) == 0
    out = capsys.readouterr().out
    assert "redundant givens: none of the 17 (each is needed for uniqueness)" in out
    assert "no given is redundant: the puzzle given is already minimal" in out
    assert "redundant givens (0" not in out
