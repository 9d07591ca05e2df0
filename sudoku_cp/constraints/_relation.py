"""Whole-grid relations: every pair of cells a step apart obeys one test (anti-knight, anti-king,
non-consecutive). Shared by the three relation modules; each declares its steps and its test.

The pairs the encoders use come from the steps (:func:`relation_pairs`); the check finds its pairs
by a different route, a test on the offset between two cells (``binds``), so a slip in one list is
caught by the other rather than repeated.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from ..core.conflict import Conflict
from ..core.rules import Constraint, Rules
from ..core.shape import cell_name
from .base import Kind, PairTest, mask_of


class Relation(Kind):
    """A whole-grid rule over the pairs ``steps`` apart: ``gaps`` are the differences a partner's
    digit may not have (0: not the same digit; -1, 1: not one apart)."""

    whole_grid = True
    ordered = False
    steps: tuple[tuple[int, int], ...] = ()
    gaps: tuple[int, ...] = (0,)
    binds: Callable[[int, int], bool] = staticmethod(lambda dr, dc: False)
    unit = ""  # the duplicate scan's name for a broken pair (CONTRACT's unit names)

    def ok(self, x: int, y: int) -> bool:
        return (y - x) not in self.gaps

    def read_fpuzzles(self, key: str, value: Any, shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, ())] if value else []

    def pairs(self, rules: Rules) -> tuple[tuple[int, int], ...]:
        """The cell pairs ``(i, j)``, ``i < j`` row-major, this relation binds (from its steps)."""
        return relation_pairs(rules.size, self.steps)

    def checked_pairs(self, n: int) -> tuple[tuple[int, int], ...]:
        """The same pairs found by the offset test (the checker's own route)."""
        return related(n, self.binds)

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        same = self.gaps == (0,)  # the test inlined: this runs on every answer of a batch
        out = []
        for a, b in self.checked_pairs(n):
            x, y = digits[a], digits[b]
            if x and y and (x == y if same else abs(x - y) == 1):
                out.append(f"{self.unit} rule broken: {x} at {cell_name(*divmod(a, n))} and {y} at "
                           f"{cell_name(*divmod(b, n))}")
        return out

    def conflicts(self, constraint: Constraint, board: Any) -> list:
        """The duplicate scan: each pair of givens the relation forbids."""
        cells, n = board.cells, board.size
        found = []
        same = self.gaps == (0,)
        for a, b in self.checked_pairs(n):
            x, y = cells[a], cells[b]
            if x and y and (x == y if same else abs(x - y) == 1):
                found.append(Conflict(self.unit, constraint.index, min(x, y) if self.gaps != (0,) else x,
                                      [divmod(a, n), divmod(b, n)]))
        return found

    def maps_to_itself(self, constraints: Sequence[Constraint], cell_map: Sequence[int], rules: Rules) -> bool:
        bound = set(self.pairs(rules))
        return all((min(cell_map[a], cell_map[b]), max(cell_map[a], cell_map[b])) in bound for a, b in bound)

    def values_matter_in(self, constraint: Constraint) -> bool:
        return self.gaps != (0,)

    def emit(self, constraints: Sequence[Constraint], rules: Rules, enc: Any) -> None:
        n = rules.size
        clauses = []
        for a, b in self.pairs(rules):
            for d in range(1, n + 1):
                if self.gaps == (0,):
                    clauses.append([-(a * n + d), -(b * n + d)])
                elif d < n:
                    clauses += [[-(a * n + d), -(b * n + d + 1)], [-(a * n + d + 1), -(b * n + d)]]
        enc.add(self.name, clauses)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        target = spec.different if self.gaps == (0,) else spec.apart
        target.extend(self.pairs(rules))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        n = rules.size
        out = (1 << n) - 1
        for j in partners_of(n, self.steps)[i]:
            if cells[j]:
                out &= ~mask_of(cells[j] + g for g in self.gaps if 1 <= cells[j] + g <= n)
        return out

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        return tuple(range(rules.size ** 2))

    def pair_tests(self, rules: Rules) -> list[tuple[int, int, PairTest]]:
        return [(a, b, self.ok) for a, b in self.pairs(rules)]


@lru_cache(maxsize=64)
def relation_pairs(n: int, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    out = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in steps:
                rr, cc = r + dr, c + dc
                if 0 <= rr < n and 0 <= cc < n:
                    a, b = r * n + c, rr * n + cc
                    out.add((min(a, b), max(a, b)))
    return tuple(sorted(out))


@lru_cache(maxsize=64)
def partners_of(n: int, steps: tuple[tuple[int, int], ...]) -> tuple[tuple[int, ...], ...]:
    found: list[list[int]] = [[] for _ in range(n * n)]
    for a, b in relation_pairs(n, steps):
        found[a].append(b)
        found[b].append(a)
    return tuple(tuple(f) for f in found)


@lru_cache(maxsize=64)
def related(n: int, binds: Callable[[int, int], bool]) -> tuple[tuple[int, int], ...]:
    steps = [(dr, dc) for dr in range(0, 3) for dc in range(-2, 3)
             if (dr, dc) > (0, 0) and binds(dr, dc)]  # each unordered pair once: dr > 0 or dc > 0
    return tuple(sorted((r * n + c, (r + dr) * n + c + dc) for r in range(n) for c in range(n)
                        for dr, dc in steps if r + dr < n and 0 <= c + dc < n))
