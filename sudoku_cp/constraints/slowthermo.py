"""Slow thermometers: digits never decrease along the line from the bulb (``cells[0]``); a digit
may repeat where sudoku allows (cells of the line that share a unit still differ). As rangsk's
``SlowThermometerConstraint`` reads it.

Document: ``{"type": "slowthermo", "cells": [[r, c], ...]}`` from the bulb; f-puzzles
``slowthermometer`` (rangsk's f-puzzles tools and solver; each line from its bulb). Clauses: for
any two cells of the line, a digit at the nearer one forbids every smaller digit at the farther.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("slowthermo", 0, ((0, 0), (1, 2))), [3] + [0] * 5 + [2] + [0] * 9, Rules.classic(Shape(2, 2)))
['slow thermometer from r1c1: 3 at r1c1 and 2 at r2c3']
"""

from __future__ import annotations

from ..core.rules import Constraint, Rules
from ..core.shape import cell_name
from .base import Mark, PairKind, PairTest, index
from .forms import LineIO


def _not_less(x: int, y: int) -> bool:
    return y >= x


class SlowThermo(LineIO, PairKind):
    name = "slowthermo"
    words = "slow thermometer"
    fpuzzles = ("slowthermometer",)

    def label(self, constraint: Constraint) -> str:
        return f"slow thermometer from {cell_name(*constraint.cells[0])}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        return [(idx[i], idx[j], _not_less) for i in range(len(idx)) for j in range(i + 1, len(idx))]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "slowthermo"), Mark("bulb", constraint.cells[:1])]


KIND = SlowThermo()
