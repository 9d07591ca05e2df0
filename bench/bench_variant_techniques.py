"""Variant techniques on published variant puzzles: the explanation with and without them, side by side.

For the published 9x9 killers of tests/test_variants.py (no givens; ``--killers``) and, with
``--kinds K``, the first published puzzle of each of K kinds of tests/published_kinds.py (cut to the
first ``--limit`` steps), the whole explanation (every step verified) twice in the same process,
one right after the other so both see the same load: with the named variant techniques
(:mod:`sudoku_cp.tasks.techniques.cages` and :mod:`~sudoku_cp.tasks.techniques.lines`) and
without them (the finders of those two families left out: the engine as it was before them).
Reported per puzzle: steps, what-ifs (any kind), general deductions, seconds, and the time ratio
without / with; the load average before and after.

    PYTHONPATH=. python bench/bench_variant_techniques.py [--killers 2] [--kinds 0] [--limit 30]

Measured with ``--killers 2`` on 2 shared cores (load average 12.5 before, 9.0 after, 9-19 between):
killer 1, with: 138 steps, 0 what-ifs, 0 deductions, 13.8 s; without: 252 steps, 63 what-ifs,
88 deductions, 2111.7 s. Killer 2, with: 130, 0, 0, 14.7 s; without: 205, 38, 75, 742.0 s. The
time ratios (153x, 51x) move with the load; the step and what-if counts do not.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))  # the published puzzles

from sudoku_cp.tasks import steps as engine  # noqa: E402
from sudoku_cp.tasks.techniques import FINDERS, TECHNIQUES  # noqa: E402

VARIANT = {"lines", "cages"}


def explain(board, with_variant: bool, limit: int | None) -> tuple[float, int, int, int]:
    """Seconds, steps, what-ifs and general deductions of ``board``'s explanation."""
    kept = [f for f in FINDERS if with_variant or TECHNIQUES[f[0]].family not in VARIANT]
    saved = list(engine.FINDERS)
    engine.FINDERS[:] = kept
    try:
        start = time.perf_counter()
        steps = engine.explain_steps(board, limit=limit)
        took = time.perf_counter() - start
    finally:
        engine.FINDERS[:] = saved
    what_ifs = sum(s.technique.startswith("what if") for s in steps)
    deductions = sum(s.technique.startswith("deduction") for s in steps)
    return took, len(steps), what_ifs, deductions


def puzzles(killers: int, kinds: int) -> list[tuple[str, object, bool]]:
    """(name, board, whole explanation) for each puzzle measured."""
    from published_kinds import PUBLISHED, board
    from test_variants import KILLER1, KILLER2

    from sudoku_cp.core.board import Board
    from sudoku_cp.core.shape import Shape
    from sudoku_cp.core.variants import build

    s9 = Shape(3, 3)
    out = [(f"killer {k + 1}", Board(s9, (0,) * 81, build(s9, cages=cages)), True)
           for k, cages in enumerate([KILLER1, KILLER2][:killers])]
    seen: set[str] = set()
    for entry in PUBLISHED:
        if len(seen) < kinds and entry.kind not in seen:
            seen.add(entry.kind)
            out.append((entry.kind, board(entry), False))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--killers", type=int, default=2)
    parser.add_argument("--kinds", type=int, default=0)
    parser.add_argument("--limit", type=int, default=30, help="steps per published kind puzzle")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.2f}")
    print(f"{'puzzle':<16} {'':<8} {'steps':>6} {'what-ifs':>9} {'deductions':>11} {'seconds':>8}")
    for name, board, whole in puzzles(args.killers, args.kinds):
        limit = None if whole else args.limit
        row = {}
        for label, with_variant in (("with", True), ("without", False)):
            took, count, what_ifs, deductions = row[label] = explain(board, with_variant, limit)
            print(f"{name:<16} {label:<8} {count:>6} {what_ifs:>9} {deductions:>11} {took:>8.1f}", flush=True)
        print(f"{name:<16} time without / with: {row['without'][0] / row['with'][0]:.1f}x")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
