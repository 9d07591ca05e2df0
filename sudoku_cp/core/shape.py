"""The vocabulary every other module uses: sizes, box shapes, cells, digits, givens.

Glossary (the same words appear in code, CLI messages, JSON keys and ``encodings/``):

- *size* N: the grid is N x N, 4 <= N <= 64;
- *box shape* R x C: boxes of R rows and C columns, R * C = N; a size with no box shape (5, 7,
  11, ...) is a puzzle only with regions (jigsaw), its shape *boxless*, written 1 x N;
- *cell*: a ``(row, col)`` pair, 0-based in code and JSON, ``r1c1``-style 1-based for people;
- *digit*: 1..N; *blank*: 0;
- *given*: a cell whose digit the puzzle fixes, written ``(row, col, digit)``;
- *fact*: ``(row, col, digit)`` says the cell holds the digit, ``(row, col, -digit)`` that it
  does not (what solvers are asked under, and what they answer in);
- *unit*: N cells that must hold every digit once (a row, column or box; see ``rules.py``);
- *peers*: the other cells that share a unit with a cell.

>>> Shape.for_size(6), cell_name(0, 2)
(Shape(box_rows=2, box_cols=3), 'r1c3')
"""

from __future__ import annotations

import math
from dataclasses import dataclass

MIN_SIZE = 4
MAX_SIZE = 64

Cell = tuple[int, int]
Given = tuple[int, int, int]
Fact = tuple[int, int, int]  # digit < 0: the cell does not hold -digit


class PuzzleError(ValueError):
    """Bad puzzle input; the message names the place (line, column or cell) and what was expected."""


def cell_name(row: int, col: int) -> str:
    """Name a 0-based cell the way people write it.

    >>> cell_name(0, 2)
    'r1c3'
    """
    return f"r{row + 1}c{col + 1}"


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

    @property
    def boxless(self) -> bool:
        """True for the shape of a jigsaw with no box shape (1 x N): regions replace its boxes."""
        return self.box_rows == 1

    def __str__(self) -> str:
        if self.boxless:
            return f"{self.size}x{self.size} (no boxes)"
        return f"{self.size}x{self.size} ({self.box_rows}x{self.box_cols} boxes)"

    @staticmethod
    def for_regions(size: int, box: tuple[int, int] | None = None) -> "Shape":
        """The shape of an N x N grid whose regions are given: as :meth:`for_size`, but boxless
        (1 x N) where no box shape fits, since the regions replace the boxes.

        >>> Shape.for_regions(7), Shape.for_regions(9)
        (Shape(box_rows=1, box_cols=7), Shape(box_rows=3, box_cols=3))
        """
        if box is None and MIN_SIZE <= size <= MAX_SIZE and not has_box_shape(size):
            return Shape(1, size)
        return Shape.for_size(size, box)

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
            if cols == 1 or (rows == 1 and has_box_shape(size)):  # 1 x N: boxless, for a size with no boxes
                raise PuzzleError(
                    f"box shape {rows}x{cols} on a {size}x{size} grid: expected R x C with R, C >= 2"
                )
            return Shape(rows, cols)
        root = math.isqrt(size)
        for rows in range(root, 1, -1):
            if size % rows == 0:
                return Shape(rows, size // rows)
        raise PuzzleError(
            f"a {size}x{size} grid fits no box shape: expected N = R * C with R, C >= 2 "
            f"(N = 4, 6, 8, 9, 10, 12, ...), or regions (jigsaw) that would make it a puzzle"
        )


def has_box_shape(size: int) -> bool:
    """True when an N x N grid has boxes: N = R * C with R, C >= 2.

    >>> has_box_shape(6), has_box_shape(7)
    (True, False)
    """
    return any(size % rows == 0 for rows in range(2, math.isqrt(size) + 1))


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
