"""Per constraint kind, side by side: sat (this tree, and an older commit's) and ``--backend all``
on the published 9x9 puzzles.

Puzzles: the 9x9 entries of tests/published_kinds.py (each with its source and published solution).
Each is answered through ``sudoku_cp.tasks.solving.solve(board, backend=..., unique=True)`` (the
path of ``sudoku-cp solve --unique``): by ``sat`` in ``--repeat`` rounds (the median is kept), and
once by ``all`` (sat, cpsat and dfs cross-checked) with a time limit of ``--all-limit`` seconds
(0: not run), so a backend that cannot answer shows as ``unknown`` instead of stalling the run.
With ``--before REV``, each round also times sat on a checkout of REV (``git archive``), the same
puzzles (this tree's list), one fresh process per tree and round, alternating which goes first;
the tables then give both medians and their ratio (after / before; below 1 is faster now). The
floors of issue 19: median sat under 0.3 s per kind, ``all`` answering every puzzle within 60 s.

    python bench/bench_kinds.py [--repeat K] [--all-limit S] [--kind KIND ...] [--before REV]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the published puzzles

SAT_FLOOR, ALL_FLOOR = 0.3, 60.0

# One round of sat on the chosen puzzles, in a fresh process whose working directory is the tree
# timed (so that tree's sudoku_cp is imported); the puzzles come from this tree's list.
WORK = r'''
import json, sys, time
sys.path.insert(0, TESTS)
from published_kinds import PUBLISHED, board
from sudoku_cp.tasks.solving import solve
chosen = [PUBLISHED[k] for k in WHICH]
solve(board(chosen[0]), backend="sat", unique=True)  # imports and caches, not timed
out = []
for entry in chosen:
    puzzle = board(entry)
    start = time.perf_counter()
    result = solve(puzzle, backend="sat", unique=True)
    out.append((time.perf_counter() - start, result.status.value))
print(json.dumps(out))
'''


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


def sat_rounds(trees: dict[str, Path], which: list[int], rounds: int) -> dict[str, list[tuple[float, str]]]:
    """Per tree, per puzzle: the median sat seconds over ``rounds`` fresh processes, and a status."""
    code = WORK.replace("TESTS", repr(str(ROOT / "tests"))).replace("WHICH", repr(which))
    runs: dict[str, list[list[tuple[float, str]]]] = {name: [] for name in trees}
    order = list(trees.items())
    for k in range(rounds):
        for name, tree in order if k % 2 == 0 else order[::-1]:
            env = dict(os.environ, PYTHONPATH=str(tree))
            done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True)
            if done.returncode:
                raise SystemExit(f"{tree}: {done.stderr.strip().splitlines()[-1]}")
            runs[name].append(json.loads(done.stdout))
    return {name: [(statistics.median(r[j][0] for r in got), got[-1][j][1]) for j in range(len(which))]
            for name, got in runs.items()}


def main() -> None:
    from published_kinds import PUBLISHED, board

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5, help="sat rounds per puzzle (median kept)")
    parser.add_argument("--all-limit", type=float, default=ALL_FLOOR,
                        help="seconds allowed to --backend all (0: do not run it)")
    parser.add_argument("--kind", action="append", help="only these kinds (repeatable)")
    parser.add_argument("--before", metavar="REV", help="also time sat on this commit, side by side")
    args = parser.parse_args()
    which = [k for k, p in enumerate(PUBLISHED) if len(p.solution) == 81 and (not args.kind or p.kind in args.kind)]
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"after": ROOT}
        if args.before:
            old = Path(tmp) / "before"
            old.mkdir()
            archive = subprocess.run(["git", "archive", args.before], cwd=ROOT, capture_output=True, check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
            trees = {"before": old, "after": ROOT}
        sat = sat_rounds(trees, which, args.repeat)
    both = args.before is not None
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, {platform.machine()}, "
          f"{os.cpu_count()} cores, load {' '.join(f'{x:.1f}' for x in os.getloadavg())}; sat: median of "
          f"{args.repeat} rounds (a fresh process per tree and round)"
          + (f", before = {args.before}" if both else "")
          + (f"; all: one run, limit {args.all_limit:g} s" if args.all_limit else "; all: not run"))
    head = "| # | kind | source |" + (" sat s before | sat s | after/before |" if both else " sat s |")
    print(f"\n{head} all s | status (sat / all) |\n" + "|---" * (head.count("|") + 1) + "|")
    by_kind: dict[str, dict[str, list]] = {}
    for j, k in enumerate(which):
        entry = PUBLISHED[k]
        sat_s, sat_status = sat["after"][j]
        all_s, all_status = timed(board(entry), "all", 1, args.all_limit) if args.all_limit else (0.0, "-")
        row = by_kind.setdefault(entry.kind, {"sat": [], "before": [], "all": [], "bad": []})
        row["sat"].append(sat_s)
        row["all"].append(all_s)
        if args.all_limit and (set(all_status.split("/")) != {"unique"} or all_s > ALL_FLOOR):
            row["bad"].append(k + 1)
        cells = f"{sat_s:.3f} |"
        if both:
            before = sat["before"][j][0]
            row["before"].append(before)
            cells = f"{before:.3f} | {sat_s:.3f} | {sat_s / before:.2f} |"
        name = entry.source.split(" ", 2)[-1].replace("src/solver/tests/logical_solver/puzzles/", "")
        print(f"| {k + 1} | {entry.kind} | {entry.source.split()[0]} {name} | {cells} {all_s:.2f} | "
              f"{sat_status} / {all_status} |", flush=True)
    print(f"\nper kind (9x9 puzzles): median sat s (floor {SAT_FLOOR}: does it meet it?), slowest all s "
          f"(floor {ALL_FLOOR:g}); puzzles past a floor by #\n")
    head = "| kind | puzzles |" + (" median sat s before | median sat s | after/before |" if both else
                                  " median sat s |")
    head += " max sat s | max all s | meets 0.3 s | all floor |"
    print(head + "\n" + "|---" * (head.count("|") - 1) + "|")
    for kind, row in by_kind.items():
        median = statistics.median(row["sat"])
        cells = f"{median:.3f} |"
        if both:
            before = statistics.median(row["before"])
            cells = f"{before:.3f} | {median:.3f} | {median / before:.2f} |"
        all_cell = ("ok" if not row["bad"] else "MISSED " + ", ".join(map(str, row["bad"]))) if args.all_limit else "-"
        print(f"| {kind} | {len(row['sat'])} | {cells} {max(row['sat']):.3f} | {max(row['all']):.2f} | "
              f"{'yes' if median < SAT_FLOOR else 'NO'} | {all_cell} |")


if __name__ == "__main__":
    main()
