"""How kinds read and write their constraints: document and f-puzzles fields, and the line, cell and dot forms.

A reader names what it refuses: the field, the cell and what was expected (a :class:`PuzzleError`).
The classes :class:`LineIO`, :class:`CellsIO` and :class:`DotIO` are mixins a kind lists before
its :class:`~.base.Kind` base to take one of the common forms whole.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.rules import Constraint
from ..core.shape import Cell, PuzzleError, Shape, cell_name
from .base import Kind, index


def no_fpuzzles(kind: Kind, constraints: Sequence[Constraint], what: str) -> None:
    """Refuse to write a rule f-puzzles does not have (``no_share_link`` gives the message)."""
    if constraints:
        raise PuzzleError(f"{kind.label(constraints[0])}: f-puzzles has no {what}, so the puzzle has no "
                          f"f-puzzles form")


def doc_cells(item: dict, key: str, n: int, at: str, low: int = 1, distinct: bool = True) -> tuple[Cell, ...]:
    """A document's ``[[row, col], ...]`` list under ``key``, checked on an N x N grid."""
    cells = item.get(key)
    if not isinstance(cells, list) or len(cells) < low:
        raise PuzzleError(f"{at}: \"{key}\" is {show_value(cells)}: expected a list of at least {low} "
                          f"[row, col] pairs, 0-based")
    out = []
    for cell in cells:
        if not isinstance(cell, list) or len(cell) != 2 or not all(type(v) is int for v in cell):
            raise PuzzleError(f"{at}: cell {show_value(cell)}: expected [row, col], 0-based integers")
        r, c = cell
        if not (0 <= r < n and 0 <= c < n):
            raise PuzzleError(f"{at}: cell [{r}, {c}] is outside the {n}x{n} grid: expected rows and "
                              f"columns 0..{n - 1}")
        out.append((r, c))
    if distinct and len(set(out)) != len(out):
        twice = next(c for c in out if out.count(c) > 1)
        raise PuzzleError(f"{at}: cell {cell_name(*twice)} is named twice: expected distinct cells")
    return tuple(out)


def doc_int(item: dict, key: str, at: str, default: int | None = None, required: bool = False) -> int | None:
    value = item.get(key, default)
    if value is None and not required:
        return None
    if type(value) is not int:
        raise PuzzleError(f"{at}: \"{key}\" is {show_value(value)}: expected a whole number")
    return value


def fp_cell(name: Any, n: int, at: str, outside: bool = False) -> Cell:
    """An f-puzzles cell name ``R1C1`` (1-based) as a 0-based cell; ``outside`` also accepts
    row or column 0 and N+1 (clues beside the grid)."""
    import re

    match = re.fullmatch(r"R(\d+)C(\d+)", name, re.I) if isinstance(name, str) else None
    if match is None:
        raise PuzzleError(f"{at}: cell {show_value(name)}: expected R<row>C<col>, 1-based")
    r, c = int(match.group(1)[-6:]) - 1, int(match.group(2)[-6:]) - 1  # the whole number (6 digits suffice)
    if len(match.group(1).lstrip("0")) > 6 or len(match.group(2).lstrip("0")) > 6:
        r = c = 10**6
    low, high = (-1, n) if outside else (0, n - 1)
    if not (low <= r <= high and low <= c <= high):
        raise PuzzleError(f"{at}: cell {name} is outside the {n}x{n} grid: expected R1C1..R{n}C{n}")
    return r, c


def fp_cells(names: Any, n: int, at: str, low: int = 1, distinct: bool = True) -> tuple[Cell, ...]:
    if not isinstance(names, list) or len(names) < low:
        raise PuzzleError(f"{at}: expected \"cells\": a list of at least {low} cells such as [\"R1C1\", \"R1C2\"]")
    out = tuple(fp_cell(name, n, at) for name in names)
    if distinct and len(set(out)) != len(out):
        twice = next(c for c in out if out.count(c) > 1)
        raise PuzzleError(f"{at}: cell {cell_name(*twice)} is named twice: expected distinct cells")
    return out


def fp_number(value: Any, at: str, what: str = "value", low: int = 0, high: int = 10**6) -> int | None:
    """An f-puzzles number (a string or an integer); None when empty; refuses what is out of range."""
    if value in (None, ""):
        return None
    if type(value) is int:
        number = value
    elif isinstance(value, str) and value.strip().isascii() and value.strip().isdigit():
        number = int(value.strip())
    else:
        raise PuzzleError(f"{at}: {what} {show_value(value)}: expected a whole number")
    if not low <= number <= high:
        raise PuzzleError(f"{at}: {what} {number} is out of range: expected {low}..{high}")
    return number


def fp_name(cell: Cell) -> str:
    return f"R{cell[0] + 1}C{cell[1] + 1}"


def fp_lines(entry: Any, n: int, at: str, low: int = 2) -> list[tuple[Cell, ...]]:
    """The ``lines`` of an f-puzzles line entry (``{"lines": [["R1C1", "R1C2"], ...]}``)."""
    lines = entry.get("lines") if isinstance(entry, dict) else None
    if not isinstance(lines, list) or not lines:
        raise PuzzleError(f"{at}: expected \"lines\": a list of cell lists such as [[\"R1C1\", \"R1C2\"]]")
    return [fp_cells(line, n, at, low) for line in lines]


def fp_clues(value: Any, key: str, shape: Shape, where: str):
    """The numbered clues beside the grid of an f-puzzles key: ``(entry, at, number, clue cell)``
    for each entry with a number (one without is decoration)."""
    for k, entry in enumerate(entries(value, f"{where}: {key}")):
        at = f"{where}: {key} {k + 1}"
        entry = entry if isinstance(entry, dict) else {}
        total = fp_number(entry.get("value"), at, "sum", high=shape.size ** 3)
        if total is not None:
            yield entry, at, total, fp_cell(entry.get("cell"), shape.size, at, outside=True)


def entries(value: Any, at: str) -> list:
    if not isinstance(value, list):
        raise PuzzleError(f"{at}: expected a list of objects")
    return value


def show_value(value: Any) -> str:
    """A JSON value quoted for a message as ``formats.jsontext.show`` quotes tokens."""
    import json

    token = json.dumps(value)
    return repr(token) if len(token) <= 20 else f"{token[:20]!r}... ({len(token)} characters)"


def check_path(cells: Sequence[Cell], at: str, diagonal: bool = True) -> None:
    """Consecutive cells of a line must touch (king's move; orthogonal only when not ``diagonal``)
    and a line may not visit a cell twice."""
    seen: set[Cell] = set()
    for k, cell in enumerate(cells):
        if cell in seen:
            raise PuzzleError(f"{at}: the line turns back on itself at {cell_name(*cell)}: expected "
                              f"each cell once")
        seen.add(cell)
        if k:
            (r1, c1), (r2, c2) = cells[k - 1], cell
            step = max(abs(r1 - r2), abs(c1 - c2)) if diagonal else abs(r1 - r2) + abs(c1 - c2)
            if step != 1:
                raise PuzzleError(f"{at}: {cell_name(r1, c1)} and {cell_name(r2, c2)} do not touch: "
                                  f"expected neighbouring cells along the line")


def check_connected(cells: Sequence[Cell], at: str) -> None:
    """The cells of an unordered line are distinct and connected (each reached from the first by king's moves
    within the line), though not necessarily one path: a line drawn with a branch."""
    if len(set(cells)) != len(cells):
        twice = next(c for k, c in enumerate(cells) if c in cells[:k])
        raise PuzzleError(f"{at}: {cell_name(*twice)} is on the line twice: expected each cell once")
    left, stack = set(cells[1:]), list(cells[:1])
    while stack:
        r, c = stack.pop()
        near = {x for x in left if max(abs(x[0] - r), abs(x[1] - c)) == 1}
        left -= near
        stack.extend(near)
    if left:
        raise PuzzleError(f"{at}: {cell_name(*min(left))} does not touch the rest of the line: expected "
                          f"neighbouring cells along the line")


def check_neighbours(a: Cell, b: Cell, at: str) -> None:
    if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise PuzzleError(f"{at}: {cell_name(*a)} and {cell_name(*b)} are not neighbours: expected "
                          f"two orthogonally adjacent cells")


class EitherWay:
    """A line whose rule reads the same from either end (an arithmetic sequence, a Fibonacci line): a symmetry
    that reverses it maps it to itself."""

    name: str

    def moved(self, constraint: Constraint, cell_map: Sequence[int], n: int) -> Any:
        idx = tuple(cell_map[index(n, c)] for c in constraint.cells)
        return (self.name, min(idx, idx[::-1]))


class LineIO:
    """A line through cells: document ``{"type": ..., "cells": [[r, c], ...]}``, f-puzzles
    ``{"lines": [["R1C1", ...], ...]}`` (each line one constraint), touching cells, 2..``longest``."""

    name: str
    fields: tuple[str, ...] = ("cells",)
    min_cells = 2

    def longest(self, n: int) -> int:
        return n * n

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, doc_cells(item, "cells", shape.size, where, self.min_cells, distinct=False))]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            number = self.fpuzzles_value(entry, shape, at)
            for line in fp_lines(entry, shape.size, at, self.min_cells):
                out.append(Constraint(self.name, 0, line, number))
        return out

    def fpuzzles_value(self, entry: Any, shape: Shape, at: str) -> int | None:
        """The constraint ``value`` an f-puzzles line entry gives its lines (None: the kind has none)."""
        return None

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out.setdefault(self.fpuzzles[0], []).extend(  # type: ignore[attr-defined]
            {"lines": [[fp_name(c) for c in k.cells]]} for k in constraints)

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        at = self.label(constraint)  # type: ignore[attr-defined]
        if getattr(self, "ordered", True):
            check_path(constraint.cells, at)
        else:  # a rule on the set of the line's digits: a drawing that branches (a fish, a cross) is one line
            check_connected(constraint.cells, at)
        if len(constraint.cells) > self.longest(shape.size):
            raise PuzzleError(f"{at}: {len(constraint.cells)} cells cannot follow the rule on a "
                              f"{shape.size}x{shape.size}: expected at most {self.longest(shape.size)}")


class NoFpuzzlesIO:
    """A rule f-puzzles has no key for: nothing is read from f-puzzles, and writing one refuses the puzzle's
    f-puzzles form, naming the rule (``no_share_link`` gives the message)."""

    fpuzzles: tuple[str, ...] = ()

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        return []  # (no f-puzzles key: never called)

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        no_fpuzzles(self, constraints, self.words)  # type: ignore[attr-defined, arg-type]


class CellsIO:
    """Single cells: document ``{"type": ..., "cells": [[r, c], ...]}`` (one constraint per cell),
    f-puzzles ``[{"cell": "R1C1"}, ...]``."""

    name: str
    fields: tuple[str, ...] = ("cells",)

    def read(self, item: dict, shape: Shape, where: str) -> list[Constraint]:
        return [Constraint(self.name, 0, (c,)) for c in doc_cells(item, "cells", shape.size, where)]

    def write(self, constraint: Constraint) -> dict:
        return {"type": self.name, "cells": [list(c) for c in constraint.cells]}

    def read_fpuzzles(self, key: str, value: Any, shape: Shape, where: str) -> list[Constraint]:
        out = []
        for k, entry in enumerate(entries(value, f"{where}: {key}")):
            at = f"{where}: {key} {k + 1}"
            name = entry.get("cell") if isinstance(entry, dict) else None
            out.append(Constraint(self.name, 0, (fp_cell(name, shape.size, at),)))
        return out

    def write_fpuzzles(self, constraints: Sequence[Constraint], out: dict) -> None:
        out.setdefault(self.fpuzzles[0], []).extend(  # type: ignore[attr-defined]
            {"cell": fp_name(k.cells[0])} for k in constraints)


class DotIO:
    """A mark between two orthogonal neighbours: document ``{"type": ..., "cells": [[r, c], [r, c]]}``
    plus ``value``; f-puzzles ``{"cells": ["R1C1", "R1C2"], "value": ...}``."""

    name: str
    fields: tuple[str, ...] = ("cells", "value")

    def check_fits(self, constraint: Constraint, shape: Shape, others: Sequence[Constraint]) -> None:
        a, b = constraint.cells
        check_neighbours(a, b, self.label(constraint))  # type: ignore[attr-defined]
        for other in others:
            if set(other.cells) == {a, b}:
                raise PuzzleError(f"{self.label(constraint)}: two marks between {cell_name(*a)} and "  # type: ignore[attr-defined]
                                  f"{cell_name(*b)}: expected one")
