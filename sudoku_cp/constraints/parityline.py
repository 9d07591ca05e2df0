"""Parity lines: neighbouring cells along the line alternate odd and even digits.

Document: ``{"type": "parityline", "cells": [[r, c], ...]}``. f-puzzles has no parity line (nor
do rangsk's f-puzzles tools), so such a puzzle has no f-puzzles link. Clauses: a binary clause per
digit pair of one parity on neighbours.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("parityline", 0, ((0, 0), (1, 1))), [1] + [0] * 4 + [3] + [0] * 10, Rules.classic(Shape(2, 2)))
['parity line at r1c1: 1 at r1c1 and 3 at r2c2']
"""

from __future__ import annotations

from ..core.rules import Constraint, Rules
from .base import Mark, PairKind, PairTest, index
from .forms import LineIO, NoFpuzzlesIO


def _other_parity(x: int, y: int) -> bool:
    return (x - y) % 2 == 1


class ParityLine(NoFpuzzlesIO, LineIO, PairKind):
    name = "parityline"
    words = "parity line"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        return [(idx[k], idx[k + 1], _other_parity) for k in range(len(idx) - 1)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "parity")]


KIND = ParityLine()
