"""``sudoku-cp analyze``: what unit propagation alone derives, per encoding, over a collection."""

from __future__ import annotations

import sys

from ..formats.text import format_line
from ..model.cnf import DEFAULT_ENCODING
from ..tasks.analyze import Analysis, variants
from .inputs import read_entries
from .options import add_encoding_options, add_input_options
from .printing import print_json, report_entry_error
from .usage import CliError, command, group, reference, renamed
from .progress import Progress, count_puzzles, total_later


def add_parser(sub) -> None:
    p = command(sub, "analyze", "Measure what unit propagation derives under each encoding.", (
        "sudoku-cp analyze -f data/top1465.txt.gz --first 200 --encoding minimal,complete,augmented",
        "sudoku-cp analyze -f puzzles.txt --encoding complete --amo pairwise,bitwise --json",
        "sudoku-cp analyze --show PUZZLE --encoding minimal,complete --svg after.svg",
    ), more=reference("analyze", "0 done, 2 bad input"))
    add_input_options(p)
    add_encoding_options(p, "formula", many=True)
    measuring = group(p, "measuring")
    measuring.add_argument("--probe", action="store_true",
                           help="also run failed-literal probing (slower: one propagation per open literal)")
    measuring.add_argument("--no-speed", dest="speed", action="store_false",
                           help="skip the timed SAT solving of every puzzle")
    renamed(p, "--limit", "--first", "--limit counts solutions; use --first N for the first N puzzles")
    measuring.add_argument("--per-puzzle", action="store_true",
                           help="also report every puzzle (with --json: one object each, then the summary)")
    show = group(p, "one puzzle after propagation")
    show.add_argument("--show", action="store_true",
                      help="instead of measuring, show ONE puzzle after propagation under each --encoding: "
                           "the digits placed ('+D') and the candidates left")
    show.add_argument("--svg", metavar="FILE",
                      help="with --show: draw that grid (several encodings: FILE-ENCODING.svg)")
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
