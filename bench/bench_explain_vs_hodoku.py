"""explain --steps beside the HoDoKu port (PyPI ``hodoku-py``) on SE-rated puzzles, side by side.

For each integer SE rating 5..9, the first ``--per`` puzzles of tests/data/se-calibration.txt:
the seconds of our whole explanation (``explain_steps``, every step checked) and of the port's
``Solver.solve`` (every step found), then of the first step alone (``explain_steps(limit=1)``,
what ``--hint`` waits for) and of the port's ``get_hint``. Both run in this process, one after
the other, so the ratio (ours / theirs: below 1, we are faster) is taken under the same load;
then each rating's sums (5.x: the puzzles rated 5.0 to 5.9) and the whole sample's. In one
process, as a batch or the web app runs: our guarded solver sessions are kept from one puzzle to
the next (``sudoku_cp/backends/pool.py``), the port keeps its ``Solver``.
The port is an optional import: install it in a venv of your own for this script only.

    .venv/bin/pip install hodoku-py
    .venv/bin/python bench/bench_explain_vs_hodoku.py --per 1
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from _data import machine  # bench/_data.py

from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.steps import explain_steps

SAMPLE = Path(__file__).resolve().parents[1] / "tests" / "data" / "se-calibration.txt"


def puzzles(per: int) -> list[tuple[str, float]]:
    """The first ``per`` puzzles of each integer rating 5..9, with their SE rating."""
    found: dict[int, list[tuple[str, float]]] = {}
    for line in SAMPLE.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            text, rating = line.split()
            found.setdefault(int(float(rating)), []).append((text, float(rating)))
    return [p for k in sorted(found) for p in found[k][:per]]


def timed(call) -> float:
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--per", type=int, default=2, help="puzzles per integer rating (default 2)")
    args = parser.parse_args()
    try:
        from hodoku import Solver  # noqa: PLC0415 (optional: only this script needs it)
    except ImportError:
        raise SystemExit("bench_explain_vs_hodoku: hodoku-py is not installed: expected `pip install hodoku-py`")
    print(machine(), flush=True)
    theirs = Solver()
    totals = [0.0, 0.0, 0.0, 0.0]
    bands: dict[int, list[float]] = {}  # each integer rating's sums, as totals
    print(f"{'SE':>4} {'ours s':>8} {'port s':>8} {'ratio':>6} {'hint s':>8} {'port s':>8} {'ratio':>6}")
    for text, rating in puzzles(args.per):
        board = parse_puzzle(text)
        row = [timed(lambda: explain_steps(board)), timed(lambda: theirs.solve(text)),
               timed(lambda: explain_steps(board, limit=1)), timed(lambda: theirs.get_hint(text))]
        totals = [t + x for t, x in zip(totals, row)]
        bands[int(rating)] = [t + x for t, x in zip(bands.get(int(rating), [0.0] * 4), row)]
        print(f"{rating:4.1f} {row[0]:8.2f} {row[1]:8.2f} {row[0] / row[1]:6.2f} "
              f"{row[2]:8.3f} {row[3]:8.3f} {row[2] / row[3]:6.2f}", flush=True)
    for band, sums in sorted(bands.items()):
        print(f"{str(band) + '.x':>4} {sums[0]:8.2f} {sums[1]:8.2f} {sums[0] / sums[1]:6.2f} "
              f"{sums[2]:8.3f} {sums[3]:8.3f} {sums[2] / sums[3]:6.2f}")
    print(f"{'all':>4} {totals[0]:8.2f} {totals[1]:8.2f} {totals[0] / totals[1]:6.2f} "
          f"{totals[2]:8.3f} {totals[3]:8.3f} {totals[2] / totals[3]:6.2f}")
    print(machine())


if __name__ == "__main__":
    main()
