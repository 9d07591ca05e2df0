"""Fix a puzzle: the fewest givens to remove so that it has a solution, or givens to add so that it is unique.

- **remove** (invalid or unsat puzzles): MaxSAT with PySAT's RC2. The rules of the empty grid
  (``complete`` encoding) are hard clauses, each given a soft unit clause of weight 1; an optimum
  falsifies the fewest givens, which is a *smallest* set to remove (:func:`maxsat_removal`).
  :func:`cpsat_removal` finds the same optimum with CP-SAT (maximise kept givens) for cross-checks.
- **add** (multi-solution puzzles): cells fixed to the digits of one solution S (each of the first
  ``targets`` solutions found is tried as S, and the fewest additions win).
  Implicit hitting sets: every other solution found differs from S on a set of cells, and the
  added cells must hit each such set; RC2 finds a smallest hitting set, the uniqueness oracle
  either accepts it or returns a new solution whose difference set joins the others. When the
  loop ends the answer is the *minimum number of cells fixed to S's digits* (``optimal`` true);
  when every solution was a target this is the minimum over all (``global_minimum`` true). If ``max_rounds`` stops it first, a greedy choice
  pruned to a locally minimal set is returned instead (no added given can be dropped; ``optimal``
  false).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> r = repair(parse_puzzle("11.............."))   # two 1s in row 1
>>> r.status.value, len(r.remove), r.repaired.givens() != []
('invalid', 1, True)
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from ..backends.base import Deadline
from ..core.board import Board, Given
from ..core.check import find_conflicts, solution_problems
from ..core.results import SolverFailure, Status
from ..core.results import TimeLimitReached
from .explain import Explanation, differing_cells

MAX_ROUNDS = 300  # hitting-set rounds before falling back to the greedy choice
TARGETS = 20  # solutions tried as the one an ``add`` repair keeps


def maxsat_removal(board: Board) -> tuple[list[Given], Board]:
    """A smallest list of givens whose removal leaves a solvable puzzle, and a solution of the rest (RC2).

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> removed, solution = maxsat_removal(parse_puzzle("1........4....23"))
    >>> len(removed), solution.is_full()
    (1, True)
    """
    from ..backends.sat import maxsat
    from ..model.cnf import decode, encode_rules, var

    n = board.size
    givens = board.givens()
    model = maxsat(encode_rules(board.shape, "complete").clauses,
                   [[var(n, r, c, d)] for r, c, d in givens])
    if model is None:
        raise SolverFailure("RC2 found the rules of the empty grid unsatisfiable")
    true = {lit for lit in model if lit > 0}
    removed = [g for g in givens if var(n, *g) not in true]
    rest = board.with_givens([(r, c, 0) for r, c, _ in removed])
    solution = decode(model, rest)
    problems = solution_problems(solution, rest)
    if problems:
        raise SolverFailure(f"RC2's model is not a solution: {'; '.join(problems[:3])}")
    return removed, solution


def cpsat_removal(board: Board, time_limit: float | None = None) -> tuple[list[Given], bool]:
    """The fewest givens to remove, by CP-SAT maximising the kept givens; and whether proved optimal."""
    from ..backends.cpsat import run_model
    from .explain import cpsat_given_model

    model, _cells, switches = cpsat_given_model(board)
    model.maximize(sum(switches))
    verdict, optimal, solver = run_model(model, Deadline(time_limit), workers=1)
    if not verdict:
        raise TimeLimitReached("CP-SAT found no assignment within the time limit")
    givens = board.givens()
    removed = [g for g, b in zip(givens, switches) if not solver.boolean_value(b)]
    return removed, optimal


def _min_hitting_set(sets: list[set[int]]) -> list[int]:
    """A smallest set of cell indices meeting every set (RC2; cells are variables index + 1)."""
    from ..backends.sat import maxsat

    cells = sorted(set().union(*sets))
    model = maxsat([[i + 1 for i in sorted(s)] for s in sets], [[-(i + 1)] for i in cells])
    chosen = {lit - 1 for lit in model if lit > 0}
    return [i for i in cells if i in chosen]


def givens_to_add(board: Board, solution: Board, others: Sequence[Board] = (),
                  max_rounds: int = MAX_ROUNDS, deadline: Deadline | None = None,
                  solver: str | None = None) -> tuple[list[Given], bool]:
    """Givens from ``solution`` that make ``board`` unique, and whether their number is the minimum.

    ``others`` are known solutions other than ``solution`` (they seed the difference sets).
    """
    from .minimize import UniquenessOracle

    n = board.size
    givens = board.givens()
    sets = [{r * n + c for r, c in differing_cells(solution, o)} for o in others]
    sets = [s for s in sets if s]

    def cells_as_givens(cells) -> list[Given]:
        return [(i // n, i % n, solution.cells[i]) for i in sorted(cells)]

    with UniquenessOracle(solution, solver) as oracle:
        for _ in range(max_rounds):
            chosen = _min_hitting_set(sets) if sets else []
            other = oracle.other_solution(givens + cells_as_givens(chosen), deadline)
            if other is None:
                return cells_as_givens(chosen), True
            sets.append({r * n + c for r, c in differing_cells(solution, other)})
        # Greedy fallback: fix the cell met by most difference sets until unique, then prune.
        added: set[int] = set()
        while True:
            other = oracle.other_solution(givens + cells_as_givens(added), deadline)
            if other is None:
                break
            diff = {r * n + c for r, c in differing_cells(solution, other)}
            sets.append(diff)
            added.add(max(diff, key=lambda i: (sum(i in s for s in sets), -i)))
        for i in sorted(added):
            if oracle.unique(givens + cells_as_givens(added - {i}), deadline):
                added.discard(i)
        return cells_as_givens(added), False


def repair(board: Board, backend: str = "sat", time_limit: float | None = None,
           max_rounds: int = MAX_ROUNDS, verify_backend: str = "cpsat",
           targets: int = TARGETS) -> Explanation:
    """Repair a puzzle: ``remove`` for invalid/unsat, ``add`` for multiple, nothing for unique.

    The status is the original puzzle's; ``repaired`` is the fixed puzzle and ``solution`` its
    solution, checked by the independent checker (and, after ``add``, uniqueness re-checked by
    ``verify_backend``). For ``add``, up to ``targets`` solutions are each tried as the one to
    keep and the fewest additions win; ``stats["optimal"]`` says the number is the minimum for the
    kept solution, ``stats["global_minimum"]`` that it is the minimum over all solutions (true when
    every solution was among the targets).
    """
    from .solving import count

    start = time.perf_counter()
    deadline = Deadline(time_limit)
    if find_conflicts(board):
        first = None
        status = Status.INVALID
    else:
        first = count(board, max(2, targets), backend, time_limit=time_limit)
        status = first.status
    out = Explanation(status, board, conflicts=find_conflicts(board),
                      backend=first.backend if first else None)
    try:
        if status in (Status.INVALID, Status.UNSAT):
            out.remove, out.solution = maxsat_removal(board)
            out.repaired = board.with_givens([(r, c, 0) for r, c, _ in out.remove])
            out.stats = {"optimal": True, "method": "maxsat-rc2"}
        elif status is Status.MULTIPLE:
            out.solutions = first.solutions[:2]
            out.differences = differing_cells(*first.solutions[:2])
            best = None
            for k, target in enumerate(first.solutions[:targets]):  # each solution found is a candidate
                others = first.solutions[:k] + first.solutions[k + 1:]
                added, optimal = givens_to_add(board, target, others, max_rounds, deadline)
                if best is None or (len(added), not optimal) < (len(best[0]), not best[1]):
                    best = (added, optimal, target)
            out.add, optimal, out.solution = best
            out.repaired = board.with_givens(out.add)
            check = count(out.repaired, 2, verify_backend, time_limit=deadline.remaining())
            if check.status is not Status.UNIQUE or check.solution != out.solution:
                raise SolverFailure(f"{check.backend} says the repaired puzzle is {check.status}")
            out.stats = {"optimal": optimal, "global_minimum": optimal and bool(first.complete)
                         and len(first.solutions) <= targets,
                         "targets": min(targets, len(first.solutions)),
                         "method": "implicit-hitting-set" if optimal else "greedy, locally minimal",
                         "verified_by": check.backend}
        elif status is Status.UNIQUE:
            out.solution, out.remove, out.add, out.repaired = first.solution, [], [], board
        else:
            out.status = Status.UNKNOWN
    except TimeLimitReached:
        out.status = Status.UNKNOWN
        out.notes.append("the time limit ended the repair")
    if out.solution is not None and out.repaired is not None:
        problems = solution_problems(out.solution, out.repaired)
        if problems:
            raise SolverFailure(f"repaired solution fails the check: {'; '.join(problems[:3])}")
    out.time_s = time.perf_counter() - start
    return out
