"""Differences-count lines: the difference between two adjacent digits on the line says exactly how many
pairs of adjacent digits along the line have that difference (a difference of 2 appears on exactly two
pairs, of 1 on exactly one; neighbours are never equal, a difference of 0 appearing on no pair).

Document: ``{"type": "diffcount", "cells": [[r, c], ...]}``. f-puzzles has no such line, so such a puzzle
has no f-puzzles link. Clauses: a variable per pair of neighbours and difference (fixed by the two digits),
and for each difference d the number of pairs with it is 0 or d (partial sums, ``sums.count_clauses``). CP: a
difference variable per pair, a 0/1 variable per pair and difference, and their count equal to d times a
0/1 variable.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> line = Constraint("diffcount", 0, ((0, 0), (0, 1), (1, 1)))
>>> KIND.holds(line, [1, 3, 0, 0, 0, 4] + [0] * 10, Rules.classic(Shape(2, 2)))
['differences-count line at r1c1: 1 3 4 (differences 2 1): a difference of 2 on 1 pair']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Kind, Mark, index, lit
from .forms import EitherWay, LineIO, NoFpuzzlesIO
from .sums import count_clauses


def counts_hold(differences: Sequence[int]) -> bool:
    """Whether each difference in a full line's list appears exactly that many times.

    >>> counts_hold([2, 2]), counts_hold([1, 3, 3, 3]), counts_hold([1, 2]), counts_hold([1, 0])
    (True, True, False, False)
    """
    return all(d > 0 and differences.count(d) == d for d in differences)


def support(masks: Sequence[int], n: int) -> list[int] | None:
    """The digits of each cell (in line order, ``masks`` their candidates) in some filling that keeps the rule,
    or None when there is none: a search over the line keeping each difference's count so far, each state
    (place, digit, counts) looked at once."""
    k = len(masks)
    pairs = k - 1
    out = [0] * k
    seen: dict[tuple, bool] = {}

    def open_needs(counts: tuple[int, ...]) -> int:
        return sum(d - c for d, c in enumerate(counts, start=1) if 0 < c < d)

    def extend(j: int, last: int, counts: tuple[int, ...]) -> bool:
        key = (j, last, counts)
        if key in seen:
            return seen[key]
        ok = False
        if j == k:
            ok = open_needs(counts) == 0
        else:
            for x in range(1, n + 1):
                if not masks[j] >> (x - 1) & 1:
                    continue
                d = abs(x - last)
                if d == 0 or d > pairs or counts[d - 1] == d:
                    continue
                after = counts[:d - 1] + (counts[d - 1] + 1,) + counts[d:]
                if open_needs(after) > pairs - j:  # the pairs left cannot complete the counts begun
                    continue
                if extend(j + 1, x, after):
                    out[j] |= 1 << (x - 1)
                    ok = True
        seen[key] = ok
        return ok

    start = (0,) * max(pairs, 0)
    for x in range(1, n + 1):
        if masks[0] >> (x - 1) & 1 and extend(1, x, start):
            out[0] |= 1 << (x - 1)
    return out if all(out) else None


class DiffCountLine(EitherWay, NoFpuzzlesIO, LineIO, Kind):
    name = "diffcount"
    words = "differences-count line"
    aux = "pair j has difference d, one variable per pair and difference; the count of each difference so far"


    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        if not any(got):
            return []
        if all(got):
            diffs = [abs(a - b) for a, b in zip(got, got[1:])]
            if counts_hold(diffs):
                return []
            d = next(d for d in diffs if d == 0 or diffs.count(d) != d)
            many = diffs.count(d)
            return [f"{self.label(constraint)}: {' '.join(map(str, got))} (differences {' '.join(map(str, diffs))}): "
                    f"a difference of {d} on {many} pair{'s' if many != 1 else ''}"]
        full = (1 << n) - 1
        if support([1 << (d - 1) if d else full for d in got], n) is None:
            return [f"{self.label(constraint)}: {' '.join(str(d or '.') for d in got)} cannot be completed"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        pairs = len(idx) - 1
        most = min(n - 1, pairs)  # a difference d needs d pairs
        digits = range(1, n + 1)
        out: list[list[int]] = []
        has: list[dict[int, int]] = []
        for a, b in zip(idx, idx[1:]):
            first = enc.new_vars(most)
            diff = {d: first + d - 1 for d in range(1, most + 1)}
            has.append(diff)
            for x in digits:
                for y in digits:
                    d = abs(x - y)
                    out.append([-lit(n, a, x), -lit(n, b, y)] + ([diff[d]] if d in diff else []))
            for d, v in diff.items():  # the difference variable holds only beside digits that far apart
                for x in digits:
                    out.append([-v, -lit(n, a, x)] + [lit(n, b, y) for y in (x - d, x + d) if 1 <= y <= n])
        for d in range(1, most + 1):
            out += count_clauses([pair[d] for pair in has], {0, d}, enc)
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        pairs = len(idx) - 1
        most = min(n - 1, pairs)
        digits = range(1, n + 1)
        diffs = []
        for j, (a, b) in enumerate(zip(idx, idx[1:])):
            e = spec.new_var(f"{name} difference {j + 1}", 1, max(most, 1))
            spec.tables.append((name, (a, b, e), [(x, y, abs(x - y)) for x in digits for y in digits
                                                  if 1 <= abs(x - y) <= most]))
            diffs.append(e)
        for d in range(1, most + 1):
            terms = []
            for j, e in enumerate(diffs):
                is_d = spec.new_var(f"{name} difference {j + 1} is {d}", 0, 1)
                spec.tables.append((name, (e, is_d), [(v, int(v == d)) for v in range(1, most + 1)]))
                terms.append((is_d, 1))
            used = spec.new_var(f"{name} difference {d} used", 0, 1)
            spec.linear.append((name, tuple(terms) + ((used, -d),), 0, 0))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The digits of each cell in some filling of the line that the candidates allow."""
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        got = support([masks[i] for i in idx], n)
        if got is None:
            return None
        kept: dict[int, int] = {}
        for i, m in zip(idx, got):
            kept[i] = kept.get(i, m) & m
        if not all(kept.values()):
            return None
        return [kept[i] for i in self.touches(constraint, rules)]

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        return tuple(dict.fromkeys(index(rules.size, c) for c in constraint.cells))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n = rules.size
        full = (1 << n) - 1
        idx = [index(n, c) for c in constraint.cells]
        got = support([full if j == i or not cells[j] else 1 << (cells[j] - 1) for j in idx], n)
        if got is None:
            return 0
        out = full
        for j, m in zip(idx, got):
            if j == i:
                out &= m
        return out

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "diffcount")]


KIND = DiffCountLine()
