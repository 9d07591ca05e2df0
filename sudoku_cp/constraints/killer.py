"""Killer cages: the cells of a cage hold distinct digits adding up to its sum (when it has one).

Document: ``{"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 10}`` (``sum`` optional).
f-puzzles: ``killercage`` (``{"cells": ["R1C1", ...], "value": "15"}``). Clauses: ``cage-amo``
(no digit twice), the sum as ``cage-sum`` (one selector per digit combination, exactly one chosen:
the default), ``cage-sets`` (at least one chosen: what the steps reason with) or ``cage-pb``
(PySAT's pseudo-Boolean encoding): the solving side lives in ``model/cnf.py``'s cage functions,
which this kind calls.

>>> from sudoku_cp.core.rules import Constraint
>>> KIND.holds(Constraint("killer", 0, ((0, 0), (0, 1)), 5), [1, 3] + [0] * 14, _rules4())
['cage at r1c1 sums to 4, needs 5']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from ..core.conflict import Conflict
from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, index, mask_of
from .boundcage import clue_range
from .forms import doc_cells, entries, fp_cells, fp_name, fp_number, show_value
from .support import distinct_sum_support


class Killer(Kind):
    name = "killer"
    words = "killer cage"
    fields = ("cells", "sum")
    fpuzzles = ("killercage",)
    ordered = False

    def values_matter_in(self, constraint: Constraint) -> bool:
        return constraint.value is not None

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        cells = doc_cells(item, "cells", shape.size, where, distinct=False)
        total = item.get("sum")
        if total is not None and type(total) is not int:
            raise PuzzleError(f"{where} at {cell_name(*cells[0])}: \"sum\" is {show_value(total)}: "
                              f"expected a whole number, or no sum")
        return [Constraint(self.name, 0, cells, total)]

    def write(self, constraint: Constraint) -> dict:
        out: dict[str, Any] = {"type": self.name, "cells": [list(c) for c in constraint.cells]}
        if constraint.value is not None:
            out["sum"] = constraint.value
        return out

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        n = shape.size
        for k, cage in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            if isinstance(cage, dict) and clue_range(cage.get("value")) is not None:
                continue  # a bound ("<15", "?"): the f-puzzles reader reads it as a bound cage, or refuses it
            total = fp_number(cage.get("value") if isinstance(cage, dict) else None, at, "sum",
                              high=n * n * (n + 1) // 2)
            names = cage.get("cells") if isinstance(cage, dict) else None
            out.append(Constraint(self.name, k, fp_cells(names, n, at, distinct=False), total))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out["killercage"] = [dict({"cells": [fp_name(c) for c in k.cells]},
                                  **({} if k.value is None else {"value": str(k.value)}))
                             for k in constraints]

    def label(self, constraint: Constraint) -> str:
        return f"cage at {cell_name(*constraint.cells[0])}"

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        return self.check_of(constraint, rules)(digits)

    def check_of(self, constraint: Constraint, rules: Rules):
        idx = _indices(constraint, rules.size)
        total = constraint.value

        def check(digits: Sequence[int]) -> list[str]:
            got = [digits[i] for i in idx]
            if total is not None and sum(got) == total and len(set(got)) == len(got):
                return []  # the common case, at once
            return self._broken(constraint, got)
        return check

    def _broken(self, constraint: Constraint, got: list[int]) -> list[str]:
        blanks = got.count(0)
        out = []
        if len(set(got)) - (blanks > 0) != len(got) - blanks:
            out.append(f"cage at {cell_name(*constraint.cells[0])} repeats a digit ({', '.join(map(str, got))})")
        if constraint.value is not None and not blanks and sum(got) != constraint.value:
            out.append(f"cage at {cell_name(*constraint.cells[0])} sums to {sum(got)}, needs {constraint.value}")
        return out

    def conflicts(self, constraint: Constraint, board: Any) -> list:
        """The duplicate scan: a digit twice in the cage, or a full cage with the wrong sum."""
        cells, n = board.cells, board.size
        got = [cells[i] for i in _indices(constraint, n)]
        blanks = got.count(0)
        if len(set(got)) - (blanks > 0) == len(got) - blanks and (blanks or constraint.value is None
                                                                  or sum(got) == constraint.value):
            return []  # the common case, at once
        anchor = constraint.cells[0]
        seen: dict[int, list[tuple[int, int]]] = {}
        for r, c in constraint.cells:
            if cells[r * n + c]:
                seen.setdefault(cells[r * n + c], []).append((r, c))
        found = [Conflict("cage", constraint.index, d, seen[d], anchor) for d in sorted(seen) if len(seen[d]) > 1]
        digits = [cells[r * n + c] for r, c in constraint.cells]
        if constraint.value is not None and all(digits) and sum(digits) != constraint.value:
            found.append(Conflict("cage", constraint.index, sum(digits), list(constraint.cells), anchor,
                                  constraint.value))
        return found

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        """Pencil marks: a cage-mate's digit is crossed out (the sum is not used)."""
        n = rules.size
        return ((1 << n) - 1) & ~mask_of(cells[index(n, c)] for c in constraint.cells
                                          if index(n, c) != i and cells[index(n, c)])

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """A cell keeps a digit of a set of distinct digits with the cage's sum that the other
        cells can still fill (each a digit of the rest, all of the rest among them); a digit seen
        once is out of the others (by the sum alone when the sets are too many to list)."""
        n, total = rules.size, constraint.value
        idx = _indices(constraint, n)
        got = [masks[i] for i in idx]
        if total is None:
            return got
        return distinct_sum_support(got, n, total)

    def distinct_sum(self, constraint: Constraint, rules: Rules) -> tuple[list[int], int | None] | None:
        return [index(rules.size, c) for c in constraint.cells], constraint.value

    def emit(self, constraints: Sequence[Constraint], rules: Rules, enc: Any) -> None:
        enc.cages(constraints)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        name = self.label(constraint)
        cells = tuple(index(n, c) for c in constraint.cells)
        if len(cells) > 1:
            spec.all_different.append((name, cells))
        if constraint.value is not None:
            spec.sums.append((name, cells, constraint.value))

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("cage", constraint.cells, text="" if constraint.value is None else str(constraint.value))]


@lru_cache(maxsize=4096)
def _indices(constraint: Constraint, n: int) -> tuple[int, ...]:
    return tuple(r * n + c for r, c in constraint.cells)


def _rules4() -> Rules:
    return Rules.classic(Shape(2, 2))


KIND = Killer()
