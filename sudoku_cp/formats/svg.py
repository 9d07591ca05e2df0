"""Draw a board as an SVG picture, with cells marked (core givens, differing cells, added givens).

Plain SVG text, no library: givens in bold black, solved digits in blue, marked cells filled in a
highlight colour, thick lines around boxes. Jupyter shows a :class:`~sudoku_cp.core.board.Board` this
way (``Board._repr_svg_``).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> svg = board_svg(parse_puzzle("12..34....12...."), marked=[(0, 0)])
>>> svg.startswith("<svg") and svg.count('class="mark"'), svg.count("<text")
(1, 6)
"""

from __future__ import annotations

from collections.abc import Iterable
from xml.sax.saxutils import escape

from ..core.board import Board

MARK_FILL = "#ffb3b3"
SECOND_FILL = "#b3d9ff"


def board_svg(board: Board, solution: Board | None = None, marked: Iterable[tuple[int, int]] = (),
              secondary: Iterable[tuple[int, int]] = (), symbols: str | None = None,
              cell: int = 36, title: str | None = None) -> str:
    """An SVG string of ``board`` (or of ``solution`` with ``board``'s givens in bold).

    ``marked`` cells are filled red-ish (class ``mark``), ``secondary`` cells blue-ish (class
    ``mark2``), e.g. core givens and differing cells; ``title`` goes above the grid.
    """
    from .text import DEFAULT_SYMBOLS

    n = board.size
    br, bc = board.box
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
    for k in range(n + 1):
        thin = 'stroke="#999" stroke-width="1"'
        w_row = 'stroke="black" stroke-width="2.5"' if k % br == 0 else thin
        w_col = 'stroke="black" stroke-width="2.5"' if k % bc == 0 else thin
        parts.append(f'<line x1="0" y1="{k * cell}" x2="{side}" y2="{k * cell}" {w_row}/>')
        parts.append(f'<line x1="{k * cell}" y1="0" x2="{k * cell}" y2="{side}" {w_col}/>')
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
