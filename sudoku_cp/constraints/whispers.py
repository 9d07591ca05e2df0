"""German whispers: neighbours along the line differ by at least 5 on a 9x9 (in general
``(N + 1) // 2``, or the constraint's ``value``).

Document: ``{"type": "whispers", "cells": [[r, c], ...]}`` (optional ``value``); f-puzzles
``whispers``. Clauses: a binary clause per too-close digit pair of neighbours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Mark, PairKind, PairTest, index
from .forms import LineIO, doc_int, fp_number


class Whispers(LineIO, PairKind):
    name = "whispers"
    words = "German whispers"
    fields: tuple[str, ...] = ("cells", "value")
    fpuzzles: tuple[str, ...] = ("whispers",)

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        (line,) = super().read(item, shape, where)
        value = doc_int(item, "value", where)
        return [Constraint(self.name, 0, line.cells, value)]

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        """f-puzzles' whispers lines; one whose value is Dutch whispers' gap (4 on a 9x9, as the
        f-puzzles userscripts write them) is a ``dutchwhispers`` line."""
        dutch = dutch_gap(shape.size)
        return [Constraint("dutchwhispers", 0, c.cells) if c.value == dutch else c
                for c in super().read_fpuzzles(key, value, shape, where)]

    def fpuzzles_value(self, entry: Any, shape: Shape, at: str) -> int | None:
        """A line's ``value`` where it gives another gap than f-puzzles' own (the f-puzzles
        userscripts write Dutch whispers as ``whispers`` with value 4): never read as 5."""
        gap = fp_number(entry.get("value") if isinstance(entry, dict) else None, at, "gap",
                        low=1, high=shape.size - 1)
        return None if gap == (shape.size + 1) // 2 else gap

    def write(self, constraint: Constraint) -> dict:
        out = super().write(constraint)
        if constraint.value is not None:
            out["value"] = constraint.value
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        """f-puzzles' whispers differ by the default alone: another gap has no f-puzzles form
        (written as it is, f-puzzles would open another puzzle)."""
        n = len(out["grid"])
        for constraint in constraints:
            if self.gap(constraint, n) != (n + 1) // 2:
                raise PuzzleError(f"the {self.label(constraint)} differs by at least {constraint.value}: f-puzzles' "
                                  f"whispers differ by at least {(n + 1) // 2} on a {n}x{n}, so it has no f-puzzles form")
        super().write_fpuzzles(constraints, out)

    def gap(self, constraint: Constraint, n: int) -> int:
        return constraint.value if constraint.value is not None else (n + 1) // 2

    def label(self, constraint: Constraint) -> str:
        return f"whispers line at {cell_name(*constraint.cells[0])}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        gap = self.gap(constraint, n)
        idx = [index(n, c) for c in constraint.cells]

        def ok(x: int, y: int) -> bool:
            return abs(x - y) >= gap
        return [(idx[k - 1], idx[k], ok) for k in range(1, len(idx))]

    def allowed(self, constraint: Constraint, cells, i: int, rules: Rules) -> int:
        """A digit with no partner far enough away is out at once (5 on a 9x9), then filled
        neighbours bound the others (PairKind)."""
        n = rules.size
        gap = self.gap(constraint, n)
        far = sum(1 << (d - 1) for d in range(1, n + 1) if d - gap >= 1 or d + gap <= n)
        return far & super().allowed(constraint, cells, i, rules)

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "whisper")]


def dutch_gap(n: int) -> int:
    """Dutch whispers' gap on an N x N: one less than German whispers' (4 on a 9x9).

    >>> dutch_gap(9), dutch_gap(6)
    (4, 2)
    """
    return (n + 1) // 2 - 1


KIND = Whispers()
