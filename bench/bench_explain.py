"""explain over a whole collection: every puzzle's status, every pair of solutions checked.

For serg-benchmark.txt (10,000 puzzles with two or more solutions) every answer must be
``multiple`` with two distinct verified solutions; the script counts any that are not.

    /tmp/venv/bin/python bench/bench_explain.py data/serg-benchmark.txt.gz --limit 2
"""

from __future__ import annotations

import argparse
import collections
import time

from _data import open_text, machine  # bench/_data.py: reads FILE.gz through gzip
from tqdm import tqdm

from sudoku_cp.core.check import is_solution
from sudoku_cp.core.results import Status
from sudoku_cp.formats.puzzle_files import iter_entries
from sudoku_cp.tasks.explain import explain


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("file")
    parser.add_argument("--limit", type=int, default=2, help="count solutions up to this (default 2)")
    parser.add_argument("--backend", default="sat")
    args = parser.parse_args()
    print(machine(), flush=True)
    with open_text(args.file) as stream:
        entries = [e for e in iter_entries(stream) if e.board is not None]
    statuses: collections.Counter = collections.Counter()
    bad = []
    start = time.perf_counter()
    for entry in tqdm(entries, unit="puzzle", mininterval=2):
        result = explain(entry.board, args.limit, args.backend)
        statuses[result.status.value] += 1
        if result.status is Status.MULTIPLE:
            a, b = result.solutions[:2]
            if a == b or not is_solution(a, entry.board) or not is_solution(b, entry.board):
                bad.append(entry.line)
    elapsed = time.perf_counter() - start
    print(f"{len(entries)} puzzles in {elapsed:.1f} s ({len(entries) / elapsed:.0f}/s), backend "
          f"{args.backend}, limit {args.limit}: {dict(statuses)}; solution pairs failing the check: {len(bad)}")


if __name__ == "__main__":
    main()
