"""Reading a command's input: puzzle arguments, puzzle files (gzip too) and standard input, line by line."""

from __future__ import annotations

import io
import os
import sys
import zlib
from collections.abc import Iterator
from itertools import chain, islice

from ..core.board import Board, PuzzleError
from ..formats.puzzle_files import Entry, iter_entries
from ..formats.text import MAX_LINE_CHARS, MAX_PUZZLE_CHARS, format_line, parse_puzzle
from .usage import CliError


def input_file(args) -> str:
    """The one puzzle file named by FILE or ``-f FILE`` (``-`` is standard input)."""
    if args.puzzle_file is not None and args.file is not None:
        raise CliError(f"give FILE or -f FILE, not both (got {args.puzzle_file} and -f {args.file})")
    path = args.file if args.file is not None else args.puzzle_file
    if path is None:
        raise CliError("no puzzle file given: expected FILE, -f FILE or '-' for standard input")
    return path


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
