"""``batch`` before and after the refactoring (issue 9), side by side in one run.

Each measurement is one fresh subprocess that imports ``sudoku_cp`` from one tree only
(``PYTHONPATH=<tree>``, working directory a neutral temporary one so nothing else is found first),
runs ``run_batch`` with ``BatchOptions(unique=True)`` into an ``io.StringIO`` in one process
(jobs=1) after a short warm-up, checks the status counts, and prints puzzles/s. The old tree and
the new one alternate, round after round (the order flips every round), on top1465 (1,465
puzzles) and the first 10,000 of 17clue-half; the report gives every rate, the median per tree
and the ratio new/old.

    python bench/bench_refactor.py [--old-commit d8c5dff] [--new .] [--rounds 3] [--clue17 10000]

The old tree is commit d8c5dff (``sudoku_cp.batch``), the last one before the refactoring,
extracted with ``git archive`` into a temporary directory; the new one is this checkout
(``sudoku_cp.tasks.batch``). The puzzles come from the repository's data/. Timings on a shared machine are noisy: only the numbers of one run
compare with each other.
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

from _data import puzzle_lines, machine

HERE = Path(__file__).resolve().parents[1]
DATASET_SPECS = [("top1465.txt", None, "unique"), ("17clue-half.txt", "clue17", "unique")]

CHILD = r"""
import io, json, sys, time
module = sys.argv[1]
path, limit, expected = sys.argv[2], int(sys.argv[3]), sys.argv[4]
mod = __import__(module, fromlist=["BatchOptions", "run_batch"])
import sudoku_cp
lines = [line.strip() for line in open(path, encoding="utf-8")
         if line.strip() and not line.startswith("#")][:limit]
mod.run_batch(lines[:200], io.StringIO(), mod.BatchOptions(unique=True))  # warm-up: imports, caches
sink = io.StringIO()
start = time.perf_counter()
summary = mod.run_batch(lines, sink, mod.BatchOptions(unique=True))
wall = time.perf_counter() - start
assert summary.failures == 0 and summary.counts == {expected: len(lines)}, summary.counts
assert len(sink.getvalue().splitlines()) == len(lines)
print(json.dumps({"file": sudoku_cp.__file__, "puzzles": len(lines), "seconds": wall,
                  "per_s": len(lines) / wall}))
"""


def measure(tree: Path, module: str, path: Path, limit: int, expected: str, cwd: str) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    proc = subprocess.run([sys.executable, "-c", CHILD, module, str(path), str(limit), expected],
                          capture_output=True, text=True, env=env, cwd=cwd, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"{tree}: the run failed:\n{proc.stderr}")
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    if not result["file"].startswith(str(tree)):
        raise SystemExit(f"{tree}: imported {result['file']} instead")
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old-commit", default="d8c5dff",
                        help="the commit before the refactoring (default d8c5dff)")
    parser.add_argument("--new", default=str(HERE), help="the tree after (default this checkout)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--clue17", type=int, default=10_000, help="puzzles of 17clue-half (default 10000)")
    args = parser.parse_args()
    print(machine(), flush=True)
    rates: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as neutral, tempfile.TemporaryDirectory() as old:
        archive = subprocess.run(["git", "-C", str(HERE), "archive", args.old_commit], capture_output=True,
                                 check=True).stdout
        subprocess.run(["tar", "-x", "-C", old], input=archive, check=True)
        trees = {"old": (Path(old).resolve(), "sudoku_cp.batch"),
                 "new": (Path(args.new).resolve(), "sudoku_cp.tasks.batch")}
        files = {}
        for name, _, _ in DATASET_SPECS:  # the children read plain text
            files[name] = Path(neutral, name)
            files[name].write_text("\n".join(puzzle_lines(name)) + "\n", encoding="utf-8")
        for rnd in range(args.rounds):
            order = ["old", "new"] if rnd % 2 == 0 else ["new", "old"]
            for name, limit_key, expected in DATASET_SPECS:
                limit = getattr(args, limit_key) if limit_key else 10**9
                for which in order:
                    tree, module = trees[which]
                    got = measure(tree, module, files[name], limit, expected, neutral)
                    rates.setdefault((name, which), []).append(got["per_s"])
                    print(f"round {rnd + 1}: {name:16} {which}: {got['puzzles']:6} puzzles, "
                          f"{got['per_s']:8.1f} puzzles/s", flush=True)
    print()
    print(f"old = {args.old_commit}, new = {args.new}; {args.rounds} rounds, median puzzles/s")
    for name, _, _ in DATASET_SPECS:
        old = statistics.median(rates[name, "old"])
        new = statistics.median(rates[name, "new"])
        print(f"{name:16} old {old:8.1f}   new {new:8.1f}   new/old {new / old:.3f}")


if __name__ == "__main__":
    main()
