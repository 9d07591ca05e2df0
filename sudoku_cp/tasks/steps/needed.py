"""Premises shown needed without a solver: the solution with two digits swapped along a chain is a
model of the step's units and every premise but one, in which a conclusion fails.

A premise is needed when the units and the other premises leave room for the negation of some
conclusion fact: a model of them. The puzzle's solution holds every premise and conclusion; swap
two of its digits d and e on a set of cells closed under the step's units (each unit meeting the
set has its d and its e in it: a Kempe chain) and each unit still holds each digit once. When the
swap changes a conclusion's cell and breaks exactly one premise, that premise is needed: dropping
it lets the conclusion fail. A premise needed among all of them is needed in every subset that
holds it, so the premises' deletion (:meth:`~.seam.Seam.tightened`) asks a solver only about the
others: on the SE-rated sample, most of a named step's premises, and every premise of most singles.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.board import Fact, Rules


class Swaps:
    """The chains of ``solution`` (each cell's digit, row-major) under some units of ``rules``."""

    def __init__(self, rules: Rules, solution: Sequence[int]):
        n = rules.size
        self.n, self.solution, self.units_of = n, solution, rules.units_of
        self.count = len(rules.units)
        # for each unit, the cell holding each digit in the solution
        self.where: list[list[int]] = []
        for unit in rules.units:
            held = [0] * (n + 1)
            for r, c in unit.cells:
                held[solution[r * n + c]] = r * n + c
            self.where.append(held)

    def chain(self, start: int, d: int, e: int, units: set[int]) -> set[int]:
        """The cells whose d and e swap together with ``start``'s, under ``units`` alone."""
        where, units_of = self.where, self.units_of
        cells, todo = {start}, [start]
        while todo:
            i = todo.pop()
            for k in units_of[i]:
                if k in units:
                    for j in (where[k][d], where[k][e]):
                        if j not in cells:
                            cells.add(j)
                            todo.append(j)
        return cells

    def needed(self, conclusion: Sequence[Fact], premises: Sequence[Fact], units: Sequence[int]) -> set[Fact]:
        """The ``premises`` some swap shows needed for ``conclusion`` under ``units`` (none when a
        unit is a variant's constraint, not a unit: its rule is not a permutation)."""
        if any(k >= self.count for k in units):
            return set()
        n, solution, on = self.n, self.solution, set(units)
        by_cell: dict[int, list[Fact]] = {}
        for p in premises:
            by_cell.setdefault(p[0] * n + p[1], []).append(p)
        digits = {abs(p[2]) for p in premises}
        shown: set[Fact] = set()
        for r, c, d in conclusion:
            i = r * n + c
            held = solution[i]
            if d > 0 and held != d:
                continue  # (not the solution's: no swap keeps it)
            if d > 0:  # the cell's digit swapped with another: only one a premise speaks of can break one
                others = range(1, n + 1) if held in digits else sorted(digits)
                pairs = [(held, e) for e in others if e != held]
            else:  # the removed digit swapped in
                pairs = [(held, -d)]
            for x, y in pairs:
                cells = self.chain(i, x, y, on)
                broken = [p for j in cells for p in by_cell.get(j, ())
                          if (solution[j] == x and (p[2] == x or p[2] == -y))
                          or (solution[j] == y and (p[2] == y or p[2] == -x))]
                if len(broken) == 1:
                    shown.add(broken[0])
                    if len(shown) == len(premises):
                        return shown
        return shown
