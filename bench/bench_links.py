"""SudokuPad links, read and counted, beside f-puzzles strings of the same rules; this tree beside a baseline.

Links: tests/data/sudokupad/converted.jsonl (published puzzles written by SudokuPad's own code) and
real.jsonl (links as posted), each with its published solution (see that folder's README). Each link
is read as every command reads a puzzle (``formats.text.parse_puzzle``) and counted
(``tasks.solving.solve(..., unique=True)``, backend sat); its outcome is one of ``correct`` (unique,
exactly the published solution), ``refused`` (one line naming what was not read) or ``WRONG``
(any other answer: none, several, another solution). Beside each converted link, the f-puzzles
share string of the same published puzzle (``formats.fpuzzles.share_string``) is read and counted
the same way, ``--repeat`` rounds (medians kept); the ratio link / f-puzzles says what reading the
link costs more (1: nothing).

The same texts are read and counted by a baseline, the commit ``--baseline`` (default ``main``,
extracted with ``git archive``), in the same run: each tree answers in its own worker process
(``PYTHONPATH=<tree>``, a neutral working directory), which times each read + count itself; the
trees, and link and string, alternate round after round. The table gives per puzzle this tree's
medians and ratio, and the baseline's ratio; the summary both medians. Exit 1 if any link gave
this tree a WRONG answer.

    python bench/bench_links.py [--repeat K] [--only converted|real] [--links FILE] [--baseline COMMIT|none] [--verbose]

``--links FILE`` reads other links instead (a held-out check: a JSON Lines file of ``{"link": ...,
"solution": ...}``, optional ``"source"``), each counted the same way.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))  # the published puzzles
sys.path.insert(0, str(ROOT))
DATA = ROOT / "tests" / "data" / "sudokupad"

from _data import machine  # noqa: E402

WORKER = r"""
import json, sys, time
import sudoku_cp
from sudoku_cp.core.board import PuzzleError
from sudoku_cp.formats.text import parse_puzzle
from sudoku_cp.tasks.solving import solve

def read_and_count(text):
    start = time.perf_counter()
    try:
        board = parse_puzzle(text)
    except PuzzleError as error:
        return time.perf_counter() - start, "refused", str(error)
    result = solve(board, backend="sat", unique=True)
    seconds = time.perf_counter() - start
    solution = "".join(str(d) for row in result.solution.rows() for d in row) if result.solution else ""
    return seconds, result.status.value, solution

print(json.dumps({"file": sudoku_cp.__file__}), flush=True)
for line in sys.stdin:
    seconds, status, answer = read_and_count(json.loads(line))
    print(json.dumps([seconds, status, answer]), flush=True)
"""


class Worker:
    """One tree's worker process: a text in, (seconds to read and count it, status, solution or refusal) out."""

    def __init__(self, tree: Path, cwd: str):
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     text=True, env=env, cwd=cwd)
        hello = json.loads(self.proc.stdout.readline() or "null")
        if not hello or not Path(hello["file"]).resolve().is_relative_to(tree.resolve()):
            raise SystemExit(f"{tree}: the worker imported sudoku_cp from {hello and hello['file']}, not this tree")

    def ask(self, text: str) -> tuple[float, str, str]:
        self.proc.stdin.write(json.dumps(text) + "\n")
        self.proc.stdin.flush()
        reply = self.proc.stdout.readline()
        if not reply:
            raise SystemExit("a worker stopped")
        seconds, status, answer = json.loads(reply)
        return seconds, status, answer

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait()


def outcome(status: str, answer: str, published: str) -> str:
    """``correct``, ``refused`` or ``WRONG``."""
    if status == "refused":
        return "refused"
    return "correct" if status == "unique" and answer == published else "WRONG"


def baseline_tree(commit: str, into: str) -> Path:
    """The tree of ``commit`` (its ``sudoku_cp`` package), extracted into the directory ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit, "sudoku_cp"], capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"--baseline {commit}: {archive.stderr.decode().strip()}")
    subprocess.run(["tar", "-x", "-C", into], input=archive.stdout, check=True)
    return Path(into)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="rounds per puzzle (the median is kept); default 3")
    parser.add_argument("--only", choices=("converted", "real"), help="one of the two files only")
    parser.add_argument("--links", type=Path, metavar="FILE",
                        help="a JSON Lines file of other links ({link, solution}) read instead of the two files")
    parser.add_argument("--baseline", default="main", metavar="COMMIT",
                        help="the commit measured beside this tree (default main; none: this tree only)")
    parser.add_argument("--verbose", action="store_true", help="print each refusal's message")
    args = parser.parse_args(argv)
    from published_kinds import PUBLISHED, board

    from sudoku_cp.formats.fpuzzles import share_string

    by_source = {entry.source: entry for entry in PUBLISHED}
    rows = []
    files = [("links", args.links)] if args.links else [(name, DATA / f"{name}.jsonl") for name in ("converted", "real")
                                                        if not args.only or args.only == name]
    for name, path in files:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                rows.append((name, dict({"source": path.name}, **json.loads(line))))
    with tempfile.TemporaryDirectory() as cwd, tempfile.TemporaryDirectory() as old:
        trees = {"new": Worker(ROOT, cwd)}
        if args.baseline != "none":
            trees["old"] = Worker(baseline_tree(args.baseline, old), cwd)
        try:
            return _run(args, rows, trees, by_source, board, share_string)
        finally:
            for worker in trees.values():
                worker.close()


def _run(args, rows, trees, by_source, board, share_string) -> int:
    print(machine())
    if "old" in trees:
        print(f"# baseline: {args.baseline}")
    print(f"{'file':9} {'kind':16} {'form':8} {'outcome':8} {'link s':>8} {'fpuz s':>8} {'ratio':>6} "
          f"{'base':>6}  source")
    tally: dict[str, int] = {}
    old_tally: dict[str, int] = {}
    ratios: dict[str, list[float]] = {tree: [] for tree in trees}
    if rows:
        for worker in trees.values():
            worker.ask(rows[0][1]["link"])  # imports and caches, not timed
    for name, row in rows:
        entry = by_source.get(row["source"])
        fpuz = share_string(board(entry)) if entry and name == "converted" else None
        times: dict[tuple[str, str], list[float]] = {}
        got: dict[str, tuple[str, str]] = {}
        for round_ in range(args.repeat):
            order = [(tree, which, text) for tree in trees for which, text in (("link", row["link"]), ("fpuz", fpuz))]
            for tree, which, text in (order if round_ % 2 == 0 else order[::-1]):
                if text is None:
                    continue
                seconds, status, answer = trees[tree].ask(text)
                times.setdefault((tree, which), []).append(seconds)
                if which == "link":
                    got[tree] = (outcome(status, answer, row["solution"]), answer if status == "refused" else status)
        tally[got["new"][0]] = tally.get(got["new"][0], 0) + 1
        if "old" in got:
            old_tally[got["old"][0]] = old_tally.get(got["old"][0], 0) + 1
        ratio: dict[str, float | None] = {}
        for tree in trees:
            link_s = statistics.median(times[(tree, "link")])
            fpuz_s = statistics.median(times[(tree, "fpuz")]) if (tree, "fpuz") in times else None
            ratio[tree] = link_s / fpuz_s if fpuz_s else None
            if ratio[tree] is not None and got[tree][0] == "correct":
                ratios[tree].append(ratio[tree])
        link_s = statistics.median(times[("new", "link")])
        fpuz_s = statistics.median(times[("new", "fpuz")]) if ("new", "fpuz") in times else float("nan")
        print(f"{name:9} {row.get('kind', '-'):16} {row.get('form', '-'):8} {got['new'][0]:8} {link_s:8.3f} "
              f"{fpuz_s:8.3f} {_num(ratio['new'])} {_num(ratio.get('old'))}  {row['source'][:60]}")
        if args.verbose and got["new"][0] != "correct":
            print(f"    {got['new'][1]}")
    total = sum(tally.values())
    print(f"# {total} links: " + ", ".join(f"{k} {v} ({100 * v / total:.0f}%)" for k, v in sorted(tally.items()))
          + ("; baseline: " + ", ".join(f"{k} {v}" for k, v in sorted(old_tally.items())) if old_tally else ""))
    for tree, label in (("new", "this tree"), ("old", f"baseline {args.baseline}")):
        if ratios.get(tree):
            found = ratios[tree]
            print(f"# read + count, link / f-puzzles string, median over the correct ones, {label}: "
                  f"{statistics.median(found):.2f} (min {min(found):.2f}, max {max(found):.2f}, {len(found)} links)")
    return 1 if tally.get("WRONG") else 0


def _num(value: float | None) -> str:
    return f"{value if value is not None else float('nan'):6.2f}"


if __name__ == "__main__":
    raise SystemExit(main())
