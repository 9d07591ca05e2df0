"""``sudoku-cp batch``: a whole file, one verified JSON line per puzzle."""

from __future__ import annotations

import json
import os
import sys

from ..backends import BackendError, backend_help, resolve
from ..core.results import EXIT_DISAGREE, EXIT_OK, EXIT_USAGE
from ..model.cnf import AMO_CHOICES, DEFAULT_ENCODING, ENCODINGS, check_amo, families_of
from ..tasks.batch import CHUNK, BatchOptions, resume_point, run_batch
from ..tasks.certify import prover
from .progress import Progress, count_puzzles, total_later
from .inputs import input_file, input_paths, no_puzzle_message, open_text
from .options import (
    JOBS_PER_CPU,
    add_certify_options,
    add_file_input,
    box_arg,
    jobs_arg_check,
    positive_int,
    symbols_arg,
    time_limit_arg,
    time_limit_help,
)
from .output_files import RecordFile, naming, proof_dir, refuse_input_overwrite
from .usage import CliError, no_comma_list

BATCH_HELP = """\
Answer every puzzle of FILE and write one JSON line per puzzle (JSON Lines, keys as in
CONTRACT.md: index, line, size, box, puzzle, status, solution, count, complete, conflicts,
backend, time_s, stats, error, backends, certificate; every key present, null where it does not apply), in
input order, each line written whole and flushed: a killed run leaves a valid prefix, and
--resume continues after its last complete line. A puzzle that does not parse is an 'error'
record naming its line; the run goes on. Every solution is checked by the independent checker
before it is written; a solver that crashes or answers wrongly gives an 'error' record for that
puzzle. With --backend all (or sat,cpsat) every puzzle is cross-checked: the record holds the
agreed answer and each backend's in 'backends'; a disagreement is an 'error' record.

Memory stays flat whatever the file size. The sat backends load the rules into one solver per
grid size and pass each puzzle's givens as assumptions; uniqueness (--unique) asks under a
guarded blocking clause that is retired afterwards, so nothing is rebuilt per puzzle. The
output is the same (timings aside) whatever --jobs, --dask or --resume: solver state is reset
every 1024 puzzles, and each such chunk is answered whole by one worker. Time limits are the
exception (where one falls depends on the machine).

At the end a summary (counts per status, puzzles/s) goes to stdout, or to stderr when the records
go to stdout; --json prints it as JSON. A progress bar is shown on stderr when it is a terminal.
The answers are the records, not the exit code (solve -f FILE answers in its exit code: there
the most serious code wins): every status, 'unknown' and 'error' for a puzzle that does not parse
included, is a record, and the exit code says whether the records are all there and can be trusted.
Exit 0 when every puzzle has its record, 3 when a solver failed, an answer failed verification
or cross-checked backends disagreed on some puzzle, 2 on a usage or file error (a --proof file
that could not be written is an 'error' record naming it, and exit 2), 130 after Ctrl-C
and 143 after SIGTERM (an interrupt never becomes a record: OUT is left ready for --resume).

--first N answers the first N puzzles only (one record each); the rest of the input is not read.

examples:
  sudoku-cp batch puzzles.txt -o answers.jsonl --unique
  sudoku-cp batch -f data/top1465.txt.gz --first 100 --encoding cell-alo+unit-amo --amo bitwise --json
  sudoku-cp batch - --backend sat,cpsat < puzzles.txt > answers.jsonl
  sudoku-cp batch big.txt -o answers.jsonl --unique --jobs 2 --resume
  sudoku-cp batch huge.txt -o answers.jsonl --unique --dask tcp://scheduler:8786
"""


def add_parser(sub) -> None:
    import argparse


    p = sub.add_parser("batch", help="solve a whole file fast: one verified JSON line per puzzle",
                       description=BATCH_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    add_file_input(p)
    p.add_argument("-o", "--output", metavar="OUT", default="-",
                   help="write the JSON lines to OUT (default: standard output). OUT is locked: a "
                        "second batch on the same OUT is refused. An earlier OUT is emptied only "
                        "when the first record is written; a device or FIFO is written in place")
    p.add_argument("--unique", action="store_true",
                   help="also prove each solution unique (status unique or multiple, count 1 or 2)")
    p.add_argument("--backend", default="sat", metavar="NAME[,NAME...]",
                   help=f"who solves (default sat): {backend_help()}. 'all' runs sat, cpsat and dfs "
                        "on every puzzle and cross-checks them; a comma list (sat,cpsat) cross-checks "
                        "those. A disagreement is an 'error' record (exit 3)")
    p.add_argument("--encoding", metavar="NAME",
                   help=f"CNF encoding for the sat and external backends, as in solve: "
                        f"{', '.join(ENCODINGS)} (default {DEFAULT_ENCODING}), or families joined "
                        f"by '+' such as cell-alo+unit-amo or natural+cage-pb. One name: to compare "
                        f"encodings use bench or analyze")
    p.add_argument("--amo", metavar="NAME",
                   help=f"at-most-one encoding for the sat and external backends, as in solve: "
                        f"{', '.join(AMO_CHOICES)} (default pairwise up to 25x25, seqcounter above; "
                        f"native needs sat:minicard)")
    p.add_argument("--time-limit", type=time_limit_arg, metavar="SECONDS", help=time_limit_help())
    p.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                   help=f"worker processes (default 1), at most the number of CPUs "
                        f"({os.cpu_count() or 1} here) unless --force-jobs; the output order is the "
                        f"input order. Never more workers than chunks of {CHUNK} puzzles (a small file "
                        f"gets one). Workers end with the batch (Ctrl-C, SIGTERM, even kill -9)")
    p.add_argument("--force-jobs", action="store_true",
                   help=f"allow --jobs above the number of CPUs, up to {JOBS_PER_CPU} per CPU (each "
                        f"worker holds its own solvers)")
    p.add_argument("--dask", metavar="ADDRESS",
                   help="run on a dask.distributed cluster whose scheduler is at ADDRESS (e.g. "
                        "tcp://10.0.0.5:8786); needs the [dask] extra. The output is the same as "
                        "in one process")
    p.add_argument("--resume", action="store_true",
                   help="keep the complete lines already in OUT and continue after them")
    p.add_argument("--propagate", action="store_true",
                   help="sat backends: try unit propagation alone first; a grid it fills is the "
                        "only solution, found with no search. Pays off with sat:minisat22 on easy "
                        "puzzles (17-clue), not with CaDiCaL, whose propagate() is slow")
    p.add_argument("--stats", action="store_true",
                   help="add the solver's counters (conflicts, decisions, propagations) to each record")
    add_certify_options(p)
    p.add_argument("--box", type=box_arg, metavar="RxC", help="box shape, e.g. 2x3 for 6x6 grids")
    p.add_argument("--symbols", type=symbols_arg, metavar="STRING", help="the alphabet, digit 1 first")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.set_defaults(run=run_batch_cmd)


def _dask_client(address: str):
    """A dask.distributed Client connected to ``address`` (a usage error when dask is missing)."""
    try:
        from dask.distributed import Client
    except ImportError:
        raise CliError("--dask needs dask.distributed: pip install 'sudoku-cp[dask]'") from None
    try:
        return Client(address, timeout=30)
    except (OSError, TimeoutError) as exc:
        raise CliError(f"--dask {address}: cannot reach the scheduler ({exc})") from None


def run_batch_cmd(args) -> int:
    args.file = input_file(args)
    no_comma_list(args.encoding, "--encoding", "batch", "to compare encodings use bench or analyze")
    no_comma_list(args.amo, "--amo", "batch", "to compare at-most-one encodings use bench or analyze")
    try:  # the names solve takes, checked before anything is written
        if args.encoding is not None:
            families_of(args.encoding)
        if args.amo is not None:
            check_amo(args.amo)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    try:  # a bad name or option is a usage error before anything is written
        resolve(args.backend, encoding=args.encoding, amo=args.amo)
    except BackendError as exc:
        raise CliError(str(exc)) from None
    refuse_input_overwrite({"-o": args.output}, input_paths(args))
    if args.resume and args.output == "-":
        raise CliError("--resume needs -o OUT: the records already written are read from OUT")
    jobs_arg_check(args.jobs, args.force_jobs)
    proofs = proof_dir(args.proof, input_paths(args))
    to_stdout = args.output == "-"
    out = sys.stdout if to_stdout else RecordFile(args.output, keep=args.resume)  # locked from here
    try:
        return _run(args, out, to_stdout, proofs)
    finally:
        if isinstance(out, RecordFile):
            out.discard()  # a file this run created and left empty (no puzzle, an error) goes
            with naming(args.output):
                out.close()


def _run(args, out, to_stdout: bool, proofs) -> int:
    certifying = args.certify or proofs is not None
    if certifying and prover(resolve(args.backend, encoding=args.encoding, amo=args.amo)) is None:
        print(f"sudoku-cp: batch: {args.backend} cannot give a checkable proof: 'unique' and 'unsat' "
              f"records stay uncertified (certificate null; --backend sat can)", file=sys.stderr)
    options = BatchOptions(unique=args.unique, backend=args.backend, encoding=args.encoding,
                           time_limit=args.time_limit, box=args.box, symbols=args.symbols,
                           stats=args.stats, propagate=args.propagate, amo=args.amo,
                           certify=certifying, proof=None if proofs is None else os.path.abspath(proofs))
    skip, before = 0, dict[str, int]()
    if args.resume and (to_stdout or out.regular):
        try:
            skip, before = resume_point(args.output)
        except ValueError as exc:
            raise CliError(str(exc)) from None
    client = _dask_client(args.dask) if args.dask else None
    jobs = args.jobs
    if client is not None:
        jobs = max(1, sum(w.get("nthreads", 1) for w in client.scheduler_info()["workers"].values()))
    source = open_text(args.file)
    bar = Progress("puzzles", stage="batch")
    total_later(bar, count_puzzles(args.file, args.box, args.symbols, args.first))
    if skip:
        bar.update(skip)
    try:
        with naming("standard output" if to_stdout else args.output):  # a full disk names the file
            summary = run_batch(source, out, options, jobs=jobs, skip=skip, executor=client,
                                progress=bar.update if bar.shown else None, first=args.first)
    finally:
        if client is not None:
            client.close()
        bar.close()
        if source is not sys.stdin:
            source.close()
    if summary.puzzles == 0:
        raise CliError(no_puzzle_message(args.file))
    for status, k in before.items():
        summary.counts[status] = summary.counts.get(status, 0) + k
    report = sys.stderr if to_stdout else sys.stdout
    if args.json:
        print(json.dumps(summary.to_json()), file=report, flush=True)
    else:
        counts = ", ".join(f"{k} {s}" for s, k in sorted(summary.counts.items()))
        resumed = f" ({summary.resumed} kept from before)" if summary.resumed else ""
        taken = (f" (--first {args.first}: the rest of the input was not read)"
                 if args.first is not None and summary.puzzles == args.first else "")
        print(f"{summary.puzzles} puzzles{resumed}{taken}: {counts or 'none'}; "
              f"{summary.per_second:,.0f} puzzles/s", file=report)
    if summary.unwritten:
        print(f"sudoku-cp: batch: {summary.unwritten} proof file(s) could not be written (their records "
              f"say which)", file=sys.stderr)
    return EXIT_DISAGREE if summary.failures else EXIT_USAGE if summary.unwritten else EXIT_OK
