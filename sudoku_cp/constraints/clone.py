"""Clones: two groups of cells of the same shape hold the same digits, cell for cell.

Document: ``{"type": "clone", "cells": [[r, c], ...], "clone": [[r, c], ...]}``; f-puzzles
``clone`` (``{"cells": [...], "cloneCells": [...]}``). ``cells`` holds both groups, ``data`` the
first group's length.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, PairKind, PairTest, index
from .forms import doc_cells, entries, fp_cells, fp_name


def _same(x: int, y: int) -> bool:
    return x == y


class Clone(PairKind):
    name = "clone"
    words = "clone"
    fields = ("cells", "clone")
    fpuzzles = ("clone",)
    values_matter = False

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        a = doc_cells(item, "cells", shape.size, where)
        b = doc_cells(item, "clone", shape.size, where)
        return [_make(a, b, where)]

    def write(self, constraint: Constraint) -> dict:
        k = constraint.data[0]
        return {"type": self.name, "cells": [list(c) for c in constraint.cells[:k]],
                "clone": [list(c) for c in constraint.cells[k:]]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            entry = entry if isinstance(entry, dict) else {}
            out.append(_make(fp_cells(entry.get("cells"), shape.size, at),
                             fp_cells(entry.get("cloneCells"), shape.size, at), at))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out["clone"] = [{"cells": [fp_name(c) for c in k.cells[:k.data[0]]],
                         "cloneCells": [fp_name(c) for c in k.cells[k.data[0]:]]} for k in constraints]

    def label(self, constraint: Constraint) -> str:
        return f"clone of {cell_name(*constraint.cells[0])}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n, k = rules.size, constraint.data[0]
        return [(index(n, a), index(n, b), _same) for a, b in zip(constraint.cells[:k], constraint.cells[k:])]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("shade", constraint.cells, "clone")]


def _make(a: tuple, b: tuple, at: str) -> Constraint:
    if len(a) != len(b):
        raise PuzzleError(f"{at}: the clone has {len(b)} cells for {len(a)}: expected the same number")
    if set(a) & set(b):
        raise PuzzleError(f"{at}: {cell_name(*sorted(set(a) & set(b))[0])} is in both groups: expected "
                          f"two separate groups")
    return Constraint("clone", 0, a + b, None, (len(a),))


KIND: Kind = Clone()
