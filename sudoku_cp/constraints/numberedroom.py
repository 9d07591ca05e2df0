"""Numbered rooms: the clue beside a row or column is the digit in the X-th cell read from it,
where X is the digit in the first cell (as sigh's Interactive Sudoku Solver's ``NumberedRoom``).

Document: ``{"type": "numberedroom", "clue": [-1, 2], "value": 7}`` (the clue above column 3).
f-puzzles has no numbered room, so such a puzzle has no f-puzzles link. Clauses: "the first cell
holds x" implies "cell x holds the clue", one binary clause per x.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from .base import index, lit
from .forms import no_fpuzzles
from ._outside import ValueClue


class NumberedRoom(ValueClue):
    name = "numberedroom"
    words = "numbered room"
    fpuzzles = ()
    aux = "none"

    def sums(self, n: int, length: int) -> tuple[int, int]:
        return 1, n

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        n = rules.size
        got = [digits[index(n, c)] for c in constraint.cells]
        x = got[0]
        if x and got[x - 1] and got[x - 1] != constraint.value:
            return [f"{self.label(constraint)}: the first digit is {x} and cell {x} holds {got[x - 1]}"]
        return []

    def narrow(self, constraint: Constraint, masks: Sequence[int], rules: Rules) -> list[int] | None:
        """The first cell keeps each x whose cell x may hold the clue; a cell that the first cell
        can only point at holds the clue."""
        n, k = rules.size, constraint.value or 1
        got = [masks[index(n, c)] for c in constraint.cells]
        want = 1 << (k - 1)
        first = 0
        for x in range(1, len(got) + 1):
            if got[0] >> (x - 1) & 1 and (got[x - 1] & want if x > 1 else x == k):
                first |= 1 << (x - 1)
        if not first:
            return None
        out = [first] + got[1:]
        if not first & (first - 1) and first.bit_length() > 1:
            out[first.bit_length() - 1] &= want
        return out

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n, k = rules.size, constraint.value or 1
        idx = [index(n, c) for c in constraint.cells]
        return [[-lit(n, idx[0], x), lit(n, idx[x - 1], k)] for x in range(1, len(idx) + 1) if not (x == 1 and k == 1)]

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n, k = rules.size, constraint.value or 1
        idx = [index(n, c) for c in constraint.cells]
        name = self.label(constraint)
        spec.tables.append((name, (idx[0],), [(a,) for a in range(1, n + 1) if a != 1 or k == 1]))
        for x in range(2, len(idx) + 1):
            spec.tables.append((name, (idx[0], idx[x - 1]),
                                [(a, b) for a in range(1, n + 1) for b in range(1, n + 1) if a != x or b == k]))

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        no_fpuzzles(self, constraints, "numbered room")


KIND = NumberedRoom()
