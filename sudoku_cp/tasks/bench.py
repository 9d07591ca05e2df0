"""``sudoku-cp bench``: the same puzzles, in the same order, through every configuration; fair and checked.

A configuration is a backend (``sat``, ``sat:glucose4``, ``cpsat``, ``dfs``, ``dfs:plain``,
``external:minisat``, ...) and, for the SAT backends, an encoding. Each one answers every puzzle
through batch's per-puzzle path (:class:`sudoku_cp.tasks.batch.Worker`, i.e.
:func:`sudoku_cp.tasks.solving.answer` with sessions: a SAT solver is loaded once and reused, as
``batch`` does), after a warm-up that is not timed. Every answer is checked by the
independent checker; a wrong answer counts as an error, a time limit as a timeout (its time is
the limit, never dropped), and statuses are compared across configurations.

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
import time
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..backends import takes
from ..core.board import Board
from ..model.cnf import DEFAULT_ENCODING
from .batch import BatchOptions, Worker

DEFAULT_BACKENDS = "sat,sat:glucose4,cpsat,dfs"
COUNTERS = ("conflicts", "decisions", "propagations", "branches", "nodes", "backtracks")


@dataclass
class ConfigReport:
    """One configuration's results: counts per status, per-puzzle times, summed solver counters."""

    config: str
    times: list[float] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    counters: Counter = field(default_factory=Counter)
    statuses: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    disagreements: int = 0

    def quantile(self, q: float) -> float:
        """Nearest-rank quantile of the per-puzzle times (0 when there are none)."""
        ordered = sorted(self.times)
        if not ordered:
            return 0.0
        return ordered[min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))]

    def row(self) -> dict[str, Any]:
        """The flat summary used by the table, CSV and JSON."""
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
        for name in COUNTERS:
            if name in self.counters:
                row[name] = self.counters[name]
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
              progress=None) -> list[ConfigReport]:
    """Run every configuration on ``boards`` in the same order; per-puzzle times are the best of ``repeat``.

    ``boards`` is a sequence, or a function that returns the same puzzles afresh each time it
    is called (each configuration's warm-up and each repeat read them again): the CLI streams
    them from the file so that no list of boards is held.
    """
    read = boards if callable(boards) else (lambda: iter(boards))
    reports = []
    for backend, encoding in configurations(backends, list(encodings)):
        options = BatchOptions(unique=unique, backend=backend,
                               encoding=encoding if takes(backend, "encoding") else None,
                               time_limit=time_limit, stats=True)
        worker = Worker(options)
        report = ConfigReport(_config_name(worker, backend, encoding))
        for board in itertools.islice(read(), warmup):  # opens the sessions, warms caches; not timed
            worker.answer(board)
        best: list[float] = []
        for _ in range(repeat):
            for k, board in enumerate(read()):
                start = time.perf_counter()
                result = worker.answer(board, k, k + 1)
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
                    for name, value in (result.stats or {}).items():
                        if name in COUNTERS and isinstance(value, int):
                            report.counters[name] += value
                    if status == "error":
                        report.errors.append(f"puzzle {k + 1}: {result.error}")
            worker.close()  # each repeat starts from the same fresh state
        report.times = best
        reports.append(report)
        if progress is not None:
            progress(report)
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
                 ("multiple", "multiple", ">"), ("unsat", "unsat", ">"), ("timeouts", "timeouts", ">"),
                 ("errors", "errors", ">"), ("puzzles_per_s", "puzzles/s", ">"), ("mean_ms", "mean ms", ">"),
                 ("median_ms", "median", ">"), ("p90_ms", "p90", ">"), ("p99_ms", "p99", ">"),
                 ("max_ms", "max", ">"), ("conflicts", "conflicts", ">")]


def format_table(reports: list[ConfigReport]) -> str:
    """A plain-text table, one row per configuration (times in milliseconds)."""
    rows = [r.row() for r in reports]
    cells = [[title for _, title, _ in TABLE_COLUMNS]]
    for row in rows:
        line = []
        for key, _, _ in TABLE_COLUMNS:
            value = row.get(key, "")
            line.append(f"{value:,.1f}" if key == "puzzles_per_s" else
                        f"{value:.3f}" if key.endswith("_ms") else f"{value}")
        cells.append(line)
    widths = [max(len(c[i]) for c in cells) for i in range(len(TABLE_COLUMNS))]
    out = []
    for line in cells:
        out.append("  ".join(f"{text:{align}{w}}" for text, w, (_, _, align) in
                             zip(line, widths, TABLE_COLUMNS)).rstrip())
    return "\n".join(out)


def write_csv(reports: list[ConfigReport], path: str) -> None:
    rows = [r.row() for r in reports]
    keys = list(dict.fromkeys(k for row in rows for k in row))
    with open(path, "w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, fieldnames=keys)
        writer.writeheader()
        writer.writerows(rows)


def write_json(reports: list[ConfigReport], path: str, meta: dict[str, Any]) -> None:
    data = {"meta": meta, "configurations": [r.row() for r in reports],
            "times_s": {r.config: [round(t, 6) for t in r.times] for r in reports}}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, indent=1)


def write_plot(reports: list[ConfigReport], path: str, title: str) -> None:
    """A cactus plot (puzzles answered within t, against t) as PNG, SVG or PDF by the file's suffix."""
    try:
        import matplotlib
    except ImportError:
        raise ValueError("--plot needs matplotlib: pip install 'sudoku-cp[plot]'") from None
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.5))
    for report in reports:
        answered = sorted(t for t, s in zip(report.times, report.statuses) if s not in ("unknown", "error"))
        if answered:
            cumulative = []
            total = 0.0
            for t in answered:
                total += t
                cumulative.append(total)
            ax.step(cumulative, range(1, len(answered) + 1), where="post", label=report.config)
    ax.set_xscale("log")
    ax.set_xlabel("time (s, cumulative over the fastest puzzles first)")
    ax.set_ylabel("puzzles answered")
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


__all__ = ["ConfigReport", "configurations", "format_table", "run_bench", "write_csv", "write_json",
           "write_plot"]
