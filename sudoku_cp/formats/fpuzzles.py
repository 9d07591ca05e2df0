"""f-puzzles and SudokuPad share strings: the lz-string-compressed JSON in their links.

Read: the bare string (``N4IgzglgXg...``), an f-puzzles link (``https://www.f-puzzles.com/?load=...``)
and a SudokuPad link (``https://sudokupad.app/fpuzzles...``, also ``?puzzleid=fpuzzles...``). The
JSON (f-puzzles' format) gives ``size``, ``grid`` (rows of cells ``{"value": d, "given": true,
"region": k}``; cells without a region keep their box), and the rules we know: ``diagonal+``
(the anti-diagonal, bottom-left to top-right), ``diagonal-`` (the main diagonal), ``antiknight``,
``antiking``, ``nonconsecutive``, ``killercage`` (``{"cells": ["R1C1", ...], "value": "15"}``) and
``extraregion`` when it is exactly windoku's four windows. Any other rule in the string is refused
by name, never dropped; titles, authors, colours and pencil marks are not rules and are ignored;
cosmetic drawings are read by :mod:`.sudokupad.fpuz` (which :func:`.text.parse_puzzle` goes through).
A SudokuPad link in SudokuPad's own format (``scl...``) or with a short puzzle id is refused with
that reason.

Written: :func:`to_fpuzzles` (the JSON) and :func:`share_link` (the f-puzzles link), so a result
opens in the tools puzzle people use.

>>> from sudoku_cp.formats.text import parse_puzzle
>>> b = parse_puzzle('{"givens": "1...............", "constraints": [{"type": "antiking"}]}')
>>> parse_share(share_link(b)) == b and parse_share(share_link(b)).rules == b.rules
True
"""

from __future__ import annotations

import json
import re

from ..constraints import by_kind
from ..core.board import Board, PuzzleError, Shape
from . import document as _document
from .jsontext import MAX_JSON_DEPTH, json_depth, json_int, show

TYPE_CHECKING = False  # typing is imported by type checkers only: it costs every start ~2 ms
if TYPE_CHECKING:
    from typing import Any

LINK = "https://f-puzzles.com/?load="
# Keys that are not rule keys (metadata, editor state, drawings, the setter's solution): skipped by
# from_fpuzzles. Cosmetic cages, lines, circles, rectangles and text are drawings, read as rules where
# the rules text explains them (sudokupad.fpuz, which every reader of formats.text goes through).
COSMETIC = frozenset({"size", "grid", "title", "author", "ruleset", "highlightConflicts", "solution",
                      "disabledlogic", "truecandidatesoptions", "metadata", "activeConstraints",
                      "cage", "line", "circle", "rectangle", "text", "fogofwar", "foglight", "triggereffect",
                      "previewMode", "onlyUseCustomColours", "customColours"})
UNIT_KEYS = ("diagonal+", "diagonal-", "extraregion")  # extraregion: windoku's windows (or the catalogue's)


def known() -> tuple[str, ...]:
    """Every f-puzzles key read as a rule."""
    from ..constraints import by_fpuzzles_key

    return UNIT_KEYS + tuple(k for k in by_fpuzzles_key() if k not in UNIT_KEYS)
_PREFIX = re.compile(r"^(?:https?://)?(?:www\.)?(?:f-puzzles\.com/?\?(?:.*&)?load=|"
                     r"(?:sudokupad\.app|app\.crackingthecryptic\.com)(?:/sudoku)?/?(?:\?puzzleid=)?fpuzzles|"
                     r"fpuzzles)", re.I)
# Any other SudokuPad link: its own format (``scl...``, ``ctc...``) or a short id on its server.
_SUDOKUPAD = re.compile(r"^(?:https?://)?(?:www\.)?(?:sudokupad\.app|app\.crackingthecryptic\.com)"
                        r"(?:/sudoku)?/?(?:\?puzzleid=)?(\S*)$", re.I)
_BASE64 = re.compile(r"^[A-Za-z0-9+/=%\-$]+$")


def looks_like_share(text: str) -> bool:
    """Whether ``text`` is meant as a share string: a link of f-puzzles or SudokuPad, the
    ``fpuzzles`` prefix, or lz-string base64 of a JSON object (which starts ``N4Ig``)."""
    token = text.strip()
    if not token or any(ch.isspace() for ch in token):
        return False
    return bool(_PREFIX.match(token) or _SUDOKUPAD.match(token)) or (
        token.startswith("N4Ig") and bool(_BASE64.match(token)))


def decode(text: str, first_line: int = 1) -> dict:
    """The f-puzzles JSON object inside a share string or link."""
    where = f"line {first_line}: share string"
    token = text.strip()
    match = _PREFIX.match(token)
    other = None if match else _SUDOKUPAD.match(token)
    if other:  # a SudokuPad link without an f-puzzles string in it
        rest = other.group(1)
        what = (f"SudokuPad's own format ({rest[:3]}...), which is not read" if rest[:3].lower() in ("scl", "ctc")
                else f"the puzzle id {show(rest)} (the puzzle is on SudokuPad's server, not in the link)"
                if rest else "no puzzle")
        raise PuzzleError(f"{where}: a SudokuPad link with {what}: expected an f-puzzles link "
                          f"(https://f-puzzles.com/?load=...) or a SudokuPad link of one "
                          f"(https://sudokupad.app/fpuzzles...)")
    payload = token[match.end():] if match else token
    payload = payload.split("&")[0].split("#")[0]
    from urllib.parse import unquote  # not at module level: it costs validate's cold start ~6 ms

    payload = unquote(payload)  # links may be percent-encoded (%2B for +)
    if not payload:
        raise PuzzleError(f"{where}: nothing after the link's prefix: expected lz-string base64 data")
    from .sharesize import decompress

    raw = None
    for candidate in (payload, payload.replace(" ", "+")):
        raw = decompress(candidate, where, expected="expected an f-puzzles document")
        if raw:
            break
    if not raw:
        raise PuzzleError(f"{where}: {show(payload)} is not lz-string base64 data: expected the "
                          f"compressed puzzle of an f-puzzles or SudokuPad link")
    if json_depth(raw) > MAX_JSON_DEPTH:
        raise PuzzleError(f"{where}: JSON nested more than {MAX_JSON_DEPTH} deep: expected "
                          f"f-puzzles JSON")
    try:
        data = json.loads(raw, parse_int=json_int)
    except (json.JSONDecodeError, RecursionError):
        raise PuzzleError(f"{where}: it decompresses to {show(raw)}, not JSON: expected "
                          f"f-puzzles JSON (an object with size and grid)") from None
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}: it holds {show(raw)}: expected f-puzzles JSON (an object "
                          f"with size and grid)")
    return data


def parse_share(text: str, box: tuple[int, int] | None = None, first_line: int = 1) -> Board:
    """The board of an f-puzzles / SudokuPad share string or link, its rule keys only (:func:`from_fpuzzles`).

    Every reader (:func:`.text.parse_puzzle`) reads its cosmetic drawings too, through
    :func:`.sudokupad.fpuz.read`, a higher layer.
    """
    return from_fpuzzles(decode(text, first_line), box, first_line)


def from_fpuzzles(data: dict, box: tuple[int, int] | None = None, first_line: int = 1,
                  what: str = "share string", rules_text: str | None = None) -> Board:
    """The board of decoded f-puzzles JSON; a rule we do not know is refused by name (messages
    name ``what`` was read: a share string, or the JSON itself). A ``killercage`` whose value is a
    bound ("<15", "?") is a bound cage where the rules text (``rules_text``, else the ruleset)
    explains its marks; elsewhere its value is refused as a killer's sum."""
    where = f"line {first_line}: {what}"
    from ..constraints import by_fpuzzles_key

    readers = by_fpuzzles_key()
    bound = _bound_cages(data, data.get("ruleset") if rules_text is None else rules_text, where)
    unknown = [str(key) for key, value in data.items() if key not in COSMETIC and key not in UNIT_KEYS
               and key not in readers and value not in (None, False, [], {}, "")]  # empty: no rule
    if unknown:
        listed = ", ".join(show(k) for k in unknown)
        raise PuzzleError(f"{where}: the constraint{'s' if len(unknown) > 1 else ''} {listed} "
                          f"{'are' if len(unknown) > 1 else 'is'} not supported: expected only the "
                          f"{len(known())} rules the README lists (killercage, thermometer, arrow, ...; "
                          f"a puzzle without that rule is another puzzle, so it is not dropped)")
    size, grid = data.get("size"), data.get("grid")
    if type(size) is not int:
        raise PuzzleError(f"{where}: \"size\" is {show(json.dumps(size))}: expected N")
    has_regions = isinstance(grid, list) and any(
        isinstance(cell, dict) and "region" in cell for row in grid if isinstance(row, list) for cell in row)
    try:
        shape = Shape.for_regions(size, box) if has_regions else Shape.for_size(size, box)
    except PuzzleError as exc:
        raise PuzzleError(f"{where}: {exc}") from None
    n = shape.size
    if (not isinstance(grid, list) or len(grid) != n
            or not all(isinstance(row, list) and len(row) == n for row in grid)):
        raise PuzzleError(f"{where}: \"grid\" is not {n} rows of {n} cells: expected f-puzzles' grid")
    cells, labels, marks = [], [], []
    for r, row in enumerate(grid):
        for c, cell in enumerate(row):
            at = f"{where}: cell {_cell_name(r, c)}"
            if not isinstance(cell, dict):
                raise PuzzleError(f"{at}: {show(json.dumps(cell))}: expected an object")
            value = cell.get("value")
            digit = 0
            if cell.get("given") and value is not None:
                if type(value) is not int or not 1 <= value <= n:
                    raise PuzzleError(f"{at}: given {show(json.dumps(value))}: expected 1..{n}")
                digit = value
            cells.append(digit)
            marks.append(cell.get("givenPencilMarks") or "")  # (a sukaku's candidates; none: every digit)
            region = cell.get("region", shape.box_index(r, c))
            if type(region) is not int or not 0 <= region < n:
                raise PuzzleError(f"{at}: region {show(json.dumps(region))}: expected a region "
                                  f"0..{n - 1} (every cell in one region)")
            labels.append(region)
    options: dict[str, Any] = {}
    if labels != [shape.box_index(i // n, i % n) for i in range(n * n)]:
        options["regions"] = labels
    main, anti = bool(data.get("diagonal-")), bool(data.get("diagonal+"))
    if main or anti:
        options["diagonal"] = "both" if main and anti else ("main" if main else "anti")
    found = []
    extra = data.get("extraregion") or []
    if extra and n == 9 and _windows(extra):  # exactly windoku's four windows: units, not cages
        options["windoku"] = True
        readers = {k: v for k, v in readers.items() if k != "extraregion"}
    elif extra and "extraregion" not in readers:
        raise PuzzleError(f"{where}: the constraint 'extraregion' is supported only as windoku's "
                          f"four 3x3 windows of a 9x9 (r2c2, r2c6, r6c2, r6c6): expected those")
    for key, kind in readers.items():
        value = data.get(key)
        if value not in (None, False, [], {}, ""):
            found += kind.read_fpuzzles(key, value, shape, where)
    if bound:
        from ..constraints import kind_of

        cage_of = kind_of("boundcage").fpuzzles_cage  # type: ignore[attr-defined]
        found += [cage_of(cage, shape, f"{where}: killercage {k + 1}") for k, cage in bound]
    found = _white_negative(found)
    if any(marks):  # given pencil marks, as f-puzzles writes a sukaku (the candidates kind's)
        from ..constraints import kind_of

        found += kind_of("candidates").read({"digits": marks}, shape, f"{where}: givenPencilMarks")
    if found:
        options["constraints"] = found
    board = Board(shape, tuple(cells))
    return Board.unchecked(shape, board.cells, _document.build_rules(shape, options, where))


def _bound_cages(data: dict, text: Any, where: str) -> list[tuple[int, dict]]:
    """The killer cages whose values are bounds the rules text explains, each with its place (0 up).

    A bound it does not explain is refused, naming the cage and the marks. (The killer cages' reader passes over
    the bounds, so that every cage keeps its place in messages.)
    """
    cages = data.get("killercage")
    if not isinstance(cages, list) or all(type(e) is not dict or str(e.get("value") or "").strip().isdigit()
                                          for e in cages):
        return []  # (the common case: no word of the rules text to read)
    from ..constraints.boundcage import clue_marks, clue_range, explained
    from .sudokupad.words import cage_bounds

    marks = cage_bounds(str(text or ""))
    bound = [(k, e) for k, e in enumerate(cages) if isinstance(e, dict) and explained(e.get("value"), marks)]
    places = {k for k, _e in bound}
    for k, e in enumerate(cages):
        value = e.get("value") if isinstance(e, dict) else None
        if clue_range(value) is not None and k not in places:
            unexplained = " and ".join(repr(m) for m in sorted(clue_marks(value) - marks))
            raise PuzzleError(f"{where}: killercage {k + 1}: value {value!r} bounds the cage's sum with "
                              f"{unexplained}, which the ruleset does not explain: expected a whole number, or "
                              f"a ruleset that says what {unexplained} means (\"<\" means less than, a \"?\" "
                              f"means a single digit total)")
    return bound


def _white_negative(found: list) -> list:
    """f-puzzles writes "no white dot means not consecutive" as the non-consecutive rule beside
    white dots (its solvers skip the dotted pairs): read it as the kropki negative for white dots."""
    from ..core.rules import Constraint

    if not any(c.kind == "nonconsecutive" for c in found) or not any(
            c.kind == "kropki" and c.data == ("white",) and c.value == 1 for c in found):
        return found
    colors = {"white"} | {color for c in found if c.kind == "kropki-negative" for color in c.data}
    kept = [c for c in found if c.kind not in ("nonconsecutive", "kropki-negative")]
    return kept + [Constraint("kropki-negative", 0, (), None, tuple(sorted(colors, reverse=True)))]


def _windows(extra: Any) -> bool:
    """Whether f-puzzles extra regions are exactly windoku's four windows."""
    names = sorted(sorted(str(x).upper() for x in e.get("cells") or []) if isinstance(e, dict) else []
                   for e in extra)
    return names == sorted(sorted(f"R{r + 1}C{c + 1}" for r, c in w) for w in _document.window_cells())


def _cell_name(r: int, c: int) -> str:
    return f"r{r + 1}c{c + 1}"


def to_fpuzzles(board: Board, solution: Board | None = None, title: str | None = None) -> dict:
    """The f-puzzles JSON of a puzzle (with the setter's ``solution`` when given)."""
    n = board.size
    options = _document.rules_options(board.rules)
    default = board.shape if board.shape.boxless else Shape.for_size(n)
    regions = options.get("regions")
    if regions is None and board.shape != default:
        regions = [board.shape.box_index(i // n, i % n) for i in range(n * n)]  # another box shape
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            cell: dict[str, Any] = {}
            if board[r, c]:
                cell = {"value": board[r, c], "given": True}
            if regions is not None:
                cell["region"] = regions[r * n + c]
            row.append(cell)
        grid.append(row)
    out: dict[str, Any] = {"size": n, "title": title or f"sudoku-cp {board.rules.name}", "author": "",
                           "ruleset": "", "grid": grid}
    which = options.get("diagonal")
    if which in ("both", "main"):
        out["diagonal-"] = True
    if which in ("both", "anti"):
        out["diagonal+"] = True
    if options.get("windoku"):
        out["extraregion"] = [{"cells": [f"R{r + 1}C{c + 1}" for r, c in w]}
                              for w in _document.window_cells()]
    for kind, group in by_kind(board.rules):
        kind.write_fpuzzles(group, out)
    if solution is not None:
        out["solution"] = list(solution.cells)
    return out


def share_string(board: Board, solution: Board | None = None) -> str:
    """The lz-string base64 of :func:`to_fpuzzles` (what f-puzzles puts after ``?load=``)."""
    from lzstring import LZString

    return LZString().compressToBase64(json.dumps(to_fpuzzles(board, solution), separators=(",", ":")))


def no_share_link(board: Board) -> str | None:
    """Why ``board`` has no f-puzzles form (a rule f-puzzles cannot say as we read it), or None.

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> no_share_link(parse_puzzle('{"givens": "' + "." * 81 + '", "constraints": [{"type": "whispers", '
    ...                            '"cells": [[0, 0], [0, 1]], "value": 4}]}'))
    "the whispers line at r1c1 differs by at least 4: f-puzzles' whispers differ by at least 5 on a 9x9, so it has no f-puzzles form"
    """
    try:
        to_fpuzzles(board)
    except PuzzleError as exc:
        return str(exc)
    return None


def share_link(board: Board, solution: Board | None = None) -> str:
    """An f-puzzles link that opens the puzzle (SudokuPad opens ``https://sudokupad.app/fpuzzles`` +
    the same string)."""
    return LINK + share_string(board, solution)


__all__ = ["LINK", "decode", "from_fpuzzles", "looks_like_share", "no_share_link", "parse_share", "share_link",
           "share_string", "to_fpuzzles"]
