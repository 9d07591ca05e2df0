"""Printing answers: boards for people (marks, colour), JSON records, and the lines of errors and cross-checks."""

from __future__ import annotations

import os
import sys

from ..core.board import Board
from ..core.results import EXIT_USAGE, Result, Status
from ..formats.puzzle_files import Entry
from ..formats.text import format_grid, format_line, format_regions


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


def error_result(entry: Entry, failure=Result) -> Result:
    """The ``error`` answer of a puzzle that did not parse, as a ``failure`` (a :class:`Result` class)."""
    return failure(Status.ERROR, None, error=entry.error, index=entry.index, line=entry.line)


def report_entry_error(entry: Entry, args, many: bool, keys: tuple[str, ...] | None = None, failure=Result) -> int:
    """A puzzle that did not parse: an ``error`` record in JSON, one stderr line otherwise.

    The record has the keys of the command's other records: ``keys`` for a command whose records
    are not answers (``encode``, ``analyze``), else those of a ``failure`` (the command's
    :class:`Result` class: an answer, an explanation, true candidates).
    """
    if args.json and keys is not None:
        from ..formats.records import error_record

        print_json(error_record(entry.error or "", entry.index, entry.line, keys))
    elif args.json:
        print_record(error_result(entry, failure), explain=explaining(args))
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


def describe_certificate(result: Result) -> str | None:
    """One line on how an answer was certified, for people."""
    cert = result.certificate
    if cert is None:
        return None
    claim = "no other solution" if result.status is Status.UNIQUE else "no solution"
    what = {"drat": f"DRAT proof of {claim} ({cert.lemmas} lemmas)",
            "solution": "the solution", "two-solutions": "two distinct solutions"}[cert.kind]
    return f"certified: {what} checked by {cert.checker} in {cert.check_s:.3f} s"
