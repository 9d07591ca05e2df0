"""The ``smt`` backend: Sudoku in Z3, as integers with ``Distinct`` or over the CNF's Booleans.

``smt`` (option ``int``: Z3's default solver, CDCL with the arithmetic theory) and ``smt:fd``
(the same model in Z3's finite-domain solver, ``SolverFor("QF_FD")``, which turns the bounded
integers into bits for its SAT core): one integer per cell, ``1 <= x <= N`` (a given:
``x == d``), one ``Distinct`` per unit; a killer cage is a ``Distinct`` and, with a sum,
``Sum(...) == sum``; a related pair (anti-knight, anti-king) ``x_a != x_b``; a nonconsecutive
pair ``x_a - x_b != 1`` and ``x_b - x_a != 1``. ``smt:bool``: the CNF of ``model/cnf.py``
(default encoding, pairwise at-most-one, the givens as unit clauses), each variable a Z3
Boolean. All count by adding, after each solution, "some blank differs" over the cell variables
only.

Each count has a Z3 context of its own, so its search (and its counters) do not depend on what
the process asked Z3 before. Z3's statuses are read in one place (:func:`verdict`); a time limit
is Z3's ``timeout``, and Ctrl-C interrupts Z3's context (the search stops, then
``KeyboardInterrupt`` is raised as usual; Z3's own SIGINT handler, which would turn Ctrl-C into
an ``unknown``, is switched off).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from ..constraints import relation_pairs
from ..core.board import Board, Rules
from ..core.packages import stopped_by_signals
from ..core.results import Outcome, SolverFailure
from ..core.variants import GAPS
from .base import (NO_DEADLINE, Backend, BackendError, Deadline, count_stoppably, enumerate_solutions,
                   import_extra, refuse_unmodelled)

CTYPES_CTRL_C = re.compile(r"argument \d+: KeyboardInterrupt\b")  # how ctypes words it
COUNTERS = ("conflicts", "decisions", "propagations")  # Z3's names (QF_FD: "sat conflicts", ...)
OPTIONS = ("int", "fd", "bool")


def z3():
    return import_extra("z3", "z3-solver")


# -- the integer model, one small function per kind ---------------------------------------------

def unit_fact(rules: Rules, x, unit):
    n = rules.size
    return z3().Distinct([x[r * n + c] for r, c in unit.cells])


def killer_facts(rules: Rules, x, cells, total: int | None) -> list:
    n = rules.size
    cage = [x[r * n + c] for r, c in cells]
    facts = [z3().Distinct(cage)] if len(cage) > 1 else []
    if total is not None:
        facts.append(z3().Sum(cage) == total)
    return facts


def relation_facts(rules: Rules, x, kind: str) -> list:
    """A digit d in one cell of a related pair forbids d + g (g in the kind's gaps) in the other."""
    return [x[b] - x[a] != g if g else x[a] != x[b] for a, b in relation_pairs(rules, kind) for g in GAPS[kind]]


KINDS: dict[str, Callable[[Rules, list, object], list]] = {
    "killer": lambda rules, x, c: killer_facts(rules, x, c.cells, c.value),  # type: ignore[attr-defined]
    "antiknight": lambda rules, x, c: relation_facts(rules, x, "antiknight"),
    "antiking": lambda rules, x, c: relation_facts(rules, x, "antiking"),
    "nonconsecutive": lambda rules, x, c: relation_facts(rules, x, "nonconsecutive"),
}


def int_model(board: Board, solver, deadline: Deadline = NO_DEADLINE) -> list:
    """Post the integer model of ``board`` to a Z3 solver, ``deadline`` looked at between the
    cells, units and constraints (:class:`~sudoku_cp.backends.base.BuildStopped`); returns the
    cell variables (row-major)."""
    z = z3()
    n = board.size
    rules = board.rules
    build = deadline.build(n * n + len(rules.units) + len(rules.constraints))
    x = [z.Int(f"r{i // n + 1}c{i % n + 1}", solver.ctx) for i in range(n * n)]
    for i in build.each(range(n * n)):
        d = board.cells[i]
        solver.add(x[i] == d if d else z.And(x[i] >= 1, x[i] <= n))
    for unit in build.each(rules.units):
        solver.add(unit_fact(rules, x, unit))
    for constraint in build.each(rules.constraints):
        solver.add(KINDS[constraint.kind](rules, x, constraint))
    return x


def bool_model(board: Board, solver) -> list:
    """Post the CNF of ``board`` (givens as unit clauses) to a Z3 solver, read as DIMACS text (Z3
    names variable v ``k!v``, so x(r, c, d) is ``k!{var(n, r, c, d)}``); returns the N^3 cell
    Booleans in variable order (each replaced by the model's own constant once a model has it)."""
    from ..model.cnf import encode_puzzle

    z = z3()
    cnf = encode_puzzle(board, amo="pairwise")
    lines = [f"p cnf {cnf.nvars} {cnf.num_clauses}"] + [" ".join(map(str, c)) + " 0" for c in cnf.clauses]
    solver.from_string("\n".join(lines) + "\n")  # no comments: Z3's reader takes none
    return [z.Bool(f"k!{v}", solver.ctx) for v in range(1, board.size ** 3 + 1)]


def is_ctrl_c(error: BaseException) -> bool:
    """A KeyboardInterrupt, or the ``ctypes.ArgumentError`` that wraps one raised while ctypes
    converted an argument of a Z3 call (``argument 2: KeyboardInterrupt: ``: no chained cause).

    >>> is_ctrl_c(KeyboardInterrupt()), is_ctrl_c(ValueError("argument 2: KeyboardInterrupt: "))
    (True, False)
    """
    import ctypes

    return isinstance(error, KeyboardInterrupt) or (
        isinstance(error, ctypes.ArgumentError) and CTYPES_CTRL_C.match(str(error)) is not None)


@contextmanager
def noted_interrupts() -> Iterator[list[int]]:
    """Note every Ctrl-C (then handle it as before): one raised inside a Z3 object's ``__del__``
    is lost (Python ignores it), and the count would go on; the list says it came. Python would
    also print it as "Exception ignored" with its traceback: a noted one is not printed, nor is
    the ``ctypes.ArgumentError`` it becomes when it lands as ctypes converts a Z3 call's
    argument there (:func:`is_ctrl_c`).

    A Ctrl-C can also land inside a Z3 object's ``__init__``: the half-made object's ``__del__``
    then fails on the attribute its ``__init__`` did not reach (``'BoolRef' object has no
    attribute 'ctx'``). That error is not printed either, and the frames the Ctrl-C went through
    are cleared as it leaves, so such objects are freed while this still says so (their frames
    would keep them until the command's end, past it)."""
    import signal
    import sys
    import threading
    import traceback

    noted: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield noted
        return
    previous = signal.getsignal(signal.SIGINT)
    printed = sys.unraisablehook

    def note(signum, frame):
        noted.append(signum)
        if callable(previous):
            previous(signum, frame)
        else:
            raise KeyboardInterrupt

    def unraisable(found) -> None:
        half_made = (isinstance(found.exc_value, AttributeError)
                     and getattr(found.object, "__name__", None) == "__del__")
        if not (noted and (is_ctrl_c(found.exc_value) or half_made)):
            printed(found)

    signal.signal(signal.SIGINT, note)
    sys.unraisablehook = unraisable
    try:
        yield noted
    except BaseException as error:
        if noted:  # (the objects the Ctrl-C left half made are freed here, not printed)
            chained: BaseException | None = error
            while chained is not None:
                traceback.clear_frames(chained.__traceback__)
                chained = chained.__context__
        raise
    finally:
        signal.signal(signal.SIGINT, previous)
        sys.unraisablehook = printed


def counters(statistics) -> dict[str, int]:
    """Z3's conflicts, decisions and propagations (QF_FD's SAT core names them "sat conflicts",
    ..., and counts binary and longer clauses' propagations apart)."""
    values = {key: int(statistics.get_key_value(key)) for key in statistics.keys()}
    out: dict[str, int] = {}
    for key in COUNTERS:
        parts = [v for k, v in values.items() if k in (key, f"sat {key}") or k.startswith(f"sat {key} ")]
        if parts:
            out[key] = sum(parts)
    return out


def verdict(result, solver) -> bool | None:
    """The one place Z3's answers are read: True (sat), False (unsat), None (timeout or interrupted)."""
    z = z3()
    if result == z.sat:
        return True
    if result == z.unsat:
        return False
    reason = solver.reason_unknown()
    if reason in ("timeout", "canceled", "interrupted from keyboard") or "resource" in reason:
        return None
    raise SolverFailure(f"Z3 answered unknown: {reason}")


class SmtBackend(Backend):
    """Z3 on the integer model (``int``, default; ``fd``: Z3's finite-domain solver) or on the CNF's
    Booleans (``bool``)."""

    kinds = frozenset(KINDS)

    def __init__(self, option: str | None = None):
        option = option or "int"
        if option not in OPTIONS:
            raise BackendError(f"smt option {option!r}: expected int (default), fd or bool")
        self.option = option
        self.booleans = option == "bool"
        self.name = "smt" if option == "int" else f"smt:{option}"

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        refuse_unmodelled(self.name, board.rules, self.kinds)
        deadline = Deadline(time_limit)  # Z3's preprocessing, and the CNF's load, overrun its timeout
        return count_stoppably(board, deadline, lambda: self._count(board, limit, deadline))

    def _count(self, board: Board, limit: int, deadline: Deadline) -> Outcome:
        z = z3()
        n = board.size
        context = z.Context()  # a fresh one: Z3's choices depend on what a context has seen before
        solver = z.SolverFor("QF_FD", ctx=context) if self.option == "fd" else z.Solver(ctx=context)
        solver.set("ctrl_c", False)  # Z3's own SIGINT handler would hide Ctrl-C from Python
        x = bool_model(board, solver) if self.booleans else int_model(board, solver, deadline)
        blanks = [i for i, d in enumerate(board.cells) if not d]
        stats = dict.fromkeys(COUNTERS, 0)

        def search(seconds: float | None) -> bool | None:
            if interrupted:  # a Ctrl-C that landed in a Z3 finalizer, where Python ignores it
                raise KeyboardInterrupt
            if seconds is not None:
                solver.set("timeout", max(1, int(seconds * 1000)))
            with stopped_by_signals(solver.ctx.interrupt):
                result = solver.check()
            stats.update(counters(solver.statistics()))  # totals since the solver was made
            return verdict(result, solver)

        def solution() -> Board:
            model = solver.model()
            if not self.booleans:
                return board.with_cells(tuple(model.evaluate(v, model_completion=True).as_long() for v in x))
            cells = [0] * (n * n)  # the true cell variables, kept as the model's own constants (for blocking)
            for decl in model.decls():
                name = decl.name()
                if name.startswith("k!") and 0 < int(name[2:]) <= n ** 3 and z.is_true(model[decl]):
                    k = int(name[2:]) - 1
                    cells[k // n] = k % n + 1
                    x[k] = decl()
            return board.with_cells(tuple(cells))

        def exclude(found: Board) -> None:  # some blank differs: over the cells' own variables only
            d = found.cells
            solver.add(z.Or([z.Not(x[i * n + d[i] - 1]) for i in blanks] if self.booleans else
                            [x[i] != d[i] for i in blanks]))

        with noted_interrupts() as interrupted:
            try:
                solutions, complete, timed_out = enumerate_solutions(board, limit, deadline, search, solution,
                                                                     exclude)
            except Exception:  # a Ctrl-C inside Z3's ctypes calls comes back as their ArgumentError
                if interrupted:
                    raise KeyboardInterrupt from None
                raise
        return Outcome(solutions, complete, timed_out, stats)
