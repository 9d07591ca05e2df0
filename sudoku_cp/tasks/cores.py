"""The toolkit the explaining commands share, written over the solver seam (``backends``).

- :func:`minimal_core`: a minimal set of givens that cannot all hold, by any backend with the
  ``core`` capability (SAT and CP-SAT alike): the givens are assumed as facts in one session
  loaded with the rules, the solver's core is shrunk by deletion (:func:`shrink_core`), each
  later core of the solver refining the search;
- :func:`core_problems`: the same core re-checked by another backend;
- :func:`recheck_unique`: "is this puzzle unique, with this solution?" asked of a second backend,
  which minimize, repair and generate do before they answer;
- :func:`checkers`: which backends re-check the work of another.

>>> from sudoku_cp.backends import make
>>> from sudoku_cp.formats.text import parse_puzzle
>>> minimal_core(parse_puzzle("1........4....23"), make("sat"))  # box 3: only r3c1 left for 2 and 3
[(2, 1, 4), (3, 2, 2), (3, 3, 3)]
>>> minimal_core(parse_puzzle("1..............."), make("sat"))  # solvable: no core
>>> minimal_core(parse_puzzle("1........4....23"), make("cpsat"))
[(2, 1, 4), (3, 2, 2), (3, 3, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence

from ..backends import (
    DEFAULT,
    Backend,
    Deadline,
    Session,
    capable,
    resolve,
    second_opinion,
)
from ..constraints import alone
from ..core.board import Board, Fact, Given, cell_name
from ..core.results import Result, SolverFailure, Status, TimeLimitReached
from .solving import count, solve


def given_names(givens) -> str:
    """``r1c3=4, r2c2=1`` for people.

    >>> given_names([(0, 2, 4), (1, 1, 1)])
    'r1c3=4, r2c2=1'
    """
    return ", ".join(f"{cell_name(r, c)}={d}" for r, c, d in givens)


def backend_for(backend: str | Sequence[str | Backend] | Backend | None, capability: str) -> Backend:
    """The chosen backend when it has ``capability``, else the default one (:func:`backends.capable`)."""
    return capable(resolve(DEFAULT if backend is None else backend), capability)


def checkers(chosen: str | Sequence[str] | Backend | list[Backend] | None, worker: Backend) -> list[Backend]:
    """Who re-checks ``worker``'s work: the chosen backends other than ``worker``, else a
    :func:`second opinion <sudoku_cp.backends.second_opinion>` (sat <-> cpsat)."""
    chosen = [] if chosen is None else resolve(chosen)
    others = [b for b in chosen if b is not worker and type(b) is not type(worker)]
    return others or [second_opinion(worker)]


def decided(session: Session, facts: Sequence[Fact], deadline: Deadline) -> bool:
    """``session.solve``; :class:`TimeLimitReached` when the deadline ends it first."""
    found = session.solve(facts, deadline)
    if found is None:
        raise TimeLimitReached("the time limit ended the search")
    return found


def shrink_core(is_unsat, core: list, refine=None) -> list:
    """Deletion-based shrinking: drop each member in turn while the rest stays unsat.

    ``is_unsat(subset)`` decides a subset; ``refine(subset)`` may return a smaller unsat subset
    found by the solver (its own core), which is kept. Members found necessary stay necessary in
    every unsat subset that holds them, so one pass gives a minimal core.

    Without ``refine``, ``is_unsat`` must be monotone (a superset of an unsat subset is unsat, as
    for propagation and for a complete search): runs of members are then dropped at once, the run
    doubling after each drop and halving after each failure. Each member a dropped run holds would
    have been dropped alone, so the answer is the one member by member gives, in fewer questions
    when few members stay (a what-if's premises: about 10 of 170 facts).

    >>> shrink_core(lambda s: {2, 5} <= set(s), [1, 2, 3, 5, 8])
    [2, 5]
    """
    kept = list(core)
    i, run = 0, 1
    while i < len(kept):
        run = 1 if refine else min(run, len(kept) - i)
        trial = kept[:i] + kept[i + run:]
        if is_unsat(trial):
            smaller = refine(trial) if refine else None
            kept = [x for x in trial if smaller is None or x in smaller]
            run *= 2
        elif run > 1:
            run //= 2
        else:
            i += 1
    return kept


def minimal_core(board: Board, backend: Backend, deadline: Deadline | None = None) -> list[Given] | None:
    """A minimal set of givens that cannot all hold, or ``None`` when the puzzle has a solution.

    One session of ``backend`` (which needs the ``core`` capability) holds the rules; the givens
    are assumed as facts. The solver's core (not always minimal) is shrunk by deletion, each
    answer's own core refining the rest. :class:`TimeLimitReached` when ``deadline`` ends it.
    """
    backend.require("core")
    deadline = deadline or Deadline(None)
    givens = board.givens()
    with backend.session(board.rules) as session:
        if decided(session, givens, deadline):
            return None

        def solver_core() -> set[Fact] | None:
            return set(session.core()) or None

        first = solver_core()
        start = [g for g in givens if first is None or g in first]
        if len(start) < len(givens) and decided(session, start, deadline):
            raise SolverFailure(f"{backend.name}'s core {given_names(start)} has a solution")
        return shrink_core(lambda s: not decided(session, s, deadline), start, lambda s: solver_core())


def rules_core(board: Board, backend: Backend, deadline: Deadline | None = None) -> list | None:
    """A minimal set of the rules' constraints that cannot all hold with the board's givens (the
    empty grid's, or a core's): without any one of them the rest, with the units and the givens,
    has a solution; None when there is a solution, or the units and givens alone have none."""
    from ..core.rules import Rules

    rules = board.rules
    deadline = deadline or Deadline(None)

    def unsat(kept) -> bool:
        part = Rules(rules.shape, rules.units, tuple(alone(c, rules) for c in kept), "part")
        left = deadline.remaining()
        found = backend.count(Board.unchecked(rules.shape, board.cells, part), 1, left)
        if not found.complete and not found.solutions:
            raise TimeLimitReached("the time limit ended the search for the constraints' core")
        return not found.solutions

    if not rules.constraints or not unsat(rules.constraints) or unsat(()):
        return None
    return shrink_core(unsat, list(rules.constraints))


def core_problems(board: Board, core: Sequence[Given], backend: str | Backend,
                  deadline: Deadline | None = None) -> list[str]:
    """Why ``core`` is not a minimal unsat set of givens, checked by ``backend`` (empty when it is).

    The core alone (under ``board``'s rules) must have no solution; without any one of its givens
    it must have one (and that solution is checked by the independent checker).
    :class:`TimeLimitReached` when ``deadline`` ends the re-check first.
    """

    core = list(core)
    name = backend if isinstance(backend, str) else backend.name
    problems = []

    def status_of(givens) -> Status:
        status = solve(board.blank().with_givens(givens), backend, time_limit=deadline).status
        if status is Status.UNKNOWN:
            raise TimeLimitReached(f"the time limit ended {name}'s re-check of the core")
        return status

    if status_of(core) is not Status.UNSAT:
        problems.append(f"{name}: the core {given_names(core)} has a solution")
    for i, given in enumerate(core):
        status = status_of(core[:i] + core[i + 1:])
        if status is not Status.SOLVED:
            problems.append(f"{name}: the core without {given_names([given])} is {status}, "
                            f"so {given_names([given])} is not needed")
    return problems


def recheck_unique(board: Board, solution: Board, backend, time_limit: float | None = None,
                   what: str = "puzzle") -> Result:
    """Re-check with ``backend`` (a name, a list, or backends) that ``board`` is unique with ``solution``.

    Returns that backend's answer; :class:`SolverFailure` when it says otherwise,
    :class:`TimeLimitReached` when the time limit leaves it undecided.
    """

    check = count(board, 2, backend, time_limit=time_limit)
    if check.status is Status.UNKNOWN:
        raise TimeLimitReached(f"the time limit ended {check.backend}'s re-check of the {what}")
    if check.status is not Status.UNIQUE or check.solution != solution:
        raise SolverFailure(f"{check.backend} says the {what} is {check.status}, "
                            f"not unique with the same solution")
    return check


__all__ = ["backend_for", "checkers", "core_problems", "decided", "given_names", "minimal_core",
           "recheck_unique", "shrink_core"]
