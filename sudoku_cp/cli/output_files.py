"""Writing a command's files: paths checked before any work, never over an input, all or nothing."""

from __future__ import annotations

import errno
import fcntl
import os
import re
import stat
import sys
from contextlib import contextmanager, suppress

from .usage import CliError


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
