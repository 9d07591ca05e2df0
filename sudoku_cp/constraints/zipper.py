"""Zipper lines: cells equally far from the line's centre add up to the same total, which is the
centre cell's digit when the line has an odd number of cells. As sigh's Interactive Sudoku
Solver's ``Zipper`` and rangsk's ``ZipperLineConstraint`` read it.

Document: ``{"type": "zipper", "cells": [[r, c], ...]}``; f-puzzles ``zipperline``. Clauses: each
pair of digits at a mirrored pair of cells implies the total (the centre's digit, or one of a
one-hot set of total variables on an even line, exactly one of them true).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("zipper", 0, ((0, 0), (0, 1), (1, 1)))
>>> KIND.holds(line, [1, 4, 0, 0, 0, 2] + [0] * 10, Rules.classic(Shape(2, 2)))
['zipper line at r1c1: 1 + 2 = 3, not 4']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Kind, Mark, index, lit
from .forms import LineIO


def mirrored(constraint: Constraint, n: int) -> tuple[list[tuple[int, int]], int | None]:
    """The pairs of cell indices equally far from the centre, outermost first, and the centre
    cell on an odd line (None on an even one)."""
    idx = [index(n, c) for c in constraint.cells]
    half = len(idx) // 2
    return [(idx[k], idx[-1 - k]) for k in range(half)], (idx[half] if len(idx) % 2 else None)


class Zipper(LineIO, Kind):
    name = "zipper"
    words = "zipper line"
    fpuzzles = ("zipperline",)
    aux = "an even line's common total, one variable per value"

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        pairs, centre = mirrored(constraint, rules.size)
        sums = [(digits[a], digits[b]) for a, b in pairs if digits[a] and digits[b]]
        if centre is not None and digits[centre]:
            for x, y in sums:
                if x + y != digits[centre]:
                    return [f"{self.label(constraint)}: {x} + {y} = {x + y}, not {digits[centre]}"]
        elif len({x + y for x, y in sums}) > 1:
            (x, y), (u, v) = sums[0], next(s for s in sums if sum(s) != sum(sums[0]))
            return [f"{self.label(constraint)}: {x} + {y} = {x + y} but {u} + {v} = {u + v}"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        pairs, centre = mirrored(constraint, n)
        out: list[list[int]] = []
        if centre is not None:
            total = {t: lit(n, centre, t) for t in range(1, n + 1)}
        else:
            first = enc.new_vars(2 * n - 1)
            total = {t: first + t - 2 for t in range(2, 2 * n + 1)}
            out += [list(total.values())] + enc.amo(list(total.values()))
        for a, b in pairs:
            for x in range(1, n + 1):
                for y in range(1, n + 1):
                    head = [-lit(n, a, x), -lit(n, b, y)]
                    out.append(head + [total[x + y]] if x + y in total else head)
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        pairs, centre = mirrored(constraint, n)
        name = self.label(constraint)
        total = centre if centre is not None else spec.new_var(f"{name} total", 2, 2 * n)
        for a, b in pairs:
            spec.linear.append((name, ((a, 1), (b, 1), (total, -1)), 0, 0))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The totals every mirrored pair can make (and the centre can hold); each cell keeps the
        digits with a partner digit that makes one of them."""
        n = rules.size
        pairs, centre = mirrored(constraint, n)
        totals = masks[centre] if centre is not None else ~0  # bit t - 1: total t, as a digit mask
        for a, b in pairs:
            totals &= _sums(masks[a], masks[b])
        if not totals:
            return None
        kept: dict[int, int] = {}
        for a, b in pairs:
            kept[a] = _partners(masks[a], masks[b], totals)
            kept[b] = _partners(masks[b], masks[a], totals)
            if not kept[a] or not kept[b]:
                return None
        if centre is not None:
            kept[centre] = totals
        return [kept[i] for i in self.touches(constraint, rules)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "zipper")]


def _sums(m1: int, m2: int) -> int:
    """The totals of a digit of ``m1`` and one of ``m2``, bit t - 1 for total t."""
    out = 0
    while m1:
        bit = m1 & -m1
        out |= m2 << bit.bit_length()
        m1 ^= bit
    return out


def _partners(mine: int, other: int, totals: int) -> int:
    """The digits of ``mine`` that a digit of ``other`` completes to one of ``totals``."""
    out, d = 0, 1
    m = mine
    while m:
        if m & 1 and (other << d) & totals:
            out |= 1 << (d - 1)
        m >>= 1
        d += 1
    return out


KIND = Zipper()
