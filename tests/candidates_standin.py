"""A stand-in for ``sudoku_cp.tasks.candidates``, for the web page's drawing tests only.

While the real task is not in this build, tests/test_serve.py starts a server with this module in
its place so that the page's drawing of true candidates can be checked; once the real module is
there, those tests use it instead (and the real task's own tests check its answers). This one is
the naive definition, by enumerating every solution: for puzzles with a few solutions only.
"""

from __future__ import annotations

from dataclasses import dataclass

from sudoku_cp.tasks.solving import count

ENOUGH = 1000  # solutions enumerated at most: the tests' puzzles have a handful


@dataclass
class StandIn:
    status: str
    candidates: list[list[list[int]]]
    counts: list[list[dict[str, int]]]
    complete: bool

    def to_json(self) -> dict:
        return {"status": self.status, "candidates": self.candidates, "counts": self.counts,
                "complete": self.complete}


def candidates(board, backend: str = "sat", limit: int = 2, time_limit: float | None = None) -> StandIn:
    """Every digit some solution puts in each cell (up to :data:`ENOUGH` solutions enumerated)."""
    result = count(board, ENOUGH, backend, time_limit=time_limit)
    n = board.size
    seen: list[list[dict[int, int]]] = [[{} for _ in range(n)] for _ in range(n)]
    for solution in result.solutions or []:
        for r in range(n):
            for c in range(n):
                seen[r][c][solution[r, c]] = seen[r][c].get(solution[r, c], 0) + 1
    return StandIn(result.status.value, [[sorted(cell) for cell in row] for row in seen],
                   [[{str(d): min(k, limit) for d, k in sorted(cell.items())} for cell in row] for row in seen],
                   bool(result.complete))
