"""The duplicate scan and the independent solution checker; no solver is imported here.

Both read the board's rules (its units) and nothing else: the checker does not share code with the
encoders, it tests every unit with set arithmetic, so a wrong encoding or a lying solver is caught.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> board = parse_puzzle("11..........2..2")
>>> [(c.unit, c.index, c.digit, c.cells) for c in find_conflicts(board)]
[('row', 0, 1, [(0, 0), (0, 1)]), ('row', 3, 2, [(3, 0), (3, 3)]), ('box', 0, 1, [(0, 0), (0, 1)])]
"""

from __future__ import annotations

import operator
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat

from .board import Board, Rules, cell_name


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
    """Every repeated digit in every unit, units in the rules' order, digits ascending."""
    conflicts = []
    cells = board.cells
    n = board.size
    for unit in board.rules.units:
        seen: dict[int, list[tuple[int, int]]] = {}
        for r, c in unit.cells:
            d = cells[r * n + c]
            if d:
                seen.setdefault(d, []).append((r, c))
        for d in sorted(seen):
            if len(seen[d]) > 1:
                conflicts.append(Conflict(unit.kind, unit.index, d, seen[d]))
    return conflicts


class Checker:
    """The independent check of boards under one set of rules, fast enough for every answer of a batch.

    Each unit becomes a C-level item getter over the row-major cells; a unit is right when the set
    of its digits is exactly 1..N.
    """

    def __init__(self, rules: Rules):
        n = rules.size
        if rules.constraints:
            kinds = sorted({c.kind for c in rules.constraints})
            raise ValueError(f"the checker does not know the constraint {kinds[0]!r} yet")
        self.rules = rules
        self.getters = [operator.itemgetter(*[r * n + c for r, c in u.cells]) for u in rules.units]
        self.full = frozenset(range(1, n + 1))

    def units_ok(self, cells: tuple[int, ...]) -> bool:
        """Every unit holds exactly the digits 1..N (N cells, so each once)."""
        return all(map(self.full.__eq__, map(set, map(operator.call, self.getters, repeat(cells)))))

    def duplicates(self, cells: tuple[int, ...]) -> bool:
        """True when some unit holds a digit twice (:func:`find_conflicts` says where)."""
        for got in map(operator.call, self.getters, repeat(cells)):
            blanks = got.count(0)
            if len(set(got)) - (blanks > 0) != len(got) - blanks:
                return True
        return False

    def problems(self, solution: Board, puzzle: Board | None = None) -> list[str]:
        """Why ``solution`` is not a solution of ``puzzle`` (empty list when it is)."""
        cells = solution.cells
        n = solution.size
        if puzzle is not None and (puzzle.shape != solution.shape or puzzle.rules != solution.rules):
            return [f"shape or rules of the solution ({solution.shape}) differ from the puzzle's "
                    f"({puzzle.shape})"]
        if len(cells) != n * n:
            return [f"{len(cells)} cells, expected {n * n}"]
        # the fast path: every unit full, every given g kept (g * (g - d) == 0 in every cell)
        if self.units_ok(cells) and (puzzle is None or not any(
                map(operator.mul, puzzle.cells, map(operator.sub, puzzle.cells, cells)))):
            return []
        problems = []
        blanks = [cell_name(i // n, i % n) for i, d in enumerate(cells) if d == 0]
        if blanks:
            problems.append(f"blank cells: {', '.join(blanks[:5])}{'...' if len(blanks) > 5 else ''}")
        for unit, got in zip(self.rules.units, map(operator.call, self.getters, repeat(cells))):
            if set(got) != self.full:
                problems.append(f"{unit.kind} {unit.index + 1} does not hold every digit 1..{n} once")
        if puzzle is not None:
            for i, (given, d) in enumerate(zip(puzzle.cells, cells)):
                if given and given != d:
                    problems.append(f"given {given} at {cell_name(i // n, i % n)} changed to {d}")
        return problems or ["the check failed for no reason it can name"]  # pragma: no cover


@lru_cache(maxsize=64)
def checker(rules: Rules) -> Checker:
    """The checker of a set of rules (built once per rules value)."""
    return Checker(rules)


def solution_problems(solution: Board, puzzle: Board | None = None) -> list[str]:
    """Why ``solution`` is not a solution of ``puzzle`` (empty list when it is)."""
    return checker(solution.rules).problems(solution, puzzle)


def is_solution(solution: Board, puzzle: Board | None = None) -> bool:
    """True when every unit of ``solution`` holds each digit once and every given of ``puzzle`` is kept.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> is_solution(parse_puzzle("1234341221434321"), parse_puzzle("1...............")), \
is_solution(parse_puzzle("1234341221434312"))
    (True, False)
    """
    return not solution_problems(solution, puzzle)
