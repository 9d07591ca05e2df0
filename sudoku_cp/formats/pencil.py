"""Pencil marks as text: a grid in which every blank cell shows its candidates.

Each cell is one column of the grid: a filled cell shows ``=`` and its digit, a blank cell the
symbols of its candidates run together (``1249``), ``-`` when none is left. Columns are padded
to their widest cell, and box lines separate the boxes as in the plain grid, so a 9x9 reads
like the pencil marks of a paper grid and a 16x16 (hexadoku symbols ``1``-``9``, ``A``-``G``)
stays one symbol per candidate. Above 35 digits, where symbols run out, candidates are numbers
joined by commas.

>>> from sudoku_cp.core.candidates import candidates
>>> from sudoku_cp.formats.text import parse_puzzle
>>> board = parse_puzzle("12..34....12....")
>>> print(format_candidates(board, candidates(board)))
=1  =2 | 34  34
=3  =4 | 2   1
-------+-------
4   3  | =1  =2
24  13 | 34  34
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.board import Board
from ..core.shape import Cell
from .text import DEFAULT_SYMBOLS

LEGEND = "pencil marks (the digits no filled peer rules out; =D a filled cell, - no digit left)"


def _cell_text(board: Board, marks: Mapping[Cell, Sequence[int]], r: int, c: int,
               alphabet: str | None, placed: Mapping[Cell, int]) -> str:
    def sym(d: int) -> str:
        return alphabet[d - 1] if alphabet is not None else str(d)

    if board[r, c]:
        return ("+" if (r, c) in placed else "=") + sym(board[r, c])
    digits = marks.get((r, c), ())
    if not digits:
        return "-"
    return ("" if alphabet is not None else ",").join(sym(d) for d in digits)


def format_candidates(board: Board, marks: Mapping[Cell, Sequence[int]], symbols: str | None = None,
                      placed: Mapping[Cell, int] | None = None) -> str:
    """The grid of ``board``'s filled cells and the candidates ``marks`` gives its blank cells.

    ``marks`` maps ``(row, col)`` (0-based) to digits, e.g. :func:`~sudoku_cp.core.candidates.candidates`
    or what propagation leaves (``analyze --show``); filled cells in ``placed`` (digits a
    reasoning step placed, not givens) show ``+D`` instead of ``=D``.
    """
    placed = placed or {}
    n = board.size
    chosen = symbols or DEFAULT_SYMBOLS
    alphabet = chosen if len(chosen) >= n else None
    texts = [[_cell_text(board, marks, r, c, alphabet, placed) for c in range(n)] for r in range(n)]
    widths = [max(len(texts[r][c]) for r in range(n)) for c in range(n)]
    box_r, box_c = board.box if board.rules.box else (n, n)
    groups = [range(k, min(k + box_c, n)) for k in range(0, n, box_c)]
    lines = []
    for r in range(n):
        if r and r % box_r == 0:
            lines.append("-+-".join("-" * (sum(widths[c] + 2 for c in g) - 2) for g in groups))
        lines.append(" | ".join("  ".join(texts[r][c].ljust(widths[c]) for c in g)
                                for g in groups).rstrip())
    return "\n".join(lines)
