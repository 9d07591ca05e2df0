"""Pencil marks: the digits each blank cell can still hold, given the filled cells and the rules.

A digit is a *candidate* of a blank cell when no filled cell forbids it directly: no peer (a
cell sharing a row, column, box or other unit) holds it, and for variants no cell of the same
killer cage, no anti-knight or anti-king partner holds it, and no orthogonal neighbour holds a
digit one away under the non-consecutive rule. This is what a solver writes in the corners
before any reasoning; nothing is deduced (a cage's sum is not used). Filled cells have no
candidates.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> marks = candidates(parse_puzzle("12..34....12...."))
>>> marks[(0, 2)], marks[(2, 0)], marks[(3, 1)], (0, 0) in marks
((3, 4), (4,), (1, 3), False)
"""

from __future__ import annotations

from .board import Board
from .shape import Cell


def candidates(board: Board) -> dict[Cell, tuple[int, ...]]:
    """For each blank cell ``(row, col)`` (0-based), its candidates in increasing order.

    A blank cell with no candidate left maps to ``()`` (the givens contradict each other there).
    """
    n = board.size
    rules = board.rules
    cells = board.cells
    binds: list[set[int]] = [set(p) for p in rules.peers]  # cells whose digit a cell cannot repeat
    apart: list[set[int]] = [set() for _ in range(n * n)]  # cells whose digit +-1 a cell cannot hold
    for constraint in rules.constraints:
        if constraint.kind == "killer":
            idx = [r * n + c for r, c in constraint.cells]
            for i in idx:
                binds[i].update(j for j in idx if j != i)
        elif constraint.kind in ("antiknight", "antiking", "nonconsecutive"):
            target = apart if constraint.kind == "nonconsecutive" else binds
            for a, b in rules.relation_pairs(constraint.kind):
                target[a].add(b)
                target[b].add(a)
    out: dict[Cell, tuple[int, ...]] = {}
    for i, digit in enumerate(cells):
        if digit:
            continue
        taken = {cells[j] for j in binds[i]}
        for j in apart[i]:
            if cells[j]:
                taken.update((cells[j] - 1, cells[j] + 1))
        out[(i // n, i % n)] = tuple(d for d in range(1, n + 1) if d not in taken)
    return out
