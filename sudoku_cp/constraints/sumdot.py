"""Sum dots: a dot or square between two neighbours says their digits add up to its total, or to one of its totals.

Setters draw them where X (10) and V (5) do not say enough: "cells joined by a blue square sum to 7", "a grey
dot joins cells that sum to 9", "green dots are either X or V" (5 or 10). XV is the sum dot of 10 or of 5 with
letters of its own; a sum dot names its totals. Document: ``{"type": "sumdot", "cells": [[r, c], [r, c]],
"sums": [7]}`` (``sums``: one total or several, each 3..2N-1). f-puzzles has no such dot, so a puzzle with one
has no f-puzzles form. The negative rule, "all blue squares are given", is ``sumdot-negative``
(``negative.py``).

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> dot = Constraint("sumdot", 0, ((0, 0), (0, 1)), None, (5, 10))
>>> KIND.label(dot), KIND.holds(dot, [1, 4] + [0] * 79, Rules.classic(Shape(3, 3)))
('sum dot 5|10 at r1c1-r1c2', [])
>>> KIND.holds(dot, [2, 4] + [0] * 79, Rules.classic(Shape(3, 3)))
['sum dot 5|10 at r1c1-r1c2: 2 at r1c1 and 4 at r1c2']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, PairKind, PairTest, index
from .forms import DotIO, NoFpuzzlesIO, doc_cells, show_value


def read_sums(item: dict, n: int, at: str, required: bool = True) -> tuple[int, ...]:
    """The ``sums`` of a document object, sorted and each once; ``()`` when absent and not ``required``.

    Each must be a whole number two different digits 1..N can add up to (3..2N-1).
    """
    sums = item.get("sums")
    if sums is None and not required:
        return ()
    if not isinstance(sums, list) or not sums or not all(type(s) is int for s in sums):
        raise PuzzleError(f"{at}: \"sums\" is {show_value(sums)}: expected a list of whole numbers such as [7] "
                          f"or [5, 10]")
    wrong = [s for s in sums if not 3 <= s <= 2 * n - 1]
    if wrong:
        raise PuzzleError(f"{at}: sum {wrong[0]} is impossible for two different digits 1..{n}: expected "
                          f"3..{2 * n - 1}")
    return tuple(sorted(set(sums)))


def totals_text(sums: Sequence[int]) -> str:
    """How a drawing and a message write a dot's totals: ``7``, ``5|10``."""
    return "|".join(map(str, sums))


class SumDot(DotIO, NoFpuzzlesIO, PairKind):
    name = "sumdot"
    words = "sum dot"
    fields = ("cells", "sums")
    ordered = False

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        cells = doc_cells(item, "cells", shape.size, where, 2)
        if len(cells) != 2:
            raise PuzzleError(f"{where}: a sum dot joins 2 cells, got {len(cells)}: expected two neighbours")
        return [Constraint(self.name, 0, cells, None, read_sums(item, shape.size, f"{where} at {cell_name(*cells[0])}"))]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells], "sums": list(constraint.data)}

    def label(self, constraint: Constraint) -> str:
        a, b = constraint.cells
        return f"sum dot {totals_text(constraint.data)} at {cell_name(*a)}-{cell_name(*b)}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n, totals = rules.size, frozenset(constraint.data)
        a, b = constraint.cells
        return [(index(n, a), index(n, b), lambda x, y: x + y in totals)]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("dot", constraint.cells, "sum", totals_text(constraint.data))]


def allows(mark: Constraint, totals: Any) -> bool:
    """Whether a mark on a pair (an X or V, a sum dot) lets its digits add up to one of ``totals``.

    Such a pair is marked for a negative rule over those totals (it is not bare).
    """
    if mark.kind == "xv":
        return mark.value in totals
    return mark.kind == "sumdot" and not set(mark.data).isdisjoint(totals)


KIND: Kind = SumDot()
