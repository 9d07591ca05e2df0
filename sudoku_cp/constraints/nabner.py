"""Nabner lines: no two digits on the line are equal or consecutive; the line's cells need not
be neighbours (a nabner "line" is a set of cells, as rangsk's ``NabnerConstraint`` and sigh's
Interactive Sudoku Solver's nabner pairs read it).

Document: ``{"type": "nabner", "cells": [[r, c], ...]}``, at most ``(N + 1) // 2`` distinct cells;
f-puzzles ``nabner``. Clauses: a binary clause per pair of cells and digits equal or one apart.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("nabner", 0, ((0, 0), (3, 3))), [2] + [0] * 14 + [3], Rules.classic(Shape(2, 2)))
['nabner line at r1c1: 2 at r1c1 and 3 at r4c4']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Mark, PairKind, PairTest, index, mask_of
from .forms import LineIO
from .support import set_support


def _apart(x: int, y: int) -> bool:
    return abs(x - y) >= 2


class Nabner(LineIO, PairKind):
    name = "nabner"
    words = "nabner line"
    fpuzzles = ("nabner",)
    ordered = False

    def longest(self, n: int) -> int:
        return (n + 1) // 2

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        """Distinct cells, touching or not, and no more than digits two apart allow."""
        at = self.label(constraint)
        cells = constraint.cells
        twice = next((c for k, c in enumerate(cells) if c in cells[:k]), None)
        if twice is not None:
            raise PuzzleError(f"{at}: cell {cell_name(*twice)} is named twice: expected distinct cells")
        if len(cells) > self.longest(shape.size):
            raise PuzzleError(f"{at}: {len(cells)} cells cannot hold digits two or more apart on a "
                              f"{shape.size}x{shape.size}: expected at most {self.longest(shape.size)}")

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        return [(idx[i], idx[j], _apart) for i in range(len(idx)) for j in range(i + 1, len(idx))]

    def pair_tables(self, constraint: Constraint, rules: Rules) -> None:
        """None: ``dfs`` narrows a nabner line by its sets of digits (:meth:`narrow`), not pair by pair."""
        return None

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Each cell keeps a digit of some set of digits two or more apart, one per cell, that the
        other cells can still fill (each a digit of the rest, all of the rest among them)."""
        got = [masks[i] for i in self.touches(constraint, rules)]
        return set_support(got, _spread_sets(rules.size, len(got)))

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "nabner")]


@lru_cache(maxsize=256)
def _spread_sets(n: int, k: int) -> tuple[int, ...]:
    """The sets of ``k`` digits 1..N, no two equal or consecutive, as digit masks.

    >>> [bin(m) for m in _spread_sets(4, 2)]
    ['0b101', '0b1001', '0b1010']
    """
    return tuple(mask_of(ds) for ds in combinations(range(1, n + 1), k)
                 if all(b - a >= 2 for a, b in zip(ds, ds[1:])))


KIND = Nabner()
