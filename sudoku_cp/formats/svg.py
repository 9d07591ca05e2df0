"""Draw a board as an SVG picture, with cells marked (core givens, differing cells, added givens).

Plain SVG text, no library: givens in bold black, solved digits in blue, marked cells filled in a
highlight colour, thick lines around the grid and wherever the rules' region changes between two
neighbouring cells (boxes, or a jigsaw's regions: ``Rules.region_of``). Variants: diagonals are
thin dashed lines, windoku's windows are shaded, killer cages are dashed outlines inside their
cells with the sum in the top-left corner, and the rules that hold everywhere (anti-knight,
anti-king, non-consecutive) are named in the title. Rows are labelled r1..rN on the left and
columns c1..cN above, as the text names cells (``r5c3``); pencil marks, when given, are small
digits in the blank cells. Jupyter shows a
:class:`~sudoku_cp.core.board.Board` this way (``Board._repr_svg_``). The grid and its rules
without digits (:func:`rules_picture`) are also the step page's picture (:func:`page_picture`).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> svg = board_svg(parse_puzzle("12..34....12...."), marked=[(0, 0)])
>>> svg.startswith("<svg") and svg.count('class="mark"'), svg.count("<text"), svg.count('class="label"')
(1, 14, 8)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set as AbstractSet
from html import escape
from math import cos, isqrt, pi, sin
from typing import TYPE_CHECKING, Any

from ..constraints import by_kind
from ..core.board import Board
from ..core.shape import Cell
from .text import DEFAULT_SYMBOLS

if TYPE_CHECKING:
    from ..constraints.base import Mark

MARK_FILL = "#ffb3b3"
SECOND_FILL = "#b3d9ff"
WINDOW_FILL = "#e4e4e4"
CAGE_STROKE = 'stroke="#333" stroke-width="1.2" stroke-dasharray="4,3" fill="none"'
# A cage whose digits may repeat (a sum cage): finer dots in another colour, its sum marked with a sigma
REPEAT_CAGE_STROKE = 'stroke="#7a4fa8" stroke-width="1.2" stroke-dasharray="1.5,2.5" fill="none"'
DIAGONAL_STROKE = 'stroke="#5a7fa8" stroke-width="1.2" stroke-dasharray="6,4"'
# How the catalogue's shapes are drawn (constraints/base.Mark): line styles, in cell units.
LINE_STYLES = {"thermo": ("#c4c4c4", 0.32), "whisper": ("#5cb85c", 0.16), "renban": ("#c68ee6", 0.28),
               "palindrome": ("#9a9a9a", 0.16), "between": ("#8fb8de", 0.12), "arrow": ("#8a8a8a", 0.07),
               "regionsum": ("#2ecbff", 0.14), "entropic": ("#ffb380", 0.14), "modular": ("#33bbbb", 0.14),
               "zipper": ("#b08de0", 0.14), "slowthermo": ("#8fb0ee", 0.32), "parity": ("#e07070", 0.14),
               "nabner": ("#c9c883", 0.24), "doublearrow": ("#c54b8b", 0.08), "lockout": ("#9b86ec", 0.12),
               "tenline": ("#a0a0a0", 0.2), "sequence": ("#9d9d9d", 0.14),
               "diffcount": ("#b7f68c", 0.14), "fibonacci": ("#6adaed", 0.14),
               "indexline": ("#71ded2", 0.14),
               "equalsum": ("#6bab4c", 0.14),
               "": ("#9a9a9a", 0.16)}
SHADE_FILLS = {"odd": "#d6d6d6", "even": "#d6d6d6", "region": "#e8f0d8", "clone": "#fbe3c8",
               "magic": "#e6dcf5", "": "#eeeeee"}
ARROWS = {"DR": "\u2198", "DL": "\u2199", "UR": "\u2197", "UL": "\u2196", "right": "\u2192", "left": "\u2190",
          "down": "\u2193", "up": "\u2191"}


def marks_of(board: Board) -> list[Mark]:
    """Every drawn element of the board's constraints, in the catalogue's shapes."""
    n = board.size
    return [m for kind, group in by_kind(board.rules) for c in group for m in kind.marks(c, n)]


def _under(marks, cell: int) -> list[str]:
    """Shading, lines and circles: drawn under the grid lines and digits."""
    out = []
    centre = lambda rc: ((rc[1] + 0.5) * cell, (rc[0] + 0.5) * cell)  # noqa: E731
    for m in marks:
        if m.shape == "shade":
            fill = SHADE_FILLS.get(m.style, SHADE_FILLS[""])
            for r, c in m.cells:
                if m.style == "odd":
                    out.append(f'<circle class="odd" cx="{(c + 0.5) * cell:g}" cy="{(r + 0.5) * cell:g}" '
                               f'r="{cell * 0.4:g}" fill="{fill}"/>')
                else:
                    inset = cell * 0.1 if m.style == "even" else 0
                    out.append(f'<rect class="{m.style or "shade"}" x="{c * cell + inset:g}" y="{r * cell + inset:g}" '
                               f'width="{cell - 2 * inset:g}" height="{cell - 2 * inset:g}" fill="{fill}"/>')
        elif m.shape == "line":
            colour, width = LINE_STYLES.get(m.style, LINE_STYLES[""])
            points = " ".join(f"{x:g},{y:g}" for x, y in map(centre, m.cells if len(m.cells) > 1 else m.cells * 2))
            out.append(f'<polyline class="{m.style or "line"}" points="{points}" fill="none" stroke="{colour}" '
                       f'stroke-width="{cell * width:g}" stroke-linecap="round" stroke-linejoin="round"/>')
            if m.style == "arrow" and len(m.cells) > 1:
                (x1, y1), (x2, y2) = centre(m.cells[-2]), centre(m.cells[-1])
                length = max(((x2 - x1) ** 2 + (y2 - y1) ** 2) ** 0.5, 1)
                ux, uy = (x2 - x1) / length, (y2 - y1) / length
                size = cell * 0.25
                left = (x2 - size * ux + size * 0.6 * uy, y2 - size * uy - size * 0.6 * ux)
                right = (x2 - size * ux - size * 0.6 * uy, y2 - size * uy + size * 0.6 * ux)
                out.append(f'<polyline class="arrowhead" points="{left[0]:g},{left[1]:g} {x2:g},{y2:g} '
                           f'{right[0]:g},{right[1]:g}" fill="none" stroke="{colour}" '
                           f'stroke-width="{cell * width:g}" stroke-linecap="round"/>')
        elif m.shape in ("bulb", "circle"):
            fill, stroke = ("#c4c4c4", "none") if m.shape == "bulb" else ("white", "#8a8a8a")
            for r, c in m.cells:
                out.append(f'<circle class="{m.shape}" cx="{(c + 0.5) * cell:g}" cy="{(r + 0.5) * cell:g}" '
                           f'r="{cell * 0.42:g}" fill="{fill}" stroke="{stroke}" stroke-width="{cell * 0.06:g}"/>')
        elif m.shape == "sun":  # a sunburn clue: a pale sun with eight rays behind the cell's digit
            for r, c in m.cells:
                x, y = (c + 0.5) * cell, (r + 0.5) * cell
                for k in range(8):
                    a = k * pi / 4
                    out.append(f'<line class="ray" x1="{x + cell * 0.33 * cos(a):.1f}" '
                               f'y1="{y + cell * 0.33 * sin(a):.1f}" x2="{x + cell * 0.46 * cos(a):.1f}" '
                               f'y2="{y + cell * 0.46 * sin(a):.1f}" stroke="#f2a93b" '
                               f'stroke-width="{cell * 0.06:g}" stroke-linecap="round"/>')
                out.append(f'<circle class="sun" cx="{x:g}" cy="{y:g}" r="{cell * 0.28:g}" fill="#fff1c2" '
                           f'stroke="#f2a93b" stroke-width="{cell * 0.05:g}"/>')
        elif m.shape == "diamond":  # a lockout line's ends: a square standing on a corner
            for r, c in m.cells:
                x, y, h = (c + 0.5) * cell, (r + 0.5) * cell, cell * 0.36
                out.append(f'<polygon class="diamond" points="{x:g},{y - h:g} {x + h:g},{y:g} {x:g},{y + h:g} '
                           f'{x - h:g},{y:g}" fill="#ebeaff" stroke="#490aa5" stroke-width="{cell * 0.05:g}"/>')
    return out


def _over(marks, cell: int, small: int) -> list[str]:
    """Dots, quadruples, outside clues and small texts: drawn over the grid lines."""
    out = []
    for m in marks:
        if m.shape == "dot":
            (r1, c1), (r2, c2) = m.cells
            x, y = (c1 + c2 + 1) / 2 * cell, (r1 + r2 + 1) / 2 * cell
            if m.style == "sum":  # a sum dot: a small rounded square with its total(s), "7" or "5|10"
                w, h = max(small * 0.6 * len(m.text) + 4, small * 1.3), small * 1.3
                out.append(f'<rect class="sumdot" x="{x - w / 2:g}" y="{y - h / 2:g}" width="{w:g}" height="{h:g}" '
                           f'rx="{small * 0.25:g}" fill="#dcecff" stroke="#2f5f98" stroke-width="1"/>')
                out.append(f'<text class="sumdot" x="{x:g}" y="{y + small * 0.38:g}" font-size="{small * 1.05:g}" '
                           f'text-anchor="middle">{escape(m.text)}</text>')
            elif m.style == "equalsum":  # equal sums: an "=" in a small ring between two groups
                out.append(f'<circle class="equalsum" cx="{x:g}" cy="{y:g}" r="{small * 0.75:g}" fill="white" '
                           f'stroke="#3f7a2a" stroke-width="1"/>')
                out.append(f'<text class="equalsum" x="{x:g}" y="{y + small * 0.4:g}" font-size="{small * 1.2:g}" '
                           f'font-weight="bold" text-anchor="middle" fill="#3f7a2a">=</text>')
            elif m.text:
                out.append(f'<rect x="{x - small * 0.5:g}" y="{y - small * 0.6:g}" width="{small:g}" '
                           f'height="{small * 1.2:g}" fill="white"/>')
                out.append(f'<text class="xv" x="{x:g}" y="{y + small * 0.5:g}" font-size="{small * 1.4:g}" '
                           f'font-weight="bold" text-anchor="middle">{escape(m.text)}</text>')
            else:
                fill = {"black": "black", "grey": "#a0a0a0"}.get(m.style, "white")
                out.append(f'<circle class="kropki-{m.style}" cx="{x:g}" cy="{y:g}" r="{cell * 0.13:g}" '
                           f'fill="{fill}" stroke="black" stroke-width="1.2"/>')
        elif m.shape == "quad":
            r, c = max(m.cells)
            x, y = c * cell, r * cell
            out.append(f'<circle class="quad" cx="{x:g}" cy="{y:g}" r="{cell * 0.3:g}" fill="white" '
                       f'stroke="black" stroke-width="1"/>')
            out.append(f'<text x="{x:g}" y="{y + small * 0.35:g}" font-size="{small * 0.9:g}" '
                       f'text-anchor="middle">{escape(m.text)}</text>')
        elif m.shape == "outside":
            (r, c), = m.cells
            arrow = ARROWS.get(m.style, "")
            out.append(f'<text class="outside" x="{(c + 0.5) * cell:g}" y="{(r + 0.5) * cell + small * 0.4:g}" '
                       f'font-size="{small * 1.3:g}" text-anchor="middle">{escape(m.text)}{arrow}</text>')
        elif m.shape == "text":
            r, c = m.cells[0]
            out.append(f'<text class="note" x="{c * cell + 2:g}" y="{r * cell + small:g}" '
                       f'font-size="{small:g}" fill="#444">{escape(m.text)}</text>')
    return out


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
    words = [kind.title(group[0], board.size) for kind, group in by_kind(board.rules) if kind.whole_grid]
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
    marks = marks_of(board) if board.rules.constraints else []
    margin = cell if any(m.shape == "outside" for m in marks) else 0  # room for clues beside the grid
    font = max(8, int(cell * (0.6 if (n <= len(alphabet)) else 0.42)))
    label_font = max(8, min(13, int(cell * 0.34)))
    left = int(label_font * 0.62 * (1 + len(str(n)))) + 6 if labels else 0
    above = label_font + 5 if labels else 0
    width, height = side + 2 * pad + left + 2 * margin, side + 2 * pad + top + above + 2 * margin
    if title:  # a title wider than the grid widens the picture instead of being cut off
        width = max(width, int(len(title) * 15 * 0.58) + 2 * pad)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" '
             f'height="{height}" viewBox="0 0 {width} {height}" '
             f'font-family="sans-serif">']
    if title:
        parts.append(f'<text x="{pad}" y="17" font-size="15">{escape(title)}</text>')
    if labels:
        for k in range(n):
            parts.append(f'<text class="label" x="{pad + left + margin + k * cell + cell / 2:g}" '
                         f'y="{pad + top + label_font:g}" font-size="{label_font}" fill="#666" '
                         f'text-anchor="middle">c{k + 1}</text>')
            parts.append(f'<text class="label" x="{pad + left - 4:g}" '
                         f'y="{pad + top + above + margin + k * cell + cell / 2 + 0.35 * label_font:g}" '
                         f'font-size="{label_font}" fill="#666" text-anchor="end">r{k + 1}</text>')
    parts.append(f'<g transform="translate({pad + left + margin},{pad + top + above + margin})">')
    first = set(marked)
    second = set(secondary) - first
    shaded = [f'<rect class="{cls}" x="{c * cell}" y="{r * cell}" width="{cell}" height="{cell}" fill="{fill}"/>'
              for cells, fill, cls in ((first, MARK_FILL, "mark"), (second, SECOND_FILL, "mark2"))
              for r, c in sorted(cells)]
    small = max(7, int(cell * 0.26))
    parts += rules_picture(board, marks, cell, small, shaded)
    summed = {min(m.cells) for m in marks if m.shape == "cage" and m.text}
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


def rules_picture(board: Board, marks: Sequence[Mark], cell: int, small: int,
                  shaded: Sequence[str] = ()) -> list[str]:
    """The grid and its rules drawn without digits, ``cell`` units a cell, origin at the grid's corner.

    Bottom to top: white ground, windoku's windows, the marks drawn under the lines (shading,
    lines, circles), the ``shaded`` elements (highlighted cells), thin cell lines, thick region
    borders, diagonals, cages with their sums, then dots, quadruples, outside clues and small
    texts. :func:`board_svg` puts its digits over it; the step page puts its cells over it.
    """
    n = board.size
    side = n * cell
    parts = [f'<rect x="0" y="0" width="{side}" height="{side}" fill="white"/>']
    for unit in board.rules.units:
        if unit.kind == "window":
            for r, c in unit.cells:
                parts.append(f'<rect class="window" x="{c * cell}" y="{r * cell}" width="{cell}" '
                             f'height="{cell}" fill="{WINDOW_FILL}"/>')
    parts += _under(marks, cell)
    parts += shaded
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
    for mark in marks:
        if mark.shape != "cage":
            continue
        segments = cage_outline(mark.cells, 0.09)
        repeat = mark.style == "repeat"  # (a sum cage: its digits may repeat)
        parts.append(f'<path class="cage{" repeat" * repeat}" d="' + " ".join(
            f"M{x1 * cell:g} {y1 * cell:g}L{x2 * cell:g} {y2 * cell:g}" for x1, y1, x2, y2 in segments)
            + (f'" {REPEAT_CAGE_STROKE}><title>digits may repeat in this cage</title></path>' if repeat
               else f'" {CAGE_STROKE}/>'))
        if mark.text:
            r, c = min(mark.cells)
            text = "\u03a3" * repeat + mark.text
            parts.append(f'<rect x="{c * cell + 1}" y="{r * cell + 1}" width="{small * 0.62 * len(text) + 3:g}" '
                         f'height="{small + 2}" fill="white"/>')
            parts.append(f'<text class="sum" x="{c * cell + 2}" y="{r * cell + small}" '
                         f'font-size="{small}">{escape(text)}</text>')
    parts += _over(marks, cell, small)
    return parts


PAGE_CELL = 36  # the step page's picture: a cell is this many units of its viewBox


def page_picture(board: Board) -> dict[str, Any]:
    """The step page's picture of the grid and its rules (:func:`rules_picture`), for its cells to lie on.

    ``svg``: an ``<svg>`` whose viewBox holds the grid and, on each side with a clue outside it,
    one more row or column of cells; ``margins``: those sides' widths in cells (top, right,
    bottom, left); ``cell``: the units of one cell; ``summed``: the cells (row-major indices)
    holding a cage's sum in their top-left corner; ``rules``: the rules the picture cannot show
    (:func:`rules_title`), or None.
    """
    n, cell = board.size, PAGE_CELL
    marks = marks_of(board) if board.rules.constraints else []
    outside = [m.cells[0] for m in marks if m.shape == "outside"]
    top, right, bottom, left = (int(any(test(r, c) for r, c in outside)) for test in (
        lambda r, c: r < 0, lambda r, c: c >= n, lambda r, c: r >= n, lambda r, c: c < 0))
    width, height = (n + left + right) * cell, (n + top + bottom) * cell
    inner = "".join(rules_picture(board, marks, cell, max(7, int(cell * 0.26))))
    svg = (f'<svg class="ss-picture" viewBox="{-left * cell} {-top * cell} {width} {height}" '
           f'font-family="sans-serif" aria-hidden="true">{inner}</svg>')
    summed = sorted(r * n + c for r, c in (min(m.cells) for m in marks if m.shape == "cage" and m.text))
    return {"svg": svg, "cell": cell, "margins": [top, right, bottom, left], "summed": summed,
            "rules": rules_title(board)}

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
