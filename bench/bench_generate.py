"""How long does generating a minimal puzzle take? Times the solved grid, the clue removal
(one incremental SAT solver) and the independent re-check (CP-SAT) separately, per size.

    /tmp/venv/bin/python bench/bench_generate.py --sizes 9 16 25 --seeds 5 3 1
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from sudoku_cp.core.board import Board, Shape
from sudoku_cp.core.results import Status
from sudoku_cp.tasks.generate import orbits, solved_grid
from sudoku_cp.tasks.minimize import UniquenessOracle, minimal_givens
from sudoku_cp.tasks.solving import count

from _data import machine  # bench/_data.py: the machine and its load, above the table


def one(shape: Shape, seed: int) -> tuple[float, float, float, int, int]:
    rng = random.Random(seed)
    t0 = time.perf_counter()
    solution = solved_grid(shape, rng)
    t1 = time.perf_counter()
    groups = orbits(shape.size, "none")
    rng.shuffle(groups)
    with UniquenessOracle(solution) as oracle:
        kept = minimal_givens(solution.givens(), oracle, groups)
        calls = oracle.calls
    puzzle = Board.empty(shape).with_givens(kept)
    t2 = time.perf_counter()
    check = count(puzzle, 2, "cpsat")
    t3 = time.perf_counter()
    if check.status is not Status.UNIQUE or check.solution != solution:
        raise SystemExit(f"seed {seed}: CP-SAT says {check.status}")
    return t1 - t0, t2 - t1, t3 - t2, len(kept), calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", type=int, nargs="+", default=[9, 16, 25])
    parser.add_argument("--seeds", type=int, nargs="+", default=[5, 3, 1],
                        help="how many seeds per size (one number per size)")
    parser.add_argument("--first-seed", type=int, default=0, help="seeds run from here (default 0)")
    args = parser.parse_args()
    print(machine(), flush=True)
    print("size  seed  grid_s  carve_s  recheck_cpsat_s  clues  sat_calls")
    for size, seeds in zip(args.sizes, args.seeds):
        totals = []
        for seed in range(args.first_seed, args.first_seed + seeds):
            g, c, v, clues, calls = one(Shape.for_size(size), seed)
            totals.append(g + c + v)
            print(f"{size:4d}  {seed:4d}  {g:6.2f}  {c:7.2f}  {v:15.2f}  {clues:5d}  {calls:9d}", flush=True)
        print(f"{size}x{size}: median total {statistics.median(totals):.2f} s over {seeds} seeds", flush=True)


if __name__ == "__main__":
    main()
