"""Region-sum lines: the line's digits have the same sum in every box it passes through (every
jigsaw region on a jigsaw). A line that leaves a box and comes back makes a second segment there,
with its own sum; as sigh's Interactive Sudoku Solver's ``RegionSumLine`` and rangsk's
``RegionSumLinesConstraint`` read it.

Document: ``{"type": "regionsum", "cells": [[r, c], ...]}``; f-puzzles ``regionsumline`` (the key
of rangsk's f-puzzles tools and solver; ``regionSumLine``, as other f-puzzles readers spell it, is
read too). Clauses: the segments' common sum as one digit-like variable per value (exactly one),
and each segment's partial sums less it (``sum_clauses``).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("regionsum", 0, ((0, 1), (0, 2), (1, 2)))
>>> segments(line, Rules.classic(Shape(2, 2)))
[[1], [2, 6]]
>>> KIND.holds(line, [0, 3, 1, 0, 0, 0, 4] + [0] * 9, Rules.classic(Shape(2, 2)))
['region-sum line at r1c2: 3 in one box, 5 in another']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Kind, Mark, index, lit
from .forms import LineIO
from .sums import Term, cell_term, sum_clauses
from .support import group_sums


def segments(constraint: Constraint, rules: Rules) -> list[list[int]]:
    """The line's cell indices cut where it passes from one box (region) into another."""
    n, region = rules.size, rules.region_of
    out: list[list[int]] = []
    for cell in constraint.cells:
        i = index(n, cell)
        if out and region[out[-1][-1]] == region[i]:
            out[-1].append(i)
        else:
            out.append([i])
    return out


class RegionSum(LineIO, Kind):
    name = "regionsum"
    words = "region-sum line"
    fpuzzles = ("regionsumline", "regionSumLine")
    aux = "the segments' common sum (one variable per value) and each segment's partial sums"

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        sums = sorted({sum(digits[i] for i in part) for part in segments(constraint, rules)
                       if all(digits[i] for i in part)})
        if len(sums) > 1:
            return [f"{self.label(constraint)}: {sums[0]} in one box, {sums[-1]} in another"]
        return []

    def bounds(self, parts: list[list[int]], n: int) -> tuple[int, int]:
        """The least and greatest common sum: every segment must reach it (distinct digits)."""
        low = max(len(p) * (len(p) + 1) // 2 for p in parts)
        high = min(len(p) * (2 * n - len(p) + 1) // 2 for p in parts)
        return low, high

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        parts = segments(constraint, rules)
        if len(parts) < 2:
            return []
        low, high = self.bounds(parts, n)
        if low > high:
            first = lit(n, parts[0][0], 1)
            return [[first], [-first]]
        total = enc.new_vars(high - low + 1)
        values = list(range(total, total + high - low + 1))
        out = [values] + enc.amo(values)
        common: Term = [((v,), -(low + k)) for k, v in enumerate(values)]
        for part in parts:
            out += sum_clauses([cell_term(n, i) for i in part] + [common], {0}, enc)
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        parts = segments(constraint, rules)
        if len(parts) < 2:
            return
        name = self.label(constraint)
        low, high = self.bounds(parts, rules.size)
        total = spec.new_var(f"{name} sum", low, max(low, high))  # (none: a segment falls short)
        for part in parts:
            spec.linear.append((name, tuple((i, 1) for i in part) + ((total, -1),), 0, 0))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Each segment keeps the digits of its fillings (distinct digits: a segment lies in one
        box) whose sum every other segment can also make."""
        n = rules.size
        parts = segments(constraint, rules)
        options = [dict(group_sums(tuple(masks[i] for i in part), n)) for part in parts]
        common = set(options[0]).intersection(*options[1:])
        if not common:
            return None
        kept: dict[int, int] = {}
        for part, sums in zip(parts, options):
            got = [0] * len(part)
            for total in common:
                got = [a | b for a, b in zip(got, sums[total])]
            kept.update(zip(part, got))
        return [kept[i] for i in self.touches(constraint, rules)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "regionsum")]


KIND = RegionSum()
