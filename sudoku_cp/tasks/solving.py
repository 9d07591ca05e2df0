"""Answering puzzles: the duplicate scan, the one per-puzzle path (every answer verified), cross-checks.

>>> from sudoku_cp import examples
>>> board = examples.classic()
>>> validate(board).status, solve(board, backend="dfs").status, count(board, backend="dfs").status
(<Status.VALID: 'valid'>, <Status.SOLVED: 'solved'>, <Status.UNIQUE: 'unique'>)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..backends import NO_DEADLINE, Backend, Deadline, Session, Unsupported, resolve
from ..core.board import Board, Rules, cell_name
from ..core.check import checker, find_conflicts
from ..core.results import Outcome, Result, SolverFailure, Status, status_of

DEFAULT_BACKEND = "sat"


class VerificationError(SolverFailure):
    """A backend's answer failed the independent check."""


def validate(board: Board) -> Result:
    """The duplicate scan: ``valid``, or ``invalid`` with every conflict (no solver involved)."""
    conflicts = find_conflicts(board)
    return Result(Status.INVALID if conflicts else Status.VALID, board, conflicts=conflicts)


TIME_ENDED_COUNT = "the time limit ended the count"  # stats["stopped"] of a count cut short with solutions
ALWAYS_VERIFIED = 2  # solutions checked even after the deadline: enough to tell unique from multiple


def verify(outcome: Outcome, board: Board, backend: str, deadline: Deadline | None = None) -> Outcome:
    """Check the solutions of an outcome independently; raise :class:`VerificationError` if one fails.

    Each solution must be a solution of ``board`` (the rules' checker: every unit holds each digit
    once, every given kept) and differ from the others. Returns the outcome as verified: when
    ``deadline`` passes during the check (a time-limited count may return thousands of
    solutions), checking stops there, after at least :data:`ALWAYS_VERIFIED`, and the outcome
    keeps only the solutions checked, as a count cut short by the time limit: a solution that
    was not checked is never reported.
    """
    solutions = outcome.solutions
    if not solutions:
        return outcome
    problems = checker(board.rules).problems
    for k, solution in enumerate(solutions):
        if k >= ALWAYS_VERIFIED and deadline is not None and deadline.expired():
            outcome = Outcome(solutions[:k], complete=False, timed_out=True, stats=outcome.stats,
                              backend=outcome.backend)
            solutions = outcome.solutions
            break
        wrong = problems(solution, board)
        if wrong:
            raise VerificationError(f"{backend} returned a wrong solution: {'; '.join(wrong[:3])}")
    if len(solutions) > 1 and len({s.cells for s in solutions}) < len(solutions):
        raise VerificationError(f"{backend} returned the same solution twice")
    return outcome


class Sessions:
    """Reusable sessions, one per (backend, rules), opened on first use and kept until :meth:`close`.

    A backend with the ``incremental`` capability that answers a stream of puzzles faster that
    way (:attr:`Backend.reuse_sessions`: a SAT solver loaded once with the rules, each puzzle's
    givens assumed, ``batch``'s fast path) answers through its session; one that has none, or
    cannot open one for these rules (:class:`Unsupported`, e.g. SAT above 25x25), answers with
    its one-shot ``count``, and that is remembered. ``stats`` asks sessions for
    their counters, ``settle`` for propagation before search where they can propagate.
    """

    def __init__(self, stats: bool = True, settle: bool = False):
        self.stats = stats
        self.settle = settle
        self.open: dict[tuple[int, Rules], Session | None] = {}
        self.backends: dict[int, Backend] = {}  # keeps every keyed backend alive (keys are ids)

    def get(self, backend: Backend, rules: Rules) -> Session | None:
        """The session of ``backend`` for ``rules``, or None when the backend answers with ``count``."""
        key = (id(backend), rules)
        if key not in self.open:
            session = None
            if backend.reuse_sessions and backend.can("incremental"):
                try:
                    session = self._open(backend, rules)
                except Unsupported:
                    session = None
            self.backends[id(backend)] = backend
            self.open[key] = session
        return self.open[key]

    def _open(self, backend: Backend, rules: Rules) -> Session:
        return backend.session(rules, stats=self.stats, settle=self.settle)

    def _release(self, backend: Backend, rules: Rules, session: Session) -> None:
        session.close()

    def close(self) -> None:
        """Close every session (and drop all they learnt); the next question opens them afresh."""
        open_, self.open = self.open, {}
        backends, self.backends = self.backends, {}
        for (key, rules), session in open_.items():
            if session is not None:
                self._release(backends[key], rules, session)

    def __enter__(self) -> Sessions:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class Kept(Sessions):
    """:class:`Sessions` of the whole rules borrowed from those kept between puzzles
    (:func:`~sudoku_cp.backends.pool.borrow`) and given back on :meth:`close`: only their answers are
    read, never what they learnt."""

    def _open(self, backend: Backend, rules: Rules) -> Session:
        from ..backends.pool import borrow  # on use: validate and a plain solve never keep sessions

        return borrow(backend, rules, whole=True)

    def _release(self, backend: Backend, rules: Rules, session: Session) -> None:
        from ..backends.pool import give_back

        give_back(backend, rules, session, whole=True)


def run_backend(board: Board, backend: Backend, limit: int, unique: bool,
                time_limit: float | Deadline | None, sessions: Sessions | None = None,
                stats: bool = True, known: Known | None = None) -> Result:
    """One backend on one board, its answers verified (:class:`VerificationError`), as a :class:`Result`.

    Through the backend's session from ``sessions`` when it has one, else its ``count``; or, given
    ``known`` (what this backend already answered about this board, :func:`recall`), that answer cut
    to ``limit``, verified again. A count whose model-building the time limit overtook is
    ``unknown``, its reason in ``stats["stopped"]`` ("time limit reached while building the model
    (N of M constraints added)", see :class:`~sudoku_cp.backends.base.Backend`); a count the limit
    cut short after finding solutions keeps them, with :data:`TIME_ENDED_COUNT` there.
    """
    session = None if sessions is None or known is not None else sessions.get(backend, board.rules)
    start = time.perf_counter()
    deadline = _deadline(time_limit) or NO_DEADLINE
    if known is not None:
        outcome = known.cut(limit)
    elif deadline.expired():  # an earlier backend or step used the time up: this one is not started
        outcome = Outcome([], complete=False, timed_out=True)
    elif session is not None:
        outcome = session.count(board, limit, deadline)
    else:
        outcome = backend.count(board, limit, deadline.remaining())
    elapsed = known.time_s if known is not None else time.perf_counter() - start
    name = outcome.backend or backend.name  # who answered (the default sat may hand a size on)
    outcome = verify(outcome, board, name, deadline)
    solutions = outcome.solutions
    counters = dict(outcome.stats) if stats else {}
    if outcome.timed_out and solutions and limit > len(solutions):  # an answer, though the limit cut the count
        counters["stopped"] = TIME_ENDED_COUNT
    return Result(  # a limit of 1 cannot answer "is it unique?": one solution is 'solved' (CONTRACT.md)
        status_of(outcome, unique and limit >= 2), board,
        solution=solutions[0] if solutions else None,
        count=outcome.count if unique else None,
        complete=outcome.complete if unique else None,
        backend=name, time_s=elapsed, stats=counters, solutions=solutions,
    )


@dataclass
class CrossCheck:
    """Several backends' answers about one puzzle, each verified, and whether they agree."""

    results: list[Result]
    problems: list[str] = field(default_factory=list)

    @property
    def agreed(self) -> bool:
        return not self.problems

    def _repr_html_(self) -> str:
        """One row per backend (status, count, time, counters), then any problem, for a notebook."""
        from html import escape

        from ..formats.notebook import records_table

        rows = [(r.backend, r.status.value, r.count, r.complete,
                 None if r.time_s is None else f"{r.time_s:.3f}",
                 ", ".join(f"{k} {v}" for k, v in r.stats.items()) or None) for r in self.results]
        verdict = "backends agree" if self.agreed else "backends disagree: " + "; ".join(self.problems)
        return (records_table(("backend", "status", "count", "complete", "time (s)", "counters"), rows)
                + f"<p>{escape(verdict)}</p>")

    @property
    def result(self) -> Result:
        """The common answer (all agree when :attr:`agreed`): the decided one that knows most.

        An exact count before one cut short, then the largest count, then the first.
        """
        decided = [r for r in self.results if r.status is not Status.UNKNOWN]
        if not decided:
            return self.results[0]
        return max(decided, key=lambda r: (bool(r.complete), r.count or 0))


def contradicts(a: Result, b: Result) -> bool:
    """Whether two decided answers cannot both be true.

    A count cut short (``complete`` false, by ``limit`` or a time limit) says only "at least
    this many": it contradicts an exact count below it, never another count cut short. An exact
    count k contradicts any count above k and any other exact count. Without counts (``solve``
    without uniqueness) the statuses must be the same.

    >>> from sudoku_cp.core.results import Result, Status
    >>> def counted(n, complete):
    ...     return Result(Status.MULTIPLE if n > 1 else Status.UNIQUE, None, count=n, complete=complete)
    >>> contradicts(counted(830, False), counted(189, False)), contradicts(counted(2, False), counted(7, True))
    (False, False)
    >>> contradicts(counted(9, False), counted(7, True)), contradicts(counted(1, True), counted(2, False))
    (True, True)
    """
    if a.count is None or b.count is None:
        return a.status is not b.status
    return bool(a.complete and b.count > a.count) or bool(b.complete and a.count > b.count)


def _compare(results: list[Result], limit: int) -> list[str]:
    """What is wrong with several backends' answers: errors and contradictions (empty: they agree).

    ``unknown`` (a time limit) contradicts nothing; counts are compared by :func:`contradicts`.
    """
    problems = []
    decided = [r for r in results if r.status not in (Status.UNKNOWN, Status.ERROR)]
    for r in results:
        if r.status is Status.ERROR:
            problems.append(f"{r.backend}: {r.error}")
    for i, first in enumerate(decided):
        for other in decided[i + 1:]:
            if contradicts(first, other):
                if first.status is not other.status:
                    problems.append(f"{first.backend} says {first.status}, {other.backend} says {other.status}")
                else:
                    problems.append(f"{first.backend} counts {first.count} (complete={first.complete}), "
                                    f"{other.backend} counts {other.count} (complete={other.complete})")
            elif first.status is Status.UNIQUE and other.status is Status.UNIQUE \
                    and first.solution is not None and other.solution is not None \
                    and first.solution != other.solution:
                n = first.solution.size
                diff = [cell_name(i // n, i % n) for i, (a, b) in
                        enumerate(zip(first.solution.cells, other.solution.cells)) if a != b]
                problems.append(f"{first.backend} and {other.backend} give different unique solutions "
                                f"(cells {', '.join(diff[:6])})")
    return problems


def _attempts(board: Board, backends: Sequence[Backend], limit: int, unique: bool,
              time_limit: float | Deadline | None, sessions: Sessions | None, stats: bool) -> list[Result]:
    """Every backend's verified answer; one that fails verification (or breaks) is an ``error`` answer."""
    results = []
    for backend in backends:
        try:
            results.append(run_backend(board, backend, limit, unique, time_limit, sessions, stats))
        except SolverFailure as exc:
            results.append(Result(Status.ERROR, board, backend=backend.name, error=str(exc)))
    return results


def _deadline(time_limit: float | Deadline | None) -> Deadline | None:
    """One deadline for every backend and step: ``--time-limit`` bounds the whole answer."""
    if time_limit is None or isinstance(time_limit, Deadline):
        return time_limit
    return Deadline(time_limit)


def cross_check(board: Board, backends: str | Sequence[str | Backend] = "all", limit: int = 2,
                unique: bool = True, time_limit: float | None = None) -> CrossCheck:
    """Run several backends, verify every answer independently, and compare statuses and counts.

    A backend that fails verification or crashes is recorded as a problem, never dropped.
    """
    results = _attempts(board, resolve(backends), limit, unique, _deadline(time_limit), None, True)
    return CrossCheck(results, _compare(results, limit))


class DisagreementError(SolverFailure):
    """Backends disagree (or one failed verification) in a cross-check."""

    def __init__(self, check: CrossCheck):
        super().__init__("; ".join(check.problems))
        self.check = check


def answer(board: Board, backends: Sequence[Backend], limit: int, unique: bool,
           time_limit: float | Deadline | None = None, sessions: Sessions | None = None,
           stats: bool = True) -> Result:
    """The verified answer about one board: the one path of ``solve``, ``count``, ``batch`` and ``bench``.

    Each backend answers (through its session from ``sessions`` when given, else ``count``) with
    up to ``limit`` solutions; every solution is checked by the rules' independent checker
    (distinct ones too), and the outcome becomes a status (``unique`` says whether uniqueness
    was asked). With several backends their answers are compared: a disagreement, or one that
    failed verification, raises :class:`DisagreementError`; otherwise the agreed answer comes
    back with every backend's in :attr:`Result.backends` (each with its own status, count, time
    and counters); its ``time_s`` is the wall time of the whole cross-check and its ``stats`` are
    empty (JSON ``null``: counters belong to one solver, so they are only in ``backends``). A
    single backend's wrong answer raises
    :class:`VerificationError`. ``stats=False`` leaves the solvers' counters out. ``time_limit``
    (seconds or a :class:`Deadline`) is one deadline for all the backends, not one each.

    The duplicate scan (``invalid``) runs only when no solution came back: a solution that
    passed the checker keeps every given in units that hold each digit once, so the givens
    repeat nothing. A board with duplicates is ``invalid`` whatever the backends said or raised
    (SAT and CP-SAT answer "no solution" at once, backtracking checks its givens first).
    """
    time_limit = _deadline(time_limit)
    start = time.perf_counter()
    try:
        if len(backends) == 1:
            result = run_backend(board, backends[0], limit, unique, time_limit, sessions, stats)
            if result.solution is None and checker(board.rules).duplicates(board.cells):
                return validate(board)
            return result
        results = _attempts(board, backends, limit, unique, time_limit, sessions, stats)
    except Exception:
        if checker(board.rules).duplicates(board.cells):
            return validate(board)
        raise
    if all(r.solution is None for r in results) and checker(board.rules).duplicates(board.cells):
        return validate(board)
    problems = _compare(results, limit)
    if problems:
        raise DisagreementError(CrossCheck(results, problems))
    agreed = CrossCheck(results).result
    return Result(agreed.status, board, solution=agreed.solution, count=agreed.count,
                  complete=agreed.complete, backend=",".join(r.backend or "" for r in results),
                  time_s=time.perf_counter() - start, solutions=agreed.solutions, backends=results)


def _answer(board: Board, backend, limit: int, unique: bool, time_limit: float | Deadline | None) -> Result:
    backends = resolve(backend)
    known = recall(board, backends, limit)
    if known is not None:  # this backend answered this board already (a link's read): no second solve
        return run_backend(board, backends[0], limit, unique, time_limit, known=known)
    return answer(board, backends, limit, unique, time_limit)


def solve(board: Board, backend: str | Sequence[str | Backend] | Backend = DEFAULT_BACKEND,
          unique: bool = False, time_limit: float | Deadline | None = None) -> Result:
    """Solve a puzzle: ``solved`` (or ``unique``/``multiple`` when ``unique``), ``unsat``, ``invalid`` or ``unknown``.

    Several backends (``"all"``, ``"sat,cpsat"``) are cross-checked; disagreement raises
    :class:`DisagreementError`, a wrong answer :class:`VerificationError`.
    """
    return _answer(board, backend, 2 if unique else 1, unique, time_limit)


def count(board: Board, limit: int = 2, backend: str | Sequence[str | Backend] | Backend = DEFAULT_BACKEND,
          time_limit: float | Deadline | None = None) -> Result:
    """Count solutions up to ``limit``; ``complete`` says whether the count is exact.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> r = count(parse_puzzle("." * 16), limit=1000, backend="dfs")
    >>> r.count, r.complete
    (288, True)
    """
    if limit < 1:
        raise ValueError(f"limit {limit}: expected a whole number >= 1")
    return _answer(board, backend, limit, True, time_limit)


def count_kept(board: Board, limit: int = 2, backend: str | Sequence[str | Backend] | Backend = DEFAULT_BACKEND,
               time_limit: float | Deadline | None = None) -> Result:
    """:func:`count` through a session of the whole rules kept between puzzles (:class:`Kept`, the
    givens assumed) where one backend answers through sessions (:attr:`Backend.reuse_sessions`):
    a 9x9's count in a quarter of the time, with no formula to encode and load; the answer is as
    verified, its counters are the session's (no formula sizes)."""
    backends = resolve(backend)
    if limit < 1 or len(backends) != 1 or not (backends[0].reuse_sessions and backends[0].can("incremental")):
        return count(board, limit, backend, time_limit)
    known = recall(board, backends, limit)
    if known is not None:  # (a link's read answered it)
        return run_backend(board, backends[0], limit, True, time_limit, known=known)
    with Kept() as sessions:
        return answer(board, backends, limit, True, time_limit, sessions)


# --- answers a read found, handed to the command that reads the board next --------------------

KNOWN_KEPT = 16  # boards whose read-time answer waits for a command (the oldest dropped first)
_KNOWN: dict[Board, Known] = {}


@dataclass(frozen=True)
class Known:
    """One backend's verified count of one board to two or more, found before the command asked."""

    backend: Backend  # the configuration that answered (its class and options)
    outcome: Outcome  # the verified solutions (exact: ``complete``), the counters, who answered
    time_s: float  # what finding it took

    def serves(self, backend: Backend) -> bool:
        """Whether ``backend`` would solve the same formula the same way (class and every option equal)."""
        return type(backend) is type(self.backend) and vars(backend) == vars(self.backend)

    def answers(self, limit: int) -> bool:
        """Whether a count to ``limit`` is known: every solution is, or at least ``limit`` of them."""
        return self.outcome.complete or self.outcome.count >= limit

    def cut(self, limit: int) -> Outcome:
        """The outcome of a count to ``limit`` (:meth:`answers`): the first solutions, exact when fewer."""
        solutions = self.outcome.solutions[:limit]
        return Outcome(solutions, complete=len(solutions) < limit, stats=dict(self.outcome.stats),
                       backend=self.outcome.backend)


def remember(board: Board, backend: Backend, result: Result) -> None:
    """Keep a single backend's verified count of ``board`` (one solution or more) for :func:`recall`."""
    if result.count is None or result.status not in (Status.UNIQUE, Status.MULTIPLE) or result.backends:
        return
    _KNOWN.pop(board, None)
    while len(_KNOWN) >= KNOWN_KEPT:
        _KNOWN.pop(next(iter(_KNOWN)))
    _KNOWN[board] = Known(backend, Outcome(list(result.solutions), complete=bool(result.complete),
                                           stats=dict(result.stats), backend=result.backend), result.time_s or 0.0)


def recall(board: Board, backends: Sequence[Backend], limit: int) -> Known | None:
    """What the one backend asked already answered about ``board``, when it answers a count to ``limit``
    (taken: a second question solves again).

    Only for one backend of the same configuration: a cross-check runs every backend it names.
    """
    if len(backends) != 1:
        return None
    known = _KNOWN.get(board)
    if known is None or not known.serves(backends[0]) or not known.answers(limit):
        return None
    _KNOWN.pop(board, None)
    return known


def _count_two(board: Board) -> tuple[str, Board | None]:
    """A SudokuPad read's question (:func:`formats.sudokupad.check_with`): one solution or not, within a bound.

    Its answer is kept (:func:`remember`) for the command that then asks the default backend about
    the board: ``solve``, ``count``, ``candidates`` and ``explain`` of a link take it (verified
    again) instead of solving the same formula twice.
    """
    from ..formats import sudokupad

    backends = resolve(DEFAULT_BACKEND)
    result = answer(board, backends, 2, True, sudokupad.UNIQUE_SECONDS)
    remember(board, backends[0], result)
    return result.status.value, result.solution


def _register() -> None:
    from ..formats import sudokupad

    sudokupad.check_with(_count_two)


_register()

__all__ = ["ALWAYS_VERIFIED", "CrossCheck", "DisagreementError", "Known", "contradicts", "Sessions", "VerificationError",
           "answer", "count", "cross_check", "recall", "remember", "run_backend", "solve", "validate", "verify"]
