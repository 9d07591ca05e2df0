"""How soon each backend answers 'unknown' after its time limit, on inputs that cannot finish.

Run: python bench/bench_limits.py [--limit 0.5] [--hard 20] [--backends sat,cpsat,dfs]
Inputs: an empty 64x64 (count up to 10**9) and the first --hard puzzles of top1465 (solve with a
limit of 1 ms). Prints, per backend and input, the statuses and the time from the call to the
answer (the overshoot is that time minus the limit). tests/test_limits.py asserts only statuses.

With --commands, whole commands instead (issue 15: ``--time-limit`` bounds the whole command):
each of COMMANDS runs in a fresh interpreter with --command-limit seconds, and its wall time,
overshoot, peak memory (VmHWM) and exit code are printed; --baseline DIR runs the same commands
on another checkout's ``sudoku_cp`` (e.g. ``git worktree add /tmp/base main``) side by side, with
the ratio of wall times. tests/test_time_limits.py asserts only exit codes and statuses.

  python bench/bench_limits.py --commands --command-limit 2 --baseline /tmp/base

With --build, every backend (issue 44, part 3: the limit binds building the model too): ``solve
--backend B --time-limit T`` on an empty N x N for each of --sizes and --limits, under
``/usr/bin/time`` (wall time, peak RSS of the largest process: a forked worker or solver binary
included), each run killed after --kill seconds; --baseline DIR as above.

  python bench/bench_limits.py --build --sizes 25,36,64 --limits 1,5 --baseline /tmp/base
"""

from __future__ import annotations

import argparse
import os
import shlex
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _data import puzzle_lines, machine  # bench/_data.py: the collections in data/

from sudoku_cp import Board, Shape, parse_puzzle
from sudoku_cp.tasks.solving import count, solve

PEAK = ("import re, sys; from sudoku_cp.cli import main; code = main(sys.argv[1:]); "
        "hwm = re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1); "
        "print('PEAK', hwm, code, file=sys.stderr)")


def command_inputs(workdir: Path) -> dict[str, str]:
    """The files the commands read: grids made to be slow (empty, unsat, duplicates, near full)."""
    from sudoku_cp.formats.text import format_line
    from sudoku_cp.tasks.generate import pattern_grid

    files = {}
    unsat = [0] * 36 * 36
    unsat[1:36] = range(1, 36)  # r1c1 can hold no digit
    unsat[36] = 36
    dup = list(pattern_grid(Shape(7, 7)).cells)
    dup[1] = dup[0]  # a duplicate in row 1
    dup = [d if i % 3 == 0 or i < 2 else 0 for i, d in enumerate(dup)]
    full = pattern_grid(Shape(6, 6))
    near = full.blank().with_givens([g for g in full.givens() if (g[0] + g[1]) % 7])
    for name, text in {"empty16": "." * 256, "empty64": ",".join(["0"] * 4096),
                       "unsat36": ",".join(map(str, unsat)), "dup49": ",".join(map(str, dup)),
                       "near36": format_line(near)}.items():
        path = workdir / f"{name}.txt"
        path.write_text(text + "\n")
        files[name] = str(path)
    return files


COMMANDS = [  # (label, argv with {file} names and {t} the limit)
    ("solve --backend all (empty 64x64)", "solve --backend all --time-limit {t} -f {empty64}"),
    ("count --backend all (empty 16x16)", "count --backend all --limit 1000000 --time-limit {t} -f {empty16}"),
    ("count --backend dfs (empty 16x16)", "count --backend dfs --limit 100000000 --time-limit {t} -f {empty16}"),
    ("explain (unsat 36x36)", "explain --time-limit {t} -f {unsat36}"),
    ("repair (duplicates 49x49)", "repair --time-limit {t} -f {dup49}"),
    ("minimize (near-full 36x36)", "minimize --time-limit {t} -f {near36}"),
    ("generate --size 64", "generate --size 64 --seed 1 --time-limit {t}"),
    ("solve (empty 64x64, no limit)", "solve -f {empty64}"),
]


def run_command(argv: list[str], package_dir: str | None) -> tuple[float, int, int]:
    """Wall seconds, peak KB and exit code of one command in a fresh interpreter."""
    env = dict(os.environ)
    if package_dir is not None:
        env["PYTHONPATH"] = package_dir
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", PEAK, *argv], capture_output=True, text=True, env=env,
                          check=False, cwd=package_dir)
    took = time.perf_counter() - start
    peak = [line.split() for line in done.stderr.splitlines() if line.startswith("PEAK ")]
    kb, code = (int(peak[-1][1]), int(peak[-1][2])) if peak else (0, done.returncode)
    return took, kb, code


def commands(limit: float, baseline: str | None, only: str | None) -> None:
    here = str(Path(__file__).resolve().parents[1])
    with tempfile.TemporaryDirectory() as tmp:
        files = command_inputs(Path(tmp))
        print(f"{'command':36} {'limit':>5} {'wall s':>7} {'over s':>7} {'peak MB':>8} {'exit':>4}"
              + (f" | {'base s':>7} {'base MB':>8} {'exit':>4} {'ratio':>6}" if baseline else ""))
        for label, template in COMMANDS:
            if only and not any(part in label for part in only.split(",")):
                continue
            argv = shlex.split(template.format(t=limit, **files))
            timed = "--time-limit" in argv
            took, kb, code = run_command(argv, here)
            line = (f"{label:36} {limit if timed else '-':>5} {took:7.2f} "
                    f"{(took - limit if timed else 0):7.2f} {kb / 1024:8.0f} {code:>4}")
            if baseline:
                base_took, base_kb, base_code = run_command(argv, baseline)
                line += f" | {base_took:7.2f} {base_kb / 1024:8.0f} {base_code:>4} {base_took / took:6.2f}"
            print(line, flush=True)


BACKENDS = "sat,sat:glucose4,cpsat,dfs,dfs:plain,external:minisat"
BUILD_BACKENDS = ("sat,sat:glucose4,cpsat,dfs,dfs:plain,external:minisat,external:cadical,mip,mip:scip,"
                  "mip:lp,smt,smt:fd,smt:bool,choco,choco:bc,choco:default,xc")


def timed_run(argv: list[str], package_dir: str, kill: float) -> tuple[float, int, str]:
    """Wall seconds, peak RSS in KB (``/usr/bin/time``) and exit code (``killed`` past ``kill``
    seconds) of one command in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=package_dir)
    with tempfile.NamedTemporaryFile("r") as report:
        start = time.perf_counter()
        proc = subprocess.Popen(["/usr/bin/time", "-o", report.name, "-f", "%M", sys.executable, "-m",
                                 "sudoku_cp", *argv], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                env=env, cwd=package_dir, start_new_session=True)
        try:
            code = str(proc.wait(timeout=kill))
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)  # the interpreter and its workers, not only time
            proc.wait()
            code = "killed"
        took = time.perf_counter() - start
        lines = report.read().split()
    kb = int(lines[-1]) if lines and lines[-1].isdigit() else 0
    return took, kb, code


def build(backends: str, sizes: str, limits: str, baseline: str | None, kill: float) -> None:
    here = str(Path(__file__).resolve().parents[1])
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'backend':16} {'grid':>5} {'limit':>5} {'wall s':>7} {'peak MB':>8} {'exit':>6}"
              + (f" | {'base s':>7} {'base MB':>8} {'exit':>6}" if baseline else ""), flush=True)
        for size in map(int, sizes.split(",")):
            path = Path(tmp, f"empty{size}.txt")
            path.write_text(",".join(["0"] * size * size) + "\n")
            for backend in backends.split(","):
                for limit in limits.split(","):
                    argv = ["solve", "--backend", backend, "--time-limit", limit, "-f", str(path)]
                    took, kb, code = timed_run(argv, here, kill)
                    line = f"{backend:16} {size:>5} {limit:>5} {took:7.2f} {kb / 1024:8.0f} {code:>6}"
                    if baseline:
                        took, kb, code = timed_run(argv, baseline, kill)
                        line += f" | {took:7.2f} {kb / 1024:8.0f} {code:>6}"
                    print(line, flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=float, default=0.5, help="limit for the empty 64x64 (s)")
    parser.add_argument("--hard", type=int, default=20, help="top1465 puzzles to try")
    parser.add_argument("--backends", default=BACKENDS)
    parser.add_argument("--commands", action="store_true", help="time whole commands instead")
    parser.add_argument("--command-limit", type=float, default=2.0, help="--time-limit of the commands")
    parser.add_argument("--baseline", metavar="DIR", help="a checkout whose sudoku_cp runs side by side")
    parser.add_argument("--build", action="store_true", help="every backend on empty grids (--sizes, --limits)")
    parser.add_argument("--sizes", default="25,36,64", help="with --build: grid sizes")
    parser.add_argument("--limits", default="1,5", help="with --build: time limits (s)")
    parser.add_argument("--kill", type=float, default=90.0, help="with --build: seconds before a run is killed")
    parser.add_argument("--only", metavar="TEXT", help="only the commands whose label holds TEXT (a comma list: any of them)")
    args = parser.parse_args()
    print(machine(), flush=True)
    if args.build:
        build(args.backends if args.backends != BACKENDS else BUILD_BACKENDS, args.sizes, args.limits,
              args.baseline, args.kill)
        return
    if args.commands:
        commands(args.command_limit, args.baseline, args.only)
        return
    lines = puzzle_lines("top1465.txt")[: args.hard]
    hard = [parse_puzzle(line) for line in lines]
    empty = Board.empty(Shape(8, 8))
    print(f"{'backend':18} {'input':22} {'limit s':>8} {'answer s':>9} {'worst s':>8}  statuses")
    for backend in args.backends.split(","):
        start = time.perf_counter()
        result = count(empty, limit=10**9, backend=backend, time_limit=args.limit)
        took = time.perf_counter() - start
        print(f"{backend:18} {'empty 64x64 count':22} {args.limit:8.3f} {took:9.3f} {took:8.3f}  "
              f"{result.status.value} (count {result.count})", flush=True)
        times, statuses = [], {}
        for board in hard:
            start = time.perf_counter()
            result = solve(board, backend=backend, time_limit=0.001)
            times.append(time.perf_counter() - start)
            statuses[result.status.value] = statuses.get(result.status.value, 0) + 1
        print(f"{backend:18} {f'top1465 x{len(hard)} solve':22} {0.001:8.3f} "
              f"{sum(times) / len(times):9.4f} {max(times):8.4f}  {statuses}", flush=True)


if __name__ == "__main__":
    main()
