"""Minimum and maximum cells: the cell is less (greater) than each orthogonal neighbour that is not
itself a minimum (maximum) cell (fortress sudoku's grey cells, as f-puzzles' solvers read them).

Document: ``{"type": "minimum", "cells": [[r, c], ...]}`` (or ``maximum``); f-puzzles
``minimum`` / ``maximum`` (``[{"cell": "R1C1"}]``).
"""

from __future__ import annotations

from ..core.rules import Constraint, Rules
from .base import Mark, PairKind, PairTest
from .forms import CellsIO


def _less(x: int, y: int) -> bool:
    return x < y


def _greater(x: int, y: int) -> bool:
    return x > y


class Minimum(CellsIO, PairKind):
    name = "minimum"
    words = "minimum cell"
    fpuzzles = ("minimum",)
    test: PairTest = staticmethod(_less)
    arrow = "v"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        (r, c), = constraint.cells
        if constraint.data:  # (:meth:`alone`: the neighbours it is compared with, as the whole rules had them)
            return [(r * n + c, rr * n + cc, self.test) for rr, cc in constraint.data[0][1]]
        marked = {k.cells[0] for k in rules.constraints if k.kind == self.name}  # not compared with each other
        return [(r * n + c, rr * n + cc, self.test) for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < n and 0 <= cc < n and (rr, cc) not in marked]

    def alone(self, constraint: Constraint, rules: Rules) -> Constraint:
        """The cell with the neighbours ``rules`` compare it with written in (:func:`~sudoku_cp.constraints.alone`)."""
        n = rules.size
        near = tuple((b // n, b % n) for _, b, _ in self.pairs(constraint, rules))
        return Constraint(constraint.kind, constraint.index, constraint.cells, constraint.value, (("neighbours", near),))

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("text", constraint.cells, text=self.arrow)]


class Maximum(Minimum):
    name = "maximum"
    words = "maximum cell"
    fpuzzles = ("maximum",)
    test = staticmethod(_greater)
    arrow = "^"


KINDS = (Minimum(), Maximum())
