"""Dutch whispers: neighbours along the line differ by at least 4 on a 9x9 (in general one less
than German whispers' ``(N + 1) // 2``, as rangsk's f-puzzles tools size it), a whispers line of
its own gap (:class:`~.whispers.Whispers`).

Document: ``{"type": "dutchwhispers", "cells": [[r, c], ...]}``. f-puzzles has no key of its own:
the f-puzzles userscripts write a Dutch whispers line as ``whispers`` with that ``value`` (4 on a
9x9), so a ``whispers`` line of that value is read as Dutch whispers and Dutch whispers are
written so (:meth:`~.whispers.Whispers.read_fpuzzles`): the link reads back to the same rules.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("dutchwhispers", 0, ((0, 0), (0, 1))), [1, 4] + [0] * 79, Rules.classic(Shape(3, 3)))
['Dutch whispers line at r1c1: 1 at r1c1 and 4 at r1c2']
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.rules import Constraint
from ..core.shape import Shape, cell_name
from .forms import LineIO, fp_name
from .whispers import Whispers, dutch_gap


class DutchWhispers(Whispers):
    name = "dutchwhispers"
    words = "Dutch whispers"
    fields = ("cells",)
    fpuzzles = ()  # read from f-puzzles' whispers (the Whispers kind's key)

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return LineIO.read(self, item, shape, where)

    def write(self, constraint: Constraint) -> dict:
        return LineIO.write(self, constraint)

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        gap = str(dutch_gap(len(out["grid"])))
        out.setdefault("whispers", []).extend({"lines": [[fp_name(c) for c in k.cells]], "value": gap}
                                              for k in constraints)

    def gap(self, constraint: Constraint, n: int) -> int:
        return dutch_gap(n)

    def label(self, constraint: Constraint) -> str:
        return f"Dutch whispers line at {cell_name(*constraint.cells[0])}"


KIND = DutchWhispers()
