"""Batch solving: stream a puzzle file into one verified JSON record per puzzle, in input order.

This module only orchestrates: it reads puzzles one at a time (constant memory whatever the file
size), cuts them into chunks, hands chunks to a pool, keeps the output in input order, flushes
each record whole (so a killed run leaves a valid prefix that :func:`resume_point` continues
from) and reports progress. Everything else is shared with the other commands: puzzles are read
by :func:`~sudoku_cp.formats.text.parse_puzzle` (fast for the one-line form), answered and
verified by :func:`~sudoku_cp.tasks.solving.answer`, and written by the one record writer
(:mod:`sudoku_cp.formats.records`), every key present.

Speed comes from not rebuilding what does not change. A backend that can keep a session
(``incremental``: ``sat``, ``cpsat``) answers through one session per set of rules per worker,
opened on first use (:class:`~sudoku_cp.tasks.solving.Sessions`): the SAT session holds the rules
CNF, a puzzle's givens go in as assumptions, so clauses the solver learns stay valid for every
later puzzle, and uniqueness uses a guarded blocking clause that is retired afterwards (see
``backends/sat.py``). Grids the session cannot load (SAT above 25x25) and backends without
sessions (``dfs``, ``external:...``) answer each puzzle with their one-shot ``count``. Several
backends (``--backend all`` or ``sat,cpsat``) are cross-checked on every puzzle: the record
holds the agreed answer and each backend's in ``backends``; a disagreement is an ``error``
record ("backends disagree: ...") counted as a failure.

Determinism: a solver's answer to a multi-solution puzzle (which solution it shows) depends on
what it learnt before. So that the output depends only on the input, whatever ``--jobs``, pool or
``--resume``, the sessions are closed and opened afresh at every :data:`CHUNK`-th puzzle (index
0, 1024, 2048, ...), which also keeps the formula from growing by more than that many clauses,
and a chunk is always answered whole by one worker; ``--resume`` re-answers, without writing
them, the puzzles of its chunk that were already written. Time limits are the exception: where
a limit falls depends on the machine.

Pools: ``jobs > 1`` uses worker processes; any ``concurrent.futures.Executor``-like object with
``submit(fn, *args)`` returning futures with ``result()`` works too, e.g. a ``dask.distributed``
``Client``. Chunks of puzzles are submitted in order, a bounded number at a time, and written in
order.

>>> import io
>>> out = io.StringIO()
>>> summary = run_batch(["12.4...2....4..1", "1.3.", "11.............."], out, BatchOptions(unique=True))
>>> [json.loads(line)["status"] for line in out.getvalue().splitlines()]
['unique', 'error', 'invalid']
>>> summary.counts
{'unique': 1, 'error': 1, 'invalid': 1}
"""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import chain, islice
from typing import IO, Any

from ..backends import Backend, Deadline, resolve
from ..core.board import Board, PuzzleError
from ..core.results import Result, SolverFailure, Status
from ..formats.records import dumps, record, record_line
from ..formats.puzzle_files import iter_blocks
from ..formats.text import parse_puzzle
from .certify import certify, write_proof
from .solving import DisagreementError, Sessions, answer

CHUNK = 1024  # puzzles per task, and per fresh solver state (see "Determinism" above)
IN_FLIGHT_PER_WORKER = 4  # chunks queued per worker: bounded, so memory stays flat
# the error records that count as failures (exit 3), by how their message starts
FAILURES = ("solver failure: ", "backends disagree: ", "worker failed on this puzzle: ")
UNWRITTEN = "cannot write the proof file "  # an error record that counts as a file error (exit 2)


@dataclass(frozen=True)
class BatchOptions:
    """What to ask about every puzzle of a batch (picklable: it travels to worker processes).

    ``backend`` is a name, ``all`` or a comma list (cross-checked on every puzzle); ``encoding``
    and ``amo`` go to the backends that take them (None: each backend's default).
    """

    unique: bool = False
    backend: str = "sat"
    encoding: str | None = None
    time_limit: float | None = None
    box: tuple[int, int] | None = None
    symbols: str | None = None
    stats: bool = False  # add the solver's counters (conflicts, decisions, ...) to each record
    propagate: bool = False  # sat: try unit propagation alone before searching
    amo: str | None = None
    certify: bool = False  # certify each answer (tasks/certify.py) before its record is written
    proof: str | None = None  # with certify: the directory for each certified claim's CNF and proof


@dataclass
class Summary:
    """What a batch did: records per status, how many puzzles, how fast."""

    counts: dict[str, int] = field(default_factory=dict)
    puzzles: int = 0
    resumed: int = 0
    seconds: float = 0.0
    failures: int = 0  # solver crashes, answers that failed verification, disagreements
    unwritten: int = 0  # proof files that could not be written (a full disk)

    @property
    def per_second(self) -> float:
        done = self.puzzles - self.resumed
        return done / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"puzzles": self.puzzles, "resumed": self.resumed, "counts": dict(self.counts),
                "failures": self.failures, "unwritten": self.unwritten, "time_s": round(self.seconds, 3),
                "puzzles_per_s": round(self.per_second, 1)}


# ---------------------------------------------------------------------------------------------
# Answering: one worker's backends and sessions


class Worker:
    """What one worker (process or thread) keeps between puzzles: the backends and their sessions."""

    def __init__(self, options: BatchOptions):
        self.options = options
        self.backends: tuple[Backend, ...] = tuple(resolve(options.backend, encoding=options.encoding,
                                                           amo=options.amo))
        self.several = len(self.backends) > 1
        self.name = options.backend if self.several else self.backends[0].name
        self.limit = 2 if options.unique else 1
        self.sessions = Sessions(stats=options.stats, settle=options.propagate)

    def close(self) -> None:
        """Drop the sessions (and all they learnt); the next puzzle opens them afresh."""
        self.sessions.close()

    def answer(self, board: Board, index: int | None = None, line: int | None = None) -> Result:
        """The verified answer about one board (``error`` when a solver failed or backends disagree)."""
        opts = self.options
        deadline = Deadline(opts.time_limit) if opts.certify else None  # the puzzle's, certification included
        try:
            result = answer(board, self.backends, self.limit, opts.unique, opts.time_limit, self.sessions,
                            opts.stats)
        except DisagreementError as exc:  # a cross-check that failed: every answer goes in the record
            result = Result(Status.ERROR, board, backend=self.name, error=f"backends disagree: {exc}",
                            backends=exc.check.results)
        except Exception as exc:  # noqa: BLE001 - a crashing solver: its puzzle's record
            what = str(exc) if isinstance(exc, SolverFailure) else f"{type(exc).__name__}: {exc}"
            result = Result(Status.ERROR, board, backend=self.name, error=f"solver failure: {what}")
        else:
            if self.several and result.backends:
                result.backend = self.name  # the cross-checked answer speaks for all of them
            if opts.certify:
                result = self._certify(result, line, deadline)
        result.index, result.line = index, line
        return result

    def _certify(self, result: Result, line: int | None, deadline: Deadline | None = None) -> Result:
        """``result`` with its certificate, or an ``error`` record when its proof was refused."""
        try:
            done = certify(result, self.backends, deadline)
        except SolverFailure as exc:
            return Result(Status.ERROR, result.puzzle, backend=self.name,
                          error=f"solver failure: certificate refused: {exc}")
        if self.options.proof is not None and done.refutation is not None:
            try:
                write_proof(self.options.proof, f"puzzle-{line}-{result.status.value}", done.refutation)
            except OSError as exc:  # a full disk: the record names the file (no truncated file is left)
                return Result(Status.ERROR, result.puzzle, backend=self.name,
                              error=f"{UNWRITTEN}{exc.filename}: {exc.strerror or exc}")
        return result

    def result(self, index: int, line: int, text: str) -> Result:
        """The answer about the puzzle ``text`` found at ``line`` (an ``error`` when it does not parse)."""
        opts = self.options
        try:
            board = parse_puzzle(text, opts.box, opts.symbols, first_line=line)
        except PuzzleError as exc:
            return Result(Status.ERROR, None, error=str(exc), index=index, line=line)
        return self.answer(board, index, line)


_LOCAL = threading.local()  # one Worker per (thread, options): dask workers run threads


def worker_for(options: BatchOptions) -> Worker:
    """The worker state of this thread for ``options`` (built on first use)."""
    cache = getattr(_LOCAL, "workers", None)
    if cache is None:
        cache = _LOCAL.workers = {}
    worker = cache.get(options)
    if worker is None:
        worker = cache[options] = Worker(options)
    return worker


def _error_line(index: int, line: int, error: str) -> str:
    return dumps(record(Result(Status.ERROR, None, error=error, index=index, line=line)))


def solve_items(options: BatchOptions, items: list[tuple[int, int, str]]) -> Iterator[str]:
    """JSON lines for ``(index, line, text)`` items, in order, from fresh sessions."""
    worker = worker_for(options)
    worker.close()
    symbols = options.symbols
    try:
        for index, line, text in items:
            try:
                yield record_line(worker.result(index, line, text), symbols)
            except Exception as exc:  # noqa: BLE001 - last resort: the record says what broke
                yield _error_line(index, line, f"{type(exc).__name__}: {exc}")
    finally:
        worker.close()  # no session outlives its chunk (nor a worker thread)


def solve_chunk(options: BatchOptions, items: list[tuple[int, int, str]]) -> list[str]:
    """Worker task: :func:`solve_items` as a list. Never raises for a puzzle."""
    return list(solve_items(options, items))


# ---------------------------------------------------------------------------------------------
# Running: in order, bounded, flushed, resumable


def resume_point(path: str) -> tuple[int, Counter]:
    """How many complete records ``path`` holds (a partial last line is cut away), and their statuses.

    Raises ``ValueError`` when a complete line is not a record of this batch (not JSON, or an
    ``index`` out of sequence), since continuing would then break the one-line-per-puzzle rule.
    """
    counts: Counter = Counter()
    if not os.path.exists(path):
        return 0, counts
    good = 0  # bytes of complete records
    done = 0
    with open(path, "rb+") as handle:
        for raw in handle:
            if not raw.endswith(b"\n"):
                break  # the partial line of a killed run
            try:
                record = json.loads(raw)
            except ValueError:
                raise ValueError(f"{path}: line {done + 1} is not a JSON record: cannot resume "
                                 f"(expected the output of an earlier batch)") from None
            if not isinstance(record, dict) or record.get("index") != done:
                raise ValueError(f"{path}: line {done + 1} is not record {done} of a batch: "
                                 f"cannot resume")
            counts[record.get("status", "?")] += 1
            done += 1
            good += len(raw)
        handle.truncate(good)
    return done, counts


def _chunks(texts: Iterator[tuple[int, str]], skip: int, size: int) -> Iterator[list[tuple[int, int, str]]]:
    """Chunks of puzzles ``[k * size, (k + 1) * size)``; those wholly before ``skip`` are left out."""
    start = skip - skip % size
    chunk: list[tuple[int, int, str]] = []
    for index, (line, text) in enumerate(texts):
        if index < start:
            continue
        chunk.append((index, line, text))
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def die_with_parent(parent: int) -> None:
    """Process-pool initializer: the worker ends when the batch process ``parent`` ends, however.

    Linux delivers SIGKILL to the worker when its parent dies (``PR_SET_PDEATHSIG``, also after
    ``kill -9``); a watchdog thread that looks at the parent every second is the fallback
    elsewhere and for a parent that is not the one that started the worker. Ctrl-C is the
    parent's to handle (it reaches the whole foreground process group): a worker blocks SIGINT
    (ignoring it is not enough: PySAT installs its own handler during a solve), so an interrupt
    never stops a worker's solver or turns into a "worker failed" record.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the CLI's handler, inherited by fork: SIGTERM ends a worker
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL, 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # not Linux: the watchdog alone
        pass
    started_under = os.getppid()

    def orphaned() -> bool:
        if os.getppid() != started_under:
            return True
        try:
            os.kill(parent, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            pass
        return False

    def watch() -> None:
        while not orphaned():
            time.sleep(1.0)
        os._exit(1)

    if orphaned():
        os._exit(1)
    threading.Thread(target=watch, name="sudoku-cp-watchdog", daemon=True).start()


class _Pool:
    """The executor a batch submits to; a process pool that broke (a worker died) is replaced."""

    def __init__(self, executor, factory: Callable[[], Any] | None):
        self.executor = executor
        self.factory = factory
        self.generation = 0

    def submit(self, chunk: list[tuple[int, int, str]], options: BatchOptions):
        return self.executor.submit(solve_chunk, options, chunk)

    def recover(self, exc: BaseException) -> None:
        from concurrent.futures.process import BrokenProcessPool

        if self.factory is not None and isinstance(exc, BrokenProcessPool):
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self.factory()
            self.generation += 1

    def shutdown(self, cancel: bool = False) -> None:
        """Close a pool this batch made (waiting for it; with ``cancel`` its workers are ended at once).

        A caller's pool stays open.
        """
        if self.factory is None:
            return
        if cancel:  # Ctrl-C, SIGTERM or a write error: nobody will write what the workers find
            import multiprocessing

            workers = multiprocessing.active_children()  # this pool's and any replaced one's
            for process in workers:
                process.terminate()  # else the exit waits for them (and a full result pipe hangs it)
            for process in workers:
                process.join(5.0)
                if process.is_alive():
                    process.kill()
                    process.join()
        self.executor.shutdown(wait=not cancel, cancel_futures=cancel)


def _failed_chunk(pool: _Pool, options: BatchOptions, chunk, error: BaseException) -> list[str]:
    """A chunk whose task failed (a worker died): each puzzle again alone, so only the culprit errs."""
    pool.recover(error)
    out = []
    for item in chunk:
        try:
            out.extend(pool.submit([item], options).result())
        except Exception as exc:  # noqa: BLE001 - any pool failure becomes this puzzle's record
            pool.recover(exc)
            index, line, _ = item
            out.append(_error_line(index, line, f"worker failed on this puzzle: {type(exc).__name__}: {exc}"))
    return out


def _failed(text: str, prefixes: tuple[str, ...] = FAILURES) -> bool:
    """Whether an ``error`` record says a solver failed (not a puzzle that did not parse).

    With other ``prefixes``: whether its message starts with one of them.
    """
    at = text.find('"error": "')
    return at >= 0 and text.startswith(prefixes, at + 10)


def run_batch(lines: Iterable[str], out: IO[str], options: BatchOptions, *, jobs: int = 1,
              executor=None, skip: int = 0, progress: Callable[[int], None] | None = None,
              make_executor: Callable[[], Any] | None = None, first: int | None = None) -> Summary:
    """Answer every puzzle of ``lines``, writing one JSON line per puzzle to ``out``, in order.

    ``skip`` puzzles are passed over (``--resume``). With ``executor`` (anything with
    ``submit(fn, *args)`` -> future with ``result()``, e.g. a dask ``Client``) or ``jobs > 1`` the
    work goes to a pool in chunks of :data:`CHUNK`; a bounded number are in flight.
    ``make_executor`` builds the process pool for ``jobs > 1`` (default ``ProcessPoolExecutor``)
    and replaces it when a worker dies; the dead worker's puzzles are retried one by one, so only
    the culprit gets an ``error`` record. ``progress(k)`` is called as k more puzzles are written.
    ``first``: only the first puzzles of ``lines`` (``--first N``); the rest is not read.
    """
    summary = Summary(puzzles=skip, resumed=skip)
    counts: Counter = Counter()
    start = time.perf_counter()

    def write(lines_out: list[str], first: int) -> None:
        if first < skip:  # a resumed chunk: its first lines are already in the output
            lines_out = lines_out[skip - first:]
        for text in lines_out:
            out.write(text + "\n")
            status = text[text.index('"status": "') + 11:].split('"', 1)[0]
            counts[status] += 1
            if status == "error" and _failed(text):
                summary.failures += 1
            elif status == "error" and _failed(text, (UNWRITTEN,)):
                summary.unwritten += 1
        out.flush()
        summary.puzzles += len(lines_out)
        if progress is not None:
            progress(len(lines_out))

    texts = iter_blocks(lines) if first is None else islice(iter_blocks(lines), first)
    chunks: Iterator[list[tuple[int, int, str]]] = _chunks(texts, skip, CHUNK)
    factory = None
    if executor is None and jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        ahead = list(islice(chunks, jobs))  # never more worker processes than chunks of work
        chunks = chain(ahead, chunks)
        workers = max(1, len(ahead))
        parent = os.getpid()
        factory = make_executor or (lambda: ProcessPoolExecutor(workers, initializer=die_with_parent,
                                                                initargs=(parent,)))
        executor = factory()
    if executor is None:
        for chunk in chunks:
            # strict: the generator is run to its end here, so a Ctrl-C while it closes its
            # sessions is raised here too (not lost in a garbage-collected generator's close)
            for item, text in zip(chunk, solve_items(options, chunk), strict=True):
                write([text], item[0])  # each record written and flushed as soon as it is known
    else:
        pool = _Pool(executor, factory)
        window = max(2, jobs) * IN_FLIGHT_PER_WORKER
        pending: deque = deque()

        def drain_one() -> None:
            chunk, future = pending.popleft()
            generation = pool.generation
            try:
                done = future.result()
            except Exception as exc:  # noqa: BLE001 - a dead worker: retry its puzzles alone
                done = _failed_chunk(pool, options, chunk, exc)
            if pool.generation != generation:  # a new pool: resubmit what the old one lost
                for k, (waiting, fut) in enumerate(pending):
                    if not (fut.done() and fut.exception() is None):
                        pending[k] = (waiting, pool.submit(waiting, options))
            write(done, chunk[0][0])

        try:
            for chunk in chunks:
                pending.append((chunk, pool.submit(chunk, options)))
                while len(pending) >= window:
                    drain_one()
            while pending:
                drain_one()
        except BaseException:  # Ctrl-C or a write error: do not wait for chunks nobody will write
            pool.shutdown(cancel=True)
            raise
        pool.shutdown()
    summary.seconds = time.perf_counter() - start
    summary.counts = dict(counts)
    return summary


__all__ = ["BatchOptions", "CHUNK", "Summary", "Worker", "die_with_parent", "resume_point", "run_batch", "solve_chunk",
           "solve_items", "worker_for"]
