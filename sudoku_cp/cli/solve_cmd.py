"""``sudoku-cp solve`` and ``sudoku-cp count``: one backend, or several cross-checked."""

from __future__ import annotations

from ..core.results import Result, Status
from ..formats.text import format_line
from .common import (
    CliError,
    add_certify_options,
    add_input_options,
    add_solver_options,
    answer_each,
    positive_int,
    show_board,
)

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
    add_certify_options(p)
    p.add_argument("--fpuzzles", action="store_true",
                   help="also print an f-puzzles link of each puzzle (with the solution found, "
                        "for answer checking): 'f-puzzles: LINK'; SudokuPad opens "
                        "https://sudokupad.app/fpuzzles + the same string. Not with --json")
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
    add_certify_options(c)
    c.set_defaults(run=run, unique=True, fpuzzles=False)


def describe(result: Result) -> str:
    text = WORDS.get(result.status, result.status.value)
    if result.status is Status.INVALID:
        return f"{text}: " + "; ".join(c.describe() for c in result.conflicts)
    if result.count is not None and result.status is Status.MULTIPLE:
        exact = "exactly" if result.complete else "at least"
        text += f" ({exact} {result.count} solutions)"
    if result.backend:
        text += f" [{result.backend}, {result.time_s:.3f} s]"
    return text


def run(args) -> int:
    from ..backends import resolve  # on use: the parser is built without the tasks
    from ..formats.fpuzzles import share_link
    from ..tasks.solving import count, solve

    if args.fpuzzles and args.json:
        raise CliError("--fpuzzles prints links in the text output: expected --json or --fpuzzles, "
                       "not both")
    backends = resolve(args.backend, encoding=args.encoding, amo=args.amo)
    several = len(backends) > 1

    def compute(board) -> tuple[Result, int]:
        if args.limit is None:
            result = solve(board, backends, unique=args.unique, time_limit=args.time_limit)
        else:
            result = count(board, args.limit, backends, time_limit=args.time_limit)
        if several and result.status is not Status.INVALID:
            result.backend = args.backend  # the cross-checked answer speaks for all of them
        return result, result.exit_code

    def report(result: Result, prefix: str, many: bool, index: int) -> None:
        checked = " (backends agree; every answer verified)" if several and \
            result.status is not Status.INVALID else ""
        print(f"{prefix}{describe(result)}{checked}")
        if not many and result.status is not Status.INVALID:
            print(show_board(result.puzzle, result.solution, symbols=args.symbols))
            if result.status is Status.MULTIPLE and len(result.solutions) > 1:
                print("another solution:")
                print(show_board(result.puzzle, result.solutions[1], symbols=args.symbols))
        elif many and result.solution is not None:
            print(f"  {format_line(result.solution, args.symbols)}")
        if args.fpuzzles and result.puzzle is not None:
            print(f"{'  ' if many else ''}f-puzzles: {share_link(result.puzzle, result.solution)}")

    return answer_each(args, compute, report, example=True, provers=backends)
