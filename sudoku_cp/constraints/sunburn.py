"""Sunburn: the digit on a sun is how many of the cells around it (orthogonally or diagonally adjacent) hold a
smaller digit.

Document: ``{"type": "sunburn", "cells": [[r, c], ...]}`` (one sun per cell). f-puzzles has no sun, so such a
puzzle has no f-puzzles link. Clauses: a variable per neighbour, "smaller than the sun" (a ternary clause per
pair of the two cells' digits), and the partial sums (``sums.sum_clauses``) of those variables less the sun's
digit ending at 0.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> sun = Constraint("sunburn", 0, ((0, 0),))
>>> KIND.holds(sun, [2, 1, 0, 0, 3, 4] + [0] * 10, Rules.classic(Shape(2, 2)))
['sun at r1c1: 2 with 1 smaller neighbour']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Cell
from .base import Mark, NarrowedKind, index, lit
from .forms import CellsIO, NoFpuzzlesIO
from .sums import Term, sum_clauses


def around(cell: Cell, n: int) -> list[Cell]:
    """The cells orthogonally or diagonally adjacent to ``cell`` on an N x N grid, row-major.

    >>> around((0, 0), 4)
    [(0, 1), (1, 0), (1, 1)]
    """
    r, c = cell
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
            if (dr or dc) and 0 <= r + dr < n and 0 <= c + dc < n]


class Sunburn(NoFpuzzlesIO, CellsIO, NarrowedKind):
    name = "sunburn"
    words = "sun"
    aux = "per neighbour, 'smaller than the sun'; partial sums of those"

    def maps_to_itself(self, constraints: Sequence[Constraint], cell_map: Sequence[int], rules: Rules) -> bool:
        """Each sun lands on a sun, and its neighbours on that sun's neighbours (swapping two rows of a band moves
        the neighbours of a sun on a row beside them and no sun)."""
        n = rules.size
        suns = {index(n, c.cells[0]) for c in constraints}
        for i in suns:
            there = cell_map[i]
            if there not in suns or {cell_map[index(n, c)] for c in around(divmod(i, n), n)} != \
                    {index(n, c) for c in around(divmod(there, n), n)}:
                return False
        return True

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        sun = digits[index(n, constraint.cells[0])]
        if not sun:
            return []
        near = [digits[index(n, c)] for c in around(constraint.cells[0], n)]
        smaller = sum(1 for d in near if d and d < sun)
        blank = near.count(0)
        if smaller > sun or smaller + blank < sun:
            return [f"{self.label(constraint)}: {sun} with {smaller} smaller neighbour{'' if smaller == 1 else 's'}"
                    + (f" and {blank} blank" if blank else "")]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        s = index(n, constraint.cells[0])
        near = [index(n, c) for c in around(constraint.cells[0], n)]
        first = enc.new_vars(len(near))
        out: list[list[int]] = []
        terms: list[Term] = [[((lit(n, s, d),), -d) for d in range(1, n + 1)]]
        for k, j in enumerate(near):
            below = first + k  # "the neighbour holds a digit smaller than the sun's"
            for d in range(1, n + 1):
                for x in range(1, n + 1):
                    out.append([-lit(n, s, d), -lit(n, j, x), below if x < d else -below])
            terms.append([((below,), 1), ((-below,), 0)])
        return out + sum_clauses(terms, {0}, enc)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        s = index(n, constraint.cells[0])
        name = self.label(constraint)
        terms = [(s, -1)]
        for c in around(constraint.cells[0], n):
            j = index(n, c)
            below = spec.new_var(f"{name}: {c} smaller", 0, 1)
            spec.tables.append((name, (s, j, below), [(d, x, int(x < d)) for d in range(1, n + 1)
                                                      for x in range(1, n + 1)]))
            terms.append((below, 1))
        spec.linear.append((name, tuple(terms), 0, 0))

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        n = rules.size
        return (index(n, constraint.cells[0]),) + tuple(index(n, c) for c in around(constraint.cells[0], n))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """For each digit d the sun may hold: the neighbours that must be smaller (every candidate below d) and
        those that may; d stays when it lies between the two counts. At the top count every neighbour that may be
        smaller must be, at the bottom none but those that must."""
        touched = self.touches(constraint, rules)
        sun, near = masks[touched[0]], [masks[j] for j in touched[1:]]
        kept, out = 0, [0] * len(near)
        for d in range(1, rules.size + 1):
            if not sun >> (d - 1) & 1:
                continue
            below = (1 << (d - 1)) - 1
            must = sum(1 for m in near if m and not m & ~below)
            may = sum(1 for m in near if m & below)
            if not must <= d <= may:
                continue
            kept |= 1 << (d - 1)
            for k, m in enumerate(near):
                if d == may and m & below:
                    m &= below
                elif d == must and m & ~below:
                    m &= ~below
                out[k] |= m
        if not kept or not all(out):
            return None
        return [kept] + [m & masks[j] for m, j in zip(out, touched[1:])]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("sun", constraint.cells)]


KIND = Sunburn()
