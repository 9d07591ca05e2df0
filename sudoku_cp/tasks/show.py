"""The grid after unit propagation under one encoding: what propagation alone places and leaves.

The rules are loaded into a session of the sat backend under the chosen encoding (the same
:class:`~sudoku_cp.tasks.analyze.Propagator` that ``analyze`` measures with, through the
backend seam's ``propagate`` capability), the givens are assumed, and the facts propagation
forces are read back: a positive fact places a digit, a negative one removes a candidate. With
``probe``, failed-literal probing runs to a fixpoint first. A placed grid is not trusted: when
propagation fills every cell, the independent checker says whether it is a solution.

>>> from sudoku_cp.examples import classic
>>> view = propagated(classic(), "minimal")   # naked singles solve the classic board
>>> view.contradiction, len(view.placed), view.left, view.solved
(False, 51, 0, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.board import Board
from ..core.candidates import candidates
from ..core.check import is_solution
from ..core.shape import Cell
from ..model.cnf import amo_for
from .analyze import Propagator


@dataclass
class Propagated:
    """One puzzle after propagation under one encoding."""

    puzzle: Board
    encoding: str
    amo: str
    probed: bool
    contradiction: bool                      # propagation derived a conflict: no solution
    after: Board                             # the givens plus every placed digit
    placed: dict[Cell, int]                  # digits placed by propagation (not givens)
    candidates: dict[Cell, tuple[int, ...]]  # what is left in each blank cell of ``after``
    solved: bool                             # every cell placed and the grid checked a solution

    @property
    def left(self) -> int:
        """Candidates left over the blank cells."""
        return sum(len(d) for d in self.candidates.values())


def propagated(board: Board, encoding: str, amo: str | None = None, probe: bool = False) -> Propagated:
    """What unit propagation (and, with ``probe``, failed-literal probing) derives from the givens."""
    amo = amo_for(board.size, amo)
    propagator = Propagator(board.rules, encoding, amo)
    try:
        givens = board.givens()
        ok, facts = propagator.forced(givens)
        if ok and probe:
            ok, facts = propagator.probe(board, givens, facts)
    finally:
        propagator.close()
    if not ok:
        return Propagated(board, encoding, amo, probe, True, board, {}, candidates(board), False)
    n = board.size
    removed: dict[Cell, set[int]] = {}
    placed: dict[Cell, int] = {}
    for r, c, d in facts:
        if d > 0 and not board[r, c]:
            placed[(r, c)] = d
        elif d < 0:
            removed.setdefault((r, c), set()).add(-d)
    after = board.with_givens([(r, c, d) for (r, c), d in placed.items()]) if placed else board
    left = {(r, c): tuple(d for d in range(1, n + 1) if d not in removed.get((r, c), ()))
            for r in range(n) for c in range(n) if not after[r, c]}
    solved = after.is_full() and is_solution(after, board)
    return Propagated(board, encoding, amo, probe, False, after, placed, left, solved)
