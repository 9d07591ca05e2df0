"""Odd and even cells: the cell holds an odd (even) digit.

Document: ``{"type": "odd", "cells": [[r, c], ...]}`` (or ``even``); f-puzzles ``odd`` / ``even``
(``[{"cell": "R1C1"}]``). Clauses: a unit clause against each digit of the wrong parity.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Constraint
from .base import Mark, TableKind
from .forms import CellsIO


class Odd(CellsIO, TableKind):
    name = "odd"
    words = "odd cell"
    fpuzzles = ("odd",)
    remainder = 1

    def ok(self, constraint: Constraint, digits: Sequence[int], n: int) -> bool:
        return digits[0] % 2 == self.remainder

    def clauses(self, constraint, rules, enc):
        n = rules.size
        i = constraint.cells[0][0] * n + constraint.cells[0][1]
        return [[-(i * n + d)] for d in range(1, n + 1) if d % 2 != self.remainder]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("shade", constraint.cells, self.name)]


class Even(Odd):
    name = "even"
    words = "even cell"
    fpuzzles = ("even",)
    remainder = 0


KINDS = (Odd(), Even())
