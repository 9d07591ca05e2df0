"""Disjoint groups: cells at the same place in their boxes hold distinct digits (N groups).

Document: ``{"type": "disjoint"}``; f-puzzles ``disjointgroups``. Needs the grid's boxes.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape
from .extra_region import Distinct


class Disjoint(Distinct):
    name = "disjoint"
    words = "disjoint groups"
    fpuzzles = ("disjointgroups",)
    whole_grid = True

    def groups(self, constraint: Constraint, rules: Rules) -> list[list[int]]:
        shape, n = rules.shape, rules.size
        rows, cols = shape.box_rows, shape.box_cols
        return [[(br * rows + i) * n + bc * cols + j for br in range(cols) for bc in range(rows)]
                for i in range(rows) for j in range(cols)]

    def label(self, constraint: Constraint) -> str:
        return "the disjoint groups rule"

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        pass

    def check_rules(self, constraint: Constraint, rules: Rules) -> None:
        if not rules.box:
            raise PuzzleError("disjoint groups need the grid's boxes (the same place in every box): "
                              "expected no jigsaw regions")

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        return tuple(range(rules.size ** 2))

    def maps_to_itself(self, constraints, cell_map, rules) -> bool:
        groups = {frozenset(g) for g in self.groups(constraints[0], rules)}
        return all(frozenset(cell_map[i] for i in g) in groups for g in groups)


KIND = Disjoint()
