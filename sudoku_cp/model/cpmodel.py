"""The CP model: one integer variable per cell, AllDifferent per unit. Pure data, no solver.

Variants add: per killer cage an AllDifferent over its cells (named ``cage at r1c1``) and, when
it has a sum, a linear equality; per relation pair x_a != x_b (antiknight, antiking) or
x_a - x_b not in {-1, 1} (nonconsecutive). Cells are named ``r1c1`` .. ``rNcN`` (1-based, as in
the text output), units ``row 1``, ``column 1``, ``box 1``, so an export reads without a key.

A backend posts this description to a CP solver (``backends/cpsat.py``), so the model is
written once and read by tests and exports without importing OR-Tools.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> spec = build_model(parse_puzzle("1...............", box=(2, 2)))
>>> spec.domains[:2], len(spec.all_different), spec.all_different[0]
([(1, 1), (1, 4)], 12, ('row 1', (0, 1, 2, 3)))
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..constraints import by_kind
from ..core.board import Board
from ..core.shape import cell_name


@dataclass(frozen=True)
class CpModelSpec:
    """Integer variables x[i] for the cells (row-major) with (lo, hi) domains, AllDifferent groups,
    and the variants' constraints: ``sums`` (name, cells, total): the cells add up to total;
    ``different`` pairs (a, b): x_a != x_b; ``apart`` pairs (a, b): |x_a - x_b| != 1;
    ``linear`` (name, ((var, coefficient), ...), lo, hi): lo <= the weighted sum <= hi;
    ``tables`` (name, vars, allowed tuples): the variables take one of the tuples. Variables past
    the cells (index N*N and up) are ``aux`` ones, (name, lo, hi) each, that a kind made."""

    size: int
    domains: list[tuple[int, int]]
    all_different: list[tuple[str, tuple[int, ...]]]
    sums: list[tuple[str, tuple[int, ...], int]] = field(default_factory=list)
    different: list[tuple[int, int]] = field(default_factory=list)
    apart: list[tuple[int, int]] = field(default_factory=list)
    linear: list[tuple[str, tuple[tuple[int, int], ...], int, int]] = field(default_factory=list)
    tables: list[tuple[str, tuple[int, ...], list[tuple[int, ...]]]] = field(default_factory=list)
    aux: list[tuple[str, int, int]] = field(default_factory=list)

    def new_var(self, name: str, lo: int, hi: int) -> int:
        """An auxiliary integer variable in lo..hi; returns its index (after the cells)."""
        self.aux.append((name, lo, hi))
        return len(self.domains) + len(self.aux) - 1

    @property
    def cell_names(self) -> list[str]:
        """The cells' names in row-major order, 1-based as people write them: ``r1c1`` .. ``rNcN``.

        >>> CpModelSpec(4, [(1, 4)] * 16, []).cell_names[:5]
        ['r1c1', 'r1c2', 'r1c3', 'r1c4', 'r2c1']
        """
        n = self.size
        return [cell_name(i // n, i % n) for i in range(len(self.domains))]


def build_model(board: Board) -> CpModelSpec:
    """The model of a puzzle: givens fix their cell's domain, blanks range over 1..N.

    >>> from sudoku_cp.core.variants import build
    >>> from sudoku_cp.core.shape import Shape
    >>> rules = build(Shape(2, 2), cages=[([(0, 0), (0, 1)], 3)], nonconsecutive=True)
    >>> spec = build_model(Board.empty(rules.shape, rules))
    >>> spec.all_different[-1], spec.sums, len(spec.apart)
    (('cage at r1c1', (0, 1)), [('cage at r1c1', (0, 1), 3)], 24)
    """
    n = board.size
    domains = [(d, d) if d else (1, n) for d in board.cells]
    groups = [
        (f"{u.kind} {u.index + 1}", tuple(r * n + c for r, c in u.cells)) for u in board.rules.units
    ]
    spec = CpModelSpec(n, domains, groups)
    for kind, group in by_kind(board.rules):
        for constraint in group:
            kind.model(constraint, board.rules, spec)
    return spec
