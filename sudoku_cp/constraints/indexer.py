"""Row, column and box indexers: an indexing cell's digit says where its own number is in its
unit. A column indexer at (R, C) holding V: the cell (R, V) of its row holds C (1-based; the 1-5-9
rule is column indexers in columns 1, 5 and 9); a row indexer at (R, C) holding V: the cell
(V, C) of its column holds R; a box indexer at place P of its box (row-major, 1-based) holding V:
place V of the box holds P. These are rangsk's SudokuSolver's and f-puzzles tools' indexers
(``IndexerConstraint.cs``) and sigh's Interactive Sudoku Solver's ``Indexing~C`` / ``~R``.

Document: ``{"type": "indexer", "which": "column", "cells": [[r, c], ...]}`` (one constraint per
cell); f-puzzles ``rowindexer``, ``columnindexer``, ``boxindexer`` (``[{"cells": ["R1C1", ...]}]``).
A box indexer on a jigsaw indexes the cell's region, its cells row-major. The rule is a test on
cell pairs (the indexing cell beside each other cell of its unit), so it is a :class:`PairKind`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import Cell, PuzzleError, Shape, cell_name
from .base import Kind, Mark, PairKind, PairTest, index
from .forms import doc_cells, entries, fp_cells, fp_name

WHICH = {"row": "rowindexer", "column": "columnindexer", "box": "boxindexer"}
LETTER = {"row": "R", "column": "C", "box": "B"}


def unit_of(cell: Cell, which: str, rules: Rules) -> list[Cell]:
    """The cells a cell indexes, in order: its column (row indexer), its row (column indexer), or
    its box or region, row-major."""
    n = rules.size
    r, c = cell
    if which == "row":
        return [(i, c) for i in range(n)]
    if which == "column":
        return [(r, j) for j in range(n)]
    for unit in rules.units:
        if unit.kind in ("box", "region") and cell in unit.cells:
            return sorted(unit.cells)
    raise PuzzleError(f"box indexer at {cell_name(r, c)}: the grid has no box or region: expected a grid with boxes")


def _points(v: int, p: int) -> PairTest:
    return lambda x, y: x != v or y == p


class Indexer(PairKind):
    name = "indexer"
    words = "indexer"
    fields = ("which", "cells")
    fpuzzles = tuple(WHICH.values())

    def _which(self, which: Any, at: str) -> str:
        if which not in WHICH:
            raise PuzzleError(f"{at}: \"which\" is {which!r}: expected \"row\", \"column\" or \"box\"")
        return which

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        which = self._which(item.get("which"), where)
        return [Constraint(self.name, 0, (c,), None, (which,)) for c in doc_cells(item, "cells", shape.size, where)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "which": constraint.data[0], "cells": [list(c) for c in constraint.cells]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        which = next(w for w, k in WHICH.items() if k == key)
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            cells = entry.get("cells") if isinstance(entry, dict) else None
            out += [Constraint(self.name, 0, (c,), None, (which,))
                    for c in fp_cells(cells, shape.size, f"{where}: {key} {k + 1}")]
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        for which, key in WHICH.items():
            cells = [fp_name(k.cells[0]) for k in constraints if k.data[0] == which]
            if cells:
                out[key] = [{"cells": cells}]

    def check_rules(self, constraint: Constraint, rules: Rules) -> None:
        unit_of(constraint.cells[0], constraint.data[0], rules)

    def label(self, constraint: Constraint) -> str:
        return f"{constraint.data[0]} indexer at {cell_name(*constraint.cells[0])}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        cell = constraint.cells[0]
        unit = unit_of(cell, constraint.data[0], rules)
        p = unit.index(cell) + 1
        return [(index(n, cell), index(n, other), _points(v, p)) for v, other in enumerate(unit, start=1) if other != cell]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("text", constraint.cells, text=LETTER[constraint.data[0]])]


KIND: Kind = Indexer()
