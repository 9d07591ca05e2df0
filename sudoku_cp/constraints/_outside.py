"""Clues beside a row or column (sandwich sums, X-sums): where they stand and the line they read.

A clue stands just outside the grid: row or column -1 or N (0-based), beside row r or column c,
never at a corner. Its *line* is that row or column's cells in the order read from the clue.
Document: ``{"type": ..., "clue": [r, c], "sum": 10}``; f-puzzles ``{"cell": "R0C3", "value":
"10"}`` (R0 above the grid, C0 left of it; R10 / C10 below / right of a 9x9).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Cell, PuzzleError, Shape, cell_name
from .base import Kind, Mark, index, mask_of
from .forms import fp_clues, fp_name

SIDES = {"top": "down", "bottom": "up", "left": "right", "right": "left"}


def line_of(clue: Cell, n: int, at: str) -> tuple[Cell, ...]:
    """The cells a clue beside the grid reads, from the clue inwards."""
    r, c = clue
    if 0 <= r < n and 0 <= c < n:
        raise PuzzleError(f"{at}: the clue at {cell_name(r, c)} is inside the grid: expected an outside "
                          f"clue (row or column -1 or {n}, 0-based; R0/C0 or R{n + 1}/C{n + 1} in f-puzzles)")
    if r in (-1, n) and 0 <= c < n:
        rows = range(n) if r == -1 else range(n - 1, -1, -1)
        return tuple((i, c) for i in rows)
    if c in (-1, n) and 0 <= r < n:
        cols = range(n) if c == -1 else range(n - 1, -1, -1)
        return tuple((r, j) for j in cols)
    raise PuzzleError(f"{at}: the clue at row {r}, column {c} is not beside a row or column: expected "
                      f"row -1 or {n} with a column 0..{n - 1}, or column -1 or {n} with a row 0..{n - 1}")


def direction(clue: Cell, n: int) -> str:
    r, c = clue
    return "down" if r == -1 else "up" if r == n else "right" if c == -1 else "left"


class OutsideClue(Kind):
    """A number beside a row or column about the digits of that line."""

    fields = ("clue", "sum")
    number = "sum"  # the document key of the clue's number

    def sums(self, n: int, length: int) -> tuple[int, int]:
        """The least and greatest sum the rule allows on a line of N cells."""
        raise NotImplementedError

    def _make(self, clue: Cell, total: Any, n: int, at: str) -> Constraint:
        cells = line_of(clue, n, at)
        low, high = self.sums(n, len(cells))
        if type(total) is not int or not low <= total <= high:
            raise PuzzleError(f"{at}: sum {total!r} is impossible for a {self.words} clue on a {n}x{n} "
                              f"(expected {low}..{high})")
        return Constraint(self.name, 0, cells, total, (clue,))

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        clue = item.get("clue")
        if not (isinstance(clue, list) and len(clue) == 2 and all(type(v) is int for v in clue)):
            raise PuzzleError(f"{where}: \"clue\" is {clue!r}: expected [row, col] just outside the grid")
        return [self._make((clue[0], clue[1]), item.get(self.number), shape.size, where)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "clue": list(constraint.data[0]), self.number: constraint.value}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        return [self._make(clue, total, shape.size, at) for _entry, at, total, clue in fp_clues(value, key, shape, where)]

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out[self.fpuzzles[0]] = [{"cell": fp_name(k.data[0]), "value": str(k.value)} for k in constraints]

    def label(self, constraint: Constraint) -> str:
        """Where the clue stands: ``X-sum 8 left of row 2`` and ``X-sum 8 right of row 2`` are two
        clues (an X-sum reads from its side).

        >>> from sudoku_cp.constraints import kind_of
        >>> kind_of("xsum").label(kind_of("xsum").read({"clue": [1, 9], "sum": 8}, Shape(3, 3), "x")[0])
        'X-sum 8 right of row 2'
        """
        r, c = constraint.data[0]
        n = len(constraint.cells)
        place = (f"above column {c + 1}" if r == -1 else f"below column {c + 1}" if r == n
                 else f"left of row {r + 1}" if c == -1 else f"right of row {r + 1}")
        return f"{self.words} {constraint.value} {place}"

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("outside", constraint.data, "", str(constraint.value))]


class ValueClue(OutsideClue):
    """An outside clue whose number is not a sum (skyscrapers, numbered rooms): document
    ``{"type": ..., "clue": [r, c], "value": k}``; what a cell may hold is what :meth:`narrow`
    leaves it with the filled cells as its candidates."""

    fields = ("clue", "value")
    number = "value"

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n = rules.size
        full = (1 << n) - 1
        masks = [mask_of([d]) if d else full for d in cells]
        masks[i] = full
        got = self.narrow(constraint, masks, rules)
        return 0 if got is None else got[[index(n, c) for c in constraint.cells].index(i)]
