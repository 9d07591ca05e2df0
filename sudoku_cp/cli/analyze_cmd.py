"""``sudoku-cp analyze``: what unit propagation alone derives, per encoding, over a collection."""

from __future__ import annotations

import sys
from itertools import islice

from ..formats.text import format_line
from ..model.cnf import AMO_CHOICES, DEFAULT_AMO, ENCODINGS, check_amo, families_of
from ..tasks.analyze import Analysis
from .common import (
    CliError,
    add_input_options,
    positive_int,
    print_json,
    read_entries,
    report_entry_error,
)
from .encode_cmd import add_encoding_options
from .progress import Progress, count_puzzles, total_later


def add_parser(sub) -> None:
    p = sub.add_parser(
        "analyze", help="measure what unit propagation alone derives under each encoding",
        description="For each encoding, load the rules into a SAT solver, pass each puzzle's givens "
                    "as assumptions, and record what unit propagation alone forces: cells fixed "
                    "(givens included), whether the puzzle is solved (checked independently), and "
                    "whether a contradiction shows. --probe adds failed-literal probing. The summary "
                    "gives per encoding the share of puzzles solved by propagation alone, the mean "
                    "cells fixed, the formula's variables and clauses (rules, no givens), and the "
                    "speed of solving every puzzle with one loaded solver. minimal and natural "
                    "propagate naked singles only, complete adds hidden singles, augmented adds "
                    "locked candidates (see encodings/presets.md).",
        epilog="example: sudoku-cp analyze -f top1465.txt --encoding minimal,complete,augmented",
    )
    add_input_options(p)
    add_encoding_options(p, many=True)
    p.add_argument("--probe", action="store_true",
                   help="also run failed-literal probing (slower: one propagation per open literal)")
    p.add_argument("--no-speed", dest="speed", action="store_false",
                   help="skip the timed SAT solving of every puzzle")
    p.add_argument("--limit", type=positive_int, metavar="K", help="analyse the first K puzzles only")
    p.add_argument("--per-puzzle", action="store_true",
                   help="also report every puzzle (with --json: one object per puzzle, then the "
                        "summary object)")
    p.set_defaults(run=run)


def variants(encodings: str | None, amos: str | None) -> list[tuple[str, str]]:
    """The (encoding, amo) pairs named by two comma lists ('all' = every one).

    >>> variants("minimal,complete", None)
    [('minimal', 'pairwise'), ('complete', 'pairwise')]
    """
    encs = list(ENCODINGS) if encodings in (None, "all") else [e.strip() for e in encodings.split(",")]
    amo_list = [DEFAULT_AMO] if amos is None else \
        list(AMO_CHOICES) if amos == "all" else [a.strip() for a in amos.split(",")]
    for e in encs:
        families_of(e)
    for a in amo_list:
        check_amo(a)
    return [(e, a) for e in encs for a in amo_list]


def summary_table(summaries) -> str:
    """The summary as an aligned text table."""
    head = ("encoding", "amo", "vars", "clauses", "puzzles", "solved by UP", "mean fixed",
            "contradictions", "probed fixed", "puzzles/s")
    rows = []
    for s in summaries:
        rate = s.puzzles_per_s
        rows.append((s.encoding, s.amo, f"{s.variables:,}", f"{s.clauses:,}", f"{s.puzzles:,}",
                     f"{s.solved:,} ({100 * s.solved_share:.1f}%)", f"{s.mean_fixed:.2f}",
                     f"{s.contradictions:,}",
                     "-" if s.mean_probed_fixed is None else f"{s.mean_probed_fixed:.2f}",
                     "-" if rate is None else f"{rate:,.0f}"))
    widths = [max(len(str(r[i])) for r in [head] + rows) for i in range(len(head))]
    fmt = lambda r: "  ".join(str(v).ljust(w) if i < 2 else str(v).rjust(w)  # noqa: E731
                              for i, (v, w) in enumerate(zip(r, widths)))
    return "\n".join([fmt(head)] + [fmt(r) for r in rows])


def run(args) -> int:
    chosen = variants(args.encoding, args.amo)
    entries = read_entries(args)
    if args.limit:
        entries = islice(entries, args.limit)
    bar = Progress("puzzles", stage="analyze")
    total_later(bar, count_puzzles(args.file, args.box, args.symbols, args.limit or None))
    codes = []
    # Streamed: each puzzle is analysed (and, with --per-puzzle, printed) as it is read; only the
    # running sums are kept, so the memory does not grow with the file.
    with Analysis(chosen, probe=args.probe, measure_speed=args.speed) as analysis, bar:
        for entry in entries:
            if entry.board is None:
                codes.append(report_entry_error(entry, args, True))
                continue
            rows = analysis.add(entry.board)
            bar.update(1)
            if args.per_puzzle:
                _print_puzzle(entry, rows, args)
        if not analysis.puzzles:
            raise CliError("no puzzle to analyse")
        summaries = analysis.summaries()
    if args.json:
        print_json({"summary": [s.to_json() for s in summaries]})
    else:
        print(summary_table(summaries))
    sys.stdout.flush()
    return max(codes, default=0)


def _print_puzzle(entry, rows, args) -> None:
    if args.json:
        print_json({"index": entry.index, "line": entry.line, "size": entry.board.size,
                    "box": list(entry.board.box) if entry.board.rules.box else None,
                    "rules": entry.board.rules.name,
                    "puzzle": format_line(entry.board, args.symbols),
                    "propagation": [r.to_json() for r in rows]})
    else:
        parts = [f"{r.encoding}/{r.amo}: {r.fixed} fixed"
                 + (" solved" if r.solved else "") + (" CONTRADICTION" if r.contradiction else "")
                 + ("" if r.probed_fixed is None else f", {r.probed_fixed} after probing")
                 for r in rows]
        print(f"puzzle {entry.index + 1} (line {entry.line}): " + "; ".join(parts))
