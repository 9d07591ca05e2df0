"""``sudoku-cp solve`` and ``sudoku-cp count``: one backend, or several cross-checked."""

from __future__ import annotations

import sys

from ..core.results import EXIT_USAGE, Result, Status
from ..formats.text import format_line
from .answering import answer_each
from .inputs import numbered_outputs
from .options import add_certify_options, add_input_options, add_solver_options, positive_int
from .printing import backend_lines, show_board
from .usage import CliError, command, group, no_comma_list, reference
from .views import add_view_options, check_view_options, numbered, print_candidates, write_svg

WORDS = {
    Status.SOLVED: "solved", Status.UNIQUE: "unique: exactly one solution",
    Status.MULTIPLE: "multiple: more than one solution", Status.UNSAT: "unsat: no solution",
    Status.UNKNOWN: "unknown: the time limit ended the search", Status.INVALID: "invalid: the givens break a rule",
}


def add_parser(sub) -> None:
    p = command(sub, "solve", "Solve puzzles with one backend, or cross-check several.", (
        "sudoku-cp solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "sudoku-cp solve -f data/top1465.txt.gz --first 10 --backend sat,cpsat --json",
        "sudoku-cp solve - --encoding cell-alo+unit-amo --amo bitwise --unique < puzzle.txt",
    ), more=reference("solve and count", "0 solved (unique with --unique), 1 unsat, invalid or multiple, "
                                         "3 backends disagree, 4 time limit"))
    add_input_options(p, example=True)
    add_solver_options(p, encoding=True)
    group(p, "solving").add_argument("--unique", action="store_true",
                                     help="also prove the solution unique (status unique or multiple)")
    add_certify_options(p)
    group(p, "output").add_argument("--fpuzzles", action="store_true",
                                    help="also print an f-puzzles link of each puzzle and its solution "
                                         "(SudokuPad opens it too). Not with --json")
    add_view_options(p, "the solution (givens in bold)")
    p.set_defaults(run=run, limit=None)

    c = command(sub, "count", "Count solutions up to a limit, to prove a puzzle unique.", (
        "sudoku-cp count ................ --limit 300 --backend all",
        "sudoku-cp count -f data/17clue-half.txt.gz --first 5 --limit 2 --json",
        "sudoku-cp count - --backend sat:glucose4 --time-limit 10 < puzzle.txt",
    ), more=reference("solve and count", "0 unique, 1 multiple, unsat or invalid, 3 backends disagree, "
                                         "4 time limit"))
    add_input_options(c, example=True)
    add_solver_options(c, encoding=True)
    group(c, "solving").add_argument(
        "--limit", type=positive_int, default=2, metavar="K",
        help="count solutions up to K (default 2: is it unique?); always solutions, never puzzles (--first)")
    add_certify_options(c)
    c.set_defaults(run=run, unique=True, fpuzzles=False, candidates=False, svg=None)


def describe(result: Result) -> str:
    text = WORDS.get(result.status, result.status.value)
    if result.status is Status.UNKNOWN and result.stats.get("stopped"):  # the limit overtook the build or count
        found = f" ({result.count} solution found)" if result.count else ""  # one found, the second not ruled out
        text = f"unknown: {result.stats['stopped']}{found}"
    if result.status is Status.INVALID:
        return f"{text}: " + "; ".join(c.describe() for c in result.conflicts)
    if result.count is not None and result.status is Status.MULTIPLE:
        exact = "exactly" if result.complete else "at least"
        stopped = f"; {result.stats['stopped']}" if result.stats.get("stopped") else ""
        text += f" ({exact} {result.count} solutions{stopped})"
    if result.backend:
        text += f" [{result.backend}, {result.time_s:.3f} s]"
    return text


def run(args) -> int:
    from ..backends import resolve  # on use: the parser is built without the tasks
    from ..formats.fpuzzles import no_share_link, share_link
    from ..tasks.solving import count, solve

    if args.fpuzzles and args.json:
        raise CliError("--fpuzzles prints links in the text output: expected --json or --fpuzzles, "
                       "not both")
    no_comma_list(args.encoding, "--encoding", args.command, "to compare encodings use bench or analyze")
    no_comma_list(args.amo, "--amo", args.command, "to compare at-most-one encodings use bench or analyze")
    backends = resolve(args.backend, encoding=args.encoding, amo=args.amo)
    check_view_options(args)
    if args.svg and args.json:
        raise CliError("--svg draws each answer of the text output: expected --json or --svg, not "
                       "both (validate --svg works with --json)")
    several = len(backends) > 1

    def compute(board) -> tuple[Result, int]:
        if args.fpuzzles:
            refused = no_share_link(board)
            if refused is not None:  # the link asked for cannot be made: said, and no answer without it
                return Result(Status.ERROR, board, error=f"--fpuzzles: {refused}"), EXIT_USAGE
        if args.limit is None:
            result = solve(board, backends, unique=args.unique, time_limit=args.time_limit)
        else:
            result = count(board, args.limit, backends, time_limit=args.time_limit)
        if several and result.status is not Status.INVALID:
            result.backend = args.backend  # the cross-checked answer speaks for all of them
        return result, result.exit_code

    def report(result: Result, prefix: str, many: bool, index: int) -> None:
        if result.status is Status.ERROR:  # (no answer: the link asked for cannot be made)
            print(f"sudoku-cp: {prefix}error: {result.error}", file=sys.stderr)
            return
        checked = " (backends agree; every answer verified)" if several and \
            result.status is not Status.INVALID else ""
        print(f"{prefix}{describe(result)}{checked}")
        if result.backends:  # a cross-check: each backend's own status, time and counters
            print("\n".join(backend_lines(result, "    " if many else "  ")))
        if args.candidates and result.puzzle is not None:
            print_candidates(result.puzzle, args.symbols, "  " if many else "")
        if args.svg and result.puzzle is not None:
            conflicts = [cell for c in result.conflicts for cell in c.cells]
            write_svg(numbered(args.svg, numbered_outputs(args), index), result.puzzle,
                      solution=None if args.candidates else result.solution, marked=conflicts,
                      symbols=args.symbols, pencil=args.candidates,
                      title=WORDS.get(result.status, result.status.value).split(":")[0])
        if not many and result.status is not Status.INVALID and result.puzzle is not None:
            print(show_board(result.puzzle, result.solution, symbols=args.symbols))
            if result.status is Status.MULTIPLE and len(result.solutions) > 1:
                print("another solution:")
                print(show_board(result.puzzle, result.solutions[1], symbols=args.symbols))
        elif many and result.solution is not None:
            print(f"  {format_line(result.solution, args.symbols)}")
        if args.fpuzzles and result.puzzle is not None:
            print(f"{'  ' if many else ''}f-puzzles: {share_link(result.puzzle, result.solution)}")

    return answer_each(args, compute, report, example=True, provers=backends)
