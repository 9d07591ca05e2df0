"""The ``sat`` backend: PySAT solvers on the CNF encoding of ``model/cnf.py``.

A :class:`SatSession` holds one loaded solver and answers many questions under assumptions: a
puzzle's givens are assumed (so clauses the solver learns stay valid for every later puzzle), and
"is there another solution?" adds ``not s or (some blank differs)`` with a fresh selector ``s``,
asks under ``s``, then retires the clause with the unit ``not s``. ``batch`` keeps one session per
set of rules; the one-shot :meth:`SatBackend.count` loads the formula the givens have simplified.

Cell variables are ``model.cnf.var``'s: cell i (row-major) holding digit d is ``i * N + d``.
"""

from __future__ import annotations

import functools
import operator
import time
from collections.abc import Sequence
from contextlib import contextmanager
from itertools import compress

from ..core.board import Board, Fact, Given, Rules
from ..core.check import solution_problems
from ..core.packages import held_interrupts, stopped_by_signals
from ..core.results import Outcome, SolverFailure
from ..constraints import alone
from ..model.cnf import (
    DEFAULT_ENCODING,
    amo_for,
    FULL_RULES_MAX_SIZE,
    NATIVE_FROM,
    Cnf,
    EncodingStopped,
    beyond_cells,
    blocking_clause,
    cells_apart,
    decode,
    encode_rules,
    encode_simplified,
    rules_formula,
    var,
)
from ..model.dimacs import write_dimacs
from .base import (NO_DEADLINE, Backend, BackendError, Deadline, Refutation, Session, Unsupported,
                   import_solver, run_until)

DEFAULT_SOLVER = "cadical195"
LARGE_SOLVER = "minicard"  # the default's solver from NATIVE_FROM up (see default_choice)
CARDINALITY_SOLVERS = frozenset({"minicard", "gluecard3", "gluecard4"})  # take native at-most-one
SLICE_CONFLICTS = 500  # first slice of a solver that cannot be interrupted; slices double
MAX_SLICE_CONFLICTS = 50_000
COUNTERS = ("conflicts", "decisions", "propagations")
NO_PROOF = frozenset({"kissat404", "mergesat3", "minicard", "minisat22", "minisatep"})  # PySAT logs none


@contextmanager
def keyboard_interrupts():
    """PySAT's ``pysolvers.error: Caught keyboard interrupt`` (Ctrl-C during a solve) as a KeyboardInterrupt.

    PySAT turns a SIGINT that lands inside a solver call into an ordinary ``Exception``; callers
    that make a record or a message of a solver's exceptions must never see a Ctrl-C as one.
    Used as a decorator on every method that calls into a solver.
    """
    try:
        yield
    except Exception as exc:
        if is_interrupt(exc):
            raise KeyboardInterrupt(str(exc)) from None
        raise


def is_interrupt(exc: Exception) -> bool:
    """Whether ``exc`` is PySAT's wrapping of a Ctrl-C that landed inside a solver call."""
    return type(exc).__module__ == "pysolvers" and "interrupt" in str(exc).lower()


def abandon(solver) -> None:
    """Disarm a PySAT solver that a Ctrl-C stopped mid-call: it is never called nor deleted again.

    PySAT leaves such a solver by a long jump out of the C++ code; CaDiCaL then aborts the
    process on any further call, its destructor included ("invalid API usage ... invalid
    state"). Its native handle is dropped (a little memory is left to the exit).
    """
    inner = getattr(solver, "solver", None)
    if inner is not None:
        for name, value in list(vars(inner).items()):
            if type(value).__name__ == "PyCapsule":
                setattr(inner, name, None)
    solver.solver = None


def release(solver) -> None:
    """Delete a PySAT solver, Ctrl-C held back until it is gone.

    PySAT forgets the native handle only after the native delete returns; a Ctrl-C landing in
    between would leave the handle for the destructor to free a second time (a crash, not exit 130).
    """
    with held_interrupts():
        solver.delete()


@contextmanager
def used(solver):
    """A PySAT solver for one block, then let go: deleted, or abandoned when a Ctrl-C stopped it."""
    stopped = False
    try:
        yield solver
    except KeyboardInterrupt:
        stopped = True
        raise
    except Exception as exc:
        if is_interrupt(exc):
            stopped = True
            raise KeyboardInterrupt(str(exc)) from None
        raise
    finally:
        if stopped:
            abandon(solver)
        else:
            release(solver)


# PySAT solvers that cannot answer this backend's questions, and why (left out of ``sat:NAME``)
UNFIT = {"kissat404": "PySAT's Kissat solves once, ignoring assumptions; every question here assumes the givens, "
                      "and a count adds a clause between two solves, which aborts it"}


@functools.cache
def solver_names() -> list[str]:
    """The SAT solvers PySAT ships (``sat:NAME``) that this build of it can make and that take
    assumptions and clauses between solves (not :data:`UNFIT`; a name PySAT lists but was built
    without, such as ``minisatgh`` in some wheels, is left out too)."""
    solvers = import_solver("pysat.solvers")
    names = []
    for name in sorted(k for k in vars(solvers.SolverNames) if not k.startswith("_") and k not in UNFIT):
        try:
            solvers.Solver(name=name).delete()
        except solvers.NoSuchSolverError:
            continue
        names.append(name)
    return names


# Options set on every new solver of that name (CaDiCaL's own option names, options.hpp), before
# its clauses as CaDiCaL asks. chrono=0: backjump as MiniSat does, not chronologically; measured
# 4-6% more puzzles/s on top1465, 17-clue and the hardest puzzles, 2% on serg
# (bench/bench_throughput.py --bare-options chrono=1). Proof logging (refute) keeps the defaults.
SOLVER_OPTIONS: dict[str, dict[str, int]] = {"cadical195": {"chrono": 0}}


def new_solver(name: str, clauses, options: dict[str, int] | None = None):
    """A PySAT solver loaded with ``clauses``, ``options`` (default :data:`SOLVER_OPTIONS`) set
    first; an unknown name is a clear error."""
    Solver = import_solver("pysat.solvers").Solver

    names = solver_names()
    if name not in names:
        why = f" ({UNFIT[name]})" if name in UNFIT else ""
        raise BackendError(f"SAT solver {name!r} is not available{why}: expected one of {', '.join(names)}")
    options = SOLVER_OPTIONS.get(name) if options is None else options
    if not options:
        return Solver(name=name, bootstrap_with=clauses)
    solver = Solver(name=name)
    solver.configure(options)
    solver.append_formula(clauses)
    return solver


@keyboard_interrupts()
def maxsat(hard: list[list[int]], soft: list[list[int]]) -> list[int] | None:
    """An optimal model of ``hard`` satisfying as many ``soft`` clauses as possible (PySAT's RC2).

    None when the hard clauses alone are unsatisfiable.

    >>> sorted(maxsat([[1, 2], [-1, -2]], [[1], [2], [1]]))
    [-2, 1]
    """
    RC2 = import_solver("pysat.examples.rc2").RC2
    WCNF = import_solver("pysat.formula").WCNF

    wcnf = WCNF()
    wcnf.extend(hard)
    for clause in soft:
        wcnf.append(clause, weight=1)
    with RC2(wcnf) as rc2:
        return rc2.compute()


@keyboard_interrupts()
def min_hitting_set(sets: Sequence[set[int]], deadline: Deadline | None = None) -> list[int]:
    """A smallest set of integers >= 0 meeting every set (RC2; integer i is variable i + 1).

    RC2 cannot be interrupted: with a ``deadline`` it runs where it can be stopped
    (:func:`~sudoku_cp.backends.base.run_until`), :class:`TimeLimitReached` when it passes.
    """
    members = sorted(set().union(*sets)) if sets else []
    hard = [[i + 1 for i in sorted(s)] for s in sets]
    model = run_until(deadline, lambda: maxsat(hard, [[-(i + 1)] for i in members]))
    chosen = {lit - 1 for lit in model or [] if lit > 0}
    return [i for i in members if i in chosen]


def root_literals(cnf: Cnf, solver: str = DEFAULT_SOLVER) -> list[int]:
    """What unit propagation derives from the formula alone (from its unit clauses, e.g. a killer
    cage's impossible digits). A solver's ``propagate`` reports only what follows its assumptions,
    so every clause gets a guard literal that is then assumed.

    >>> root_literals(Cnf(1, 3, [[-1], [1, 2], [-2, 3]]))
    [-1, 2, 3]
    """
    guard = cnf.nvars + 1
    with used(new_solver(solver, [c + [-guard] for c in cnf.clauses])) as probe:
        _ok, lits = probe.propagate(assumptions=[guard])
    return [lit for lit in lits if abs(lit) != guard]


def _solver_call(method):
    """A session method that calls into the solver: a Ctrl-C in it is a KeyboardInterrupt and
    leaves the session :attr:`~SatSession.interrupted` (its solver is then abandoned, not deleted)."""

    @functools.wraps(method)
    def call(self, *args, **kwargs):
        try:
            return method(self, *args, **kwargs)
        except KeyboardInterrupt:
            self._interrupted = True
            raise
        except Exception as exc:  # keyboard_interrupts(), inlined: this is on every solve's path
            if is_interrupt(exc):
                self._interrupted = True
                raise KeyboardInterrupt(str(exc)) from None
            raise

    return call


class SatSession(Session):
    """One PySAT solver loaded with a formula whose first N**3 variables are the cell variables."""

    capabilities = frozenset({"incremental", "core", "propagate", "exclude", "hint"})

    def __init__(self, cnf: Cnf, solver: str = DEFAULT_SOLVER, stats: bool = True, settle: bool = False):
        self.n = n = cnf.size
        self.backend = f"sat:{solver}"
        self.solver_name = solver
        self.top = cnf.nvars
        self.stats = stats
        self.settle = settle
        self.offsets = [i * n for i in range(n * n)]  # var = offset + digit
        self.digit_bytes = bytes(range(1, n + 1))
        self.solver = new_solver(solver, cnf.clauses)
        # A formula with unit clauses (a killer cage's impossible digits) is kept for
        # root_literals, computed on the first propagate() that needs it.
        self._cnf = cnf if any(len(c) == 1 for c in cnf.clauses) else None
        self._root: list[int] | None = None if self._cnf is not None else []
        self._interruptible: bool | None = None
        self._interrupted = False
        self.stoppable = False  # solves without a limit take interrupt() (stopped_by_signals around them)
        self.selectors: list[int] = []  # a parts session's guards, by part (SatBackend.parts_session)
        self._part_of: dict[int, int] | None = None  # (core_parts: a selector's part)
        self._facts: dict[int, Fact] | None = None  # (propagate: a cell literal's fact)
        for lits, bound in cnf.atmosts:  # --amo native: the solver's own cardinality constraints
            try:
                self.solver.add_atmost(lits, bound)
            except NotImplementedError:
                release(self.solver)
                raise BackendError(f"SAT solver {solver!r} has no native cardinality constraints: "
                                   f"choose sat:minicard or sat:gluecard4 for --amo native") from None

    def close(self) -> None:
        if self.interrupted:
            abandon(self.solver)
        else:
            release(self.solver)

    @property
    def interrupted(self) -> bool:
        """Whether a Ctrl-C (or SIGTERM) stopped a call into this session's solver."""
        return self._interrupted

    @property
    def root(self) -> list[int]:
        """What the formula's own unit clauses propagate to (reported with every propagation)."""
        if self._root is None:
            self._root = root_literals(self._cnf, self.solver_name) if self._cnf is not None else []
            self._cnf = None
        return self._root

    # -- facts and literals ---------------------------------------------------------------------

    def literal(self, fact: Fact) -> int:
        r, c, d = fact
        v = (r * self.n + c) * self.n + abs(d)
        return v if d > 0 else -v

    def fact(self, lit: int) -> Fact | None:
        """The fact a literal states, or None for a variable that is not a cell variable."""
        n = self.n
        v = abs(lit)
        if not 0 < v <= n**3:
            return None
        cell, digit0 = divmod(v - 1, n)
        return (cell // n, cell % n, digit0 + 1 if lit > 0 else -(digit0 + 1))

    def guards(self, parts: Sequence[int]) -> list[int]:
        """The selectors that switch on the parts numbered ``parts`` (:meth:`SatBackend.parts_session`)."""
        return [self.selectors[k] for k in parts]

    # -- solving ----------------------------------------------------------------------------------

    def solve(self, facts: Sequence[Fact], deadline: Deadline = NO_DEADLINE, budget: int | None = None,
              guards: Sequence[int] = ()) -> bool | None:
        n = self.n  # (:meth:`literal`, inlined: the steps ask thousands of these)
        lits = [(r * n + c) * n + d if d > 0 else (r * n + c) * -n + d for r, c, d in facts]
        lits += guards
        return self.solve_literals(lits, deadline, budget)

    @_solver_call
    def solve_literals(self, assumptions: list[int], deadline: Deadline = NO_DEADLINE,
                       budget: int | None = None) -> bool | None:
        """Solve under assumed literals; None when the deadline or the conflict ``budget`` ran out.

        Solvers that can be interrupted (MiniSat, Glucose, ...) are stopped by a timer at the
        deadline; CaDiCaL cannot be interrupted through PySAT, so it runs in growing slices of
        conflicts with a look at the clock between two slices.
        """
        remaining = deadline.remaining()
        if remaining is None and budget is None:
            if self.stoppable:
                return self.solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
            return self.solver.solve(assumptions=assumptions)
        if remaining is not None and remaining <= 0:
            return None
        try:
            if remaining is not None and not self.interruptible:
                return self._solve_in_slices(assumptions, deadline, budget)
            if budget is not None:
                self.solver.conf_budget(budget)
            if remaining is None:  # a budget alone: the solver's own Ctrl-C handling stays
                return self.solver.solve_limited(assumptions=assumptions)
            # expect_interrupt turns off PySAT's Ctrl-C handling: the deadline, Ctrl-C and SIGTERM
            # all stop the solver through interrupt() (else Ctrl-C waits for the deadline)
            try:
                with stopped_by_signals(self.solver.interrupt, remaining):
                    return self.solver.solve_limited(assumptions=assumptions, expect_interrupt=True)
            finally:
                self.solver.clear_interrupt()
        except NotImplementedError:
            raise BackendError(f"SAT solver {self.solver_name!r} supports neither interrupts nor "
                               f"budgets, so it cannot honour a time limit: choose another "
                               f"(e.g. cadical195)") from None

    def _solve_in_slices(self, assumptions: list[int], deadline: Deadline, budget: int | None) -> bool | None:
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

    def _digits(self, board: Board) -> tuple[int, ...]:
        """The digits of the current model: each cell's one true cell variable.

        A formula simplified by the givens leaves a given cell's other digits free, so givens are
        read from ``board`` whenever the model is not a grid by itself.
        """
        n = self.n
        cells = n * n
        model = self.solver.get_model()
        if model is None:
            raise SolverFailure(f"{self.backend} said satisfiable but gave no model")
        if len(model) >= n * cells:
            true = [lit for lit in model[: n * cells] if lit > 0]  # a list display: 2x filter's speed
            if len(true) == cells:
                digits = tuple(map(operator.sub, true, self.offsets))
                if self._digits_only(digits):  # increasing, one per cell: a grid
                    return digits
        true_set = {lit for lit in model if lit > 0}  # a variable the model leaves out is false
        filled = list(board.cells)
        for i, given in enumerate(board.cells):
            if given:
                continue
            found = [d for d in range(1, n + 1) if i * n + d in true_set]
            if len(found) != 1:
                raise SolverFailure(f"{self.backend}'s model gives cell r{i // n + 1}c{i % n + 1} "
                                    f"{len(found)} digits: expected exactly one")
            filled[i] = found[0]
        return tuple(filled)

    def _digits_only(self, digits: tuple[int, ...]) -> bool:
        """Whether every one of ``digits`` is 1..N (as bytes in C: a third of min and max's time)."""
        try:
            return not bytes(digits).translate(None, self.digit_bytes)
        except ValueError:  # below 0 or above 255
            return False

    def solution(self, board: Board) -> Board:
        return Board.unchecked(board.shape, self._digits(board), board.rules)

    def core(self) -> list[Fact]:
        return [f for f in map(self.fact, self.solver.get_core() or []) if f is not None]

    def core_parts(self) -> list[int] | None:
        if not self.selectors:
            return None
        if self._part_of is None:
            self._part_of = {guard: k for k, guard in enumerate(self.selectors)}
        return sorted(self._part_of[lit] for lit in self.solver.get_core() or [] if lit in self._part_of)

    @_solver_call
    def propagate(self, facts: Sequence[Fact], guards: Sequence[int] = (),
                  with_root: bool = True) -> tuple[bool, list[Fact]]:
        """:meth:`Session.propagate`; ``with_root`` False leaves out what the formula's own unit
        clauses derive (:attr:`root`), for a caller that took it once."""
        ok, lits = self.solver.propagate(assumptions=[self.literal(f) for f in facts] + list(guards))
        lits = self.root + lits if with_root and self.root else lits
        if self._facts is None:  # each cell literal's fact, looked up (propagations report hundreds)
            self._facts = {lit: fact for v in range(1, self.n ** 3 + 1) for lit in (v, -v)
                           for fact in (self.fact(lit),) if fact is not None}
        table = self._facts
        return bool(ok), [table[lit] for lit in lits if lit in table]

    @_solver_call
    def contradicts(self, facts: Sequence[Fact]) -> bool:
        return not self.solver.propagate(assumptions=[self.literal(f) for f in facts])[0]

    @_solver_call
    def contradicts_literals(self, assumptions: list[int]) -> bool:
        """Unit propagation alone turns the assumed literals (facts' literals, guards) into a conflict."""
        return not self.solver.propagate(assumptions=assumptions)[0]

    def exclude(self, solution: Board, board: Board) -> int:
        self.top += 1
        self.solver.add_clause([-self.top] + [-(o + d) for o, d, g in
                                              zip(self.offsets, solution.cells, board.cells) if not g])
        return self.top

    def retire(self, guard: int) -> None:
        self.solver.add_clause([-guard])

    def hint(self, facts: Sequence[Fact]) -> None:
        self.solver.set_phases([self.literal(f) for f in facts])

    def counters(self) -> dict[str, int]:
        stats = self.solver.accum_stats() or {}
        return {k: stats[k] for k in COUNTERS if k in stats}

    # -- the fast count, as batch asks it ---------------------------------------------------------

    def count(self, board: Board, limit: int, deadline: Deadline = NO_DEADLINE) -> Outcome:
        """Up to ``limit`` solutions of ``board``: givens assumed, found solutions excluded by one guard."""
        offsets = self.offsets
        givens = list(compress(map(operator.add, offsets, board.cells), board.cells))
        before = self.counters() if self.stats else None
        solutions: list[Board] = []
        complete = timed_out = False
        if self.settle:
            found = self._settle(givens)
            if found is not True:  # propagation alone decided: no solution, or the one solution
                if found is not False:
                    solutions.append(Board.unchecked(board.shape, found, board.rules))
                return Outcome(solutions, True, False, self._since(before))
        assumptions, selector = givens, None
        try:
            while len(solutions) < limit:
                found = self.solve_literals(assumptions, deadline)
                if found is None:
                    timed_out = True
                    break
                if not found:
                    complete = True
                    break
                digits = self._digits(board)  # read the model before a new clause invalidates it
                solutions.append(Board.unchecked(board.shape, digits, board.rules))
                if 0 not in board.cells:  # a full board: nothing else can be a solution
                    complete = True
                    break
                if len(solutions) >= limit:
                    break
                block = [-(o + d) for o, d, g in zip(offsets, digits, board.cells) if not g]
                if selector is None:
                    self.top += 1
                    selector = self.top
                    assumptions = givens + [selector]
                self.solver.add_clause([-selector] + block)
        except BaseException:  # e.g. Ctrl-C: a solver stopped mid-search takes no more calls (CaDiCaL
            selector = None    # aborts); an unretired guard is harmless, its selector is never assumed again
            raise
        finally:
            if selector is not None:
                self.solver.add_clause([-selector])  # retired: later questions never see it
        return Outcome(solutions, complete, timed_out, self._since(before))

    def _since(self, before: dict | None) -> dict[str, int]:
        if before is None:
            return {}
        return {k: v - before.get(k, 0) for k, v in self.counters().items()}

    @_solver_call
    def _settle(self, givens: list[int]) -> bool | tuple[int, ...]:
        """Unit propagation alone, no search: False (no solution), the digits of the one solution
        when every cell is settled, or True (search needed).

        Everything propagated is implied by the clauses, which every solution satisfies (learnt
        clauses included), so a grid settled this way is the only solution.
        """
        ok, lits = self.solver.propagate(assumptions=givens)
        if not ok:
            return False
        lits = self.root + lits if self.root else lits
        n = self.n
        cells = n**3
        true = sorted(filter(cells.__ge__, filter((0).__lt__, lits)))  # the true cell variables
        if len(true) != n * n:
            return True
        digits = tuple(map(operator.sub, true, self.offsets))
        if self._digits_only(digits):
            return digits
        return True


def default_choice(size: int) -> tuple[str, str]:
    """The SAT solver and at-most-one encoding that plain ``sat`` uses on an N x N classic grid.

    CaDiCaL with pairwise clauses below 16x16 (where it is fastest on hard 9x9 puzzles, and logs
    proofs); from 16x16 up MiniCard with native at-most-one constraints, measured fastest there
    by far (``bench/bench_large.py``, encodings/at-most-one.md): an empty 49x49 in 1-3 s and
    under 0.1 GB, where CaDiCaL with the sequential counter took from 23 s to minutes and up to
    3.2 GB.

    >>> [default_choice(n) for n in (9, 25)]
    [('cadical195', 'pairwise'), ('minicard', 'native')]
    """
    solver = LARGE_SOLVER if size >= NATIVE_FROM else DEFAULT_SOLVER
    return solver, amo_for(size, native=solver in CARDINALITY_SOLVERS)


@functools.lru_cache(maxsize=8)
def parts_formula(rules: Rules, encoding: str = DEFAULT_ENCODING, amo: str | None = None) -> tuple[Cnf, tuple[int, ...]]:
    """The formula of :meth:`SatBackend.parts_session` and its selectors, by part (made once per
    rules: every classic 9x9 puzzle shares it; callers must not change it)."""
    cnf = encode_rules(Rules(rules.shape, (), (), name="part"), encoding, amo)
    common, base = {tuple(c) for c in cnf.clauses}, cnf.nvars
    selectors = []
    parts = [((u,), ()) for u in rules.units] + [((), (alone(c, rules),)) for c in rules.constraints]  # (each
    # constraint as it means among the others: a negative rule alone would take every pair of neighbours as bare)
    # each part's own clauses, without encoding the cells again for each (most of the time)
    encode = beyond_cells if cells_apart(encoding) else encode_rules
    for units, constraints in parts:
        one = encode(Rules(rules.shape, units, constraints, name="part"), encoding, amo)
        if one.atmosts:
            raise ValueError("native cardinality constraints cannot be guarded")
        shift = cnf.nvars - base  # this part's auxiliary variables come after the last one's
        cnf.nvars += one.nvars - base + 1
        guard = cnf.nvars
        selectors.append(guard)
        cnf.clauses += [[-guard] + [x if abs(x) <= base else x + shift if x > 0 else x - shift for x in c]
                        for c in one.clauses if tuple(c) not in common]
    return cnf, tuple(selectors)


class SatBackend(Backend):
    """PySAT on the CNF encoding; the one-shot path loads the formula the givens have simplified.

    Plain ``sat`` (no solver named, no ``amo``) answers :meth:`count` with the solver and
    at-most-one encoding of :func:`default_choice` for the grid's size (classic rules), and says
    so in the outcome (``backend``, ``stats["amo"]``); sessions, proofs and exports keep CaDiCaL.
    """

    reuse_sessions = True  # batch's fast path: one SatSession per rules, givens assumed

    def __init__(self, solver: str | None = None, encoding: str = DEFAULT_ENCODING,
                 amo: str | None = None, simplify: bool = True):
        self.solver = solver or DEFAULT_SOLVER
        self.chosen = solver is None and amo is None  # the default: the solver fits the size
        self.encoding = encoding
        self.amo = amo
        self.simplify = simplify
        self.name = f"sat:{self.solver}"

    def session(self, rules: Rules, stats: bool = True, settle: bool = False) -> SatSession:
        """A solver loaded with the rules (no givens); ``settle`` tries propagation before search.

        Above 25x25 the full rules are too big to load (36x36: 3.3 million clauses), so sessions
        stop there and one-shot :meth:`count` takes over.
        """
        if rules.size > FULL_RULES_MAX_SIZE:
            raise Unsupported(self.name, f"load the full rules of a grid above "
                                         f"{FULL_RULES_MAX_SIZE}x{FULL_RULES_MAX_SIZE}")
        return SatSession(rules_formula(rules, self.encoding, self.amo), self.solver, stats, settle)

    def parts_session(self, rules: Rules) -> SatSession:
        """One solver holding every unit and constraint of ``rules`` behind a selector variable of
        its own (clauses ``not s or ...``, auxiliary variables renumbered apart): assumed
        selectors (``session.guards(ks)``) switch those parts on, the others stay inert (a false
        selector satisfies their clauses). The cells' own clauses hold always."""
        if rules.size > FULL_RULES_MAX_SIZE:
            raise Unsupported(self.name, f"load the full rules of a grid above "
                                         f"{FULL_RULES_MAX_SIZE}x{FULL_RULES_MAX_SIZE}")
        try:
            cnf, selectors = parts_formula(rules, self.encoding, self.amo)
        except ValueError:
            raise Unsupported(self.name, "guard native cardinality constraints") from None
        session = SatSession(cnf, self.solver, stats=False)
        session.selectors = list(selectors)
        return session

    def fixed_session(self, rules: Rules, facts: Sequence[Fact], parts: Sequence[int] | None = None) -> SatSession:
        """A solver holding the whole rules (:meth:`parts_session`'s formula, every selector a unit
        clause; with ``parts``, only theirs, the others' negation) and ``facts`` as unit clauses:
        a query then propagates only what its own assumptions add (about ten times faster than
        assuming the facts each time), and :meth:`SatSession.propagate` still reports what the
        facts derive too."""
        if rules.size > FULL_RULES_MAX_SIZE:
            raise Unsupported(self.name, f"load the full rules of a grid above "
                                         f"{FULL_RULES_MAX_SIZE}x{FULL_RULES_MAX_SIZE}")
        cnf, selectors = parts_formula(rules, self.encoding, self.amo)
        n = rules.size
        on = set(range(len(selectors)) if parts is None else parts)
        units = [[s if k in on else -s] for k, s in enumerate(selectors)]
        units += [[var(n, r, c, d) if d > 0 else -var(n, r, c, -d)] for r, c, d in facts]
        return SatSession(Cnf(cnf.size, cnf.nvars, cnf.clauses + units), self.solver, stats=False)

    def formula(self, board: Board, deadline: Deadline | None = None) -> Cnf:
        """The formula loaded for ``board`` (its givens are assumed by the session either way).

        With a ``deadline``, building the simplified formula stops (:class:`EncodingStopped`)
        once it has passed.
        """
        if self.simplify:
            stop = deadline.expired if deadline is not None and deadline.end is not None else None
            return encode_simplified(board, self.encoding, self.amo, stop=stop)
        return encode_rules(board.rules, self.encoding, self.amo)

    def count(self, board: Board, limit: int, time_limit: float | None = None) -> Outcome:
        if self.chosen and board.rules.is_classic:
            solver, amo = default_choice(board.size)
            if solver != self.solver:
                outcome = SatBackend(solver, self.encoding, amo, self.simplify).count(board, limit, time_limit)
                outcome.backend = f"sat:{solver}"
                outcome.stats["amo"] = amo
                return outcome
        deadline = Deadline(time_limit)
        start = time.perf_counter()
        try:
            cnf = self.formula(board, deadline)
        except EncodingStopped:
            return Outcome([], False, True, {"encode_s": round(time.perf_counter() - start, 6)})
        encode_s = time.perf_counter() - start
        if deadline.expired():
            return Outcome([], False, True, {"encode_s": round(encode_s, 6)})
        with SatSession(cnf, self.solver) as session:
            if not session.interruptible:  # CaDiCaL: PySAT catches Ctrl-C, SIGTERM waits for the solve
                outcome = session.count(board, limit, deadline)
            else:  # a solve of any length stops at Ctrl-C and SIGTERM (PySAT alone catches only Ctrl-C)
                session.stoppable = True
                with stopped_by_signals(session.solver.interrupt):
                    outcome = session.count(board, limit, deadline)
        outcome.stats["variables"] = cnf.nvars
        outcome.stats["clauses"] = cnf.num_clauses
        outcome.stats["encode_s"] = round(encode_s, 6)
        return outcome

    def can(self, capability: str) -> bool:
        if capability == "proof" and (self.solver in NO_PROOF or self.amo == "native"):
            return False  # a solver that logs no proof; native at-most-one is not CNF
        return super().can(capability)

    def certified_formula(self, board: Board, solution: Board | None = None) -> Cnf:
        """The formula a proof is about: the puzzle simplified by its givens (``encode --simplify``),
        plus, with ``solution``, the clause "some blank differs from it" (family ``differs``)."""
        cnf = encode_simplified(board, self.encoding, self.amo)
        if solution is not None:
            cnf.add("differs", [blocking_clause(solution, board)])
        return cnf

    def certified_text(self, board: Board, solution: Board | None = None) -> tuple[Cnf, str]:
        """:meth:`certified_formula` and its DIMACS text, exactly as a proof's ``.cnf`` file holds it
        (``sudoku-cp check-proof`` derives it again from the puzzle and compares)."""
        cnf = self.certified_formula(board, solution)
        what = "no other solution" if solution is not None else "no solution"
        return cnf, write_dimacs(cnf, self.encoding, amo_for(board.size, self.amo),
                                 [f"claim: {what} ({board.size}x{board.size})", "simplified by the givens"])

    def refute(self, board: Board, solution: Board | None = None) -> Refutation:
        """A fresh solver, logging a proof, on :meth:`certified_formula`; only this question pays for it.

        >>> from sudoku_cp.backends import make
        >>> from sudoku_cp.formats.text import parse_puzzle
        >>> r = make("sat").refute(parse_puzzle("12....3...4....."))  # r1c3 can be nothing
        >>> "0" in r.proof.splitlines(), r.cnf.splitlines()[1]  # "0": the empty clause
        (True, 'c claim: no solution (4x4)')
        """
        self.require("proof")
        cnf, text = self.certified_text(board, solution)
        what = "no other solution" if solution is not None else "no solution"
        Solver = import_solver("pysat.solvers").Solver

        try:
            solver = Solver(name=self.solver, bootstrap_with=cnf.clauses, with_proof=True)
        except NotImplementedError:
            raise Unsupported(self.name, "proof") from None
        with used(solver):
            if solver.solve():
                raise SolverFailure(f"{self.name} finds the formula of '{what}' satisfiable: "
                                    f"the claim is wrong")
            lines = solver.get_proof() or []
        lemmas = sum(1 for line in lines if not line.startswith("d"))
        return Refutation(text, "\n".join(lines) + "\n", lemmas, self.name)

    def maximize(self, board: Board, deadline: Deadline = NO_DEADLINE) -> tuple[list[Given], Board | None, bool]:
        """The fewest givens to drop so that the rest has a solution: MaxSAT (RC2), rules hard,
        each given a soft unit clause. RC2 cannot be interrupted, so with a ``deadline`` the
        encoding and RC2 run in a child process killed when it passes (:func:`run_until`:
        :class:`TimeLimitReached`)."""
        n = board.size
        givens = board.givens()
        soft = [[var(n, r, c, d)] for r, c, d in givens]
        model = run_until(deadline, lambda: maxsat(encode_rules(board.rules, "complete").clauses, soft))
        if model is None:
            return givens, None, True
        true = {lit for lit in model if lit > 0}
        removed = [g for g in givens if var(n, *g) not in true]
        rest = board.with_givens([(r, c, 0) for r, c, _ in removed])
        solution = decode(model, rest)
        problems = solution_problems(solution, rest)
        if problems:
            raise SolverFailure(f"RC2's model is not a solution: {'; '.join(problems[:3])}")
        return removed, solution, True


__all__ = ["NO_PROOF", "UNFIT", "SatBackend", "SatSession", "maxsat", "min_hitting_set", "solver_names"]
