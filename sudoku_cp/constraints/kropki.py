"""Kropki dots between neighbours: white, the digits differ by the value (1 by default); black,
one digit is the value times the other (2 by default); grey, either (the digits are consecutive, or
one is twice the other, or both), as setters use a grey dot today.

Document: ``{"type": "kropki", "cells": [[r, c], [r, c]], "color": "white", "value": 1}``
(``color`` white, black or grey, ``value`` optional, never on a grey dot); f-puzzles ``difference``
(white) and ``ratio`` (black), ``{"cells": ["R1C1", "R1C2"], "value": "3"}``; f-puzzles has no
grey dot, so a puzzle with one has no f-puzzles form. The negative rule, "all dots are given", is
the ``kropki-negative`` kind (``negative.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, PairKind, PairTest, index
from .forms import DotIO, doc_cells, entries, fp_cells, fp_name, fp_number, no_fpuzzles

DEFAULTS = {"white": 1, "black": 2, "grey": 1}  # a grey dot's: the difference (its ratio is 2)
KEYS = {"difference": "white", "ratio": "black"}


def test(color: str, value: int) -> PairTest:
    if color == "white":
        return lambda x, y: abs(x - y) == value
    if color == "grey":
        return lambda x, y: abs(x - y) == 1 or x == 2 * y or y == 2 * x
    return lambda x, y: x == value * y or y == value * x


class Kropki(DotIO, PairKind):
    name = "kropki"
    words = "kropki dot"
    fields = ("cells", "color", "value")
    fpuzzles = ("difference", "ratio")
    ordered = False

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        cells = doc_cells(item, "cells", shape.size, where, 2)
        color = item.get("color", "white")
        if color not in DEFAULTS:
            raise PuzzleError(f"{where}: \"color\" is {color!r}: expected \"white\", \"black\" or \"grey\"")
        return [self._dot(cells, color, item.get("value"), where, shape.size)]

    def _dot(self, cells: tuple, color: str, value: Any, at: str, n: int) -> Constraint:
        if len(cells) != 2:
            raise PuzzleError(f"{at}: a dot joins 2 cells, got {len(cells)}: expected two neighbours")
        if color == "grey" and value is not None:
            raise PuzzleError(f"{at}: a grey dot with the value {value!r}: expected no value (consecutive or 1:2)")
        number = fp_number(value, at, "value", low=1, high=n) if value is not None else DEFAULTS[color]
        return Constraint(self.name, 0, cells, number, (color,))

    def write(self, constraint: Constraint) -> dict:
        out: dict[str, Any] = {"type": self.name, "cells": [list(c) for c in constraint.cells],
                               "color": constraint.data[0]}
        if constraint.value != DEFAULTS[constraint.data[0]]:
            out["value"] = constraint.value
        return out

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            entry = entry if isinstance(entry, dict) else {}
            out.append(self._dot(fp_cells(entry.get("cells"), shape.size, at, 2), KEYS[key],
                                 entry.get("value") or None, at, shape.size))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        no_fpuzzles(self, [k for k in constraints if k.data[0] == "grey"], "grey dot")
        for key, color in KEYS.items():
            dots = [dict({"cells": [fp_name(c) for c in k.cells]},
                         **({} if k.value == DEFAULTS[color] else {"value": str(k.value)}))
                    for k in constraints if k.data[0] == color]
            if dots:
                out[key] = dots

    def label(self, constraint: Constraint) -> str:
        a, b = constraint.cells
        return f"{constraint.data[0]} dot at {cell_name(*a)}-{cell_name(*b)}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        a, b = constraint.cells
        return [(index(n, a), index(n, b), test(constraint.data[0], constraint.value or 1))]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("dot", constraint.cells, constraint.data[0],
                     "" if constraint.value == DEFAULTS[constraint.data[0]] else str(constraint.value))]


KIND: Kind = Kropki()
