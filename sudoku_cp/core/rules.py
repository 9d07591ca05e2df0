"""The rules of a puzzle as one value: its units and any further constraints.

A *unit* is a group of N cells that must hold every digit once: a row, a column, a box, and in
variants an irregular region (jigsaw), a diagonal or an extra window. A *constraint* is any
further rule (a killer cage, an adjacency rule); classic Sudoku has none. Every board carries its
:class:`Rules`; the duplicate scan, the independent checker, the CNF encoder, the CP model, the
backtracking backend, the generator's symmetry moves and the pictures all read them, so a variant
is one factory here and nothing else recomputes box geometry.

>>> from sudoku_cp.core.board import Shape
>>> rules = Rules.classic(Shape(2, 3))
>>> rules.size, len(rules.units), rules.units[12].kind, rules.units[12].cells[:3]
(6, 18, 'box', ((0, 0), (0, 1), (0, 2)))
>>> rules.units_of[0]   # the units holding cell r1c1: row 1, column 1, box 1
(0, 6, 12)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property, lru_cache

from .shape import Cell, Shape

@dataclass(frozen=True)
class Unit:
    """A group of N cells that must hold each digit once: a row, a column, a box, or a variant's unit."""

    kind: str  # "row", "column", "box"; variants add "region", "diagonal", "anti-diagonal", "window"
    index: int
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Constraint:
    """A rule beyond the units: a killer cage, a thermometer, a kropki dot, anti-knight, ...

    ``kind`` names its kind in the constraint catalogue (``sudoku_cp.constraints``), which alone
    knows what the rule means; ``cells`` the cells it speaks of (in the kind's order: a
    thermometer's from its bulb), ``value`` a number it needs (a cage's sum), or None, and
    ``data`` anything more the kind needs (a tuple, so that rules stay hashable).
    """

    kind: str
    index: int
    cells: tuple[Cell, ...]
    value: int | None = None
    data: tuple = ()


@dataclass(frozen=True, eq=False)
class Rules:
    """A puzzle's rules: the grid's shape, its units, and further constraints.

    ``box`` is True when the shape's R x C boxes are among the units (text and pictures draw them
    then); :attr:`units_of` and :attr:`peers` are derived from :attr:`units` once per value.
    """

    shape: Shape
    units: tuple[Unit, ...]
    constraints: tuple[Constraint, ...] = ()
    name: str = "classic"
    _key: tuple = field(init=False, repr=False)

    def __post_init__(self) -> None:
        n = self.shape.size
        for unit in self.units:
            if len(unit.cells) != n or len(set(unit.cells)) != n:
                raise ValueError(f"{unit.kind} {unit.index + 1}: a unit needs {n} distinct cells, "
                                 f"got {len(set(unit.cells))}")
            for r, c in unit.cells:
                if not (0 <= r < n and 0 <= c < n):
                    raise ValueError(f"{unit.kind} {unit.index + 1}: cell ({r}, {c}) is off the grid")
        object.__setattr__(self, "_key", (self.shape, self.units, self.constraints))

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Rules) and self._key == other._key)

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:
        return hash(self._key)

    @property
    def size(self) -> int:
        return self.shape.size

    @cached_property
    def is_classic(self) -> bool:
        """Rows, columns and boxes only, no further constraint."""
        return not self.constraints and self.units == _classic_units(self.shape)

    @cached_property
    def box(self) -> bool:
        """True when every box of :attr:`shape` is a unit (so box lines mean something)."""
        if self.shape.boxless:
            return False
        units = set(self.units)
        return all(u in units for u in _classic_units(self.shape)[2 * self.size:])

    @cached_property
    def units_of(self) -> tuple[tuple[int, ...], ...]:
        """For each cell (row-major index), the positions in :attr:`units` of the units holding it."""
        n = self.size
        found: list[list[int]] = [[] for _ in range(n * n)]
        for k, unit in enumerate(self.units):
            for r, c in unit.cells:
                found[r * n + c].append(k)
        return tuple(tuple(f) for f in found)

    @cached_property
    def peers(self) -> tuple[tuple[int, ...], ...]:
        """For each cell (row-major index), the indices of the cells sharing a unit with it."""
        n = self.size
        sets: list[set[int]] = [set() for _ in range(n * n)]
        for unit in self.units:
            idx = [r * n + c for r, c in unit.cells]
            for i in idx:
                sets[i].update(idx)
        return tuple(tuple(sorted(s - {i})) for i, s in enumerate(sets))

    @cached_property
    def region_of(self) -> tuple[int, ...]:
        """For each cell, the index of the box (or jigsaw region) holding it: what pictures outline."""
        n = self.size
        regions = [u for u in self.units if u.kind in ("box", "region")]
        out = [0] * (n * n)
        for k, unit in enumerate(regions):
            for r, c in unit.cells:
                out[r * n + c] = k
        return tuple(out)

    @staticmethod
    def classic(shape: Shape) -> "Rules":
        """The rules of classic Sudoku on a shape: N rows, then N columns, then N boxes."""
        return _classic(shape)


@lru_cache(maxsize=None)
def _classic_units(shape: Shape) -> tuple[Unit, ...]:
    n = shape.size
    rows = [Unit("row", r, tuple((r, c) for c in range(n))) for r in range(n)]
    cols = [Unit("column", c, tuple((r, c) for r in range(n))) for c in range(n)]
    boxes = []
    for b in range(n):
        top = (b // shape.box_rows) * shape.box_rows
        left = (b % shape.box_rows) * shape.box_cols
        cells = tuple((top + i, left + j) for i in range(shape.box_rows) for j in range(shape.box_cols))
        boxes.append(Unit("box", b, cells))
    return tuple(rows + cols + boxes)


@lru_cache(maxsize=None)
def _classic(shape: Shape) -> Rules:
    return Rules(shape, _classic_units(shape))


__all__ = ["Constraint", "Rules", "Unit"]
