"""Quadruples: the digits in the circle at a 2x2 corner all appear in those four cells.

Document: ``{"type": "quadruple", "cells": [[r, c], x4], "digits": [1, 2]}``; f-puzzles
``quadruple`` (``{"cells": [...4], "values": [1, 2]}``). A digit written twice must appear twice.
Clauses: a digit wanted k times is in every 5-k of the cells (one clause for k = 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Mark, TableKind, index, lit
from .forms import doc_cells, entries, fp_cells, fp_name


class Quadruple(TableKind):
    name = "quadruple"
    words = "quadruple"
    fields = ("cells", "digits")
    fpuzzles = ("quadruple",)
    ordered = False

    def _make(self, cells: tuple, digits: Any, at: str, n: int) -> Constraint:
        if not isinstance(digits, list) or not digits or len(digits) > 4 or not all(
                type(d) is int and 1 <= d <= n for d in digits):
            raise PuzzleError(f"{at}: digits {digits!r}: expected 1 to 4 digits 1..{n}")
        rows, cols = {r for r, _ in cells}, {c for _, c in cells}
        if len(cells) != 4 or len(rows) != 2 or len(cols) != 2 or max(rows) - min(rows) != 1 or max(cols) - min(cols) != 1:
            raise PuzzleError(f"{at}: cells {', '.join(cell_name(*c) for c in cells)}: expected the four cells of a 2x2 square")
        return Constraint(self.name, 0, tuple(sorted(cells)), None, tuple(sorted(digits)))

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [self._make(doc_cells(item, "cells", shape.size, where, 4), item.get("digits"), where, shape.size)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells], "digits": list(constraint.data)}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            entry = entry if isinstance(entry, dict) else {}
            digits = [int(d) if isinstance(d, str) and d.isdigit() else d for d in entry.get("values") or []]
            out.append(self._make(fp_cells(entry.get("cells"), shape.size, at, 4), digits, at, shape.size))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out["quadruple"] = [{"cells": [fp_name(c) for c in k.cells], "values": list(k.data)} for k in constraints]

    def label(self, constraint: Constraint) -> str:
        return f"quadruple at {cell_name(*constraint.cells[0])}"

    def ok(self, constraint: Constraint, digits: Sequence[int], n: int) -> bool:
        have = Counter(digits)
        return all(have[d] >= k for d, k in Counter(constraint.data).items())

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        """A digit wanted k times: every 5-k of the four cells hold it somewhere (at least k of them)."""
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        return [[lit(n, i, d) for i in group] for d, k in sorted(Counter(constraint.data).items())
                for group in combinations(idx, len(idx) - k + 1)]

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        """With as many blanks as digits still wanted, a blank must take a wanted digit."""
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        others = [cells[j] for j in idx if j != i]
        wanted = Counter(constraint.data) - Counter(d for d in others if d)
        blanks = others.count(0) + 1
        need = sum(wanted.values())
        if need > blanks:
            return 0
        if need == blanks:
            return sum(1 << (d - 1) for d in wanted)
        return (1 << n) - 1

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("quad", constraint.cells, text="".join(map(str, constraint.data)))]


KIND = Quadruple()
