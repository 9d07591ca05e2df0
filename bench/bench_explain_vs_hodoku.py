"""``explain --steps`` (and its first step, ``--hint``) beside the HoDoKu port on the same SE-rated puzzles.

The port is hodoku-py (PyPI, GPL-3.0; a pure-Python port of HoDoKu 2.2.0's solver, hint engine and
rater), imported only here and only if installed (``pip install hodoku-py``): it is never a
dependency of the product. Puzzles: tests/data/se-heldout.txt (SE 5.5 to 9.1, never used to tune), or ``--file``.
Per puzzle, in this one process, alternating which goes first: ours
``tasks.explain.explain(board, steps=True)`` (every verified step to the solution, with the
rating) against ``hodoku.Solver().solve(puzzle)`` (its whole solution path with its rating); and
ours ``explain(board, steps=1)`` (the first step, what ``--hint`` waits for) against
``Solver().get_hint(puzzle)``. Medians over ``--repeat`` rounds; the table gives both and the
ratio (ours / theirs: below 1, we are faster), the summary the median ratio and the sums.

    python bench/bench_explain_vs_hodoku.py [--limit N] [--repeat K] [--file PATH]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _data import machine  # noqa: E402


def puzzles(path: Path) -> list[tuple[str, float]]:
    """``(81 digits, SE rating)`` per line of an SE-rated file (``#`` lines are comments)."""
    out = []
    for line in path.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            text, rating = line.split()[:2]
            out.append((text, float(rating)))
    return out


def timed(work) -> float:
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--file", type=Path, default=ROOT / "tests" / "data" / "se-heldout.txt",
                        help="SE-rated puzzles, 'PUZZLE RATING' a line (default tests/data/se-heldout.txt)")
    parser.add_argument("--limit", type=int, default=0, help="only the first N puzzles (0: all)")
    parser.add_argument("--repeat", type=int, default=1, help="rounds per puzzle, the median kept (default 1)")
    args = parser.parse_args(argv)
    try:
        from hodoku import Solver
    except ImportError:
        print("bench_explain_vs_hodoku: the HoDoKu port is not installed: pip install hodoku-py", file=sys.stderr)
        return 2
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.explain import explain

    chosen = puzzles(args.file)[: args.limit or None]
    hodoku = Solver()
    explain(parse_puzzle(chosen[0][0]), steps=True)  # imports and caches, not timed
    hodoku.solve(chosen[0][0])
    print(machine())
    print(f"{'SE':>4} {'ours s':>8} {'HoDoKu s':>9} {'ratio':>6} {'hint s':>8} {'H hint s':>9} {'ratio':>6}  steps")
    full, hint, sums = [], [], [0.0, 0.0, 0.0, 0.0]
    for text, rating in chosen:
        board = parse_puzzle(text)
        times: dict[str, list[float]] = {"ours": [], "theirs": [], "ours1": [], "theirs1": []}
        steps = 0
        for round_ in range(args.repeat):
            jobs = [("ours", lambda: explain(board, steps=True)), ("theirs", lambda: hodoku.solve(text)),
                    ("ours1", lambda: explain(board, steps=1)), ("theirs1", lambda: hodoku.get_hint(text))]
            if round_ % 2:
                jobs = [jobs[1], jobs[0], jobs[3], jobs[2]]
            for name, work in jobs:
                times[name].append(timed(work))
        steps = len(explain(board, steps=True).steps)
        med = {name: statistics.median(values) for name, values in times.items()}
        full.append(med["ours"] / med["theirs"])
        hint.append(med["ours1"] / med["theirs1"])
        for k, name in enumerate(("ours", "theirs", "ours1", "theirs1")):
            sums[k] += med[name]
        print(f"{rating:4.1f} {med['ours']:8.3f} {med['theirs']:9.3f} {full[-1]:6.2f} {med['ours1']:8.3f} "
              f"{med['theirs1']:9.3f} {hint[-1]:6.2f}  {steps}")
    print(f"# {len(chosen)} puzzles: explain --steps / HoDoKu solve, median ratio {statistics.median(full):.2f} "
          f"(sum {sums[0]:.1f} s / {sums[1]:.1f} s = {sums[0] / sums[1]:.2f}); first step / get_hint, "
          f"median ratio {statistics.median(hint):.2f} (sum {sums[2]:.1f} s / {sums[3]:.1f} s = {sums[2] / sums[3]:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
