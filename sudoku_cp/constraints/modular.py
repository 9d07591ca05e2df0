"""Modular lines: every three consecutive cells along the line hold digits with distinct
remainders mod 3 (one of 1 4 7, one of 2 5 8, one of 3 6 9 on a 9x9); on a line of two cells the
two differ mod 3. As sigh's Interactive Sudoku Solver's ``Modular~3`` and rangsk's
``ModularLineConstraint`` read it; digits may repeat where sudoku allows.

Document: ``{"type": "modular", "cells": [[r, c], ...]}``; f-puzzles ``modularline``. Three cells
in a row hold three classes exactly when each pair of them one or two apart along the line holds
two classes, so the rule is those pairs (:class:`ThreeClasses`, shared with entropic lines): a
binary clause per digit pair of one class.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("modular", 0, ((0, 0), (0, 1), (0, 2))), [1, 2, 4] + [0] * 13, Rules.classic(Shape(2, 2)))
['modular line at r1c1: 1 at r1c1 and 4 at r1c3']
"""

from __future__ import annotations

from ..core.rules import Constraint, Rules
from .base import Mark, PairKind, PairTest, index
from .forms import LineIO


class ThreeClasses(LineIO, PairKind):
    """Every three consecutive cells of the line hold digits of three different classes
    (:meth:`group`): the pairs one and two apart along the line differ in class."""

    style = ""

    def group(self, d: int, n: int) -> int:
        raise NotImplementedError

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]

        def ok(x: int, y: int) -> bool:
            return self.group(x, n) != self.group(y, n)
        return [(idx[k], idx[k + step], ok) for step in (1, 2) for k in range(len(idx) - step)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, self.style)]


class Modular(ThreeClasses):
    name = "modular"
    words = "modular line"
    fpuzzles = ("modularline",)
    style = "modular"

    def group(self, d: int, n: int) -> int:
        return d % 3


KIND = Modular()
