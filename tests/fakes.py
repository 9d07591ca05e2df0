"""Backends that misbehave on purpose, registered only inside tests."""

from __future__ import annotations

from sudoku_cp import Board, Outcome
from sudoku_cp.backends import Backend


class LiarBackend(Backend):
    """Returns a full grid that breaks the rules (every cell a 1, givens kept)."""

    def __init__(self, option=None):
        self.name = "liar"

    def count(self, board, limit, time_limit=None):
        return Outcome([Board(board.shape, tuple(d or 1 for d in board.cells))], complete=False)


class PessimistBackend(Backend):
    """Says every puzzle has no solution."""

    def __init__(self, option=None):
        self.name = "pessimist"

    def count(self, board, limit, time_limit=None):
        return Outcome([], complete=True)


class OneThenTimeBackend(Backend):
    """Finds one solution of the empty 4x4, then says the time limit ended its count."""

    def __init__(self, option=None):
        self.name = "one-then-time"

    def count(self, board, limit, time_limit=None):
        from sudoku_cp.backends.dfs import DfsBackend

        return Outcome(DfsBackend().count(board, 1).solutions, complete=False, timed_out=True)


class TwoThenTimeBackend(Backend):
    """Finds two solutions of the empty 4x4, then says the time limit ended its count."""

    def __init__(self, option=None):
        self.name = "two-then-time"

    def count(self, board, limit, time_limit=None):
        from sudoku_cp.backends.dfs import DfsBackend

        found = DfsBackend().count(board, 2).solutions
        return Outcome(found, complete=False, timed_out=True)
