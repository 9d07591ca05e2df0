"""Sum cages: the digits of a cage add up to its sum, and may repeat (a killer cage without its distinct rule).

Document: ``{"type": "sumcage", "cells": [[0, 0], [0, 1]], "sum": 10}`` (``sum`` required: a cage whose digits
may repeat and that has no sum says nothing). The rows, columns and boxes still hold each digit once, so a cage
inside one of them never repeats a digit anyway. f-puzzles has no such cage (its ``killercage`` is the killer's,
digits distinct), so such a puzzle has no f-puzzles link. As sigh's Interactive Sudoku Solver's ``Sum``
constraint with unit coefficients reads it. Clauses: the partial sums of :func:`~.sums.sum_clauses`, as a
little killer's diagonal.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> cage = Constraint("sumcage", 0, ((0, 0), (1, 1)), 5)
>>> KIND.holds(cage, [2, 0, 0, 0, 0, 2] + [0] * 10, Rules.classic(Shape(2, 2)))
['sum cage at r1c1 sums to 4, needs 5']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, index
from .forms import NoFpuzzlesIO, doc_cells, doc_int
from ._repeating_sum import RepeatingSum


class SumCage(RepeatingSum, NoFpuzzlesIO, Kind):
    name = "sumcage"
    words = "sum cage"
    fields = ("cells", "sum")
    ordered = False
    aux = "partial sums over the cage's cells"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        cells = doc_cells(item, "cells", shape.size, where)
        at = f"{where} at {cell_name(*cells[0])}"
        if item.get("sum") is None:
            raise PuzzleError(f"{at}: no \"sum\": expected the cage's total (a cage whose digits may repeat says "
                              f"nothing without one)")
        total = doc_int(item, "sum", at)
        n = shape.size
        if not len(cells) <= total <= len(cells) * n:  # type: ignore[operator]
            raise PuzzleError(f"{at}: sum {total} is impossible for {len(cells)} "
                              f"digits 1..{n} (expected {len(cells)}..{len(cells) * n})")
        return [Constraint(self.name, 0, cells, total)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells], "sum": constraint.value}

    def label(self, constraint: Constraint) -> str:
        return f"sum cage at {cell_name(*constraint.cells[0])}"

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        got = [digits[index(rules.size, c)] for c in constraint.cells]
        total = constraint.value or 0
        blanks = got.count(0)
        if sum(got) + blanks <= total <= sum(got) + blanks * rules.size:
            return []
        if not blanks:
            return [f"{self.label(constraint)} sums to {sum(got)}, needs {total}"]
        return [f"{self.label(constraint)}: {' '.join(str(d) if d else '.' for d in got)} cannot add up to {total}"]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("cage", constraint.cells, "repeat", str(constraint.value))]


KIND = SumCage()
