"""Non-consecutive: orthogonal neighbours never hold digits one apart (f-puzzles ``nonconsecutive``)."""

from __future__ import annotations

from ._relation import Relation


def _orthogonal(dr: int, dc: int) -> bool:
    return abs(dr) + abs(dc) == 1


class NonConsecutive(Relation):
    name = "nonconsecutive"
    words = "non-consecutive"
    fpuzzles = ("nonconsecutive",)
    steps = ((0, 1), (1, 0))
    gaps = (-1, 1)
    binds = staticmethod(_orthogonal)
    unit = "consecutive"


KIND = NonConsecutive()
