"""Cold-start time of the sudoku-cp command, side by side with a bare Python start.

Run: python bench/bench_cold_start.py [--runs 20] [--importtime]

Runs the installed console script ``sudoku-cp`` (as a user does, not ``python -m``) with
PYTHONPATH set to this repository, so the tree under test is what it imports; ``python -c pass``
runs with the same interpreter and environment. Bytecode is written and used as an installed
package has it (PYTHONDONTWRITEBYTECODE is dropped, one warm-up run each), since compiling the
sources on every start would be measured otherwise. The commands are interleaved, so load on the
machine hits each alike; each is reported as its median and as a ratio to ``python -c pass``.
Floors (issue 13): validate at most 2x and solve (sat) at most 3x a bare start.
``--importtime`` also prints the slowest imports of ``validate`` and ``solve`` (``-X importtime``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSIC = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
FLOORS = {"sudoku-cp validate": 2.0, "sudoku-cp solve (sat)": 3.0}


def console_script() -> str:
    """The ``sudoku-cp`` script beside this interpreter (a virtualenv's bin/), else on PATH."""
    here = Path(sys.executable).with_name("sudoku-cp")
    found = str(here) if here.exists() else shutil.which("sudoku-cp")
    if found is None:
        sys.exit("bench_cold_start: no sudoku-cp console script: expected `pip install -e .` first")
    return found


def commands(script: str) -> dict[str, list[str]]:
    return {
        "python -c pass": [sys.executable, "-c", "pass"],
        "sudoku-cp validate": [script, "validate", CLASSIC],
        "sudoku-cp solve (sat)": [script, "solve", CLASSIC],
        "sudoku-cp solve --backend cpsat": [script, "solve", "--backend", "cpsat", CLASSIC],
    }


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its .pyc files
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    return env


def slowest_imports(cmd: list[str], env: dict[str, str], top: int = 12) -> list[tuple[int, str]]:
    """The ``top`` imports with the largest cumulative time (microseconds), from ``-X importtime``."""
    script = cmd[0]
    done = subprocess.run([sys.executable, "-X", "importtime", script, *cmd[1:]], env=env,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, check=True)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line and "cumulative" not in line:
            _, cumulative, name = line.split("|")
            rows.append((int(cumulative), name.rstrip()))
    return sorted(rows, reverse=True)[:top]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--importtime", action="store_true", help="also list the slowest imports")
    args = parser.parse_args()
    env = environment()
    cmds = commands(console_script())
    for cmd in cmds.values():  # warm-up: writes the .pyc files, fills the file cache
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    times: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(args.runs):  # interleaved, so load on the machine hits every command alike
        for name, cmd in cmds.items():
            start = time.perf_counter()
            subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
            times[name].append(time.perf_counter() - start)
    base = statistics.median(times["python -c pass"])
    print(f"{'command':34} {'median s':>9} {'min s':>7} {'x python':>9} {'floor':>6}")
    for name, values in times.items():
        med = statistics.median(values)
        floor = f"{FLOORS[name]:.0f}x" if name in FLOORS else ""
        print(f"{name:34} {med:9.3f} {min(values):7.3f} {med / base:9.2f} {floor:>6}")
    if args.importtime:
        for name in ("sudoku-cp validate", "sudoku-cp solve (sat)"):
            print(f"\nslowest imports of {name} (cumulative ms):")
            for micro, module in slowest_imports(cmds[name], env):
                print(f"  {micro / 1000:7.1f}  {module}")


if __name__ == "__main__":
    main()
