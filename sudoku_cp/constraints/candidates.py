"""Pencil-mark (sukaku) puzzles: each cell may hold only its listed candidates.

A sukaku puzzle gives no digits, only the candidates of every cell; the standard harder SAT
benchmark beyond givens. Text: one line of N**3 characters for a 9x9 (729), cell by cell, the
9 places of a cell holding its digit d at place d or ``.``/``0`` where d is not a candidate.
Document: ``{"type": "candidates", "digits": ["123", "", ...]}`` (N*N entries row by row, a
string or a list of digits each; empty means every digit), or the top-level key
``"candidates"`` with the same list. ``data`` holds one digit mask per cell.

>>> c = from_line("1" + "." * 8 + "123456789" * 80)
>>> bin(c.data[0]), c.data[1] == 0b111111111
('0b1', True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint, Rules
from ..core.shape import PuzzleError, Shape, cell_name
from .base import Kind, Mark, mask_of


def from_line(line: str, where: str = "line 1") -> Constraint:
    """The candidates of a 729-character sukaku line (9x9)."""
    n = 9
    if len(line) != n ** 3:
        raise PuzzleError(f"{where}: {len(line)} characters: expected {n ** 3} (9 places per cell)")
    masks = []
    for i in range(n * n):
        block = line[i * n:(i + 1) * n]
        mask = 0
        for j, ch in enumerate(block):
            if ch in ".0":
                continue
            if ch != str(j + 1):
                raise PuzzleError(f"{where}, column {i * n + j + 1} ({cell_name(i // n, i % n)}): {ch!r} at "
                                  f"place {j + 1}: expected {j + 1} or '.'")
            mask |= 1 << j
        masks.append(mask)
    return Constraint("candidates", 0, (), None, tuple(masks))


def looks_like_sukaku(line: str) -> bool:
    """Whether a line is the 729-character pencil-mark form: each cell's 9 places hold their own
    digit or ``.``/``0`` (a 27x27 puzzle line shaped so is not to be expected)."""
    line = line.strip()
    return len(line) == 729 and all(ch in ".0" or ch == str(k % 9 + 1) for k, ch in enumerate(line))


def to_line(constraint: Constraint) -> str:
    return "".join(str(d) if m >> (d - 1) & 1 else "." for m in constraint.data for d in range(1, 10))


class Candidates(Kind):
    name = "candidates"
    words = "pencil marks"
    fields = ("digits",)
    whole_grid = True

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        n = shape.size
        cells = item.get("digits")
        if not isinstance(cells, list) or len(cells) != n * n:
            raise PuzzleError(f"{where}: \"digits\": expected {n * n} entries, one per cell row by row")
        masks = []
        for i, entry in enumerate(cells):
            at = f"{where}: cell {cell_name(i // n, i % n)}"
            if entry is None or entry in ("", []):
                masks.append((1 << n) - 1)
                continue
            digits = [int(ch) for ch in entry] if isinstance(entry, str) and entry.isdigit() and n <= 9 else entry
            if not isinstance(digits, list) or not all(type(d) is int and 1 <= d <= n for d in digits):
                raise PuzzleError(f"{at}: candidates {entry!r}: expected digits 1..{n} (a string such as "
                                  f"\"129\" or a list)")
            masks.append(mask_of(digits))
        return [Constraint(self.name, 0, (), None, tuple(masks))]

    def write(self, constraint: Constraint) -> dict:
        n = _size(constraint)
        full = (1 << n) - 1
        return {"type": self.name, "digits": [
            "" if m == full else ("".join(str(d) for d in range(1, n + 1) if m >> (d - 1) & 1) if n <= 9
                                  else [d for d in range(1, n + 1) if m >> (d - 1) & 1]) for m in constraint.data]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        return []

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        for constraint in constraints:  # f-puzzles keeps given pencil marks per cell
            n = _size(constraint)
            for i, m in enumerate(constraint.data):
                if m != (1 << n) - 1:
                    out["grid"][i // n][i % n]["givenPencilMarks"] = [d for d in range(1, n + 1) if m >> (d - 1) & 1]

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        if len(constraint.data) != shape.size ** 2:
            raise PuzzleError(f"pencil marks for {len(constraint.data)} cells: expected {shape.size ** 2}")

    def holds(self, constraint: Constraint, digits: Sequence[int], rules: Rules) -> list[str]:
        return [f"{cell_name(i // rules.size, i % rules.size)} holds {d}, not one of its candidates"
                for i, d in enumerate(digits) if d and not constraint.data[i] >> (d - 1) & 1]

    def clauses(self, constraint: Constraint, rules: Rules, enc: Any) -> list[list[int]]:
        n = rules.size
        return [[-(i * n + d)] for i, m in enumerate(constraint.data) for d in range(1, n + 1) if not m >> (d - 1) & 1]

    def model(self, constraint: Constraint, rules: Rules, spec: Any) -> None:
        n = rules.size
        for i, m in enumerate(constraint.data):
            if m != (1 << n) - 1:
                spec.tables.append((f"candidates of {cell_name(i // n, i % n)}", (i,),
                                    [(d,) for d in range(1, n + 1) if m >> (d - 1) & 1]))

    def allowed(self, constraint: Constraint, cells: Sequence[int], i: int, rules: Rules) -> int:
        return constraint.data[i]

    def touches(self, constraint: Constraint, rules: Rules) -> tuple[int, ...]:
        full = (1 << rules.size) - 1
        return tuple(i for i, m in enumerate(constraint.data) if m != full)

    def moved(self, constraint: Constraint, cell_map: Sequence[int], n: int) -> Any:
        return (self.name, frozenset((cell_map[i], m) for i, m in enumerate(constraint.data)))

    def marks(self, constraint: Constraint, n: int) -> list[Mark]:
        return []


def _size(constraint: Constraint) -> int:
    return round(len(constraint.data) ** 0.5)


KIND = Candidates()
