"""The count that proves one solution, beside the steps (a twin), and the race for its solution."""


from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import cast

from ...backends import Backend, Deadline, Unsupported, make
from ...core.board import Board
from ...core.results import Result, Status, TimeLimitReached
from ..solving import Sessions, answer
from ..twin import Failed, Twin


class NotOneSolution(ValueError):
    """The puzzle has no solution, or more than one: steps need exactly one."""


def proved(counted: Result) -> None:
    """Raise unless ``counted`` (a count up to 2) found exactly one solution: :class:`TimeLimitReached`
    when the time limit ended it, else :class:`NotOneSolution`."""
    if counted.status is Status.UNKNOWN:
        raise TimeLimitReached("the time limit ended the count before the steps")
    if counted.status is not Status.UNIQUE:
        raise NotOneSolution(f"the puzzle is {counted.status.value}: steps need exactly one solution")


class Proof:
    """The count that proves a puzzle has one solution, in a twin (:class:`~sudoku_cp.tasks.twin.Twin`)
    while the steps start: first one solution (:meth:`solution`), then, on the same solver, that no
    other exists (:meth:`settle`); :attr:`twin` None where none runs (then the caller counts)."""

    def __init__(self, board: Board, checker: Backend, time_limit: float | None):
        sessions = Sessions()  # (opened in the twin: the proof goes on from what the first search learnt)
        deadline = Deadline(time_limit)  # (one for both questions; a point in time, the same in the twin)

        def counting(limit: int) -> Callable[[int], Result]:
            return lambda p: answer(board, [checker], limit, True, deadline, sessions)
        self.twin = Twin.start({"count": counting}, lambda shot: None)
        self.found: Result | None = None  # the count up to one solution
        self.counted: Result | None = None  # the count up to two: the proof
        if self.twin is not None:
            self.twin.ask("count", None, (1,), [0])

    def solution(self, wait: bool = True) -> Result | None:
        """The count up to one solution (None while it runs, unless ``wait``); once it has found one,
        the twin goes on to the proof."""
        if self.found is None and self.twin is not None and (wait or self.twin.ready()):
            _, found = self.twin.answer()
            if isinstance(found, Failed):
                self.close()
                raise found.error
            self.found = found
            if found.status is Status.SOLVED:
                self.twin.ask("count", None, (2,), [0])
            else:  # (no solution, or the time limit: nothing to go on with)
                self.counted = found
                self.close()
                proved(found)
        return self.found

    def settle(self, wait: bool = True) -> None:
        """Read the count (when it is done, unless ``wait``) and raise unless it proved one solution
        (:func:`proved`)."""
        if self.counted is None and self.twin is not None:
            self.solution(wait)  # (first the solution: a count that found none ends here, closed)
        if self.found is not None and self.twin is not None and (wait or self.twin.ready()):
            _, found = self.twin.answer()
            self.close()
            if isinstance(found, Failed):
                raise found.error
            # the counters of both searches (a variant's explain answers the count with them)
            first = self.found.stats or {}
            self.counted = replace(found, stats={k: v + first.get(k, 0) for k, v in (found.stats or {}).items()})
        if self.counted is not None:
            proved(self.counted)

    def close(self) -> None:
        if self.twin is not None:
            self.twin.close()
            self.twin = None


RACER = "sat:glucose3"  # the solver that looks for the solution here while a twin's count does (another search)
RACE_CONFLICTS = 2000  # its conflicts between two looks at the twin


def raced(board: Board, proof: Proof) -> Board | Result:
    """The solution from whichever finds it first: ``proof``'s twin (its count, a :class:`Result`)
    or a second solver here (:data:`RACER`, a search unlike the twin's: on a published killer one
    took 1.2 s where the other took 0.1 s), in slices of :data:`RACE_CONFLICTS` conflicts with a
    look at the twin between two. Uniqueness is the twin's to prove either way."""
    try:
        racing = make(RACER).session(board.rules, stats=False)
    except Unsupported:  # (rules too big to load whole: the twin's count alone)
        return cast(Result, proof.solution(True))
    with racing as racer:
        givens = board.givens()
        while True:
            found = proof.solution(False)
            if found is not None:
                return found
            answered = racer.solve(givens, budget=RACE_CONFLICTS)
            if answered:
                return racer.solution(board)
            if answered is False:  # (no solution: the twin's count says so, and how)
                return cast(Result, proof.solution(True))


