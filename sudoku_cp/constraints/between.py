"""Between lines: the digits on the line lie strictly between the digits in its two end circles.

Document: ``{"type": "between", "cells": [[r, c], ...]}`` (ends first and last); f-puzzles
``betweenline``. Clauses: for each inner cell, each pair of end digits bars the digits not
strictly between them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Kind, Mark, index, lit, mask_of
from .forms import LineIO


def _inside(a: int, b: int, d: int) -> bool:
    return min(a, b) < d < max(a, b)


class Between(LineIO, Kind):
    name = "between"
    words = "between line"
    fpuzzles = ("betweenline",)
    min_cells = 3

    def ends(self, constraint: Constraint, n: int) -> tuple[int, int, list[int]]:
        idx = [index(n, c) for c in constraint.cells]
        return idx[0], idx[-1], idx[1:-1]

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        a, b, inner = self.ends(constraint, rules.size)
        x, y = digits[a], digits[b]
        if x and y:
            bad = [digits[i] for i in inner if digits[i] and not _inside(x, y, digits[i])]
            if bad or abs(x - y) < 2:
                return [f"{self.label(constraint)}: {bad[0] if bad else 'no digit'} is not between {x} and {y}"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        a, b, inner = self.ends(constraint, n)
        out = [[-lit(n, a, x), -lit(n, b, y)] for x in range(1, n + 1) for y in range(1, n + 1) if abs(x - y) < 2]
        out += [[-lit(n, a, x), -lit(n, b, y), -lit(n, i, d)] for i in inner for x in range(1, n + 1)
                for y in range(1, n + 1) if abs(x - y) >= 2 for d in range(1, n + 1) if not _inside(x, y, d)]
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        a, b, inner = self.ends(constraint, n)
        for i in inner:
            spec.tables.append((self.label(constraint), (a, b, i),
                                [(x, y, d) for x in range(1, n + 1) for y in range(1, n + 1)
                                 for d in range(1, n + 1) if _inside(x, y, d)]))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n = rules.size
        a, b, inner = self.ends(constraint, n)
        x, y = cells[a], cells[b]
        if i in inner and x and y:
            return mask_of(d for d in range(1, n + 1) if _inside(x, y, d))
        return mask_of(range(1, n + 1))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """For each pair of end digits the candidates allow, the line's digits strictly between."""
        n = rules.size
        a, b, inner = self.ends(constraint, n)
        ends = [0, 0]
        out = [0] * len(inner)
        for x in range(1, n + 1):
            if not masks[a] & (1 << (x - 1)):
                continue
            for y in range(1, n + 1):
                if not masks[b] & (1 << (y - 1)) or abs(x - y) < 2:
                    continue
                band = ((1 << (max(x, y) - 1)) - 1) & ~((1 << min(x, y)) - 1)
                got = [masks[i] & band for i in inner]
                if all(got):
                    ends[0] |= 1 << (x - 1)
                    ends[1] |= 1 << (y - 1)
                    out = [o | g for o, g in zip(out, got)]
        return [ends[0]] + out + [ends[1]] if ends[0] else None

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "between"),
                Mark("circle", (constraint.cells[0], constraint.cells[-1]))]


KIND = Between()
