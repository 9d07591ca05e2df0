"""Extra regions: the cells hold distinct digits (N cells: every digit once, like a unit).

Document: ``{"type": "extra-region", "cells": [[r, c], ...]}``; f-puzzles ``extraregion``
(except windoku's four windows on a 9x9, read as windoku's units).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape
from .base import Kind, Mark, index, lit, mask_of
from .forms import doc_cells, entries, fp_cells, fp_name


class Distinct(Kind):
    """Cells holding distinct digits: the shared solving side of extra regions and disjoint groups."""

    ordered = False
    values_matter = False

    def groups(self, constraint: Constraint, rules: Rules) -> list[list[int]]:
        return [[index(rules.size, c) for c in constraint.cells]]

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        out = []
        for group in self.groups(constraint, rules):
            got = [digits[i] for i in group if digits[i]]
            twice = sorted({d for d in got if got.count(d) > 1})
            if twice:
                out.append(f"{self.label(constraint)} holds {twice[0]} twice")
        return out

    def emit(self, constraints: Sequence[Constraint], rules: Rules, enc: Any) -> None:
        n = rules.size
        enc.add(self.name, (cl for c in constraints for g in self.groups(c, rules)
                            for d in range(1, n + 1) for cl in enc.amo([lit(n, i, d) for i in g])))

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        for k, group in enumerate(self.groups(constraint, rules)):
            spec.all_different.append((f"{self.label(constraint)} {k + 1}", tuple(group)))

    def distinct_groups(self, constraint: Constraint, rules: Rules) -> list[list[int]] | None:
        return self.groups(constraint, rules)

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        full = (1 << rules.size) - 1
        for group in self.groups(constraint, rules):
            if i in group:
                full &= ~mask_of(cells[j] for j in group if j != i and cells[j])
        return full


class ExtraRegion(Distinct):
    name = "extra-region"
    words = "extra region"
    fields = ("cells",)
    fpuzzles = ("extraregion",)

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, doc_cells(item, "cells", shape.size, where, 2))]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, fp_cells(e.get("cells") if isinstance(e, dict) else None, shape.size,
                                                  f"{where}: {key} {k + 1}", 2))
                for k, e in enumerate(entries(value, f"{where}: {key}"))]

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out.setdefault("extraregion", []).extend({"cells": [fp_name(c) for c in k.cells]} for k in constraints)

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        if len(constraint.cells) > shape.size:
            raise PuzzleError(f"{self.label(constraint)}: {len(constraint.cells)} cells cannot hold distinct "
                              f"digits 1..{shape.size}: expected at most {shape.size}")

    def distinct_sum(self, constraint: Constraint, rules: Rules) -> tuple[list[int], int | None] | None:
        return self.groups(constraint, rules)[0], None

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("shade", constraint.cells, "region"), Mark("cage", constraint.cells)]


KIND = ExtraRegion()
