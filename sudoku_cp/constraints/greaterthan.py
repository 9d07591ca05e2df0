"""Greater-than signs between neighbours: the first cell's digit is greater than the second's.

Document: ``{"type": "greaterthan", "cells": [[r, c], [r, c]]}``, the greater cell first (as
sigh's Interactive Sudoku Solver reads ``GreaterThan~R1C1~R1C2``: a cell greater than each later
neighbour of its list; a list of more cells is written here as one sign per pair). f-puzzles has
no greater-than sign, so such a puzzle has no f-puzzles link (:meth:`GreaterThan.write_fpuzzles`
says so). Clauses: a binary clause per digit pair that is not greater.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, PairKind, PairTest, index
from .forms import DotIO, doc_cells, no_fpuzzles
from .extremum import _greater


class GreaterThan(DotIO, PairKind):
    name = "greaterthan"
    words = "greater-than sign"
    fields = ("cells",)
    fpuzzles = ()

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        cells = doc_cells(item, "cells", shape.size, where, 2)
        if len(cells) != 2:
            raise PuzzleError(f"{where}: a greater-than sign joins 2 cells, got {len(cells)}: expected two "
                              f"neighbours, the greater first")
        return [Constraint(self.name, 0, cells)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        no_fpuzzles(self, constraints, "greater-than sign")

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        return []  # (no f-puzzles key: never called)

    def label(self, constraint: Constraint) -> str:
        a, b = constraint.cells
        return f"greater-than sign {cell_name(*a)}>{cell_name(*b)}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        a, b = constraint.cells
        return [(index(n, a), index(n, b), _greater)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        (r1, c1), (r2, c2) = constraint.cells
        sign = (">" if c1 < c2 else "<") if r1 == r2 else ("v" if r1 < r2 else "^")  # the sign opens to the greater
        return [Mark("dot", constraint.cells, "xv", sign)]


KIND: Kind = GreaterThan()
