"""``sudoku-cp explain | repair | minimize | generate``: why a puzzle fails, how to fix it, how to make one."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path

from ..backends import Deadline, resolve
from ..core.board import Board, PuzzleError, Shape
from ..core.results import (
    EXIT_NEGATIVE,
    EXIT_OK,
    EXIT_TIMEOUT,
    Status,
    TimeLimitReached,
)
from ..formats.fpuzzles import no_share_link, share_link
from ..formats.records import dumps
from ..formats.steps_html import steps_page
from ..formats.svg import board_svg
from ..formats.text import format_puzzle, parse_puzzle
from ..tasks.cores import given_names
from ..tasks.explain import DEFAULT_LIMIT, Explanation, explain
from ..tasks.generate import DFS_MAX_SIZE, DFS_SECONDS, GenerateError, generate, generated_record
from ..tasks.minimize import minimize
from ..tasks.repair import repair
from .progress import Progress
from .answering import answer_each
from .inputs import input_paths, numbered_outputs
from .options import (
    add_backend_list,
    add_certify_options,
    add_input_options,
    add_solver_options,
    add_time_limit,
    box_arg,
    positive_int,
    symbols_arg,
)
from .output_files import check_output_path, naming, output_file, refuse_input_overwrite, refuse_output_clash
from .printing import backend_lines, show_board
from .usage import CliError, command, group, no_comma_list, reference, renamed
from .views import numbered, write_svg

WORDS = {
    Status.UNIQUE: "unique: exactly one solution",
    Status.MULTIPLE: "multiple: more than one solution",
    Status.UNSAT: "unsat: no duplicate givens, but no solution",
    Status.INVALID: "invalid: the givens break a rule",
    Status.UNKNOWN: "unknown: the time limit ended the work",
}


def cells_text(cells) -> str:
    return ", ".join(f"r{r + 1}c{c + 1}" for r, c in cells)


def add_parser(sub) -> None:
    e = command(sub, "explain", "Explain a puzzle: no solution, several, or step by step.", (
        "sudoku-cp explain 12..34....12....",
        "sudoku-cp explain -f puzzles.txt --first 3 --limit 100 --backend sat,cpsat --json",
        "sudoku-cp explain PUZZLE --steps --html steps.html --svg grid.svg",
    ), more=reference("explain", "0 unique, 1 invalid, unsat or multiple, 3 an answer failed its check, "
                                 "4 time limit"))
    add_input_options(e)
    add_solver_options(e, encoding=True, several="a comma list cross-checks the count, and another "
                                                 "backend re-checks the core")
    group(e, "solving").add_argument(
        "--limit", type=positive_int, default=DEFAULT_LIMIT, metavar="K",
        help=f"count solutions up to K (default {DEFAULT_LIMIT}, at least 2); exact when the search "
             "finishes below K")
    group(e, "output").add_argument("--svg", metavar="FILE",
                                    help="also draw the grid, the cells involved marked, as an SVG picture "
                                         "(several puzzles: FILE-1.svg, ...)")
    group(e, "checking").add_argument("--no-check", dest="check", action="store_false",
                                      help="skip re-checking the core with the other solver")
    add_certify_options(e)
    how = group(e, "step by step")
    how.add_argument("--steps", action="store_true",
                     help="list the steps to the solution of a unique puzzle, one line each, e.g. "
                          "'r1c3 = 4: hidden single in box 1'")
    how.add_argument("--next", action="store_true",
                     help="only the next step (a hint): give a partly filled grid")
    how.add_argument("--hint", type=int, choices=(1, 2, 3), nargs="?", const=1, metavar="LEVEL",
                     help="a hint for the next step, as a teacher gives one: 1 (default) the technique "
                          "and its units, 2 also the cells, 3 the full step")
    how.add_argument("--html", metavar="FILE",
                     help="write a self-contained page to step through the solution (several puzzles: "
                          "FILE-1.html, ...)")
    e.set_defaults(run=run_explain)

    r = command(sub, "repair", "Remove or add the fewest givens to make a puzzle unique.", (
        "sudoku-cp repair 11..............",
        "sudoku-cp repair -f puzzles.txt --first 5 --backend cpsat --json",
        "sudoku-cp repair ................ --targets 200 --time-limit 60",
    ), more=reference("repair", "0 repaired (or nothing to repair), 1 nothing can repair it, 3 a check "
                                "failed, 4 time limit"))
    add_input_options(r)
    add_solver_options(r, encoding=True, several="a comma list cross-checks the count, and another "
                                                 "backend re-checks the repair")
    solving = group(r, "solving")
    solving.add_argument("--targets", type=positive_int, default=20, metavar="K",
                         help="givens to add: try each of the first K solutions as the one to keep (default "
                              "20); more can only lower the number")
    solving.add_argument("--max-rounds", type=positive_int, default=300, metavar="R",
                         help="hitting-set rounds per target before the greedy fallback (default 300)")
    r.set_defaults(run=run_repair)

    m = command(sub, "minimize", "Find the redundant givens and a minimal equivalent puzzle.", (
        "sudoku-cp minimize 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        "sudoku-cp minimize -f puzzles.txt --first 2 --backend sat,cpsat --seed 7 --json",
        "sudoku-cp minimize - --backend cpsat --time-limit 30 < puzzle.txt",
    ), more=reference("minimize", "0 done, 1 the puzzle is not unique, 4 time limit"))
    add_input_options(m)
    add_solver_options(m, encoding=True, several="a comma list: the first that can does the work, another "
                                                 "re-checks the minimal puzzle")
    group(m, "solving").add_argument("--seed", type=int, metavar="S", help="try the givens in a shuffled order")
    m.set_defaults(run=run_minimize)

    g = command(sub, "generate", "Generate unique puzzles of any size, reproducible by seed.", (
        "sudoku-cp generate --size 4 --seed 3",
        "sudoku-cp generate --size 9 --count 5 --seed 1 --backend cpsat,dfs --json",
        "sudoku-cp generate --count 2 --seed 7 --symmetry rotational --svg new.svg",
    ), more=reference("generate", "0 done, 1 the clue count was not reached, 2 bad options, 4 time limit"))
    puzzle = group(g, "puzzle")
    puzzle.add_argument("--size", type=int, default=9, metavar="N", help="grid size N (default 9)")
    puzzle.add_argument("--box", type=box_arg, metavar="RxC", help="box shape (default: square, else squarest)")
    puzzle.add_argument("--count", type=positive_int, default=1, metavar="K", help="how many puzzles (default 1)")
    puzzle.add_argument("--seed", type=int, metavar="S", help="random seed (default: a random one, printed)")
    how = puzzle.add_mutually_exclusive_group()
    how.add_argument("--minimal", action="store_true", help="remove clues until none can go (default)")
    how.add_argument("--clues", type=int, metavar="C", help="stop at exactly C clues")
    puzzle.add_argument("--symmetry", choices=("none", "rotational", "diagonal"), default="none",
                        help="remove cells in symmetric pairs: 180-degree rotation or main-diagonal mirror")
    puzzle.add_argument("--rules", metavar="PUZZLE",
                        help="generate variants with the rules of PUZZLE (a puzzle document, jigsaw or "
                             "f-puzzles string; its givens ignored)")
    group(g, "checking").add_argument(
        "--backend", default="cpsat", metavar="NAME[,NAME...]",
        help="who re-checks each puzzle's uniqueness, from the list below (default cpsat; dfs for small "
             "sizes); each of a comma list re-checks")
    renamed(g, "--verify-backend", "--backend")
    add_time_limit(g, "the whole generation (all --count puzzles)")
    output = group(g, "output")
    output.add_argument("--difficulty", action="store_true",
                        help="add difficulty signals: propagation alone, solver counters, and the Sudoku "
                             "Explainer rating of classic puzzles up to 9x9")
    output.add_argument("--fpuzzles", action="store_true",
                        help="after each puzzle, a '# f-puzzles: LINK' line that opens it (SudokuPad "
                             "too)")
    output.add_argument("--symbols", type=symbols_arg, metavar="STRING",
                        help="the alphabet for output (default 1-9 then A-Z)")
    output.add_argument("--json", action="store_true", help="one JSON object per puzzle")
    output.add_argument("--svg", metavar="FILE",
                        help="also draw each puzzle as an SVG picture (--count K > 1: FILE-1.svg .. "
                             "FILE-K.svg)")
    add_backend_list(g)
    g.set_defaults(run=run_generate)


def chosen(args) -> list:
    """The backends of --backend, with --encoding and --amo (one name each: one formula is built)."""
    no_comma_list(args.encoding, "--encoding", args.command, "to compare encodings use bench or analyze")
    no_comma_list(args.amo, "--amo", args.command, "to compare at-most-one encodings use bench or analyze")
    return resolve(args.backend, encoding=args.encoding, amo=args.amo)


def _print_extras(result: Explanation, args, prefix: str, many: bool) -> None:
    if result.conflicts:
        print("conflicts: " + "; ".join(c.describe() for c in result.conflicts))
    if result.core == []:  # variant rules can contradict themselves; classic rules never do
        print("core (0 givens): the rules have no solution even on the empty grid")
        if result.rules_core:
            print(f"constraints that contradict each other (each one needed for it): "
                  f"{'; '.join(result.rules_core)}")
    elif result.core is not None:
        head = ("1 given that cannot hold under the rules: without it" if len(result.core) == 1 else
                f"{len(result.core)} givens that cannot all hold; without any one of them")
        print(f"core ({head} the rest has a solution): {given_names(result.core)}")
        if result.rules_core:
            print(f"constraints the core needs (without any one of them its givens fit): "
                  f"{'; '.join(result.rules_core)}")
    if result.differences is not None and len(result.solutions) >= 2:
        print(f"two solutions differ in {len(result.differences)} cells: {cells_text(result.differences)}")
    for note in result.notes:
        print(f"note: {note}")
    if many:
        return
    marked = result.marked()
    if result.status is Status.MULTIPLE and len(result.solutions) >= 2:
        for k, sol in enumerate(result.solutions[:2], 1):
            print(f"solution {k} (differing cells marked):")
            print(show_board(result.puzzle, sol, marked, args.symbols,
                             meaning="differs between the two solutions", legend=k == 2))
    else:
        meaning = ("a given in the core" if result.core else
                   "a given in a conflict" if result.conflicts else None)
        print(show_board(result.puzzle, result.solution, marked, args.symbols, meaning=meaning))


def _count_text(result: Explanation) -> str:
    if result.count is None or result.status is not Status.MULTIPLE:
        return ""
    exact = "exactly" if result.complete else "at least"
    return f" ({exact} {result.count} solution{'s' if result.count != 1 else ''})"


def run_explain(args) -> int:
    if args.limit < 2:
        raise CliError(f"--limit {args.limit}: explain needs at least 2 to tell unique from multiple")
    backends = chosen(args)  # a bad name or option is a usage error before any work
    refuse_input_overwrite({"--svg": args.svg, "--html": args.html}, input_paths(args))
    check_output_path(args.svg, "--svg")

    stepwise = args.steps or args.next or args.hint is not None or args.html is not None
    pages: list = []  # puzzles whose page was written (FILE-1.html, FILE-2.html, ...)
    if args.html is not None:
        check_output_path(args.html, "--html")
        refuse_output_clash({"--svg": args.svg, "--html": args.html})

    def report(result: Explanation, prefix: str, many: bool, index: int) -> None:
        print(f"{prefix}{WORDS.get(result.status, result.status.value)}{_count_text(result)}")
        if result.backends:  # a cross-checked count: each backend's own status, time and counters
            print("\n".join(backend_lines(result, "    " if many else "  ")))
        if result.steps is not None:
            _print_steps(result, args)
        if not stepwise or result.status is not Status.UNIQUE:
            _print_extras(result, args, prefix, many)
        if args.svg:
            _write_svg(result, args, numbered_outputs(args), index)

    def compute(board):
        with Progress("steps") as bar, bar.ticking("explaining step by step") if stepwise else nullcontext():
            result = explain(board, args.limit, backends, args.time_limit, args.check,
                             steps=(1 if args.next or args.hint is not None else True) if stepwise else False)
        if result.steps is not None and args.html is not None:
            pages.append(board)
            _write_html(result, args, numbered_outputs(args), len(pages) - 1)
        return result, result.exit_code

    provers = backends if args.certify or args.proof else None
    return answer_each(args, compute, report, provers=provers)


def _print_steps(result: Explanation, args) -> None:
    steps, rules = result.steps, result.puzzle.rules
    if args.hint is not None:
        print(f"hint (level {args.hint} of 3): "
              + (steps[0].hint(rules, args.hint, args.symbols) if steps else "none, the grid is full"))
        return
    if args.next:
        print("next step: " + (steps[0].text(rules, args.symbols) if steps else "none, the grid is full"))
        return
    if args.steps:
        for k, step in enumerate(steps, 1):
            print(f"{k}. {step.text(rules, args.symbols)}")
    used = ", ".join(f"{name} {times}" for name, times in steps.techniques().items())
    print(f"{len(steps)} steps, each verified; techniques: {used or 'none'}")
    rated = steps.difficulty()
    if rated is not None:
        print(f"difficulty: SE {rated['se']:.1f} ({rated['level']}), hardest step: {rated['hardest']}")
    elif not steps.complete:
        print("difficulty: not rated (the time limit ended the steps)")
    elif not rules.is_classic:
        print("difficulty: not rated (the SE scale rates classic puzzles)")


def _write_html(result: Explanation, args, many: bool, index: int) -> None:
    path = Path(args.html)
    if many:
        path = path.with_name(f"{path.stem}-{index + 1}{path.suffix or '.html'}")
        refuse_input_overwrite({"--html": str(path)}, input_paths(args))
    with output_file(str(path)) as out:
        out.write(steps_page(result.steps, title="sudoku-cp: step by step", symbols=args.symbols))
    print(f"page written to {path}", file=sys.stderr if args.json else sys.stdout)


def _write_svg(result: Explanation, args, many: bool, index: int) -> None:
    path = Path(args.svg)
    if many:
        path = path.with_name(f"{path.stem}-{index + 1}{path.suffix or '.svg'}")
        refuse_input_overwrite({"--svg": str(path)}, input_paths(args))
    title = WORDS.get(result.status, result.status.value).split(":")[0]
    if result.core:
        title += f": core of {len(result.core)} givens (shaded)"
    elif result.differences:
        title += f": solution 1, the {len(result.differences)} cells where solution 2 differs shaded"
    solution = result.solutions[0] if result.solutions else result.solution
    with naming(str(path)):
        path.write_text(board_svg(result.puzzle, solution, result.marked(), symbols=args.symbols,
                                  title=title), encoding="utf-8")
    print(f"picture written to {path}")


def _add_kind(result: Explanation) -> str:
    """How good an ``add`` repair is, in words: proved fewest, or an upper bound."""
    stats, k = result.stats, len(result.add or ())
    lower = stats.get("lower_bound", 1)
    tried = {1: "", 2: "no single given makes it unique, so ",
             3: "no single given and no pair makes it unique, so "}.get(lower, "")
    if stats.get("global_minimum"):
        why = (f"{tried}{k} is the fewest" if k <= lower else
               "the fewest over all solutions, every one tried")
        return f"proved fewest: {why}" if k > 1 else "proved fewest: one given is the least any repair adds"
    kept = "the fewest for the solution kept" if stats.get("optimal") else "locally minimal"
    return f"an upper bound: {tried}the fewest is between {lower} and {k} ({k} is {kept})"


def run_repair(args) -> int:
    backends = chosen(args)

    def compute(board):
        with Progress("steps") as bar:
            result = repair(board, backends, args.time_limit, args.max_rounds, targets=args.targets,
                            progress=bar)
        if result.status is Status.UNKNOWN:
            return result, EXIT_TIMEOUT
        return result, EXIT_NEGATIVE if result.repaired is None else EXIT_OK  # None: the rules have no solution

    def report(result: Explanation, prefix: str, many: bool, index: int) -> None:
        print(f"{prefix}{WORDS.get(result.status, result.status.value)}")
        if result.remove:
            how = (f"a smallest set, proved by {result.stats.get('found_by')}" if result.stats.get("optimal")
                   else f"found by {result.stats.get('found_by')}, not proved smallest")
            print(f"remove {len(result.remove)} given{'s' if len(result.remove) != 1 else ''} "
                  f"({how}): {given_names(result.remove)}")
        if result.add:
            print(f"add {len(result.add)} given{'s' if len(result.add) != 1 else ''}: {given_names(result.add)}")
            print(f"  {_add_kind(result)}; uniqueness re-checked by {result.stats.get('verified_by')}")
        if result.status is Status.UNIQUE:
            print("nothing to repair")
        for note in result.notes:
            print(f"note: {note}")
        if result.repaired is not None:
            print(f"repaired puzzle: {format_puzzle(result.repaired, args.symbols)}")
            if not many:
                changed, meaning = ((result.add, "an added given") if result.add else
                                    (result.remove, "a removed given, its cell filled in by the solver"))
                print(show_board(result.repaired, result.solution, [(r, c) for r, c, _ in changed or ()],
                                 args.symbols, meaning=meaning))

    return answer_each(args, compute, report)


def run_minimize(args) -> int:
    backends = chosen(args)

    def compute(board):
        with Progress("steps") as bar:
            result = minimize(board, backends, args.time_limit, args.seed, progress=bar)
        code = {Status.UNIQUE: EXIT_OK, Status.UNKNOWN: EXIT_TIMEOUT}.get(result.status, EXIT_NEGATIVE)
        return result, code

    def report(result: Explanation, prefix: str, many: bool, index: int) -> None:
        print(f"{prefix}{WORDS.get(result.status, result.status.value)}{_count_text(result)}")
        if result.backends:  # a cross-checked count: each backend's own status, time and counters
            print("\n".join(backend_lines(result, "    " if many else "  ")))
        if result.status is not Status.UNIQUE or result.redundant is None or result.minimal is None:
            _print_extras(result, args, prefix, many)
            if result.status is Status.UNKNOWN:
                print("not minimized: the time limit ended the work first (try a longer --time-limit)")
            else:
                print("nothing to minimize: the puzzle must have exactly one solution")
            return
        total = len(result.puzzle.givens())
        if result.redundant:
            print(f"redundant givens ({len(result.redundant)} of {total}, each droppable alone): "
                  f"{given_names(result.redundant)}")
        else:
            print(f"redundant givens: none of the {total} (each is needed for uniqueness)")
        print(f"minimal puzzle ({len(result.minimal.givens())} givens, same solution, no given can "
              f"be dropped): {format_puzzle(result.minimal, args.symbols)}")
        if not many:
            print(show_board(result.minimal, symbols=args.symbols))
            if result.redundant:
                print("the puzzle given, redundant givens marked:")
                print(show_board(result.puzzle, None, [(r, c) for r, c, _ in result.redundant], args.symbols,
                                 meaning="redundant: dropping it alone keeps the puzzle unique"))
            else:
                print("no given is redundant: the puzzle given is already minimal")

    return answer_each(args, compute, report)


def clues_text(clues: int) -> str:
    """``"1 clue"``, ``"17 clues"``."""
    return f"{clues} clue{'' if clues == 1 else 's'}"


def run_generate(args) -> int:
    import random


    rules = None
    if args.rules is not None:
        try:
            rules = parse_puzzle(args.rules, args.box).rules
        except PuzzleError as exc:
            raise CliError(f"--rules: {exc}") from None
        shape = rules.shape
    else:
        shape = Shape.for_size(args.size, args.box)
    if args.json and args.fpuzzles:
        raise CliError("--fpuzzles prints links as '#' lines of the text output: expected --json or "
                       "--fpuzzles, not both")
    refused = no_share_link(Board.empty(shape, rules)) if args.fpuzzles and rules is not None else None
    if refused is not None:
        raise CliError(f"--fpuzzles: {refused}")
    cells = shape.size * shape.size
    if args.clues is not None and not 0 <= args.clues <= cells:
        raise CliError(f"--clues {args.clues}: expected a number of clues from 0 to {cells} for a "
                       f"{shape.size}x{shape.size}")
    if args.symbols is not None and len(args.symbols) < shape.size:
        raise CliError(f"--symbols has {len(args.symbols)} symbols: expected at least {shape.size} "
                       f"for a {shape.size}x{shape.size}")
    resolve(args.backend)  # a bad backend name is a usage error before any work
    check_output_path(args.svg, "--svg")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    deadline = Deadline(args.time_limit)
    made_count = 0
    bar = Progress("steps")
    try:
        for made in generate(shape, args.count, seed, clues=args.clues, symmetry=args.symmetry,
                             verify_backend=args.backend, deadline=deadline,
                             with_difficulty=args.difficulty, rules=rules, progress=bar):
            bar.close()  # the bar line goes before the puzzle is printed
            if args.svg:
                write_svg(numbered(args.svg, args.count > 1, made_count), made.puzzle,
                          symbols=args.symbols, quiet=True,
                          title=f"seed {made.seed}: {clues_text(made.clues)}, unique")
            made_count += 1
            if args.json:
                print(dumps(generated_record(made, args.symbols)), flush=True)
                continue
            what = "minimal" if made.minimal else "stopped at --clues"
            extra = ""
            if made.difficulty:
                d = made.difficulty
                dfs = (f"dfs nodes {d['dfs_nodes']}" if d["dfs_nodes"] is not None
                       else f"dfs nodes not counted (dfs did not finish within {DFS_SECONDS:g} s)"
                       if shape.size <= DFS_MAX_SIZE else f"dfs nodes not counted (dfs runs up to "
                                                          f"{DFS_MAX_SIZE}x{DFS_MAX_SIZE})")
                extra = (f"; propagation alone {'solves it' if d['propagation_solves'] else 'does not solve it'}"
                         f", SAT conflicts {d['sat_conflicts']}, {dfs}")
                if d.get("se") is not None:
                    extra += f"; SE {d['se']:.1f} ({d['level']}), hardest step: {d['hardest']}"
            kind = "" if made.puzzle.rules.is_classic else f" {made.puzzle.rules.name}"
            print(f"# seed {made.seed}: {shape}{kind}, {clues_text(made.clues)}, {what}, unique (re-checked by "
                  f"{made.verified_by}), {made.time_s:.2f} s{extra}")
            print(format_puzzle(made.puzzle, args.symbols), flush=True)
            if args.fpuzzles:
                print(f"# f-puzzles: {share_link(made.puzzle, made.solution)}", flush=True)
    except GenerateError as exc:
        bar.close()
        print(f"sudoku-cp: generate: {exc}", file=sys.stderr)
        return EXIT_NEGATIVE
    except TimeLimitReached as exc:
        bar.close()
        print(f"sudoku-cp: generate: {exc}", file=sys.stderr)
        return EXIT_TIMEOUT
    finally:
        bar.close()
    return EXIT_OK
