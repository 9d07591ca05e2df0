"""Speed floors of ``sudoku-cp batch`` (issue 5), measured side by side in one run.

Sections (all by default; pick with --only):

- ``plain``: ``batch --unique`` against the plain approach, on the same puzzles in the same
  process: for every puzzle a new solver and a rebuilt CNF (``SatBackend(simplify=False)``: the
  rules plus the givens as assumptions), the same SAT solver (CaDiCaL 1.9.5), each answer verified
  and turned into the same JSON record. Reports puzzles/s of each and the ratio.
- ``floors``: one process, ``sudoku-cp batch FILE -o /dev/null --unique`` on top1465, 17clue-half
  and serg-benchmark: puzzles/s by the wall clock and per CPU second, and the status counts
  (every answer is verified by the batch itself).
- ``inprocess``: ``run_batch`` in this process on each file, wall and per-CPU-second rates.
- ``jobs``: ``--jobs 2`` against ``--jobs 1`` on 17clue-half (wall clock).
- ``memory``: peak RSS of one ``batch`` process on 10,000, 100,000 and 1,000,000 puzzles
  (17clue-half repeated into a temporary file).

Timings on a shared machine are noisy: compare the numbers of one run with each other.

    python bench/bench_batch.py [--only plain,floors,inprocess,jobs,memory] [--max 1000000]
"""

from __future__ import annotations

import argparse
import io
import itertools
import json
import os
import subprocess
import sys
import tempfile
import time

from _data import data_path, puzzle_lines  # bench/_data.py: the collections in data/

FILES = ["top1465.txt", "17clue-half.txt", "serg-benchmark.txt"]


def plain(lines: list[str]) -> tuple[float, float]:
    """The plain approach: per puzzle a new solver and a rebuilt formula; returns (wall s, CPU s)."""
    from sudoku_cp.backends.sat import SatBackend
    from sudoku_cp.formats.records import dumps, record
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.solving import run_backend

    backend = SatBackend("cadical195", simplify=False)
    sink = io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    for index, line in enumerate(lines):
        board = parse_puzzle(line)
        result = run_backend(board, backend, 2, True, None)  # verifies every solution
        result.index, result.line = index, index + 1
        sink.write(dumps(record(result)) + "\n")
    return time.perf_counter() - start, time.process_time() - cpu


def batched(lines: list[str], expected: str = "unique") -> tuple[float, float]:
    from sudoku_cp.tasks.batch import BatchOptions, run_batch

    start, cpu = time.perf_counter(), time.process_time()
    summary = run_batch(lines, io.StringIO(), BatchOptions(unique=True))
    assert summary.failures == 0 and summary.counts == {expected: len(lines)}
    return time.perf_counter() - start, time.process_time() - cpu


def section_plain() -> None:
    lines = puzzle_lines("top1465.txt")
    batched(lines[:50])  # warm-up: imports, caches
    plain(lines[:20])
    (w_plain, c_plain), (w_batch, c_batch) = plain(lines), batched(lines)
    n = len(lines)
    print(f"## batch --unique vs plain (new solver + rebuilt CNF per puzzle), top1465.txt, {n} puzzles")
    print(f"plain: {n / w_plain:8.1f} puzzles/s wall, {n / c_plain:8.1f} per CPU second")
    print(f"batch: {n / w_batch:8.1f} puzzles/s wall, {n / c_batch:8.1f} per CPU second")
    print(f"ratio: {w_plain / w_batch:.1f}x wall, {c_plain / c_batch:.1f}x CPU")


def run_cli(args: list[str]) -> tuple[dict, float, float, int]:
    """Run the CLI; returns (summary JSON, wall s, CPU s of the process and its children, max RSS KiB)."""
    cmd = [sys.executable, "-m", "sudoku_cp", "batch", *args, "--json"]
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    out = proc.stdout.read()
    err = proc.stderr.read()
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(cmd)} failed: {err}")
    summary = json.loads(out.strip().splitlines()[-1])
    return summary, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def section_floors() -> None:
    print("## one process: sudoku-cp batch FILE -o /dev/null --unique --json")
    for name in FILES:
        summary, wall, cpu, _ = run_cli([str(data_path(name)), "-o", os.devnull, "--unique"])
        n = summary["puzzles"]
        print(f"{name:20} {summary['puzzles_per_s']:8.1f} puzzles/s (engine, wall)  "
              f"{n / cpu:8.1f} per CPU second (whole process)  {wall:6.2f} s wall  "
              f"{summary['counts']}")


def section_inprocess() -> None:
    """run_batch in this process on each whole file: wall and CPU-time rates side by side."""
    print("## in process: run_batch(FILE, BatchOptions(unique=True)), each file twice")
    for _ in range(2):
        for name in FILES:
            lines = puzzle_lines(name)
            wall, cpu = batched(lines, "multiple" if name == "serg-benchmark.txt" else "unique")
            print(f"{name:20} {len(lines) / wall:8.1f} puzzles/s wall  {len(lines) / cpu:8.1f} per CPU second")


def section_jobs() -> None:
    path = str(data_path("17clue-half.txt"))
    print("## --jobs 2 vs --jobs 1: sudoku-cp batch 17clue-half.txt -o /dev/null --unique [--jobs 2]")
    walls = {}
    for jobs in (1, 2, 1, 2):
        summary, wall, cpu, _ = run_cli([path, "-o", os.devnull, "--unique", "--jobs", str(jobs)])
        walls.setdefault(jobs, []).append(wall)
        print(f"--jobs {jobs}: {summary['puzzles_per_s']:8.1f} puzzles/s  {wall:6.2f} s wall  "
              f"{cpu:6.2f} s CPU")
    print(f"speedup (best of two each): {min(walls[1]) / min(walls[2]):.2f}x")


def section_memory(largest: int) -> None:
    lines = puzzle_lines("17clue-half.txt")
    print("## peak RSS of one process: sudoku-cp batch BIG.txt -o /dev/null --unique")
    sizes = [n for n in (10_000, 100_000, 1_000_000) if n <= largest]
    for size in sizes:
        with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as handle:
            for line in itertools.islice(itertools.cycle(lines), size):
                handle.write(line + "\n")
        try:
            summary, wall, cpu, rss = run_cli([handle.name, "-o", os.devnull, "--unique"])
        finally:
            os.unlink(handle.name)
        print(f"{size:>9,} puzzles: peak RSS {rss / 1024:7.1f} MiB  {summary['puzzles_per_s']:8.1f} "
              f"puzzles/s  {wall:7.1f} s  {summary['counts']}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", default="plain,floors,inprocess,jobs,memory")
    parser.add_argument("--max", type=int, default=1_000_000, help="largest memory test")
    args = parser.parse_args()
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, "
          f"{os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}")
    wanted = args.only.split(",")
    if "plain" in wanted:
        section_plain()
    if "floors" in wanted:
        section_floors()
    if "inprocess" in wanted:
        section_inprocess()
    if "jobs" in wanted:
        section_jobs()
    if "memory" in wanted:
        section_memory(args.max)


if __name__ == "__main__":
    main()
