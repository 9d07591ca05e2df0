"""True candidates (``tasks/candidates.py``, ``sudoku-cp candidates``): checked against an enumeration
of every solution written here (backtracking over the blank cells, the rules restated plainly),
on 4x4 (every catalogue kind), 6x6, 9x9 (classic, killer, thermometer) and 16x16 puzzles; a
unique puzzle's candidates are its solution, a puzzle with no solution has none, counts stop at
the cap, and the command's text, JSON and errors."""

from __future__ import annotations

import json
import random
import re

import pytest
from gridgen import blank_out, random_solved_rows
from test_catalogue import CASES, GRIDS, board_of

from sudoku_cp import examples
from sudoku_cp.backends import Deadline
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board
from sudoku_cp.core.results import Status
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.candidates import TrueCandidates, candidates


def completions(rows: list[list[int]], box_rows: int, box_cols: int, holds=lambda grid: True) -> list[tuple]:
    """Every solution of the classic rules (rows, columns, boxes) that ``holds``, by backtracking."""
    n = box_rows * box_cols
    grid = [row[:] for row in rows]
    blanks = [(r, c) for r in range(n) for c in range(n) if not grid[r][c]]
    out = []

    def free(r: int, c: int) -> list[int]:
        used = set(grid[r]) | {grid[i][c] for i in range(n)}
        r0, c0 = r - r % box_rows, c - c % box_cols
        used |= {grid[r0 + i][c0 + j] for i in range(box_rows) for j in range(box_cols)}
        return [d for d in range(1, n + 1) if d not in used]

    def fill(k: int) -> None:
        if k == len(blanks):
            if holds(grid):
                out.append(tuple(d for row in grid for d in row))
            return
        r, c = blanks[k]
        for d in free(r, c):
            grid[r][c] = d
            fill(k + 1)
        grid[r][c] = 0

    fill(0)
    return out


def check(found: TrueCandidates, solutions: list[tuple], limit: int) -> None:
    """``found`` says what the enumerated ``solutions`` say: each cell's digits, each count up to the cap."""
    n = found.puzzle.size
    assert found.status is (Status.UNSAT if not solutions else Status.UNIQUE if len(solutions) == 1
                            else Status.MULTIPLE)
    assert not found.undecided
    assert {s.cells for s in found.solutions} <= set(solutions)
    assert found.count <= len(solutions) and (not found.complete or found.count == len(solutions))
    for i in range(n * n):
        using = {}
        for s in solutions:
            using[s[i]] = using.get(s[i], 0) + 1
        assert found.digits[i] == tuple(sorted(using)), (i, found.digits[i], using)
        assert found.counts[i] == {d: min(k, limit) for d, k in sorted(using.items())}, i
        for d, k in using.items():
            if d in found.exact[i]:
                assert found.counts[i][d] == k  # an exact count is the true one
            if k < limit:
                assert d in found.exact[i]  # below the cap, every count is exact


@pytest.mark.parametrize("kind", sorted(CASES))
def test_every_catalogue_kind_on_4x4_matches_the_enumeration(kind):
    constraints, rule = CASES[kind]
    board = board_of(constraints)
    solutions = [tuple(v for row in g for v in row) for g in GRIDS if rule(g)]
    for backend, limit in (("sat", 1), ("sat", 3), ("sat", 300), ("dfs", 3)):
        check(candidates(board, backend=backend, limit=limit), solutions, limit)


@pytest.mark.parametrize("kind", ["killer", "thermometer", "arrow"])
def test_cpsat_one_shot_counts_match_the_enumeration(kind):
    constraints, rule = CASES[kind]
    solutions = [tuple(v for row in g for v in row) for g in GRIDS if rule(g)]
    check(candidates(board_of(constraints), backend="cpsat", limit=2), solutions, 2)


@pytest.mark.parametrize("box_rows,box_cols,keep,seed", [(2, 3, 0.45, 2), (2, 3, 0.45, 4), (3, 3, 0.5, 1),
                                                         (3, 3, 0.55, 0), (4, 4, 0.7, 2)])
def test_classic_puzzles_of_6x6_9x9_16x16_match_the_enumeration(box_rows, box_cols, keep, seed):
    rng = random.Random(seed)
    rows = blank_out(random_solved_rows(box_rows, box_cols, rng), keep, rng)
    solutions = completions(rows, box_rows, box_cols)
    assert 1 < len(solutions) < 500  # the case says something
    board = Board.from_rows(rows, (box_rows, box_cols))
    for backend, limit in (("sat", 2), ("sat", 1000), ("dfs", 3)):
        check(candidates(board, backend=backend, limit=limit), solutions, limit)


def cage_and_thermometer(solved: list[list[int]], rows: list[list[int]]):
    """A two-cell cage over blank cells and a three-cell thermometer rising in ``solved``."""
    n = len(solved)
    cage = next([(r, c), (r, c + 1)] for r in range(n) for c in range(n - 1) if not rows[r][c] and not rows[r][c + 1])
    thermo = next([(r, c), (r + 1, c), (r + 2, c)] for c in range(n) for r in range(n - 2)
                  if solved[r][c] < solved[r + 1][c] < solved[r + 2][c] and not rows[r + 1][c])
    return cage, sum(solved[r][c] for r, c in cage), thermo


def test_killer_and_thermometer_9x9_match_the_enumeration():
    rng = random.Random(1)
    solved = random_solved_rows(3, 3, rng)
    rows = blank_out(solved, 0.5, rng)  # 17 solutions to the classic rules, 4 with the cage and thermometer
    cage, total, thermo = cage_and_thermometer(solved, rows)

    def holds(grid):
        a, b = (grid[r][c] for r, c in cage)
        x, y, z = (grid[r][c] for r, c in thermo)
        return a + b == total and a != b and x < y < z

    solutions = completions(rows, 3, 3, holds)
    everything = completions(rows, 3, 3)
    assert 1 < len(solutions) < len(everything)  # the rules cut, and leave more than one
    doc = {"size": 9, "givens": rows, "constraints": [
        {"type": "killer", "cells": [list(c) for c in cage], "sum": total},
        {"type": "thermometer", "cells": [list(c) for c in thermo]}]}
    board = parse_puzzle(json.dumps(doc))
    for backend in ("sat", "dfs"):
        check(candidates(board, backend=backend, limit=2), solutions, 2)


def test_a_unique_puzzle_gives_its_solution():
    board = examples.classic()
    found = candidates(board)
    assert found.status is Status.UNIQUE and found.count == 1 and found.complete
    assert [d for (d,) in found.digits] == list(found.solution.cells)
    assert all(counts == {d: 1} and exact == {d} for counts, exact, d in
               zip(found.counts, found.exact, found.solution.cells))
    assert found.exit_code == 0


def test_no_solution_gives_empty_cells_and_says_so():
    board = parse_puzzle("1....2...3...4..")  # r1c2: not 1 (its row), not 2, 3, 4 (its column)
    assert completions(board.rows(), 2, 2) == []
    for backend in ("sat", "cpsat", "dfs"):
        found = candidates(board, backend=backend)
        assert found.status is Status.UNSAT and found.count == 0 and found.complete
        assert found.digits == [()] * 16 and found.to_json()["candidates"] == [[[]] * 4] * 4
        assert found.exit_code == 1


def test_duplicate_givens_are_invalid_without_a_solver():
    found = candidates(parse_puzzle("11" + "." * 14))
    assert found.status is Status.INVALID and found.conflicts and found.backend is None
    assert found.to_json()["candidates"] is None


def test_counts_stop_at_the_cap():
    empty = parse_puzzle("." * 16)  # 288 solutions, each digit of each cell in 72
    capped = candidates(empty, limit=2)
    assert capped.status is Status.MULTIPLE and not capped.complete
    assert all(c == {1: 2, 2: 2, 3: 2, 4: 2} and not e for c, e in zip(capped.counts, capped.exact))
    whole = candidates(empty, limit=100)
    assert whole.count == 288 and whole.complete
    assert all(c == {1: 72, 2: 72, 3: 72, 4: 72} and e == {1, 2, 3, 4} for c, e in zip(whole.counts, whole.exact))


def test_a_time_limit_leaves_the_rest_undecided():
    found = candidates(parse_puzzle("12..34....12...."), time_limit=Deadline(0))
    assert found.status is Status.UNKNOWN and found.exit_code == 4
    assert found.undecided and all(len(f) == 3 for f in found.undecided)


def test_backends_cross_checked_agree():
    found = candidates(parse_puzzle("12..34....12...."), backend="all")
    assert [r.backend.split(":")[0] for r in found.backends] == ["sat", "cpsat", "dfs"]
    assert found.digits[2] == (3, 4) and found.status is Status.MULTIPLE
    for limit in (1, 2, 5):  # a session and one-shot counts prove different counts exact: still agreed
        both = candidates(board_of(CASES["killer"][0]), backend="sat,dfs", limit=limit)
        assert both.status is Status.MULTIPLE and len(both.backends) == 2


def test_json_shape():
    out = candidates(parse_puzzle("12..34....12...."), limit=3).to_json()
    assert out["status"] == "multiple" and out["count"] == 2 and out["complete"] is True
    assert out["limit"] == 3 and out["undecided"] == []
    assert out["candidates"] == [[[1], [2], [3, 4], [3, 4]], [[3], [4], [2], [1]], [[4], [3], [1], [2]],
                                 [[2], [1], [3, 4], [3, 4]]]
    assert out["counts"][0][2] == [{"digit": 3, "count": 1, "complete": True},
                                   {"digit": 4, "count": 1, "complete": True}]
    assert out["counts"][1][0] == [{"digit": 3, "count": 2, "complete": True}]  # all (two) solutions known
    assert json.loads(json.dumps(out)) == out


def test_cli_text_json_and_exit_codes(capsys):
    assert main(["candidates", "12..34....12...."]) == 1  # multiple
    out = capsys.readouterr().out
    assert out.startswith("multiple: more than one solution (exactly 2 solutions)")
    assert "=1  =2 | 34  34\n" in out and "2   1  | 34  34\n" in out
    assert main(["candidates", "12..34....12....", "--json", "--limit", "5"]) == 1
    record = json.loads(capsys.readouterr().out)
    assert record["candidates"][3] == [[2], [1], [3, 4], [3, 4]] and record["limit"] == 5
    assert main(["candidates", "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"]) == 0
    assert "unique: exactly one solution" in capsys.readouterr().out
    assert main(["candidates", "1....2...3...4.."]) == 1
    assert main(["candidates", "11.............."]) == 1
    assert "invalid" in capsys.readouterr().out


@pytest.mark.parametrize("argv,words", [
    (["12..34....12.x.."], "unknown symbol 'x'"),
    (["12..34....12....", "--limit", "0"], "--limit"),
    (["12..34....12....", "--backend", "nosuch"], "unknown backend 'nosuch'"),
    (["12..34....12....", "--json", "--svg", "x.svg"], "expected --json or --svg"),
    (["." * 15], "15"),
])
def test_cli_bad_input_is_one_line_exit_2(capsys, argv, words):
    assert main(["candidates", *argv]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1 and "Traceback" not in err, err


def test_cli_svg_draws_the_candidates_small_and_the_givens_apart(tmp_path, capsys):
    path = tmp_path / "marks.svg"
    assert main(["candidates", "12..34....12....", "--svg", str(path)]) == 1
    svg = path.read_text()
    small = re.findall(r'<text class="candidate"[^>]*>(\d)</text>', svg)
    assert sorted(small) == sorted("3434" + "21" + "43" + "21" + "3434")  # each blank cell's true candidates
    assert "picture written to" in capsys.readouterr().out


def test_the_api_names_it():
    import sudoku_cp
    from sudoku_cp import api

    assert sudoku_cp.candidates is candidates is api.candidates
    assert "candidates" in sudoku_cp.__all__ and "candidates" in api.__all__


def test_explain_page_data_carries_the_true_candidates():
    from sudoku_cp.formats.steps_html import steps_page
    from sudoku_cp.tasks.explain import explain

    board = examples.classic()
    steps = explain(board, steps=True).steps
    data = steps.page_data()
    assert data["true_candidates"] == [[d] for d in candidates(board).solution.cells]
    assert '"true_candidates":[[5],[3],[4]' in steps_page(steps)
