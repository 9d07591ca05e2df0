"""Thermometers: digits strictly increase along the line from the bulb (``cells[0]``).

Document: ``{"type": "thermometer", "cells": [[r, c], ...]}`` from the bulb; f-puzzles
``thermometer`` (``{"lines": [["R1C1", ...]]}``, each line from its bulb). Clauses: for cells
k steps apart, a digit d at the lower one forbids every digit below d + k at the upper one (the
bounds a person uses: a 4-cell thermometer's bulb is at most N - 3).

>>> from sudoku_cp.core.rules import Constraint, Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("thermometer", 0, ((1, 2), (1, 3))), [0] * 6 + [5, 4] + [0] * 8, Rules.classic(Shape(2, 2)))
['thermometer from r2c3: 5 then 4']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Constraint, Rules
from ..core.shape import cell_name
from .base import Mark, PairKind, PairTest, index
from .forms import LineIO


class Thermometer(LineIO, PairKind):
    name = "thermometer"
    words = "thermometer"
    fpuzzles = ("thermometer",)

    def longest(self, n: int) -> int:
        return n

    def label(self, constraint: Constraint) -> str:
        return f"thermometer from {cell_name(*constraint.cells[0])}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        return [(idx[i], idx[j], _rises(j - i)) for i in range(len(idx)) for j in range(i + 1, len(idx))]

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        filled = [d for d in got if d]
        for k in range(1, len(got)):  # next to each other first: "5 then 4"
            if got[k - 1] and got[k] and got[k] <= got[k - 1]:
                return [f"{self.label(constraint)}: {got[k - 1]} then {got[k]}"]
        for k, d in enumerate(got):  # room below and above: the bulb of 4 cells holds 1 .. N-3
            if d and not k + 1 <= d <= rules.size - (len(got) - 1 - k):
                below, above = k, len(got) - 1 - k
                return [f"{self.label(constraint)}: {d} at {cell_name(*constraint.cells[k])} leaves no room "
                        f"for {below} lower cell{'s' * (below != 1)} and {above} higher"]
        return super().holds(constraint, digits, rules) if len(filled) > 1 else []

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        """Filled cells bound the others (PairKind), and a cell k steps from the bulb of a line of
        L cells holds k+1 .. N-(L-1-k) even before anything is filled."""
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        k = idx.index(i)
        low, high = k + 1, n - (len(idx) - 1 - k)
        band = ((1 << high) - 1) & ~((1 << (low - 1)) - 1) if low <= high else 0
        return band & super().allowed(constraint, cells, i, rules)

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "thermo"), Mark("bulb", constraint.cells[:1])]


def _rises(steps: int) -> PairTest:
    return lambda x, y: y - x >= steps


KIND = Thermometer()
