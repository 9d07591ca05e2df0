"""Named techniques against the old engine: bare what-ifs and time per puzzle on top1465.

For the first ``--first`` puzzles of ``data/top1465.txt.gz``, the whole explanation (every step
verified unless ``--no-check``) by this engine, and in the same run by the engine of another
checkout (``--old DIR``: a directory holding that version's ``sudoku_cp``, e.g. made by
``git archive 70ba15a sudoku_cp | tar -x -C DIR``), each in its own process: the share of steps
that are bare what-ifs (a what-if step with no chain; the floor: under 5%), the share of what-ifs
of any kind, and the p90 and median seconds per puzzle (the floor: p90 under 3 s), as ratios
new / old, with the load average before and after.

    PYTHONPATH=. python bench/bench_techniques.py --first 100 --old /tmp/old
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

MEASURE = r"""
import json, sys, time, gzip
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.steps import explain_steps
first, check, path = int(sys.argv[1]), sys.argv[2] == "1", sys.argv[3]
lines = [l.strip() for l in gzip.open(path, "rt") if l.strip() and not l.startswith("#")][:first]
for line in lines:
    start = time.perf_counter()
    steps = explain_steps(parse_puzzle(line), check=check)
    took = time.perf_counter() - start
    what_ifs = [s for s in steps if s.technique.startswith("what if")]
    bare = [s for s in what_ifs if not getattr(s, "chain", None)]
    print(json.dumps({"s": took, "steps": len(steps), "what_ifs": len(what_ifs), "bare": len(bare)}), flush=True)
"""


def run(directory: Path, first: int, check: bool) -> list[dict]:
    env = dict(os.environ, PYTHONPATH=str(directory))
    done = subprocess.run([sys.executable, "-c", MEASURE, str(first), "1" if check else "0",
                           str(ROOT / "data" / "top1465.txt.gz")], env=env, cwd=directory,
                          capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines()]


def summary(rows: list[dict]) -> dict:
    times = sorted(r["s"] for r in rows)
    steps = sum(r["steps"] for r in rows)
    return {"p90": times[min(len(times) - 1, int(0.9 * len(times)))], "median": times[len(times) // 2],
            "steps": steps, "bare": sum(r["bare"] for r in rows) / steps,
            "what_ifs": sum(r["what_ifs"] for r in rows) / steps}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=100)
    parser.add_argument("--old", type=Path, help="a directory holding the old engine's sudoku_cp")
    parser.add_argument("--no-check", dest="check", action="store_false", help="do not re-verify steps")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    start = time.perf_counter()
    new = summary(run(ROOT, args.first, args.check))
    print(f"new: {args.first} puzzles, {new['steps']} steps, bare what-ifs {100 * new['bare']:.1f}%, "
          f"what-ifs {100 * new['what_ifs']:.1f}%, p90 {new['p90']:.2f} s, median {new['median']:.2f} s",
          flush=True)
    if args.old is not None:
        old = summary(run(args.old, args.first, args.check))
        print(f"old: {args.first} puzzles, {old['steps']} steps, bare what-ifs {100 * old['bare']:.1f}%, "
              f"what-ifs {100 * old['what_ifs']:.1f}%, p90 {old['p90']:.2f} s, median {old['median']:.2f} s")
        print(f"new/old: p90 {new['p90'] / old['p90']:.2f}x, median {new['median'] / old['median']:.2f}x, "
              f"what-ifs {new['what_ifs'] / old['what_ifs']:.2f}x")
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; {time.perf_counter() - start:.0f} s "
          f"({'steps verified' if args.check else 'steps not re-verified'})")


if __name__ == "__main__":
    main()
