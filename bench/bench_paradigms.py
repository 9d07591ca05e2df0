"""Each paradigm backend against its own plain use: what does the workbench add (or cost)?

For mip (HiGHS), mip:scip, smt (Z3), choco and xc (miniexact), the same puzzles are answered with
uniqueness (two solutions asked, as ``batch --unique``) twice:

- *workbench*: that backend through the per-puzzle path of ``batch`` and ``bench`` (model built
  from the board's rules, native status mapped, every answer verified by the independent
  checker, a record made);
- *plain*: the few lines each library's own documentation or examples show for Sudoku: a fresh
  model per puzzle, built directly from the 81 characters, solved, then "differs from this
  solution" added and solved again (Choco and miniexact enumerate two solutions natively). Its
  answers are checked after the clock stops.

Both sides are timed in CPU seconds of this process (the machine is shared: wall times are also
printed) after a few untimed puzzles; the two loops alternate, round by round. The ratio is
workbench puzzles/s over plain puzzles/s, both in CPU time. The workbench side is
``tasks.batch.Worker``, the per-puzzle path of ``batch`` and ``bench``.

    python bench/bench_paradigms.py [--file top1465.txt] [--first 100] [--only mip,smt] [--rounds 1]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from _data import data_path, open_text  # bench/_data.py: the collections in data/

WARMUP = 5


# -- plain use, one function per library: puzzle text in, up to two solutions (strings) out --------

def exactly_one_groups() -> list[list[tuple[int, int, int]]]:
    """The integer program's rows as (row, col, digit) keys: each cell one digit, each row, column
    and box each digit once (what the MIP examples write as four loops)."""
    groups = [[(r, c, d) for d in range(1, 10)] for r in range(9) for c in range(9)]
    for d in range(1, 10):
        for k in range(9):
            br, bc = 3 * (k // 3), 3 * (k % 3)
            groups += [[(k, c, d) for c in range(9)], [(r, k, d) for r in range(9)],
                       [(br + i, bc + j, d) for i in range(3) for j in range(3)]]
    return groups


def grid_text(chosen: list[tuple[int, int, int]]) -> str:
    """The 81-digit line of the chosen (row, col, digit) keys."""
    grid = [0] * 81
    for r, c, d in chosen:
        grid[r * 9 + c] = d
    return "".join(map(str, grid))


def plain_highs(text: str) -> list[str]:
    import highspy

    h = highspy.Highs()
    h.silent()
    x = {(r, c, d): h.addBinary() for r in range(9) for c in range(9) for d in range(1, 10)}
    for group in exactly_one_groups():
        h.addConstr(sum(x[key] for key in group) == 1)
    for i, ch in enumerate(text):
        if ch not in ".0":
            h.addConstr(x[i // 9, i % 9, int(ch)] == 1)
    found = []
    while len(found) < 2:
        h.run()
        if h.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            break
        values = h.vals(list(x.values()))
        chosen = [key for key, v in zip(x, values) if v > 0.5]
        found.append(grid_text(chosen))
        h.addConstr(sum(x[key] for key in chosen) <= 80)
    return found


def plain_scip(text: str) -> list[str]:
    from pyscipopt import Model, quicksum

    m = Model()
    m.hideOutput()
    x = {(r, c, d): m.addVar(vtype="B") for r in range(9) for c in range(9) for d in range(1, 10)}
    for group in exactly_one_groups():
        m.addCons(quicksum(x[key] for key in group) == 1)
    for i, ch in enumerate(text):
        if ch not in ".0":
            m.addCons(x[i // 9, i % 9, int(ch)] == 1)
    found = []
    while len(found) < 2:
        m.optimize()
        if m.getStatus() != "optimal":
            break
        chosen = [key for key, v in x.items() if m.getVal(v) > 0.5]
        found.append(grid_text(chosen))
        m.freeTransform()
        m.addCons(quicksum(x[key] for key in chosen) <= 80)
    return found


def plain_z3(text: str) -> list[str]:
    from z3 import And, Distinct, If, Int, Or, Solver, sat

    X = [[Int(f"x_{i}_{j}") for j in range(9)] for i in range(9)]
    cells = [And(1 <= X[i][j], X[i][j] <= 9) for i in range(9) for j in range(9)]
    rows = [Distinct(X[i]) for i in range(9)]
    cols = [Distinct([X[i][j] for i in range(9)]) for j in range(9)]
    boxes = [Distinct([X[3 * i0 + i][3 * j0 + j] for i in range(3) for j in range(3)])
             for i0 in range(3) for j0 in range(3)]
    given = [If(text[i * 9 + j] in ".0", True, X[i][j] == int(text[i * 9 + j] if text[i * 9 + j] not in ".0" else 0))
             for i in range(9) for j in range(9)]
    s = Solver()
    s.add(cells + rows + cols + boxes + given)
    found = []
    while len(found) < 2 and s.check() == sat:
        m = s.model()
        grid = [m.evaluate(X[i][j]).as_long() for i in range(9) for j in range(9)]
        found.append("".join(map(str, grid)))
        s.add(Or([X[i][j] != grid[i * 9 + j] for i in range(9) for j in range(9)]))
    return found


def plain_choco(text: str) -> list[str]:
    from pychoco import Model

    model = Model()
    x = [[model.intvar(1, 9) if text[r * 9 + c] in ".0" else model.intvar(int(text[r * 9 + c]))
          for c in range(9)] for r in range(9)]
    for k in range(9):
        model.all_different(x[k]).post()
        model.all_different([x[r][k] for r in range(9)]).post()
        br, bc = 3 * (k // 3), 3 * (k % 3)
        model.all_different([x[br + i][bc + j] for i in range(3) for j in range(3)]).post()
    solutions = model.get_solver().find_all_solutions(solution_limit=2)
    return ["".join(str(s.get_int_val(x[r][c])) for r in range(9) for c in range(9)) for s in solutions]


def plain_miniexact(text: str) -> list[str]:
    import miniexact

    p = miniexact.miniexacts_x()
    items = {}
    for k in range(9):
        for d in range(1, 10):
            items[("r", k, d)] = p.primary(f"r{k}{d}")
            items[("c", k, d)] = p.primary(f"c{k}{d}")
            items[("b", k, d)] = p.primary(f"b{k}{d}")
    for i in range(81):
        items[("p", i)] = p.primary(f"p{i}")
    options = []
    for i in range(81):
        r, c = divmod(i, 9)
        for d in ([int(text[i])] if text[i] not in ".0" else range(1, 10)):
            options.append((i, d))
            p.add([items["p", i], items["r", r, d], items["c", c, d], items["b", 3 * (r // 3) + c // 3, d]])
    found = []
    while len(found) < 2 and p.solve() == 10:
        grid = [0] * 81
        for k in p.selected_options():
            i, d = options[k - 1]
            grid[i] = d
        found.append("".join(map(str, grid)))
    return found


PARADIGMS = {  # backend: (plain function, the library's name)
    "mip": (plain_highs, "HiGHS (highspy)"),
    "mip:scip": (plain_scip, "SCIP (pyscipopt)"),
    "smt": (plain_z3, "Z3 (z3-solver)"),
    "choco": (plain_choco, "Choco (pychoco)"),
    "xc": (plain_miniexact, "miniexact"),
}


def time_plain(function, lines: list[str]) -> tuple[float, float, list[list[str]]]:
    for line in lines[:WARMUP]:
        function(line)
    cpu, wall = time.process_time(), time.perf_counter()
    answers = [function(line) for line in lines]
    return time.process_time() - cpu, time.perf_counter() - wall, answers


def time_workbench(spec: str, boards) -> tuple[float, float, list[str]]:
    """The ``batch --unique`` / ``bench`` path (``tasks.batch.Worker``): CPU and wall seconds, statuses."""
    from sudoku_cp.tasks.batch import BatchOptions, Worker

    worker = Worker(BatchOptions(unique=True, backend=spec, stats=True))
    for board in boards[:WARMUP]:
        worker.answer(board)
    cpu, wall = time.process_time(), time.perf_counter()
    statuses = [worker.answer(board, k, k + 1).status.value for k, board in enumerate(boards)]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    worker.close()
    return cpu, wall, statuses


def check_plain(answers: list[list[str]], boards) -> None:
    from sudoku_cp.core.check import is_solution
    from sudoku_cp.formats.text import parse_puzzle

    for found, board in zip(answers, boards):
        assert len(set(found)) == len(found) and all(is_solution(parse_puzzle(s), board) for s in found)


def main() -> None:
    from sudoku_cp.formats.puzzle_files import iter_entries

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", default="top1465.txt")
    parser.add_argument("--first", type=int, default=100)
    parser.add_argument("--only", default=",".join(PARADIGMS))
    parser.add_argument("--rounds", type=int, default=1)
    args = parser.parse_args()
    with open_text(data_path(args.file)) as handle:
        entries = [e for e in iter_entries(handle) if e.board is not None][: args.first]
    boards = [e.board for e in entries]
    lines = ["".join(str(d) for d in b.cells) for b in boards]
    if any(b.size != 9 for b in boards):
        raise SystemExit("the plain versions are written for 9x9 puzzles")
    print(f"# {time.strftime('%Y-%m-%d %H:%M')} python {sys.version.split()[0]}, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.1f}; {len(boards)} puzzles of {args.file}, uniqueness asked")
    print("| backend | library | workbench puzzles/s (CPU) | plain puzzles/s (CPU) | workbench / plain | "
          "wall s, workbench / plain | load |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for spec in args.only.split(","):
        function, library = PARADIGMS[spec]
        for _ in range(args.rounds):  # interleaved: the plain loop, then the workbench, each round
            plain_cpu, plain_wall, answers = time_plain(function, lines)
            check_plain(answers, boards)
            cpu, wall, statuses = time_workbench(spec, boards)
            if any(status in ("error", "unknown") for status in statuses):
                raise SystemExit(f"{spec}: {statuses.count('error')} errors, {statuses.count('unknown')} unknown")
            if [len(found) for found in answers] != [{"unique": 1, "multiple": 2, "unsat": 0}[s] for s in statuses]:
                raise SystemExit(f"{spec}: the plain answers and the workbench's disagree")
            ours, theirs = len(boards) / cpu, len(boards) / plain_cpu
            print(f"| `{spec}` | {library} | {ours:,.1f} | {theirs:,.1f} | {ours / theirs:.2f}x | "
                  f"{wall:.2f} / {plain_wall:.2f} | {os.getloadavg()[0]:.1f} |", flush=True)


if __name__ == "__main__":
    main()
