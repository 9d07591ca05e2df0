"""Cells, digits, units and boards: the vocabulary every other module uses.

Glossary (the same words appear in code, CLI messages, JSON keys and ``encodings/``):

- *size* N: the grid is N x N, 4 <= N <= 64;
- *box shape* R x C: boxes of R rows and C columns, R * C = N;
- *cell*: a ``(row, col)`` pair, 0-based in code and JSON, ``r1c1``-style 1-based for people;
- *digit*: 1..N; *blank*: 0;
- *given*: a cell whose digit the puzzle fixes, written ``(row, col, digit)``;
- *unit*: a row, column or box: N cells that must hold every digit once;
- *peers*: the other cells that share a unit with a cell.

The rules are data: :func:`units` lists a shape's units, and encoders, backends and the
duplicate scan all work from that list.

>>> shape = Shape(2, 3)
>>> shape.size, len(units(shape))
(6, 18)
>>> units(shape)[12].kind, units(shape)[12].cells[:3]
('box', ((0, 0), (0, 1), (0, 2)))
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

MIN_SIZE = 4
MAX_SIZE = 64

Cell = tuple[int, int]
Given = tuple[int, int, int]


class PuzzleError(ValueError):
    """Bad puzzle input; the message names the place (line, column or cell) and what was expected."""


def cell_name(row: int, col: int) -> str:
    """Name a 0-based cell the way people write it.

    >>> cell_name(0, 2)
    'r1c3'
    """
    return f"r{row + 1}c{col + 1}"


@dataclass(frozen=True)
class Unit:
    """A group of cells that must hold each digit once: a row, a column or a box."""

    kind: str  # "row", "column" or "box" (variants may add others)
    index: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Shape:
    """The box shape of a grid: ``box_rows`` x ``box_cols`` boxes in an N x N grid, N = R * C."""

    box_rows: int
    box_cols: int

    @property
    def size(self) -> int:
        return self.box_rows * self.box_cols

    @property
    def box(self) -> tuple[int, int]:
        return (self.box_rows, self.box_cols)

    def box_index(self, row: int, col: int) -> int:
        """Number of the box holding a cell, boxes counted row by row from 0."""
        return (row // self.box_rows) * self.box_rows + col // self.box_cols

    def __str__(self) -> str:
        return f"{self.size}x{self.size} ({self.box_rows}x{self.box_cols} boxes)"

    @staticmethod
    def for_size(size: int, box: tuple[int, int] | None = None) -> "Shape":
        """The shape of an N x N grid: ``box`` if given, else square boxes, else the squarest R x C.

        >>> Shape.for_size(9), Shape.for_size(6), Shape.for_size(12, (4, 3))
        (Shape(box_rows=3, box_cols=3), Shape(box_rows=2, box_cols=3), Shape(box_rows=4, box_cols=3))
        """
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise PuzzleError(
                f"grid size {size}x{size} is outside the supported range: "
                f"expected N from {MIN_SIZE} to {MAX_SIZE}"
            )
        if box is not None:
            rows, cols = box
            if rows < 1 or cols < 1 or rows * cols != size:
                raise PuzzleError(
                    f"box shape {rows}x{cols} does not fit a {size}x{size} grid: "
                    f"expected R x C with R * C = {size}"
                )
            return Shape(rows, cols)
        root = math.isqrt(size)
        for rows in range(root, 1, -1):
            if size % rows == 0:
                return Shape(rows, size // rows)
        raise PuzzleError(
            f"a {size}x{size} grid fits no box shape: expected N = R * C with R, C >= 2 "
            f"(N = 4, 6, 8, 9, 10, 12, ...)"
        )


def parse_box(text: str) -> tuple[int, int]:
    """Read a box shape written ``RxC`` (``2x3``).

    >>> parse_box("2x3")
    (2, 3)
    """
    parts = [p.strip() for p in text.lower().replace("*", "x").split("x")]
    # isascii: str.isdigit() is also true of full-width and other non-ASCII digits
    if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 3 for p in parts):
        raise PuzzleError(f"box shape {text!r}: expected ROWSxCOLS such as 3x3 or 2x3")
    return int(parts[0]), int(parts[1])


@lru_cache(maxsize=None)
def units(shape: Shape) -> tuple[Unit, ...]:
    """Every unit of a shape: N rows, then N columns, then N boxes."""
    n = shape.size
    rows = [Unit("row", r, tuple((r, c) for c in range(n))) for r in range(n)]
    cols = [Unit("column", c, tuple((r, c) for r in range(n))) for c in range(n)]
    boxes = []
    for b in range(n):
        top = (b // shape.box_rows) * shape.box_rows
        left = (b % shape.box_rows) * shape.box_cols
        cells = tuple(
            (top + i, left + j) for i in range(shape.box_rows) for j in range(shape.box_cols)
        )
        boxes.append(Unit("box", b, cells))
    return tuple(rows + cols + boxes)


@lru_cache(maxsize=None)
def peers(shape: Shape) -> tuple[tuple[int, ...], ...]:
    """For each cell (as index row * N + col), the indices of its peers."""
    n = shape.size
    sets: list[set[int]] = [set() for _ in range(n * n)]
    for unit in units(shape):
        idx = [r * n + c for r, c in unit.cells]
        for i in idx:
            sets[i].update(idx)
    return tuple(tuple(sorted(s - {i})) for i, s in enumerate(sets))


@dataclass(frozen=True)
class Board:
    """A puzzle or a solution: a shape and N * N digits in row-major order, 0 for blank."""

    shape: Shape
    cells: tuple[int, ...]

    def __post_init__(self) -> None:
        n = self.shape.size
        if len(self.cells) != n * n:
            raise PuzzleError(f"a {n}x{n} board needs {n * n} cells, got {len(self.cells)}")
        for i, d in enumerate(self.cells):
            if not (isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= n):
                raise PuzzleError(
                    f"cell {cell_name(i // n, i % n)} holds {d!r}: expected a digit 1..{n} or 0 (blank)"
                )

    @staticmethod
    def empty(shape: Shape) -> "Board":
        return Board(shape, (0,) * (shape.size**2))

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
        return Board(self.shape, tuple(cells))

    def __str__(self) -> str:  # pragma: no cover - convenience
        from ..formats.text import format_grid

        return format_grid(self)

    def _repr_svg_(self) -> str | None:  # Jupyter shows a board as a picture when svg exists
        try:
            from ..formats.svg import board_svg
        except ImportError:
            return None
        return board_svg(self)
