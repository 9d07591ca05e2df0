"""Reading files the user names: regular files only, never waited on, read with a bound.

A path that is a device (``/dev/zero`` reads forever), a FIFO (its open waits for a writer, its
reads for data that may never come), a directory or a socket is refused by name before any byte
is read: :func:`open_regular` opens without blocking and looks at what it opened (a symlink is
followed and its target named). :func:`read_bounded` then reads at most a given number of bytes,
in chunks, so a file larger than what it can be is refused without being read whole.

>>> open_regular("/dev/null", "expected a puzzle file")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
sudoku_cp.core.files.NotAFile: /dev/null: is a character device: expected a puzzle file
"""

from __future__ import annotations

import os
import stat
from typing import BinaryIO

CHUNK = 1 << 20  # bytes read at a time


class NotAFile(ValueError):
    """A path the user named is not a regular file (a device, a FIFO, a directory, a socket)."""


def kind_of(mode: int) -> str | None:
    """What a file of ``mode`` is, in words, or None for a regular file.

    >>> kind_of(stat.S_IFIFO), kind_of(stat.S_IFREG)
    ('a FIFO', None)
    """
    if stat.S_ISREG(mode):
        return None
    for test, name in ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket")):
        if test(mode):
            return name
    return "not a regular file"


def _refusal(path: str, kind: str, expected: str) -> NotAFile:
    target = os.path.realpath(path)
    shown = path if target == os.path.abspath(path) else f"{path} (a symlink to {target})"
    return NotAFile(f"{shown}: is {kind}: {expected}")


def check_regular(path: str, expected: str) -> None:
    """A :class:`NotAFile` when ``path`` (symlinks followed) exists and is not a regular file.

    ``expected`` ends the message: ``path: is a FIFO: expected ...``. A path that does not exist
    passes (opening it says so).
    """
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return
    kind = kind_of(mode)
    if kind is not None:
        raise _refusal(path, kind, expected)


def open_regular(path: str, expected: str) -> BinaryIO:
    """``path`` opened for reading in binary, or :class:`NotAFile` when it is not a regular file.

    The open never blocks (``O_NONBLOCK``: a FIFO with no writer opens at once) and what was opened
    is checked with ``fstat``, so a path swapped after a check is caught too. An :class:`OSError`
    (no such file, permission denied) is raised as ``open`` raises it.
    """
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        kind = kind_of(os.fstat(fd).st_mode)
        if kind is not None:
            raise _refusal(path, kind, expected)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bounded(handle: BinaryIO, limit: int) -> bytes | None:
    """All of ``handle``, read in chunks, or None as soon as it holds more than ``limit`` bytes.

    >>> import io
    >>> read_bounded(io.BytesIO(b"12345"), 5), read_bounded(io.BytesIO(b"123456"), 5)
    (b'12345', None)
    """
    parts: list[bytes] = []
    size = 0
    while True:
        part = handle.read(min(CHUNK, limit + 1 - size))
        if not part:
            return b"".join(parts)
        size += len(part)
        if size > limit:
            return None
        parts.append(part)


__all__ = ["CHUNK", "NotAFile", "check_regular", "kind_of", "open_regular", "read_bounded"]
