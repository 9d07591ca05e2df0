"""sat vs cpsat vs dfs per variant rule, side by side in one run: median seconds to solve and prove unique.

Puzzles: the published variant puzzles of tests/test_variants.py (9x9 killers with no givens, a 6x6 one,
anti-knight, diagonal, windoku, miracle, anti-king 6x6, jigsaw), each answered by every backend
``--repeat`` times through ``sudoku_cp.tasks.solving.solve(..., unique=True)`` (the path of
``sudoku-cp solve --unique``: a new solver per puzzle, every answer checked by the independent
checker). Also a set of killers made here: the solutions of the first ``--killers`` puzzles of
top1465.txt, cut into random cages of 2 to 4 cells with their sums and no givens (each answered
once per backend; not all are unique, the statuses are reported).

    python bench/bench_variants.py [--repeat K] [--killers M] [--encoding complete+cage-pb]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

from _data import puzzle_lines  # bench/_data.py: the collections in data/

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the published puzzles

BACKENDS = ("sat", "cpsat", "dfs")


def timed(board, backend, repeat: int) -> tuple[float, str]:
    """Median seconds of ``solve(board, backend, unique=True)`` over ``repeat`` runs, and the status."""
    from sudoku_cp.tasks.solving import solve

    times, status = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = solve(board, backend=backend, unique=True)
        times.append(time.perf_counter() - start)
        status = result.status.value
    return statistics.median(times), status


def random_killer(solution, rng: random.Random):
    """Cages of 2 to 4 cells grown from random seeds over the whole grid, sums from ``solution``."""
    from sudoku_cp.core.board import Board
    from sudoku_cp.core.variants import build

    n = solution.size
    free = set(range(n * n))
    cages = []
    while free:
        start = min(free)
        cells = [start]
        free.discard(start)
        target = rng.choice((2, 2, 3, 3, 4))
        while len(cells) < target:
            options = [j for i in cells for j in (i + 1, i - 1, i + n, i - n)
                       if j in free and abs(j % n - i % n) <= 1 and solution.cells[j] not in
                       {solution.cells[k] for k in cells}]
            if not options:
                break
            pick = rng.choice(sorted(options))
            cells.append(pick)
            free.discard(pick)
        cages.append(([divmod(i, n) for i in cells], sum(solution.cells[i] for i in cells)))
    rules = build(solution.shape, cages=cages)
    return Board.empty(solution.shape, rules)


def main() -> None:
    from test_variants import PUBLISHED

    from sudoku_cp.backends import make
    from sudoku_cp.formats.text import parse_puzzle

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--killers", type=int, default=20)
    parser.add_argument("--encoding", default="complete", help="CNF encoding of sat (e.g. complete+cage-pb)")
    args = parser.parse_args()
    backends = list(BACKENDS)
    if args.encoding != "complete":
        backends[0] = make("sat", encoding=args.encoding)
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}; sat encoding {args.encoding}; median of {args.repeat} runs")
    print("\n| puzzle | givens | " + " | ".join(f"{b if isinstance(b, str) else 'sat'} s" for b in backends)
          + " | status |")
    print("|---|---|" + "---|" * (len(backends) + 1))
    by_rule: dict[str, dict[str, list[float]]] = {}
    for k, (rules, puzzle, _solution) in enumerate(PUBLISHED):
        cells, statuses = [], set()
        for backend in backends:
            seconds, status = timed(puzzle, backend, args.repeat)
            name = backend if isinstance(backend, str) else "sat"
            by_rule.setdefault(f"{rules.name} {puzzle.size}x{puzzle.size}", {}).setdefault(name, []).append(seconds)
            cells.append(f"{seconds:.4f}")
            statuses.add(status)
        print(f"| {k + 1}. {rules.name} {puzzle.size}x{puzzle.size} | {len(puzzle.givens())} | "
              + " | ".join(cells) + f" | {'/'.join(sorted(statuses))} |")
    if args.killers:
        rng = random.Random(20261130)
        solver = make("sat")
        boards = []
        for line in puzzle_lines("top1465.txt")[: args.killers]:
            solution = solver.count(parse_puzzle(line), 1).solutions[0]
            boards.append(random_killer(solution, rng))
        rows = {}
        statuses: dict[str, int] = {}
        for backend in backends:
            name = backend if isinstance(backend, str) else "sat"
            times = []
            for board in boards:
                seconds, status = timed(board, backend, 1)
                times.append(seconds)
                if name == "sat":
                    statuses[status] = statuses.get(status, 0) + 1
            rows[name] = times
        print(f"\n{len(boards)} random killers (cages of 2-4 cells, no givens; sat says "
              f"{', '.join(f'{v} {k}' for k, v in sorted(statuses.items()))}):")
        print("\n| backend | median s | max s |\n|---|---|---|")
        for name, times in rows.items():
            print(f"| {name} | {statistics.median(times):.4f} | {max(times):.4f} |")
    print("\nmedian seconds per rule and size (published puzzles):\n")
    print("| rule | " + " | ".join(by_rule[next(iter(by_rule))]) + " |")
    print("|---|" + "---|" * len(by_rule[next(iter(by_rule))]))
    for rule, row in by_rule.items():
        print(f"| {rule} | " + " | ".join(f"{statistics.median(v):.4f}" for v in row.values()) + " |")


if __name__ == "__main__":
    main()
