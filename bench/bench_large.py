"""Large grids: time and peak memory of `sudoku-cp solve`, the default beside the old default.

Run: python bench/bench_large.py [--sizes 25,36,49,64] [--rounds 1] [--old-max-size 49]
                                 [--also LABEL=ARGS ...] [--timeout 300]

For each size, two puzzles: the empty grid, and the generated one in tests/data/large-N.txt (30%
of a shuffled solved grid kept; bench/make_large_puzzles.py). Each configuration is one run of
the installed ``sudoku-cp solve --json`` console script in its own process (start-up included),
with PYTHONPATH set to this repository; wall time and the child's peak memory (ru_maxrss from
``os.wait4``) are recorded, and the answer is checked: status ``solved`` and a full grid that the
independent checker accepts (the command verifies every answer too).

Configurations: ``default`` is plain ``sudoku-cp solve`` (what a user gets), ``old default`` the
choice before issue 13 (``--backend sat:cadical195``: CaDiCaL with pairwise at-most-one up to
25x25, the sequential counter above), skipped above ``--old-max-size`` (an old-default 64x64
needs several GB). ``--also 'cpsat=--backend cpsat'`` adds others. Rounds are interleaved, the
median is reported, and ratios old / new. Floors (issue 13): 25x25 under 1 s, 36x36 under 5 s,
49x49 under 20 s and 1 GB. The machine may be shared: say so with the numbers.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _data import machine  # bench/_data.py: the machine and its load, above the table

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data"
FLOORS = {25: (1.0, None), 36: (5.0, None), 49: (20.0, 1024.0)}  # seconds, MB


def console_script() -> str:
    here = Path(sys.executable).with_name("sudoku-cp")
    if not here.exists():
        sys.exit("bench_large: no sudoku-cp console script beside this Python: expected `pip install -e .`")
    return str(here)


def puzzles(size: int) -> dict[str, list[str]]:
    """The input arguments of each puzzle of a size: the empty grid and the generated one."""
    return {"empty": ["." * size * size] if size <= 35 else ["-f", str(_empty_file(size))],
            "generated": ["-f", str(DATA / f"large-{size}.txt")]}


def _empty_file(size: int) -> Path:
    """An empty N x N grid as integer rows (written once into bench/out/)."""
    path = ROOT / "bench" / "out" / f"empty-{size}.txt"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(" ".join(["0"] * size) for _ in range(size)) + "\n", encoding="utf-8")
    return path


def run_one(cmd: list[str], timeout: float) -> tuple[float, float, str, dict | None]:
    """(wall s, peak MB, problem or "", record) of one child process, reaped with ``os.wait4``."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        start = time.perf_counter()
        child = subprocess.Popen(cmd, stdout=out, stderr=subprocess.DEVNULL, env=env)
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid == child.pid:
                break
            if time.perf_counter() - start > timeout:
                child.kill()
                os.wait4(child.pid, 0)
                child.returncode = -9
                return time.perf_counter() - start, float("nan"), f"timeout {timeout:.0f} s", None
            time.sleep(0.005)
        wall = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here, not by Popen
        out.seek(0)
        text = out.read()
    peak_mb = usage.ru_maxrss / 1024  # kB on Linux
    try:
        record = json.loads(text)
    except ValueError:
        return wall, peak_mb, f"exit {child.returncode}, no JSON", None
    return wall, peak_mb, check(record), record


def check(record: dict) -> str:
    """"" when the record is a verified solution, else what is wrong."""
    from sudoku_cp.core.check import is_solution
    from sudoku_cp.formats.text import parse_puzzle

    if record.get("status") != "solved":
        return f"status {record.get('status')}"
    puzzle = parse_puzzle(record["puzzle"])
    solution = parse_puzzle(record["solution"])
    return "" if solution.is_full() and is_solution(solution, puzzle) else "wrong solution"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="25,36,49,64")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--old-max-size", type=int, default=49)
    parser.add_argument("--timeout", type=float, default=300.0)
    parser.add_argument("--also", action="append", default=[], metavar="LABEL=ARGS",
                        help="another configuration: extra arguments to sudoku-cp solve")
    args = parser.parse_args()
    print(machine(), flush=True)
    script = console_script()
    configs = {"default": [], "old default": ["--backend", "sat:cadical195"]}
    for item in args.also:
        label, _, extra = item.partition("=")
        configs[label] = shlex.split(extra)
    sizes = [int(s) for s in args.sizes.split(",")]
    runs: dict[tuple[int, str, str], list[tuple[float, float, str, str]]] = {}
    for _ in range(args.rounds):
        for size in sizes:
            for kind, inputs in puzzles(size).items():
                for label, extra in configs.items():
                    if label == "old default" and size > args.old_max_size:
                        continue
                    wall, mb, problem, record = run_one([script, "solve", "--json", *inputs, *extra], args.timeout)
                    who = record.get("backend", "") if record else ""
                    runs.setdefault((size, kind, label), []).append((wall, mb, problem, who))
                    print(f"  {size}x{size} {kind:9} {label:12} {wall:7.2f} s {mb:7.0f} MB {who} {problem}",
                          file=sys.stderr, flush=True)
    print(f"\n{'grid':8} {'puzzle':10} {'configuration':14} {'answered by':16} {'time s':>8} "
          f"{'peak MB':>8} {'floor':>12}  note")
    for (size, kind, label), results in runs.items():
        wall = statistics.median(r[0] for r in results)
        mb = statistics.median(r[1] for r in results)
        problems = "; ".join(sorted({r[2] for r in results if r[2]}))
        floor = FLOORS.get(size)
        mark = ""
        if floor and label == "default":
            ok = wall < floor[0] and (floor[1] is None or mb < floor[1])
            mark = f"{'<' if ok else 'MISSED '}{floor[0]:.0f} s" + (f", {floor[1]:.0f} MB" if floor[1] else "")
        print(f"{size}x{size:<5} {kind:10} {label:14} {results[0][3]:16} {wall:8.2f} {mb:8.0f} {mark:>12}  {problems}")
    print("\nratios, old default / default (time, peak memory):")
    for size in sizes:
        for kind in puzzles(size):
            new, old = runs.get((size, kind, "default")), runs.get((size, kind, "old default"))
            if new and old:
                t = statistics.median(r[0] for r in old) / statistics.median(r[0] for r in new)
                m = statistics.median(r[1] for r in old) / statistics.median(r[1] for r in new)
                print(f"  {size}x{size} {kind:9}  time x{t:6.1f}   memory x{m:6.1f}")


if __name__ == "__main__":
    main()
