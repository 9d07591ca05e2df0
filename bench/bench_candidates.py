"""True candidates three ways, side by side in one run: the fast way, the naive check, enumeration.

Run: python bench/bench_candidates.py [--source 1] [--limit 2] [--enumerate-seconds 15]

- fast: ``candidates(board)`` (tasks/candidates.py): one SAT session, each pencil mark not yet
  seen in a solution asked once under assumptions, each solution found crossing off a digit in
  every cell, counts to the cap by guarded exclusions;
- naive: every pencil mark of every blank cell checked by its own one-shot ``count`` (the mark
  as an extra given, up to --limit solutions), nothing crossed off;
- enumerate: ``count`` of every solution (sat, no limit but --enumerate-seconds), the candidates
  read off them; past the time it says how many it had found.

The puzzles come from a classic collection (data/top1465.txt.gz, puzzle --source): its
solution, with cells blanked one by one in a seeded order until the count (dfs, up to 1000)
reaches 2, then 100; and its first band alone (rows 1-3 given, 27 givens), which has far more than
10^6 solutions: Felgenhauer and Jarvis (2005) count 6.67e21 grids over 9! * 56 * 6^6 = 9.5e11
first bands, about 7e9 completions each. The fast and naive ways must give the same candidates
(and enumeration too when it finishes). Times are wall seconds; ratios are to the fast way.
"""

from __future__ import annotations

import argparse
import random
import time

from _data import machine, puzzle_lines  # bench/_data.py: the collections in data/

from sudoku_cp import Board, parse_puzzle
from sudoku_cp.backends import make
from sudoku_cp.core.candidates import candidates as pencil_marks
from sudoku_cp.tasks.candidates import candidates
from sudoku_cp.tasks.solving import solve


def blanked_until(solution: Board, target: int, seed: int) -> tuple[Board, int]:
    """``solution`` with cells blanked in a seeded order until it has at least ``target`` solutions."""
    order = list(range(81))
    random.Random(seed).shuffle(order)
    cells = list(solution.cells)
    dfs = make("dfs")
    for i in order:
        cells[i] = 0
        board = solution.with_cells(tuple(cells))
        found = dfs.count(board, 1000)
        if found.count >= target:
            return board, found.count
    raise SystemExit(f"no blanking of this solution reaches {target} solutions")


def naive(board: Board, limit: int) -> list[tuple[int, ...]]:
    """Each pencil mark asked by its own count, the mark as a given."""
    sat = make("sat")
    n = board.size
    marks = pencil_marks(board)
    out = []
    for i, given in enumerate(board.cells):
        if given:
            out.append((given,))
            continue
        r, c = divmod(i, n)
        out.append(tuple(d for d in marks[(r, c)] if sat.count(board.with_givens([(r, c, d)]), limit).count))
    return out


def enumerated(board: Board, seconds: float) -> tuple[list[tuple[int, ...]], int, bool]:
    """The candidates read off every solution (as many as ``seconds`` allow)."""
    found = make("sat").count(board, 10**9, seconds)  # the backend's own count: every solution it found
    seen: list[set[int]] = [set() for _ in board.cells]
    for s in found.solutions:
        for i, d in enumerate(s.cells):
            seen[i].add(d)
    return [tuple(sorted(d)) for d in seen], found.count, found.complete


def timed(work):
    start = time.perf_counter()
    out = work()
    return out, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=int, default=1, help="which puzzle of top1465 (1-based)")
    parser.add_argument("--limit", type=int, default=2)
    parser.add_argument("--enumerate-seconds", type=float, default=15.0)
    args = parser.parse_args()
    print(machine())
    solution = solve(parse_puzzle(puzzle_lines("top1465.txt")[args.source - 1]), backend="sat").solution
    two, n2 = blanked_until(solution, 2, 1)
    hundred, n100 = blanked_until(solution, 100, 2)
    band = solution.with_cells(solution.cells[:27] + (0,) * 54)
    cases = [(f"{n2} solutions", two), (f"{n100} solutions", hundred), (">10^6 solutions (band 1)", band)]
    print(f"{'puzzle':26} {'givens':>6} {'fast s':>8} {'naive s':>8} {'x fast':>7} {'enumerate s':>12} "
          f"{'x fast':>7}  found by enumeration")
    for name, board in cases:
        fast, t_fast = timed(lambda: candidates(board, limit=args.limit))
        slow, t_naive = timed(lambda: naive(board, args.limit))
        (listed, k, complete), t_enum = timed(lambda: enumerated(board, args.enumerate_seconds))
        if slow != fast.digits or (complete and listed != fast.digits):
            raise SystemExit(f"{name}: the three ways disagree")
        print(f"{name:26} {81 - board.blanks:6} {t_fast:8.3f} {t_naive:8.3f} {t_naive / t_fast:7.1f} "
              f"{t_enum:12.3f} {t_enum / t_fast:7.1f}  {k} solutions"
              f"{'' if complete else ' (stopped by the time limit)'}")
    print(machine())


if __name__ == "__main__":
    main()
