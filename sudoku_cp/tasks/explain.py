"""Why a puzzle has no solution, or several: conflicts, minimal cores of givens, differing solutions.

``explain`` answers for any puzzle:

- *invalid* (duplicate givens): every conflict of the duplicate scan;
- *unsat* (no duplicates, no solution): a minimal ``core`` of givens that cannot all hold; removing
  any one of them makes the rest satisfiable. The givens go to a SAT solver as assumptions on the
  ``complete`` encoding of the empty grid; the solver's core is shrunk by deletion (each given
  left out in turn, the new core kept when the rest is still unsat). CP-SAT does the same with
  enforcement literals and ``sufficient_assumptions_for_infeasibility``; by default the other
  solver re-checks the core (unsat as a whole, satisfiable without any one given);
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
from dataclasses import dataclass, field
from typing import Any

from ..backends.base import Deadline
from ..core.board import Board, Given, Shape, cell_name
from ..core.results import Result, SolverFailure, Status

DEFAULT_LIMIT = 10  # solutions counted by explain unless --limit says otherwise


@dataclass
class Explanation(Result):
    """A :class:`Result` with the explanation keys of CONTRACT.md (``None`` = not part of this answer).

    ``core``, ``remove``, ``add`` and ``redundant`` are lists of givens ``(row, col, digit)``;
    ``differences`` lists cells ``(row, col)`` where the first two solutions differ; ``repaired``
    is the puzzle after a repair, ``minimal`` the minimal puzzle of ``minimize``; ``difficulty`` holds the
    honest difficulty signals of :func:`sudoku_cp.tasks.generate.difficulty`.
    """

    core: list[Given] | None = None
    remove: list[Given] | None = None
    add: list[Given] | None = None
    redundant: list[Given] | None = None
    differences: list[tuple[int, int]] | None = None
    repaired: Board | None = None
    minimal: Board | None = None
    difficulty: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)

    def to_json(self, symbols: str | None = None) -> dict[str, Any]:
        from ..formats.text import format_line

        out = super().to_json(symbols)
        if len(self.solutions) >= 2:
            out["solutions"] = [format_line(s, symbols) for s in self.solutions]
        for key in ("core", "remove", "add", "redundant"):
            value = getattr(self, key)
            if value is not None:
                out[key] = [list(g) for g in value]
        if self.differences is not None:
            out["differences"] = [list(c) for c in self.differences]
        for key in ("repaired", "minimal"):
            if getattr(self, key) is not None:
                out[key] = format_line(getattr(self, key), symbols)
        if self.difficulty is not None:
            out["difficulty"] = self.difficulty
        return out

    def marked(self) -> list[tuple[int, int]]:
        """The cells this explanation is about (core, removals, additions, differences...)."""
        cells: list[tuple[int, int]] = []
        for key in ("core", "remove", "add", "redundant"):
            cells += [(r, c) for r, c, _ in getattr(self, key) or []]
        cells += list(self.differences or [])
        for conflict in self.conflicts:
            cells += list(conflict.cells)
        return list(dict.fromkeys(cells))


def given_names(givens) -> str:
    """``r1c3=4, r2c2=1`` for people.

    >>> given_names([(0, 2, 4), (1, 1, 1)])
    'r1c3=4, r2c2=1'
    """
    return ", ".join(f"{cell_name(r, c)}={d}" for r, c, d in givens)


def differing_cells(a: Board, b: Board) -> list[tuple[int, int]]:
    """Cells (row-major) where two boards of one shape hold different digits."""
    n = a.size
    return [divmod(i, n) for i, (x, y) in enumerate(zip(a.cells, b.cells)) if x != y]


def board_of(shape: Shape, givens) -> Board:
    """A board holding only ``givens``."""
    return Board.empty(shape).with_givens(list(givens))


# ---------------------------------------------------------------------------------------------
# Cores with PySAT: givens as assumptions on the rules of the empty grid


def rules_engine(shape: Shape, solver: str | None = None):
    """A :class:`SatEngine` loaded with the ``complete`` encoding of the empty grid (no givens)."""
    from ..backends.sat import DEFAULT_SOLVER, SatEngine
    from ..model.cnf import encode_rules

    return SatEngine(encode_rules(shape, "complete"), solver or DEFAULT_SOLVER)


def engine_solve(engine, assumptions: list[int], deadline: Deadline) -> bool:
    """Solve under assumptions; raise :class:`TimeLimitReached` when the deadline ends it."""
    result = engine.solve(assumptions, deadline)
    if result is None:
        raise TimeLimitReached("the time limit ended the search")
    return result


def shrink_core(is_unsat, core: list, refine=None) -> list:
    """Deletion-based shrinking: drop each member in turn while the rest stays unsat.

    ``is_unsat(subset)`` decides a subset; ``refine(subset)`` may return a smaller unsat subset
    found by the solver (its own core), which is kept. Members found necessary stay necessary in
    every unsat subset that holds them, so one pass gives a minimal core.

    >>> shrink_core(lambda s: {2, 5} <= set(s), [1, 2, 3, 5, 8])
    [2, 5]
    """
    kept = list(core)
    i = 0
    while i < len(kept):
        trial = kept[:i] + kept[i + 1:]
        if is_unsat(trial):
            smaller = refine(trial) if refine else None
            kept = [x for x in trial if smaller is None or x in smaller]
        else:
            i += 1
    return kept


def sat_core(board: Board, deadline: Deadline | None = None, solver: str | None = None) -> list[Given] | None:
    """A minimal set of givens that cannot all hold (PySAT), or ``None`` when the puzzle has a solution.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> sat_core(parse_puzzle("1........4....23"))  # box 3: only r3c1 left for both 2 and 3
    [(2, 1, 4), (3, 2, 2), (3, 3, 3)]
    >>> sat_core(parse_puzzle("1..............."))  # solvable: no core
    """
    from ..model.cnf import unvar, var

    deadline = deadline or Deadline(None)
    n = board.size
    lits = [var(n, r, c, d) for r, c, d in board.givens()]
    with rules_engine(board.shape, solver) as engine:
        if engine_solve(engine, lits, deadline):
            return None

        def solver_core() -> set[int]:
            return set(engine.solver.get_core() or [])

        first = solver_core()
        core = shrink_core(lambda s: not engine_solve(engine, s, deadline),
                           [x for x in lits if x in first], lambda s: solver_core())
    return [unvar(n, x) for x in core]


# ---------------------------------------------------------------------------------------------
# Cores with CP-SAT: one enforcement literal per given, assumed true


def cpsat_given_model(board: Board):
    """A CP-SAT model of the empty grid with one switch per given: switch true => the cell holds the given.

    Returns ``(model, cell variables, switches)``, switches in the order of ``board.givens()``.
    """
    from ..backends.cpsat import post_model
    from ..model.cpmodel import build_model

    model, cells = post_model(build_model(Board.empty(board.shape)))
    n = board.size
    switches = []
    for r, c, d in board.givens():
        b = model.new_bool_var(f"given_{cell_name(r, c)}_{d}")
        model.add(cells[r * n + c] == d).only_enforce_if(b)
        switches.append(b)
    return model, cells, switches


def cpsat_core(board: Board, deadline: Deadline | None = None) -> list[Given] | None:
    """A minimal set of givens that cannot all hold (CP-SAT assumptions), or ``None`` when solvable.

    CP-SAT's ``sufficient_assumptions_for_infeasibility`` is a core, not always a minimal one; it is
    shrunk by deletion like :func:`sat_core`.
    """
    from ..backends.cpsat import run_model

    deadline = deadline or Deadline(None)
    givens = board.givens()
    model, _cells, switches = cpsat_given_model(board)
    index = {b.index: i for i, b in enumerate(switches)}

    def run(subset: list[int]) -> tuple[bool, list[int]]:
        model.clear_assumptions()
        model.add_assumptions([switches[i] for i in subset])
        # one worker: assumptions and cores need it
        verdict, _proved, solver = run_model(model, deadline, workers=1)
        if verdict is None:
            raise TimeLimitReached("the time limit ended the search")
        if verdict:
            return False, []
        core = [index[abs(v)] for v in solver.sufficient_assumptions_for_infeasibility()
                if abs(v) in index]
        return True, core

    unsat, first = run(list(range(len(givens))))
    if not unsat:
        return None
    start = sorted(first) if first else list(range(len(givens)))
    if first and not run(start)[0]:
        raise SolverFailure("CP-SAT's infeasibility core is satisfiable")
    last: dict[tuple, list[int]] = {}

    def is_unsat(subset):
        result, core = run(subset)
        last[tuple(subset)] = core
        return result

    kept = shrink_core(is_unsat, start, lambda s: set(last.get(tuple(s)) or s))
    return [givens[i] for i in kept]


def core_problems(shape: Shape, core, backend: str = "cpsat") -> list[str]:
    """Why ``core`` is not a minimal unsat set of givens, checked by ``backend`` (empty list when it is).

    The core alone must have no solution; without any one of its givens it must have one (and
    that solution is checked by the independent checker).
    """
    from .solving import solve

    problems = []
    if solve(board_of(shape, core), backend).status is not Status.UNSAT:
        problems.append(f"{backend}: the core {given_names(core)} has a solution")
    for i, given in enumerate(core):
        rest = board_of(shape, core[:i] + core[i + 1:])
        status = solve(rest, backend).status
        if status is not Status.SOLVED:
            problems.append(f"{backend}: the core without {given_names([given])} is {status}, "
                            f"so {given_names([given])} is not needed")
    return problems


def minimal_core(board: Board, backend: str = "sat", deadline: Deadline | None = None,
                 check: bool = True) -> list[Given] | None:
    """A minimal core by ``backend`` (``sat[:SOLVER]`` or ``cpsat``), re-checked by the other one.

    Raises :class:`~sudoku_cp.tasks.solving.VerificationError` if the other solver disagrees.
    """
    from .solving import VerificationError

    name, _, option = backend.partition(":")
    if name == "cpsat":
        core, checker = cpsat_core(board, deadline), "sat"
    else:
        core, checker = sat_core(board, deadline, option or None), "cpsat"
    if core is not None and check:
        problems = core_problems(board.shape, core, checker)
        if problems:
            raise VerificationError("; ".join(problems))
    return core


# ---------------------------------------------------------------------------------------------


def explain(board: Board, limit: int = DEFAULT_LIMIT, backend: str = "sat",
            time_limit: float | None = None, check: bool = True) -> Explanation:
    """Explain a puzzle: ``invalid`` + conflicts, ``unsat`` + core, ``multiple`` + two solutions, ``unique``.

    ``backend`` counts the solutions (``"all"`` cross-checks); the core comes from CP-SAT when
    ``backend`` is ``cpsat``, from PySAT otherwise, and ``check`` has the other solver re-check it.
    A time limit gives status ``unknown``.
    """
    from .solving import count, validate

    if limit < 2:
        raise ValueError(f"limit {limit}: explain needs at least 2 to tell unique from multiple")
    start = time.perf_counter()
    deadline = Deadline(time_limit)
    scan = validate(board)
    if scan.status is Status.INVALID:
        return Explanation(Status.INVALID, board, conflicts=scan.conflicts,
                           time_s=time.perf_counter() - start)
    counted = count(board, limit, backend, time_limit=time_limit)
    out = Explanation(counted.status, board, solution=counted.solution, count=counted.count,
                      complete=counted.complete, backend=counted.backend, stats=counted.stats,
                      solutions=counted.solutions)
    if counted.status is Status.UNSAT:
        core_backend = "cpsat" if backend == "cpsat" else (backend if backend.startswith("sat") else "sat")
        try:
            out.core = minimal_core(board, core_backend, deadline, check)
        except TimeLimitReached:
            out.status = Status.UNKNOWN
            out.notes.append("the time limit ended the search for a minimal core")
        else:
            if out.core is None:
                raise SolverFailure("the count says unsat but the core search found a solution")
    elif counted.status is Status.MULTIPLE:
        first, second = counted.solutions[:2]
        out.solutions = counted.solutions[:2]
        out.differences = differing_cells(first, second)
    out.time_s = time.perf_counter() - start
    return out
