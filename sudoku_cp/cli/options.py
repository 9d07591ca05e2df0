"""The options every command adds: value types (seconds, counts, box shapes, alphabets) and option groups."""

from __future__ import annotations

import argparse
import os

from ..backends.base import MAX_SECONDS
from ..core.board import PuzzleError, parse_box
from ..formats.text import check_symbols
from .usage import CliError, group, section


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


def time_limit_help(each: str = "each puzzle's answer") -> str:
    """The one meaning of ``--time-limit`` in every command's --help: the time ``each`` thing may take.

    What the time covers (start-up and loading a solver package do not count, building the model
    does) is in the README's table of shared options.
    """
    return (f"the time {each} may take, every backend and step on it sharing these SECONDS; then "
            f"'unknown', exit 4")


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
    """PUZZLE, -f FILE, '-', --box, --symbols, --rules-text, --ignore-unread, --first (``input``) and --json (``output``)."""
    where = "; none: the built-in example" if example else ""
    inputs = group(parser, "input")
    inputs.add_argument("puzzle", nargs="?", metavar="PUZZLE",
                        help="one puzzle: a line of N*N symbols (. or 0 blank), a grid, JSON, an "
                             f"f-puzzles, SudokuPad or Penpa+ link; - reads standard input{where}")
    inputs.add_argument("-f", "--file", metavar="FILE",
                        help="read puzzles from FILE (.gz too): one per line, or grids separated by "
                             "blank lines; '#' lines are comments")
    add_first_option(parser)
    add_shape_options(parser)
    inputs.add_argument("--rules-text", metavar="TEXT",
                        help="a SudokuPad or Penpa+ link's or f-puzzles string's rules, when its page carries "
                             "them and the link does not: the colour words say what each line is")
    inputs.add_argument("--ignore-unread", action="store_true",
                        help="solve a SudokuPad or Penpa+ link or f-puzzles string even where a drawing was "
                             "not read (named on standard error)")
    group(parser, "output").add_argument("--json", action="store_true",
                                         help="print one JSON object per puzzle (keys as in CONTRACT.md)")


def add_shape_options(parser: argparse.ArgumentParser) -> None:
    """``--box RxC`` and ``--symbols STRING`` (``input``)."""
    inputs = group(parser, "input")
    inputs.add_argument("--box", type=box_arg, metavar="RxC",
                        help="box shape, e.g. 2x3 for a 6x6 (default: square boxes, else the squarest "
                             "R x C with R <= C)")
    inputs.add_argument("--symbols", type=symbols_arg, metavar="STRING",
                        help="the alphabet, digit 1 first (default 1-9 then A-Z); e.g. "
                             "0123456789ABCDEF for hexadoku, where only '.' is blank")


def add_first_option(parser: argparse.ArgumentParser) -> None:
    """``--first N``: only the first N puzzles of the input (``--limit`` counts solutions)."""
    group(parser, "input").add_argument(
        "--first", type=positive_int, metavar="N",
        help="only the first N puzzles of the input (one that does not parse counts); the rest is "
             "not read")


def add_file_input(parser: argparse.ArgumentParser) -> None:
    """The input of a command that reads a file of puzzles: FILE, ``-f FILE``, ``-`` (stdin)."""
    inputs = group(parser, "input")
    inputs.add_argument("puzzle_file", nargs="?", metavar="FILE",
                        help="the puzzle file (.gz too; - for standard input): one puzzle per line, or "
                             "grids separated by blank lines; '#' lines are comments")
    inputs.add_argument("-f", "--file", metavar="FILE", help="the same, as an option")
    add_first_option(parser)


CROSS_CHECKS = "'all' or a comma list (sat,cpsat) cross-checks them"


def add_solver_options(parser: argparse.ArgumentParser, default: str = "sat",
                       encoding: bool = False, several: str = CROSS_CHECKS) -> None:
    """--backend (and --encoding, --amo for the CNF backends when ``encoding``) in ``solving``,
    --time-limit in ``limits``, and the list of backends after the options.

    ``several`` says what a comma list of backends does in this command.
    """
    group(parser, "solving").add_argument("--backend", default=default, metavar="NAME[,NAME...]",
                                          help=f"who solves, from the list below (default {default}); {several}")
    if encoding:
        add_encoding_options(parser, who=" for sat and external")
    add_time_limit(parser)
    add_backend_list(parser)


def add_backend_list(parser: argparse.ArgumentParser) -> None:
    """The registered backends, one entry each, after the options of a command that takes ``--backend``."""
    from ..backends import REGISTRY

    section(parser, "backends (--backend NAME, NAME:OPTION)", [(name, entry.summary) for name, entry in REGISTRY.items()])


def add_encoding_options(parser: argparse.ArgumentParser, heading: str = "solving", many: bool = False,
                         default: str | None = None, who: str = "") -> None:
    """``--encoding`` and ``--amo`` under ``heading`` (comma lists when ``many``); ``who`` says which
    backends read them."""
    from ..model.cnf import ENCODINGS

    lists = "; a comma list compares them, 'all' every one" if many else ""
    options = group(parser, heading)
    options.add_argument("--encoding", default=default, metavar="NAME",
                         help=f"the CNF{who}: {', '.join(ENCODINGS)} (default {'all' if many else 'complete'}), "
                              f"or families joined by + (encodings/presets.md){lists}")
    options.add_argument("--amo", default=None, metavar="NAME",
                         help=f"the at-most-one encoding{who}: pairwise, seqcounter, bitwise, native, ... "
                              f"(all, and the default by size: encodings/at-most-one.md){lists}")


def add_time_limit(parser: argparse.ArgumentParser, each: str = "each puzzle's answer") -> None:
    """``--time-limit SECONDS`` (``limits``): the time ``each`` thing may take."""
    group(parser, "limits").add_argument("--time-limit", type=time_limit_arg, metavar="SECONDS",
                                         help=time_limit_help(each))


def add_certify_options(parser: argparse.ArgumentParser) -> None:
    """--certify and --proof DIR (``checking``)."""
    checking = group(parser, "checking")
    checking.add_argument("--certify", action="store_true",
                          help="check each answer with a checker that did not find it (a DRAT proof for "
                               "unique and unsat); a refused proof is exit 3")
    checking.add_argument("--proof", metavar="DIR",
                          help="keep each certified claim's CNF and DRAT proof in DIR, for check-proof "
                               "(implies --certify)")
