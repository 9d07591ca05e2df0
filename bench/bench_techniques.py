"""Named techniques against the old engine: bare what-ifs and time per puzzle on top1465.

For the first ``--first`` puzzles of ``data/top1465.txt.gz``, the whole explanation (every step
verified unless ``--no-check``) by this engine, and at the same time by the engine of another
checkout (``--old DIR``: a directory holding that version's ``sudoku_cp``, e.g. made by
``git archive 70ba15a sudoku_cp | tar -x -C DIR``), each in its own process, side by side so both
see the same machine load: the share of steps
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


def start(directory: Path, first: int, check: bool) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(directory))
    return subprocess.Popen([sys.executable, "-c", MEASURE, str(first), "1" if check else "0",
                             str(ROOT / "data" / "top1465.txt.gz")], env=env, cwd=directory,
                            stdout=subprocess.PIPE, text=True)


def gather(process: subprocess.Popen, label: str) -> list[dict]:
    rows = []
    assert process.stdout is not None
    for line in process.stdout:
        rows.append(json.loads(line))
        if len(rows) % 10 == 0:
            print(f"  {label}: {len(rows)} puzzles, {sum(r['s'] for r in rows):.0f} s", file=sys.stderr, flush=True)
    if process.wait() != 0:
        raise SystemExit(f"{label}: the engine failed (exit {process.returncode})")
    return rows


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
    begin = time.perf_counter()
    # both engines at once, so both see the same machine load
    running = {"new": start(ROOT, args.first, args.check)}
    if args.old is not None:
        running["old"] = start(args.old, args.first, args.check)
    results: dict[str, dict] = {}
    if "old" in running:
        import threading

        got: dict[str, list[dict]] = {}
        thread = threading.Thread(target=lambda: got.update(old=gather(running["old"], "old")))
        thread.start()
        results["new"] = summary(gather(running["new"], "new"))
        thread.join()
        results["old"] = summary(got["old"])
    else:
        results["new"] = summary(gather(running["new"], "new"))
    for label, r in results.items():
        print(f"{label}: {args.first} puzzles, {r['steps']} steps, bare what-ifs {100 * r['bare']:.1f}%, "
              f"what-ifs {100 * r['what_ifs']:.1f}%, p90 {r['p90']:.2f} s, median {r['median']:.2f} s")
    if "old" in results:
        new, old = results["new"], results["old"]
        print(f"new/old: p90 {new['p90'] / old['p90']:.2f}x, median {new['median'] / old['median']:.2f}x, "
              f"what-ifs {new['what_ifs'] / old['what_ifs']:.2f}x")
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; {time.perf_counter() - begin:.0f} s "
          f"({'steps verified' if args.check else 'steps not re-verified'})")


if __name__ == "__main__":
    main()
