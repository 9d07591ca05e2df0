"""Global entropy: every 2x2 area of the grid holds a low, a middle and a high digit (1-3, 4-6, 7-9 on a 9x9).

As sigh's Interactive Sudoku Solver defines ``GlobalEntropy`` ("each 2x2 box in the grid has to contain a low
digit (1, 2, 3), a middle digit (4, 5, 6) and a high digit (7, 8, 9)"), over every 2x2 area, the areas
overlapping. On other sizes the digits split into three equal runs as entropic lines' do (1-2, 3-4, 5-6 on a
6x6), so the grid's size is a multiple of 3; other sizes are refused. The windows are the 2x2 areas
(:class:`._windows.Areas`): three clauses per area.

Document: ``{"type": "globalentropy"}``. f-puzzles has no such rule, so such a puzzle has no f-puzzles link.

>>> from sudoku_cp.core.rules import Constraint, Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("globalentropy", 0, ()), [1, 3] + [0] * 7 + [4, 5] + [0] * 70, Rules.classic(Shape(3, 3)))
['the global entropy rule: r1c1-r2c2 hold 1 3 4 5, no high digit (7-9)']
"""

from __future__ import annotations

from ._windows import Areas


class GlobalEntropy(Areas):
    name = "globalentropy"
    words = "global entropy"

    def group(self, d: int, n: int) -> int:
        return (d - 1) // (n // 3)

    def sets(self, n: int) -> tuple[str, ...]:
        t = n // 3
        return tuple(f"{k * t + 1}-{k * t + t}" for k in range(3))

    def class_names(self, n: int) -> tuple[str, ...]:
        return tuple(f"{word} digit ({s})" for word, s in zip(("low", "middle", "high"), self.sets(n)))


KIND = GlobalEntropy()
