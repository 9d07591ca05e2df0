"""Fibonacci lines: the line's digits strictly increase from one end to the other (either end may be the low
one), and every digit beyond the lowest two is the sum of the two before it (1-2-3-5-8, 9-5-4, 2-7).

Document: ``{"type": "fibonacci", "cells": [[r, c], ...]}``. f-puzzles has no Fibonacci line, so such a
puzzle has no f-puzzles link. The lowest two digits fix the rest, so a line's fillings are few (a two-cell
line's: any two different digits) and are listed: clauses and the CP model are those of a table (a selector
per filling).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("fibonacci", 0, ((0, 0), (0, 1), (1, 1)))
>>> KIND.holds(line, [1, 2, 0, 0, 0, 4] + [0] * 10, Rules.classic(Shape(2, 2)))
['Fibonacci line at r1c1: 1 2 4 is not a rising or falling Fibonacci sequence']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.rules import Constraint, Rules
from .base import Mark, TableKind, index
from .forms import EitherWay, LineIO, NoFpuzzlesIO


@lru_cache(maxsize=256)
def fillings(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every filling of a Fibonacci line of ``k`` cells with digits 1..N, rising and falling.

    >>> fillings(4, 3)
    ((1, 2, 3), (3, 2, 1), (1, 3, 4), (4, 3, 1))
    >>> len(fillings(9, 2)), fillings(9, 5), fillings(9, 6)
    (72, ((1, 2, 3, 5, 8), (8, 5, 3, 2, 1)), ())
    """
    out = []
    for low in range(1, n + 1):
        for second in range(low + 1, n + 1):
            digits = [low, second]
            while len(digits) < k and digits[-1] + digits[-2] <= n:
                digits.append(digits[-1] + digits[-2])
            if len(digits) == k:
                out += [tuple(digits), tuple(digits[::-1])]
    return tuple(out)


class FibonacciLine(EitherWay, NoFpuzzlesIO, LineIO, TableKind):
    name = "fibonacci"
    words = "Fibonacci line"

    def longest(self, n: int) -> int:
        return n

    def ok(self, constraint: Constraint, digits: Sequence[int], n: int) -> bool:
        return tuple(digits) in fillings(n, len(digits))

    def tuples(self, constraint: Constraint, n: int) -> list[tuple[int, ...]]:
        return list(fillings(n, len(constraint.cells)))


    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        if any(got) and not any(all(g in (0, t) for g, t in zip(got, tup)) for tup in self.tuples(constraint, n)):
            return [f"{self.label(constraint)}: {' '.join(str(d or '.') for d in got)} is not a rising or falling "
                    f"Fibonacci sequence" + ("" if all(got) else " in the making")]
        return []

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The digits of each cell in some filling the candidates allow."""
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        out = [0] * len(idx)
        for digits in self.tuples(constraint, n):
            if all(masks[i] >> (d - 1) & 1 for i, d in zip(idx, digits)):
                out = [o | 1 << (d - 1) for o, d in zip(out, digits)]
        if not all(out):
            return None
        return [dict(zip(idx, out))[i] for i in self.touches(constraint, rules)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "fibonacci")]


KIND = FibonacciLine()
