"""The duplicate scan reports every conflict; is_solution checks any answer independently."""

from __future__ import annotations

from sudoku_cp import find_conflicts, is_solution, parse_puzzle, validate
from sudoku_cp.core.results import Status
from sudoku_cp.examples import CLASSIC_SOLUTION, classic, classic_invalid


def test_first_classic_board_is_valid():
    result = validate(classic())
    assert result.status is Status.VALID and result.conflicts == []


def test_second_classic_board_names_both_conflicts():
    conflicts = find_conflicts(classic_invalid())
    found = {(c.unit, c.index, c.digit, tuple(map(tuple, c.cells))) for c in conflicts}
    assert found == {("box", 0, 8, ((0, 0), (2, 2))), ("column", 0, 8, ((0, 0), (3, 0)))}
    assert validate(classic_invalid()).status is Status.INVALID
    assert [c.describe() for c in conflicts] == ["two 8s in column 1 (r1c1, r4c1)",
                                                "two 8s in box 1 (r1c1, r3c3)"]


def test_every_repeat_is_reported_with_all_its_cells():
    board = parse_puzzle("1..1" "...." "...." "1...")
    conflicts = find_conflicts(board)
    assert [(c.unit, c.index, c.cells) for c in conflicts] == [
        ("row", 0, [(0, 0), (0, 3)]), ("column", 0, [(0, 0), (3, 0)])]
    triple = parse_puzzle("222." "...." "...." "....")
    assert [(c.unit, c.index, c.digit, c.cells) for c in find_conflicts(triple)] == [
        ("row", 0, 2, [(0, 0), (0, 1), (0, 2)]), ("box", 0, 2, [(0, 0), (0, 1)])]


def test_is_solution():
    puzzle = classic()
    solution = parse_puzzle(CLASSIC_SOLUTION)
    assert is_solution(solution, puzzle)
    assert is_solution(solution)
    swapped = list(solution.cells)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    assert not is_solution(parse_puzzle("".join(map(str, swapped))))
    other_puzzle = parse_puzzle("6" + "." * 80)
    assert not is_solution(solution, other_puzzle)  # a given was changed
    assert not is_solution(puzzle)  # blanks are not a solution
