"""Jigsaw sizes with no box shape (5x5, 7x7, 11x11, ...): read boxless when regions are given, in
every form and command; refused, naming regions, when they are not."""

from __future__ import annotations

import json
import random

import pytest

from sudoku_cp.backends import make
from sudoku_cp.cli import main
from sudoku_cp.core.board import Board, PuzzleError, Shape
from sudoku_cp.core.check import is_solution
from sudoku_cp.formats.document import document, regions_box
from sudoku_cp.formats.fpuzzles import share_link
from sudoku_cp.formats.svg import board_svg, page_picture, region_borders
from sudoku_cp.formats.text import format_line, parse_puzzle

LABELS = "abcdefghijklmnopqrstuvwxyz"


def diagonal_jigsaw(n: int, seed: int) -> tuple[list[int], str]:
    """A solved N x N jigsaw (N odd) and its region labels: the cyclic Latin square (r + c) mod N
    with regions the diagonals r - c mod N (N odd: each diagonal holds every digit once), rows,
    columns and digits then shuffled at random (which keeps both)."""
    rng = random.Random(seed)
    rows, cols, digits = (rng.sample(range(n), n) for _ in range(3))
    grid = [digits[(rows[r] + cols[c]) % n] + 1 for r in range(n) for c in range(n)]
    regions = "".join(LABELS[(rows[r] - cols[c]) % n] for r in range(n) for c in range(n))
    return grid, regions


def test_a_prime_size_without_regions_says_regions_would_make_it_a_puzzle(capsys):
    with pytest.raises(PuzzleError, match=r"a 7x7 grid fits no box shape: .*or regions \(jigsaw\)"):
        parse_puzzle("." * 49)
    assert main(["validate", "." * 25]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "5x5 grid fits no box shape" in err and "regions (jigsaw)" in err


def test_box_on_a_boxless_jigsaw_is_a_one_line_error(tmp_path, capsys):
    grid, regions = diagonal_jigsaw(7, 1)
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"givens": "." * 49, "regions": regions}))
    assert main(["validate", "-f", str(path), "--box", "2x3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "box shape 2x3 does not fit a 7x7 grid" in err


def test_regions_box_is_boxless_only_where_no_box_shape_fits():
    assert [regions_box(n * n, None) for n in (4, 5, 7, 9, 11, 12, 13)] == [
        None, (1, 5), (1, 7), None, (1, 11), None, (1, 13)]
    assert regions_box(48, None) is None  # not N*N labels: the givens' own error says so
    assert Shape.for_regions(61) == Shape(1, 61) and Shape.for_regions(64) == Shape(8, 8)


@pytest.mark.parametrize("n, seed", [(5, 1), (5, 2), (7, 3), (7, 4), (11, 5), (13, 6)])
def test_random_boxless_jigsaws_read_in_every_form_and_solve(n, seed):
    grid, regions = diagonal_jigsaw(n, seed)
    rng = random.Random(seed)
    blanks = set(rng.sample(range(n * n), n * n // 3))
    givens: str | list = "".join("." if i in blanks else str(grid[i]) for i in range(n * n))
    if n > 9:  # digits above 9: JSON rows
        givens = [[0 if r * n + c in blanks else grid[r * n + c] for c in range(n)] for r in range(n)]
    puzzle = parse_puzzle(json.dumps({"givens": givens, "regions": regions}))
    assert puzzle.shape.boxless and not puzzle.rules.box and puzzle.rules.name == "jigsaw"
    if n <= 9:
        assert is_solution(Board(puzzle.shape, tuple(grid), puzzle.rules), puzzle)
        two_lines = parse_puzzle(f"{givens}\n{regions}")
        assert two_lines == puzzle
    for backend in ("sat", "cpsat", "dfs"):
        outcome = make(backend).solve(puzzle)
        assert outcome.solutions and is_solution(outcome.solutions[0], puzzle)
    back = parse_puzzle(json.dumps(document(puzzle, format_line(puzzle))))
    assert back.cells == puzzle.cells and back.rules == puzzle.rules
    linked = parse_puzzle(share_link(puzzle))
    assert linked.cells == puzzle.cells and linked.rules.region_of == puzzle.rules.region_of


def test_the_picture_and_the_page_outline_the_regions_not_rows():
    grid, regions = diagonal_jigsaw(5, 7)
    puzzle = parse_puzzle(json.dumps({"givens": "".join(map(str, grid[:5])) + "." * 20, "regions": regions}))
    borders = region_borders(puzzle)
    # diagonal regions: every pair of neighbours lies in two regions, so every inner line is a border
    assert sorted(borders) == sorted([(0, k, 5, k) for k in range(1, 5)] + [(k, 0, k, 5) for k in range(1, 5)])
    rows = parse_puzzle(json.dumps({"givens": "." * 25, "regions": "".join(LABELS[i // 5] for i in range(25))}))
    assert region_borders(rows) == [(0, k, 5, k) for k in range(1, 5)]  # rows as regions: no column line
    assert board_svg(puzzle) != board_svg(rows)
    assert page_picture(puzzle)["svg"] != page_picture(rows)["svg"]


def test_every_command_on_a_boxless_jigsaw(tmp_path, capsys):
    grid, regions = diagonal_jigsaw(7, 8)
    blanks = set(random.Random(8).sample(range(49), 20))
    givens = "".join("." if i in blanks else str(grid[i]) for i in range(49))
    path = tmp_path / "p.txt"
    path.write_text(f"{givens}\n{regions}\n")
    assert main(["validate", "-f", str(path)]) == 0
    assert main(["solve", "-f", str(path), "--backend", "all", "--svg", str(tmp_path / "s.svg")]) == 0
    assert main(["count", "-f", str(path)]) in (0, 1)
    assert main(["explain", "-f", str(path), "--steps", "--html", str(tmp_path / "e.html")]) in (0, 1)
    assert main(["encode", "-f", str(path), "-o", str(tmp_path / "p.cnf")]) == 0
    out = capsys.readouterr().out
    assert "c grid 7x7 (jigsaw regions, no boxes)" in (tmp_path / "p.cnf").read_text()
    assert "<svg" in (tmp_path / "s.svg").read_text() and "<html" in (tmp_path / "e.html").read_text().lower()
    assert "error" not in out


@pytest.mark.parametrize("n, seed", [(5, 7), (7, 8), (11, 9)])
def test_a_sudokupad_link_of_a_boxless_jigsaw_reads_its_regions(n, seed):
    """SudokuPad draws a jigsaw's regions as ``regions`` (lists of cells); a size with no box shape reads boxless."""
    from sudoku_cp.formats.sudokupad.link import zip_payload

    grid, labels = diagonal_jigsaw(n, seed)
    blank = random.Random(seed).sample(range(n), n)  # one blank a row: each row's digit left decides it
    cells = [[{} if c == blank[r] else {"value": grid[r * n + c]} for c in range(n)] for r in range(n)]
    regions = [[[i // n, i % n] for i in range(n * n) if labels[i] == label] for label in sorted(set(labels))]
    link = zip_payload({"cells": cells, "regions": regions})
    board = parse_puzzle(link)
    assert board.shape.boxless and board.rules.name == "jigsaw"
    def partition(seq) -> list[int]:  # each cell's region, numbered by first appearance
        first: dict = {}
        return [first.setdefault(x, len(first)) for x in seq]

    assert partition(board.rules.region_of) == partition(labels)
    assert main(["solve", link, "--unique", "--backend", "sat,cpsat,dfs", "--json"]) == 0
    with pytest.raises(PuzzleError, match=rf"{n - 1} regions of \[{n}\] cells: expected {n} regions of {n} cells"):
        parse_puzzle(zip_payload({"cells": cells, "regions": regions[:-1]}))
    with pytest.raises(PuzzleError, match=rf"a {n}x{n} grid fits no box shape"):
        parse_puzzle(zip_payload({"cells": cells}))
