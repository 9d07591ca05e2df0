"""Per constraint kind, side by side: sat and ``--backend all`` on the published 9x9 puzzles.

Puzzles: the 9x9 entries of tests/published_kinds.py (each with its source and published solution).
Each is answered through ``sudoku_cp.tasks.solving.solve(board, backend=..., unique=True)`` (the
path of ``sudoku-cp solve --unique``): by ``sat`` ``--repeat`` times (the median is kept), and once
by ``all`` (sat, cpsat and dfs cross-checked) with a time limit of ``--all-limit`` seconds, so a
backend that cannot answer shows as ``unknown`` instead of stalling the run. The floors of issue 19:
median sat under 0.3 s per kind, ``all`` answering every puzzle within 60 s.

    python bench/bench_kinds.py [--repeat K] [--all-limit S] [--kind KIND ...]
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the published puzzles

SAT_FLOOR, ALL_FLOOR = 0.3, 60.0


def timed(board, backend, repeat: int, time_limit: float | None = None) -> tuple[float, str]:
    """Median seconds of ``solve(board, backend, unique=True)`` over ``repeat`` runs, and the status
    (for several backends, each one's: ``all`` may say unique while dfs ran out of time)."""
    from sudoku_cp.tasks.solving import solve

    times, status = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = solve(board, backend=backend, unique=True, time_limit=time_limit)
        times.append(time.perf_counter() - start)
        status = "/".join(b.status.value for b in result.backends) if result.backends else result.status.value
    return statistics.median(times), status


def main() -> None:
    from published_kinds import PUBLISHED, board

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="sat runs per puzzle (median kept)")
    parser.add_argument("--all-limit", type=float, default=ALL_FLOOR, help="seconds allowed to --backend all")
    parser.add_argument("--kind", action="append", help="only these kinds (repeatable)")
    args = parser.parse_args()
    entries = [(p, board(p)) for p in PUBLISHED if len(p.solution) == 81 and (not args.kind or p.kind in args.kind)]
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load {' '.join(f'{x:.1f}' for x in os.getloadavg())}; sat: median of "
          f"{args.repeat} runs; all: one run, limit {args.all_limit:g} s")
    print("\n| # | kind | source | sat s | all s | status (sat / all) |\n|---|---|---|---|---|---|")
    by_kind: dict[str, dict[str, list]] = {}
    for k, (entry, puzzle) in enumerate(entries):
        sat_s, sat_status = timed(puzzle, "sat", args.repeat)
        all_s, all_status = timed(puzzle, "all", 1, args.all_limit)
        row = by_kind.setdefault(entry.kind, {"sat": [], "all": [], "bad": []})
        row["sat"].append(sat_s)
        row["all"].append(all_s)
        if set(all_status.split("/")) != {"unique"} or all_s > ALL_FLOOR:
            row["bad"].append(k + 1)
        name = entry.source.split(" ", 2)[-1].replace("src/solver/tests/logical_solver/puzzles/", "")
        print(f"| {k + 1} | {entry.kind} | {entry.source.split()[0]} {name} | {sat_s:.3f} | {all_s:.2f} | "
              f"{sat_status} / {all_status} |", flush=True)
    print(f"\nper kind (9x9 puzzles): median sat s (floor {SAT_FLOOR}), slowest all s (floor {ALL_FLOOR:g});"
          " puzzles past a floor by #\n")
    print("| kind | puzzles | median sat s | max sat s | max all s | sat floor | all floor |\n|---|---|---|---|---|---|---|")
    for kind, row in by_kind.items():
        median = statistics.median(row["sat"])
        print(f"| {kind} | {len(row['sat'])} | {median:.3f} | {max(row['sat']):.3f} | {max(row['all']):.2f} | "
              f"{'ok' if median < SAT_FLOOR else 'MISSED'} | "
              f"{'ok' if not row['bad'] else 'MISSED ' + ', '.join(map(str, row['bad']))} |")


if __name__ == "__main__":
    main()
