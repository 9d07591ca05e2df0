"""What every command shares: input options, reading puzzles, printing boards and results."""

from __future__ import annotations

import argparse
import errno
import fcntl
import io
import os
import re
import stat
import sys
import zlib
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from itertools import chain, islice

from ..backends.base import MAX_SECONDS, Deadline
from ..core.board import MAX_SIZE, Board, PuzzleError, parse_box
from ..core.results import EXIT_DISAGREE, EXIT_USAGE, Result, Status, worst_exit
from ..formats.text import (
    MAX_LINE_CHARS,
    MAX_PUZZLE_CHARS,
    Entry,
    check_symbols,
    format_grid,
    format_line,
    format_regions,
    iter_entries,
    parse_puzzle,
)

# Tasks, solver encodings and the JSON writer are imported where they are used, so that a
# command imports only what it runs (sudoku-cp validate starts fast: cli/__init__.py).


class CliError(Exception):
    """A usage or input error: printed as one line on stderr, exit code 2."""


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
                             "SudokuPad link or share string (or f-puzzles' JSON: its rule keys, and its cosmetic "
                             "drawings where the rules text explains them; one nothing explains is decoration only "
                             "when the puzzle's own solution is the only one without it, else it is refused by "
                             "name), or a killer as the forums post it (SudoCue's 3x3::k:...); '-' reads standard "
                             "input." + where)
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
                        help="the rules of a SudokuPad link or f-puzzles string whose page, not the link, carries "
                             "them (e.g. \"green lines are German whispers; purple lines are renban\"): its colour "
                             "words say what each line drawing is; replaces the link's own rules text")
    parser.add_argument("--ignore-unread", action="store_true",
                        help="solve a SudokuPad link or f-puzzles string even where a drawing was not read (named "
                             "on standard error; "
                             "the rules name in the answer ends '(read in part: N ignored)'): the answer is "
                             "about what was read, not necessarily the published puzzle")
    add_first_option(parser)


class Help(argparse.HelpFormatter):
    """--help text: a description or epilog with line breaks is kept as written (examples), others wrapped."""

    def _fill_text(self, text, width, indent):
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def add_first_option(parser: argparse.ArgumentParser) -> None:
    """``--first N``: only the first N puzzles of the input (``--limit`` counts solutions)."""
    parser.add_argument("--first", type=positive_int, metavar="N",
                        help="only the first N puzzles of the input (a puzzle that does not parse "
                             "counts as one); the rest of the input is not read")


class _Renamed(argparse.Action):
    """An option's old spelling: using it is a one-line usage error naming the new one (exit 2)."""

    def __init__(self, option_strings, dest, message: str = "", **kwargs):
        super().__init__(option_strings, dest, nargs="?", help=argparse.SUPPRESS, **kwargs)
        self.message = message

    def __call__(self, parser, namespace, values, option_string=None):
        parser.error(self.message)


def renamed(parser: argparse.ArgumentParser, old: str, new: str, message: str | None = None) -> None:
    """Make the old spelling ``old`` of an option an error that names ``new`` (hidden from --help).

    ``message`` replaces the default "``old`` is now ``new``" when the old option meant something
    else (``--limit`` for puzzles: "--limit counts solutions; use --first N ...").
    """
    parser.add_argument(old, dest=f"renamed_{old.lstrip('-').replace('-', '_')}", action=_Renamed,
                        message=message or f"{old} is now {new}")


def now_a_switch(parser: argparse.ArgumentParser, option: str, message: str) -> None:
    """``option`` (a switch now) followed by a value it once took is a usage error saying ``message``."""
    setattr(parser, "former_values", {**getattr(parser, "former_values", {}), option: message})


def no_comma_list(value: str | None, option: str, command: str, instead: str) -> None:
    """A :class:`CliError` when an option that takes one name here was given a comma list."""
    if value is not None and "," in value:
        raise CliError(f"{option} {value}: {command} takes one name here, not a comma list "
                       f"({instead})")


def add_file_input(parser: argparse.ArgumentParser) -> None:
    """The input of a command that reads a file of puzzles: FILE, ``-f FILE``, ``-`` (stdin)."""
    parser.add_argument("puzzle_file", nargs="?", metavar="FILE",
                        help="the puzzle file ('-' for standard input; .gz read transparently): one "
                             "puzzle per line, or grids separated by blank lines; '#' lines are "
                             "comments")
    parser.add_argument("-f", "--file", metavar="FILE", help="the same, as an option")
    add_first_option(parser)


def input_file(args) -> str:
    """The one puzzle file named by FILE or ``-f FILE`` (``-`` is standard input)."""
    if args.puzzle_file is not None and args.file is not None:
        raise CliError(f"give FILE or -f FILE, not both (got {args.puzzle_file} and -f {args.file})")
    path = args.file if args.file is not None else args.puzzle_file
    if path is None:
        raise CliError("no puzzle file given: expected FILE, -f FILE or '-' for standard input")
    return path


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


def proof_dir(path: str | None, inputs=()) -> str | None:
    """``--proof DIR``, checked (made when missing) before any work.

    An input file that a proof could write over (``DIR/README.txt``, ``DIR/puzzle-LINE-STATUS.cnf``
    or ``.drat``) is refused.
    """
    if path is None:
        return None
    if os.path.exists(path) and not os.path.isdir(path):
        raise CliError(f"--proof {path}: is a file: expected a directory for the proof files")
    for source in inputs:
        if source in (None, "-") or not os.path.isdir(path):
            continue
        name = os.path.basename(os.path.realpath(source))
        if name == "README.txt" or re.fullmatch(r"puzzle-\d+-[a-z]+\.(cnf|drat)", name):
            refuse_input_overwrite({"--proof": os.path.join(path, name)}, [source])
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as exc:
        raise CliError(f"--proof {path}: cannot make the directory ({exc.strerror}): expected a "
                       f"writable path") from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise CliError(f"--proof {path}: permission denied: expected a directory you can write")
    return path


def describe_certificate(result: Result) -> str | None:
    """One line on how an answer was certified, for people."""
    cert = result.certificate
    if cert is None:
        return None
    claim = "no other solution" if result.status is Status.UNIQUE else "no solution"
    what = {"drat": f"DRAT proof of {claim} ({cert.lemmas} lemmas)",
            "solution": "the solution", "two-solutions": "two distinct solutions"}[cert.kind]
    return f"certified: {what} checked by {cert.checker} in {cert.check_s:.3f} s"


def open_text(path: str):
    """Open a puzzle file for reading, with errors that say what is wrong with the path.

    Bytes that are not UTF-8 are kept as lone surrogates ("surrogateescape"), so the parser
    reports them for their own line (``byte 0xFF, not UTF-8``) and the other lines still count.
    A name ending in ``.gz`` is read through gzip (``sudoku-cp batch data/top1465.txt.gz``).
    Only a regular file is read (:func:`~sudoku_cp.core.files.open_regular`): a device such as
    /dev/zero, a FIFO or a directory is refused by name, never read or waited on.
    """
    if path == "-":
        return _stdin()
    from ..core.files import NotAFile, open_regular

    try:
        raw = open_regular(path, "expected a puzzle file (a pipe is read as '-', standard input)")
        if path.endswith(".gz"):
            if raw.read(2) != b"\x1f\x8b":
                raw.close()
                raise CliError(f"{path}: not gzip data: expected a gzip-compressed puzzle file "
                               f"(or a name without .gz)")
            raw.seek(0)
            return io.TextIOWrapper(_gzip_input(path, raw), encoding="utf-8", errors="surrogateescape",
                                    newline="")
        return io.TextIOWrapper(raw, encoding="utf-8", errors="surrogateescape", newline="")
    except NotAFile as exc:  # a device, a FIFO, a directory: refused, never read or waited on
        raise CliError(str(exc)) from None
    except FileNotFoundError:
        raise CliError(f"{path}: no such file: expected an existing puzzle file") from None
    except PermissionError:
        raise CliError(f"{path}: permission denied: expected a file you can read") from None
    except OSError as exc:
        raise CliError(f"{path}: cannot read it ({exc.strerror}): expected a readable puzzle file") from None


def _gzip_input(path: str, raw):
    """A gzip puzzle file that, cut short or corrupt, is a :class:`CliError` naming it, not a traceback.

    gzip is imported here, on use: most commands never read a .gz file (start-up time).
    """
    import gzip

    class GzipInput(gzip.GzipFile):
        def read(self, size=-1):
            return self._checked(super().read, size)

        def read1(self, size=-1):
            return self._checked(super().read1, size)

        def _checked(self, read, size):
            try:
                return read(size)
            except (EOFError, zlib.error, gzip.BadGzipFile) as exc:
                raise CliError(f"{self.name}: damaged gzip data ({exc}): expected a whole gzip "
                               f"file") from None

        def close(self):
            super().close()
            raw.close()  # GzipFile leaves a file object it was given open

    return GzipInput(path, "rb", fileobj=raw)


def _stdin():
    """Standard input as UTF-8 with bytes that are not UTF-8 escaped, and line endings kept."""
    stream = sys.stdin
    if hasattr(stream, "reconfigure"):
        try:
            stream.reconfigure(encoding="utf-8", errors="surrogateescape", newline="")
        except (ValueError, OSError):  # already read from: keep its settings
            pass
    return stream


def read_lines(stream, path: str) -> Iterator[str]:
    """The lines of a text stream, each read with bounded memory.

    A line longer than ``MAX_LINE_CHARS`` is cut there (the rest is read and dropped in chunks),
    so the parser reports it as too long and a 10 GB line costs no more memory than a short one.
    """
    limit = MAX_LINE_CHARS + 2
    lineno = 0
    try:
        while True:
            line = stream.readline(limit)
            if not line:
                return
            lineno += 1
            if len(line) == limit and not line.endswith(("\n", "\r")):
                while True:  # drop the rest of the over-long line
                    more = stream.readline(1 << 16)
                    if not more or more.endswith(("\n", "\r")):
                        break
            yield line
    except UnicodeDecodeError as exc:
        raise CliError(f"{path}: line {lineno + 1}: not UTF-8 text ({exc.reason}): expected UTF-8") from None
    except OSError as exc:
        raise CliError(f"{path}: line {lineno + 1}: cannot read it ({exc.strerror}): expected a readable file") from None


def input_paths(args) -> list[str]:
    """The input files of a command's arguments: ``-f FILE`` (or batch's FILE), and ``-`` for stdin."""
    paths = [getattr(args, "file", None)] + (["-"] if getattr(args, "puzzle", None) == "-" else [])
    return [path for path in paths if path is not None]


def _identity(source: str) -> tuple[int, int] | None:
    """(device, inode) of an input file, standard input's (``-``) when it is a redirected file."""
    try:
        if source == "-":
            info = os.fstat(sys.stdin.fileno())
            return (info.st_dev, info.st_ino) if stat.S_ISREG(info.st_mode) else None
        info = os.stat(source)
    except (OSError, ValueError, AttributeError):  # no such file; a stdin without a file number
        return None
    return info.st_dev, info.st_ino


def refuse_input_overwrite(outputs: dict[str, str | None], inputs) -> None:
    """Refuse, before any work, an output path that is one of the command's input files.

    ``outputs`` maps each option to its path (``{"-o": args.output, "--csv": args.csv}``);
    ``inputs`` are the input paths (None skipped; ``-`` is standard input, caught when it is a
    redirected file). Paths are compared by what they lead to (device and inode), so ``./x``,
    ``x``, a symlink or a hard link to the input are all the input. Only an output that is an
    existing regular file can be an input written over.
    """
    for option, out in outputs.items():
        if out is None or out == "-":
            continue
        try:
            info = os.stat(out)
        except OSError:
            continue
        if not stat.S_ISREG(info.st_mode):
            continue
        for source in inputs:
            if source is not None and _identity(source) == (info.st_dev, info.st_ino):
                what = "standard input" if source == "-" else f"the input file {source}"
                raise CliError(f"{option} {out} is {what}: expected another file to write (no "
                               f"command writes over its input)")


def refuse_output_clash(outputs: dict[str, str | None]) -> None:
    """Refuse, before any work, two output options that name one file (the second would overwrite the first).

    Paths are compared by what they lead to (``./x``, ``x`` and a symlink to ``x`` are one file);
    ``None`` and ``-`` (standard output) are skipped.
    """
    seen: dict[str, str] = {}
    for option, path in outputs.items():
        if path is None or path == "-":
            continue
        key = os.path.realpath(path)
        if key in seen:
            raise CliError(f"{seen[key]} and {option} both name {path}: expected two different files "
                           f"(one would overwrite the other)")
        seen[key] = option


@contextmanager
def output_file(path: str | None, binary: bool = False):
    """A file to write a command's output to, all or nothing (``None`` or ``-``: standard output).

    A regular file (new, or reached through a symlink, which stays a symlink) is written to a
    temporary file beside it that replaces it only when the block ends without an exception, so
    an error, a Ctrl-C or a full disk never leaves a partial file. Anything else that exists (a
    device such as /dev/null, a FIFO, a link to standard output) is written in place: never
    removed or replaced. A path that cannot be written is a :class:`CliError` before any work.
    """
    if path is None or path == "-":
        yield sys.stdout.buffer if binary else sys.stdout
        return
    if os.path.isdir(path):
        raise CliError(f"{path}: is a directory: expected a file name to write")
    try:
        existing = os.stat(path)  # through symlinks
    except OSError:
        existing = None
    if existing is not None and not stat.S_ISREG(existing.st_mode):
        fd = open_in_place(path, os.O_WRONLY | os.O_TRUNC)
        handle = os.fdopen(fd, "wb") if binary else os.fdopen(fd, "w", encoding="utf-8", newline="\n")
        with naming(path), handle:  # a full device (/dev/full) names the path, not standard output
            yield handle
        return
    import tempfile  # here, not at the top: it costs every command's start (random, shutil)

    target = os.path.realpath(path)  # a symlink's target is replaced, the link itself stays
    directory = os.path.dirname(target)
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".sudoku-cp-", suffix=".part")
    except FileNotFoundError:
        raise CliError(f"{path}: no such directory {directory!r}: expected a path in an existing directory") from None
    except PermissionError:
        raise CliError(f"{path}: permission denied: expected a path you can write") from None
    except OSError as exc:
        raise CliError(f"{path}: cannot write there ({exc.strerror}): expected a writable path") from None
    try:
        if existing is not None:
            mode = stat.S_IMODE(existing.st_mode)  # the file keeps its mode
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask  # mkstemp makes 0600; give a new file the usual mode
        os.chmod(tmp, mode)
        with naming(path), (os.fdopen(fd, "wb") if binary else
                            os.fdopen(fd, "w", encoding="utf-8", newline="\n")) as out:
            yield out
        os.replace(tmp, target)
    except BaseException:
        with suppress(OSError):
            os.unlink(tmp)
        raise


FIFO_WAIT = 10.0  # seconds a FIFO output may wait for its reader (SUDOKU_CP_FIFO_WAIT sets others)


def fifo_wait() -> float:
    """:data:`FIFO_WAIT`, or the seconds in ``SUDOKU_CP_FIFO_WAIT``."""
    try:
        return max(0.0, float(os.environ.get("SUDOKU_CP_FIFO_WAIT", FIFO_WAIT)))
    except ValueError:
        return FIFO_WAIT


def open_in_place(path: str, flags: int) -> int:
    """A file descriptor for writing ``path`` where it is (a device, a FIFO, a file), never waiting forever.

    A FIFO that no process reads would block the open for ever (a time limit included): it is
    opened without blocking, tried again while its reader may still be starting (``cat FIFO &``
    started just before), and after :func:`fifo_wait` seconds with no reader it is a
    :class:`CliError` saying so. Once open, writes block as usual (the reader sets the pace).
    """
    import time

    end = time.monotonic() + fifo_wait()
    while True:
        try:
            fd = os.open(path, flags | os.O_NONBLOCK)
            break
        except IsADirectoryError:
            raise CliError(f"{path}: is a directory: expected a file name to write") from None
        except OSError as exc:
            if exc.errno != errno.ENXIO:
                raise CliError(f"{path}: cannot write it ({exc.strerror}): expected a writable path") from None
            if time.monotonic() >= end:
                raise CliError(f"{path}: a FIFO that no process opened for reading within {fifo_wait():g} s: "
                               f"expected its reader started first (e.g. cat {path} &), or a regular "
                               f"file") from None
            time.sleep(0.02)
    os.set_blocking(fd, True)
    return fd


@contextmanager
def naming(path: str):
    """An :class:`OSError` raised inside without a file name (a write, a close) gets ``path``.

    So "No space left on device" says which file (``main`` prints the name).
    """
    try:
        yield
    except OSError as exc:
        if exc.filename is None:
            exc.filename = path
        raise


def check_output_path(path: str | None, option: str) -> None:
    """A :class:`CliError` now, before any work, when ``path`` (given to ``option``) cannot be written.

    ``None`` and ``-`` (standard output) pass. The directory must exist and be writable (or
    the file itself, when it exists, writable), and the path must not be a directory.
    """
    if path is None or path == "-":
        return
    if os.path.isdir(path):
        raise CliError(f"{option} {path}: is a directory: expected a file name to write")
    directory = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(directory):
        raise CliError(f"{option} {path}: no such directory {directory!r}: expected a path in an "
                       f"existing directory")
    if not os.access(directory, os.W_OK | os.X_OK) and not os.access(path, os.W_OK):
        raise CliError(f"{option} {path}: permission denied: expected a path you can write")


class RecordFile:
    """An output file written record by record (``batch -o``), locked against a second writer.

    Opened for appending and locked (``flock``, not waiting): a second ``sudoku-cp`` on the same
    file is refused before it writes anything. A regular file that existed is emptied only when
    the first record is written, unless ``keep`` (``--resume``), so a run that finds no puzzle
    leaves an earlier results file as it was; :meth:`discard` removes the file only when this
    run created it and wrote nothing. Devices and FIFOs are written in place, never locked,
    truncated or removed.
    """

    def __init__(self, path: str, keep: bool):
        self.path = path
        flags = os.O_WRONLY | os.O_APPEND
        try:
            fd = os.open(path, flags | os.O_CREAT | os.O_EXCL, 0o666)
            self.created = True
        except FileExistsError:
            fd = open_in_place(path, flags)  # a FIFO with no reader: refused, not waited for
            self.created = False
        except OSError as exc:
            raise CliError(f"{path}: cannot write it ({exc.strerror}): expected a writable path") from None
        info = os.fstat(fd)
        self.regular = stat.S_ISREG(info.st_mode)
        self.identity = (info.st_dev, info.st_ino)
        if self.regular:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                os.close(fd)
                raise CliError(f"{path}: another sudoku-cp is writing to it: expected one writer per "
                               f"output file (wait for the other run, or choose another -o)") from None
        self.handle = os.fdopen(fd, "a", encoding="utf-8", newline="\n")
        self.pending_truncate = self.regular and not keep and not self.created
        self.written = False

    def write(self, text: str) -> int:
        if self.pending_truncate:
            self.handle.truncate(0)
            self.pending_truncate = False
        self.written = True
        return self.handle.write(text)

    def flush(self) -> None:
        self.handle.flush()

    def close(self) -> None:
        self.handle.close()  # also releases the lock

    def discard(self) -> None:
        """Remove the file if this run created it and wrote nothing to it (before :meth:`close`)."""
        if not (self.created and self.regular and not self.written):
            return
        with suppress(OSError):
            info = os.stat(self.path, follow_symlinks=False)
            if (info.st_dev, info.st_ino) == self.identity and info.st_size == 0:
                os.unlink(self.path)


def no_puzzle_message(path: str) -> str:
    where = "standard input" if path == "-" else path
    return (f"{where}: no puzzle found: expected one puzzle per line, or grids separated by blank "
            f"lines ('#' lines are comments)")


def read_entries(args, example: bool = False) -> Iterator[Entry]:
    """The puzzles a command was given, one :class:`Entry` each (bad ones carry their error).

    A file with no puzzle at all (empty, or only comments and blank lines) is a :class:`CliError`.
    """
    if args.file is not None and args.puzzle is not None:
        raise CliError("give a PUZZLE or -f FILE, not both")
    from ..formats import sudokupad

    with sudokupad.options(getattr(args, "rules_text", None), getattr(args, "ignore_unread", False)):
        yield from _entries(args, example)


def _entries(args, example: bool) -> Iterator[Entry]:
    first = getattr(args, "first", None)
    if args.file is not None:
        stream = open_text(args.file)
        name = "standard input" if args.file == "-" else args.file
        found = 0
        try:
            entries = iter_entries(read_lines(stream, name), args.box, args.symbols)
            if first is not None:  # --first N: the rest is not read
                entries = islice(entries, first)
            if getattr(args, "svg", None) or getattr(args, "html", None):  # a file per puzzle:
                head = list(islice(entries, 2))  # X.svg for one puzzle, X-1.svg, X-2.svg, ... for several
                args.several_puzzles = len(head) > 1
                entries = chain(head, entries)
            for entry in entries:
                found += 1
                _say_ignored(f"line {entry.line}: ")
                yield entry
        finally:
            if stream is not sys.stdin:
                stream.close()
        if not found:
            raise CliError(f"{name}: no puzzle found: expected one puzzle per line, or grids "
                           f"separated by blank lines ('#' lines are comments)")
        return
    if args.puzzle is None:
        if not example:
            raise CliError("no puzzle given: expected PUZZLE, '-' or -f FILE (see --help)")

        print("sudoku-cp: no puzzle given; using the built-in example (the classic board)",
              file=sys.stderr)
        from ..examples import classic

        yield Entry(0, 1, "", classic() if args.box is None else _reshape(classic(), args))
        return
    if args.puzzle == "-":
        text = _stdin().read(MAX_PUZZLE_CHARS + 1)  # parse_puzzle refuses anything longer
    else:
        text = args.puzzle
    try:
        board = parse_puzzle(text, args.box, args.symbols)
        _say_ignored("")
        yield Entry(0, 1, text, board)
    except PuzzleError as exc:
        if args.puzzle == "-":
            raise CliError(f"standard input: {exc}") from None
        hint = ""
        if len(args.puzzle) < 4096 and os.path.exists(args.puzzle):
            hint = f" (to read the file {args.puzzle!r}, use -f {args.puzzle})"
        raise CliError(f"{exc}{hint}") from None


def _say_ignored(where: str) -> None:
    """Under --ignore-unread, the drawings a SudokuPad read left out, on standard error (one line)."""
    from ..formats import sudokupad

    left = sudokupad.ignored()
    if left:
        print(f"sudoku-cp: {where}read in part (--ignore-unread): ignored {'; '.join(left)}", file=sys.stderr)


def numbered_outputs(args) -> bool:
    """Whether a command's files per puzzle (``--svg``, ``--html``) are numbered: its input holds more
    than one puzzle (``-f FILE`` with one puzzle writes ``X.svg``, as a PUZZLE argument does)."""
    return getattr(args, "several_puzzles", args.file is not None)


def _reshape(board: Board, args) -> Board:
    return parse_puzzle(format_line(board), args.box, None)


def use_color(stream=None) -> bool:
    stream = stream or sys.stdout
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def show_board(board: Board, solution: Board | None = None, marked=(), symbols: str | None = None,
               color: bool | None = None, meaning: str | None = None, legend: bool = True) -> str:
    """A board for people, with marks that do not need colour: ``[5]`` for the ``marked`` cells
    and, when a ``solution`` is shown, ``5*`` for the givens (the other digits were filled in).

    Colour (on a terminal, unless ``NO_COLOR``) adds to the marks, never replaces them: marked
    cells red, filled cells cyan, givens bold. With ``legend`` a line after the grid explains the
    marks, ``meaning`` saying what a marked cell is (``"[5] = differs between the two
    solutions"``); print it once when several grids share the marks. A grid with no marks at all
    is the plain printed board, which parses back. A jigsaw's regions follow as a grid of labels
    (the grid itself has no box lines then).

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> print(show_board(parse_puzzle("1.3...4.3.4.2.1."), marked=[(0, 0)], color=False,
    ...                  meaning="a given in a conflict"))
    [1] . | 3  .
     .  . | 4  .
    ------+------
     3  . | 4  .
     2  . | 1  .
    marks: [1] = a given in a conflict
    """
    texts: dict[tuple[int, int], str] = {}
    plain = format_grid(solution or board, symbols, lambda r, c, text: texts.setdefault((r, c), text))
    marked = list(dict.fromkeys(marked))
    starred = solution is not None and any(board.cells) and not all(board.cells)
    color = use_color() if color is None else color
    if marked or starred:
        grid = _marked_grid(board, texts, set(marked), starred, solution is not None, color)
    elif color:
        grid = format_grid(solution or board, symbols, lambda r, c, text: f"\x1b[1m{text}\x1b[0m")
    else:
        grid = plain
    regions = format_regions(board)
    if regions is not None:
        grid = f"{grid}\nregions:\n{regions}"
    if not legend:
        return grid
    parts = []
    if marked:
        parts.append(f"[{texts[marked[0]].strip()}] = {meaning or 'a cell this answer is about'}")
    if starred:
        first = next(divmod(i, board.size) for i, d in enumerate(board.cells) if d)
        parts.append(f"{texts[first].strip()}* = given (the other digits were filled in)")
    return f"{grid}\nmarks: {'; '.join(parts)}" if parts else grid


def _marked_grid(board: Board, texts, marked: set, starred: bool, solved: bool, color: bool) -> str:
    """The grid with each cell in a slot two wider than its text: ``[5]``, `` 5*`` or `` 5 ``."""
    n = board.size
    box_r, box_c = board.box if board.rules.box else (n, n)
    width = max(len(t) for t in texts.values()) + 2
    lines = []
    for r in range(n):
        if r and r % box_r == 0:
            lines.append("+".join(["-" * (width * box_c)] * (n // box_c)))
        row = ""
        for c in range(n):
            text = texts[r, c].strip()
            if (r, c) in marked:
                slot, ansi = f"[{text}]", "1;31"
            elif starred and board[r, c]:
                slot, ansi = f" {text}*", "1"
            else:
                slot, ansi = f" {text} ", "36" if solved else "1"
            slot = slot.rjust(width) if c < n - 1 else slot.rjust(width).rstrip()
            if c and c % box_c == 0:
                row += "|"
            row += f"\x1b[{ansi}m{slot}\x1b[0m" if color else slot
        lines.append(row)
    return "\n".join(lines)


def label(entry: Entry, many: bool) -> str:
    return f"puzzle {entry.index + 1} (line {entry.line}): " if many else ""


def print_json(obj) -> None:
    """One JSON object on one line, spelt as every record is (:func:`formats.records.dumps`)."""
    from ..formats.records import dumps

    print(dumps(obj), flush=True)


EXPLAINING = ("explain", "repair", "minimize")  # commands whose records carry the explanation keys


def print_record(result: Result, symbols: str | None = None, explain: bool | None = None) -> None:
    """The record of one answer (the one writer: every key present, null where it does not apply)."""
    from ..formats.records import record

    print_json(record(result, symbols, explain))


def explaining(args) -> bool | None:
    """True for a command whose every record has the explanation keys (CONTRACT.md), else None."""
    return True if getattr(args, "command", None) in EXPLAINING else None


def error_result(entry: Entry) -> Result:
    return Result(Status.ERROR, None, error=entry.error, index=entry.index, line=entry.line)


def report_entry_error(entry: Entry, args, many: bool, keys: tuple[str, ...] | None = None) -> int:
    """A puzzle that did not parse: an ``error`` record in JSON, one stderr line otherwise.

    The record has the keys of the command's other records: ``keys`` for a command whose records
    are not answers (``encode``, ``analyze``), else those of an answer or an explanation.
    """
    if args.json and keys is not None:
        from ..formats.records import error_record

        print_json(error_record(entry.error or "", entry.index, entry.line, keys))
    elif args.json:
        print_record(error_result(entry), explain=explaining(args))
    else:
        print(f"sudoku-cp: {label(entry, many)}error: {entry.error}", file=sys.stderr)
    return EXIT_USAGE


def backend_lines(result: Result, indent: str = "  ") -> list[str]:
    """One line per backend of a cross-check: its status, count, own time and own counters.

    >>> from sudoku_cp.core.results import Result, Status
    >>> a = Result(Status.MULTIPLE, None, count=2, complete=False, backend="sat", time_s=0.01,
    ...            stats={"conflicts": 3})
    >>> b = Result(Status.MULTIPLE, None, count=2, complete=False, backend="dfs", time_s=0.002)
    >>> print("\\n".join(backend_lines(Result(Status.MULTIPLE, None, backends=[a, b]))))
      sat  multiple  count >= 2  0.010 s  conflicts=3
      dfs  multiple  count >= 2  0.002 s  (no counters)
    """
    width = max((len(r.backend or "") for r in result.backends), default=0)
    lines = []
    for r in result.backends:
        count = "" if r.count is None else f"  count {'' if r.complete else '>= '}{r.count}"
        took = "" if r.time_s is None else f"  {r.time_s:.3f} s"
        counters = " ".join(f"{k}={v}" for k, v in (r.stats or {}).items()) or "(no counters)"
        if r.status is Status.ERROR:
            counters = f"error: {r.error}"
        lines.append(f"{indent}{r.backend or '?':<{width}}  {r.status.value}{count}{took}  {counters}")
    return lines


def print_disagreement(exc, prefix: str, symbols) -> None:
    """Every backend's answer when a cross-check failed (stderr): never a silent pick."""
    print(f"{prefix}DISAGREEMENT: {exc}", file=sys.stderr)
    for r in exc.check.results:
        shown = ", ".join(format_line(s, symbols) for s in r.solutions[:2]) or "no solution"
        what = r.error if r.status is Status.ERROR else shown
        print(f"  {r.backend}: {r.status.value} count={r.count} complete={r.complete}: {what}",
              file=sys.stderr)


def answer_each(args, compute, report, example: bool = False, provers=None) -> int:
    """Answer every input puzzle: ``compute(board) -> (result, exit code)``, then JSON or ``report``.

    ``report(result, prefix, many, index)`` prints the text form. A bad puzzle is reported where
    it stands; a disagreement or a failed verification is exit 3 with every answer shown. With
    ``args.certify`` (or ``args.proof``) each answer is certified before it is shown, proofs coming
    from the first of ``provers`` that can give one (:func:`~sudoku_cp.tasks.certify.certify`); a
    refused proof is exit 3. Returns the most serious exit code.
    """
    from ..tasks.certify import ProofRefused, certify, write_proof
    from ..tasks.solving import DisagreementError, VerificationError

    certifying = bool(getattr(args, "certify", False) or getattr(args, "proof", None))
    proofs = proof_dir(getattr(args, "proof", None), input_paths(args))
    noted = False
    codes = []
    many = args.file is not None
    for entry in read_entries(args, example=example):
        if entry.board is None:
            codes.append(report_entry_error(entry, args, many))
            continue
        prefix = label(entry, many)
        deadline = Deadline(getattr(args, "time_limit", None))  # each puzzle's, certification included
        try:
            result, code = compute(entry.board)
            done = certify(result, provers or (), deadline) if certifying else None
            if done is not None and done.timed_out:
                code = result.exit_code
        except DisagreementError as exc:
            print_disagreement(exc, prefix, args.symbols)
            if args.json:  # one record per puzzle still: an error holding every backend's answer
                print_record(Result(Status.ERROR, entry.board, error=f"backends disagree: {exc}",
                                    backends=exc.check.results, index=entry.index if many else None,
                                    line=entry.line if many else None), args.symbols, explaining(args))
            codes.append(EXIT_DISAGREE)
            continue
        except ProofRefused as exc:
            print(f"{prefix}CERTIFICATE REFUSED: {exc}", file=sys.stderr)
            if args.json:  # one record per puzzle still, worded as batch words it
                print_record(Result(Status.ERROR, entry.board, error=f"solver failure: certificate refused: {exc}",
                                    index=entry.index if many else None, line=entry.line if many else None),
                             args.symbols, explaining(args))
            codes.append(EXIT_DISAGREE)
            continue
        except VerificationError as exc:
            print(f"{prefix}VERIFICATION FAILED: {exc}", file=sys.stderr)
            if args.json:
                print_record(Result(Status.ERROR, entry.board, error=f"solver failure: {exc}",
                                    index=entry.index if many else None, line=entry.line if many else None),
                             args.symbols, explaining(args))
            codes.append(EXIT_DISAGREE)
            continue
        if many:
            result.index, result.line = entry.index, entry.line
        codes.append(code)
        if args.json and done is not None and done.note and not noted:  # text output says it below
            print(f"sudoku-cp: {done.note}", file=sys.stderr)
            noted = True
        if proofs is not None and done is not None and done.refutation is not None:
            write_proof(proofs, f"puzzle-{entry.line}-{result.status.value}", done.refutation)
        if args.json:
            print_record(result, args.symbols, explaining(args))
        else:
            report(result, prefix, many, entry.index)
            if certifying and result.status is not Status.ERROR:  # (an error line says why there is no answer)
                line = describe_certificate(result) or (done.note if done else None) or (
                    "no proof needed: the duplicate givens listed are checkable by eye"
                    if result.status is Status.INVALID else "uncertified")
                print(f"  {line}" if many else line)
    return worst_exit(codes)
