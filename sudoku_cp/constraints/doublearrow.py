"""Double arrows: a line whose two end cells are circles; the digits between them add up to the
two circles' sum. As sigh's Interactive Sudoku Solver's ``DoubleArrow`` and rangsk's
``DoubleArrowConstraint`` read it.

Document: ``{"type": "doublearrow", "cells": [[r, c], ...]}`` (the circles first and last, 3 cells
or more); f-puzzles ``doublearrow``. Clauses: partial sums of the line's inner cells less the
two ends' digits, ending at 0 (an arrow's shape).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("doublearrow", 0, ((0, 0), (0, 1), (0, 2))), [1, 4, 2] + [0] * 13, Rules.classic(Shape(2, 2)))
['double arrow at r1c1: 4 = 4, not 1 + 2 = 3']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Kind, Mark, index
from .forms import LineIO
from .sums import cell_term, sum_clauses
from .support import distinct_runs, grouped_sum_support


class DoubleArrow(LineIO, Kind):
    name = "doublearrow"
    words = "double arrow"
    fpuzzles = ("doublearrow",)
    aux = "partial sums of the inner cells less the two ends"
    min_cells = 3

    def parts(self, constraint: Constraint, n: int) -> tuple[list[int], list[int]]:
        """The two ends (the circles) and the cells between them."""
        idx = [index(n, c) for c in constraint.cells]
        return [idx[0], idx[-1]], idx[1:-1]

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        ends, inner = self.parts(constraint, rules.size)
        got, circles = [digits[i] for i in inner], [digits[i] for i in ends]
        if all(got) and all(circles) and sum(got) != sum(circles):
            return [f"{self.label(constraint)}: {' + '.join(map(str, got))} = {sum(got)}, not "
                    f"{circles[0]} + {circles[1]} = {sum(circles)}"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        ends, inner = self.parts(constraint, n)
        terms = [cell_term(n, i) for i in inner] + [cell_term(n, i, -1) for i in ends]
        return sum_clauses(terms, {0}, enc)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        ends, inner = self.parts(constraint, rules.size)
        spec.linear.append((self.label(constraint), tuple((i, 1) for i in inner) + tuple((i, -1) for i in ends), 0, 0))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Each digit of an end and of the line that the other cells' candidates can balance
        (inner cells that share a unit hold distinct digits)."""
        n = rules.size
        ends, inner = self.parts(constraint, n)
        runs = distinct_runs(inner, rules)
        groups = [([masks[e]], -1) for e in ends] + [([masks[i] for i in g], 1) for g in runs]
        got = grouped_sum_support(groups, n, 0, 0)
        if got is None:
            return None
        found = {i: m for g, ms in zip([[e] for e in ends] + runs, got) for i, m in zip(g, ms)}
        return [found[i] for i in self.touches(constraint, rules)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "doublearrow"),
                Mark("circle", (constraint.cells[0], constraint.cells[-1]))]


KIND = DoubleArrow()
