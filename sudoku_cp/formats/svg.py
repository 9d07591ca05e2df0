"""Draw a board as an SVG picture, with cells marked (core givens, differing cells, added givens).

Plain SVG text, no library: givens in bold black, solved digits in blue, marked cells filled in a
highlight colour, thick lines around the grid and wherever the rules' region changes between two
neighbouring cells (boxes, or a jigsaw's regions: ``Rules.region_of``). Jupyter shows a :class:`~sudoku_cp.core.board.Board` this
way (``Board._repr_svg_``).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> svg = board_svg(parse_puzzle("12..34....12...."), marked=[(0, 0)])
>>> svg.startswith("<svg") and svg.count('class="mark"'), svg.count("<text")
(1, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ..core.board import Board
from .text import DEFAULT_SYMBOLS

MARK_FILL = "#ffb3b3"
SECOND_FILL = "#b3d9ff"


def region_borders(board: Board) -> list[tuple[int, int, int, int]]:
    """The inner lines between cells of different regions, in cell units ``(x1, y1, x2, y2)``,
    joined into runs along each grid line (the outer border is drawn apart).

    >>> from sudoku_cp.core.board import Shape
    >>> region_borders(Board.empty(Shape(2, 2)))
    [(0, 2, 4, 2), (2, 0, 2, 4)]
    """
    n = board.size
    region = board.rules.region_of
    lines = []
    for horizontal in (True, False):
        for k in range(1, n):  # the line between row (column) k - 1 and k
            run = None
            for j in range(n + 1):
                a, b = ((k - 1) * n + j, k * n + j) if horizontal else (j * n + k - 1, j * n + k)
                border = j < n and region[a] != region[b]
                if border and run is None:
                    run = j
                elif not border and run is not None:
                    lines.append((run, k, j, k) if horizontal else (k, run, k, j))
                    run = None
    return lines


def board_svg(board: Board, solution: Board | None = None, marked: Iterable[tuple[int, int]] = (),
              secondary: Iterable[tuple[int, int]] = (), symbols: str | None = None,
              cell: int = 36, title: str | None = None) -> str:
    """An SVG string of ``board`` (or of ``solution`` with ``board``'s givens in bold).

    ``marked`` cells are filled red-ish (class ``mark``), ``secondary`` cells blue-ish (class
    ``mark2``), e.g. core givens and differing cells; ``title`` goes above the grid.
    """

    n = board.size
    alphabet = symbols or DEFAULT_SYMBOLS
    shown = solution or board
    top = 24 if title else 0
    pad = 2
    side = n * cell
    font = max(8, int(cell * (0.6 if (n <= len(alphabet)) else 0.42)))
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{side + 2 * pad}" '
             f'height="{side + 2 * pad + top}" viewBox="0 0 {side + 2 * pad} {side + 2 * pad + top}" '
             f'font-family="sans-serif">']
    if title:
        parts.append(f'<text x="{pad}" y="17" font-size="15">{escape(title)}</text>')
    parts.append(f'<g transform="translate({pad},{pad + top})">')
    parts.append(f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>')
    first = set(marked)
    second = set(secondary) - first
    for cells, fill, cls in ((first, MARK_FILL, "mark"), (second, SECOND_FILL, "mark2")):
        for r, c in sorted(cells):
            parts.append(f'<rect class="{cls}" x="{c * cell}" y="{r * cell}" width="{cell}" '
                         f'height="{cell}" fill="{fill}"/>')
    thin = 'stroke="#999" stroke-width="1"'
    thick = 'stroke="black" stroke-width="2.5"'
    for k in range(1, n):
        parts.append(f'<line x1="0" y1="{k * cell}" x2="{side}" y2="{k * cell}" {thin}/>')
        parts.append(f'<line x1="{k * cell}" y1="0" x2="{k * cell}" y2="{side}" {thin}/>')
    for x1, y1, x2, y2 in region_borders(board):
        parts.append(f'<line x1="{x1 * cell}" y1="{y1 * cell}" x2="{x2 * cell}" y2="{y2 * cell}" {thick}/>')
    parts.append(f'<rect x="0" y="0" width="{side}" height="{side}" fill="none" {thick}/>')
    for r in range(n):
        for c in range(n):
            d = shown[r, c]
            if not d:
                continue
            text = alphabet[d - 1] if n <= len(alphabet) else str(d)
            given = board[r, c] != 0
            style = 'font-weight="bold" fill="black"' if given else 'fill="#1f5fbf"'
            parts.append(f'<text x="{c * cell + cell / 2:g}" y="{r * cell + cell / 2:g}" '
                         f'font-size="{font}" text-anchor="middle" dominant-baseline="central" '
                         f'{style}>{escape(text)}</text>')
    parts.append("</g></svg>")
    return "\n".join(parts)
