"""``sudoku-cp batch``: a whole file, one verified JSON line per puzzle."""

from __future__ import annotations

import json
import os
import sys

from ..backends import BackendError, resolve
from ..core.results import EXIT_DISAGREE, EXIT_OK, EXIT_USAGE
from ..model.cnf import check_amo, families_of
from ..tasks.batch import BatchOptions, resume_point, run_batch
from ..tasks.certify import prover
from .progress import Progress, count_puzzles, total_later
from .inputs import input_file, input_paths, no_puzzle_message, open_text
from .options import (
    JOBS_PER_CPU,
    add_certify_options,
    add_file_input,
    add_shape_options,
    add_solver_options,
    jobs_arg_check,
    positive_int,
)
from .output_files import RecordFile, naming, proof_dir, refuse_input_overwrite
from .usage import CliError, command, group, no_comma_list, reference

def add_parser(sub) -> None:
    p = command(sub, "batch", "Answer a whole file fast: one verified JSON line per puzzle.", (
        "sudoku-cp batch puzzles.txt -o answers.jsonl --unique",
        "sudoku-cp batch -f data/top1465.txt.gz --first 100 --encoding cell-alo+unit-amo --amo bitwise --json",
        "sudoku-cp batch big.txt -o answers.jsonl --unique --jobs 2 --resume",
    ), more=reference("batch", "0 every puzzle has its record, 2 a usage or file error, 3 a solver failed "
                               "or backends disagreed on some puzzle, 130 Ctrl-C, 143 SIGTERM"))
    add_file_input(p)
    add_shape_options(p)
    add_solver_options(p, encoding=True, several="'all' or a comma list cross-checks every puzzle (a "
                                                 "disagreement is an 'error' record)")
    solving = group(p, "solving")
    solving.add_argument("--unique", action="store_true",
                         help="also prove each solution unique (status unique or multiple, count 1 or 2)")
    solving.add_argument("--propagate", action="store_true",
                         help="sat backends: try unit propagation alone first (pays off with "
                              "sat:minisat22 on easy puzzles)")
    add_certify_options(p)
    running = group(p, "running")
    running.add_argument("--jobs", type=positive_int, default=1, metavar="N",
                         help=f"worker processes (default 1), at most the CPUs ({os.cpu_count() or 1} "
                              f"here) unless --force-jobs; the records stay in input order")
    running.add_argument("--force-jobs", action="store_true",
                         help=f"allow --jobs above the number of CPUs, up to {JOBS_PER_CPU} per CPU")
    running.add_argument("--dask", metavar="ADDRESS",
                         help="run on the dask.distributed cluster whose scheduler is at ADDRESS "
                              "(the [dask] extra); the same output")
    running.add_argument("--resume", action="store_true",
                         help="keep the complete lines already in OUT and continue after them")
    output = group(p, "output")
    output.add_argument("-o", "--output", metavar="OUT", default="-",
                        help="write the JSON lines to OUT (default: standard output), locked against "
                             "a second batch")
    output.add_argument("--stats", action="store_true",
                        help="add the solver's counters (conflicts, decisions, propagations) to each record")
    output.add_argument("--json", action="store_true", help="print the summary as one JSON object")
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
