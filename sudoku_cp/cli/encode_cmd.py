"""``sudoku-cp encode``: export a puzzle's formula as DIMACS, its size statistics, or the CP-SAT model."""

from __future__ import annotations

import json

from ..backends import make
from ..core.board import Shape
from ..formats.puzzle_files import Entry
from ..formats.text import format_puzzle
from ..model.cnf import (
    DEFAULT_ENCODING,
    Cnf,
    amo_for,
    encode_puzzle,
    encode_simplified,
    triad_count,
)
from ..model.dimacs import write_dimacs
from .inputs import input_paths, read_entries
from .options import add_encoding_options, add_input_options
from .output_files import check_output_path, output_file, refuse_input_overwrite
from .printing import report_entry_error
from .usage import CliError, command, group, no_comma_list, reference

FORMATS = ("dimacs", "stats", "cpsat")


def add_parser(sub) -> None:
    p = command(sub, "encode", "Write a puzzle's DIMACS CNF, its sizes or its CP-SAT model.", (
        "sudoku-cp encode .2..3......34..1 --encoding minimal -o 4x4.cnf && minisat 4x4.cnf out.txt",
        "sudoku-cp encode -f data/top1465.txt.gz --first 1 --amo bitwise -o top1.cnf",
        "sudoku-cp encode -f puzzles.txt --first 10 --format stats --json",
    ), more=reference("encode", "0 written, 2 bad input"))
    add_input_options(p)
    add_encoding_options(p, "formula", default=DEFAULT_ENCODING)
    group(p, "formula").add_argument(
        "--simplify", action="store_true",
        help="leave out what the givens settle (what the sat backend loads), instead of the rules "
             "plus one unit clause per given")
    output = group(p, "output")
    output.add_argument("--format", choices=FORMATS, default="dimacs",
                        help="dimacs (default: the CNF, its numbering in comments), stats (sizes per "
                             "clause family), or cpsat (the model as protobuf text)")
    output.add_argument("-o", "--output", metavar="FILE", help="write to FILE instead of standard output")
    p.set_defaults(run=run)


def stats(cnf: Cnf, encoding: str, amo: str) -> dict:
    """Sizes of a formula, overall and per family."""
    assert cnf.box is not None, "a puzzle's formula knows its box shape"
    shape = Shape(*cnf.box)
    triads = triad_count(shape) if any(f.name.startswith("triad-") for f in cnf.families) else 0
    families = []
    for f in cnf.families:
        if f.kind == "atmost":
            lits = sum(len(lits_) for lits_, _bound in cnf.atmosts[f.start:f.start + f.count])
        else:
            lits = sum(len(clause) for clause in cnf.clauses[f.start:f.start + f.count])
        families.append({"name": f.name, "kind": f.kind, "first": f.start + 1, "count": f.count,
                         "literals": lits})
    return {
        "size": cnf.size, "box": None if cnf.rules.startswith("jigsaw") else list(cnf.box),
        "rules": cnf.rules, "encoding": encoding, "amo": amo,
        "variables": cnf.nvars, "cell_variables": cnf.size**3, "triad_variables": triads,
        "aux_variables": cnf.nvars - cnf.size**3 - triads,
        "clauses": cnf.num_clauses, "literals": sum(len(c) for c in cnf.clauses),
        "native_atmosts": len(cnf.atmosts), "families": families,
    }


STATS_KEYS = ("size", "box", "rules", "encoding", "amo", "variables", "cell_variables", "triad_variables",
              "aux_variables", "clauses", "literals", "native_atmosts", "families")
# ``encode --format stats --json``: one record per puzzle, these keys in every one (null where they
# do not apply: ``index``/``line`` for a single puzzle, the sizes in an ``error`` record).
RECORD_KEYS = ("index", "line", *STATS_KEYS, "status", "error")


def stats_record(entry, many: bool, sizes: dict) -> dict:
    """The JSON record of one puzzle's formula sizes; ``status`` is null (nothing was decided)."""
    return {"index": entry.index if many else None, "line": entry.line if many else None, **sizes,
            "status": None, "error": None}


def stats_text(s: dict) -> str:
    grid = "jigsaw regions, no boxes" if s["box"] is None else f"{s['box'][0]}x{s['box'][1]} boxes"
    rules = "" if s["rules"] == "classic" else f", rules {s['rules']}"
    width = max([13] + [len(f["name"]) for f in s["families"]])  # nonconsecutive is 14 letters
    lines = [
        f"{s['size']}x{s['size']} ({grid}){rules}, encoding {s['encoding']}, at-most-one {s['amo']}",
        f"variables {s['variables']:,} (cells {s['cell_variables']:,}, triads {s['triad_variables']:,}, "
        f"auxiliary {s['aux_variables']:,})",
        f"clauses   {s['clauses']:,} ({s['literals']:,} literals)"
        + (f", native at-most-one {s['native_atmosts']:,}" if s["native_atmosts"] else ""),
        f"{'family':<{width}} {'kind':<7} {'first':>7} {'count':>7} {'literals':>9}",
    ]
    lines += [f"{f['name']:<{width}} {f['kind']:<7} {f['first']:>7} {f['count']:>7} {f['literals']:>9}"
              for f in s["families"]]
    return "\n".join(lines)


def cpsat_text(board) -> str:
    """The CP-SAT model of a puzzle in protobuf text form (the cpsat backend's ``export``)."""

    return make("cpsat").export(board)


def run(args) -> int:
    no_comma_list(args.encoding, "--encoding", "encode", "it writes one formula; to compare "
                  "encodings use analyze or --format stats once per encoding")
    no_comma_list(args.amo, "--amo", "encode", "it writes one formula")
    refuse_input_overwrite({"-o": args.output}, input_paths(args))
    check_output_path(args.output, "-o")  # before any work
    entries = read_entries(args)
    if args.format != "stats":  # one puzzle: the first good one is kept, the others counted
        good: list[Entry] = []
        codes: list[int] = []
        total = 0
        for entry in entries:
            total += 1
            if entry.board is None:
                codes.append(report_entry_error(entry, args, True, RECORD_KEYS))
            elif not good:
                good.append(entry)
        if codes:  # the input's own errors first: they name the place
            return max(codes)
        if total != 1:
            raise CliError(f"--format {args.format} writes one puzzle; the input holds {total} "
                           f"(use --first 1 for the first, or --format stats for many)")
        entries = iter(good)
    many = args.file is not None
    codes = []
    # Streamed: one puzzle at a time, each output written as it comes (into the all-or-nothing
    # output file), so a file of a million puzzles costs no more memory than one.
    with output_file(args.output) as fh:
        for entry in entries:
            if entry.board is None:
                codes.append(report_entry_error(entry, args, many, RECORD_KEYS))
                continue
            fh.write(_output(entry, args, many).rstrip("\n") + "\n")
    return max(codes, default=0)


def model_text(board, kind: str, encoding: str = DEFAULT_ENCODING, amo: str | None = None,
               simplify: bool = False, symbols: str | None = None) -> str:
    """The model ``encode --format dimacs|cpsat`` writes for a puzzle (the web app's download too)."""
    if kind == "cpsat":
        return cpsat_text(board)
    encode = encode_simplified if simplify else encode_puzzle
    chosen = amo_for(board.size, amo)
    return write_dimacs(encode(board, encoding, chosen), encoding, chosen, [f"puzzle {format_puzzle(board, symbols)}"]
                        + (["simplified by the givens"] if simplify else []))


def _output(entry, args, many: bool) -> str:
    """The text ``encode`` writes for one puzzle."""
    if args.format in ("cpsat", "dimacs"):
        return model_text(entry.board, args.format, args.encoding, args.amo, args.simplify, args.symbols)
    encode = encode_simplified if args.simplify else encode_puzzle
    amo = amo_for(entry.board.size, args.amo)
    cnf = encode(entry.board, args.encoding, amo)
    if args.json:
        return json.dumps(stats_record(entry, many, stats(cnf, args.encoding, amo)), separators=(", ", ": "))
    return stats_text(stats(cnf, args.encoding, amo))
