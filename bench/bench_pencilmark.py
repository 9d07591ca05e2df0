"""Real SudokuPad links read and counted by this tree and by pencilmark, side by side in one run.

pencilmark (PyPI, MIT; ``pip install 'pencilmark==1.0.0rc1'``, not a dependency of sudoku-cp) reads
SudokuPad, f-puzzles and Penpa+ links too. Both read the same links (tests/data/sudokupad/real.jsonl,
links as posted, each with its published solution; or ``--links FILE``, JSON Lines of ``{"link",
"solution"}``) with no network, and count to two solutions:

- this tree: ``formats.text.parse_puzzle`` then ``tasks.solving.solve(..., backend="sat",
  unique=True)``, as bench_links.py does;
- pencilmark: ``sources.load(link, fetch=False)`` then ``cpsat_verify.decide(..., limit=2)``, the
  search behind ``pencilmark.solve`` (plain); with ``--verify``, ``load(..., verify=True)`` first,
  pencilmark's own check of uniqueness and of the embedded solution; with ``--infer``, ``load(...,
  infer=True)``, pencilmark's search of line readings with its solver.

Each outcome is ``correct`` (unique, exactly the published solution), ``refused`` (an error that
says what was not read, or no verdict) or ``WRONG`` (any other answer stated as a fact: no solution,
two solutions, another solution). A reader that misreads a rule and then answers "no solution"
tells its user something false about the puzzle; a refusal does not. The summary gives each side's
tally and, over the links both answer correctly, the median of this tree's seconds / pencilmark's
(read + count, medians of ``--repeat`` rounds, the two sides alternating).

    python bench/bench_pencilmark.py [--repeat K] [--verify] [--infer] [--links FILE] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _data import machine  # noqa: E402
from bench_links import outcome  # noqa: E402  (correct, refused or WRONG, as bench_links.py judges a link)

REAL = ROOT / "tests" / "data" / "sudokupad" / "real.jsonl"


def ours(link: str) -> tuple[str, str]:
    """This tree's status and answer (the solution's digits, or the refusal's line) for ``link``."""
    from sudoku_cp.core.board import PuzzleError
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.solving import solve

    try:
        board = parse_puzzle(link)
    except PuzzleError as error:
        return "refused", str(error)
    result = solve(board, backend="sat", unique=True)
    digits = "".join(str(d) for row in result.solution.rows() for d in row) if result.solution else ""
    return result.status.value, digits


def theirs(link: str, verify: bool, infer: bool) -> tuple[str, str]:
    """pencilmark's status and answer for ``link``: "unique"/"multiple"/"none" and digits, or "refused"."""
    from pencilmark import api, cpsat_verify, sources

    try:
        found = sources.load(link, fetch=False, verify=verify, infer=infer)
        solutions, decided = cpsat_verify.decide(api.load(found), limit=2)
    except Exception as error:  # pencilmark's SourceError family, and whatever its readers raise
        return "refused", f"{type(error).__name__}: {error}"
    if not decided:
        return "refused", "no verdict (search limit)"
    if len(solutions) != 1:
        return ("none" if not solutions else "multiple"), ""
    return "unique", "".join(str(v) for v in solutions[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds per link (the median is kept); default 3")
    parser.add_argument("--verify", action="store_true",
                        help="let pencilmark check uniqueness and the embedded solution as it loads (verify=True)")
    parser.add_argument("--infer", action="store_true",
                        help="let pencilmark search line readings with its solver as it loads (infer=True)")
    parser.add_argument("--links", type=Path, metavar="FILE",
                        help="a JSON Lines file of other links ({link, solution}); default the real corpus")
    parser.add_argument("--verbose", action="store_true", help="print each answer that is not correct")
    args = parser.parse_args(argv)
    try:
        import pencilmark
    except ImportError:
        print("bench_pencilmark.py: pencilmark is not installed: expected `pip install 'pencilmark==1.0.0rc1'` "
              "in this environment", file=sys.stderr)
        return 2
    rows = [json.loads(line) for line in (args.links or REAL).read_text(encoding="utf-8").splitlines()
            if line.strip()]
    print(machine())
    print(f"# pencilmark {getattr(pencilmark, '__version__', '?')}{' (verify=True)' * args.verify}{' (infer=True)' * args.infer}, "
          f"{len(rows)} links from {(args.links or REAL).name}")
    ours(rows[0]["link"]), theirs(rows[0]["link"], args.verify, args.infer)  # imports and caches, not timed
    print(f"{'#':>3} {'sudoku-cp':9} {'s':>7} {'pencilmark':10} {'s':>7}  title")
    tally: dict[str, dict[str, int]] = {"sudoku-cp": {}, "pencilmark": {}}
    ratios = []
    for k, row in enumerate(rows):
        times: dict[str, list[float]] = {"sudoku-cp": [], "pencilmark": []}
        got: dict[str, tuple[str, str]] = {}
        sides = [("sudoku-cp", lambda: ours(row["link"])), ("pencilmark", lambda: theirs(row["link"], args.verify, args.infer))]
        for round_ in range(args.repeat):
            for side, run in (sides if round_ % 2 == 0 else sides[::-1]):
                start = time.perf_counter()
                got[side] = run()
                times[side].append(time.perf_counter() - start)
        ends = {side: outcome(*got[side], row["solution"]) for side in got}
        for side, end in ends.items():
            tally[side][end] = tally[side].get(end, 0) + 1
        medians = {side: statistics.median(times[side]) for side in times}
        if ends["sudoku-cp"] == ends["pencilmark"] == "correct":
            ratios.append(medians["sudoku-cp"] / medians["pencilmark"])
        title = re.search(r'"([^"]+)"', row.get("source", "")) or re.search(r".*", row.get("source", ""))
        title = title.group(title.re.groups)[:40]
        print(f"{k:3} {ends['sudoku-cp']:9} {medians['sudoku-cp']:7.3f} {ends['pencilmark']:10} "
              f"{medians['pencilmark']:7.3f}  {title}")
        if args.verbose:
            for side in ("sudoku-cp", "pencilmark"):
                if ends[side] != "correct":
                    status, answer = got[side]
                    print(f"      {side}: {answer[:160] if status == 'refused' else status}")
    for side in ("sudoku-cp", "pencilmark"):
        print(f"# {side}: " + ", ".join(f"{k} {v}" for k, v in sorted(tally[side].items())))
    if ratios:
        print(f"# read + count, sudoku-cp / pencilmark, median over the {len(ratios)} links both answer correctly: "
              f"{statistics.median(ratios):.2f} (min {min(ratios):.2f}, max {max(ratios):.2f})")
    return 1 if tally["sudoku-cp"].get("WRONG") else 0


if __name__ == "__main__":
    sys.exit(main())
