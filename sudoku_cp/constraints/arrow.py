"""Arrows: the digits along the arrow add up to the number in its circle (one cell) or pill
(several cells, read left to right or top to bottom as f-puzzles lists them; 9x9 and smaller).

Document: ``{"type": "arrow", "circle": [[r, c], ...], "cells": [[r, c], ...]}`` (``cells`` the
arrow's shaft, not the circle); f-puzzles ``arrow`` (``{"cells": [circle], "lines": [[circle
cell, shaft...], ...]}``: each line is an arrow of its own, adding up to the circle, as
f-puzzles' solvers read it). ``cells`` holds the circle then the shaft,
``data`` the circle's length. Clauses: partial sums of the shaft minus the circle's number (a whole
unit in the shaft is the constant 1 + ... + N).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, index
from .forms import check_path, doc_cells, entries, fp_cells, fp_lines, fp_name
from .sums import cell_term, sum_clauses, whole_units
from .support import distinct_runs, grouped_sum_support, sum_support


class Arrow(Kind):
    name = "arrow"
    words = "arrow"
    fields = ("circle", "cells")
    fpuzzles = ("arrow",)
    aux = "partial sums of the shaft less the circle's number"

    def _make(self, circle: tuple, shaft: tuple, at: str) -> Constraint:
        if not circle:
            raise PuzzleError(f"{at}: the arrow has no circle: expected a circle or pill of 1 or more cells")
        if not shaft:
            raise PuzzleError(f"{at}: the arrow at {cell_name(*circle[0])} has no shaft: expected cells "
                              f"beyond the circle")
        return Constraint(self.name, 0, circle + shaft, None, (len(circle),))

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        n = shape.size
        return [self._make(doc_cells(item, "circle", n, where), doc_cells(item, "cells", n, where), where)]

    def write(self, constraint: Constraint) -> dict:
        k = constraint.data[0]
        return {"type": self.name, "circle": [list(c) for c in constraint.cells[:k]],
                "cells": [list(c) for c in constraint.cells[k:]]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        n = shape.size
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            names = entry.get("cells") if isinstance(entry, dict) else None
            if not names:
                raise PuzzleError(f"{at}: the arrow has no circle: expected \"cells\", the circle or pill")
            circle = fp_cells(names, n, at)
            for line in fp_lines(entry, n, at, 1):  # each line is an arrow of its own from the circle
                out.append(self._make(circle, tuple(c for c in line if c not in circle), at))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out["arrow"] = [{"cells": [fp_name(c) for c in a.cells[:a.data[0]]],
                         "lines": [[fp_name(c) for c in self.line(a)]]} for a in constraints]

    @staticmethod
    def line(constraint: Constraint) -> tuple:
        """The drawn arrow: the pill cell the shaft leaves from (the last one touching the shaft's
        first cell; a pill's arrow may leave from any of its cells), then the shaft."""
        k = constraint.data[0]
        pill, shaft = constraint.cells[:k], constraint.cells[k:]
        first = shaft[0] if shaft else None
        touching = [c for c in pill if first and max(abs(c[0] - first[0]), abs(c[1] - first[1])) == 1]
        return ((touching or pill)[-1],) + tuple(shaft)

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        k, n = constraint.data[0], shape.size
        at = self.label(constraint)
        if k > 1 and n > 9:
            raise PuzzleError(f"{at}: a pill of {k} cells reads a number digit by digit, which needs "
                              f"digits 1..9: expected a one-cell circle on a {n}x{n}")
        check_path(self.line(constraint), at)
        shaft = len(constraint.cells) - k
        high = 10 ** k - 1 if k > 1 else n
        if shaft > high:
            raise PuzzleError(f"{at}: {shaft} cells add up to at least {shaft}, more than the circle can "
                              f"hold: expected a shorter arrow")

    def label(self, constraint: Constraint) -> str:
        return f"arrow from {cell_name(*constraint.cells[0])}"

    def parts(self, constraint: Constraint, n: int) -> tuple[list[int], list[int]]:
        k = constraint.data[0]
        return ([index(n, c) for c in constraint.cells[:k]], [index(n, c) for c in constraint.cells[k:]])

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        circle, shaft = self.parts(constraint, rules.size)
        ring, line = [digits[i] for i in circle], [digits[i] for i in shaft]
        if not all(ring):
            return []
        number = int("".join(map(str, ring))) if len(ring) > 1 else ring[0]
        least = sum(line) + line.count(0)  # a blank holds at least 1
        if all(line) and sum(line) != number:
            return [f"{self.label(constraint)}: {' + '.join(map(str, line))} = {sum(line)}, not {number}"]
        if least > number:
            return [f"{self.label(constraint)}: the shaft adds up to at least {least}, more than {number}"]
        return []

    def weights(self, constraint: Constraint) -> list[int]:
        k = constraint.data[0]
        return [10 ** (k - 1 - j) for j in range(k)] if k > 1 else [1]

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        """Partial sums of the shaft less the circle's number; a whole unit in the shaft adds
        1 + ... + N whatever its digits, so it is that constant instead of N terms."""
        n = rules.size
        circle, shaft = self.parts(constraint, n)
        units, rest = whole_units(shaft, rules)
        terms = [cell_term(n, i) for i in rest]
        terms += [cell_term(n, i, -w, range(1, min(n, 9) + 1) if len(circle) > 1 else None)
                  for i, w in zip(circle, self.weights(constraint))]
        return sum_clauses(terms, {-units * n * (n + 1) // 2}, enc)

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        circle, shaft = self.parts(constraint, rules.size)
        terms = tuple((i, 1) for i in shaft) + tuple((i, -w) for i, w in zip(circle, self.weights(constraint)))
        spec.linear.append((self.label(constraint), terms, 0, 0))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        """Bounds from what is filled: a shaft cell holds at most the circle (N while it is blank)
        less the rest of the shaft (1 per blank), the circle at least the shaft; a pill's leading
        digit at most what the longest shaft sum allows."""
        n = rules.size
        circle, shaft = self.parts(constraint, n)
        full = (1 << n) - 1
        if len(circle) > 1:
            if i == circle[0]:
                lead = min(n, (n * len(shaft)) // 10 ** (len(circle) - 1))
                return (1 << lead) - 1 if lead >= 1 else 0
            return full
        c = circle[0]
        if i == c:
            if all(cells[j] for j in shaft):
                total = sum(cells[j] for j in shaft)
                return 1 << (total - 1) if 1 <= total <= n else 0
            low = sum(cells[j] for j in shaft) + sum(1 for j in shaft if not cells[j])
            return full & ~((1 << (low - 1)) - 1) if 1 <= low <= n else 0
        known = sum(cells[j] for j in shaft if j != i)
        blanks = sum(1 for j in shaft if j != i and not cells[j])
        room = (cells[c] or n) - known - blanks  # the most this cell can hold
        if cells[c] and not blanks:
            return 1 << (room - 1) if 1 <= room <= n else 0
        return (1 << min(room, n)) - 1 if room >= 1 else 0

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """Each digit of the circle (a pill's, at its place) and of the shaft that the other
        cells' candidates can balance: shaft sum less the circle's number is 0 (shaft cells that
        share a unit hold distinct digits)."""
        n = rules.size
        circle, shaft = self.parts(constraint, n)
        if len(circle) > 1:
            terms = [(masks[i], -w) for i, w in zip(circle, self.weights(constraint))]
            return sum_support(terms + [(masks[i], 1) for i in shaft], 0, 0)
        runs = distinct_runs(shaft, rules)
        got = grouped_sum_support([([masks[circle[0]]], -1)] + [([masks[i] for i in g], 1) for g in runs], n, 0, 0)
        if got is None:
            return None
        found = {i: m for g, ms in zip([circle] + runs, got) for i, m in zip(g, ms)}
        return [found[i] for i in circle + shaft]

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        k = constraint.data[0]
        return [Mark("circle", constraint.cells[:k]), Mark("line", self.line(constraint), "arrow")]


KIND = Arrow()
