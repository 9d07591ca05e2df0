"""Guarded sessions kept from one puzzle to the next with the same rules, for yes-or-no questions.

A :meth:`~sudoku_cp.backends.Backend.parts_session` holds the rules alone (every unit and
constraint behind a guard; facts are assumptions), so what it learns while answering is implied
by the rules and holds for any puzzle on them. Loading one (a 9x9's 12,000 clauses, through
PySAT's loop in Python) took 8 ms, as long as a mid-rated puzzle's named steps take to find; a
process explaining several puzzles (batch, the web app, a bench) borrows one here and gives it
back. Only questions whose answer is the rules' own (satisfiable or not) may be put to a borrowed
session: its cores and models depend on what it was asked before, by other puzzles too. The same
holds for a session of the whole rules, no guards (``whole``: :meth:`~sudoku_cp.backends.Backend.session`),
which the steps' checks borrow for a step over every unit (a uniqueness step's).
"""

from __future__ import annotations

import atexit
import threading
from collections import OrderedDict

from ..core.board import Rules
from .base import Backend, Session

KEPT = 8  # kinds of session kept (rules, guarded or whole: the least recently borrowed go first)
EACH = 2  # sessions kept per rules (an explanation borrows two: its steps' and its checks')

_IDLE: OrderedDict[tuple, list[Session]] = OrderedDict()
_LOCK = threading.Lock()


def _key(backend: Backend, rules: Rules, whole: bool) -> tuple:
    return (type(backend), backend.name, getattr(backend, "encoding", None), getattr(backend, "amo", None), rules,
            whole)


def borrow(backend: Backend, rules: Rules, whole: bool = False) -> Session:
    """An idle guarded session of ``backend`` for ``rules``, else a new one (:meth:`Backend.parts_session`;
    :class:`~sudoku_cp.backends.Unsupported` where it has none); ``whole``: a session of the whole
    rules, no guards (:meth:`Backend.session`); :func:`give_back` it after."""
    key = _key(backend, rules, whole)
    with _LOCK:
        idle = _IDLE.get(key)
        if idle:
            return idle.pop()
    return backend.session(rules, stats=False) if whole else backend.parts_session(rules)


def give_back(backend: Backend, rules: Rules, session: Session, whole: bool = False) -> None:
    """Keep ``session`` (borrowed for ``rules``, ``whole`` or not) for the next borrower, or close
    it: one a Ctrl-C stopped, or past :data:`EACH` for these rules."""
    if getattr(session, "interrupted", False):
        session.close()
        return
    key = _key(backend, rules, whole)
    dropped: list[Session] = []
    with _LOCK:
        idle = _IDLE.setdefault(key, [])
        _IDLE.move_to_end(key)
        if len(idle) < EACH:
            idle.append(session)
        else:
            dropped.append(session)
        while len(_IDLE) > KEPT:
            dropped += _IDLE.popitem(last=False)[1]
    for s in dropped:
        s.close()


@atexit.register
def clear() -> None:
    """Close every idle session."""
    with _LOCK:
        dropped = [s for idle in _IDLE.values() for s in idle]
        _IDLE.clear()
    for s in dropped:
        s.close()
