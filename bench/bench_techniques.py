"""Named techniques against the old engine: bare what-ifs and time per puzzle, per collection.

For a collection (``--collection``: ``top1465``, ``forum-hardest`` (data/forum-hardest-1106), or
``killers``: the published 9x9 puzzles of tests/published_kinds.py that hold killer cages, the two
published killers of tests/test_variants.py, then data/killers-published.txt: from a textbook
example to the hardest killers solved by hand and tarek's, or ``killers-hardest``
(data/killers-hardest.txt: 14 killers generated to be hard for a solver), its first ``--first``
puzzles, or ``--sample N`` spread evenly over the file, the whole explanation (every step verified
unless ``--no-check``) by this engine, and by the engine of another checkout
(``--old DIR``: a directory holding that version's ``sudoku_cp``, e.g. made by
``git archive 70ba15a sudoku_cp | tar -x -C DIR``) or by this engine in one process (``--one-process``:
no twin asking half of each step's questions on the second core, :mod:`sudoku_cp.tasks.twin`), each
in its own process, taking turns puzzle by puzzle so that both see the same machine load and each
has both cores to itself (``--lockstep``: both start each puzzle together, as before the twin,
for engines of one process each): the share of steps that
are bare what-ifs (a what-if step with no chain; the floor: under 5%), the share of what-ifs of any kind, and the median, p90 and slowest
seconds per puzzle (the floors: top1465 p90 under 3 s, every forum-hardest puzzle under 60 s,
killers under 5 s), as ratios new / old, with the load average before and after, and on how many
puzzles both engines gave the same steps. With
``--time-limit S`` an explanation stops at S seconds and counts as S (and as cut short). With
``--explain``, what is timed is the whole explanation as ``sudoku-cp explain --steps`` runs it
(``explain(board, steps=True)``: its count, then the steps), not the steps alone.

    PYTHONPATH=. python bench/bench_techniques.py --first 100 --old /tmp/old
    PYTHONPATH=. python bench/bench_techniques.py --collection forum-hardest --sample 20 --old /tmp/old
    PYTHONPATH=. python bench/bench_techniques.py --collection killers --one-process --each
    PYTHONPATH=. python bench/bench_techniques.py --collection killers --explain --old /tmp/old --each
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = {"top1465": "top1465.txt", "forum-hardest": "forum-hardest-1106.txt",
         "killers-hardest": "killers-hardest.txt"}  # the collections that are one file in data/

MEASURE = r"""
import json, sys, time
from sudoku_cp.core.results import TimeLimitReached
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.explain import explain
from sudoku_cp.tasks.steps import explain_steps
check, path, limit, twin = sys.argv[1] == "1", sys.argv[2], float(sys.argv[3]) or None, sys.argv[4] == "1"
whole = sys.argv[5] == "1"  # the whole explanation, as ``sudoku-cp explain --steps`` asks it
kw = {"twin": False} if not twin else {}  # (an old engine has no twin to turn off)


def board(text):
    if text.startswith("{") and '"grid"' in text:
        from sudoku_cp.formats.fpuzzles import from_fpuzzles
        return from_fpuzzles(json.loads(text))
    return parse_puzzle(text)


try:  # (an engine's answers kept from one puzzle to the next: emptied, so a repeat starts cold)
    from sudoku_cp.tasks.techniques.base import forget
except ImportError:
    forget = lambda: None
puzzles = json.load(open(path))
for line in sys.stdin:  # the next puzzle's position: both engines start each puzzle together
    text = puzzles[int(line)]
    forget()
    start = time.perf_counter()
    try:
        if whole:
            steps = explain(board(text), time_limit=limit, steps=True).steps or []
            cut = not steps
        else:
            steps, cut = explain_steps(board(text), check=check, time_limit=limit, keep=True, **kw), False
    except TimeLimitReached:
        steps, cut = [], True
    took = time.perf_counter() - start
    cut = cut or not getattr(steps, "complete", True)
    what_ifs = [s for s in steps if s.technique.startswith("what if")]
    bare = [s for s in what_ifs if not getattr(s, "chain", None)]
    texts = [s.text(steps.rules) for s in steps] if steps else []
    print(json.dumps({"s": took, "steps": len(steps), "what_ifs": len(what_ifs), "bare": len(bare),
                      "cut": cut, "texts": texts}), flush=True)
"""


def puzzles(collection: str, first: int, sample: int | None) -> list[str]:
    """The puzzles measured: the collection's first ``first``, or ``sample`` spread evenly over it."""
    sys.path.insert(0, str(ROOT / "bench"))
    from _data import puzzle_lines  # noqa: PLC0415

    if collection == "killers":
        sys.path.insert(0, str(ROOT / "tests"))
        from published_kinds import PUBLISHED  # noqa: PLC0415 (the tests' published puzzles)
        from test_variants import KILLER1, KILLER2  # noqa: PLC0415 (the tests' published killers)

        texts = [p.puzzle for p in PUBLISHED if '"type": "killer"' in p.puzzle and len(p.solution) == 81]
        texts += [json.dumps({"givens": "." * 81, "constraints": [
            {"type": "killer", "cells": [list(c) for c in cells], "sum": total} for cells, total in cages]})
            for cages in (KILLER1, KILLER2)]
        texts += puzzle_lines("killers-published.txt")
    else:
        texts = puzzle_lines(FILES[collection])
    if sample:
        return [texts[k * len(texts) // sample] for k in range(min(sample, len(texts)))]
    return texts[:first]


def start(directory: Path, listed: Path, check: bool, limit: float | None, twin: bool = True,
          whole: bool = False) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(directory))
    return subprocess.Popen([sys.executable, "-c", MEASURE, "1" if check else "0", str(listed), str(limit or 0),
                             "1" if twin else "0", "1" if whole else "0"],
                            env=env, cwd=directory, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def gather(running: dict[str, subprocess.Popen], count: int, lockstep: bool = False,
           repeat: int = 1) -> dict[str, list[dict]]:
    """Each engine's row for each of the ``count`` puzzles, taking turns: each engine in turn is
    handed a puzzle and answers it before the next engine gets it (an engine with a twin uses both
    cores). ``lockstep``: every engine is handed a puzzle, and the next one only when all have
    answered (engines left to run ahead of each other met other work on the other core: on the
    killers one engine's ratios moved by 30 to 50%). ``repeat``: each puzzle that many times
    over, in turns, its fastest row kept (this VM's speed moves by 10% from one minute to the next)."""
    rows: dict[str, list[dict]] = {label: [] for label in running}
    fastest: dict[str, dict] = {}

    def hand(process: subprocess.Popen) -> None:
        assert process.stdin is not None
        process.stdin.write(f"{k}\n")
        process.stdin.flush()

    def read(label: str, process: subprocess.Popen) -> None:
        assert process.stdout is not None
        line = process.stdout.readline()
        if not line:
            raise SystemExit(f"{label}: the engine failed (exit {process.wait()})")
        row = json.loads(line)
        if label not in fastest or row["s"] < fastest[label]["s"]:
            fastest[label] = row
    for k in range(count):
        for _ in range(repeat):
            if lockstep:
                for process in running.values():
                    hand(process)
            for label, process in running.items():
                if not lockstep:
                    hand(process)
                read(label, process)
        for label in running:
            rows[label].append(fastest.pop(label))
        if (k + 1) % 10 == 0:
            print("  " + ", ".join(f"{label}: {k + 1} puzzles, {sum(r['s'] for r in got):.0f} s"
                                   for label, got in rows.items()), file=sys.stderr, flush=True)
    for label, process in running.items():
        assert process.stdin is not None
        process.stdin.close()
        if process.wait() != 0:
            raise SystemExit(f"{label}: the engine failed (exit {process.returncode})")
    return rows


def summary(rows: list[dict]) -> dict:
    times = sorted(r["s"] for r in rows)
    steps = max(1, sum(r["steps"] for r in rows))
    return {"p90": times[min(len(times) - 1, int(0.9 * len(times)))], "median": times[len(times) // 2],
            "max": times[-1], "steps": steps, "bare": sum(r["bare"] for r in rows) / steps,
            "what_ifs": sum(r["what_ifs"] for r in rows) / steps, "cut": sum(r["cut"] for r in rows),
            "times": [round(r["s"], 2) for r in rows], "rows": rows}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--collection", choices=[*FILES, "killers"], default="top1465")
    parser.add_argument("--first", type=int, default=100)
    parser.add_argument("--sample", type=int, help="this many puzzles spread evenly over the collection")
    baseline = parser.add_mutually_exclusive_group()
    baseline.add_argument("--old", type=Path, help="a directory holding the old engine's sudoku_cp")
    baseline.add_argument("--one-process", action="store_true",
                          help="against this engine without its twin (one process, one core)")
    parser.add_argument("--lockstep", action="store_true",
                        help="both engines start each puzzle together (else they take turns)")
    parser.add_argument("--no-check", dest="check", action="store_false", help="do not re-verify steps")
    parser.add_argument("--time-limit", type=float, help="seconds per explanation (then counted as cut short)")
    parser.add_argument("--each", action="store_true", help="print every puzzle's seconds")
    parser.add_argument("--explain", action="store_true",
                        help="time the whole explanation as `sudoku-cp explain --steps` runs it (the count, "
                             "then the steps; always verified), not the steps alone")
    parser.add_argument("--repeat", type=int, default=1, metavar="N",
                        help="run each puzzle N times per engine, in turns, and keep its fastest time")
    args = parser.parse_args()
    if args.explain and args.one_process:
        parser.error("--explain times the explanation as the command runs it: with its twin (drop --one-process)")
    texts = puzzles(args.collection, args.first, args.sample)
    listed = Path(tempfile.mkstemp(suffix=".json")[1])
    listed.write_text(json.dumps(texts))
    load = os.getloadavg()[0]
    begin = time.perf_counter()
    # both engines started at once (each waits for its puzzles), so both see the same machine load
    running = {"new": start(ROOT, listed, args.check, args.time_limit, whole=args.explain)}
    if args.old is not None:
        running["old"] = start(args.old, listed, args.check, args.time_limit, whole=args.explain)
    elif args.one_process:  # ("old": this engine in one process)
        running["old"] = start(ROOT, listed, args.check, args.time_limit, twin=False)
    results = {label: summary(rows) for label, rows in gather(running, len(texts), args.lockstep, args.repeat).items()}
    listed.unlink()
    which = f"a sample of {len(texts)} spread over" if args.sample else f"the first {len(texts)} of"
    print(f"{args.collection}: {which} the collection"
          + ("; old: this engine in one process" if args.one_process else "")
          + ("; the whole explanation (explain --steps)" if args.explain else "")
          + (f"; each puzzle's fastest of {args.repeat} runs" if args.repeat > 1 else ""))
    for label, r in results.items():
        print(f"{label}: {r['steps']} steps, bare what-ifs {100 * r['bare']:.1f}%, what-ifs {100 * r['what_ifs']:.1f}%, "
              f"median {r['median']:.2f} s, p90 {r['p90']:.2f} s, max {r['max']:.2f} s"
              + (f", {r['cut']} cut short at {args.time_limit:g} s" if r["cut"] else ""))
        if args.each:
            print(f"  {label} seconds: {r['times']}")
    if "old" in results:
        new, old = results["new"], results["old"]
        same = sum(a["texts"] == b["texts"] for a, b in zip(new["rows"], old["rows"]) if not a["cut"] and not b["cut"])
        whole = sum(not a["cut"] and not b["cut"] for a, b in zip(new["rows"], old["rows"]))
        print(f"the same steps (every step's text) on {same} of the {whole} puzzles both engines finished")
        print(f"new/old: median {new['median'] / old['median']:.2f}x, p90 {new['p90'] / old['p90']:.2f}x, "
              f"max {new['max'] / old['max']:.2f}x, what-ifs {new['what_ifs'] / max(old['what_ifs'], 1e-9):.2f}x")
    print(f"load average {load:.2f} before, {os.getloadavg()[0]:.2f} after; {time.perf_counter() - begin:.0f} s "
          f"({'steps verified' if args.check else 'steps not re-verified'})")


if __name__ == "__main__":
    main()
