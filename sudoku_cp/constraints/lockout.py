"""Lockout lines: the two end cells (diamonds) differ by at least K, and no digit on the line between them
lies between the ends' digits, the ends' own values included. As sigh's Interactive Sudoku Solver's
``Lockout`` and the lockout line of rangsk's SudokuSolver read it.

K is the constraint's ``value``; by default ``N // 2`` (4 on a 9x9, 3 on a 6x6, 2 on a 4x4), the
gap rangsk's solver gives every size and sigh's solver's default on a 9x9. Document:
``{"type": "lockout", "cells": [[r, c], ...]}`` (the diamonds first and last; optional ``value``).
f-puzzles has no lockout line, so such a puzzle has no f-puzzles link. Clauses: a binary clause
per pair of end digits closer than K, and for each inner cell a ternary clause per pair of end
digits and digit between them.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("lockout", 0, ((0, 0), (0, 1), (1, 1)))
>>> KIND.holds(line, [1, 3, 0, 0, 0, 4] + [0] * 10, Rules.classic(Shape(2, 2)))
['lockout line at r1c1: 3 at r1c2 is between the ends 1 and 4']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, index, lit, mask_of
from .forms import LineIO, NoFpuzzlesIO, doc_int


def default_gap(n: int) -> int:
    """How far apart a lockout line's ends are at least, when the puzzle does not say: ``N // 2``.

    >>> default_gap(9), default_gap(6), default_gap(4)
    (4, 3, 2)
    """
    return n // 2


def _band(x: int, y: int) -> int:
    """The digits from the smaller end to the larger one, both included, as a mask."""
    low, high = min(x, y), max(x, y)
    return ((1 << high) - 1) & ~((1 << (low - 1)) - 1)


class Lockout(NoFpuzzlesIO, LineIO, Kind):
    name = "lockout"
    words = "lockout line"
    fields = ("cells", "value")

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        (line,) = super().read(item, shape, where)
        return [Constraint(self.name, 0, line.cells, doc_int(item, "value", where))]

    def write(self, constraint: Constraint) -> dict:
        out = super().write(constraint)
        if constraint.value is not None:
            out["value"] = constraint.value
        return out

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        super().check_fits(constraint, shape, others)
        gap, n = self.gap(constraint, shape.size), shape.size
        if not 1 <= gap <= n - 1:
            raise PuzzleError(f"{self.label(constraint)}: the ends differ by at least {gap}: expected a gap "
                              f"1..{n - 1} on a {n}x{n}")

    def gap(self, constraint: Constraint, n: int) -> int:
        return constraint.value if constraint.value is not None else default_gap(n)

    def ends(self, constraint: Constraint, n: int) -> tuple[int, int, list[int]]:
        idx = [index(n, c) for c in constraint.cells]
        return idx[0], idx[-1], idx[1:-1]

    def moved(self, constraint: Constraint, cell_map: Sequence[int], n: int) -> Any:
        """The ends as a pair and the inner cells as a set: the rule reads neither's order."""
        a, b, inner = self.ends(constraint, n)
        return (self.name, frozenset((cell_map[a], cell_map[b])), frozenset(cell_map[i] for i in inner),
                self.gap(constraint, n))

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        a, b, inner = self.ends(constraint, n)
        x, y = digits[a], digits[b]
        if not (x and y):
            return []
        if abs(x - y) < self.gap(constraint, n):
            return [f"{self.label(constraint)}: the ends {x} and {y} differ by less than {self.gap(constraint, n)}"]
        for i in inner:
            if digits[i] and min(x, y) <= digits[i] <= max(x, y):
                return [f"{self.label(constraint)}: {digits[i]} at {cell_name(*divmod(i, n))} is between the "
                        f"ends {x} and {y}"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        gap = self.gap(constraint, n)
        a, b, inner = self.ends(constraint, n)
        digits = range(1, n + 1)
        out = [[-lit(n, a, x), -lit(n, b, y)] for x in digits for y in digits if abs(x - y) < gap]
        out += [[-lit(n, a, x), -lit(n, b, y), -lit(n, i, d)] for x in digits for y in digits if abs(x - y) >= gap
                for i in inner for d in range(min(x, y), max(x, y) + 1)]
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        gap = self.gap(constraint, n)
        a, b, inner = self.ends(constraint, n)
        digits = range(1, n + 1)
        name = self.label(constraint)
        spec.tables.append((name, (a, b), [(x, y) for x in digits for y in digits if abs(x - y) >= gap]))
        for i in inner:
            spec.tables.append((name, (a, b, i), [(x, y, d) for x in digits for y in digits if abs(x - y) >= gap
                                                  for d in digits if not min(x, y) <= d <= max(x, y)]))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """For each pair of end digits far enough apart that the candidates allow, the line's digits outside
        them (every inner cell keeping one)."""
        n = rules.size
        gap = self.gap(constraint, n)
        a, b, inner = self.ends(constraint, n)
        full = (1 << n) - 1
        ends, out = [0, 0], [0] * len(inner)
        for x in range(1, n + 1):
            if not masks[a] >> (x - 1) & 1:
                continue
            for y in range(1, n + 1):
                if not masks[b] >> (y - 1) & 1 or abs(x - y) < gap:
                    continue
                got = [masks[i] & full & ~_band(x, y) for i in inner]
                if all(got):
                    ends[0] |= 1 << (x - 1)
                    ends[1] |= 1 << (y - 1)
                    out = [o | g for o, g in zip(out, got)]
        if not ends[0]:
            return None
        kept = {a: ends[0], b: ends[1], **dict(zip(inner, out))}
        return [kept[i] for i in self.touches(constraint, rules)]

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        """An inner cell: outside the filled ends' band; an end: far enough from the other end, and no filled
        digit of the line within its band."""
        n = rules.size
        gap = self.gap(constraint, n)
        a, b, inner = self.ends(constraint, n)
        full = (1 << n) - 1
        if i not in (a, b):
            x, y = cells[a], cells[b]
            return full if not (x and y) else 0 if abs(x - y) < gap else full & ~_band(x, y)
        other = cells[b if i == a else a]
        on_line = [cells[j] for j in inner if cells[j] and j != i]
        return mask_of(d for d in range(1, n + 1)
                       if (abs(d - other) >= gap if other else d - gap >= 1 or d + gap <= n)
                       and not any(min(d, other or d) <= e <= max(d, other or d) for e in on_line))

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "lockout"), Mark("diamond", (constraint.cells[0], constraint.cells[-1]))]


KIND = Lockout()
