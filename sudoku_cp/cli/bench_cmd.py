"""``sudoku-cp bench``: every configuration on the same puzzles, in the same order, checked."""

from __future__ import annotations

import itertools
import shutil
import sys
from array import array

from ..backends import REGISTRY, BackendError, make, names
from ..core.results import EXIT_DISAGREE, EXIT_OK
from ..formats.puzzle_files import iter_entries
from ..formats.text import parse_puzzle
from ..model.cnf import DEFAULT_ENCODING, PRESETS, families_of
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
from .progress import Progress
from .inputs import input_file, input_paths, no_puzzle_message, open_text
from .options import add_backend_list, add_file_input, add_shape_options, add_time_limit, positive_int
from .output_files import check_output_path, output_file, refuse_input_overwrite, refuse_output_clash
from .usage import CliError, command, group, now_a_switch, reference, renamed


def default_backends() -> str:
    """The default list, plus ``external:minisat`` when that backend and the binary exist."""

    extra = ",external:minisat" if "external" in REGISTRY and shutil.which("minisat") else ""
    return DEFAULT_BACKENDS + extra


def add_parser(sub) -> None:
    p = command(sub, "bench", "Compare backends and encodings fairly, every answer checked.", (
        "sudoku-cp bench data/top1465.txt.gz --first 200 --backend sat,sat:glucose4,cpsat,dfs --plot cactus.png",
        "sudoku-cp bench -f puzzles.txt --encoding minimal,complete --json -o bench.json --csv bench.csv",
        "sudoku-cp bench data/17clue-half.txt.gz --first 50 --time-limit 5 --repeat 3",
    ), more=reference("bench", "0 done, 3 an answer failed its check or configurations disagree"))
    add_file_input(p)
    add_shape_options(p)
    solving = group(p, "solving")
    solving.add_argument("--backend", metavar="NAME[,NAME...]", default=None,
                         help=f"the backends to compare, from the list below (default {DEFAULT_BACKENDS}, "
                              f"and external:minisat when installed)")
    solving.add_argument("--encoding", metavar="NAME[,NAME...]", default=DEFAULT_ENCODING,
                         help=f"the CNFs for the sat backends, each run once ({', '.join(PRESETS)}, or "
                              f"families joined by +; default {DEFAULT_ENCODING})")
    solving.add_argument("--solve-only", action="store_true",
                         help="find one solution (default: also prove it unique)")
    measuring = group(p, "measuring")
    measuring.add_argument("--repeat", type=positive_int, default=1, metavar="R",
                           help="run each configuration R times; each puzzle's best time counts")
    measuring.add_argument("--warmup", type=int, default=20, metavar="K",
                           help="untimed puzzles before timing (default 20)")
    add_time_limit(p, "each puzzle's answer in each configuration")
    output = group(p, "output")
    output.add_argument("--json", action="store_true",
                        help="the main output is one JSON document (the table and every per-puzzle time)")
    output.add_argument("-o", "--output", metavar="FILE",
                        help="write the main output (the table, or the JSON document) to FILE")
    output.add_argument("--csv", metavar="FILE", help="write the table as CSV to FILE")
    output.add_argument("--plot", metavar="FILE", help="write a cactus plot to FILE (.png, .svg or .pdf)")
    renamed(p, "--limit", "--first", "--limit counts solutions; use --first N for the first N puzzles")
    now_a_switch(p, "--json", "--json is a switch now (the JSON document on standard output): "
                              "use --json -o FILE to write it to FILE")
    add_backend_list(p)
    p.set_defaults(run=run_bench_cmd)


def run_bench_cmd(args) -> int:
    args.file = input_file(args)
    outputs = {"-o": args.output, "--csv": args.csv, "--plot": args.plot}
    refuse_input_overwrite(outputs, input_paths(args))
    refuse_output_clash(outputs)
    try:
        backends = names(args.backend or default_backends())  # the registry reads backend names
    except BackendError as exc:
        raise CliError(f"--backend: {exc}") from None
    encodings = [e.strip() for e in args.encoding.split(",") if e.strip()]
    if not encodings:
        raise CliError(f"--encoding {args.encoding!r}: expected a comma list of {', '.join(PRESETS)}")
    for enc in encodings:
        try:
            families_of(enc)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    for backend in backends:
        try:
            make(backend)
        except BackendError as exc:
            raise CliError(str(exc)) from None
    if args.plot and not args.plot.lower().endswith((".png", ".svg", ".pdf")):
        raise CliError(f"--plot {args.plot}: expected a file name ending in .png, .svg or .pdf")
    for option, path in outputs.items():
        check_output_path(path, option)  # before any work, not after the whole run
    where = "standard input" if args.file == "-" else args.file

    def entries():
        source = open_text(args.file)
        try:
            yield from itertools.islice(iter_entries(source, args.box, args.symbols), args.first)
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

    total = len(configurations(backends, encodings)) * args.repeat * found  # every timed answer
    # on a terminal only (one whose width is unknown included): ETA from the total
    with Progress("puzzles", stage="bench", total=total) as bar:
        reports = run_bench(boards, backends, tuple(encodings), unique=not args.solve_only,
                            time_limit=args.time_limit, repeat=args.repeat, warmup=max(0, args.warmup),
                            progress=bar, lines=lines)
    mode = "solve" if args.solve_only else "solve + uniqueness"
    text = (f"{found} puzzles from {args.file}, {mode}, warm-up {args.warmup}, "
            f"repeat {args.repeat}, every answer verified\n{format_table(reports)}\n")
    to_stdout = args.output in (None, "-")
    if args.json:  # the table is still shown to people, on stderr when stdout carries the JSON
        print(text, end="", file=sys.stderr if to_stdout else sys.stdout)
    for report in reports:
        for error in report.errors[:3]:
            print(f"{report.config}: {error}", file=sys.stderr)
    meta = {"file": args.file, "puzzles": found, "mode": mode, "warmup": args.warmup,
            "repeat": args.repeat, "time_limit": args.time_limit}
    with output_file(args.output) as out:
        if args.json:
            write_json(reports, out, meta)
        else:
            out.write(text)
    if not to_stdout:
        print(f"{'JSON' if args.json else 'table'} written to {args.output}", file=sys.stderr)
    if args.csv:  # written whole and renamed into place; a FIFO with no reader refused, not waited for
        with output_file(args.csv) as out:
            write_csv(reports, out)
    if args.plot:
        with output_file(args.plot, binary=True) as out:
            write_plot(reports, out, plot_title(args.file, found, mode), args.time_limit,
                       fmt=args.plot.rsplit(".", 1)[-1].lower())
    bad = any(r.counts["error"] or r.disagreements for r in reports)
    return EXIT_DISAGREE if bad else EXIT_OK
