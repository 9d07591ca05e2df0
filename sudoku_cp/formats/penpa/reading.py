"""A Penpa+ puzzle's drawing read into a puzzle document: what determines a sudoku's rules, and what does not.

Read from the problem layer (``pu_q``) of a square board (grid type ``square`` or ``sudoku``):

- **givens**: numbers 1..N in board cells (Penpa+'s normal, L, M and S styles);
- **regions**: the thick black borders along grid lines (edge styles 2 and 21) divide the board into N
  regions of N cells: the boxes of an R x C shape, or else jigsaw regions; thin grid lines (styles
  0, 1, 11) are the grid itself;
- **diagonals**: lines from corner to corner of the board along a main diagonal (the ``sudoku`` grid's
  dashed diagonals), each whole diagonal the diagonal rule;
- **killer cages**: Penpa+'s Killer cages (``killercages``), their sum the small number Penpa+'s
  Killer number mode puts at a cage cell's top-left corner; a cage with no sum only where the
  rules text says cage digits do not repeat; where it says they may repeat, a cage with a sum is a
  sum cage (``sumcage``), and one whose number is a bound ("<15", "?") the rules text explains a
  bound cage (``boundcage``); their outlines (``cage``) are their drawing;
- **thermometers**: Penpa+'s Thermo (a bulb, then the line), bulb first;
- **arrows**: Penpa+'s Sudoku Arrow starting in a cell that holds a circle: that circle's digit is the
  sum of the shaft;
- **kropki dots**: small circles on the edge between two cells, white (styles 1 and 8) or black
  (style 2); **XV**: an ``X`` or ``V`` on an edge;
- the whole-grid rules the rules text states (anti-knight, anti-king, non-consecutive, "all dots
  are given"), as for SudokuPad links.

Where the rules text gives a drawn mark or line another meaning ("a white dot: the digits differ by 2",
"an X sums to 7"), denies it, makes an exception, says it only somewhere, only that it may hold or need
not, or a bound ("at least the clue"), that drawing is named, not read by its look (the SudokuPad
reader's :func:`..sudokupad.words.marks_qualified`, :func:`~..sudokupad.words.qualified`,
:func:`~..sudokupad.words.unsure`, :func:`~..sudokupad.words.not_a_sum`); so are the boxes or jigsaw
regions where it lets digits repeat in them ("digits may repeat within boxes").

Not rules: shading, lines and symbols outside the board (its margins hold nothing a rule reads), and
in a contest link (Penpa+'s ``comp`` mode) the letters and arrows outside the board that mark which
row or column to enter as the answer. Everything else drawn is named and refuses the puzzle: any
other line, shape, number or shading, a cage outline that is no killer cage, a thermometer without a
bulb, a coloured element (custom colours change what it means), a genre tag of another rule.
"""

from __future__ import annotations

import re

from ...core.board import PuzzleError
from ...core.shape import cell_name
from ..jsontext import show
from ..sudokupad import words
from .grid import Grid
from .link import EXPECTED, Link, header_int, line_json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    Cell = tuple[int, int]

GIVEN_STYLES = ("1", "5", "6", "10")  # Penpa+'s number sizes normal, M, S, L (style "7" is pencil marks)
THIN = (0, 1, 11)  # edge styles of the grid itself: none, thin, dotted
THICK = (2, 21)  # thick black edges: region borders
WHITE, BLACK = (1, 8), (2,)  # circle fills: white with a black outline, black
DOTS = ("circle_SS", "circle_S")  # the small circles Penpa+ puts on edges (kropki)
CIRCLES = ("circle_L", "circle_M", "circle_S")  # an arrow's circle
REGION_WORDS = r"\bbox(?:es)?\b|\bregions?\b"  # what the rules text calls the boxes or a jigsaw's regions
HISTORY = ("command_redo", "command_undo", "command_replay")
SUDOKU_TAGS = ("classic", "irregular", "arrow", "thermo", "killer", "consecutivepairs")
OTHER_SUDOKU_TAGS = ("latin", "alphabet", "tightfit", "evenodd", "isodoku", "consecutive", "nonconsecutive", "sudokurve",
                     "tile", "battleship", "deficit", "surplus", "outside")
ELEMENTS = {"line": "a line from {at} (Penpa+'s Line)", "wall": "a wall at {at}", "freeline": "a free line from {at}",
            "direction": "a moving arrow from {at}", "squareframe": "a square frame at {at}",
            "polygon": "a polygon at {at}", "nobulbthermo": "a line without a bulb drawn with the thermometer tool "
                                                           "from {at}"}


def read_board(link: Link, where: str) -> Grid:
    """The board of a link: a square of N x N cells on a square grid, not rotated; refused by name otherwise."""
    if link.grid_type not in ("square", "sudoku"):
        raise PuzzleError(f"{where}: a Penpa+ {link.grid_type!r} grid: expected a square grid holding a sudoku")
    nx, ny = header_int(link, 1, where, "column count"), header_int(link, 2, where, "row count")
    if not (1 <= nx <= 200 and 1 <= ny <= 200):
        raise PuzzleError(f"{where}: a Penpa+ grid of {nx} x {ny} cells: {EXPECTED}")
    turned = [header_int(link, i, where, name) if i < len(link.header) else default
              for i, name, default in ((4, "rotation", 0), (5, "left-right reflection", 1), (6, "up-down reflection", 1))]
    if turned[0] % 360 or turned[1:] != [1, 1]:
        raise PuzzleError(f"{where}: a board shown rotated or mirrored (rotation {turned[0]}, reflections "
                          f"{turned[1]}, {turned[2]}), which is not read: expected the puzzle as drawn, unrotated")
    listed = line_json(link, 5, where, "the board's cells", list) if len(link.lines) > 5 and link.lines[5].strip() \
        else []
    if listed and listed[0] is None:
        listed = []
    if not all(type(k) is int for k in listed):
        raise PuzzleError(f"{where}: the board's cells (line 6 of the link's text) are not numbers: {EXPECTED}")
    cells: list[int] = []
    for k in listed:
        cells.append(k if not cells else cells[-1] + k)
    if not cells:
        space = line_json(link, 1, where, "the margins", list)
        over, under, left, right = ([v if type(v) is int else 0 for v in space] + [0] * 4)[:4]
        cells = [i + j * (nx + 4) for j in range(2 + over, ny + 2 - under) for i in range(2 + left, nx + 2 - right)]
    grid = Grid(nx, ny, cells)
    if not grid.square:
        raise PuzzleError(f"{where}: a board of {grid.shape}: expected a square N x N sudoku grid")
    if not 4 <= grid.size <= 64:
        raise PuzzleError(f"{where}: a {grid.size}x{grid.size} board: expected N from 4 to 64")
    return grid


class Reader:
    """Reads one link's problem layer on its board: :attr:`givens`, :attr:`constraints`, region borders, and
    :attr:`unread`, what was drawn and read as no rule (each named)."""

    def __init__(self, link: Link, grid: Grid, text: str, where: str):
        self.link, self.grid, self.text, self.n, self.where = link, grid, text, grid.size, where
        self.q = link.problem
        self.givens: dict[Cell, int] = {}
        self.constraints: list[dict] = []
        self.unread: list[str] = []
        self.borders: set[frozenset[Cell]] = set()
        self.used_circles: set[int] = set()

    # -- helpers ------------------------------------------------------------------------------

    def _items(self, key: str) -> list[tuple[int | None, Any]]:
        """The entries of an element kind: (point index or None when the key is not one, value); empty ones skipped."""
        value = self.q.get(key)
        if isinstance(value, dict):
            return [(int(k) if str(k).isdigit() and len(str(k)) < 10 else None, v) for k, v in value.items()
                    if v not in (None, "", [], {})]
        return []

    def _paths(self, key: str) -> list[list[int]]:
        """The drawn paths of a special element (thermo, arrows, ...): lists of point indices, empty ones skipped."""
        value = self.q.get(key)
        paths = [p for p in value if p] if isinstance(value, list) else []
        return [p if isinstance(p, list) and all(type(k) is int for k in p) else [] for p in paths]

    def _cells(self, path: list[int]) -> list[Cell] | None:
        """The board cells of a path of cell centres, each next to the last (diagonals too), or None."""
        cells = [self.grid.cell(k) for k in path]
        if not cells or any(c is None for c in cells) or len(set(cells)) != len(cells):
            return None
        ok = all(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a, b in zip(cells, cells[1:]))  # type: ignore[index]
        return cells if ok else None  # type: ignore[return-value]

    def _coloured(self, key: str, index: int | str) -> bool:
        """Whether an element has a custom colour of its own (which may change what it means)."""
        colours = self.link.colours.get(key)
        if isinstance(colours, dict):
            return colours.get(str(index)) not in (None, "", 0)
        if isinstance(colours, list) and isinstance(index, int) and 0 <= index < len(colours):
            return colours[index] not in (None, "", 0)
        return False

    def _at(self, k: object) -> str:
        return self.grid.where(k) if type(k) is int else f"Penpa+ point {show(str(k))}"

    def _said(self, said: str | None, what: str) -> bool:
        """Name ``what`` (a drawing) where the rules text says ``said`` (a sentence that gives its rule another
        meaning, denies it, excepts some, or only allows it: :mod:`..sudokupad.words`); it is then not read."""
        if said is None:
            return False
        self.unread.append(f"{what}, where the rules text says {said if len(said) <= 80 else said[:79] + '…'!r}")
        return True

    # -- the elements ---------------------------------------------------------------------------

    def read(self) -> Reader:
        for key, value in self.q.items():
            if key in HISTORY or value in (None, "", [], {}) or (isinstance(value, list) and not any(value)):
                continue
            if key not in ("number", "numberS", "symbol", "lineE", "freelineE", "deletelineE", "surface", "cage",
                           "killercages", "thermo", "arrows") + tuple(ELEMENTS):
                self.unread.append(f"Penpa+'s {key!r}, which this reader does not know")
        self._tags()
        self._edges()
        self._numbers()
        self._cages()
        self._thermometers()
        self._arrows()
        self._symbols()
        self._others()
        return self

    def _tags(self) -> None:
        raw = self.link.lines[17] if len(self.link.lines) > 17 else ""
        try:
            import json

            tags = json.loads(raw) if raw.strip().startswith("[") and len(raw) < 10_000 else []
        except ValueError:
            tags = []
        tags = [t for t in tags if isinstance(t, str)] if isinstance(tags, list) else []
        other = [t for t in tags if t not in SUDOKU_TAGS + OTHER_SUDOKU_TAGS]
        if tags and other and not any(t in SUDOKU_TAGS + OTHER_SUDOKU_TAGS for t in tags):
            raise PuzzleError(f"{self.where}: its genre is {other[0]!r}, not a sudoku: expected a sudoku drawn in Penpa+")
        self.unread += [f"its genre tag {t!r}, a rule this reader does not read" for t in tags if t in OTHER_SUDOKU_TAGS]

    def _edges(self) -> None:
        """Region borders (thick edges), the main diagonals, and edge lines no rule reads."""
        grid, n = self.grid, self.n
        diagonals: set[frozenset[Cell]] = set()
        for key in ("lineE", "freelineE"):
            value = self.q.get(key)
            for pair, style in (value.items() if isinstance(value, dict) else []):
                ends = [grid.vertex(int(p)) if p.isdigit() and len(p) < 10 else None for p in str(pair).split(",")]
                if len(ends) != 2 or None in ends or style in (None, 0):
                    if style not in THIN:
                        self.unread.append(f"an edge line at Penpa+ points {show(str(pair))}")
                    continue
                (y1, x1), (y2, x2) = ends  # type: ignore[misc]
                inside = all(0 <= v <= n for v in (y1, x1, y2, x2))
                dy, dx = abs(y1 - y2), abs(x1 - x2)
                if dy == dx == 1 and inside:
                    diagonals.add(frozenset(ends))  # type: ignore[arg-type]
                    continue
                if style in THIN:
                    continue
                if dy + dx != 1 or not inside:
                    self.unread.append(f"an edge line (style {style}) from the grid point {y1},{x1} to {y2},{x2}"
                                       + ("" if inside else " outside the grid"))
                    continue
                if dy:  # a vertical line: the cells left and right of it
                    y = min(y1, y2)
                    pair_cells = ((y, x1 - 1), (y, x1))
                else:
                    x = min(x1, x2)
                    pair_cells = ((y1 - 1, x), (y1, x))
                on_board = [0 <= r < n and 0 <= c < n for r, c in pair_cells]
                if style in THICK and not self._coloured(key, pair):
                    if all(on_board):
                        self.borders.add(frozenset(pair_cells))
                    continue  # (the board's frame)
                what = f"a border of style {style}" + (" in its own colour" if self._coloured(key, pair) else "")
                self.unread.append(f"{what} between {' and '.join(cell_name(*c) for c, ok in zip(pair_cells, on_board) if ok)}")
        main = {frozenset({(t, t), (t + 1, t + 1)}) for t in range(n)}
        anti = {frozenset({(t, n - t), (t + 1, n - t - 1)}) for t in range(n)}
        # a sentence about diagonals that denies or excepts them, lets digits repeat on them or not differ, says
        # them only somewhere, or gives them a line rule ("digits may repeat on the diagonals", "each diagonal is a
        # German whisper"): they are named
        said = words.first_said(self.text, lambda s: re.search(r"\bdiagonals?\b", s) and (
            words.unsure(s, r"\bdiagonals?\b") or words.mentions(s) or re.search(rf"{words.MAY_REPEAT}|\bonly\b", s)))
        for which, segments in (("main", main), ("anti", anti)):
            if segments <= diagonals:
                diagonals -= segments
                corners = ((0, 0), (n - 1, n - 1)) if which == "main" else ((0, n - 1), (n - 1, 0))
                if not self._said(said, f"the diagonal line from {cell_name(*corners[0])} to {cell_name(*corners[1])}"):
                    self.constraints.append({"type": "diagonal", "which": which})
        if diagonals:
            (y, x), _ = sorted(next(iter(diagonals)))
            self.unread.append(f"a diagonal line from the grid point {y},{x} that is not a whole main diagonal")

    def _numbers(self) -> None:
        grid, n = self.grid, self.n
        qualified = words.marks_qualified(self.text)  # X and V the text gives another total or an exception: named
        for index, value in self._items("number"):
            text = str(value[0]).strip() if isinstance(value, list) and value and not isinstance(value[0], list) else \
                ("" if not isinstance(value, list) or not value else "candidates")
            style = str(value[2]) if isinstance(value, list) and len(value) > 2 else "1"
            if not text:
                continue
            cell = grid.cell(index) if index is not None else None
            edge = grid.edge(index) if index is not None else None
            if cell is not None and style == "7":
                self.unread.append(f"pencil marks in {cell_name(*cell)}")
            elif cell is not None and style in GIVEN_STYLES and re.fullmatch(r"[0-9]{1,2}", text) and 1 <= int(text) <= n:
                self.givens[cell] = int(text)
            elif edge is not None and style in GIVEN_STYLES and text.upper() in ("X", "V"):
                mark = text.upper()
                if self._said(qualified.get(mark), f"{'an' if mark == 'X' else 'a'} {mark} between "
                                                   f"{cell_name(*edge[0])} and {cell_name(*edge[1])}"):
                    continue
                self.constraints.append({"type": "xv", "cells": [list(edge[0]), list(edge[1])], "value": text.upper()})
            elif index is not None and grid.outside(index) and self.link.contest and re.fullmatch(r"[A-Z]", text):
                continue  # a contest's answer marker
            else:
                at = self._at(index if index is not None else value)
                self.unread.append(f"the text {show(text)} at {at}" + (f" (Penpa+ number style {style})"
                                                                      if cell is not None else ""))

    def _cages(self) -> None:
        from ...constraints.boundcage import explained

        grid = self.grid
        sums: dict[Cell, list[str]] = {}
        for index, value in self._items("numberS"):
            text = str(value[0]).strip() if isinstance(value, list) and value else ""
            if not text:
                continue
            quarter = grid.quarter(index) if index is not None else None
            if quarter is not None and quarter[1] == 0:
                sums.setdefault(quarter[0], []).append(text)
            else:
                self.unread.append(f"the small text {show(text)} at {self._at(index if index is not None else value)}")
        said = words.cage_digits(self.text)
        marks = words.cage_bounds(self.text)
        # "cages are not killer cages", "..., except in box 5": no cage is read; nor a clue other than a sum
        # or only says they may, need not, hold only somewhere ("only in box 5"), or a bound ("at least the clue")
        denied = words.first_said(self.text, lambda s: words.unsure(s, words.CAGE)
                                  or (re.search(words.CAGE, s) and re.search(r"\bonly\b", s)))
        bounded = None if marks else words.first_said(  # (not where the text explains "<")
            self.text, lambda s: re.search(words.CAGE, s) and re.search(words.NOT_EQUAL, s))
        product = words.not_a_sum(self.text, r"\bcages?\b|\bkiller")
        caged: dict[Cell, int] = {}
        for number, path in enumerate(self._paths("killercages")):
            cells = [grid.cell(k) for k in path]
            if not cells or None in cells or len(set(cells)) != len(cells) or any(c in caged for c in cells):
                self.unread.append(f"a killer cage at {self._at(path[0]) if path else 'no cell'} that overlaps "
                                   f"another or reaches outside the grid")
                continue
            cells.sort()  # type: ignore[arg-type]
            at = f"a killer cage of {len(cells)} cells from {cell_name(*cells[0])}"  # type: ignore[misc]
            for c in cells:
                caged[c] = number  # type: ignore[index]
            found = [t for c in cells for t in sums.pop(c, [])]  # type: ignore[arg-type]
            bound = len(found) == 1 and said in (None, "distinct") and explained(found[0].strip(), marks)
            if len(found) > 1 or (found and not bound and not re.fullmatch(r"[0-9]{1,4}", found[0])):
                self.unread.append(f"{at} marked {', '.join(map(repr, found))}")
                continue
            if self._said(denied, at):
                continue
            if found and not bound and self._said(bounded, at):
                continue
            if product:
                self.unread.append(f"{at} whose clue the rules text makes other than a sum")
                continue
            if said == "both" or (said == "repeat" and not found):
                self.unread.append(f"{at}{' with no sum' * (not found)} in which the rules text lets digits repeat"
                                   + ", though it also says cage digits do not repeat" * bool(found))
                continue
            if not found and said != "distinct":
                self.unread.append(f"{at} with no sum, which the rules text does not explain")
                continue
            if self._coloured("killercages", number):
                self.unread.append(f"{at} in its own colour")
                continue
            # a sum cage where the rules text lets its digits repeat (its sum then found above), else a killer cage
            cage: dict[str, Any] = {"type": "sumcage" if said == "repeat" else "killer",
                                    "cells": [list(c) for c in cells]}  # type: ignore[arg-type]
            if bound:  # a bound on the sum ("<15", "?") whose marks the rules text explains
                cage.update(type="boundcage", clue=found[0].strip())
            elif found:
                cage["sum"] = int(found[0])
            self.constraints.append(cage)
        for cell, texts in sums.items():
            self.unread.append(f"the small text {show(texts[0])} at the top-left corner of {cell_name(*cell)}, in no "
                               f"killer cage")
        outlined = set()
        value = self.q.get("cage")
        for pair in (value if isinstance(value, dict) else {}):
            for p in str(pair).split(","):
                quarter = grid.quarter(int(p)) if p.isdigit() and len(p) < 10 else None
                outlined.add(quarter[0] if quarter else None)
        stray = sorted((c for c in outlined if c not in caged), key=lambda c: (c is None, c or (0, 0)))
        if stray:
            self.unread.append("a cage outline " + (f"at {cell_name(*stray[0])}" if stray[0] else "outside the grid")
                               + " that is not a killer cage (Penpa+'s Cage tool, not its Killer cages)")

    def _thermometers(self) -> None:
        # a thermometer the text does not state plainly (negated, excepted, digits that may repeat or need not
        # increase), or where it speaks of slow thermometers (digits that increase or stay the same): named
        said = words.qualified(self.text).get("thermometer") or words.first_said(
            self.text, lambda s: re.search(words.LINE_RULES[0][0], s))
        for number, path in enumerate(self._paths("thermo")):
            cells = self._cells(path)
            at = self._at(path[0]) if path else "no cell"
            if cells is None or len(cells) < 2:
                self.unread.append(f"a thermometer at {at} that is not a line of neighbouring cells in the grid")
            elif self._coloured("thermo", number):
                self.unread.append(f"a thermometer from {at} in its own colour")
            elif self._said(said, f"a thermometer from {at}"):
                continue
            else:
                self.constraints.append({"type": "thermometer", "cells": [list(c) for c in cells]})

    def _arrows(self) -> None:
        symbols = self.q.get("symbol") if isinstance(self.q.get("symbol"), dict) else {}
        said = words.qualified(self.text).get("arrow")  # negated, excepted, a bound on the sum: named
        other = words.not_a_sum(self.text, r"\barrows?\b")  # a product, a difference...: named
        for number, path in enumerate(self._paths("arrows")):
            cells = self._cells(path)
            at = self._at(path[0]) if path else "no cell"
            circle = symbols.get(str(path[0])) if path else None  # type: ignore[union-attr]
            round_white = isinstance(circle, list) and len(circle) > 1 and circle[1] in CIRCLES and circle[0] in WHITE \
                and not self._coloured("symbol", path[0])
            if cells is None or len(cells) < 2:
                self.unread.append(f"an arrow at {at} that is not a line of neighbouring cells in the grid")
            elif not round_white:
                self.unread.append(f"an arrow from {at} with no white circle at its start")
            elif self._coloured("arrows", number):
                self.unread.append(f"an arrow from {at} in its own colour")
            elif self._said(said, f"an arrow from {at}"):
                continue
            elif other:
                self.unread.append(f"an arrow from {at} whose circle the rules text makes other than a sum")
            else:
                self.used_circles.add(path[0])
                self.constraints.append({"type": "arrow", "circle": [list(cells[0])],
                                         "cells": [list(c) for c in cells[1:]]})

    def _symbols(self) -> None:
        grid = self.grid
        qualified = words.marks_qualified(self.text)  # dots the text gives another meaning or an exception: named
        for index, value in self._items("symbol"):
            style, name = (value[0], str(value[1])) if isinstance(value, list) and len(value) > 1 else (None, "?")
            if index in self.used_circles:
                continue
            edge = grid.edge(index) if index is not None else None
            if edge is not None and name in DOTS and (style in WHITE or style in BLACK) \
                    and not self._coloured("symbol", index):  # type: ignore[arg-type]
                colour = "white" if style in WHITE else "black"
                if not self._said(qualified.get(colour), f"a {colour} dot between {cell_name(*edge[0])} and "
                                                         f"{cell_name(*edge[1])}"):
                    self.constraints.append({"type": "kropki", "cells": [list(edge[0]), list(edge[1])], "color": colour})
            elif index is not None and grid.outside(index) and self.link.contest and name.startswith("arrow"):
                continue  # a contest's answer marker
            else:
                self.unread.append(f"a {name} symbol at {self._at(index if index is not None else value)}")

    def _others(self) -> None:
        grid = self.grid
        for index, _ in self._items("surface"):
            if index is None or not grid.outside(index):
                self.unread.append(f"shading in {self._at(index)}")
                break
        for pair, _ in (self.q.get("deletelineE") or {}).items() if isinstance(self.q.get("deletelineE"), dict) else []:
            ends = [grid.vertex(int(p)) if p.isdigit() and len(p) < 10 else None for p in str(pair).split(",")]
            if None in ends or all(0 < v < self.n for end in ends for v in end):  # type: ignore[union-attr]
                self.unread.append("grid lines taken out inside the grid (Penpa+'s deleted edges)")
                break
        for key, what in ELEMENTS.items():
            value = self.q.get(key)
            first = None
            if isinstance(value, dict) and value:
                first = next(iter(value))
            elif isinstance(value, list) and any(value):
                first = next(p for p in value if p)
                first = first[0] if isinstance(first, list) and first else first
            if first is not None:
                start = str(first).split(",")[0]
                at = self._at(int(start)) if start.isdigit() and len(start) < 10 else f"Penpa+ point {show(start)}"
                self.unread.append(what.format(at=at))


def regions(reader: Reader) -> tuple[tuple[int, int] | None, list[list[int]] | None]:
    """The box shape or the jigsaw regions the thick borders draw: ``(box, None)`` or ``(None, labels)``. When they
    divide the board into no N regions of N cells there is no sudoku to solve, even in part: a :class:`PuzzleError`."""
    n, borders = reader.n, reader.borders
    label = [[-1] * n for _ in range(n)]
    sizes: list[int] = []
    for r0 in range(n):
        for c0 in range(n):
            if label[r0][c0] >= 0:
                continue
            label[r0][c0] = len(sizes)
            stack, size = [(r0, c0)], 0
            while stack:
                r, c = stack.pop()
                size += 1
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < n and 0 <= cc < n and label[rr][cc] < 0 and frozenset({(r, c), (rr, cc)}) not in borders:
                        label[rr][cc] = label[r0][c0]
                        stack.append((rr, cc))
            sizes.append(size)
    if len(sizes) == 1:
        raise PuzzleError(f"{reader.where}: no region borders (thick lines) are drawn on its {n}x{n} board, so it is no "
                          f"sudoku this reader knows: expected a sudoku with its boxes or regions drawn")
    if len(sizes) != n or any(s != n for s in sizes):
        shown = ", ".join(str(s) for s in sorted(sizes)[:12]) + (", ..." if len(sizes) > 12 else "")
        raise PuzzleError(f"{reader.where}: its thick borders divide the grid into {len(sizes)} regions of {shown} "
                          f"cells: expected {n} regions of {n} cells (the boxes, or a jigsaw's regions)")
    inner = sorted(tuple(sorted(pair)) for pair in borders if len({label[r][c] for r, c in pair}) == 1)
    if inner:
        (a, b) = inner[0]
        reader.unread.append(f"a thick border between {cell_name(*a)} and {cell_name(*b)} inside one region")
    shape = None
    for rows in range(2, n):
        cols = n // rows
        if rows * cols != n or cols < 2:
            continue
        boxes = [[(r // rows) * (n // cols) + c // cols for c in range(n)] for r in range(n)]
        if all(len({label[r][c] for r in range(n) for c in range(n) if boxes[r][c] == k}) == 1 for k in range(n)):
            shape = (rows, cols)
            break
    # a sentence (not about cages) that lets digits repeat in the boxes or regions, or says their rule need not hold,
    # holds only somewhere, or denies it ("digits may repeat within boxes"): the borders are named, not read
    said = words.first_said(reader.text, lambda s: re.search(REGION_WORDS, s) and not re.search(words.CAGE, s)
                            and (words.unsure(s, REGION_WORDS) or re.search(words.MAY_REPEAT, s)))
    reader._said(said, f"the {shape[0]}x{shape[1]} boxes" if shape else "the jigsaw regions")
    return (shape, None) if shape else (None, label)


__all__ = ["Reader", "read_board", "regions"]
