"""Small HTML views of results for notebooks (``_repr_html_``): a facts table and the grid.

Every text is escaped. Marked cells (a core, removals, differences...) carry an asterisk as well
as a background, so the mark survives without colour (and in plain-text copies of the table).

>>> from sudoku_cp.formats.text import parse_puzzle
>>> html = grid_html(parse_puzzle("1234341221434321"), marked=[(0, 0)])
>>> html.count("<td"), "<b>1</b>*" in html
(16, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from html import escape
from typing import Any

from ..core.board import Board, cell_name
from ..core.results import Result
from .text import DEFAULT_SYMBOLS

GIVEN_KEYS = ("core", "remove", "add", "redundant")  # explanation keys holding givens (row, col, digit)
MARK_NOTE = "* marks the cells this answer is about"


def _symbol(digit: int, size: int, symbols: str | None) -> str:
    if digit == 0:
        return ""
    alphabet = symbols or DEFAULT_SYMBOLS
    return alphabet[digit - 1] if size <= len(alphabet) else str(digit)


def grid_html(board: Board, solution: Board | None = None, marked: Iterable[tuple[int, int]] = (),
              symbols: str | None = None) -> str:
    """The grid as an HTML table: givens bold, solved digits plain, ``marked`` cells with ``*``.

    Box (or jigsaw region) edges are drawn thicker; cells carry ``title`` names (r1c1).
    """
    n = board.size
    marks = set(marked)
    region = board.rules.region_of  # boxes, or a jigsaw's regions
    shown = solution if solution is not None else board
    rows = []
    for r in range(n):
        tds = []
        for c in range(n):
            given = board.cells[r * n + c]
            text = escape(_symbol(shown.cells[r * n + c], n, symbols))
            if given:
                text = f"<b>{text}</b>"
            style = ["width:1.6em", "height:1.6em", "text-align:center", "border:1px solid #999"]
            here = region[r * n + c]
            if c + 1 < n and region[r * n + c + 1] != here:
                style.append("border-right:2px solid #000")
            if r + 1 < n and region[(r + 1) * n + c] != here:
                style.append("border-bottom:2px solid #000")
            if (r, c) in marks:
                style.append("background:#fde68a")
                text += "*"
            tds.append(f'<td title="{cell_name(r, c)}" style="{";".join(style)}">{text}</td>')
        rows.append(f"<tr>{''.join(tds)}</tr>")
    return ('<table class="sudoku-cp-grid" style="border-collapse:collapse;border:2px solid #000">'
            + "".join(rows) + "</table>")


def facts_table(facts: Sequence[tuple[str, Any]]) -> str:
    """A two-column table of (name, value) rows; values are escaped, ``None`` rows are left out."""
    rows = "".join(f"<tr><th style=\"text-align:left\">{escape(name)}</th><td>{escape(str(value))}</td></tr>"
                   for name, value in facts if value is not None)
    return f'<table class="sudoku-cp-facts">{rows}</table>'


def _givens_text(givens: Iterable[tuple[int, int, int]]) -> str:
    return ", ".join(f"{cell_name(r, c)}={d}" for r, c, d in givens) or "none"


def result_html(result: Result) -> str:
    """A :class:`Result` (or an explanation) for a notebook: its facts, then its grid."""
    facts: list[tuple[str, Any]] = [("status", result.status.value)]
    if result.count is not None:
        facts.append(("count", f"{result.count}{'' if result.complete else ' (at least: cut short)'}"))
    facts += [("backend", result.backend),
              ("time", None if result.time_s is None else f"{result.time_s:.3f} s"),
              ("error", result.error)]
    for conflict in result.conflicts:
        facts.append(("conflict", f"{conflict.unit} {conflict.index + 1}: digit {conflict.digit} "
                                  f"in {', '.join(cell_name(r, c) for r, c in conflict.cells)}"))
    for key in GIVEN_KEYS:
        value = getattr(result, key, None)
        if value is not None:
            facts.append((key, _givens_text(value)))
    differences = getattr(result, "differences", None)
    if differences:
        facts.append(("differences", ", ".join(cell_name(r, c) for r, c in differences)))
    for note in getattr(result, "notes", None) or []:
        facts.append(("note", note))
    marked_of = getattr(result, "marked", None)
    marked = marked_of() if callable(marked_of) else [c for k in result.conflicts for c in k.cells]
    parts = [facts_table(facts)]
    if result.puzzle is not None:
        solution = result.solutions[0] if result.solutions else result.solution
        parts.append(grid_html(result.puzzle, solution, marked))
        if len(result.solutions) >= 2:
            parts.append("<p>another solution:</p>")
            parts.append(grid_html(result.puzzle, result.solutions[1], marked))
        if marked:
            parts.append(f"<p><small>{escape(MARK_NOTE)}</small></p>")
    return f'<div class="sudoku-cp-result">{"".join(parts)}</div>'


def records_table(head: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A table with a header row; every cell escaped (``None`` shown as an empty cell)."""
    th = "".join(f"<th>{escape(h)}</th>" for h in head)
    body = "".join("<tr>" + "".join(f"<td>{'' if v is None else escape(str(v))}</td>" for v in row) + "</tr>"
                   for row in rows)
    return f'<table class="sudoku-cp-table"><tr>{th}</tr>{body}</table>'
