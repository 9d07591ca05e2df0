"""Palindromes: the line reads the same both ways (cell k and cell L-1-k hold the same digit).

Document: ``{"type": "palindrome", "cells": [[r, c], ...]}``; f-puzzles ``palindrome``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import cell_name
from .base import Mark, PairKind, PairTest, index
from .forms import LineIO


def _same(x: int, y: int) -> bool:
    return x == y


class Palindrome(LineIO, PairKind):
    name = "palindrome"
    words = "palindrome"
    fpuzzles = ("palindrome",)
    values_matter = False

    def label(self, constraint: Constraint) -> str:
        return f"palindrome at {cell_name(*constraint.cells[0])}"

    def pairs(self, constraint: Constraint, rules: Rules) -> list[tuple[int, int, PairTest]]:
        n = rules.size
        idx = [index(n, c) for c in constraint.cells]
        return [(idx[k], idx[-1 - k], _same) for k in range(len(idx) // 2)]

    def moved(self, constraint: Constraint, cell_map: Sequence[int], n: int) -> Any:
        idx = [index(n, c) for c in constraint.cells]
        return (self.name, frozenset(frozenset((cell_map[idx[k]], cell_map[idx[-1 - k]]))
                                     for k in range(len(idx) // 2)))

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return [Mark("line", constraint.cells, "palindrome")]


KIND = Palindrome()
