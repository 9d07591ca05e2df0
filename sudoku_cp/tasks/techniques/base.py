"""What every technique family reads from the candidates grid: each unit's places for a digit,
which cells see which, the grid's lines.

The grid is :class:`~sudoku_cp.tasks.steps.Grid` and a finder returns its
:class:`~sudoku_cp.tasks.steps.Step`; the families know them only by the protocols below (what
they read and set), so the engine imports the techniques and not the other way round.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Protocol

from ...core.board import Fact, Rules


class Step(Protocol):
    """A step as a finder fills it in (:class:`~sudoku_cp.tasks.steps.Step`)."""

    technique: str
    chain: str | None
    arrows: list[tuple[Fact, Fact]]
    se: float | None

    def removals(self) -> list[Fact]: ...

    def placements(self) -> list[Fact]: ...


class Grid(Protocol):
    """The candidates grid as the finders read it (:class:`~sudoku_cp.tasks.steps.Grid`)."""

    rules: Rules
    n: int
    cells: list[int]
    cands: list[set[int]]
    units: list[list[int]]
    units_of: tuple[tuple[int, ...], ...]
    peer_sets: list[frozenset[int]]
    related: list[dict[int, list[tuple[int, tuple[int, ...]]]]]
    every: list[int]  # the units, then the relations: what naked and hidden singles propagate through
    unique: bool

    def fact(self, i: int, d: int) -> Fact: ...

    def step(self, conclusion: Iterable[Fact], reasons: Iterable[tuple[int, int]], units: Iterable[int],
             technique: str, focus: Sequence[int]) -> Step: ...

    def whole_step(self, conclusion: Iterable[Fact], technique: str) -> Step: ...


def places(g: Grid) -> Iterator[tuple[int, list[int], int, list[int]]]:
    """Each unit's open digits: (unit index, unit cells, digit, the cells that can still hold it)."""
    for k, unit in enumerate(g.units):
        placed = {g.cells[i] for i in unit}
        for d in range(1, g.n + 1):
            if d not in placed:
                yield k, unit, d, [i for i in unit if d in g.cands[i]]


def lines(g: Grid, kind: str) -> list[int]:
    """The units of one kind (``row``, ``column``, ``box``), by position in ``rules.units``."""
    return [k for k, u in enumerate(g.rules.units) if u.kind == kind]


def shared(g: Grid, i: int, j: int) -> list[int]:
    """The units holding both cells ``i`` and ``j`` (empty when they do not see each other)."""
    return sorted(set(g.units_of[i]) & set(g.units_of[j]))


def sees(g: Grid, i: int, j: int) -> bool:
    """Cells ``i`` and ``j`` share a unit (a cell does not see itself)."""
    return j in g.peer_sets[i]


def where(g: Grid, k: int, d: int) -> list[int]:
    """The cells of unit ``k`` that can still hold ``d``."""
    return [i for i in g.units[k] if d in g.cands[i]]


def name(g: Grid, i: int) -> str:
    """``r1c2``: a cell by its index."""
    return f"r{i // g.n + 1}c{i % g.n + 1}"
