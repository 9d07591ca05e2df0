"""Index lines: the digit in the Kth cell along the line, counted from its diamond end, is the position along
the line where the digit K appears (a 3 on the diamond: the line's third cell holds 1).

So with the line's cells p1..pL from the diamond, ``p_K = d`` needs ``d <= L`` (a position the line has) and
``p_d = K``; a line holds digits 1..L only, and is at most N cells long. Not f-puzzles' row, column and box
*indexers* (the ``indexer`` kind), a different rule. Document: ``{"type": "indexline", "cells": [[r, c], ...]}``
(the diamond's cell first). f-puzzles has no index line, so such a puzzle has no f-puzzles link. Clauses: for
each two positions i and j on the line, "i holds j" exactly when "j holds i", and no cell holds more than L:
a binary clause per forbidden digit pair (a pair rule).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("indexline", 0, ((0, 0), (0, 1), (1, 1)))
>>> KIND.holds(line, [3, 0, 0, 0, 0, 2] + [0] * 10, Rules.classic(Shape(2, 2)))
['index line at r1c1: 3 in cell 1 (r1c1) but 2 in cell 3 (r2c2), where 1 belongs']
>>> KIND.holds(line, [0, 4] + [0] * 14, Rules.classic(Shape(2, 2)))
["index line at r1c1: 4 in cell 2 (r1c2), past the line's 3 cells"]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Constraint, Rules
from ..core.shape import cell_name
from .base import Mark, PairKind, PairTest, index
from .forms import LineIO, NoFpuzzlesIO


def points_to(i: int, j: int, length: int) -> PairTest:
    """The test on the digits of positions ``i`` < ``j`` (1-based) of a line of ``length`` cells: each at most
    the length, and ``i`` holds ``j`` exactly when ``j`` holds ``i``.

    >>> ok = points_to(1, 3, 3)
    >>> ok(3, 1), ok(3, 2), ok(2, 2), ok(4, 1)
    (True, False, True, False)
    """

    def ok(x: int, y: int) -> bool:
        return x <= length and y <= length and (x == j) == (y == i)
    return ok


class IndexLine(NoFpuzzlesIO, LineIO, PairKind):
    name = "indexline"
    words = "index line"

    def longest(self, n: int) -> int:
        return n

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        k = len(idx)
        return [(idx[i], idx[j], points_to(i + 1, j + 1, k)) for i in range(k) for j in range(i + 1, k)]

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        """A digit past the line's length breaks it alone (a given 5 on a line of 3); then each pair."""
        n = rules.size
        k = len(constraint.cells)
        past = [f"{self.label(constraint)}: {d} in cell {j + 1} ({cell_name(*c)}), past the line's {k} cells"
                for j, c in enumerate(constraint.cells) for d in [digits[index(n, c)]] if d > k]
        return past or super().holds(constraint, digits, rules)

    def describe_break(self, constraint: Constraint, a: int, b: int, x: int, y: int, n: int) -> str:
        idx = [index(n, c) for c in constraint.cells]
        where = {i: f"cell {idx.index(i) + 1} ({cell_name(*divmod(i, n))})" for i in (a, b)}
        if x == idx.index(b) + 1:
            return f"{self.label(constraint)}: {x} in {where[a]} but {y} in {where[b]}, where {idx.index(a) + 1} belongs"
        return f"{self.label(constraint)}: {y} in {where[b]} but {x} in {where[a]}, where {idx.index(b) + 1} belongs"

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "indexline"), Mark("diamond", constraint.cells[:1])]


KIND = IndexLine()
