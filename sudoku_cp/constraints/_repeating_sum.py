"""What a kind whose cells add up to its number, digits free to repeat, shares: its clauses, CP row and narrowing
(little killers' diagonals, sum cages)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import index
from .sums import cell_term, sum_clauses
from .support import sum_support


class RepeatingSum:
    """The constraint's cells add up to its ``value``; a digit may repeat among them (no unit joins them all)."""

    label: Callable[[Constraint], str]  # the kind's own (Kind.label)

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        return sum_clauses([cell_term(n, index(n, c)) for c in constraint.cells], {constraint.value or 0}, enc,
                           at_most_one=False)  # implied; measured faster without (bench/bench_kinds.py)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        terms = tuple((index(n, c), 1) for c in constraint.cells)
        spec.linear.append((self.label(constraint), terms, constraint.value, constraint.value))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n = rules.size
        others = [cells[index(n, c)] for c in constraint.cells if index(n, c) != i]
        rest = (constraint.value or 0) - sum(others)
        blanks = others.count(0)
        low, high = max(1, rest - blanks * n), min(n, rest - blanks)
        return ((1 << high) - 1) & ~((1 << (low - 1)) - 1) if low <= high else 0

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Each digit of the cells that the others' candidates can complete to the sum (digits may repeat)."""
        n, total = rules.size, constraint.value or 0
        return sum_support([(masks[index(n, c)], 1) for c in constraint.cells], total, total)
