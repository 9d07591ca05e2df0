"""``sudoku-cp analyze``: what unit propagation alone derives, per encoding, over a collection."""

from __future__ import annotations

import sys

from ..formats.text import format_line
from ..model.cnf import DEFAULT_ENCODING
from ..tasks.analyze import Analysis, variants
from .inputs import read_entries
from .options import add_input_options
from .printing import print_json, report_entry_error
from .usage import CliError, Help, renamed
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
                    "locked candidates (see encodings/presets.md). A jigsaw has no boxes for "
                    "augmented's triads: that encoding skips it, and a note on stderr says how many "
                    "it skipped (each row counts the puzzles it analysed).",
        epilog="examples:\n"
               "  sudoku-cp analyze -f data/top1465.txt.gz --first 200 --encoding minimal,complete,augmented\n"
               "  sudoku-cp analyze -f puzzles.txt --encoding complete --amo pairwise,bitwise --json\n"
               "  sudoku-cp analyze --show 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79 --encoding minimal,complete",
        formatter_class=Help,
    )
    add_input_options(p)
    add_encoding_options(p, many=True)
    p.add_argument("--probe", action="store_true",
                   help="also run failed-literal probing (slower: one propagation per open literal)")
    p.add_argument("--no-speed", dest="speed", action="store_false",
                   help="skip the timed SAT solving of every puzzle")
    renamed(p, "--limit", "--first", "--limit counts solutions; use --first N for the first N puzzles")
    p.add_argument("--per-puzzle", action="store_true",
                   help="also report every puzzle (with --json: one object per puzzle, then the "
                        "summary object)")
    show = p.add_argument_group(
        "one puzzle after propagation",
        "example: sudoku-cp analyze --show PUZZLE --encoding minimal,complete,augmented --svg "
        "after.svg (writes after-minimal.svg, after-complete.svg, after-augmented.svg; the README "
        "shows it on a 17-clue puzzle)")
    show.add_argument("--show", action="store_true",
                      help="instead of measuring, show ONE puzzle (PUZZLE or '-') after unit "
                           "propagation under each --encoding (default complete): the digits it "
                           "places ('+D'), the candidates it leaves in each blank cell, and the "
                           "counts; with --probe after failed-literal probing too")
    show.add_argument("--svg", metavar="FILE",
                      help="with --show: draw the grid after propagation, placed digits in blue "
                           "and the candidates left small in each blank cell (several encodings: "
                           "FILE-ENCODING.svg)")
    p.set_defaults(run=run)


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
    if args.show or args.svg:
        from .views import run_show

        return run_show(args, variants(args.encoding or DEFAULT_ENCODING, args.amo))
    chosen = variants(args.encoding, args.amo)
    entries = read_entries(args)
    bar = Progress("puzzles", stage="analyze")
    total_later(bar, count_puzzles(args.file, args.box, args.symbols, args.first or None))
    codes = []
    # Streamed: each puzzle is analysed (and, with --per-puzzle, printed) as it is read; only the
    # running sums are kept, so the memory does not grow with the file.
    with Analysis(chosen, probe=args.probe, measure_speed=args.speed) as analysis, bar:
        for entry in entries:
            if entry.board is None:
                codes.append(report_entry_error(entry, args, True, PUZZLE_KEYS))
                continue
            rows = analysis.add(entry.board)
            bar.update(1)
            if args.per_puzzle:
                _print_puzzle(entry, rows, args)
        if not analysis.puzzles:
            raise CliError("no puzzle to analyse")
        summaries = analysis.summaries()
        reasons = dict(analysis.reasons)
    if not any(s.puzzles for s in summaries):  # every puzzle refused by every encoding asked for
        raise CliError(f"--encoding {args.encoding}: {next(iter(reasons.values()))}")
    if args.json:
        print_json({"summary": [s.to_json() for s in summaries]})
    else:
        print(summary_table(summaries))
    sys.stdout.flush()
    for s in summaries:  # a jigsaw under augmented: said, never a silent gap in the counts
        if s.skipped:
            print(f"sudoku-cp: note: {s.encoding}/{s.amo} skipped {s.skipped} puzzle{'s' if s.skipped != 1 else ''}"
                  f": {reasons[s.encoding, s.amo]}", file=sys.stderr)
    return max(codes, default=0)


# ``analyze --per-puzzle --json``: these keys in every puzzle's record, an ``error`` record included
# (null where they do not apply; ``status`` is null: propagation decides nothing); the last line
# is the summary, ``{"summary": [...]}``.
PUZZLE_KEYS = ("index", "line", "size", "box", "rules", "puzzle", "status", "error", "propagation")


def _print_puzzle(entry, rows, args) -> None:
    if args.json:
        print_json({"index": entry.index, "line": entry.line, "size": entry.board.size,
                    "box": list(entry.board.box) if entry.board.rules.box else None,
                    "rules": entry.board.rules.name,
                    "puzzle": format_line(entry.board, args.symbols), "status": None, "error": None,
                    "propagation": [r.to_json() for r in rows]})
    else:
        parts = [f"{r.encoding}/{r.amo}: {r.fixed} fixed"
                 + (" solved" if r.solved else "") + (" CONTRADICTION" if r.contradiction else "")
                 + ("" if r.probed_fixed is None else f", {r.probed_fixed} after probing")
                 for r in rows]
        print(f"puzzle {entry.index + 1} (line {entry.line}): " + "; ".join(parts))
