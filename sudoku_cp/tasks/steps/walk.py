"""The walk from the puzzle to its solution: the next step, each one checked, the steps as a page."""


from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, cast

from ...backends import Backend, Deadline, Session, Unsupported, make
from ...backends.pool import borrow, give_back
from ...core.board import Board, Fact
from ...core.check import is_solution
from ...core.results import Result, SolverFailure, Status, TimeLimitReached
from ...formats.svg import page_picture
from ...formats.text import DEFAULT_SYMBOLS
from ..solving import VerificationError, count, count_kept
from ..techniques import FINDERS
from ..techniques.base import forget_unless
from ..twin import Twin, first
from .check import over_whole_rules, verify_step
from .grid import Grid, snapshot
from .proofs import Proof, proved, raced
from .prover import Prover
from .seam import _BOTH_ENDS, _SHARED
from .step import Step, unit_name

YOUNG = 20_000       # the garbage collector's youngest pass during the steps, every this many objects (Python: 700)
AMPLE = 10  # a variant's uniqueness proof runs beside the steps while this many times the solve's time is left


class Steps(list):
    """A list of :class:`Step` from a puzzle to its solution; in a notebook, the page to step through."""

    def __init__(self, puzzle: Board, steps: Iterable[Step] = (), solution: Board | None = None):
        super().__init__(steps)
        self.puzzle = puzzle
        self.rules = puzzle.rules
        self.solution = solution
        self.complete = True  # False: a time limit ended the steps (these are the ones found)
        self.counted: Result | None = None  # the count that proved the one solution (:func:`explain_steps`)

    def difficulty(self) -> dict[str, Any] | None:
        """CONTRACT.md's ``difficulty`` (:func:`~sudoku_cp.tasks.rating.difficulty`); None when the
        steps are cut short (the rest may be harder) or the rules are not classic Sudoku's (the SE
        scale rates classic puzzles; variant techniques come with the constraint catalogue)."""
        from ..rating import difficulty  # noqa: PLC0415 (rating imports the techniques, as we do)

        return difficulty(self) if self.complete and self.rules.is_classic else None

    def techniques(self) -> dict[str, int]:
        """How often each technique was used, cheapest first: the difficulty summary."""
        used: dict[str, int] = {}
        for step in sorted(self, key=lambda s: s.cost):
            key = step.technique.split(" (")[0]  # locked candidates (pointing), finned fish (X-wing)
            key = "deduction from k constraints" if key.startswith("deduction") else key
            used[key] = used.get(key, 0) + 1
        return used

    def to_json(self) -> list[dict[str, Any]]:
        return [s.to_json(self.rules) for s in self]

    def page_data(self, symbols: str | None = None) -> dict[str, Any]:
        """What the step-through page shows: units, the grid before each step, each step's
        sentence and highlights, and the difficulty summary (plain JSON values); digits are
        written with ``symbols`` (default 1-9 then A-Z) when there are enough, else as numbers."""
        rules, n = self.rules, self.puzzle.size
        alphabet = symbols or DEFAULT_SYMBOLS
        states = replay(self.puzzle, self)
        steps = []
        for step, (cells, cands) in zip(self, states):
            data = step.to_json(rules)
            data["text"] = step.text(rules, symbols)
            data["units"] = step.constraints
            data["focus"] = step.focus
            data["arrows"] = [[list(a), list(b)] for a, b in step.arrows]
            steps.append(data)
        return {
            "size": n, "box": list(self.puzzle.box), "givens": list(self.puzzle.cells),
            "symbols": alphabet[:n] if n <= len(alphabet) else None,
            "region": list(rules.region_of),
            "units": [{"name": unit_name(rules, k), "cells": [r * n + c for r, c in u.cells]}
                      for k, u in enumerate(rules.units + rules.constraints)],
            "states": [{"cells": cells, "cands": [sorted(c) for c in cands]} for cells, cands in states],
            "steps": steps, "techniques": self.techniques(), "difficulty": self.difficulty(), "partial": not self.complete,
            "solved": bool(states[-1][0]) and 0 not in states[-1][0],
            "picture": page_picture(self.puzzle),
            "true_candidates": _true_candidates(self.puzzle),
        }

    def _repr_html_(self) -> str:
        from ...formats.steps_html import steps_page  # noqa: PLC0415 (only a notebook needs it)
        return steps_page(self, embedded=True)


PAGE_CANDIDATES_SECONDS = 10.0  # the page's true candidates are left out (null) past this


def _true_candidates(puzzle: Board) -> list[list[int]] | None:
    """Each cell's true candidates (the digits some solution puts there) for the page, row-major;
    None when the puzzle has duplicate givens or they take longer than PAGE_CANDIDATES_SECONDS."""
    from ..candidates import candidates  # noqa: PLC0415 (the page only)

    found = candidates(puzzle, time_limit=PAGE_CANDIDATES_SECONDS)
    if found.undecided or not found.digits:
        return None
    return [list(d) for d in found.digits]


def next_step(grid: Grid, prover: Prover | None = None) -> Step | None:
    """The cheapest step from ``grid``: a named technique, else a general deduction (``prover``).
    With the prover's twin, from :data:`SHARED_FROM` on, this process tries the finders from the
    front and the twin singles' what-if and then the finders from the back
    (:func:`~sudoku_cp.tasks.twin.first`: the same step); a step found
    from there on has the twin ask them of the grid it leads to at once (:meth:`Prover.ahead`)."""
    shared = _SHARED if prover is not None and prover.shares else len(FINDERS)
    for _, finder in FINDERS[:shared]:
        found = finder(grid)
        if found is not None:
            if prover is None:
                return cast(Step, found)  # built by the grid's own step methods
            prover.unwanted()
            return prover.tightened(cast(Step, found))
    if prover is None:
        return None
    asked = shared < len(FINDERS)
    if asked:  # the rest of the finders, then singles' what-if (the last position), with the twin
        named = cast(tuple, first(len(FINDERS) - shared + 1, shared_test(grid, prover), prover.twin, "finders",
                                  snapshot(grid), (), _BOTH_ENDS))  # (the last position always answers)
        if isinstance(named[1], Step):
            prover.ahead(grid, named[1].conclusion)
            return prover.tightened(named[1])
        prover.scanned(grid, named[1])
    step = prover.general(grid, asked)
    if step is not None:
        prover.ahead(grid, step.conclusion)
    return step



def shared_test(grid: Grid, prover: Prover) -> Callable[[int], Step | list[Fact] | None]:
    """The test of position p of the questions shared with a twin: the finder ``_SHARED + p``,
    and past the last, singles' what-if (:meth:`Prover.what_if`), else the candidates the whole
    rules' propagation refutes (:meth:`Prover.scanned`: the general step goes on from them)."""
    def test(p: int) -> Step | list[Fact] | None:
        if _SHARED + p < len(FINDERS):
            return cast("Step | None", FINDERS[_SHARED + p][1](grid))
        return prover.what_if(grid) or prover.scanned(grid)  # (none: what the whole rules refute, for the rest)
    return test



def twin_of(grid: Grid, prover: Prover) -> Twin | None:
    """A twin of this process for the steps from ``grid`` (where one runs: :meth:`Twin.start`):
    it tries some finders and singles' what-if (:func:`shared_test`), and some candidates of a
    case split (:meth:`Prover.splits`)."""
    def state(shot: tuple) -> None:
        grid.cells, grid.removed = list(shot[0]), set(shot[1])
        grid.refresh()

    return Twin.start({"finders": lambda: shared_test(grid, prover),
                       "cases": lambda facts, tried: prover.splits(grid, facts, tried)}, state)


@contextmanager
def fewer_collections(young: int = YOUNG) -> Iterator[None]:
    """Python's cyclic garbage collector runs its youngest pass less often while the block runs
    (every ``young`` objects made and not freed, at least): the steps make millions of short-lived
    objects, and each pass that reaches the oldest generation walks every remembered answer; on
    two published killers that was 13% and 30% of the run."""
    first, *rest = gc.get_threshold()
    gc.set_threshold(max(first, young), *rest)
    try:
        yield
    finally:
        gc.set_threshold(first, *rest)


def explain_steps(board: Board, backend: str | Backend = "sat", verify: str | Backend = "sat",
                  time_limit: float | None = None, limit: int | None = None,
                  check: bool = True, keep: bool = False, progress=None, twin: bool = True,
                  counted: Result | None = None) -> Steps:
    """The steps from ``board`` to its unique solution, each verified (``limit``: only the first few).

    ``backend`` finds the general deductions (it needs ``propagate`` and ``core``); ``verify``
    checks every step with fresh sessions and the final grid by a count. Raises
    :class:`VerificationError` if a step fails its check, :class:`NotOneSolution` (a ``ValueError``)
    unless the puzzle has exactly one solution, :class:`TimeLimitReached` at the time limit (with ``keep``, once the
    count is done: the steps found so far, ``complete`` False). ``progress(stage, done, total)``
    hears the cells filled after each step. ``twin``: a forked copy of this process asks half of
    each step's questions on a second core, where there is one (:mod:`.twin`; the same steps).
    ``counted``: a verified count that found the one solution and proved it so (``explain``'s,
    status ``unique``): the steps then make no count of their own.
    """
    deadline = Deadline(time_limit)
    finder = make(backend) if isinstance(backend, str) else backend
    checker = make(verify) if isinstance(verify, str) else verify
    # a variant's count can take seconds (a published killer's: up to 1.2 s here, 2 s before cage-sum chose
    # exactly one digit set): where a twin runs, it finds the solution and then proves it the only one while
    # this process starts the steps (the named techniques need no solution); the first step that needs it
    # waits for it, with a second solver racing the twin's (:func:`raced`), and the steps found before are
    # checked then (none is returned unchecked or unproved). With a time limit this process finds the
    # solution first, as before: the steps kept at the limit are checked ones
    if counted is not None:
        proved(counted)  # (a count up to 2 at least, with its one solution)
    proof = Proof(board, checker, time_limit) if twin and board.rules.constraints and counted is None else None
    try:
        if counted is None and (proof is None or proof.twin is None or time_limit is not None):
            # (classic rules: through a session kept between puzzles; a variant's count keeps the formula
            # its givens simplify, where a search can be long)
            counting = count_kept if board.rules.is_classic else count
            counted = counting(board, 2 if proof is None or proof.twin is None else 1, checker, time_limit=time_limit)
            if counted.status is not Status.SOLVED:
                proved(counted)
        left = deadline.remaining()
        if proof is not None and time_limit is not None and left is not None and left < AMPLE * (time_limit - left):
            proof.settle()  # (a near time limit: the proof first, not sharing the machine with the steps)
        steps = _walk(board, counted, finder, checker, deadline, limit, check, keep, progress, twin, proof)
        if proof is not None:
            proof.settle()
    except BaseException as error:
        if proof is not None and not isinstance(error, (KeyboardInterrupt, ValueError)):
            proof.settle()  # (a puzzle without one solution says so, whatever the steps ran into)
        raise
    finally:
        if proof is not None:
            proof.close()
    if proof is not None and proof.counted is not None and proof.counted.solution != steps.solution:
        raise VerificationError("the count proved another solution than the one the steps were checked against")
    steps.counted = proof.counted if proof is not None and proof.counted is not None else counted
    return steps


def _walk(board: Board, counted: Result | None, finder: Backend, checker: Backend, deadline: Deadline,
          limit: int | None, check: bool, keep: bool, progress, twin: bool, proof: Proof | None) -> Steps:
    """:func:`explain_steps`' steps from ``board``, given the solution ``counted`` found (its
    uniqueness proved already, or by ``proof`` as they run: asked between steps), or to come from
    ``proof`` (``counted`` None: the steps start without it, and are checked once it has come)."""
    forget_unless(board.rules)
    grid = Grid(board)
    grid.unique = board.rules.is_classic  # the count proved it (uniqueness steps: classic rules only)
    steps = Steps(board)
    prover = Prover(board.rules, finder, deadline)
    if twin:  # (started when a step first needs it: an easy puzzle never does)
        prover.twins = lambda: twin_of(grid, prover)
    try:  # one verifying solver for every step, each step's units switched on alone
        parts: Session | None = borrow(checker, board.rules) if check else None
    except Unsupported:
        parts = None
    whole: Session | None = None  # (and one holding the whole rules, for the steps that need them all)
    givens = board.givens()  # (what the count's solution is the only one with: :func:`verify_step`)
    prover.givens = givens
    waiting: list[tuple[int, Step]] = []  # the steps found before the solution came, to check then
    witness: Sequence[int] | None = None

    def checked(number: int, step: Step) -> None:  # raise unless ``step`` (the step ``number``) is verified
        nonlocal whole
        if not check:
            return
        if whole is None and over_whole_rules(step, board.rules) and (witness is None or not set(givens) <= set(step.premises)):
            whole = borrow(checker, board.rules, whole=True)  # (kept between puzzles, as ``parts``)
        problems = verify_step(step, board.rules, checker, parts, deadline, witness, whole, givens)
        if problems:
            raise VerificationError(f"step {number} ({step.text(board.rules)}): " + "; ".join(problems))

    def solved(found: Board) -> None:  # the solution, found: from here on the steps use it
        nonlocal witness
        # checked here: the witness that each step's premises hold together, and what a step over
        # the whole rules is checked against
        witness = found.cells if is_solution(found, board) else None
        prover.solution, steps.solution = witness, found
        for number, step in waiting:
            checked(number, step)
        waiting.clear()

    def arrived(wait: bool) -> bool:  # the solution is known (waited for, if ``wait``)
        if steps.solution is None and proof is not None:
            found = proof.solution(False) or (raced(board, proof) if wait else None)
            if found is None:
                return False
            solved(found if isinstance(found, Board) else cast(Board, found.solution))
        return steps.solution is not None

    if counted is not None:
        solved(cast(Board, counted.solution))
    else:
        prover.awaiting = lambda: arrived(True)
    with fewer_collections():
        try:
            while not grid.solved() and (limit is None or len(steps) < limit):
                if proof is not None:
                    proof.settle(wait=False)  # (a second solution ends the steps when the count finds it)
                    arrived(False)
                if deadline.expired():
                    if not keep:
                        raise TimeLimitReached("the time limit ended the steps")
                    steps.complete = False
                    return steps
                try:  # (the search for a step and its check both stop at the time limit)
                    step = next_step(grid, prover)
                    if step is None:
                        raise SolverFailure("no step found on a puzzle with a unique solution")
                    if steps.solution is None:
                        waiting.append((len(steps) + 1, step))
                    else:
                        checked(len(steps) + 1, step)
                except TimeLimitReached:
                    if not keep:
                        raise
                    steps.complete = False
                    return steps
                steps.append(step)
                grid.apply(step)
                if progress is not None:
                    progress("steps: cells filled", sum(1 for d in grid.cells if d), len(grid.cells))
            arrived(True)  # (the steps before it came are checked now)
        finally:
            prover.close()
            if parts is not None:
                give_back(checker, board.rules, parts)
            if whole is not None:
                give_back(checker, board.rules, whole, whole=True)
    if grid.solved():
        final = board.with_cells(tuple(grid.cells))
        if not is_solution(final, board) or final != steps.solution:
            raise VerificationError("the steps end at a grid that is not the puzzle's solution")
    return steps


def replay(puzzle: Board, steps: Sequence[Step]) -> list[tuple[list[int], list[set[int]]]]:
    """The grid after each step (the puzzle first): digits and candidates per cell."""
    grid = Grid(puzzle)
    states = [(list(grid.cells), [set(c) for c in grid.cands])]
    for step in steps:
        grid.apply(step)
        states.append((list(grid.cells), [set(c) for c in grid.cands]))
    return states

