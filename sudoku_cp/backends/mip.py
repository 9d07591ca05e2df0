"""The ``mip`` backend: Sudoku as the classic integer program, solved by HiGHS (or SCIP).

One binary column x(i, d) per cell i (row-major) and digit d, numbered ``i * N + d - 1`` (the
CNF's variables minus one); every rule is linear rows over them:

- each cell holds one digit: ``sum_d x(i, d) = 1``;
- each unit (row, column, box, region, diagonal, window) holds each digit once:
  ``sum_{i in unit} x(i, d) = 1``;
- a killer cage holds each digit at most once, and with a sum ``sum_{i, d} d x(i, d) = sum``;
- anti-knight / anti-king: a related pair never holds the same digit, ``x(a, d) + x(b, d) <= 1``;
- nonconsecutive: ``x(a, d) + x(b, d - 1) + x(b, d + 1) <= 1`` for each neighbouring pair.

A given fixes its column's lower bound to 1. There is no objective: any feasible point will do.
``mip`` (option ``highs``) and ``mip:scip`` solve the integer program and count by adding, after
each solution, the no-good row "the blanks hold at most blanks - 1 of this solution's digits";
``mip:lp`` solves only the LP relaxation (HiGHS, columns continuous) and reports a solution only
when the vertex it returns is integral (stats ``integral``); otherwise the answer is ``unknown``.

>>> rows = linear_rows(Board.empty(Shape(2, 2)))
>>> len(rows), rows[0]
(64, ((0, 1, 2, 3), (1, 1, 1, 1), 1, 1))
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache

from ..constraints import relation_pairs
from ..core.board import Board, Rules
from ..core.packages import stopped_by_signals
from ..core.results import Outcome, SolverFailure
from ..core.shape import Shape  # noqa: F401 - the doctest's
from ..core.variants import GAPS
from .base import (Backend, BackendError, Deadline, count_stoppably, enumerate_solutions, import_extra,
                   refuse_unmodelled)

Row = tuple[tuple[int, ...], tuple[int, ...], float, float]  # (columns, coefficients, lower, upper)
INF = float("inf")
SOLVERS = ("highs", "scip", "lp")


def column(n: int, i: int, d: int) -> int:
    """The column of "cell i (row-major) holds digit d" in an N x N grid."""
    return i * n + d - 1


def uncolumn(n: int, j: int) -> tuple[int, int]:
    """The cell and digit of column ``j``: the inverse of :func:`column`."""
    return j // n, j % n + 1


# -- the rules as rows, one small function per kind ---------------------------------------------

def cell_rows(rules: Rules) -> list[Row]:
    n = rules.size
    return [(tuple(column(n, i, d) for d in range(1, n + 1)), (1,) * n, 1, 1) for i in range(n * n)]


def unit_rows(rules: Rules) -> list[Row]:
    n = rules.size
    return [(tuple(column(n, r * n + c, d) for r, c in unit.cells), (1,) * n, 1, 1)
            for unit in rules.units for d in range(1, n + 1)]


def killer_rows(rules: Rules, cells: tuple[tuple[int, int], ...], total: int | None) -> list[Row]:
    n = rules.size
    idx = [r * n + c for r, c in cells]
    rows: list[Row] = [(tuple(column(n, i, d) for i in idx), (1,) * len(idx), 0, 1) for d in range(1, n + 1)]
    if total is not None:
        rows.append((tuple(column(n, i, d) for i in idx for d in range(1, n + 1)),
                     tuple(d for _ in idx for d in range(1, n + 1)), total, total))
    return rows


def relation_rows(rules: Rules, kind: str) -> list[Row]:
    """A digit d in one cell of a related pair forbids d + g (g in the kind's gaps) in the other."""
    n = rules.size
    rows: list[Row] = []
    for a, b in relation_pairs(rules, kind):
        for first, second in ((a, b), (b, a)) if kind == "nonconsecutive" else ((a, b),):
            for d in range(1, n + 1):
                cols = (column(n, first, d),) + tuple(column(n, second, d + g) for g in GAPS[kind]
                                                      if 1 <= d + g <= n)
                rows.append((cols, (1,) * len(cols), 0, 1))
    return rows


KINDS: dict[str, Callable[[Rules, object], list[Row]]] = {
    "killer": lambda rules, c: killer_rows(rules, c.cells, c.value),  # type: ignore[attr-defined]
    "antiknight": lambda rules, c: relation_rows(rules, "antiknight"),
    "antiking": lambda rules, c: relation_rows(rules, "antiking"),
    "nonconsecutive": lambda rules, c: relation_rows(rules, "nonconsecutive"),
}


@lru_cache(maxsize=16)
def rules_rows(rules: Rules) -> tuple[Row, ...]:
    """Every row of the rules (no givens): cells, units, then each constraint's rows."""
    rows = cell_rows(rules) + unit_rows(rules)
    for constraint in rules.constraints:
        rows += KINDS[constraint.kind](rules, constraint)
    return tuple(rows)


def linear_rows(board: Board) -> tuple[Row, ...]:
    """The rows of ``board``'s rules (its givens are column bounds, see :func:`bounds`)."""
    return rules_rows(board.rules)


def bounds(board: Board) -> list[float]:
    """The lower bound of each column: 1 where a given fixes it, else 0 (upper bounds are all 1)."""
    n = board.size
    lower = [0.0] * (n * n * n)
    for i, d in enumerate(board.cells):
        if d:
            lower[column(n, i, d)] = 1.0
    return lower


def no_good(board: Board, solution: Board) -> Row:
    """"The blanks do not all hold this solution's digits again"."""
    n = board.size
    cols = tuple(column(n, i, d) for i, (d, g) in enumerate(zip(solution.cells, board.cells)) if not g)
    return cols, (1,) * len(cols), -INF, len(cols) - 1


def read_solution(board: Board, values) -> Board:
    """The grid of a 0/1 column vector (a column above one half is taken as 1)."""
    n = board.size
    cells = [0] * (n * n)
    for j, v in enumerate(values):
        if v > 0.5:
            i, d = uncolumn(n, j)
            cells[i] = d
    return board.with_cells(tuple(cells))


def integral(values, tolerance: float = 1e-6) -> bool:
    return all(min(v, 1 - v) <= tolerance for v in values)


# -- HiGHS -------------------------------------------------------------------------------------

_banner_shown = False


def new_highs():
    """A silent ``highspy.Highs``. HiGHS prints its banner on standard output when the first one
    of a process is made, which would spoil ``--json``: that first one is made with file
    descriptor 1 pointing at /dev/null."""
    global _banner_shown
    highspy = import_extra("highspy", "highspy")
    if _banner_shown:
        highs = highspy.Highs()
    else:
        import sys

        sys.stdout.flush()
        try:
            saved = os.dup(1)
        except OSError:  # no standard output to protect
            saved = -1
        try:
            with open(os.devnull, "w") as null:
                if saved >= 0:
                    os.dup2(null.fileno(), 1)
                highs = highspy.Highs()
        finally:
            if saved >= 0:
                os.dup2(saved, 1)
                os.close(saved)
        _banner_shown = True
    highs.setOptionValue("output_flag", False)
    return highs


def highs_verdict(highs) -> bool | None:
    """The one place HiGHS's model status is read: True (feasible), False (infeasible), None (a
    time limit or an interruption; Ctrl-C then raises as the call returns)."""
    highspy = import_extra("highspy", "highspy")
    status = highs.getModelStatus()
    s = highspy.HighsModelStatus
    if status == s.kOptimal:
        return True
    if status in (s.kInfeasible, s.kUnboundedOrInfeasible):
        return False
    if status in (s.kTimeLimit, s.kInterrupt, s.kHighsInterrupt, s.kIterationLimit, s.kSolutionLimit):
        return None
    raise SolverFailure(f"HiGHS ended with status {highs.modelStatusToString(status)}")


def add_rows(highs, rows) -> None:
    import numpy as np

    starts: list[int] = []
    index: list[int] = []
    value: list[float] = []
    for cols, coeffs, _lo, _hi in rows:
        starts.append(len(index))
        index.extend(cols)
        value.extend(coeffs)
    highs.addRows(len(rows), np.array([r[2] for r in rows], dtype=float),
                  np.array([r[3] for r in rows], dtype=float), len(index),
                  np.array(starts, dtype=np.int32), np.array(index, dtype=np.int32),
                  np.array(value, dtype=float))


def highs_count(board: Board, limit: int, deadline: Deadline, relax: bool = False) -> Outcome:
    """Up to ``limit`` solutions by HiGHS; ``relax``: the LP relaxation once, a solution only if integral."""
    import numpy as np

    n = board.size
    m = n * n * n
    highs = new_highs()
    lower = np.array(bounds(board))
    highs.addVars(m, lower, np.ones(m))
    if not relax:
        highs.changeColsIntegrality(m, np.arange(m, dtype=np.int32),
                                    np.full(m, import_extra("highspy", "highspy").HighsVarType.kInteger))
    add_rows(highs, linear_rows(board))
    stats = {"nodes": 0, "lp_iterations": 0}

    def search(seconds: float | None) -> bool | None:
        if seconds is not None:
            highs.setOptionValue("time_limit", seconds)
        with stopped_by_signals(highs.cancelSolve):
            highs.run()
        info = highs.getInfo()
        stats["nodes"] += max(0, int(info.mip_node_count))
        stats["lp_iterations"] += max(0, int(info.simplex_iteration_count))
        return highs_verdict(highs)

    if relax:  # one LP: it cannot count, nor prove anything about other solutions
        found = None if deadline.expired() else search(deadline.remaining())
        values = highs.getSolution().col_value if found else []
        if found:
            stats["integral"] = int(integral(values))
        solved = [read_solution(board, values)] if found and stats["integral"] else []
        return Outcome(solved, found is False, found is None, stats)
    solutions, complete, timed_out = enumerate_solutions(
        board, limit, deadline, search, lambda: read_solution(board, highs.getSolution().col_value),
        lambda solution: add_rows(highs, [no_good(board, solution)]))
    return Outcome(solutions, complete, timed_out, stats)


# -- SCIP --------------------------------------------------------------------------------------

def scip_verdict(status: str) -> bool | None:
    """The one place SCIP's status is read (an interruption is Ctrl-C: raised)."""
    if status == "optimal":
        return True
    if status in ("infeasible", "inforunbd"):
        return False
    if status == "userinterrupt":
        raise KeyboardInterrupt("SCIP was interrupted")
    if status in ("timelimit", "nodelimit", "totalnodelimit", "stallnodelimit", "memlimit", "gaplimit",
                  "sollimit", "bestsollimit", "restartlimit"):
        return None
    raise SolverFailure(f"SCIP ended with status {status}")


def scip_count(board: Board, limit: int, deadline: Deadline) -> Outcome:
    """Up to ``limit`` solutions by SCIP, each found one excluded by a no-good row."""
    scip = import_extra("pyscipopt", "pyscipopt")
    n = board.size
    model = scip.Model()
    model.hideOutput()
    model.setParam("parallel/maxnthreads", 1)
    model.setParam("misc/catchctrlc", False)  # SCIP's handler prints on stdout: Python's stops it instead
    lower = bounds(board)
    rows = linear_rows(board)
    build = deadline.build(len(rows))  # SCIP takes one call per variable and per row: the deadline between
    x = []
    for i in range(n * n):
        build.check()
        x += [model.addVar(vtype="B", lb=lower[j]) for j in range(i * n, i * n + n)]

    def post(row: Row) -> None:
        cols, coeffs, lo, hi = row
        expr = scip.quicksum(k * x[j] for j, k in zip(cols, coeffs))
        if lo == hi:
            model.addCons(expr == lo)
            return
        model.addCons(expr <= hi)  # every row's coefficients are positive: a lower bound of 0 holds anyway
        if lo > 0:
            model.addCons(expr >= lo)

    for row in build.each(rows):
        post(row)
    stats = {"nodes": 0, "lp_iterations": 0}

    def search(seconds: float | None) -> bool | None:
        if seconds is not None:
            model.setParam("limits/time", max(seconds, 0.001))
        with stopped_by_signals(model.interruptSolve):
            model.optimize()
        stats["nodes"] += int(model.getNNodes())
        stats["lp_iterations"] += int(model.getNLPIterations())
        return scip_verdict(model.getStatus())

    def exclude(solution: Board) -> None:
        model.freeTransform()
        post(no_good(board, solution))

    solutions, complete, timed_out = enumerate_solutions(
        board, limit, deadline, search,
        lambda: read_solution(board, [model.getSolVal(model.getBestSol(), v) for v in x]), exclude)
    return Outcome(solutions, complete, timed_out, stats)


class MipBackend(Backend):
    """The integer program over x(cell, digit): ``highs`` (default), ``scip``, or ``lp`` (the relaxation)."""

    kinds = frozenset(KINDS)

    def __init__(self, option: str | None = None):
        option = option or "highs"
        if option not in SOLVERS:
            raise BackendError(f"mip option {option!r}: expected highs (default), scip or lp")
        self.solver = option
        self.name = "mip" if option == "highs" else f"mip:{option}"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        refuse_unmodelled(self.name, board.rules, self.kinds)
        deadline = Deadline(time_limit)  # HiGHS's and SCIP's presolve of a large grid overrun their limits
        if self.solver == "scip":
            return count_stoppably(board, deadline, lambda: scip_count(board, limit, deadline))
        return count_stoppably(board, deadline, lambda: highs_count(board, limit, deadline,
                                                                    relax=self.solver == "lp"))
