"""The ``cpsat`` backend: OR-Tools CP-SAT on the AllDifferent model of ``cpmodel.py``.

Counting enumerates with one worker (several workers may report a solution twice) and stops
the search once ``limit`` solutions are in.
"""

from __future__ import annotations

from ..board import Board
from ..cpmodel import CpModelSpec, build_model
from ..results import Outcome, SolverFailure
from .base import Backend, Deadline


def post_model(spec: CpModelSpec):
    """Post a model description to a fresh ``cp_model.CpModel``; returns (model, cell variables)."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    cells = [
        model.new_constant(lo) if lo == hi else model.new_int_var(lo, hi, f"x{i // spec.size + 1}_{i % spec.size + 1}")
        for i, (lo, hi) in enumerate(spec.domains)
    ]
    for _name, group in spec.all_different:
        model.add_all_different([cells[i] for i in group])
    return model, cells


def _solve_interruptibly(solver, model, callback):
    """``solver.solve`` with Ctrl-C stopping the search (CP-SAT's handler), and Python's restored.

    CP-SAT catches SIGINT itself and, when done, resets it to the default action, which would
    make a later Ctrl-C kill the process without a word; Python's handler is put back here.
    """
    import signal

    previous = signal.getsignal(signal.SIGINT)
    try:
        return solver.solve(model, callback)
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


class CpSatBackend(Backend):
    """OR-Tools CP-SAT with one integer variable per cell and AllDifferent per unit."""

    def __init__(self, option: str | None = None, workers: int = 1):
        if option not in (None, ""):
            from . import BackendError

            raise BackendError(f"cpsat takes no option (got {option!r})")
        self.workers = workers
        self.name = "cpsat"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        from ortools.sat.python import cp_model

        deadline = Deadline(time_limit)
        model, cells = post_model(build_model(board))
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1 if limit > 1 else self.workers
        remaining = deadline.remaining()
        if remaining is not None:
            solver.parameters.max_time_in_seconds = max(remaining, 0.001)
        shape = board.shape
        solutions: list[Board] = []

        class Collector(cp_model.CpSolverSolutionCallback):
            def on_solution_callback(self) -> None:
                solutions.append(Board(shape, tuple(int(self.value(x)) for x in cells)))
                if len(solutions) >= limit:
                    self.stop_search()

        solver.parameters.enumerate_all_solutions = limit > 1
        status = _solve_interruptibly(solver, model, Collector())
        if status in (cp_model.UNKNOWN, cp_model.FEASIBLE) and len(solutions) < limit \
                and not deadline.expired():
            # CP-SAT's own Ctrl-C handler stopped the search early: not a time limit, so not 'unknown'
            raise KeyboardInterrupt
        stats = {"conflicts": int(solver.num_conflicts), "branches": int(solver.num_branches),
                 "wall_time": round(solver.wall_time, 6)}
        # The one place CP-SAT's statuses become ours.
        if status == cp_model.MODEL_INVALID:
            raise SolverFailure(f"CP-SAT rejected the model: {model.validate()}")
        if status == cp_model.INFEASIBLE:
            return Outcome([], True, False, stats)
        if status == cp_model.OPTIMAL:
            # OPTIMAL with enumeration means the search finished, unless our callback stopped it.
            complete = len(solutions) < limit
            return Outcome(solutions[:limit], complete, False, stats)
        if status == cp_model.FEASIBLE:
            timed_out = len(solutions) < limit
            return Outcome(solutions[:limit], False, timed_out, stats)
        return Outcome(solutions[:limit], False, True, stats)  # UNKNOWN: the time limit hit first
