"""Boards: a grid of digits and the rules it is played under.

>>> board = Board.from_rows([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 0]])
>>> board.blanks, board.rules.name, len(board.rules.units)
(1, 'classic', 12)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .rules import Constraint, Rules, Unit
from .shape import (
    MAX_SIZE,
    MIN_SIZE,
    Cell,
    Fact,
    Given,
    PuzzleError,
    Shape,
    cell_name,
    parse_box,
)


@dataclass(frozen=True)
class Board:
    """A puzzle or a solution: a shape, N * N digits in row-major order (0 for blank), and its rules.

    ``rules`` default to classic Sudoku on the shape (:meth:`Rules.classic`).
    """

    shape: Shape
    cells: tuple[int, ...]
    rules: Rules = field(default=None, repr=False)  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.rules is None:
            object.__setattr__(self, "rules", Rules.classic(self.shape))
        elif self.rules.shape != self.shape:
            raise PuzzleError(f"rules for a {self.rules.shape} do not fit a {self.shape} board")
        n = self.shape.size
        if len(self.cells) != n * n:
            raise PuzzleError(f"a {n}x{n} board needs {n * n} cells, got {len(self.cells)}")
        for i, d in enumerate(self.cells):
            if not (type(d) is int and 0 <= d <= n):
                raise PuzzleError(
                    f"cell {cell_name(i // n, i % n)} holds {d!r}: expected a digit 1..{n} or 0 (blank)"
                )

    @staticmethod
    def unchecked(shape: Shape, cells: tuple[int, ...], rules: Rules | None = None) -> "Board":
        """A board without the per-cell check of the constructor, for the fast paths.

        Only for cells already known to be N * N digits 0..N: a line the parser's symbol table
        produced, or a solver's answer that the independent checker verifies next.
        """
        board = object.__new__(Board)
        object.__setattr__(board, "shape", shape)
        object.__setattr__(board, "cells", cells)
        object.__setattr__(board, "rules", Rules.classic(shape) if rules is None else rules)
        return board

    @staticmethod
    def empty(shape: Shape, rules: Rules | None = None) -> "Board":
        return Board(shape, (0,) * (shape.size**2), Rules.classic(shape) if rules is None else rules)

    def blank(self) -> "Board":
        """The empty board under the same rules."""
        return Board.empty(self.shape, self.rules)

    def with_cells(self, cells: tuple[int, ...]) -> "Board":
        """Another grid under the same rules (a solution, say), checked like any board."""
        return Board(self.shape, tuple(cells), self.rules)

    @staticmethod
    def from_rows(rows: list[list[int]], box: tuple[int, int] | None = None) -> "Board":
        """Build a board from rows of integers (0 = blank).

        >>> Board.from_rows([[1, 2, 3, 4], [3, 4, 1, 2], [2, 1, 4, 3], [4, 3, 2, 0]]).blanks
        1
        """
        shape = Shape.for_size(len(rows), box)
        for r, row in enumerate(rows):
            if len(row) != shape.size:
                raise PuzzleError(f"row {r + 1} has {len(row)} cells: expected {shape.size}")
        return Board(shape, tuple(d for row in rows for d in row))

    @property
    def size(self) -> int:
        return self.shape.size

    @property
    def box(self) -> tuple[int, int]:
        return self.shape.box

    def __getitem__(self, cell: Cell) -> int:
        row, col = cell
        return self.cells[row * self.shape.size + col]

    def rows(self) -> list[list[int]]:
        n = self.shape.size
        return [list(self.cells[r * n : (r + 1) * n]) for r in range(n)]

    def givens(self) -> list[Given]:
        """The filled cells as ``(row, col, digit)``, row-major."""
        n = self.shape.size
        return [(i // n, i % n, d) for i, d in enumerate(self.cells) if d]

    @property
    def blanks(self) -> int:
        return self.cells.count(0)

    def is_full(self) -> bool:
        return 0 not in self.cells

    def with_givens(self, givens: list[Given] | tuple[Given, ...]) -> "Board":
        """A copy with the given cells set (digit 0 blanks a cell)."""
        n = self.shape.size
        cells = list(self.cells)
        for r, c, d in givens:
            cells[r * n + c] = d
        return Board(self.shape, tuple(cells), self.rules)


__all__ = ["Board", "Cell", "Constraint", "Fact", "Given", "MAX_SIZE", "MIN_SIZE", "PuzzleError",
           "Rules", "Shape", "Unit", "cell_name", "parse_box"]
