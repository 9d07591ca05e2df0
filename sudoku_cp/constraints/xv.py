"""XV: an X between two neighbours says their digits add up to 10, a V to 5.

Document: ``{"type": "xv", "cells": [[r, c], [r, c]], "value": "X"}``; f-puzzles ``xv``
(``{"cells": ["R1C1", "R1C2"], "value": "X"}``). The negative rule is ``xv-negative``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, PairKind, PairTest, index
from .forms import DotIO, doc_cells, entries, fp_cells, fp_name

SUMS = {"X": 10, "V": 5}


class XV(DotIO, PairKind):
    name = "xv"
    words = "XV"
    fpuzzles = ("xv",)
    ordered = False

    def _make(self, cells: tuple, letter: Any, at: str) -> Constraint:
        if len(cells) != 2:
            raise PuzzleError(f"{at}: an X or V joins 2 cells, got {len(cells)}: expected two neighbours")
        if not isinstance(letter, str) or letter.upper() not in SUMS:
            raise PuzzleError(f"{at}: value {letter!r}: expected \"X\" or \"V\"")
        return Constraint(self.name, 0, cells, SUMS[letter.upper()])

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [self._make(doc_cells(item, "cells", shape.size, where, 2), item.get("value"), where)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells],
                "value": "X" if constraint.value == 10 else "V"}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            entry = entry if isinstance(entry, dict) else {}
            out.append(self._make(fp_cells(entry.get("cells"), shape.size, at, 2), entry.get("value"), at))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out["xv"] = [{"cells": [fp_name(c) for c in k.cells], "value": "X" if k.value == 10 else "V"}
                     for k in constraints]

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        super().check_fits(constraint, shape, others)
        n = shape.size
        if constraint.value is not None and constraint.value > 2 * n - 1:
            raise PuzzleError(f"{self.label(constraint)}: two different digits 1..{n} never add up to "
                              f"{constraint.value}: expected a grid of at least 6x6 for an X")

    def label(self, constraint: Constraint) -> str:
        a, b = constraint.cells
        return f"{'X' if constraint.value == 10 else 'V'} at {cell_name(*a)}-{cell_name(*b)}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n, total = rules.size, constraint.value
        a, b = constraint.cells
        return [(index(n, a), index(n, b), lambda x, y: x + y == total)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("dot", constraint.cells, "xv", "X" if constraint.value == 10 else "V")]


KIND: Kind = XV()
