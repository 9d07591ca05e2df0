"""SudokuPad drawings read back into rules: the styles SudokuPad's f-puzzles converter draws, then colour words.

SudokuPad has no rule objects: a puzzle is cells, regions, cages and drawings (``lines``,
``arrows``, ``overlays``, ``underlays``), in cell units from the grid's top-left corner (r1c1's
centre is ``[0.5, 0.5]``). Its converter from f-puzzles draws each rule one way, and most shared
puzzles went through it, so those styles are read as the rules they draw:

- a cage with cells: a killer cage (its number the sum); ``style: extraregion``: an extra region;
- a line from corner to corner: a diagonal; a line with a circle at one end (the bulb, 0.85 wide):
  a thermometer; circles at both ends (white, grey rim): a between line; a 16-wide ``#CFCFCF`` line:
  a palindrome; a 3-point chevron on a ``#ccc`` cell: a minimum (pointing in) or maximum (out);
- an ``arrows`` entry leaving a circle (or a pill of cells): an arrow sum; a short one outside the
  grid with a number on its cell: a little killer;
- a small dot on an edge: kropki (white: difference, black: ratio, text: its value; grey, where the rules
  text says grey dots are consecutive or 1:2: either); ``X``/``V`` on an edge: XV; a dot or square on an
  edge of a colour the rules text gives totals ("blue squares sum to 7", "green dots are either X or V"),
  or a numbered circle there where the text says the number is the two cells' sum: a sum dot; a circle
  with digits on a corner: a quadruple; a 0.7 grey square / circle in a cell: even / odd; a number
  beside the grid: a sandwich sum (or what the rules text calls it).

Other lines are read by their colour's words in the rules text (``words.line_kinds``). What no
rule explains is returned as unread, named for people ("a red line from r1c1 to r3c4"); only what
is provably decoration is let go (a white line inside another line, a shaded cell when the rules
text names no colour).

SudokuMaker and setters draw some rules their own way, read as they use them: X/V on a small white
circle; colours with an alpha part as seen on the page (``#0003`` is light grey); an arrow drawn as a
line from a circle with a chevron head at its far end; a thermometer branch as a second line starting
on the trunk's cell; a zipper's centre marked by a small dot or diamond; a renban drawn in two strokes
(one starting on the other's cell) as one set; a closed loop of a window rule (whispers, entropic,
modular, ...) with its joint; lines along the grid lines that trace the regions' borders; greater-than
chevrons inside the greater cell at its edge, and shaded cells whose "greater than the unshaded
neighbours" rule those chevrons draw out in full; shaded cells the text calls odd or even, and shaded
regions of N cells the text says hold each digit once (windoku).

The converter's default styles are guessed only where the rules text says nothing or names that rule
(a line from a bulb, a line between two circles, the grey palindrome, 0.7 grey shapes, 32-point
outside numbers): a text about other things leaves them unread rather than guessed.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator
import re
from dataclasses import dataclass, field

from ...core.shape import cell_name
from . import words

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

Point = tuple[float, float]
# Line rules on each stretch of consecutive cells: how many cells a stretch holds (a closed loop's joint is one more)
_WINDOW = {"whispers": 2, "dutchwhispers": 2, "parityline": 2, "entropic": 3, "modular": 3}
Cell = tuple[int, int]
NEAR = 0.08  # how far from a cell centre, edge or corner a drawing may sit and still be on it


@dataclass
class Reading:
    """What the drawings say: document constraints, what was not read, and why each choice was made."""

    constraints: list[dict] = field(default_factory=list)
    unread: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    missing: dict[str, str] = field(default_factory=dict)  # a rule this build lacks -> the drawing


@dataclass
class Shape_:
    """One overlay or underlay: a circle, square, dot or text."""

    centre: Point
    width: float
    height: float
    rounded: bool
    background: str
    border: str
    text: str
    layer: str
    font: float
    angle: float = 0.0
    used: bool = False


@dataclass
class Line:
    """One line or arrow."""

    points: list[Point]
    colour: str
    thickness: float
    arrow: bool
    used: bool = False


def _num(value: Any, default: float = 0.0) -> float:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else default


def _point(value: Any) -> Point | None:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return float(value[0]), float(value[1])
    return None


def cell_of(p: Point) -> Cell:
    return math.floor(p[0]), math.floor(p[1])


def _frac(x: float) -> float:
    return x - math.floor(x)


def joined_groups(cells: Iterable[Cell], together: Callable[[Cell, Cell], bool] = lambda a, b: True) -> list[list[Cell]]:
    """The groups of ``cells`` joined side by side (``together`` says whether two neighbours join), each sorted.

    >>> joined_groups({(0, 0), (0, 1), (2, 2)})
    [[(0, 0), (0, 1)], [(2, 2)]]
    """
    groups: list[list[Cell]] = []
    left = set(cells)
    while left:
        stack, group = [min(left)], []
        left.discard(stack[0])
        while stack:
            r, c = stack.pop()
            group.append((r, c))
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if nb in left and together((r, c), nb):
                    left.discard(nb)
                    stack.append(nb)
        groups.append(sorted(group))
    return groups


def centred(p: Point) -> bool:
    """Whether a point is a cell's centre."""
    return abs(_frac(p[0]) - 0.5) < NEAR and abs(_frac(p[1]) - 0.5) < NEAR


def on_polyline(p: Point, points: list[Point]) -> bool:
    """Whether a point lies on a polyline (within :data:`NEAR`).

    >>> on_polyline((6.5, 5.5), [(6.5, 7.5), (6.5, 3.5)]), on_polyline((3.5, 4.7), [(3.5, 4.3), (3.5, 2.5)])
    (True, False)
    """
    for a, b in zip(points, points[1:]):
        dx, dy = b[0] - a[0], b[1] - a[1]
        t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / ((dx * dx + dy * dy) or 1.0)))
        if math.dist(p, (a[0] + t * dx, a[1] + t * dy)) < NEAR:
            return True
    return len(points) == 1 and math.dist(p, points[0]) < NEAR


def on_corner(p: Point) -> bool:
    return min(_frac(p[0]), 1 - _frac(p[0])) < NEAR and min(_frac(p[1]), 1 - _frac(p[1])) < NEAR


def edge_cells(p: Point) -> tuple[Cell, Cell] | None:
    """The two cells a point between them (on their shared edge's middle) joins, or None."""
    fr, fc = _frac(p[0]), _frac(p[1])
    if min(fr, 1 - fr) < NEAR and abs(fc - 0.5) < 0.2:
        r = round(p[0])
        return (r - 1, math.floor(p[1])), (r, math.floor(p[1]))
    if min(fc, 1 - fc) < NEAR and abs(fr - 0.5) < 0.2:
        c = round(p[1])
        return (math.floor(p[0]), c - 1), (math.floor(p[0]), c)
    return None


def line_cells(points: list[Point]) -> list[Cell]:
    """The cells a polyline passes through, in order (each segment walked in steps of at most one cell). An end
    drawn short of its cell's centre (setters stop a line inside its last cell where another line meets it there)
    is walked from that centre: a diagonal from ``(0.75, 5.75)`` to ``(3.25, 8.25)`` passes four cells, not three.

    >>> [cell_name(*c) for c in line_cells([(0.75, 5.75), (3.25, 8.25)])]
    ['r1c6', 'r2c7', 'r3c8', 'r4c9']
    """
    if len(points) >= 2:
        points = [_centre_of_end(points[0])] + points[1:-1] + [_centre_of_end(points[-1])]
    out: list[Cell] = []
    for a, b in zip(points, points[1:]):
        steps = max(1, round(max(abs(b[0] - a[0]), abs(b[1] - a[1]))))  # waypoints are cell centres
        for k in range(steps + 1):
            c = cell_of((a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps))
            if not out or out[-1] != c:
                out.append(c)
    if len(points) == 1:
        out.append(cell_of(points[0]))
    return out


def _centre_of_end(p: Point) -> Point:
    """A line's end point inside a cell (clear of its edges) moved to that cell's centre; an end on an edge or a
    corner as it is."""
    if NEAR <= _frac(p[0]) <= 1 - NEAR and NEAR <= _frac(p[1]) <= 1 - NEAR:
        return math.floor(p[0]) + 0.5, math.floor(p[1]) + 0.5
    return p


def _cells_text(cells: list[Cell]) -> str:
    if not cells:
        return "nowhere"
    if len(cells) == 1:
        return f"at {cell_name(*cells[0])}"
    return f"from {cell_name(*cells[0])} to {cell_name(*cells[-1])}"


def _where(p: Point, n: int) -> str:
    r, c = cell_of(p)
    if 0 <= r < n and 0 <= c < n:
        return f"at {cell_name(r, c)}"
    side = "above" if r < 0 else "below" if r >= n else "left of" if c < 0 else "right of"
    what = f"column {c + 1}" if r < 0 or r >= n else f"row {r + 1}"
    return f"{side} {what}"


# Words by which a sentence says a parity is not, not always, or only may be a shape's or shading's digits'
_UNSURE = (rf"\bnot?\b|n't\b|\bnever\b|\bcannot\b|\bmay\b|\bmight\b|\bcan\b|\bcould\b|\bsometimes\b|"
           rf"{words.EXCEPTION}|{words.NOT_REQUIRED}")


class DrawingReader:
    """Reads one puzzle's drawings (see the module's docstring); :meth:`read` gives the :class:`Reading`."""

    def __init__(self, data: dict, n: int, rules_text: str, has_rule: Any,
                 regions: list[list[int]] | None = None) -> None:
        self.n = n
        self.regions = regions  # region labels of a jigsaw (N rows of N), or None for the boxes
        self.text = rules_text or ""
        self.has_rule = has_rule  # catalogue type name -> bool
        self.colour_rules = words.line_kinds(self.text)
        self.named = words.mentions(self.text)
        self.qualified = words.qualified(self.text)  # line rules the text negates, excepts or gives a range
        self.out = Reading()
        self.thermos: list[tuple[Line, str, list[Cell]]] = []  # each thermometer read: its line, kind, cells
        self.shapes = [self._shape(s, layer) for layer in ("underlays", "overlays")
                       for s in data.get(layer) or [] if isinstance(s, dict) and _point(s.get("center"))]
        seen: set[tuple] = set()  # the converter draws a shared circle once per arrow or branch: read it once
        unique = []
        for shape in self.shapes:
            key = (shape.centre, shape.width, shape.height, shape.rounded, shape.background, shape.border, shape.text)
            if key not in seen:
                seen.add(key)
                unique.append(shape)
        self.shapes = unique
        self.lines = [self._line(v, False) for v in data.get("lines") or [] if isinstance(v, dict)]
        self.lines += [self._line(v, True) for v in data.get("arrows") or [] if isinstance(v, dict)]
        self.lines = [line for line in self.lines if len(line.points) >= 2]
        self.cages = [[(int(r), int(c)) for r, c in cage["cells"]] for cage in data.get("cages") or []
                      if isinstance(cage, dict) and not cage.get("hidden") and cage.get("style") in (None, "killer")
                      and isinstance(cage.get("cells"), list) and cage["cells"]
                      and all(isinstance(c, list) and len(c) == 2 for c in cage["cells"])]  # (read as killer cages)

    @staticmethod
    def _shape(s: dict, layer: str) -> Shape_:
        width = _num(s.get("width"), 1.0)
        text = s.get("text", "")
        return Shape_(_point(s.get("center")) or (0.0, 0.0), width, _num(s.get("height"), width), bool(s.get("rounded")),
                      str(s.get("backgroundColor") or ""), str(s.get("borderColor") or ""),
                      "" if text is None else str(text).strip(), layer, _num(s.get("fontSize"), 0.0),
                      _num(s.get("angle"), 0.0))

    @staticmethod
    def _line(v: dict, arrow: bool) -> Line:
        points = [p for p in (_point(w) for w in v.get("wayPoints") or []) if p is not None]
        return Line(points, str(v.get("color") or ""), _num(v.get("thickness"), 1.0), arrow)

    def denied(self, pattern: str) -> bool:
        """Whether a sentence of the rules text names ``pattern`` (a rule's words) only to deny it or make an
        exception (:func:`.words.refuted`)."""
        return any(words.refuted(sentence, pattern) for sentence in words.sentences(self.text))

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.n and 0 <= cell[1] < self.n

    def add(self, kind: str, **fields: Any) -> None:
        self.out.constraints.append({"type": kind, **fields})

    def unread(self, what: str) -> None:
        self.out.unread.append(what)

    def line_rule(self, kind: str, cells: list[Cell], what: str, loop: bool = False) -> bool:
        """Add a line rule of catalogue type ``kind`` (``loop``: a closed line whose rule reads it whole, a 10 line);
        a rule this build lacks is recorded by name; a rule the rules text does not state plainly
        (:func:`.words.qualified`) is named with its sentence."""
        said = self.qualified.get(kind)
        if said is not None:
            self.unread(f"{what}, where the rules text says {said if len(said) <= 80 else said[:79] + '…'!r} "
                        f"of {words.LINE_WORDS[kind]}")
            return True
        if kind == "dutchwhispers" and not self.has_rule(kind):
            self.add("whispers", cells=[list(c) for c in cells], value=4)
            return True
        if not self.has_rule(kind):
            self.out.missing.setdefault(kind, what)
            return True
        if kind == "equalsum":
            return self.halves(cells, what)
        fields: dict[str, Any] = {"cells": [list(c) for c in cells]}
        number = words.line_gap(self.text, kind) if kind in ("whispers", "lockout") else \
            words.line_sum(self.text) if kind == "tenline" else None
        if number is not None and number != {"whispers": (self.n + 1) // 2, "lockout": self.n // 2, "tenline": 10}[kind]:
            fields["value"] = number
        if loop:
            fields["loop"] = True
        self.add(kind, **fields)
        return True

    def halves(self, cells: list[Cell], what: str) -> bool:
        """A line whose two halves the rules text says have one sum (:func:`.words.line_halves`): an equal-sums rule
        on its first half and its second half (which way the line runs does not matter). A line of an odd number of
        cells, or of another length than the text's halves give ("the first two ... the last two": four), is named."""
        half = words.line_halves(self.text)
        if half is None:
            self.unread(f"{what} that the rules text does not explain")
        elif len(cells) % 2:
            self.unread(f"{what} of {len(cells)} cells, which has no two halves")
        elif half and len(cells) != 2 * half:
            self.unread(f"{what} of {len(cells)} cells, where the rules text speaks of the first {half} and the last "
                        f"{half}")
        else:
            k = len(cells) // 2
            self.add("equalsum", groups=[[list(c) for c in cells[:k]], [list(c) for c in cells[k:]]])
        return True

    # --- circles, which lines and arrows end in -------------------------------------------

    def circles(self) -> dict[Cell, Shape_]:
        """Cell -> a circle drawn on it (a bulb, an arrow's circle or pill, a between line's end)."""
        out: dict[Cell, Shape_] = {}
        for s in self.shapes:
            if not s.rounded or s.text or min(s.width, s.height) < 0.6:
                continue
            for cell in self.covered(s):
                out.setdefault(cell, s)
        return out

    def covered(self, s: Shape_) -> list[Cell]:
        """The cells whose centres a shape covers (one for a circle, several for a pill)."""
        r0, c0 = s.centre[0] - s.height / 2, s.centre[1] - s.width / 2
        return [(r, c) for r in range(math.floor(r0), math.ceil(s.centre[0] + s.height / 2))
                for c in range(math.floor(c0), math.ceil(s.centre[1] + s.width / 2))
                if self.inside((r, c)) and r0 < r + 0.5 < r0 + s.height and c0 < c + 0.5 < c0 + s.width]

    def read(self) -> Reading:
        self.diagonals()
        self.minmax()
        self.inequalities()  # chevrons before other lines take them
        self.region_borders()
        self.arrowheads()
        self.lockouts()
        self.index_lines()
        circles = self.circles()
        self.arrows(circles)
        self.lines_with_circles(circles)
        self.thermo_branches()
        self.joined_lines()
        self.other_lines()
        self.zipper_centres()
        self.edge_marks()
        self.quadruples()
        self.outside_clues()
        self.parity_shapes()
        self.counting_circles()
        self.suns()
        self.clones()
        self.fortress()
        self.shaded_regions()
        self.magic_squares()
        self.leftover_shapes()
        return self.out

    def diamonds(self) -> dict[Cell, Shape_]:
        """Cell -> a diamond drawn on it (a square turned 45 degrees, smaller than the cell): a lockout line's end."""
        out: dict[Cell, Shape_] = {}
        for s in self.shapes:
            if s.used or s.rounded or s.text or not centred(s.centre) or not 0.3 <= s.width <= 0.95 \
                    or abs(s.width - s.height) > 0.05 or abs(s.angle % 90 - 45) > 5:
                continue
            out.setdefault(cell_of(s.centre), s)
        return out

    def diamond_lines(self, kind: str) -> Iterator[tuple[Line, list[Cell], Shape_ | None, Shape_ | None]]:
        """The lines not yet read whose colour's words give them no rule but ``kind``, with their cells and the
        diamonds on their first and last cells (or None)."""
        diamonds = self.diamonds()
        for line in self.lines:
            if line.used or line.arrow:
                continue
            cells = [c for c in line_cells(line.points) if self.inside(c)]
            if len(cells) < 2 or cells[0] == cells[-1] or self.said_of(line) not in (None, kind):
                continue
            yield line, cells, diamonds.get(cells[0]), diamonds.get(cells[-1])

    def lockouts(self) -> None:
        """Lockout lines: a line with a diamond at each end, when the rules text names lockout lines (or its
        colour's words say so)."""
        if "lockout" not in self.named:
            return
        for line, cells, first, last in self.diamond_lines("lockout"):
            if first is None or last is None:
                continue
            line.used = first.used = last.used = True
            self.line_rule("lockout", cells, f"a {words.colour_word(line.colour)} line {_cells_text(cells)} with "
                                             f"diamonds at its ends")

    def index_lines(self) -> None:
        """Index lines: a line with a diamond at one end (where its count starts), when the rules text names index
        lines (or its colour's words say so); an index line's colour on a line without one diamond stays unread."""
        if "indexline" not in self.named:
            return
        for line, cells, first, last in self.diamond_lines("indexline"):
            mark = first if last is None else last if first is None else None  # a diamond at one end only
            if mark is None:
                continue
            line.used = mark.used = True
            cells = cells if first is not None else cells[::-1]
            self.line_rule("indexline", cells, f"a {words.colour_word(line.colour)} line {_cells_text(cells)} with a "
                                               f"diamond at {cell_name(*cells[0])}")

    def arrowheads(self) -> None:
        """Arrows drawn as lines (SudokuMaker's style): a line whose far end carries a head of its colour (a
        three-point chevron, its apex on that end) is an arrow."""
        heads = [h for h in self.lines if not h.arrow and len(h.points) == 3 and _chevron(h.points)]
        for line in self.lines:
            if line.arrow or line in heads:
                continue
            head = next((h for h in heads if not h.used and h.colour == line.colour
                         and math.dist(h.points[1], line.points[-1]) < NEAR), None)
            if head is not None:
                head.used = True
                line.arrow = True

    def thermo_branches(self) -> None:
        """A thermometer's branch: a line of its style starting on one of its cells (not at a bulb) continues it
        from that cell, as SudokuPad draws a branching thermometer (one line per branch)."""
        grown = True
        while grown:
            grown = False
            for line in self.lines:
                if line.used or line.arrow:
                    continue
                cells = [c for c in line_cells(line.points) if self.inside(c)]
                for trunk, kind, on in list(self.thermos):
                    if trunk.colour != line.colour or abs(trunk.thickness - line.thickness) > 1 or len(cells) < 2:
                        continue
                    for start, rest in ((cells[0], cells[1:]), (cells[-1], cells[-2::-1])):
                        if start in on[1:] and not set(rest) & set(on):
                            whole = on[:on.index(start) + 1] + rest
                            line.used = grown = True
                            self.thermos.append((line, kind, whole))
                            self.line_rule(kind, whole, f"a {words.colour_word(line.colour)} thermometer branch "
                                                        f"{_cells_text(cells)}")
                            break
                    if line.used:
                        break

    def joined_lines(self) -> None:
        """Lines of one style where one starts on another's cell are one drawing (a fish-shaped renban drawn in two
        strokes): the later line's cells are added to the earlier one when the rules text reads that colour as a
        rule on the set of the line's digits (renban, nabner)."""
        for line in self.lines:
            kind = self.said_of(line)
            if kind == "regionsum" and not line.used and not line.arrow:
                self.region_sum_branch(line)
            if line.used or line.arrow or kind not in ("renban", "nabner"):
                continue
            for other in self.lines:
                if other is line or other.used or other.arrow or other.colour != line.colour \
                        or abs(other.thickness - line.thickness) > 1:
                    continue
                mine = set(line_cells(line.points))
                if cell_of(other.points[0]) in mine or cell_of(other.points[-1]) in mine:
                    line.points = line.points + other.points  # walked as one: the cells are what the rule reads
                    other.used = True

    def said_of(self, line: Line) -> str | None:
        """The line rule the rules text's colour words give a line: its colour's, or the nearest colour named."""
        return self.colour_rules.get(words.colour_word(line.colour)) \
            or self.colour_rules.get(words.nearest(line.colour, self.colour_rules) or "")

    def region_sum_branch(self, branch: Line) -> None:
        """A region-sum line that ends on a cell of another of its style (a shell drawn in two strokes) joins it
        there, and the joint's cell is in the other line's segment: where the branch's next cell is in another
        region, the branch is read from that cell on (the strokes then keep a common sum each, which the whole
        line's one sum only narrows). A branch that stays in the joint's region would add its cells to the other
        line's segment, which no line rule reads: it is named, not read."""
        cells = line_cells(branch.points)
        others = [o.points for o in self.lines
                  if o is not branch and not o.used and not o.arrow and o.colour == branch.colour
                  and abs(o.thickness - branch.thickness) <= 1]
        if len(cells) < 2 or not others:
            return
        keep = list(cells)
        for point, end, nxt in ((branch.points[0], cells[0], cells[1]), (branch.points[-1], cells[-1], cells[-2])):
            if not centred(point) or not any(on_polyline(point, o) for o in others):
                continue  # lines that only start in one cell (from a circle's two sides) are not joined
            if self.region_of(nxt) == self.region_of(end):
                self.unread(f"a {words.colour_word(branch.colour)} region-sum line {_cells_text(cells)} that joins "
                            f"another inside one region")
                branch.used = True
                return
            keep.remove(end)
        if len(keep) < len(cells):
            branch.points = [(r + 0.5, c + 0.5) for r, c in keep]

    def region_of(self, cell: Cell) -> int:
        """The region (box, or jigsaw region) a cell is in."""
        if self.regions is not None:
            return self.regions[cell[0]][cell[1]]
        from ...core.shape import Shape

        return Shape.for_size(self.n).box_index(*cell)

    def zipper_centres(self) -> None:
        """The mark a setter puts at a zipper line's centre (a small dot on an odd line's middle cell, or a small
        diamond between an even line's two middle cells) shows where the centre is: it is read with the line."""
        for c in self.out.constraints:
            if c["type"] != "zipper":
                continue
            cells, k = c["cells"], len(c["cells"])
            a, b = cells[(k - 1) // 2], cells[k // 2]
            mid = ((a[0] + b[0]) / 2 + 0.5, (a[1] + b[1]) / 2 + 0.5)
            for s in self.shapes:
                if not s.used and not s.text and max(s.width, s.height) <= 0.5 and math.dist(s.centre, mid) < NEAR:
                    s.used = True

    def region_borders(self) -> None:
        """Lines along the grid lines that only trace the regions' borders (or the grid's edge) draw the regions."""
        if self.regions is None:
            return
        for line in self.lines:
            if line.used or line.arrow or not all(on_corner(p) for p in line.points):
                continue
            if all(self.on_border((round(a[0]), round(a[1])), (round(b[0]), round(b[1])))
                   for a, b in zip(line.points, line.points[1:])):
                line.used = True

    def on_border(self, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether the grid-line segment from corner ``a`` to corner ``b`` runs between two regions or on the edge."""
        labels = self.regions
        if labels is None or (a[0] != b[0] and a[1] != b[1]):
            return False
        for k in range(max(abs(b[0] - a[0]), abs(b[1] - a[1]))):
            if a[0] == b[0]:  # along a row line: the cells above and below
                c, r = min(a[1], b[1]) + k, a[0]
                pair = [(r - 1, c), (r, c)]
            else:
                r, c = min(a[0], b[0]) + k, a[1]
                pair = [(r, c - 1), (r, c)]
            inside = [p for p in pair if self.inside(p)]
            if len(inside) == 2 and labels[inside[0][0]][inside[0][1]] == labels[inside[1][0]][inside[1][1]]:
                return False
        return True

    def fortress(self) -> None:
        """Shaded cells whose rule is "greater (or less) than the unshaded neighbours", drawn out in full as
        signs: each shaded cell has a sign towards every unshaded neighbour, so the shading is read with them."""
        if not words.says(self.text, r"shad(?:ed|ing)") or not words.says(self.text, r"greater|less than|smaller"):
            return
        shaded = {cell_of(s.centre): s for s in self.shapes if not s.used and not s.rounded and not s.text
                  and centred(s.centre) and abs(s.width - 1) < 0.25 and self.inside(cell_of(s.centre))}
        signs = {frozenset(map(tuple, c["cells"])) for c in self.out.constraints if c["type"] == "greaterthan"}
        if not shaded or not signs:
            return
        for (r, c) in shaded:
            for nb in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if self.inside(nb) and nb not in shaded and frozenset({(r, c), nb}) not in signs:
                    return
        for s in shaded.values():
            s.used = True

    def cell_shade(self, s: Shape_) -> bool:
        """Whether a shape is one cell's shading: a square of about the cell's size on its centre, with no text."""
        return not s.rounded and not s.text and centred(s.centre) and abs(s.width - 1) < 0.25 \
            and abs(s.height - 1) < 0.25 and self.inside(cell_of(s.centre))

    def shaded_regions(self) -> None:
        """Windoku and extra regions drawn as shading: whole-cell shades that join into groups of N cells, each an
        extra region, when the rules text says shaded regions hold each digit once ("the four shaded regions
        also contain the digits 1-9")."""
        if not any(re.search(r"\b(?:shaded|shading|grey|gray|colou?red|highlighted)\b[^.;]{0,30}\b(?:regions?|areas?|"
                             r"boxes|windows?)\b|windoku|extra regions?", sentence)
                   and re.search(r"repeat|\bonce\b|\b1 ?(?:-|to) ?\d\b|each digit|every digit|extra regions?|windoku|"
                                 r"different|distinct", sentence)
                   and not re.search(rf"\b(?:may|can|could|might)(?: also)? repeat|{words.NOT_REQUIRED}", sentence)
                   and not words.refuted(sentence, r"\bextra regions?|windoku|\bregions?\b")
                   for sentence in words.sentences(self.text)):
            return
        shaded = {cell_of(s.centre): s for s in self.shapes if not s.used and self.cell_shade(s)}
        groups = joined_groups(shaded)
        if not groups or any(len(group) != self.n for group in groups):
            return  # shading that is not regions of N cells: named as unread below
        for group in groups:
            for cell in group:
                shaded[cell].used = True
            self.add("extra-region", cells=[list(c) for c in group])

    def magic_squares(self) -> None:
        """Magic squares, where the rules text names one: the box it names ("the central box", "the middle box",
        "box 5"), else each cage of a square block where the text speaks of a cage (read as a killer cage too, so
        its digits are distinct), else each shaded square block of cells that is a box, or that the text's shaded
        regions already make an extra region (distinct digits, as a magic square's are). Anything else is named."""
        if not words.says(self.text, r"\bmagic squares?\b"):
            return
        if not self.has_rule("magicsquare"):
            self.out.missing.setdefault("magicsquare", "magic squares")
            return
        side = math.isqrt(self.n)
        boxes = None if self.regions is not None or side * side != self.n or side < 2 else \
            [[(r, c) for r in range(b // side * side, b // side * side + side)
              for c in range(b % side * side, b % side * side + side)] for b in range(self.n)]
        said = " ".join(t for t in words.sentences(self.text) if re.search(r"\bmagic squares?\b", t))
        denied = words.first_said(self.text, lambda s: words.refuted(s, r"\bmagic squares?\b"))
        if denied is not None:
            self.unread(f"the magic square of which the rules text says {denied[:80]!r}")
            return
        named = sorted({int(m.group(1)) for m in re.finditer(r"\bbox (\d+)\b", said)})
        if re.search(r"\b(?:central|centre|center|middle) box\b", said) and self.n % 2:
            named = sorted(set(named) | {(self.n + 1) // 2})
        if named:
            if boxes is None or any(not 1 <= b <= self.n for b in named):
                self.unread(f"the magic square the rules text names in box {', '.join(map(str, named))}: expected "
                            f"a box of {self.n} cells in a square of {side}x{side}")
                return
            for b in named:
                self.add("magicsquare", cells=[list(c) for c in boxes[b - 1]])
            return
        from ...constraints.magicsquare import square_block

        if re.search(r"\bcage[sd]?\b", said):  # "the caged cells": cages read as killer cages, so distinct digits
            blocks = [block for block in map(square_block, self.cages) if block is not None]
            if not blocks:
                self.unread("the magic square the rules text names in a cage: no cage of a square block of cells")
                return
            for block in blocks:
                self.add("magicsquare", cells=[list(c) for c in block])
            return
        regions = {frozenset(tuple(c) for c in k["cells"]) for k in self.out.constraints if k["type"] == "extra-region"}
        shaded = {cell_of(s.centre): s for s in self.shapes
                  if self.cell_shade(s) and (not s.used or any(cell_of(s.centre) in g for g in regions))}
        groups = joined_groups(shaded)
        if not groups:
            self.unread("the magic square the rules text names: no box named and no shaded block of cells for it")
            return
        for group in groups:
            square = square_block(group)
            if square is None or not ((boxes is not None and set(square) in map(set, boxes)) or frozenset(square) in regions):
                self.unread(f"the shaded cells from {cell_name(*min(group))} the rules text may call a magic square: "
                            f"expected a square block that is a box or an extra region")
                return
        for group in groups:
            for cell in group:
                shaded[cell].used = True
            self.add("magicsquare", cells=[list(c) for c in sorted(group)])

    def diagonals(self) -> None:
        n = self.n
        for line in self.lines:
            if line.arrow or len(line.points) != 2 or not all(on_corner(p) for p in line.points):
                continue
            ends = {(round(p[0]), round(p[1])) for p in line.points}
            which = "main" if ends == {(0, 0), (n, n)} else "anti" if ends == {(0, n), (n, 0)} else None
            if which is None:
                continue
            if line.colour.upper() == "#34BBE6" or words.says(self.text, r"diagonal"):
                line.used = True
                self.add("diagonal", which=which)

    def minmax(self) -> None:
        """f-puzzles' minimum/maximum: a ``#ccc`` cell with a chevron on each side towards a neighbour."""
        chevrons = [line for line in self.lines if not line.arrow and len(line.points) == 3 and _chevron(line.points)]
        for s in self.shapes:
            if s.rounded or s.text or abs(s.width - 1) > NEAR or not centred(s.centre):
                continue
            if s.background.lower() not in ("#ccc", "#cccccc"):
                continue
            mine = [line for line in chevrons if cell_of(line.points[1]) == cell_of(s.centre)]
            if not mine:
                continue
            cr, cc = s.centre
            inward = [math.dist(line.points[1], (cr, cc)) < math.dist(line.points[0], (cr, cc)) for line in mine]
            if all(inward) or not any(inward):
                kind = "minimum" if all(inward) else "maximum"
                for line in mine:
                    line.used = True
                s.used = True
                self.add(kind, cells=[list(cell_of(s.centre))])

    def arrows(self, circles: dict[Cell, Shape_]) -> None:
        """Arrow sums (an arrow leaving a circle or a pill) and little killers (short arrows outside)."""
        pills = [line for line in self.lines if not line.arrow and line.thickness >= 30 and
                 all(centred(p) for p in line.points)]
        for line in self.lines:
            if not line.arrow:
                continue
            start = cell_of(line.points[0])
            if not self.inside(start):
                self.little_killer(line)
                continue
            pill = next((p for p in pills if start in line_cells(p.points)), None)
            if pill is not None:
                circle = list(dict.fromkeys(line_cells(pill.points)))
                pill.used = True
                for other in self.lines:  # the pill's white inside
                    if not other.arrow and other is not pill and other.points == pill.points:
                        other.used = True
            elif start in circles:
                circle = self.covered(circles[start])
                circles[start].used = True
            else:
                self.unread(f"a {words.colour_word(line.colour)} arrow {_cells_text(line_cells(line.points))} "
                            f"that starts in no circle")
                line.used = True
                continue
            shaft = [c for c in line_cells(line.points) if c not in circle and self.inside(c)]
            line.used = True
            if not shaft:
                self.unread(f"an arrow {_cells_text(circle)} with no cells")
                continue
            if words.says(self.text, r"double[- ]?arrow") and not words.says(self.text, r"(?<!double )(?<!double-)arrow"):
                self.out.missing.setdefault("doublearrow", "an arrow")
                continue
            if "arrow" in self.qualified:
                self.unread(f"an arrow {_cells_text(circle + shaft)}, where the rules text says "
                            f"{self.qualified['arrow'][:80]!r} of arrows")
                continue
            if words.not_a_sum(self.text, r"\barrows?\b"):
                self.unread(f"an arrow {_cells_text(circle + shaft)} whose circle the rules text makes other than a sum")
                continue
            self.add("arrow", circle=[list(c) for c in circle], cells=[list(c) for c in shaft])

    def little_killer(self, line: Line) -> None:
        a, b = line.points[0], line.points[-1]
        dr, dc = b[0] - a[0], b[1] - a[1]
        clue = cell_of(a)
        direction = {(-1, 1): "UR", (-1, -1): "UL", (1, 1): "DR", (1, -1): "DL"}.get(
            (int(math.copysign(1, dr)) if abs(dr) > 0.01 else 0, int(math.copysign(1, dc)) if abs(dc) > 0.01 else 0))
        text = next((s for s in self.shapes if not s.used and s.text and cell_of(s.centre) == clue), None)
        line.used = True
        if direction is None or text is None or not text.text.isdigit():
            self.unread(f"an arrow {_where(a, self.n)} with no number beside it"
                        if text is None else f"an arrow {_where(a, self.n)} beside {text.text!r}")
            return
        text.used = True
        self.add("little-killer", clue=list(clue), direction=direction, sum=int(text.text))

    def lines_with_circles(self, circles: dict[Cell, Shape_]) -> None:
        """Thermometers (a bulb at one end) and between lines (a circle at each end)."""
        for line in self.lines:
            if line.used or line.arrow:
                continue
            cells = [c for c in line_cells(line.points) if self.inside(c)]
            if len(cells) < 2:
                continue
            first, last = circles.get(cells[0]), circles.get(cells[-1])
            colour = words.colour_word(line.colour)
            said = self.said_of(line)
            if first is not None and last is not None and cells[0] != cells[-1]:
                kind = said or ("between" if "doublearrow" not in self.named else "doublearrow")
                if said is None and kind == "between" and self.text.strip() and not words.says(self.text, r"between"):
                    continue  # a rules text that speaks of no between line: left unread (below)
                if kind in ("between", "doublearrow"):
                    line.used = first.used = last.used = True
                    self.line_rule(kind, cells, f"a {colour} line {_cells_text(cells)} with circles at its ends")
                    continue
            bulb = first if first is not None else last
            if bulb is None or (first is not None and last is not None):
                continue
            if first is None:
                cells = cells[::-1]
            kind = said or ("slowthermo" if "slowthermo" in self.named and "thermometer" not in self.named
                            else "thermometer")
            if kind not in ("thermometer", "slowthermo"):
                continue
            if said is None and self.text.strip() and not words.says(self.text, r"thermo|\bbulbs?\b"):
                continue  # a rules text that speaks of no thermometer: the line is left unread (below)
            line.used = bulb.used = True
            self.thermos.append((line, kind, cells))
            self.line_rule(kind, cells, f"a {colour} thermometer {_cells_text(cells)}")

    def other_lines(self) -> None:
        """Lines by their colour's words; SudokuPad's palindrome style; white lines inside others."""
        drawn = [set(line_cells(line.points)) for line in self.lines if not line.arrow
                 and words.colour_word(line.colour) != "white"]
        left = [line for line in self.lines if not line.used and not line.arrow]
        plain_rules = [k for k in self.named if k not in ("arrow", "thermometer", "between", "doublearrow",
                                                          "slowthermo", "lockout", "indexline")]
        hollow = {tuple(map(tuple, line.points)) for line in self.lines if not line.arrow
                  and words.colour_word(line.colour) == "white"}
        # the colours of the lines the text gives no colour word for: the one rule it names for no colour goes with
        # them only when they are of one colour (lines of two such colours are two rules, one of them not named)
        unnamed = {words.colour_word(line.colour) for line in left if words.colour_word(line.colour) != "white"
                   and not self.colour_rules.get(words.colour_word(line.colour))
                   and not self.colour_rules.get(words.nearest(line.colour, self.colour_rules) or "")}
        for line in left:
            cells = [c for c in line_cells(line.points) if self.inside(c)]
            colour = words.colour_word(line.colour)
            what = f"a {colour} line {_cells_text(cells)}"
            if colour == "white" and any(set(line_cells(line.points)) <= d for d in drawn):
                line.used = True  # the hollow inside of another line
                continue
            if all(on_corner(p) for p in line.points):
                self.unread(f"a {colour} line along the grid lines {_cells_text(cells)}")
                line.used = True
                continue
            kind = self.said_of(line)
            if kind is None and colour not in ("white", "grey", "black") and words.COLOURED in self.colour_rules:
                kind = self.colour_rules[words.COLOURED]  # "a coloured line": every line drawn in a colour
            if kind is None and "white" in self.colour_rules and tuple(map(tuple, line.points)) in hollow:
                kind = self.colour_rules["white"]  # a hollow line (white inside an outline): "white lines are ..."
            if kind is None and line.colour.upper() == "#CFCFCF" and abs(line.thickness - 16) < 1 \
                    and (not self.text.strip() or "palindrome" in self.named):
                kind = "palindrome"  # SudokuPad's palindrome (where the text says nothing else)
            if kind is None and words.PALETTE.get(colour) in self.named:
                kind = words.PALETTE[colour]  # the rule the text names, drawn in f-puzzles' colour for it
            unbound = [k for k in plain_rules if k not in self.colour_rules.values()]
            if kind is None and colour not in self.colour_rules and len(unbound) == 1 and len(unnamed) == 1:
                kind = unbound[0]
                self.out.notes.append(f"{what}: the rules text names one line rule for no colour, "
                                      f"{words.LINE_WORDS[kind]}")
            line.used = True
            if kind is None or kind in ("arrow", "thermometer", "between", "slowthermo", "doublearrow", "indexline"):
                self.unread(f"{what} that the rules text does not explain")
                continue
            if len(cells) < 2:
                self.unread(f"{what} of one cell")
                continue
            if kind == "equalsum" and (cells[0] == cells[-1] or len(set(cells)) < len(cells)):
                self.unread(f"{what} that closes or crosses itself, which has no first and second half")
                continue
            if kind in ("renban", "nabner"):
                cells = list(dict.fromkeys(cells))  # a set rule: a cell the line passes twice is one cell of it
            elif cells[0] == cells[-1] and len(set(cells)) == len(cells) - 1:
                cells = cells[:-1]  # a closed loop: its first cell drawn twice
                if kind == "regionsum":  # start where the loop enters a region, so no stretch is cut at the joint
                    at = next((i for i in range(len(cells)) if self.region_of(cells[i - 1]) != self.region_of(cells[i])), 0)
                    cells = cells[at:] + cells[:at]
                if kind in _WINDOW and len(cells) > _WINDOW[kind]:
                    w = _WINDOW[kind] - 1  # the loop's windows across its joint, as one more stretch of line
                    self.line_rule(kind, cells[-w:] + cells[:w], what)
                elif kind == "tenline":  # its runs may pass the joint: the loop is read whole
                    self.line_rule(kind, cells, what, loop=True)
                    continue
            self.line_rule(kind, cells, what)

    def edge_marks(self) -> None:
        """Kropki dots, XV letters and sum dots on the edge between two cells."""
        sums = words.sum_marks(self.text)
        numbered = words.numbered_sum_circles(self.text)
        qualified = words.marks_qualified(self.text)  # marks the text gives another meaning: named
        for s in self.shapes:
            if s.used or s.width > 0.5:
                continue
            pair = edge_cells(s.centre)
            if pair is None or not all(self.inside(c) for c in pair):
                continue
            cells = [list(pair[0]), list(pair[1])]
            totals = self.sum_totals(s, sums, numbered)
            mark = s.text.upper() if s.text.upper() in ("X", "V") else words.colour_word(s.background)
            if not totals and mark in qualified and (s.rounded or mark in ("X", "V")):
                s.used = True
                self.unread(f"a {mark if mark in ('X', 'V') else mark + ' dot'} between {cell_name(*pair[0])} and "
                            f"{cell_name(*pair[1])}, where the rules text says {qualified[mark][:80]!r}")
                continue
            if s.text.upper() in ("X", "V"):  # SudokuPad's converter draws them bare, SudokuMaker on a white circle
                s.used = True
                self.add("xv", cells=cells, value=s.text.upper())
            elif totals:
                s.used = True
                if not self.has_rule("sumdot"):
                    self.out.missing.setdefault("sumdot", "a dot between two cells")
                    continue
                self.add("sumdot", cells=cells, sums=list(totals))
            elif s.rounded and (not s.text or s.text.isdigit()):
                colour = words.colour_word(s.background)
                if colour == "grey" and not s.text and words.grey_dots(self.text):
                    s.used = True  # "a grey dot: consecutive or 1:2" (its colour's words say so)
                    self.add("kropki", cells=cells, color="grey")
                    continue
                if colour not in ("white", "black"):
                    continue
                s.used = True
                fields: dict[str, Any] = {"cells": cells, "color": colour}
                if s.text:
                    fields["value"] = int(s.text)
                self.add("kropki", **fields)

    @staticmethod
    def sum_totals(s: Shape_, sums: dict[tuple[str, str], tuple[int, ...]], numbered: bool) -> tuple[int, ...]:
        """The totals of a sum dot or square on an edge, empty when it is none.

        Its colour's and form's, as the rules text gives them (:func:`.words.sum_marks`; a number on it must be
        one of them), or, where the text says a number in a circle between two cells is their sum, that number.
        """
        form = "dot" if s.rounded else "square"
        said = {colour: totals for (colour, shape), totals in sums.items() if shape == form}
        totals = said.get(words.colour_word(s.background)) or said.get(words.nearest(s.background, said) or "")
        if totals:
            return totals if not s.text or (s.text.isdigit() and int(s.text) in totals) else ()
        return (int(s.text),) if numbered and s.rounded and s.text.isdigit() else ()

    def quadruples(self) -> None:
        for s in self.shapes:
            if s.used or not s.rounded or not on_corner(s.centre) or not s.text:
                continue
            digits = re.sub(r"[\s,]", "", s.text)
            r, c = round(s.centre[0]), round(s.centre[1])
            if not digits.isdigit() or not (0 < r < self.n and 0 < c < self.n) or len(digits) > 4:
                continue
            s.used = True
            self.add("quadruple", cells=[[r - 1, c - 1], [r - 1, c], [r, c - 1], [r, c]],
                     digits=[int(d) for d in digits])

    def outside_clues(self) -> None:
        """Numbers beside the grid: sandwich sums (SudokuPad's converter), or what the rules text calls them."""
        kinds = [(r"sandwich|between the 1 and the (?:9|n)\b", "sandwich", "sum"),
                 (r"x[- ]?sums?\b|first x (?:digits|cells)", "xsum", "sum"),
                 (r"skyscraper|(?:seen|visible) from", "skyscraper", "value"),
                 (r"numbered[- ]?room", "numberedroom", "value")]
        named = [k for k in kinds if words.says(self.text, k[0])]
        for s in self.shapes:
            if s.used or not s.text:
                continue
            clue = cell_of(s.centre)
            if self.inside(clue) or not centred(s.centre):
                continue
            outside = (clue[0] in (-1, self.n)) != (clue[1] in (-1, self.n))
            if not outside or not (0 <= clue[0] < self.n or 0 <= clue[1] < self.n):
                continue
            what = f"the number {s.text!r} {_where(s.centre, self.n)}"
            if not s.text.isdigit():
                continue
            if len(named) == 1:
                _, kind, number = named[0]
                if kind == "sandwich" and not self.crusts_are_one_and_n():
                    continue  # "the digits between the 2 and the 8": another sandwich, left unread (below)
            elif not named and abs(s.font - 32) < 1 and not self.text.strip():
                kind, number = "sandwich", "sum"  # SudokuPad's sandwich sums (a puzzle with no rules text)
            else:
                continue
            s.used = True
            if not self.has_rule(kind):
                self.out.missing.setdefault(kind, what)
                continue
            self.add(kind, clue=list(clue), **{number: int(s.text)})

    def crusts_are_one_and_n(self) -> bool:
        """Whether the rules text's sandwiches lie between 1 and N, as the rule has them (not "between 8 and 9")."""
        for sentence in words.sentences(self.text):
            for a, b in re.findall(r"between (?:the )?(\d+)s? and (?:the )?(\d+)s?\b", sentence):
                if {int(a), int(b)} != {1, self.n}:
                    return False
        return True

    def parity_shapes(self) -> None:
        """Even squares and odd circles: SudokuPad's grey 0.7 shapes, or shapes the rules text calls odd/even."""
        said: dict[str, str] = {}  # "square"/"circle" -> "odd"/"even"
        for sentence in words.sentences(self.text):
            if re.search(rf"count|number of|how many|sum|total|{_UNSURE}", sentence):
                continue  # not a parity the shape's digit has, or not surely ("not even", "except", "may")
            shapes = [k for k in ("square", "circle") if re.search(rf"\b{k}s?\b", sentence)]
            parity = [k for k in ("odd", "even") if re.search(rf"\b{k}\b", sentence)]
            if len(shapes) == 1 and len(parity) == 1:
                said.setdefault(shapes[0], parity[0])
        for s in self.shapes:
            if s.used or s.text or not centred(s.centre) or not 0.4 <= s.width <= 0.9 or not self.inside(cell_of(s.centre)):
                continue
            form = "circle" if s.rounded else "square"
            kind = said.get(form)
            if kind is None and not said and s.background.upper() == "#CFCFCF" and abs(s.width - 0.7) < 0.05 \
                    and (not self.text.strip() or words.says(self.text, r"\b(?:odd|even)\b")):
                kind = "odd" if s.rounded else "even"  # SudokuPad's even squares and odd circles
            if kind is None:
                continue
            s.used = True
            self.add(kind, cells=[list(cell_of(s.centre))])
        self.parity_shading()

    def parity_shading(self) -> None:
        """Shaded cells the rules text calls odd or even ("grey cells contain even digits", "shaded cells are
        odd"): the whole-cell shading of the colour it names, or, naming none, of the one colour shaded."""
        shades = [s for s in self.shapes if not s.used and self.cell_shade(s)]
        for sentence in words.sentences(self.text):
            parity = [k for k in ("odd", "even") if re.search(rf"\b{k}\b", sentence)]
            if len(parity) != 1 or re.search(rf"count|number of|how many|sum|total|square|circle|\bif\b|{_UNSURE}",
                                             sentence):
                continue
            colours = [c for c in words.colours_in(sentence) if c not in ("white", "black")]
            if not re.search(r"\bcells?\b", sentence) or not (colours or re.search(
                    r"\b(?:shaded|shading|colou?red|highlighted|tinted)\b", sentence)):
                continue
            family = {words.colour_word(s.background) for s in shades}
            chosen = [s for s in shades if words.colour_word(s.background) in colours] if colours else \
                (shades if len(family) == 1 else [])
            for s in chosen:
                s.used = True
                self.add(parity[0], cells=[list(cell_of(s.centre))])

    def counting_circles(self) -> None:
        """Counting circles: every circle left, when the rules text names the rule."""
        if not words.says(self.text, r"counting[- ]circles?|how many circles|appears? in exactly \w+ circles") or self.denied(r"counting[- ]circles?|how many circles|appears? in exactly \w+ circles"):
            return  # not named, or named only to be denied (left unread below)
        found = [s for s in self.shapes if not s.used and s.rounded and not s.text and centred(s.centre)
                 and 0.6 <= s.width <= 1.0 and self.inside(cell_of(s.centre))]
        for s in found:
            s.used = True
        if found:
            if not self.has_rule("countingcircles"):
                self.out.missing.setdefault("countingcircles", "circles")
                return
            self.add("countingcircles", cells=[list(c) for c in sorted({cell_of(s.centre) for s in found})])

    def suns(self) -> None:
        """Sunburn: a sun (the text ``\u2600``) in a cell, when the rules text names sunburn or says a digit on a sun
        counts its smaller neighbours."""
        if not words.says(self.text, r"\bsunburn|\bdigits? (?:on|in) (?:a|each|the) suns?\b[^.;]{0,120}\bsmaller") or self.denied(r"\bsunburn|\bdigits? (?:on|in) (?:a|each|the) suns?\b[^.;]{0,120}\bsmaller"):
            return  # not named, or named only to be denied (left unread below)
        found = [s for s in self.shapes if not s.used and s.text.replace("\ufe0f", "") == "\u2600"
                 and centred(s.centre) and self.inside(cell_of(s.centre))]
        for s in found:
            s.used = True
        if found:
            if not self.has_rule("sunburn"):
                self.out.missing.setdefault("sunburn", "suns")
                return
            self.add("sunburn", cells=[list(c) for c in sorted({cell_of(s.centre) for s in found})])

    def clones(self) -> None:
        """Clones: shaded cells in groups of one shape, when the rules text names clones (each group of a
        shape is the first one's clone, cell by cell in reading order)."""
        if not words.says(self.text, r"\bclone") or self.denied(r"\bclone"):
            return  # not named, or named only to be denied (left unread below)
        shaded = {cell_of(s.centre): s for s in self.shapes if not s.used and not s.rounded and not s.text
                  and centred(s.centre) and abs(s.width - 1) < NEAR and self.inside(cell_of(s.centre))}
        groups = joined_groups(shaded, lambda a, b: shaded[a].background == shaded[b].background)
        by_form: dict[tuple, list[list[Cell]]] = {}
        for group in groups:
            r0, c0 = group[0]
            by_form.setdefault(tuple((r - r0, c - c0) for r, c in group), []).append(group)
        if any(len(same) < 2 for same in by_form.values()):
            return  # a shaded group with no twin: not read as clones (named as unread below)
        for same in by_form.values():
            for other in same[1:]:
                self.add("clone", cells=[list(c) for c in same[0]], clone=[list(c) for c in other])
        for cell in shaded:
            shaded[cell].used = True

    def inequalities(self) -> None:
        """Greater-than signs: a chevron across an edge, its point at the smaller digit, or ``<``/``>`` on an edge,
        when the rules text speaks of them."""
        if not words.says(self.text, r"greater|less than|smaller|inequalit|[<>]"):
            return
        for line in self.lines:
            if line.used or line.arrow or len(line.points) != 3 or not _chevron(line.points):
                continue
            (a, apex, b) = line.points
            mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
            centre = ((mid[0] + apex[0]) / 2, (mid[1] + apex[1]) / 2)
            # across the edge, or inside a cell at its edge (its point, or its open side, on the edge)
            pair = edge_cells(centre) or edge_cells(apex) or edge_cells(mid)
            if pair is None or not all(self.inside(c) for c in pair):
                continue
            toward = (apex[0] - mid[0], apex[1] - mid[1])
            first_is_smaller = (toward[0] < 0) if pair[0][1] == pair[1][1] else (toward[1] < 0)
            smaller, greater = (pair[0], pair[1]) if first_is_smaller else (pair[1], pair[0])
            line.used = True
            self.add("greaterthan", cells=[list(greater), list(smaller)])
        for s in self.shapes:
            pair = edge_cells(s.centre)
            if s.used or s.text not in ("<", ">", "^", "v") or pair is None or not all(self.inside(c) for c in pair):
                continue
            vertical = pair[0][1] == pair[1][1]
            if (s.text in ("^", "v")) != vertical:
                continue
            first_is_smaller = s.text in ("<", "^")
            smaller, greater = (pair[0], pair[1]) if first_is_smaller else (pair[1], pair[0])
            s.used = True
            self.add("greaterthan", cells=[list(greater), list(smaller)])

    def leftover_shapes(self) -> None:
        """What is left: a shaded cell is decoration unless the rules text names its colour; the rest is unread."""
        colours = set(words.colours_in(self.text.lower()))
        if words.says(self.text, r"shad(?:ed|ing)|colou?red|highlight|clone|tinted"):
            colours |= {"grey", "white", "black", "red", "orange", "yellow", "green", "cyan", "blue", "purple", "pink",
                        "brown"}
        for s in self.shapes:
            if s.used:
                continue
            where = _where(s.centre, self.n)
            colour = words.colour_word(s.background or s.border)
            if s.text:
                self.unread(f"the text {s.text!r} {where}")
            elif not s.rounded and s.width >= 0.9 and centred(s.centre) and colour not in colours:
                continue  # a shaded cell no rule mentions: decoration
            elif colour in ("white", "unknown") and words.colour_word(s.border) in ("white", "unknown"):
                continue  # invisible
            else:
                form = "circle" if s.rounded else "square" if abs(s.width - s.height) < 0.05 else "rectangle"
                pair = edge_cells(s.centre)
                where = f"between {cell_name(*pair[0])} and {cell_name(*pair[1])}" if pair and s.width <= 0.5 else where
                self.unread(f"a {colour} {form} {where} that the rules text does not explain")
        for line in self.lines:
            if not line.used:
                cells = line_cells(line.points)
                self.unread(f"a {words.colour_word(line.colour)} {'arrow' if line.arrow else 'line'} "
                            f"{_cells_text(cells)} that the rules text does not explain")


def _chevron(points: list[Point]) -> bool:
    """A greater-than sign or min/max mark: three points within a cell, the middle one off the ends' line."""
    span = max(math.dist(points[0], points[2]), math.dist(points[0], points[1]))
    mid = ((points[0][0] + points[2][0]) / 2, (points[0][1] + points[2][1]) / 2)
    return span < 0.9 and math.dist(mid, points[1]) > 0.02


__all__ = ["DrawingReader", "Reading", "cell_of", "line_cells"]
