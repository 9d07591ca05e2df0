"""Entropic lines: every three consecutive cells along the line hold one low, one middle and one
high digit (1-3, 4-6, 7-9 on a 9x9; the digits split into three equal runs, so the grid's size is
a multiple of 3); on a line of two cells the two are of different runs. As sigh's Interactive
Sudoku Solver's ``Entropic`` and rangsk's ``EntropicLineConstraint`` read it; digits may repeat
where sudoku allows.

Document: ``{"type": "entropic", "cells": [[r, c], ...]}``; f-puzzles ``entropicline``. The rule
is the pairs one and two apart along the line, in different runs (modular lines' shape).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("entropic", 0, ((0, 0), (0, 1))), [1, 2] + [0] * 34, Rules.classic(Shape(2, 3)))
['entropic line at r1c1: 1 at r1c1 and 2 at r1c2']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Constraint
from ..core.shape import PuzzleError, Shape
from .modular import ThreeClasses


class Entropic(ThreeClasses):
    name = "entropic"
    words = "entropic line"
    fpuzzles = ("entropicline",)
    style = "entropic"

    def group(self, d: int, n: int) -> int:
        return (d - 1) // (n // 3)

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        n = shape.size
        if n % 3:
            raise PuzzleError(f"{self.label(constraint)}: an entropic line splits the digits into three equal runs "
                              f"(low, middle, high), and {n} digits do not split so: expected a grid whose size is "
                              f"a multiple of 3 (6x6, 9x9, 12x12, ...)")
        super().check_fits(constraint, shape, others)


KIND = Entropic()
