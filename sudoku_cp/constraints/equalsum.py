"""Equal sums: the marked groups of cells all have the same sum (the "Equal Sums" family of other solvers).

Document: ``{"type": "equalsum", "groups": [[[r, c], ...], [[r, c], ...], ...]}``: two or more groups, each of one
or more cells, no cell in two groups. Digits may repeat within and across groups unless the grid's units forbid it.
A line whose two halves have the same sum ("the sum of the first two digits equals the sum of the last two") is two
groups, its first half and its second half. ``cells`` holds the groups one after another, ``data`` their lengths.
f-puzzles has no such rule. Clauses: one partial-sum chain (:func:`~.sums.sum_clauses`) per pair of consecutive
groups, the first group's digits counted +1 and the second's -1, reaching 0; CP-SAT: one linear row per pair,
sum(first) - sum(next) == 0; dfs: each group's digits kept where some filling of it (digits free to repeat) makes a
sum every group can make (:func:`~.support.sum_support`).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> rule = Constraint("equalsum", 0, ((0, 0), (0, 1), (2, 2), (3, 3)), None, (2, 2))
>>> KIND.holds(rule, [1, 2] + [0] * 8 + [4] + [0] * 4 + [3], Rules.classic(Shape(2, 2)))
['equal sums at r1c1: 3 (r1c1 r1c2), 7 (r3c3 r4c4)']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Cell, PuzzleError, Shape, cell_name
from .base import Mark, NarrowedKind, index
from .forms import NoFpuzzlesIO, doc_cells, show_value
from .sums import cell_term, sum_clauses
from .support import sum_support


def groups_of(constraint: Constraint) -> list[tuple[Cell, ...]]:
    """The constraint's groups of cells, in order."""
    out, at = [], 0
    for k in constraint.data:
        out.append(constraint.cells[at:at + k])
        at += k
    return out


def make(groups: Sequence[Sequence[Cell]], at: str) -> Constraint:
    """An equal-sums constraint of ``groups`` (cells), refused in one line where it says nothing or a cell is in
    two groups."""
    if len(groups) < 2:
        raise PuzzleError(f"{at}: {len(groups)} group: expected two or more groups of cells with one sum")
    seen: set[Cell] = set()
    for group in groups:
        twice = next((c for c in group if c in seen), None)
        if twice is not None:
            raise PuzzleError(f"{at}: {cell_name(*twice)} is in two groups: expected separate groups")
        seen.update(group)
    return Constraint("equalsum", 0, tuple(c for g in groups for c in g), None, tuple(len(g) for g in groups))


def _reachable(masks: Sequence[int]) -> int:
    """The sums digits of ``masks`` (free to repeat) can make, as bits (bit ``s - 1`` for sum ``s``)."""
    reach = 1  # bit s: the sum s (over nothing: 0)
    for mask in masks:
        now, m = 0, mask
        while m:
            bit = m & -m
            now |= reach << bit.bit_length()
            m ^= bit
        reach = now
    return reach >> 1


class EqualSum(NoFpuzzlesIO, NarrowedKind):
    name = "equalsum"
    words = "equal sums"
    fields = ("groups",)
    ordered = False
    aux = "partial sums of each pair of consecutive groups (the first less the next)"

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        groups = item.get("groups")
        if not isinstance(groups, list) or len(groups) < 2:
            raise PuzzleError(f"{where}: \"groups\" is {show_value(groups)}: expected a list of two or more groups, "
                              f"each a list of [row, col] pairs, 0-based")
        cells = [doc_cells({"cells": g}, "cells", shape.size, f"{where}: group {k + 1}") for k, g in enumerate(groups)]
        return [make(cells, f"{where} at {cell_name(*cells[0][0])}")]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "groups": [[list(c) for c in g] for g in groups_of(constraint)]}

    def label(self, constraint: Constraint) -> str:
        return f"equal sums at {cell_name(*constraint.cells[0])}"

    def moved(self, constraint: Constraint, cell_map: Sequence[int], n: int) -> Any:
        return (constraint.kind, frozenset(frozenset(cell_map[index(n, c)] for c in g) for g in groups_of(constraint)))

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [[digits[index(n, c)] for c in g] for g in groups_of(constraint)]
        ranges = [(sum(g) + g.count(0), sum(g) + g.count(0) * n) for g in got]
        if max(low for low, _ in ranges) <= min(high for _, high in ranges):
            return []  # (blanks break nothing while some common sum is still in reach)
        if all(all(g) for g in got):
            said = ", ".join(f"{sum(g)} ({' '.join(cell_name(*c) for c in cells)})"
                             for g, cells in zip(got, groups_of(constraint)))
            return [f"{self.label(constraint)}: {said}"]
        said = ", ".join(' '.join(str(d) if d else '.' for d in g) for g in got)
        return [f"{self.label(constraint)}: {said} cannot have one sum"]

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        groups = [[index(n, c) for c in g] for g in groups_of(constraint)]
        out: list[list[int]] = []
        for first, then in zip(groups, groups[1:]):
            terms = [cell_term(n, i) for i in first] + [cell_term(n, i, -1) for i in then]
            out += sum_clauses(terms, {0}, enc, at_most_one=False)  # (implied, as a sum cage's)
        return out

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        groups = [[index(n, c) for c in g] for g in groups_of(constraint)]
        for first, then in zip(groups, groups[1:]):
            terms = tuple((i, 1) for i in first) + tuple((i, -1) for i in then)
            spec.linear.append((self.label(constraint), terms, 0, 0))

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Each group keeps the digits of its fillings (digits free to repeat) whose sum every group can make."""
        n = rules.size
        groups = [[masks[index(n, c)] for c in g] for g in groups_of(constraint)]
        common = -1
        for group in groups:
            common &= _reachable(group)
        if not common:
            return None
        out: list[int] = []
        for group in groups:  # the common sums as one more term, a "digit" per sum, less the group's
            got = sum_support([(m, 1) for m in group] + [(common, -1)], 0, 0)
            if got is None:
                return None
            out += got[:-1]
        return out

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        """Each group's cells joined by a line; an "=" between consecutive groups where they touch (a line's
        halves), else in each group's first cell."""
        groups = groups_of(constraint)
        out = [Mark("line", g, "equalsum") for g in groups]
        touch = all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in
                    ((g[-1], h[0]) for g, h in zip(groups, groups[1:])))
        if touch:
            out += [Mark("dot", (g[-1], h[0]), "equalsum", "=") for g, h in zip(groups, groups[1:])]
        else:
            out += [Mark("text", (g[0],), "equalsum", "=") for g in groups]
        return out


KIND = EqualSum()
