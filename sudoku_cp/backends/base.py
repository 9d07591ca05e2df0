"""What every backend provides, and the deadline helper they share."""

from __future__ import annotations

import time

from ..core.board import Board
from ..core.results import Outcome

MAX_SECONDS = 1_000_000  # longer limits overflow the solvers' timers


class Deadline:
    """A point in time after which work stops; ``None`` seconds means never.

    >>> Deadline(None).remaining() is None, Deadline(5).expired()
    (True, False)
    """

    def __init__(self, seconds: float | None):
        if seconds is not None and not 0 <= seconds <= MAX_SECONDS:
            raise ValueError(f"time limit {seconds}: expected a number of seconds from 0 to {MAX_SECONDS:,}")
        self.seconds = seconds
        self.end = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float | None:
        return None if self.end is None else max(0.0, self.end - time.monotonic())

    def expired(self) -> bool:
        return self.end is not None and time.monotonic() >= self.end


class Backend:
    """A solving backend: counts up to ``limit`` solutions of a board within a time limit.

    ``solve`` is ``count`` with limit 1. Backends report raw :class:`Outcome` objects; statuses,
    verification and cross-checking live above them (``api.py``).
    """

    name: str = "?"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        raise NotImplementedError

    def solve(self, board: Board, time_limit: float | None = None) -> Outcome:
        return self.count(board, 1, time_limit)
