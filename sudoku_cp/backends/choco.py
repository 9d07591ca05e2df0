"""The ``choco`` backend: the Choco CP solver (``pychoco``), a second CP solver beside CP-SAT.

One integer variable per cell (a given: a constant), one ``all_different`` per unit with Choco's
own propagation level: ``choco`` (option ``ac``, arc consistency, Choco's default for this
constraint), ``choco:bc`` (bounds consistency) or ``choco:default`` (bounds consistency plus a
probabilistic arc-consistency propagator). A killer cage is an ``all_different`` and, with a sum,
a ``sum``; a related pair ``x_a != x_b`` (anti-knight, anti-king) or ``|x_a - x_b| != 1``
(nonconsecutive).

Choco enumerates distinct solutions itself (each ``solve()`` finds the next one; the only
variables are the cells), so counting needs no blocking constraint. Choco's search state is read
in one place (:func:`verdict`). A time limit is Choco's own; Ctrl-C takes effect when the native
search returns (pychoco offers no way to stop it from outside).
"""

from __future__ import annotations

from collections.abc import Callable

from ..constraints import relation_pairs
from ..core.board import Board, Rules
from ..core.results import Outcome, SolverFailure
from .base import NO_DEADLINE, Backend, BackendError, Deadline, enumerate_solutions, import_extra, refuse_unmodelled

LEVELS = {"ac": "AC", "bc": "BC", "default": "DEFAULT"}  # our option -> Choco's name for it


def pychoco():
    return import_extra("pychoco", "pychoco")


# -- the model, one small function per kind -----------------------------------------------------

def post_killer(model, rules: Rules, x: list, cells, total: int | None, level: str) -> None:
    n = rules.size
    cage = [x[r * n + c] for r, c in cells]
    if len(cage) > 1:
        model.all_different(cage, level).post()
    if total is not None:
        model.sum(cage, "=", total).post()


def post_different(model, rules: Rules, x: list, kind: str) -> None:
    for a, b in relation_pairs(rules, kind):
        model.arithm(x[a], "!=", x[b]).post()


def post_apart(model, rules: Rules, x: list) -> None:
    for a, b in relation_pairs(rules, "nonconsecutive"):
        model.distance(x[a], x[b], "!=", 1).post()


KINDS: dict[str, Callable[..., None]] = {
    "killer": lambda model, rules, x, c, level: post_killer(model, rules, x, c.cells, c.value, level),
    "antiknight": lambda model, rules, x, c, level: post_different(model, rules, x, "antiknight"),
    "antiking": lambda model, rules, x, c, level: post_different(model, rules, x, "antiking"),
    "nonconsecutive": lambda model, rules, x, c, level: post_apart(model, rules, x),
}


def build(board: Board, level: str = "AC", deadline: Deadline = NO_DEADLINE):
    """A Choco model of ``board``: ``(model, cell variables)``; ``deadline`` is looked at between
    the units and constraints posted (:class:`~sudoku_cp.backends.base.BuildStopped`)."""
    n = board.size
    rules = board.rules
    model = pychoco().Model()
    x = [model.intvar(d) if d else model.intvar(1, n) for d in board.cells]
    parts = deadline.build(len(rules.units) + len(rules.constraints))
    for unit in parts.each(rules.units):
        model.all_different([x[r * n + c] for r, c in unit.cells], level).post()
    for constraint in parts.each(rules.constraints):
        KINDS[constraint.kind](model, rules, x, constraint, level)
    return model, x


def verdict(found: bool, state: str) -> bool | None:
    """The one place Choco's answers are read: True (a solution), False (no more: the search was
    exhausted, state TERMINATED), None (a limit stopped it: STOPPED or KILLED)."""
    if found:
        return True
    if state == "TERMINATED":
        return False
    if state in ("STOPPED", "KILLED"):
        return None
    raise SolverFailure(f"Choco stopped in search state {state}")


class ChocoBackend(Backend):
    """Choco with AllDifferent per unit at a chosen propagation level (``ac``, ``bc``, ``default``)."""

    kinds = frozenset(KINDS)

    def __init__(self, option: str | None = None):
        option = option or "ac"
        if option not in LEVELS:
            raise BackendError(f"choco option {option!r}: expected ac (default), bc or default")
        self.level = LEVELS[option]
        self.name = "choco" if option == "ac" else f"choco:{option}"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        refuse_unmodelled(self.name, board.rules, self.kinds)
        deadline = Deadline(time_limit)
        model, x = build(board, self.level, deadline)
        solver = model.get_solver()
        if time_limit is not None:
            solver.limit_time(f"{max(deadline.remaining() or 0.0, 0.001):.3f}s")
        backend = import_extra("pychoco.backend", "pychoco")
        solutions, complete, timed_out = enumerate_solutions(
            board, limit, deadline, lambda _seconds: verdict(solver.solve(), solver.get_search_state()),
            lambda: board.with_cells(tuple(v.get_value() for v in x)))  # Choco's own time limit, set above
        stats = {"nodes": int(backend.get_node_count(solver._handle)),  # Solver.get_node_count gives the time
                 "backtracks": int(solver.get_backtrack_count()), "fails": int(solver.get_fail_count())}
        return Outcome(solutions, complete, timed_out, stats)
