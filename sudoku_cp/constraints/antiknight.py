"""Anti-knight: cells a knight's move apart never hold the same digit (f-puzzles ``antiknight``)."""

from __future__ import annotations

from ._relation import Relation


def _knight(dr: int, dc: int) -> bool:
    return {abs(dr), abs(dc)} == {1, 2}


class AntiKnight(Relation):
    name = "antiknight"
    words = "anti-knight"
    fpuzzles = ("antiknight",)
    steps = ((1, 2), (2, 1), (2, -1), (1, -2))
    gaps = (0,)
    binds = staticmethod(_knight)
    unit = "knight"


KIND = AntiKnight()
