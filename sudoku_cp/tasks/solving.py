"""The Python API: one function per command, typed results, every answer verified.

>>> from sudoku_cp import examples
>>> board = examples.classic()
>>> validate(board).status, solve(board, backend="dfs").status, count(board, backend="dfs").status
(<Status.VALID: 'valid'>, <Status.SOLVED: 'solved'>, <Status.UNIQUE: 'unique'>)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..backends import Backend, resolve
from ..core.board import Board, cell_name
from ..core.check import find_conflicts, solution_problems
from ..core.results import Outcome, Result, SolverFailure, Status, status_of

DEFAULT_BACKEND = "sat"


class VerificationError(SolverFailure):
    """A backend's answer failed the independent check."""


def validate(board: Board) -> Result:
    """The duplicate scan: ``valid``, or ``invalid`` with every conflict (no solver involved)."""
    conflicts = find_conflicts(board)
    return Result(Status.INVALID if conflicts else Status.VALID, board, conflicts=conflicts)


def verify(outcome: Outcome, board: Board, backend: str) -> None:
    """Check every solution of an outcome independently; raise :class:`VerificationError` if one fails."""
    seen = set()
    for solution in outcome.solutions:
        problems = solution_problems(solution, board)
        if problems:
            raise VerificationError(f"{backend} returned a wrong solution: {'; '.join(problems[:3])}")
        if solution.cells in seen:
            raise VerificationError(f"{backend} returned the same solution twice")
        seen.add(solution.cells)


def run_backend(board: Board, backend: Backend, limit: int, unique: bool,
                time_limit: float | None) -> Result:
    """One backend on one valid board, its answers verified, as a :class:`Result`."""
    start = time.perf_counter()
    outcome = backend.count(board, limit, time_limit)
    elapsed = time.perf_counter() - start
    verify(outcome, board, backend.name)
    return Result(
        status_of(outcome, unique), board,
        solution=outcome.solutions[0] if outcome.solutions else None,
        count=outcome.count if unique else None,
        complete=outcome.complete if unique else None,
        backend=backend.name, time_s=elapsed, stats=outcome.stats, solutions=outcome.solutions,
    )


@dataclass
class CrossCheck:
    """Several backends' answers about one puzzle, each verified, and whether they agree."""

    results: list[Result]
    problems: list[str] = field(default_factory=list)

    @property
    def agreed(self) -> bool:
        return not self.problems

    @property
    def result(self) -> Result:
        """The common answer: the first decided one (all agree when :attr:`agreed`)."""
        decided = [r for r in self.results if r.status is not Status.UNKNOWN]
        return (decided or self.results)[0]


def _compare(results: list[Result], limit: int) -> list[str]:
    problems = []
    decided = [r for r in results if r.status not in (Status.UNKNOWN, Status.ERROR)]
    for r in results:
        if r.status is Status.ERROR:
            problems.append(f"{r.backend}: {r.error}")
    if not decided:
        return problems
    first = decided[0]
    for other in decided[1:]:
        if other.status is not first.status:
            problems.append(f"{first.backend} says {first.status}, {other.backend} says {other.status}")
        elif first.count is not None and (first.count, first.complete) != (other.count, other.complete):
            problems.append(f"{first.backend} counts {first.count} (complete={first.complete}), "
                            f"{other.backend} counts {other.count} (complete={other.complete})")
        elif first.status is Status.UNIQUE and first.solution != other.solution:
            n = first.solution.size
            diff = [cell_name(i // n, i % n) for i, (a, b) in
                    enumerate(zip(first.solution.cells, other.solution.cells)) if a != b]
            problems.append(f"{first.backend} and {other.backend} give different unique solutions "
                            f"(cells {', '.join(diff[:6])})")
    return problems


def cross_check(board: Board, backends: str | Sequence[str] = "all", limit: int = 2,
                unique: bool = True, time_limit: float | None = None) -> CrossCheck:
    """Run several backends, verify every answer independently, and compare statuses and counts.

    A backend that fails verification or crashes is recorded as a problem, never dropped.
    """
    results = []
    for backend in resolve(backends):
        try:
            results.append(run_backend(board, backend, limit, unique, time_limit))
        except SolverFailure as exc:
            results.append(Result(Status.ERROR, board, backend=backend.name, error=str(exc)))
    return CrossCheck(results, _compare(results, limit))


def _answer(board: Board, backend, limit: int, unique: bool, time_limit: float | None) -> Result:
    scan = validate(board)
    if scan.status is Status.INVALID:
        return scan
    backends = resolve(backend)
    if len(backends) == 1:
        return run_backend(board, backends[0], limit, unique, time_limit)
    check = cross_check(board, backends, limit, unique, time_limit)
    if not check.agreed:
        raise DisagreementError(check)
    return check.result


class DisagreementError(SolverFailure):
    """Backends disagree (or one failed verification) in a cross-check."""

    def __init__(self, check: CrossCheck):
        super().__init__("; ".join(check.problems))
        self.check = check


def solve(board: Board, backend: str | Sequence[str] = DEFAULT_BACKEND, unique: bool = False,
          time_limit: float | None = None) -> Result:
    """Solve a puzzle: ``solved`` (or ``unique``/``multiple`` when ``unique``), ``unsat``, ``invalid`` or ``unknown``.

    Several backends (``"all"``, ``"sat,cpsat"``) are cross-checked; disagreement raises
    :class:`DisagreementError`, a wrong answer :class:`VerificationError`.
    """
    return _answer(board, backend, 2 if unique else 1, unique, time_limit)


def count(board: Board, limit: int = 2, backend: str | Sequence[str] = DEFAULT_BACKEND,
          time_limit: float | None = None) -> Result:
    """Count solutions up to ``limit``; ``complete`` says whether the count is exact.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> r = count(parse_puzzle("." * 16), limit=1000, backend="dfs")
    >>> r.count, r.complete
    (288, True)
    """
    if limit < 1:
        raise ValueError(f"limit {limit}: expected a whole number >= 1")
    return _answer(board, backend, limit, True, time_limit)
