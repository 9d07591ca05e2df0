"""The duplicate scan and the independent solution checker; no solver is imported here.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> board = parse_puzzle("11..........2..2")
>>> [(c.unit, c.index, c.digit, c.cells) for c in find_conflicts(board)]
[('row', 0, 1, [(0, 0), (0, 1)]), ('row', 3, 2, [(3, 0), (3, 3)]), ('box', 0, 1, [(0, 0), (0, 1)])]
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, cell_name, units


@dataclass(frozen=True)
class Conflict:
    """A digit that a unit holds more than once, with every cell holding it."""

    unit: str
    index: int
    digit: int
    cells: list[tuple[int, int]]

    def to_json(self) -> dict:
        return {"unit": self.unit, "index": self.index, "digit": self.digit,
                "cells": [list(c) for c in self.cells]}

    def describe(self, digit_text: str | None = None) -> str:
        """``two 8s in column 1 (r1c1, r4c1)``."""
        count = {2: "two", 3: "three", 4: "four"}.get(len(self.cells), str(len(self.cells)))
        where = ", ".join(cell_name(r, c) for r, c in self.cells)
        return f"{count} {digit_text or self.digit}s in {self.unit} {self.index + 1} ({where})"


def find_conflicts(board: Board) -> list[Conflict]:
    """Every repeated digit in every unit, units in order (rows, columns, boxes), digits ascending."""
    conflicts = []
    for unit in units(board.shape):
        seen: dict[int, list[tuple[int, int]]] = {}
        for cell in unit.cells:
            d = board[cell]
            if d:
                seen.setdefault(d, []).append(cell)
        for d in sorted(seen):
            if len(seen[d]) > 1:
                conflicts.append(Conflict(unit.kind, unit.index, d, seen[d]))
    return conflicts


def solution_problems(solution: Board, puzzle: Board | None = None) -> list[str]:
    """Why ``solution`` is not a solution of ``puzzle`` (empty list when it is).

    Written from the rules directly (row, column and box arithmetic), not from the unit list
    that the encoders use, so that it checks them too.
    """
    n = solution.size
    problems = []
    if puzzle is not None and puzzle.shape != solution.shape:
        return [f"shape {solution.shape} differs from the puzzle's {puzzle.shape}"]
    cells = solution.cells
    if len(cells) != n * n:
        return [f"{len(cells)} cells, expected {n * n}"]
    full = set(range(1, n + 1))
    blanks = [cell_name(i // n, i % n) for i, d in enumerate(cells) if d == 0]
    if blanks:
        problems.append(f"blank cells: {', '.join(blanks[:5])}{'...' if len(blanks) > 5 else ''}")
    br, bc = solution.box
    for k in range(n):
        row = {cells[k * n + c] for c in range(n)}
        col = {cells[r * n + k] for r in range(n)}
        top, left = (k // br) * br, (k % br) * bc
        box = {cells[(top + i) * n + left + j] for i in range(br) for j in range(bc)}
        for kind, got in (("row", row), ("column", col), ("box", box)):
            if got != full:
                problems.append(f"{kind} {k + 1} does not hold every digit 1..{n} once")
    if puzzle is not None:
        for i, (given, d) in enumerate(zip(puzzle.cells, cells)):
            if given and given != d:
                problems.append(f"given {given} at {cell_name(i // n, i % n)} changed to {d}")
    return problems


def is_solution(solution: Board, puzzle: Board | None = None) -> bool:
    """True when every unit of ``solution`` holds each digit once and every given of ``puzzle`` is kept.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> is_solution(parse_puzzle("1234341221434321"), parse_puzzle("1...............")), \
is_solution(parse_puzzle("1234341221434312"))
    (True, False)
    """
    return not solution_problems(solution, puzzle)
