"""Cold-start time of the sudoku-cp command, side by side with a bare Python start.

Run: python bench/bench_cold_start.py [--runs 20] [--importtime] [--against DIR]

Runs the installed console script ``sudoku-cp`` (as a user does, not ``python -m``) with
PYTHONPATH set to this repository, so the tree under test is what it imports; ``python -c pass``
runs with the same interpreter and environment. Bytecode is written and used as an installed
package has it (PYTHONDONTWRITEBYTECODE is dropped, one warm-up run each), since compiling the
sources on every start would be measured otherwise. The commands are interleaved, so load on the
machine hits each alike; each is reported as its median wall time and median CPU time (user +
system of the child, which load from other processes disturbs less), both as ratios to
``python -c pass``.
Floors (issue 13): validate at most 2x and solve (sat) at most 3x a bare start.
``--importtime`` also prints the slowest imports of ``validate`` and ``solve`` (``-X importtime``).
``--against DIR`` also runs validate and solve from another checkout (e.g. the main branch), in
the same rounds, as the baseline of a change.
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

from _data import machine  # bench/_data.py: the machine and its load, above the table

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


def environment(root: Path = ROOT) -> dict[str, str]:
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed package has its .pyc files
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(root), env.get("PYTHONPATH")]))
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
    parser.add_argument("--against", metavar="DIR", help="another checkout to run validate and solve from")
    args = parser.parse_args()
    print(machine(), flush=True)
    env = environment()
    cmds = commands(console_script())
    envs = {name: env for name in cmds}
    if args.against:
        other = environment(Path(args.against).resolve())
        for name in ("sudoku-cp validate", "sudoku-cp solve (sat)"):
            envs[f"{name} [{Path(args.against).name}]"] = other
            cmds[f"{name} [{Path(args.against).name}]"] = cmds[name]
    for name, cmd in cmds.items():  # warm-up: writes the .pyc files, fills the file cache
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=envs[name])
    times: dict[str, list[float]] = {name: [] for name in cmds}
    cpu: dict[str, list[float]] = {name: [] for name in cmds}
    for _ in range(args.runs):  # interleaved, so load on the machine hits every command alike
        for name, cmd in cmds.items():
            start = time.perf_counter()
            child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=envs[name])
            _, status, usage = os.wait4(child.pid, 0)
            times[name].append(time.perf_counter() - start)
            child.returncode = os.waitstatus_to_exitcode(status)
            if child.returncode != 0:
                sys.exit(f"bench_cold_start: {name} exited with {child.returncode}")
            cpu[name].append(usage.ru_utime + usage.ru_stime)
    base = statistics.median(times["python -c pass"])
    base_cpu = statistics.median(cpu["python -c pass"])
    print(f"{'command':42} {'wall s':>7} {'min s':>7} {'x python':>9} {'cpu s':>7} {'x python':>9} {'floor':>6}")
    for name, values in times.items():
        med, med_cpu = statistics.median(values), statistics.median(cpu[name])
        floor = f"{FLOORS[name]:.0f}x" if name in FLOORS else ""
        print(f"{name:42} {med:7.3f} {min(values):7.3f} {med / base:9.2f} {med_cpu:7.3f} "
              f"{med_cpu / base_cpu:9.2f} {floor:>6}")
    if args.importtime:
        for name in ("sudoku-cp validate", "sudoku-cp solve (sat)"):
            print(f"\nslowest imports of {name} (cumulative ms):")
            for micro, module in slowest_imports(cmds[name], env):
                print(f"  {micro / 1000:7.1f}  {module}")


if __name__ == "__main__":
    main()
