"""Little killers: the digits on the diagonal the outside clue points along add up to its sum
(digits may repeat).

Document: ``{"type": "little-killer", "clue": [r, c], "direction": "DR", "sum": 15}`` with the
clue just outside the grid (row or column -1 or N) and the direction DR, DL, UR or UL; f-puzzles
``littlekillersum`` (``{"cell": "R0C1", "cells": [...], "direction": "DR", "value": "15"}``).
``cells`` holds the diagonal, ``data`` the clue's cell and direction.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, index
from .forms import fp_clues, fp_name
from ._repeating_sum import RepeatingSum

STEPS = {"DR": (1, 1), "DL": (1, -1), "UR": (-1, 1), "UL": (-1, -1)}


def diagonal(clue: tuple[int, int], direction: str, n: int, at: str) -> tuple[tuple[int, int], ...]:
    r, c = clue
    if 0 <= r < n and 0 <= c < n:
        raise PuzzleError(f"{at}: the clue at {cell_name(r, c)} is inside the grid: expected an outside "
                          f"clue (row or column 0 or {n + 1} in R..C.. names, -1 or {n} 0-based)")
    if direction not in STEPS:
        raise PuzzleError(f"{at}: direction {direction!r}: expected one of {', '.join(STEPS)}")
    dr, dc = STEPS[direction]
    cells = []
    r, c = r + dr, c + dc
    while 0 <= r < n and 0 <= c < n:
        cells.append((r, c))
        r, c = r + dr, c + dc
    if not cells:
        raise PuzzleError(f"{at}: the clue points {direction} away from the grid: expected a diagonal "
                          f"into it")
    return tuple(cells)


class LittleKiller(RepeatingSum, Kind):
    name = "little-killer"
    words = "little killer"
    fields = ("clue", "direction", "sum")
    fpuzzles = ("littlekillersum",)
    aux = "partial sums along the diagonal"

    def _make(self, clue: tuple[int, int], direction: Any, total: int | None, at: str, n: int) -> Constraint:
        cells = diagonal(clue, direction, n, at)
        if total is not None and not len(cells) <= total <= len(cells) * n:
            raise PuzzleError(f"{at}: sum {total} is impossible for {len(cells)} digits 1..{n} "
                              f"(expected {len(cells)}..{len(cells) * n})")
        return Constraint(self.name, 0, cells, total, (clue, direction))

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        clue = item.get("clue")
        if not (isinstance(clue, list) and len(clue) == 2 and all(type(v) is int for v in clue)):
            raise PuzzleError(f"{where}: \"clue\" is {clue!r}: expected [row, col] just outside the grid")
        total = item.get("sum")
        if type(total) is not int:
            raise PuzzleError(f"{where}: \"sum\" is {total!r}: expected a whole number")
        n = shape.size
        if not (-1 <= clue[0] <= n and -1 <= clue[1] <= n):
            raise PuzzleError(f"{where}: the clue {clue} is not beside the grid: expected rows and columns -1..{n}")
        return [self._make((clue[0], clue[1]), item.get("direction"), total, where, n)]

    def write(self, constraint: Constraint) -> dict:
        clue, direction = constraint.data
        return {"type": self.name, "clue": list(clue), "direction": direction, "sum": constraint.value}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        return [self._make(clue, entry.get("direction"), total, at, shape.size)
                for entry, at, total, clue in fp_clues(value, key, shape, where)]

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out["littlekillersum"] = [{"cell": fp_name(k.data[0]), "cells": [fp_name(c) for c in k.cells],
                                   "direction": k.data[1], "value": str(k.value)} for k in constraints]

    def label(self, constraint: Constraint) -> str:
        return f"little killer {constraint.value} at {cell_name(*constraint.cells[0])}"

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        got = [digits[index(rules.size, c)] for c in constraint.cells]
        least = sum(got) + got.count(0)
        most = sum(got) + got.count(0) * rules.size
        if not least <= constraint.value <= most:  # type: ignore[operator]
            word = "adds up to" if all(got) else "cannot add up to"
            return [f"{self.label(constraint)}: the diagonal {word} {sum(got) if all(got) else constraint.value}"
                    + (f", needs {constraint.value}" if all(got) else "")]
        return []

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        clue, direction = constraint.data
        return [Mark("outside", (clue,), direction, str(constraint.value))]


KIND = LittleKiller()
