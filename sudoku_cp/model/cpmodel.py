"""The CP model: one integer variable per cell, AllDifferent per unit. Pure data, no solver.

A backend posts this description to a CP solver (``backends/cpsat.py``), so the model is
written once and read by tests and exports without importing OR-Tools.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> spec = build_model(parse_puzzle("1...............", box=(2, 2)))
>>> spec.domains[:2], len(spec.all_different), spec.all_different[0]
([(1, 1), (1, 4)], 12, ('row 1', (0, 1, 2, 3)))
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import Board


@dataclass(frozen=True)
class CpModelSpec:
    """Integer variables x[i] for the cells (row-major) with (lo, hi) domains, and AllDifferent groups."""

    size: int
    domains: list[tuple[int, int]]
    all_different: list[tuple[str, tuple[int, ...]]]


def build_model(board: Board) -> CpModelSpec:
    """The model of a puzzle: givens fix their cell's domain, blanks range over 1..N."""
    if board.rules.constraints:
        kinds = sorted({c.kind for c in board.rules.constraints})
        raise ValueError(f"the CP model does not know the constraint {kinds[0]!r} yet")
    n = board.size
    domains = [(d, d) if d else (1, n) for d in board.cells]
    groups = [
        (f"{u.kind} {u.index + 1}", tuple(r * n + c for r, c in u.cells)) for u in board.rules.units
    ]
    return CpModelSpec(n, domains, groups)
