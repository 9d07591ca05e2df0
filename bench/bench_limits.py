"""How soon each backend answers 'unknown' after its time limit, on inputs that cannot finish.

Run: python bench/bench_limits.py [--limit 0.5] [--hard 20] [--backends sat,cpsat,dfs]
Inputs: an empty 64x64 (count up to 10**9) and the first --hard puzzles of top1465 (solve with a
limit of 1 ms). Prints, per backend and input, the statuses and the time from the call to the
answer (the overshoot is that time minus the limit). tests/test_limits.py asserts only statuses.
"""

from __future__ import annotations

import argparse
import time

from _data import puzzle_lines  # bench/_data.py: the collections in data/

from sudoku_cp import Board, Shape, parse_puzzle
from sudoku_cp.tasks.solving import count, solve


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=0.5, help="limit for the empty 64x64 (s)")
    parser.add_argument("--hard", type=int, default=20, help="top1465 puzzles to try")
    parser.add_argument("--backends", default="sat,sat:glucose4,cpsat,dfs,dfs:plain,external:minisat")
    args = parser.parse_args()
    lines = puzzle_lines("top1465.txt")[: args.hard]
    hard = [parse_puzzle(line) for line in lines]
    empty = Board.empty(Shape(8, 8))
    print(f"{'backend':18} {'input':22} {'limit s':>8} {'answer s':>9} {'worst s':>8}  statuses")
    for backend in args.backends.split(","):
        start = time.perf_counter()
        result = count(empty, limit=10**9, backend=backend, time_limit=args.limit)
        took = time.perf_counter() - start
        print(f"{backend:18} {'empty 64x64 count':22} {args.limit:8.3f} {took:9.3f} {took:8.3f}  "
              f"{result.status.value} (count {result.count})", flush=True)
        times, statuses = [], {}
        for board in hard:
            start = time.perf_counter()
            result = solve(board, backend=backend, time_limit=0.001)
            times.append(time.perf_counter() - start)
            statuses[result.status.value] = statuses.get(result.status.value, 0) + 1
        print(f"{backend:18} {f'top1465 x{len(hard)} solve':22} {0.001:8.3f} "
              f"{sum(times) / len(times):9.4f} {max(times):8.4f}  {statuses}", flush=True)


if __name__ == "__main__":
    main()
