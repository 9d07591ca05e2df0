"""Sequence lines: the line's digits form an arithmetic sequence, rising or falling from one end to the other
with the same difference between each pair of neighbours along it (1-4-7, 2-3-4, 9-7-5; never constant).

Document: ``{"type": "sequence", "cells": [[r, c], ...]}``. f-puzzles has no sequence line, so such a
puzzle has no f-puzzles link. Clauses: one selector per difference (exactly one chosen), each making every
neighbour's digit the previous one's plus the difference.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("sequence", 0, ((0, 0), (0, 1), (1, 1)))
>>> KIND.holds(line, [1, 2, 0, 0, 0, 4] + [0] * 10, Rules.classic(Shape(2, 2)))
['sequence line at r1c1: 1 2 4 is not an arithmetic sequence']
"""

from __future__ import annotations

from collections.abc import Sequence as Seq
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Kind, Mark, index, lit
from .forms import EitherWay, LineIO, NoFpuzzlesIO


def steps(n: int, k: int) -> list[int]:
    """The differences a sequence of ``k`` digits 1..N can have (none of 0).

    >>> steps(9, 3), steps(4, 4)
    ([-4, -3, -2, -1, 1, 2, 3, 4], [-1, 1])
    """
    most = (n - 1) // max(k - 1, 1)
    return [d for d in range(-most, most + 1) if d]


class SequenceLine(EitherWay, NoFpuzzlesIO, LineIO, Kind):
    name = "sequence"
    words = "sequence line"
    aux = "one selector per difference"

    def longest(self, n: int) -> int:
        return n


    def fillings(self, masks: Seq[int], n: int):
        """Each sequence the cells' candidate masks allow, as a tuple of digits."""
        k = len(masks)
        for step in steps(n, k):
            for first in range(1, n + 1):
                last = first + step * (k - 1)
                if not 1 <= last <= n:
                    continue
                digits = tuple(first + step * j for j in range(k))
                if all(m >> (d - 1) & 1 for m, d in zip(masks, digits)):
                    yield digits

    def holds(self, constraint: Constraint, digits: Seq[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        masks = [1 << (d - 1) if d else (1 << n) - 1 for d in got]
        if any(got) and next(self.fillings(masks, n), None) is None:
            return [f"{self.label(constraint)}: {' '.join(str(d or '.') for d in got)} is not an arithmetic sequence"
                    + ("" if all(got) else " in the making")]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        choices = steps(n, len(idx))
        if not choices:
            x = lit(n, idx[0], 1)
            return [[x], [-x]]
        first = enc.new_vars(len(choices))
        chosen = dict(zip(choices, range(first, first + len(choices))))
        out = [list(chosen.values())] + enc.amo(list(chosen.values()))
        for step, s in chosen.items():
            for a, b in zip(idx, idx[1:]):
                for x in range(1, n + 1):
                    out.append([-s, -lit(n, a, x)] + ([lit(n, b, x + step)] if 1 <= x + step <= n else []))
                    out.append([-s, -lit(n, b, x)] + ([lit(n, a, x - step)] if 1 <= x - step <= n else []))
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        choices = steps(n, len(idx))
        step = spec.new_var(f"{name} difference", min(choices, default=0), max(choices, default=0))
        spec.tables.append((name, (step,), [(d,) for d in choices]))
        for a, b in zip(idx, idx[1:]):
            spec.linear.append((name, ((b, 1), (a, -1), (step, -1)), 0, 0))

    def narrow(self, constraint: Constraint, masks: Seq[int], rules: Rules) -> list[int] | None:
        """The digits of each cell in some sequence the candidates allow."""
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        out = [0] * len(idx)
        for digits in self.fillings([masks[i] for i in idx], n):
            out = [o | 1 << (d - 1) for o, d in zip(out, digits)]
        if not all(out):
            return None
        kept: dict[int, int] = {}
        for i, m in zip(idx, out):
            kept[i] = kept.get(i, m) & m
        return [kept[i] for i in self.touches(constraint, rules)]

    def allowed(self, constraint: Constraint, cells: Seq[int], i: int, rules: Rules) -> int:
        n = rules.size
        full = (1 << n) - 1
        idx = [index(n, c) for c in constraint.cells]
        out = 0
        for digits in self.fillings([full if j == i or not cells[j] else 1 << (cells[j] - 1) for j in idx], n):
            out |= 1 << (digits[idx.index(i)] - 1)
        return out

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "sequence")]


KIND = SequenceLine()
