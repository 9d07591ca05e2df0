"""Fix a puzzle: the fewest givens to remove so that it has a solution, or givens to add so that it is unique.

- **remove** (invalid or unsat puzzles): the most givens that hold together, by a backend with
  the ``optimize`` capability (the chosen one, else the default): with the SAT backend, MaxSAT
  with PySAT's RC2 (the rules of the empty grid hard, each given a soft unit clause of weight 1;
  an optimum falsifies the fewest givens, which is a *smallest* set to remove); CP-SAT finds the
  same optimum by maximising the kept givens (:func:`fewest_removals`).
- **add** (multi-solution puzzles): first every single added given is tried, then every pair
  (:class:`FewGivens`): the first that leaves exactly one solution is the answer, proved fewest.
  When none does, at least 3 are needed, and cells are fixed to the digits of one solution S
  (each of the first ``targets`` solutions found is tried as S, and the fewest additions win).
  Implicit hitting sets: every other solution found differs from S on a set of cells, and the
  added cells must hit each such set; RC2 finds a smallest hitting set (``backends.hitting_set``),
  the uniqueness oracle
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

from ..backends import Backend, Deadline, Unsupported, hitting_set, resolve
from ..core.board import Board, Fact, Given
from ..core.check import find_conflicts, solution_problems
from ..core.results import SolverFailure, Status, TimeLimitReached
from .cores import backend_for, checkers, recheck_unique
from .explain import Explanation, differing_cells
from .minimize import Progress, UniquenessOracle
from .solving import count, validate

MAX_ROUNDS = 300  # hitting-set rounds before falling back to the greedy choice
TARGETS = 20  # solutions tried as the one an ``add`` repair keeps
PAIR_CALLS = 50_000  # solver calls the search for two added givens may make before giving up


class NoRepair(ValueError):
    """No removal of givens helps: the variant rules have no solution even on the empty grid."""


def fewest_removals(board: Board, backend: str | Backend = "sat",
                   deadline: Deadline | None = None) -> tuple[list[Given], Board, bool]:
    """A smallest list of givens whose removal leaves a solvable puzzle, a solution of the rest,
    and whether the backend proved it smallest: ``backend.maximize`` (the ``optimize``
    capability; sat: MaxSAT with RC2, cpsat: maximise the kept givens). :class:`NoRepair` when
    the rules themselves have no solution.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> removed, solution, proved = fewest_removals(parse_puzzle("1........4....23"))
    >>> len(removed), solution.is_full(), proved
    (1, True, True)
    """
    finder = backend_for(backend, "optimize")
    removed, solution, proved = finder.maximize(board, deadline or Deadline(None))
    if solution is None:
        if board.rules.is_classic:  # every classic grid has solutions: the solver is wrong
            raise SolverFailure(f"{finder.name} found the rules of the empty grid unsatisfiable")
        raise NoRepair(f"the rules ({board.rules.name} on a {board.shape}) have no solution even with "
                       f"every given removed (by {finder.name}): no removal of givens repairs it")
    rest = board.with_givens([(r, c, 0) for r, c, _ in removed])
    problems = solution_problems(solution, rest)
    if problems:
        raise SolverFailure(f"{finder.name}'s optimum is not a solution: {'; '.join(problems[:3])}")
    return removed, solution, proved


class FewGivens:
    """Search for one or two givens whose addition leaves ``board`` exactly one solution.

    One session of ``backend`` (``exclude`` capability) answers every question. The solutions
    found along the way (``known``, seeded by the caller) prune the trials without asking the
    solver: a set of added givens held by two known solutions keeps both, so it cannot work. A
    set held by exactly one known solution S works exactly when "differ from S" (a guarded
    :meth:`~sudoku_cp.backends.Session.exclude`) is then unsat; a set no known solution holds is
    first asked for a solution at all. Each new solution joins the known ones (a bit per
    solution in a mask per candidate given, so a pair is judged by one AND).

    >>> from sudoku_cp.backends import make
    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> board = parse_puzzle("12..34....12....")   # two solutions
    >>> with FewGivens(board, [], make("sat")) as search:
    ...     (r, c, d), = search.single()[0]
    >>> board[r, c] == 0
    True
    """

    def __init__(self, board: Board, known: Sequence[Board], backend: Backend,
                 deadline: Deadline | None = None, progress: Progress | None = None):
        self.board, self.deadline, self.progress = board, deadline or Deadline(None), progress
        n = board.size
        self.givens = board.givens()
        peers = board.rules.peers
        self.trials: list[Fact] = [(i // n, i % n, d) for i, v in enumerate(board.cells) if v == 0
                                   for d in sorted(set(range(1, n + 1)) - {board.cells[j] for j in peers[i]})]
        self.slot = {(r * n + c, d): t for t, (r, c, d) in enumerate(self.trials)}
        self.masks = [0] * len(self.trials)
        self.known: list[Board] = []
        self.guards: dict[int, object] = {}
        self.session = backend.session(board.rules)
        self.calls = 0
        for solution in known:
            if solution.is_full():
                self._learn(solution)

    def close(self) -> None:
        self.session.close()

    def __enter__(self) -> FewGivens:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _learn(self, solution: Board) -> None:
        bit = 1 << len(self.known)
        self.known.append(solution)
        for i, v in enumerate(self.board.cells):
            if v == 0:
                self.masks[self.slot[i, solution.cells[i]]] |= bit

    def _ask(self, facts: list[Fact], guard=None) -> bool:
        self.calls += 1
        found = self.session.solve(self.givens + facts, self.deadline,
                                   guards=[] if guard is None else [guard])
        if found is None:
            raise TimeLimitReached("the time limit ended the search")
        return found

    def _settle(self, ts: Sequence[int]) -> Board | None:
        """The one solution holding the trials ``ts`` when there is exactly one, else ``None``."""
        facts = [self.trials[t] for t in ts]
        while True:
            held = self.masks[ts[0]]
            for t in ts[1:]:
                held &= self.masks[t]
            if held & (held - 1):  # two known solutions hold them all
                return None
            if not held:
                if not self._ask(facts):
                    return None  # no solution holds them all
                self._learn(self.session.solution(self.board))
                continue
            k = held.bit_length() - 1
            if k not in self.guards:
                self.guards[k] = self.session.exclude(self.known[k], self.board)
            if not self._ask(facts, self.guards[k]):
                return self.known[k]
            self._learn(self.session.solution(self.board))

    def single(self) -> tuple[list[Given], Board] | None:
        """One given that makes the puzzle unique, with its solution; ``None`` when none does."""
        for t in range(len(self.trials)):
            if self.progress is not None and t % 16 == 0:
                self.progress("trying each single given", t, len(self.trials))
            solution = self._settle([t])
            if solution is not None:
                return [self.trials[t]], solution
        return None

    def pair(self, max_calls: int | None = None) -> tuple[tuple[list[Given], Board] | None, bool]:
        """Two givens that make the puzzle unique with their solution (or ``None``), and whether
        the search was complete: ``(None, True)`` proves no two givens do (when no single one
        does either, 3 is the fewest); ``max_calls`` solver calls end it early."""
        trials, masks, n = self.trials, self.masks, self.board.size
        peers = self.board.rules.peers
        limit = None if max_calls is None else self.calls + max_calls
        for t1, (r1, c1, d1) in enumerate(trials):
            if self.progress is not None:
                self.progress("trying each pair of givens", t1, len(trials))
            if self.deadline.expired():
                raise TimeLimitReached("the time limit ended the search")
            near = peers[r1 * n + c1]
            for t2 in range(t1 + 1, len(trials)):
                r2, c2, d2 = trials[t2]
                if (r2, c2) == (r1, c1) or (d2 == d1 and r2 * n + c2 in near):
                    continue
                held = masks[t1] & masks[t2]
                if held & (held - 1):
                    continue
                if limit is not None and self.calls >= limit:
                    return None, False
                solution = self._settle([t1, t2])
                if solution is not None:
                    return ([trials[t1], trials[t2]], solution), True
        return None, True


def givens_to_add(board: Board, solution: Board, others: Sequence[Board] = (),
                  max_rounds: int = MAX_ROUNDS, deadline: Deadline | None = None,
                  backend: str | Backend | None = None) -> tuple[list[Given], bool]:
    """Givens from ``solution`` that make ``board`` unique, and whether their number is the minimum.

    ``others`` are known solutions other than ``solution`` (they seed the difference sets);
    ``backend`` is the oracle's (:class:`~sudoku_cp.tasks.minimize.UniquenessOracle`).
    """
    n = board.size
    givens = board.givens()
    sets = [{r * n + c for r, c in differing_cells(solution, o)} for o in others]
    sets = [s for s in sets if s]

    def cells_as_givens(cells) -> list[Given]:
        return [(i // n, i % n, solution.cells[i]) for i in sorted(cells)]

    with UniquenessOracle(solution, backend) as oracle:
        for _ in range(max_rounds):
            chosen = hitting_set(sets, deadline) if sets else []
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


def repair(board: Board, backend: str | Backend | list = "sat", time_limit: float | None = None,
           max_rounds: int = MAX_ROUNDS, verify_backend: str | None = None,
           targets: int = TARGETS, pair_calls: int | None = PAIR_CALLS,
           progress: Progress | None = None) -> Explanation:
    """Repair a puzzle: ``remove`` for invalid/unsat, ``add`` for multiple, nothing for unique.

    ``backend`` counts; removals come from it when it can ``optimize`` and additions from its
    session when it can ``exclude``, else from the default SAT backend. The status is the
    original puzzle's; ``repaired`` is the fixed puzzle and ``solution`` its solution, checked by
    the independent checker (and, after ``add``, uniqueness re-checked by ``verify_backend``:
    by default the chosen backend when it did not do the work, else another kind, sat <->
    cpsat). For ``add``, up to ``targets`` solutions are each tried as the one to
    keep and the fewest additions win; ``stats["optimal"]`` says the number is the minimum for the
    kept solution, ``stats["global_minimum"]`` that it is the minimum over all solutions (true when
    every solution was among the targets, or when 2 givens suffice and no single one does);
    ``stats["lower_bound"]`` is the fewest additions proved necessary: 1; 2 when every single
    given was tried and none made the puzzle unique; 3 when every pair was tried too (the pair
    search gives up after ``pair_calls`` solver calls, leaving 2). ``progress(stage, done, total)``
    hears how far the add search is.
    """

    start = time.perf_counter()
    deadline = Deadline(time_limit)
    chosen = resolve(backend)
    if find_conflicts(board):
        first = validate(board)  # the duplicate scan: no solver runs
        status = Status.INVALID
    else:
        first = count(board, max(2, targets), chosen, time_limit=deadline)
        status = first.status
    out = Explanation(status, board, conflicts=find_conflicts(board),
                      backend=first.backend if first else None)
    try:
        if status in (Status.INVALID, Status.UNSAT):
            finder = backend_for(chosen, "optimize")
            try:
                out.remove, out.solution, optimal = fewest_removals(board, finder, deadline)
            except NoRepair as exc:  # nothing to remove can help: said, and no repaired puzzle
                out.notes.append(str(exc))
                out.time_s = time.perf_counter() - start
                return out
            out.repaired = board.with_givens([(r, c, 0) for r, c, _ in out.remove])
            out.stats = {"optimal": optimal, "method": "maximize kept givens", "found_by": finder.name}
        elif status is Status.MULTIPLE:
            out.solutions = first.solutions[:2]
            out.differences = differing_cells(*first.solutions[:2])
            worker = backend_for(chosen, "exclude")
            try:
                search = FewGivens(board, first.solutions, worker, deadline, progress)
            except Unsupported as exc:  # SAT above 25x25: said, not swapped for a backend nobody chose
                out.notes.append(f"no givens added: the search for them holds the whole rules in one "
                                 f"solver, and {exc} (--backend cpsat can hold them)")
                out.time_s = time.perf_counter() - start
                return out
            with search:
                few, lower = search.single(), 1
                if few is None:
                    few, complete = search.pair(pair_calls)
                    lower = 3 if few is None and complete else 2
            if few is not None:
                out.add, out.solution = few
                optimal = global_minimum = True
                method = "single given" if lower == 1 else "pair of givens"
            else:
                best = None
                tried = first.solutions[:targets]
                for k, target in enumerate(tried):  # each solution found is a candidate
                    if progress is not None:
                        progress("fewest givens per kept solution", k, len(tried))
                    others = first.solutions[:k] + first.solutions[k + 1:]
                    added, optimal = givens_to_add(board, target, others, max_rounds, deadline, worker)
                    if best is None or (len(added), not optimal) < (len(best[0]), not best[1]):
                        best = (added, optimal, target)
                assert best is not None, "a multiple puzzle has solutions to try"
                out.add, optimal, out.solution = best
                # fewer than ``lower`` givens cannot work: reaching it proves the fewest
                global_minimum = len(out.add) <= lower or (optimal and bool(first.complete)
                                                           and len(first.solutions) <= targets)
                method = "implicit-hitting-set" if optimal else "greedy, locally minimal"
            out.repaired = board.with_givens(out.add)
            check = recheck_unique(out.repaired, out.solution, verify_backend or checkers(chosen, worker),
                                   deadline.remaining(), "repaired puzzle")
            out.stats = {"optimal": optimal, "global_minimum": global_minimum,
                         "lower_bound": lower,
                         "targets": min(targets, len(first.solutions)),
                         "method": method, "verified_by": check.backend}
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
