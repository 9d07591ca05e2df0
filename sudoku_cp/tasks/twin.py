"""A twin: a forked copy of the steps' process that answers half of a step's questions beside it.

Finding a step asks many questions whose answers depend on the grid alone: does this named
technique apply (a finder reads only the candidates), does a case split refute this candidate
(unit propagation, which learns nothing). The first one answered yes, in a fixed order, makes the
step. :func:`first` lets the twin ask some of them on the machine's second core while this
process asks the rest, each side in that order; the earlier of the two first answers is the one
the order gives. So the steps are exactly those of one process, sooner: nothing a twin does
reaches this process but its answers, and it never asks a question whose answer depends on what
was asked before (no search: a solver's learnt clauses would make that so).

Positions go to the two sides in one of two ways. Given ``theirs``, the twin tests those and this
process the others. Given :class:`Back`, this process claims positions from the front and the
twin from the back, each claim one at a time from a counter they share, until they meet: this
process never waits for the twin once it finds a yes (every position the twin holds comes
later), and when the twin's last positions are the slow ones (singles' what-if, after the
finders), neither side idles while the other works through its share.

A twin starts (:meth:`Twin.start`) only where ``os.fork`` is the way to start one (Linux), this
process may run on two cores or more and runs no other thread; else the steps run in one
process, the same steps.
"""

from __future__ import annotations

import os
import select
import signal
import sys
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import Lock, Pipe
from multiprocessing.sharedctypes import RawArray
from typing import Any

Test = Callable[[int], Any]  # a position's answer (None: no)
NONE = object()  # (no answer read yet)
STOPS = {signal.SIGINT, signal.SIGTERM}  # the signals that end the command (held back over a fork)
LIVE: dict[int, Twin] = {}  # the twins running, by process id, until closed (:func:`close_all`)


def close_all() -> None:
    """End every twin still running: after a Ctrl-C, a caller that had not yet taken hold of one
    (it came between the fork and the assignment) cannot close it itself."""
    for twin in list(LIVE.values()):
        twin.close()


@dataclass(frozen=True)
class Back:
    """A question's ``count`` positions claimed from both ends (see the module's docstring)."""

    count: int


class Failed:
    """A question the twin could not answer: the error it raised, raised here if it counts."""

    def __init__(self, error: BaseException):
        self.error = error


class Twin:
    """A forked copy of this process, asked through a pipe (see the module's docstring)."""

    def __init__(self, tests: dict[str, Callable[..., Test]], state: Callable[[Any], None]):
        """Fork now. ``tests[what](*args)``: the twin's test for a question of kind ``what``;
        ``state(snapshot)`` sets the twin's grid to a snapshot (:meth:`ask`)."""
        here, there = Pipe()
        self._claims = RawArray("q", 3)  # (shared with the twin: a question's number, its next positions
        self._lock = Lock()              #  from the front and from the back; see :meth:`claim`)
        for stream in (sys.stdout, sys.stderr):  # (nothing buffered here is written twice)
            stream.flush()
        # a Ctrl-C (or SIGTERM) waits until the twin is listed in LIVE: one between the fork and
        # the caller's holding it would leave the twin running, with no one to end it
        signal.pthread_sigmask(signal.SIG_BLOCK, STOPS)
        try:
            pid = os.fork()
            if pid == 0:  # the twin
                try:
                    signal.signal(signal.SIGINT, signal.SIG_DFL)  # a Ctrl-C ends it quietly
                    signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
                    LIVE.clear()  # (its parent's twins are not its own)
                    here.close()
                    _serve(there, tests, state, self.claim)
                finally:
                    os._exit(0)  # (never this process's cleanup: its solvers and files are the parent's)
            there.close()
            self.pid, self.conn = pid, here
            LIVE[pid] = self
        finally:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPS)
        self._waiting = waiting(here)
        self.won: Counter[str] = Counter()  # the questions its answer decided, by kind (tests count them)
        self.pending: tuple | None = None  # a question asked ahead (:meth:`ahead`), not yet taken up
        self.stale = 0  # answers on their way that no one wants (questions asked ahead, then dropped)
        self.question = 0  # the number of the last question whose positions are claimed (:class:`Back`)

    @classmethod
    def start(cls, tests: dict[str, Callable[..., Test]], state: Callable[[Any], None]) -> Twin | None:
        """A twin, where one helps and forking is safe: ``os.fork`` starts processes here (Linux),
        this process may use two cores or more, and it runs no other thread (a fork copies only
        the forking thread: a lock another one held, in a notebook's kernel say, would stay held
        in the twin for ever). Else None."""
        if (not sys.platform.startswith("linux") or len(os.sched_getaffinity(0)) < 2
                or threading.active_count() > 1):
            return None
        return cls(tests, state)

    def ask(self, what: str, snapshot: Any, args: tuple, theirs: Sequence[int] | Back) -> None:
        """Let the twin test the positions ``theirs`` in order (or claim them from the back), on the
        grid ``snapshot`` (unless that very question was asked ahead: then it is taken up)."""
        question = (what, snapshot, args, theirs if isinstance(theirs, Back) else tuple(theirs))
        if self.pending != question:
            self.drop()
            if isinstance(theirs, Back):
                with self._lock:  # a new question: every position unclaimed
                    self._claims[:] = [self._claims[0] + 1, 0, theirs.count - 1]
                self.question = self._claims[0]
            self.conn.send(("ask", what, snapshot, args, theirs if isinstance(theirs, Back) else list(theirs),
                            self.question))
        self.pending = None

    def ahead(self, what: str, snapshot: Any, args: tuple, theirs: Sequence[int] | Back) -> None:
        """Ask a question now that this process will ask later, maybe (the next grid's, while this
        one still works on the step that leads there): the twin works on it meanwhile."""
        self.ask(what, snapshot, args, theirs)
        self.pending = (what, snapshot, args, theirs if isinstance(theirs, Back) else tuple(theirs))

    def drop(self) -> None:
        """The question asked ahead is not wanted: the twin stops at its next position, and its
        answer is read and dropped when the next one is wanted."""
        if self.pending is not None:
            self.bound(-1)
            self.unclaimed(self.question)  # (the question pending is the last one sent)
            self.stale += 1
            self.pending = None

    def claim(self, question: int, front: bool) -> int | None:
        """The next unclaimed position of the question numbered ``question``, from the front (this
        process) or the back (the twin); None once the two ends have met or another question has
        come."""
        claims = self._claims
        with self._lock:
            if claims[0] != question or claims[1] > claims[2]:
                return None
            end = 1 if front else 2
            position = claims[end]
            claims[end] += 1 if front else -1
            return position

    def unclaimed(self, question: int) -> None:
        """No position of the question numbered ``question`` is left to claim (this process found
        its yes, or does not want it): a question asked since, maybe by that very yes's test
        (singles' what-if asks the next grid's ahead), keeps its own."""
        with self._lock:
            if self._claims[0] == question:
                self._claims[1] = self._claims[2] + 1

    def bound(self, position: int) -> None:
        """Only the positions before ``position`` still matter (this process answered yes there)."""
        self.conn.send(("bound", position))

    def ready(self) -> bool:
        """The answer wanted has come (answers no one wants are read and dropped on the way)."""
        while self._waiting():
            if not self.stale:
                return True
            self.conn.recv()
            self.stale -= 1
        return False

    def answer(self) -> Any:
        """The twin's first yes, ``(position, answer)``, or None (waited for)."""
        while self.stale:
            self.conn.recv()
            self.stale -= 1
        return self.conn.recv()

    def close(self) -> None:
        LIVE.pop(self.pid, None)
        try:
            self.conn.send(None)
        except OSError:
            pass  # (it has gone)
        self.conn.close()
        try:
            os.kill(self.pid, signal.SIGKILL)
            os.waitpid(self.pid, 0)
        except (ProcessLookupError, ChildProcessError):
            pass  # (reaped already: a parent that ignores SIGCHLD)


def waiting(conn) -> Callable[[], bool]:
    """Whether a message waits on ``conn``, asked in a few microseconds (``Connection.poll`` makes
    a selector per call: tens of microseconds, a tenth of a case split's time per candidate)."""
    polled = select.poll()
    polled.register(conn.fileno(), select.POLLIN)
    return lambda: bool(polled.poll(0))


def _serve(conn, tests: dict[str, Callable[..., Test]], state: Callable[[Any], None],
           claim: Callable[[int, bool], int | None]) -> None:
    """The twin's loop: each question, its first yes (or None) sent back; a bound that comes
    after the answer it was for is dropped. A :class:`Back` question's positions are claimed
    from the back (``claim(question, False)``), each tested, until none is left: the answer is
    the last yes found, the earliest of the twin's."""
    last = NONE
    sent_here = waiting(conn)
    queued: list = []  # a message read while a question was under way (the next question)
    while True:
        try:
            message = queued.pop() if queued else conn.recv()
        except EOFError:  # (the parent has gone)
            return
        if message is None:
            return
        if message[0] != "ask":
            continue
        _, what, snapshot, args, theirs, question = message
        bound = [None]

        def under(position: int) -> bool:  # not past a bound the parent sent
            while not queued and sent_here():
                sent = conn.recv()
                if sent is not None and sent[0] == "bound":
                    bound[0] = sent[1]
                else:  # (the next question, or the end: this one has been dropped)
                    queued.append(sent)
                    return False
            return bound[0] is None or position < bound[0]
        if snapshot != last:
            state(snapshot)
            last = snapshot
        try:
            test = tests[what](*args)
        except Exception as error:  # (the first position's answer, as a finder's error would be)
            mine = claim(question, False) if isinstance(theirs, Back) else (theirs[0] if theirs else None)
            conn.send(None if mine is None else (mine, Failed(error)))
            continue
        found: Any = None
        positions = iter(lambda: claim(question, False), None) if isinstance(theirs, Back) else iter(theirs)
        for position in positions:
            if not under(position):
                break
            try:
                answer = test(position)
            except Exception as error:
                answer = Failed(error)
            if answer is not None:
                found = (position, answer)
                if not isinstance(theirs, Back):
                    break
        try:
            conn.send(found)
        except Exception as error:  # (an answer the pipe cannot carry)
            conn.send((found[0], Failed(RuntimeError(f"the twin's answer could not be sent: {error}"))))


def first(count: int, test: Test, twin: Twin | None = None, what: str = "", snapshot: Any = None,
          args: tuple = (), theirs: Sequence[int] | Back = ()) -> tuple[int, Any] | None:
    """The first position of ``range(count)`` that ``test`` answers (not None): ``(position,
    answer)``, or None. With ``twin``, it tests the positions ``theirs`` (by its test ``what``
    made from ``args``, on ``snapshot``) while this process tests the others; or, given
    ``Back(count)``, each side claims the positions from its end (this process from the front).

    >>> first(5, lambda p: p * p if p > 2 else None)
    (3, 9)
    """
    if twin is None or not theirs:
        for position in range(count):
            answer = test(position)
            if answer is not None:
                return position, answer
        return None
    if isinstance(theirs, Back):
        return _from_both_ends(test, twin, what, snapshot, args, theirs)
    twin.ask(what, snapshot, args, theirs)
    skip = set(theirs)
    got: Any = NONE  # the twin's answer, once read
    mine = None
    try:
        for position in range(count):
            if position in skip:
                continue
            if got is NONE and twin.ready():
                got = twin.answer()
            if got is not NONE and got is not None and got[0] < position:
                break  # (the twin's yes comes first)
            answer = test(position)
            if answer is not None:
                mine = (position, answer)
                break
    except BaseException:  # (an error or a Ctrl-C here: the twin's answer is not wanted)
        if got is NONE:
            twin.bound(-1)
            twin.stale += 1
        raise
    if got is NONE:
        if mine is not None:
            twin.bound(mine[0])
        got = twin.answer()
    found = min((f for f in (mine, got) if f is not None), key=lambda f: f[0], default=None)
    if found is not None and isinstance(found[1], Failed):
        raise found[1].error
    if found is not None and found is got:
        twin.won[what] += 1
    return found


def _from_both_ends(test: Test, twin: Twin, what: str, snapshot: Any, args: tuple, back: Back) -> tuple[int, Any] | None:
    """:func:`first` with the positions claimed from both ends: this process's first yes is the
    answer as soon as it is found (the twin's positions all come after it); else, once the two
    ends meet, the twin's earliest. A test here may ask the twin the next question ahead only as
    it answers yes (singles' what-if does): one that went on saying no would find its claims gone."""
    twin.ask(what, snapshot, args, back)
    question = twin.question
    try:
        while True:
            twin.ready()  # (the answers no one wants are read as they come: they never fill the pipe)
            position = twin.claim(question, True)
            if position is None:
                break
            answer = test(position)
            if answer is not None:
                twin.unclaimed(question)
                twin.stale += 1  # (whatever the twin found comes later)
                return position, answer
    except BaseException:  # (an error or a Ctrl-C here: the twin's answer is not wanted)
        twin.unclaimed(question)
        twin.stale += 1
        raise
    found = twin.answer()
    if found is not None:
        if isinstance(found[1], Failed):
            raise found[1].error
        twin.won[what] += 1
    return found
