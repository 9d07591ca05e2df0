"""A file of puzzles, read as a stream: its lines grouped into puzzle texts, each parsed into an :class:`Entry`.

One puzzle per line, or grids over several lines separated by blank lines; ``#`` lines are
comments; a one-line puzzle with its region labels on the line below is a jigsaw. A bad puzzle
costs only itself (an entry carrying its error), and memory stays bounded whatever the file size.
How one puzzle's text reads is :mod:`~sudoku_cp.formats.text`'s.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from ..core.board import MAX_SIZE, MIN_SIZE, Board, PuzzleError
from . import document
from .jsontext import is_whole
from .text import MAX_LINE_CHARS, SEPARATORS, cell_count, parse_puzzle


MAX_GRID_LINES = 4 * MAX_SIZE  # a longer block of lines is read as one puzzle per line, streaming


@dataclass(frozen=True)
class Entry:
    """One puzzle of a file: its 0-based index, its 1-based first line, and the board or the error."""

    index: int
    line: int
    text: str
    board: Board | None
    error: str | None = None


def _looks_like_one_line_puzzle(line: str) -> bool:
    stripped = line.strip()
    if "," in stripped:
        return True
    if any(ch.isspace() or ch in SEPARATORS for ch in stripped):
        return False
    n = math.isqrt(len(stripped))
    return n * n == len(stripped) and MIN_SIZE <= n <= MAX_SIZE


def _is_grid(block: list[tuple[int, str]]) -> bool:
    """Whether a block of consecutive lines is one multi-line puzzle rather than one puzzle per line.

    A grid has about as many cells per row as it has rows (N lines of N cells, ragged rows
    included, so they are reported as one bad grid); lines that each hold a whole puzzle have
    N*N cells each. JSON spread over lines is one puzzle.
    """
    if block[0][1].lstrip()[:1] in ("[", "{"):
        return True
    counts = sorted(c for c in (cell_count(text) for _, text in block) if c)
    if not counts:
        return True  # only separators: one error for the block
    rows = len(counts)
    median = counts[rows // 2]
    if median == rows:
        return True  # N lines of N cells (a compact 16x16 grid is 16 lines of 16 symbols)
    if rows > MAX_SIZE:
        return False
    whole = sum(_looks_like_one_line_puzzle(text) for _, text in block)
    if 2 * whole > len(block):
        return False  # mostly whole puzzles: the other lines are bad ones, each its own error
    return median <= 2 * rows


def _documents(block: list[tuple[int, str]]) -> bool:
    """Whether a block is puzzle documents one per line: its first line is a whole JSON object.

    (A JSON text spread over several lines is one puzzle; its first line is not whole.)
    """
    first = block[0][1].lstrip()
    return first[:1] == "{" and is_whole(first)


def _pair_jigsaws(items: Iterator[tuple[int, str]]) -> Iterator[tuple[int, str]]:
    """Join a one-line puzzle and the region-label line right below it into one jigsaw text
    (:func:`document.is_region_line`); everything else passes through, one item of look-ahead."""
    held = next(items, None)
    if held is None:
        return
    for item in items:
        first = item[1][:1]
        if ((first.islower() or first.isspace()) and item[0] == held[0] + 1 and "\n" not in held[1]
                and document.is_region_line(item[1], held[1])):
            yield held[0], f"{held[1]}\n{item[1]}"
            held = next(items, None)
            if held is None:
                return
            continue
        yield held
        held = item
    yield held


def iter_blocks(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Split a file's lines into puzzle texts with their first line number, streaming.

    See :func:`_iter_blocks`; in addition a line of lower-case region labels right below a
    one-line puzzle makes a two-line jigsaw with it (:func:`document.is_region_line`).

    >>> [n for n, _ in iter_blocks(["1.3...4.3.4.2.1.", "aabbaabbccddccdd", "." * 16])]
    [1, 3]
    """
    return _pair_jigsaws(_iter_blocks(lines))


def _iter_blocks(lines: Iterable[str]) -> Iterator[tuple[int, str]]:
    """Split a file's lines into puzzle texts with their first line number, streaming.

    One puzzle per line, or multi-line grids separated by blank lines; ``#`` lines and blank lines
    are not puzzles and end a grid. A block of several lines is one grid when its rows hold about
    as many cells as there are rows (see :func:`_is_grid`); otherwise each line is a puzzle, so a
    bad line among one-line puzzles costs only itself. A block longer than any grid
    (``MAX_GRID_LINES``) is passed on line by line as it is read: memory stays bounded
    whatever the file size.

    >>> [n for n, _ in iter_blocks(["1.3...4.3.4.2.1.", "." * 81, "." * 80, "12", "", "12.4", "3.1.", "....", "...."])]
    [1, 2, 3, 4, 6]
    """
    block: list[tuple[int, str]] = []
    streaming = False  # the current block is too long to be a grid: lines go out as they come

    def flush() -> Iterator[tuple[int, str]]:
        if not block:
            return
        if len(block) == 1 or _documents(block) or not _is_grid(block):
            yield from block
        else:
            yield block[0][0], "\n".join(text for _, text in block)
        block.clear()

    for lineno, raw in enumerate(lines, start=1):
        if lineno == 1:
            raw = raw.lstrip("\ufeff")
        line = raw.rstrip("\r\n")
        if len(line) > MAX_LINE_CHARS:
            yield from flush()
            yield lineno, line[: MAX_LINE_CHARS + 1]  # parse_puzzle reports the length
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            yield from flush()
            streaming = False
        elif streaming:
            yield lineno, line
        else:
            block.append((lineno, line))
            if len(block) > MAX_GRID_LINES:
                yield from block
                block.clear()
                streaming = True
    yield from flush()


def iter_entries(lines: Iterable[str], box: tuple[int, int] | None = None,
                 symbols: str | None = None) -> Iterator[Entry]:
    """Parse a file's puzzles one at a time; a bad puzzle becomes an entry with an error."""
    for index, (lineno, text) in enumerate(iter_blocks(lines)):
        try:
            yield Entry(index, lineno, text, parse_puzzle(text, box, symbols, first_line=lineno))
        except PuzzleError as exc:
            yield Entry(index, lineno, text, None, str(exc))
