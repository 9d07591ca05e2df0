"""Draw a board as an SVG picture, with cells marked (core givens, differing cells, added givens).

Plain SVG text, no library: givens in bold black, solved digits in blue, marked cells filled in a
highlight colour, thick lines around the grid and wherever the rules' region changes between two
neighbouring cells (boxes, or a jigsaw's regions: ``Rules.region_of``). Variants: diagonals are
thin dashed lines, windoku's windows are shaded, killer cages are dashed outlines inside their
cells with the sum in the top-left corner, and the rules that hold everywhere (anti-knight,
anti-king, non-consecutive) are named in the title. Rows are labelled r1..rN on the left and
columns c1..cN above, as the text names cells (``r5c3``); pencil marks, when given, are small
digits in the blank cells. Jupyter shows a
:class:`~sudoku_cp.core.board.Board` this way (``Board._repr_svg_``).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> svg = board_svg(parse_puzzle("12..34....12...."), marked=[(0, 0)])
>>> svg.startswith("<svg") and svg.count('class="mark"'), svg.count("<text"), svg.count('class="label"')
(1, 14, 8)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set as AbstractSet
from html import escape
from math import isqrt

from ..core.board import Board
from ..core.shape import Cell
from .text import DEFAULT_SYMBOLS

MARK_FILL = "#ffb3b3"
SECOND_FILL = "#b3d9ff"
WINDOW_FILL = "#e4e4e4"
CAGE_STROKE = 'stroke="#333" stroke-width="1.2" stroke-dasharray="4,3" fill="none"'
DIAGONAL_STROKE = 'stroke="#5a7fa8" stroke-width="1.2" stroke-dasharray="6,4"'
RELATION_WORDS = {"antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "non-consecutive"}


def cage_outline(cells: Iterable[tuple[int, int]], inset: float) -> list[tuple[float, float, float, float]]:
    """The dashed outline of a killer cage in cell units ``(x1, y1, x2, y2)``, drawn ``inset``
    inside the cage's border; segments of neighbouring cells meet, inner corners included.

    >>> cage_outline([(0, 0)], 0.1)
    [(0.1, 0.1, 0.9, 0.1), (0.1, 0.9, 0.9, 0.9), (0.1, 0.1, 0.1, 0.9), (0.9, 0.1, 0.9, 0.9)]
    """
    cage = set(cells)
    out = []
    for r, c in sorted(cage):
        for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if (r + dr, c + dc) in cage:
                continue
            # the side runs along the other axis; each end stops short, continues, or reaches round
            ends = []
            for e in (-1, 1):
                side = (r, c + e) if dr else (r + e, c)
                corner = (r + dr, c + e) if dr else (r + e, c + dc)
                edge = (c if dr else r) + (e > 0)
                if side not in cage:
                    ends.append(edge - e * inset)
                elif corner in cage:
                    ends.append(edge + e * inset)
                else:
                    ends.append(edge)
            if dr:
                y = r + inset if dr < 0 else r + 1 - inset
                out.append((round(ends[0], 6), round(y, 6), round(ends[1], 6), round(y, 6)))
            else:
                x = c + inset if dc < 0 else c + 1 - inset
                out.append((round(x, 6), round(ends[0], 6), round(x, 6), round(ends[1], 6)))
    return out


def rules_title(board: Board) -> str | None:
    """What the picture cannot show: the rules that bind cells everywhere, named.

    >>> from sudoku_cp.core.variants import build
    >>> from sudoku_cp.core.board import Shape
    >>> rules_title(Board.empty(Shape(2, 2), build(Shape(2, 2), antiknight=True, nonconsecutive=True)))
    'anti-knight, non-consecutive'
    """
    words = [RELATION_WORDS[c.kind] for c in board.rules.constraints if c.kind in RELATION_WORDS]
    return ", ".join(words) or None


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
              cell: int = 36, title: str | None = None,
              candidates: Mapping[Cell, Sequence[int]] | None = None, labels: bool = True) -> str:
    """An SVG string of ``board`` (or of ``solution`` with ``board``'s givens in bold).

    ``marked`` cells are filled red-ish (class ``mark``), ``secondary`` cells blue-ish (class
    ``mark2``), e.g. core givens and differing cells; ``title`` goes above the grid.
    ``candidates`` (pencil marks: ``(row, col)`` -> digits) are drawn small in the blank cells,
    digit d at its place in a k x k layout (3 x 3 on a 9x9: 1 top left, 9 bottom right; class
    ``candidate``). ``labels`` puts the row names r1..rN left of the grid and the column names
    c1..cN above it (class ``label``), so ``r5c3`` in the text is found at a glance.
    """

    n = board.size
    alphabet = symbols or DEFAULT_SYMBOLS
    shown = solution or board
    rules = rules_title(board)
    if rules:
        title = f"{title} ({rules})" if title else rules
    top = 24 if title else 0
    pad = 2
    side = n * cell
    font = max(8, int(cell * (0.6 if (n <= len(alphabet)) else 0.42)))
    label_font = max(8, min(13, int(cell * 0.34)))
    left = int(label_font * 0.62 * (1 + len(str(n)))) + 6 if labels else 0
    above = label_font + 5 if labels else 0
    width, height = side + 2 * pad + left, side + 2 * pad + top + above
    if title:  # a title wider than the grid widens the picture instead of being cut off
        width = max(width, int(len(title) * 15 * 0.58) + 2 * pad)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" '
             f'font-family="sans-serif">']
    if title:
        parts.append(f'<text x="{pad}" y="17" font-size="15">{escape(title)}</text>')
    if labels:
        for k in range(n):
            parts.append(f'<text class="label" x="{pad + left + k * cell + cell / 2:g}" '
                         f'y="{pad + top + label_font:g}" font-size="{label_font}" fill="#666" '
                         f'text-anchor="middle">c{k + 1}</text>')
            parts.append(f'<text class="label" x="{pad + left - 4:g}" '
                         f'y="{pad + top + above + k * cell + cell / 2 + 0.35 * label_font:g}" '
                         f'font-size="{label_font}" fill="#666" text-anchor="end">r{k + 1}</text>')
    parts.append(f'<g transform="translate({pad + left},{pad + top + above})">')
    parts.append(f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>')
    for unit in board.rules.units:
        if unit.kind == "window":
            for r, c in unit.cells:
                parts.append(f'<rect class="window" x="{c * cell}" y="{r * cell}" width="{cell}" '
                             f'height="{cell}" fill="{WINDOW_FILL}"/>')
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
    for unit in board.rules.units:
        if unit.kind in ("diagonal", "anti-diagonal"):
            x1, x2 = (0, side) if unit.kind == "diagonal" else (side, 0)
            parts.append(f'<line class="{unit.kind}" x1="{x1}" y1="0" x2="{x2}" y2="{side}" '
                         f'{DIAGONAL_STROKE}/>')
    small = max(7, int(cell * 0.26))
    for constraint in board.rules.constraints:
        if constraint.kind != "killer":
            continue
        segments = cage_outline(constraint.cells, 0.09)
        parts.append('<path class="cage" d="' + " ".join(
            f"M{x1 * cell:g} {y1 * cell:g}L{x2 * cell:g} {y2 * cell:g}" for x1, y1, x2, y2 in segments)
            + f'" {CAGE_STROKE}/>')
        if constraint.value is not None:
            r, c = min(constraint.cells)
            text = str(constraint.value)
            parts.append(f'<rect x="{c * cell + 1}" y="{r * cell + 1}" width="{small * 0.62 * len(text) + 3:g}" '
                         f'height="{small + 2}" fill="white"/>')
            parts.append(f'<text class="sum" x="{c * cell + 2}" y="{r * cell + small}" '
                         f'font-size="{small}">{text}</text>')
    summed = {min(k.cells) for k in board.rules.constraints if k.kind == "killer" and k.value is not None}
    for r in range(n):
        for c in range(n):
            d = shown[r, c]
            if not d:
                continue
            low = cell * 0.14 if (r, c) in summed else 0  # clear of the cage's sum
            text = alphabet[d - 1] if n <= len(alphabet) else str(d)
            given = board[r, c] != 0
            style = 'font-weight="bold" fill="black"' if given else 'fill="#1f5fbf"'
            # the baseline 0.35 em below the centre centres a digit in every renderer
            # (dominant-baseline is not honoured everywhere: rsvg puts the digit high)
            baseline = r * cell + cell / 2 + low + 0.35 * font
            parts.append(f'<text x="{c * cell + cell / 2:g}" y="{baseline:g}" '
                         f'font-size="{font}" text-anchor="middle" {style}>{escape(text)}</text>')
    if candidates:
        parts += _pencil_marks(shown, candidates, alphabet, cell, summed)
    parts.append("</g></svg>")
    return "\n".join(parts)


def _pencil_marks(shown: Board, candidates: Mapping[Cell, Sequence[int]], alphabet: str,
                  cell: int, summed: AbstractSet[Cell] = frozenset()) -> list[str]:
    """Small grey digits in the blank cells, digit d in slot d - 1 of a k x k layout (k*k >= N);
    in a cell holding a cage's sum the layout is squeezed below the sum."""
    n = shown.size
    k = isqrt(n - 1) + 1
    step = cell / k
    small = max(5, int(step * 0.8))
    out = []
    for (r, c), digits in sorted(candidates.items()):
        if shown[r, c]:
            continue
        top, rise = (cell * 0.3, (cell * 0.7) / k) if (r, c) in summed else (0, step)
        size = min(small, max(5, int(rise * 0.85)))
        for d in digits:
            row, col = divmod(d - 1, k)
            text = alphabet[d - 1] if n <= len(alphabet) else str(d)
            x = c * cell + (col + 0.5) * step
            y = r * cell + top + (row + 0.5) * rise + 0.35 * size
            out.append(f'<text class="candidate" x="{x:g}" y="{y:.2f}" font-size="{size}" '
                       f'text-anchor="middle" fill="#555">{escape(text)}</text>')
    return out
