"""True candidates: the digits each cell holds in at least one solution, and how many solutions use each.

Pencil marks (``core/candidates.py``) are what the filled cells rule out at a glance; *true
candidates* are what the puzzle's solutions allow: digit d is a true candidate of a cell when
some solution puts d there. A unique puzzle's true candidates are its solution, one digit a
cell; a puzzle with no solution has none. Beside each true candidate stands the number of
solutions that use it, counted up to ``limit`` (capped: ``complete`` false when the cap, or the
time limit, stopped the count), so a setter sees which cells a new given must pin.

The fast way, in one incremental solver session (the backend's :meth:`~..backends.Backend.session`,
givens assumed): the first solution marks one candidate in every cell; each pencil mark not yet
seen in a solution is then asked once, assumed true (no: not a true candidate; yes: a new
solution, which marks a digit in every cell, so each answer crosses off many questions). Counts
up to the cap ask again with the solutions found so far excluded (one guarded "differs from this
solution" clause each). A backend without sessions (``dfs``, or ``sat`` above 25x25) answers the
same questions with one count each, the candidate as an extra given. Every solution is checked by
the rules' independent checker before it counts.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> found = candidates(parse_puzzle("12..34....12...."), backend="dfs")
>>> found.status.value, found.count, found.complete, found.digits[:4]
('multiple', 2, True, [(1,), (2,), (3, 4), (3, 4)])
>>> found.counts[2], found.exact[2]
({3: 1, 4: 1}, frozenset({3, 4}))
"""

from __future__ import annotations

import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from ..backends import Backend, Deadline, Session, Unsupported, resolve
from ..core.board import Board, Cell, Fact
from ..core.candidates import candidates as pencil_marks
from ..core.check import checker, find_conflicts
from ..core.results import Result, Status
from .solving import CrossCheck, DisagreementError, Known, VerificationError, recall

DEFAULT_LIMIT = 2
FIRST_SOLUTIONS = 32  # enumerated before asking candidate by candidate (bench/bench_candidates.py)


@dataclass
class TrueCandidates(Result):
    """The true candidates of a board: per cell (row-major) its digits, their counts and which are exact.

    ``digits[i]``: the digits cell i holds in some solution (a given cell: its given; none when
    the board has no solution). ``counts[i][d]``: the solutions found with d in cell i, at most
    ``limit``; ``exact[i]``: the digits whose count is every solution using them. ``undecided``:
    facts ``(row, col, digit)`` a time limit left unasked (status ``unknown``); ``count`` and
    ``complete`` are about the solutions found, as ``count``'s are.
    """

    limit: int = DEFAULT_LIMIT
    digits: list[tuple[int, ...]] = field(default_factory=list)
    counts: list[dict[int, int]] = field(default_factory=list)
    exact: list[frozenset[int]] = field(default_factory=list)
    undecided: list[Fact] = field(default_factory=list)

    def marks(self) -> dict[Cell, tuple[int, ...]]:
        """The blank cells' true candidates, ``(row, col)`` -> digits (what the pencil-mark grid and SVG draw)."""
        if self.puzzle is None or not self.digits:
            return {}
        n = self.puzzle.size
        return {(i // n, i % n): digits for i, (digits, given) in enumerate(zip(self.digits, self.puzzle.cells))
                if not given}

    def more_json(self, symbols: str | None = None) -> dict[str, Any]:
        """The keys this answer adds to a record: ``limit``, ``candidates``, ``counts``, ``undecided``.

        ``candidates``: one list per row, one sorted list of digits per cell; ``counts``: per cell,
        per candidate, ``{"digit": d, "count": k, "complete": exact}``.
        """
        n = 0 if self.puzzle is None else self.puzzle.size
        rows: list[list[list[int]]] = []
        counts: list[list[list[dict[str, Any]]]] = []
        if self.digits:
            for r in range(n):
                cells = range(r * n, (r + 1) * n)
                rows.append([list(self.digits[i]) for i in cells])
                counts.append([[{"digit": d, "count": self.counts[i].get(d, 0), "complete": d in self.exact[i]}
                                for d in self.digits[i]] for i in cells])
        return {"limit": self.limit, "candidates": rows or None, "counts": counts or None,
                "undecided": [list(f) for f in self.undecided]}

    def to_json(self, symbols: str | None = None) -> dict[str, Any]:
        """The JSON record (CONTRACT.md's keys, then :meth:`more_json`'s)."""
        from ..formats.records import record

        return record(self, symbols)


class _Search:
    """The solutions of one board found so far, and the questions that find more.

    A question asks for a solution with digit d in cell i that is not one found already: True
    (one was found and recorded), False (none: the found ones are all of them), None (time).
    """

    def __init__(self, board: Board, backend: Backend, limit: int, deadline: Deadline, ask: bool = True):
        self.board, self.backend, self.limit, self.deadline = board, backend, limit, deadline
        n = board.size
        self.givens: list[Fact] = list(board.givens())
        self.found: list[Board] = []
        self.seen: set[tuple[int, ...]] = set()
        self.using: list[dict[int, list[int]]] = [{} for _ in range(n * n)]  # cell: digit -> found solutions
        self.exact: list[set[int]] = [set() for _ in range(n * n)]
        self.problems = checker(board.rules).problems
        self.guards: dict[int, Any] = {}  # found solution -> its "differs" guard in the session
        self.whole = False  # every solution is found
        self.session: Session | None = None
        # a session where it answers a stream of questions faster (SAT); CP-SAT's one-shot
        # count, its givens presolved away, is faster than its session (ten times, here too)
        if ask and backend.reuse_sessions and backend.can("incremental") and backend.can("exclude"):
            try:
                self.session = backend.session(board.rules, stats=False)
            except Unsupported:  # (sat above 25x25): one count per question
                self.session = None
        self.name = backend.name if self.session is None else self.session.backend

    def close(self) -> None:
        if self.session is not None:
            self.session.close()

    def add(self, solution: Board, needed: tuple[int, int] | None = None) -> bool:
        """Record a solution after the independent check; False when it was found already."""
        solution = Board.unchecked(self.board.shape, solution.cells, self.board.rules)
        wrong = self.problems(solution, self.board)
        if needed is not None and solution.cells[needed[0]] != needed[1]:
            wrong.append(f"digit {needed[1]} was assumed in cell {needed[0]} and not kept")
        if wrong:
            raise VerificationError(f"{self.name} returned a wrong solution: {'; '.join(wrong[:3])}")
        if solution.cells in self.seen:
            return False
        k = len(self.found)
        self.found.append(solution)
        self.seen.add(solution.cells)
        for i, d in enumerate(solution.cells):
            self.using[i].setdefault(d, []).append(k)
        return True

    def first(self) -> bool | None:
        """Any solution at all, then up to :data:`FIRST_SOLUTIONS` (:attr:`whole` when there are no more).

        For a unique puzzle the second question is the last: its solution is then every cell's
        one candidate; a puzzle with few solutions is enumerated whole; past that, every solution
        found has crossed off a digit in every cell.
        """
        if self.session is None:
            return self._count(self.board, None)
        found = self.session.solve(self.givens, self.deadline)
        again = found
        while again:
            if not self.add(self.session.solution(self.board)):
                raise VerificationError(f"{self.name} returned an excluded solution again")
            if len(self.found) >= FIRST_SOLUTIONS:
                break
            guards = [self._guard(self.session, k) for k in range(len(self.found))]
            again = self.session.solve(self.givens, self.deadline, guards=guards)
        self.whole = found is True and again is False
        return found

    def ask(self, i: int, d: int) -> bool | None:
        """A solution with ``d`` in cell ``i`` other than those found (False: none; ``d`` is then exact)."""
        n = self.board.size
        fact = (i // n, i % n, d)
        if self.session is None:
            return self._count(self.board.with_givens([fact]), (i, d))
        guards = [self._guard(self.session, k) for k in self.using[i].get(d, ())]
        found = self.session.solve(self.givens + [fact], self.deadline, guards=guards)
        if found is None:
            return None
        if not found:
            self.exact[i].add(d)
            return False
        if not self.add(self.session.solution(self.board), (i, d)):
            raise VerificationError(f"{self.name} returned an excluded solution again")
        return True

    def _guard(self, session: Session, k: int) -> Any:
        """The guard of "differs from found solution k", added on first use."""
        guard = self.guards.get(k)
        if guard is None:
            guard = self.guards[k] = session.exclude(self.found[k], self.board)
        return guard

    def _count(self, board: Board, needed: tuple[int, int] | None) -> bool | None:
        """A one-shot count of ``board`` (the candidate as a given) up to the cap: each solution recorded."""
        if self.deadline.expired():
            return None
        outcome = self.backend.count(board, max(2, self.limit), self.deadline.remaining())
        new = [self.add(s, needed) for s in outcome.solutions]
        if outcome.complete and needed is not None:
            self.exact[needed[0]].add(needed[1])
        elif outcome.complete:
            self.whole = True
        if any(new):
            return True
        return False if outcome.complete else None  # (not complete, nothing new: only a time limit does that)


def _one(board: Board, backend: Backend, limit: int, deadline: Deadline, known: Known | None = None) -> TrueCandidates:
    """The true candidates of ``board`` by one backend (given ``known``, every solution it found already)."""
    start = time.perf_counter()
    n = board.size
    search = _Search(board, backend, limit, deadline, ask=known is None)
    marks = pencil_marks(board)  # what the givens rule out at a glance is no candidate
    asked = [(i, d) for i, given in enumerate(board.cells) if not given for d in marks[(i // n, i % n)]]
    undecided: list[Fact] = []
    first: bool | None
    try:
        if known is not None:  # every solution is known (and checked again as it is added)
            for solution in known.outcome.solutions:
                search.add(solution)
            first, search.whole = bool(search.found), True
            search.name = known.outcome.backend or backend.name
        else:
            first = search.first()
        if first is None:
            undecided = [(i // n, i % n, d) for i, d in asked]
        elif first and not search.whole:
            for k, (i, d) in enumerate(asked):  # each pencil mark asked once, unless a solution has it
                if d not in search.using[i] and search.ask(i, d) is None:
                    undecided = [(j // n, j % n, e) for j, e in asked[k:] if e not in search.using[j]]
                    break
            if not undecided and len(search.found) == 1:  # unique: a second solution would show a
                # second candidate in some cell
                for i, d in enumerate(search.found[0].cells):
                    search.exact[i].add(d)
            elif not undecided:
                _count_up(search, limit)
    finally:
        search.close()
    found = search.found
    digits = [tuple(sorted(u)) for u in search.using]
    counts = [{d: min(len(k), limit) for d, k in sorted(u.items())} for u in search.using]
    exact = [frozenset(d for d in e if d in u and len(u[d]) <= limit) for e, u in zip(search.exact, search.using)]
    if undecided:
        status = Status.UNKNOWN
    else:
        status = Status.UNSAT if not found else Status.UNIQUE if len(found) == 1 else Status.MULTIPLE
    # the count is exact when every solution is known: when some cell's every count is exact
    complete = search.whole or status is Status.UNSAT or status is Status.UNIQUE or any(
        digits[i] and exact[i] >= set(digits[i]) for i in range(n * n))
    if complete:  # every solution is known, so every count below the cap is exact
        exact = [frozenset(d for d, k in u.items() if len(k) <= limit) for u in search.using]
    return TrueCandidates(status, board, solution=found[0] if len(found) == 1 and complete else None,
                          count=len(found), complete=complete, backend=search.name,
                          time_s=time.perf_counter() - start + (known.time_s if known else 0.0), solutions=found[:2],
                          limit=limit,
                          digits=digits, counts=counts, exact=exact, undecided=undecided)


def _count_up(search: _Search, limit: int) -> None:
    """Count each true candidate's solutions up to ``limit`` (a time limit leaves counts inexact)."""
    for i, using in enumerate(search.using):
        for d in sorted(using):
            while len(search.using[i][d]) < limit and d not in search.exact[i]:
                if search.ask(i, d) is None:
                    return


def candidates(board: Board, *, backend: str | Sequence[str | Backend] | Backend = "sat",
               limit: int = DEFAULT_LIMIT, time_limit: float | Deadline | None = None) -> TrueCandidates:
    """The true candidates of ``board``: status ``unique``, ``multiple``, ``unsat``, ``invalid`` or ``unknown``.

    ``limit`` caps each candidate's count of solutions (at least 1); ``time_limit`` (seconds or a
    :class:`~..backends.Deadline`) bounds the whole answer: what it leaves unasked is
    :attr:`TrueCandidates.undecided` and the status ``unknown``. Duplicate givens are ``invalid``
    (the scan, no solver). Several backends (``"sat,cpsat"``, ``"all"``) each answer and must
    agree on every candidate and count, else :class:`~.solving.DisagreementError` (which counts
    each proved exact may differ: a one-shot count can prove one at the cap, a session does not).

    >>> from sudoku_cp import examples
    >>> board = examples.classic()
    >>> found = candidates(board, backend="dfs")
    >>> found.status.value, [d for (d,) in found.digits] == list(found.solution.cells)
    ('unique', True)
    """
    if limit < 1:
        raise ValueError(f"limit {limit}: expected a whole number >= 1")
    backends = resolve(backend)
    conflicts = find_conflicts(board)
    if conflicts:
        return TrueCandidates(Status.INVALID, board, conflicts=conflicts, limit=limit)
    deadline = time_limit if isinstance(time_limit, Deadline) else Deadline(time_limit)
    start = time.perf_counter()
    known = recall(board, backends, sys.maxsize)  # (every solution: a count with no limit)
    results = [_one(board, b, limit, deadline, known) for b in backends]
    if len(results) == 1:
        return results[0]
    first = results[0]
    problems = [f"{first.backend} and {r.backend} give different true candidates or counts"
                for r in results[1:] if r.status is not Status.UNKNOWN and first.status is not Status.UNKNOWN
                and (r.digits, r.counts) != (first.digits, first.counts)]  # (what is proved exact may differ)
    if problems:
        raise DisagreementError(CrossCheck(list(results), problems))
    decided = next((r for r in results if r.status is not Status.UNKNOWN), first)
    return replace(decided, backends=list(results), backend=",".join(r.backend or "" for r in results),
                   time_s=time.perf_counter() - start)


__all__ = ["DEFAULT_LIMIT", "TrueCandidates", "candidates"]
