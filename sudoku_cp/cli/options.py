"""The options every command adds: value types (seconds, counts, box shapes, alphabets) and option groups."""

from __future__ import annotations

import argparse
import os

from ..backends.base import MAX_SECONDS
from ..core.board import MAX_SIZE, PuzzleError, parse_box
from ..formats.text import MAX_LINE_CHARS, MAX_PUZZLE_CHARS, check_symbols
from .usage import CliError


MAX_TIME_LIMIT = float(MAX_SECONDS)  # about 11.6 days; longer waits overflow the timers


def time_limit_arg(text: str) -> float:
    """``--time-limit``: seconds, > 0 and at most :data:`MAX_TIME_LIMIT`, in ASCII digits."""
    try:
        if not text.isascii():  # float() also reads full-width and other non-ASCII digits
            raise ValueError
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds: expected e.g. 10 "
                                         f"or 0.5") from None
    if not 0 < value <= MAX_TIME_LIMIT:  # also refuses nan and inf
        raise argparse.ArgumentTypeError(f"{text!r}: expected a number of seconds > 0 and at most "
                                         f"{MAX_TIME_LIMIT:.0f}")
    return value


TIME_LIMIT_UNCOVERED = ("Not counted: start-up and loading a solver package (OR-Tools: 0.3-2 s). "
                        "Building the model counts: a backend stops between the constraints it adds "
                        "('time limit reached while building the model (N of M constraints added)'), "
                        "and from 25x25 up CP-SAT, HiGHS, SCIP and Z3 run where the limit can stop them")


def time_limit_help(each: str = "each puzzle's answer (with one puzzle, the whole command)") -> str:
    """The one meaning of ``--time-limit`` in every command's --help: the time ``each`` thing may take."""
    return (f"the time {each} may take, every backend and step on it sharing these SECONDS; past "
            f"them the answer is 'unknown' (exit 4). {TIME_LIMIT_UNCOVERED}")


def positive_int(text: str) -> int:
    """A whole number >= 1 in ASCII digits (``int()`` also reads full-width digits)."""
    if not (text.isascii() and text.strip().isdigit()):
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number: expected e.g. 2")
    if len(text.strip()) > 18:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number below 10**18")
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number >= 1")
    return value


def symbols_arg(text: str) -> str:
    """``--symbols``: distinct characters, none of them whitespace or syntax (``.``, ``#``, ``,``, ...)."""
    try:
        return check_symbols(text)
    except PuzzleError as exc:
        raise argparse.ArgumentTypeError(str(exc).removeprefix("--symbols ")) from None


JOBS_PER_CPU = 4  # --force-jobs allows up to this many workers per CPU, never more


def jobs_arg_check(jobs: int, force: bool) -> None:
    """``--jobs`` above the number of CPUs is refused unless ``--force-jobs`` (each worker is a process);
    above :data:`JOBS_PER_CPU` times the CPUs it is refused even then."""
    cpus = os.cpu_count() or 1
    if jobs > cpus and not force:
        raise CliError(f"--jobs {jobs}: expected at most {cpus}, the number of CPUs here "
                       f"(--force-jobs allows up to {JOBS_PER_CPU * cpus})")
    if jobs > JOBS_PER_CPU * cpus:
        raise CliError(f"--jobs {jobs}: expected at most {JOBS_PER_CPU * cpus} even with --force-jobs "
                       f"({JOBS_PER_CPU} worker processes per CPU; more only wait for each other)")


def box_arg(text: str) -> tuple[int, int]:
    try:
        return parse_box(text)
    except PuzzleError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def add_input_options(parser: argparse.ArgumentParser, example: bool = False) -> None:
    """PUZZLE, -f FILE, '-', --box, --symbols, --json."""
    where = " With no puzzle at all, the built-in example (the classic board) is used." if example else ""
    parser.add_argument("puzzle", nargs="?", metavar="PUZZLE",
                        help="a puzzle: 81 symbols on one line (. or 0 blank), a pasted grid, JSON "
                             "rows, or integer rows; a variant as a puzzle document ({\"givens\": "
                             "..., \"constraints\": [{\"type\": \"diagonal\"}, ...]}, see the README), a "
                             "jigsaw as two lines (givens, then region labels), an f-puzzles / "
                             "SudokuPad link or share string (or f-puzzles' JSON), or a killer as the forums post it "
                             "(SudoCue's 3x3::k:...); '-' reads standard input." + where)
    parser.add_argument("-f", "--file", metavar="FILE",
                        help="read puzzles from FILE: one per line (puzzle documents, share "
                             "strings, f-puzzles JSON and SudoCue killer strings too; a jigsaw's lower-case region labels on the line below "
                             "its givens), or grids separated by blank "
                             "lines; '#' lines are comments. Read as a stream, any size; each "
                             f"line at most {MAX_LINE_CHARS:,} characters, each puzzle at most "
                             f"{MAX_PUZZLE_CHARS:,}, N at most {MAX_SIZE}")
    parser.add_argument("--box", type=box_arg, metavar="RxC",
                        help="box shape, e.g. 2x3 for a 6x6 (default: square boxes, else the "
                             "squarest R x C with R <= C; a size with no box shape, 5x5, 7x7, ..., "
                             "is a puzzle only with jigsaw regions, which replace the boxes)")
    parser.add_argument("--symbols", type=symbols_arg, metavar="STRING",
                        help="the alphabet, digit 1 first (default 1-9 then A-Z); e.g. "
                             "0123456789ABCDEF for hexadoku, where only '.' is blank")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object per puzzle (keys as in CONTRACT.md)")
    parser.add_argument("--rules-text", metavar="TEXT",
                        help="the rules of a SudokuPad link whose page, not the link, carries them (e.g. \"green "
                             "lines are German whispers; purple lines are renban\"): its colour words say what "
                             "each line drawing is; replaces the link's own rules text")
    parser.add_argument("--ignore-unread", action="store_true",
                        help="solve a SudokuPad link even where a drawing was not read (named on standard error; "
                             "the rules name in the answer ends '(read in part: N ignored)'): the answer is "
                             "about what was read, not necessarily the published puzzle")
    add_first_option(parser)


def add_first_option(parser: argparse.ArgumentParser) -> None:
    """``--first N``: only the first N puzzles of the input (``--limit`` counts solutions)."""
    parser.add_argument("--first", type=positive_int, metavar="N",
                        help="only the first N puzzles of the input (a puzzle that does not parse "
                             "counts as one); the rest of the input is not read")


def add_file_input(parser: argparse.ArgumentParser) -> None:
    """The input of a command that reads a file of puzzles: FILE, ``-f FILE``, ``-`` (stdin)."""
    parser.add_argument("puzzle_file", nargs="?", metavar="FILE",
                        help="the puzzle file ('-' for standard input; .gz read transparently): one "
                             "puzzle per line, or grids separated by blank lines; '#' lines are "
                             "comments")
    parser.add_argument("-f", "--file", metavar="FILE", help="the same, as an option")
    add_first_option(parser)


CROSS_CHECKS = ("'all' runs sat, cpsat and dfs and cross-checks them; a comma list (sat,cpsat) "
                "cross-checks those")


def add_solver_options(parser: argparse.ArgumentParser, default: str = "sat",
                       encoding: bool = False, several: str = CROSS_CHECKS) -> None:
    """--backend and --time-limit (and --encoding, --amo for the CNF backends when ``encoding``).

    ``several`` says what a comma list of backends does in this command.
    """
    from ..backends import backend_help
    from ..model.cnf import AMO_CHOICES, ENCODINGS

    if encoding:
        parser.add_argument("--encoding", metavar="NAME",
                            help=f"CNF encoding for the sat and external backends: {', '.join(ENCODINGS)} "
                                 "(default complete; Lynce and Ouaknine's minimal, efficient and "
                                 "extended encodings are minimal, natural and complete; see "
                                 "encodings/presets.md), or families joined by '+' such as "
                                 "cell-alo+unit-amo (see encodings/README.md). One name: to compare "
                                 "encodings use bench or analyze")
        parser.add_argument("--amo", metavar="NAME",
                            help=f"at-most-one encoding for the sat and external backends: "
                                 f"{', '.join(AMO_CHOICES)} (default pairwise up to 25x25, "
                                 "seqcounter above, where pairwise clauses explode: 33 million on "
                                 "an empty 64x64; native needs sat:minicard). The default picks "
                                 "what measured fastest for the size: plain sat answers 16x16 and "
                                 "larger with sat:minicard and native at-most-one (an empty 49x49 "
                                 "in 1-3 s, not 25 s or more; bench/bench_large.py); naming a solver or "
                                 "--amo turns that off")

    parser.add_argument("--backend", default=default, metavar="NAME[,NAME...]",
                        help=f"who solves (default {default}): {backend_help()}. {several}")
    parser.add_argument("--time-limit", type=time_limit_arg, metavar="SECONDS", help=time_limit_help())


def add_certify_options(parser: argparse.ArgumentParser) -> None:
    """--certify and --proof DIR."""
    parser.add_argument("--certify", action="store_true",
                        help="check each answer with a checker that did not find it, before it is "
                             "printed: 'unique' and 'unsat' by a DRAT proof from the sat backend "
                             "replayed by dratify (the puzzle's formula, plus for 'unique' the clause "
                             "'some blank differs from this solution', is unsatisfiable), 'solved' by "
                             "the solution checker, 'multiple' by two distinct checked solutions. A "
                             "refused proof is exit 3. Backends that cannot prove (cpsat, dfs, "
                             "sat:minisat22) leave 'unique'/'unsat' uncertified and say so. The "
                             "proof and its check count against --time-limit: one not checked in "
                             "time makes the answer 'unknown' (exit 4). See encodings/certificates.md")
    parser.add_argument("--proof", metavar="DIR",
                        help="with --certify (implied): write the exact CNF and DRAT proof of each "
                             "certified 'unique'/'unsat' claim to DIR (puzzle-LINE-STATUS.cnf/.drat) "
                             "and a README.txt on re-checking them with another checker")
