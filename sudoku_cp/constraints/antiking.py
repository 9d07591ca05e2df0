"""Anti-king: cells a king's move apart never hold the same digit (f-puzzles ``antiking``)."""

from __future__ import annotations

from ._relation import Relation


def _king(dr: int, dc: int) -> bool:
    return max(abs(dr), abs(dc)) == 1


class AntiKing(Relation):
    name = "antiking"
    words = "anti-king"
    fpuzzles = ("antiking",)
    steps = ((0, 1), (1, -1), (1, 0), (1, 1))
    gaps = (0,)
    binds = staticmethod(_king)
    unit = "king"


KIND = AntiKing()
