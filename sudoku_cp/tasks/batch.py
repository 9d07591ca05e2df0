"""Batch solving: stream a puzzle file into one verified JSON record per puzzle, in input order.

The engine reads puzzles one at a time (constant memory whatever the file size), answers each
with a solver that is built once per process and reused, checks every answer independently, and
writes exactly one JSON line per puzzle (CONTRACT.md keys), flushed whole, so a killed run leaves
a valid prefix that :func:`resume_point` continues from.

Speed comes from not rebuilding what does not change. For the ``sat`` backends one
:class:`~sudoku_cp.backends.sat.SatEngine` per (box shape, encoding) holds the rules CNF; a
puzzle's givens go in as assumptions, so clauses the solver learns stay valid for every later
puzzle. Uniqueness uses a *guarded blocking clause*: "is there a solution other than S?" adds
``not s or (some blank cell differs from S)`` with a fresh selector ``s``, solves under ``s``,
then retires the clause with the unit ``not s`` (the solver drops satisfied clauses). Engines
start afresh every :data:`CHUNK` puzzles, so the formula grows by at most that many clauses and
memory stays flat over millions of puzzles. Grids above 25x25 are solved one at a time on the
givens-simplified formula (:class:`~sudoku_cp.backends.sat.SatBackend`). Other backends
(``cpsat``, ``dfs``, ``external:...``) answer each puzzle with their own ``count``; their answers
are checked the same way.

Determinism: a solver's answer to a multi-solution puzzle (which solution it shows) depends on
what it learnt before. So that the output depends only on the input, whatever ``--jobs``, pool or
``--resume``, the engines start afresh at every :data:`CHUNK`-th puzzle (index 0, 1024, 2048,
...) and a chunk is always answered whole by one worker; ``--resume`` re-answers, without
writing them, the puzzles of its chunk that were already written. Time limits are the exception:
where a limit falls depends on the machine.

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
import math
import operator
import os
import threading
import time
from collections import Counter, deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from itertools import compress, repeat
from typing import IO, Any

from ..core.board import MIN_SIZE, Board, PuzzleError, Shape
from ..core.check import find_conflicts, solution_problems
from ..core.results import Outcome, Result, SolverFailure, Status, status_of
from ..formats.text import DEFAULT_SYMBOLS, format_line, iter_blocks, parse_puzzle
from ..model.cnf import DEFAULT_ENCODING, FULL_RULES_MAX_SIZE, encode_rules

CHUNK = 1024  # puzzles per task, and per fresh solver state (see "Determinism" above)
IN_FLIGHT_PER_WORKER = 4  # chunks queued per worker: bounded, so memory stays flat
SAT_PREFIX = "sat"
# Above FULL_RULES_MAX_SIZE the full rules are too big to load once (36x36: 3.3 million clauses);
# such grids go through the one-shot sat backend, whose formula the givens have simplified.


@dataclass(frozen=True)
class BatchOptions:
    """What to ask about every puzzle of a batch (picklable: it travels to worker processes)."""

    unique: bool = False
    backend: str = "sat"
    encoding: str = DEFAULT_ENCODING
    time_limit: float | None = None
    box: tuple[int, int] | None = None
    symbols: str | None = None
    stats: bool = False  # add the solver's counters (conflicts, decisions, ...) to each record
    propagate: bool = False  # sat: try unit propagation alone before searching


@dataclass
class Summary:
    """What a batch did: records per status, how many puzzles, how fast."""

    counts: dict[str, int] = field(default_factory=dict)
    puzzles: int = 0
    resumed: int = 0
    seconds: float = 0.0
    failures: int = 0  # solver crashes and answers that failed verification

    @property
    def per_second(self) -> float:
        done = self.puzzles - self.resumed
        return done / self.seconds if self.seconds > 0 else 0.0

    def to_json(self) -> dict[str, Any]:
        return {"puzzles": self.puzzles, "resumed": self.resumed, "counts": dict(self.counts),
                "failures": self.failures, "time_s": round(self.seconds, 3),
                "puzzles_per_s": round(self.per_second, 1)}


# ---------------------------------------------------------------------------------------------
# Reading: puzzles come from formats.iter_blocks, which streams with bounded memory


def _trusted_board(shape: Shape, cells: tuple[int, ...]) -> Board:
    """A :class:`Board` without the per-cell check of its constructor.

    Only for cells already known to be digits 0..N of the right count: a parsed line whose
    symbols came from the table below, or a solution that the :class:`Checker` then verifies.
    """
    board = object.__new__(Board)
    object.__setattr__(board, "shape", shape)
    object.__setattr__(board, "cells", cells)
    return board


_LINE_TABLE = bytes.maketrans(bytes(range(len(DEFAULT_SYMBOLS) + 1)), b"." + DEFAULT_SYMBOLS.encode())


def line_form(board: Board, symbols: str | None = None) -> str:
    """:func:`formats.format_line`, fast for the default symbols (N <= 35).

    >>> line_form(quick_parse("1.3...4.3.4.2.1.")), line_form(quick_parse("1.3...4.3.4.2.1.")) == \
format_line(quick_parse("1.3...4.3.4.2.1."))
    ('1.3...4.3.4.2.1.', True)
    """
    if symbols is None and board.shape.size <= len(DEFAULT_SYMBOLS):
        return bytes(board.cells).translate(_LINE_TABLE).decode("ascii")
    return format_line(board, symbols)


_FAST_TABLE = {s: i + 1 for i, s in enumerate(DEFAULT_SYMBOLS)} | {".": 0, "0": 0}
_SHAPES: dict[tuple[int, tuple[int, int] | None], Shape] = {}


def quick_parse(text: str, box: tuple[int, int] | None = None, symbols: str | None = None,
                first_line: int = 1) -> Board:
    """:func:`formats.parse_puzzle` with a fast path for the common one-line symbol form.

    Anything the fast path does not accept outright goes to ``parse_puzzle``, which gives the
    same board or the error message naming the place.

    >>> quick_parse("1.3...4.3.4.2.1.") == parse_puzzle("1.3...4.3.4.2.1.")
    True
    """
    if symbols is None and "\n" not in text:
        line = text.strip()
        n = math.isqrt(len(line))
        if n * n == len(line) and MIN_SIZE <= n <= len(DEFAULT_SYMBOLS):
            try:
                cells = tuple(map(_FAST_TABLE.__getitem__, line))
            except KeyError:
                cells = None
            if cells is not None and max(cells) <= n:
                shape = _SHAPES.get((n, box))
                if shape is None:
                    try:
                        shape = _SHAPES[n, box] = Shape.for_size(n, box)
                    except PuzzleError:
                        shape = None
                if shape is not None and len(cells) == shape.size ** 2:
                    return _trusted_board(shape, cells)
    return parse_puzzle(text, box, symbols, first_line=first_line)


# ---------------------------------------------------------------------------------------------
# Checking: a fast form of the independent checker


class Checker:
    """Independent check of solutions of one shape: every unit holds each digit once, givens kept.

    Built from row/column/box arithmetic (like :func:`validate.solution_problems`, not from the
    unit list the encoders use), with the units precomputed as C-level item getters; a failing
    answer is described by ``solution_problems`` itself.
    """

    def __init__(self, shape: Shape):
        n, br, bc = shape.size, shape.box_rows, shape.box_cols
        groups = [[r * n + c for c in range(n)] for r in range(n)]
        groups += [[r * n + c for r in range(n)] for c in range(n)]
        groups += [[(top + i) * n + left + j for i in range(br) for j in range(bc)]
                   for top in range(0, n, br) for left in range(0, n, bc)]
        self.getters = [operator.itemgetter(*g) for g in groups]
        self.full = frozenset(range(1, n + 1))
        self.shape = shape

    def units_ok(self, cells: tuple[int, ...]) -> bool:
        """Every unit holds exactly the digits 1..N (N cells, so each once)."""
        return all(map(self.full.__eq__, map(set, map(operator.call, self.getters, repeat(cells)))))

    def duplicates(self, cells: tuple[int, ...]) -> bool:
        """True when some unit holds a given digit twice (details come from ``find_conflicts``)."""
        for got in map(operator.call, self.getters, repeat(cells)):
            blanks = got.count(0)
            if len(set(got)) - (blanks > 0) != len(got) - blanks:
                return True
        return False

    def problems(self, solution: Board, puzzle: Board) -> list[str]:
        """Empty when ``solution`` solves ``puzzle``; otherwise ``solution_problems``' reasons."""
        cells = solution.cells
        ok = (solution.shape == puzzle.shape == self.shape and len(cells) == len(puzzle.cells)
              and self.units_ok(cells)
              # a given g kept means g * (g - d) == 0 in every cell
              and not any(map(operator.mul, puzzle.cells, map(operator.sub, puzzle.cells, cells))))
        if ok:
            return []
        return solution_problems(solution, puzzle) or ["the fast check and the full check disagree"]


# ---------------------------------------------------------------------------------------------
# Solving: one reusable SAT engine per (shape, encoding)


class ReusableSat:
    """A loaded :class:`SatEngine` answering "up to 2 solutions" for any puzzle of its shape.

    Givens are assumptions; uniqueness is asked with a guarded blocking clause that is retired
    afterwards (see the module text). Cell variables are ``cnf.var``'s: cell i (row-major)
    holding digit d is ``i * N + d``.
    """

    def __init__(self, shape: Shape, encoding: str, solver: str, stats: bool = False,
                 propagate: bool = False):
        from ..backends.sat import SatEngine

        n = shape.size
        cells = n * n
        cnf = encode_rules(shape, encoding)
        self.n = n
        self.cells = cells
        self.offsets = [i * n for i in range(cells)]  # var = offset + digit
        self.shape = shape
        self.stats = stats
        self.propagate = propagate
        self.engine = SatEngine(cnf, solver)
        self.name = f"{SAT_PREFIX}:{solver}"

    def close(self) -> None:
        self.engine.close()

    def _solution(self) -> tuple[int, ...]:
        """The digits of the current model: each cell's one true cell variable."""
        n, cells = self.n, self.cells
        model = self.engine.solver.get_model()
        if model is None or len(model) < n * cells:
            raise SolverFailure(f"{self.name} said satisfiable but gave no full model")
        true = list(filter((0).__lt__, model[: n * cells]))
        if len(true) == cells:
            digits = tuple(map(operator.sub, true, self.offsets))
            if min(digits) >= 1 and max(digits) <= n:  # increasing, one per cell: a grid
                return digits
        for i in range(cells):  # say which cell is wrong
            found = [d for d in range(1, n + 1) if model[i * n + d - 1] > 0]
            if len(found) != 1:
                r, c = divmod(i, n)
                raise SolverFailure(f"{self.name}'s model gives cell r{r + 1}c{c + 1} "
                                    f"{len(found)} digits: expected exactly one")
        raise SolverFailure(f"{self.name}'s model is not a grid")  # pragma: no cover

    def count(self, board: Board, limit: int, deadline) -> Outcome:
        """Up to ``limit`` (1 or 2) solutions of a duplicate-free board of this engine's shape."""
        solve = self.engine.solve
        givens = list(compress(map(operator.add, self.offsets, board.cells), board.cells))
        before = self.engine.solver.accum_stats() if self.stats else None
        solutions: list[Board] = []
        complete = timed_out = False
        found = self._settle(givens) if self.propagate else True
        if found is not True:  # propagation alone decided: no solution, or the one solution
            if found is not False:
                solutions.append(_trusted_board(board.shape, found))
            return Outcome(solutions, True, False, self._stats(before))
        found = solve(givens, deadline)
        if found is None:
            timed_out = True
        elif not found:
            complete = True
        else:
            first = self._solution()
            solutions.append(_trusted_board(board.shape, first))
            block = [-(o + d) for o, d, g in zip(self.offsets, first, board.cells) if not g]
            if not block:  # a full board: nothing else can be a solution
                complete = True
            elif limit >= 2:
                engine = self.engine
                engine.top += 1
                selector = engine.top
                engine.solver.add_clause([-selector] + block)
                again = solve(givens + [selector], deadline)
                if again is None:
                    timed_out = True
                elif again:  # read the model before a new clause invalidates it
                    solutions.append(_trusted_board(board.shape, self._solution()))
                else:
                    complete = True
                engine.solver.add_clause([-selector])  # retired: later puzzles never see it
        return Outcome(solutions, complete, timed_out, self._stats(before))

    def _stats(self, before: dict | None) -> dict[str, int]:
        if before is None:
            return {}
        after = self.engine.solver.accum_stats() or {}
        return {k: after[k] - before.get(k, 0) for k in ("conflicts", "decisions", "propagations")
                if k in after}

    def _settle(self, givens: list[int]) -> bool | tuple[int, ...]:
        """Unit propagation alone, no search: False (no solution), the digits of the one solution
        when every cell is settled, or True (search needed).

        Everything propagated is implied by the clauses, which every solution satisfies (learnt
        clauses included), so a grid settled this way is the only solution.
        """
        ok, lits = self.engine.solver.propagate(assumptions=givens)
        if not ok:
            return False
        limit = self.n * self.cells
        true = sorted(lit for lit in lits if 0 < lit <= limit)
        if len(true) != self.cells:
            return True
        digits = tuple(map(operator.sub, true, self.offsets))
        if min(digits) >= 1 and max(digits) <= self.n:
            return digits
        return True


def _record(index: int, line: int, board: Board | None, status: Status, symbols: str | None,
            **fields: Any) -> dict[str, Any]:
    """A record with :meth:`Result.to_json`'s keys and order, built without the detour."""
    if symbols is not None or board is None or board.size > len(DEFAULT_SYMBOLS) or fields.get("conflicts"):
        return Result(status, board, index=index, line=line, **fields).to_json(symbols)
    out: dict[str, Any] = {"index": index, "line": line, "size": board.size, "box": list(board.box),
                           "puzzle": line_form(board), "status": status.value}
    if status not in (Status.VALID, Status.INVALID, Status.ERROR):
        solution = fields.get("solution")
        out["solution"] = line_form(solution) if solution is not None else None
    if fields.get("count") is not None:
        out["count"] = fields["count"]
        out["complete"] = fields["complete"]
    if fields.get("backend") is not None:
        out["backend"] = fields["backend"]
    if fields.get("time_s") is not None:
        out["time_s"] = round(fields["time_s"], 6)
    if fields.get("stats"):
        out["stats"] = fields["stats"]
    if fields.get("error") is not None:
        out["error"] = fields["error"]
    return out


_JSON_BOOL = {True: "true", False: "false"}


def _record_text(index: int, line: int, board: Board | None, status: Status, symbols: str | None,
                 **fields: Any) -> str:
    """:func:`dumps` of :func:`_record`, written directly for the common answers (same text)."""
    solution = fields.get("solution", 0)
    if (symbols is not None or board is None or board.size > len(DEFAULT_SYMBOLS) or fields.get("stats")
            or solution == 0 or fields.get("backend") is None or fields.get("time_s") is None
            or fields.get("error") is not None):
        return dumps(_record(index, line, board, status, symbols, **fields))
    shown = "null" if solution is None else f'"{line_form(solution)}"'
    count = fields.get("count")
    counted = "" if count is None else f', "count": {count}, "complete": {_JSON_BOOL[fields["complete"]]}'
    box_rows, box_cols = board.box
    return (f'{{"index": {index}, "line": {line}, "size": {board.size}, "box": [{box_rows}, {box_cols}], '
            f'"puzzle": "{line_form(board)}", "status": "{status.value}", "solution": {shown}{counted}, '
            f'"backend": {json.dumps(fields["backend"])}, "time_s": {round(fields["time_s"], 6)!r}}}')


class BatchSolver:
    """Answers puzzles one at a time as JSON records; holds the reusable engines of one process."""

    def __init__(self, options: BatchOptions):
        from ..backends import make
        from ..backends.base import Deadline

        self.options = options
        self._deadline = Deadline
        self._none = Deadline(None)
        sat = options.backend.partition(":")[0] == SAT_PREFIX
        backend = make(options.backend, **({"encoding": options.encoding} if sat else {}))
        self.backend = backend
        self.name = backend.name
        self.sat_solver = backend.solver if sat else None
        self.engines: dict[Shape, ReusableSat] = {}
        self.checkers: dict[Shape, Checker] = {}

    def close(self) -> None:
        """Drop the engines (and all they learnt); the next puzzle builds them afresh."""
        for engine in self.engines.values():
            engine.close()
        self.engines.clear()

    def _outcome(self, board: Board, limit: int) -> Outcome:
        if self.sat_solver is None or board.size > FULL_RULES_MAX_SIZE:
            return self.backend.count(board, limit, self.options.time_limit)
        deadline = self._none if self.options.time_limit is None else self._deadline(self.options.time_limit)
        engine = self.engines.get(board.shape)
        if engine is None:
            engine = self.engines[board.shape] = ReusableSat(board.shape, self.options.encoding,
                                                              self.sat_solver, self.options.stats,
                                                              self.options.propagate)
        return engine.count(board, limit, deadline)

    def checker(self, shape: Shape) -> Checker:
        checker = self.checkers.get(shape)
        if checker is None:
            checker = self.checkers[shape] = Checker(shape)
        return checker

    def answer(self, board: Board, index: int = 0, line: int = 1, emit=_record):
        """The verified answer about one parsed board, as a record (``error`` when the solver failed).

        ``emit`` makes the record: :func:`_record` (a dict, the default) or :func:`_record_text`.
        """
        symbols = self.options.symbols
        checker = self.checker(board.shape)
        # The duplicate scan decides 'invalid'. Duplicate givens make every encoding unsat at
        # once, so with a sat backend the scan runs only when no solution came back.
        if self.sat_solver is None and checker.duplicates(board.cells):
            return emit(index, line, board, Status.INVALID, symbols, conflicts=find_conflicts(board))
        unique = self.options.unique
        start = time.perf_counter()
        try:
            outcome = self._outcome(board, 2 if unique else 1)
            elapsed = time.perf_counter() - start
            if not outcome.solutions and checker.duplicates(board.cells):
                return emit(index, line, board, Status.INVALID, symbols,
                               conflicts=find_conflicts(board))
            for k, solution in enumerate(outcome.solutions):
                problems = checker.problems(solution, board)
                if problems:
                    raise SolverFailure(f"{self.name} returned a wrong solution: {'; '.join(problems[:3])}")
                if k and solution.cells == outcome.solutions[0].cells:
                    raise SolverFailure(f"{self.name} returned the same solution twice")
        except Exception as exc:  # a crashing solver is reported for its puzzle; the batch goes on
            what = str(exc) if isinstance(exc, SolverFailure) else f"{type(exc).__name__}: {exc}"
            return emit(index, line, board, Status.ERROR, symbols, backend=self.name,
                           error=f"solver failure: {what}")
        return emit(index, line, board, status_of(outcome, unique), symbols,
                       solution=outcome.solutions[0] if outcome.solutions else None,
                       count=outcome.count if unique else None,
                       complete=outcome.complete if unique else None,
                       backend=self.name, time_s=elapsed,
                       stats=outcome.stats if self.options.stats else {})

    def record(self, index: int, line: int, text: str, emit=_record):
        """The JSON record (CONTRACT.md keys) of the puzzle ``text`` found at ``line``."""
        opts = self.options
        try:
            board = quick_parse(text, opts.box, opts.symbols, first_line=line)
        except PuzzleError as exc:
            record = Result(Status.ERROR, None, error=str(exc), index=index, line=line).to_json()
            return record if emit is _record else dumps(record)
        return self.answer(board, index, line, emit)


_LOCAL = threading.local()  # one BatchSolver per (thread, options): dask workers run threads


def solver_for(options: BatchOptions) -> BatchSolver:
    """The reusable solver of this thread for ``options`` (built on first use)."""
    cache = getattr(_LOCAL, "solvers", None)
    if cache is None:
        cache = _LOCAL.solvers = {}
    solver = cache.get(options)
    if solver is None:
        solver = cache[options] = BatchSolver(options)
    return solver


def dumps(record: dict[str, Any]) -> str:
    """One JSON line (no newline), compact like ``solve --json``."""
    return json.dumps(record, separators=(", ", ": "))


def solve_items(options: BatchOptions, items: list[tuple[int, int, str]]) -> Iterator[str]:
    """JSON lines for ``(index, line, text)`` items, in order, from a fresh solver state."""
    solver = solver_for(options)
    solver.close()
    try:
        for index, line, text in items:
            try:
                yield solver.record(index, line, text, _record_text)
            except Exception as exc:  # last resort: the record says what broke, the batch goes on
                yield dumps(Result(Status.ERROR, None, error=f"{type(exc).__name__}: {exc}",
                                   index=index, line=line).to_json())
    finally:
        solver.close()  # no solver outlives its chunk (nor a worker thread)


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
        """Close a pool this batch made (waiting for it, unless ``cancel``); a caller's pool stays open."""
        if self.factory is not None:
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
            out.append(dumps(Result(Status.ERROR, None, index=index, line=line,
                                    error=f"worker failed on this puzzle: {type(exc).__name__}: {exc}"
                                    ).to_json()))
    return out


def run_batch(lines: Iterable[str], out: IO[str], options: BatchOptions, *, jobs: int = 1,
              executor=None, skip: int = 0, progress: Callable[[int], None] | None = None,
              make_executor: Callable[[], Any] | None = None) -> Summary:
    """Answer every puzzle of ``lines``, writing one JSON line per puzzle to ``out``, in order.

    ``skip`` puzzles are passed over (``--resume``). With ``executor`` (anything with
    ``submit(fn, *args)`` -> future with ``result()``, e.g. a dask ``Client``) or ``jobs > 1`` the
    work goes to a pool in chunks of :data:`CHUNK`; a bounded number are in flight.
    ``make_executor`` builds the process pool for ``jobs > 1`` (default ``ProcessPoolExecutor``)
    and replaces it when a worker dies; the dead worker's puzzles are retried one by one, so only
    the culprit gets an ``error`` record. ``progress(k)`` is called as k more puzzles are written.
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
            if status == "error" and ("solver failure" in text or "worker failed" in text):
                summary.failures += 1
        out.flush()
        summary.puzzles += len(lines_out)
        if progress is not None:
            progress(len(lines_out))

    texts = iter_blocks(lines)
    size = CHUNK
    factory = None
    if executor is None and jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        factory = make_executor or (lambda: ProcessPoolExecutor(jobs))
        executor = factory()
    if executor is None:
        for chunk in _chunks(texts, skip, size):
            for item, text in zip(chunk, solve_items(options, chunk)):
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
            for chunk in _chunks(texts, skip, size):
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


__all__ = ["BatchOptions", "BatchSolver", "Checker", "ReusableSat", "Summary", "line_form",
           "quick_parse", "resume_point", "run_batch", "solve_chunk", "solver_for"]
