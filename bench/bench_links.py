"""SudokuPad links, read and counted, beside f-puzzles strings of the same rules; and what each gave.

Links: tests/data/sudokupad/converted.jsonl (published puzzles written by SudokuPad's own code) and
real.jsonl (links as posted), each with its published solution (see that folder's README). Each link
is read as every command reads a puzzle (``formats.text.parse_puzzle``) and counted
(``tasks.solving.solve(..., unique=True)``, backend sat); its outcome is one of ``correct`` (unique,
exactly the published solution), ``refused`` (one line naming what was not read) or ``WRONG``
(any other answer: none, several, another solution). Beside each converted link, the f-puzzles
share string of the same published puzzle (``formats.fpuzzles.share_string``) is read and counted
the same way, in the same process, alternating which goes first, ``--repeat`` rounds (medians
kept). The table gives per puzzle both medians and their ratio (link / f-puzzles; 1 means reading
the link costs nothing more). Exit 1 if any link gave a WRONG answer.

    python bench/bench_links.py [--repeat K] [--only converted|real] [--verbose]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the published puzzles
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data" / "sudokupad"

from _data import machine  # noqa: E402


def read_and_count(text: str) -> tuple[float, str, str]:
    """Seconds to read and count ``text``, the outcome's status, and the solution (or the refusal)."""
    from sudoku_cp.core.board import PuzzleError
    from sudoku_cp.formats.text import parse_puzzle
    from sudoku_cp.tasks.solving import solve

    start = time.perf_counter()
    try:
        board = parse_puzzle(text)
    except PuzzleError as error:
        return time.perf_counter() - start, "refused", str(error)
    result = solve(board, backend="sat", unique=True)
    seconds = time.perf_counter() - start
    solution = "".join(str(d) for row in result.solution.rows() for d in row) if result.solution else ""
    return seconds, result.status.value, solution


def outcome(status: str, answer: str, published: str) -> str:
    """``correct``, ``refused`` or ``WRONG``."""
    if status == "refused":
        return "refused"
    return "correct" if status == "unique" and answer == published else "WRONG"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds per puzzle (the median is kept); default 3")
    parser.add_argument("--only", choices=("converted", "real"), help="one of the two files only")
    parser.add_argument("--verbose", action="store_true", help="print each refusal's message")
    args = parser.parse_args(argv)
    from published_kinds import PUBLISHED, board

    from sudoku_cp.formats.fpuzzles import share_string

    by_source = {entry.source: entry for entry in PUBLISHED}
    rows = []
    for name in ("converted", "real"):
        if args.only and args.only != name:
            continue
        for line in (DATA / f"{name}.jsonl").read_text().splitlines():
            rows.append((name, json.loads(line)))
    print(machine())
    print(f"{'file':9} {'kind':16} {'form':8} {'outcome':8} {'link s':>8} {'fpuz s':>8} {'ratio':>6}  source")
    tally: dict[str, int] = {}
    ratios = []
    if rows:
        read_and_count(rows[0][1]["link"])  # imports and caches, not timed
    for name, row in rows:
        entry = by_source.get(row["source"])
        fpuz = share_string(board(entry)) if entry and name == "converted" else None
        link_times, fpuz_times = [], []
        got, message = "refused", ""
        for round_ in range(args.repeat):
            order = [("link", row["link"]), ("fpuz", fpuz)] if round_ % 2 == 0 else [("fpuz", fpuz), ("link", row["link"])]
            for which, text in order:
                if text is None:
                    continue
                seconds, status, answer = read_and_count(text)
                if which == "link":
                    link_times.append(seconds)
                    got = outcome(status, answer, row["solution"])
                    message = answer if status == "refused" else status
                else:
                    fpuz_times.append(seconds)
        tally[got] = tally.get(got, 0) + 1
        link_s = statistics.median(link_times)
        fpuz_s = statistics.median(fpuz_times) if fpuz_times else None
        ratio = link_s / fpuz_s if fpuz_s else None
        if ratio is not None and got == "correct":
            ratios.append(ratio)
        print(f"{name:9} {row.get('kind', '-'):16} {row.get('form', '-'):8} {got:8} {link_s:8.3f} "
              f"{fpuz_s if fpuz_s is not None else float('nan'):8.3f} "
              f"{ratio if ratio is not None else float('nan'):6.2f}  {row['source'][:60]}")
        if args.verbose and got != "correct":
            print(f"    {message}")
    total = sum(tally.values())
    print(f"# {total} links: " + ", ".join(f"{k} {v} ({100 * v / total:.0f}%)" for k, v in sorted(tally.items())))
    if ratios:
        print(f"# read + count, link / f-puzzles string, median over the correct ones: {statistics.median(ratios):.2f}"
              f" (min {min(ratios):.2f}, max {max(ratios):.2f})")
    return 1 if tally.get("WRONG") else 0


if __name__ == "__main__":
    raise SystemExit(main())
