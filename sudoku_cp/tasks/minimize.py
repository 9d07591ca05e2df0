"""Redundant givens and minimal puzzles: which clues can go without losing uniqueness.

A puzzle with solution S is unique exactly when "the rules, its givens, and *not S*" has no model.
:class:`UniquenessOracle` keeps one session of a backend (the SAT backend unless the chosen one
can ``exclude``) loaded with the rules of the empty grid plus "not S" (guarded), and takes each
candidate set of givens as assumed facts: one incremental solver call per question, learnt
clauses kept between questions. A question that costs the loaded solver more than a small
conflict budget goes to a one-shot count of that board instead (the sat backend loads the
formula the givens simplify: faster on the hard questions of 25x25 grids).

Removing givens never removes solutions, so if dropping g from a puzzle P loses uniqueness it
does so from every smaller puzzle inside P too: one greedy pass (try each given once, drop it
when the rest stays unique) ends in a *minimal* puzzle, in which no given can be dropped.

>>> from sudoku_cp import examples
>>> result = minimize(examples.classic())
>>> result.status.value, len(result.minimal.givens()) < len(examples.classic().givens())
('unique', True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from ..backends import Backend, Deadline, Session, Unsupported, resolve
from ..core.board import Board, Given
from ..core.results import Status, TimeLimitReached
from .cores import backend_for, checkers, recheck_unique
from .explain import Explanation
from .solving import count

Progress = Callable[[str, int, "int | None"], None]  # progress(stage, done, total): how far a long task is


class UniquenessOracle:
    """Answers "is ``solution`` the only solution of these givens?" with one session of a backend.

    The session (``backend`` when it can ``exclude``, else the default SAT backend) holds the
    rules and the guarded constraint "differ from ``solution``"; each question assumes its givens
    and the guard. Where the backend cannot hold the rules in a session (SAT above 25x25: the
    full rules of a 64x64 take gigabytes), every question is a one-shot count of the board of
    its givens (:meth:`unique_fresh`), whose formula the givens keep small.

    >>> from sudoku_cp import examples
    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> solution = parse_puzzle(examples.CLASSIC_SOLUTION)
    >>> with UniquenessOracle(solution) as oracle:
    ...     oracle.unique(examples.classic().givens()), oracle.unique(solution.givens()[:10])
    (True, False)
    """

    def __init__(self, solution: Board, backend: str | Backend | None = None):
        if not solution.is_full():
            raise ValueError("the uniqueness oracle needs a full solution grid")
        self.solution = solution
        self.backend = backend_for(backend, "exclude")
        self.backend.require("incremental")
        self.blank = solution.blank()
        self.calls = 0
        self.fresh_calls = 0
        try:
            self.session: Session | None = self.backend.session(solution.rules)
        except Unsupported:  # too big to load whole: one-shot counts only
            self.session = self.guard = None
            return
        self.guard = self.session.exclude(solution, self.blank)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _ask(self, givens: Sequence[Given], deadline: Deadline | None, budget: int | None) -> bool | None:
        self.calls += 1
        assert self.session is not None, "without a session the oracle asks one-shot counts"
        return self.session.solve(list(givens), deadline or Deadline(None), budget, guards=[self.guard])

    def other_solution(self, givens: Sequence[Given], deadline: Deadline | None = None) -> Board | None:
        """A solution of ``givens`` other than :attr:`solution`, or ``None`` when there is none.

        The givens must agree with the solution (they are the solution's digits).
        """
        if self.session is None:
            return self._other_fresh(givens, deadline)
        found = self._ask(givens, deadline, None)
        if found is None:
            raise TimeLimitReached("the time limit ended the search")
        return self.session.solution(self.blank) if found else None

    def unique(self, givens: Sequence[Given], deadline: Deadline | None = None) -> bool:
        """True when :attr:`solution` is the only solution of ``givens``."""
        return self.other_solution(givens, deadline) is None

    def unique_fresh(self, givens: Sequence[Given], deadline: Deadline | None = None) -> bool:
        """:meth:`unique` asked of the backend in one shot: counting two solutions of the board
        of ``givens`` (the sat backend loads the formula the givens simplify).

        The givens settle most of the formula, so it is far smaller than the loaded one; on the
        hard questions of large grids this wins despite the encoding cost.
        """
        return self._other_fresh(givens, deadline) is None

    def _other_fresh(self, givens: Sequence[Given], deadline: Deadline | None) -> Board | None:
        """:meth:`other_solution` by a one-shot count of two solutions."""
        self.fresh_calls += 1
        deadline = deadline or Deadline(None)
        if deadline.expired():
            raise TimeLimitReached("the time limit ended the search")
        outcome = self.backend.count(self.blank.with_givens(list(givens)), 2, deadline.remaining())
        others = [s for s in outcome.solutions if s != self.solution]
        if others:
            return others[0]
        if not outcome.complete:
            raise TimeLimitReached("the time limit ended the search")
        return None

    def unique_within(self, givens: Sequence[Given], budget: int | None,
                      deadline: Deadline | None = None) -> bool | None:
        """Like :meth:`unique`, but ``None`` (undecided) when the solver spends ``budget`` conflicts.

        Some uniqueness questions about large grids (25x25 near half full) are very hard for CDCL;
        a budget lets the caller put them off instead of stalling on one of them.
        """
        if budget is None or self.session is None:
            return self.unique(givens, deadline)
        deadline = deadline or Deadline(None)
        result = self._ask(givens, deadline, budget)
        if result is None and deadline.expired():
            raise TimeLimitReached("the time limit ended the search")
        return None if result is None else not result


def redundant_givens(board: Board, oracle: UniquenessOracle, deadline: Deadline | None = None,
                     progress: Progress | None = None) -> list[Given]:
    """The givens of a unique puzzle that can each be dropped alone without losing uniqueness.

    ``progress(stage, done, total)`` hears each given tried.
    """
    givens = board.givens()
    out = []
    for i, g in enumerate(givens):
        if progress is not None:
            progress("finding redundant givens", i, len(givens))
        if oracle.unique(givens[:i] + givens[i + 1:], deadline):
            out.append(g)
    return out


BUDGET = 300  # conflicts the loaded solver may spend on one question before a fresh solver takes it


def minimal_givens(givens: Sequence[Given], oracle: UniquenessOracle,
                   groups: Sequence[Sequence[int]] | None = None, deadline: Deadline | None = None,
                   keep_at_least: int = 0, budget: int | None = BUDGET,
                   progress: Progress | None = None) -> list[Given]:
    """Drop givens group by group (each group is a list of indices into ``givens``) while unique.

    Groups default to one given each, tried in order; a group is dropped whole or not at all (the
    generator uses symmetric pairs). Stops dropping once fewer than ``keep_at_least`` would remain.
    The givens must make :attr:`UniquenessOracle.solution` unique.

    Each question goes to the loaded solver with ``budget`` conflicts; if that does not settle it,
    to a one-shot count (:meth:`UniquenessOracle.unique_fresh`), which is much faster on the
    hard questions of large grids. Every question is decided, so the
    result is minimal. ``progress(stage, done, total)`` hears each group tried.
    """
    groups = [[i] for i in range(len(givens))] if groups is None else groups
    kept = set(range(len(givens)))
    for done, group in enumerate(groups):
        if progress is not None:
            progress("removing givens", done, len(groups))
        members = [i for i in group if i in kept]
        if not members or len(kept) - len(members) < keep_at_least:
            continue
        trial = kept.difference(members)
        trial_givens = [givens[i] for i in sorted(trial)]
        verdict = oracle.unique_within(trial_givens, budget, deadline)
        if verdict is None:
            verdict = oracle.unique_fresh(trial_givens, deadline)
        if verdict:
            kept = trial
    return [givens[i] for i in sorted(kept)]


def minimize(board: Board, backend: str | Backend | list = "sat", time_limit: float | None = None,
             seed: int | None = None, progress: Progress | None = None) -> Explanation:
    """The ``redundant`` givens of a unique puzzle and a minimal puzzle with the same solution.

    ``backend`` checks uniqueness first; the oracle is its session when it can ``exclude``, else
    the default SAT backend's. The minimal puzzle is re-checked by the chosen backend when it did
    not do the work, else by another kind (sat <-> cpsat). The givens are tried in row-major
    order, or shuffled by ``seed``. A puzzle that is not unique keeps its status (``invalid``,
    ``unsat``, ``multiple``) and nothing is minimized. ``progress(stage, done, total)`` hears
    how far each pass is.
    """

    start = time.perf_counter()
    deadline = Deadline(time_limit)
    first = count(board, 2, backend, time_limit=deadline)  # one deadline for the whole command
    out = Explanation(first.status, board, solution=first.solution, count=first.count,
                      complete=first.complete, conflicts=first.conflicts, backend=first.backend,
                      solutions=first.solutions)
    if first.status is not Status.UNIQUE or first.solution is None:
        out.time_s = time.perf_counter() - start
        return out
    givens = board.givens()
    order = list(range(len(givens)))
    if seed is not None:
        random.Random(seed).shuffle(order)
    chosen = resolve(backend)
    try:
        with UniquenessOracle(first.solution, backend_for(chosen, "exclude")) as oracle:
            out.redundant = redundant_givens(board, oracle, deadline, progress)
            kept = minimal_givens(givens, oracle, [[i] for i in order], deadline, progress=progress)
        out.minimal = board.blank().with_givens(kept)
        recheck_unique(out.minimal, first.solution, checkers(chosen, oracle.backend),
                       deadline.remaining(), "minimal puzzle")
    except TimeLimitReached:
        out.status = Status.UNKNOWN
        out.minimal = None
        out.notes.append("the time limit ended the minimization")
    out.time_s = time.perf_counter() - start
    return out
