"""The SE-scale rating against Sudoku Explainer's published ratings: Spearman rank correlation.

Reads ``tests/data/se-calibration.txt`` (the sample the ratings were tuned on),
``tests/data/se-heldout.txt`` (never used to tune: the reported figure; the floor is 0.85) or
``tests/data/se-hard.txt`` (the bank's ratings below 5.0, where SE's direct techniques and unique
loops decide the rating; never used to tune), rates
each puzzle by its hardest step (``explain_steps`` without re-verifying steps, which does not
change them), and prints one line per puzzle, the correlation and the machine load.

    PYTHONPATH=. python bench/bench_rating.py --sample heldout
    PYTHONPATH=. python bench/bench_rating.py --sample hard
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.rating import difficulty, spearman
from sudoku_cp.tasks.steps import explain_steps

DATA = Path(__file__).resolve().parents[1] / "tests" / "data"


def rows(sample: str) -> list[tuple[str, float]]:
    out = []
    for line in (DATA / f"se-{sample}.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            puzzle, rating = line.split()
            out.append((puzzle, float(rating)))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sample", choices=("calibration", "heldout", "hard"), default="heldout")
    parser.add_argument("--first", type=int, help="only the first N puzzles")
    args = parser.parse_args()
    published, ours, times = [], [], []
    for puzzle, rating in rows(args.sample)[: args.first]:
        start = time.perf_counter()
        found = difficulty(explain_steps(parse_puzzle(puzzle), check=False))
        times.append(time.perf_counter() - start)
        assert found is not None
        published.append(rating)
        ours.append(found["se"])
        print(f"{puzzle} SE {rating:.1f} ours {found['se']:.1f} {found['level']:8} {found['hardest']:28} "
              f"{times[-1]:.2f} s", flush=True)
    print(f"{args.sample}: {len(ours)} puzzles, Spearman {spearman(ours, published):.3f}, "
          f"{sum(times):.0f} s in all, load average {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
