"""The ``sudoku-cp`` command: ``main(argv) -> int``, one module per subcommand.

Each module in :data:`MODULES` provides ``add_parser(subparsers)``, which registers its
subcommands with ``run(args) -> int`` as their default; adding a command is one module and one
entry here (and in :data:`COMMANDS`). Exit codes are CONTRACT.md's (see
``results.py``); errors are one line on stderr, never a traceback.

Start-up is kept short: a command line that names its command imports only that command's
module, and the command modules import their tasks (and the tasks their solver packages) when
they run, so ``sudoku-cp validate`` imports no solver and no other command
(``bench/bench_cold_start.py``).
"""

from __future__ import annotations

import argparse
import errno
import functools
import importlib
import os
import signal
import sys
from collections.abc import Sequence

from .._version import __version__
from ..core.board import PuzzleError
from ..core.packages import PACKAGES, MissingPackage
from ..core.results import EXIT_DISAGREE, EXIT_INTERRUPTED, EXIT_TIMEOUT, EXIT_USAGE, SolverFailure
from . import completion
from .usage import CliError, Help, Parser, renamed

MODULES = ["validate_cmd", "solve_cmd", "encode_cmd", "analyze_cmd", "batch_cmd", "bench_cmd", "explain_cmd",
           "check_proof_cmd", "serve_cmd", "candidates_cmd"]  # solve_cmd registers solve and count
COMMANDS = {"validate": "validate_cmd", "solve": "solve_cmd", "count": "solve_cmd", "encode": "encode_cmd",
            "analyze": "analyze_cmd", "batch": "batch_cmd", "bench": "bench_cmd", "explain": "explain_cmd",
            "repair": "explain_cmd", "minimize": "explain_cmd", "generate": "explain_cmd",
            "check-proof": "check_proof_cmd", "serve": "serve_cmd",
            "candidates": "candidates_cmd"}  # name -> module

OLD_SPELLINGS = (("--backends", "--backend"), ("--encodings", "--encoding"))  # refused, naming the new one

SUMMARY = "Check, solve and explain Sudoku puzzles with real constraint solvers."
EXAMPLES = (
    "sudoku-cp solve 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "sudoku-cp count -f data/17clue-half.txt.gz --first 5 --backend sat,cpsat",
    "sudoku-cp explain --steps 53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
)
EXIT_CODES = [("0", "a positive answer: valid, solved, unique"),
              ("1", "a negative answer: duplicate givens, no solution, not unique"),
              ("2", "a usage or input error (one line on standard error)"),
              ("3", "backends disagree, or an answer failed its check"),
              ("4", "a time limit ended the work before an answer")]
MORE = ('Over several puzzles the most serious code wins (3 > 2 > 4 > 1 > 0). Each command\'s --help '
        'says more; the README is the manual (section "validate, solve, count" for the options every '
        'command shares), the encodings/ guide the theory.')


EXIT_TERMINATED = 128 + signal.SIGTERM  # 143, as a shell reports a process ended by SIGTERM


class Terminated(KeyboardInterrupt):
    """SIGTERM, raised where the program stands so that ``with`` and ``finally`` blocks unwind.

    Temporary directories are removed, output files closed (``batch`` leaves a resumable file),
    worker processes ended; a KeyboardInterrupt subclass, so every path that lets Ctrl-C
    through lets it through too.
    """


def _terminate(signum, frame):
    raise Terminated()


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every command, or only of ``command``'s module when it names one (faster start).

    >>> sorted(build_parser("solve")._subparsers._group_actions[0].choices)
    ['count', 'solve']
    """
    parser = Parser(prog="sudoku-cp", description=SUMMARY, formatter_class=functools.partial(Help, max_help_position=18))
    parser.examples, parser.more = EXAMPLES, MORE
    parser.sections.append(("exit codes", EXIT_CODES))
    sub = parser.add_subparsers(title="commands", dest="command", metavar="COMMAND", parser_class=Parser)
    parser.add_argument("--version", action="version", version=f"sudoku-cp {__version__}")
    completion.add_option(parser)
    sub.required = True
    for name in [COMMANDS[command]] if command in COMMANDS else MODULES:
        importlib.import_module(f"sudoku_cp.cli.{name}").add_parser(sub)
    for name, each in sub.choices.items():  # the old plural spellings, named in every command
        for old, new in OLD_SPELLINGS:
            if old in each._option_string_actions:
                continue
            renamed(each, old, new, None if new in each._option_string_actions
                    else f"{old} is now {new}, which {name} does not take")
    return parser


def out_of_memory(args) -> int:
    """Out of memory: one line, exit 2 (4 when a time limit was set: the work ended before an answer)."""
    timed = getattr(args, "time_limit", None) is not None
    print(f"sudoku-cp: error: out of memory{' before the time limit' if timed else ''}: expected a "
          f"smaller grid or input, or more memory (see --amo and --encoding for the formula's size)",
          file=sys.stderr)
    return EXIT_TIMEOUT if timed else EXIT_USAGE


def _end_twins() -> None:
    """End the steps' twins still running (:func:`sudoku_cp.tasks.twin.close_all`; none where the
    steps never ran)."""
    twin = sys.modules.get("sudoku_cp.tasks.twin")
    if twin is not None:
        twin.close_all()


def run() -> None:
    """The ``sudoku-cp`` command and ``python -m sudoku_cp``: :func:`main`, then exit with its code.

    After Ctrl-C or SIGTERM (exit 130 or 143) the process leaves at once, its output flushed,
    without joining helper threads: a process pool whose worker was stopped while sending a
    result leaves the pool's manager thread reading a message that never ends, and the ordinary
    exit would wait for that thread forever. Everything worth keeping is written and closed by then.
    """
    code = main()
    if code in (EXIT_INTERRUPTED, EXIT_TERMINATED):
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):
                pass
        os._exit(code)
    sys.exit(code)


class ClosedStream:
    """Stands for a standard stream the shell closed (``<&-``, ``>&-``): Python leaves it ``None``.

    Reading standard input or writing standard output through it raises an :class:`OSError` naming
    the stream, which :func:`main` reports in one line (exit 2); a closed standard error swallows
    what is written to it (there is nowhere left to say anything). A command that never touches
    the closed stream (``solve PUZZLE <&-``) runs as usual.
    """

    def __init__(self, name: str, silent: bool = False):
        self.name = name
        self.silent = silent

    def _closed(self, *args, **kwargs):
        raise OSError(errno.EBADF, "closed: expected an open stream (e.g. </dev/null or >/dev/null)",
                      self.name)

    read = readline = fileno = _closed

    def write(self, text) -> int:
        if not self.silent:
            self._closed()
        return len(text)

    @property
    def buffer(self) -> ClosedStream:
        return self

    def isatty(self) -> bool:
        return False

    def flush(self) -> None:
        pass

    def __iter__(self):
        return iter(self.readline, "")


STREAMS = (("stdin", "standard input"), ("stdout", "standard output"), ("stderr", "standard error"))


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code.

    SIGTERM unwinds like Ctrl-C (temporary files removed, outputs closed) and ends with 143. A
    standard stream the shell closed is a :class:`ClosedStream` while the command runs.
    """
    closed = [(attr, name) for attr, name in STREAMS if getattr(sys, attr) is None]
    for attr, name in closed:
        setattr(sys, attr, ClosedStream(name, silent=attr == "stderr"))
    try:
        return _signalled(argv)
    finally:
        for attr, _ in closed:
            setattr(sys, attr, None)


def _signalled(argv: Sequence[str] | None) -> int:
    previous = None
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        try:
            previous = signal.signal(signal.SIGTERM, _terminate)
        except ValueError:  # not the main thread, where only the main thread may set handlers
            previous = None
    try:
        return _main(argv)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


def _main(argv: Sequence[str] | None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv[0] if argv else None)  # the command comes first (no global options)
    args = None
    try:
        args = parser.parse_args(argv)
        return int(args.run(args))
    except SystemExit as exc:  # argparse's --help, --version and usage errors
        return int(exc.code or 0) if not isinstance(exc.code, str) else EXIT_USAGE
    except (CliError, PuzzleError, ValueError) as exc:
        print(f"sudoku-cp: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except SolverFailure as exc:
        print(f"sudoku-cp: solver failure: {exc}", file=sys.stderr)
        return EXIT_DISAGREE
    except ImportError as exc:  # a package missing or broken: which one, and how to install it
        top = (exc.name or "").partition(".")[0]
        if not isinstance(exc, MissingPackage) and top not in PACKAGES:
            raise  # not a third-party package: a bug, shown as one
        print(f"sudoku-cp: error: {exc if isinstance(exc, MissingPackage) else MissingPackage(exc.name or top, exc)}",
              file=sys.stderr)
        return EXIT_USAGE
    except MemoryError:
        return out_of_memory(args)
    except Terminated:
        _end_twins()
        print("sudoku-cp: terminated", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        _end_twins()
        print("sudoku-cp: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        sys.stderr.close()  # the reader went away (e.g. `| head`); nothing more to say
        return 0
    except OSError as exc:  # the writers name their files (output_files.naming); what is left is stdout
        where = exc.filename if exc.filename is not None else "standard output"
        print(f"sudoku-cp: error: {where}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
