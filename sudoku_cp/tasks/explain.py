"""Why a puzzle has no solution, or several: conflicts, minimal cores of givens, differing solutions.

``explain`` answers for any puzzle:

- *invalid* (duplicate givens): every conflict of the duplicate scan;
- *unsat* (no duplicates, no solution): a minimal ``core`` of givens that cannot all hold; removing
  any one of them makes the rest satisfiable. The givens are assumed as facts in one session of a
  backend with the ``core`` capability (the chosen one when it has it, else the default SAT
  backend; CP-SAT does it too), loaded with the rules of the empty grid; the solver's core is
  shrunk by deletion (:func:`~sudoku_cp.tasks.cores.minimal_core`). By default another backend
  re-checks the core (unsat as a whole, satisfiable without any one given): sat <-> cpsat;
- *multiple*: two distinct solutions, the cells where they differ, and the count up to a limit;
- *unique*: the solution.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> e = explain(parse_puzzle("12..34....12...."))    # a 4x4 with two solutions
>>> e.status.value, e.count, e.differences
('multiple', 2, [(0, 2), (0, 3), (3, 2), (3, 3)])
>>> e = explain(parse_puzzle("1........4....23"))    # box 3 has one free cell for its 2 and 3
>>> e.status.value, given_names(e.core)                # (r1c1=1 is not part of the reason)
('unsat', 'r3c2=4, r4c3=2, r4c4=3')
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from ..backends import Backend, Deadline, Unsupported, make, resolve, second_opinion
from ..core.board import Board, Given
from ..core.results import Result, SolverFailure, Status, TimeLimitReached
from .cores import backend_for, core_problems, given_names, minimal_core, rules_core
from .solving import VerificationError, count, validate

DEFAULT_LIMIT = 10  # solutions counted by explain unless --limit says otherwise
STEPS_CHECKER = "sat"  # the backend that checks the steps (and, for a variant, proves the one solution)


@dataclass
class Explanation(Result):
    """A :class:`Result` with the explanation keys of CONTRACT.md (``None`` = not part of this answer).

    ``core``, ``remove``, ``add`` and ``redundant`` are lists of givens ``(row, col, digit)``;
    ``differences`` lists cells ``(row, col)`` where the first two solutions differ; ``repaired``
    is the puzzle after a repair, ``minimal`` the minimal puzzle of ``minimize``; ``difficulty`` holds the
    honest difficulty signals of :func:`sudoku_cp.tasks.generate.difficulty`.
    """

    puzzle: Board  # always the puzzle explained (a Result's may be None: an input error)
    core: list[Given] | None = None
    rules_core: list[str] | None = None  # the constraints the core's contradiction needs, by name
    remove: list[Given] | None = None
    add: list[Given] | None = None
    redundant: list[Given] | None = None
    differences: list[tuple[int, int]] | None = None
    repaired: Board | None = None
    minimal: Board | None = None
    difficulty: dict[str, Any] | None = None
    steps: Any = None  # explain --steps: a tasks.steps.Steps sequence
    notes: list[str] = field(default_factory=list)

    def marked(self) -> list[tuple[int, int]]:
        """The cells this explanation is about (core, removals, additions, differences...)."""
        cells: list[tuple[int, int]] = []
        for key in ("core", "remove", "add", "redundant"):
            cells += [(r, c) for r, c, _ in getattr(self, key) or []]
        cells += list(self.differences or [])
        for conflict in self.conflicts:
            cells += list(conflict.cells)
        return list(dict.fromkeys(cells))


def differing_cells(a: Board, b: Board) -> list[tuple[int, int]]:
    """Cells (row-major) where two boards of one shape hold different digits."""
    n = a.size
    return [divmod(i, n) for i, (x, y) in enumerate(zip(a.cells, b.cells)) if x != y]


def checked_core(board: Board, backend: str | Sequence[str | Backend] | Backend = "sat",
                 deadline: Deadline | None = None, check: bool = True) -> list[Given] | None:
    """A minimal core by the chosen backend if it can give cores (else the default), re-checked by
    a backend of another kind when ``check`` (sat <-> cpsat: :func:`~sudoku_cp.backends.second_opinion`).

    Raises :class:`~sudoku_cp.tasks.solving.VerificationError` if the re-check disagrees.
    """

    finder = backend_for(backend, "core")
    try:
        core = minimal_core(board, finder, deadline)
    except Unsupported:  # no session for rules this big (SAT above 25x25): another kind finds it
        finder = second_opinion(finder)
        core = minimal_core(board, finder, deadline)
    if core is not None and check:
        problems = core_problems(board, core, second_opinion(finder), deadline)
        if problems:
            raise VerificationError("; ".join(problems))
    return core


def constraint_core(board: Board, backend, deadline: Deadline) -> list[str] | None:
    """The names of a minimal set of constraints that contradict each other on the empty grid."""
    from ..constraints import kind_of

    try:
        found = rules_core(board, backend_for(backend, "core"), deadline)
    except TimeLimitReached:
        return None
    return None if found is None else [kind_of(c.kind).label(c) for c in found]


def explain(board: Board, limit: int = DEFAULT_LIMIT, backend: str | Sequence[str | Backend] | Backend = "sat",
            time_limit: float | None = None, check: bool = True, steps: bool | int = False) -> Explanation:
    """Explain a puzzle: ``invalid`` + conflicts, ``unsat`` + core, ``multiple`` + two solutions, ``unique``.

    ``backend`` counts the solutions (``"all"`` cross-checks); the core comes from the chosen
    backend when it can give cores (sat, cpsat), else from the default SAT backend, and ``check``
    has another backend re-check it (sat <-> cpsat). ``steps`` (``explain --steps``; a number N:
    only the first N, as ``--next`` is 1) adds the verified steps from the givens to the solution
    of a unique puzzle (``Explanation.steps``; a note says why not for another). A time limit,
    shared by the count, the core and the steps, gives status ``unknown``.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> result = explain(parse_puzzle("1.3434.2.14343.1"), steps=True)
    >>> result.status.value, len(result.steps), result.steps.techniques()
    ('unique', 4, {'full house': 4})
    >>> len(explain(parse_puzzle("1.3434.2.14343.1"), steps=1).steps)  # the next step only
    1
    """

    if limit < 2:
        raise ValueError(f"limit {limit}: explain needs at least 2 to tell unique from multiple")
    start = time.perf_counter()
    deadline = Deadline(time_limit)  # the whole explanation's: the count, the core and its re-check
    backend = resolve(backend)  # a bad backend name is an error even for a board with duplicates
    scan = validate(board)
    if scan.status is Status.INVALID:
        return Explanation(Status.INVALID, board, conflicts=scan.conflicts,
                           time_s=time.perf_counter() - start)
    wanted = None if isinstance(steps, bool) else int(steps)  # (steps=N: only the first N)
    stepped = (_proved_by_steps(board, backend, wanted) if steps is not False and _steps_prove(board, backend, time_limit)
               else None)
    counted = cast(Result, stepped.counted) if stepped is not None else count(board, limit, backend, time_limit=deadline)
    out = Explanation(counted.status, board, solution=counted.solution, count=counted.count,
                      complete=counted.complete, backend=counted.backend, stats=counted.stats,
                      solutions=counted.solutions, backends=counted.backends)
    if counted.status is Status.UNSAT:
        try:
            out.core = checked_core(board, backend, deadline, check)
        except TimeLimitReached:
            out.status = Status.UNKNOWN
            out.notes.append("the time limit ended the search for a minimal core")
        else:
            if out.core is None:
                raise SolverFailure("the count says unsat but the core search found a solution")
            if board.rules.constraints:  # which constraints the contradiction needs, by name
                out.rules_core = constraint_core(Board.empty(board.shape, board.rules).with_givens(out.core),
                                                 backend, deadline)
    elif counted.status is Status.MULTIPLE:
        first, second = counted.solutions[:2]
        out.solutions = counted.solutions[:2]
        out.differences = differing_cells(first, second)
    if steps is not False and out.status is Status.UNIQUE:
        _add_steps(out, board, backend, deadline, wanted, counted, stepped)
    elif steps is not False and out.status is not Status.UNKNOWN:  # (a time limit says so itself)
        out.notes.append("steps need a puzzle with exactly one solution")
    out.time_s = time.perf_counter() - start
    return out


def _steps_prove(board: Board, backend: Sequence[Backend], time_limit: float | None) -> bool:
    """The steps' own proof of the one solution answers the count: a variant's steps prove it in a
    twin while they start (:func:`~sudoku_cp.tasks.steps.explain_steps`), so counting it here
    first would make that search twice, one after the other (on a published killer, `1.5 s` of
    `5.2 s`). Only for the checker's own backend, one alone (a cross-check, or another solver
    asked for by name, counts first), and with no time limit (then the steps count first)."""
    return (bool(board.rules.constraints) and time_limit is None and len(backend) == 1
            and backend[0].name == make(STEPS_CHECKER).name)


def _proved_by_steps(board: Board, backend: Sequence[Backend], first: int | None) -> Any:
    """The steps of a puzzle they prove unique (``first``: only that many; their ``counted`` is the
    proof), or None when it has no solution or more than one (the count then says which, and why)."""
    from .steps import NotOneSolution, explain_steps  # on use: the step finders load only for --steps

    try:
        return explain_steps(board, backend_for(backend, "propagate"), STEPS_CHECKER, limit=first, keep=True)
    except NotOneSolution:
        return None


def _add_steps(out: Explanation, board: Board, backend: Sequence[Backend], deadline: Deadline,
               first: int | None, counted: Result, stepped: Any = None) -> None:
    """The steps of a unique puzzle, in what is left of ``deadline`` (``first``: only that many),
    from the solution ``counted`` found and proved the only one (the steps do not count again);
    ``stepped``: those steps, made already (:func:`_proved_by_steps`).

    At the time limit the steps found so far are kept (status ``unknown``, a note says so) and the
    puzzle is not rated; a complete sequence is rated (``difficulty``) unless only the first were asked.
    """
    from .steps import explain_steps  # on use: the step finders load only for --steps

    try:
        if stepped is None and deadline.expired():
            raise TimeLimitReached("the time limit ended the work before the steps")
        out.steps = steps = stepped if stepped is not None else explain_steps(
            board, backend_for(backend, "propagate"), STEPS_CHECKER, time_limit=deadline.remaining(), limit=first,
            keep=True, counted=counted)
    except TimeLimitReached as exc:
        out.status = Status.UNKNOWN
        out.notes.append(f"steps: {exc}")
        return
    if not steps.complete:
        out.status = Status.UNKNOWN
        out.notes.append(f"steps: the time limit ended the steps after {len(steps)}; these are the "
                         f"steps found so far")
    elif first is None:
        out.difficulty = steps.difficulty()


__all__ = ["DEFAULT_LIMIT", "Explanation", "checked_core", "differing_cells", "explain", "given_names",
           "minimal_core"]
