"""Cold-start time of the sudoku-cp command, side by side with a bare Python start.

Run: python bench/bench_cold_start.py [--runs 20]
`validate` must not import a solver package, so it should cost little more than Python itself.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    "sudoku-cp validate": [sys.executable, "-m", "sudoku_cp", "validate", CLASSIC],
    "sudoku-cp solve (sat)": [sys.executable, "-m", "sudoku_cp", "solve", CLASSIC],
    "sudoku-cp solve --backend cpsat": [sys.executable, "-m", "sudoku_cp", "solve", "--backend", "cpsat", CLASSIC],
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    for _ in range(args.runs):  # interleaved, so load on the machine hits every command alike
        for name, cmd in COMMANDS.items():
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
            times[name].append(time.perf_counter() - start)
    base = statistics.median(times["python -c pass"])
    print(f"{'command':34} {'median s':>9} {'min s':>7} {'x python':>9}")
    for name, values in times.items():
        med = statistics.median(values)
        print(f"{name:34} {med:9.3f} {min(values):7.3f} {med / base:9.1f}")


if __name__ == "__main__":
    main()
