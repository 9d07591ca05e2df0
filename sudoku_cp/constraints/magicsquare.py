"""Magic squares: a k x k block of cells whose rows, columns and two main diagonals all add up to one sum.

The rule is exactly that common sum (the block's own 2k + 2 lines; the sum is not given). The block's
digits are distinct wherever the grid's units say so: a box of a 9x9 holds 1..9 once each, so its
lines add up to 15 (the Lo Shu square and its seven turns and mirrors). A block that is not a unit
repeats no digit along its rows and columns (they lie in the grid's rows and columns) but may along
its diagonals: give it an ``extra-region`` as well when the puzzle says its digits are distinct. A
2x2 block never holds (its rows and columns say b = c and a = d, its diagonals then a = b), nor
does any 3x3 block of a 4x4 grid; the whole 4x4 grid does when both its diagonals add up to 10.

Document: ``{"type": "magicsquare", "cells": [[r, c], ...]}``, the block's k*k cells (k at least 2;
any order, written back row by row). f-puzzles has no magic square, so such a puzzle has no
f-puzzles link. Clauses: each line's sum equals the first row's, as partial sums over the two
lines' digits (``sums.sum_clauses``, the first row's weighed -1); CP: the same equalities as
linear rows.

>>> from sudoku_cp.core.shape import Shape
>>> square = Constraint("magicsquare", 0, ((1, 1), (1, 2), (2, 1), (2, 2)))
>>> KIND.holds(square, [0] * 5 + [1, 2, 0, 0, 2, 3] + [0] * 5, Rules.classic(Shape(2, 2)))
['magic square at r2c2: row 1 adds up to 3, row 2 to 5, column 1 to 3, column 2 to 5, the diagonal from r2c2 to 4, the diagonal from r3c2 to 4']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from math import isqrt
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Cell, PuzzleError, Shape, cell_name
from .base import Mark, NarrowedKind, index
from .forms import NoFpuzzlesIO, doc_cells
from .sums import Term, cell_term, sum_clauses


def block_lines(cells: Sequence[Cell]) -> list[tuple[str, tuple[Cell, ...]]]:
    """The block's lines with their names: rows, columns, the diagonal from its top-left corner, the one from
    its bottom-left corner (``cells`` row by row).

    >>> [name for name, _ in block_lines(((0, 0), (0, 1), (1, 0), (1, 1)))]
    ['row 1', 'row 2', 'column 1', 'column 2', 'the diagonal from r1c1', 'the diagonal from r2c1']
    """
    k = isqrt(len(cells))
    rows = [tuple(cells[i * k:i * k + k]) for i in range(k)]
    out = [(f"row {i + 1}", row) for i, row in enumerate(rows)]
    out += [(f"column {j + 1}", tuple(row[j] for row in rows)) for j in range(k)]
    out.append((f"the diagonal from {cell_name(*rows[0][0])}", tuple(rows[i][i] for i in range(k))))
    out.append((f"the diagonal from {cell_name(*rows[-1][0])}", tuple(rows[k - 1 - i][i] for i in range(k))))
    return out


def square_block(cells: Iterable[Cell]) -> list[Cell] | None:
    """The cells row by row when they are a square block of k rows and k columns (k at least 2), else None.

    >>> square_block([(1, 1), (0, 0), (0, 1), (1, 0)]), square_block([(0, 0), (0, 1)])
    ([(0, 0), (0, 1), (1, 0), (1, 1)], None)
    """
    cells = set(cells)
    k = isqrt(len(cells))
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    block = [(top + i, left + j) for i in range(k) for j in range(k)]
    return block if k >= 2 and set(block) == cells else None


def _bounds(masks: Sequence[int]) -> tuple[int, int]:
    """The smallest and largest sum of one candidate from each mask."""
    return sum((m & -m).bit_length() for m in masks), sum(m.bit_length() for m in masks)


class MagicSquare(NoFpuzzlesIO, NarrowedKind):
    name = "magicsquare"
    words = "magic square"
    fields = ("cells",)
    aux = "the partial sums of each line against the first row"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        cells = doc_cells(item, "cells", shape.size, where, 4)
        block = square_block(cells)
        if block is None or len(block) != len(cells):
            raise PuzzleError(f"{where} at {cell_name(*cells[0])}: {len(cells)} cells are not a square block: "
                              f"expected the k*k cells of k rows and k columns side by side (k at least 2)")
        return [Constraint(self.name, 0, tuple(block))]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def lines(self, constraint: Constraint, n: int) -> list[tuple[str, tuple[int, ...]]]:
        return [(name, tuple(index(n, c) for c in line)) for name, line in block_lines(constraint.cells)]

    def moved(self, constraint: Constraint, cell_map: Sequence[int], n: int) -> Any:
        """The same rule wherever the block's lines land on the same lines (a turn or mirror of the block)."""
        return (self.name, frozenset(frozenset(cell_map[i] for i in line) for _, line in self.lines(constraint, n)))

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        """The full lines whose sums differ (a line with a blank breaks nothing yet)."""
        full = [(name, sum(digits[i] for i in line)) for name, line in self.lines(constraint, rules.size)
                if all(digits[i] for i in line)]
        if len({total for _, total in full}) <= 1:
            return []
        said = [f"{name} adds up to {total}" if j == 0 else f"{name} to {total}" for j, (name, total) in enumerate(full)]
        return [f"{self.label(constraint)}: {', '.join(said)}"]

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        (_, first), *others = self.lines(constraint, n)
        out: list[list[int]] = []
        for _, line in others:
            shared = set(first) & set(line)
            terms: list[Term] = [cell_term(n, i) for i in line if i not in shared]
            terms += [cell_term(n, i, -1) for i in first if i not in shared]
            out += sum_clauses(terms, {0}, enc)
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        (_, first), *others = self.lines(constraint, n)
        for name, line in others:
            shared = set(first) & set(line)
            row = tuple((i, 1) for i in line if i not in shared) + tuple((i, -1) for i in first if i not in shared)
            spec.linear.append((f"{self.label(constraint)} {name}", row, 0, 0))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Bounds: the common sum lies within every line's smallest and largest sum, and a cell keeps a digit
        only when its line's other cells can still make up such a sum (exact once every cell has one digit)."""
        n = rules.size
        lines = [line for _, line in self.lines(constraint, n)]
        got = {i: masks[i] for line in lines for i in line}
        changed = True
        while changed:
            changed = False
            low, high = 0, n * n * n
            for line in lines:
                lo, hi = _bounds([got[i] for i in line])
                low, high = max(low, lo), min(high, hi)
            if low > high:
                return None
            for line in lines:
                lo, hi = _bounds([got[i] for i in line])
                for i in line:
                    m = got[i]
                    rest_lo, rest_hi = lo - (m & -m).bit_length(), hi - m.bit_length()
                    keep = 0
                    for d in range(1, n + 1):
                        if m >> (d - 1) & 1 and low <= d + rest_hi and d + rest_lo <= high:
                            keep |= 1 << (d - 1)
                    if keep != m:
                        if not keep:
                            return None
                        got[i], changed = keep, True
                        lo, hi = _bounds([got[j] for j in line])
        return [got[i] for i in self.touches(constraint, rules)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("shade", constraint.cells, "magic"), Mark("cage", constraint.cells)]


KIND = MagicSquare()
