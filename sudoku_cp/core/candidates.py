"""Pencil marks: the digits each blank cell can still hold, given the filled cells and the rules.

A digit is a *candidate* of a blank cell when no filled cell forbids it directly: no peer (a
cell sharing a row, column, box or other unit) holds it, and for variants no constraint's kind
crosses it out at once (``Kind.allowed``: no cell of the same killer cage holds it, no
anti-knight or anti-king partner, no orthogonal neighbour one away under non-consecutive, a
thermometer's filled cells bound it). This is what a solver writes in the corners before any
reasoning; nothing is deduced (a cage's sum is not used). Filled cells have no
candidates.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> marks = candidates(parse_puzzle("12..34....12...."))
>>> marks[(0, 2)], marks[(2, 0)], marks[(3, 1)], (0, 0) in marks
((3, 4), (4,), (1, 3), False)
"""

from __future__ import annotations

from ..constraints import by_kind
from .board import Board
from .shape import Cell


def candidates(board: Board) -> dict[Cell, tuple[int, ...]]:
    """For each blank cell ``(row, col)`` (0-based), its candidates in increasing order.

    A blank cell with no candidate left maps to ``()`` (the givens contradict each other there).
    """
    n = board.size
    rules = board.rules
    cells = board.cells
    near: list[list] = [[] for _ in range(n * n)]  # the constraints that may narrow each cell
    for kind, group in by_kind(rules):
        for constraint in group:
            for i in kind.touches(constraint, rules):
                near[i].append((kind, constraint))
    full = (1 << n) - 1
    out: dict[Cell, tuple[int, ...]] = {}
    for i, digit in enumerate(cells):
        if digit:
            continue
        taken = {cells[j] for j in rules.peers[i]}
        mask = full
        for kind, constraint in near[i]:
            mask &= kind.allowed(constraint, cells, i, rules)
        out[(i // n, i % n)] = tuple(d for d in range(1, n + 1) if d not in taken and mask >> (d - 1) & 1)
    return out
