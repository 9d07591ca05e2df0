"""X-sums: the clue beside a row or column is the sum of the first X digits read from it, where
X is the first digit.

Document: ``{"type": "xsum", "clue": [-1, 2], "sum": 15}``; f-puzzles ``xsum``. Clauses: for each
first digit k, a selector per set of k - 1 other digits that completes the sum (see
:meth:`XSum.clauses`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import index, lit
from .sums import Term, cell_term, digit_sets, is_unit, sum_clauses
from .support import distinct_sum_support
from ._outside import OutsideClue


class XSum(OutsideClue):
    name = "xsum"
    words = "X-sum"
    fpuzzles = ("xsum",)
    aux = "one selector per first digit and digit set of the counted cells"

    def sums(self, n: int, length: int) -> tuple[int, int]:
        return 1, n * (n + 1) // 2

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """For each first digit X the candidates allow, the digits of the next X - 1 cells that
        reach the sum with it (X distinct digits: the line is a row or column); a cell keeps what
        some X allows."""
        n, total = rules.size, constraint.value or 0
        got = [masks[index(n, c)] for c in constraint.cells]
        out = [0] * len(got)
        for x in range(1, len(got) + 1):
            if not got[0] & (1 << (x - 1)):
                continue
            bit = 1 << (x - 1)
            counted = distinct_sum_support([bit] + [m & ~bit for m in got[1:x]], n, total) if x > 1 else (
                [bit] if total == 1 else None)
            if counted is None:
                continue
            out[0] |= 1 << (x - 1)
            for k in range(1, len(got)):
                out[k] |= counted[k] if k < x else got[k] & ~bit
        return out if all(out) else None

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        x = got[0]
        if x:
            counted = got[:x]
            if all(counted) and sum(counted) != constraint.value:
                return [f"{self.label(constraint)}: the first {x} digits add up to {sum(counted)}"]
            if sum(counted) > (constraint.value or 0):
                return [f"{self.label(constraint)}: the first {x} digits add up to more"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        """For each first digit k, "the first digit is k" implies the sum: the other k - 1 counted
        cells hold one of the sets of k - 1 distinct digits (not k) adding up to the clue less k.

        A selector per (k, set): it needs its k, and each of its digits somewhere in the counted
        cells; a counted cell's digit needs a chosen set holding it (the line is a row or column,
        so the cells are distinct and k - 1 digits in k - 1 cells are the set). Where a k has too
        many sets, that k's sum is partial sums instead, each clause under "the first digit is k".
        """
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        total = constraint.value or 0
        distinct = is_unit(constraint.cells, rules)
        out: list[list[int]] = []
        for k in range(1, n + 1):
            head = lit(n, idx[0], k)
            counted = idx[1:k]
            sets = digit_sets((d for d in range(1, n + 1) if d != k), total - k, k - 1) if distinct else None
            if sets is None:
                terms: list[Term] = [cell_term(n, i) for i in counted]
                out += [[-head] + cl for cl in sum_clauses(terms, {total - k}, enc)] if terms else \
                    ([] if total == k else [[-head]])
                continue
            if not sets:
                out.append([-head])
                continue
            first = enc.new_vars(len(sets)) if len(sets) > 1 else 0
            chosen = [first + j for j in range(len(sets))] if first else [head]
            if first:
                out.append([-head] + chosen)
                out += [[-y, head] for y in chosen]
            for y, digits in zip(chosen, sets):
                out += [[-y] + [lit(n, i, d) for i in counted] for d in digits]
            for d in range(1, n + 1):
                having = [y for y, digits in zip(chosen, sets) if d in digits]
                if head not in having:  # (one set: its selector is the first digit itself)
                    out += [[-head, -lit(n, i, d)] + having for i in counted]
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        terms = [(idx[0], 1)]
        for k, i in enumerate(idx[1:], start=1):
            y = spec.new_var(f"{name}: cell {k + 1} if counted", 0, n)
            spec.tables.append((name, (idx[0], i, y),
                                [(x, d, d if x > k else 0) for x in range(1, n + 1) for d in range(1, n + 1)]))
            terms.append((y, 1))
        spec.linear.append((name, tuple(terms), constraint.value, constraint.value))


KIND = XSum()
