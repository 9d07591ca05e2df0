"""``sudoku-cp solve`` and ``sudoku-cp count``: one backend, or several cross-checked."""

from __future__ import annotations

import sys

from ..api import DisagreementError, VerificationError, backend_list, count, solve
from ..formats import format_line
from ..results import EXIT_DISAGREE, Result, Status, worst_exit
from .common import (add_input_options, add_solver_options, label, positive_int, print_json,
                     read_entries, report_entry_error, show_board)

WORDS = {
    Status.SOLVED: "solved", Status.UNIQUE: "unique: exactly one solution",
    Status.MULTIPLE: "multiple: more than one solution", Status.UNSAT: "unsat: no solution",
    Status.UNKNOWN: "unknown: the time limit ended the search", Status.INVALID: "invalid: duplicate givens",
}


def add_parser(sub) -> None:
    p = sub.add_parser(
        "solve", help="solve puzzles with a backend, or cross-check several",
        description="Solve each puzzle. Every solution is checked by an independent checker; with "
                    "--backend all (or a comma list) the backends' statuses, counts and solutions "
                    "are compared and any disagreement is exit 3 with every answer shown. "
                    "Exit 0 solved (unique with --unique), 1 unsat/invalid/multiple, 4 time limit.",
    )
    add_input_options(p, example=True)
    add_solver_options(p, encoding=True)
    p.add_argument("--unique", action="store_true",
                   help="also prove the solution unique (status unique or multiple)")
    p.set_defaults(run=run, limit=None)

    c = sub.add_parser(
        "count", help="count solutions up to a limit (is it unique?)",
        description="Count solutions up to --limit (default 2, which answers 'is it unique?'). "
                    "'complete' says whether the count is exact: false when the limit (or a time "
                    "limit) stopped the search. Solutions are blocked on cell literals only.",
    )
    add_input_options(c, example=True)
    add_solver_options(c, encoding=True)
    c.add_argument("--limit", type=positive_int, default=2, metavar="K",
                   help="stop after K solutions (default 2)")
    c.set_defaults(run=run, unique=True)


def describe(result: Result) -> str:
    text = WORDS.get(result.status, result.status.value)
    if result.status is Status.INVALID:
        return f"{text}: " + "; ".join(c.describe() for c in result.conflicts)
    if result.count is not None and result.status in (Status.MULTIPLE, Status.UNIQUE, Status.UNSAT):
        exact = "exactly" if result.complete else "at least"
        text += f" ({exact} {result.count} solution{'s' if result.count != 1 else ''})"
    if result.backend:
        text += f" [{result.backend}, {result.time_s:.3f} s]"
    return text


def print_disagreement(exc: DisagreementError, prefix: str, symbols) -> None:
    print(f"{prefix}DISAGREEMENT: {exc}", file=sys.stderr)
    for r in exc.check.results:
        shown = ", ".join(format_line(s, symbols) for s in r.solutions[:2]) or "no solution"
        what = r.error if r.status is Status.ERROR else shown
        print(f"  {r.backend}: {r.status.value} count={r.count} complete={r.complete}: {what}",
              file=sys.stderr)


def run(args) -> int:
    codes = []
    many = args.file is not None
    backends = backend_list(args.backend, encoding=args.encoding, amo=args.amo)
    for entry in read_entries(args, example=True):
        if entry.board is None:
            codes.append(report_entry_error(entry, args, many))
            continue
        prefix = label(entry, many)
        try:
            if args.limit is None:
                result = solve(entry.board, backends, unique=args.unique, time_limit=args.time_limit)
            else:
                result = count(entry.board, args.limit, backends, time_limit=args.time_limit)
        except DisagreementError as exc:
            print_disagreement(exc, prefix, args.symbols)
            codes.append(EXIT_DISAGREE)
            continue
        except VerificationError as exc:
            print(f"{prefix}VERIFICATION FAILED: {exc}", file=sys.stderr)
            codes.append(EXIT_DISAGREE)
            continue
        cross_checked = ("," in args.backend or args.backend == "all") and result.status is not Status.INVALID
        if cross_checked:
            result.backend = args.backend
        if many:
            result.index, result.line = entry.index, entry.line
        codes.append(result.exit_code)
        if args.json:
            print_json(result.to_json(args.symbols))
            continue
        checked = " (backends agree; every answer verified)" if cross_checked else ""
        print(f"{prefix}{describe(result)}{checked}")
        if not many and result.status is not Status.INVALID:
            print(show_board(entry.board, result.solution, symbols=args.symbols))
            if result.status is Status.MULTIPLE and len(result.solutions) > 1:
                print("another solution:")
                print(show_board(entry.board, result.solutions[1], symbols=args.symbols))
        elif many and result.solution is not None:
            print(f"  {format_line(result.solution, args.symbols)}")
    return worst_exit(codes)
