"""The ``sat`` backend: PySAT solvers on the CNF encoding of ``cnf.py``.

A :class:`SatEngine` holds one loaded solver; it counts solutions of boards whose givens come in
as assumptions, blocking each solution found with a clause guarded by a fresh selector variable
that is retired afterwards, so one engine serves many puzzles (``batch``) and learnt clauses stay
valid. The one-shot path (:class:`SatBackend`) loads the simplified formula of one puzzle.
"""

from __future__ import annotations

import threading
import time

from ..core.board import Board
from ..core.results import Outcome, SolverFailure
from ..model.cnf import (
    DEFAULT_AMO,
    DEFAULT_ENCODING,
    Cnf,
    EncodingStopped,
    blocking_clause,
    decode,
    encode_rules,
    encode_simplified,
    given_literals,
)
from .base import Backend, Deadline

DEFAULT_SOLVER = "cadical195"
SLICE_CONFLICTS = 500  # first slice of a solver that cannot be interrupted; slices double
MAX_SLICE_CONFLICTS = 50_000


def solver_names() -> list[str]:
    """The SAT solvers PySAT ships (``sat:NAME``)."""
    from pysat.solvers import SolverNames

    return sorted(k for k in vars(SolverNames) if not k.startswith("_"))


def new_solver(name: str, clauses):
    """A PySAT solver loaded with ``clauses``; an unknown name is a clear error."""
    from pysat.solvers import Solver

    names = solver_names()
    if name not in names:
        from . import BackendError

        raise BackendError(f"SAT solver {name!r} is not available: expected one of {', '.join(names)}")
    return Solver(name=name, bootstrap_with=clauses)


def maxsat(hard: list[list[int]], soft: list[list[int]]) -> list[int] | None:
    """An optimal model of ``hard`` satisfying as many ``soft`` clauses as possible (PySAT's RC2).

    None when the hard clauses alone are unsatisfiable.

    >>> sorted(maxsat([[1, 2], [-1, -2]], [[1], [2], [1]]))
    [-2, 1]
    """
    from pysat.examples.rc2 import RC2
    from pysat.formula import WCNF

    wcnf = WCNF()
    wcnf.extend(hard)
    for clause in soft:
        wcnf.append(clause, weight=1)
    with RC2(wcnf) as rc2:
        return rc2.compute()


class SatEngine:
    """One SAT solver loaded with a formula, answering many count queries under assumptions."""

    def __init__(self, cnf: Cnf, solver: str = DEFAULT_SOLVER):
        self.cnf = cnf
        self.solver_name = solver
        self.top = cnf.nvars
        self.solver = new_solver(solver, cnf.clauses)
        self._interruptible: bool | None = None
        for lits, bound in cnf.atmosts:  # --amo native: the solver's own cardinality constraints
            try:
                self.solver.add_atmost(lits, bound)
            except NotImplementedError:
                self.solver.delete()
                from . import BackendError

                raise BackendError(f"SAT solver {solver!r} has no native cardinality constraints: "
                                   f"choose sat:minicard or sat:gluecard4 for --amo native") from None

    def close(self) -> None:
        self.solver.delete()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def solve(self, assumptions: list[int], deadline: Deadline,
              budget: int | None = None) -> bool | None:
        """Solve under assumptions; None when the deadline or the conflict ``budget`` ran out.

        Solvers that can be interrupted (MiniSat, Glucose, ...) are stopped by a timer at the
        deadline; CaDiCaL cannot be interrupted through PySAT, so it runs in growing slices of
        conflicts with a look at the clock between two slices.
        """
        remaining = deadline.remaining()
        if remaining is None and budget is None:
            return self.solver.solve(assumptions=assumptions)
        if remaining is not None and remaining <= 0:
            return None
        try:
            if remaining is not None and not self.interruptible:
                return self._solve_in_slices(assumptions, deadline, budget)
            timer = None if remaining is None else threading.Timer(remaining, self.solver.interrupt)
            if timer is not None:
                timer.start()
            try:
                if budget is not None:
                    self.solver.conf_budget(budget)
                result = self.solver.solve_limited(assumptions=assumptions,
                                                   expect_interrupt=timer is not None)
            finally:
                if timer is not None:
                    timer.cancel()
                    self.solver.clear_interrupt()
        except NotImplementedError:
            from . import BackendError

            raise BackendError(f"SAT solver {self.solver_name!r} supports neither interrupts nor "
                               f"budgets, so it cannot honour a time limit: choose another "
                               f"(e.g. cadical195)") from None
        return result

    def _solve_in_slices(self, assumptions: list[int], deadline: Deadline,
                         budget: int | None) -> bool | None:
        slice_, spent = SLICE_CONFLICTS, 0
        while True:
            step = slice_ if budget is None else min(slice_, budget - spent)
            self.solver.conf_budget(step)
            result = self.solver.solve_limited(assumptions=assumptions)
            spent += step
            if result is not None or deadline.expired() or (budget is not None and spent >= budget):
                return result
            slice_ = min(2 * slice_, MAX_SLICE_CONFLICTS)

    @property
    def interruptible(self) -> bool:
        """Whether PySAT can interrupt this solver from another thread (CaDiCaL: no)."""
        if self._interruptible is None:
            try:
                self.solver.interrupt()
                self.solver.clear_interrupt()
                self._interruptible = True
            except NotImplementedError:
                self._interruptible = False
        return self._interruptible


    def count(self, board: Board, limit: int, deadline: Deadline,
              assumptions: list[int] | None = None) -> Outcome:
        """Up to ``limit`` solutions of ``board``; ``assumptions`` default to its givens."""
        assumptions = list(given_literals(board) if assumptions is None else assumptions)
        solutions: list[Board] = []
        before = dict(self.solver.accum_stats() or {})
        selector = None
        complete = timed_out = False
        while len(solutions) < limit:
            result = self.solve(assumptions, deadline)
            if result is None:
                timed_out = True
                break
            if not result:
                complete = True
                break
            solution = decode(self.solver.get_model(), board)
            solutions.append(solution)
            block = blocking_clause(solution, board)
            if not block:  # a full board has nothing left to vary
                complete = True
                break
            if len(solutions) >= limit:
                break
            if selector is None:
                self.top += 1
                selector = self.top
                assumptions.append(selector)
            self.solver.add_clause([-selector] + block)
        if selector is not None:
            self.solver.add_clause([-selector])  # retire the blocking clauses for later queries
        after = self.solver.accum_stats() or {}
        stats = {k: after[k] - before.get(k, 0) for k in ("conflicts", "decisions", "propagations")
                 if k in after}
        return Outcome(solutions, complete, timed_out, stats)


class SatBackend(Backend):
    """PySAT on the CNF encoding; givens simplify the formula before it is loaded."""

    def __init__(self, solver: str | None = None, encoding: str = DEFAULT_ENCODING,
                 amo: str = DEFAULT_AMO, simplify: bool = True):
        self.solver = solver or DEFAULT_SOLVER
        self.encoding = encoding
        self.amo = amo
        self.simplify = simplify
        self.name = f"sat:{self.solver}"

    def formula(self, board: Board, deadline: Deadline | None = None) -> tuple[Cnf, list[int]]:
        """The formula loaded for ``board`` and the assumptions that go with it.

        With a ``deadline``, building the simplified formula stops (:class:`EncodingStopped`)
        once it has passed.
        """
        if self.simplify:
            stop = deadline.expired if deadline is not None and deadline.end is not None else None
            return encode_simplified(board, self.encoding, self.amo, stop=stop), []
        return encode_rules(board.shape, self.encoding, self.amo), given_literals(board)

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        deadline = Deadline(time_limit)
        start = time.perf_counter()
        try:
            cnf, assumptions = self.formula(board, deadline)
        except EncodingStopped:
            return Outcome([], False, True, {"encode_s": round(time.perf_counter() - start, 6)})
        encode_s = time.perf_counter() - start
        if deadline.expired():
            return Outcome([], False, True, {"encode_s": round(encode_s, 6)})
        with SatEngine(cnf, self.solver) as engine:
            outcome = engine.count(board, limit, deadline, assumptions)
        outcome.stats["variables"] = cnf.nvars
        outcome.stats["clauses"] = cnf.num_clauses
        outcome.stats["encode_s"] = round(encode_s, 6)
        return outcome


__all__ = ["SatBackend", "SatEngine", "SolverFailure", "solver_names"]
