"""Counting circles: each digit in a circle appears in exactly that many circles of the set (a 3
in a circle: three circles hold 3), as sigh's Interactive Sudoku Solver's ``CountingCircles``.

Document: ``{"type": "countingcircles", "cells": [[r, c], ...]}`` (one set; sets are
independent). f-puzzles has no counting circles, so such a puzzle has no f-puzzles link. Clauses:
per digit d, partial sums of "circle holds d" that end at 0 or d.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Shape
from .base import Kind, Mark, index, lit
from .forms import doc_cells, no_fpuzzles
from .sums import count_clauses


class CountingCircles(Kind):
    name = "countingcircles"
    words = "counting circles"
    fields = ("cells",)
    fpuzzles = ()
    ordered = False
    aux = "per digit, partial sums of the circles holding it"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, doc_cells(item, "cells", shape.size, where, 1))]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        no_fpuzzles(self, constraints, "counting circles")

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        full = all(got)
        out = []
        for d in sorted(set(got) - {0}):
            count = got.count(d)
            if count > d or (full and count != d):
                out.append(f"{self.label(constraint)}: {d} in {count} circle{'s' if count > 1 else ''}")
        return out

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Per digit d: the circles that must hold it (one candidate) and those that may; d leaves
        every circle when fewer than d may hold it, the other circles when d must already, and
        fills every circle that may when exactly d may and one must."""
        n = rules.size
        out = [masks[index(n, c)] for c in constraint.cells]
        for d in range(1, n + 1):
            bit = 1 << (d - 1)
            may = [k for k, m in enumerate(out) if m & bit]
            must = [k for k in may if out[k] == bit]
            if len(must) > d:
                return None
            if len(may) < d:
                for k in may:
                    out[k] &= ~bit
            elif len(must) == d:
                for k in may:
                    if k not in must:
                        out[k] &= ~bit
            elif must and len(may) == d:
                for k in may:
                    out[k] = bit
        return out if all(out) else None

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        out: list[list[int]] = []
        for d in range(1, n + 1):
            if d > len(idx):
                out += [[-lit(n, i, d)] for i in idx]
                continue
            out += count_clauses([lit(n, i, d) for i in idx], {0, d}, enc)
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        for d in range(1, n + 1):
            used = spec.new_var(f"{name}: {d} in a circle", 0, 1 if d <= len(idx) else 0)
            terms = [(used, -d)]
            for i in idx:
                b = spec.new_var(f"{name}: {d} at {i}", 0, 1)
                spec.tables.append((name, (i, b), [(a, int(a == d)) for a in range(1, n + 1)]))
                terms.append((b, 1))
            spec.linear.append((name, tuple(terms), 0, 0))

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("circle", (c,)) for c in constraint.cells]


KIND = CountingCircles()
