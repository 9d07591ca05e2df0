"""Sandwich sums: the clue beside a row or column is the sum of the digits between its 1 and its N.

Document: ``{"type": "sandwich", "clue": [-1, 2], "sum": 10}`` (the clue above column 3);
f-puzzles ``sandwichsum``. Clauses: along the line, "a crust (1 or N) seen" and "both crusts
seen" as variables, "cell k is between" from them; then, as the line holds each digit once,
"digit d lies between" per digit 2..N-1 and one selector per set of those digits with the sum
(partial sums of the cells between instead, past ``MAX_DIGIT_SETS`` sets).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import index, lit
from .sums import Term, digit_sets, is_unit, sum_clauses
from .support import distinct_sum_support
from ._outside import OutsideClue


class Sandwich(OutsideClue):
    name = "sandwich"
    words = "sandwich"
    fpuzzles = ("sandwichsum",)
    aux = "crust seen, both crusts seen, cell between, digit between, one selector per digit set"
    ordered = False

    def sums(self, n: int, length: int) -> tuple[int, int]:
        return 0, n * (n + 1) // 2 - 1 - n

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """For each place of the 1 and the N the candidates allow (the line is a row or column:
        each once), the digits between that reach the sum; a cell keeps what some placing allows."""
        n, total = rules.size, constraint.value or 0
        got = [masks[index(n, c)] for c in constraint.cells]
        one, big = 1, 1 << (n - 1)
        crust = one | big
        plain = [m & ~crust for m in got]
        out = [0] * len(got)
        for a, ma in enumerate(got):
            if not ma & one:
                continue
            for b, mb in enumerate(got):
                if b == a or not mb & big:
                    continue
                lo, hi = min(a, b), max(a, b)
                if not all(plain[k] for k in range(len(got)) if k not in (a, b)):
                    continue
                inner = distinct_sum_support(plain[lo + 1:hi], n, total) if hi > lo + 1 else (
                    [] if total == 0 else None)
                if inner is None:
                    continue
                out[a] |= one
                out[b] |= big
                for k in range(len(got)):
                    if k not in (a, b):
                        out[k] |= inner[k - lo - 1] if lo < k < hi else plain[k]
        return out if all(out) else None

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        if 1 in got and n in got:
            a, b = sorted((got.index(1), got.index(n)))
            inner = got[a + 1:b]
            if all(inner) and sum(inner) != constraint.value:
                return [f"{self.label(constraint)}: the digits between 1 and {n} add up to {sum(inner)}"]
            if sum(inner) > (constraint.value or 0):
                return [f"{self.label(constraint)}: the digits between 1 and {n} add up to more"]
        return []

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        m = len(idx)
        first = enc.new_vars(3 * m + 2)
        seen = [first + k for k in range(m + 1)]  # seen[k]: a crust among cells 0..k-1
        both = [first + m + 1 + k for k in range(m + 1)]  # both[k]: both crusts among cells 0..k-1
        inside = [first + 2 * m + 2 + k for k in range(m)]  # cell k lies between the crusts
        out = [[-seen[0]], [-both[0]]]
        for k, i in enumerate(idx):
            one, big = lit(n, i, 1), lit(n, i, n)
            out += [[-seen[k + 1], seen[k], one, big], [seen[k + 1], -seen[k]], [seen[k + 1], -one], [seen[k + 1], -big]]
            out += [[-both[k + 1], both[k], seen[k]], [-both[k + 1], both[k], one, big], [both[k + 1], -both[k]],
                    [both[k + 1], -seen[k], -one], [both[k + 1], -seen[k], -big]]
            out += [[-inside[k], seen[k]], [-inside[k], -both[k + 1]], [inside[k], -seen[k], both[k + 1]]]
        total = constraint.value or 0
        sets = digit_sets(range(2, n), total) if is_unit(constraint.cells, rules) else None
        if sets is None:  # too many sets (or cells not a unit): partial sums of the cells between
            terms: list[Term] = [[((lit(n, i, d), inside[k]), d) for d in range(1, n + 1)] + [((-inside[k],), 0)]
                                 for k, i in enumerate(idx)]
            return out + sum_clauses(terms, {total}, enc)
        # the line holds each digit once: "digit d lies between" is "d's cell is between"
        first = enc.new_vars(n - 2)
        between = {d: first + d - 2 for d in range(2, n)}
        for d, b in between.items():
            for k, i in enumerate(idx):
                out += [[-b, -lit(n, i, d), inside[k]], [b, -lit(n, i, d), -inside[k]]]
        if not sets:
            return out + [[first], [-first]]
        if len(sets) == 1:  # the digits between are known
            return out + [[b if d in sets[0] else -b] for d, b in between.items()]
        start = enc.new_vars(len(sets))
        chosen = list(range(start, start + len(sets)))  # one selector per set, one must hold
        out.append(chosen)
        for y, digits in zip(chosen, sets):
            out += [[-y, b if d in digits else -b] for d, b in between.items()]
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        p1, pn = spec.new_var(f"{name}: where 1 is", 0, n - 1), spec.new_var(f"{name}: where {n} is", 0, n - 1)
        terms = []
        for k, i in enumerate(idx):
            y = spec.new_var(f"{name}: cell {k + 1} if between", 0, n)
            allowed = [(x, a, b, x if min(a, b) < k < max(a, b) else 0)
                       for x in range(1, n + 1) for a in range(n) for b in range(n)
                       if (x == 1) == (a == k) and (x == n) == (b == k) and a != b]
            spec.tables.append((name, (i, p1, pn, y), allowed))
            terms.append((y, 1))
        spec.linear.append((name, tuple(terms), constraint.value, constraint.value))


KIND = Sandwich()
