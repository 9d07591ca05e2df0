"""Parity runs: in every row and column, no K consecutive cells (3 unless given) are all odd or all even.

As setters write it: "no three consecutive digits in a row or column have the same parity", "in every row and
column, strings of 3 digits are never all even nor all odd". Each run of K cells along a row or column is a
window that must hold an odd and an even digit (:class:`._windows.Windows`: two clauses per run). K = 2 makes
orthogonal neighbours differ in parity, a checkerboard of odd and even.

Document: ``{"type": "parityrun", "length": 3}`` ("length" from 2 to N; 3 when left out). f-puzzles has no such
rule, so such a puzzle has no f-puzzles link.

>>> from sudoku_cp.core.rules import Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("parityrun", 0, (), 3), [0] * 12 + [1, 3, 5, 2, 4, 6] + [0] * 18, Rules.classic(Shape(2, 3)))
['no 3 in a row of one parity: r3c1-r3c3 are all odd (1 3 5)', 'no 3 in a row of one parity: r3c4-r3c6 are all even (2 4 6)']
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ..core.rules import Constraint
from ..core.shape import PuzzleError, Shape
from ._windows import Windows
from .forms import show_value

DEFAULT_LENGTH = 3


@lru_cache(maxsize=64)
def runs(n: int, k: int) -> tuple[tuple[int, ...], ...]:
    """Every run of ``k`` consecutive cells along a row, then along a column, its cell indices row-major.

    >>> runs(4, 3)
    ((0, 1, 2), (1, 2, 3), (4, 5, 6), (5, 6, 7), (8, 9, 10), (9, 10, 11), (12, 13, 14), (13, 14, 15), (0, 4, 8), (4, 8, 12), (1, 5, 9), (5, 9, 13), (2, 6, 10), (6, 10, 14), (3, 7, 11), (7, 11, 15))
    """
    rows = [tuple(r * n + c + j for j in range(k)) for r in range(n) for c in range(n - k + 1)]
    columns = [tuple((r + j) * n + c for j in range(k)) for c in range(n) for r in range(n - k + 1)]
    return tuple(rows + columns)


class ParityRun(Windows):
    name = "parityrun"
    words = "parity runs"
    fields = ("length",)

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        k = item.get("length", DEFAULT_LENGTH)
        if type(k) is not int or not 2 <= k <= shape.size:
            raise PuzzleError(f"{where}: \"length\" is {show_value(k)}: expected a whole number from 2 to "
                              f"{shape.size} (how many cells in a row may not all be odd or all even)")
        return [Constraint(self.name, 0, (), k)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "length": constraint.value}

    def label(self, constraint: Constraint) -> str:
        return f"no {constraint.value} in a row of one parity"

    def title(self, constraint: Constraint, n: int) -> str:
        return f"no {constraint.value} in a row or column all odd or all even"

    def windows(self, constraint: Constraint, n: int) -> tuple[tuple[int, ...], ...]:
        return runs(n, constraint.value or DEFAULT_LENGTH)

    def group(self, d: int, n: int) -> int:
        return d % 2

    def class_names(self, n: int) -> tuple[str, ...]:
        return ("even digit", "odd digit")

    def describe(self, where: str, got: Sequence[int], missing: Sequence[str], n: int) -> str:
        return f"{where} are all {'odd' if missing == ['even digit'] else 'even'} ({' '.join(map(str, got))})"


KIND = ParityRun()
