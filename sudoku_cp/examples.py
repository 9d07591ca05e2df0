"""Built-in example puzzles, so the package runs without any data files.

>>> classic().givens()[:3]
[(0, 0, 5), (0, 1, 3), (0, 4, 7)]
"""

from __future__ import annotations

from importlib import resources

from .core.board import Board
from .formats.puzzle_files import iter_entries
from .formats.text import parse_puzzle

# The two boards of the classic "valid sudoku" exercise (JSON rows of strings).
CLASSIC_ROWS = [
    ["5", "3", ".", ".", "7", ".", ".", ".", "."],
    ["6", ".", ".", "1", "9", "5", ".", ".", "."],
    [".", "9", "8", ".", ".", ".", ".", "6", "."],
    ["8", ".", ".", ".", "6", ".", ".", ".", "3"],
    ["4", ".", ".", "8", ".", "3", ".", ".", "1"],
    ["7", ".", ".", ".", "2", ".", ".", ".", "6"],
    [".", "6", ".", ".", ".", ".", "2", "8", "."],
    [".", ".", ".", "4", "1", "9", ".", ".", "5"],
    [".", ".", ".", ".", "8", ".", ".", "7", "9"],
]
CLASSIC_SOLUTION = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
INVALID_ROWS = [["8"] + CLASSIC_ROWS[0][1:]] + CLASSIC_ROWS[1:]


def classic() -> Board:
    """The classic exercise's first board: valid, with one solution (:data:`CLASSIC_SOLUTION`)."""
    return Board.from_rows([[0 if s == "." else int(s) for s in row] for row in CLASSIC_ROWS])


def classic_invalid() -> Board:
    """The exercise's second board: an 8 at r1c1 repeats in column 1 and in the top-left box."""
    return Board.from_rows([[0 if s == "." else int(s) for s in row] for row in INVALID_ROWS])


def example_file() -> str:
    """Text of the shipped example file (4x4 to 16x16, unique, multiple, unsat and invalid puzzles)."""
    return resources.files("sudoku_cp.data").joinpath("examples.txt").read_text(encoding="utf-8")


def example_puzzles() -> list[Board]:
    """The shipped examples as boards."""

    return [e.board for e in iter_entries(example_file().splitlines()) if e.board is not None]


__all__ = ["classic", "classic_invalid", "example_file", "example_puzzles", "parse_puzzle"]
