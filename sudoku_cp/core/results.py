"""Result types and the one place where counts become statuses and statuses become exit codes."""

from __future__ import annotations

import enum
from dataclasses import dataclass, field

from .board import Board
from .check import Conflict

TYPE_CHECKING = False  # typing is imported by type checkers only: it costs every start ~2 ms
if TYPE_CHECKING:
    from typing import Any


class Status(str, enum.Enum):
    """The answer about one puzzle, as CONTRACT.md names it."""

    VALID = "valid"
    INVALID = "invalid"
    SOLVED = "solved"
    UNIQUE = "unique"
    MULTIPLE = "multiple"
    UNSAT = "unsat"
    UNKNOWN = "unknown"
    ERROR = "error"

    def __str__(self) -> str:
        return self.value


EXIT_OK, EXIT_NEGATIVE, EXIT_USAGE, EXIT_DISAGREE, EXIT_TIMEOUT = 0, 1, 2, 3, 4
EXIT_INTERRUPTED = 130  # Ctrl-C, as shells report SIGINT

_EXIT = {
    Status.VALID: EXIT_OK, Status.SOLVED: EXIT_OK, Status.UNIQUE: EXIT_OK,
    Status.INVALID: EXIT_NEGATIVE, Status.UNSAT: EXIT_NEGATIVE, Status.MULTIPLE: EXIT_NEGATIVE,
    Status.UNKNOWN: EXIT_TIMEOUT, Status.ERROR: EXIT_USAGE,
}
# When one command answers about many puzzles, the most serious code wins.
_SEVERITY = [EXIT_OK, EXIT_NEGATIVE, EXIT_TIMEOUT, EXIT_USAGE, EXIT_DISAGREE]


def exit_code(status: Status) -> int:
    """Exit code of a status (CONTRACT.md's table)."""
    return _EXIT[status]


def worst_exit(codes) -> int:
    """The most serious of several exit codes: 3 > 2 > 4 > 1 > 0."""
    codes = list(codes)
    return max(codes, key=_SEVERITY.index) if codes else EXIT_OK


class TimeLimitReached(Exception):
    """The time limit ended the work before an answer."""


class SolverFailure(RuntimeError):
    """A backend broke (crashed, or returned something that is not an answer)."""


@dataclass
class Outcome:
    """What a backend reports: up to ``limit`` solutions, and whether the search was exhaustive.

    ``complete`` is True when the search space was exhausted (so ``len(solutions)`` is the exact
    count), False when the limit or a time limit stopped it. ``timed_out`` says which.
    ``backend`` names who answered when that is not the backend asked (the default ``sat``
    answers a large grid with ``sat:minicard``); None otherwise.
    """

    solutions: list[Board]
    complete: bool
    timed_out: bool = False
    stats: dict[str, Any] = field(default_factory=dict)
    backend: str | None = None

    @property
    def count(self) -> int:
        return len(self.solutions)


def status_of(outcome: Outcome, unique: bool) -> Status:
    """Map a backend's outcome to our status; ``unique`` says whether uniqueness was asked.

    >>> status_of(Outcome([], complete=True), unique=True)
    <Status.UNSAT: 'unsat'>
    """
    n = outcome.count
    if n == 0:
        return Status.UNKNOWN if outcome.timed_out or not outcome.complete else Status.UNSAT
    if not unique:
        return Status.SOLVED
    if n >= 2:
        return Status.MULTIPLE
    return Status.UNIQUE if outcome.complete else Status.UNKNOWN


@dataclass
class Certificate:
    """How an answer was certified (CONTRACT.md's ``certificate``), by a checker that did not find it.

    ``kind``: ``drat`` (a checked proof of "no solution" / "no other solution"), ``solution`` (the
    solution checked against the rules) or ``two-solutions`` (two distinct solutions checked);
    ``lemmas`` the proof's added clauses (None for the other kinds); ``check_s`` the check's time.
    """

    kind: str
    checker: str
    lemmas: int | None = None
    check_s: float = 0.0

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "checker": self.checker, "lemmas": self.lemmas,
                "check_s": round(self.check_s, 6)}


@dataclass
class Result:
    """The answer about one puzzle, in the shape of CONTRACT.md's JSON (written by ``formats.records``)."""

    status: Status
    puzzle: Board | None
    solution: Board | None = None
    count: int | None = None
    complete: bool | None = None
    conflicts: list[Conflict] = field(default_factory=list)
    backend: str | None = None
    time_s: float | None = None
    stats: dict[str, Any] = field(default_factory=dict)
    error: str | None = None
    solutions: list[Board] = field(default_factory=list)
    index: int | None = None
    line: int | None = None
    backends: list["Result"] = field(default_factory=list)  # a cross-check: every backend's answer
    certificate: Certificate | None = None  # --certify: how the answer was checked

    @property
    def exit_code(self) -> int:
        return exit_code(self.status)
