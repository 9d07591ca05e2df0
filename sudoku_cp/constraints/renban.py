"""Renban lines: the line's digits are distinct and form a run of consecutive digits, any order.

Document: ``{"type": "renban", "cells": [[r, c], ...]}``; f-puzzles ``renban``. Clauses: no digit
twice, and one selector per possible run (its lowest digit) that bars every digit outside it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Kind, Mark, index, lit, mask_of
from .forms import LineIO
from .support import distinct_sum_support


class Renban(LineIO, Kind):
    name = "renban"
    words = "renban line"
    fpuzzles = ("renban",)
    aux = "one selector per run of consecutive digits"
    ordered = False

    def longest(self, n: int) -> int:
        return n

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        got = [digits[index(rules.size, c)] for c in constraint.cells]
        filled = [d for d in got if d]
        if len(set(filled)) != len(filled) or (filled and max(filled) - min(filled) >= len(got)):
            return [f"{self.label(constraint)}: {' '.join(str(d or '.') for d in got)} is not a run of "
                    f"{len(got)} consecutive digits"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n, k = rules.size, len(constraint.cells)
        idx = [index(n, c) for c in constraint.cells]
        out = [cl for d in range(1, n + 1) for cl in enc.amo([lit(n, i, d) for i in idx])]
        starts = list(range(1, n - k + 2))
        first = enc.new_vars(len(starts))
        out.append([first + j for j in range(len(starts))])
        for j, s in enumerate(starts):
            out += [[-(first + j), -lit(n, i, d)] for i in idx for d in range(1, n + 1) if not s <= d < s + k]
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n, k = rules.size, len(constraint.cells)
        idx = tuple(index(n, c) for c in constraint.cells)
        name = self.label(constraint)
        spec.all_different.append((name, idx))
        low = spec.new_var(f"{name} lowest", 1, n - k + 1)
        for i in idx:
            spec.linear.append((name, ((i, 1), (low, -1)), 0, k - 1))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n, k = rules.size, len(constraint.cells)
        filled = [cells[index(n, c)] for c in constraint.cells if index(n, c) != i and cells[index(n, c)]]
        if not filled:
            return mask_of(range(1, n + 1))
        low, high = max(1, max(filled) - k + 1), min(n, min(filled) + k - 1)
        return mask_of(d for d in range(low, high + 1) if d not in filled)

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """For each run of consecutive digits the cells can fill (each digit once), the cells'
        digits in it; a cell's only digit is out of the others."""
        n, k = rules.size, len(constraint.cells)
        got = [masks[index(n, c)] for c in constraint.cells]
        out = [0] * k
        for low in range(1, n - k + 2):
            run = ((1 << k) - 1) << (low - 1)
            inside = [m & run for m in got]
            fits = distinct_sum_support(inside, n, k * (2 * low + k - 1) // 2)  # the run's digits, each once
            if fits is not None:
                out = [o | m for o, m in zip(out, fits)]
        for a, m in enumerate(out):
            if m and not m & (m - 1):
                out = [o & ~m if b != a else o for b, o in enumerate(out)]
        return out if all(out) else None

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "renban")]


KIND = Renban()
