"""The solver seam: what every backend provides, what some can do besides, and the deadline they share.

A backend must **count** (up to ``limit`` solutions of a board within a time limit). Anything more
is an optional *capability*, declared in :attr:`Backend.capabilities` and in the registry:

================ =============================================================================
capability       what it gives
================ =============================================================================
``incremental``  :meth:`Backend.session`: one solver loaded with a puzzle's rules, asked many
                 questions under assumptions (facts), each with a deadline or a conflict budget
``core``         :meth:`Session.core`: after "no", a subset of the assumptions that cannot hold
``propagate``    :meth:`Session.propagate`: what propagation alone derives from some facts
``exclude``      :meth:`Session.exclude` / :meth:`Session.retire`: add "differ from this
                 solution" as a guarded constraint, and retire it
``hint``         :meth:`Session.hint`: preferred values for the search (phases)
``optimize``     :meth:`Backend.maximize`: the most facts that can hold together
``export``       :meth:`Backend.export`: its model of a puzzle as text
``proof``        :meth:`Backend.refute`: the exact formula of "no solution" (or "no other
                 solution") and a DRAT proof of it, for an independent checker
================ =============================================================================

Asking a backend for what it cannot do raises :class:`Unsupported`, which says so by name. Facts
are ``(row, col, digit)`` (the cell holds the digit) or ``(row, col, -digit)`` (it does not).

>>> Deadline(None).remaining() is None, Deadline(5).expired()
(True, False)

A backend whose model takes long to build (SCIP, Z3, Choco: one call per constraint) posts its
parts through :meth:`Deadline.each`, which looks at the deadline between them: the encoders stay
pure, and a build the limit overtakes stops with :class:`BuildStopped` ("time limit reached while
building the model (N of M constraints added)"), an ``unknown`` answer (``tasks/solving.py``).
A solver call that blocks past its own time limit runs where it can be stopped
(:func:`run_until`).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass


from ..core.board import Board, Fact, Rules
from ..core.packages import MissingPackage, import_package
from ..core.results import Outcome, SolverFailure, TimeLimitReached

TYPE_CHECKING = False  # typing is imported by type checkers only: it costs every start ~2 ms
if TYPE_CHECKING:
    from typing import Any, TypeVar

    T = TypeVar("T")

MAX_SECONDS = 1_000_000  # longer limits overflow the solvers' timers

CAPABILITIES = {
    "incremental": "solve under assumptions with a deadline or budget",
    "core": "give a subset of the assumptions that cannot all hold",
    "propagate": "say what propagation alone derives",
    "exclude": "add and retire a guarded 'differs from this solution' constraint",
    "hint": "take preferred values for its search",
    "optimize": "find the most facts that can hold together",
    "export": "write its model of a puzzle as text",
    "proof": "give a checkable proof of 'no solution'",
}


import_solver = import_package  # a solver package, Ctrl-C held back; missing or broken: MissingPackage

EXTRA = "paradigms"  # the optional extra that installs the solvers of the paradigm backends


def import_extra(module: str, package: str) -> Any:
    """A solver package of an optional extra, as :func:`import_solver`; missing, the one-line error
    names the package and the extra (``pip install 'sudoku-cp[paradigms]'``)."""
    try:
        return import_solver(module)
    except MissingPackage as exc:
        text = str(exc).replace(f"the package {exc.package} ", f"the package {package} ", 1).replace(
            f"pip install {exc.package}", f"pip install {package}, or every paradigm's solver with: "
                                          f"pip install 'sudoku-cp[{EXTRA}]'")
        exc.package, exc.msg, exc.args = package, text, (text,)
        raise


def enumerate_solutions(board: Board, limit: int, deadline: Deadline, search: Callable[[float | None], bool | None],
                        solution: Callable[[], Board], exclude: Callable[[Board], None] | None = None,
                        ) -> tuple[list[Board], bool, bool]:
    """Up to ``limit`` solutions from a solver that finds one per call: ``(solutions, complete, timed out)``.

    ``search(seconds left, or None)`` looks for the next one: True (found; ``solution()`` reads
    it), False (none left), None (the time limit, or an interruption, stopped it).
    ``exclude(solution)`` adds "some blank differs from it" before the next search; None when the
    solver enumerates distinct solutions by itself.
    """
    solutions: list[Board] = []
    while len(solutions) < limit:
        remaining = deadline.remaining()
        found = None if remaining is not None and remaining <= 0 else search(remaining)
        if found is None:
            return solutions, False, True
        if not found:
            return solutions, True, False
        solutions.append(solution())
        if board.blanks == 0:  # a full board has nothing left to vary
            return solutions, True, False
        if exclude is not None and len(solutions) < limit:
            exclude(solutions[-1])
    return solutions, False, False


def refuse_unmodelled(backend: str, rules: Rules, kinds: frozenset[str]) -> None:
    """Raise :class:`Unsupported` naming the first constraint of ``rules`` whose kind the backend
    does not model (``kinds``: the kinds it does). Units (rows, columns, boxes, regions,
    diagonals, windows) are modelled by every backend."""
    for constraint in rules.constraints:
        if constraint.kind not in kinds:
            modelled = ", ".join(sorted(kinds)) or "none"
            raise Unsupported(backend, f"model the constraint {constraint.kind!r} (constraint kinds it models: "
                                       f"{modelled})")


class BackendError(ValueError):
    """An unknown backend name or option."""


class Unsupported(BackendError):
    """A backend was asked for something it cannot do: ``backend X cannot do Y``."""

    def __init__(self, backend: str, what: str):
        text = CAPABILITIES.get(what, what)
        super().__init__(f"backend {backend} cannot {text}" + (f" ({what})" if what in CAPABILITIES else ""))
        self.backend, self.what = backend, what


class BuildStopped(TimeLimitReached):
    """The time limit passed while a backend was building its model: ``added`` of ``total`` parts in."""

    def __init__(self, added: int, total: int):
        super().__init__(f"time limit reached while building the model ({added:,} of {total:,} "
                         f"constraints added)")
        self.added, self.total = added, total

    def __reduce__(self):  # rebuilt from its numbers (a worker process sends it back)
        return BuildStopped, (self.added, self.total)


class Deadline:
    """A point in time after which work stops; ``None`` seconds means never."""

    def __init__(self, seconds: float | None):
        if seconds is not None and not 0 <= seconds <= MAX_SECONDS:
            raise ValueError(f"time limit {seconds}: expected a number of seconds from 0 to {MAX_SECONDS:,}")
        self.seconds = seconds
        self.end = None if seconds is None else time.monotonic() + seconds

    def remaining(self) -> float | None:
        return None if self.end is None else max(0.0, self.end - time.monotonic())

    def expired(self) -> bool:
        return self.end is not None and time.monotonic() >= self.end

    def each(self, parts: Sequence[T], added: int = 0, total: int | None = None) -> Iterator[T]:
        """The parts a backend adds to its model, one at a time, the deadline looked at before
        each: once it has passed, :class:`BuildStopped` says how many of ``total`` (default:
        ``added`` before these, plus these) went in.

        >>> list(Deadline(60).each("abc")), list(NO_DEADLINE.each([1, 2]))
        (['a', 'b', 'c'], [1, 2])
        >>> list(Deadline(0).each([1, 2, 3], added=4))
        Traceback (most recent call last):
        ...
        sudoku_cp.backends.base.BuildStopped: time limit reached while building the model (4 of 7 constraints added)
        """
        total = added + len(parts) if total is None else total
        if self.end is None:
            yield from parts
            return
        for part in parts:
            if time.monotonic() >= self.end:
                raise BuildStopped(added, total)
            yield part
            added += 1


    def build(self, total: int) -> "Build":
        """A model of ``total`` constraints to be added against this deadline (:class:`Build`)."""
        return Build(self, total)


class Build:
    """A model being built against a deadline: ``total`` constraints, ``added`` so far.

    >>> build = Deadline(60).build(5)
    >>> [list(build.each(part)) for part in ("ab", "cde")], build.added
    ([['a', 'b'], ['c', 'd', 'e']], 5)
    """

    def __init__(self, deadline: Deadline, total: int):
        self.deadline, self.total, self.added = deadline, total, 0

    def each(self, parts: Sequence[T]) -> Iterator[T]:
        """The next kind of parts, one at a time (:meth:`Deadline.each`), counted as they go in."""
        for part in self.deadline.each(parts, self.added, self.total):
            yield part
            self.added += 1

    def check(self) -> None:
        """:class:`BuildStopped` if the deadline has passed (between parts that are not constraints:
        variables, say)."""
        if self.deadline.expired():
            raise BuildStopped(self.added, self.total)


NO_DEADLINE = Deadline(None)


@dataclass(frozen=True)
class Refutation:
    """A claim of unsatisfiability as a checker reads it: the exact formula and the proof, as text.

    ``cnf`` is DIMACS (what ``--proof`` writes, byte for byte), ``proof`` the solver's DRAT lines
    (``"1 -2 0"``, ``"d 3 4 0"``), ``lemmas`` how many of them add a clause, ``solver`` who wrote it.
    """

    cnf: str
    proof: str
    lemmas: int
    solver: str


def run_until(deadline: Deadline | None, work: Callable[[], T], grace: float = 0.0) -> T:
    """``work()``, stopped at ``deadline`` even if it cannot be interrupted (RC2, say).

    Without an end to the deadline, ``work`` runs here. With one, it runs in a forked child
    process that is killed when the deadline passes (:class:`TimeLimitReached`), so neither
    its time nor its memory outlives the limit; the child also dies with this process. What
    ``work`` returns comes back through a pipe as JSON (a model: numbers, lists, None); what it
    raises comes back as :class:`MemoryError` or :class:`SolverFailure` naming it
    (:class:`BuildStopped` as itself). ``grace``: seconds past the deadline the child may take to
    say it stopped (a build that looks at the same deadline) before it is killed.

    >>> run_until(Deadline(60), lambda: sum(range(10)))
    45
    """
    if deadline is None or deadline.end is None:
        return work()
    if deadline.expired():
        raise TimeLimitReached("the time limit ended the work")
    import multiprocessing

    context = multiprocessing.get_context("fork")  # the work is a closure: not picklable
    receive, send = context.Pipe(duplex=False)

    def child() -> None:
        _die_with_parent()
        try:
            answer = ["ok", work()]
        except BuildStopped as exc:  # the worker built its model under the deadline too
            answer = ["stopped", exc.added, exc.total]
        except BaseException as exc:  # noqa: BLE001 - every failure goes back to the parent
            answer = ["error", type(exc).__name__, str(exc)]
        send.send_bytes(json.dumps(answer).encode())

    process = context.Process(target=child, daemon=True)
    process.start()
    send.close()
    try:
        if not receive.poll((deadline.remaining() or 0.0) + grace):
            raise TimeLimitReached("the time limit ended the work")
        answer = json.loads(receive.recv_bytes())
    except EOFError:  # the child died without an answer (killed, out of memory)
        raise MemoryError("the worker process died without an answer (out of memory?)") from None
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()
    if answer[0] == "ok":
        return answer[1]
    if answer[0] == "stopped":
        raise BuildStopped(answer[1], answer[2])
    if answer[1] == "MemoryError":
        raise MemoryError(answer[2])
    raise SolverFailure(f"the worker process failed: {answer[1]}: {answer[2]}")


STOPPABLE_FROM = 25  # grids from this size up: a time-limited count runs where it can be stopped
GRACE = 0.2  # seconds a worker has, past the deadline, to say its build stopped


def count_stoppably(board: Board, deadline: Deadline, count: Callable[[], Outcome]) -> Outcome:
    """``count()`` (an outcome of ``board``), bounded by ``deadline`` even where the solver blocks.

    Some solvers load a large model in one call that ignores their own time limit (CP-SAT
    expanding an empty 64x64's AllDifferents, HiGHS's presolve, Z3's preprocessing: seconds
    past it). From :data:`STOPPABLE_FROM` up, with a deadline, the count runs in a worker process
    killed at the deadline (:func:`run_until`; an answer then is ``unknown``), so neither the
    time nor the memory of the load outlives the limit. A build that looks at ``deadline``
    (:meth:`Deadline.each`) still says how far it got (:class:`BuildStopped`). Smaller grids
    load fast: they run here.
    """
    if deadline.end is None or board.size < STOPPABLE_FROM:
        return count()

    def work() -> list:
        outcome = count()
        return [[list(s.cells) for s in outcome.solutions], outcome.complete, outcome.timed_out, outcome.stats]

    try:
        cells, complete, timed_out, stats = run_until(deadline, work, GRACE)
    except BuildStopped:
        raise
    except TimeLimitReached:
        return Outcome([], False, True, {})
    return Outcome([board.with_cells(tuple(c)) for c in cells], complete, timed_out, stats)


def _die_with_parent() -> None:
    """Ask Linux to kill this (child) process when its parent dies; elsewhere, nothing."""
    try:
        import ctypes
        import signal

        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _stopped_build_is_unknown(count: Callable[..., Outcome]) -> Callable[..., Outcome]:
    """``count``, a :class:`BuildStopped` in it reported as a count cut short by the time limit."""
    import functools

    @functools.wraps(count)
    def bounded(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        try:
            return count(self, board, limit, time_limit)
        except BuildStopped as stopped:
            return Outcome([], complete=False, timed_out=True, stats={"stopped": str(stopped)})

    return bounded


class Backend:
    """A solving backend. Required: :meth:`count`. Optional: the capabilities it declares.

    Backends report raw :class:`Outcome` objects; statuses, verification and cross-checking live
    above them (``tasks/solving.py``). A :meth:`count` whose build the time limit overtook
    (:class:`BuildStopped`) reports, here and only here, a count cut short by the limit with the
    reason in ``stats["stopped"]``: every subclass's ``count`` is wrapped so (which makes it
    ``unknown`` above).
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if "count" in cls.__dict__:
            setattr(cls, "count", _stopped_build_is_unknown(cls.__dict__["count"]))

    name: str = "?"
    capabilities: frozenset[str] = frozenset()
    # True when a stream of puzzles (batch, bench) is answered faster through one session per set
    # of rules than by one count() each: SAT loads the rules once and keeps what it learns. CP-SAT
    # has sessions too, but its one-shot count (givens presolved away) is ten times faster.
    reuse_sessions: bool = False

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        raise NotImplementedError

    def solve(self, board: Board, time_limit: float | None = None) -> Outcome:
        return self.count(board, 1, time_limit)

    def can(self, capability: str) -> bool:
        return capability in self.capabilities

    def require(self, capability: str) -> None:
        """Raise :class:`Unsupported` unless this backend has ``capability``."""
        if not self.can(capability):
            raise Unsupported(self.name, capability)

    def session(self, rules: Rules, stats: bool = True, settle: bool = False) -> "Session":
        """A solver loaded with ``rules`` (no givens) for many questions (``incremental``).

        ``stats``: keep the solver's counters per question (:meth:`Session.counters`); ``settle``:
        let :meth:`Session.count` try propagation alone before searching, where the session can.
        """
        raise Unsupported(self.name, "incremental")

    def parts_session(self, rules: Rules) -> "Session":
        """One session for questions over parts of ``rules``: each unit and constraint behind a
        guard of its own, :meth:`Session.solve` with ``guards=session.guards(ks)`` holds exactly
        the units and constraints numbered ``ks`` (units first, then constraints)."""
        raise Unsupported(self.name, "hold parts of the rules behind guards")

    def maximize(self, board: Board, deadline: Deadline = NO_DEADLINE) -> tuple[list, Board | None, bool]:
        """The most givens of ``board`` that hold together (``optimize``).

        Returns ``(givens to drop, a solution of the rest, proved optimal)``; the solution is None
        when even the empty grid has none.
        """
        raise Unsupported(self.name, "optimize")

    def refute(self, board: Board, solution: Board | None = None) -> Refutation:
        """A proof that ``board`` has no solution, or with ``solution`` no other one (``proof``).

        The formula has the givens as unit clauses (assumptions leave no trace in a proof) and,
        with ``solution``, the clause "some blank differs from it". A formula the solver finds
        satisfiable is a :class:`~sudoku_cp.core.results.SolverFailure`: the claim was wrong.
        """
        raise Unsupported(self.name, "proof")

    def export(self, board: Board) -> str:
        """This backend's model of ``board`` as text (``export``)."""
        raise Unsupported(self.name, "export")


class Session:
    """One solver loaded with a puzzle's rules, answering many questions under assumed facts.

    Subclasses implement :meth:`solve` and :meth:`solution` (the ``incremental`` capability) and
    whichever of the others their backend declares. :meth:`count` is written here once over
    :meth:`solve`, :meth:`exclude` and :meth:`retire`; a backend may offer a faster one.
    """

    backend: str = "?"
    capabilities: frozenset[str] = frozenset()

    def close(self) -> None:
        pass

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def solve(self, facts: Sequence[Fact], deadline: Deadline = NO_DEADLINE, budget: int | None = None,
              guards: Sequence[Any] = ()) -> bool | None:
        """True (a solution), False (none) or None (the deadline or the budget ran out).

        ``guards`` are handles from :meth:`exclude` (or :meth:`guards`) whose constraints apply to
        this question.
        """
        raise NotImplementedError

    def guards(self, parts: Sequence[int]) -> list[Any]:
        """In a session of :meth:`Backend.parts_session`, the handles that switch on the parts
        numbered ``parts``."""
        raise Unsupported(self.backend, "hold parts of the rules behind guards")

    def solution(self, board: Board) -> Board:
        """The grid of the last solution found, under ``board``'s rules."""
        raise NotImplementedError

    def core(self) -> list[Fact]:
        """After a False answer: assumed facts that cannot all hold (not always minimal)."""
        raise Unsupported(self.backend, "core")

    def core_parts(self) -> list[int] | None:
        """After a False answer in a session of :meth:`Backend.parts_session`: the parts whose
        guards the solver's core holds (switched on, they alone refute the facts); None when the
        backend does not say."""
        return None

    def propagate(self, facts: Sequence[Fact]) -> tuple[bool, list[Fact]]:
        """``(no contradiction, every fact propagation derives)``, the assumed ones included."""
        raise Unsupported(self.backend, "propagate")

    def contradicts(self, facts: Sequence[Fact]) -> bool:
        """Propagation alone turns ``facts`` into a contradiction (:meth:`propagate`'s first answer,
        without the facts it derives)."""
        return not self.propagate(facts)[0]

    def exclude(self, solution: Board, board: Board) -> Any:
        """Add "some blank of ``board`` differs from ``solution``", active when its guard is passed."""
        raise Unsupported(self.backend, "exclude")

    def retire(self, guard: Any) -> None:
        """Retire a constraint added by :meth:`exclude`: later questions never see it."""
        raise Unsupported(self.backend, "exclude")

    def hint(self, facts: Sequence[Fact]) -> None:
        """Prefer these facts when searching (phases)."""
        raise Unsupported(self.backend, "hint")

    def counters(self) -> dict[str, int]:
        """The solver's own counters so far (conflicts, decisions, ...), where it keeps them."""
        return {}

    def count(self, board: Board, limit: int, deadline: Deadline = NO_DEADLINE) -> Outcome:
        """Up to ``limit`` solutions of ``board``, its givens assumed, each found one excluded."""
        facts = board.givens()
        before = self.counters()
        solutions: list[Board] = []
        guards: list[Any] = []
        complete = timed_out = False
        try:
            while len(solutions) < limit:
                found = self.solve(facts, deadline, guards=guards)
                if found is None:
                    timed_out = True
                    break
                if not found:
                    complete = True
                    break
                solutions.append(self.solution(board))
                if board.blanks == 0:  # a full board has nothing left to vary
                    complete = True
                    break
                if len(solutions) < limit:
                    guards.append(self.exclude(solutions[-1], board))
        finally:
            for guard in guards:
                self.retire(guard)
        after = self.counters()
        return Outcome(solutions, complete, timed_out, {k: v - before.get(k, 0) for k, v in after.items()})


__all__ = ["import_solver", "Backend", "BackendError", "Build", "BuildStopped", "CAPABILITIES", "Deadline", "NO_DEADLINE", "Refutation", "Session",
           "Unsupported", "EXTRA", "count_stoppably", "enumerate_solutions", "import_extra", "refuse_unmodelled"]
