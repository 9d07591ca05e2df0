"""Global mod 3: every 2x2 area of the grid holds a digit of each of 147, 258 and 369 (one of each remainder when
divided by 3).

As sigh's Interactive Sudoku Solver defines ``GlobalMod`` ("each 2x2 box in the grid has to contain a digit
from (1, 4, 7), a digit from (2, 5, 8) and a digit from (3, 6, 9)"), over every 2x2 area, the areas overlapping.
On a 6x6 the classes are 14, 25, 36; the grid's size must be a multiple of 3 (on a 4x4 no grid keeps
the rule), other sizes are refused. The windows are the 2x2 areas (:class:`._windows.Areas`): three clauses
per area.

Document: ``{"type": "globalmod"}``. f-puzzles has no such rule, so such a puzzle has no f-puzzles link.

>>> KIND.sets(9), KIND.sets(6)
(('147', '258', '369'), ('14', '25', '36'))
>>> from sudoku_cp.core.rules import Constraint, Rules
>>> from sudoku_cp.core.shape import Shape
>>> KIND.holds(Constraint("globalmod", 0, ()), [1, 4] + [0] * 7 + [2, 8] + [0] * 70, Rules.classic(Shape(3, 3)))
['the global mod 3 rule: r1c1-r2c2 hold 1 4 2 8, no digit of 369']
"""

from __future__ import annotations

from ._windows import Areas


class GlobalMod(Areas):
    name = "globalmod"
    words = "global mod 3"

    def group(self, d: int, n: int) -> int:
        return (d - 1) % 3

    def sets(self, n: int) -> tuple[str, ...]:  # (digits past 9 spaced: 1 4 7 10)
        return tuple(("" if n <= 9 else " ").join(str(d) for d in range(k, n + 1, 3)) for k in (1, 2, 3))

    def class_names(self, n: int) -> tuple[str, ...]:
        return tuple(f"digit of {s}" for s in self.sets(n))


KIND = GlobalMod()
