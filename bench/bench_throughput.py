"""Throughput of ``batch --unique`` (issue 13), contenders side by side in one run, rounds interleaved.

For each collection of data/ (top1465, 17-clue, serg, forum-hardest), every round measures, in an
order that flips from one round to the next:

- ``run_batch``: :func:`sudoku_cp.tasks.batch.run_batch` in this process (``BatchOptions(unique=True)``,
  records written to memory), the one fast path;
- ``cli-jobs1`` / ``cli-jobs2``: ``python -m sudoku_cp batch FILE -o /dev/null --unique [--jobs 2]``,
  a whole process each (start-up, reading, writing included), timed by the wall clock;
- ``plain``: the plain approach the issue compares with: for every puzzle a fresh PySAT solver
  (CaDiCaL 1.9.5) loaded with the rules and the givens as assumptions, up to two solutions, each
  verified by the independent checker, one JSON record each (``SatBackend(simplify=False)``
  through ``run_backend``, no session);
- ``cpsat`` (with ``--cpsat``): a fresh CP-SAT model per puzzle, one worker, the same way;
- ``bare``: the ceiling of the loaded-solver approach: a bare loop of the solver calls
  ``run_batch`` makes (one CaDiCaL loaded with the rules, the givens assumed, a second solve under
  a guarded blocking clause), with no parsing, checking or records, its solver made as the
  product makes it (``new_solver``: CaDiCaL with ``SOLVER_OPTIONS``); ``--bare-solvers`` adds the
  same loop with other PySAT solvers (``bare:minisat22``, ...) and ``--bare-options`` with CaDiCaL
  given exactly these options (``bare[chrono=1]``: CaDiCaL's defaults), to choose by measure.

Every contender is checked: all puzzles ``unique`` (``multiple`` for serg), no failure. The slow
contenders (``plain``, ``cpsat``) run on an evenly spaced sample (``--sample``) of each collection;
the fast ones on the whole collection (17-clue: its first ``--clue17`` puzzles). The report gives,
per collection, each contender's median puzzles/s by the wall clock and per CPU second, and the
ratios the issue asks for: ``run_batch`` against ``plain`` and ``cli-jobs2`` against ``cli-jobs1``.

    python bench/bench_throughput.py [--rounds 3] [--clue17 10000] [--sample 300] [--cpsat]
                                     [--bare-solvers minisat22,glucose4] [--quick]
                                     [--bare-options 'chrono=1;chrono=0,elim=0']

``--quick`` is a smoke run (one round, small samples). The machine may be shared: only the
numbers of one run compare with each other, and the per-CPU-second rates are the steadier ones.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _data import puzzle_lines  # bench/_data.py: the collections in data/

HERE = Path(__file__).resolve().parents[1]
COLLECTIONS = [("top1465.txt", "unique"), ("17clue-half.txt", "unique"), ("serg-benchmark.txt", "multiple"),
               ("forum-hardest-1106.txt", "unique")]
FAST = ("run_batch", "cli-jobs1", "cli-jobs2", "bare")


def bare(lines: list[str], expected: str, name: str = "cadical195",
         options: dict[str, int] | None = None) -> tuple[float, float]:
    """Only the solver calls of the loaded-solver approach, as plain as they get; (wall s, CPU s).

    ``options``: the solver's options instead of the product's (``SOLVER_OPTIONS``)."""
    from sudoku_cp.backends.sat import new_solver
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.model.cnf import encode_rules
    from sudoku_cp.tasks.batch import CHUNK

    cnf = encode_rules(parse_puzzle("." * 81).rules)
    digits = bytes.maketrans(b".0123456789", bytes([0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]))

    start, cpu = time.perf_counter(), time.process_time()
    solver = None
    for k, line in enumerate(lines):
        if k % CHUNK == 0:  # a fresh solver every CHUNK puzzles, as batch renews its sessions
            if solver is not None:
                solver.delete()
            solver = new_solver(name, cnf.clauses, options)
            top = cnf.nvars
        cells = line.encode().translate(digits)
        givens = [i * 9 + d for i, d in enumerate(cells) if d]
        if not solver.solve(assumptions=givens):
            raise SystemExit(f"bare: no solution to {line}")
        model = solver.get_model()
        top += 1
        solver.add_clause([-top] + [-lit for lit in model[:729] if lit > 0 and not cells[(lit - 1) // 9]])
        if solver.solve(assumptions=givens + [top]) != (expected == "multiple"):
            raise SystemExit(f"bare: {line} is not {expected}")
        solver.add_clause([-top])
    if solver is not None:
        solver.delete()
    return time.perf_counter() - start, time.process_time() - cpu


def option_set(spec: str) -> dict[str, int]:
    """``'chrono=0,elim=0'`` -> ``{'chrono': 0, 'elim': 0}``."""
    return {name.strip(): int(value) for name, _, value in (item.partition("=") for item in spec.split(","))}


def in_process_batch(lines: list[str], expected: str) -> tuple[float, float]:
    """``run_batch`` here; returns (wall s, CPU s)."""
    from sudoku_cp.tasks.batch import BatchOptions, run_batch

    sink = io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    summary = run_batch(lines, sink, BatchOptions(unique=True))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    if summary.failures or summary.counts != {expected: len(lines)}:
        raise SystemExit(f"run_batch: unexpected answers {summary.counts}")
    return wall, cpu


def one_shot(lines: list[str], expected: str, backend_name: str) -> tuple[float, float]:
    """A fresh solver per puzzle (no session), each answer verified and written; (wall s, CPU s)."""
    from sudoku_cp.backends import make
    from sudoku_cp.backends.sat import SatBackend
    from sudoku_cp.formats.records import record_line
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.solving import run_backend

    backend = SatBackend("cadical195", simplify=False) if backend_name == "plain" else make("cpsat")
    sink = io.StringIO()
    start, cpu = time.perf_counter(), time.process_time()
    for index, line in enumerate(lines):
        result = run_backend(parse_puzzle(line), backend, 2, True, None, None, False)  # verified
        if result.status.value != expected:
            raise SystemExit(f"{backend_name}: puzzle {index} is {result.status.value}, expected {expected}")
        result.index, result.line = index, index + 1
        sink.write(record_line(result) + "\n")
    return time.perf_counter() - start, time.process_time() - cpu


def cli_batch(path: Path, count: int, expected: str, jobs: int) -> tuple[float, float]:
    """The installed command as a user runs it; (wall s, CPU s of the process and its workers)."""
    cmd = [sys.executable, "-m", "sudoku_cp", "batch", str(path), "-o", os.devnull, "--unique", "--json",
           "--jobs", str(jobs)]
    env = dict(os.environ, PYTHONPATH=str(HERE))
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    out, err = proc.stdout.read(), proc.stderr.read()
    if os.waitstatus_to_exitcode(status) not in (0, 1):  # 1: serg's puzzles are not unique
        raise SystemExit(f"{' '.join(cmd)} failed: {err}")
    summary = json.loads(out.strip().splitlines()[-1])
    if summary["failures"] or summary["counts"] != {expected: count}:
        raise SystemExit(f"cli --jobs {jobs}: unexpected answers {summary['counts']}")
    return wall, usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3, help="interleaved rounds (default 3)")
    parser.add_argument("--clue17", type=int, default=10_000, help="puzzles of 17clue-half (default 10000)")
    parser.add_argument("--sample", type=int, default=300,
                        help="puzzles per collection for the slow contenders (default 300)")
    parser.add_argument("--cpsat", action="store_true", help="add CP-SAT, a fresh model per puzzle")
    parser.add_argument("--bare-solvers", default="", metavar="NAMES",
                        help="further PySAT solvers for the bare loop, a comma list (minisat22,glucose4)")
    parser.add_argument("--bare-options", default="", metavar="SETS",
                        help="CaDiCaL option sets for the bare loop, ';' between sets, ',' within "
                             "one: 'chrono=1;chrono=0,elim=0' (each set replaces the product's options)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: 1 round, 2,000 17-clue puzzles, samples of 60")
    args = parser.parse_args()
    if args.quick:
        args.rounds, args.clue17, args.sample = 1, 2_000, 60
    contenders = list(FAST) + [f"bare:{name}" for name in args.bare_solvers.split(",") if name]
    contenders += [f"bare[{spec}]" for spec in args.bare_options.split(";") if spec]
    contenders += ["plain"] + (["cpsat"] if args.cpsat else [])
    load = os.getloadavg()
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} (a shared machine: other jobs run too)")
    from sudoku_cp.tasks.batch import BatchOptions, run_batch

    warm = puzzle_lines("top1465.txt")[:200]
    run_batch(warm, io.StringIO(), BatchOptions(unique=True))  # imports, caches
    one_shot(warm[:5], "unique", "plain")
    rates: dict[tuple[str, str], list[tuple[float, float]]] = {}
    counts: dict[tuple[str, str], int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        data = {}
        for name, expected in COLLECTIONS:
            lines = puzzle_lines(name)
            if name.startswith("17clue"):
                lines = lines[:args.clue17]
            step = max(1, len(lines) // args.sample)
            path = Path(tmp, name)
            path.write_text("\n".join(lines) + "\n", encoding="utf-8")
            data[name] = (lines, lines[::step][:args.sample], path, expected)
        for rnd in range(args.rounds):
            order = contenders if rnd % 2 == 0 else contenders[::-1]
            for name, (lines, sample, path, expected) in data.items():
                for who in order:
                    if who == "run_batch":
                        got, n = in_process_batch(lines, expected), len(lines)
                    elif who.startswith("bare["):
                        got, n = bare(lines, expected, options=option_set(who[5:-1])), len(lines)
                    elif who.startswith("bare"):
                        got, n = bare(lines, expected, who.partition(":")[2] or "cadical195"), len(lines)
                    elif who.startswith("cli-jobs"):
                        got, n = cli_batch(path, len(lines), expected, int(who[-1])), len(lines)
                    else:
                        got, n = one_shot(sample, expected, who), len(sample)
                    rates.setdefault((name, who), []).append((n / got[0], n / got[1]))
                    counts[name, who] = n
                    print(f"round {rnd + 1}: {name:24} {who:10} {n:6} puzzles {n / got[0]:9.1f}/s wall "
                          f"{n / got[1]:9.1f}/s CPU", flush=True)
    print()
    print(f"median of {args.rounds} round(s), puzzles per second (wall clock; per CPU second)")
    print(f"{'collection':24} " + " ".join(f"{c:>21}" for c in contenders)
          + "   run_batch/plain   jobs2/jobs1")
    for name, _ in COLLECTIONS:
        med = {c: (statistics.median(w for w, _ in rates[name, c]),
                   statistics.median(u for _, u in rates[name, c])) for c in contenders}
        cells = " ".join(f"{med[c][0]:9.0f} ({med[c][1]:9.0f})" for c in contenders)
        fast, plain, jobs1, jobs2 = med["run_batch"], med["plain"], med["cli-jobs1"], med["cli-jobs2"]
        print(f"{name:24} {cells}   {fast[0] / plain[0]:7.1f}x ({fast[1] / plain[1]:5.1f}x)"
              f"   {jobs2[0] / jobs1[0]:5.2f}x")
    print(f"plain{' and cpsat' if args.cpsat else ''}: evenly spaced samples of {args.sample} per "
          f"collection; the others: whole collections (17-clue: the first {args.clue17})")


if __name__ == "__main__":
    main()
