"""generate: unique (re-checked by dfs/cpsat, not the SAT solver that made it), minimal, symmetric, reproducible."""

from __future__ import annotations

import json

import pytest
from gridgen import dataset_lines

from sudoku_cp.constraints import maps_to_itself
from sudoku_cp import examples
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board, Rules, Shape, Unit
from sudoku_cp.core.check import is_solution
from sudoku_cp.core.results import Status
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.generate import difficulty, generate, generate_one, orbits
from sudoku_cp.tasks.solving import count

SHAPES = [Shape(2, 2), Shape(2, 3), Shape(3, 2), Shape(2, 4), Shape(3, 3)]


def assert_unique_and_minimal(puzzle: Board, solution: Board, backend: str, check_minimal: bool) -> None:
    again = count(puzzle, 2, backend)
    assert again.status is Status.UNIQUE and again.solution == solution
    assert is_solution(solution, puzzle)
    if check_minimal:
        for r, c, _ in puzzle.givens():
            assert count(puzzle.with_givens([(r, c, 0)]), 2, backend).status is Status.MULTIPLE


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("symmetry", ["none", "rotational", "diagonal"])
def test_generated_puzzles_are_unique_minimal_and_symmetric(shape, symmetry):
    for made in generate(shape, count=2, seed=11, symmetry=symmetry):
        puzzle = made.puzzle
        assert puzzle.shape == shape and made.minimal
        # re-checked by dfs, not by the SAT solver that carved it (nor by cpsat that verified it)
        assert_unique_and_minimal(puzzle, made.solution, "dfs", check_minimal=symmetry == "none")
        n = shape.size
        filled = {i for i, d in enumerate(puzzle.cells) if d}
        for group in orbits(n, symmetry):
            assert all(i in filled for i in group) or not any(i in filled for i in group)


def test_16x16_unique_by_cpsat():
    made = generate_one(Shape(4, 4), seed=5)
    assert_unique_and_minimal(made.puzzle, made.solution, "cpsat", check_minimal=False)
    assert made.clues < 16 * 16 // 2


def test_reproducible_from_the_seed_and_clue_target():
    a = generate_one(Shape(3, 3), seed=42)
    b = generate_one(Shape(3, 3), seed=42)
    assert a.puzzle == b.puzzle and a.solution == b.solution
    others = {generate_one(Shape(3, 3), seed=s).puzzle for s in range(43, 47)}
    assert len(others | {a.puzzle}) == 5
    made = generate_one(Shape(3, 3), seed=3, clues=30)
    assert made.clues == 30 and not made.minimal
    assert count(made.puzzle, 2, "dfs").status is Status.UNIQUE


def naive_singles(board: Board) -> bool:
    """Naked and hidden singles, written plainly: does repeating them fill the grid?"""
    n = board.size
    grid = dict(((r, c), d) for r, c, d in board.givens())
    cells = [(r, c) for r in range(n) for c in range(n)]
    cand = {cell: set(range(1, n + 1)) for cell in cells}
    unit_list = [u.cells for u in board.rules.units]
    changed = True
    while changed:
        changed = False
        for cell, d in list(grid.items()):
            cand[cell] = {d}
            for u in unit_list:
                if cell in u:
                    for other in u:
                        if other != cell and d in cand[other]:
                            cand[other].discard(d)
                            changed = True
        for cell in cells:
            if cell not in grid and len(cand[cell]) == 1:
                grid[cell] = next(iter(cand[cell]))
                changed = True
        for u in unit_list:
            for d in range(1, n + 1):
                spots = [cell for cell in u if d in cand[cell]]
                if len(spots) == 1 and spots[0] not in grid:
                    grid[spots[0]] = d
                    changed = True
    return len(grid) == n * n


def test_propagation_signal_matches_naked_and_hidden_singles():
    lines = dataset_lines("17clue-half.txt", limit=40, step=600)
    seen = set()
    for line in lines:
        board = parse_puzzle(line)
        signal = difficulty(board, dfs_max_size=0)
        assert signal["propagation_solves"] == naive_singles(board), line
        seen.add(signal["propagation_solves"])
    assert seen == {True, False}  # the sample holds both kinds
    assert difficulty(examples.classic())["dfs_nodes"] > 0


def test_cli_generate(capsys):
    code = main(["generate", "--size", "6", "--count", "2", "--seed", "9", "--symmetry", "rotational"])
    out = capsys.readouterr().out.splitlines()
    assert code == 0 and len(out) == 4 and out[0].startswith("# seed 9")
    for line in out[1::2]:
        assert count(parse_puzzle(line, box=(2, 3)), 2, "dfs").status is Status.UNIQUE
    code = main(["generate", "--size", "12", "--box", "3x4", "--seed", "1", "--json", "--difficulty"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["status"] == "unique" and data["box"] == [3, 4]
    assert set(data["difficulty"]) >= {"propagation_solves", "sat_conflicts", "dfs_nodes"}
    again = count(parse_puzzle(data["puzzle"], box=(3, 4)), 2, "cpsat")
    assert again.status is Status.UNIQUE and again.solution == parse_puzzle(data["solution"], box=(3, 4))
    assert main(["generate", "--clues", "12", "--seed", "1"]) == 1
    assert main(["generate", "--size", "7"]) == 2


def test_cli_generate_words_a_dfs_count_cut_short_and_one_clue(capsys, monkeypatch):
    # dfs stopped by its time limit leaves dfs_nodes None: the line says so, not "dfs nodes None"
    import sudoku_cp.tasks.generate as gen

    real = gen.difficulty
    monkeypatch.setattr(gen, "difficulty", lambda board, **kw: dict(real(board, **kw), dfs_nodes=None))
    assert main(["generate", "--size", "4", "--seed", "2", "--difficulty"]) == 0
    head = capsys.readouterr().out.splitlines()[0]
    assert "dfs nodes not counted (dfs did not finish within 2 s); SE 1.2" in head and "None" not in head
    assert main(["generate", "--size", "4", "--seed", "3", "--clues", "1"]) == 1
    assert "no unique 4x4 puzzle with 1 clue found in " in capsys.readouterr().err


def x_rules(shape: Shape) -> Rules:
    """Classic units plus the two main diagonals (X-Sudoku), built directly as data."""
    n = shape.size
    diagonals = (Unit("diagonal", 0, tuple((i, i) for i in range(n))),
                 Unit("anti-diagonal", 0, tuple((i, n - 1 - i) for i in range(n))))
    return Rules(shape, Rules.classic(shape).units + diagonals, name="x")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_variant_gets_unique_puzzles_that_keep_its_rules(seed):
    shape = Shape(3, 3)
    rules = x_rules(shape)
    made = generate_one(shape, seed=seed, rules=rules)
    puzzle, solution = made.puzzle, made.solution
    assert puzzle.rules == rules and solution.rules == rules and not rules.is_classic
    n = shape.size
    assert sorted(solution[i, i] for i in range(n)) == list(range(1, n + 1))
    assert sorted(solution[i, n - 1 - i] for i in range(n)) == list(range(1, n + 1))
    again = count(puzzle, 2, "dfs")  # dfs reads the diagonals from the rules
    assert again.status is Status.UNIQUE and again.solution == solution
    # the diagonals did work: under the classic rules alone these clues leave several solutions
    assert count(Board(shape, puzzle.cells), 2, "dfs").status is Status.MULTIPLE
    assert Board.empty(shape, rules).rules is rules


def test_moves_that_break_the_diagonals_are_refused():
    shape = Shape(3, 3)
    rules, classic = x_rules(shape), Rules.classic(shape)
    n = shape.size

    def row_map(src):  # row src[k] moves to row k
        cell_map = [0] * (n * n)
        for k, old in enumerate(src):
            for c in range(n):
                cell_map[old * n + c] = k * n + c
        return cell_map

    swap_bands = row_map([3, 4, 5, 0, 1, 2, 6, 7, 8])
    swap_rows = row_map([1, 0, 2, 3, 4, 5, 6, 7, 8])
    transpose = [c * n + r for r in range(n) for c in range(n)]
    assert maps_to_itself(classic, swap_bands) and not maps_to_itself(rules, swap_bands)
    assert maps_to_itself(classic, swap_rows) and not maps_to_itself(rules, swap_rows)
    assert maps_to_itself(classic, transpose) and maps_to_itself(rules, transpose)
    reverse_rows = row_map(list(range(n - 1, -1, -1)))  # swaps the two diagonals: allowed
    assert maps_to_itself(rules, reverse_rows)
