"""Does naming the CP-SAT model cost solving speed? Three postings side by side in one run,
interleaved puzzle by puzzle, CP-SAT counting to 2 (uniqueness): ``former`` (before names: givens
as shared constants, nothing named), ``solve`` (what the backend solves now: blank cells named
r1c1.., givens constants) and ``named`` (the export's form: givens as named one-value variables,
constraints named by unit).

    python bench/bench_cpsat_names.py [--limit K] [--file top1465.txt]

Prints puzzles per second of each and their ratios to ``former`` (1.0 = no cost).
"""

from __future__ import annotations

import argparse
import sys
import time

from _data import data_path, open_text, machine  # bench/_data.py: the collections in data/


def unnamed_post_model(spec):
    """The posting before names: givens as constants, no names on variables or constraints."""
    from ortools.sat.python import cp_model

    model = cp_model.CpModel()
    cells = [model.new_constant(lo) if lo == hi else model.new_int_var(lo, hi, f"x{i}")
             for i, (lo, hi) in enumerate(spec.domains)]
    for _name, group in spec.all_different:
        model.add_all_different([cells[i] for i in group])
    for _name, group, total in spec.sums:
        model.add(sum(cells[i] for i in group) == total)
    for a, b in spec.different:
        model.add(cells[a] != cells[b])
    return model, cells


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--limit", type=int, default=300)
    parser.add_argument("--file", default="top1465.txt")
    args = parser.parse_args()
    print(machine(), flush=True)
    sys.path.insert(0, ".")
    from sudoku_cp.backends import cpsat
    from sudoku_cp.formats.text import parse_puzzle

    with open_text(data_path(args.file)) as fh:
        boards = [parse_puzzle(line) for line in fh if line.strip() and not line.startswith("#")][:args.limit]
    current = cpsat.post_model
    postings = {"former": unnamed_post_model, "solve": current,
                "named": lambda spec: current(spec, named=True)}
    backend = cpsat.CpSatBackend()
    backend.count(boards[0], 2)  # warm-up: the import and the first model
    times = dict.fromkeys(postings, 0.0)
    kinds = list(postings)
    try:
        for k, board in enumerate(boards):
            for which in kinds[k % 3:] + kinds[:k % 3]:  # each posting goes first in turn
                cpsat.post_model = postings[which]
                start = time.perf_counter()
                found = len(backend.count(board, 2).solutions)
                times[which] += time.perf_counter() - start
                assert found == 1, (k, which, found)
    finally:
        cpsat.post_model = current
    rate = {w: len(boards) / t for w, t in times.items()}
    print(f"{args.file}, first {len(boards)} puzzles, cpsat count to 2, interleaved:")
    for w in postings:
        print(f"  {w:<7} {rate[w]:8.1f} puzzles/s ({times[w]:.2f} s), {rate[w] / rate['former']:.3f} x former")
    return 0


if __name__ == "__main__":
    sys.exit(main())
