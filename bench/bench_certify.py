"""Certified vs uncertified answers: puzzles per second side by side, and the issue's full runs.

Part 1 (rates): the same puzzles through batch's path (``run_batch``, --unique, one process),
uncertified then certified (``--certify``: a DRAT proof per 'unique' answer, replayed by dratify),
in one run, on top1465 and on the first 2,000 17-clue puzzles.
Part 2 (``--full``): certified runs over all of top1465 (unique), 300 multi-solution puzzles of
serg-benchmark and 100 unsat puzzles made by adding one contradicting given to top1465 puzzles:
every answer must be certified, none refused.

    python bench/bench_certify.py            # part 1
    python bench/bench_certify.py --full     # parts 1 and 2
"""

from __future__ import annotations

import argparse
import collections
import io
import json
import time

from _data import puzzle_lines, machine  # bench/_data.py: data/NAME(.gz) as puzzle lines

from sudoku_cp.backends import make
from sudoku_cp.formats.text import format_line, parse_puzzle
from sudoku_cp.tasks.batch import BatchOptions, run_batch
from sudoku_cp.tasks.certify import certify, drat_checker_name
from sudoku_cp.tasks.solving import solve


def rate(lines: list[str], certify_: bool) -> tuple[float, collections.Counter, float]:
    """(puzzles/s, records per (status, certificate kind), total check seconds) of one batch run."""
    out = io.StringIO()
    start = time.perf_counter()
    run_batch(lines, out, BatchOptions(unique=True, certify=certify_))
    seconds = time.perf_counter() - start
    kinds: collections.Counter = collections.Counter()
    check_s = 0.0
    for text in out.getvalue().splitlines():
        record = json.loads(text)
        cert = record["certificate"]
        kinds[(record["status"], cert and cert["kind"])] += 1
        check_s += cert["check_s"] if cert else 0.0
    return len(lines) / seconds, kinds, check_s


def contradicting(puzzle: str) -> str:
    """A unique puzzle plus one given that differs from its solution and repeats no given: unsat."""
    board = parse_puzzle(puzzle)
    solution = solve(board).solution
    for i, given in enumerate(board.cells):
        if given:
            continue
        taken = {board.cells[j] for j in board.rules.peers[i]}
        for digit in range(1, board.size + 1):
            if digit != solution.cells[i] and digit not in taken:
                return format_line(board.with_givens([(i // board.size, i % board.size, digit)]))
    raise ValueError(f"no contradicting given fits {puzzle}")


def full_run(name: str, puzzles: list[str], expected: str) -> bool:
    """Certify every puzzle's answer; print how many were certified, refused or uncertified."""
    sat = [make("sat")]
    counts: collections.Counter = collections.Counter()
    start = time.perf_counter()
    for puzzle in puzzles:
        result = solve(parse_puzzle(puzzle), unique=True)
        if result.status.value != expected:
            counts[f"status {result.status.value}"] += 1
            continue
        try:
            done = certify(result, sat)
        except Exception as exc:  # noqa: BLE001 - a refused proof is what this run looks for
            counts["refused"] += 1
            print(f"  REFUSED {puzzle}: {exc}")
            continue
        counts["certified" if done.certificate else "uncertified"] += 1
    seconds = time.perf_counter() - start
    ok = counts["certified"] == len(puzzles)
    print(f"{name:<38} {len(puzzles):>5} puzzles: {dict(counts)}; {len(puzzles) / seconds:,.1f} puzzles/s"
          f"  {'OK' if ok else 'FAILED'}")
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--first", type=int, default=None, help="only the first N puzzles of each set")
    parser.add_argument("--full", action="store_true", help="also the issue's full certified runs")
    args = parser.parse_args()
    print(machine(), flush=True)
    top = puzzle_lines("top1465.txt")
    seventeen = puzzle_lines("17clue-half.txt")[:2000]
    if args.first:
        top, seventeen = top[: args.first], seventeen[: args.first]
    print(f"checker: {drat_checker_name()}; solver sat:cadical195 (batch path, one process)")
    print(f"{'set':<16} {'puzzles':>7} {'uncertified/s':>14} {'certified/s':>12} {'ratio':>7} "
          f"{'check share':>11}  records")
    for name, lines in (("top1465", top), (f"17-clue ({len(seventeen):,})", seventeen)):
        plain, _, _ = rate(lines, False)
        certified, kinds, check_s = rate(lines, True)
        share = check_s / (len(lines) / certified)
        print(f"{name:<16} {len(lines):>7} {plain:>14,.1f} {certified:>12,.1f} {plain / certified:>6.1f}x "
              f"{share:>10.0%}  {dict(kinds)}")
    if not args.full:
        return
    serg = puzzle_lines("serg-benchmark.txt")[:300]
    unsat = [contradicting(p) for p in puzzle_lines("top1465.txt")[:100]]
    results = [full_run("top1465, unique", puzzle_lines("top1465.txt"), "unique"),
               full_run("serg-benchmark, multiple (first 300)", serg, "multiple"),
               full_run("top1465 + a contradicting given, unsat", unsat, "unsat")]
    print("all certified, none refused" if all(results) else "SOME ANSWERS WERE NOT CERTIFIED")


if __name__ == "__main__":
    main()
