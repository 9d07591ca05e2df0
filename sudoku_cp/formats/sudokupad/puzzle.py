"""SudokuPad's puzzle object read into a board: metadata, givens, regions, cages, globals, drawings, and the
checks that a reading keeps the puzzle's own solution and has one; the read options of this context."""

from __future__ import annotations

import contextvars
import re
from contextlib import contextmanager
from dataclasses import replace

from ...core.board import Board, PuzzleError
from . import words
from .link import UnreadDrawing

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator, Sequence
    from typing import Any

# What the command line (--rules-text, --ignore-unread) or the web API asked of the reads in this context.
_OPTIONS: contextvars.ContextVar[tuple[str | None, bool]] = contextvars.ContextVar("sudokupad_options",
                                                                                    default=(None, False))
_IGNORED: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("sudokupad_ignored", default=None)
META_KEYS = ("title", "author", "rules", "solution")
PARTLY = "read in part"  # how a board's rules name says drawings were ignored (--ignore-unread)


_COUNTER: list[Callable[[Board], tuple[str, Board | None]]] = []  # set by tasks.solving (a higher layer)
UNIQUE_SECONDS = 10.0  # how long the read may spend asking whether its reading has one solution


def check_with(counter: Callable[[Board], tuple[str, Board | None]]) -> None:
    """How a read asks whether its reading has one solution: ``counter(board)`` gives the status of a count
    to two (``unique``, ``multiple``, ``unsat``, ...) and a solution. The solving layer sets it on import."""
    _COUNTER[:] = [counter]


@contextmanager
def options(rules_text: str | None = None, ignore_unread: bool = False) -> Iterator[None]:
    """The rules text and ``ignore_unread`` for the SudokuPad reads inside a ``with`` block (the CLI's
    ``--rules-text`` and ``--ignore-unread``, the web API's ``rules_text`` and ``ignore_unread``); what those reads
    leave out (:func:`ignored`) is the block's own, gone when it ends."""
    token, left = _OPTIONS.set((rules_text or None, bool(ignore_unread))), _IGNORED.set(None)
    try:
        yield
    finally:
        _IGNORED.reset(left)
        _OPTIONS.reset(token)


def current_options() -> tuple[str | None, bool]:
    """The rules text and ``ignore_unread`` that :func:`options` set for the reads in this context."""
    return _OPTIONS.get()


def ignored() -> list[str]:
    """What the last reads in this context left out under ``ignore_unread`` (and forget it)."""
    out = _IGNORED.get() or []
    _IGNORED.set(None)
    return out


# --- the puzzle object to a board ------------------------------------------------------------

_GLOBALS = {"antiknight": "antiknight", "antiking": "antiking", "nonconsecutive": "nonconsecutive",
            "disjoint": "disjoint"}
_IGNORED_KEYS = frozenset({"id", "cellSize", "cells", "regions", "cages", "lines", "arrows", "overlays", "underlays",
                           "metadata", "global", "settings", "title", "author", "rules", "solution", "duration",
                           "dur", "d2", "videos", "source", "sourcepuzzle", "puzzleid", "customstyle"})
# Fog of war: the cells lit at the start and what lights more. Fog only hides drawings that are in the puzzle, so
# they are read as rules like the visible ones, and the board's rules name says the puzzle had fog.
FOG_KEYS = frozenset({"foglight", "fogofwar", "triggereffect", "triggers"})
FOGGED = "fog of war: the drawings under it read too"


def metadata(puzzle: dict) -> dict[str, str]:
    """Title, author, rules and solution: from cages without cells (``"rules: ..."``) and ``metadata``."""
    meta: dict[str, str] = {}
    for cage in puzzle.get("cages") or []:
        if isinstance(cage, dict) and not cage.get("cells") and isinstance(cage.get("value"), str):
            m = re.match(r"^\s*([A-Za-z]+)\s*:\s*(.*)$", cage["value"], re.S)
            if m and m.group(1).lower() in META_KEYS:
                key = m.group(1).lower()
                meta[key] = (meta[key] + "\n" + m.group(2)) if key in meta and key == "rules" else m.group(2)
    own = puzzle.get("metadata")
    if isinstance(own, dict):
        for key in META_KEYS:
            value = own.get(key)
            if isinstance(value, list):
                value = "\n".join(str(v) for v in value)
            if isinstance(value, (str, int)) and key not in meta:
                meta[key] = str(value)
    return {k: v.replace("</br>", "\n").replace("<br>", "\n").strip() for k, v in meta.items()}


def board_of(puzzle: dict, box: tuple[int, int] | None = None, where: str = "SudokuPad puzzle") -> Board:
    """The board of SudokuPad's puzzle object (long keys, as :func:`.link.unzip` gives)."""
    rules_text, ignore = _OPTIONS.get()
    meta = metadata(puzzle)
    text = rules_text if rules_text is not None else meta.get("rules", "")
    cells = puzzle.get("cells")
    if not isinstance(cells, list) or not cells or not all(isinstance(row, list) for row in cells):
        raise PuzzleError(f"{where}: the puzzle has no grid of cells: expected SudokuPad's \"cells\" rows")
    n = len(cells)
    if any(len(row) != n for row in cells):
        raise PuzzleError(f"{where}: a grid of {n} rows of {max(len(r) for r in cells)} cells: expected an N x N "
                          f"sudoku (this reader reads square grids)")
    if n < 4 or n > 64:
        raise PuzzleError(f"{where}: a {n}x{n} grid: expected N from 4 to 64")
    givens = [[_given(cell, n, where, r, c) for c, cell in enumerate(row)] for r, row in enumerate(cells)]
    unread: list[str] = unknown_rules_read(text)
    document: dict[str, Any] = {"size": n, "givens": givens}
    regions = _regions(puzzle, n, where, unread)
    if regions is not None:
        document["regions"] = regions
    constraints: list[dict] = []
    missing: dict[str, str] = {}
    _cages(puzzle, n, text, constraints, unread)
    _globals(puzzle, constraints, unread, missing)
    text_rules(text, constraints)
    from .drawings import DrawingReader

    reading = DrawingReader(puzzle, n, text, _has_rule, regions).read()
    constraints += reading.constraints
    unread += reading.unread
    missing.update({k: v for k, v in reading.missing.items() if k not in missing})
    own = puzzle["metadata"] if isinstance(puzzle.get("metadata"), dict) else {}
    for key in ("bgimage", "fgimage"):
        if own.get(key) or puzzle.get(key):
            unread.append(f"a {'background' if key == 'bgimage' else 'foreground'} image ({key}), whose drawing "
                          f"is not read")
    for key, value in puzzle.items():
        if key not in _IGNORED_KEYS | FOG_KEYS and value not in (None, False, [], {}, ""):
            unread.append(f"SudokuPad's {key!r}")
    refuse_unread(where, missing, unread, ignore)
    document["constraints"] = merged(constraints)
    board = build(document, box, where)
    if any(key in puzzle for key in FOG_KEYS):
        board = Board.unchecked(board.shape, board.cells, replace(board.rules, name=f"{board.rules.name} ({FOGGED})"))
    board = partly(board, unread)
    check_solution(board, meta.get("solution", ""), where, unread, text)
    check_unique(board, meta.get("solution", ""), where, ignore, text)
    return board


def unknown_rules_read(text: str) -> list[str]:
    """What is not read of a rules text: each rule it names (as a heading) that this reader does not know."""
    return [f"the rules text's rule {name!r}, which this reader does not know" for name in words.unknown_rules(text)]


def refuse_unread(where: str, missing: dict[str, str], unread: list[str], ignore: bool) -> None:
    """Refuse, in one line, a puzzle with a rule this build lacks (``missing``: rule -> its drawing) or, unless
    ``ignore``, with drawings not read (the first named, the rest counted)."""
    if missing:
        kind, what = next(iter(missing.items()))
        raise PuzzleError(f"{where}: {words.LINE_WORDS.get(kind, kind)} are not a rule this build has ({what}): "
                          f"expected the rules this build reads (see the README)")
    if unread and not ignore:
        more = f" (and {len(unread) - 1} more)" if len(unread) > 1 else ""
        raise UnreadDrawing(f"{where}: {unread[0]}{more}, so the puzzle is not read: "
                            f"expected --rules-text with the puzzle's rules, or --ignore-unread to solve what was read")


def partly(board: Board, unread: list[str]) -> Board:
    """Under ``ignore_unread``: the board with its rules name saying it was read in part (and what was left noted)."""
    if not unread:
        return board
    _IGNORED.set((_IGNORED.get() or []) + unread)
    return Board.unchecked(board.shape, board.cells,
                           replace(board.rules, name=f"{board.rules.name} ({PARTLY}: {len(unread)} ignored)"))


def _has_rule(kind: str) -> bool:
    from ..document import types

    return kind in types()


def _given(cell: Any, n: int, where: str, r: int, c: int) -> int:
    if not isinstance(cell, dict):
        return 0
    value = cell.get("value")
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value)
    if value in (None, ""):
        return 0
    if type(value) is not int or not 1 <= value <= n:
        from ...core.shape import cell_name

        raise PuzzleError(f"{where}: cell {cell_name(r, c)} holds {value!r}: expected a digit 1..{n} or nothing")
    return value


def _regions(puzzle: dict, n: int, where: str, unread: list[str]) -> list[list[int]] | None:
    """Region labels (N rows of N), or None for the default boxes (no regions drawn)."""
    regions = [reg for reg in puzzle.get("regions") or [] if isinstance(reg, list) and reg]
    if not regions:
        regions = _hidden_regions(puzzle, n)
    if not regions:
        return None
    labels = [[-1] * n for _ in range(n)]
    for k, region in enumerate(regions):
        for cell in region:
            if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int and 0 <= v < n for v in cell)):
                raise PuzzleError(f"{where}: region {k + 1} holds {cell!r}: expected cells [row, col] in the grid")
            labels[cell[0]][cell[1]] = k
    if len(regions) != n or any(len(reg) != n for reg in regions) or any(-1 in row for row in labels):
        raise PuzzleError(f"{where}: {len(regions)} regions of {sorted({len(r) for r in regions})} cells: expected "
                          f"{n} regions of {n} cells covering the grid")
    from ...core.shape import Shape, has_box_shape

    if has_box_shape(n):  # the boxes drawn as regions: no jigsaw
        shape = Shape.for_size(n)
        boxes = {frozenset((r, c) for r in range(n) for c in range(n) if shape.box_index(r, c) == k) for k in range(n)}
        if {frozenset((r, c) for r in range(n) for c in range(n) if labels[r][c] == k) for k in range(n)} == boxes:
            return None
    return labels


def _hidden_regions(puzzle: dict, n: int) -> list[list[list[int]]]:
    """Irregular regions as SudokuMaker writes them when the puzzle has no ``regions``: hidden cages whose digits
    are unique, N cages of N cells covering the grid (SudokuPad then checks each as a region). Else none."""
    found = [cage["cells"] for cage in puzzle.get("cages") or [] if isinstance(cage, dict) and cage.get("hidden")
             and cage.get("unique") and isinstance(cage.get("cells"), list)]
    cells = [tuple(c) for cage in found for c in cage if isinstance(c, list) and len(c) == 2]
    whole = {(r, c) for r in range(n) for c in range(n)}
    if len(found) == n and all(len(cage) == n for cage in found) and len(cells) == n * n and set(cells) == whole:
        return found
    return []


_INDEXERS = {"fpRowIndexer": "row", "fpColumnIndexer": "column", "fpBoxIndexer": "box"}


def _cages(puzzle: dict, n: int, text: str, constraints: list[dict], unread: list[str]) -> None:
    """Killer cages (a number: the sum; ``?`` or nothing: no sum, when the rules text says their digits do not
    repeat and gives ``?`` no other meaning), sum cages (a number, when the rules text says the digits in cages may
    repeat and never that they do not; a cage with no sum is then named), bound cages (a clue such as "<15" or "?"
    whose marks the rules text explains, digits distinct), extra regions, disjoint groups, indexers
    (SudokuPad's cage styles for f-puzzles' row, column and box indexers); cages that carry metadata are skipped."""
    from ...constraints.boundcage import explained
    from ...core.shape import cell_name

    said = words.cage_digits(text)
    repeat, unclear = said in ("repeat", "both"), said == "both"
    bounds = words.cage_bounds(text)
    unknown = "?" if said == "distinct" and not words.question_mark_meant(text) and "?" not in bounds else None
    disjoint = False
    regions = {frozenset(map(tuple, cage)) for cage in _hidden_regions(puzzle, n)}
    # "cages are not killer cages", "..., except in the grey cage": no cage clue is read as a killer's sum
    denied = words.first_said(text, lambda s: words.refuted(s, words.CAGE))
    for cage in puzzle.get("cages") or []:
        if not isinstance(cage, dict):
            continue
        cells = [c for c in cage.get("cells") or [] if isinstance(c, list) and len(c) == 2]
        if not cells:
            continue
        cells = [[int(r), int(c)] for r, c in cells]
        at = f"{len(cells)} cells from {cell_name(*cells[0])}"
        if not all(0 <= r < n and 0 <= c < n for r, c in cells):
            unread.append(f"a cage of {at} reaching outside the grid")
            continue
        if cage.get("type") == "disjoint":
            disjoint = True
            continue
        if cage.get("style") in ("extraregion", "windoku"):  # SudokuPad's two styles for an extra region
            constraints.append({"type": "extra-region", "cells": cells})
            continue
        if cage.get("style") in _INDEXERS:  # how SudokuPad draws f-puzzles' row, column and box indexers
            constraints.append({"type": "indexer", "which": _INDEXERS[cage["style"]], "cells": cells})
            continue
        if cage.get("hidden") and frozenset(map(tuple, cells)) in regions:
            continue  # a region (see _hidden_regions)
        if cage.get("hidden"):
            unread.append(f"a hidden cage of {at}")
            continue
        value = cage.get("sum", cage.get("value"))
        if isinstance(value, str) and value.strip().isdigit():
            value = int(value)
        elif isinstance(value, str) and value.strip() == unknown:
            value = None  # a cage of unknown sum
        killer = cage.get("unique") is True or words.says(text, r"cage|killer")
        if killer and value not in (None, "") and denied:
            unread.append(f"a cage of {at} marked {value!r} whose rule the rules text denies or makes an exception "
                          f"to ({denied[:60]!r})")
            continue
        if killer and value not in (None, "") and words.not_a_sum(text, r"\bcages?\b|\bkiller"):
            unread.append(f"a cage of {at} marked {value!r} whose clue the rules text makes other than a sum")
            continue
        if killer and not repeat and explained(value, bounds):  # "<15", "?": a bound the rules text explains
            constraints.append({"type": "boundcage", "cells": cells, "clue": str(value).strip()})
            continue
        if not killer or (value is not None and value != "" and type(value) is not int):
            unread.append(f"a cage of {at}" + (f" marked {value!r}" if value not in (None, "") else "")
                          + " that the rules text does not explain")
            continue
        if repeat and (type(value) is not int or unclear):
            unread.append(f"a cage of {at}{' with no sum' * (type(value) is not int)} in which digits may repeat"
                          + ", though the rules text also says cage digits do not repeat" * unclear)
            continue
        if repeat:  # a sum cage: the rules text says the digits in cages may repeat
            constraints.append({"type": "sumcage", "cells": cells, "sum": value})
            continue
        item: dict[str, Any] = {"type": "killer", "cells": cells}
        if type(value) is int:
            item["sum"] = value
        constraints.append(item)
    if disjoint:
        constraints.append({"type": "disjoint"})


def _globals(puzzle: dict, constraints: list[dict], unread: list[str], missing: dict[str, str]) -> None:
    """SudokuPad's ``global`` rules (what the converter writes for anti-knight, anti-king, ...)."""
    found = puzzle.get("global") or []
    for name in found if isinstance(found, list) else [found]:
        name = str(name).lower()
        if name in _GLOBALS:
            constraints.append({"type": _GLOBALS[name]})
        elif name in ("antiratio", "antidifference"):
            constraints.append({"type": "kropki-negative", "colors": ["black" if name == "antiratio" else "white"]})
        elif name == "antixv":
            constraints.append({"type": "xv-negative"})
        else:
            unread.append(f"the global rule {name!r}")


# How a sentence says that two cells may not hold the same digit ("cannot contain the same digit", "may not
# repeat", "must be different"): with "a knight's move" it is the anti-knight rule.
_DIFFER = (r"\b(?:not|never|cannot|can't|mustn't)\b[^.;]{0,40}\b(?:repeat|same|identical|equal)|"
           r"\b(?:identical|same|equal) (?:digits?|numbers?)\b[^.;]{0,40}\b(?:not|never|cannot|can't|mustn't)\b|"
           r"\bdiffer(?:ent)?\b|\bdistinct\b")


def text_rules(text: str, constraints: list[dict]) -> None:
    """Whole-grid rules the rules text states: anti-knight, anti-king, non-consecutive, the two diagonals, disjoint
    groups, the kropki/XV negative, parity runs, global entropy and global mod 3, the negative of sum dots of a
    colour the text gives totals."""
    low = (text or "").lower().replace("’", "'")
    # a sentence that denies a rule, makes an exception ("except in box 5", "unless") or does not require it ("not
    # necessarily different") states no whole-grid rule: it is not read (words.refuted, words.NOT_REQUIRED)
    # a sentence that says it of some cells only, or quotes it in an example, states no whole-grid rule either
    plain = [s for s in words.sentences(low) if not re.search(rf"{words.NOT_REQUIRED}|{words.LIMITED}", s)]
    for piece, kind in (("knight", "antiknight"), ("king", "antiking")):
        if any((re.search(rf"anti[- ]?{piece}\b", s) or (re.search(rf"\b{piece}'?s? move", s) and re.search(_DIFFER, s)))
               and not words.refuted(s, rf"anti[- ]?{piece}\b") and not re.search(words.EXCEPTION, s) for s in plain):
            constraints.append({"type": kind})
    if re.search(r"non[- ]?consecutive", low) and not re.search(r"\bdots?\b|kropki", low) and any(
            re.search(r"non[- ]?consecutive", s) and not words.refuted(s, r"non[- ]?consecutive")
            and not re.search(r"\blines?\b|\bcages?\b|\bcircles?\b|\barrows?\b|\bsome\b|\bshaded\b|\bmarked\b", s)
            for s in plain):
        constraints.append({"type": "nonconsecutive"})  # said of the grid, not of a line, a cage, some cells
    elif any(re.search(r"orthogonally (?:adjacent|neighbou?ring|touching)|(?:adjacent|neighbou?ring) cells", s)
             and re.search(r"\bconsecutive\b", s) and re.search(r"\b(?:not|never|cannot|can't|no)\b", s)
             and not re.search(r"\bdots?\b|kropki|\blines?\b|\bcages?\b|\bcircles?\b|\bexcept\b|\bunless\b|\bnot all\b", s)
             for s in plain):
        constraints.append({"type": "nonconsecutive"})  # "orthogonally adjacent cells cannot contain consecutive digits"
    if any(re.search(r"diagonally (?:adjacent|touching|neighbou?ring)", s) and re.search(_DIFFER, s)
           and not re.search(r"\bdots?\b|\blines?\b|\bcages?\b", s)
           and not words.refuted(s, r"anti[- ]?king") and not re.search(words.EXCEPTION, s) for s in plain):
        constraints.append({"type": "antiking"})  # cells diagonally adjacent differ: with the units, anti-king
    if any(re.search(r"\b(?:both|two|main|long|major)\b[^.;]{0,20}\bdiagonals\b", s)
           and re.search(_DIFFER + r"|\bonce\b|\b1 ?(?:-|to) ?9\b", s)
           and not re.search(r"little|arrows?\b|killer|\bsums?\b|product|total|\bsees?\b|\blines?\b", s)
           and not words.refuted(s, r"\bdiagonals\b") for s in plain):
        constraints.append({"type": "diagonal", "which": "both"})  # "digits may not repeat on the two main diagonals"
    if any(re.search(r"\bsame (?:relative )?(?:position|place|spot)s? (?:in|within|of) (?:each|every|any two|two|different|their)"
                     r"\b[^.;]{0,12}\b(?:box|boxes|region|regions)\b", s) and re.search(_DIFFER, s)
           and not words.refuted(s, r"\bsame (?:relative )?(?:position|place|spot)s?") for s in plain):
        constraints.append({"type": "disjoint"})  # "digits in the same position in each box may not repeat"
    length = words.parity_run(low)
    if length is not None:
        constraints.append({"type": "parityrun", "length": length})  # "strings of 3 digits are never all even nor all odd"
    constraints += [{"type": kind} for kind in words.area_rules(low)]  # "every 2x2 box holds a low, middle and high digit"
    sums = words.sum_marks(text)
    for clause in re.split(r"[.;\n]", low):
        if re.search(rf"\bnot (?:all|every|necessarily)|{words.EXCEPTION}|{words.LIMITED_MARKS}", clause.strip()):
            continue  # "not all dots are given", "all dots are given except in box 5", "... in rows 1-3"
        # "circles" where the text calls its kropki dots white and black circles (as Penpa+ setters do)
        dots = r"(?:dots|circles)" if re.search(r"\b(?:white|black) circles?\b", low) else "dots"
        if re.search(rf"\ball (?:possible |the )?(?:kropki )?{dots} (?:are|have been) (?:given|shown|drawn|marked)", clause):
            # the dots the rules text speaks of: "all dots are given" after white dots only is white dots' negative;
            # after dots of other colours only ("a red dot: non-consecutive and odd/even"), not kropki's
            said = [c for c, pattern in (("white", r"\bwhite\b|(?<!non)(?<!non-)(?<!non )\bconsecutive"),
                                         ("black", r"\bblack\b|ratio|double")) if re.search(pattern, low)]
            other = re.search(r"\b(?:red|green|blue|orange|yellow|purple|pink|grey|gray|cyan)\b[^.;]{0,12}\bdots?\b", low)
            if not other or said or re.search(r"kropki", low):
                constraints.append({"type": "kropki-negative", "colors": said or ["white", "black"]})
            dotted = sorted({t for (_, form), totals in sums.items() if form == "dot" for t in totals})
            if dotted:  # the sum dots among them ("cells joined by a grey dot sum to 9"): their negative too
                constraints.append({"type": "sumdot-negative", "sums": dotted})
        elif re.search(r"\ball (?:possible |the )?white (?:kropki )?dots (?:are|have been) (?:given|shown)", clause):
            constraints.append({"type": "kropki-negative", "colors": ["white"]})
        elif re.search(r"\ball (?:possible |the )?black (?:kropki )?dots (?:are|have been) (?:given|shown)", clause):
            constraints.append({"type": "kropki-negative", "colors": ["black"]})
        if re.search(r"\ball (?:possible )?(?:x'?s? and v'?s?|xv'?s?|x ?/ ?v) (?:clues )?(?:are|have been) (?:given|shown)", clause):
            constraints.append({"type": "xv-negative"})
        for colour, form in re.findall(rf"\ball (?:possible |the )?({'|'.join(words.COLOURS)}) ({'|'.join(words.MARK_FORMS)})s? "
                                       r"(?:are|have been) (?:given|shown|drawn|marked)", clause):
            # "all blue squares are given": no pair without one adds up to their totals (the sum dots' negative)
            totals = sums.get((words.colours_in(colour)[0], words.MARK_FORMS[form]))
            if totals:
                constraints.append({"type": "sumdot-negative", "sums": list(totals)})


def merged(constraints: list[dict]) -> list[dict]:
    """One entry per whole-grid rule, diagonals joined ("both"), the kropki negative's colours and the sum dots'
    negative's totals joined."""
    out: list[dict] = []
    seen: set[str] = set()
    diagonals = {c["which"] for c in constraints if c["type"] == "diagonal"}
    colours = sorted({col for c in constraints if c["type"] == "kropki-negative"
                      for col in c.get("colors", ["white", "black"])}, reverse=True)
    totals = sorted({t for c in constraints if c["type"] == "sumdot-negative" for t in c["sums"]})
    for c in constraints:
        kind = c["type"]
        if kind in ("diagonal", "kropki-negative", "antiknight", "antiking", "nonconsecutive", "disjoint",
                    "xv-negative", "parityrun", "globalentropy", "globalmod", "sumdot-negative"):
            if kind in seen:
                continue
            seen.add(kind)
            if kind == "diagonal":
                c = {"type": "diagonal", "which": "both" if len(diagonals) == 2 else next(iter(diagonals))}
            elif kind == "kropki-negative":
                c = {"type": kind, "colors": colours}
            elif kind == "sumdot-negative":
                c = {"type": kind, "sums": totals}
        out.append(c)
    return out


def build(document: dict, box: tuple[int, int] | None, where: str) -> Board:
    from ...core.shape import Shape
    from ..document import board_from_document

    def givens(rows: Any, box: tuple[int, int] | None, _symbols: Any, _line: int) -> Board:
        n = len(rows)
        shape = Shape.for_regions(n, box) if "regions" in document else Shape.for_size(n, box)
        return Board(shape, tuple(d for row in rows for d in row))

    try:
        return board_from_document(document, givens, box, None, 1)
    except PuzzleError as exc:
        message = re.sub(r"^line \d+: ", "", str(exc))
        raise PuzzleError(f"{where}: {message}") from None


def solution_digits(solution: str | Sequence[int] | None, size: int) -> tuple[int, ...] | None:
    """A puzzle's own solution as N*N digits: a string of digits (spaces and commas ignored; N <= 9) or a
    sequence of integers 1..N; None when it is missing or not a whole solution."""
    if isinstance(solution, str) or solution is None:
        digits = re.sub(r"[\s,]", "", solution or "")
        if size > 9 or len(digits) != size * size or not digits.isdigit():
            return None
        return tuple(int(d) for d in digits)
    cells = tuple(solution)
    if len(cells) != size * size or not all(type(d) is int and 1 <= d <= size for d in cells):
        return None
    return cells


def check_solution(board: Board, solution: str | Sequence[int] | None, where: str, unread: list[str],
                   text: str = "") -> None:
    """Refuse a reading the puzzle's own solution breaks, naming the rules ``text``'s sentence likely not read."""
    cells = solution_digits(solution, board.size)
    if cells is None:
        return
    from ...core.check import solution_problems

    solved = Board.unchecked(board.shape, cells, board.rules)
    problems = solution_problems(solved, board)
    if problems:
        hint = _not_read(board, text, "")
        raise PuzzleError(f"{where}: the puzzle's own solution breaks the rules as read ({problems[0]}), so the "
                          f"drawings were misread{f' ({hint})' if hint else ''}: expected a puzzle whose drawings "
                          f"this reader reads")


def check_unique(board: Board, solution: str | Sequence[int] | None, where: str, ignore: bool,
                 text: str = "") -> None:
    """Refuse a reading with none, several, or another solution than the puzzle's own: a shared puzzle has one.

    The refusal names the first sentence of the rules ``text`` that no rule read speaks of
    (:func:`.words.unexplained`). Skipped under ``ignore_unread``.
    """
    if ignore or not _COUNTER:
        return
    status, found = _COUNTER[0](board)
    cells = solution_digits(solution, board.size)
    if status == "unique" and found is not None and cells is not None and cells != found.cells:
        raise PuzzleError(f"{where}: the rules as read give another solution than the puzzle's own, so "
                          f"{_not_read(board, text, 'something was misread')}: expected a puzzle whose drawings "
                          f"this reader reads (or --ignore-unread)")
    if status in ("multiple", "unsat"):
        what = "more than one solution" if status == "multiple" else "no solution"
        raise PuzzleError(f"{where}: the rules as read leave {what}, but a shared puzzle has one: "
                          f"{_not_read(board, text, 'a rule is drawn or said in a way this reader does not read')}: "
                          f"expected --rules-text with the puzzle's rules, or --ignore-unread to solve what was read")


def _not_read(board: Board, text: str, otherwise: str) -> str:
    """What was likely not read: the rules text's first sentence no rule read speaks of, or ``otherwise``."""
    left = words.unexplained(text, {k.kind for k in board.rules.constraints})
    if not left:
        return otherwise
    first = left[0] if len(left[0]) <= 100 else left[0][:99].rstrip() + "…"
    more = f" (and {len(left) - 1} more)" if len(left) > 1 else ""
    return f"the rules text's {first!r}{more} is likely a rule this reader does not read"
