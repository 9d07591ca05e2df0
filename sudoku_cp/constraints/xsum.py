"""X-sums: the clue beside a row or column is the sum of the first X digits read from it, where
X is the first digit.

Document: ``{"type": "xsum", "clue": [-1, 2], "sum": 15}``; f-puzzles ``xsum``. Clauses: "cell k
counts" is "the first digit exceeds k", then partial sums of the counted cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import Term, distinct_sum_support, index, lit, sum_clauses
from ._outside import OutsideClue


class XSum(OutsideClue):
    name = "xsum"
    words = "X-sum"
    fpuzzles = ("xsum",)
    aux = "cell counted, then partial sums"

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
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        head = idx[0]
        first = enc.new_vars(len(idx) - 1)
        counts = {k: first + k - 1 for k in range(1, len(idx))}  # cell k counts: the first digit > k
        out = []
        for k, v in counts.items():
            above = [lit(n, head, d) for d in range(k + 1, n + 1)]
            out.append([-v] + above)
            out += [[v, -x] for x in above]
        terms: list[Term] = [[((lit(n, head, d),), d) for d in range(1, n + 1)]]
        terms += [[((lit(n, i, d), counts[k]), d) for d in range(1, n + 1)] + [((-counts[k],), 0)]
                  for k, i in enumerate(idx) if k]
        return out + sum_clauses(terms, {constraint.value or 0}, enc)

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
