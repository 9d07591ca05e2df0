"""``sudoku-cp candidates``: the true candidates of each puzzle (the digits some solution puts in each cell)."""

from __future__ import annotations

from functools import partial

from ..core.results import Result, Status
from .answering import answer_each
from .inputs import numbered_outputs
from .options import add_input_options, add_solver_options, positive_int
from .printing import backend_lines
from .usage import CliError, command, group, reference
from .views import check_view_options, numbered, write_svg

LEGEND = "true candidates (the digits some solution puts in each cell; =D a given, - none)"


def add_parser(sub) -> None:
    p = command(sub, "candidates", "List the digits some solution puts in each cell.", (
        "sudoku-cp candidates 12..34....12....",
        "sudoku-cp candidates -f puzzles.txt --limit 10 --json",
        "sudoku-cp candidates PUZZLE --svg marks.svg",
    ), more=reference("candidates", "0 unique, 1 multiple, unsat or invalid, 3 backends disagree, "
                                    "4 time limit"))
    add_input_options(p, example=True)
    add_solver_options(p, several="each of 'all' or a comma list finds the candidates, and they must "
                                  "agree (else exit 3)")
    group(p, "solving").add_argument(
        "--limit", type=positive_int, default=2, metavar="K",
        help="count the solutions using each candidate up to K (default 2: one solution, or several)")
    group(p, "output").add_argument(
        "--svg", metavar="FILE",
        help="also draw each puzzle with its true candidates small in the blank cells (several "
             "puzzles: FILE-1.svg, ...)")
    p.set_defaults(run=run, candidates=False)


WORDS = {
    Status.UNIQUE: "unique: exactly one solution, so one candidate a cell",
    Status.MULTIPLE: "multiple: more than one solution",
    Status.UNSAT: "unsat: no solution, so no candidate anywhere",
    Status.UNKNOWN: "unknown: the time limit ended the search",
    Status.INVALID: "invalid: the givens break a rule",
}


def describe(result: Result) -> str:
    """The status line: what the candidates say, how many solutions they rest on, who found them."""
    text = WORDS.get(result.status, result.status.value)
    if result.status is Status.INVALID:
        return f"{text}: " + "; ".join(c.describe() for c in result.conflicts)
    if result.status is Status.MULTIPLE and result.count is not None:
        text += f" ({'exactly' if result.complete else 'at least'} {result.count} solutions)"
    if result.backend:
        text += f" [{result.backend}, {result.time_s:.3f} s]"
    return text


def summary(result) -> str:
    """How many candidates, how many open cells, and what the counts say."""
    marks = result.marks()
    many = sum(1 for d in marks.values() if len(d) > 1)
    total = sum(len(d) for d in marks.values())
    text = (f"{total} candidate{'s' * (total != 1)} in {len(marks)} blank cell{'s' * (len(marks) != 1)}, "
            f"{many} with more than one")
    if result.status is Status.MULTIPLE:
        once = sum(1 for i, digits in enumerate(result.digits) if not result.puzzle.cells[i]
                   for d in digits if result.counts[i][d] == 1 and d in result.exact[i])
        text += f"; {once} used by exactly one solution (counts up to {result.limit}: --json)"
    if result.undecided:
        text += f"; {len(result.undecided)} not asked before the time limit"
    return text


def run(args) -> int:
    from ..backends import resolve  # on use: the parser is built without the tasks
    from ..formats.pencil import format_candidates
    from ..tasks.candidates import TrueCandidates, candidates

    check_view_options(args)
    if args.svg and args.json:
        raise CliError("--svg draws each answer of the text output: expected --json or --svg, not both")
    backends = resolve(args.backend)
    several = len(backends) > 1

    def compute(board) -> tuple[Result, int]:
        result = candidates(board, backend=backends, limit=args.limit, time_limit=args.time_limit)
        if several and result.status is not Status.INVALID:
            result.backend = args.backend
        return result, result.exit_code

    def report(result, prefix: str, many: bool, index: int) -> None:
        indent = "  " if many else ""
        print(f"{prefix}{describe(result)}")
        if result.backends:
            print("\n".join(backend_lines(result, indent + "  ")))
        if result.status is Status.INVALID or result.puzzle is None:
            return
        print(f"{indent}{summary(result)}")
        print(f"{indent}{LEGEND}:")
        grid = format_candidates(result.puzzle, result.marks(), args.symbols)
        print("\n".join(indent + line for line in grid.splitlines()))
        if args.svg:
            write_svg(numbered(args.svg, numbered_outputs(args), index), result.puzzle, symbols=args.symbols,
                      pencil=True, marks=result.marks(), title=WORDS[result.status].split(":")[0])

    return answer_each(args, compute, report, example=True, provers=backends,
                       failure=partial(TrueCandidates, limit=args.limit))
