"""Skyscrapers: the clue beside a row or column is how many digits are seen from it, a digit
hiding every smaller one behind it (the digits that are greater than all before them, read from
the clue).

Document: ``{"type": "skyscraper", "clue": [-1, 2], "value": 3}`` (the clue above column 3);
f-puzzles ``skyscraper`` (``{"cell": "R0C3", "value": "3"}``, the key of rangsk's f-puzzles
tools and solver, whose semantics these are, as sigh's Interactive Sudoku Solver's ``Skyscraper``).
Clauses: along the line, "the greatest digit so far is at least d" (an order encoding of the
running maximum), "cell k is seen" from it, and partial sums of the seen cells.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import index, lit
from .sums import Term, sum_clauses
from ._outside import ValueClue


def seen(line: Sequence[int]) -> int:
    """How many digits of ``line`` are seen from its start.

    >>> seen([2, 1, 4, 3])
    2
    """
    top = count = 0
    for d in line:
        if d > top:
            top, count = d, count + 1
    return count


class Skyscraper(ValueClue):
    name = "skyscraper"
    words = "skyscraper"
    fpuzzles = ("skyscraper",)
    aux = "the running maximum at least d, cell seen, partial sums of the seen cells"

    def sums(self, n: int, length: int) -> tuple[int, int]:
        return 1, length

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        if n in got and all(got[:got.index(n) + 1]):  # the N hides the rest: the count is known
            count = seen(got[:got.index(n) + 1])
            if count != constraint.value:
                return [f"{self.label(constraint)}: {count} seen"]
        return []

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The digits of each cell on some filling of the candidates (digits may repeat: a
        relaxation) that is seen exactly ``value`` times: states (greatest so far, seen so far)
        forwards, then back from the clue's count."""
        n, want = rules.size, constraint.value or 0
        got = [masks[index(n, c)] for c in constraint.cells]
        ahead = [{(0, 0)}]
        for m in got:
            ahead.append({(max(top, d), count + (d > top)) for top, count in ahead[-1]
                          for d in range(1, n + 1) if m >> (d - 1) & 1 and count + (d > top) <= want})
        behind = {s for s in ahead[-1] if s[1] == want}
        if not behind:
            return None
        out = [0] * len(got)
        for k in range(len(got) - 1, -1, -1):
            before = set()
            for top, count in ahead[k]:
                for d in range(1, n + 1):
                    if got[k] >> (d - 1) & 1 and (max(top, d), count + (d > top)) in behind:
                        out[k] |= 1 << (d - 1)
                        before.add((top, count))
            behind = before
        return out if all(out) else None

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        m = len(idx)
        first = enc.new_vars(m * n + m)
        at_least = [[first + k * n + d - 1 for d in range(1, n + 1)] for k in range(m)]  # max of cells 0..k >= d
        visible = [first + m * n + k for k in range(m)]  # cell k is seen
        out: list[list[int]] = []
        for k, i in enumerate(idx):
            for d in range(1, n + 1):
                here = at_least[k][d - 1]
                higher = [lit(n, i, e) for e in range(d, n + 1)]
                before = [at_least[k - 1][d - 1]] if k else []
                out.append([-here] + before + higher)
                out += [[here, -x] for x in higher + before]
                x = lit(n, i, d)
                if k:
                    out += [[-x, before[0], visible[k]], [-x, -before[0], -visible[k]]]
            if not k:
                out.append([visible[0]])
        terms: list[Term] = [[((v,), 1), ((-v,), 0)] for v in visible]
        return out + sum_clauses(terms, {constraint.value or 0}, enc)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        top = idx[0]
        terms = []
        for k, i in enumerate(idx[1:], start=1):
            now = spec.new_var(f"{name}: greatest of cells 1..{k + 1}", 1, n)
            v = spec.new_var(f"{name}: cell {k + 1} seen", 0, 1)
            spec.tables.append((name, (top, i, now, v), [(a, d, max(a, d), int(d > a))
                                                          for a in range(1, n + 1) for d in range(1, n + 1)]))
            terms.append((v, 1))
            top = now
        spec.linear.append((name, tuple(terms), (constraint.value or 0) - 1, (constraint.value or 0) - 1))


KIND = Skyscraper()
