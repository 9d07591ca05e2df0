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
from sudoku_cp.formats.text import format_line, parse_puzzle
from sudoku_cp.backends import make
from sudoku_cp.tasks.repair import FewGivens, fewest_removals, repair
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
    # no single given nor pair works (a 4x4 needs 4 givens), so 3 is proved fewest over all
    assert result.stats["optimal"] and result.stats["global_minimum"] and result.stats["lower_bound"] == 3
    assert len(result.add) == 3
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


def unique_with(board: Board, added) -> bool:
    return count(board.with_givens(list(added)), 2, "dfs").status is Status.UNIQUE


def every_addition(board: Board):
    n = board.size
    return [(i // n, i % n, d) for i, v in enumerate(board.cells) if not v for d in range(1, n + 1)]


TOP1 = parse_puzzle(dataset_lines("top1465.txt", limit=1)[0])  # a minimal puzzle: every given needed


@pytest.mark.parametrize("k", [0, 7, 16])
def test_top1465_first_with_one_given_removed_adds_one_given(k, capsys):
    """The issue's case: 7,128 solutions, and putting the removed given back makes it unique."""
    r, c, _ = TOP1.givens()[k]
    board = TOP1.with_givens([(r, c, 0)])
    assert count(board, 2, "dfs").status is Status.MULTIPLE
    code = main(["repair", format_line(board)])
    out = capsys.readouterr().out
    assert code == 0 and "add 1 given:" in out and "proved fewest" in out
    main(["repair", format_line(board), "--json"])
    data = json.loads(capsys.readouterr().out)
    assert len(data["add"]) == 1 and data["stats"]["lower_bound"] == 1 and data["stats"]["global_minimum"]
    assert unique_with(board, [tuple(data["add"][0])])


def test_two_removed_givens_add_two_proved_fewest(capsys):
    gone = TOP1.givens()[:2]
    board = TOP1.with_givens([(r, c, 0) for r, c, _ in gone])
    code = main(["repair", format_line(board)])
    out = capsys.readouterr().out
    assert code == 0 and "add 2 givens:" in out
    assert "no single given makes it unique, so 2 is the fewest" in out
    # the claim, checked by brute force with another backend: no single given makes it unique
    assert not any(unique_with(board, [g]) for g in every_addition(board))
    result = repair(board)
    assert len(result.add) == 2 and unique_with(board, result.add)


def small_multiple_boards(count_wanted: int, seed: int) -> list[Board]:
    rng = random.Random(seed)
    boards = []
    while len(boards) < count_wanted:
        solution = solve(parse_puzzle("." * 16), "dfs").solution
        rows = [[solution[r, c] for c in range(4)] for r in range(4)]
        digits = rng.sample(range(1, 5), 4)
        keep = rng.choice((0.1, 0.2, 0.3))
        cells = "".join(str(digits[rows[i // 4][i % 4] - 1]) if rng.random() < keep else "." for i in range(16))
        board = parse_puzzle(cells)
        if count(board, 2, "dfs").status is Status.MULTIPLE:
            boards.append(board)
    return boards


@pytest.mark.parametrize("board", small_multiple_boards(12, 5))
def test_single_and_pair_search_match_brute_force(board):
    additions = every_addition(board)
    singles = [g for g in additions if unique_with(board, [g])]
    pairs = [p for p in combinations(additions, 2) if p[0][:2] != p[1][:2] and unique_with(board, p)]
    with FewGivens(board, [], make("sat")) as search:
        one = search.single()
        assert (one is None) == (not singles)
        if one is not None:
            assert tuple(one[0]) in {(g,) for g in singles} and unique_with(board, one[0])
            return
        two, complete = search.pair()
        assert complete and (two is None) == (not pairs)
        if two is not None:
            assert unique_with(board, two[0]) and is_solution(two[1], board.with_givens(two[0]))
