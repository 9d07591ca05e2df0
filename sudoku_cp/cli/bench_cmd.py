"""``sudoku-cp bench``: every configuration on the same puzzles, in the same order, checked."""

from __future__ import annotations

import argparse
import itertools
import shutil
import sys
from array import array

from ..backends import REGISTRY, BackendError, make, names
from ..core.results import EXIT_DISAGREE, EXIT_OK
from ..formats.text import iter_entries, parse_puzzle
from ..model.cnf import DEFAULT_ENCODING, PRESETS
from ..tasks.bench import (
    DEFAULT_BACKENDS,
    configurations,
    format_table,
    plot_title,
    run_bench,
    write_csv,
    write_json,
    write_plot,
)
from .common import (
    CliError,
    box_arg,
    check_output_path,
    naming,
    no_puzzle_message,
    open_text,
    positive_int,
    refuse_input_overwrite,
    symbols_arg,
    time_limit_arg,
)


def default_backends() -> str:
    """The default list, plus ``external:minisat`` when that backend and the binary exist."""

    extra = ",external:minisat" if "external" in REGISTRY and shutil.which("minisat") else ""
    return DEFAULT_BACKENDS + extra


BENCH_HELP = """\
Run every configuration (backend x encoding) on the same puzzles in the same order, after an
untimed warm-up, checking every answer with the independent checker. Report per configuration:
solved / multiple / unsat / invalid / timeouts / errors / disagree, puzzles per second, mean,
median, p90, p99 and max time per puzzle, PAR-2, and the solvers' own counters (SAT conflicts,
decisions, propagations; CP-SAT's conflicts and branches, often 0 on 9x9 because its presolve
solves them; dfs nodes; '-' where a solver keeps no such count). Timeouts count with the full
time limit. PAR-2 is the mean time per puzzle in which a timeout, an error or an answer that
came after the limit counts twice the time limit; without --time-limit nothing can time out, so
it is not defined and shown as '-'.
'disagree' counts puzzles whose status differs from the other configurations' majority. The
JSON file holds the table and one record per puzzle and configuration (index, line, status,
time_s, stats). A progress bar with an ETA is shown on standard error when it is a terminal.
Exit 3 when an answer failed verification or configurations disagree.

SAT backends run as in 'batch': the rules are loaded once per grid size and each puzzle's givens
are assumptions. --plot draws a cactus plot (needs matplotlib: the [plot] extra).

example:
  sudoku-cp bench top1465.txt --limit 200 --backends sat,sat:glucose4,cpsat,dfs --plot cactus.png
"""


def add_parser(sub) -> None:
    p = sub.add_parser("bench", help="compare backends and encodings on the same puzzles, fairly",
                       description=BENCH_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="puzzle file ('-' for standard input)")
    p.add_argument("--backends", metavar="LIST", default=None,
                   help=f"comma list of backends (default {DEFAULT_BACKENDS}, plus "
                        f"external:minisat when installed)")
    p.add_argument("--encodings", metavar="LIST", default=DEFAULT_ENCODING,
                   help=f"comma list of CNF encodings for the sat backends ({', '.join(PRESETS)}; "
                        f"default {DEFAULT_ENCODING})")
    p.add_argument("--limit", type=positive_int, metavar="K", help="only the first K puzzles")
    p.add_argument("--time-limit", type=time_limit_arg, metavar="SECONDS", help="per puzzle")
    p.add_argument("--repeat", type=positive_int, default=1, metavar="R",
                   help="run each configuration R times; each puzzle's best time counts")
    p.add_argument("--warmup", type=int, default=20, metavar="K",
                   help="untimed puzzles before timing (default 20)")
    p.add_argument("--solve-only", action="store_true",
                   help="find one solution (default: also prove it unique)")
    p.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3 for 6x6 grids")
    p.add_argument("--symbols", type=symbols_arg, metavar="STRING", help="the alphabet, digit 1 first")
    p.add_argument("--csv", metavar="F", help="write the table as CSV to F")
    p.add_argument("--json", metavar="F", help="write the table and every per-puzzle time as JSON to F")
    p.add_argument("--plot", metavar="F", help="write a cactus plot to F (.png, .svg or .pdf)")
    p.set_defaults(run=run_bench_cmd)


def run_bench_cmd(args) -> int:
    refuse_input_overwrite({"--csv": args.csv, "--json": args.json, "--plot": args.plot}, [args.file])
    try:
        backends = names(args.backends or default_backends())  # the registry reads backend names
    except BackendError as exc:
        raise CliError(f"--backends: {exc}") from None
    encodings = [e.strip() for e in args.encodings.split(",") if e.strip()]
    if not encodings:
        raise CliError(f"--encodings {args.encodings!r}: expected a comma list of {', '.join(PRESETS)}")
    for enc in encodings:
        if enc not in PRESETS:
            raise CliError(f"unknown encoding {enc!r}: expected one of {', '.join(PRESETS)}")
    for backend in backends:
        try:
            make(backend)
        except BackendError as exc:
            raise CliError(str(exc)) from None
    if args.plot and not args.plot.lower().endswith((".png", ".svg", ".pdf")):
        raise CliError(f"--plot {args.plot}: expected a file name ending in .png, .svg or .pdf")
    for option, path in (("--csv", args.csv), ("--json", args.json), ("--plot", args.plot)):
        check_output_path(path, option)  # before any work, not after the whole run
    where = "standard input" if args.file == "-" else args.file

    def entries():
        source = open_text(args.file)
        try:
            yield from itertools.islice(iter_entries(source, args.box, args.symbols), args.limit)
        finally:
            if source is not sys.stdin:
                source.close()

    # Every configuration reads the puzzles again: from the file itself, or (standard input,
    # which cannot be read twice) from the one-line texts kept in memory, never a list of boards.
    texts: list[str] | None = [] if args.file == "-" else None
    found = 0
    lines = array("q")  # each puzzle's line in the input, for the per-puzzle records (compact)
    for entry in entries():  # a benchmark runs every puzzle of its file, or none
        if entry.board is None:
            raise CliError(f"{where}: puzzle {entry.index + 1} (line {entry.line}): {entry.error} "
                           f"(bench needs every puzzle readable: fix or remove it)")
        found += 1
        lines.append(entry.line)
        if texts is not None:
            texts.append(entry.text)
    if not found:
        raise CliError(no_puzzle_message(args.file))

    def boards():
        if texts is not None:
            return (parse_puzzle(text, args.box, args.symbols) for text in texts)
        return (entry.board for entry in entries())

    from tqdm import tqdm

    total = len(configurations(backends, encodings)) * args.repeat * found  # every timed answer
    with tqdm(total=total, unit="puzzle", file=sys.stderr, disable=not sys.stderr.isatty(),
              leave=False, desc="bench") as bar:  # on a terminal only: ETA from the total
        reports = run_bench(boards, backends, tuple(encodings), unique=not args.solve_only,
                            time_limit=args.time_limit, repeat=args.repeat, warmup=max(0, args.warmup),
                            progress=bar, lines=lines)
    mode = "solve" if args.solve_only else "solve + uniqueness"
    print(f"{found} puzzles from {args.file}, {mode}, warm-up {args.warmup}, "
          f"repeat {args.repeat}, every answer verified")
    print(format_table(reports))
    for report in reports:
        for error in report.errors[:3]:
            print(f"{report.config}: {error}", file=sys.stderr)
    meta = {"file": args.file, "puzzles": found, "mode": mode, "warmup": args.warmup,
            "repeat": args.repeat, "time_limit": args.time_limit}
    if args.csv:
        with naming(args.csv):
            write_csv(reports, args.csv)
    if args.json:
        with naming(args.json):
            write_json(reports, args.json, meta)
    if args.plot:
        with naming(args.plot):
            write_plot(reports, args.plot, plot_title(args.file, found, mode), args.time_limit)
    bad = any(r.counts["error"] or r.disagreements for r in reports)
    return EXIT_DISAGREE if bad else EXIT_OK
