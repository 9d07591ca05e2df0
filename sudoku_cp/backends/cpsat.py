"""The ``cpsat`` backend: OR-Tools CP-SAT on the AllDifferent model of ``cpmodel.py``.

Variants are posted as the model describes them: a cage's sum as one linear equality, a
knight/king pair as ``x_a != x_b``, a nonconsecutive pair as ``x_a - x_b`` in [-N, -2] u {0} u
[2, N] (one constraint per pair).

Counting enumerates with one worker (several workers may report a solution twice) and stops
the search once ``limit`` solutions are in.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.board import Board, Fact, Given, Rules
from ..core.packages import stopped_by_signals
from ..core.results import Outcome, SolverFailure, TimeLimitReached
from ..core.shape import cell_name
from ..model.cpmodel import CpModelSpec, build_model
from .base import NO_DEADLINE, Backend, BackendError, Deadline, Session, count_stoppably, import_solver


def post_model(spec: CpModelSpec, named: bool = False, deadline: Deadline = NO_DEADLINE):
    """Post a model description to a fresh ``cp_model.CpModel``; returns (model, cell variables).

    Blank cells' variables are named as people name the cells (``r1c1``, 1-based). ``named``
    (the export) also makes each given a named variable with a one-digit domain and names each
    constraint by its unit, cage or cells (``row 1``, ``box 9``, ``cage at r1c1``, ``r1c1 !=
    r2c3``), so the text reads without a key. Solving keeps givens as shared constants and
    constraints unnamed, as before names: ``bench/bench_cpsat_names.py`` measured the named
    form at 0.94 to 0.99 times the speed of that (noise of a shared 2-core machine included).
    ``deadline`` is looked at between the constraints (:class:`~sudoku_cp.backends.base.BuildStopped`).
    """
    cp_model = import_solver("ortools.sat.python.cp_model")

    model = cp_model.CpModel()
    names = spec.cell_names
    cells = [model.new_constant(lo) if lo == hi and not named else model.new_int_var(lo, hi, names[i])
             for i, (lo, hi) in enumerate(spec.domains)]

    def label(constraint, name: str) -> None:
        if named:
            constraint.with_name(name)

    build = deadline.build(len(spec.all_different) + len(spec.sums) + len(spec.different) + len(spec.linear)
                           + len(spec.tables) + len(spec.apart))
    for name, group in build.each(spec.all_different):
        label(model.add_all_different([cells[i] for i in group]), name)
    for name, group, total in build.each(spec.sums):
        label(model.add(sum(cells[i] for i in group) == total), f"{name} sum")
    for a, b in build.each(spec.different):
        label(model.add(cells[a] != cells[b]), f"{names[a]} != {names[b]}")
    every = cells + [model.new_int_var(lo, hi, name) for name, lo, hi in spec.aux]  # the kinds' own variables
    for name, terms, lo, hi in build.each(spec.linear):
        label(model.add_linear_constraint(sum(every[i] * k for i, k in terms), lo, hi), name)
    for name, group, allowed in build.each(spec.tables):
        label(model.add_allowed_assignments([every[i] for i in group], allowed), name)
    if spec.apart:
        n = spec.size
        not_one = cp_model.Domain.from_intervals([[-n, -2], [0, 0], [2, n]])
        for a, b in build.each(spec.apart):
            label(model.add_linear_expression_in_domain(cells[a] - cells[b], not_one),
                  f"{names[a]} - {names[b]} not +-1")
    return model, cells


def _solve_interruptibly(solver, model, callback):
    """``solver.solve`` where Ctrl-C (or SIGTERM) stops the search and then raises as usual.

    CP-SAT's own SIGINT handler would end the search as if a time limit had hit (the answer would
    read ``unknown``) and afterwards reset SIGINT to the default action. So it is switched off:
    Python keeps its handlers, :func:`~sudoku_cp.core.packages.stopped_by_signals` stops the
    search, and the handler raises (``KeyboardInterrupt``, the CLI's SIGTERM) as ``solve`` returns.
    """
    solver.parameters.catch_sigint_signal = False
    with stopped_by_signals(solver.stop_search):
        return solver.solve(model, callback)


def searched(solver) -> tuple[int, int, float]:
    """A solver's conflicts, branches and wall time; zeros when the deadline left it no time to run."""
    try:
        return int(solver.num_conflicts), int(solver.num_branches), float(solver.wall_time)
    except RuntimeError:  # "solve() has not been called": run_model found the time already up
        return 0, 0, 0.0


def run_model(model, deadline: Deadline | None = None, callback=None, workers: int = 1,
              enumerate_all: bool = False, budget: int | None = None):
    """Solve a posted model (Ctrl-C handled, deadline applied); returns ``(verdict, optimal, solver)``.

    The one place CP-SAT's statuses are read: ``verdict`` is True (a solution), False
    (infeasible) or None (the time limit came first); ``optimal`` is True when CP-SAT proved its
    answer (OPTIMAL), False when the search was cut short (FEASIBLE) or found nothing. A model
    CP-SAT rejects is a :class:`SolverFailure`.
    """
    cp_model = import_solver("ortools.sat.python.cp_model")

    solver = cp_model.CpSolver()
    solver.parameters.num_workers = workers
    solver.parameters.enumerate_all_solutions = enumerate_all
    if budget is not None:
        solver.parameters.max_number_of_conflicts = budget
    remaining = None if deadline is None else deadline.remaining()
    if remaining is not None:
        if remaining <= 0:
            return None, False, solver
        solver.parameters.max_time_in_seconds = remaining
    status = _solve_interruptibly(solver, model, callback)
    if status == cp_model.MODEL_INVALID:
        raise SolverFailure(f"CP-SAT rejected the model: {model.validate()}")
    if status == cp_model.INFEASIBLE:
        return False, True, solver
    if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return True, status == cp_model.OPTIMAL, solver
    return None, False, solver


class CpSatSession(Session):
    """CP-SAT on the rules' model, questions asked under assumed facts.

    A fact ``(r, c, d)`` becomes a Boolean reified to ``x[r, c] == d`` (made on first use), so it
    can be assumed, negated, returned in a core, and used in a guarded "differs" constraint.
    """

    capabilities = frozenset({"incremental", "core", "exclude", "hint"})

    def __init__(self, rules: Rules, name: str = "cpsat"):
        self.backend = name
        self.n = rules.size
        self.model, self.cells = post_model(build_model(Board.empty(rules.shape, rules)))
        self.bools: dict[tuple[int, int], Any] = {}  # OR-Tools' BoolVars (no stubs: Any)
        self.by_index: dict[int, Fact] = {}
        self.last: Any = None  # the CpSolver of the last question
        self.totals = {"conflicts": 0, "branches": 0}

    def _bool(self, fact: Fact):
        r, c, d = fact
        key = (r * self.n + c, abs(d))
        b = self.bools.get(key)
        if b is None:
            x = self.cells[key[0]]
            b = self.bools[key] = self.model.new_bool_var(f"{cell_name(r, c)}_is_{abs(d)}")
            self.model.add(x == abs(d)).only_enforce_if(b)
            self.model.add(x != abs(d)).only_enforce_if(b.Not())
        return b if d > 0 else b.Not()

    def solve(self, facts: Sequence[Fact], deadline: Deadline = NO_DEADLINE, budget: int | None = None,
              guards: Sequence = ()) -> bool | None:
        literals = [self._bool(f) for f in facts]
        self.by_index = {lit.index: f for lit, f in zip(literals, facts)}
        self.model.clear_assumptions()
        self.model.add_assumptions(literals + list(guards))
        verdict, _proved, self.last = run_model(self.model, deadline, workers=1, budget=budget)
        conflicts, branches, _ = searched(self.last)
        self.totals["conflicts"] += conflicts
        self.totals["branches"] += branches
        return verdict

    def counters(self) -> dict[str, int]:
        """CP-SAT's own counters (its names: conflicts, branches), summed over this session's questions."""
        return dict(self.totals)

    def solution(self, board: Board) -> Board:
        return board.with_cells(tuple(int(self.last.value(x)) for x in self.cells))

    def core(self) -> list[Fact]:
        return [self.by_index[i] for i in self.last.sufficient_assumptions_for_infeasibility()
                if i in self.by_index]

    def exclude(self, solution: Board, board: Board):
        n = self.n
        guard = self.model.new_bool_var(f"differs_{len(self.bools)}")
        self.model.add_bool_or([self._bool((i // n, i % n, -d)) for i, (d, g) in
                                enumerate(zip(solution.cells, board.cells)) if not g]).only_enforce_if(guard)
        return guard

    def retire(self, guard) -> None:
        self.model.add_bool_or([guard.Not()])

    def hint(self, facts: Sequence[Fact]) -> None:
        for fact in facts:
            lit = self._bool(fact)
            self.model.add_hint(lit, True)


class CpSatBackend(Backend):
    """OR-Tools CP-SAT with one integer variable per cell and AllDifferent per unit."""

    def __init__(self, option: str | None = None, workers: int = 1):
        if option not in (None, ""):
            raise BackendError(f"cpsat takes no option (got {option!r})")
        self.workers = workers
        self.name = "cpsat"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        deadline = Deadline(time_limit)  # CP-SAT's load of a large model ignores its time limit
        return count_stoppably(board, deadline, lambda: self._count(board, limit, deadline))

    def _count(self, board: Board, limit: int, deadline: Deadline) -> Outcome:
        cp_model = import_solver("ortools.sat.python.cp_model")

        model, cells = post_model(build_model(board), deadline=deadline)
        solutions: list[Board] = []

        base: Any = cp_model.CpSolverSolutionCallback  # a module found at run time: no static type

        class Collector(base):
            def on_solution_callback(self) -> None:  # under the board's rules, checked above us
                solutions.append(board.with_cells(tuple(int(self.value(x)) for x in cells)))
                if len(solutions) >= limit:
                    self.stop_search()

        workers = 1 if limit > 1 else self.workers
        if deadline.expired():
            return Outcome([], False, True, {})
        verdict, proved, solver = run_model(model, deadline, Collector(), workers,
                                            enumerate_all=limit > 1)
        conflicts, branches, wall_time = searched(solver)
        stats = {"conflicts": conflicts, "branches": branches, "wall_time": round(wall_time, 6)}
        if verdict is False:
            return Outcome([], True, False, stats)
        # Proved (OPTIMAL) with enumeration: the search finished, unless our callback stopped it;
        # cut short (FEASIBLE, UNKNOWN): our callback stopped it at the limit, or the time did.
        found = solutions[:limit]
        if proved:
            return Outcome(found, len(found) < limit, False, stats)
        return Outcome(found, False, len(found) < limit, stats)

    def session(self, rules: Rules, stats: bool = True, settle: bool = False) -> CpSatSession:
        """CP-SAT on the rules' model; ``settle`` does not apply (the session cannot propagate)."""
        return CpSatSession(rules, self.name)

    def export(self, board: Board) -> str:
        """The CP-SAT model of a puzzle in protobuf text form (``encode --format cpsat``)."""
        model, _cells = post_model(build_model(board), named=True)
        return str(model.proto)

    def maximize(self, board: Board, deadline: Deadline = NO_DEADLINE) -> tuple[list[Given], Board | None, bool]:
        """The fewest givens to drop, by CP-SAT maximising the givens kept; ``True`` when proved optimal."""
        session = CpSatSession(board.rules, self.name)
        givens = board.givens()
        switches = [session._bool(g) for g in givens]
        session.model.maximize(sum(switches))
        verdict, optimal, solver = run_model(session.model, deadline, workers=1)
        if verdict is None:
            raise TimeLimitReached("CP-SAT found no assignment within the time limit")
        if not verdict:
            return givens, None, True
        removed = [g for g, b in zip(givens, switches) if not solver.boolean_value(b)]
        solution = board.with_cells(tuple(int(solver.value(x)) for x in session.cells))
        return removed, solution, optimal
