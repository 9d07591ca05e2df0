"""``sudoku-cp bench``: the same puzzles, in the same order, through every configuration; fair and checked.

A configuration is a backend (``sat``, ``sat:glucose4``, ``cpsat``, ``dfs``, ``dfs:plain``,
``external:minisat``, ...) and, for the SAT backends, an encoding. Each one answers every puzzle
through the batch engine (:class:`sudoku_cp.batch.BatchSolver`: a SAT solver is loaded once and
reused, as ``batch`` does), after a warm-up that is not timed. Every answer is checked by the
independent checker; a wrong answer counts as an error, a time limit as a timeout (its time is
the limit, never dropped), and statuses are compared across configurations.

>>> from sudoku_cp.formats import parse_puzzle
>>> boards = [parse_puzzle("12.4...2....4..1"), parse_puzzle("12........3...4.")]
>>> [(r.config, r.counts["unique"], r.counts["unsat"]) for r in run_bench(boards, ["dfs", "sat"])]
[('dfs', 1, 1), ('sat:cadical195/complete', 1, 1)]
"""

from __future__ import annotations

import csv
import json
import math
import shutil
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .batch import BatchOptions, BatchSolver
from .board import Board
from .cnf import DEFAULT_ENCODING, PRESETS
from .results import EXIT_DISAGREE, EXIT_OK

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
    """(backend, encoding) pairs: every encoding for SAT backends, the default for the others."""
    out = []
    for backend in backends:
        if backend.partition(":")[0] == "sat":
            out.extend((backend, enc) for enc in encodings)
        else:
            out.append((backend, DEFAULT_ENCODING))
    return out


def _config_name(solver: BatchSolver, backend: str, encoding: str) -> str:
    return f"{solver.name}/{encoding}" if backend.partition(":")[0] == "sat" else solver.name


def run_bench(boards: list[Board], backends: list[str], encodings: tuple[str, ...] = (DEFAULT_ENCODING,),
              unique: bool = True, time_limit: float | None = None, repeat: int = 1,
              warmup: int = 20, progress=None) -> list[ConfigReport]:
    """Run every configuration on ``boards`` in the same order; per-puzzle times are the best of ``repeat``."""
    reports = []
    for backend, encoding in configurations(backends, list(encodings)):
        options = BatchOptions(unique=unique, backend=backend, encoding=encoding,
                               time_limit=time_limit, stats=True)
        solver = BatchSolver(options)
        report = ConfigReport(_config_name(solver, backend, encoding))
        for board in boards[:warmup]:  # loads the solver, warms caches; not timed
            solver.answer(board)
        best = [math.inf] * len(boards)
        for _ in range(repeat):
            for k, board in enumerate(boards):
                start = time.perf_counter()
                record = solver.answer(board, k, k + 1)
                elapsed = time.perf_counter() - start
                if record["status"] == "unknown" and time_limit is not None:
                    elapsed = max(elapsed, time_limit)  # a timeout costs the whole limit
                best[k] = min(best[k], elapsed)
                if len(report.statuses) <= k:
                    report.statuses.append(record["status"])
                    report.counts[record["status"]] += 1
                    for name, value in (record.get("stats") or {}).items():
                        if name in COUNTERS and isinstance(value, int):
                            report.counters[name] += value
                    if record["status"] == "error":
                        report.errors.append(f"puzzle {k + 1}: {record.get('error')}")
            solver.close()  # each repeat starts from the same fresh state
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


def default_backends() -> str:
    """The default list, plus ``external:minisat`` when that backend and the binary exist."""
    from .backends import REGISTRY

    extra = ",external:minisat" if "external" in REGISTRY and shutil.which("minisat") else ""
    return DEFAULT_BACKENDS + extra


BENCH_HELP = """\
Run every configuration (backend x encoding) on the same puzzles in the same order, after an
untimed warm-up, checking every answer with the independent checker. Report per configuration:
solved / multiple / unsat / timeouts / errors, puzzles per second, mean, median, p90, p99 and max
time per puzzle, and the solvers' counters (conflicts, decisions, propagations; CP-SAT branches;
dfs nodes). Timeouts count with the full time limit. 'disagree' counts puzzles whose status
differs from the other configurations' majority. Exit 3 when an answer failed verification or
configurations disagree.

SAT backends run as in 'batch': the rules are loaded once per grid size and each puzzle's givens
are assumptions. --plot draws a cactus plot (needs matplotlib: the [plot] extra).

example:
  sudoku-cp bench top1465.txt --limit 200 --backends sat,sat:glucose4,cpsat,dfs --plot cactus.png
"""


def add_parser(sub) -> None:
    import argparse

    from .cli.common import box_arg, positive_int, time_limit_arg

    p = sub.add_parser("bench", help="compare backends and encodings on the same puzzles, fairly",
                       description=BENCH_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="puzzle file ('-' for standard input)")
    p.add_argument("--backends", metavar="LIST", default=None,
                   help=f"comma list of backends (default {DEFAULT_BACKENDS}, plus "
                        f"external:minisat when installed)")
    p.add_argument("--encodings", metavar="LIST", default=DEFAULT_ENCODING,
                   help=f"comma list of CNF encodings for the sat backends ({', '.join(PRESETS)}; "
                        f"default {DEFAULT_ENCODING})")
    p.add_argument("--limit", type=positive_int, metavar="K", help="only the first K puzzles")
    p.add_argument("--time-limit", type=time_limit_arg, metavar="SECONDS", help="per puzzle")
    p.add_argument("--repeat", type=positive_int, default=1, metavar="R",
                   help="run each configuration R times; each puzzle's best time counts")
    p.add_argument("--warmup", type=int, default=20, metavar="K",
                   help="untimed puzzles before timing (default 20)")
    p.add_argument("--solve-only", action="store_true",
                   help="find one solution (default: also prove it unique)")
    p.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3 for 6x6 grids")
    p.add_argument("--symbols", metavar="STRING", help="the alphabet, digit 1 first")
    p.add_argument("--csv", metavar="F", help="write the table as CSV to F")
    p.add_argument("--json", metavar="F", help="write the table and every per-puzzle time as JSON to F")
    p.add_argument("--plot", metavar="F", help="write a cactus plot to F (.png, .svg or .pdf)")
    p.set_defaults(run=run_bench_cmd)


def run_bench_cmd(args) -> int:
    from .backends import BackendError, get_backend
    from .cli.common import CliError, open_text
    from .formats import iter_entries

    backends = [b.strip() for b in (args.backends or default_backends()).split(",") if b.strip()]
    encodings = [e.strip() for e in args.encodings.split(",") if e.strip()]
    for enc in encodings:
        if enc not in PRESETS:
            raise CliError(f"unknown encoding {enc!r}: expected one of {', '.join(PRESETS)}")
    for backend in backends:
        try:
            get_backend(backend)
        except BackendError as exc:
            raise CliError(str(exc)) from None
    if args.plot and not args.plot.lower().endswith((".png", ".svg", ".pdf")):
        raise CliError(f"--plot {args.plot}: expected a file name ending in .png, .svg or .pdf")
    source = open_text(args.file)
    where = "standard input" if args.file == "-" else args.file
    boards = []
    try:
        for entry in iter_entries(source, args.box, args.symbols):
            if entry.board is None:  # a benchmark runs every puzzle of its file, or none
                raise CliError(f"{where}: puzzle {entry.index + 1} (line {entry.line}): {entry.error} "
                               f"(bench needs every puzzle readable: fix or remove it)")
            boards.append(entry.board)
            if args.limit and len(boards) >= args.limit:
                break
    finally:
        if source is not sys.stdin:
            source.close()
    if not boards:
        from .cli.batch_cmd import no_puzzle_message

        raise CliError(no_puzzle_message(args.file))

    def progress(report: ConfigReport) -> None:
        if sys.stderr.isatty():
            print(f"  {report.config}: done", file=sys.stderr)

    reports = run_bench(boards, backends, tuple(encodings), unique=not args.solve_only,
                        time_limit=args.time_limit, repeat=args.repeat, warmup=max(0, args.warmup),
                        progress=progress)
    mode = "solve" if args.solve_only else "solve + uniqueness"
    print(f"{len(boards)} puzzles from {args.file}, {mode}, warm-up {args.warmup}, "
          f"repeat {args.repeat}, every answer verified")
    print(format_table(reports))
    for report in reports:
        for error in report.errors[:3]:
            print(f"{report.config}: {error}", file=sys.stderr)
    meta = {"file": args.file, "puzzles": len(boards), "mode": mode, "warmup": args.warmup,
            "repeat": args.repeat, "time_limit": args.time_limit}
    if args.csv:
        write_csv(reports, args.csv)
    if args.json:
        write_json(reports, args.json, meta)
    if args.plot:
        write_plot(reports, args.plot, f"{args.file}: {len(boards)} puzzles, {mode}")
    bad = any(r.counts["error"] or r.disagreements for r in reports)
    return EXIT_DISAGREE if bad else EXIT_OK


__all__ = ["ConfigReport", "configurations", "format_table", "run_bench", "write_csv", "write_json",
           "write_plot"]
