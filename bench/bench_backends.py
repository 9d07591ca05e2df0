"""Puzzles per second of sat, cpsat and dfs on top1465.txt, solve only and solve + uniqueness, in one run.

For the foundation issue's table. Every configuration answers the same puzzles in the same order
through ``sudoku_cp.tasks.bench.run_bench`` (warm-up first, every answer verified by the independent
checker, statuses compared across backends). The sat backend runs as ``batch`` does (one loaded
solver, givens as assumptions); a second row, ``sat (one-shot)``, builds a new solver with the
simplified formula per puzzle, as ``sudoku-cp solve`` does.

    python bench/bench_backends.py [--limit K] [--file top1465.txt] [--time-limit S]

--file names a collection in data/ (top1465.txt reads data/top1465.txt.gz).
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from _data import data_path, open_text  # bench/_data.py: the collections in data/


def one_shot(boards, unique: bool) -> tuple[float, int]:
    """``sudoku-cp solve``'s path: api.solve per puzzle (new solver, simplified formula)."""
    from sudoku_cp.tasks.solving import solve

    start = time.perf_counter()
    answered = 0
    for board in boards:
        result = solve(board, backend="sat", unique=unique)
        answered += result.status.value in ("solved", "unique", "multiple", "unsat")
    return time.perf_counter() - start, answered


def main() -> None:
    from sudoku_cp.formats.puzzle_files import iter_entries
    from sudoku_cp.tasks.bench import format_table, run_bench

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", default="top1465.txt")
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--time-limit", type=float, default=None)
    args = parser.parse_args()
    with open_text(data_path(args.file)) as handle:
        boards = [e.board for e in iter_entries(handle) if e.board is not None]
    boards = boards[: args.limit] if args.limit else boards
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}; {len(boards)} puzzles of {args.file}")
    summary = []
    for unique in (False, True):
        mode = "solve + uniqueness" if unique else "solve only"
        reports = run_bench(boards, ["sat", "cpsat", "dfs"], unique=unique, time_limit=args.time_limit)
        print(f"\n## {mode}")
        print(format_table(reports))
        seconds, answered = one_shot(boards, unique)
        print(f"sat (one-shot, as `solve`): {len(boards) / seconds:,.1f} puzzles/s, {answered} answered")
        row = {r.config: r.row()["puzzles_per_s"] for r in reports}
        row["sat (one-shot)"] = round(len(boards) / seconds, 1)
        summary.append((mode, row))
    print("\n| puzzles/s | " + " | ".join(summary[0][1]) + " |")
    print("|---|" + "---:|" * len(summary[0][1]))
    for mode, row in summary:
        print(f"| {mode} | " + " | ".join(f"{v:,.1f}" for v in row.values()) + " |")


if __name__ == "__main__":
    main()
