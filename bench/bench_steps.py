"""Step-by-step explanations: whole puzzles, and side by side against the naive approach.

1. The whole explanation (every step found and verified, the end checked) of 17-clue puzzles
   (median; the floor: under 2 s) and of top1465 puzzles (p90; the floor: under 30 s).
2. In the same run, on a few 17-clue puzzles, the first ``--naive-steps`` steps by
   ``explain_steps`` and by the naive approach: at every step one minimal core (of the current
   facts, shrunk by deletion through the same SAT session) for every remaining candidate that
   cannot hold, the smallest core is the step. The naive side does not verify its steps. The ratio
   is naive time / our time for the same number of steps (the floor: 10x).

    PYTHONPATH=. python bench/bench_steps.py --seventeen 20 --top 20 --naive 3
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from gridgen import dataset_lines  # noqa: E402  (the collections in data/)

from sudoku_cp.backends import make  # noqa: E402
from sudoku_cp.formats.text import parse_puzzle  # noqa: E402
from sudoku_cp.tasks.cores import shrink_core  # noqa: E402
from sudoku_cp.tasks.steps import Grid, explain_steps  # noqa: E402

from _data import machine  # bench/_data.py: the machine and its load, above the table


def spread(name: str, k: int) -> list[str]:
    lines = dataset_lines(name)
    return lines[:: max(1, len(lines) // k)][:k]


def timed(lines: list[str]) -> list[tuple[float, int, dict]]:
    out = []
    for line in lines:
        start = time.perf_counter()
        steps = explain_steps(parse_puzzle(line))
        out.append((time.perf_counter() - start, len(steps), steps.techniques()))
    return out


def naive_steps(line: str, count: int) -> float:
    """Seconds for ``count`` naive steps: a minimal core for every refutable candidate, each step."""
    board = parse_puzzle(line)
    grid = Grid(board)
    session = make("sat").session(board.rules, stats=False)
    start = time.perf_counter()
    try:
        for _ in range(count):
            facts = grid.facts()
            best = None
            for i in range(board.size ** 2):
                for d in sorted(grid.cands[i]):
                    fact = grid.fact(i, d)
                    if session.solve(facts + [fact]):
                        continue
                    first = [f for f in facts if f in set(session.core())]
                    core = shrink_core(lambda s: session.solve(s + [fact]) is False, first,
                                       lambda s: set(session.core()))
                    if best is None or len(core) < len(best[1]):
                        best = (fact, core)
            if best is None:
                break
            r, c, d = best[0]
            grid.removed.add((r * board.size + c, d))
            grid.refresh()
    finally:
        session.close()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seventeen", type=int, default=20, help="17-clue puzzles (default 20)")
    parser.add_argument("--top", type=int, default=20, help="top1465 puzzles (default 20)")
    parser.add_argument("--naive", type=int, default=3, help="puzzles for the naive comparison (default 3)")
    parser.add_argument("--naive-steps", type=int, default=10, help="steps compared per puzzle (default 10)")
    args = parser.parse_args()
    print(machine(), flush=True)

    for name, k, what in (("17clue-half.txt", args.seventeen, "median"), ("top1465.txt", args.top, "p90")):
        runs = timed(spread(name, k))
        times = sorted(t for t, _, _ in runs)
        p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
        general = sum(1 for _, _, tech in runs if any(t.startswith(("what if", "deduction")) for t in tech))
        print(f"{name}: {len(runs)} puzzles, whole explanation median {statistics.median(times):.2f} s, "
              f"p90 {p90:.2f} s, max {times[-1]:.2f} s; steps median "
              f"{statistics.median(n for _, n, _ in runs):.0f}; {general} needed a general step "
              f"({what} is the floor's measure)")

    ours = naive = 0.0
    for line in spread("17clue-half.txt", args.naive):
        start = time.perf_counter()
        explain_steps(parse_puzzle(line), limit=args.naive_steps)
        ours += time.perf_counter() - start
        naive += naive_steps(line, args.naive_steps)
    print(f"first {args.naive_steps} steps of {args.naive} 17-clue puzzles: explain_steps {ours:.2f} s "
          f"(verified), naive (a minimal core per candidate per step) {naive:.2f} s: "
          f"{naive / ours:.1f}x faster")


if __name__ == "__main__":
    main()
