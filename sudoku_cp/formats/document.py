"""Variant puzzles as text: the puzzle document of CONTRACT.md, and the two-line jigsaw.

A *puzzle document* is one JSON object (one per line in files)::

    {"size": 9, "givens": "....", "box": [3, 3], "regions": null,
     "constraints": [{"type": "diagonal"}, {"type": "killer", "cells": [[0, 0], [0, 1]], "sum": 10}]}

- ``givens`` (required): the one-line form, a grid, or JSON rows, as for classic puzzles;
- ``size`` (optional): N, checked against the givens; ``box`` (optional): ``[R, C]``;
- ``regions`` (optional): N*N labels, one per cell row by row, as a string (spaces ignored) or
  rows (strings or lists of labels): irregular regions replace the boxes (jigsaw);
- ``constraints`` (optional): objects with a ``type``: ``diagonal`` (``"which"``: ``"main"``,
  ``"anti"`` or ``"both"``, the default), ``windoku``, ``antiknight``, ``antiking``,
  ``nonconsecutive``, ``killer`` (``"cells"``: ``[[row, col], ...]`` 0-based, optional ``"sum"``).

Unknown keys and types are refused by name; every error names the line, the constraint and the
cell. A *two-line jigsaw* is the givens on one line and the N*N region labels on the next.

:mod:`.text` reads documents (``parse_puzzle`` sends a text starting with ``{`` here, passing
its own reader of the givens) and writes them (``format_document``, ``format_puzzle``).

>>> from sudoku_cp.formats.text import format_document, parse_puzzle
>>> b = parse_puzzle('{"givens": "1.........1.....", "constraints": [{"type": "diagonal"}]}')
>>> b.rules.name, format_document(b)
('diagonal', '{"size": 4, "givens": "1.........1.....", "box": [2, 2], "constraints": [{"type": "diagonal"}]}')
>>> parse_puzzle(format_document(b)) == b and parse_puzzle(format_document(b)).rules == b.rules
True
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Hashable

from ..core.board import MAX_SIZE, MIN_SIZE, Board, PuzzleError, Rules, Shape
from ..core.shape import has_box_shape
from ..constraints import by_kind, kind_of, names
from ..core.variants import WINDOW_CORNERS, build
from .jsontext import load_json, show

TYPE_CHECKING = False  # typing is imported by type checkers only: it costs every start ~2 ms
if TYPE_CHECKING:
    from typing import Any

    # How the givens are read: (a string or JSON rows, box, symbols, first line) -> Board (text.py's reader)
    GivensReader = Callable[[Any, "tuple[int, int] | None", "str | None", int], Board]

KEYS = ("size", "givens", "box", "regions", "constraints", "candidates")
UNIT_TYPES = ("diagonal", "windoku")  # constraint types that add units; the rest are the catalogue's


def types() -> tuple[str, ...]:
    """Every constraint type a document may name: the unit types, then the catalogue's kinds."""
    return UNIT_TYPES + names()


def _some_types(name: str) -> str:
    """The constraint types for a message: the ones closest to ``name`` (else the first few), and how many there are."""
    import difflib

    every = types()
    near = difflib.get_close_matches(name, every, n=4, cutoff=0.5) or list(every[:6])
    return f"one of the {len(every)} types, such as {', '.join(near)} (the README's puzzle documents list them all)"


LABELS = "abcdefghijklmnopqrstuvwxyz"  # how regions are written, for N <= 26


def parse_document(text: str, read_givens: GivensReader, box: tuple[int, int] | None = None,
                   symbols: str | None = None, first_line: int = 1,
                   read_fpuzzles: Callable[[dict, tuple[int, int] | None, int], Board] | None = None) -> Board:
    """The board of a puzzle document; :class:`PuzzleError` naming the line, key, constraint or cell.

    ``box`` (the ``--box`` option) is used when the document has no ``box`` of its own.
    ``read_fpuzzles(data, box, first_line)`` reads an object that is f-puzzles' JSON (a ``grid``
    and no ``givens``: what its share strings hold), where the caller reads that form.
    """
    where = f"line {first_line}"
    data = load_json(text, first_line, f"a puzzle document (keys {', '.join(KEYS)})")
    if not isinstance(data, dict):
        raise PuzzleError(f"{where}: expected a puzzle document (a JSON object with keys {', '.join(KEYS)})")
    if "grid" in data and "givens" not in data and read_fpuzzles is not None:  # f-puzzles' own JSON
        return read_fpuzzles(data, box, first_line)
    return board_from_document(data, read_givens, box, symbols, first_line)


def board_from_document(data: dict, read_givens: GivensReader, box: tuple[int, int] | None = None,
                        symbols: str | None = None, first_line: int = 1) -> Board:
    """The board of a decoded puzzle document (see :func:`parse_document`)."""
    where = f"line {first_line}"
    unknown = [k for k in data if k not in KEYS]
    if unknown:
        raise PuzzleError(f"{where}: unknown key {show(str(unknown[0]))} in the puzzle document: "
                          f"expected {', '.join(KEYS)}")
    if "givens" not in data:
        raise PuzzleError(f"{where}: the puzzle document has no \"givens\": expected the givens in "
                          f"one-line form or as JSON rows")
    own_box = data.get("box")
    if own_box is not None:
        if (not isinstance(own_box, list) or len(own_box) != 2
                or not all(type(v) is int for v in own_box)):
            raise PuzzleError(f"{where}: \"box\" is {show(json.dumps(own_box))}: expected "
                              f"[rows, cols] such as [2, 3]")
        if box is not None and tuple(box) != tuple(own_box):
            raise PuzzleError(f"{where}: the document's box {own_box[0]}x{own_box[1]} differs from "
                              f"--box {box[0]}x{box[1]}: expected one box shape")
        box = (own_box[0], own_box[1])
    givens = data["givens"]
    regions = data.get("regions")
    if isinstance(regions, str):
        box = regions_box(sum(not ch.isspace() for ch in regions), box)
    elif isinstance(regions, list):
        box = regions_box(len(regions) ** 2, box)
    if isinstance(givens, (str, list)):
        board = read_givens(givens, box, symbols, first_line)
    else:
        raise PuzzleError(f"{where}: \"givens\" is {show(json.dumps(givens))}: expected a "
                          f"string (one-line form) or JSON rows")
    size = data.get("size")
    if size is not None and (type(size) is not int or size != board.size):
        raise PuzzleError(f"{where}: \"size\" is {show(json.dumps(size))} but the givens "
                          f"make a {board.size}x{board.size}: expected {board.size}")
    options = _options(data.get("constraints"), board.shape, where)
    if data.get("candidates") is not None:  # pencil marks (sukaku): the catalogue's candidates kind
        marks = kind_of("candidates").read({"digits": data["candidates"]}, board.shape, f"{where}: candidates")
        options["constraints"] = options.get("constraints", []) + marks
    if regions is not None:
        options["regions"] = _labels(regions, board.size, where)
    return _with_rules(board, options, where)


# What the factory's messages that do not say it expected (matched by their words).
_EXPECTED = (("overlaps cage", "expected each cell in at most one cage"),
             ("names a cell twice", "expected distinct cells"),
             ("cannot hold distinct digits", "expected at most N cells in a cage"),
             ("windoku is defined", "expected a 9x9 grid for windoku"))


def build_rules(shape: Shape, options: dict, where: str) -> Rules:
    """:func:`variants.build` with its errors prefixed by ``where`` and saying what was expected."""
    try:
        return build(shape, **options)
    except PuzzleError as exc:
        message = str(exc)
        if "expected" not in message:
            message += next((f": {e}" for words, e in _EXPECTED if words in message), ": expected a valid rule")
        raise PuzzleError(f"{where}: {message}") from None


def _with_rules(board: Board, options: dict, where: str) -> Board:
    return Board.unchecked(board.shape, board.cells, build_rules(board.shape, options, where))


def _options(constraints: Any, shape: Shape, where: str) -> dict:
    """The keyword arguments of :func:`variants.build` for a document's ``constraints`` list."""
    if constraints is None:
        return {}
    if not isinstance(constraints, list):
        raise PuzzleError(f"{where}: \"constraints\" is {show(json.dumps(constraints))}: "
                          f"expected a list of objects with a \"type\"")
    options: dict[str, Any] = {}
    diagonals: set[str] = set()
    found: list = []
    for k, item in enumerate(constraints):
        at = f"{where}: constraint {k + 1}"
        if not isinstance(item, dict) or not isinstance(item.get("type"), str):
            raise PuzzleError(f"{at}: {show(json.dumps(item))}: expected an object with a "
                              f"\"type\" ({_some_types('')})")
        name = item["type"]
        if name not in types():
            raise PuzzleError(f"{at}: unknown constraint type {show(name)}: expected {_some_types(name)}")
        fields = ("which",) if name == "diagonal" else () if name == "windoku" else kind_of(name).fields
        extra = [key for key in item if key != "type" and key not in fields]
        if extra:
            raise PuzzleError(f"{at} ({name}): unknown key {show(str(extra[0]))}: expected "
                              f"{', '.join(fields) or 'no other key'}")
        if name == "diagonal":
            which = item.get("which", "both")
            if which not in ("main", "anti", "both"):
                raise PuzzleError(f"{at} (diagonal): \"which\" is {show(json.dumps(which))}: "
                                  f"expected \"main\", \"anti\" or \"both\"")
            diagonals.update(("main", "anti") if which == "both" else (which,))
        elif name == "windoku":
            if options.get("windoku"):
                raise PuzzleError(f"{at}: windoku is given twice: expected each rule once")
            options["windoku"] = True
        else:
            kind = kind_of(name)
            if kind.whole_grid and any(c.kind == name for c in found):
                raise PuzzleError(f"{at}: {name} is given twice: expected each rule once")
            found += kind.read(item, shape, f"{at} ({name})")
    if diagonals:
        options["diagonal"] = "both" if len(diagonals) == 2 else diagonals.pop()
    if found:
        options["constraints"] = found
    return options


def _labels(regions: Any, n: int, where: str) -> list[Hashable]:
    """N*N region labels from a string (spaces ignored) or rows (strings or lists of labels)."""
    if isinstance(regions, str):
        labels: list[Hashable] = [ch for ch in regions if not ch.isspace()]
    elif isinstance(regions, list) and all(isinstance(row, (str, list)) for row in regions):
        labels = []
        for r, row in enumerate(regions):
            cells = [ch for ch in row if not ch.isspace()] if isinstance(row, str) else row
            for c, label in enumerate(cells):
                if not isinstance(label, (str, int)) or isinstance(label, bool):
                    raise PuzzleError(f"{where}: regions row {r + 1}, label {c + 1}: "
                                      f"{show(json.dumps(label))}: expected a string or an integer")
            labels += cells
    else:
        raise PuzzleError(f"{where}: \"regions\" is {show(json.dumps(regions))}: expected "
                          f"N*N labels as a string or rows")
    if len(labels) != n * n:
        raise PuzzleError(f"{where}: regions: got {len(labels)} labels, expected one per cell ({n * n})")
    return labels


def regions_box(labels: int, box: tuple[int, int] | None) -> tuple[int, int] | None:
    """The box shape to read givens under when ``labels`` region labels follow them: ``box``, or
    boxless (1 x N) where the N x N grid they cover has no box shape (the regions replace boxes).

    >>> regions_box(49, None), regions_box(81, None), regions_box(49, (2, 3))
    ((1, 7), None, (2, 3))
    """
    n = math.isqrt(labels)
    if box is None and n * n == labels and MIN_SIZE <= n <= MAX_SIZE and not has_box_shape(n):
        return (1, n)
    return box


def parse_two_lines(givens: str, regions: str, read_givens: GivensReader,
                    box: tuple[int, int] | None = None, symbols: str | None = None,
                    first_line: int = 1) -> Board:
    """A jigsaw written as two lines: the givens, then N*N region labels (one character per cell).

    >>> from sudoku_cp.formats.text import parse_puzzle
    >>> b = parse_puzzle("1...2...3...4...\\naabbaabbccddccdd")
    >>> b.rules.name, b.rules.box
    ('jigsaw', False)
    """
    labels = [ch for ch in regions if not ch.isspace()]
    board = read_givens(givens, regions_box(len(labels), box), symbols, first_line)
    n = board.size
    if len(labels) != n * n:
        raise PuzzleError(f"line {first_line + 1}: region labels: got {len(labels)}, expected one per "
                          f"cell ({n * n}) below the givens of line {first_line}")
    return _with_rules(board, {"regions": labels}, f"line {first_line + 1}")


def is_region_line(line: str, givens: str) -> bool:
    """In a file, whether ``line`` holds the region labels of the jigsaw whose givens are ``givens``.

    Labels in files are lower-case letters (never puzzle symbols, which are upper-case), as many as
    the givens line has characters, so a file of classic puzzles reads exactly as before.
    """
    line = line.strip()
    return (len(line) == len(givens.strip()) and line.isascii() and line.isalpha()
            and line.islower())


def rules_options(rules: Rules) -> dict[str, Any]:
    """The :func:`variants.build` keywords that make ``rules`` again (the inverse of ``build``).

    >>> from sudoku_cp.core.variants import build
    >>> rules_options(build(Shape(2, 2), diagonal="main", cages=[([(0, 0), (0, 1)], 3)]))
    {'diagonal': 'main', 'constraints': [Constraint(kind='killer', index=0, cells=((0, 0), (0, 1)), value=3, data=())]}
    """
    n = rules.size
    options: dict[str, Any] = {}
    kinds = {u.kind for u in rules.units}
    unknown = kinds - {"row", "column", "box", "region", "diagonal", "anti-diagonal", "window"}
    if unknown:
        raise PuzzleError(f"rules {rules.name!r}: unit kind {sorted(unknown)[0]!r} has no written form")
    regions = [u for u in rules.units if u.kind == "region"]
    if regions:
        labels = [0] * (n * n)
        for k, unit in enumerate(regions):
            for r, c in unit.cells:
                labels[r * n + c] = k
        options["regions"] = labels
    diagonal = {"diagonal", "anti-diagonal"} & kinds
    if diagonal:
        options["diagonal"] = "both" if len(diagonal) == 2 else ("main" if "diagonal" in diagonal else "anti")
    if "window" in kinds:
        options["windoku"] = True
    if rules.constraints:
        options["constraints"] = [c for _kind, group in by_kind(rules) for c in group]
    return options


def document(board: Board, givens: str) -> dict[str, Any]:
    """The puzzle document of a board whose givens are written ``givens``, as a dict."""
    n = board.size
    options = rules_options(board.rules)
    out: dict[str, Any] = {"size": n, "givens": givens}
    if board.rules.box:
        out["box"] = list(board.box)
    if "regions" in options:
        labels = options["regions"]
        out["regions"] = ("".join(LABELS[k] for k in labels) if n <= len(LABELS)
                          else [labels[r * n:(r + 1) * n] for r in range(n)])
    constraints: list[dict[str, Any]] = []
    if "diagonal" in options:
        which = options["diagonal"]
        constraints.append({"type": "diagonal"} if which == "both" else {"type": "diagonal", "which": which})
    if options.get("windoku"):
        constraints.append({"type": "windoku"})
    constraints += [kind_of(c.kind).write(c) for c in options.get("constraints", ())]
    if constraints:
        out["constraints"] = constraints
    return out


def window_cells() -> list[list[tuple[int, int]]]:
    """The cells of windoku's four windows (9x9), as pictures and share strings need them."""
    return [[(top + i, left + j) for i in range(3) for j in range(3)] for top, left in WINDOW_CORNERS]


__all__ = ["KEYS", "UNIT_TYPES", "types", "board_from_document", "build_rules", "document", "is_region_line", "parse_document", "parse_two_lines", "rules_options", "window_cells"]
