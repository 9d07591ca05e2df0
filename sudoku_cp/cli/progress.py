"""Progress for people: one tqdm bar on standard error, shown only when standard error is a terminal.

Every long command uses this one helper (batch, analyze, generate, repair, minimize). Tasks never
see tqdm: they take a plain callback ``progress(stage, done, total)`` (total ``None`` when not
known), and :class:`Progress` is such a callback. Piped, redirected or captured (tests), nothing
is drawn and tqdm is not even imported, so the output files and standard output are the same
byte for byte with and without a terminal. A bar appears only after half a second
(``SUDOKU_CP_PROGRESS_DELAY`` sets other seconds), so quick runs look as they did.

>>> import io
>>> with Progress("puzzles", stream=io.StringIO()) as bar:   # not a terminal: silent
...     bar("solving", 3, 10)
...     bar.update(2)
>>> bar.shown
False
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from itertools import islice
from typing import Any


DELAY = 0.5  # seconds before a bar appears: quick runs stay as they were, long ones say what they do


def delay() -> float:
    """:data:`DELAY`, or the seconds in ``SUDOKU_CP_PROGRESS_DELAY`` (0: at once, as the tests use)."""
    try:
        return max(0.0, float(os.environ.get("SUDOKU_CP_PROGRESS_DELAY", DELAY)))
    except ValueError:
        return DELAY


def on_terminal(stream=None) -> bool:
    """True when ``stream`` (default standard error) is a terminal: the only place a bar is drawn."""
    stream = sys.stderr if stream is None else stream
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):  # closed or not a real file
        return False


class Progress:
    """A progress bar with a total and an ETA where the total is known, a count and a rate otherwise.

    Call it as ``bar(stage, done, total)`` (what the tasks report: a new ``stage`` starts a new
    bar line), or ``bar.update(k)`` for k more items of the current stage. ``bar.total = n`` sets a
    total learnt later (the ETA appears then). Does nothing unless the stream is a terminal.
    """

    def __init__(self, unit: str = "step", stage: str | None = None, total: int | None = None,
                 stream=None):
        self.unit, self.stream = unit, sys.stderr if stream is None else stream
        self.shown = on_terminal(self.stream)
        self.stage: str | None = None
        self._bar: Any = None
        self._lock = threading.Lock()
        if self.shown and stage is not None:
            self._start(stage, total)

    def _start(self, stage: str, total: int | None) -> None:
        from tqdm import tqdm

        if self._bar is not None:
            self._bar.close()
        self.stage = stage
        try:  # a terminal that does not know its width (0 columns: some ptys) gets 80
            columns = os.get_terminal_size(self.stream.fileno()).columns or 80
        except (AttributeError, ValueError, OSError):
            columns = 80
        # tqdm gets a plain writer: given the terminal itself, some tqdm versions draw nothing
        # on a pseudo-terminal; whether to draw at all was decided above (on_terminal)
        self._bar = tqdm(total=total, desc=stage, unit=f" {self.unit}", file=_Writer(self.stream),
                         ncols=columns, leave=False, mininterval=0.2, miniters=1, delay=delay())

    def __call__(self, stage: str, done: int, total: int | None = None) -> None:
        if not self.shown:
            return
        with self._lock:
            if self._bar is None or stage != self.stage:
                self._start(stage, total)
            bar = self._bar
            if total is not None and bar.total != total:
                bar.total = total
            if done > bar.n:
                bar.update(done - bar.n)
            else:
                _redraw(bar)

    def update(self, k: int = 1) -> None:
        """``k`` more items done in the current stage."""
        if self.shown:
            with self._lock:
                if self._bar is None:
                    self._start(self.unit, None)
                self._bar.update(k)

    def set_description(self, text: str) -> None:
        """Name what the current stage is doing now (bench: the configuration), keeping its count."""
        if self.shown and self._bar is not None:
            with self._lock:
                self._bar.set_description(text, refresh=False)

    @property
    def total(self) -> int | None:
        return self._bar.total if self._bar is not None else None

    @total.setter
    def total(self, value: int | None) -> None:
        if self.shown and self._bar is not None:
            with self._lock:
                self._bar.total = value
                _redraw(self._bar)

    def note(self, stage: str) -> None:
        """Say what is being done now, with no count (a step of unknown length)."""
        self(stage, 0, None)

    @contextmanager
    def ticking(self, stage: str, every: float = 0.5) -> Iterator[None]:
        """Show ``stage`` with its elapsed time, redrawn every ``every`` seconds, while the block runs:
        for work that reports no progress of its own (``explain --steps``), so that a long run is
        not silent. The bar is cleared when the block ends."""
        if not self.shown:
            yield
            return
        stop = threading.Event()

        def tick() -> None:
            while not stop.wait(every):
                self(stage, 0, None)

        self(stage, 0, None)
        with self._lock:
            self._bar.bar_format = "{desc} [{elapsed}]"  # no count: the time it has taken so far
        ticker = threading.Thread(target=tick, name="sudoku-cp progress ticker", daemon=True)
        ticker.start()
        try:
            yield
        finally:
            stop.set()
            ticker.join()
            self.close()

    def close(self) -> None:
        with self._lock:
            if self._bar is not None:
                self._bar.close()
                self._bar = None

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def _redraw(bar: Any) -> None:
    """Draw ``bar`` again (a new stage or total, no new item) once its delay is over, and count it
    as drawn: tqdm's own ``refresh`` draws before the delay and leaves the bar marked as never
    drawn, so that ``close`` did not clear it and the next output was glued to a stale bar."""
    now = bar._time()
    if now - bar.start_t >= bar.delay:
        bar.refresh()
        bar.last_print_t = now


class _Writer:
    """``write`` and ``flush`` of a stream, nothing else."""

    def __init__(self, stream):
        self.stream = stream

    def write(self, text: str) -> None:
        self.stream.write(text)

    def flush(self) -> None:
        self.stream.flush()


def total_later(bar: Progress, count: Callable[[], int]) -> None:
    """Count in a background thread and give ``bar`` the total when known (nothing when not shown).

    The work starts at once, without a total; the ETA appears when the count is in. A count that
    fails (an unreadable file, say) leaves the bar without a total: the command itself reports
    the error when it reaches it.
    """
    if not bar.shown:
        return

    def run() -> None:
        try:
            bar.total = count()
        except Exception:  # the command reads the same input and reports what is wrong
            pass

    threading.Thread(target=run, name="sudoku-cp progress total", daemon=True).start()


def count_puzzles(path: str | None, box=None, symbols: str | None = None,
                  first: int | None = None) -> Callable[[], int]:
    """A counter of the puzzles in file ``path`` (read a second time, as the command reads it),
    at most ``first``.

    For standard input (``-``) or no file there is nothing to read twice: the counter raises
    ``LookupError``, and the bar keeps counting without a total.
    """
    def count() -> int:
        if path is None or path == "-":
            raise LookupError("standard input cannot be read twice")
        from ..formats.puzzle_files import iter_entries
        from .inputs import open_text, read_lines

        with open_text(path) as stream:
            return sum(1 for _ in islice(iter_entries(read_lines(stream, path), box, symbols), first))

    return count
