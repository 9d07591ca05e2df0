"""Before and after the constraint catalogue, side by side in one run: the same work on the older
kinds (killer, anti-knight, anti-king, non-consecutive, diagonal, windoku, jigsaw) by a checkout
of the last commit before the catalogue and by this tree.

Each round runs one fresh process per tree, alternating which goes first; each process solves
every published variant puzzle of its own tests/test_variants.py (``solve(..., unique=True)``:
encode, solve, prove unique, check) with ``sat``, ``cpsat`` and ``dfs``, then checks and scans
each solution ``--checks`` times, and prints its seconds per part. The report gives the median
per part over the rounds and the ratio after/before (above 1: slower now).

    python bench/bench_catalogue.py [--before 70ba15a] [--rounds 5] [--checks 200]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = r'''
import json, sys, time
sys.path.insert(0, "tests")
from test_variants import PUBLISHED
from sudoku_cp.tasks.solving import solve
from sudoku_cp.core.check import find_conflicts, is_solution
out = {}
for backend in ("sat", "cpsat", "dfs"):
    start = time.perf_counter()
    for rules, puzzle, solution in PUBLISHED:
        if backend == "dfs" and "killer" in rules.name and puzzle.size == 9:
            continue  # the old dfs takes minutes on a killer with no givens
        result = solve(puzzle, backend=backend, unique=True)
        assert result.solution is not None and result.solution.cells == tuple(solution), (backend, rules.name)
    out[backend] = time.perf_counter() - start
start = time.perf_counter()
for _ in range(CHECKS):
    for rules, puzzle, solution in PUBLISHED:
        board = puzzle.with_cells(tuple(solution))
        assert is_solution(board, puzzle) and not find_conflicts(puzzle)
out["check+scan"] = time.perf_counter() - start
print(json.dumps(out))
'''


def run(tree: Path, checks: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    code = WORK.replace("CHECKS", str(checks))
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env=env, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{tree}: {done.stderr.strip().splitlines()[-1]}")
    return json.loads(done.stdout)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default="70ba15a", help="the commit before the catalogue")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--checks", type=int, default=200)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        old = Path(tmp) / "before"
        old.mkdir()
        archive = subprocess.run(["git", "archive", args.before], cwd=ROOT, capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(old)], input=archive, check=True)
        times: dict[str, dict[str, list[float]]] = {"before": {}, "after": {}}
        for k in range(args.rounds):
            order = [("before", old), ("after", ROOT)]
            for name, tree in order if k % 2 == 0 else order[::-1]:
                for part, seconds in run(tree, args.checks).items():
                    times[name].setdefault(part, []).append(seconds)
    load = os.getloadavg()[0]
    print(f"{os.cpu_count()} cores, load average {load:.2f}; {args.rounds} rounds, median seconds")
    print(f"{'part':<12} {'before':>9} {'after':>9} {'after/before':>13}")
    for part in times["before"]:
        a, b = statistics.median(times["before"][part]), statistics.median(times["after"][part])
        print(f"{part:<12} {a:9.3f} {b:9.3f} {b / a:13.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
