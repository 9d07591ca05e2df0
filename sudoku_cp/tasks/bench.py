"""``sudoku-cp bench``: the same puzzles, in the same order, through every configuration; fair and checked.

A configuration is a backend (``sat``, ``sat:glucose4``, ``cpsat``, ``dfs``, ``dfs:plain``,
``external:minisat``, ...) and, for the SAT backends, an encoding. Each one answers every puzzle
through batch's per-puzzle path (:class:`sudoku_cp.tasks.batch.Worker`, i.e.
:func:`sudoku_cp.tasks.solving.answer` with sessions: a SAT solver is loaded once and reused, as
``batch`` does), after a warm-up that is not timed. Every answer is checked by the
independent checker; a wrong answer counts as an error, a time limit as a timeout (its time is
the limit, never dropped), and statuses are compared across configurations.

PAR-2 (the SAT competitions' penalised average runtime) is the mean time per puzzle in which
every puzzle left unanswered (a timeout or an error), or answered only after the time limit,
counts twice the time limit. It needs a
time limit: without one nothing can time out, so PAR-2 is not defined and is left out (null in
JSON, empty in CSV, ``-`` in the table).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> boards = [parse_puzzle("12.4...2....4..1"), parse_puzzle("12........3...4.")]
>>> [(r.config, r.counts["unique"], r.counts["unsat"]) for r in run_bench(boards, ["dfs", "sat"])]
[('dfs', 1, 1), ('sat:cadical195/complete', 1, 1)]
"""

from __future__ import annotations

import csv
import itertools
import json
import math
import os
import time
from array import array
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import IO, Any

from ..backends import takes
from ..core.board import Board
from ..model.cnf import DEFAULT_ENCODING
from .batch import BatchOptions, Worker

DEFAULT_BACKENDS = "sat,sat:glucose4,cpsat,dfs"
COUNTERS = ("conflicts", "decisions", "propagations", "branches", "nodes", "backtracks", "lp_iterations")


STATUS_COLUMNS = ("solved", "multiple", "unsat", "invalid", "timeouts", "errors", "disagree")
UNANSWERED = ("unknown", "error")  # statuses that are no answer: PAR-2 charges them twice the limit


@dataclass
class ConfigReport:
    """One configuration's results: counts per status, per-puzzle times and records, summed counters.

    :meth:`records` gives one dict per puzzle, in input order: ``index`` (0-based), ``line``
    (1-based, in the input), ``status``, ``time_s`` (the best of the repeats; a timeout's is the
    limit) and ``stats`` (the solver's own counters for that puzzle, or None). They are kept as
    compact arrays (``lines``, ``puzzle_counters``), so a bench over a big file stays small.
    """

    config: str
    times: list[float] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    counters: Counter = field(default_factory=Counter)
    statuses: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    disagreements: int = 0
    time_limit: float | None = None
    lines: array = field(default_factory=lambda: array("q"))
    puzzle_counters: dict[str, array] = field(default_factory=dict)  # name -> per puzzle, -1: not kept

    def records(self) -> Iterator[dict[str, Any]]:
        """Each puzzle's record: ``index``, ``line``, ``status``, ``time_s``, ``stats`` (None: no counters)."""
        for k, (status, t) in enumerate(zip(self.statuses, self.times)):
            stats = {name: values[k] for name, values in self.puzzle_counters.items() if values[k] >= 0}
            yield {"index": k, "line": self.lines[k] if k < len(self.lines) else k + 1, "status": status,
                   "time_s": round(t, 6), "stats": stats or None}

    def _keep_counters(self, k: int, counters: dict[str, int]) -> None:
        for name, value in counters.items():
            values = self.puzzle_counters.get(name)
            if values is None:
                values = self.puzzle_counters[name] = array("q", [-1] * k)
            values.append(value)
        for name, values in self.puzzle_counters.items():
            if len(values) <= k:
                values.append(-1)

    def quantile(self, q: float) -> float:
        """Nearest-rank quantile of the per-puzzle times (0 when there are none)."""
        ordered = sorted(self.times)
        if not ordered:
            return 0.0
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    def par2(self) -> float | None:
        """PAR-2 in seconds: the mean time per puzzle, one unanswered (a timeout or error) or answered
        only after the time limit counting 2 x the limit.

        None without a time limit (PAR-2 is not defined then) or without puzzles.

        >>> ConfigReport("x", times=[0.5, 1.0], statuses=["unique", "unknown"], time_limit=1.0).par2()
        1.25
        """
        if self.time_limit is None or not self.times:
            return None
        limit = self.time_limit
        charged = [2 * limit if s in UNANSWERED or t > limit else t for t, s in zip(self.times, self.statuses)]
        return sum(charged) / len(charged)

    def row(self) -> dict[str, Any]:
        """The flat summary used by the table, CSV and JSON: every key in every row (None: not kept)."""
        total = sum(self.times)
        n = len(self.times)
        row: dict[str, Any] = {"config": self.config, "puzzles": n}
        row["solved"] = self.counts["unique"] + self.counts["solved"]
        for status in ("multiple", "unsat", "invalid"):
            row[status] = self.counts[status]
        row["timeouts"] = self.counts["unknown"]
        row["errors"] = self.counts["error"]
        row["disagree"] = self.disagreements
        row["puzzles_per_s"] = round(n / total, 1) if total > 0 else 0.0
        row["mean_ms"] = round(1000 * total / n, 3) if n else 0.0
        for name, q in (("median_ms", 0.5), ("p90_ms", 0.9), ("p99_ms", 0.99), ("max_ms", 1.0)):
            row[name] = round(1000 * self.quantile(q), 3)
        par2 = self.par2()
        row["par2_ms"] = None if par2 is None else round(1000 * par2, 3)
        for name in COUNTERS:  # the solver's own counters; None where this solver keeps no such count
            row[name] = self.counters[name] if name in self.counters else None
        return row


def configurations(backends: list[str], encodings: list[str]) -> list[tuple[str, str]]:
    """(backend, encoding) pairs: every encoding for backends that take one, the default for the others."""
    out: list[tuple[str, str]] = []
    for backend in backends:
        if takes(backend, "encoding"):
            out.extend((backend, enc) for enc in encodings)
        else:
            out.append((backend, DEFAULT_ENCODING))
    return out


def _config_name(worker: Worker, backend: str, encoding: str) -> str:
    return f"{worker.name}/{encoding}" if takes(backend, "encoding") else worker.name


def run_bench(boards: Sequence[Board] | Callable[[], Iterable[Board]], backends: list[str],
              encodings: tuple[str, ...] = (DEFAULT_ENCODING,), unique: bool = True,
              time_limit: float | None = None, repeat: int = 1, warmup: int = 20,
              progress=None, lines: Sequence[int] | None = None) -> list[ConfigReport]:
    """Run every configuration on ``boards`` in the same order; per-puzzle times are the best of ``repeat``.

    ``boards`` is a sequence, or a function that returns the same puzzles afresh each time it
    is called (each configuration's warm-up and each repeat read them again): the CLI streams
    them from the file so that no list of boards is held. ``lines`` gives each puzzle's line in
    its input (default: puzzle k on line k + 1). ``progress``, when given, is told of every timed
    puzzle: ``progress.set_description(config)`` when a configuration starts, ``progress.update(1)``
    after each puzzle (a tqdm bar fits).
    """
    read = boards if callable(boards) else (lambda: iter(boards))
    reports = []
    for backend, encoding in configurations(backends, list(encodings)):
        options = BatchOptions(unique=unique, backend=backend,
                               encoding=encoding if takes(backend, "encoding") else None,
                               time_limit=time_limit, stats=True)
        worker = Worker(options)
        report = ConfigReport(_config_name(worker, backend, encoding), time_limit=time_limit)
        if progress is not None:
            progress.set_description(report.config)
        for board in itertools.islice(read(), warmup):  # opens the sessions, warms caches; not timed
            worker.answer(board)
        best: list[float] = []
        for _ in range(repeat):
            for k, board in enumerate(read()):
                line = lines[k] if lines is not None else k + 1
                start = time.perf_counter()
                result = worker.answer(board, k, line)
                elapsed = time.perf_counter() - start
                status = result.status.value
                if status == "unknown" and time_limit is not None:
                    elapsed = max(elapsed, time_limit)  # a timeout costs the whole limit
                if k == len(best):
                    best.append(elapsed)
                else:
                    best[k] = min(best[k], elapsed)
                if len(report.statuses) <= k:
                    report.statuses.append(status)
                    report.counts[status] += 1
                    counters = {name: value for name, value in (result.stats or {}).items()
                                if name in COUNTERS and isinstance(value, int)}
                    for name, value in counters.items():
                        report.counters[name] += value
                    report.lines.append(line)
                    report._keep_counters(k, counters)
                    if status == "error":
                        report.errors.append(f"puzzle {k + 1} (line {line}): {result.error}")
                if progress is not None:
                    progress.update(1)
            worker.close()  # each repeat starts from the same fresh state
        report.times = best
        reports.append(report)
    _compare(reports)
    return reports


def _compare(reports: list[ConfigReport]) -> None:
    """Count, per configuration, the puzzles whose decided status differs from the majority's."""
    if len(reports) < 2:
        return
    undecided = {"unknown", "error"}
    for k in range(len(reports[0].statuses)):
        votes = Counter(r.statuses[k] for r in reports if r.statuses[k] not in undecided)
        if len(votes) > 1:
            majority = votes.most_common(1)[0][0]
            for r in reports:
                if r.statuses[k] not in undecided and r.statuses[k] != majority:
                    r.disagreements += 1


TABLE_COLUMNS = [("config", "configuration", "<"), ("puzzles", "puzzles", ">"), ("solved", "solved", ">"),
                 ("multiple", "multiple", ">"), ("unsat", "unsat", ">"), ("invalid", "invalid", ">"),
                 ("timeouts", "timeouts", ">"), ("errors", "errors", ">"), ("disagree", "disagree", ">"),
                 ("puzzles_per_s", "puzzles/s", ">"), ("mean_ms", "mean ms", ">"),
                 ("median_ms", "median", ">"), ("p90_ms", "p90", ">"), ("p99_ms", "p99", ">"),
                 ("max_ms", "max", ">"), ("par2_ms", "PAR-2", ">"), ("conflicts", "conflicts", ">"),
                 ("branches", "branches", ">")]


def format_table(reports: list[ConfigReport]) -> str:
    """A plain-text table, one row per configuration (times in milliseconds, ``-``: not kept or defined)."""
    rows = [r.row() for r in reports]
    cells = [[title for _, title, _ in TABLE_COLUMNS]]
    for row in rows:
        line = []
        for key, _, _ in TABLE_COLUMNS:
            value = row.get(key)
            line.append("-" if value is None else f"{value:,.1f}" if key == "puzzles_per_s" else
                        f"{value:.3f}" if key.endswith("_ms") else f"{value}")
        cells.append(line)
    widths = [max(len(c[i]) for c in cells) for i in range(len(TABLE_COLUMNS))]
    out = []
    for line in cells:
        out.append("  ".join(f"{text:{align}{w}}" for text, w, (_, _, align) in
                             zip(line, widths, TABLE_COLUMNS)).rstrip())
    return "\n".join(out)


def write_csv(reports: list[ConfigReport], path: str | IO[str]) -> None:
    """The table as CSV: the same columns for every configuration (empty: not kept or not defined).

    ``path`` is a file name or an open text stream (opened with ``newline=""`` or ``"\\n"``).
    """
    rows = [r.row() for r in reports]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    if not isinstance(path, str):
        writer = csv.DictWriter(path, fieldnames=keys)
        writer.writeheader()
        writer.writerows(rows)
        return
    with open(path, "w", newline="", encoding="utf-8") as handle:
        write_csv(reports, handle)


PAR2_NOTE = ("PAR-2: mean time per puzzle, a timeout, an error or an answer after the limit counting "
             "2 x time_limit; null without a time limit")


def write_json(reports: list[ConfigReport], path: str | IO[str], meta: dict[str, Any]) -> None:
    """The table (``configurations``) and every puzzle's record per configuration (``records``).

    ``path`` is a file name or an open text stream (``bench --json`` on standard output).
    """
    data = {"meta": {**meta, "par2": PAR2_NOTE}, "configurations": [r.row() for r in reports],
            "records": {r.config: list(r.records()) for r in reports}}
    if not isinstance(path, str):
        json.dump(data, path, indent=1)
        path.write("\n")
        return
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)


def write_plot(reports: list[ConfigReport], path: str | IO[bytes], title: str, time_limit: float | None = None,
               fmt: str | None = None) -> None:
    """A cactus plot as PNG, SVG or PDF by the file's suffix (or ``fmt``, for an open binary stream):
    each configuration's answered puzzles, fastest first, against the time each took; the time
    limit as a dashed line.

    Every configuration is in the legend with how many puzzles it answered ("answered 0 of 10"
    when it answered none, so a configuration never vanishes from the picture).
    """
    try:
        import matplotlib
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'sudoku-cp[plot]'") from None
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    plt.rcParams["svg.fonttype"] = "none"  # an SVG keeps its words as text: searchable, selectable
    fig, ax = plt.subplots(figsize=(8, 5))
    for report in reports:
        answered = sorted(t for t, s in zip(report.times, report.statuses) if s not in UNANSWERED)
        label = f"{report.config} (answered {len(answered)} of {len(report.times)})"
        if answered:
            ax.plot(range(1, len(answered) + 1), answered, marker="o", markersize=3, label=label)
        else:  # nothing to draw, but it must still be seen
            ax.plot([], [], marker="x", linestyle="none", label=label)
    if time_limit is not None:
        ax.axhline(time_limit, color="black", linestyle="--", linewidth=1,
                   label=f"time limit {time_limit:g} s")
    ax.set_yscale("log")
    ax.set_xlabel("puzzles answered (each configuration's fastest first)")
    ax.set_ylabel("time per puzzle (s)")
    most = max((len(r.times) for r in reports), default=1)
    ax.set_xlim(0, most + 1)
    ax.set_title(title, fontsize="medium")
    ax.grid(True, which="both", alpha=0.3)
    # below the axes, where it hides no line, in as many columns as keep it short
    ax.legend(fontsize="small", loc="upper center", bbox_to_anchor=(0.5, -0.14), ncol=2, frameon=False)
    fig.savefig(path, bbox_inches="tight", format=fmt)
    plt.close(fig)


def plot_title(file: str, puzzles: int, mode: str) -> str:
    """The plot's title: the input's file name (not its whole path), how many puzzles, the mode.

    >>> plot_title("/very/long/path/to/top1465.txt.gz", 200, "solve + uniqueness")
    'top1465.txt.gz: 200 puzzles, solve + uniqueness'
    """
    name = "standard input" if file == "-" else os.path.basename(file) or file
    return f"{name}: {puzzles} puzzles, {mode}"


__all__ = ["ConfigReport", "configurations", "format_table", "plot_title", "run_bench", "write_csv",
           "write_json", "write_plot"]
